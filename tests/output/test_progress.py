"""Progress: drawn on standard error when it is a terminal, never on stdout, nothing when piped."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.output.progress import STAGES, Progress

pytest.importorskip("tqdm")

ROOT = Path(__file__).resolve().parents[2]

# A child that runs every stage and prints its result on stdout.
CHILD = """
import sys
from rocpr_exact.output.progress import Progress, STAGES
with Progress(enabled=sys.argv[1] == "on") as progress:
    for name in STAGES:
        with progress.stage(name, total=4) as step:
            for _ in range(4):
                step.advance()
print("result", progress.active)
"""


# A child that builds a report with progress: the report's own stages show.
REPORT_CHILD = """
import json
from rocpr_exact import Curve
from rocpr_exact.output.progress import Progress
from rocpr_exact.output.report import build_report
curve = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
with Progress() as progress:
    print(json.dumps(build_report(curve, 5, progress=progress)["auc_roc"]))
"""


def run_child(enabled: str, *, stderr_on_pty: bool, code: str = CHILD) -> tuple[str, bytes]:
    """The child's stdout (a pipe) and what reached its stderr (a pty or a pipe)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("TQDM_DISABLE", None)
    command = [sys.executable, "-c", code, enabled]
    if not stderr_on_pty:
        done = subprocess.run(command, capture_output=True, env=env, timeout=60, check=True)
        return done.stdout.decode(), done.stderr
    controller, terminal = pty.openpty()
    # A real terminal has a size (a fresh pty says 0 x 0, and tqdm then draws nothing).
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=terminal, env=env)
        os.close(terminal)
        seen = b""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(controller, 4096)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                seen += chunk
            elif child.poll() is not None:
                break
        stdout, _ = child.communicate(timeout=60)
        assert child.returncode == 0
        return stdout.decode(), seen
    finally:
        os.close(controller)


def test_on_a_terminal_the_stages_show_on_stderr_only() -> None:
    stdout, terminal = run_child("on", stderr_on_pty=True)
    assert stdout == "result True\n"  # stdout carries the result and nothing else
    text = terminal.decode(errors="replace")
    for name in STAGES:
        assert name in text
    assert "0/4" in text  # each stage shows its total
    # Each stage's line is wiped when it ends: the terminal keeps only the results.
    assert text.endswith("\r") and text.split("\r")[-2].strip() == ""


def test_disabled_on_a_terminal_prints_nothing() -> None:
    stdout, terminal = run_child("off", stderr_on_pty=True)
    assert stdout == "result False\n" and terminal == b""


def test_piped_prints_nothing() -> None:
    stdout, stderr = run_child("on", stderr_on_pty=False)
    assert stdout == "result False\n" and stderr == b""


def test_not_a_terminal_is_a_no_op_in_process() -> None:
    stream = io.StringIO()
    with Progress(enabled=True, stream=stream) as progress, progress.stage("reading") as step:
        step.advance(10)
    assert not progress.active and stream.getvalue() == ""


def test_unknown_stage_is_an_error() -> None:
    progress = Progress(enabled=False)
    with (
        pytest.raises(InvalidInputError, match="unknown progress stage 'plotting'"),
        progress.stage("plotting"),
    ):
        pass


def test_report_stages_show_on_a_terminal() -> None:
    # Table 1's curve (0,0) (5,5) (10,30) (20,2000) as (TP, FP): AUC-ROC = sum of
    # (FP_B - FP_A)(TP_A + TP_B) / (2 P N) = (5 * 5 + 25 * 15 + 1970 * 30) / 80000
    # = 59500/80000 = 119/160.
    stdout, terminal = run_child("on", stderr_on_pty=True, code=REPORT_CHILD)
    assert stdout == '{"exact": "119/160", "decimal": "0.74375"}\n'
    text = terminal.decode(errors="replace")
    assert "summing" in text and "certifying" in text


def test_report_with_progress_off_terminal_is_the_same_report() -> None:
    from rocpr_exact import Curve
    from rocpr_exact.output.report import build_report

    curve = Curve.from_scores([4, 3, 2, 1], [0, 1, 0, 1])
    stream = io.StringIO()
    with_progress = build_report(curve, 7, progress=Progress(stream=stream))
    assert with_progress == build_report(curve, 7) and stream.getvalue() == ""


def test_reading_counts_the_bytes_read_of_the_file(tmp_path: Path) -> None:
    """Progress of reading (``Progress.stage(..., file=)``): every byte of the file is counted
    once, compressed bytes for a compressed file, by both CSV readers."""
    import gzip

    from rocpr_exact.io.fastcsv import scored_csv_curve
    from rocpr_exact.io.files import BYTES_READ
    from rocpr_exact.io.readers import read_scored_csv

    plain = tmp_path / "d.csv"
    plain.write_text("score,label\n" + "0.5,1\n0.25,0\n" * 5000)
    packed = tmp_path / "d.csv.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    for path in (plain, packed):
        for read in (scored_csv_curve, read_scored_csv):
            counted: list[int] = []
            token = BYTES_READ.set(counted.append)
            try:
                read(path)
            finally:
                BYTES_READ.reset(token)
            # the header is read once more (read_csv_header), so at least the file, at most twice
            assert path.stat().st_size <= sum(counted) <= 2 * path.stat().st_size, (path, read)


def test_a_file_stage_names_the_file_and_counts_bytes() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    with Progress(enabled=True, stream=stream) as progress:  # type: ignore[arg-type]
        if not progress.active:
            pytest.skip("tqdm is not installed")
        with progress.stage("reading", file=__file__) as stage:
            stage.advance(10)
    assert "reading test_progress.py" in stream.getvalue()
