"""Resource limits: documented bounds that keep every input quick to answer.

Exact answers can be big.  The ``davis-goadrich`` area of a million examples
with many positives is a fraction whose numerator and denominator have
hundreds of thousands of digits; a score written ``1e-999999999`` is the
fraction 1/10**999999999; certifying 10,000 digits of a closed form with a
million logarithms takes hours.  None of these is an error in the data, but
without a bound such an input makes ``rocpr-exact report`` run for hours or
exhaust memory with no word.  Each limit below is checked *before* the
expensive step, from sizes that cost nothing to compute, and exceeding it
raises :class:`~rocpr_exact.errors.ResourceLimitError` with a message that
names the limit and says how to raise it.

=====================  ===========  ====================================================
limit                  default      what it bounds
=====================  ===========  ====================================================
``max_examples``       10,000,000   data rows read from one CSV or Parquet file (or
                                    operating points), the positives of a
                                    ``davis-goadrich`` area, P + N of ``consistent``
``max_line_chars``     1,000,000    characters in one CSV line (a file with no newlines)
``max_score_digits``   10,000       digits of one score's exact value: significant
                                    digits plus the size of its exponent
                                    (``1e-999999999`` has 1,000,000,000), or the length
                                    of a ``p/q`` score
``max_sum_digits``     20,000,000   digits of the common denominator of one exact sum
                       (1,500,000   before reduction (the product of its distinct
                       without      term denominators): bounds the big-integer work
                       gmpy2)       (Python's own gcd is quadratic, GMP's is not)
``max_exact_digits``   10,000,000   digits of one integer (numerator or denominator)
                       (2,000,000   of an exact value written in a report: writing an
                       without      integer of d digits takes time ~d**2 in Python
                       gmpy2)       3.11, ~d log d with GMP
``max_digits``         10,000       ``--digits``: digits after the point of a decimal
``max_decimal_work``   10**9        ``--digits`` times the number of log terms of one
                                    closed form whose decimal is certified
``max_refinement_bits`` 65,536      extra bits of working precision with which a certified
                                    decimal, sign or float of a closed form is refined
                                    before giving up (only a non-rational value within
                                    about 2**-65536 of a rounding boundary gets there)
``max_factor_bits``    128          bits of an integer that ``ClosedForm.canonical_primes``
                                    factors (a 128-bit semiprime takes about 0.5 s)
``max_json_bytes``     10**8        bytes of one JSON file read (vectors, results): read
                                    no further than that (``/dev/zero`` is refused)
``max_grid_points``    100,000      points of a recall grid (``rocpr-exact curve
                                    --recall-step``)
=====================  ===========  ====================================================

With the defaults a report of 10**6 examples (any class balance, with or
without ties) runs in about a minute or less; see ``docs/reliability.md`` for
the measurements behind these numbers.  ``None`` lifts a limit.

The limits in force are a context variable, so they are per thread and per
asyncio task.  Change them for a block with :func:`using`:

>>> from fractions import Fraction
>>> with using(max_sum_digits=3):
...     current().max_sum_digits
3
>>> current().max_sum_digits == DEFAULTS.max_sum_digits
True
>>> check_digits(20_000)
Traceback (most recent call last):
...
rocpr_exact.errors.ResourceLimitError: digits 20,000 exceeds the limit max_digits = 10,000; ...
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rocpr_exact.errors import InvalidInputError, ResourceLimitError

try:  # GMP makes the big sums, gcds and digit strings subquadratic: higher defaults
    import gmpy2  # noqa: F401

    _HAVE_GMP = True
except ImportError:  # pragma: no cover - exercised where gmpy2 is absent
    _HAVE_GMP = False

__all__ = [
    "DEFAULTS",
    "Limits",
    "advice",
    "check_decimal",
    "check_digits",
    "check_exact",
    "check_examples",
    "check_score",
    "check_score_text",
    "check_sum",
    "current",
    "digits_of_bits",
    "exceeded",
    "using",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """The resource limits in force (``None`` = no limit).  See the module docstring."""

    max_examples: int | None = 10_000_000
    max_line_chars: int | None = 1_000_000
    max_score_digits: int | None = 10_000
    max_sum_digits: int | None = 20_000_000 if _HAVE_GMP else 1_500_000
    max_exact_digits: int | None = 10_000_000 if _HAVE_GMP else 2_000_000
    max_digits: int | None = 10_000
    max_decimal_work: int | None = 1_000_000_000
    max_json_bytes: int | None = 100_000_000
    max_grid_points: int | None = 100_000
    max_refinement_bits: int | None = 1 << 16
    max_factor_bits: int | None = 128

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


def _over(name: str, value: int) -> bool:
    limit = getattr(current(), name)
    return limit is not None and value > limit


def check_examples(count: int, where: str, what: str = "examples") -> None:
    """Raise when ``count`` examples (or rows of ``what``) exceed ``max_examples``.

    Checked while reading, or before reading from a count that costs nothing (a Parquet
    file's metadata, the totals of operating points).
    """
    if _over("max_examples", count):
        raise exceeded(
            "max_examples",
            f"{where}: the number of {what}",
            "memory grows by about 0.5 kB per example; ",
        )


def _lead(where: str | None) -> str:
    return f"{where}: " if where else ""


def check_score_text(text: str, where: str | None, what: str = "score") -> None:
    """Raise when the text of one number is longer than ``max_score_digits`` characters.

    ``where`` locates it ("line 3", or None), ``what`` names it ("score", "rtol").
    """
    if _over("max_score_digits", len(text)):
        raise exceeded(
            "max_score_digits",
            f"{_lead(where)}a {what} of {len(text):,} characters",
            "only the order of the scores matters, so shorter scores give the same curve; "
            if what == "score"
            else "",
        )


def check_score(value: Decimal, where: str | None, what: str = "score") -> None:
    """Raise when the exact value of a finite Decimal number would be too big to build.

    ``Decimal("1e-999999999")`` is a one-character mantissa, but the equal
    Fraction has a denominator of a billion digits.

    >>> check_score(Decimal("-1.5e-3"), "line 2")
    >>> with using(max_score_digits=100):
    ...     check_score(Decimal("1e-200"), "line 2")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.ResourceLimitError: line 2: the score 1E-200 has 201 digits ...
    """
    if not value.is_finite():
        return
    digits, exponent = value.as_tuple()[1:]
    assert isinstance(exponent, int)
    size = len(digits) + abs(exponent)
    if _over("max_score_digits", size):
        shown = str(value) if len(digits) <= 20 else f"{value:.3e}"
        raise exceeded(
            "max_score_digits",
            f"{_lead(where)}the {what} {shown} has {size:,} digits as an exact number, which",
            "only the order of the scores matters, so rescaled scores give the same curve; "
            if what == "score"
            else "",
        )


def check_sum(denominators: Iterable[int], what: str) -> None:
    """Raise before an exact sum whose unreduced common denominator is too big.

    The bound is the number of digits of the product of the distinct
    denominators: the size of the integers that binary splitting and the final
    gcd work on.  O(number of terms), no big-integer arithmetic.
    """
    limit = current().max_sum_digits
    if limit is None:
        return
    bits = 0
    for denominator in denominators:
        bits += denominator.bit_length()
    digits = digits_of_bits(bits)
    if digits > limit:
        raise exceeded(
            "max_sum_digits",
            f"{what}: an exact sum whose common denominator has up to {digits:,} digits",
            "it takes minutes to hours to compute (faster with gmpy2: "
            "pip install '.[fast]' in rocpr-exact's source tree); ",
        )


def _max_integer_digits(value: object) -> int:
    parts: list[Fraction] = []
    if isinstance(value, int | Fraction):
        parts.append(Fraction(value))
    else:  # a ClosedForm: rational + sum of coefficient * ln(argument)
        parts.append(getattr(value, "rational", Fraction(0)))
        for coefficient, argument in getattr(value, "terms", ()):
            parts += [coefficient, argument]
    bits = max(max(abs(p.numerator).bit_length(), p.denominator.bit_length()) for p in parts)
    return digits_of_bits(bits)


def check_exact(value: object, what: str) -> None:
    """Raise when an exact value has an integer too long to write (``max_exact_digits``).

    >>> check_exact(Fraction(1, 3), "auc_roc")
    >>> with using(max_exact_digits=10):
    ...     check_exact(Fraction(1, 3**40), "auc_roc")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.ResourceLimitError: auc_roc: the exact value has an integer of up to 20 ...
    """
    if current().max_exact_digits is None:
        return
    digits = _max_integer_digits(value)
    if _over("max_exact_digits", digits):
        raise exceeded(
            "max_exact_digits",
            f"{what}: the exact value has an integer of up to {digits:,} digits, which",
            "writing it takes time about quadratic in its length; ",
        )


def check_digits(digits: int) -> None:
    """Raise when ``digits`` (digits after the point of a decimal) exceeds ``max_digits``."""
    if _over("max_digits", digits):
        raise exceeded("max_digits", f"digits {digits:,}")


def check_decimal(value: object, digits: int, what: str) -> None:
    """Raise before a certified decimal that would take too long (``max_decimal_work``).

    A closed form with L log terms costs about L logarithms at ``digits``
    digits each; the bound is ``digits * L`` (about 10**9 per two minutes).
    """
    check_digits(digits)
    terms = len(getattr(value, "terms", ()))
    work = digits * terms
    if _over("max_decimal_work", work):
        raise exceeded(
            "max_decimal_work",
            f"{what}: {digits:,} certified digits of a closed form with {terms:,} log terms "
            f"(work {work:,})",
            "fewer digits is faster; ",
        )
