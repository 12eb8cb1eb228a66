"""The multiclass and search twins of torchmetrics against brute forces and hand cases (no torch).

The brute forces count each point of the curve from its definition (every example compared with
the threshold) and pick the answer with Python's own ``max`` on floats, whose tuple comparison
with nan is the one torchmetrics' ``max`` over tensors performs.  Scores are multiples of 1/8 and
minima multiples of 1/4 (exact in float32, rates with denominators below 24), so float32
rounding can neither move a rate across a minimum nor merge two rates: the exact decision is
torchmetrics' decision.  The float32 decisions themselves are checked by hand below and against
torchmetrics' recorded outputs (test_torchmetrics_recorded.py).
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import (
    InvalidInputError,
    NoNegativesError,
    NoPositivesError,
    RocPrError,
    ToolRoundingWarning,
)
from rocpr_exact.profiles import torchmetrics as binary
from rocpr_exact.profiles.torchmetrics import fixed, multiclass
from tests.strategies import examples, multiclass_rows

F = Fraction
eighths = st.integers(0, 8).map(lambda k: k / 8)


@st.composite
def labelled(draw: Any) -> tuple[list[float], list[int]]:
    n = draw(st.integers(2, 20))
    preds = draw(st.lists(eighths, min_size=n, max_size=n))
    target = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    target[0], target[1] = 0, 1
    return preds, target


grids = st.none() | st.lists(eighths, min_size=1, max_size=6)
minima = st.integers(0, 4).map(lambda k: k / 4)


def _points(preds: list[float], target: list[int], cuts: list[float]) -> list[tuple[int, int]]:
    """(tp, fp) at each threshold: the examples scored at or above it."""
    return [
        (
            sum(1 for s, y in zip(preds, target, strict=True) if y and s >= t),
            sum(1 for s, y in zip(preds, target, strict=True) if not y and s >= t),
        )
        for t in cuts
    ]


def _pr_points(preds: list[float], target: list[int], grid: Any) -> list[tuple[Any, ...]]:
    """(precision or nan, recall, threshold) in torchmetrics' order, the last point left out.

    Each nan is a new object, as each of torch's 0-d tensors is: Python's tuple comparison
    takes ``math.nan`` as equal to itself (identity), a tensor nan as unequal, so ``max`` of
    tuples led by one shared ``math.nan`` would look past it where torch's ``max`` does not.
    """
    cuts = sorted(set(preds)) if grid is None else grid
    positives = sum(target)
    return [
        (F(tp, tp + fp) if tp + fp else float("nan"), F(tp, positives), F(t))
        for (tp, fp), t in zip(_points(preds, target, cuts), cuts, strict=True)
    ]


def _roc_points(preds: list[float], target: list[int], grid: Any) -> list[tuple[Any, ...]]:
    """(specificity, sensitivity, threshold) in torchmetrics' order ((0, 0) at 1 first)."""
    positives, negatives = sum(target), len(target) - sum(target)
    if grid is None:
        cuts = sorted(set(preds), reverse=True)
        counts = [(0, 0), *_points(preds, target, cuts)]
        cuts = [1.0, *cuts]
    else:
        cuts = grid[::-1]
        counts = _points(preds, target, cuts)
    return [
        (1 - F(fp, negatives), F(tp, positives), F(t))
        for (tp, fp), t in zip(counts, cuts, strict=True)
    ]


def _same(got: tuple[Any, Any], expected: tuple[Any, Any]) -> None:
    """Equal exact values; the twin's None where the brute force has nan."""
    for a, b in zip(got, expected, strict=True):
        assert (a is None and math.isnan(b)) if isinstance(b, float) else a == b, (got, expected)


