"""vector_cases and vector_results: a user's script over the vectors, checked by ``check``."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from rocpr_exact.cli.app import main
from rocpr_exact.testing import vector_cases, vector_results
from tests.testing.buggy import auc

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "rocpr_auc_test.json"


def test_cases_expand_tie_groups_and_skip_flags() -> None:
    cases = vector_cases(VECTORS)
    groups = [c for c in cases if "TieGroups" in c.flags]
    valid = [c for c in cases if "InvalidInput" not in c.flags]  # those may differ in length
    assert groups and all(len(c.scores) == len(c.labels) for c in valid)
    # the first tie-group case: groups (3: 5 pos, 5 neg), (2: 5, 25), (1: 10, 1970)
    assert len(groups[0].labels) == 2020 and sum(groups[0].labels) == 20
    kept = vector_cases(VECTORS, skip_flags=["InvalidInput"])
    assert len(kept) == len(cases) - sum("InvalidInput" in c.flags for c in cases)
    assert [c.tc_id for c in vector_cases()] == [c.tc_id for c in cases]  # the same vectors


def test_results_of_a_float_auc_pass_check_and_survive_raising_and_inf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = vector_cases(VECTORS, skip_flags=["ExactScores"])

    def strict_auc(scores: list[float], labels: list[int]) -> float:
        if any(math.isnan(s) for s in scores) or set(labels) - {0, 1}:
            raise ValueError("bad input")
        return auc(scores, labels)

    results = vector_results({"auc_roc": strict_auc}, cases, "buggy.auc")
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results))
    skips = ["--skip-flag", "ExactScores", "--skip-flag", "InfiniteScores"]
    assert main(["check", str(VECTORS), str(path), "--metric", "auc_roc", "--quiet", *skips]) == 0
    # a value of -inf is written as -Infinity and read by check as a wrong number (exit 1)
    results["results"]["1"]["auc_roc"] = -math.inf
    path.write_text(json.dumps(results))
    assert main(["check", str(VECTORS), str(path), "--metric", "auc_roc", "--quiet", *skips]) == 1
    assert "FAIL" in capsys.readouterr().out
