"""One record per AUC-PR method: each area declared once (Davis & Goadrich 2006, Section 4).

An :class:`AreaRecord` holds everything the rest of the package needs to know about one
area: its method name (``auc_pr``'s ``method``, the report's key, the vectors' metric),
its exact function of a curve, its certified fast path (digits without the exact value),
its mergeable share's array terms (the engines), its schema fragment, its line in the
vectors' header and the name ``consistent`` takes for it (None: ``consistent`` refuses it).

:func:`area_records` is what the report, the report's schema, the vectors and their schema,
the engines and ``consistent`` enumerate.  :func:`registered` adds a record for the length
of a ``with`` block (the toy area of ``tests/areas/test_records.py``): adding an area is one
record and its tests (docs/architecture.md, "Adding an area").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from rocpr_exact.areas.arrayterms import (
    DIVISORS,
    AreaTerms,
    certified_area,
    continuous_array_terms,
    dg_array_terms,
    rising_terms,
)
from rocpr_exact.areas.auc import PR_METHODS, area_terms, auc_pr
from rocpr_exact.areas.continuous import continuous_decimal
from rocpr_exact.areas.dg import dg_decimal, long_segment
from rocpr_exact.areas.least import (
    min_auc_pr_continuous,
    min_auc_pr_dg,
    min_auc_pr_linear,
    min_average_precision,
)
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.fixed import certified_ratio_sum, denominator_bits

__all__ = [
    "AREAS",
    "AreaRecord",
    "Chain",
    "area_record",
    "area_records",
    "number_schema",
    "published_area",
    "registered",
]

Area = Fraction | ClosedForm
Point = tuple[int, int]


def number_schema(closed_form: bool) -> dict[str, str]:
    """The schema fragment of an exact number in the report and the vectors.

    >>> number_schema(True)
    {'$ref': '#/$defs/closed_form_number'}
    """
    kind = "closed_form_number" if closed_form else "rational_number"
    return {"$ref": f"#/$defs/{kind}"}


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
    (summed over ``divisor`` P, :class:`~rocpr_exact.areas.arrayterms.AreaTerms`), or None
    when the area has no mergeable share (the engines refuse it); ``closed_form``: the exact
    value may be a :class:`ClosedForm` (schema ``closed_form_number``) rather than a
    rational; ``note``: the vectors' header line; ``published``: the metric name of
    ``consistent`` (None: ``consistent`` refuses the area, naming it); ``least(P, N, ties)``
    the least value over every ranking of P positives and N negatives
    (:mod:`rocpr_exact.areas.least`), the first bound ``consistent`` checks, and ``why``
    the reason it gives for it."""

    method: str
    exact: Callable[..., Area]
    certified: Callable[[Curve, int, int], str | None]
    note: str
    closed_form: bool = False
    divisor: int = 1
    share: Callable[[Chain, int], AreaTerms] | None = None
    published: str | None = None
    least: Callable[[int, int, bool], Area] | None = None
    why: str = ""

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


def _rational_digits(method: str, curve: Curve, digits: int, small_bits: int) -> str | None:
    """``step`` and ``linear``: the array terms, else the Python terms when their
    denominators exceed ``small_bits`` bits (:mod:`rocpr_exact.exact.fixed`)."""
    fast = certified_area(curve, method, digits, small_bits)
    if fast is not None:
        return fast
    pairs, divisor = area_terms(curve, method)  # type: ignore[arg-type]
    if denominator_bits(pairs, stop=small_bits) > small_bits:
        return certified_ratio_sum(pairs, divisor, digits)
    return None


def _dg_digits(curve: Curve, digits: int, small_bits: int) -> str | None:
    """The array terms, else one digamma difference per long segment (O(points), not O(P))."""
    fast = certified_area(curve, "davis-goadrich", digits, small_bits)
    return fast if fast is not None else dg_decimal(curve, digits, small_bits)


def _continuous_digits(curve: Curve, digits: int, small_bits: int) -> str | None:
    """The array terms, else one Arb logarithm per segment, without the closed form."""
    fast = certified_area(curve, "continuous", digits, small_bits)
    return fast if fast is not None else continuous_decimal(curve, digits, small_bits)


