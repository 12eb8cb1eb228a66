"""Structured fuzzing of ``check``, the operating-points reader and ``consistent``.

``check`` is what a CI pipeline trusts, so beyond "never a traceback" its verdicts are
checked: results files are built from the vector file itself, each value chosen as the
exact value, its 30-digit decimal (both must PASS), a value off by 1/1000 relative (must
FAIL), "undefined" (PASS exactly where the metric is undefined), or left out (MISSING).
On top of that, damaged variants: random JSON values in place of numbers, unknown keys,
duplicate keys written into the text, random bytes changed.  Property: a well-formed file
gets exactly the expected verdict on every line and exit 0 iff all PASS; any file gets exit
0, 1 or 2, and exit 2 is one line ``rocpr-exact: error: ...`` with nothing on stdout.

The budget is the hypothesis profile's example count (``dev`` locally, ``ci`` in
``.ci/run``: see docs/reliability.md); every example is a full in-process CLI run.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.cli import main
from tests.strategies import examples

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "rocpr_auc_test.json"
CASES = [case for group in json.loads(VECTORS.read_text())["testGroups"] for case in group["tests"]]
METRICS = sorted(json.loads(VECTORS.read_text())["metrics"])


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, out: str, err: str, allowed: tuple[int, ...]) -> None:
    assert code in (*allowed, 2), (code, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert out == ""
        assert err.startswith("rocpr-exact: error: ") and err.count("\n") == 1, err


def check_text(text: bytes) -> tuple[int, str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "results.json"
        path.write_bytes(text)
        return run(["check", str(VECTORS), str(path)])


# -- well-formed results files: the verdicts ------------------------------------------------------

KINDS = ("exact", "decimal", "off", "undefined", "left out")


def value_of(case: dict[str, Any], metric: str, kind: str) -> tuple[object, str | None]:
    """A results value of ``kind`` for ``metric`` of ``case`` and the verdict it must get."""
    expected = case["expected"].get(metric)
    if kind == "left out":
        return None, "MISSING"
    if kind == "undefined":
        return None, "PASS" if expected is None else "FAIL"
    if expected is None:  # a value where the metric is undefined
        return "1/2", "FAIL"
    exact = expected["exact"]
    value = Fraction(expected["decimal"]) if isinstance(exact, dict) else Fraction(exact)
    if kind == "exact":
        return str(exact) if not isinstance(exact, dict) else expected["decimal"], "PASS"
    if kind == "decimal":
        return expected["decimal"], "PASS"
    off = value * Fraction(1001, 1000) if value else Fraction(1, 1000)  # rtol 1e-9 is far
    return f"{off.numerator}/{off.denominator}", "FAIL"


@st.composite
def results_files(draw: st.DrawFn) -> tuple[dict[str, Any], dict[tuple[int, str], str]]:
    """A results file and the verdict of every line ``check`` must print.

    ``check`` checks every metric named anywhere in the file, on every case of the
    vectors: a case or a metric left out of an entry is MISSING.
    """
    chosen = draw(
        st.just(CASES) | st.lists(st.sampled_from(CASES), min_size=1, max_size=6, unique_by=id)
    )
    metrics = draw(st.lists(st.sampled_from(METRICS), min_size=1, max_size=3, unique=True))
    results: dict[str, Any] = {}
    verdicts: dict[tuple[int, str], str] = {}
    for case in chosen:
        entry: dict[str, Any] = {}
        for metric in metrics:
            kind = draw(st.sampled_from(KINDS))
            value, verdict = value_of(case, metric, kind)
            if kind != "left out":
                entry[metric] = value
            assert verdict is not None
            verdicts[(case["tcId"], metric)] = verdict
        results[str(case["tcId"])] = entry
    named = {metric for entry in results.values() for metric in entry}
    verdicts = {key: verdict for key, verdict in verdicts.items() if key[1] in named}
    for case in CASES:
        for metric in named:
            verdicts.setdefault((case["tcId"], metric), "MISSING")
    return {"implementation": "fuzz", "results": results}, verdicts


@settings(max_examples=examples(1), deadline=None)
@given(results_files())
def test_check_gives_the_verdict_each_value_deserves(
    case: tuple[dict[str, Any], dict[tuple[int, str], str]],
) -> None:
    document, verdicts = case
    code, out, err = check_text(json.dumps(document).encode())
    assert_clean(code, out, err, (0, 1))
    assert code != 2, err
    seen: dict[tuple[int, str], str] = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] in ("PASS", "FAIL", "MISSING"):
            seen[(int(parts[1].removeprefix("tc")), parts[2])] = parts[0]
    assert seen == verdicts
    # Nothing checked is not a pass: a file that names no metric exits 1.
    assert code == (0 if verdicts and set(verdicts.values()) == {"PASS"} else 1)


# -- damaged results files: a verdict or one clean line --------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["1e400", "-0", "1/0", "NaN", "inf", "0x10", "1_0", "9" * 500]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def damaged_files(draw: st.DrawFn) -> bytes:
    document, _ = draw(results_files())
    for entry in document["results"].values():
        for metric in list(entry):
            if draw(st.integers(0, 3)) == 0:
                entry[metric] = draw(json_values)
    if draw(st.booleans()):
        document[draw(st.sampled_from(["extra", "results", "version", ""]))] = draw(json_values)
    text = json.dumps(document)
    if draw(st.booleans()) and '"results": {' in text:  # a duplicate key, written into the text
        text = text.replace('"results": {', '"results": {"1": {}, "1": {}, ', 1)
    data = bytearray(text.encode())
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, max(len(data) - 1, 0)))
        data[where : where + 1] = bytes([draw(st.sampled_from(b'{}[]",:0-e.\\\x00\xff'))])
    return bytes(data)


@settings(max_examples=examples(1), deadline=None)
@given(damaged_files())
def test_check_on_damaged_results_gives_a_verdict_or_one_line(text: bytes) -> None:
    assert_clean(*check_text(text), (0, 1))


# -- operating points and consistent ---------------------------------------------------------------

cells = st.one_of(
    st.sampled_from(["0", "1", "0.5", "1/3", "2", "-0.1", "nan", "inf", "", "1e-99999", "0_5"]),
    st.fractions(min_value=0, max_value=1, max_denominator=50).map(str),
)


@st.composite
def point_files(draw: st.DrawFn) -> bytes:
    header = draw(st.sampled_from(["recall,precision", "fpr,tpr", "precision,recall", "a,b", ""]))
    rows = draw(st.lists(st.tuples(cells, cells), max_size=6))
    text = header + "\n" + "".join(f"{a},{b}\n" for a, b in rows)
    data = bytearray(text.encode())
    if draw(st.booleans()) and data:
        data[draw(st.integers(0, len(data) - 1))] = draw(st.sampled_from(b',\n\r"\x00\xff'))
    return bytes(data)


@settings(max_examples=examples(1), deadline=None)
@given(point_files(), st.integers(1, 30), st.integers(1, 30))
def test_operating_points_give_a_report_or_one_line(data: bytes, p: int, n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "points.csv"
        path.write_bytes(data)
        code, out, err = run(
            ["report", str(path), "--positives", str(p), "--negatives", str(n), "--digits", "6"]
        )
    assert_clean(code, out, err, (0,))
    if code == 0:
        report = json.loads(out)
        assert (report["positives"], report["negatives"]) == (p, n)


flag_values = st.one_of(
    st.sampled_from(["0.5", "0.873", "1", "0", "1.0000001", "-0.1", "abc", "1e5", "", ".5", "5."]),
    st.decimals(min_value=0, max_value=1, places=3).map(str),
)


@settings(max_examples=examples(1), deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.dictionaries(
        st.sampled_from(["--auc-roc", "--average-precision", "--precision", "--recall", "--f1"]),
        flag_values,
        min_size=1,
        max_size=3,
    ),
    st.sampled_from([[], ["--no-ties"], ["--rounding", "truncate"], ["--max-steps", "50"]]),
)
def test_consistent_gives_a_verdict_or_one_line(
    p: int, n: int, flags: dict[str, str], extra: list[str]
) -> None:
    argv = ["consistent", "--positives", str(p), "--negatives", str(n), *extra]
    for flag, value in flags.items():
        argv += [f"{flag}={value}"]
    code, out, err = run(argv)
    assert_clean(code, out, err, (0, 1, 4))
    if code != 2:
        answer = json.loads(out)
        assert answer["verdict"] == {0: "possible", 1: "impossible", 4: "undecided"}[code]
