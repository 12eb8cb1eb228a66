"""The exact roc_auc_score / average_precision_score twins on multiclass and multilabel input.

Against scikit-learn 1.9.1 within relative 1e-12 (why that is enough and not too loose:
``tests/profiles/sklearn_agreement.py``), with every ``average``, ``multi_class``,
``labels``, ``sample_weight`` and ``max_fpr`` sklearn takes; sklearn's refusals are refusals
here, its nans are NoPositivesError / NoNegativesError.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import (
    InvalidInputError,
    OneClassWarning,
)
from rocpr_exact.profiles import sklearn as twin
from rocpr_exact.profiles.sklearn.view import ATOL, RTOL
from tests.profiles.sklearn_agreement import agree
from tests.strategies import datasets, examples

metrics = pytest.importorskip("sklearn.metrics")

AVERAGES = (None, "micro", "macro", "weighted", "samples")


def weights_for(n: int) -> st.SearchStrategy[list[int] | None]:
    return st.none() | st.lists(st.integers(0, 3), min_size=n, max_size=n)


@st.composite
def multiclass(draw: st.DrawFn) -> tuple[list, np.ndarray, list | None, list[int] | None]:
    """Labels of k classes (maybe one absent), probability rows, maybe ``labels``, weights.

    Rows are counts over 8 (dyadic, summing to 1 exactly, many ties) or normalised integer
    rows (floats summing to 1 within an ulp or two).
    """
    k = draw(st.integers(3, 4))
    n = draw(st.integers(2, 16))
    names = draw(st.sampled_from([list(range(k)), ["a", "b", "c", "d"][:k], [-5, 0, 2, 7][:k]]))
    codes = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    rows = []
    for _ in range(n):
        cuts = sorted(draw(st.lists(st.integers(0, 8), min_size=k - 1, max_size=k - 1)))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, 8], strict=True)]
        if draw(st.booleans()):
            counts = [c + draw(st.integers(0, 5)) for c in counts]
        rows.append([c / sum(counts) for c in counts])
    labels = names if draw(st.booleans()) else None
    return [names[c] for c in codes], np.array(rows), labels, draw(weights_for(n))


@settings(max_examples=examples(3), deadline=None)
@given(multiclass(), st.sampled_from(["ovr", "ovo"]), st.sampled_from(AVERAGES))
def test_multiclass_roc_auc_matches_sklearn(data, multi_class, average) -> None:
    y, s, labels, w = data
    kwargs = {"multi_class": multi_class, "average": average, "labels": labels}
    kwargs["sample_weight"] = w
    outcome = agree(
        lambda: twin.roc_auc_score(y, s, **kwargs), lambda: metrics.roc_auc_score(y, s, **kwargs)
    )
    event(f"{multi_class} {average}: {outcome}")


@settings(max_examples=examples(2), deadline=None)
@given(multiclass(), st.sampled_from(AVERAGES))
def test_multiclass_average_precision_matches_sklearn(data, average) -> None:
    y, s, _, w = data
    kwargs = {"average": average, "sample_weight": w}
    outcome = agree(
        lambda: twin.average_precision_score(y, s, **kwargs),
        lambda: metrics.average_precision_score(y, s, **kwargs),
    )
    event(f"{average}: {outcome}")


@st.composite
def multilabel(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, list[int] | None]:
    """An indicator matrix (0/1, bool or -1/1), scores with ties, maybe weights."""
    n, k = draw(st.integers(1, 12)), draw(st.integers(2, 4))
    y = np.array(
        draw(st.lists(st.lists(st.integers(0, 1), min_size=k, max_size=k), min_size=n, max_size=n))
    )
    y = draw(st.sampled_from([y, y.astype(bool), 2 * y - 1]))
    scores = st.integers(0, 4).map(lambda v: v / 4) | st.sampled_from([0.1, 1 / 3, 0.7])
    s = draw(st.lists(st.lists(scores, min_size=k, max_size=k), min_size=n, max_size=n))
    return y, np.array(s), draw(weights_for(n))


@settings(max_examples=examples(3), deadline=None)
@given(multilabel(), st.sampled_from(AVERAGES), st.sampled_from([None, 0.25, 0.3, 1.0]))
@example(
    (np.array([[1, 0], [0, 1], [1, 1]]), np.array([[0.9, 0.2], [0.8, 0.7], [0.1, 0.6]]), None),
    "macro",
    None,
)
def test_multilabel_matches_sklearn(data, average, max_fpr) -> None:
    y, s, w = data
    roc = agree(
        lambda: twin.roc_auc_score(y, s, average=average, sample_weight=w, max_fpr=max_fpr),
        lambda: metrics.roc_auc_score(y, s, average=average, sample_weight=w, max_fpr=max_fpr),
    )
    ap = agree(
        lambda: twin.average_precision_score(y, s, average=average, sample_weight=w),
        lambda: metrics.average_precision_score(y, s, average=average, sample_weight=w),
    )
    event(f"roc {average}: {roc}")
    event(f"ap {average}: {ap}")


@settings(max_examples=examples(2), deadline=None)
@given(datasets(max_size=30, need_both=False), st.sampled_from([(1, 2), ("no", "yes"), (0, 1)]))
def test_binary_labels_other_than_01(data, names) -> None:
    # roc_auc_score: the greater label is positive (label_binarize); average_precision_score:
    # pos_label, which must be one of the labels when there are two.
    scores, labels = data
    y = [names[v] for v in labels]
    event(agree(lambda: twin.roc_auc_score(y, scores), lambda: metrics.roc_auc_score(y, scores)))
    for pos in names:
        agree(
            lambda pos=pos: twin.average_precision_score(y, scores, pos_label=pos),
            lambda pos=pos: metrics.average_precision_score(y, scores, pos_label=pos),
        )


@settings(max_examples=examples(1), deadline=None)
@given(
    st.sampled_from([1, 2, 4, 8]),
    st.sampled_from([1, 2, 4, 8]),
    st.lists(st.integers(0, 3), min_size=16, max_size=16),
)
def test_roc_auc_is_exact_in_sklearn_on_dyadic_counts(p, n, scores) -> None:
    # With P and N powers of two every fpr, tpr, trapezoid and partial sum is a short dyadic
    # number, so sklearn's float64 arithmetic makes no rounding error: equal as numbers.
    y, s = [1] * p + [0] * n, scores[: p + n]
    assert F(metrics.roc_auc_score(y, s)) == twin.roc_auc_score(y, s)


def test_hand_cases() -> None:
    y = [0, 1, 2, 0]
    s = np.array([[0.5, 0.3, 0.2], [0.4, 0.4, 0.2], [0.2, 0.3, 0.5], [0.3, 0.5, 0.2]])
    # ovr: class 0 (rows 0, 3 at .5, .3 vs rows 1, 2 at .4, .2) wins 3 of 4 pairs: 3/4;
    # class 1 (.4 vs .3, .3, .5): 2/3; class 2 (.5 vs .2, .2, .2): 1.  Macro (3/4 + 2/3 + 1)/3
    # = 29/36; weighted by support 2, 1, 1: (3/2 + 2/3 + 1)/4 = 19/24.
    assert twin.roc_auc_score(y, s, multi_class="ovr") == F(29, 36)
    assert twin.roc_auc_score(y, s, multi_class="ovr", average="weighted") == F(19, 24)
    assert twin.roc_auc_score(y, s, multi_class="ovr", average=None) == (F(3, 4), F(2, 3), 1)
    # ovo (Hand & Till): pair (0, 1) on rows 0, 1, 3: column 0 gives 1/2 (.5 > .4, .3 < .4),
    # column 1 gives 1/2 (.4 > .3, .4 < .5): 1/2.  Pairs (0, 2) and (1, 2): 1.  Macro 5/6;
    # weighted by the pairs' shares 3/4, 3/4, 1/2: (3/8 + 3/4 + 1/2) / 2 = 13/16.
    assert twin.roc_auc_score(y, s, multi_class="ovo") == F(5, 6)
    assert twin.roc_auc_score(y, s, multi_class="ovo", average="weighted") == F(13, 16)
    for average, exact in ((None, [3 / 4, 2 / 3, 1]), ("macro", [29 / 36])):
        assert np.allclose(metrics.roc_auc_score(y, s, multi_class="ovr", average=average), exact)
    assert np.isclose(metrics.roc_auc_score(y, s, multi_class="ovo", average="weighted"), 13 / 16)
    # Multilabel AP: column 0 (y 1, 0, 1 at .9, .8, .1) = 1/2 * 1 + 1/2 * 2/3 = 5/6, column 1
    # (y 0, 1, 1 at .2, .7, .6) = 1; macro 11/12; micro over the 6 cells (4 positives):
    # .9 (1), .8 (0), .7 (1), .6 (1), .2 (0), .1 (1): 1/4 (1 + 2/3 + 3/4 + 4/6) = 37/48.
    yl, sl = [[1, 0], [0, 1], [1, 1]], [[0.9, 0.2], [0.8, 0.7], [0.1, 0.6]]
    assert twin.average_precision_score(yl, sl) == F(11, 12)
    assert twin.average_precision_score(yl, sl, average="micro") == F(37, 48)
    assert np.isclose(metrics.average_precision_score(yl, sl, average="micro"), 37 / 48)


def test_allclose_rule() -> None:
    # numpy.allclose(1, S): |1 - S| <= 1e-8 + 1e-5 |S|, with the doubles nearest 1e-8, 1e-5.
    # The sums below are 1 +- 0.99e-5 or 1 +- 1.02e-5, decided the same way exactly or in
    # floats (they are far from the bound compared with float error, about 1e-16).
    y = [0, 1, 2]
    assert (F(1e-8), F(1e-5)) == (ATOL, RTOL)
    for excess, accepted in (
        (0.99e-5, True),
        (1.02e-5, False),
        (-0.99e-5, True),
        (-1.01e-5, False),
    ):
        s = np.array([[0.5, 0.5 + excess, 0.0], [0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])
        if accepted:
            assert (
                agree(
                    lambda s=s: twin.roc_auc_score(y, s, multi_class="ovr"),
                    lambda s=s: metrics.roc_auc_score(y, s, multi_class="ovr"),
                )
                == "value"
            )
        else:
            with pytest.raises(ValueError, match="sum up to 1"):
                metrics.roc_auc_score(y, s, multi_class="ovr")
            with pytest.raises(InvalidInputError, match="sums to"):
                twin.roc_auc_score(y, s, multi_class="ovr")


Y3 = [0, 1, 2, 2]
P3 = [[0.5, 0.3, 0.2], [0.2, 0.5, 0.3], [0.1, 0.1, 0.8], [0.3, 0.3, 0.4]]
REFUSED = [
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovr", "max_fpr": 0.5}),
    ("roc_auc_score", (Y3, [[0.5, 0.3, 0.3]] * 4), {"multi_class": "ovr"}),  # rows sum to 1.1
    ("roc_auc_score", (Y3, P3), {}),  # multi_class="raise"
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovo", "average": None}),  # NotImplementedError
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovo", "average": "micro"}),
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovr", "average": "samples"}),
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovo", "sample_weight": [1, 1, 1, 1]}),
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovr", "labels": [0, 1, 1]}),
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovr", "labels": [0, 2, 1]}),
    ("roc_auc_score", (Y3, P3), {"multi_class": "ovr", "labels": [0, 1]}),
    ("roc_auc_score", (Y3, [[*r, 0.0] for r in P3]), {"multi_class": "ovr"}),  # 4 columns
    ("roc_auc_score", ([0, 1, 3, 3], P3), {"multi_class": "ovr", "labels": [0, 1, 2]}),
    ("roc_auc_score", (Y3, [0.1, 0.2, 0.3, 0.4]), {"multi_class": "ovr"}),  # 1-D y_score
    ("roc_auc_score", ([0, 1], [0.1, 0.2]), {"max_fpr": 0}),
    ("roc_auc_score", ([0.5, 1.5], [0.1, 0.2]), {}),  # continuous
    ("roc_auc_score", ([[1, 2], [3, 4]], [[0.1, 0.2], [0.3, 0.4]]), {}),  # multiclass-multioutput
    ("average_precision_score", (Y3, P3), {"pos_label": 2}),
    ("average_precision_score", ([[1, 0], [0, 1]], [[0.1, 0.2], [0.3, 0.4]]), {"pos_label": 0}),
    ("average_precision_score", ([0, 2, 2], [0.1, 0.2, 0.3]), {}),  # pos_label 1 not a label
    ("average_precision_score", (Y3, np.array(P3)[:, :2]), {}),  # 2 columns for 3 classes
    ("average_precision_score", ([0, 1], [0.1, 0.2]), {"average": "mean"}),
    ("average_precision_score", ([0, 1], [0.1, 0.2, 0.3]), {}),  # lengths differ
    ("roc_auc_score", ([0, 1], [0.1, 0.2, 0.3]), {}),
    ("roc_auc_score", ([0, 1], [[0.1, 0.9], [0.2, 0.8]]), {}),  # 2-D y_score, binary y_true
]


@pytest.mark.parametrize(("name", "args", "kwargs"), REFUSED)
def test_refusals(name, args, kwargs) -> None:
    y, s = args
    with pytest.raises((ValueError, NotImplementedError)):
        getattr(metrics, name)(y, np.asarray(s), **kwargs)
    with pytest.raises(InvalidInputError) as raised:
        getattr(twin, name)(y, s, **kwargs)
    assert "\n" not in str(raised.value)


def test_nan_in_sklearn_is_nan_here() -> None:
    y = np.array([[1, 0], [1, 1], [1, 0]])  # column 0 has no negative: its AUC is nan
    s = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
    with pytest.warns(Warning):
        assert np.isnan(metrics.roc_auc_score(y, s))
    with pytest.warns(OneClassWarning, match="Only one class"):
        assert math.isnan(twin.roc_auc_score(y, s))
    with pytest.warns(OneClassWarning, match="Only one class"):
        assert math.isnan(twin.roc_auc_score([0, 0], [0.1, 0.2]))
    # per column: column 1 has positive .4 above negatives .2 and .6: 1/2
    with pytest.warns(OneClassWarning):
        first, second = twin.roc_auc_score(y, s, average=None)
    assert math.isnan(first) and second == F(1, 2)
    # weighted: column 0 has support 3, so sklearn's average is nan too; a column without
    # positives has weight 0 and counts 0 instead: for 1 - y only column 1 counts, where the
    # positives at .2 and .6 face the negative at .4: 1/2.
    with pytest.warns(OneClassWarning):
        assert math.isnan(twin.roc_auc_score(y, s, average="weighted"))
    with pytest.warns(OneClassWarning, match="Only one class"):
        assert twin.roc_auc_score(1 - y, s, average="weighted") == F(1, 2)
    with pytest.warns(Warning, match="Only one class"):
        assert metrics.roc_auc_score(1 - y, s, average="weighted") == 0.5


def test_ovo_without_a_pair_is_nan() -> None:
    # labels name three classes, y_true holds one: no pair, numpy's mean of nothing is nan
    p = [[0.5, 0.25, 0.25]] * 4
    assert (
        agree(
            lambda: twin.roc_auc_score([0, 0, 0, 0], p, multi_class="ovo", labels=[0, 1, 2]),
            lambda: metrics.roc_auc_score(
                [0, 0, 0, 0], np.array(p), multi_class="ovo", labels=[0, 1, 2]
            ),
        )
        == "nan"
    )


def test_twin_refuses_a_y_score_narrower_than_y_true() -> None:
    # sklearn scores only the first columns of y_true then (its macro average here is the AUC
    # of column 0); the twin asks for one column of scores per label.
    y, s = np.array([[1, 0, 1], [0, 1, 0]]), np.array([[0.9, 0.1], [0.2, 0.8]])
    assert metrics.roc_auc_score(y, s) == 1.0
    with pytest.raises(InvalidInputError, match="shape"):
        twin.roc_auc_score(y, s)
