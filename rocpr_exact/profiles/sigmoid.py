"""torch's CPU ``Tensor.sigmoid`` in float32 or float64, enclosed and rounded exactly.

torchmetrics' binary functions apply ``preds.sigmoid()`` when a pred lies outside [0, 1]
(``normalize_logits_if_needed``, torchmetrics 1.9.0).  torch's CPU kernel (ATen
``sigmoid_kernel``, in the tensor's dtype) computes, for each x,

    e = exp(-x),  s = fl(1 + e),  sigmoid = fl(1 / s)

the addition and the division correctly rounded (``+`` and ``_mm*_div_ps``), the exponential
by Sleef's ``expf_u10`` / ``expd_u10`` in the vector loop and by the C library's ``exp`` in the
scalar tail, both documented within 1 ulp.  So e is one of the two floats around the true
exp(-x) (irrational for x != 0, Lindemann), which :func:`exp_bracket` finds exactly
(Decimal's ``exp`` is correctly rounded; the precision grows until the bracket is certain).

:func:`torch_sigmoid` gives, per value, the sigmoid from the correctly rounded exp (what
glibc's ``expf``, within 0.502 ulp, returns unless exp(-x) lies within 0.002 ulp of a
midpoint, and Sleef returns in nearly all cases) and whether the other float around exp(-x)
gives a different sigmoid: there torch's own exp could make its value the neighbouring float.
"""

from __future__ import annotations

import warnings
from bisect import bisect_left, bisect_right
from decimal import Decimal, localcontext
from fractions import Fraction

from rocpr_exact.errors import InvalidInputError, ToolRoundingWarning
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64, Format, round_binary

__all__ = ["exp_bracket", "next_up", "sigmoid_view", "torch_sigmoid"]


def _ulp_exponent(r: Fraction, fmt: Format) -> int:
    """The exponent of the spacing of ``fmt``'s floats in [r, next float) (r > 0 a float)."""
    bits, emin = fmt
    e = r.numerator.bit_length() - r.denominator.bit_length()
    if Fraction(2) ** e > r:
        e -= 1  # now 2**e <= r < 2**(e + 1)
    return max(e, emin) - bits + 1


def next_up(r: Fraction, fmt: Format) -> Fraction:
    """The float of ``fmt`` just above ``r`` (a float >= 0 of that format)."""
    bits, emin = fmt
    if r == 0:
        return Fraction(2) ** (emin - bits + 1)  # the least subnormal
    return r + Fraction(2) ** _ulp_exponent(r, fmt)


def _next_down(r: Fraction, fmt: Format) -> Fraction:
    """The float of ``fmt`` just below ``r`` (a float > 0 of that format)."""
    below = r - Fraction(2) ** _ulp_exponent(r, fmt)
    return below if below == 0 or next_up(below, fmt) == r else (r + below) / 2


def _largest(fmt: Format) -> Fraction:
    bits, emin = fmt
    return (2 - Fraction(2) ** (1 - bits)) * Fraction(2) ** (1 - emin)


def _exp_interval(x: Fraction, digits: int) -> tuple[Fraction, Fraction]:
    """Rationals low < exp(x) < high, ``digits`` significant digits apart (|x| <= 800)."""
    with localcontext() as context:
        context.prec = digits
        context.Emin, context.Emax = -999_999, 999_999
        value = (Decimal(x.numerator) / Decimal(x.denominator)).exp()
        # the quotient and exp each round by half a unit, exp's slope is exp(x): three units
        unit = 3 * Decimal(1).scaleb(value.adjusted() - digits + 1)
        return Fraction(value - unit), Fraction(value + unit)


def exp_bracket(x: Fraction, fmt: Format) -> tuple[Fraction | None, Fraction | None]:
    """(a, b): consecutive floats of ``fmt`` with a < exp(x) < b, None standing for infinity.

    x = 0 gives (1, 1); exp(x) at least 2**emax (a float's ulp past the largest) gives
    (None, None): any exp within 1 ulp overflows.  Decimal's exp is correctly rounded; the
    precision doubles until the enclosing interval holds no float.

    >>> a, b = exp_bracket(Fraction(-1), FLOAT32)
    >>> a < Fraction(367879441171442, 10**15) < b, b - a == Fraction(1, 2**25)
    (True, True)
    """
    if x == 0:
        return Fraction(1), Fraction(1)
    if x > 800:  # exp(800) > 2**1024: past float64's largest
        return None, None
    if x < -800:  # exp(-800) < 2**-1074: below float64's least subnormal
        return Fraction(0), next_up(Fraction(0), fmt)
    digits = 40
    while True:
        low, high = _exp_interval(x, digits)
        if low >= 2 * Fraction(2) ** (1 - fmt[1]):
            return None, None
        a = round_binary(min(low, _largest(fmt)), fmt)
        if a > low:
            a = _next_down(a, fmt)
        b = next_up(a, fmt)
        if b > high:
            return a, (None if b > _largest(fmt) else b)
        digits *= 2


