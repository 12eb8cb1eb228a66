"""Writing output files (``write_atomically``): what each kind of target gets.

A regular file is replaced atomically; a named pipe or a character device is written through
(never replaced: ``/dev/null`` stays a device, as root too); a symbolic link's target is
written and the link stays; ``-`` is standard output; an empty name and a directory are
refused in one line; a write error (``/dev/full``: no space left) is an ``InvalidInputError``,
exit 2 on the command line; nothing but the target is left in its directory.
"""

from __future__ import annotations

import os
import select
import stat
import threading
from pathlib import Path

import pytest

from rocpr_exact.cli.app import main
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import write_atomically

fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
PAYLOAD = b"score,label\n" + b"0.5,1\n" * 40_000  # 240 kB: more than a pipe's buffer


def _writes(data: bytes) -> object:
    return lambda stream: stream.write(data)


def test_a_regular_file_is_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_bytes(b"old")
    assert write_atomically(target, _writes(PAYLOAD)) == target
    assert target.read_bytes() == PAYLOAD and os.listdir(tmp_path) == ["out.csv"]


@fifos
def test_a_named_pipe_is_written_through_to_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # the reader is there first
    got: list[bytes] = []

    def read() -> None:  # poll: no EOF before the writer has come and gone
        while True:
            select.select([descriptor], [], [], 10)
            try:
                chunk = os.read(descriptor, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                return
            got.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        write_atomically(fifo, _writes(PAYLOAD))
    finally:
        reader.join(10)
        os.close(descriptor)
    assert b"".join(got) == PAYLOAD
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and os.listdir(tmp_path) == ["pipe"]


@fifos
def test_a_named_pipe_no_program_reads_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InvalidInputError, match=r"named pipe \(FIFO\) that no program reads"):
        write_atomically(fifo, _writes(b"x"))
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_dev_null_is_written_and_stays_a_device() -> None:
    assert write_atomically("/dev/null", _writes(PAYLOAD)) == Path("/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@full
def test_a_full_device_is_an_error_and_stays_a_device() -> None:
    with pytest.raises(InvalidInputError, match="cannot write '/dev/full': No space left"):
        write_atomically("/dev/full", _writes(PAYLOAD))
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_symlink_keeps_its_link_and_its_target_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "out.csv"
    target.write_bytes(b"old")
    link = tmp_path / "link.csv"
    link.symlink_to(Path("real") / "out.csv")  # relative, as ln -s writes it
    assert write_atomically(link, _writes(PAYLOAD)) == link
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "out.csv")
    assert target.read_bytes() == PAYLOAD
    assert sorted(os.listdir(tmp_path)) == ["link.csv", "real"]
    assert os.listdir(tmp_path / "real") == ["out.csv"]


def test_a_dangling_symlink_gets_its_target_created(tmp_path: Path) -> None:
    link = tmp_path / "link.csv"
    link.symlink_to(tmp_path / "new.csv")
    write_atomically(link, _writes(b"new"))
    assert link.is_symlink() and (tmp_path / "new.csv").read_bytes() == b"new"


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "cannot write '': the file name is empty"), (".", "it is a directory")],
)
def test_an_empty_name_and_a_directory_are_refused(name: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        write_atomically(name, _writes(b"x"))


def test_a_directory_is_refused_and_left_alone(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="it is a directory; give a file name"):
        write_atomically(tmp_path, _writes(b"x"))
    assert os.listdir(tmp_path) == []


def test_a_dash_is_standard_output(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert write_atomically("-", _writes(b"score,label\n")) == Path("-")
    assert capfdbinary.readouterr().out == b"score,label\n"


def test_a_failure_through_a_link_leaves_nothing_behind(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "out.csv").write_bytes(b"old")
    (tmp_path / "link.csv").symlink_to(tmp_path / "real" / "out.csv")

    def fail(stream: object) -> None:
        stream.write(b"partial")  # type: ignore[attr-defined]
        raise OSError(28, "No space left on device")

    with pytest.raises(InvalidInputError, match=r"cannot write .*link\.csv.: No space left"):
        write_atomically(tmp_path / "link.csv", fail)
    assert (tmp_path / "real" / "out.csv").read_bytes() == b"old"
    assert os.listdir(tmp_path / "real") == ["out.csv"]


# -- the command line: consistent --witness -----------------------------------------------------

WITNESS = ["consistent", "--positives", "2", "--negatives", "3", "--auc-roc", "0.75"]


@full
def test_the_cli_exits_2_on_a_full_device(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*WITNESS, "--witness", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert err == "rocpr-exact: error: cannot write '/dev/full': No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_the_cli_writes_dev_null_through(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*WITNESS, "--witness", "/dev/null"]) == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and capsys.readouterr().err == ""


def test_the_cli_refuses_an_empty_name_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*WITNESS, "--witness", ""]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the file name is empty" in err


def test_the_cli_writes_the_witness_on_standard_output_for_a_dash(
    capfd: pytest.CaptureFixture[str],
) -> None:
    assert main([*WITNESS, "--witness", "-", "--format", "text"]) == 0
    out = capfd.readouterr().out
    assert out.startswith("score,label\n") and "possible" in out
