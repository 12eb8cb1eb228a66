"""Sleef's exp replayed exactly (rocpr_exact.profiles.sleef) and torch's two sigmoid loops.

Golden values: torch's own vector-loop sigmoids where Sleef's exp is not the correctly rounded
one, recorded with torch 2.13.0 (AVX512) by

    xs = torch.tensor([random.Random(7).gauss(0, 3) for _ in range(64)], dtype=...)
    xs.sigmoid()   # 64 values: every one in the vector loop

(the values below are those whose sigmoid differs from the one of the correctly rounded exp).
With ``-m torch``, every value of random tensors on the running CPU capability is compared
with the loop :func:`vector_loop` gives it, and long tensors of one logit on 1 to 4 threads.
"""

from __future__ import annotations

import random
import re
import warnings
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import ToolRoundingWarning
from rocpr_exact.profiles import sigmoid
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64
from rocpr_exact.profiles.sigmoid import (
    exp_bracket,
    scalar_sigmoid,
    sigmoid_view,
    torch_sigmoid,
    vector_loop,
    vector_sigmoid,
)
from rocpr_exact.profiles.sleef import sleef_expd, sleef_expf

#: (dtype, logit, torch's vector-loop sigmoid), hex floats as torch printed them
RECORDED = [
    ("float32", "-0x1.083a540000000p+0", "0x1.0cf9380000000p-2"),
    ("float32", "-0x1.7ea5ce0000000p-3", "0x1.d04ec40000000p-2"),
    ("float64", "-0x1.1aa87c242775ap-1", "0x1.76277ff076902p-2"),
    ("float64", "0x1.f2fed4f69fdfap-1", "0x1.73baed6591b31p-1"),
    ("float64", "0x1.0921f267fe776p+0", "0x1.79dd08deb30d6p-1"),
]


def _fraction(text: str) -> Fraction:
    return Fraction(float.fromhex(text))


@pytest.mark.parametrize(("dtype", "logit", "sigmoid"), RECORDED)
def test_the_vector_loop_gives_torchs_value_where_the_rounded_exp_does_not(
    dtype: str, logit: str, sigmoid: str
) -> None:
    x = _fraction(logit)
    assert vector_sigmoid(x, dtype) == _fraction(sigmoid)
    assert torch_sigmoid(x, dtype)[0] != _fraction(sigmoid)  # the correctly rounded exp's


@given(st.floats(-103, 99, width=32))
def test_sleef_expf_is_within_one_ulp(x: float) -> None:
    # Sleef documents expf_u10 within 1.0 ulp: one of the two floats around exp(x)
    e = sleef_expf(Fraction(x))
    assert e in exp_bracket(Fraction(x), FLOAT32) or (x == 0 and e == 1)


@given(st.floats(-700, 700))
def test_sleef_expd_is_within_one_ulp(x: float) -> None:
    e = sleef_expd(Fraction(x))
    assert e in exp_bracket(Fraction(x), FLOAT64) or (x == 0 and e == 1)


def _length(n: int, dtype: str, capability: str, threads: int | None = 1) -> int | None:
    mask = vector_loop(n, dtype, capability, threads)
    return None if mask is None else sum(mask)


def test_the_vector_loop_covers_whole_blocks_of_two_vectors() -> None:
    assert _length(100, "float32", "AVX512") == 96  # blocks of 2 x 16
    assert _length(100, "float64", "AVX512") == 96  # 2 x 8
    assert _length(100, "float32", "AVX2") == 96  # 2 x 8
    assert _length(104, "float64", "AVX2") == 104  # 2 x 4
    assert _length(104, "float64", "AVX512") == 96
    assert vector_loop(33, "float32", "AVX512", 1) == [True] * 32 + [False]
    assert _length(31, "float32", "AVX512") == 0
    assert _length(31, "float32", "DEFAULT") == 0  # generic Vectorized: std::exp
    assert _length(40_000, "float32", "AVX512", None) is None  # threads not known
    assert _length(100, "float32", "SVE256") is None


