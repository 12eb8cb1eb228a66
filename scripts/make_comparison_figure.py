"""Write the README's two-model figure: two scored CSV files, then one ``rocpr-exact plot``.

    python scripts/make_comparison_figure.py

``examples/model_a.csv`` and ``examples/model_b.csv`` score the same 2,000 examples (200
positives), drawn with Python's ``random.Random(2006)`` (whose sequence Python keeps from
release to release), scores rounded to 3 decimals:

* model A: every positive a little above the negatives (normal, shift 1.2): the better
  ROC curve at most false positive rates;
* model B: a quarter of the positives far above everything (shift 4), the rest barely above
  (shift 0.5): the better PR curve at low recall, the worse ROC curve.

Their curves cross, so neither dominates the other (Theorem 3.2): the figure shows the
trade-off in both spaces.  Then :data:`COMMAND` writes ``docs/figures/two_models.png`` and
``.pdf`` (the PDF's fonts are TrueType, checked by ``tests/contract/test_figures.py`` with
``pdffonts`` when poppler-utils is installed).
"""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rocpr_exact.cli import main as rocpr_exact  # noqa: E402

#: The command the README shows (run from the repository root), one per format.
COMMAND = (
    "plot examples/model_a.csv examples/model_b.csv --label 'model A' --label 'model B' "
    "--title 'Two models, 200 positives and 1,800 negatives' --size 7x4 -o "
    "docs/figures/two_models.{suffix}"
)


def scores() -> dict[str, list[tuple[str, int]]]:
    """Each model's (score, label) rows, as written."""
    rng = random.Random(2006)
    labels = [1] * 200 + [0] * 1800
    model_a, model_b = [], []
    for number, label in enumerate(labels):
        noise_a, noise_b = rng.gauss(0, 1), rng.gauss(0, 1)
        shift_b = (4.0 if number < 50 else 0.5) if label else 0.0
        model_a.append((f"{noise_a + 1.2 * label:.3f}", label))
        model_b.append((f"{noise_b + shift_b:.3f}", label))
    return {"model_a.csv": model_a, "model_b.csv": model_b}


def write_data(folder: Path) -> None:
    for name, rows in scores().items():
        text = "score,label\n" + "".join(f"{score},{label}\n" for score, label in rows)
        (folder / name).write_text(text, encoding="utf-8")


def main() -> int:
    write_data(ROOT / "examples")
    for suffix in ("png", "pdf"):
        argv = shlex.split(COMMAND.format(suffix=suffix))
        if suffix == "png":
            argv += ["--dpi", "150"]
        status = rocpr_exact([*argv, "--no-progress"])
        if status:
            return status
    return 0


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    sys.exit(main())