def _rising_share(method: str, chain: Chain, digits: int) -> AreaTerms:
    return rising_terms(chain.tps, chain.fps, method, chain.start)


def _dg_share(chain: Chain, digits: int) -> AreaTerms:
    return dg_array_terms(chain.ctps, chain.cfps, chain.at_origin, long_segment(digits))


def _continuous_share(chain: Chain, digits: int) -> AreaTerms:
    return continuous_array_terms(chain.ctps, chain.cfps)


#: The four methods of docs/design.md, section 1, in ``PR_METHODS`` order.
AREAS: tuple[AreaRecord, ...] = (
    AreaRecord(
        "continuous",
        partial(auc_pr, method="continuous"),
        _continuous_digits,
        "Integral of precision over recall along the PR image of the ROC "
        "polyline (closed form: rational + sum q ln r).",
        closed_form=True,
        divisor=DIVISORS["continuous"],
        share=_continuous_share,
        published="auc_pr_continuous",
        least=lambda p, n, ties: min_auc_pr_continuous(p, n),
        why="Boyd et al. 2012",
    ),
    AreaRecord(
        "davis-goadrich",
        partial(auc_pr, method="davis-goadrich"),
        _dg_digits,
        "Trapezoids over the Davis-Goadrich points (every integer TP, "
        "FP by the local skew), from recall 0 (limit convention).",
        divisor=DIVISORS["davis-goadrich"],
        share=_dg_share,
        published="auc_pr_dg",
        least=lambda p, n, ties: min_auc_pr_dg(p, n),
        why="every negative ranked first",
    ),
    AreaRecord(
        "linear",
        partial(auc_pr, method="linear"),
        partial(_rational_digits, "linear"),
        "Trapezoids over the threshold points with straight lines in PR "
        "space, from recall 0 (limit convention): the interpolation the paper warns against.",
        divisor=DIVISORS["linear"],
        share=partial(_rising_share, "linear"),
        published="auc_pr_linear",
        least=lambda p, n, ties: min_auc_pr_linear(p, n, ties=ties),
        why="see bounds",
    ),
    AreaRecord(
        "step",
        partial(auc_pr, method="step"),
        partial(_rational_digits, "step"),
        "Average precision: sum over thresholds of (R_n - R_{n-1}) P_n.",
        divisor=DIVISORS["step"],
        share=partial(_rising_share, "step"),
        published="average_precision",
        least=lambda p, n, ties: min_average_precision(p, n),
        why="(1/P) sum_i i/(N+i)",
    ),
)
assert tuple(record.method for record in AREAS) == PR_METHODS

_registry: list[tuple[AreaRecord, ...]] = [AREAS]


def area_records() -> tuple[AreaRecord, ...]:
    """The records in force: :data:`AREAS`, plus any added by :func:`registered`."""
    return _registry[-1]


def area_record(method: str) -> AreaRecord:
    """The record of an AUC-PR method; an unknown method is an error naming the methods."""
    for record in area_records():
        if method == record.method:
            return record
    names = ", ".join(record.method for record in area_records())
    raise InvalidInputError(f"unknown AUC-PR method {method!r}; choose one of {names}")


def published_area(name: str) -> AreaRecord | None:
    """The area ``consistent`` reads the metric ``name`` as (``auc_pr_dg``), or None.

    >>> published_area("average_precision").method
    'step'
    """
    for record in area_records():
        if record.published == name:
            return record
    return None


@contextmanager
def registered(*records: AreaRecord) -> Iterator[tuple[AreaRecord, ...]]:
    """Add records for the length of a ``with`` block (after the others, in order).

    >>> toy = AreaRecord("toy", lambda curve, min_recall=0: Fraction(1), lambda *a: None, "1.")
    >>> with registered(toy) as records:
    ...     [record.key for record in records][-2:]
    ['step', 'toy']
    >>> area_records() == AREAS
    True
    """
    known = {record.method for record in area_records()}
    for record in records:
        if record.method in known:
            raise InvalidInputError(f"the AUC-PR method {record.method!r} is already registered")
        known.add(record.method)
    _registry.append((*area_records(), *records))
    try:
        yield area_records()
    finally:
        _registry.pop()
