"""Twin vector cases for Spark (:mod:`rocpr_exact.profiles.spark.mllib`).

``area_under_roc`` / ``area_under_pr`` are ``areaUnderROC`` / ``areaUnderPR`` (of
``BinaryClassificationEvaluator(numBins=num_bins, weightCol=...)`` on one partition, or of
pyspark's ``BinaryClassificationMetrics``, whose numBins is always 1000: the default here);
``roc`` and ``pr`` are the curves' points.  The inputs are those of
``tests/data/spark_recorded.json`` (scripts/record_spark_mllib.py), so Spark's recorded areas
can be checked against these vectors.
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.profiles import spark as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "spark"
VERSION = TWINS.VERSION

NOTES: dict[str, str] = {
    "Ties": "Tied scores with both classes: one point.",
    "Binned": "num_bins with (distinct scores) // num_bins >= 2: runs of that many distinct "
    "scores merged into one point (the last run possibly shorter).",
    "Weights": "weights (weightCol): weighted counts.",
    "ZeroWeight": "Some weights are 0.",
    "MissingClass": "One class missing: not an error in Spark, and silent (recall or FPR 0 by "
    "convention, precision 1 at tp + fp = 0); the twin returns the same numbers with an "
    "OneClassWarning.",
    "OddLabels": "Labels other than 0 and 1: a label > 0.5 is a positive.",
    "Extreme": "Scores far apart in magnitude (subnormal, huge, -0.0).",
    "Refused": "Spark raises (a negative weight) or the twin refuses the input (NaN).",
}

AREAS = ("area_under_roc", "area_under_pr")
CURVES = ("roc", "pr")


def _calls(
    functions: tuple[str, ...],
    comment: str,
    scores: list[str],
    labels: list[str],
    *flags: str,
    **options: Any,
) -> list[TwinCase]:
    """The functions on one input; options: weights (an input), num_bins (a parameter)."""
    inputs: dict[str, Any] = {"scores": scores, "labels": labels}
    if "weights" in options:
        inputs["weights"] = options.pop("weights")
    return [TwinCase(comment, f, inputs, options, flags) for f in functions]


EXAMPLE = floats("0.1", "0.1", "0.4", "0.6", "0.6", "0.6", "0.8")
EXAMPLE_LABELS = floats("0.0", "1.0", "0.0", "0.0", "1.0", "1.0", "1.0")
SIXTY = floats(
    "0.9",
    "1.0",
    "0.1",
    "0.1",
    "0.9",
    "0.1",
    "0.9",
    "0.6",
    "0.5",
    "0.1",
    "0.0",
    "0.7",
    "0.5",
    "0.5",
    "0.5",
    "0.8",
    "0.7",
    "0.6",
    "0.4",
    "0.7",
    "0.7",
    "0.6",
    "0.8",
    "0.5",
    "0.0",
    "0.5",
    "0.1",
    "1.0",
    "0.2",
    "0.5",
    "0.9",
    "0.7",
    "0.9",
    "0.3",
    "0.2",
    "0.9",
    "0.8",
    "0.4",
    "0.7",
    "0.9",
    "0.1",
    "0.8",
    "0.4",
    "0.6",
    "0.5",
    "1.0",
    "0.8",
    "0.5",
    "0.3",
    "0.1",
    "0.1",
    "0.4",
    "0.8",
    "0.8",
    "0.2",
    "0.2",
    "0.7",
    "0.2",
    "0.1",
    "0.7",
)
SIXTY_LABELS = floats(
    *(
        "1.0" if c == "1" else "0.0"
        for c in "010101111001011111101000011110100001001010110100110111010010"
    )
)
ODD = (
    "odd labels: -1 and 0.5 negative, 0.7 positive",
    floats("0.9", "0.2", "0.3", "0.4"),
    floats("-1.0", "1.0", "0.5", "0.7"),
    "OddLabels",
)


def _both(kind: tuple[str, ...]) -> list[TwinCase]:
    return [
        *_calls(kind, "pyspark's example", EXAMPLE, EXAMPLE_LABELS, "Ties", num_bins=0),
        *_calls(
            kind, "pyspark's example, 2 bins", EXAMPLE, EXAMPLE_LABELS, "Ties", "Binned", num_bins=2
        ),
        *_calls(
            kind,
            "pyspark's example, weights",
            EXAMPLE,
            EXAMPLE_LABELS,
            "Ties",
            "Weights",
            weights=floats("1.0", "0.375", "0.25", "0.625", "0.875", "0.5", "0.75"),
            num_bins=0,
        ),
        *_calls(
            kind,
            "no negative",
            floats("0.1", "0.2", "0.3"),
            floats("1.0", "1.0", "1.0"),
            "MissingClass",
            num_bins=0,
        ),
        *_calls(kind, ODD[0], ODD[1], ODD[2], ODD[3], num_bins=0),
    ]


CASES: tuple[TwinCase, ...] = (
    *_both(AREAS),
    *_calls(AREAS, "pyspark's example, 1 bin", EXAMPLE, EXAMPLE_LABELS, "Ties", num_bins=1),
    *_calls(AREAS, "pyspark's example, 3 bins", EXAMPLE, EXAMPLE_LABELS, "Ties", num_bins=3),
    *_calls(AREAS, "pyspark's example, default 1000 bins", EXAMPLE, EXAMPLE_LABELS, "Ties"),
    *_calls(
        AREAS,
        "every score tied",
        floats("0.5", "0.5", "0.5"),
        floats("1.0", "0.0", "1.0"),
        "Ties",
        num_bins=0,
    ),
    *_calls(
        AREAS,
        "no positive",
        floats("0.1", "0.2", "0.3"),
        floats("0.0", "0.0", "0.0"),
        "MissingClass",
        num_bins=0,
    ),
    *_calls(
        AREAS,
        "weights of 0",
        floats("0.9", "0.8", "0.7", "0.6"),
        floats("1.0", "0.0", "1.0", "0.0"),
        "Weights",
        "ZeroWeight",
        weights=floats("0.0", "0.0", "1.0", "2.0"),
        num_bins=0,
    ),
    *_calls(
        AREAS,
        "extreme scores",
        floats("-1e+300", "1e-300", "5e-324", "1.152921504606847e+18", "-0.0"),
        floats("1.0", "0.0", "1.0", "0.0", "1.0"),
        "Extreme",
        num_bins=0,
    ),
    *_calls(
        AREAS,
        "extreme scores, 2 bins",
        floats("-1e+300", "1e-300", "5e-324", "1.152921504606847e+18", "-0.0"),
        floats("1.0", "0.0", "1.0", "0.0", "1.0"),
        "Extreme",
        "Binned",
        num_bins=2,
    ),
    *_calls(
        AREAS, "60 examples on 11 values, 2 bins", SIXTY, SIXTY_LABELS, "Ties", "Binned", num_bins=2
    ),
    *_calls(
        AREAS, "60 examples on 11 values, 3 bins", SIXTY, SIXTY_LABELS, "Ties", "Binned", num_bins=3
    ),
    *_calls(
        AREAS,
        "a negative weight",
        floats("0.2", "0.3"),
        floats("0.0", "1.0"),
        "Refused",
        weights=floats("1.0", "-1.0"),
    ),
    *_calls(AREAS, "a NaN score", floats("nan", "0.3"), floats("0.0", "1.0"), "Refused"),
    *_both(CURVES),
    *_calls(
        CURVES,
        "every score tied",
        floats("0.5", "0.5", "0.5"),
        floats("1.0", "0.0", "1.0"),
        "Ties",
        num_bins=0,
    ),
)
