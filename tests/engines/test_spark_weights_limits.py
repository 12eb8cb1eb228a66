"""The spark engine: range shares with integer weights; the driver's limits on the executors."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.core.curve import Curve
from rocpr_exact.core.data import ZERO_WEIGHTS
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.output.report import build_report
from tests.engines.test_spark import _uneven, recorded_estimate
from tests.strategies import examples

pytestmark = pytest.mark.spark

SCHEMA = "score double, label int, w long"


@st.composite
def _weighted(draw):
    """Tied float scores, labels, weights 0 to 5 (0 drops a row) with both classes weighted,
    digits, and the layout: uneven partitions and score ranges for each of the two runs."""
    n = draw(st.integers(2, 100))
    scores = draw(st.lists(st.integers(0, 19), min_size=n, max_size=n))
    labels = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    weights = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    pos = sum(w for w, y in zip(weights, labels, strict=True) if y)
    neg = sum(w for w, y in zip(weights, labels, strict=True) if not y)
    if pos == 0 or neg == 0:
        labels, weights = [1, 0, *labels], [1, 1, *weights]
        scores = [3, 3, *scores]  # a tie of both classes
    layout = draw(st.integers(1, 13)), draw(st.integers(1, 9)), draw(st.integers(1, 9))
    return [s / 8 for s in scores], labels, weights, draw(st.integers(1, 20)), layout


# About eight Spark jobs an example (seconds each, whatever the data's size; one dataset per
# job): 15 examples in the ci profile (2 in dev), not 30, each drawing more than before: up to
# 100 rows and 20 distinct scores (was 50 and 10), 1 to 13 partitions (was 9), 1 to 9 ranges
# for each run (was 5 for both); the report's estimate is reused for the second run.
@given(_weighted())
@settings(
    max_examples=examples(Fraction(1, 40)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_weighted_range_shares_equal_the_single_process_weighted_report(spark, case):
    """Integer weights on the range-share path (quantile ranges, pass 1 with DECIMAL sums of
    the weights, pass 2 on the executors) give the report of one process on the same weighted
    data, ``Curve.from_scores(..., weights=...)``: with the rising steps collected, the very
    report; from the merged enclosures alone (collect=-1), the same digits."""
    from rocpr_exact.engines import spark as engine
    from rocpr_exact.engines.sparkranges import ranged_report

    scores, labels, weights, digits, (partitions, ranges, again) = case
    rows = list(zip(scores, labels, weights, strict=True))
    df = _uneven(spark, rows, SCHEMA, partitions)
    curve = Curve.from_scores(scores, labels, weights=weights)
    expected = build_report(curve, digits)
    seen = []
    with recorded_estimate(engine, seen):
        got = engine.report(
            df, "score", "label", "w", digits=digits, distributed=True, partitions=ranges
        )
    assert got == expected
    (stats,) = seen  # the range path: one estimate
    enclosed = ranged_report(
        df, "score", "label", stats, digits, lambda m: auc_pr(curve, m), again, -1, "w"
    )
    assert {k: v for k, v in enclosed.items() if k != "auc_pr"} == {
        k: v for k, v in expected.items() if k != "auc_pr"
    }
    assert enclosed["auc_pr"] == {
        k: {"decimal": v["decimal"]} for k, v in expected["auc_pr"].items()
    }


def test_weighted_many_distinct_scores_never_collect_the_rows(spark, monkeypatch):
    """Past HISTOGRAM_DISTINCT (lowered here) a weighted report takes the range shares by
    default; a weight of 2^31 counts as 2^31 rows (int64 on the workers, exact sums in Spark)."""
    from rocpr_exact.engines import spark as engine

    rnd = random.Random(5)
    labels = [rnd.randrange(2) for _ in range(2000)]
    scores = [rnd.random() + 0.3 * y for y in labels]
    weights = [rnd.choice((0, 1, 2, 7)) for _ in labels]
    weights[0] = 2**31
    df = _uneven(spark, list(zip(scores, labels, weights, strict=True)), SCHEMA, 7)
    monkeypatch.setattr(engine, "HISTOGRAM_DISTINCT", 100)
    monkeypatch.setattr(engine, "histogram", None)  # the histogram path would fail
    got = engine.report(df, "score", "label", "w", digits=12)
    curve = Curve.from_scores(scores, labels, weights=weights)
    assert (got["positives"], got["negatives"]) == (curve.positives, curve.negatives)
    assert got["auc_roc"] == build_report(curve, 12)["auc_roc"]  # exact (a fraction)
    assert got["auc_pr"]["step"]["decimal"] == build_report(curve, 12)["auc_pr"]["step"]["decimal"]


@pytest.mark.parametrize(
    ("weights", "error"),
    [
        ([0, 0, 0], re.escape(ZERO_WEIGHTS)),
        ([1, -2, 1], "NULL or negative weights"),
        ([1, None, 1], "NULL"),
    ],
)
def test_bad_weights_on_the_range_path_are_one_line(spark, weights, error):
    from rocpr_exact.engines import spark as engine

    rows = list(zip([0.9, 0.5, 0.1], [1, 0, 1], weights, strict=True))
    df = spark.createDataFrame(rows, SCHEMA)
    with pytest.raises(InvalidInputError, match=error):
        engine.report(df, "score", "label", "w", distributed=True)


def _frame(spark):
    rnd = random.Random(3)
    labels = [rnd.randrange(2) for _ in range(400)]
    scores = [rnd.randrange(1000) / 7 + 60 * y for y in labels]
    return _uneven(spark, list(zip(scores, labels, strict=True)), "score double, label int", 5)


def test_the_drivers_limits_apply_on_the_executors_range_shares(spark):
    """Under limits.using on the driver, a range's enclosure on an executor is bounded by the
    same limits (max_decimal_work here): the refusal names the range's work, so it comes from
    an executor (the driver's own checks name the whole curve), as one ResourceLimitError."""
    from rocpr_exact.engines.sparkranges import distinct_estimate, ranged_report

    df = _frame(spark)
    stats = distinct_estimate(df, "score", "label")

    def run():
        return ranged_report(df, "score", "label", stats, 20, lambda m: 0, 3, -1)

    assert run()["positives"] > 0  # the defaults let it through
    with limits.using(max_decimal_work=1), pytest.raises(ResourceLimitError) as caught:
        run()
    assert caught.value.limit == "max_decimal_work"
    assert "the AUC-PR share of one score range" in str(caught.value)


def test_the_drivers_limits_apply_on_the_executors_exact_shares(spark):
    """The exact shares (summarize_range on the executors, then merged on the driver) under a
    tiny max_sum_digits: refused on the executors; the driver's merge checks no sum, so with
    the executors' defaults the same call would succeed (as it does outside the block)."""
    from rocpr_exact.engines import spark as engine

    df = _frame(spark)
    assert engine.summary(df, "score", "label", partitions=3).is_whole
    with limits.using(max_sum_digits=2), pytest.raises(ResourceLimitError) as caught:
        engine.summary(df, "score", "label", partitions=3)
    assert caught.value.limit == "max_sum_digits"