#: (n, threads, values in a scalar tail): torch 2.13.0, AVX512, float32, recorded with
#: torch.set_num_threads(threads); torch.full((n,), x0).sigmoid() for x0 = RECORDED[0]'s logit
#: (Sleef's and glibc's sigmoids of x0 differ, so each value shows its loop)
SPLITS = [
    (32767, 2, 31),
    (32768, 2, 0),
    (32769, 2, 1),
    (100003, 1, 3),
    (100003, 2, 35),
    (65537, 3, 65),
    (100003, 3, 67),
    (200001, 3, 33),
    (200001, 4, 65),
]


@pytest.mark.parametrize(("n", "threads", "tails"), SPLITS)
def test_parts_among_threads_each_have_a_scalar_tail(n: int, threads: int, tails: int) -> None:
    assert n - (_length(n, "float32", "AVX512", threads) or 0) == tails


def test_the_split_between_avx2_and_avx512_is_warned_about(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 16 float32 values are one AVX2 block but AVX512's scalar tail; the first recorded
    # logit's sigmoid differs between Sleef's exp and glibc's
    x = _fraction(RECORDED[0][1])
    scores = [Fraction(-3)] * 15 + [x]
    expected = scalar_sigmoid(x, "float32")[0]
    assert expected != vector_sigmoid(x, "float32")
    monkeypatch.setattr(sigmoid, "torch_capability", lambda: None)  # torch not loaded
    with pytest.warns(ToolRoundingWarning, match="1 of 16 sigmoid values"):
        assert sigmoid_view(scores, "float32", None, True, "torchmetrics")[15] == expected
    monkeypatch.setattr(sigmoid, "torch_capability", lambda: "AVX2")
    with warnings.catch_warnings():
        warnings.simplefilter("error", ToolRoundingWarning)
        values = sigmoid_view(scores, "float32", None, True, "torchmetrics")
    assert values[15] == vector_sigmoid(x, "float32")
    monkeypatch.setattr(sigmoid, "torch_capability", lambda: "SVE256")
    with pytest.warns(ToolRoundingWarning, match="SVE256 is not modelled"):
        sigmoid_view(scores, "float32", None, False, "torchmetrics")


@pytest.mark.torch
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_every_value_of_torchs_sigmoid_is_the_twins(dtype: str) -> None:
    torch = pytest.importorskip("torch")
    rng = random.Random(11)
    xs = [rng.choice([rng.gauss(0, 4), rng.uniform(-110, 110)]) for _ in range(2_050)]
    held = torch.tensor(xs, dtype=getattr(torch, dtype))
    capability = str(torch.backends.cpu.get_cpu_capability())
    mask = vector_loop(len(xs), dtype, capability, torch.get_num_threads())
    if mask is None:
        pytest.skip(f"CPU capability {capability} is not modelled")
    inputs = [Fraction(x) for x in held.tolist()]
    got = [Fraction(v) for v in held.sigmoid().tolist()]
    for i, (x, value) in enumerate(zip(inputs, got, strict=True)):
        if mask[i]:
            assert value == vector_sigmoid(x, dtype), (i, x)
        else:
            assert value in scalar_sigmoid(x, dtype), (i, x)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ToolRoundingWarning)
        assert sigmoid_view(inputs, dtype, None, True, "torchmetrics") == got


ROOT = Path(__file__).resolve().parents[2]
MEASURED = ROOT / "benchmarks" / "results" / "torch_sigmoid_2026-11-26.txt"
LINE = re.compile(
    r"torch \S+ (\w+) (float\d\d) (vector loop|scalar tail|scalar loop): (\d+) of (\d+) equal "
    r"the twin's value, (\d+) its second candidate, (\d+) neither"
)


