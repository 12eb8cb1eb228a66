"""Figures that scale and compare: thinned drawing looks the same as drawing every point,
several models, areas in the legend, legends clear of the curves, fonts a publisher accepts,
the Python API (``rocpr_exact.plot``) and the CLI's options."""

from __future__ import annotations

import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.output.drawing import on_hull, pr_path, thin_path
from rocpr_exact.output.plot import plot, render

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")


def _scored(size: int, seed: int, shift: float) -> rx.Curve:
    rng = np.random.default_rng(seed)
    labels = rng.random(size) < 0.3
    return rx.Curve.from_scores(np.round(rng.normal(labels * shift, 1.0), 3), labels)


def _pixels(path: Path) -> np.ndarray:
    from matplotlib.image import imread

    return np.asarray(imread(str(path))[:, :, :3])


def test_thinned_drawing_shows_what_drawing_every_point_shows(tmp_path: Path) -> None:
    # 3,000 examples, about 1,500 distinct points, on 4 x 2.6 inch figures at 100 dpi: many
    # points share a pixel.  Lines: the thinned path covers the same pixels (no pixel differs
    # by half the scale).  Markers: one per device pixel (Agg draws a marker at its rounded
    # pixel); what remains is the antialiased rim of a marker drawn once instead of many
    # times over itself (a rim drawn twice is darker): under 0.5% of the pixels.
    curve = _scored(3000, 1, 1.0)
    assert len(curve.tps) > 1000
    for markers, most in ((False, 0.0), (True, 0.005)):
        thin, full = tmp_path / "thin.png", tmp_path / "full.png"
        options = {"size": (4, 2.6), "dpi": 100, "markers": markers, "auc": False}
        render(curve, thin, **options)
        render(curve, full, thin=False, **options)
        a, b = _pixels(thin), _pixels(full)
        assert a.shape == b.shape
        differ = np.abs(a - b).max(axis=2)
        assert (differ > 0.5).mean() <= most, (markers, (differ > 0.5).mean())


def test_thin_path_keeps_the_extremes_of_each_column() -> None:
    rng = np.random.default_rng(3)
    x = np.sort(rng.random(10_000))
    y = rng.random(10_000)
    kept = thin_path(x, y, 50)
    assert kept.shape[0] <= 4 * 50
    column = np.minimum((x * 50).astype(int), 49)
    for c in range(50):  # each column's first, last, lowest and highest point are kept
        inside = np.flatnonzero(column == c)
        if inside.size:
            expected = {
                inside[0],
                inside[-1],
                inside[np.argmin(y[inside])],
                inside[np.argmax(y[inside])],
            }
            assert expected <= set(kept.tolist())


def test_on_hull_agrees_with_the_exact_hull_points() -> None:
    for seed in range(5):
        curve = _scored(300, seed, 0.8)
        hull = rx.achievable_pr_curve(curve)
        _, _, on = on_hull(curve, hull)
        exact = rx.hull_points(curve)
        on_points = {(c.tp, c.fp) for c in exact.on_hull}
        assert {
            (int(t), int(f)) for t, f, o in zip(curve.tps, curve.fps, on, strict=True) if o
        } == on_points


def test_pr_path_lies_on_the_exact_pr_curve() -> None:
    curve = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    x, y = pr_path(curve, curve.precision_at(0), 20, 20)
    assert len(x) > 4  # the long segment (5, 5) -> (10, 30) is sampled inside
    for recall, precision in zip(x, y, strict=True):
        exact = curve.precision_at(Fraction(recall))  # the double's exact value
        assert abs(float(exact) - precision) < 1e-12


def _legend_clear_of_axes(figure: object) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(figure)  # type: ignore[arg-type]
    figure.draw_without_rendering()  # type: ignore[attr-defined]  # as plot.save draws
    canvas.draw()
    renderer = canvas.get_renderer()
    # each panel with its tick labels, axis labels and title
    boxes = [ax.get_tightbbox(renderer) for ax in figure.axes]  # type: ignore[attr-defined]
    legends = figure.legends + [ax.get_legend() for ax in figure.axes if ax.get_legend()]  # type: ignore[attr-defined]
    assert legends
    for legend in legends:
        box = legend.get_window_extent(renderer)
        assert not any(box.overlaps(axes) for axes in boxes)


@pytest.mark.parametrize("size", [(7, 3.2), (10, 5), (5, 5)])
def test_legends_cover_no_curve(size: tuple[float, float]) -> None:
    curves = [_scored(500, 1, 1.0), _scored(500, 2, 2.0)]
    _legend_clear_of_axes(plot(curves[0], size=size, dpi=100))
    _legend_clear_of_axes(plot(curves, labels=["A", "B"], size=size, dpi=100))


