"""Opening input files (``open_input``): never waiting forever, a directory refused by name.

Every reader of a user's file opens it here: the CSV readers (scored examples, operating
points) and the JSON reader (results, vectors, Figure 7).  A named pipe with no writer is
refused at once (``open`` would wait forever); a pipe with a writer is read as it comes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import open_input

fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.csv"
    os.mkfifo(path)
    return path


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "f.csv"
    path.write_bytes(b"score,label\n0.5,1\n")
    with open_input(path) as stream:
        assert stream.readline() == b"score,label\n" and stream.read() == b"0.5,1\n"


def test_a_directory_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError), open_input(tmp_path):
        pass


@fifos
def test_a_named_pipe_with_no_writer_is_refused_at_once(tmp_path: Path) -> None:
    path = _fifo(tmp_path)
    refused = pytest.raises(InvalidInputError, match=r"named pipe .* no program writing to it")
    with refused, open_input(path, "pipe.csv"):
        pass


@fifos
def test_a_named_pipe_with_a_writer_is_read_from_its_first_byte(tmp_path: Path) -> None:
    path = _fifo(tmp_path)
    data = b"score,label\n" + b"0.5,1\n" * 10_000  # more than a pipe holds: the writer waits

    def write() -> None:
        with open(path, "wb") as pipe:  # blocks until the reader below opens the pipe
            pipe.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        for _ in range(1000):  # the writer counts as one as soon as its open() starts
            try:
                with open_input(path) as stream:
                    assert stream.readline() == b"score,label\n"
                    assert stream.read() == data[len(b"score,label\n") :]
                break
            except InvalidInputError:  # the thread has not reached open() yet
                threading.Event().wait(0.01)
        else:
            pytest.fail("the writer never connected")
    finally:
        writer.join(timeout=10)


@pytest.mark.subprocess
@fifos
def test_the_cli_never_waits_for_a_pipe_without_writer(tmp_path: Path) -> None:
    # Before open_input, `rocpr-exact report PIPE` waited in open() forever: a child with a
    # timeout shows it answers at once, for a CSV and for operating points.
    path = _fifo(tmp_path)
    for argv in (
        ["report", str(path)],
        ["report", str(path), "--positives", "2", "--negatives", "2"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "rocpr_exact", *argv],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, argv
        assert done.stderr.count("\n") == 1 and "no program writing to it" in done.stderr
