"""torch's CPU ``Tensor.sigmoid`` in float32 or float64, value by value, exactly.

torchmetrics' binary functions apply ``preds.sigmoid()`` when a pred lies outside [0, 1]
(``normalize_logits_if_needed``, torchmetrics 1.9.0).  torch's CPU kernel (ATen
``sigmoid_kernel``, in the tensor's dtype) computes, for each x,

    e = exp(-x),  s = fl(1 + e),  sigmoid = fl(1 / s)

the addition and the division correctly rounded (``+`` and ``_mm*_div_ps``).  The exponential
is Sleef's ``expf_u10`` / ``expd_u10`` in the vector loop, which :func:`vector_sigmoid`
replays operation by operation (:mod:`rocpr_exact.profiles.sleef`), and glibc's ``exp`` in the
scalar loop, correctly rounded unless exp(-x) lies within 0.002 (float32) or 0.025 (float64)
ulp of a tie (:func:`scalar_sigmoid`: the correctly rounded exp, from :func:`exp_bracket`, the
two floats around exp(-x) found with Decimal's correctly rounded ``exp``).  Which loop computes
a value depends on its position, torch's CPU capability and threads (:func:`vector_loop`).

:func:`torch_sigmoid` gives the correctly rounded exp's sigmoid and the other float's: the
values any exp within 1 ulp may give (the model for a CPU capability not modelled).
"""

from __future__ import annotations

import sys
import warnings
from bisect import bisect_left, bisect_right
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cache, partial

from rocpr_exact.errors import InvalidInputError, ToolRoundingWarning
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64, Format, round_binary
from rocpr_exact.profiles.sleef import sleef_expd, sleef_expf

__all__ = [
    "GRAIN_SIZE",
    "exp_bracket",
    "next_up",
    "scalar_sigmoid",
    "sigmoid_view",
    "torch_capability",
    "torch_sigmoid",
    "torch_threads",
    "vector_loop",
    "vector_sigmoid",
]


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
    fmt = _format(dtype)
    return _bracketed(x, fmt, *exp_bracket(-x, fmt))


def _bracketed(
    x: Fraction, fmt: Format, a: Fraction | None, b: Fraction | None
) -> tuple[Fraction, Fraction]:
    """The sigmoids from the correctly rounded and the other of a < exp(-x) < b."""
    if a == b:  # x = 0: exp(0) = 1 exactly; or exp(-x) overflows in any case
        return _sigmoid_from(a, fmt), _sigmoid_from(a, fmt)
    assert a is not None
    nearest = _nearest(a, b, -x, fmt)
    other = b if nearest == a else a
    return _sigmoid_from(nearest, fmt), _sigmoid_from(other, fmt)


def vector_sigmoid(x: Fraction, dtype: str) -> Fraction:
    """torch's sigmoid of x in its vector loop (AVX2/AVX512): Sleef's exp, replayed exactly.

    At x = -200, exp(200) overflows float32 (Sleef returns inf past 104, so 1/(1 + inf) = 0, as
    torch prints 0.0) but not float64 (torch prints 1.3838965267367376e-87):

    >>> vector_sigmoid(Fraction(0), "float32"), vector_sigmoid(Fraction(-200), "float32")
    (Fraction(1, 2), Fraction(0, 1))
    >>> float(vector_sigmoid(Fraction(-200), "float64"))
    1.3838965267367376e-87
    """
    fmt = _format(dtype)
    e = sleef_expf(-x) if fmt == FLOAT32 else sleef_expd(-x)
    return _sigmoid_from(e, fmt)


def scalar_sigmoid(x: Fraction, dtype: str) -> tuple[Fraction, Fraction]:
    """(torch's sigmoid of x in its scalar loop, the other value glibc's exp may give).

    ``std::exp`` is glibc's ``expf``/``exp`` (sysdeps/ieee754/flt-32/e_expf.c, dbl-64/e_exp.c,
    from Arm's optimized-routines): ``expf`` documented within 0.502 ulp, ``exp`` about 0.51
    (0.525 allowed here), so it returns the correctly rounded value unless exp(-x) lies within
    0.002 / 0.025 ulp of the midpoint of its two floats: only there is the second item the
    other float's sigmoid.
    """
    fmt = _format(dtype)
    a, b = exp_bracket(-x, fmt)
    if a == b or a is None or b is None:
        return _bracketed(x, fmt, a, b)
    value, other = _bracketed(x, fmt, a, b)
    margin = (b - a) * (Fraction(2, 1000) if fmt == FLOAT32 else Fraction(25, 1000))
    middle = (a + b) / 2
    near = not _exp_below(-x, middle - margin) and _exp_below(-x, middle + margin)
    return value, (other if near else value)


#: ATen's ``internal::GRAIN_SIZE``: ``TensorIterator::for_each`` splits a tensor of more values
#: among torch's threads, each part with its own vector loop and scalar tail.
GRAIN_SIZE = 32768
#: bytes of a vector register by torch's CPU capability (ATen ``Vectorized<T>``)
_WIDTH = {"AVX512": 64, "AVX2": 32}


