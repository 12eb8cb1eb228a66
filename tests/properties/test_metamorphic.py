"""Metamorphic properties: two routes to the same data give the same exact values.

* integer weights equal replicated rows (every count and every area);
* rational weights equal integer weights scaled by a common factor (every area but
  Davis-Goadrich's, which depends on the count unit);
* weight 0 equals dropping the row;
* a micro average equals the binary metric of the pooled columns (sklearn's ``average="micro"``
  ravels the indicator matrix, weights repeated per column);
* a partial ROC area over [0, 1] (either focus, McClish off) equals the full area.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.areas.partial import partial_auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import NoNegativesError, NoPositivesError
from rocpr_exact.profiles import sklearn as twin
from tests.strategies import any_dataset, examples

#: (score, label, integer weight) rows: small scores, so ties are common.
weighted_rows = st.lists(
    st.tuples(st.integers(0, 6), st.integers(0, 1), st.integers(0, 4)), min_size=1, max_size=25
)


def areas(curve: Curve) -> dict[str, Any]:
    """Every area of a curve, or the error class where it is undefined."""
    out: dict[str, Any] = {}
    for name, area in [("roc", auc_roc), *((m, lambda c, m=m: auc_pr(c, m)) for m in PR_METHODS)]:
        try:
            out[name] = area(curve)
        except (NoPositivesError, NoNegativesError) as exc:
            out[name] = type(exc).__name__
    return out


@settings(max_examples=examples())
@given(weighted_rows)
def test_integer_weights_equal_replicated_rows(rows: list[tuple[int, int, int]]) -> None:
    replicated = [(s, y) for s, y, w in rows for _ in range(w)]
    assume(replicated)
    scores, labels, weights = zip(*rows, strict=True)
    weighted = Curve.from_scores(scores, labels, weights=weights)
    plain = Curve.from_scores([s for s, _ in replicated], [y for _, y in replicated])
    assert (weighted.tps, weighted.fps) == (plain.tps, plain.fps)
    assert (weighted.positives, weighted.negatives) == (plain.positives, plain.negatives)
    assert areas(weighted) == areas(plain)


@settings(max_examples=examples())
@given(weighted_rows, st.integers(1, 10**6), st.sampled_from(["fraction", "decimal", "float"]))
def test_rational_weights_equal_scaled_integer_weights(
    rows: list[tuple[int, int, int]], denominator: int, form: str
) -> None:
    assume(any(w for _, _, w in rows))
    scores, labels, weights = zip(*rows, strict=True)
    if form == "fraction":
        rational: list[Any] = [Fraction(w, denominator) for w in weights]
    elif form == "decimal":
        rational = [f"{w}e-{denominator % 20}" for w in weights]  # decimal text, w / 10**k
    else:
        rational = [w / 2 ** (denominator % 60) for w in weights]  # exact binary floats
    scaled = Curve.from_scores(scores, labels, weights=rational)
    integer = Curve.from_scores(scores, labels, weights=weights)
    # Davis-Goadrich interpolates at every integer TP, so it depends on the count unit (weights
    # (2, 2) and (1/5, 1/5) give different areas, as 4 rows and 2 rows do); every other area
    # is a function of the rates alone
    unit_free = {k: v for k, v in areas(scaled).items() if k != "davis-goadrich"}
    assert unit_free == {k: v for k, v in areas(integer).items() if k != "davis-goadrich"}
    # the counts are the integer weights times one common factor (lcm / denominator)
    factor = Fraction(scaled.positives + scaled.negatives, integer.positives + integer.negatives)
    assert scaled.tps == tuple(factor * t for t in integer.tps)
    assert scaled.fps == tuple(factor * f for f in integer.fps)


@settings(max_examples=examples())
@given(weighted_rows, st.data())
def test_weight_zero_equals_dropping_the_row(rows: list[tuple[int, int, int]], data: Any) -> None:
    dropped = data.draw(st.sets(st.integers(0, len(rows) - 1)))
    kept = [row for i, row in enumerate(rows) if i not in dropped]
    assume(any(w for _, _, w in kept))
    scores, labels, weights = zip(*rows, strict=True)
    zeroed = [0 if i in dropped else w for i, w in enumerate(weights)]
    with_zeros = Curve.from_scores(scores, labels, weights=zeroed)
    k_scores, k_labels, k_weights = zip(*kept, strict=True)
    without = Curve.from_scores(k_scores, k_labels, weights=k_weights)
    assert with_zeros == without and with_zeros.thresholds == without.thresholds
    assert areas(with_zeros) == areas(without)


#: A multilabel problem: n rows, k columns of 0/1 labels and scores in eighths (exact doubles).
multilabel = st.tuples(st.integers(2, 12), st.integers(2, 4)).flatmap(
    lambda nk: st.tuples(
        st.lists(
            st.lists(st.integers(0, 1), min_size=nk[1], max_size=nk[1]),
            min_size=nk[0],
            max_size=nk[0],
        ),
        st.lists(
            st.lists(st.integers(0, 8).map(lambda i: i / 8), min_size=nk[1], max_size=nk[1]),
            min_size=nk[0],
            max_size=nk[0],
        ),
        st.none() | st.lists(st.integers(0, 3), min_size=nk[0], max_size=nk[0]),
    )
)


@settings(max_examples=examples())
@given(multilabel)
def test_micro_average_equals_the_pooled_binary_curve(problem: Any) -> None:
    y, s, w = problem
    k = len(y[0])
    pooled_y = [v for row in y for v in row]
    pooled_s = [v for row in s for v in row]
    pooled_w = None if w is None else [wi for wi in w for _ in range(k)]
    assume(w is None or any(w))
    pooled = Curve.from_scores(pooled_s, pooled_y, weights=pooled_w)
    if pooled.positives == 0:
        return
    assert twin.average_precision_score(y, s, average="micro", sample_weight=w) == auc_pr(
        pooled, "step"
    )
    if pooled.negatives:
        assert twin.roc_auc_score(y, s, average="micro", sample_weight=w) == auc_roc(pooled)


@settings(max_examples=examples())
@given(any_dataset)
def test_partial_area_over_the_whole_range_is_the_full_area(dataset: Any) -> None:
    curve = Curve.from_scores(*dataset)
    assume(curve.positives and curve.negatives)
    full = auc_roc(curve)
    assert partial_auc_roc(curve, 0, 1) == full
    assert partial_auc_roc(curve, 0, 1, focus="tpr") == full
    # and it is additive over a split point
    cut = Fraction(1, 3)
    assert partial_auc_roc(curve, 0, cut) + partial_auc_roc(curve, cut, 1) == full
