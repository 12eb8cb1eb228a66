"""The walk between rankings of one AUC-ROC: its pieces; genuine printed pairs, P + N <= 200."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.consistency import check_consistency, reported_interval
from rocpr_exact.consistency.walk import errors_groups, walk_ranking
from rocpr_exact.core.curve import Curve
from tests.consistency.brute import possible, scored, table
from tests.consistency.test_check import recheck


def printed(value: Fraction, digits: int = 3) -> str:
    """``value`` rounded half up to ``digits`` places, as a paper prints it ("nearest")."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def test_errors_groups_lists_negatives_above_each_positive() -> None:
    # e = (0, 2, 2) with N = 3: a positive, two negatives, two positives, one negative.
    assert errors_groups([0, 2, 2], 3) == [(1, 0), (0, 1), (0, 1), (1, 0), (1, 0), (0, 1)]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.data(),
)
def test_walk_witnesses_are_right(p: int, n: int, data: st.DataObject) -> None:
    """Whatever the walk returns meets every interval, recomputed from scores and labels."""
    e = sorted(data.draw(st.lists(st.integers(0, n), min_size=p, max_size=p)))
    curve = Curve.from_scores(*scored(tuple(errors_groups(e, n))))
    shift = data.draw(st.sampled_from(["0", "0.01", "-0.01", "0.05"]))
    ap = Decimal(printed(auc_pr(curve, "step"), 2)) + Decimal(shift)  # type: ignore[arg-type]
    intervals = {
        "auc_roc": reported_interval(printed(auc_roc(curve), 2)),
        "average_precision": reported_interval(str(max(ap, Decimal(0)))),
    }
    found = walk_ranking(p, n, intervals)
    if found is not None:
        witness = Curve.from_scores(*scored(tuple(found)))
        assert auc_roc(witness) in intervals["auc_roc"]
        assert auc_pr(witness, "step") in intervals["average_precision"]
        assert sum(a for a, _ in found) == p and sum(b for _, b in found) == n


def test_the_issues_examples_are_possible() -> None:
    # P = N = 50, AUC-ROC 0.848 and AP 0.858 (from a real ranking) were undecided.
    for p, n, auc, ap in ((50, 50, "0.848", "0.858"), (100, 100, "0.657", "0.623")):
        reported = {"auc_roc": auc, "average_precision": ap}
        verdict = check_consistency(p, n, reported)
        assert verdict.verdict == "possible"
        recheck(p, n, reported, "nearest", verdict)


# No shrinking: a failing case is printed as drawn (shrinking re-runs slow undecided queries).
@settings(max_examples=25, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.integers(5, 100), st.integers(5, 100), st.booleans(), st.randoms(use_true_random=False))
def test_genuine_printed_pairs_are_possible(p: int, n: int, ties: bool, rnd) -> None:  # type: ignore[no-untyped-def]
    """A ranking's own AUC-ROC and AP, printed with 3 digits, come back possible."""
    levels = 100 if ties else 10**9  # ties: scores with 2 decimals
    skill = rnd.random()
    scores = [rnd.randrange(levels) + int(skill * levels) for _ in range(p)]
    scores += [rnd.randrange(levels) for _ in range(n)]
    labels = [1] * p + [0] * n
    curve = Curve.from_scores(scores, labels)
    reported = {
        "auc_roc": printed(auc_roc(curve)),
        "average_precision": printed(auc_pr(curve, "step")),  # type: ignore[arg-type]
    }
    verdict = check_consistency(p, n, reported)
    assert verdict.verdict == "possible", (p, n, reported, verdict.reasons)
    recheck(p, n, reported, "nearest", verdict)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.booleans(), st.data())
def test_agrees_with_brute_force_up_to_ten_examples(
    p: int, ties: bool, data: st.DataObject
) -> None:
    """Printed AUC-ROC and AP of a ranking (and AP moved): the verdict is brute force's.

    P + N <= 10 without ties, <= 8 with ties (every ranking listed by tests/consistency/brute.py).
    """
    n = data.draw(st.integers(1, (8 if ties else 10) - p)) if p < (8 if ties else 10) else 0
    if n == 0:
        return
    rows = table(p, n, ties)
    row = rows[data.draw(st.integers(0, len(rows) - 1))]
    shift = data.draw(st.sampled_from(["0", "0.05", "-0.05", "0.1"]))
    ap = Decimal(printed(row.ranking["average_precision"], 2)) + Decimal(shift)  # type: ignore[arg-type]
    reported = {
        "auc_roc": printed(row.ranking["auc_roc"], 2),  # type: ignore[arg-type]
        "average_precision": str(max(ap, Decimal(0))),
    }
    intervals = {name: reported_interval(text) for name, text in reported.items()}
    verdict = check_consistency(p, n, reported, ties=ties)
    expected = possible(p, n, intervals, ties)
    assert verdict.verdict == ("possible" if expected else "impossible"), (reported, verdict)
    if expected:
        recheck(p, n, reported, "nearest", verdict)