def test_the_measured_figures_are_those_docs_quote() -> None:
    """docs/profiles/torchmetrics.md's figures, from scripts/measure_torch_sigmoid.py's output."""
    rows = {
        (m[1], m[2], m[3]): tuple(int(v) for v in m.groups()[3:])
        for m in map(LINE.fullmatch, MEASURED.read_text().splitlines()[1:])
        if m is not None
    }
    assert len(rows) == 18  # 3 capabilities x 2 dtypes x 3 loops
    assert all(neither == 0 for _, _, _, neither in rows.values())
    assert all(
        same == total for (_, _, loop), (same, total, _, _) in rows.items() if "vector" in loop
    )
    docs = " ".join((ROOT / "docs" / "profiles" / "torchmetrics.md").read_text().split())

    def quoted(dtype: str, loop: str) -> str:
        same, total, _, _ = rows[("AVX512", dtype, loop)]
        return f"{same:,} of {total:,}"

    assert (
        f"{quoted('float32', 'vector loop')} float32 and {quoted('float64', 'vector loop')} "
        f"float64 values of the vector loop, {quoted('float32', 'scalar tail')} and "
        f"{quoted('float64', 'scalar tail')} of the scalar tail" in docs
    )
    assert (
        f"{quoted('float32', 'scalar loop')} float32 and {quoted('float64', 'scalar loop')} "
        "float64 values" in docs
    )
    assert rows[("AVX512", "float64", "scalar loop")][2] == 1  # "the other one ... second"
    assert "reproduce 480 of 480 outputs" in docs and "warn on 22 of them" in docs


@pytest.mark.torch
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_each_part_of_a_long_tensor_has_its_scalar_tail(threads: int) -> None:
    torch = pytest.importorskip("torch")
    capability = str(torch.backends.cpu.get_cpu_capability())
    x = _fraction(RECORDED[0][1])
    vector, scalar = vector_sigmoid(x, "float32"), scalar_sigmoid(x, "float32")[0]
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        for n in (32769, 65537, 100003):
            got = torch.full((n,), float(x)).sigmoid().tolist()
            mask = vector_loop(n, "float32", capability, threads)
            if mask is None:
                pytest.skip(f"CPU capability {capability} is not modelled")
            assert [Fraction(v) for v in got] == [vector if m else scalar for m in mask], n
    finally:
        torch.set_num_threads(before)


@pytest.mark.torch
@pytest.mark.parametrize("seed", range(6))
def test_the_twins_thresholds_are_torchmetrics_on_logits(seed: int) -> None:
    """End to end: torchmetrics' binary_roc on logits, its thresholds bit for bit the twin's."""
    torch = pytest.importorskip("torch")
    functional = pytest.importorskip("torchmetrics.functional.classification")
    np = pytest.importorskip("numpy")
    from rocpr_exact.profiles import torchmetrics as twin

    rng = random.Random(seed)
    n = rng.choice([5, 33, 47, 100, 161])
    logits = [rng.gauss(0, 3) for _ in range(n)]
    labels = [rng.randint(0, 1) for _ in range(n)]
    for preds in (logits, np.array(logits)):  # a list: float32; an array: float64
        held = torch.tensor(preds)
        _, _, expected = functional.binary_roc(held, torch.tensor(labels))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ToolRoundingWarning)
            _, _, thresholds = twin.binary_roc(preds, labels)
        assert [Fraction(t) for t in thresholds] == [Fraction(t) for t in expected.tolist()]


@pytest.mark.torch
def test_a_strided_view_goes_through_the_scalar_loop_alone() -> None:
    """What docs/profiles/torchmetrics.md says the twin cannot see: strides, not values."""
    torch = pytest.importorskip("torch")
    x = _fraction(RECORDED[0][1])
    vector, scalar = vector_sigmoid(x, "float32"), scalar_sigmoid(x, "float32")[0]
    view = torch.full((200,), float(x))[::2]
    assert not view.is_contiguous()
    assert [Fraction(v) for v in view.sigmoid().tolist()] == [scalar] * 100
    assert [Fraction(v) for v in view.contiguous().sigmoid().tolist()] == [vector] * 96 + [
        scalar
    ] * 4
