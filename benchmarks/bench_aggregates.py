"""Aggregated AUC-ROC claims of genuine and moved aggregates: the decided shares and the times.

Folds: for P in ``--sizes``, N = P times each of ``--ratios`` and K in ``--folds`` (K <= P),
the K test folds of scikit-learn's ``StratifiedKFold`` (their sizes:
``stratified_fold_sizes``), each fold's scores binormal (negatives N(0, 1), positives N(d, 1),
d from ``--separations``), rounded to 2 decimals (ties) or not.  Each fold's exact AUC-ROC gives
the printed mean (3 decimals) and sample SD (ddof 1, 2 or 3 decimals, drawn per case), both
rounded half up as "nearest" reads them.  The queries: the genuine mean, the genuine mean with
its SD (``--sd-ddof 1``), the mean moved by +-0.001 to +-0.005 (by 0.001), and the SD moved
by +-0.005, +-0.01, +-0.015, +-0.02 beside the genuine mean; ``--draws`` cases a cell.
Classes: K classes in ``--classes`` over n examples in ``--class-totals`` (counts drawn at
random, each >= 1), each class's one-vs-rest score column binormal on its own (free per-class
scores); the macro and the weighted AUC-ROC printed with 3 decimals, genuine and moved as the
fold means.

Every genuine query must come back "possible" (its witness certified by the decider: each
task's AUC recomputed from its ranking); one that does not is printed as a BUG.  For each kind
the script prints the counts of verdicts, the decided share, the median and the greatest time of
one query, then every undecided query with its reason.  No peer is measured: no other tool
decides AUC-ROC means or SDs (mlscorecheck's k-fold checks are for scores linear in the
confusion matrix), so the "ratio" line is the share of moved queries decided.

    python benchmarks/bench_aggregates.py --seed 1
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import smoke  # noqa: E402

from rocpr_exact.areas.auc import auc_roc  # noqa: E402
from rocpr_exact.checker import check_certificate  # noqa: E402
from rocpr_exact.cli.app import main as cli  # noqa: E402
from rocpr_exact.consistency.aggregate import (  # noqa: E402
    Aggregate,
    class_tasks,
    decide_mean,
    stratified_fold_sizes,
)
from rocpr_exact.consistency.aggregate_sd import Spread, decide_spread, variance  # noqa: E402
from rocpr_exact.consistency.reported import reported_interval  # noqa: E402
from rocpr_exact.core.curve import Curve  # noqa: E402
from rocpr_exact.io.files import write_atomically  # noqa: E402

MEAN_SHIFTS = tuple(f"{sign}0.00{k}" for k in range(1, 6) for sign in ("", "-"))
SD_SHIFTS = tuple(f"{sign}{x}" for x in ("0.005", "0.01", "0.015", "0.02") for sign in ("", "-"))
KINDS = ("genuine", "moved mean", "moved sd", "genuine class", "moved class")


def printed(value: Fraction, digits: int) -> str:
    """``value`` >= 0 rounded half up to ``digits`` decimals (exactly)."""
    scale = 10**digits
    k = math.floor(value * scale + Fraction(1, 2))
    return str(Decimal(k).scaleb(-digits))


def printed_sd(var: Fraction, digits: int) -> str:
    """sqrt(var) rounded half up to ``digits`` decimals, exactly: the k with
    (k - 1/2)^2 <= var 10^(2 digits) < (k + 1/2)^2, i.e. 2k - 1 <= isqrt(floor(4 var 10^(2d)))."""
    k = (math.isqrt(math.floor(4 * var * 10 ** (2 * digits))) + 1) // 2
    return str(Decimal(k).scaleb(-digits))


def fold_auc(rng: random.Random, p: int, n: int, d: float, ties: bool) -> Fraction:
    """The exact AUC-ROC of p binormal positives N(d, 1) and n negatives N(0, 1)."""
    scale = 100 if ties else 10**12
    scores = [round(rng.gauss(d, 1) * scale) for _ in range(p)]
    scores += [round(rng.gauss(0, 1) * scale) for _ in range(n)]
    return auc_roc(Curve.from_scores(scores, [1] * p + [0] * n))


def moved(text: str, shift: str) -> str | None:
    value = Decimal(text) + Decimal(shift)
    return str(value) if 0 <= value <= 1 else None


class Run:
    """The queries' verdicts and times by kind, the genuine ones that were not possible, and the
    checker's answers on the certificates of the impossible ones."""

    def __init__(self, verbose: bool, check: bool) -> None:
        self.rows: dict[str, list[tuple[str, float, int]]] = {kind: [] for kind in KINDS}
        self.undecided: list[str] = []
        self.bugs: list[str] = []
        self.checks: list[tuple[str, float]] = []
        self.verbose, self.check = verbose, check

    def ask(
        self, kind: str, label: str, examples: int, query: Aggregate | Spread, argv: list[str]
    ) -> None:
        start = time.perf_counter()
        outcome = decide_spread(query) if isinstance(query, Spread) else decide_mean(query)
        spent = time.perf_counter() - start
        self.rows[kind].append((outcome.verdict, spent, examples))
        line = f"{kind}: {label}: {outcome.verdict} {spent:.3f} s"
        if self.verbose:
            print(line, flush=True)
        if outcome.verdict == "undecided":
            self.undecided.append(f"{line} -- {'; '.join(outcome.reasons)}")
        if kind.startswith("genuine") and outcome.verdict != "possible":
            self.bugs.append(line)
        if outcome.verdict == "impossible" and self.check:
            status, took = certified(argv)
            self.checks.append((status, took))
            if status != "valid":
                self.bugs.append(f"{line}: its certificate is {status}")


