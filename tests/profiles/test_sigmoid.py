"""torch's sigmoid, enclosed (rocpr_exact.profiles.sigmoid), against numpy's float operations.

Independent of the module's Decimal arithmetic: ``math.exp`` (a double within 1 ulp of
exp(x), 2**29 times finer than float32's spacing) rounded to float32 is one of the two
float32 values the bracket names, and those are adjacent (``np.nextafter``).  The sigmoid
from a float32 e is then 1 / (1 + e) in numpy float32 operations, each rounded once.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError, ToolRoundingWarning
from rocpr_exact.profiles import torchmetrics
from rocpr_exact.profiles.sigmoid import exp_bracket, torch_sigmoid

FLOAT32S = st.floats(-80, 80, width=32).filter(lambda x: x != 0)


def _sigmoid32(e: np.float32) -> float:
    one = np.float32(1)
    return float(one / (one + e))


@given(FLOAT32S)
def test_the_bracket_holds_float32_of_math_exp(x: float) -> None:
    a, b = exp_bracket(Fraction(x), (24, -126))
    assert a is not None and b is not None
    assert b == Fraction(float(np.nextafter(np.float32(a), np.float32(np.inf))))
    assert Fraction(float(np.float32(math.exp(x)))) in (a, b)


@given(FLOAT32S)
def test_the_sigmoid_is_float32_arithmetic_on_one_of_the_two_exps(x: float) -> None:
    value, other = torch_sigmoid(Fraction(x), "float32")
    a, b = exp_bracket(Fraction(-x), (24, -126))
    assert a is not None and b is not None
    candidates = {_sigmoid32(np.float32(a)), _sigmoid32(np.float32(b))}
    assert {float(value), float(other)} == candidates


def test_overflow_and_saturation() -> None:
    # exp(200) is past float32's largest by far: 1 / (1 + inf) = 0; exp(-200) rounds to 0: 1
    assert torch_sigmoid(Fraction(-200), "float32") == (0, 0)
    assert torch_sigmoid(Fraction(200), "float32") == (1, 1)
    assert torch_sigmoid(Fraction(0), "float64") == (Fraction(1, 2), Fraction(1, 2))


def test_float16_logits_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="float16"):
        torchmetrics.binary_auroc(np.array([-1.0, 2.0], dtype=np.float16), [0, 1])


def test_a_logit_turns_every_pred_into_a_sigmoid() -> None:
    # one pred outside [0, 1]: 0.9 becomes sigmoid(0.9) ~ 0.711 < sigmoid(1.5) ~ 0.818, so the
    # order of the two positives' scores with the negative's 0.8 (sigmoid 0.69) is kept: AUC 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolRoundingWarning)
        assert torchmetrics.binary_auroc([0.8, 0.9, 1.5], [0, 1, 1]) == 1
        curve = torchmetrics.binary_roc([0.8, 0.9, 1.5], [0, 1, 1])
    assert [float(t) for t in curve[2][1:]] == pytest.approx(
        [1 / (1 + math.exp(-v)) for v in (1.5, 0.9, 0.8)], abs=1e-7
    )
