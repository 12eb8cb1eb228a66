"""Micro-averaged one-vs-rest claims (issue 41): the binary claim of the flattened cells."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.checker import check_certificate
from rocpr_exact.consistency.aggregate_micro import micro_counts
from rocpr_exact.core.curve import Curve
from tests.cli.test_consistent import invoke


def test_the_cells_are_n_positives_and_n_k_minus_1_negatives() -> None:
    # 2 + 3 + 4 = 9 examples, 3 classes: 27 cells, one positive a row.
    assert micro_counts([2, 3, 4]) == (9, 18)


def test_sklearns_micro_averages_are_the_flattened_binary_metrics() -> None:
    metrics = pytest.importorskip("sklearn.metrics")
    np = pytest.importorskip("numpy")
    rng = random.Random(41)
    for _ in range(20):
        counts = [rng.randint(1, 4) for _ in range(rng.randint(3, 5))]
        labels = [k for k, c in enumerate(counts) for _ in range(c)]
        onehot = np.array([[int(k == y) for k in range(len(counts))] for y in labels])
        scores = np.array([[rng.randint(0, 5) for _ in counts] for _ in labels])  # ties too
        flat = Curve.from_scores(scores.ravel().tolist(), onehot.ravel().tolist())
        assert (flat.positives, flat.negatives) == micro_counts(counts)
        for exact, name in ((auc_roc(flat), "roc_auc_score"), (auc_pr(flat, "step"), "")):
            if name:
                tool = metrics.roc_auc_score(onehot, scores, average="micro")
            else:
                tool = metrics.average_precision_score(onehot, scores, average="micro")
            assert abs(Fraction(tool) - exact) < Fraction(1, 10**9)


def test_the_cli_answers_as_the_binary_claim_and_says_so() -> None:
    out, status = invoke("--class-counts", "10,20,30", "--micro-auc-roc", "0.912")
    answer = json.loads(out)
    assert status == 0 and answer["reduced_from"]["binary"]["positives"] == 60
    binary, code = invoke("--positives", "60", "--negatives", "120", "--auc-roc", "0.912")
    assert code == 0 and json.loads(binary)["witness"] == answer["witness"]
    out, status = invoke(
        "--class-counts", "2,3,4", "--micro-average-precision", "0.5", "--format", "text"
    )
    assert status == 0 and "one-vs-rest cells" in out


def test_an_impossible_micro_claim_has_the_binary_certificate(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # 3 examples, 3 classes: 3 positive and 6 negative cells, AUC-ROC a multiple of 1/36;
    # 0.873 = [0.8725, 0.8735) holds none (31/36 = 0.8611, 32/36 = 0.8889).
    target = tmp_path / "c.json"
    _, status = invoke(
        "--class-counts", "1,1,1", "--micro-auc-roc", "0.873", "--certificate", str(target)
    )
    document = json.loads(target.read_text())
    assert status == 1 and document["question"]["positives"] == 3
    assert check_certificate(document).status == "valid"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--fold-sizes", "2/2,2/2", "--micro-auc-roc", "0.5"], "needs --class-counts"),
        (["--class-counts", "1,2,3", "--micro-auc-roc", "0.5", "--auc-roc", "0.5"], "one of them"),
        (["--class-counts", "1,2", "--micro-auc-roc", "0.5"], "--class-counts need at least 3"),
        (
            ["--class-counts", "1,2,3", "--micro-auc-roc", "0.5", "--positives", "3"],
            "drop --positives",
        ),
    ],
)
def test_bad_cli_input_is_one_line_exit_2(argv, words, capsys) -> None:  # type: ignore[no-untyped-def]
    from rocpr_exact.cli.app import main

    assert main(["consistent", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err
