"""consistency.operating: the O(1) first fit for recall, accuracy and specificity against a
scan over every (TP, FP), and the scan of fp_range against the metrics' definitions."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.consistency.operating import first_fit, point_value
from rocpr_exact.consistency.reported import reported_interval

ROUNDINGS = ("nearest", "nearest-even", "truncate")


def brute_first_fit(p: int, n: int, intervals: dict) -> tuple[int, int] | None:
    """The least (TP, FP) whose metrics, by their definitions, all lie in their intervals."""
    for tp in range(p + 1):
        for fp in range(n + 1):
            values = [(point_value(name, tp, fp, p, n), iv) for name, iv in intervals.items()]
            if all(value is not None and value in iv for value, iv in values):
                return tp, fp
    return None


@st.composite
def queries(draw: st.DrawFn) -> tuple[int, int, dict]:
    p = draw(st.integers(1, 12))
    n = draw(st.integers(1, 12))
    names = draw(st.sets(st.sampled_from(["recall", "accuracy", "specificity"]), min_size=1))
    digits = draw(st.integers(1, 2))
    rounding = draw(st.sampled_from(ROUNDINGS))
    intervals = {}
    for name in sorted(names):
        text = str(Decimal(draw(st.integers(0, 10**digits))).scaleb(-digits))  # "0.07", "1.00"
        intervals[name] = reported_interval(text, rounding)
    return p, n, intervals


@given(queries())
def test_shifted_first_fit_is_the_least_fitting_pair(query: tuple[int, int, dict]) -> None:
    p, n, intervals = query
    assert first_fit(p, n, intervals) == brute_first_fit(p, n, intervals)


def test_a_pooled_drive_record_by_hand() -> None:
    # P = 32116, N = 297844 (DRIVE image 06, every pixel), accuracy 0.9564, sensitivity 0.6670,
    # specificity 0.9875: TP in [21420, 21422] (0.66695 * 32116 = 21419.6...,
    # 0.66705 * 32116 = 21422.9...), TN in [294107, 294135]; TP + TN <= 315557 and
    # 315557 / 329960 = 0.956349..., below 0.95635: impossible.
    intervals = {
        "accuracy": reported_interval("0.9564"),
        "recall": reported_interval("0.6670"),
        "specificity": reported_interval("0.9875"),
    }
    assert first_fit(32116, 297844, intervals) is None
    # accuracy 0.9563: TP + TN in [315525, 315557] (0.95625 * 329960 = 315524.25, 0.95635 *
    # 329960 = 315557.5...); at the least TP, 21420, TN may be 294135 (21420 + 294135 =
    # 315555), the largest TN, so the least FP is 297844 - 294135 = 3709.
    intervals["accuracy"] = reported_interval("0.9563")
    assert first_fit(32116, 297844, intervals) == (21420, 3709)
