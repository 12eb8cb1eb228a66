"""Figures in the manner of Davis & Goadrich (2006), Figures 5 and 6, for one model or several.

Left: ROC space, the ROC curve and its convex hull (Figure 5(a), (b)).  Right: PR space, the
PR curve, the achievable PR curve (Corollary 3.1, Figure 5(c)) and, for one model, the
straight lines between the hull's PR points, the interpolation the paper calls a mistake
(Section 4, Figure 6): on every hull edge precision is constant or convex in recall, so the
straight lines lie on or above the achievable curve.  Lines that coincide exactly are drawn
once and named together in the legend ("PR curve = achievable PR curve").

What is drawn: the hull, the achievable PR curve and the straight lines are the exact
geometry of :mod:`rocpr_exact.output.figure` (few vertices, sampled exactly); the raw ROC and
PR curves and their points are reduced to the pixels they cover (:mod:`rocpr_exact.output.
drawing`), so a curve of 10^7 points draws in seconds and looks the same as one drawn point
by point (``tests/output/test_plot_scale.py`` compares the two).  Several models share the
panels, one colour each from Okabe and Ito's colour-blind-safe palette; one legend under both
panels gives each model's AUC-ROC and "AUC-PR continuous" (the area under its PR curve),
certified to three digits, unless ``auc=False``; each model's hull and achievable PR curve
are drawn above every model's curve.  Legends sit outside the panels, so they cover no curve.

Files: PNG (300 dpi by default), SVG and PDF by the file's suffix, written atomically; PDF
fonts are embedded as Type 42 (TrueType, never Type 3) and SVG text stays text.  matplotlib is
an optional extra (``pip install '.[plot]'`` in the source tree), imported only when drawing;
without it :class:`MissingDependencyError`.  Floats appear only here and in ``drawing``,
converted from exact values for drawing (``tests/contract/test_no_float.py``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.io.files import write_atomically
from rocpr_exact.output import panels
from rocpr_exact.output.figure import RESOLUTION

__all__ = [
    "DEFAULT_DPI",
    "DEFAULT_SIZE",
    "FORMATS",
    "SAVE_SETTINGS",
    "output_format",
    "plot",
    "render",
    "require_matplotlib",
    "save",
]

#: Output formats, chosen by the file's suffix.
FORMATS = ("png", "svg", "pdf")

#: Width and height in inches: two square panels and their legends across a page.
DEFAULT_SIZE = (10.0, 5.0)

#: Pixels per inch of a PNG: print quality.
DEFAULT_DPI = 300

#: Bounds of ``size`` (inches) and ``dpi``: a 100 x 100 inch PNG at 1200 dpi would be
#: 14 gigapixels; the product is bounded by matplotlib itself (2**16 pixels a side for Agg).
MAX_INCHES = 100
MAX_DPI = 1200

#: matplotlib settings while saving: TrueType (Type 42) fonts in PDF and PostScript, which
#: publishers' PDF checks accept (Type 3 is refused), and text as text in SVG.
SAVE_SETTINGS: dict[str, Any] = {"pdf.fonttype": 42, "ps.fonttype": 42, "svg.fonttype": "none"}


def output_format(path: str | Path) -> str:
    """The format named by the file's suffix, one of :data:`FORMATS`.

    >>> output_format("figure.PDF")
    'pdf'
    """
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InvalidInputError(
            f"cannot tell the image format of {str(path)!r}: the file name must end in "
            + ", ".join(f".{f}" for f in FORMATS[:-1])
            + f" or .{FORMATS[-1]}"
        )
    return suffix


def require_matplotlib() -> Any:
    """Import matplotlib's ``Figure``, or raise a one-line :class:`MissingDependencyError`."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError(
            "plotting needs matplotlib, which is not installed; "
            "install it with: pip install '.[plot]' in rocpr-exact's source tree"
        ) from None
    return Figure


