"""Twin vector cases for pROC 1.18.0's DeLong inference (:mod:`rocpr_exact.profiles.proc.delong`).

``var``, ``ci_auc``, ``cov`` and ``roc_test`` take pROC curves; a case gives the data of
``roc(response, predictor, direction)`` (and of a second curve: ``predictor2`` on the same
response, paired, or ``response2`` and ``predictor2``, unpaired), and a small adapter builds
the curves with :func:`rocpr_exact.profiles.proc.roc` and calls the twin, as
scripts/record_r_twin_vectors.R calls ``var(r)``, ``ci.auc(r, conf.level)``,
``cov(r1, r2, method = "delong")`` and ``roc.test(r1, r2, method = "delong", paired)`` in R.
``ci_auc`` gives (lower, AUC, upper); ``roc_test`` gives (statistic, p-value, then the
interval of the difference when paired, the degrees of freedom when unpaired).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.profiles.case import LABELS20, SCORES20, TwinCase, floats
from rocpr_exact.profiles.proc import delong as proc_delong
from rocpr_exact.profiles.proc import roc

__all__ = ["ADAPTERS", "CASES", "NOTES"]

NOTES: dict[str, str] = {
    "Delong": "DeLong's variance, interval, covariance or test: irrational values (interval "
    "ends, Z, D) are rounded to 30 certified places, p-values to 20 certified significant "
    "digits; variances, covariances and df are exact.",
    "OneCase": "One case or one control: pROC's variance is NA (R's var of one value).",
    "Clipped": "ci.auc clips the interval to [0, 1].",
    "Unpaired": "Curves on different responses: cov is 0; roc.test is Student's t with "
    "pROC's degrees of freedom.",
    "ZeroSigma": "The difference and its variance are both 0: pROC's Z is 0, p = 1.",
    "PairedNA": "A predictor with NA: the kept responses differ, the original ones agree, so "
    "pROC's are.paired pairs the curves; roc.test rebuilds both on the complete cases, cov "
    "pairs the i-th case (control) of each curve (R's cov stops when the counts differ).",
    "Level01": "conf.level 0 (qnorm(1/2): the AUC, or the difference, twice) or 1 (-+Inf, "
    "clipped to [0, 1] by ci.auc).",
}


def _curve(response: Any, predictor: Any, direction: Any) -> Any:
    return roc(response=response, predictor=predictor, direction=direction)


def _var(response: Any, predictor: Any, direction: Any = "auto") -> Fraction | None:
    return proc_delong.var(_curve(response, predictor, direction))


def _ci_auc(
    response: Any, predictor: Any, direction: Any = "auto", conf_level: Any = None
) -> tuple[Fraction | None, ...]:
    curve = _curve(response, predictor, direction)
    if conf_level is None:  # the twin's default, pROC's 0.95 (read as a double by both)
        return proc_delong.ci_auc(curve)
    return proc_delong.ci_auc(curve, conf_level)


def _pair(
    response: Any, predictor: Any, predictor2: Any, response2: Any, direction: Any
) -> tuple[Any, Any]:
    second = response if response2 is None else response2
    return _curve(response, predictor, direction), _curve(second, predictor2, direction)


def _cov(
    response: Any,
    predictor: Any,
    predictor2: Any,
    response2: Any = None,
    direction: Any = "auto",
) -> Fraction | None:
    first, second = _pair(response, predictor, predictor2, response2, direction)
    return proc_delong.cov(first, second, method="delong")


def _roc_test(
    response: Any,
    predictor: Any,
    predictor2: Any,
    response2: Any = None,
    direction: Any = "auto",
    paired: Any = None,
    conf_level: Any = None,
) -> tuple[Fraction | float, ...]:
    first, second = _pair(response, predictor, predictor2, response2, direction)
    level = Fraction(95, 100) if conf_level is None else conf_level  # pROC's default 0.95
    test = proc_delong.roc_test(first, second, paired, level, method="delong")
    if test.paired:
        assert test.conf_int is not None
        return (test.statistic, test.p_value, *test.conf_int)
    assert test.df is not None
    return (test.statistic, test.p_value, test.df)


ADAPTERS = {"var": _var, "ci_auc": _ci_auc, "cov": _cov, "roc_test": _roc_test}

RESPONSE = [1, 0, 0, 1, 0, 1, 1, 0]
PREDICTOR = floats("0.4", "0.8", "0.6", "0.4", "0.1", "1.3", "0.6", "0.4")
SECOND = floats("0.3", "0.9", "0.2", "0.7", "0.5", "0.8", "0.6", "0.1")
SECOND20 = floats(
    *("0.9", "0.2", "0.4", "0.3", "1.0", "0.6", "0.1", "0.8", "0.4", "0.7"),
    *("0.2", "0.5", "0.9", "0.6", "0.3", "0.4", "0.1", "1.2", "0.5", "0.0"),
)
SEPARATED = ([0, 0, 1, 1, 0, 1], floats("0.1", "0.2", "0.8", "0.9", "0.3", "0.7"))


def _one(function: str, comment: str, *flags: str, data: int = 8, **parameters: Any) -> TwinCase:
    response, predictor = (RESPONSE, PREDICTOR) if data == 8 else (LABELS20, SCORES20)
    inputs = {"response": response, "predictor": predictor}
    return TwinCase(comment, function, inputs, parameters, ("Delong", *flags))


def _two(function: str, comment: str, *flags: str, data: int = 8, **parameters: Any) -> TwinCase:
    if data == 8:
        inputs = {"response": RESPONSE, "predictor": PREDICTOR, "predictor2": SECOND}
    else:
        inputs = {"response": LABELS20, "predictor": SCORES20, "predictor2": SECOND20}
    return TwinCase(comment, function, inputs, parameters, ("Delong", *flags))


UNPAIRED = {
    "response": LABELS20,
    "predictor": SCORES20,
    "response2": RESPONSE,
    "predictor2": SECOND,
}
ONE_CASE = {"response": [1, 0, 0, 0], "predictor": floats("0.9", "0.2", "0.5", "0.4")}
#: Twelve examples; the first predictor misses rows 1 and 6, the third row 3.
TWELVE = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
WITH_NA = [None, *floats("0.2", "0.9", "0.4", "0.6"), None, *floats("0.8", "0.5", "0.7", "0.1")]
WITH_NA += floats("0.35", "0.45")
COMPLETE = floats("0.5", "0.3", "0.6", "0.6", "0.4", "0.1", "0.9", "0.2", "0.8", "0.7", "0.15")
COMPLETE += floats("0.65")
MISSING_NA = {"response": TWELVE, "predictor": WITH_NA, "predictor2": COMPLETE}
SHIFTED = floats("0.2", "0.9", "0.4", "0.6", "0.3", "0.8", "0.5", "0.7", "0.1", "0.35", "0.45")
ROW_SHIFTED = {
    "response": TWELVE,
    "predictor": [None, *SHIFTED],
    "predictor2": [*COMPLETE[:2], None, *COMPLETE[3:]],
}

CASES: tuple[TwinCase, ...] = (
    _one("var", "eight examples"),
    _one("var", "twenty examples", data=20),
    _one("var", "direction '>'", direction=">"),
    TwinCase("one case: NA", "var", ONE_CASE, {}, ("Delong", "OneCase")),
    TwinCase(
        "perfect separation: 0",
        "var",
        {"response": SEPARATED[0], "predictor": SEPARATED[1]},
        {},
        ("Delong",),
    ),
    _one("ci_auc", "eight examples, clipped above", "Clipped"),
    _one("ci_auc", "twenty examples, conf.level 0.9", data=20, conf_level="0.9"),
    _one(
        "ci_auc",
        "direction '>', conf.level 0.99, clipped below",
        "Clipped",
        direction=">",
        conf_level="0.99",
    ),
    TwinCase("one case: NA", "ci_auc", ONE_CASE, {}, ("Delong", "OneCase")),
    _two("cov", "paired, eight examples"),
    _two("cov", "paired, twenty examples", data=20),
    TwinCase("unpaired: 0", "cov", UNPAIRED, {}, ("Delong", "Unpaired")),
    _two("roc_test", "paired, eight examples"),
    _two("roc_test", "paired, twenty examples", data=20),
    _two("roc_test", "paired, twenty examples, direction '>'", data=20, direction=">"),
    TwinCase("unpaired: Student's t", "roc_test", UNPAIRED, {}, ("Delong", "Unpaired")),
    TwinCase(
        "two separating predictors: Z = 0",
        "roc_test",
        {
            "response": SEPARATED[0],
            "predictor": SEPARATED[1],
            "predictor2": floats("0.2", "0.1", "0.9", "0.8", "0.3", "0.4"),
        },
        {},
        ("Delong", "ZeroSigma"),
    ),
    _one("ci_auc", "conf.level 0: the AUC three times", "Level01", conf_level="0.0"),
    _one("ci_auc", "conf.level 1: 0 and 1", "Level01", conf_level="1.0"),
    TwinCase(
        "NA in one predictor: paired on the ten complete rows",
        "roc_test",
        MISSING_NA,
        {},
        ("Delong", "PairedNA"),
    ),
    TwinCase(
        "NA in one predictor, conf.level 0: the difference twice",
        "roc_test",
        MISSING_NA,
        {"conf_level": "0.0"},
        ("Delong", "PairedNA", "Level01"),
    ),
    TwinCase(
        "NA in one predictor, the same counts: the i-th cases paired",
        "cov",
        ROW_SHIFTED,
        {},
        ("Delong", "PairedNA"),
    ),
    TwinCase(
        "NA in one predictor, other counts: R's cov stops",
        "cov",
        MISSING_NA,
        {},
        ("Delong", "PairedNA"),
    ),
)
