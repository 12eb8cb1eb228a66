"""Benchmark matrix: the default report (certified first) against scikit-learn, every entry point.

Cells: n x positive rate x scores (distinct float64, or rounded to 3 decimals: heavy ties) x
entry.  Each cell runs in its own process; the data (seed 0) is made, and both sides are run
once on 1,000 rows (imports, first calls), before the clocks start.  Each side then runs
``--repeat`` times (default 3), alternating with the other, and its median counts.

* ``numpy``: ``Curve.from_scores`` on numpy arrays + ``build_report`` (30 certified digits)
  vs ``roc_auc_score`` + ``average_precision_score`` on the same arrays;
* ``pandas``: the same on pandas Series;
* ``histogram``: ``Curve.from_histogram`` of the (score, positives, negatives) histogram of the
  same data as three numpy columns (what a SQL ``GROUP BY`` fetched with DuckDB's
  ``fetchnumpy`` or a pandas ``groupby`` gives) + ``build_report`` vs sklearn on the raw arrays;
* ``csv``: ``rocpr-exact report file.csv`` in a subprocess vs a script that runs
  ``pandas.read_csv`` + sklearn, also in a subprocess (both whole processes, imports included:
  what a user or a CI job runs); "peer warm" is that pipeline again inside the cell's process,
  its imports done, for comparison;
* ``parquet``: ``rocpr-exact report file.parquet`` vs ``pyarrow.parquet.read_table`` + sklearn,
  likewise.

Printed per cell: ours, the peer, the ratio and the peak resident memory of what ran ours (the
cell's process for API entries, read after ours and before the peer runs, so it counts the
data and ours; the CLI process for files; ``ru_maxrss``).  ``--markdown``
prints a Markdown table; ``--readme`` also writes it into README.md between the markers
``<!-- bench_matrix:start -->`` and ``<!-- bench_matrix:end -->`` with the date and machine.
Needs the ``bench`` extra (pandas, pyarrow).  Run from the repository root:

    python benchmarks/bench_matrix.py --sizes 1000000              # every entry, 8 cells each
    python benchmarks/bench_matrix.py --entries numpy pandas --exact
    python benchmarks/bench_matrix.py --sizes 1000000 10000000 --readme
    python benchmarks/bench_matrix.py --save run.json ...; ... --table-from run.json --readme
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

import smoke

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = ("numpy", "pandas", "histogram", "csv", "parquet")
START, END = "<!-- bench_matrix:start -->", "<!-- bench_matrix:end -->"


def make_data(n: int, rate: str, ties: bool, seed: int = 0):  # type: ignore[no-untyped-def]
    import numpy as np

    rng = np.random.default_rng(seed)
    labels = (rng.random(n) < int(rate) / 100).astype(np.int8)
    scores = rng.random(n) + 0.35 * labels  # informative scores
    if ties:
        scores = np.round(scores, 3)
    return scores, labels


def _sklearn(labels, scores) -> None:  # type: ignore[no-untyped-def]
    from sklearn.metrics import average_precision_score, roc_auc_score

    roc_auc_score(labels, scores)
    average_precision_score(labels, scores)


def _histogram_columns(scores, labels):  # type: ignore[no-untyped-def]
    """The GROUP BY score histogram as three numpy columns (what DuckDB's ``fetchnumpy`` or a
    pandas ``groupby`` returns): distinct scores, positives, negatives."""
    import numpy as np

    values, inverse = np.unique(scores, return_inverse=True)
    total = np.bincount(inverse, minlength=values.shape[0])
    positives = np.bincount(inverse, weights=labels, minlength=values.shape[0]).astype(np.int64)
    return values, positives, total - positives


def _write_file(entry: str, scores, labels, folder: str) -> Path:  # type: ignore[no-untyped-def]
    import pandas as pd

    frame = pd.DataFrame({"score": scores, "label": labels})
    if entry == "csv":
        path = Path(folder) / "data.csv"
        frame.to_csv(path, index=False)
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        path = Path(folder) / "data.parquet"
        pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), path)
    return path


def _peer_pipeline(entry: str, path: str) -> None:
    """The user's pipeline for a file: read it (pandas or pyarrow), then sklearn's two calls."""
    if entry == "csv":
        import pandas as pd

        frame = pd.read_csv(path)
        _sklearn(frame["label"].to_numpy(), frame["score"].to_numpy())
    else:
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        _sklearn(table["label"].to_numpy(), table["score"].to_numpy())


def cell(n: int, rate: str, ties: bool, entry: str, exact: bool, repeat: int) -> dict[str, object]:
    """Time one cell (in a process of its own): the median of ``repeat`` runs of each side, the
    sides alternating (ours, the peer, ours, ...), so neither always finds the memory the other
    freed; the peak memory of ours (its first run), in MiB."""
    sys.path.insert(0, str(ROOT))
    import rocpr_exact as rx
    from rocpr_exact.output.report import build_report

    small_scores, small_labels = make_data(1000, rate, ties, seed=1)
    _sklearn(small_labels, small_scores)  # warm both up: imports and first calls untimed
    build_report(rx.Curve.from_scores(small_scores, small_labels), 30, exact=exact)
    scores, labels = make_data(n, rate, ties)
    ours, theirs, warm = [], [], []
    if entry in ("csv", "parquet"):
        with tempfile.TemporaryDirectory() as folder:
            path = _write_file(entry, scores, labels, folder)
            del scores, labels
            # the installed ``rocpr-exact`` script, run from this checkout's package
            script = "import sys; from rocpr_exact.cli import main; sys.exit(main())"
            command = [sys.executable, "-c", script, "report", str(path)]
            command += ["--no-progress", *(["--exact"] if exact else [])]
            # the peer as a user runs it: a script (its imports count, as ours do)
            peer_script = f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            peer_script += (
                f"import bench_matrix; bench_matrix._peer_pipeline({entry!r}, {str(path)!r})"
            )
            for run in range(repeat):
                start = time.perf_counter()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
                ours.append(time.perf_counter() - start)
                if run == 0:  # the children so far: ours only
                    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
                start = time.perf_counter()
                subprocess.run([sys.executable, "-c", peer_script], check=True, cwd=ROOT)
                theirs.append(time.perf_counter() - start)
                start = time.perf_counter()  # the peer warm, in this process (imports done)
                _peer_pipeline(entry, str(path))
                warm.append(time.perf_counter() - start)
        return {
            "ours": median(ours),
            "peer": median(theirs),
            "peer_warm": median(warm),
            "peak_mb": peak_kb // 1024,
            "repeat": repeat,
        }
    data: object = None
    if entry == "pandas":
        import pandas as pd

        scores, labels = pd.Series(scores), pd.Series(labels)
    elif entry == "histogram":
        data = _histogram_columns(scores, labels)
    for run in range(repeat):
        start = time.perf_counter()  # ours first: the peak read after it is ours (and the data's)
        if entry == "histogram":
            curve = rx.Curve.from_histogram(data)  # type: ignore[arg-type]
        else:
            curve = rx.Curve.from_scores(scores, labels)
        build_report(curve, 30, exact=exact)
        ours.append(time.perf_counter() - start)
        if run == 0:
            peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        del curve
        start = time.perf_counter()
        _sklearn(labels, scores)
        theirs.append(time.perf_counter() - start)
    return {"ours": median(ours), "peer": median(theirs), "peak_mb": peak_mb, "repeat": repeat}


PEERS = {
    "numpy": "sklearn",
    "pandas": "sklearn",
    "histogram": "sklearn on the raw arrays",
    "csv": "pandas.read_csv + sklearn",
    "parquet": "pyarrow read_table + sklearn",
}


def _row(n: int, rate: str, ties: bool, entry: str, out: dict[str, float]) -> dict[str, object]:
    return {
        "n": n,
        "positives": f"{rate}%",
        "scores": "3 decimals" if ties else "distinct",
        "entry": entry,
        "ours": out["ours"],
        "peer": out["peer"],
        "ratio": out["ours"] / out["peer"],
        "peak_mb": out["peak_mb"],
        "peer_warm": out.get("peer_warm"),
        "repeat": out.get("repeat", 1),
    }


def markdown(rows: list[dict[str, object]]) -> str:
    """The rows as a Markdown table, with the date and the machine."""
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    runs = {int(r.get("repeat", 1)) for r in rows}  # type: ignore[call-overload]
    how = (
        "one run per cell"
        if runs == {1}
        else f"the median of {'/'.join(map(str, sorted(runs)))} runs of each side, alternating"
    )
    lines = [
        f"Measured {datetime.date.today().isoformat()} on {machine} by "
        f"`python benchmarks/bench_matrix.py` ({how}; each cell in its own process).",
        "",
        "| n | positives | scores | entry | ours (s) | peer | peer (s) | ours / peer | peak MiB "
        "| peer warm (s) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['n']:.0e} | {r['positives']} | {r['scores']} | {r['entry']} | {r['ours']:.2f} "
            f"| {PEERS[str(r['entry'])]} | {r['peer']:.2f} | {r['ratio']:.2f}x | {r['peak_mb']} "
            f"| {'-' if r.get('peer_warm') is None else format(r['peer_warm'], '.2f')} |"
        )
    return "\n".join(lines).replace("e+0", "e")


def write_readme(table: str, readme: Path = ROOT / "README.md") -> None:
    """Replace the text between the README's markers by ``table``."""
    if not smoke.may_write(readme):
        return
    text = readme.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"README.md has no {START} ... {END} markers")
    readme.write_text(pattern.sub(lambda _: f"{START}\n{table}\n{END}", text), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**6, 10**7])
    parser.add_argument("--rates", nargs="+", default=["1", "50"], help="percent positives")
    parser.add_argument("--entries", nargs="+", default=list(ENTRIES), choices=ENTRIES)
    parser.add_argument("--exact", action="store_true", help="build_report(exact=True)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per side; the median counts")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    parser.add_argument("--save", type=Path, help="also write the rows to this JSON file")
    parser.add_argument(
        "--table-from", type=Path, help="print (and with --readme write) the table of saved rows"
    )
    parser.add_argument("--cell", nargs=6, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cell:
        n, rate, ties, entry, exact, repeat = args.cell
        print(json.dumps(cell(int(n), rate, ties == "1", entry, exact == "1", int(repeat))))
        return
    args.sizes, args.repeat = smoke.sizes(args.sizes, 2_000), smoke.size(args.repeat, 1)
    args.rates = smoke.first(args.rates)
    if args.save and not smoke.may_write(args.save):
        args.save = None
    if args.table_from:
        table = markdown(json.loads(args.table_from.read_text(encoding="utf-8")))
        print(table)
        if args.readme:
            write_readme(table)
        return
    print(
        f"{'n':>9} {'pos%':>4} {'scores':>9} {'entry':>9} {'ours s':>8} {'peer s':>8}"
        f" {'ratio':>7} {'peak MiB':>8}",
        flush=True,
    )
    rows = []
    for n in args.sizes:
        for rate in args.rates:
            for ties in smoke.first([False, True]):
                for entry in args.entries:
                    command = [sys.executable, __file__, "--cell", str(n), rate, str(int(ties))]
                    command += [entry, str(int(args.exact)), str(args.repeat)]
                    out = json.loads(subprocess.check_output(command, text=True))
                    row = _row(n, rate, ties, entry, out)
                    rows.append(row)
                    if args.save:
                        args.save.write_text(json.dumps(rows, indent=1), encoding="utf-8")
                    print(
                        f"{n:>9} {rate:>4} {row['scores']:>9} {entry:>9} {out['ours']:>8.2f}"
                        f" {out['peer']:>8.2f} {row['ratio']:>7.2f} {out['peak_mb']:>8}",
                        flush=True,
                    )
    if args.markdown or args.readme:
        table = markdown(rows)
        print(table)
        if args.readme:
            write_readme(table)


if __name__ == "__main__":
    main()
