"""pROC's ``are.paired`` and what ``roc.test`` and ``cov`` then compute; conf.level 0 and 1.

pROC 1.18.0's ``are.paired`` compares the kept responses and, when they differ (missing values
dropped), the original responses; ``roc.test`` then runs the paired test on both curves rebuilt
on the complete cases, and ``cov`` pairs the i-th case (control) of one curve with the i-th of
the other.  Expected values: pROC 1.18.0 under R 4.2.2 (``sprintf("%.17g")``), and the twin's
paired test on the complete rows given by hand (an independent route to the same curves).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles import proc
from rocpr_exact.profiles.proc import delong as proc_delong
from tests.profiles.test_proc_delong import close

Y = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
A = [None, 0.2, 0.9, 0.4, 0.6, None, 0.8, 0.5, 0.7, 0.1, 0.35, 0.45]  # rows 1 and 6 NA
B = [0.5, 0.3, 0.6, 0.6, 0.4, 0.1, 0.9, 0.2, 0.8, 0.7, 0.15, 0.65]


def test_missing_predictor_values_still_pair_by_original_responses() -> None:
    a, b = proc.roc(Y, A), proc.roc(Y, B)
    assert a.response != b.response and proc_delong.are_paired(a, b)
    for paired in (None, True):
        test = proc_delong.roc_test(a, b, paired)
        # R: roc.test(a, b): "DeLong's test for two correlated ROC curves"
        assert test.paired and test.conf_int is not None
        close(test.statistic, 1.8605210188381278)
        close(test.p_value, 0.062811847516098571)
        close(Fraction(test.conf_int[0]), -0.016034696414882754)
        close(Fraction(test.conf_int[1]), 0.61603469641488307)
    # the same as the paired test on the ten complete rows, given by hand
    rows = [i for i, v in enumerate(A) if v is not None]
    kept = [Y[i] for i in rows]
    by_hand = proc_delong.roc_test(
        proc.roc(kept, [A[i] for i in rows]), proc.roc(kept, [B[i] for i in rows])
    )
    assert by_hand == proc_delong.roc_test(a, b)


def test_asked_unpaired_runs_students_t() -> None:
    test = proc_delong.roc_test(proc.roc(Y, A), proc.roc(Y, B), paired=False)
    # R: roc.test(a, b, paired = FALSE) (pROC warns that the curves seem paired)
    assert not test.paired and test.df is not None
    close(test.statistic, 1.1522556669824819)
    close(test.p_value, 0.26342275594899056)
    close(test.df, 19.116138760660526)


def test_missing_response_and_other_levels_are_dropped_from_both() -> None:
    y3 = [1, 0, 1, 0, None, 0, 1, 2, 1, 0, 1, 0]
    c3, d3 = proc.roc(y3, A, levels=[0, 1]), proc.roc(y3, B, levels=[0, 1])
    test = proc_delong.roc_test(c3, d3)
    # R: roc.test(roc(y3, a, levels = c(0, 1)), roc(y3, b, levels = c(0, 1)))
    assert test.paired and test.conf_int is not None
    close(test.statistic, 1.5434872662825794)
    close(test.p_value, 0.1227125947281697)
    close(Fraction(test.conf_int[0]), -0.075889240921324097)
    close(Fraction(test.conf_int[1]), 0.6383892409213241)


def test_cov_pairs_the_ith_case_of_each_curve() -> None:
    y = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    p1 = [None, 0.2, 0.9, 0.4, 0.6, 0.3, 0.8, 0.5, 0.7, 0.1, 0.35, 0.45]
    p2 = [0.5, 0.3, None, 0.6, 0.4, 0.1, 0.9, 0.2, 0.8, 0.7, 0.15, 0.65]
    # R: cov(roc(y, p1), roc(y, p2)) = 0.013666666666666667 (five cases and six controls each)
    assert proc_delong.cov(proc.roc(y, p1), proc.roc(y, p2)) == Fraction(41, 3000)
    # different counts: R's cov stops ("incompatible dimensions")
    with pytest.raises(InvalidInputError, match="incompatible dimensions"):
        proc_delong.cov(proc.roc(Y, A), proc.roc(Y, B))


def test_not_paired() -> None:
    a = proc.roc(Y, A)
    other = proc.roc([1 - y for y in Y], B, direction="<")  # other original responses
    assert not proc_delong.are_paired(a, other)
    assert proc_delong.cov(a, other) == 0
    with pytest.raises(InvalidInputError, match="unpaired curves"):
        proc_delong.roc_test(a, other, paired=True)
    levels = proc.roc(Y, B, levels=[1, 0])  # other levels: never paired
    assert not proc_delong.are_paired(proc.roc(Y, B), levels)
    # NA and NaN differ for R's identical (R: are.paired(roc(y1, a), roc(y2, b)) is FALSE with
    # y1[1] NA and y2[1] NaN, TRUE with y1 twice)
    na, nan = [None, *Y[1:]], [float("nan"), *Y[1:]]
    assert not proc_delong.are_paired(proc.roc(na, A), proc.roc(nan, B))
    assert proc_delong.are_paired(proc.roc(na, A), proc.roc(na, B))


def test_conf_level_zero_and_one_as_proc() -> None:
    b = proc.roc(Y, B)
    # R: ci.auc(b, conf.level = 0) = 0.625 0.625 0.625; conf.level = 1: 0 0.625 1
    assert b.auc == Fraction(5, 8)
    assert proc_delong.ci_auc(b, conf_level=0.0) == (Fraction(5, 8),) * 3
    assert proc_delong.ci_auc(b, conf_level=1) == (0, Fraction(5, 8), 1)
    a = proc.roc(Y, A)
    # R: roc.test(a, b, conf.level = 0)$conf.int = 0.30000000000000016 twice (the difference);
    # conf.level = 1: -Inf Inf
    zero = proc_delong.roc_test(a, b, conf_level=0).conf_int
    assert zero is not None and zero[0] == zero[1]
    close(Fraction(zero[0]), 0.30000000000000016)
    assert proc_delong.roc_test(a, b, conf_level=1).conf_int == (-np.inf, np.inf)


def test_a_curve_without_its_original_vectors_pairs_by_kept_responses_only() -> None:
    from dataclasses import replace

    a, b = proc.roc(Y, A), proc.roc(Y, B)
    bare_a, bare_b = (replace(r, original_response=(), original_predictor=()) for r in (a, b))
    assert not proc_delong.are_paired(bare_a, bare_b)  # the kept responses differ
    assert proc_delong.are_paired(bare_b, replace(bare_b, predictor=bare_b.predictor[::-1]))
