"""The terms of the certified AUC-PR areas as int64 arrays: the report's fast path.

For a curve whose counts fit int64 numpy arrays (held so for numpy input, converted once
otherwise: :func:`~rocpr_exact.core.curve.count_arrays`) the terms that
:func:`rocpr_exact.areas.auc.area_terms`, :func:`rocpr_exact.areas.dg.dg_terms` and
:func:`rocpr_exact.areas.continuous.continuous_terms` list one Python tuple at a time are built
here as whole arrays (:class:`~rocpr_exact.exact.arrayfixed.ArrayRatios`), with the same values:

* ``step``: over the steps that add positives, dTP TP_B / (TP_B + FP_B), divided by P;
* ``linear``: the same two ends of each rising step, dTP TP_A / (TP_A + FP_A) (the recall-0
  start for the first) and dTP TP_B / (TP_B + FP_B), divided by 2P;
* ``davis-goadrich``: on the corners, every integer TP t of a short rising segment gives
  p(t) = k t / (C t + D) twice (as a trapezoid's right and the next one's left end), the last
  of a segment once, plus the segment's entry precision once; a long segment is the three
  ratios and the digamma difference of :func:`~rocpr_exact.areas.dg.dg_terms` (a fixed-point
  sum floors each ratio by value, so an entry written TP_A / (TP_A + FP_A) instead of
  k TP_A / (C TP_A + D) is the same term);
* ``continuous``: dTP^2 / m and the log steps of :func:`continuous_terms`.

:func:`certified_area` returns the certified decimal, or None when the caller must take the
Python path: no numpy, counts too large for int64 products (n >= 3 * 10**9), or an area
whose exact value may be small (it must then be written exactly, and the size tests of the
Python path decide).  "Large" is decided here only from a lower bound of the size the Python
path measures (its distinct denominators or terms, each at least one bit), so both paths
write the same fields.  O(n) vectorised, plus one Arb evaluation per long segment or log step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rocpr_exact import limits
from rocpr_exact.areas.auc import auc_pr, continuous_area
from rocpr_exact.areas.dg import WHAT as DG_WHAT
from rocpr_exact.areas.dg import dg_area, long_segment, start_point
from rocpr_exact.core.counts import INT64_CROSS
from rocpr_exact.core.curve import Curve, count_arrays
from rocpr_exact.exact import digamma
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.digamma import DigammaTerm
from rocpr_exact.exact.fixed import certified_ratio_sum
from rocpr_exact.exact.logprimes import prime_coefficients
from rocpr_exact.exact.logsum import LogSteps

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = [
    "DIVISORS",
    "AreaTerms",
    "certified_area",
    "continuous_array_terms",
    "dg_array_terms",
    "rising_terms",
]

Exact = Callable[[], Fraction | ClosedForm]

#: Each area is its terms' sum over this many times P.
DIVISORS = {"step": 1, "linear": 2, "davis-goadrich": 2, "continuous": 1}


@dataclass(frozen=True, slots=True)
class AreaTerms:
    """An area's terms: ratios, digamma differences and log steps, summed over ``DIVISORS`` P.

    Their sum is enclosed in fixed point by :func:`rocpr_exact.exact.fixed.enclose_terms`.
    """

    pairs: ArrayRatios
    digamma: tuple[DigammaTerm, ...] = ()
    logs: LogSteps | None = None


def _arrays(curve: Curve) -> tuple[Any, Any] | None:
    if curve.positives + curve.negatives >= INT64_CROSS:
        return None
    return count_arrays(curve)


def certified_area(curve: Curve, method: str, digits: int, small_bits: int) -> str | None:
    """The certified decimal of ``auc_pr(curve, method)`` over [0, 1] from array terms, or None.

    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> labels = rng.random(20000) < 0.5
    >>> curve = Curve.from_scores(rng.integers(0, 10**9, 20000) + 3 * 10**8 * labels, labels)
    >>> certified_area(curve, "step", 20, 4096)   # the exact rational's decimal (auc_pr, number)
    '0.77717598898485404349'

    Raises what the Python path raises (``max_decimal_work``, ``max_refinement_bits``).
    """
    arrays = _arrays(curve)
    if arrays is None or curve.positives == 0:
        return None
    tps, fps = arrays
    if method in ("step", "linear"):
        return _rising_area(curve, tps, fps, method, digits, small_bits)
    corners = curve.corners()
    corner_arrays = _arrays(corners)
    if corner_arrays is None or not digamma.available():
        return None
    if method == "davis-goadrich":
        return _dg_area(corners, *corner_arrays, digits, small_bits)
    if method == "continuous":
        return _continuous_area(corners, *corner_arrays, digits, small_bits)
    return None


def _rising_area(
    curve: Curve, tps: Any, fps: Any, method: str, digits: int, small_bits: int
) -> str | None:
    if int(np.count_nonzero(np.diff(tps) > 0)) <= small_bits:  # as many denominators
        return None  # (TP + FP differs at every point)

    def exact() -> Fraction | ClosedForm:
        return auc_pr(curve, method)  # type: ignore[arg-type]

    _, start_num, start_den = start_point(curve)
    terms = rising_terms(tps, fps, method, (start_num, start_den))
    divisor = DIVISORS[method] * curve.positives
    return certified_ratio_sum(terms.pairs, divisor, digits, exact=exact)


def rising_terms(tps: Any, fps: Any, method: str, start: tuple[int, int] | None) -> AreaTerms:
    """The ``step`` or ``linear`` terms of the steps of a chain of points (int64 arrays).

    The chain may start anywhere on a curve (a range of a distributed summary).  ``start``
    is the recall-0 precision (numerator, denominator) that ``linear`` gives a rising step
    starting at TP = 0 (:func:`~rocpr_exact.areas.dg.start_point`); unused when
    ``tps[0] > 0``.  The area is the terms' sum over ``DIVISORS[method]`` P.
    """
    rising = np.flatnonzero(np.diff(tps) > 0) + 1
    dtp = tps[rising] - tps[rising - 1]
    tp_b = tps[rising]
    if method == "step":
        return AreaTerms(ArrayRatios(dtp * tp_b, tp_b + fps[rising]))
    tp_a, fp_a = tps[rising - 1], fps[rising - 1]
    later = tp_a > 0  # a rising step from TP = 0 takes the recall-0 start
    extra: list[tuple[int, int]] = []
    if rising.shape[0] and int(tp_a[0]) == 0:
        assert start is not None, "a chain from TP = 0 needs its recall-0 start"
        extra.append((int(dtp[0]) * start[0], start[1]))
    return AreaTerms(
        ArrayRatios(
            np.concatenate((dtp * tp_b, dtp[later] * tp_a[later])),
            np.concatenate((tp_b + fps[rising], tp_a[later] + fp_a[later])),
            extra,
        )
    )


def _dg_area(corners: Curve, tps: Any, fps: Any, digits: int, small_bits: int) -> str | None:
    long = long_segment(digits)
    k = np.diff(tps)
    short = (k > 0) & (k <= long)
    if bool((k > long).any()):
        if corners.positives <= small_bits:  # predicted_bits counts >= 1 bit per TP
            return None
    elif (
        int(k[short].sum()) <= long * small_bits
        and _distinct_dg_denominators(tps, fps, short) <= small_bits
    ):
        return None  # for one k the denominators k (t + FP(t)) all differ
    _, start_num, start_den = start_point(corners)
    terms = dg_array_terms(tps, fps, (start_num, start_den), long)
    kind = "a sum of {terms} digamma differences"
    limits.check_decimal_work(digits, len(terms.digamma), DG_WHAT, kind, limits.DIGAMMA_WEIGHT)

    def exact() -> Fraction:
        return dg_area(corners)

    return certified_ratio_sum(
        terms.pairs, 2 * corners.positives, digits, digamma=terms.digamma, exact=exact
    )


def _short_points(tps: Any, fps: Any, short: Any) -> tuple[Any, Any, Any]:
    """Every integer TP t of the short rising segments: (owner segment, t, C t + D)."""
    k, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    big_c, big_d = k + dfp, fp_a * k - tp_a * dfp
    seg = np.flatnonzero(short)
    lengths = k[seg]
    count = int(lengths.sum())
    owner = np.repeat(seg, lengths)
    offset = np.arange(count) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    t = tp_a[owner] + 1 + offset
    return owner, t, big_c[owner] * t + big_d[owner]


def _distinct_dg_denominators(tps: Any, fps: Any, short: Any) -> int:
    return int(np.unique(_short_points(tps, fps, short)[2]).shape[0])


def dg_array_terms(tps: Any, fps: Any, start: tuple[int, int] | None, long: int) -> AreaTerms:
    """The ``davis-goadrich`` terms of a chain of corners (int64 arrays), over 2P.

    Segments of more than ``long`` TPs are one digamma difference each.  ``start`` is the
    recall-0 precision that enters a first segment starting at (0, 0); with None (a chain that
    starts elsewhere: a range of a distributed summary) the first segment is entered at its
    start's own precision TP / (TP + FP), as every other segment is.
    """
    k, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    rising = k > 0
    short = rising & (k <= long)
    big_c, big_d = k + dfp, fp_a * k - tp_a * dfp
    # the entry precision of each segment: the start at (0, 0), else TP_A / (TP_A + FP_A)
    entry_num, entry_den = tp_a.copy(), tp_a + fp_a
    if start is not None and k.shape[0]:
        entry_num[0], entry_den[0] = 0, 1  # replaced by the exact start below
    owner, t, den = _short_points(tps, fps, short)
    lengths = k[short]
    last = np.zeros(t.shape[0], dtype=np.int64)
    last[np.cumsum(lengths) - 1] = 1
    num = (2 - last) * (k[owner] * t)
    extra: list[tuple[int, int]] = []
    first_entry = (int(entry_num[0]), int(entry_den[0])) if k.shape[0] else (0, 1)
    if start is not None:
        first_entry = start
    if k.shape[0] and short[0]:  # the entry of a short first segment (a long one: below)
        extra.append(first_entry)
    digammas: list[DigammaTerm] = []
    for i in np.flatnonzero(rising & (k > long)).tolist():
        ki, ci, di, ta = int(k[i]), int(big_c[i]), int(big_d[i]), int(tp_a[i])
        tb = ta + ki
        prev = first_entry if i == 0 else (int(entry_num[i]), int(entry_den[i]))
        extra += (prev, (-tb * ki, ci * tb + di), (2 * ki * ki, ci))
        if di:
            digammas.append((Fraction(-2 * ki * di, ci * ci), Fraction(ci * (ta + 1) + di, ci), ki))
    seg = np.flatnonzero(short)
    entries = seg[seg > 0]
    pairs = ArrayRatios(
        np.concatenate((num, entry_num[entries])), np.concatenate((den, entry_den[entries])), extra
    )
    return AreaTerms(pairs, tuple(digammas))


def _continuous_area(
    corners: Curve, tps: Any, fps: Any, digits: int, small_bits: int
) -> str | None:
    dtp, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    sloped = (dtp > 0) & (dfp > 0)
    weighted = int(np.count_nonzero(sloped & (fp_a * dtp - dfp * tp_a != 0)))
    p_bits = corners.positives.bit_length()
    count = int(np.count_nonzero((dtp > 0) & (dfp == 0) & (fp_a > 0))) + weighted
    if count * 2 * (3 + p_bits) + p_bits <= small_bits:  # continuous_terms: >= that many bits
        return None
    terms = continuous_array_terms(tps, fps)
    assert terms.logs is not None
    limits.check_decimal_work(digits, len(terms.logs), "the continuous AUC-PR")

    def exact() -> ClosedForm:
        return continuous_area(corners, Fraction(0))

    return certified_ratio_sum(terms.pairs, corners.positives, digits, logs=terms.logs, exact=exact)


def continuous_array_terms(tps: Any, fps: Any) -> AreaTerms:
    """The ``continuous`` terms of a chain of corners (int64 arrays), over P: ratios and logs.

    Each segment's integral of the precision depends on its own two ends only, so the chain may
    start anywhere on a curve (a range of a distributed summary).
    """
    dtp, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    runs = (dtp > 0) & (dfp == 0)
    run_steps = np.flatnonzero(runs & (fp_a > 0))
    sloped = np.flatnonzero((dtp > 0) & (dfp > 0))
    m = dtp[sloped] + dfp[sloped]
    weight = fp_a[sloped] * dtp[sloped] - dfp[sloped] * tp_a[sloped]
    weighted = weight != 0
    arguments = tps + fps
    w, d_w, m_w = weight[weighted], dtp[sloped][weighted], m[weighted]
    if int(np.abs(w).max(initial=1)).bit_length() + int(d_w.max(initial=1)).bit_length() < 63:
        products = (w * d_w).tolist()
    else:  # D dTP may pass 2^63: Python ints
        products = [a * b for a, b in zip(w.tolist(), d_w.tolist(), strict=True)]
    # each step's two arguments side by side: step j is (ln x[2j] - ln x[2j + 1])
    steps = sloped[weighted]
    numerators, denominators = products, (m_w * m_w).tolist()
    primes = prime_coefficients(arguments, run_steps, fp_a[run_steps])
    if primes is None:  # the runs' integer weights FP_A, one step each
        steps = np.concatenate((steps, run_steps))
        numerators += fp_a[run_steps].tolist()
        denominators += [1] * run_steps.shape[0]
    pairs_of_arguments = np.stack((arguments[steps], arguments[steps + 1]), axis=1).ravel()
    extra = pairs_of_arguments.tolist()
    if primes is not None:  # one logarithm per prime (exact.logprimes): C_p (ln p - ln 1)
        extra += np.stack((primes[0], np.ones_like(primes[0])), axis=1).ravel().tolist()
        numerators += primes[1].tolist()
        denominators += [1] * primes[0].shape[0]
    indices = list(range(0, len(extra), 2))
    logs = LogSteps(extra, indices, numerators, denominators)
    run_total = int(dtp[runs].sum())
    pairs = ArrayRatios(dtp[sloped] * dtp[sloped], m, [(run_total, 1)] if run_total else [])
    return AreaTerms(pairs, logs=logs)