def _check_figure_options(size: tuple[float | Fraction, float | Fraction], dpi: int) -> None:
    if (
        len(size) != 2
        or not all(isinstance(x, int | float | Fraction) and not isinstance(x, bool) for x in size)
        or not all(0 < x <= MAX_INCHES for x in size)
    ):
        raise InvalidInputError(
            f"size must be two numbers of inches in (0, {MAX_INCHES}] (width, height), got {size!r}"
        )
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not 1 <= dpi <= MAX_DPI:
        raise InvalidInputError(f"dpi must be a whole number from 1 to {MAX_DPI}, got {dpi!r}")


def _curves(data: Any) -> list[Curve]:
    """The curves of ``data``: a Curve, a (scores, labels) pair, a CSV path, or a list of them."""
    if isinstance(data, Curve | str | Path):
        return [_curve(data)]
    if (
        isinstance(data, tuple)
        and len(data) == 2
        and not isinstance(data[0], Curve | str | Path | tuple)
    ):
        return [_curve(data)]  # (scores, labels)
    if isinstance(data, Sequence) and data:
        return [_curve(item) for item in data]
    raise InvalidInputError(
        "data must be a Curve, a (scores, labels) pair, a CSV path, or a non-empty list of them"
    )


def _curve(item: Any) -> Curve:
    if isinstance(item, Curve):
        return item
    if isinstance(item, str | Path):
        from rocpr_exact.io.fastcsv import scored_csv_curve

        return scored_csv_curve(item)
    if isinstance(item, tuple) and len(item) == 2:
        return Curve.from_scores(*item)
    raise InvalidInputError(
        f"each curve must be a Curve, a (scores, labels) pair or a CSV path, got {type(item)}"
    )


def plot(
    data: Any,
    ax: Any = None,
    *,
    labels: Sequence[str] | None = None,
    title: str | None = None,
    auc: bool = True,
    markers: bool | None = None,
    panel: str = "roc",
    size: tuple[float | Fraction, float | Fraction] = DEFAULT_SIZE,
    dpi: int = DEFAULT_DPI,
    resolution: int = RESOLUTION,
    path: str | Path | None = None,
    thin: bool = True,
) -> Any:
    """Draw the ROC and PR panels of one or several models; return the matplotlib Figure.

    ``data``: a :class:`Curve`, a ``(scores, labels)`` pair, a path of a scored CSV, or a list
    of them (one model each, named by ``labels``; default "model 1", "model 2"...).  ``ax``:
    None (a new figure of ``size`` inches at ``dpi``, both panels), a pair of Axes (ROC,
    PR), or one Axes for the panel named by ``panel`` ("roc" or "pr"), as scikit-learn's
    ``RocCurveDisplay.from_predictions(..., ax=ax)`` draws into a given Axes.  ``auc``: the
    areas in the legend; ``markers``: the points (filled on the hull, hollow below; None:
    when every curve has at most :data:`~rocpr_exact.output.panels.MARKER_LIMIT` points);
    ``title``: above the panels (None or "": no title).  ``path``: also save the figure there
    (:func:`save`).  ``thin=False`` draws every point (slow for large curves; for tests).
    Needs P > 0 and N > 0 for every curve.
    """
    if ax is None:
        _check_figure_options(size, dpi)
    curves = _curves(data)
    names = list(labels) if labels is not None else []
    if labels is not None and len(names) != len(curves):
        raise InvalidInputError(f"labels names {len(names)} models, but data has {len(curves)}")
    if not names:
        names = [""] if len(curves) == 1 else [f"model {i + 1}" for i in range(len(curves))]
    figure_class = require_matplotlib()
    if ax is None:
        figure = figure_class(
            figsize=(float(size[0]), float(size[1])), dpi=dpi, layout="constrained"
        )
        roc_ax, pr_ax = figure.subplots(1, 2)
        outside = True
    else:
        roc_ax, pr_ax = _given_axes(ax, panel)
        figure = (roc_ax or pr_ax).figure
        outside = False
    if markers is None:
        markers = all(len(curve.tps) <= panels.MARKER_LIMIT for curve in curves)
    style = panels.Style(auc=auc, markers=markers, resolution=resolution, thin=thin)
    pixels = _pixels(figure)
    combined = outside and len(curves) > 1  # one legend for both panels: a model, a colour
    areas: list[list[str | None]] = []
    for drawn, placement in ((roc_ax, "outside lower left"), (pr_ax, "outside lower right")):
        if drawn is None:
            continue
        draw = panels.draw_roc if drawn is roc_ax else panels.draw_pr
        areas.append(draw(drawn, curves, names, style, pixels))
        if not combined:
            panels.place_legend(figure, drawn, placement if outside else None)
    if combined:
        panels.comparison_legend(figure, names, list(zip(*areas, strict=True)), style)
    if title:
        figure.suptitle(title)
    if path is not None:
        save(figure, path, title)
    return figure


