"""The commands of the command line: each one's name, module and one-line help, in the order
``rocpr-exact --help`` lists them.

Kept apart from the commands' modules so that listing them imports none: ``rocpr-exact
--help`` and ``--version`` start in a fraction of the time the work's libraries take to
import, and a command imports only its own module (``benchmarks/bench_startup.py``).
Each module has ``register(commands)``, which adds its full sub-parser with
``help=HELP[name]`` and ``set_defaults(run=run)``, and ``run(args) -> (output, status)``.
"""

from __future__ import annotations

__all__ = ["HELP", "MODULES"]

#: Command name -> its module under ``rocpr_exact.cli``.
MODULES = {
    "report": "report",
    "curve": "curve",
    "operating-point": "operating",
    "vectors": "vectors",
    "check": "check",
    "plot": "plot",
    "consistent": "consistent",
    "check-certificate": "certificate",
    "compare": "compare",
    "explain": "explain",
    "fuzz": "fuzz",
}

#: Command name -> the one line ``--help`` shows for it.
HELP = {
    "report": "exact report of a scored dataset (CSV with score and label columns)",
    "curve": "exact ROC and PR points (with thresholds) and the PR curve on a recall grid",
    "operating-point": "the best threshold for F-beta, Youden's J, or a recall, precision or "
    "FPR constraint: its exact counts, threshold and rates",
    "vectors": "write the golden test vectors (deterministic; see docs/oracle.md)",
    "check": "compare another implementation's results with the vectors (exit 0 = all pass)",
    "plot": "draw the ROC points with the convex hull and the PR points with the achievable "
    "PR curve and the straight-line interpolation; several files: one model each, compared "
    "(needs matplotlib)",
    "consistent": "decide exactly whether reported metrics can all be true for P and N",
    "check-certificate": "re-verify the certificate of an 'impossible' from consistent "
    "--certificate FILE with an independent checker (exit 0 valid, 1 invalid, 4 unverified)",
    "compare": "DeLong's test of two AUC-ROCs: two score columns of one file (paired) or two "
    "files (unpaired)",
    "explain": "every exact metric and tool twin on the data (weighted with --weight-column); "
    "with --value: which of them, which tie order or which float view a value is",
    "fuzz": "search for data on which a program computing a metric is wrong (-- COMMAND ...; "
    "exit 0 = none found, 1 = counterexample written)",
}
