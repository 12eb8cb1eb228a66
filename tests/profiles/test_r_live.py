"""Live comparison of the R twins with R itself (marker ``r``: ``pytest -m r tests/profiles``).

Fresh random datasets (ties, imbalance, soft-label weights) are written into one R script
that runs PRROC, pROC, ROCR and precrec and prints every value with 17 significant digits;
each twin must agree within the bounds of tests/profiles/test_r_recorded.py.  Skipped when
``Rscript`` or one of the packages is missing.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rocpr_exact.profiles import precrec, proc, prroc, rocr

pytestmark = pytest.mark.r

U = 2.0**-53
PACKAGES = ("PRROC", "pROC", "ROCR", "precrec")


def _r_vector(values: list[float] | list[int]) -> str:
    return "c(" + ",".join(repr(float(v)) for v in values) + ")"


def _datasets(seed: int, count: int) -> list[tuple[list[float], list[int], list[float]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice([5, 17, 60, 250])
        prevalence = rng.choice([0.02, 0.3, 0.5, 0.9])
        labels = [int(rng.random() < prevalence) for _ in range(n)]
        labels[0], labels[-1] = 1, 0
        digits = rng.choice([0, 1, 2, 6])
        scores = [round(rng.random() + 0.3 * y, digits) for y in labels]
        weights = [round(rng.random(), 2) for _ in range(n)]
        out.append((scores, labels, weights))
    return out


def _run_r(script: str, folder: Path) -> list[list[float | None]]:
    rscript = shutil.which("Rscript")
    if rscript is None:
        pytest.skip("Rscript is not installed")
    names = ",".join(f'"{p}"' for p in PACKAGES)
    check = f"cat(all(sapply(c({names}), requireNamespace, quietly=TRUE)))"
    found = subprocess.run([rscript, "-e", check], capture_output=True, text=True, check=False)
    if found.stdout.strip() != "TRUE":
        pytest.skip("an R package is missing: " + ", ".join(PACKAGES))
    path = folder / "twins.R"  # -e has a length limit
    path.write_text(script)
    done = subprocess.run(
        [rscript, str(path)], capture_output=True, text=True, check=True, timeout=300
    )
    return [
        [None if v == "NA" else float(v) for v in line.split()[1:]]
        for line in done.stdout.splitlines()
        if line.startswith("@@")  # packages may print notes of their own
    ]


def _close(exact: object, value: float | None, bound: float) -> None:
    if value is None:
        assert exact is None
    else:
        assert exact is not None and abs(float(exact) - value) <= bound, (exact, value, bound)


def test_twins_agree_with_r(tmp_path: Path) -> None:
    seed = random.SystemRandom().randrange(2**32)
    print(f"datasets from seed {seed} (_datasets(seed, 12) reproduces them)")  # shown on failure
    datasets = _datasets(seed, count=12)
    lines = [
        "suppressPackageStartupMessages({library(PRROC); library(ROCR)})",
        "p <- function(...) cat('@@', sprintf('%.17g', c(...)), '\\n')",
    ]
    for scores, labels, weights in datasets:
        s, y, w = _r_vector(scores), _r_vector(labels), _r_vector(weights)
        lines += [
            f"s <- {s}; y <- {y}; w <- {w}",
            "r <- pr.curve(s[y == 1], s[y == 0]); q <- roc.curve(s[y == 1], s[y == 0])",
            "p(q$auc, r$auc.integral, r$auc.davis.goadrich)",
            "r <- pr.curve(s, weights.class0 = w); q <- roc.curve(s, weights.class0 = w)",
            "p(q$auc, r$auc.integral)",
            "p(as.numeric(pROC::auc(y, s, quiet = TRUE)),",
            "  as.numeric(suppressWarnings(pROC::auc(y, s, quiet = TRUE,",
            "    partial.auc = c(0.9, 0.6), partial.auc.focus = 'sensitivity',",
            "    partial.auc.correct = TRUE))))",
            "pr <- prediction(s, y)",
            "p(performance(pr, 'auc', fpr.stop = 0.3)@y.values[[1]],",
            "  performance(pr, 'aucpr')@y.values[[1]])",
            "a <- precrec::auc(precrec::evalmod(scores = s, labels = y)); p(a$aucs)",
        ]
    rows = iter(_run_r("\n".join(lines), tmp_path))
    for scores, labels, weights in datasets:
        bound = (len(scores) + 1016) * 2 * U * 4  # x_bins = 1000; logs and McClish: factor 4
        pos = [v for v, t in zip(scores, labels, strict=True) if t]
        neg = [v for v, t in zip(scores, labels, strict=True) if not t]
        roc, integral, dg = next(rows)
        _close(prroc.roc_curve(pos, neg).auc, roc, bound)
        _close(prroc.pr_curve(pos, neg).auc_integral, integral, bound)
        _close(prroc.pr_curve(pos, neg).auc_davis_goadrich, dg, bound)
        roc, integral = next(rows)
        _close(prroc.roc_curve(scores, weights_class0=weights).auc, roc, bound)
        _close(prroc.pr_curve(scores, weights_class0=weights).auc_integral, integral, bound)
        full, partial = next(rows)
        _close(proc.auc(labels, scores), full, bound)
        twin = proc.auc(
            labels,
            scores,
            partial_auc=(0.9, 0.6),
            partial_auc_focus="sensitivity",
            partial_auc_correct=True,
        )
        _close(twin, partial, bound)
        stopped, aucpr = next(rows)
        pred = rocr.prediction(scores, labels)
        _close(rocr.performance(pred, "auc", fpr_stop=0.3), stopped, bound)
        _close(rocr.performance(pred, "aucpr"), aucpr, bound * (1 + 2 * len(scores)))
        roc, prc = next(rows)
        aucs = precrec.evalmod(scores, labels)
        _close(aucs.roc, roc, bound)
        _close(aucs.prc, prc, bound)