def certified(argv: list[str]) -> tuple[str, float]:
    """``rocpr-exact consistent ARGV --certificate FILE``, then ``check_certificate`` on FILE:
    its status and the check's time."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "certificate.json"
        with contextlib.redirect_stdout(io.StringIO()):
            status = cli(["consistent", *argv, "--certificate", str(target)])
        if status != 1:
            return f"not written (exit {status})", 0.0
        document = json.loads(target.read_text(encoding="utf-8"))
    start = time.perf_counter()
    answer = check_certificate(document).status
    return answer, time.perf_counter() - start


def folds(run: Run, rng: random.Random, args: argparse.Namespace) -> None:
    for p in args.sizes:
        for ratio in args.ratios:
            for k in (k for k in args.folds if k <= p):
                for d in args.separations:
                    for ties in smoke.first([True, False]):
                        for _ in range(args.draws):
                            fold_cases(run, rng, p, p * ratio, k, d, ties)


def fold_cases(run: Run, rng: random.Random, p: int, n: int, k: int, d: float, ties: bool) -> None:
    tasks = stratified_fold_sizes(p, n, k)
    aucs = [fold_auc(rng, tp, tn, d, ties) for tp, tn in tasks]
    weights = (Fraction(1, k),) * k
    mean = printed(sum(aucs, Fraction(0)) / k, 3)
    digits = rng.choice((2, 3))
    sd = printed_sd(variance(aucs, 1), digits)
    label = f"P={p} N={n} K={k} d={d} ties={ties} mean={mean}"
    argv = ["--positives", str(p), "--negatives", str(n), "--folds", str(k)]
    argv += [] if ties else ["--no-ties"]
    query = Aggregate(tasks, weights, reported_interval(mean), ties)
    with_sd = ["--auc-roc-sd", sd, "--sd-ddof", "1"]
    run.ask("genuine", label, p + n, query, [*argv, "--auc-roc-mean", mean])
    spread = Spread(query, reported_interval(sd), (1,))
    run.ask("genuine", f"{label} sd={sd}", p + n, spread, [*argv, "--auc-roc-mean", mean, *with_sd])
    for shift in MEAN_SHIFTS:
        text = moved(mean, shift)
        if text is not None:
            shifted = Aggregate(tasks, weights, reported_interval(text), ties)
            label_moved = f"{label} ({shift}: {text})"
            run.ask("moved mean", label_moved, p + n, shifted, [*argv, "--auc-roc-mean", text])
    for shift in SD_SHIFTS:
        text = moved(sd, shift)
        if text is not None:
            spread = Spread(query, reported_interval(text), (1,))
            options = [*argv, "--auc-roc-mean", mean, "--auc-roc-sd", text, "--sd-ddof", "1"]
            run.ask("moved sd", f"{label} sd={sd} ({shift}: {text})", p + n, spread, options)


def class_counts(rng: random.Random, total: int, classes: int) -> list[int]:
    """``classes`` counts >= 1 summing to ``total``, in random proportions (1 to 10)."""
    shares = [rng.randint(1, 10) for _ in range(classes)]
    counts = [max(1, total * s // sum(shares)) for s in shares]
    counts[counts.index(max(counts))] += total - sum(counts)
    return counts


def classes(run: Run, rng: random.Random, args: argparse.Namespace) -> None:
    for total in args.class_totals:
        for size in args.classes:
            for ties, _ in itertools.product(smoke.first([True, False]), range(args.draws)):
                counts = class_counts(rng, total, size)
                tasks, _ = class_tasks(counts, False)
                aucs = [
                    fold_auc(rng, tp, tn, rng.choice(args.separations), ties) for tp, tn in tasks
                ]
                for weighted in (False, True):
                    _, weights = class_tasks(counts, weighted)
                    mean = printed(
                        sum((w * a for w, a in zip(weights, aucs, strict=True)), Fraction(0)), 3
                    )
                    name = "weighted" if weighted else "macro"
                    label = f"counts={','.join(map(str, counts))} ties={ties} {name}={mean}"
                    query = Aggregate(tasks, weights, reported_interval(mean), ties)
                    argv = ["--class-counts", ",".join(map(str, counts))]
                    argv += [] if ties else ["--no-ties"]
                    flag = f"--{name}-auc-roc"
                    run.ask("genuine class", label, total, query, [*argv, flag, mean])
                    for shift in MEAN_SHIFTS:
                        text = moved(mean, shift)
                        if text is not None:
                            shifted = Aggregate(tasks, weights, reported_interval(text), ties)
                            moved_label = f"{label} ({shift}: {text})"
                            run.ask("moved class", moved_label, total, shifted, [*argv, flag, text])


def table(run: Run) -> list[str]:
    lines = [
        f"{'queries':<14} {'count':>6} {'possible':>9} {'impossible':>11} {'undecided':>10}"
        f" {'decided':>8} {'median s':>9} {'max s':>7}"
    ]
    for kind, rows in run.rows.items():
        if not rows:
            continue
        by = {v: sum(1 for r in rows if r[0] == v) for v in ("possible", "impossible", "undecided")}
        times = [t for _, t, _ in rows]
        decided = (len(rows) - by["undecided"]) / len(rows)
        lines.append(
            f"{kind:<14} {len(rows):>6} {by['possible']:>9} {by['impossible']:>11} "
            f"{by['undecided']:>10} {decided:>8.1%} {statistics.median(times):>9.3f} "
            f"{max(times):>7.2f}"
        )
    return lines


def header(argv: Sequence[str]) -> list[str]:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    commit = f"{commit or '?'}{' with uncommitted changes' if dirty else ''}"
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return [
        f"# python benchmarks/bench_aggregates.py {' '.join(argv)}",
        f"# commit {commit}; {when}; {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average at start {load} (other agents share "
        "the cores)",
        "# no peer: no other tool decides AUC-ROC means or SDs; the ratio is the decided share",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[13, 50, 200, 1000, 2000])
    parser.add_argument("--ratios", type=int, nargs="*", default=[1, 3, 9])
    parser.add_argument("--folds", type=int, nargs="*", default=[3, 5, 7, 10])
    parser.add_argument("--separations", type=float, nargs="*", default=[0.6, 1.2, 2.5])
    parser.add_argument("--classes", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument("--class-totals", type=int, nargs="*", default=[20, 200, 2000, 20000])
    parser.add_argument("--draws", type=int, default=2, help="cases drawn per cell")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="also write the output to this file")
    parser.add_argument("--verbose", action="store_true", help="one line per query")
    parser.add_argument(
        "--no-check",
        action="store_true",
        help="do not write and check the certificate of each impossible answer",
    )
    args = parser.parse_args()
    args.sizes = smoke.sizes(args.sizes, 13)
    args.class_totals = smoke.sizes(args.class_totals, 20)
    args.ratios, args.folds = smoke.first(args.ratios), smoke.first(args.folds)
    args.separations, args.classes = smoke.first(args.separations), smoke.first(args.classes)
    args.draws = smoke.size(args.draws, 1)
    if args.save and not smoke.may_write(args.save):
        args.save = None
    lines = header(sys.argv[1:])
    print("\n".join(lines), flush=True)
    run = Run(args.verbose, not args.no_check)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    folds(run, rng, args)
    classes(run, rng, args)
    body = table(run)
    moved_rows = [r for kind in KINDS if kind.startswith("moved") for r in run.rows[kind]]
    decided = sum(1 for r in moved_rows if r[0] != "undecided")
    body.append(
        f"ratio of moved queries decided: {decided}/{len(moved_rows)} "
        f"({decided / max(1, len(moved_rows)):.1%})"
    )
    every = [t for rows in run.rows.values() for _, t, _ in rows]
    body.append(
        f"every query: {len(every)}, median {statistics.median(every):.3f} s, max "
        f"{max(every):.2f} s, over 2 s: {sum(1 for t in every if t > 2)}; "
        f"total {time.perf_counter() - started:.0f} s"
    )
    if run.checks:
        valid = sum(1 for status, _ in run.checks if status == "valid")
        took = [t for _, t in run.checks]
        body.append(
            f"certificates of the impossible answers (the CLI's, re-verified by check_certificate):"
            f" {len(run.checks)}, valid {valid}, check median {statistics.median(took):.3f} s, "
            f"max {max(took):.2f} s"
        )
    body.append(f"genuine queries not possible or certificates not valid (BUG): {len(run.bugs)}")
    body += [f"  BUG {line}" for line in run.bugs]
    body.append(f"undecided: {len(run.undecided)}")
    body += [f"  {line}" for line in run.undecided]
    print("\n".join(body), flush=True)
    if args.save:
        text = "\n".join([*lines, *body]) + "\n"
        write_atomically(args.save, lambda stream: stream.write(text.encode("utf-8")))


if __name__ == "__main__":
    main()
