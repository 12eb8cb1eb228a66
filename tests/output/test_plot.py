"""``rocpr-exact plot``: files written, the exact curves drawn, and clean errors."""

from __future__ import annotations

import os
import re
import struct
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.output.figure import (
    hull_segments_are_flat,
    pr_lines,
    pr_samples,
    roc_lines,
    straight_line_at,
    straight_line_points,
)
from rocpr_exact.output.plot import render, require_matplotlib
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
    code = main(["plot", str(FIGURE6), "-o", str(tmp_path / "figure.gif")])
    _, err = capsys.readouterr()
    assert code == 2 and "must end in .png, .svg or .pdf" in err and err.count("\n") == 1
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
    assert "pip install '.[plot]' in rocpr-exact's source tree" in err and err.count("\n") == 1
    with pytest.raises(ImportError):  # MissingDependencyError is an ImportError too
        require_matplotlib()


# Figures for a paper: size, dpi, formats, what the legend says, atomic files.

FIGURE6_CURVE = rx.Curve.from_counts([(9, 0)], positives=433, negatives=56164)
# + - + + - -: points (TP, FP) (0,0) (1,0) (1,1) (2,1) (3,1) (3,2) (3,3); (1,1) and (2,1)
# lie under the hull edge (1,0) -> (3,1).
MIXED = rx.Curve.from_scores([5, 4, 3, 2, 1, 0], [1, 0, 1, 1, 0, 0])


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from the PNG header (the IHDR chunk comes first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def svg_texts(path: Path) -> set[str]:
    """The texts of an SVG (text kept as text: svg.fonttype none), each on one line, without
    the legend's areas " (AUC 0.xyz)" and " (AUC continuous 0.xyz)"."""
    texts: list[str] = []
    for element in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text"):
        text = " ".join(part.strip() for part in element.itertext() if part.strip())
        if text.startswith("= ") and texts:  # a long legend entry has a name a line
            texts[-1] += " " + text
        else:
            texts.append(text)
    return {re.sub(r" \(AUC (continuous )?[0-9.]+\)$", "", text) for text in texts}


@pytest.mark.parametrize(
    ("size", "dpi", "pixels"), [((4, 3), 50, (200, 150)), ((3.5, 2), 80, (280, 160))]
)
def test_png_pixels_are_size_times_dpi(
    agg: None, tmp_path: Path, size: tuple[float, float], dpi: int, pixels: tuple[int, int]
) -> None:
    out = tmp_path / "f.png"
    render(MIXED, out, size=size, dpi=dpi)
    assert png_size(out.read_bytes()) == pixels


def test_png_default_is_print_quality_and_not_blank(agg: None, tmp_path: Path) -> None:
    import numpy as np
    from matplotlib.image import imread

    out = tmp_path / "f.png"
    render(FIGURE6_CURVE, out)
    assert png_size(out.read_bytes()) == (3000, 1500)  # 10 x 5 inches at 300 dpi
    pixels = imread(str(out))[:, :, :3]
    # Okabe-Ito blue (0, 114, 178) draws the hull; vermillion (213, 94, 0) the straight line.
    blue = np.all(np.abs(pixels - np.array([0, 114, 178]) / 255) < 0.05, axis=2)
    red = np.all(np.abs(pixels - np.array([213, 94, 0]) / 255) < 0.05, axis=2)
    assert blue[:, :1500].sum() > 2000 and blue[:, 1500:].sum() > 2000  # both panels
    assert red[:, :1500].sum() == 0 and red[:, 1500:].sum() > 2000  # straight lines: PR only
    white = np.all(pixels > 0.99, axis=2).mean()
    assert 0.5 < white < 0.99


def test_svg_is_xml_with_the_title(agg: None, tmp_path: Path) -> None:
    out = tmp_path / "f.svg"
    render(FIGURE6_CURVE, out, title="Figure 6 & <friends>", size=(7, 3.5))
    root = ET.parse(out).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height")) == ("504pt", "252pt")  # 72 points per inch
    titles = [e.text for e in root.iter() if e.tag.endswith("}title")]
    assert "Figure 6 & <friends>" in titles  # the file's metadata
    assert "Figure 6 & <friends>" in svg_texts(out)  # the drawn title, as text


@pytest.mark.parametrize(("size", "box"), [((7, 3.5), (504, 252)), ((10, 5), (720, 360))])
def test_pdf_page_is_the_size_in_points(
    agg: None, tmp_path: Path, size: tuple[float, float], box: tuple[int, int]
) -> None:
    out = tmp_path / "f.pdf"
    render(FIGURE6_CURVE, out, title="Figure 6", size=size)
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.\s]+?)\s*\]", data)
    assert [tuple(float(v) for v in b.split()) for b in boxes] == [(0, 0, *box)]  # one page
    assert b"Figure 6" in data


