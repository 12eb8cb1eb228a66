"""check_consistency against brute force over every ranking (P, N <= 4), and worked examples."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rocpr_exact.consistency import (
    METRICS,
    POINT_METRICS,
    ROUNDINGS,
    check_consistency,
    reported_interval,
)
from rocpr_exact.errors import InvalidInputError
from tests.consistency.brute import RANKING, point_metrics, possible, table
from tests.consistency.certify import assert_certified


def recheck(p: int, n: int, reported: dict[str, str], rounding: str, verdict) -> None:  # type: ignore[no-untyped-def]
    """Recompute every reported metric from the witness, independently of the checker."""
    from rocpr_exact.areas.auc import auc_pr
    from rocpr_exact.core.curve import Curve

    w = verdict.witness
    assert len(w.scores) == len(w.labels) == p + n
    assert sum(w.labels) == p
    assert all(isinstance(s, int) for s in w.scores)
    # AUC-ROC by pairs (Mann-Whitney, ties 1/2).
    pos = [s for s, y in zip(w.scores, w.labels, strict=True) if y == 1]
    neg = [s for s, y in zip(w.scores, w.labels, strict=True) if y == 0]
    # Twice the count of ordered pairs, ties 1 (ints: fast even for 10^5 pairs).
    twice = sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg)
    values = {"auc_roc": Fraction(twice, 2 * p * n)}
    curve = Curve.from_scores(w.scores, w.labels)
    methods = {
        "average_precision": "step",
        "auc_pr_dg": "davis-goadrich",
        "auc_pr_linear": "linear",
        "auc_pr_continuous": "continuous",
    }
    for name, method in methods.items():
        if name in reported:
            values[name] = auc_pr(curve, method)  # type: ignore[arg-type]
    if any(k in reported for k in POINT_METRICS):
        tp = sum(1 for s in pos if s >= w.threshold)
        fp = sum(1 for s in neg if s >= w.threshold)
        values.update(point_metrics(tp, fp, p, n))
    for name, text in reported.items():
        assert values[name] in reported_interval(text, rounding), (name, values[name], text)
        assert dict(w.values)[name] == values[name]


def texts_from(value: Fraction, digits: int, shift: int) -> str:
    """The decimal text of value cut to ``digits`` places, moved by ``shift`` units."""
    scaled = value.numerator * 10**digits // value.denominator + shift
    scaled = max(scaled, 0)
    whole, frac = divmod(scaled, 10**digits)
    return f"{whole}.{str(frac).rjust(digits, '0')}"


@st.composite
def cases(draw: st.DrawFn) -> tuple[int, int, bool, dict[str, str], str]:
    p = draw(st.integers(1, 4))
    n = draw(st.integers(1, 4))
    ties = draw(st.booleans())
    names = draw(st.lists(st.sampled_from(METRICS), min_size=1, max_size=4, unique=True))
    rows = table(p, n, ties)
    row = rows[draw(st.integers(0, len(rows) - 1))]
    at = row.points[draw(st.integers(0, len(row.points) - 1))]
    reported = {}
    for name in names:
        value = row.ranking[name] if name in RANKING else at.get(name, Fraction(1, 2))
        if not isinstance(value, Fraction):  # a closed form: its enclosure's lower end
            value = value.enclosure(64)[0]
        digits = draw(st.integers(1, 3))
        shift = draw(st.sampled_from([0, 0, 0, 1, -1, 2]))
        reported[name] = texts_from(value, digits, shift)
    return p, n, ties, reported, draw(st.sampled_from(ROUNDINGS))


@given(cases())
@example((4, 4, True, {"auc_roc": "0.6", "average_precision": "0.6"}, "nearest"))
@example((2, 2, True, {"precision": "0.3", "recall": "0.5"}, "nearest"))  # 1/3 < 0.35 fails
@example((3, 3, False, {"auc_roc": "0.5", "auc_pr_dg": "0.4"}, "exact"))
def test_agrees_with_brute_force(case: tuple[int, int, bool, dict[str, str], str]) -> None:
    p, n, ties, reported, rounding = case
    verdict = check_consistency(p, n, reported, rounding, ties=ties)  # type: ignore[arg-type]
    intervals = {k: reported_interval(v, rounding) for k, v in reported.items()}  # type: ignore[arg-type]
    expected = possible(p, n, intervals, ties)
    if verdict.verdict == "undecided":
        # Only the continuous area is outside the exhaustive search (closed forms).
        assert "auc_pr_continuous" in reported and "auc_pr_continuous" in verdict.reasons[0]
        return
    assert verdict.verdict == ("possible" if expected else "impossible"), verdict.reasons
    if expected:
        recheck(p, n, reported, rounding, verdict)
        if not ties:
            assert len(set(verdict.witness.scores)) == p + n  # type: ignore[union-attr]
    else:
        assert verdict.witness is None and verdict.reasons
        assert_certified(verdict, p, n, reported, rounding, ties)  # the checker re-verifies it


def test_reported_auc_that_cannot_occur() -> None:
    # P = N = 10: AUC-ROC = k/200.  "0.873" means [0.8725, 0.8735), i.e. k in [174.5, 174.7).
    v = check_consistency(10, 10, {"auc_roc": "0.873"})
    assert v.verdict == "impossible"
    assert "multiple of 1/200" in v.reasons[0]
    assert_certified(v, 10, 10, {"auc_roc": "0.873"})
    # Without ties k must be even (multiples of 1/100): "0.875" = [174.9, 175.1) holds only 175.
    assert check_consistency(10, 10, {"auc_roc": "0.875"}).verdict == "possible"
    assert check_consistency(10, 10, {"auc_roc": "0.875"}, ties=False).verdict == "impossible"


def test_average_precision_under_the_minimum() -> None:
    # P = 10, N = 90: least AP = (1/10) sum_{i=1..10} i/(90+i) (hand: 1/91 = .01099,
    # 2/92 = .02174, 3/93 = .03226, 4/94 = .04255, 5/95 = .05263, 6/96 = .0625, 7/97 = .07216,
    # 8/98 = .08163, 9/99 = .09091, 10/100 = .1; sum .5674, /10 = .05674).  A reported 0.05 is
    # [0.045, 0.055): below the minimum; 0.06 is [0.055, 0.065): the worst ranking gives it.
    v = check_consistency(10, 90, {"average_precision": "0.05"})
    assert v.verdict == "impossible" and "below the least possible" in v.reasons[0]
    assert_certified(v, 10, 90, {"average_precision": "0.05"})
    v = check_consistency(10, 90, {"average_precision": "0.06"})
    assert v.verdict == "possible"
    recheck(10, 90, {"average_precision": "0.06"}, "nearest", v)


def test_precision_recall_not_whole_examples() -> None:
    # P = 4: recall 0.50 means TP = 2; precision 0.60 means 2/(2 + FP) in [0.595, 0.605):
    # FP = 1 gives 0.667, FP = 2 gives 0.5, so no whole FP.
    v = check_consistency(4, 7, {"precision": "0.60", "recall": "0.50"})
    assert v.verdict == "impossible"
    assert_certified(v, 4, 7, {"precision": "0.60", "recall": "0.50"})
    # P = 20, N = 100: TP = 10 and FP = 10 * (1/0.6 - 1) = 6.67; but "0.6" = [0.55, 0.65):
    # FP = 6 gives 10/16 = 0.625.
    v = check_consistency(20, 100, {"precision": "0.6", "recall": "0.5"})
    assert v.verdict == "possible"
    recheck(20, 100, {"precision": "0.6", "recall": "0.5"}, "nearest", v)


def test_large_counts_auc_and_operating_point() -> None:
    # Exact at any size: AUC-ROC with an operating point is decided by construction.
    # P = 300, N = 2000.  Hand: recall 0.62 = [0.615, 0.625) needs TP in [184.5, 187.5): 185..187.
    # Precision 0.41 = [0.405, 0.415): FP in (TP/0.415 - TP, TP/0.405 - TP]; accuracy
    # 0.83 = [0.825, 0.835) needs TP + 2000 - FP in [1897.5, 1920.5), FP in [TP + 80, TP + 102].
    #   TP = 185: precision FP 261..271, accuracy 265..287 -> 265..271
    #   TP = 186: precision FP 263..273, accuracy 266..288 -> 266..273
    #   TP = 187: precision FP 264..274, accuracy 267..289 -> 267..274
    # A ranking through (TP, FP) has U in [TP (N - FP), TP N + (P - TP)(N - FP)], so
    # max AUC = (187*2000 + 113*1733) / 600000 = 0.94971 and min AUC = 185*1729/600000 = 0.53310.
    reported = {"auc_roc": "0.873", "precision": "0.41", "recall": "0.62", "accuracy": "0.83"}
    v = check_consistency(300, 2000, reported)
    assert v.verdict == "possible"
    recheck(300, 2000, reported, "nearest", v)
    for auc, verdict in (("0.96", "impossible"), ("0.95", "possible"), ("0.949", "possible")):
        assert check_consistency(300, 2000, {**reported, "auc_roc": auc}).verdict == verdict
    for auc, verdict in (("0.53", "possible"), ("0.52", "impossible"), ("0.5330", "impossible")):
        assert check_consistency(300, 2000, {**reported, "auc_roc": auc}).verdict == verdict
    # Accuracy 0.9 = [2058.5, 2081.5) / 2300 needs FP <= TP - 59 < 261: no operating point.
    v = check_consistency(300, 2000, {**reported, "accuracy": "0.9"})
    assert v.verdict == "impossible" and "cannot hold at one threshold" in v.reasons[0]


def test_undecided_past_the_search_limit() -> None:
    # AP 0.120 is below every ranking without ties of AUC-ROC 0.654 (0.122883), above the
    # bound with ties that the tie-group programme would give (about 0.118, computed offline; its
    # P^2 N is past TIED_WORK), and P = 500, N = 4,500 is beyond the exhaustive search.
    reported = {"auc_roc": "0.654", "average_precision": "0.120"}
    v = check_consistency(500, 4500, reported)
    assert v.verdict == "undecided" and v.witness is None
    assert "max_steps = 100,000" in v.reasons[0]
    assert "only rankings with tied scores could give it" in v.reasons[1]
    assert check_consistency(500, 4500, reported, ties=False).verdict == "impossible"
    v = check_consistency(12, 12, {"average_precision": "0.5", "auc_pr_dg": "0.7"}, max_steps=500)
    assert v.verdict == "undecided" and "max_steps = 500" in v.reasons[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 3, {"auc_roc": "0.5"}), "positives must be an int >= 1"),
        ((3, 3, {}), "at least one reported metric"),
        ((3, 3, {"auc": "0.5"}), "unknown metric 'auc'"),
        ((3, 3, {"auc_roc": 0.5}), "printed text"),
        ((3, 3, {"auc_roc": "5e-1"}), "digits with an optional decimal point"),
        ((3, 3, {"auc_roc": "-0.5"}), "digits with an optional decimal point"),
    ],
)
def test_bad_input(args: tuple[int, int, dict[str, object]], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        check_consistency(*args)  # type: ignore[arg-type]


def test_continuous_area_against_boyd_minimum() -> None:
    # P = 10, N = 90, pi = 1/10: Boyd's least continuous AUC-PR = 1 + 9 ln(9/10) = 0.0517553...
    # (ln 0.9 = -0.1053605; 9 x that = -0.9482446).  "0.04" = [0.035, 0.045) is below it.
    v = check_consistency(10, 90, {"auc_pr_continuous": "0.04"})
    assert v.verdict == "impossible" and "below the least possible" in v.reasons[0]
    # "0.052" = [0.0515, 0.0525) holds the worst ranking's area itself (the chain's last ranking).
    for text in ("0.052", "0.3", "0.5"):
        v = check_consistency(10, 90, {"auc_pr_continuous": text})
        assert v.verdict == "possible"
        recheck(10, 90, {"auc_pr_continuous": text}, "nearest", v)


def test_counts_beyond_max_examples_are_refused_before_any_work() -> None:
    # A witness lists all P + N examples: P + N past max_examples is refused at once
    # (P = N = 10^12 once ran out of memory; 10^9 ran for minutes).
    from rocpr_exact.errors import ResourceLimitError
    from rocpr_exact.limits import using

    with pytest.raises(
        ResourceLimitError, match="positives \\+ negatives: the number of examples exceeds"
    ):
        check_consistency(10**12, 10**12, {"auc_roc": "0.5"})
    with using(max_examples=100), pytest.raises(ResourceLimitError, match="max_examples = 100"):
        check_consistency(60, 41, {"precision": "0.5", "recall": "0.5"})
    with using(max_examples=101):
        assert (
            check_consistency(60, 41, {"precision": "0.5", "recall": "0.5"}).verdict == "possible"
        )
