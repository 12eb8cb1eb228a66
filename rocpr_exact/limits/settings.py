"""The limits in force: the :class:`Limits` values, :func:`current`, :func:`using`,
and the one message for a limit exceeded (:func:`exceeded`).  See :mod:`rocpr_exact.limits`."""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import importlib.util
from collections.abc import Iterator
from dataclasses import dataclass

from rocpr_exact.errors import InvalidInputError, ResourceLimitError

#: GMP makes the big sums, gcds and digit strings subquadratic: higher defaults.  Found, not
#: imported (importing gmpy2 costs a command's start-up about 0.1 s; the work imports it).
HAVE_GMP = importlib.util.find_spec("gmpy2") is not None

__all__ = [
    "DEFAULTS",
    "HAVE_GMP",
    "Limits",
    "advice",
    "current",
    "digits_of_bits",
    "exceeded",
    "over",
    "using",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """The resource limits in force (``None`` = no limit).  See the module docstring."""

    max_examples: int | None = 10_000_000
    max_line_chars: int | None = 1_000_000
    max_score_digits: int | None = 10_000
    max_sum_digits: int | None = 20_000_000 if HAVE_GMP else 1_500_000
    max_exact_digits: int | None = 10_000_000 if HAVE_GMP else 2_000_000
    max_digits: int | None = 10_000
    max_decimal_work: int | None = 1_000_000_000
    max_json_bytes: int | None = 100_000_000
    max_grid_points: int | None = 100_000
    max_interpolated_points: int | None = 10_000_000
    max_refinement_bits: int | None = 1 << 16
    max_factor_bits: int | None = 128
    max_interval_work: int | None = 1_000_000
    max_search_examples: int | None = 20_000
    max_claim_rows: int | None = 1_000
    max_claim_bytes: int | None = 1_000_000

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise InvalidInputError(
                    f"limit {field.name} must be a non-negative int or None, got {value!r}"
                )

    @classmethod
    def unlimited(cls) -> Limits:
        """Every limit lifted (``--no-limits``)."""
        return cls(**{field.name: None for field in dataclasses.fields(cls)})

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of the limits, in the order of the table above."""
        return tuple(field.name for field in dataclasses.fields(cls))


#: The defaults (a frozen value, safe to share).
DEFAULTS = Limits()

_CURRENT: contextvars.ContextVar[Limits] = contextvars.ContextVar(
    "rocpr_exact_limits", default=DEFAULTS
)


def current() -> Limits:
    """The limits in force in this thread or task."""
    return _CURRENT.get()


@contextlib.contextmanager
def using(limits: Limits | None = None, **changes: int | None) -> Iterator[Limits]:
    """Run a ``with`` block under ``limits`` (default: the current ones) with ``changes``.

    >>> with using(Limits.unlimited(), max_digits=50) as inside:
    ...     inside.max_digits, inside.max_examples
    (50, None)
    """
    unknown = sorted(set(changes) - set(Limits.names()))
    if unknown:
        raise InvalidInputError(
            f"unknown limit {unknown[0]!r}; the limits are {', '.join(Limits.names())}"
        )
    chosen = dataclasses.replace(limits if limits is not None else current(), **changes)
    token = _CURRENT.set(chosen)
    try:
        yield chosen
    finally:
        _CURRENT.reset(token)


def digits_of_bits(bits: int) -> int:
    """An upper bound on the decimal digits of a positive integer of ``bits`` bits.

    log10(2) = 0.30102999566... < 0.30103, so this never underestimates.

    >>> digits_of_bits((10**99).bit_length()), digits_of_bits(1)
    (100, 1)
    """
    return bits * 30103 // 100000 + 1


def advice(name: str) -> str:
    """How to raise the limit ``name``, in the library's terms (the CLI words it with flags).

    >>> for part in advice("max_digits").split(", or "):
    ...     print(part)
    raise it with rocpr_exact.limits.using(max_digits=N)
    lift every limit with rocpr_exact.limits.using(Limits.unlimited())
    """
    return (
        f"raise it with rocpr_exact.limits.using({name}=N), or lift every limit with "
        "rocpr_exact.limits.using(Limits.unlimited())"
    )


def exceeded(name: str, what: str, extra: str = "") -> ResourceLimitError:
    """The error for ``what`` exceeding the limit ``name``: the limit, ``extra``, the remedy."""
    limit = getattr(current(), name)
    return ResourceLimitError(
        f"{what} exceeds the limit {name} = {limit:,}; {extra}{advice(name)}", limit=name
    )


def over(name: str, value: int) -> bool:
    limit = getattr(current(), name)
    return limit is not None and value > limit