@settings(max_examples=examples(1))
@given(labelled(), grids, minima)
def test_pr_searches_equal_the_brute_force(data: Any, grid: Any, floor: float) -> None:
    preds, target = data
    points = _pr_points(preds, target, grid)
    chosen = [(r, p, t) for p, r, t in points if p >= floor]  # nan >= floor is False
    recall, _, t = max(chosen) if chosen else (F(0), F(0), math.nan)
    expected = (recall, t if recall else math.nan)
    _same(fixed.binary_recall_at_fixed_precision(preds, target, floor, grid), expected)
    chosen = [(p, r, t) for p, r, t in points if r >= floor]
    precision, _, t = max(chosen) if chosen else (F(0), F(0), math.nan)  # Python's max, nan
    expected = (precision, math.nan if precision == 0 else t)
    _same(fixed.binary_precision_at_fixed_recall(preds, target, floor, grid), expected)


@settings(max_examples=examples(1))
@given(labelled(), grids, minima)
def test_roc_searches_equal_the_brute_force(data: Any, grid: Any, floor: float) -> None:
    preds, target = data
    if sum(target) == len(target):
        target[0] = 0
    points = _roc_points(preds, target, grid)
    chosen = [(sp, t) for sp, sn, t in points if sn >= floor]
    found = max(chosen, key=lambda c: c[0]) if chosen else (F(0), F(10**6))  # the first
    _same(fixed.binary_specificity_at_sensitivity(preds, target, floor, grid), found)
    chosen = [(sn, t) for sp, sn, t in points if sp >= floor]
    found = max(chosen, key=lambda c: c[0]) if chosen else (F(0), F(10**6))
    _same(fixed.binary_sensitivity_at_specificity(preds, target, floor, grid), found)


def test_the_float32_decisions_by_hand() -> None:
    # precision 2/20 = 1/10 at 0.5 (recall 1), 1 at 0.9 (recall 1/2).  A list is float32:
    # fl32(1/10) = 13421773/2**27 >= fl32(0.1000000015), the same float; so recall 1 at 0.5.
    preds, target = [0.9] + [0.5] * 19, [1, 1] + [0] * 18
    got = fixed.binary_recall_at_fixed_precision(preds, target, 0.1000000015)
    assert got == (1, F(1, 2))
    # float64 preds: torch compares in float64, 13421773/2**27 < 0.1000000015: only 0.9 is left
    wide = np.array(preds, dtype=np.float64)
    assert fixed.binary_recall_at_fixed_precision(wide, target, 0.1000000015) == (F(1, 2), F(0.9))
    # tpr 1/3 at 0.9: fl32(1/3) = 0.3333333432674408 = fl32(0.33333334) qualifies (spec 1),
    # though 1/3 < 0.33333334 exactly
    got = fixed.binary_specificity_at_sensitivity(
        [0.9, 0.8, 0.7, 0.6, 0.5], [1, 0, 1, 0, 1], 0.33333334
    )
    assert got == (1, Fraction(np.float32(0.9).item()))


def test_the_not_found_answers() -> None:
    # no point has precision 1 (the top score is a negative): torchmetrics' (0, nan)
    assert fixed.binary_recall_at_fixed_precision([0.9, 0.1], [0, 1], 1.0) == (0, None)
    # min_recall 0 lets the first binned point qualify, whose precision is nan (no score
    # reaches 0.9): it stays Python's max, so (nan, 0.9) as torchmetrics returns
    got = fixed.binary_precision_at_fixed_recall([0.2, 0.4], [0, 1], 0.0, thresholds=[0.9, 0.1])
    assert got == (None, Fraction(np.float32(0.9).item()))
    # specificity 1 only at the point (0, 0) that torchmetrics puts at threshold 1
    assert fixed.binary_sensitivity_at_specificity([0.9, 0.1], [0, 1], 1.0) == (0, 1)
    # no score reaches the one threshold 0.95: tpr 0 < 1/2, torchmetrics' (0, 1e6)
    got = fixed.binary_specificity_at_sensitivity([0.9, 0.1], [0, 1], 0.5, thresholds=[0.95])
    assert got == (0, 10**6)