def vector_loop(n: int, dtype: str, capability: str, threads: int | None) -> list[bool] | None:
    """Whether each of n values goes through torch's vector kernel; None: not known.

    ATen's ``vectorized_loop`` (native/cpu/Loops.h) runs the vector kernel on blocks of two
    vectors and ``basic_loop`` (scalar) on the rest of each part: one part unless n reaches
    ``GRAIN_SIZE`` and torch has several threads (``threads``, None: not known), then
    ``parallel_for``'s (ParallelOpenMP.h: min(threads, ceil(n / GRAIN_SIZE)) parts of
    ceil(n / parts) values).  On the DEFAULT capability the generic ``Vectorized<T>::exp``
    maps ``std::exp``, as the scalar loop does: every value is the scalar loop's.
    """
    if capability == "DEFAULT":
        return [False] * n
    if capability not in _WIDTH or (n >= GRAIN_SIZE and threads is None):
        return None
    block = 2 * _WIDTH[capability] // (4 if dtype == "float32" else 8)
    parts = 1 if n < GRAIN_SIZE or threads is None else min(threads, -(-n // GRAIN_SIZE))
    size = -(-n // parts) if n else 0
    mask: list[bool] = []
    for begin in range(0, n, max(size, 1)):
        length = min(n, begin + size) - begin
        mask += [True] * (length - length % block) + [False] * (length % block)
    return mask


def torch_capability() -> str | None:
    """``torch.backends.cpu.get_cpu_capability()`` when torch is loaded in this process."""
    torch = sys.modules.get("torch")
    try:
        return str(torch.backends.cpu.get_cpu_capability()) if torch is not None else None
    except AttributeError:
        return None


def torch_threads() -> int | None:
    """``torch.get_num_threads()`` when torch is loaded in this process."""
    torch = sys.modules.get("torch")
    try:
        return int(torch.get_num_threads()) if torch is not None else None
    except AttributeError:
        return None


class _Sigmoids:
    """The three sigmoids of one dtype, each computed once per distinct value (a column of
    logits often repeats a few values: the paper's Figure 6 has two among 56,597)."""

    def __init__(self, dtype: str) -> None:
        self.vector = cache(partial(vector_sigmoid, dtype=dtype))
        self.scalar = cache(partial(scalar_sigmoid, dtype=dtype))
        self.either = cache(partial(torch_sigmoid, dtype=dtype))


def _candidates(
    x: Fraction, sigmoids: _Sigmoids, index: int, layouts: list[list[bool] | None]
) -> list[Fraction]:
    """The values torch may give x at ``index``, the first for the first layout."""
    vector = [mask is None or mask[index] for mask in layouts]
    scalar = [mask is None or not mask[index] for mask in layouts]
    vector_value = sigmoids.vector(x) if any(vector) else None
    scalar_pair = sigmoids.scalar(x) if any(scalar) else None
    found: list[Fraction] = []
    for mask in layouts:
        if mask is not None and mask[index]:
            assert vector_value is not None
            found.append(vector_value)
            continue
        assert scalar_pair is not None
        found.extend(scalar_pair)
        if mask is None:  # either loop, or an exp not modelled: any float within 1 ulp
            assert vector_value is not None
            found.extend([vector_value, *sigmoids.either(x)])
    return found


def sigmoid_view(
    scores: list[Fraction], dtype: str, cuts: list[Fraction] | None, shown: bool, tool: str
) -> list[Fraction]:
    """``preds.sigmoid()`` as torch computes it, warning where its value is not certain.

    Each value is the vector loop's (:func:`vector_sigmoid`) or the scalar loop's
    (:func:`scalar_sigmoid`) by its position (:func:`vector_loop`) on torch's CPU capability
    and threads (:func:`torch_capability`, :func:`torch_threads`; when torch is not loaded,
    AVX512 or AVX2 and, from ``GRAIN_SIZE`` values, either loop, the values where the
    two differ being uncertain).  :class:`~rocpr_exact.errors.ToolRoundingWarning` when an
    uncertain value ties with or crosses another score or a threshold (the counts may differ),
    when ``shown`` (the scores are returned, as a curve's thresholds) and any value is
    uncertain, and always on a capability not modelled.
    """
    fmt = _format(dtype)
    capability = torch_capability()
    modelled = capability is None or capability in (*_WIDTH, "DEFAULT")
    assumed = [capability] if capability is not None else list(_WIDTH)
    threads = torch_threads()
    layouts = [vector_loop(len(scores), dtype, c, threads) for c in assumed]
    sigmoids = _Sigmoids(dtype)
    found = [_candidates(x, sigmoids, i, layouts) for i, x in enumerate(scores)]
    values = [c[0] for c in found]
    uncertain = [(min(c), max(c)) for c in found if min(c) != max(c)]
    if modelled and not uncertain:
        return values
    ordered = sorted(values)
    marks = sorted(cuts or [])
    counted = sum(
        1
        for low, high in uncertain
        if bisect_right(ordered, high) - bisect_left(ordered, low) > 1
        or bisect_right(marks, high) > bisect_right(marks, low)
    )
    if counted or shown or not modelled:
        what = f"{counted} may change the counts" if counted else "the returned thresholds"
        why = (
            f"torch's CPU capability {capability} is not modelled (AVX512, AVX2, DEFAULT are)"
            if not modelled
            else "which of torch's loops computes them depends on its CPU capability or threads, "
            "or glibc's exp is near a tie"
        )
        warnings.warn(
            f"{len(uncertain)} of {len(values)} sigmoid values of the logits may be one "
            f"{'float32' if fmt == FLOAT32 else 'float64'} away from {tool}'s ({why}); {what}",
            ToolRoundingWarning,
            stacklevel=4,
        )
    return values


def _format(dtype: str) -> Format:
    if dtype not in ("float32", "float64"):
        raise InvalidInputError(
            f"logits in {dtype} are not modelled (torch computes a {dtype} sigmoid through "
            "float32); pass float32 or float64 preds, or probabilities"
        )
    return FLOAT32 if dtype == "float32" else FLOAT64


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
