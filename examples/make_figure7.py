"""Reconstruct the Figure 7 counter-example of Davis & Goadrich (2006), Section 5.

The paper shows two ROC curves on P = 20 positives and N = 2000 negatives, each its own ROC convex
hull, where curve II has the larger AUC-ROC (0.813 for I vs 0.875 for II) and curve I the larger
AUC-PR (0.514 vs 0.038).  The paper does not list the curves, so this script searches for integer
hull vertex lists (TP, FP) that reproduce the four printed figures, and writes

* ``figure7.json``: the vertex lists and their exact areas;
* ``figure7_curve1.csv`` and ``figure7_curve2.csv``: datasets (``score,label``) whose threshold
  points are exactly the hull vertices (one integer score per hull segment: a segment with ``a``
  positives and ``b`` negatives is a tie group of ``a + b`` examples; scores descend along the
  curve).

Run it as ``python examples/make_figure7.py``; it is deterministic (re-running rewrites identical
files) and takes a few seconds.

Definitions (Davis & Goadrich 2006, Sections 4-5; docs/design.md, section 1), all exact:

* AUC-ROC: trapezoid area of the polyline through (FP/N, TP/P); ``2 P N`` times it is the integer
  ``sum (FP_B - FP_A)(TP_A + TP_B)`` over the segments A -> B.
* AUC-PR, Davis-Goadrich (what the paper's tool prints): on a segment A -> B with TP_B > TP_A and
  local skew s = (FP_B - FP_A)/(TP_B - TP_A), the points TP = TP_A + x, FP = FP_A + s x for every
  integer 0 <= x <= TP_B - TP_A; composite trapezoid over recall, starting at recall 0 with the
  precision of the first segment (constant along it).  A segment with TP_B = TP_A adds no area.
* AUC-PR, continuous: the integral of precision over recall along the same curve.  On a segment,
  with k = 1 + s and c = FP_A - s TP_A, precision is t/(k t + c) and k t + c = t + FP(t), so the
  segment contributes (1/P) [(TP_B - TP_A)/k - (c/k^2) ln((TP_B + FP_B)/(TP_A + FP_A))]: a rational
  plus rational multiples of logarithms of rationals, evaluated here with interval arithmetic.

On a ROC convex hull the local skew never decreases along the curve, so
c = TP_A (FP_A/TP_A - s) <= 0, precision is convex in t on every segment and the trapezoids
over-estimate it: Davis-Goadrich area >= continuous area for every hull, with equality on segments
where c = 0.

Rounding: a figure "reproduces" the paper when the exact value rounds to the printed 3 decimals
both with ties to even and with ties away from zero (half up), and lies at least ROBUST_MARGIN
(1e-5) inside the rounding boundaries printed +- 0.0005, so no error or convention below 1e-5 could
change the printed digits.  Only such robust solutions are accepted.

Search and areas are exact: integers and Fractions only.  The one non-rational quantity, the
continuous area, is enclosed by interval arithmetic and only certified digits are printed.

Search:

1. For k = 1, 2, 3, ... interior vertices, enumerate strictly concave chains
   (0,0) -> v_1 -> ... -> v_k -> (P, N).  The FP of the last interior vertex is not enumerated: the
   integer AUC-ROC is linear in it, so the AUC-ROC window gives its range directly.
2. k = 1 and k = 2 run over every integer vertex (no grid).  They give curve II and prove that
   curve I needs at least 3 interior vertices.
3. k = 3 (reached only by curve I) runs on a narrowed grid that follows the paper's story ("the
   high ranking of over half of the positive examples"): the first vertex has TP > P/2 and at most
   FIRST_FP_MAX false positives, and later vertices have FP on multiples of GRID_STEP.
   Exploratory scans (not shipped) over every integer v2, v3 with first-vertex FP <= 300 found
   (11, 2) as the only possible first vertex with TP > P/2.
4. The Davis-Goadrich area is first bounded in integers (floor of every precision term, scaled by
   10^9, so the true value lies in [L, L + #terms]); only candidates whose bound meets the target
   window get the exact Fraction, which decides.
5. Among the accepted solutions of the smallest k: fewest significant digits in the plotted ROC
   coordinates (FPR, TPR) of the interior vertices ("round numbers"), then the largest distance to a
   rounding boundary, then the vertex list itself.  Curves I and II are then paired in that order,
   keeping the first pair that cross (neither dominates the other in ROC space), as in the figure.
"""

