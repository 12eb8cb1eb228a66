"""explain on data the exact metrics do not take: soft labels (xgboost's and PRROC's twins
answer) and a negative weight (PRROC's roc.curve answers); the exact metrics undefined with the
reason; bad labels refused in one line.  The expected values are derived by hand below and are
the real tools' recorded outputs (tests/data/xgboost_vector_results.json cases 13 and 27,
tests/data/prroc_vector_results.json case 11)."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.cli.app import main
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.testing import explain
from rocpr_exact.testing.weighted import NEGATIVE_WEIGHT, SOFT_LABELS


def test_soft_labels_are_answered_by_xgboost_and_prroc() -> None:
    # labels 0, 0.5 at scores 0.2, 0.3: the 0.3 example is a positive and a negative of
    # weight 1/2 each, so P = 1/2, N = 3/2.  AUC: the positive beats the negative at 0.2
    # (1/2 * 1) and ties the one at 0.3 (1/2 * 1/2, counted 1/2): (1/2 + 1/8) / (3/4) = 5/6.
    # PR: one segment from (0, 0) to (tp, fp) = (1/2, 1/2), precision 1/2 throughout: 1/2
    found = explain([0.2, 0.3], [0, 0.5], 0.8333333333333334)
    assert found.values["xgboost.auc"] == found.values["prroc.roc_auc"] == Fraction(5, 6)
    assert found.values["xgboost.aucpr"] == Fraction(1, 2)
    assert "xgboost.auc" in found.matches
    assert any(m.startswith("prroc.roc_auc ") for m in found.matches)
    assert found.values["auc_roc"] is None and found.reasons["auc_roc"] == SOFT_LABELS
    assert "sklearn.roc_auc_score" not in found.values  # scikit-learn takes 0/1 labels only
    assert found.values["prroc.auc_davis_goadrich"] is None  # PRROC's NA with weights
    assert "auc_roc" in found.text() and SOFT_LABELS in found.text()
    assert "xgboost.aucpr" in explain([0.2, 0.3], [0, 0.5], 0.5).matches


def test_a_negative_weight_is_answered_by_prroc_roc_curve() -> None:
    # PRROC's one-vector call roc.curve(c(0.9, 0.4), weights.class0 = c(1, -0.5)) as examples:
    # positives 0.9 (1) and 0.4 (-1/2), negatives 0.4 (3/2) and 0.9 (0).  Pairs: 0.9 beats
    # 0.4: 1 * 3/2; the tie at 0.4: -1/2 * 3/2 / 2 = -3/8; the rest 0: 9/8 over
    # P N = 1/2 * 3/2 = 3/4, so 3/2 (PRROC 1.4 returns 1.5)
    scores, labels, weights = [0.9, 0.4, 0.4, 0.9], [1, 1, 0, 0], [1.0, -0.5, 1.5, 0.0]
    found = explain(scores, labels, 1.5, weights=weights)
    assert found.values["prroc.roc_auc"] == Fraction(3, 2)
    assert any(m.startswith("prroc.roc_auc ") for m in found.matches)
    assert found.values["auc_pr_step"] is None and found.reasons["auc_pr_step"] == NEGATIVE_WEIGHT
    # every other weighted twin refuses, its refusal as the reason (pr.curve stops, as PRROC)
    for name in ("prroc.auc_integral", "xgboost.auc", "sklearn.roc_auc_score"):
        assert found.values[name] is None and found.reasons[name], name
    assert "must be non-negative" in found.reasons["prroc.auc_integral"]


@pytest.mark.parametrize("labels", [[0, 1.5], [0, -1], [0, math.nan], [0, "yes"]])
def test_labels_outside_zero_one_are_refused_in_one_line(labels: list[object]) -> None:
    with pytest.raises(InvalidInputError, match=r"soft labels in \[0, 1\]") as refused:
        explain([0.2, 0.3], labels, 0.5)
    assert "\n" not in str(refused.value)


def test_nan_weights_stay_refused() -> None:
    with pytest.raises(InvalidInputError):
        explain([0.2, 0.3], [0, 1], 0.5, weights=[1.0, math.nan])


def test_the_cli_reads_soft_labels_and_negative_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "d.csv"
    data.write_text("score,label\n0.2,0\n0.3,0.5\n")
    assert main(["explain", str(data), "--value", "0.8333333333333334"]) == 0
    out = capsys.readouterr().out
    assert "  xgboost.auc" in out and SOFT_LABELS in out
    data.write_text("score,label,w\n0.9,1,1\n0.4,1,-0.5\n0.4,0,1.5\n0.9,0,0\n")
    assert main(["explain", str(data), "--weight-column", "w", "--value", "1.5"]) == 0
    assert "  prroc.roc_auc" in capsys.readouterr().out
    data.write_text("score,label\n0.2,0\n0.3,1.5\n")
    assert main(["explain", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error:") and err.count("\n") == 1
