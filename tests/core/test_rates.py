"""The operating-point rates, one record each (rocpr_exact.core.rates), against the textbook.

Each rate is checked against its definition written out here from the confusion matrix
(Davis & Goadrich 2006, Figure 2: TP, FP, FN = P - TP, TN = N - FP), for every (TP, FP) of
every P, N up to 6: the record's value, its undefined points, and the form ``consistent``
solves at a fixed TP.  Then every place that shows or reads a rate enumerates the records.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rocpr_exact.cli import main
from rocpr_exact.consistency.operating import POINT_METRICS, point_value
from rocpr_exact.core.confusion import ConfusionMatrix
from rocpr_exact.core.curve import Curve
from rocpr_exact.core.rates import RATES, rate, rate_names
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.geometry.optimal import best_operating_point
from rocpr_exact.output.listing import point_listing


def textbook(name: str, tp: int, fp: int, fn: int, tn: int) -> Fraction | None:
    """The rate from the four counts, as the literature writes it (None: x / 0)."""
    num, den = {
        "recall": (tp, tp + fn),
        "precision": (tp, tp + fp),
        "fpr": (fp, fp + tn),
        "specificity": (tn, fp + tn),
        "f1": (2 * tp, 2 * tp + fp + fn),
        "accuracy": (tp + tn, tp + fp + fn + tn),
    }[name]
    return Fraction(num, den) if den else None


COUNTS = [
    (tp, fp, p, n) for p in range(7) for n in range(7) for tp in range(p + 1) for fp in range(n + 1)
]


def test_the_records_are_the_textbook_rates() -> None:
    assert [r.name for r in RATES] == [
        "precision",
        "recall",
        "f1",
        "accuracy",
        "specificity",
        "fpr",
    ]
    for record in RATES:
        for tp, fp, p, n in COUNTS:
            expected = textbook(record.name, tp, fp, p - tp, n - fp)
            assert record.value(tp, fp, p, n) == expected, (record.name, tp, fp, p, n)


def test_at_a_fixed_tp_each_rate_is_the_ratio_consistent_solves() -> None:
    for record in RATES:
        for tp, fp, p, n in COUNTS:
            c0, c1, d0, d1 = record.at_tp(tp, p, n)
            value = record.value(tp, fp, p, n)
            if value is None:
                assert d0 + d1 * fp == 0
            else:
                assert Fraction(c0 + c1 * fp, d0 + d1 * fp) == value


def test_defined_refuses_where_the_rate_is_undefined() -> None:
    assert rate("precision").defined(1, 1, 2, 2) == Fraction(1, 2)
    with pytest.raises(InvalidInputError, match=r"precision = TP / \(TP \+ FP\) is undefined"):
        rate("precision").defined(0, 0, 2, 2)
    with pytest.raises(RocPrError, match="unknown rate 'tnr'; the rates are precision, recall"):
        rate("tnr")


def test_the_confusion_matrix_rates_are_the_records() -> None:
    for tp, fp, p, n in COUNTS:
        matrix = ConfusionMatrix(tp=tp, fp=fp, fn=p - tp, tn=n - fp)
        for name, attribute in (("recall", "recall"), ("precision", "precision"), ("fpr", "fpr")):
            expected = rate(name).value(tp, fp, p, n)
            if expected is None:
                with pytest.raises(RocPrError):
                    getattr(matrix, attribute)
            else:
                assert getattr(matrix, attribute) == expected


def test_consistent_takes_the_records_it_is_told_to() -> None:
    assert rate_names(consistent=True) == POINT_METRICS
    assert set(POINT_METRICS) < {r.name for r in RATES}
    for name in POINT_METRICS:
        for tp, fp, p, n in COUNTS:
            if p and n:
                assert point_value(name, tp, fp, p, n) == textbook(name, tp, fp, p - tp, n - fp)


def test_the_operating_point_listing_shows_every_rate(capsys: pytest.CaptureFixture[str]) -> None:
    # scores 4, 3, 2, 1 with labels 1, 0, 1, 0: the best F1 is at the threshold 2, where
    # TP = 2, FP = 1 (P = 2, N = 2): recall 2/2 = 1, precision 2/3, FPR 1/2, specificity 1/2,
    # F1 = 2*2 / (2*2 + 1 + 0) = 4/5, accuracy (2 + 1) / 4 = 3/4 (by hand)
    curve = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    listing = point_listing(curve, best_operating_point(curve), 3)
    shown = {r.name: listing[r.name]["exact"] for r in RATES}
    assert shown == {
        "recall": "1",
        "precision": "2/3",
        "fpr": "1/2",
        "specificity": "1/2",
        "f1": "4/5",
        "accuracy": "3/4",
    }


def test_the_cli_prints_every_rate(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    # the same data as a file: --at-recall 1/2 gives the strictest point of recall >= 1/2 with
    # the greatest precision, (TP, FP) = (1, 0): precision 1, FPR 0, specificity 1,
    # F1 = 2 / (2 + 0 + 1) = 2/3, accuracy (1 + 2) / 4 = 3/4 (by hand)
    data = tmp_path / "data.csv"
    data.write_text("score,label\n4,1\n3,0\n2,1\n1,0\n", encoding="utf-8")
    code = main(["operating-point", str(data), "--at-recall", "0.5", "--format", "json"])
    printed = json.loads(capsys.readouterr().out)
    assert code == 0 and (printed["tp"], printed["fp"]) == (1, 0)
    shown = {r.name: printed[r.name]["exact"] for r in RATES}
    assert shown == {
        "recall": "1/2",
        "precision": "1",
        "fpr": "0",
        "specificity": "1",
        "f1": "2/3",
        "accuracy": "3/4",
    }