from __future__ import annotations

import csv
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from itertools import pairwise
from pathlib import Path

from mpmath import iv, mp, workprec

POSITIVES = 20
NEGATIVES = 2000
# Printed in Section 5 of the paper, in thousandths: (AUC-ROC, AUC-PR).
PAPER = {"I": (813, 514), "II": (875, 38)}
ROBUST_MARGIN = Fraction(1, 100_000)
FIRST_FP_MAX = 10  # "very few" false positives above the first block of positives (k = 3 grid)
GRID_STEP = 10  # FP grid of the later vertices on the k = 3 grid
MAX_INTERIOR = 3  # the search stops here; k = 3 already succeeds for curve I
_SCALE = 10**9  # integer prefilter of the Davis-Goadrich area (units of 1/(2 P _SCALE))
_DIGITS = 10  # digits of the continuous area

OUT_DIR = Path(__file__).resolve().parent

Vertex = tuple[int, int]  # (tp, fp)
Chain = tuple[Vertex, ...]  # full hull: (0, 0), interior vertices..., (P, N)


# --------------------------------------------------------------------------- exact areas


def auc_roc_scaled(chain: Chain) -> int:
    """Return 2 P N x AUC-ROC, an integer: sum of (FP_B - FP_A)(TP_A + TP_B) over the segments."""
    return sum((fb - fa) * (ta + tb) for (ta, fa), (tb, fb) in pairwise(chain))


def auc_roc(chain: Chain) -> Fraction:
    """Exact AUC-ROC (trapezoids in (FP/N, TP/P))."""
    return Fraction(auc_roc_scaled(chain), 2 * POSITIVES * NEGATIVES)


def _segment_precisions(a: Vertex, b: Vertex) -> list[Fraction]:
    """Precisions of the Davis-Goadrich points TP_A, TP_A + 1, ..., TP_B of segment a -> b.

    With d_tp = TP_B - TP_A, d_fp = FP_B - FP_A and t = TP_A + x: precision = t d_tp /
    (t d_tp + FP_A d_tp + d_fp x), the interpolation formula with FP = FP_A + s x, s = d_fp / d_tp.
    """
    (ta, fa), (tb, fb) = a, b
    dt, df = tb - ta, fb - fa
    return [Fraction((ta + x) * dt, (ta + x) * dt + fa * dt + df * x) for x in range(dt + 1)]


@cache
def _segment_dg(a: Vertex, b: Vertex) -> Fraction:
    """P times the exact Davis-Goadrich area of segment a -> b."""
    ta, tb, fb = a[0], b[0], b[1]
    if tb == ta:
        return Fraction(0)
    if ta == 0:  # leaves (0, 0): precision is constant TP_B/(TP_B + FP_B) from recall 0 on
        return Fraction(tb * tb, tb + fb)
    prec = _segment_precisions(a, b)
    return sum(((p + q) / 2 for p, q in pairwise(prec)), Fraction(0))


def auc_pr_dg(chain: Chain) -> Fraction:
    """Exact AUC-PR with discrete Davis-Goadrich interpolation (the paper's tool)."""
    total = sum((_segment_dg(a, b) for a, b in pairwise(chain)), Fraction(0))
    return total / POSITIVES


@cache
def _segment_dg_floor(a: Vertex, b: Vertex) -> tuple[int, int]:
    """Integer bound of 2 P _SCALE x (segment's Davis-Goadrich area): (L, n), value in [L, L + n].

    Every precision term is replaced by its floor at scale _SCALE; each floor loses less than 1.
    """
    (ta, fa), (tb, fb) = a, b
    dt, df = tb - ta, fb - fa
    if dt == 0:
        return 0, 0
    if ta == 0:
        return (2 * _SCALE * tb * tb) // (tb + fb), 1
    total = 0
    for x in range(dt + 1):
        t = ta + x
        term = (_SCALE * t * dt) // (t * dt + fa * dt + df * x)
        total += term if x in (0, dt) else 2 * term
    return total, 2 * dt


