"""Hypothesis strategies for datasets: ties, heavy skew, single examples, negatives first."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from random import Random

from hypothesis import settings
from hypothesis import strategies as st

import rocpr_exact as rx
from tests.brute_force import roc_hull, threshold_counts

Dataset = tuple[list[int], list[int]]


@st.composite
def datasets(
    draw: st.DrawFn,
    min_size: int = 1,
    max_size: int = 40,
    max_distinct: int | None = None,
    need_both: bool = True,
) -> Dataset:
    """Integer scores (few distinct values, so many ties) and 0/1 labels.

    With ``need_both`` the dataset has at least one positive and one negative.
    """
    size = draw(st.integers(min_size, max_size))
    top = draw(st.integers(0, max_distinct if max_distinct is not None else size))
    scores = draw(st.lists(st.integers(0, top), min_size=size, max_size=size))
    labels = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
    if need_both:
        if size < 2:
            scores, labels = [*scores, draw(st.integers(0, top))], [*labels, 1 - labels[0]]
        if 1 not in labels:
            labels[draw(st.integers(0, len(labels) - 1))] = 1
        if 0 not in labels:
            labels[draw(st.integers(0, len(labels) - 1))] = 0
    return scores, labels


@st.composite
def skewed_datasets(draw: st.DrawFn, positives: int = 20, negatives: int = 2000) -> Dataset:
    """Heavy class skew as in the paper's examples (20 vs 2000), few distinct scores.

    The negatives' scores come from a drawn seed, not from 2000 draws of hypothesis (about
    0.12 s an example, most of the time of the tests that use them): either each uniform on
    ``0..distinct`` (what the 2000 draws gave), or any histogram (``distinct`` drawn cut points
    of ``0..negatives``, so also every negative on one score, or none on some), shuffled.
    """
    distinct = draw(st.integers(1, 30))
    scores = [draw(st.integers(0, distinct)) for _ in range(positives)]
    rnd = Random(draw(st.integers(0, 2**64 - 1)))
    if draw(st.booleans()):
        scores += [rnd.randint(0, distinct) for _ in range(negatives)]
    else:
        cuts = draw(st.lists(st.integers(0, negatives), min_size=distinct, max_size=distinct))
        ends = pairwise([0, *sorted(cuts), negatives])
        tail = [s for s, (a, b) in enumerate(ends) for _ in range(b - a)]
        rnd.shuffle(tail)
        scores += tail
    return scores, [1] * positives + [0] * negatives


def negatives_first(dataset: Dataset) -> Dataset:
    """The same dataset with one extra negative ranked above every example."""
    scores, labels = dataset
    return [*scores, max(scores) + 1], [*labels, 0]


any_dataset = st.one_of(
    datasets(),
    datasets(max_distinct=0),  # every score tied
    datasets(max_distinct=2, max_size=200),
    datasets(max_size=3),
    datasets().map(negatives_first),
)

rates = st.fractions(min_value=0, max_value=1)
exact_recall = st.integers(1, 60).flatmap(lambda q: st.integers(0, q).map(lambda p: Fraction(p, q)))


@st.composite
def worse_than_random(draw: st.DrawFn) -> Dataset:
    """Negatives scored above positives: score = noise + 3 (1 - label), noise in [0, width].

    With width <= 2 every negative outranks every positive, so the whole curve
    lies on or below the ROC diagonal; wider noise lets a few positives through.
    """
    _, labels = draw(datasets(max_size=30))
    width = draw(st.integers(0, 5))
    noise = draw(st.lists(st.integers(0, width), min_size=len(labels), max_size=len(labels)))
    return [e + 3 * (1 - y) for e, y in zip(noise, labels, strict=True)], labels


#: Steps (dTP, dFP) along a lattice chain; few directions make many collinear points.
_STEPS = [(1, 0), (0, 1), (1, 1), (2, 2), (1, 2), (2, 1), (1, 3), (3, 1), (2, 3)]

Chain = tuple[list[tuple[int, int]], int, int]


@st.composite
def lattice_chains(draw: st.DrawFn, max_steps: int = 40) -> Chain:
    """A curve as counts: (TP, FP) points reached by steps from a few directions, and P, N.

    One to three step directions, so long runs of collinear points and many
    points exactly on hull edges; at least one positive and one negative.
    """
    directions = draw(st.lists(st.sampled_from(_STEPS), min_size=1, max_size=3, unique=True))
    steps = draw(st.lists(st.sampled_from(directions), min_size=1, max_size=max_steps))
    if draw(st.booleans()):
        # Steepest steps first: a convex chain, every point on its hull, runs collinear; then
        # a few swaps of neighbours dent it (points just under the hull).
        steps.sort(key=lambda s: Fraction(s[1], s[0]) if s[0] else Fraction(10**9))
        for _ in range(draw(st.integers(0, 2))):
            i = draw(st.integers(0, len(steps) - 1))
            steps[i - 1], steps[i] = steps[i], steps[i - 1]
    points, tp, fp = [], 0, 0
    for dtp, dfp in steps:
        tp, fp = tp + dtp, fp + dfp
        points.append((tp, fp))
    if tp == 0:
        tp += 1
        points.append((tp, fp))
    if fp == 0:
        fp += 1
        points.append((tp, fp))
    return points, tp, fp


#: Curves for hull and achievable-curve tests: ties, all-tied data, negatives first, worse
#: than random, lattice chains full of collinear points, duplicate points given to from_counts.
hull_curves = st.one_of(
    any_dataset.map(lambda d: rx.Curve.from_scores(*d)),
    worse_than_random().map(lambda d: rx.Curve.from_scores(*d)),
    lattice_chains().map(lambda c: rx.Curve.from_counts(c[0] + c[0][::2], c[1], c[2])),
    lattice_chains(max_steps=80).map(lambda c: rx.Curve.from_counts(*c)),
)


@st.composite
def sorted_chains(draw: st.DrawFn, max_count: int = 10**4, max_points: int = 6) -> Chain:
    """A few (TP, FP) points with counts up to ``max_count``: long Davis-Goadrich segments.

    The points are independently sorted TPs and FPs (a chain), so segments are long;
    repeated values give vertical drops and runs of negatives (also at TP = 0: negatives
    first); a point on the line through the origin and another vertex gives a segment of
    constant precision (D = 0, no digamma term).  N may be 0 (every precision 1).
    """
    p = draw(st.integers(1, max_count))
    n = draw(st.integers(0, max_count))
    m = draw(st.integers(0, max_points))
    tps = sorted(draw(st.lists(st.integers(0, p), min_size=m, max_size=m)))
    fps = sorted(draw(st.lists(st.integers(0, n), min_size=m, max_size=m)))
    points = list(zip(tps, fps, strict=True))
    if points and draw(st.booleans()):  # (t, f) -> (j t, j f): constant precision
        t, f = points[-1]
        scale = draw(st.integers(2, 50))
        if t * scale <= p and f * scale <= n:
            points.append((t * scale, f * scale))
    return points, p, n


#: Curves as counts with segments of up to 10^4 TPs (sums by digamma differences): random
#: sorted chains, and lattice chains (collinear runs, hull edges) scaled by up to 300.
long_segment_chains = st.one_of(
    sorted_chains(),
    st.tuples(lattice_chains(max_steps=12), st.integers(1, 300)).map(
        lambda c: ([(t * c[1], f * c[1]) for t, f in c[0][0]], c[0][1] * c[1], c[0][2] * c[1])
    ),
)


# -- pairs of curves over the same (P, N), for dominance (Theorem 3.2) --------------------------
#
# The constructors take a ``random.Random``: the strategies feed them hypothesis' own
# ``st.randoms()`` (so draws shrink), the fixed-seed census in ``tests/float_reference_census.py``
# a seeded ``random.Random``.  A curve is a list of (TP, FP) pairs from (0, 0) to (P, N), both
# coordinates non-decreasing, no two consecutive points equal.

Point = tuple[int, int]
CurvePair = tuple[int, int, list[Point], list[Point]]  # (P, N, curve I, curve II)

#: Regimes: tiny, the paper's 20 vs 2000, reversed skew, and N so large that exact gaps fall
#: below float resolution (the near-tie cases of the float reference).
SIZES = ((1, 1), (2, 3), (5, 4), (20, 2000), (3, 500), (60, 7), (5, 10**13))


def _dedupe(points: list[Point]) -> list[Point]:
    out = [points[0]]
    for q in points[1:]:
        if q != out[-1]:
            out.append(q)
    return out


def random_chain(rnd: Random, start: Point, end: Point, max_steps: int = 8) -> list[Point]:
    """A random monotone chain of (TP, FP) points from ``start`` to ``end``.

    Each inner coordinate repeats the previous one with probability 1/3, so vertical and
    horizontal ROC segments (PR drops, runs at TP = 0) are common.
    """
    (t0, f0), (t1, f1) = start, end
    m = rnd.randint(0, max_steps)
    ts = sorted(rnd.randint(t0, t1) for _ in range(m))
    fs = sorted(rnd.randint(f0, f1) for _ in range(m))
    for i in range(1, m):
        if rnd.random() < 1 / 3:
            ts[i] = ts[i - 1]
        if rnd.random() < 1 / 3:
            fs[i] = fs[i - 1]
    return _dedupe([start, *zip(ts, fs, strict=True), end])


def _size(rnd: Random) -> tuple[int, int]:
    if rnd.random() < 0.5:
        return rnd.choice(SIZES)
    return rnd.randint(1, 12), rnd.randint(1, 12)


def _inner_point(rnd: Random, p: int, n: int) -> Point:
    return rnd.randint(0, p), rnd.randint(0, n)


def _through(rnd: Random, p: int, n: int, *via: Point) -> list[Point]:
    """A random chain from (0, 0) to (P, N) through the given points (in order)."""
    stops = [(0, 0), *via, (p, n)]
    out = [stops[0]]
    for a, b in pairwise(stops):
        out += random_chain(rnd, a, b)[1:]
    return _dedupe(out)


def _ranking_curve(labels: list[int], cuts: set[int]) -> list[Point]:
    """The curve of a ranking cut into tie groups after the given positions."""
    out, tp, fp = [(0, 0)], 0, 0
    for i, y in enumerate(labels):
        tp, fp = tp + y, fp + 1 - y
        if i in cuts or i == len(labels) - 1:
            out.append((tp, fp))
    return out


def pair_of_kind(rnd: Random, kind: str) -> CurvePair:
    """One pair of curves of the named kind (see ``PAIR_KINDS``)."""
    p, n = _size(rnd)
    if kind == "independent":
        return p, n, random_chain(rnd, (0, 0), (p, n)), random_chain(rnd, (0, 0), (p, n))
    if kind == "identical":
        c = random_chain(rnd, (0, 0), (p, n))
        return p, n, c, list(c)
    if kind == "touching":  # both through one common point
        m = _inner_point(rnd, p, n)
        return p, n, _through(rnd, p, n, m), _through(rnd, p, n, m)
    if kind == "shared_segment":
        a = _inner_point(rnd, p, n)
        b = _inner_point(rnd, p, n)
        a, b = (min(a[0], b[0]), min(a[1], b[1])), (max(a[0], b[0]), max(a[1], b[1]))
        return p, n, _through(rnd, p, n, a, b), _through(rnd, p, n, a, b)
    if kind == "crossing":  # I above II before M (II takes the lowest path), below after
        tm, fm = _inner_point(rnd, p, n)
        one = _dedupe([*random_chain(rnd, (0, 0), (tm, fm)), (tm, n), (p, n)])
        two = _dedupe([(0, 0), (0, fm), *random_chain(rnd, (tm, fm), (p, n))])
        return p, n, one, two
    if kind == "swap":  # one ranking and the same with two adjacent examples exchanged
        p, n = min(p, 60), min(n, 2000)
        minority = 1 if p <= n else 0
        where = set(rnd.sample(range(p + n), min(p, n)))
        labels = [minority if i in where else 1 - minority for i in range(p + n)]
        cuts = {rnd.randrange(p + n) for _ in range(rnd.randint(0, 10))}
        changes = [i for i in range(p + n - 1) if labels[i] != labels[i + 1]]
        i = rnd.choice(changes)
        cuts |= {i - 1, i} if rnd.random() < 0.8 else set()
        swapped = [*labels[:i], labels[i + 1], labels[i], *labels[i + 2 :]]
        return p, n, _ranking_curve(labels, cuts), _ranking_curve(swapped, cuts)
    if kind == "negatives_first":  # both start along TP = 0: the recall-0 limits are both 0
        f1, f2 = rnd.randint(1, n), rnd.randint(1, n)
        return p, n, _through(rnd, p, n, (0, f1)), _through(rnd, p, n, (0, f2))
    if kind == "dataset":  # one labelled dataset scored twice
        size = rnd.randint(1, 30)
        labels = [rnd.randint(0, 1) for _ in range(size)] + [0, 1]
        top = rnd.randint(0, size + 1)
        first = [rnd.randint(0, top) for _ in labels]
        second = [rnd.randint(0, top) for _ in labels]
        p, n = sum(labels), len(labels) - sum(labels)
        return p, n, threshold_counts(first, labels), threshold_counts(second, labels)
    if kind == "nudge":  # one vertex moved by one example: nearly collinear when N is huge
        c = random_chain(rnd, (0, 0), (p, n))
        if len(c) < 3:
            c = _dedupe([(0, 0), _inner_point(rnd, p, n), (p, n)])
        nudged = list(c)
        if len(c) >= 3:
            i = rnd.randrange(1, len(c) - 1)
            dt, df = rnd.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
            q = (c[i][0] + dt, c[i][1] + df)
            (t0, f0), (t1, f1) = c[i - 1], c[i + 1]
            if t0 <= q[0] <= t1 and f0 <= q[1] <= f1:
                nudged[i] = q
        return p, n, c, _dedupe(nudged)
    if kind == "hull":  # a curve and its ROC convex hull, either order
        c = random_chain(rnd, (0, 0), (p, n))
        h = roc_hull(c)
        return (p, n, h, c) if rnd.random() < 0.5 else (p, n, c, h)
    raise ValueError(f"unknown pair kind {kind!r}")


PAIR_KINDS = (
    "independent",
    "identical",
    "touching",
    "shared_segment",
    "crossing",
    "swap",
    "negatives_first",
    "dataset",
    "nudge",
    "hull",
)

curve_pairs = st.tuples(st.sampled_from(PAIR_KINDS), st.randoms(use_true_random=False)).map(
    lambda kind_rnd: pair_of_kind(kind_rnd[1], kind_rnd[0])
)


def curves(pair: CurvePair) -> tuple[rx.Curve, rx.Curve]:
    """The two curves of a pair, built from their (TP, FP) points."""
    p, n, one, two = pair
    return rx.Curve.from_counts(one, p, n), rx.Curve.from_counts(two, p, n)


@st.composite
def multiclass_rows(
    draw: st.DrawFn, values: st.SearchStrategy[float], max_classes: int, max_rows: int
) -> tuple[list[list[float]], list[int], int]:
    """(preds, target, classes): one row of ``classes`` scores per example, a class per row."""
    classes = draw(st.integers(2, max_classes))
    n = draw(st.integers(1, max_rows))
    preds = draw(
        st.lists(st.lists(values, min_size=classes, max_size=classes), min_size=n, max_size=n)
    )
    target = draw(st.lists(st.integers(0, classes - 1), min_size=n, max_size=n))
    return preds, target, classes


def examples(factor: Fraction | int = 1) -> int:
    """``factor`` times the active profile's ``max_examples`` (at least 1).

    Tests that need more (or fewer) examples than the profile use this, so that the ``ci``
    profile scales them too; no test hard-codes an absolute count.

    >>> examples(2) == 2 * settings().max_examples
    True
    """
    return max(1, int(Fraction(factor) * settings().max_examples))
