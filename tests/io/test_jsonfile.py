"""The one JSON reader of user files (results for ``check``, vectors, Figure 7): bounded first.

Each class of hostile file is refused with one line, before the work it would cost: by its
size (a 2 GB sparse file, ``/dev/zero``), its nesting, its numbers (a 3·10**6-digit integer
took minutes in ``int()``; ``1e-999999999`` is a billion-digit fraction), its keys.
"""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.cli import main
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.io import jsonfile
from rocpr_exact.io.jsonfile import loads, read_json

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "rocpr_auc_test.json"


def _file(tmp_path: Path, text: str, name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_values_are_exact() -> None:
    value = loads('{"a": 0.1, "b": [1, -2e-3, NaN, -Infinity]}', "x")
    assert repr(value) == repr(
        {"a": Decimal("0.1"), "b": [1, Decimal("-0.002"), Decimal("NaN"), Decimal("-Infinity")]}
    )
    assert type(value["b"][0]) is int


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ('{"v": ' + "1" * 20_000 + "}", ResourceLimitError, "a number of 20,000 characters"),
        ('{"v": 1e-999999999}', ResourceLimitError, "has 1,000,000,000 digits"),
        ('{"v": 1e999999999999999999999}', InvalidInputError, "its exponent is too large"),
        ('{"v": 1, "v": 2}', InvalidInputError, "the key 'v' appears twice"),
        ("[" * 100_000 + "]" * 100_000, InvalidInputError, "nests deeper than 64 levels"),
        ('{"v": tru}', InvalidInputError, "is not valid JSON"),
    ],
)
def test_hostile_json_is_refused_before_the_work(
    text: str, error: type[Exception], message: str, tmp_path: Path
) -> None:
    path = _file(tmp_path, text)
    with pytest.raises(error, match=message) as info:
        read_json(path, "results file")
    assert str(info.value).startswith(f"the results file {path}")
    if error is ResourceLimitError:
        assert info.value.limit == "max_score_digits"  # type: ignore[attr-defined]


def test_size_is_checked_before_reading(tmp_path: Path) -> None:
    sparse = tmp_path / "sparse.json"
    with open(sparse, "wb") as stream:
        stream.truncate(2**31)  # 2 GB of zeros that take no disk space
    with pytest.raises(ResourceLimitError, match=r"\(2,147,483,648 bytes\) is longer than"):
        read_json(sparse, "results file")
    if Path("/dev/zero").exists():  # no size: read no further than the limit
        with limits.using(max_json_bytes=1000), pytest.raises(ResourceLimitError, match="1,000"):
            read_json("/dev/zero", "results file")


def test_a_directory_and_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="Is a directory"):
        read_json(tmp_path, "results file")
    with pytest.raises(InvalidInputError, match="No such file or directory"):
        read_json(tmp_path / "missing.json", "results file")


@pytest.mark.parametrize(
    "text",
    [
        '{"results": {"1": {"auc_roc": ' + "1" * 3_000_000 + "}}}",  # ran for minutes
        '{"results": {"1": {"auc_roc": 1e-999999999}}}',  # ran for minutes
    ],
)
def test_check_refuses_huge_numbers_at_once(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(VECTORS), str(_file(tmp_path, text))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error: the results file ") and err.count("\n") == 1
    assert "max_score_digits" in err and "--limit max_score_digits=N" in err
    assert "scores" not in err  # a results value is not a score


def test_figure7_files_are_read_within_the_same_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sparse = tmp_path / "f7.json"
    with open(sparse, "wb") as stream:
        stream.truncate(2**31)
    for path, message in (
        (sparse, "the Figure 7 file"),
        (_file(tmp_path, '{"positives": 1e-999999999}', "a.json"), "max_score_digits"),
        (_file(tmp_path, "[" * 100_000, "b.json"), "nests deeper than 64 levels"),
        (tmp_path, "Is a directory"),
    ):
        assert main(["vectors", "--figure7", str(path)]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_a_results_pipe_without_writer_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "results.json"
    os.mkfifo(pipe)
    done = subprocess.run(
        [sys.executable, "-m", "rocpr_exact", "check", str(VECTORS), str(pipe)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "no program writing to it" in done.stderr


def _reference_depth_over(text: str, bound: int) -> bool:
    """The nesting of ``[``/``{`` outside strings, read character by character (a string
    runs from a quote to the next quote not escaped by a backslash, or to the end)."""
    depth = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            if depth > bound:
                return True
        elif char in "]}":
            depth -= 1
    return False


@given(
    st.text(alphabet='"\\[]{}a,\n:é', max_size=60),
    st.integers(min_value=0, max_value=4),
)
def test_depth_bound_equals_the_character_by_character_reading(text: str, bound: int) -> None:
    assert jsonfile._depth_over(text, bound) == _reference_depth_over(text, bound)