def _given_axes(ax: Any, panel: str) -> tuple[Any, Any]:
    """(ROC axes, PR axes) from ``ax``: a pair, or one Axes for ``panel``."""
    if isinstance(ax, Sequence) or hasattr(ax, "shape"):
        pair = list(ax)
        if len(pair) != 2:
            raise InvalidInputError(f"ax must be one Axes or a pair (ROC, PR), got {len(pair)}")
        return pair[0], pair[1]
    if panel not in ("roc", "pr"):
        raise InvalidInputError(f"panel must be 'roc' or 'pr', got {panel!r}")
    return (ax, None) if panel == "roc" else (None, ax)


def _pixels(figure: Any) -> tuple[int, int]:
    """The figure's size in pixels at its dpi: a panel has fewer, so thinning to these is finer
    than the eye can see (SVG and PDF too: their raster resolution is the same dpi)."""
    width, height = figure.get_size_inches()
    dpi = figure.get_dpi()
    return max(int(width * dpi), 16), max(int(height * dpi), 16)


def save(figure: Any, path: str | Path, title: str | None = None) -> Path:
    """Save ``figure`` as PNG, SVG or PDF (by suffix) atomically, with :data:`SAVE_SETTINGS`.

    The file is written into a temporary file in the same directory, then renamed over
    ``path``; on failure ``path`` is untouched and no temporary file is left.  ``title`` is
    stored as the file's title metadata.
    """
    fmt = output_format(path)
    from matplotlib import rc_context

    metadata = {"Title": title} if title else {}

    def write(stream: Any) -> None:
        with warnings.catch_warnings(), rc_context(SAVE_SETTINGS):  # type: ignore[arg-type]
            # A small size crowds the panels; the file is still the size asked for.
            warnings.filterwarnings("ignore", "constrained_layout not applied", UserWarning)
            # A first layout pass without output: the legend under the panels is placed from
            # the sizes of a first draw, and would otherwise overlap the axes' labels.
            figure.draw_without_rendering()
            figure.savefig(stream, format=fmt, metadata=metadata)

    return write_atomically(Path(path), write)


def render(
    curve: Curve | Sequence[Curve],
    path: str | Path,
    *,
    title: str | None = None,
    size: tuple[float | Fraction, float | Fraction] = DEFAULT_SIZE,
    dpi: int = DEFAULT_DPI,
    resolution: int = RESOLUTION,
    **options: Any,
) -> None:
    """Draw the panels of one curve (or several) and save them (:func:`plot` with ``path``).

    ``size`` is (width, height) in inches; ``dpi`` sets the pixels per inch of a PNG (the
    PNG is ``round(width * dpi)`` x ``round(height * dpi)`` pixels) and of the raster parts
    of SVG and PDF, whose page is ``size`` (72 points per inch).  Raises
    :class:`InvalidInputError` for an unknown suffix, a bad size or dpi, or an unwritable
    path, and :class:`MissingDependencyError` without matplotlib; the suffix is checked
    before anything is drawn.
    """
    output_format(path)
    _check_figure_options(size, dpi)
    figure = plot(curve, title=title, size=size, dpi=dpi, resolution=resolution, **options)
    save(figure, path, title)
