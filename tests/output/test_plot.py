"""``rocpr-exact plot``: files written, the exact curves drawn, and clean errors."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.output.plot import (
    pr_samples,
    require_matplotlib,
    straight_line_at,
    straight_line_points,
)
from tests.strategies import hull_curves

ROOT = Path(__file__).resolve().parents[2]
FIGURE6 = ROOT / "examples" / "figure6.csv"


@pytest.fixture
def agg() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")


@pytest.mark.parametrize(("suffix", "magic"), [("png", b"\x89PNG\r\n\x1a\n"), ("svg", b"<svg")])
def test_plot_writes_png_and_svg(
    agg: None, suffix: str, magic: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"figure6.{suffix}"
    code = main(["plot", str(FIGURE6), "-o", str(out)])
    stdout, stderr = capsys.readouterr()
    assert code == 0 and stderr == "" and stdout == f"wrote {out}\n"
    data = out.read_bytes()
    assert len(data) > 1000 and magic in data[:400]


def test_figure6_straight_lines_lie_above_the_achievable_curve() -> None:
    """The gap of the paper's Figure 6, from the exact values that the plot draws."""
    curve = rx.Curve.from_counts([(9, 0)], positives=433, negatives=56164)
    best = rx.achievable_pr_curve(curve)
    line = straight_line_points(best)
    # The hull's PR points: the recall-0 start, (9/433, 1) (the paper's "(0.02, 1)") and
    # (1, 433/56597) (the paper's "(1, 0.008)").
    assert line == [(0, 1), (Fraction(9, 433), 1), (1, Fraction(433, 56597))]
    samples = pr_samples(best)
    assert len(samples) > 400
    corner = Fraction(9, 433)
    for recall, precision in samples:
        assert precision == best.precision_at(recall)
        gap = straight_line_at(line, recall) - precision
        if corner < recall < 1:
            assert gap > 0
        else:
            assert gap == 0  # flat at precision 1 up to the corner, and the end point
    # Halfway, the straight line is near the middle of the plot while precision has collapsed:
    # TP = 433/2 gives FP = (56164/424)(433/2 - 9) and precision about 0.0077.
    half = Fraction(1, 2)
    assert straight_line_at(line, half) > Fraction(1, 2) > 60 * best.precision_at(half)


@given(hull_curves)
def test_straight_lines_never_fall_below_the_achievable_curve(curve: rx.Curve) -> None:
    # Every hull edge has c <= 0: its PR image is convex in recall (or flat), under its chord.
    best = rx.achievable_pr_curve(curve)
    line = straight_line_points(best)
    for recall, precision in pr_samples(best, resolution=16):
        assert straight_line_at(line, recall) >= precision


def test_samples_include_every_vertex_and_both_ends_of_a_drop() -> None:
    # + + - -: (0,0) (1,0) (2,0) (2,1) (2,2); PR: precision 1 up to recall 1, then 2/3, 1/2.
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 1, 0, 0])
    samples = pr_samples(curve, resolution=4)
    assert samples == [
        (0, 1),
        (Fraction(1, 4), 1),
        (Fraction(1, 2), 1),
        (Fraction(3, 4), 1),
        (1, 1),
        (1, Fraction(2, 3)),
        (1, Fraction(1, 2)),
    ]
    # Negatives first: the start is (0, 0) under the limit convention, then the rise.
    rising = pr_samples(rx.Curve.from_scores([3, 2, 1], [0, 1, 1]), resolution=2)
    assert rising[0] == (0, 0) and rising[-1] == (1, Fraction(2, 3))
    with pytest.raises(rx.InvalidInputError, match="resolution"):
        pr_samples(curve, resolution=0)
    with pytest.raises(rx.InvalidInputError, match="outside"):
        straight_line_at([(Fraction(0), Fraction(1))], Fraction(1, 2))


def test_plot_errors_are_one_line(
    agg: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["plot", str(FIGURE6), "-o", str(tmp_path / "figure.pdf")])
    _, err = capsys.readouterr()
    assert code == 2 and "must end in .png or .svg" in err and err.count("\n") == 1
    code = main(["plot", str(FIGURE6), "-o", str(tmp_path / "no" / "such" / "dir.png")])
    _, err = capsys.readouterr()
    assert code == 2 and "cannot write" in err and err.count("\n") == 1
    bad = tmp_path / "bad.csv"
    bad.write_text("score,label\n1,1\n2,1\n", encoding="utf-8")
    code = main(["plot", str(bad), "-o", str(tmp_path / "bad.png")])
    _, err = capsys.readouterr()
    assert code == 2 and "requires at least one negative" in err
    assert not (tmp_path / "bad.png").exists()


def test_missing_matplotlib_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes "import matplotlib" fail
    out = tmp_path / "figure6.png"
    code = main(["plot", str(FIGURE6), "-o", str(out)])
    stdout, err = capsys.readouterr()
    assert code == 2 and stdout == "" and not out.exists()
    assert err.startswith("rocpr-exact: error: plotting needs matplotlib")
    assert "pip install 'rocpr-exact[plot]'" in err and err.count("\n") == 1
    with pytest.raises(ImportError):  # MissingDependencyError is an ImportError too
        require_matplotlib()