def _sigmoid_from(e: Fraction | None, fmt: Format) -> Fraction:
    if e is None:  # exp overflowed to inf: 1 / inf
        return Fraction(0)
    return round_binary(1 / round_binary(1 + e, fmt), fmt)


def torch_sigmoid(x: Fraction, dtype: str) -> tuple[Fraction, Fraction]:
    """(sigmoid of x as torch's ``float32``/``float64`` kernel gives it, the other it may give).

    The first item comes from the correctly rounded exp(-x); the second from the other float
    around exp(-x) (torch's exp is within 1 ulp, see the module): where they differ, torch's
    value is one of the two (adjacent floats).

    >>> torch_sigmoid(Fraction(0), "float32")
    (Fraction(1, 2), Fraction(1, 2))
    >>> torch_sigmoid(Fraction(-200), "float32")   # exp(200) overflows float32: 1 / inf
    (Fraction(0, 1), Fraction(0, 1))
    """
    if dtype not in ("float32", "float64"):
        raise InvalidInputError(
            f"logits in {dtype} are not modelled (torch computes a {dtype} sigmoid through "
            "float32); pass float32 or float64 preds, or probabilities"
        )
    fmt = FLOAT32 if dtype == "float32" else FLOAT64
    a, b = exp_bracket(-x, fmt)
    if a == b:  # x = 0: exp(0) = 1 exactly; or exp(-x) overflows in any case
        return _sigmoid_from(a, fmt), _sigmoid_from(a, fmt)
    assert a is not None
    nearest = _nearest(a, b, -x, fmt)
    other = b if nearest == a else a
    return _sigmoid_from(nearest, fmt), _sigmoid_from(other, fmt)


def sigmoid_view(
    scores: list[Fraction], dtype: str, cuts: list[Fraction] | None, shown: bool, tool: str
) -> list[Fraction]:
    """``preds.sigmoid()`` as torch computes it, warning where torch's own exp could matter.

    :class:`~rocpr_exact.errors.ToolRoundingWarning` when a value whose neighbouring float
    torch may give instead ties with or crosses another score or a threshold (the counts may
    differ), or, ``shown`` (the scores are returned, as a curve's thresholds), when any value
    may be one float away.
    """
    pairs = [torch_sigmoid(x, dtype) for x in scores]
    values = [v for v, _ in pairs]
    uncertain = [(min(v, w), max(v, w)) for v, w in pairs if v != w]
    if not uncertain:
        return values
    ordered = sorted(values)
    marks = sorted(cuts or [])
    counted = sum(
        1
        for low, high in uncertain
        if bisect_right(ordered, high) - bisect_left(ordered, low) > 1
        or bisect_right(marks, high) > bisect_right(marks, low)
    )
    if counted or shown:
        what = f"{counted} may change the counts" if counted else "the returned thresholds"
        warnings.warn(
            f"{len(uncertain)} of {len(values)} sigmoid values of the logits may be one "
            f"{dtype} away from {tool}'s (torch's exp is within 1 ulp, the twin's is correctly "
            f"rounded); {what}",
            ToolRoundingWarning,
            stacklevel=4,
        )
    return values


def _nearest(a: Fraction, b: Fraction | None, x: Fraction, fmt: Format) -> Fraction | None:
    """The one of a < exp(x) < b that exp(x) rounds to (exp(x) is irrational: no ties)."""
    if b is None:  # between the largest float and inf: overflow past the rounding boundary
        bits, emin = fmt
        boundary = Fraction(2) ** (2 - emin) - Fraction(2) ** (1 - emin - bits)
        return a if _exp_below(x, boundary) else None
    return a if _exp_below(x, (a + b) / 2) else b


def _exp_below(x: Fraction, y: Fraction) -> bool:
    """Whether exp(x) < y (y > 0 rational; exp(x) is irrational for x != 0, never equal)."""
    digits = 40
    while True:
        low, high = _exp_interval(x, digits)
        if high < y or low > y:
            return high < y
        digits *= 2