def test_two_models_areas_in_the_legend_and_ax() -> None:
    from matplotlib.figure import Figure

    a, b = _scored(400, 4, 1.0), _scored(400, 5, 2.0)
    figure = plot([a, b], labels=["A", "B"])
    texts = [t.get_text() for legend in figure.legends for t in legend.get_texts()]
    roc_a = rx.format_decimal(rx.auc_roc(a), 3)
    pr_a = rx.format_decimal(rx.auc_pr(a, "continuous"), 3)  # the area under A's PR curve
    # one legend for both panels; the PR area named (issue 38: "AUC-PR" alone said no method)
    assert f"A (AUC-ROC {roc_a}, AUC-PR continuous {pr_a})" in texts
    assert any(t.startswith("B (AUC-ROC ") for t in texts) and len(figure.legends) == 1
    figure = plot([a, b], labels=["A", "B"], auc=False)
    texts = [t.get_text() for legend in figure.legends for t in legend.get_texts()]
    assert "A" in texts and not any("AUC" in t for t in texts)
    # drawing into given Axes, as scikit-learn's displays do
    mine = Figure()
    ax = mine.subplots()
    assert plot((list(range(10)), [0, 1] * 5), ax=ax, panel="pr") is mine
    assert ax.get_xlabel() == "Recall" and ax.get_legend() is not None
    both = Figure().subplots(1, 2)
    plot(a, ax=both)
    assert both[0].get_xlabel() == "False positive rate"
    with pytest.raises(rx.InvalidInputError, match="labels names 1 models"):
        plot([a, b], labels=["A"])


def test_pdf_fonts_are_truetype_and_svg_text_is_text(tmp_path: Path) -> None:
    pdf = tmp_path / "f.pdf"
    render([_scored(300, 6, 1.0), _scored(300, 7, 2.0)], pdf, title="Two models")
    data = pdf.read_bytes()
    assert b"/Type3" not in data  # Type 42: TrueType (CIDFontType2 or TrueType), embedded
    assert re.search(rb"/Subtype\s*/(CIDFontType2|TrueType)", data) and b"/FontFile2" in data
    if shutil.which("pdffonts"):  # poppler-utils (.ci/run installs it)
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
        rows = fonts.stdout.splitlines()[2:]
        assert rows and all("TrueType" in row and "Type 3" not in row for row in rows)
    svg = tmp_path / "f.svg"
    render(_scored(300, 6, 1.0), svg, title="One")
    assert re.search(r"<text[^>]*>One</text>", svg.read_text())


def test_cli_two_files_labels_title_and_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = []
    for number, shift in enumerate((1.0, 2.0)):
        rng = np.random.default_rng(number)
        labels = rng.random(300) < 0.3
        scores = np.round(rng.normal(labels * shift, 1.0), 3)
        path = tmp_path / f"m{number}.csv"
        path.write_text(
            "score,label\n"
            + "".join(f"{s},{int(y)}\n" for s, y in zip(scores, labels, strict=True))
        )
        files.append(str(path))
    out = tmp_path / "two.svg"
    argv = ["plot", *files, "--label", "A", "--label", "B", "-o", str(out), "--title", ""]
    assert main([*argv, "--no-markers", "--size", "7x3.2"]) == 0, capsys.readouterr().err
    text = out.read_text()
    assert ">A (AUC-ROC 0." in text and ">B (AUC-ROC 0." in text
    assert "m0.csv" not in text  # --title "": no title, not the file name
    assert main([*argv, "--no-auc"]) == 0
    assert "AUC" not in out.read_text()
    assert main(["plot", *files, "--label", "A", "-o", str(out)]) == 2
    assert "one --label per model" in capsys.readouterr().err
    assert main(["plot", files[0], "-o", str(out)]) == 0
    assert ">m0.csv<" not in out.read_text() and files[0] in out.read_text()  # default title


def test_report_curve_and_verdict_show_as_tables_in_jupyter() -> None:
    from rocpr_exact.consistency.check import check_consistency
    from rocpr_exact.output.report import build_report

    curve = rx.Curve.from_scores([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 0])
    report = build_report(curve, 5)
    html = report._repr_html_()  # type: ignore[attr-defined]
    assert html.startswith("<table>") and "auc_roc" in html and "0.75000  (3/4)" in html
    assert "auc_pr.step" in html
    assert report == dict(report) and isinstance(report, dict)  # still the plain JSON dict
    html = curve._repr_html_()
    assert "positives (P)" in html and "TP 1, FP 0, score &gt;= 0.9" in html
    big = rx.Curve.from_scores(list(range(100)), [i % 2 for i in range(100)])
    assert "93 points not shown" in big._repr_html_()  # 101 points: 0-5, 99 and 100 shown
    verdict = check_consistency(4, 4, {"auc_roc": "0.75"})
    assert "verdict" in verdict._repr_html_() and verdict.verdict in verdict._repr_html_()


def test_the_docs_python_block_runs() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "plotting.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(block, namespace)
    assert namespace["figure"].axes  # type: ignore[attr-defined]