def _mann_whitney(scores: list[float], positive: list[bool]) -> Fraction:
    pos = [s for s, y in zip(scores, positive, strict=True) if y]
    neg = [s for s, y in zip(scores, positive, strict=True) if not y]
    if not pos or not neg:
        return F(0)  # torchmetrics' zero tpr or fpr
    wins = sum(F(int(a > b) * 2 + int(a == b), 2) for a in pos for b in neg)
    return wins / (len(pos) * len(neg))


def _ap(scores: list[float], positive: list[bool]) -> Fraction:
    total, before, hits = F(0), F(0), sum(positive)
    for t in sorted(set(scores), reverse=True):
        tp = sum(1 for s, y in zip(scores, positive, strict=True) if y and s >= t)
        fp = sum(1 for s, y in zip(scores, positive, strict=True) if not y and s >= t)
        total += (F(tp, hits) - before) * F(tp, tp + fp)
        before = F(tp, hits)
    return total


multiclass_data = multiclass_rows(eighths, 4, 15)


@settings(max_examples=examples(1))
@given(multiclass_data)
def test_multiclass_equals_the_brute_force(data: Any) -> None:
    preds, target, classes = data
    columns = [[row[c] for row in preds] for c in range(classes)]
    support = [target.count(c) for c in range(classes)]
    aurocs = [_mann_whitney(columns[c], [y == c for y in target]) for c in range(classes)]
    assert multiclass.multiclass_auroc(preds, target, classes, average=None) == tuple(aurocs)
    assert multiclass.multiclass_auroc(preds, target, classes) == sum(aurocs) / classes
    weighted = sum(a * n for a, n in zip(aurocs, support, strict=True)) / len(target)
    assert multiclass.multiclass_auroc(preds, target, classes, "weighted") == weighted
    aps = [
        _ap(columns[c], [y == c for y in target])
        if support[c]
        else (F(0) if not any(target) else None)
        for c in range(classes)
    ]
    assert multiclass.multiclass_average_precision(preds, target, classes, None) == tuple(aps)
    present = [(a, n) for a, n in zip(aps, support, strict=True) if a is not None]
    macro = multiclass.multiclass_average_precision(preds, target, classes)
    assert macro == sum(a for a, _ in present) / len(present)
    weighted = sum(a * n for a, n in present) / sum(n for _, n in present)
    assert multiclass.multiclass_average_precision(preds, target, classes, "weighted") == weighted


@settings(max_examples=examples(1))
@given(multiclass_data, st.integers(2, 9) | st.lists(eighths, min_size=1, max_size=5))
def test_binned_classes_are_the_binary_twins(data: Any, grid: Any) -> None:
    preds, target, classes = data
    aurocs = multiclass.multiclass_auroc(preds, target, classes, None, thresholds=grid)
    aps = multiclass.multiclass_average_precision(preds, target, classes, None, thresholds=grid)
    for c in range(classes):
        column, labels = [row[c] for row in preds], [int(y == c) for y in target]
        if 0 < sum(labels) < len(labels):
            assert aurocs[c] == binary.binary_auroc(column, labels, thresholds=grid)
        else:
            assert aurocs[c] == 0
        expected = (
            binary.binary_average_precision(column, labels, thresholds=grid) if any(labels) else 0
        )
        assert aps[c] == expected


def test_torchmetrics_docstring_example() -> None:
    # torchmetrics' own example: AUROC (1, 1, 1/3, 1/3, 0), class 4 absent; macro 8/15 (0.5333)
    preds = [[0.75 if i == j else 0.05 for j in range(5)] for i in range(4)]
    values = multiclass.multiclass_auroc(preds, [0, 1, 3, 2], 5, average=None)
    assert values == (1, 1, F(1, 3), F(1, 3), 0)
    assert multiclass.multiclass_auroc(preds, [0, 1, 3, 2], 5) == F(8, 15)


