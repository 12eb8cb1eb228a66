"""Adding an area is one module: a toy method written as a method's module is, found everywhere.

The toy ``half-step`` is half the average precision, built the way ``areas/step.py`` builds its
record: its exact function, its array terms (the step terms, summed over 2P instead of P), its
certified digits and its mergeable share, all from the step module's own functions.  The
records in force (:func:`~rocpr_exact.areas.records.registered`) are the only registry: with
no other file edited, ``auc_pr``, the report (exact values and certified digits from numpy
arrays), the metric namespace and the engines' exact summary compute it.  On the curve of
scores 3, 2, 1 and labels 1, 0, 1 the step area is 1/2 * 1 + 1/2 * 2/3 = 5/6 (by hand), so the
toy is 5/12.  docs/architecture.md, "Adding an area", lists the files a real area touches.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import numpy as np

from rocpr_exact.areas.arrayterms import rising_digits
from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.areas.base import AreaRecord, AreaTerms, Chain, ratio_digits
from rocpr_exact.areas.records import area_records, registered
from rocpr_exact.areas.step import step_array_terms, step_pairs
from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.histogram import Histogram
from rocpr_exact.engines.summary import summarize
from rocpr_exact.exact.display import number
from rocpr_exact.oracle.metrics import metric_records
from rocpr_exact.output.report import build_report

DIVISOR = 2  # the step terms' sum over 2P


def half_step(curve: Curve, min_recall: Fraction | int = 0) -> Fraction:
    return auc_pr(curve, "step", min_recall=min_recall) / 2  # type: ignore[operator]


def _share(chain: Chain, digits: int) -> AreaTerms:
    return step_array_terms(chain.tps, chain.fps, chain.start)


_arrays = partial(rising_digits, step_array_terms, DIVISOR, half_step)
TOY = AreaRecord(
    "half-step",
    half_step,
    partial(ratio_digits, _arrays, step_pairs, DIVISOR),
    "Half the average precision (a test's toy area).",
    divisor=DIVISOR,
    share=_share,
    arrays=_arrays,
    terms=step_pairs,
)
CURVE = Curve.from_scores([3, 2, 1], [1, 0, 1])


def test_the_toy_area_is_computed_by_its_name() -> None:
    with registered(TOY):
        assert auc_pr(CURVE, "half-step") == Fraction(5, 12)
        assert auc_pr(CURVE, "half-step", min_recall=Fraction(1, 2)) == Fraction(1, 6)  # 2/3 / 4
        report = build_report(CURVE, digits=4)
        metrics = {record.name: record for record in metric_records()}
    assert report["auc_pr"]["half_step"] == {"exact": "5/12", "decimal": "0.4167"}
    assert metrics["auc_pr_half_step"].compute(CURVE) == Fraction(5, 12)
    assert TOY not in area_records()  # registered for the with block only


def test_the_report_certifies_the_toy_from_numpy_arrays() -> None:
    rng = np.random.default_rng(7)
    labels = (rng.random(5000) < 0.3).astype(np.int64)
    curve = Curve.from_scores(rng.integers(0, 10**9, 5000) + 2 * 10**8 * labels, labels)
    with registered(TOY):
        fast = build_report(curve, 25)["auc_pr"]["half_step"]
        assert TOY.arrays is not None and TOY.arrays(curve, 25, 0) == fast["decimal"]
    assert "exact" not in fast  # a large value: digits only, from the array terms
    assert fast["decimal"] == number(auc_pr(curve, "step") / 2, 25)["decimal"]  # type: ignore[operator]


def test_the_engines_merge_the_toy_share() -> None:
    groups = ((3, 1, 0), (2, 0, 1), (1, 1, 0), (0, 1, 2))
    curve = Curve.from_histogram(list(groups))
    with registered(TOY):
        summary = summarize(Histogram(groups), [1, 3])  # three ranges, merged
        methods = [record.method for record in area_records()]
    assert summary.auc_pr[methods.index("half-step")] == auc_pr(curve, "step") / 2  # type: ignore[operator]
