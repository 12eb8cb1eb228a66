"""Sleef's ``expf_u10`` and ``expd_u10`` (FMA builds), one IEEE operation at a time, exactly.

torch's CPU vector kernels call ``Sleef_expf16_u10`` / ``Sleef_expd8_u10`` (AVX512) and
``Sleef_expf8_u10`` / ``Sleef_expd4_u10`` (AVX2) for ``Vectorized<T>::exp()``
(ATen/cpu/vec/vec512/vec512_float.h, vec256_float.h and the double headers).  Sleef's
``xexpf`` (src/libm/sleefsimdsp.c) and ``xexp`` (src/libm/sleefsimddp.c), the same in every
release from 3.5.1 to 3.9.0, on the AVX2 and AVX512F helpers (src/arch/helperavx2.h,
helperavx512f.h: ``ENABLE_FMA_SP``/``ENABLE_FMA_DP``, so ``vmla`` is a fused multiply-add;
``vrint`` rounds to nearest, ties to even) are replayed here: every multiply, fused
multiply-add and addition is :func:`~rocpr_exact.profiles.ieee.round_binary` of its exact
result, so the value is Sleef's bit for bit, not a bracket.

The constants are Sleef's decimal literals rounded as the C compiler does: ``0.5f``-style
literals (suffix f) straight to float32, the unsuffixed ones in ``vcast_vf_f(...)`` first to
double and then to float32.
"""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact.errors import NotRepresentableError
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64, round_binary

__all__ = ["sleef_expd", "sleef_expf"]


def _single(literal: str) -> Fraction:
    """A C literal with suffix f: rounded once, to float32."""
    return round_binary(Fraction(literal), FLOAT32)


def _cast(literal: str) -> Fraction:
    """An unsuffixed C literal passed as a float: rounded to double, then to float32."""
    return round_binary(round_binary(Fraction(literal), FLOAT64), FLOAT32)


def _double(literal: str) -> Fraction:
    return round_binary(Fraction(literal), FLOAT64)


# src/common/misc.h
_R_LN2 = "1.442695040888963407359924681001892137426645954152985934135449406931"
_R_LN2F = _single(_R_LN2)
_L2UF = _single("0.693145751953125")
_L2LF = _single("1.428606765330187045e-06")
_R_LN2D = _double(_R_LN2)
_L2U = _double(".69314718055966295651160180568695068359375")
_L2L = _double(".28235290563031577122588448175013436025525412068e-12")
_LOG_DBL_MAX = Fraction(0x162E42FEFA39EF, 2**43)  # 0x1.62e42fefa39efp+9

# xexpf's polynomial, highest degree first
_EXPF_POLY = [
    _cast(c)
    for c in (
        "0.000198527617612853646278381",
        "0.00139304355252534151077271",
        "0.00833336077630519866943359",
        "0.0416664853692054748535156",
        "0.166666671633720397949219",
        "0.5",
    )
]
# xexp's POLY10 coefficients c9 .. c0
_EXPD_POLY = [
    _double(c)
    for c in (
        "0.2081276378237164457e-8",
        "0.2511210703042288022e-7",
        "0.2755762628169491192e-6",
        "0.2755723402025388239e-5",
        "0.2480158687479686264e-4",
        "0.1984126989855865850e-3",
        "0.1388888888914497797e-2",
        "0.8333333333314938210e-2",
        "0.4166666666666602598e-1",
        "0.1666666666666669072e+0",
    )
]


def _ldexp2(u: Fraction, q: int, fmt: tuple[int, int]) -> Fraction | None:
    """``vldexp2``: u * 2**(q >> 1) * 2**(q - (q >> 1)), each product rounded; None: inf."""
    half = q >> 1  # an arithmetic shift, as vsra
    try:
        u = round_binary(u * Fraction(2) ** half, fmt)
        return round_binary(u * Fraction(2) ** (q - half), fmt)
    except NotRepresentableError:  # past the largest float: inf
        return None


def sleef_expf(d: Fraction) -> Fraction | None:
    """Sleef's ``xexpf(d)`` (d a float32), None standing for +inf.

    >>> sleef_expf(Fraction(0))
    Fraction(1, 1)
    >>> sleef_expf(Fraction(101)) is None, sleef_expf(Fraction(-105))
    (True, Fraction(0, 1))
    """
    if d < -104:
        return Fraction(0)
    if d > 100:
        return None

    def f32(x: Fraction) -> Fraction:
        return round_binary(x, FLOAT32)

    q = round(f32(d * _R_LN2F))  # vrint_vi2_vf: to nearest, ties to even
    s = f32(q * -_L2UF + d)
    s = f32(q * -_L2LF + s)
    u = _EXPF_POLY[0]
    for c in _EXPF_POLY[1:]:
        u = f32(u * s + c)
    u = f32(1 + f32(f32(s * s) * u + s))
    return _ldexp2(u, q, FLOAT32)


def sleef_expd(d: Fraction) -> Fraction | None:
    """Sleef's ``xexp(d)`` (d a float64, the FMA branch), None standing for +inf.

    >>> sleef_expd(Fraction(0))
    Fraction(1, 1)
    >>> sleef_expd(Fraction(710)) is None, sleef_expd(Fraction(-1001))
    (True, Fraction(0, 1))
    """
    if d > _LOG_DBL_MAX:
        return None
    if d < -1000:
        return Fraction(0)

    def f64(x: Fraction) -> Fraction:
        return round_binary(x, FLOAT64)

    def mla(x: Fraction, y: Fraction, z: Fraction) -> Fraction:
        return f64(x * y + z)

    u = Fraction(round(f64(d * _R_LN2D)))  # vrint_vd_vd: to nearest, ties to even
    q = int(u)
    s = mla(u, -_L2U, d)
    s = mla(u, -_L2L, s)
    s2 = f64(s * s)
    s4 = f64(s2 * s2)
    s8 = f64(s4 * s4)
    c9, c8, c7, c6, c5, c4, c3, c2, c1, c0 = _EXPD_POLY

    def poly4(a3: Fraction, a2: Fraction, a1: Fraction, a0: Fraction) -> Fraction:
        return mla(s2, mla(s, a3, a2), mla(s, a1, a0))

    poly8 = mla(s4, poly4(c7, c6, c5, c4), poly4(c3, c2, c1, c0))
    u = mla(s8, mla(s, c9, c8), poly8)
    u = mla(u, s, Fraction(1, 2))
    u = mla(u, s, Fraction(1))
    u = mla(u, s, Fraction(1))
    return _ldexp2(u, q, FLOAT64)
