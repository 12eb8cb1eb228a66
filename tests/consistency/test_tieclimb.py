"""The climb over tie groups: bookkeeping against exact recomputation; heavily tied pairs."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.consistency import check_consistency
from rocpr_exact.consistency.tieclimb import tie_climb
from rocpr_exact.consistency.walkties import SHIFT
from rocpr_exact.core.curve import Curve
from tests.consistency.brute import scored
from tests.consistency.test_check import recheck
from tests.consistency.test_walk import printed
from tests.strategies import examples

_GROUPS = st.lists(
    st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda g: g != (0, 0)),
    min_size=1,
    max_size=8,
)


@settings(max_examples=examples(Fraction(4, 5)), deadline=None)
@given(_GROUPS, st.data(), st.integers(0, 6))
def test_a_climbed_ranking_has_the_guide_and_2u_it_claims(start, data, width) -> None:  # type: ignore[no-untyped-def]
    """Aim the climb at another ranking's (AP +- 1/200, 2U +- width): what it returns is there.

    The climb tracks 2U and the guide by the changes of the windows its moves touch;
    here both are recomputed from scratch (exact 2U from the curve, the guide as the
    rounded-down sum of a TP / (TP + FP) per group) and must land where the climb says.
    """
    p = sum(a for a, _ in start)
    n = sum(b for _, b in start)
    if not p or not n:
        return
    labels = [1] * p + [0] * n
    levels = data.draw(st.lists(st.integers(0, 3), min_size=p + n, max_size=p + n))
    curve = Curve.from_scores(levels, labels)  # the goal: the same examples on 4 levels
    twice_u = int(auc_roc(curve) * 2 * p * n)
    aim_ap = auc_pr(curve, "step") * p * (1 << SHIFT)  # type: ignore[operator]
    margin = p * (1 << SHIFT) // 200
    aim = ((aim_ap - margin).__floor__(), (aim_ap + margin).__ceil__())
    found = tie_climb(list(start), (twice_u - width, twice_u + width), aim, 200)
    if found is None:
        return
    assert sum(a for a, _ in found) == p and sum(b for _, b in found) == n
    assert all(g != (0, 0) for g in found)
    witness = Curve.from_scores(*scored(tuple(found)))
    assert abs(auc_roc(witness) * 2 * p * n - twice_u) <= width
    guide, tp, fp = 0, 0, 0
    for a, b in found:
        tp, fp = tp + a, fp + b
        guide += a * ((tp << SHIFT) // (tp + fp)) if a else 0
    assert aim[0] <= guide <= aim[1]
    exact = auc_pr(witness, "step") * p * (1 << SHIFT)  # type: ignore[operator]
    assert 0 <= exact - guide < p  # each group's term a TP / (TP + FP) is rounded down: < a


def test_three_levels_each_positive_group_tied_with_negatives() -> None:
    # The stress draws of few score levels that stayed undecided before the tie climb:
    # (P, N, AUC-ROC, AP) printed from rankings such as 26 positives, then 9 positives tied
    # with 3 negatives, then 28 negatives (P = 35, N = 31: 2U = 2 * 1085 - 27, AUC-ROC
    # 2143/2170 = 0.98756 prints 0.988; AP = (26 + 9 * 35/38) / 35 = 0.97995 prints 0.980).
    cases = ((35, 31, "0.988", "0.980"), (73, 76, "0.995", "0.991"), (34, 16, "0.974", "0.977"))
    for p, n, auc, ap in cases:
        reported = {"auc_roc": auc, "average_precision": ap}
        verdict = check_consistency(p, n, reported)
        assert verdict.verdict == "possible", (p, n, verdict.reasons)
        recheck(p, n, reported, "nearest", verdict)
    assert printed(Fraction(2143, 2170)) == "0.988"
    assert printed((26 + 9 * Fraction(35, 38)) / 35) == "0.980"


@settings(
    max_examples=examples(Fraction(1, 4)),
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate),
)
@given(
    st.integers(5, 100),
    st.integers(5, 100),
    st.sampled_from([2, 3, 5, 10]),
    st.randoms(use_true_random=False),
)
def test_genuine_pairs_of_few_score_levels_are_possible(p: int, n: int, levels: int, rnd) -> None:  # type: ignore[no-untyped-def]
    """Scores on a handful of levels (every level a tie group): the printed pair is possible."""
    skill = rnd.random()
    scores = [rnd.randrange(levels) + int(skill * levels) for _ in range(p)]
    scores += [rnd.randrange(levels) for _ in range(n)]
    curve = Curve.from_scores(scores, [1] * p + [0] * n)
    reported = {
        "auc_roc": printed(auc_roc(curve)),
        "average_precision": printed(auc_pr(curve, "step")),  # type: ignore[arg-type]
    }
    verdict = check_consistency(p, n, reported)
    assert verdict.verdict == "possible", (p, n, reported, verdict.reasons)
    recheck(p, n, reported, "nearest", verdict)
