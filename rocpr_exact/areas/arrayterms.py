"""What the areas' int64 array terms share: the report's fast path (numpy input).

For a curve whose counts fit int64 numpy arrays (held so for numpy input, converted once
otherwise: :func:`~rocpr_exact.core.curve.count_arrays`) each method's module builds the terms
that its Python path lists one tuple at a time as whole arrays
(:class:`~rocpr_exact.exact.arrayfixed.ArrayRatios`), with the same values:

* ``step`` (:func:`rocpr_exact.areas.step.step_array_terms`): over the steps that add
  positives, dTP TP_B / (TP_B + FP_B), divided by P;
* ``linear`` (:func:`rocpr_exact.areas.linear.linear_array_terms`): the same two ends of each
  rising step, dTP TP_A / (TP_A + FP_A) (the recall-0 start for the first) and
  dTP TP_B / (TP_B + FP_B), divided by 2P;
* ``davis-goadrich`` (:func:`rocpr_exact.areas.davis_goadrich.dg_array_terms`): on the corners,
  every integer TP t of a short rising segment gives p(t) = k t / (C t + D) twice (as a
  trapezoid's right and the next one's left end), the last of a segment once, plus the
  segment's entry precision once; a long segment is the three ratios and the digamma
  difference of :func:`~rocpr_exact.areas.dg.dg_terms`;
* ``continuous`` (:func:`rocpr_exact.areas.continuous.continuous_array_terms`): dTP^2 / m and
  the log steps of :func:`~rocpr_exact.areas.continuous.continuous_terms`.

Each record's ``arrays`` returns the certified decimal, or None when the caller must take the
Python path: no numpy, counts too large for int64 products (n >= 3 * 10**9), or an area
whose exact value may be small (it must then be written exactly, and the size tests of the
Python path decide).  "Large" is decided only from a lower bound of the size the Python
path measures (its distinct denominators or terms, each at least one bit), so both paths
write the same fields.  O(n) vectorised, plus one Arb evaluation per long segment or log step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rocpr_exact.areas.base import Area, AreaTerms, int64_arrays
from rocpr_exact.areas.dg import start_point
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.fixed import certified_ratio_sum

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = ["AreaTerms", "rising_digits", "rising_steps"]

#: ``(tps, fps, start)`` -> the terms of a chain's rising steps (``step``, ``linear``).
RisingTerms = Callable[[Any, Any, "tuple[int, int] | None"], AreaTerms]


def rising_steps(tps: Any) -> tuple[Any, Any, Any]:
    """The indices of the points that end a rising step, its dTP and its TP_B."""
    rising = np.flatnonzero(np.diff(tps) > 0) + 1
    return rising, tps[rising] - tps[rising - 1], tps[rising]


def rising_digits(
    chain_terms: RisingTerms,
    divisor: int,
    exact: Callable[[Curve], Area],
    curve: Curve,
    digits: int,
    small_bits: int,
) -> str | None:
    """The certified decimal of a ``step`` or ``linear`` area over [0, 1] from its array
    terms (summed over ``divisor`` P), or None.

    Raises what the Python path raises (``max_decimal_work``, ``max_refinement_bits``).
    """
    arrays = int64_arrays(curve)
    if arrays is None or curve.positives == 0:
        return None
    tps, fps = arrays
    if int(np.count_nonzero(np.diff(tps) > 0)) <= small_bits:  # as many denominators
        return None  # (TP + FP differs at every point)
    _, start_num, start_den = start_point(curve)
    terms = chain_terms(tps, fps, (start_num, start_den))
    return certified_ratio_sum(
        terms.pairs, divisor * curve.positives, digits, exact=lambda: exact(curve)
    )
