"""consistent --auc-ci as tools print intervals: clipped or not, any modelled method, no ties.

Golden values: the issue's real ranking (21 positives, 19 negatives, one negative above one
positive: AUC = (21 * 19 - 1) / 399 = 398/399) printed by the project's pROC twin (which clips
to [0, 1]); a brute force over every ranking without ties (tests/consistency/brute.py) whose
DeLong intervals are printed with certified digits, as is and clipped.
"""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import pytest

import rocpr_exact as rx
from rocpr_exact.consistency.intervals import check_auc_ci
from rocpr_exact.exact.normal import interval_decimals
from rocpr_exact.limits import using
from rocpr_exact.profiles import proc
from rocpr_exact.profiles.proc import delong as proc_delong
from tests.consistency.brute import rankings, scored

LEVEL = Fraction(95, 100)


def the_real_ranking() -> tuple[list[int], list[int]]:
    """20 positives, then one negative, one positive, 18 negatives (scores 40..1)."""
    labels = [1] * 20 + [0] + [1] + [0] * 18
    return list(range(40, 0, -1)), labels


def test_the_real_ranking_as_proc_prints_it() -> None:
    scores, labels = the_real_ranking()
    curve = rx.Curve.from_scores(scores, labels)
    assert rx.auc_roc(curve) == Fraction(398, 399)
    low, _, high = proc_delong.ci_auc(proc.roc(labels, scores))
    assert (rx.format_decimal(low, 3), rx.format_decimal(high, 3)) == ("0.991", "1.000")
    assert rx.auc_ci(curve).decimals(3) == ("0.991", "1.004")  # unclipped


def test_a_clipped_interval_is_possible_and_named() -> None:
    found = check_auc_ci(21, 19, "0.991", "1.000", auc="0.997")
    assert (found.verdict, found.method) == ("possible", "DeLong, clipped to [0, 1]")
    assert found.reasons[0].startswith("DeLong, clipped to [0, 1]: ")
    roc = proc.roc(list(found.labels), list(found.scores))
    low, _, high = proc_delong.ci_auc(roc)  # the pROC twin prints the printed interval
    assert (rx.format_decimal(low, 3), rx.format_decimal(high, 3)) == ("0.991", "1.000")
    assert "clipped to [0, 1]: " in dict(found.shown)["interval"]
    # the unclipped interval of the same ranking: possible, and no clipping can print 1.004
    unclipped = check_auc_ci(21, 19, "0.991", "1.004", auc="0.997")
    assert (unclipped.verdict, unclipped.method) == ("possible", "DeLong")


def test_an_asymmetric_interval_is_not_modelled() -> None:
    found = check_auc_ci(120, 880, "0.880", "0.935", auc="0.912")
    assert found.verdict == "not modelled"
    (reason,) = found.reasons
    assert reason.startswith("not a Wald interval of the AUC: not modelled")
    # what the numbers show: the centre 0.9075 (within 0.0005) is not 0.912 (within 0.0005)
    assert "is not symmetric" in reason and "is symmetric about" not in reason
    for method in ("delong", "hanley-mcneil"):
        assert check_auc_ci(120, 880, "0.880", "0.935", method, auc="0.912").verdict == (
            "not modelled"
        )


def test_without_a_method_every_method_is_tried() -> None:
    # 100 x 200 at AUC 0.91: DeLong gives 0.88-0.94, Hanley-McNeil does not (docs/inference.md)
    assert check_auc_ci(100, 200, "0.88", "0.94", "hanley-mcneil", auc="0.91").verdict == (
        "impossible"
    )
    found = check_auc_ci(100, 200, "0.88", "0.94", None, auc="0.91")
    assert (found.verdict, found.method) == ("possible", "DeLong")
    both = check_auc_ci(20, 20, "0.60", "0.61", None)  # far too narrow for either variance
    assert both.verdict == "impossible"
    assert {r.split(":")[0] for r in both.reasons} == {"DeLong", "Hanley-McNeil"}


def untied_printed(p: int, n: int) -> set[tuple[str, str]]:
    """Every untied ranking's DeLong interval with 2 places, as printed and clipped."""
    out = set()
    for groups in rankings(p, n, ties=False):
        curve = rx.Curve.from_scores(*scored(groups))
        low, high = interval_decimals(rx.auc_roc(curve), rx.auc_variance(curve), LEVEL, 2)
        out.add((low, high))
        out.add(("0.00" if low.startswith("-") else low, "1.00" if Fraction(high) > 1 else high))
    return out


@pytest.mark.parametrize(("p", "n"), [(3, 3), (2, 4)])
def test_no_ties_matches_brute_force(p: int, n: int) -> None:
    printed = untied_printed(p, n)
    lows = sorted({lo for lo, _ in printed}, key=Fraction)
    highs = sorted({hi for _, hi in printed}, key=Fraction)
    seen = set()
    for low, high in itertools.product(lows[::2], highs[::2]):
        found = check_auc_ci(p, n, low, high, "delong", ties=False)
        seen.add(found.verdict)
        assert (found.verdict == "possible") == ((low, high) in printed), (low, high)
        if found.verdict == "possible":
            assert len(set(found.scores)) == p + n  # distinct scores: no ties
    assert {"possible", "impossible"} <= seen


def test_no_ties_reaches_the_interval() -> None:
    # the case: only a ranking with ties prints -0.03-0.53 at P = N = 4
    tied = check_auc_ci(4, 4, "-0.03", "0.53", None)
    assert tied.verdict == "possible" and len(set(tied.scores)) < 8
    assert check_auc_ci(4, 4, "-0.03", "0.53", None, ties=False).verdict == "impossible"
    assert ("-0.03", "0.53") not in untied_printed(4, 4)  # the brute force agrees


def test_the_witness_search_stops_at_its_limit() -> None:
    start = time.monotonic()
    with using(max_interval_work=1_000):
        found = check_auc_ci(1_000, 10, "0.5", "0.6", "delong")
    assert found.verdict == "undecided" and "max_interval_work" in found.reasons[0]
    assert time.monotonic() - start < 5
