"""Signals and clobbering writes: one line, the documented status, no file left behind.

SIGINT, SIGTERM and SIGHUP while a file is written leave the target as it was and no hidden
``.NAME.*.tmp`` file; an output that is one of the inputs is refused before anything is read;
Ctrl-C at any moment once Python runs the launcher (also while the package imports) prints
``rocpr-exact: interrupted`` and exits 130, never a traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rocpr_exact.cli import main
from rocpr_exact.cli.interrupts import Terminated, handled
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import write_atomically

DATA = "score,label\n0.1,0\n0.4,0\n0.35,1\n0.8,1\n"


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize(
    ("name", "raised"),
    [("SIGTERM", Terminated), ("SIGHUP", Terminated), ("SIGINT", KeyboardInterrupt)],
)
def test_a_signal_during_a_write_leaves_no_temporary_file(tmp_path, name, raised):
    number = getattr(signal, name, None)
    if number is None:
        pytest.skip(f"no {name} here")
    target = tmp_path / "out.txt"
    target.write_text("before")

    def write(stream: object) -> None:
        stream.write(b"half")  # type: ignore[attr-defined]
        os.kill(os.getpid(), number)  # delivered here, inside the write
        time.sleep(1)  # pragma: no cover - the handler raises before this ends

    # handled() keeps a signal the parent ignores ignored (nohup ignores SIGHUP; a run of the
    # suite under nohup failed here once): the test starts from the default disposition.
    before = signal.signal(number, signal.default_int_handler if raised is KeyboardInterrupt
                           else signal.SIG_DFL)  # fmt: skip
    try:
        with pytest.raises(raised), handled():
            write_atomically(target, write)
    finally:
        signal.signal(number, before)
    assert target.read_text() == "before"
    assert _leftovers(tmp_path) == []


def test_sigterm_while_plot_writes_exits_143_and_leaves_nothing(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    data = tmp_path / "in.csv"
    data.write_text(DATA)
    out = tmp_path / "out.png"
    real_fsync = os.fsync

    def fsync_then_terminated(descriptor: int) -> None:
        real_fsync(descriptor)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(1)  # pragma: no cover

    monkeypatch.setattr("rocpr_exact.io.files.os.fsync", fsync_then_terminated)
    assert main(["plot", str(data), "-o", str(out), "--no-progress"]) == 143
    assert capsys.readouterr().err == "rocpr-exact: interrupted\n"
    assert not out.exists() and _leftovers(tmp_path) == []
    # the handlers are put back when main returns
    assert signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, signal.SIG_IGN, None)


def test_an_output_that_is_the_input_is_refused(tmp_path, capsys):
    data = tmp_path / "in.svg"  # a CSV named .svg: plot would overwrite it with the figure
    data.write_text(DATA)
    link = tmp_path / "link.svg"
    link.symlink_to(data)
    for output in (data, link, tmp_path / "sub" / ".." / "in.svg"):
        (tmp_path / "sub").mkdir(exist_ok=True)
        assert main(["plot", str(data), "-o", str(output)]) == 2
        err = capsys.readouterr().err
        assert "is also an input" in err and "choose another -o/--output" in err, err
        assert data.read_text() == DATA


def test_vectors_never_overwrite_the_figure7_file_they_read(tmp_path, capsys):
    from rocpr_exact.oracle.vectors import FILE_NAME

    source = Path(__file__).resolve().parents[2] / "examples" / "figure7.json"
    figure7 = tmp_path / FILE_NAME
    figure7.write_text(source.read_text())
    args = ["vectors", "--write", str(tmp_path), "--figure7", str(figure7), "--no-twins"]
    assert main(args) == 2
    assert "choose another --write DIR" in capsys.readouterr().err
    assert figure7.read_text() == source.read_text()


def test_the_library_check_names_the_option():
    with pytest.raises(InvalidInputError, match="choose another the output"):
        from rocpr_exact.io.files import check_not_an_input

        check_not_an_input("/dev/null", ["/dev/null"], "the output")


def test_the_launcher_ignores_the_signals_once_the_command_is_done(tmp_path):
    """After the command, Python's finalization would reset the handlers to the default (a
    Ctrl-C then ended the process as killed, status -2, with no line: seen in CI), so the
    launcher ignores them: a signal then changes nothing and the command's status stands."""
    script = (
        "import signal, sys, rocpr_exact_cli as launcher; status = launcher.main(); "
        "print([signal.getsignal(s) is signal.SIG_IGN "
        "for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)], flush=True); "
        "signal.raise_signal(signal.SIGINT); sys.exit(status)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "--version"], capture_output=True, timeout=120
    )
    assert (done.returncode, done.stderr) == (0, b"")
    lines = done.stdout.decode().splitlines()
    assert lines[0].startswith("rocpr-exact ") and lines[-1] == "[True, True, True]"


def test_ctrl_c_at_any_moment_of_the_launcher_is_one_line(tmp_path):
    """From the launcher's first line on (Python's own start-up, before it, is Python's)."""
    data = tmp_path / "in.csv"
    data.write_text(DATA)
    ready = (
        "import sys, rocpr_exact_cli as launcher; launcher.install_quiet_handlers(); "
        "print(1, flush=True); sys.exit(launcher.main())"
    )
    statuses = set()
    for delay in (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8):
        process = subprocess.Popen(
            [sys.executable, "-c", ready, "report", str(data)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            # SIGINT's default in the child: a suite run in the background ignores it
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert process.stdout is not None
        assert process.stdout.readline() == b"1\n"  # the launcher module is loaded
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=120)
        statuses.add(process.returncode)
        if process.returncode == 0:  # finished before the signal
            assert err == b"", err
        else:
            assert (process.returncode, err) == (130, b"rocpr-exact: interrupted\n"), err
    assert 130 in statuses
