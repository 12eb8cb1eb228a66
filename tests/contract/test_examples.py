"""The bundled examples are what their generators write, and carry the paper's points."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import rocpr_exact as rx
from rocpr_exact.io.readers import read_scored_csv

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_examples_regenerates_the_committed_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _load("make_examples")
    monkeypatch.setattr(module, "HERE", tmp_path)
    module.main()
    for name in [*module.DATASETS, "claims.csv"]:
        assert (tmp_path / name).read_bytes() == (EXAMPLES / name).read_bytes(), name


@pytest.mark.parametrize(
    ("name", "points"),
    [
        # The paper's Table 1: A = (5, 5), B = (10, 30), P = 20, N = 2000.
        ("table1.csv", [(0, 0), (5, 5), (10, 30), (20, 2000)]),
        # Figure 6: 9 positives first, then 424 positives and 56,164 negatives tied.
        ("figure6.csv", [(0, 0), (9, 0), (433, 56164)]),
    ],
)
def test_example_curves(name: str, points: list[tuple[int, int]]) -> None:
    curve = rx.Curve.from_scores(*read_scored_csv(EXAMPLES / name))
    assert list(zip(curve.tps, curve.fps, strict=True)) == points


def test_figure7_csvs_realise_the_json_curves() -> None:
    data = json.loads((EXAMPLES / "figure7.json").read_text())
    for name, csv in (("I", "figure7_curve1.csv"), ("II", "figure7_curve2.csv")):
        curve = rx.Curve.from_scores(*read_scored_csv(EXAMPLES / csv))
        assert [list(p) for p in zip(curve.tps, curve.fps, strict=True)] == data["curves"][name]
        assert (curve.positives, curve.negatives) == (data["positives"], data["negatives"])