def _refuses(error: type[RocPrError], word: str, call: Any, *args: Any, **kwargs: Any) -> None:
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert "\n" not in message and word in message, message


@pytest.mark.parametrize("name", multiclass.__all__)
def test_multiclass_refusals(name: str) -> None:
    function = getattr(multiclass, name)
    good = [[0.2, 0.8], [0.6, 0.4]]
    _refuses(InvalidInputError, "softmax", function, [[2.0, -1.0], [0.5, 0.5]], [0, 1], 2)
    _refuses(InvalidInputError, "preds", function, [[1, 0], [0, 1]], [0, 1], 2)
    _refuses(InvalidInputError, "shape", function, [0.2, 0.8], [0, 1], 2)
    _refuses(InvalidInputError, "columns", function, good, [0, 1], 3)
    _refuses(InvalidInputError, "class", function, good, [0, 2], 2)
    _refuses(InvalidInputError, "target", function, good, [0.0, 1.0], 2)
    _refuses(InvalidInputError, "num_classes", function, good, [0, 1], 1)
    _refuses(InvalidInputError, "average", function, good, [0, 1], 2, average="micro")
    _refuses(InvalidInputError, "ignore_index", function, good, [0, 0], 2, ignore_index=0)
    _refuses(InvalidInputError, "thresholds", function, good, [0, 1], 2, thresholds=1)


BINARY_SEARCHES = [name for name in fixed.__all__ if name.startswith("binary_")]
MULTICLASS_SEARCHES = [name for name in fixed.__all__ if name.startswith("multiclass_")]


@pytest.mark.parametrize("name", BINARY_SEARCHES)
def test_search_refusals(name: str) -> None:
    function = getattr(fixed, name)
    for bad in (-0.1, 1.5, "0.5", True):
        _refuses(InvalidInputError, "min_", function, [0.2, 0.4], [0, 1], bad)
    # logits: torchmetrics' float32 sigmoid, 1 / (1 + exp(-x)) in float32, exp(-x) the double
    # math.exp rounded to float32 (torch 2.13 gives 0.3775406777858734 and 0.8175744414329529
    # too); the twin warns that torch's exp (within 1 ulp) could move a threshold
    one = np.float32(1)
    probabilities = [float(one / (one + np.float32(math.exp(-x)))) for x in (-0.5, 1.5)]
    assert probabilities == [0.3775406777858734, 0.8175744414329529]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolRoundingWarning)
        assert function([-0.5, 1.5], [0, 1], 0.5) == function(probabilities, [0, 1], 0.5)
    _refuses(NoPositivesError, "positive", function, [0.2, 0.4], [0, 0], 0.5)
    if "sensitivity" in name:
        _refuses(NoNegativesError, "negative", function, [0.2, 0.4], [1, 1], 0.5)
    else:  # a PR curve needs no negative
        assert function([0.2, 0.4], [1, 1], 0.5) == (1, F(np.float32(0.2).item()))


@settings(max_examples=examples(1))
@given(multiclass_data, st.none() | st.lists(eighths, min_size=1, max_size=5), minima)
def test_multiclass_searches_are_the_binary_searches(data: Any, grid: Any, floor: float) -> None:
    preds, target, classes = data
    for name in MULTICLASS_SEARCHES:
        task = name.removeprefix("multiclass_")
        try:
            values, cuts = getattr(fixed, name)(preds, target, classes, floor, thresholds=grid)
        except InvalidInputError as error:  # an absent class with min_precision 0
            assert task == "recall_at_fixed_precision" and floor == 0 and "absent" in str(error)
            assert isinstance(error, IndexError)  # as torch fails
            continue
        for c in range(classes):
            column, labels = [row[c] for row in preds], [int(y == c) for y in target]
            if 0 < sum(labels) < len(labels):
                expected = getattr(fixed, f"binary_{task}")(column, labels, floor, thresholds=grid)
            elif "fixed" in task and not any(labels) and floor > 0:  # absent: no PR point
                expected = (0, None)
            else:  # a ROC search on torchmetrics' zero rates: by hand below
                continue
            assert (values[c], cuts[c]) == expected