def _dg_may_hit(chain: Chain, window: tuple[int, int]) -> bool:
    """True when the integer bound of the Davis-Goadrich area meets ``window`` (scaled)."""
    low = n_terms = 0
    for a, b in pairwise(chain):
        seg_low, seg_n = _segment_dg_floor(a, b)
        low += seg_low
        n_terms += seg_n
    return low <= window[1] and low + n_terms >= window[0]


def continuous_terms(chain: Chain) -> tuple[Fraction, list[tuple[Fraction, Fraction]]]:
    """Exact continuous AUC-PR as (rational part, [(coefficient, argument), ...]).

    The area is ``rational + sum(coefficient * ln(argument))``; per segment with TP_B > TP_A,
    rational += (TP_B - TP_A)/(k P) and, when c != 0, coefficient = -c/(k^2 P) with argument
    (TP_B + FP_B)/(TP_A + FP_A) (k t + c = t + FP(t)).
    """
    rational = Fraction(0)
    logs: list[tuple[Fraction, Fraction]] = []
    for (ta, fa), (tb, fb) in pairwise(chain):
        if tb == ta:
            continue
        s = Fraction(fb - fa, tb - ta)
        k = 1 + s
        c = fa - s * ta
        rational += Fraction(tb - ta) / (k * POSITIVES)
        if c != 0:
            logs.append((-c / (k * k * POSITIVES), Fraction(tb + fb, ta + fa)))
    return rational, logs


def _iv_fraction(value: Fraction) -> iv.mpf:
    return iv.mpf(value.numerator) / iv.mpf(value.denominator)


def _mpf_to_fraction(value: object) -> Fraction:
    with workprec(1000):
        exact = mp.mpf(value)  # an interval endpoint, converted without rounding at this precision
        man, exp = int(exact.man), int(exact.exp)
    return Fraction(man) * Fraction(2) ** exp


def continuous_enclosure(chain: Chain) -> tuple[Fraction, Fraction]:
    """Exact rational bounds low <= continuous AUC-PR <= high, from interval arithmetic.

    mpmath.iv at 300 bits encloses the rational part and every logarithm; the enclosure's ends are
    binary numbers, converted to Fractions without rounding.
    """
    rational, logs = continuous_terms(chain)
    old_prec = iv.prec
    try:
        iv.prec = 300
        enclosure = _iv_fraction(rational)
        for coefficient, argument in logs:
            enclosure += _iv_fraction(coefficient) * iv.log(_iv_fraction(argument))
        return _mpf_to_fraction(enclosure.a), _mpf_to_fraction(enclosure.b)
    finally:
        iv.prec = old_prec


def certified_round(enclosure: tuple[Fraction, Fraction], digits: int, mode: str) -> int:
    """round(value x 10**digits) for a value known only by its enclosure; both ends must agree."""
    low, high = (round_scaled(end, digits, mode) for end in enclosure)
    if low != high:
        raise ArithmeticError(f"cannot certify {digits} digits: enclosure {enclosure}")
    return low


def continuous_decimal(chain: Chain, digits: int = _DIGITS) -> str:
    """The continuous AUC-PR correctly rounded to ``digits`` places (ties to even), certified."""
    scaled = certified_round(continuous_enclosure(chain), digits, "half-even")
    return scaled_text(scaled, digits)


def continuous_closed_form(chain: Chain) -> str:
    """The exact continuous AUC-PR as text: ``p/q + a/b*log(c/d) + ...``."""
    rational, logs = continuous_terms(chain)
    parts = [fraction_text(rational)]
    for coefficient, argument in logs:
        sign = "-" if coefficient < 0 else "+"
        parts.append(f"{sign} {fraction_text(abs(coefficient))}*log({fraction_text(argument)})")
    return " ".join(parts)


# --------------------------------------------------------------------------- rounding


