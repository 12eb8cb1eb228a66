"""The record of an AUC-PR method and what every method's module shares (Davis & Goadrich 2006).

An :class:`AreaRecord` holds everything the rest of the package needs to know about one
area: its method name (``auc_pr``'s ``method``, the report's key, the vectors' metric),
its exact function of a curve, its certified digits without the exact value, its mergeable
share's array terms (the engines), its schema fragment, its line in the vectors' header and
the name ``consistent`` takes for it.  Each method is one module that builds its record from
its own functions (``areas/continuous.py``, ``davis_goadrich.py``, ``linear.py``,
``step.py``); :mod:`rocpr_exact.areas.records` lists them.  This module imports no method.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rocpr_exact.core.counts import INT64_CROSS
from rocpr_exact.core.curve import Curve, count_arrays, require_curve
from rocpr_exact.errors import InvalidInputError, NoPositivesError
from rocpr_exact.exact import digamma
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.digamma import DigammaTerm
from rocpr_exact.exact.fixed import certified_ratio_sum, denominator_bits
from rocpr_exact.exact.logsum import LogSteps

__all__ = [
    "AreaRecord",
    "AreaTerms",
    "Chain",
    "Digits",
    "corner_arrays",
    "fast_or",
    "int64_arrays",
    "number_schema",
    "ratio_digits",
    "recall_floor",
]

Area = Fraction | ClosedForm
Point = tuple[int, int]
Pairs = list[tuple[int, int]]
#: ``(curve, digits, small_bits)`` -> certified digits, or None (the exact value is written).
Digits = Callable[[Curve, int, int], str | None]


def number_schema(closed_form: bool) -> dict[str, str]:
    """The schema fragment of an exact number in the report and the vectors.

    >>> number_schema(True)
    {'$ref': '#/$defs/closed_form_number'}
    """
    kind = "closed_form_number" if closed_form else "rational_number"
    return {"$ref": f"#/$defs/{kind}"}


@dataclass(frozen=True, slots=True)
class AreaTerms:
    """An area's terms: ratios, digamma differences and log steps, summed over ``divisor`` P.

    Their sum is enclosed in fixed point by :func:`rocpr_exact.exact.fixed.enclose_terms`.
    """

    pairs: ArrayRatios
    digamma: tuple[DigammaTerm, ...] = ()
    logs: LogSteps | None = None


@dataclass(frozen=True, slots=True)
class Chain:
    """A range's chain of points as int64 arrays, as a mergeable share sees it: all its
    points (``tps``, ``fps``), its corners (``ctps``, ``cfps``), the recall-0 start
    precision of a chain from TP = 0 (``start``) and that start when the chain begins at
    the origin (``at_origin``)."""

    tps: Any
    fps: Any
    ctps: Any
    cfps: Any
    start: Point | None
    at_origin: Point | None


@dataclass(frozen=True, slots=True)
class AreaRecord:
    """One AUC-PR method, declared once.

    ``exact(curve, min_recall=0)`` is the exact area over [min_recall, 1];
    ``certified(curve, digits, small_bits)`` its certified decimal without the exact value,
    or None when the exact value is small (at most ``small_bits`` bits of denominator) or
    no fast path applies; ``share(chain, digits)`` the terms of a range's share of the area
    (summed over ``divisor`` P, :class:`AreaTerms`), or None when the area has no mergeable
    share (the engines refuse it); ``closed_form``: the exact value may be a
    :class:`ClosedForm` (schema ``closed_form_number``) rather than a rational; ``note``: the
    vectors' header line; ``published``: the metric name of ``consistent`` (None:
    ``consistent`` refuses the area, naming it); ``least(P, N, ties)`` the least value over
    every ranking of P positives and N negatives (:mod:`rocpr_exact.areas.least`), the first
    bound ``consistent`` checks, and ``why`` the reason it gives for it; ``arrays`` the part
    of ``certified`` that sums int64 array terms (None: none); ``terms(curve)`` a rational
    area's terms over [0, 1], (n, d) pairs whose sum over ``divisor`` P is the area (None:
    not a sum of ratios)."""

    method: str
    exact: Callable[..., Area]
    certified: Digits
    note: str
    closed_form: bool = False
    divisor: int = 1
    share: Callable[[Chain, int], AreaTerms] | None = None
    published: str | None = None
    least: Callable[[int, int, bool], Area] | None = None
    why: str = ""
    arrays: Digits | None = None
    terms: Callable[[Curve], Pairs] | None = None

    @property
    def key(self) -> str:
        """The report's key (``davis_goadrich``): the method with ``-`` written ``_``."""
        return self.method.replace("-", "_")

    @property
    def metric(self) -> str:
        """The vectors' metric name (``auc_pr_davis_goadrich``)."""
        return f"auc_pr_{self.key}"

    @property
    def schema(self) -> dict[str, str]:
        """The schema fragment of the area's value in the report and the vectors."""
        return number_schema(self.closed_form)

    def zero(self) -> Area:
        """The area of a range without positives (no width in recall)."""
        return ClosedForm(Fraction(0)) if self.closed_form else Fraction(0)


def recall_floor(curve: Curve, min_recall: Fraction | int) -> Fraction | int:
    """The TP at ``min_recall`` (an int when it is one), after checking the curve (P > 0)
    and ``min_recall`` (an exact number in [0, 1])."""
    require_curve(curve, "curve")
    if curve.positives == 0:
        raise NoPositivesError("auc_pr requires at least one positive example")
    if isinstance(min_recall, bool) or not isinstance(min_recall, int | Fraction):
        raise InvalidInputError(f"min_recall must be an exact int or Fraction, got {min_recall!r}")
    if not 0 <= min_recall <= 1:
        raise InvalidInputError(f"min_recall must lie in [0, 1], got {min_recall}")
    t_min = Fraction(min_recall) * curve.positives
    return t_min.numerator if t_min.denominator == 1 else t_min  # int comparisons are fast


def int64_arrays(curve: Curve) -> tuple[Any, Any] | None:
    """TP and FP as int64 arrays whose products fit int64, or None (the Python path)."""
    if curve.positives + curve.negatives >= INT64_CROSS:
        return None
    return count_arrays(curve)


def corner_arrays(curve: Curve) -> tuple[Curve, Any, Any] | None:
    """The curve's corners and their int64 arrays for a method's array terms on the corners,
    or None: no arrays (:func:`int64_arrays`), no positives, or no Arb (``python-flint``)."""
    if int64_arrays(curve) is None or curve.positives == 0:
        return None
    corners = curve.corners()
    arrays = int64_arrays(corners)
    if arrays is None or not digamma.available():
        return None
    return corners, *arrays


def ratio_digits(
    arrays: Digits, terms: Callable[[Curve], Pairs], divisor: int, curve: Curve, digits: int,
    small_bits: int,
) -> str | None:
    """A rational area's certified digits: its array terms' (``arrays``), else its Python
    ``terms``' when their denominators exceed ``small_bits`` bits (summed over ``divisor`` P,
    :mod:`rocpr_exact.exact.fixed`)."""
    fast = arrays(curve, digits, small_bits)
    if fast is not None:
        return fast
    pairs = terms(curve)
    if denominator_bits(pairs, stop=small_bits) > small_bits:
        return certified_ratio_sum(pairs, divisor * curve.positives, digits)
    return None


def fast_or(arrays: Digits, slow: Digits, curve: Curve, digits: int, small_bits: int) -> str | None:
    """The array terms' certified digits, else ``slow``'s (a method's own Python path)."""
    fast = arrays(curve, digits, small_bits)
    return fast if fast is not None else slow(curve, digits, small_bits)
