"""The records of the AUC-PR methods in force: each area declared once, in its own module.

Each method is one module holding its exact function, its terms and its :class:`AreaRecord`
(:mod:`~rocpr_exact.areas.continuous`, :mod:`~rocpr_exact.areas.davis_goadrich`,
:mod:`~rocpr_exact.areas.linear`, :mod:`~rocpr_exact.areas.step`); :data:`AREAS` lists them
and :data:`PR_METHODS` is their names.  :func:`area_records` is what ``auc_pr``, the report,
the report's schema, the vectors and their schema, the engines and ``consistent`` enumerate.
:func:`registered` adds a record for the length of a ``with`` block (the toy areas of
``tests/areas/test_records.py`` and ``test_toy_area.py``): adding an area is one module and
its tests (docs/architecture.md, "Adding an area").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rocpr_exact.areas import continuous, davis_goadrich, linear, step
from rocpr_exact.areas.base import AreaRecord, Chain, number_schema
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError

__all__ = [
    "AREAS",
    "PR_METHODS",
    "AreaRecord",
    "Chain",
    "area_record",
    "area_records",
    "certified_area",
    "number_schema",
    "published_area",
    "registered",
]

#: The four methods of docs/design.md, section 1.
AREAS: tuple[AreaRecord, ...] = (
    continuous.RECORD,
    davis_goadrich.RECORD,
    linear.RECORD,
    step.RECORD,
)
#: The built-in methods' names, in the report's order.
PR_METHODS: tuple[str, ...] = tuple(record.method for record in AREAS)

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


def certified_area(curve: Curve, method: str, digits: int, small_bits: int) -> str | None:
    """The certified decimal of ``auc_pr(curve, method)`` over [0, 1] from its array terms
    (the record's ``arrays``, :mod:`rocpr_exact.areas.arrayterms`), or None.

    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> labels = rng.random(20000) < 0.5
    >>> curve = Curve.from_scores(rng.integers(0, 10**9, 20000) + 3 * 10**8 * labels, labels)
    >>> certified_area(curve, "step", 20, 4096)   # the exact rational's decimal (auc_pr, number)
    '0.77717598898485404349'
    """
    arrays = area_record(method).arrays
    return None if arrays is None else arrays(curve, digits, small_bits)


@contextmanager
def registered(*records: AreaRecord) -> Iterator[tuple[AreaRecord, ...]]:
    """Add records for the length of a ``with`` block (after the others, in order).

    >>> from fractions import Fraction
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