def fraction_text(value: Fraction) -> str:
    """'p/q', or 'p' for an integer."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def round_scaled(value: Fraction, digits: int, mode: str) -> int:
    """round(value x 10**digits) to an integer; ``mode`` is 'half-even' or 'half-up' (ties away
    from zero)."""
    if value < 0:
        return -round_scaled(-value, digits, mode)
    quotient, remainder = divmod(value.numerator * 10**digits, value.denominator)
    twice = 2 * remainder
    tie = twice == value.denominator
    if twice > value.denominator or (tie and (mode == "half-up" or quotient % 2 == 1)):
        quotient += 1
    return quotient


def scaled_text(scaled: int, digits: int) -> str:
    """The decimal text of scaled / 10**digits."""
    sign = "-" if scaled < 0 else ""
    text = str(abs(scaled)).rjust(digits + 1, "0")
    return f"{sign}{text[:-digits]}.{text[-digits:]}" if digits else sign + text


def round_decimal(value: Fraction, digits: int, mode: str = "half-even") -> str:
    """The decimal text of ``value`` rounded to ``digits`` places."""
    return scaled_text(round_scaled(value, digits, mode), digits)


def reproduces(value: Fraction, thousandths: int) -> bool:
    """True when ``value`` rounds to thousandths/1000 in both modes, ROBUST_MARGIN clear."""
    if any(round_scaled(value, 3, mode) != thousandths for mode in ("half-even", "half-up")):
        return False
    return margin(value, thousandths) >= ROBUST_MARGIN


def margin(value: Fraction, thousandths: int) -> Fraction:
    """Distance from ``value`` to the nearer rounding boundary of the printed figure."""
    centre = Fraction(thousandths, 1000)
    return Fraction(1, 2000) - abs(value - centre)


# --------------------------------------------------------------------------- hull geometry


def strictly_above(a: Vertex, b: Vertex, c: Vertex) -> bool:
    """True when b lies strictly above the chord a -> c in ROC space (x = FP, y = TP)."""
    return (c[1] - a[1]) * (b[0] - a[0]) - (c[0] - a[0]) * (b[1] - a[1]) > 0


def is_strict_hull(chain: Chain) -> bool:
    """Monotone chain (0,0) -> (P,N), each vertex strictly above the chord of its neighbours."""
    if chain[0] != (0, 0) or chain[-1] != (POSITIVES, NEGATIVES):
        return False
    monotone = all(tb >= ta and fb >= fa for (ta, fa), (tb, fb) in pairwise(chain))
    return monotone and all(
        strictly_above(a, b, c) for a, b, c in zip(chain, chain[1:], chain[2:], strict=False)
    )


def tp_at(chain: Chain, fp: Fraction) -> Fraction:
    """Upper TP of the ROC polyline at false-positive count ``fp`` (0 <= fp <= N)."""
    best = Fraction(-1)
    for (ta, fa), (tb, fb) in pairwise(chain):
        if fa <= fp <= fb:
            value = Fraction(tb) if fa == fb else ta + (tb - ta) * (fp - fa) / (fb - fa)
            best = max(best, value)
    return best


def above_witness(upper: Chain, lower: Chain) -> Vertex | None:
    """The first vertex of ``upper`` strictly above the ROC polyline of ``lower``, or None.

    Between consecutive vertices of ``upper`` the difference upper - lower is convex (``upper`` is
    linear there and ``lower`` concave), so on each such piece it is largest at an end: checking the
    vertices of ``upper`` decides whether any point of ``upper`` is above ``lower``.
    """
    for vertex in upper:
        if vertex[0] > tp_at(lower, Fraction(vertex[1])):
            return vertex
    return None


# --------------------------------------------------------------------------- search


def _roc_window(thousandths: int) -> tuple[int, int]:
    """Integer window of 2 P N x AUC-ROC that can round to thousandths/1000 (ties included)."""
    scale = 2 * POSITIVES * NEGATIVES  # 80000; 0.0005 x 80000 = 40
    return (thousandths * scale - scale // 2) // 1000, (thousandths * scale + scale // 2) // 1000


def _dg_window(thousandths: int) -> tuple[int, int]:
    """Window of 2 P _SCALE x P x AUC-PR (the units of _segment_dg_floor) that can round to it."""
    unit = 2 * POSITIVES * _SCALE  # divisible by 2000
    return (2 * thousandths - 1) * unit // 2000, (2 * thousandths + 1) * unit // 2000


def _last_vertices(prefix: Chain, roc_window: tuple[int, int], step: int) -> Iterator[Vertex]:
    """Last interior vertices after ``prefix`` whose whole chain has AUC-ROC in the window.

    With prefix ending at (t, f) and last vertex (t_l, f_l), 2PN x AUC-ROC =
    S_prefix + (f_l - f)(t + t_l) + (N - f_l)(t_l + P), linear in f_l with slope t - P < 0.
    """
    t, f = prefix[-1]
    s_prefix = auc_roc_scaled(prefix)
    for t_last in range(t + 1, POSITIVES + 1):
        const = s_prefix - f * (t + t_last) + NEGATIVES * (t_last + POSITIVES)
        slope = POSITIVES - t
        low = -((roc_window[1] - const) // slope)  # ceil((const - hi) / slope)
        high = (const - roc_window[0]) // slope
        low = max(low, f if t > 0 else 0)
        high = min(high, NEGATIVES)
        first = -(-low // step) * step
        for f_last in range(first, high + 1, step):
            yield (t_last, f_last)


def _chains(
    k: int, first: Sequence[Vertex], step: int, roc_window: tuple[int, int]
) -> Iterator[Chain]:
    """Strictly concave hulls with k interior vertices and AUC-ROC in the window.

    ``first`` lists the allowed first interior vertices (unused when k = 1); interior vertices
    after it have FP on multiples of ``step``; the last one is solved from the AUC-ROC window.
    """
    origin: Vertex = (0, 0)
    end: Vertex = (POSITIVES, NEGATIVES)

    def extend(prefix: Chain, remaining: int) -> Iterator[Chain]:
        if remaining == 1:
            for last in _last_vertices(prefix, roc_window, step):
                if strictly_above(prefix[-2], prefix[-1], last) and strictly_above(
                    prefix[-1], last, end
                ):
                    yield (*prefix, last, end)
            return
        t, f = prefix[-1]
        start = -(-(f + 1) // step) * step
        for t_next in range(t + 1, POSITIVES):
            for f_next in range(start, NEGATIVES, step):
                vertex = (t_next, f_next)
                if strictly_above(prefix[-2], prefix[-1], vertex):
                    yield from extend((*prefix, vertex), remaining - 1)

    if k == 1:
        for last in _last_vertices((origin,), roc_window, 1):
            if strictly_above(origin, last, end):
                yield (origin, last, end)
        return
    for vertex in first:
        yield from extend((origin, vertex), k - 1)


def search_curve(name: str, log: list[str]) -> tuple[int, list[Chain]]:
    """Accepted hulls for curve ``name`` with the fewest interior vertices, best first."""
    roc_target, pr_target = PAPER[name]
    roc_window, dg_window = _roc_window(roc_target), _dg_window(pr_target)
    every_vertex = [(t, f) for t in range(1, POSITIVES) for f in range(NEGATIVES + 1)]
    story_first = [
        (t, f) for t in range(POSITIVES // 2 + 1, POSITIVES) for f in range(FIRST_FP_MAX + 1)
    ]
    grids = {1: ([], 1), 2: (every_vertex, 1), 3: (story_first, GRID_STEP)}
    for k in range(1, MAX_INTERIOR + 1):
        first, step = grids[k]
        n_roc = n_bound = 0
        found = []
        for chain in _chains(k, first, step, roc_window):
            n_roc += 1
            if not _dg_may_hit(chain, dg_window):
                continue
            n_bound += 1
            if reproduces(auc_roc(chain), roc_target) and reproduces(auc_pr_dg(chain), pr_target):
                found.append(chain)
        grid = (
            "every integer vertex"
            if step == 1
            else f"first vertex TP > {POSITIVES // 2} and FP <= {FIRST_FP_MAX}, "
            f"later FP multiples of {step}"
        )
        log.append(
            f"curve {name}, k={k} ({grid}): {n_roc} hulls in the AUC-ROC window, "
            f"{n_bound} pass the integer AUC-PR bound, {len(found)} reproduce both figures"
        )
        if found:
            found.sort(key=lambda chain: preference(chain, name))
            return k, found
    raise SystemExit(f"no hull for curve {name} with at most {MAX_INTERIOR} interior vertices")


def _significant_digits(value: Fraction) -> int:
    """Significant digits of a terminating decimal (0 has none)."""
    digits = 0
    while value.denominator != 1:
        value *= 10
        digits += 1
    number = abs(value.numerator)
    if number == 0:
        return 0
    while number % 10 == 0:
        number //= 10
    return len(str(number))


def preference(chain: Chain, name: str) -> tuple[int, Fraction, Chain]:
    """Sort key: fewest significant digits of (FPR, TPR), then widest rounding margin."""
    digits = sum(
        _significant_digits(Fraction(fp, NEGATIVES)) + _significant_digits(Fraction(tp, POSITIVES))
        for tp, fp in chain[1:-1]
    )
    roc_target, pr_target = PAPER[name]
    worst = min(margin(auc_roc(chain), roc_target), margin(auc_pr_dg(chain), pr_target))
    return digits, -worst, chain


# --------------------------------------------------------------------------- outputs


def dataset_rows(chain: Chain) -> list[tuple[int, int]]:
    """(score, label) rows realising ``chain``: one tie group per segment, scores descending."""
    segments = list(pairwise(chain))
    rows = []
    for index, ((ta, fa), (tb, fb)) in enumerate(segments):
        score = len(segments) - index
        rows += [(score, 1)] * (tb - ta) + [(score, 0)] * (fb - fa)
    return rows


def threshold_points(rows: Sequence[tuple[int, int]]) -> Chain:
    """(TP, FP) at every distinct score, strictest first, preceded by (0, 0)."""
    points = [(0, 0)]
    tp = fp = 0
    ordered = sorted(rows, key=lambda row: -row[0])
    for index, (score, label) in enumerate(ordered):
        tp += label
        fp += 1 - label
        if index + 1 == len(ordered) or ordered[index + 1][0] != score:
            points.append((tp, fp))
    return tuple(points)


def mann_whitney(rows: Sequence[tuple[int, int]]) -> Fraction:
    """AUC-ROC as the Mann-Whitney statistic (ties count 1/2), independent of the trapezoids."""
    positives = Counter(score for score, label in rows if label == 1)
    negatives = Counter(score for score, label in rows if label == 0)
    twice_wins = sum(
        count_p * count_n * (2 if p > n else 1 if p == n else 0)
        for p, count_p in positives.items()
        for n, count_n in negatives.items()
    )
    return Fraction(twice_wins, 2 * positives.total() * negatives.total())


def write_csv(path: Path, rows: Sequence[tuple[int, int]]) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["score", "label"])
        writer.writerows(rows)


def read_csv(path: Path) -> list[tuple[int, int]]:
    with path.open(newline="") as handle:
        reader = csv.reader(handle)
        if next(reader) != ["score", "label"]:
            raise ValueError(f"{path.name}: header must be 'score,label'")
        return [(int(score), int(label)) for score, label in reader]


def curve_report(chain: Chain, name: str) -> dict[str, object]:
    roc, dg = auc_roc(chain), auc_pr_dg(chain)
    roc_target, pr_target = PAPER[name]
    enclosure = continuous_enclosure(chain)
    continuous = continuous_decimal(chain)
    cont_3 = {mode: certified_round(enclosure, 3, mode) for mode in ("half-even", "half-up")}
    return {
        "auc_roc": {
            "exact": fraction_text(roc),
            "decimal3": round_decimal(roc, 3),
            "paper": round_decimal(Fraction(roc_target, 1000), 3),
            "margin": fraction_text(margin(roc, roc_target)),
        },
        "auc_pr_davis_goadrich": {
            "exact": fraction_text(dg),
            "decimal3": round_decimal(dg, 3),
            "paper": round_decimal(Fraction(pr_target, 1000), 3),
            "margin": fraction_text(margin(dg, pr_target)),
        },
        "auc_pr_continuous": {
            "closed_form": continuous_closed_form(chain),
            "decimal10": continuous,
            "decimal3": scaled_text(cont_3["half-even"], 3),
            "rounds_to_paper": all(value == pr_target for value in cont_3.values()),
        },
    }


def main() -> int:
    started = time.perf_counter()
    log: list[str] = []
    results = {name: search_curve(name, log) for name in ("I", "II")}
    pair = next(
        (one, two)
        for one in results["I"][1]
        for two in results["II"][1]
        if above_witness(one, two) and above_witness(two, one)
    )
    curves = dict(zip(("I", "II"), pair, strict=True))

    # Independent checks of the shipped answer.
    for name, chain in curves.items():
        assert is_strict_hull(chain), name
        roc_target, pr_target = PAPER[name]
        assert reproduces(auc_roc(chain), roc_target) and reproduces(auc_pr_dg(chain), pr_target)
    assert auc_roc(curves["II"]) > auc_roc(curves["I"])
    assert auc_pr_dg(curves["I"]) > auc_pr_dg(curves["II"])
    witness_i = above_witness(curves["I"], curves["II"])
    witness_ii = above_witness(curves["II"], curves["I"])
    assert witness_i is not None and witness_ii is not None

    files = {"I": OUT_DIR / "figure7_curve1.csv", "II": OUT_DIR / "figure7_curve2.csv"}
    for name, chain in curves.items():
        write_csv(files[name], dataset_rows(chain))
        rows = read_csv(files[name])
        assert threshold_points(rows) == chain, name
        assert sum(label for _, label in rows) == POSITIVES
        assert len(rows) == POSITIVES + NEGATIVES
        assert mann_whitney(rows) == auc_roc(chain), name

    report = {
        "description": (
            "Davis & Goadrich (2006), Section 5, Figure 7: two ROC convex hulls on 20 "
            "positives and 2000 negatives; II has the larger AUC-ROC, I the larger AUC-PR. "
            "Reconstructed by examples/make_figure7.py (the paper does not list the curves)."
        ),
        "positives": POSITIVES,
        "negatives": NEGATIVES,
        "curves": {name: [list(vertex) for vertex in chain] for name, chain in curves.items()},
        "metrics": {name: curve_report(chain, name) for name, chain in curves.items()},
        "crossing": {
            "I_above_II_at": list(witness_i),
            "II_above_I_at": list(witness_ii),
            "note": "[tp, fp] vertices strictly above the other curve's ROC polyline",
        },
        "datasets": {name: path.name for name, path in files.items()},
        "conventions": {
            "vertices": "[tp, fp], strictest threshold first, from [0, 0] to [20, 2000]",
            "auc_pr_davis_goadrich": (
                "discrete interpolation at every integer TP, trapezoids over recall, recall 0 "
                "takes the precision of the first segment"
            ),
            "rounding": (
                "decimal3 is rounded half to even; every AUC-ROC and Davis-Goadrich figure gives "
                "the same 3 decimals half up, and lies at least 1/100000 from a rounding "
                "boundary (margin = distance to the nearer boundary)"
            ),
            "decimal10": "continuous area correctly rounded (half to even), certified by intervals",
        },
        "search": {
            "interior_vertices": {name: results[name][0] for name in curves},
            "accepted_in_preference_order": {
                name: [[list(vertex) for vertex in chain[1:-1]] for chain in results[name][1]]
                for name in curves
            },
            "log": log,
        },
    }
    text = json.dumps(report, indent=2)
    text = re.sub(r"\[\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2]", text)  # one line per [tp, fp]
    (OUT_DIR / "figure7.json").write_text(text + "\n")
    # The package bundles the same file (rocpr-exact vectors reads it wherever it runs).
    (OUT_DIR.parent / "rocpr_exact" / "data" / "figure7.json").write_text(text + "\n")

    for line in log:
        print(line)
    for name, chain in curves.items():
        metrics = report["metrics"][name]
        print(
            f"curve {name}: {[list(v) for v in chain]}  AUC-ROC {metrics['auc_roc']['decimal3']}"
            f"  AUC-PR(DG) {metrics['auc_pr_davis_goadrich']['decimal3']}"
            f"  continuous {metrics['auc_pr_continuous']['decimal10']}"
        )
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