def test_legend_lists_each_visible_line_once(agg: None, tmp_path: Path) -> None:
    # Figure 6: one point on the hull, no point below: the PR curve is the achievable
    # curve and the ROC curve its hull; the hull edge (9, 0) -> (433, 56164) has
    # c = 0 - (56164/424) * 9 != 0, so the straight line is a separate line.
    out = tmp_path / "f6.svg"
    render(FIGURE6_CURVE, out)
    texts = svg_texts(out)
    assert {"ROC curve = convex hull", "PR curve = achievable PR curve"} <= texts
    assert {"random", "straight lines (wrong)", "on the hull"} <= texts
    assert not {"ROC curve", "convex hull", "PR curve", "achievable PR curve"} & texts
    assert "below the hull" not in texts
    # Points below the hull: every line is distinct.
    out = tmp_path / "mixed.svg"
    render(MIXED, out)
    assert {"ROC curve", "convex hull", "PR curve", "achievable PR curve"} <= svg_texts(out)
    assert "below the hull" in svg_texts(out)
    # Constant precision 1/2 on the one hull edge: the straight line is the achievable curve.
    out = tmp_path / "flat.svg"
    render(rx.Curve.from_scores([1, 1], [0, 1]), out)
    assert "ROC curve = convex hull = random" in svg_texts(out)
    assert "PR curve = achievable PR curve = straight lines" in svg_texts(out)


def test_coincidence_by_hand() -> None:
    best = rx.achievable_pr_curve(MIXED)
    assert roc_lines(MIXED, best) == [["ROC curve"], ["convex hull"], ["random"]]
    assert pr_lines(MIXED, best) == [
        ["PR curve"],
        ["achievable PR curve"],
        ["straight lines (wrong)"],
    ]
    # Points (0,0) (2,2) (4,4) in counts: all on the diagonal, precision 1/2 on both
    # edges (c = 0), so the three PR lines are one.
    diagonal = rx.Curve.from_counts([(2, 2)], positives=4, negatives=4)
    assert hull_segments_are_flat(rx.achievable_pr_curve(diagonal))
    assert pr_lines(diagonal, rx.achievable_pr_curve(diagonal)) == [
        ["PR curve", "achievable PR curve", "straight lines (wrong)"]
    ]


@given(hull_curves)
def test_lines_coincide_exactly_when_they_are_equal(curve: rx.Curve) -> None:
    # Independent checks: the PR curve is the achievable one iff no point lies below the
    # hull; the straight lines are the achievable curve iff at the middle TP of every
    # rising hull edge the hyperbola meets the chord.
    best = rx.achievable_pr_curve(curve)
    below = rx.hull_points(curve).below
    groups = pr_lines(curve, best)
    assert (groups[0] == ["PR curve"]) == bool(below)
    line = straight_line_points(best)
    meets = all(
        seg.precision_at_tp(Fraction(seg.tp_a + seg.tp_b, 2))
        == straight_line_at(line, Fraction(seg.tp_a + seg.tp_b, 2 * curve.positives))
        for seg in best.segments()
        if not seg.is_vertical
    )
    together = next(names for names in groups if "achievable PR curve" in names)
    assert ("straight lines (wrong)" in together) == meets


def test_atomic_write_leaves_nothing_on_failure(
    agg: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib.figure import Figure

    out = tmp_path / "f.png"
    out.write_bytes(b"old")

    def broken(self: object, stream: object, **kwargs: object) -> None:
        stream.write(b"partial")  # type: ignore[attr-defined]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Figure, "savefig", broken)
    with pytest.raises(rx.RocPrError, match=r"cannot write .*No space left on device"):
        render(MIXED, out, dpi=20)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.png"] and out.read_bytes() == b"old"

    def crash(self: object, stream: object, **kwargs: object) -> None:
        raise RuntimeError("renderer bug")

    monkeypatch.setattr(Figure, "savefig", crash)
    with pytest.raises(RuntimeError):
        render(MIXED, out, dpi=20)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.png"] and out.read_bytes() == b"old"


def test_atomic_write_replaces_and_keeps_normal_permissions(agg: None, tmp_path: Path) -> None:
    out = tmp_path / "f.svg"
    out.write_bytes(b"old")
    render(MIXED, out)
    assert out.read_bytes().startswith(b"<?xml") and [p.name for p in tmp_path.iterdir()] == [
        "f.svg"
    ]
    mask = os.umask(0o022)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    with pytest.raises(rx.RocPrError, match="cannot write"):
        render(MIXED, tmp_path / "missing" / "f.svg")
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": (0, 3)}, "size must be"),
        ({"size": (3,)}, "size must be"),
        ({"size": (101, 3)}, "size must be"),
        ({"dpi": 0}, "dpi must be"),
        ({"dpi": 72.5}, "dpi must be"),
        ({"dpi": True}, "dpi must be"),
    ],
)
def test_bad_size_or_dpi_is_an_input_error(
    tmp_path: Path, options: dict[str, object], message: str
) -> None:
    with pytest.raises(rx.InvalidInputError, match=message):
        render(MIXED, tmp_path / "f.png", **options)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
