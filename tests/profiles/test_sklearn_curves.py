"""The exact twins of roc_curve, precision_recall_curve and det_curve against scikit-learn.

Rates are compared bit for bit (sklearn's one division of exact counts is the correctly
rounded exact rate), thresholds as exact values, lengths and point sets exactly; see
``tests/profiles/sklearn_agreement.py``.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import (
    InvalidInputError,
    OneClassWarning,
)
from rocpr_exact.profiles import sklearn as twin
from rocpr_exact.profiles.sklearn import INF
from tests.profiles.sklearn_agreement import agree
from tests.strategies import datasets, examples

metrics = pytest.importorskip("sklearn.metrics")

CURVES = ("roc_curve", "precision_recall_curve", "det_curve")

#: How the scores are given: ints (many ties), dyadic floats, thirds (not dyadic), int64
#: beyond 2**53 (distinct as ints, equal as doubles).
SCORE_FORMS = {
    "int": lambda s: s,
    "dyadic": lambda s: [x / 8 for x in s],
    "thirds": lambda s: [x / 3 for x in s],
    "big": lambda s: [2**53 + x for x in s],
}

#: Label encodings and the pos_label sklearn needs for them (None: inferred from {0, 1}).
LABELS = {
    "01": (lambda y: y, None),
    "-11": (lambda y: [2 * v - 1 for v in y], None),
    "12": (lambda y: [v + 1 for v in y], 2),
    "ab": (lambda y: ["ab"[v] for v in y], "b"),
    "bool": (lambda y: [bool(v) for v in y], None),
}


@st.composite
def binary_problems(draw: st.DrawFn) -> tuple[list, list, list[int] | None, object]:
    scores, labels = draw(datasets(max_size=30, need_both=draw(st.booleans())))
    form = draw(st.sampled_from(sorted(SCORE_FORMS)))
    encode, pos_label = LABELS[draw(st.sampled_from(sorted(LABELS)))]
    weights = None
    if draw(st.booleans()):
        weights = draw(st.lists(st.integers(0, 4), min_size=len(labels), max_size=len(labels)))
    return encode(labels), SCORE_FORMS[form](scores), weights, pos_label


@settings(max_examples=examples(3), deadline=None)
@given(binary_problems(), st.booleans(), st.sampled_from(CURVES))
@example(([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], None, None), True, "roc_curve")
@example(([1, 1, 1, 0], [4, 3, 2, 1], None, None), True, "roc_curve")
@example(([1, 0, 0, 1], [4, 3, 2, 1], None, None), True, "precision_recall_curve")
@example(([0, 1], [2**53 + 1, 2**53], None, None), False, "det_curve")
def test_curves_match_sklearn(problem, drop, name) -> None:
    y, s, w, pos = problem
    kwargs = {"pos_label": pos, "sample_weight": w, "drop_intermediate": drop}
    event(
        agree(
            lambda: getattr(twin, name)(y, s, **kwargs),
            lambda: getattr(metrics, name)(y, s, **kwargs),
        )
    )


@settings(max_examples=examples(1), deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)), min_size=3, max_size=20))
def test_multiclass_y_true_with_pos_label(rows) -> None:
    # roc_curve and precision_recall_curve take multiclass y_true when pos_label is given;
    # det_curve refuses any y_true without exactly two labels.
    s, y = [r[0] for r in rows], [r[1] for r in rows]
    for name in CURVES:
        outcome = agree(
            lambda name=name: getattr(twin, name)(y, s, pos_label=2),
            lambda name=name: getattr(metrics, name)(y, s, pos_label=2),
        )
        event(f"{name}: {outcome}")


def test_roc_curve_hand_cases() -> None:
    # sklearn's example: strict to loose (tp, fp) = (1, 0) at 0.8, (1, 1) at 0.4, (2, 1) at
    # 0.35, (2, 2) at 0.1.  No point is dropped: the second differences of fps at 0.4 and
    # 0.35 are 1 - 2 + 0 = -1 and 2 - 2 + 1 = 1.
    fpr, tpr, t = twin.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert fpr == (0, 0, F(1, 2), F(1, 2), 1) and tpr == (0, F(1, 2), F(1, 2), 1, 1)
    assert t == (twin.INF, F(0.8), F(0.4), F(0.35), F(0.1))
    # Scores 4, 3, 2, 1 with labels 1, 1, 1, 0: tps 1, 2, 3, 3 and fps 0, 0, 0, 1.  At 3 both
    # second differences are 0 (steps (1, 0) then (1, 0)): dropped; at 2 fps gives 1 - 0 + 0.
    fpr, tpr, t = twin.roc_curve([1, 1, 1, 0], [4, 3, 2, 1])
    assert (fpr, tpr, t) == ((0, 0, 0, 1), (0, F(1, 3), 1, 1), (twin.INF, 4, 2, 1))
    fpr, tpr, t = twin.roc_curve([1, 1, 1, 0], [4, 3, 2, 1], drop_intermediate=False)
    assert tpr == (0, F(1, 3), F(2, 3), 1, 1) and len(t) == 5


def test_precision_recall_curve_hand_case() -> None:
    # Scores 4, 3, 2, 1 with labels 1, 0, 0, 1: tps 1, 1, 1, 2 and fps 0, 1, 2, 2.  With
    # drop_intermediate the run tps = 1, 1, 1 keeps its first and last point: index 1 (score
    # 3) goes.  Kept: (1, 0), (1, 2), (2, 2): precision 1, 1/3, 1/2 and recall 1/2, 1/2, 1;
    # reversed (loose to strict), then sklearn's final point (precision 1, recall 0).
    p, r, t = twin.precision_recall_curve([1, 0, 0, 1], [4, 3, 2, 1], drop_intermediate=True)
    assert p == (F(1, 2), F(1, 3), 1, 1) and r == (1, F(1, 2), F(1, 2), 0) and t == (1, 2, 4)
    p, r, t = twin.precision_recall_curve([1, 0, 0, 1], [4, 3, 2, 1])
    assert p == (F(1, 2), F(1, 3), F(1, 2), 1, 1) and t == (1, 2, 3, 4)


def test_det_curve_hand_case() -> None:
    # Labels 0, 1, 0, 1 at scores 4, 3, 2, 1: with (0, 0) at INF first, tps 0, 0, 1, 1, 2 and
    # fps 0, 1, 1, 2, 2.  The last fp = 0 is index 0 (INF is kept), the first tp = 2 is index
    # 4; fnr = (2 - tp)/2, fpr = fp/2, reversed: thresholds 1, 2, 3, 4, INF.
    fpr, fnr, t = twin.det_curve([0, 1, 0, 1], [4, 3, 2, 1])
    assert fpr == (1, 1, F(1, 2), F(1, 2), 0) and fnr == (0, F(1, 2), F(1, 2), 1, 1)
    assert t == (1, 2, 3, 4, twin.INF)
    # drop_intermediate keeps the ends of each run of equal tps: tps 0, 0 | 1, 1 | 2 all kept
    # (every point is an end of its run); with labels 0, 0, 0, 1 the middle of 0, 0, 0, 0 goes.
    assert len(twin.det_curve([0, 0, 0, 1], [4, 3, 2, 1], drop_intermediate=True)[0]) == 3


def test_infinity_threshold() -> None:
    assert float(twin.INF) == math.inf and repr(twin.INF) == "INF"
    assert math.inf == twin.INF and F(10**100) < twin.INF and not twin.INF < 0


def test_big_int_scores_are_sorted_exactly_and_thresholds_rounded() -> None:
    # As sklearn: int64 scores 2**53 + 1 > 2**53 are two thresholds, both printed as the
    # double 2**53 by roc_curve (astype float64); precision_recall_curve keeps the ints.
    _, tpr, t = twin.roc_curve([0, 1], [2**53 + 1, 2**53])
    assert tpr == (0, 0, 1) and t == (twin.INF, 2**53, 2**53)
    assert twin.precision_recall_curve([0, 1], [2**53 + 1, 2**53])[2] == (2**53, 2**53 + 1)


REFUSED = [
    ("roc_curve", ([0, 1, 2], [1, 2, 3]), {}),  # multiclass without pos_label
    ("roc_curve", ([1, 2], [1, 2]), {}),  # labels {1, 2}: pos_label needed
    ("roc_curve", ([0.5, 1.0], [1, 2]), {}),  # continuous y_true
    ("roc_curve", ([0, 1], [math.nan, 1.0]), {}),
    ("roc_curve", ([0, 1], [math.inf, 1.0]), {}),
    ("roc_curve", ([0, 1], [1, 2, 3]), {}),  # lengths differ
    ("precision_recall_curve", ([0, 1], [1, 2]), {"sample_weight": [0, 0]}),
    ("det_curve", ([1, 1], [1, 2]), {}),  # one class
    ("det_curve", ([0, 1, 2], [1, 2, 3]), {"pos_label": 2}),  # three labels
]


@pytest.mark.parametrize(("name", "args", "kwargs"), REFUSED)
def test_refusals(name, args, kwargs) -> None:
    with pytest.raises(ValueError):
        getattr(metrics, name)(*args, **kwargs)
    with pytest.raises(InvalidInputError) as raised:
        getattr(twin, name)(*args, **kwargs)
    assert "\n" not in str(raised.value)


def test_one_class_gives_sklearns_nan_and_convention_with_its_warning() -> None:
    # hand-derived, scores 1 < 2: thresholds inf, 2, 1; with only positives fps = 0, 0, 0 over
    # N = 0 (nan, None here) and tps = 0, 1, 2 over P = 2; with only negatives the reverse.
    # precision_recall_curve without positives: precision 0 at 1 and 2, recall set to 1.
    with pytest.warns(OneClassWarning, match="No negative samples in y_true"):
        fpr, tpr, _ = twin.roc_curve([1, 1], [1, 2])
    assert fpr == (None, None, None) and tpr == (0, F(1, 2), 1)
    with pytest.warns(OneClassWarning, match="No positive samples in y_true"):
        fpr, tpr, _ = twin.roc_curve([0, 0], [1, 2])
    assert fpr == (0, F(1, 2), 1) and tpr == (None, None, None)
    with pytest.warns(OneClassWarning, match="recall is set to one"):
        precision, recall, _ = twin.precision_recall_curve([0, 0], [1, 2])
    assert precision == (0, 0, 1) and recall == (1, 1, 0)
    # sklearn itself, warnings included
    for y, name in (
        ([1, 1], "roc_curve"),
        ([0, 0], "roc_curve"),
        ([0, 0], "precision_recall_curve"),
    ):
        assert agree(
            lambda y=y, name=name: getattr(twin, name)(y, [1, 2]),
            lambda y=y, name=name: getattr(metrics, name)(y, [1, 2]),
        ) in ("nan", "warned")


def test_det_curve_with_one_class_of_nonzero_weight() -> None:
    # two labels, positives of weight 0: sklearn keeps the point (fp 0, inf) and divides
    # fns = 0 by P = 0 (nan, RuntimeWarning); fpr 0/2 = 0.
    with pytest.warns(OneClassWarning, match="invalid value"):
        fpr, fnr, cuts = twin.det_curve(
            [0, 1, 0, 1], [0.2, 0.6, 0.6, 0.9], sample_weight=[1, 0, 1, 0]
        )
    assert (fpr, fnr, cuts) == ((0,), (None,), (INF,))
    assert (
        agree(
            lambda: twin.det_curve([0, 1, 0, 1], [0.2, 0.6, 0.6, 0.9], sample_weight=[0, 1, 0, 1]),
            lambda: metrics.det_curve(
                [0, 1, 0, 1], [0.2, 0.6, 0.6, 0.9], sample_weight=[0, 1, 0, 1]
            ),
        )
        == "nan"
    )


@pytest.mark.parametrize("weights", [[1, -1], [1, float("nan")]])
def test_weights_the_twins_do_not_model(weights) -> None:
    # sklearn takes negative weights; the twins take non-negative numbers.
    with pytest.raises(InvalidInputError, match="sample_weight"):
        twin.roc_curve([0, 1], [1, 2], sample_weight=weights)


def test_fractional_weights_are_taken_at_their_binary_value() -> None:
    # dyadic weights: sklearn's float sums and divisions are exact, so equality is expected
    y, s, w = [0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.35], [0.5, 0.25, 1.5, 0.75, 2.0]
    fpr, tpr, _ = twin.roc_curve(y, s, sample_weight=w)
    expected = metrics.roc_curve(y, s, sample_weight=w)
    assert [float(v) for v in fpr] == expected[0].tolist()
    assert [float(v) for v in tpr] == expected[1].tolist()
