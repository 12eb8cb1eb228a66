"""The answers of :func:`~rocpr_exact.consistency.check.check_consistency` and their witnesses.

A :class:`Verdict` is "possible" exactly when it carries a :class:`Witness`: integer scores and
labels whose metrics, recomputed with the package's own functions (``Curve.from_scores``,
``auc_roc``, ``auc_pr``, the confusion matrix at one threshold), all lie in the intervals the
printed numbers stand for.  :func:`make_witness` builds and re-checks one; :func:`auc_and_point`
and :func:`ranking_with_auc` construct rankings with a given AUC-ROC (and operating point) directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.records import area_records
from rocpr_exact.consistency.engine.protocol import Certificate, Group
from rocpr_exact.consistency.operating import POINT_METRICS, fp_ranges, point_value
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.search import RANKING_METRICS
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.display import decimal, html_table

__all__ = [
    "CLOSED_FORM_METRICS",
    "METRICS",
    "Verdict",
    "VerdictName",
    "Witness",
    "auc_and_point",
    "exact_text",
    "make_witness",
    "ranking_with_auc",
    "runs_with_auc",
    "scored",
    "show_value",
]

#: The ``continuous`` AUC-PR (a closed form): exact bounds and the chains, not the search.
CLOSED_FORM_METRICS = ("auc_pr_continuous",)
#: Every metric :func:`check_consistency` accepts.
METRICS = RANKING_METRICS + CLOSED_FORM_METRICS + POINT_METRICS

VerdictName = Literal["possible", "impossible", "undecided"]


@dataclass(frozen=True, slots=True)
class Witness:
    """A dataset that produces every reported number, held as runs.

    ``runs`` are (score, positives, negatives), highest score first, the
    scores integers (higher = more positive); :attr:`scores` and
    :attr:`labels` (1 positive, 0 negative) expand them on request.
    ``threshold`` is the cut-off of the operating point ("positive iff
    score >= threshold"; above every score: nothing is called positive),
    ``None`` when no operating-point metric was reported.  ``values`` holds
    each reported metric recomputed exactly from the runs.

    >>> w = Witness(((3, 1, 0), (2, 1, 1)), None, ())
    >>> w.scores, w.labels
    ((3, 2, 2), (1, 1, 0))
    """

    runs: tuple[tuple[int, int, int], ...]
    threshold: int | None
    values: tuple[tuple[str, Fraction | ClosedForm], ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """Every example's score, highest first (positives of a run before its negatives)."""
        out: list[int] = []
        for score, a, b in self.runs:
            out += [score] * (a + b)
        return tuple(out)

    @property
    def labels(self) -> tuple[int, ...]:
        """Every example's label, in the order of :attr:`scores`."""
        out: list[int] = []
        for _, a, b in self.runs:
            out += [1] * a + [0] * b
        return tuple(out)

    @property
    def size(self) -> int:
        return sum(a + b for _, a, b in self.runs)


#: The JSON answer lists every score and label up to this many examples, and every run up to
#: this many runs (past it ``runs`` is None and ``run_count`` says how many; a ranking without
#: ties of 2 * 10^6 examples would be 100 MB of JSON: ``--witness FILE`` writes it).
EXPANDED_UP_TO = 100_000


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of :func:`check_consistency`; an "impossible" carries ``certificates``
    (what a checker re-verifies it from: :mod:`rocpr_exact.checker`, docs/consistency.md,
    "Certificates")."""

    verdict: VerdictName
    reasons: tuple[str, ...]
    witness: Witness | None = None
    certificates: tuple[Certificate, ...] = ()

    def __post_init__(self) -> None:
        if (self.verdict == "possible") != (self.witness is not None):
            raise InvalidInputError("a verdict has a witness exactly when it is 'possible'")

    def _repr_html_(self) -> str:
        """A table in Jupyter: the verdict, each reason, and a witness's values."""
        rows: list[tuple[str, str]] = [("verdict", str(self.verdict))]
        rows += [(f"reason {i}", reason) for i, reason in enumerate(self.reasons, 1)]
        if self.witness is not None:
            rows.append(("witness", f"{len(self.witness.scores):,} examples"))
            rows += [(name, exact_text(value)) for name, value in self.witness.values]
        return html_table("consistency verdict", rows)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``verdict``, ``reasons`` and for "possible" the ``witness``."""
        out: dict[str, Any] = {"verdict": self.verdict, "reasons": list(self.reasons)}
        if self.witness is not None:
            w = self.witness
            listed = w.size <= EXPANDED_UP_TO
            out["witness"] = {
                "runs": [list(run) for run in w.runs] if len(w.runs) <= EXPANDED_UP_TO else None,
                "run_count": len(w.runs),
                "scores": list(w.scores) if listed else None,
                "labels": list(w.labels) if listed else None,
                "threshold": w.threshold,
                "values": {name: exact_text(value) for name, value in self.witness.values},
            }
        return out


def exact_text(value: Fraction | ClosedForm) -> str:
    if isinstance(value, ClosedForm):
        return str(value)
    return str(value.numerator) if value.denominator == 1 else str(value)


def show_value(value: Fraction | ClosedForm) -> str:
    """The exact value and 6 decimals; past 60 characters, 12 decimals and the exact value's size.

    >>> show_value(Fraction(1, 3))
    '1/3 (0.333333)'
    """
    if isinstance(value, Fraction):  # sized from bit lengths: str() of a huge int is slow
        bits = value.numerator.bit_length() + value.denominator.bit_length()
        if bits > 180:  # more than about 54 digits
            digits = bits * 30103 // 100000
            return f"{decimal(value, 12)} (rounded; the exact fraction has about {digits:,} digits)"
    return f"{value} ({decimal(value, 6)})"


# -- witnesses --------------------------------------------------------------------------------


def ranking_with_auc(pos: int, neg: int, u2: int) -> list[Group]:
    """Groups of a ranking of ``pos`` positives and ``neg`` negatives with 2U = ``u2``.

    Greedy: the i-th positive from the top beats n_i = min(neg, what is left)
    negatives; an odd ``u2`` ties the first positive that does not beat every
    negative with the negative just above it (that pair goes from 0 to 1/2).
    """
    u, half = divmod(u2, 2)
    beats = []
    for _ in range(pos):
        k = min(neg, u)
        beats.append(k)
        u -= k
    sequence: list[Group] = []
    i = 0  # beats is non-increasing: walk it once, O(pos + neg)
    for level in range(neg, -1, -1):
        while i < pos and beats[i] == level:
            sequence.append((1, 0))
            i += 1
        if level:
            sequence.append((0, 1))
    if half:
        first = beats.index(next(k for k in beats if k < neg))
        where = first + (neg - beats[first])  # the positive's index in the sequence
        sequence[where - 1 : where + 1] = [(1, 1)]
    return sequence


def runs_with_auc(pos: int, neg: int, u2: int) -> list[Group]:
    """The ranking of :func:`ranking_with_auc` with each class's neighbours tied: at most 5 groups.

    The same order of positives and negatives (k positives beating every
    negative, one beating r, the rest none; an odd ``u2`` ties that one with the
    negative just above it), but consecutive examples of one class share a score.
    Tying examples of one class changes no pair, so 2U is the same; O(1) groups.

    >>> runs_with_auc(3, 4, 11)   # 2U = 11: U = 5 = 4 + 1, and one half
    [(1, 0), (0, 2), (1, 1), (0, 1), (1, 0)]
    """
    u, half = divmod(u2, 2)
    if pos == 0 or neg == 0:
        return [g for g in ((pos, 0), (0, neg)) if g != (0, 0)]
    k, r = divmod(u, neg)
    if k >= pos:
        return [(pos, 0), (0, neg)]
    middle = [(0, neg - r - 1), (1, 1)] if half else [(0, neg - r), (1, 0)]
    out: list[Group] = []
    for group in [(k, 0), *middle, (0, r), (pos - k - 1, 0)]:
        if group == (0, 0):
            continue
        if out and 0 in group and 0 in out[-1] and (group[0] == 0) == (out[-1][0] == 0):
            out[-1] = (out[-1][0] + group[0], out[-1][1] + group[1])
        else:
            out.append(group)
    return out


def auc_and_point(
    p: int,
    n: int,
    auc: Interval | None,
    points: Mapping[str, Interval],
    ties: bool,
    ranges: list[tuple[int, int]] | None = None,
    span: tuple[int, int] | None = None,
) -> tuple[list[Group], tuple[int, int]] | None:
    """A ranking meeting an AUC-ROC interval and an operating point, or None (exact).

    ``ranges`` is ``fp_ranges(p, n, points)`` when the caller has it already, and ``span``
    the TP outside which every entry of ``ranges`` is empty, if known (O(span), not O(P)).  With
    ``ties`` each block is :func:`runs_with_auc` (at most 10 groups in all, so the
    witness is checked from its runs in O(1)); without, one example per group.
    """
    scale = 2 * p * n
    k_lo, k_hi = (0, scale) if auc is None else auc.integers_scaled(scale)
    k_lo, k_hi = max(k_lo, 0), min(k_hi, scale)
    if ranges is None:
        ranges = fp_ranges(p, n, points) if points else [(0, 0)] + [(1, 0)] * p
    # Only the TP in ``span`` with some FP (lo <= hi): at P = 5 * 10^6 with a reported recall
    # all but a few hundred entries are empty.
    for tp in range(span[0], span[1] + 1) if span else range(len(ranges)):
        lo, hi = ranges[tp]
        if lo > hi:
            continue
        low = max(k_lo, 2 * tp * (n - hi))
        high = min(k_hi, 2 * tp * n + 2 * (p - tp) * (n - lo))
        if not ties and low % 2:
            low += 1
        if low > high:
            continue
        for fp in range(lo, hi + 1):
            base = 2 * tp * (n - fp)
            top, bottom = 2 * tp * fp, 2 * (p - tp) * (n - fp)
            if base <= low <= base + top + bottom:
                rest = low - base
                u_top = min(top, rest)
                build = runs_with_auc if ties else ranking_with_auc
                return build(tp, fp, u_top) + build(p - tp, n - fp, rest - u_top), (tp, fp)
        raise AssertionError("the union of the fp ranges is an interval")  # pragma: no cover
    return None


def scored(groups: list[Group] | tuple[Group, ...]) -> tuple[list[int], list[int]]:
    """Integer scores (group i of k gets k - i) and labels of a tie-group sequence."""
    scores: list[int] = []
    labels: list[int] = []
    for i, (a, b) in enumerate(groups):
        scores += [len(groups) - i] * (a + b)
        labels += [1] * a + [0] * b
    return scores, labels


def make_witness(
    p: int, n: int, groups: list[Group] | tuple[Group, ...], intervals: Mapping[str, Interval]
) -> Witness:
    """Scores and labels of ``groups``, every reported metric recomputed and checked.

    The metrics are recomputed from the runs (score, positives, negatives) of the
    witness (``Curve.from_groups``): the same curve as from its expanded scores, in
    time that grows with the number of runs.
    """
    runs = tuple((len(groups) - i, a, b) for i, (a, b) in enumerate(groups))
    if not intervals:  # nothing to recompute (ROC points alone: the caller checks the counts)
        return Witness(runs, None, ())
    curve = Curve.from_groups(runs)
    values: dict[str, Fraction | ClosedForm] = {}
    if "auc_roc" in intervals:
        values["auc_roc"] = auc_roc(curve)
    for record in area_records():  # each area consistent reads, by its record
        name = record.published
        if name is not None and name in intervals:
            values[name] = record.exact(curve)
    threshold = None
    wanted = sorted(
        (name for name in POINT_METRICS if name in intervals), key=lambda m: m != "recall"
    )
    if wanted:
        cuts = [len(groups) + 1, *curve.thresholds]  # type: ignore[misc]
        for cut, tp, fp in zip(cuts, curve.tps, curve.fps, strict=True):
            at: dict[str, Fraction] = {}
            for name in wanted:  # recall first: it rejects most thresholds at once
                value = point_value(name, tp, fp, p, n)
                if value is None or value not in intervals[name]:
                    break
                at[name] = value
            else:
                threshold = cut
                values.update(at)
                break
    for name, interval in intervals.items():
        if name not in values or values[name] not in interval:
            raise AssertionError(f"witness check failed for {name}: {values.get(name)}")
    order = [name for name in METRICS if name in values]
    order += [name for name in values if name not in METRICS]  # areas added by a record
    return Witness(runs, threshold, tuple((k, values[k]) for k in order))
