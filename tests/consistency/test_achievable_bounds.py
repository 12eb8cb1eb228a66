"""Envelopes of the achievable PR curve of ROC points read from a figure, against brute force.

For every way of choosing whole counts inside every reading box, the achievable
precision at TP = t is t / (t + least FP at TP = t over the convex hull of the
chosen points, (0, 0) and (P, N)); that least FP lies on a segment between two
of the points (a linear programme in the plane), so all pairs are tried.  The
envelopes must contain every choice and be attained by one.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from rocpr_exact.consistency import achievable_pr_bounds, pr_boxes_from_roc
from rocpr_exact.errors import InvalidInputError
from tests.strategies import examples


def least_fp(points: list[tuple[int, int]], t: int) -> Fraction:
    best: Fraction | None = None
    for (tp_a, fp_a), (tp_b, fp_b) in product(points, repeat=2):
        if tp_a == tp_b == t:
            value = Fraction(min(fp_a, fp_b))
        elif tp_a <= t <= tp_b and tp_a < tp_b:
            value = fp_a + Fraction((t - tp_a) * (fp_b - fp_a), tp_b - tp_a)
        else:
            continue
        best = value if best is None or value < best else best
    assert best is not None
    return best


jitter = st.fractions(min_value=Fraction(-1, 8), max_value=Fraction(1, 8), max_denominator=16)


@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
@given(
    p=st.integers(1, 6),
    n=st.integers(1, 7),
    data=st.data(),
    tolerance=st.sampled_from([Fraction(0), Fraction(1, 10), Fraction(1, 6)]),
)
def test_envelopes_contain_every_reading_and_are_attained(
    p: int, n: int, data: st.DataObject, tolerance: Fraction
) -> None:
    # Readings near true points (FP/N, TP/P), off by up to 1/8: most boxes hold counts.
    counts = data.draw(
        st.lists(st.tuples(st.integers(0, p), st.integers(0, n)), min_size=1, max_size=3)
    )
    readings = [
        (Fraction(fp, n) + data.draw(jitter), Fraction(tp, p) + data.draw(jitter))
        for tp, fp in counts
    ]
    boxes = pr_boxes_from_roc(readings, p, n, tolerance)
    if any(box.empty for box in boxes):
        event("a box holds no whole counts")
        with pytest.raises(InvalidInputError, match="cannot be right"):
            achievable_pr_bounds(readings, p, n, tolerance)
        return
    choices = [
        [
            (tp, fp)
            for tp in range(box.tp[0], box.tp[1] + 1)
            for fp in range(box.fp[0], box.fp[1] + 1)
        ]
        for box in boxes
    ]
    size = 1
    for options in choices:
        size *= len(options)
    assume(size <= 400)
    event("envelopes checked")
    bounds = achievable_pr_bounds(readings, p, n, tolerance)
    for t in range(1, p + 1):
        seen = [
            Fraction(t) / (t + least_fp([(0, 0), (p, n), *chosen], t))
            for chosen in product(*choices)
        ]
        low, high = bounds.precision_at(Fraction(t, p))
        assert (low, high) == (min(seen), max(seen))
    for method in ("continuous", "davis-goadrich"):
        low_area, high_area = bounds.area(method)
        assert low_area <= high_area


def test_refusals() -> None:
    with pytest.raises(InvalidInputError, match="cannot be right for positives = 10"):
        # TPR 0.55 +- 0.01 with P = 10: no whole TP in [5.4, 5.6]
        achievable_pr_bounds([("0.1", "0.55")], 10, 100, "0.01")
    bounds = achievable_pr_bounds([("0.1", "0.6")], 20, 200, "0.01")
    with pytest.raises(InvalidInputError, match="method must be 'continuous' or 'davis-goadrich'"):
        bounds.area("step")
    with pytest.raises(InvalidInputError, match="a ROC point must be a pair"):
        achievable_pr_bounds([("0.1",)], 20, 200, "0.01")  # type: ignore[list-item]