def test_multiclass_searches_on_absent_classes() -> None:
    # class 2 is absent: tpr 0 everywhere, so min_sensitivity 0.5 finds nothing (0, 1e6);
    # its fpr runs 0, 1/3, 2/3, 1 over thresholds 1, 0.5, 0.25, 0.125: with min_specificity
    # 0.5 the first largest tpr (0) is at threshold 1, specificity 1
    preds = [[0.5, 0.25, 0.125], [0.25, 0.5, 0.25], [0.125, 0.25, 0.5]]
    target = [0, 1, 0]
    values, cuts = fixed.multiclass_specificity_at_sensitivity(preds, target, 3, 0.5)
    assert (values[2], cuts[2]) == (0, 10**6)
    values, cuts = fixed.multiclass_sensitivity_at_specificity(preds, target, 3, 0.5)
    assert (values[2], cuts[2]) == (0, 1)
    # a tiny min_sensitivity: torch compares the zeros in their dtype, torch.zeros_like(thres)
    # (roc.py, _binary_roc_compute), float32 for lists (2**-200 rounds to 0 there: 0 >= 0, the
    # first largest specificity, 1 at threshold 1) but float64 for float64 preds (0 < 2**-200:
    # nothing qualifies, (0, 1e6)); torch 2.13 / torchmetrics 1.9 gave these in -m torch
    tiny = 2.0**-200
    values, cuts = fixed.multiclass_specificity_at_sensitivity(preds, target, 3, tiny)
    assert (values[2], cuts[2]) == (1, 1)
    values, cuts = fixed.multiclass_specificity_at_sensitivity(np.array(preds), target, 3, tiny)
    assert (values[2], cuts[2]) == (0, 10**6)
    values, cuts = fixed.multiclass_precision_at_fixed_recall(preds, target, 3, 0.5)
    assert (values[2], cuts[2]) == (0, None)
    # every target 0, min_precision 0: torchmetrics sets the absent classes' recall to 1 (its
    # precisions are 0, all qualify) and _lexargmax takes the highest threshold
    values, cuts = fixed.multiclass_recall_at_fixed_precision(preds, [0, 0, 0], 3, 0.0)
    assert (values, cuts) == ((1, 1, 1), (F(1, 2), F(1, 2), F(1, 2)))
    # ... and class 0 too (every example positive, precision 1): its highest score, 1/2,
    # not its lowest; precision at a fixed recall likewise
    values, cuts = fixed.multiclass_precision_at_fixed_recall(preds, [0, 0, 0], 3, 0.5)
    assert (values, cuts) == ((1, 0, 0), (F(1, 2), None, None))
    _refuses(  # otherwise its recalls are nan and torchmetrics' _lexargmax fails
        InvalidInputError,
        "absent",
        fixed.multiclass_recall_at_fixed_precision,
        preds,
        target,
        3,
        0.0,
    )


def test_every_twin_imports_from_the_one_torchmetrics_module() -> None:
    # As every function is in torchmetrics.functional: the searches and the multiclass areas
    # (defined in two other modules, which import this one) are reachable under one name.
    public = [
        name
        for module in (fixed, multiclass)
        for name in module.__all__
        if name.startswith(("binary_", "multiclass_"))
    ]
    assert len(public) == 10
    for name in public:
        assert name in binary.__all__
        home = fixed if name in fixed.__all__ else multiclass
        assert getattr(binary, name) is getattr(home, name)
    namespace: dict[str, Any] = {}
    exec("from rocpr_exact.profiles.torchmetrics import *", namespace)
    assert set(binary.__all__) <= set(namespace)
    with pytest.raises(AttributeError, match="no attribute 'binary_f1'"):
        binary.binary_f1  # noqa: B018
