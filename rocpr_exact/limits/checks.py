"""The checks each expensive step runs first, and the decimal-work budget of a report.

See :mod:`rocpr_exact.limits` for the limits and their defaults."""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar

from rocpr_exact.limits.settings import HAVE_GMP, current, digits_of_bits, exceeded, over

_F = TypeVar("_F", bound=Callable[..., Any])

_DECIMAL_SPENT: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "rocpr_exact_decimal_work", default=None
)


@contextlib.contextmanager
def decimal_budget() -> Iterator[None]:
    """One ``max_decimal_work`` budget for every certified decimal in the block.

    A report certifies several closed forms (the curve's continuous area, the
    achievable curve's, profile values); each alone may be within the limit
    while together they run for minutes.  Inside this block :func:`check_decimal`
    adds up the work and refuses once the sum would pass the limit.  Nested
    blocks share the outermost budget.

    >>> from rocpr_exact.limits import using
    >>> with using(max_decimal_work=10), decimal_budget():
    ...     check_decimal(_Terms(2), 4, "a")          # work 8
    ...     check_decimal(_Terms(1), 4, "b")          # 8 + 4 > 10
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.ResourceLimitError: b: ... (work 4; 8 already spent in this report) ...
    """
    with _outermost(_DECIMAL_SPENT):
        yield


@contextlib.contextmanager
def _outermost(spent: contextvars.ContextVar[list[int] | None]) -> Iterator[None]:
    """A fresh count in ``spent`` for the block, unless an outer block already holds one."""
    if spent.get() is not None:
        yield
        return
    token = spent.set([0])
    try:
        yield
    finally:
        spent.reset(token)


def one_decimal_budget(function: _F) -> _F:
    """Run every call of ``function`` inside :func:`decimal_budget` (for report builders)."""

    @functools.wraps(function)
    def budgeted(*args: Any, **kwargs: Any) -> Any:
        with decimal_budget():
            return function(*args, **kwargs)

    return budgeted  # type: ignore[return-value]


_INTERVAL_SPENT: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "rocpr_exact_interval_work", default=None
)


@contextlib.contextmanager
def interval_budget() -> Iterator[None]:
    """One ``max_interval_work`` budget for the witness searches of one printed interval or
    test (nested blocks share the outermost); :func:`check_interval_work` charges it.

    >>> from rocpr_exact.limits import using
    >>> with using(max_interval_work=10), interval_budget():
    ...     check_interval_work(8, "a search")
    ...     check_interval_work(4, "another")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.ResourceLimitError: another (4 examples; 8 already handled ...
    """
    with _outermost(_INTERVAL_SPENT):
        yield


def check_interval_work(units: int, what: str) -> None:
    """Charge ``units`` (examples handled) to the :func:`interval_budget` in force (or to a
    budget of this call alone) before the step; raise when ``max_interval_work`` would pass."""
    spent = _INTERVAL_SPENT.get()
    before = 0 if spent is None else spent[0]
    if over("max_interval_work", before + units):
        raise exceeded(
            "max_interval_work",
            f"{what} ({units:,} examples; {before:,} already handled in this search)",
            "the witness search stops there; ",
        )
    if spent is not None:
        spent[0] += units


class _Terms:
    """A stand-in with ``terms`` for the doctest above."""

    def __init__(self, count: int) -> None:
        self.terms = (None,) * count


def check_examples(count: int, where: str, what: str = "examples") -> None:
    """Raise when ``count`` examples (or rows of ``what``) exceed ``max_examples``.

    Checked while reading, or before reading from a count that costs nothing (a Parquet
    file's metadata, the totals of operating points).
    """
    if over("max_examples", count):
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
    if over("max_score_digits", len(text)):
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

    >>> from rocpr_exact.limits import using
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
    if over("max_score_digits", size):
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
    if current().max_sum_digits is None:
        return
    bits = 0
    for denominator in denominators:
        bits += denominator.bit_length()
    check_sum_bits(bits, what)


def check_sum_bits(bits: int, what: str) -> None:
    """Raise when an exact sum whose denominators have ``bits`` bits in all is too big.

    The one test of ``max_sum_digits``, for :func:`check_sum` and for a caller that
    predicts the bits from sizes alone (the ``davis-goadrich`` area, from its segments).
    """
    limit = current().max_sum_digits
    if limit is None:
        return
    digits = digits_of_bits(bits)
    if digits > limit:
        raise exceeded(
            "max_sum_digits",
            f"{what}: an exact sum whose common denominator has up to {digits:,} digits",
            "it takes minutes to hours to compute; the default report (exact=False, no "
            "--exact) certifies the digits without it; "
            + ("" if HAVE_GMP else "gmpy2 makes it faster; "),
        )


def check_interpolated_points(count: int, what: str) -> None:
    """Raise before ``count`` Davis-Goadrich points are added one at a time
    (``max_interpolated_points``: the certified decimal without python-flint)."""
    if over("max_interpolated_points", count):
        raise exceeded(
            "max_interpolated_points",
            f"{what}: {count:,} interpolated points added one by one",
            "with python-flint (pip install '.[fast]' in rocpr-exact's source tree) a long "
            "segment costs one digamma difference instead; ",
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

    >>> from rocpr_exact.limits import using
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
    if over("max_exact_digits", digits):
        raise exceeded(
            "max_exact_digits",
            f"{what}: the exact value has an integer of up to {digits:,} digits, which",
            "writing it takes time about quadratic in its length; ",
        )


def check_digits(digits: int) -> None:
    """Raise when ``digits`` (digits after the point of a decimal) exceeds ``max_digits``."""
    if over("max_digits", digits):
        raise exceeded("max_digits", f"digits {digits:,}")


#: A digamma difference costs 10 to 200 logarithms (measured: 15-74 us against 4 us at 1,000
#: bits, 13-166 ms against 1.7 ms at 34,000): it counts 100 in ``max_decimal_work``.
DIGAMMA_WEIGHT = 100


def digit_cost(digits: int) -> int:
    """The cost of one digit of a logarithm at ``digits`` digits, in units of one at 300.

    Arb's logarithm is superlinear in the precision: measured by
    ``benchmarks/bench_log_cost.py`` (one run: 2.7 units a digit at 1,000 digits, 4.2 at
    3,000, 10.1 at 10,000), so ``max_decimal_work`` charges ``1 + digits // 1000``.

    >>> digit_cost(30), digit_cost(1_000), digit_cost(10_000)
    (1, 2, 11)
    """
    return 1 + digits // 1000


def check_report_work(digits: int, terms: int, what: str) -> None:
    """Refuse a report up front when its certified decimals would need more than
    ``max_decimal_work``: ``terms`` is a bound on the log terms of all of them (a digamma
    difference counted as ``DIGAMMA_WEIGHT`` log terms).

    Checked before any of its work; nothing is spent (each value is counted as it is
    certified, :func:`check_decimal_work`).
    """
    check_digits(digits)
    work = digits * terms * digit_cost(digits)
    if over("max_decimal_work", work):
        raise exceeded(
            "max_decimal_work",
            f"{what}: {digits:,} certified digits of areas with up to {terms:,} log terms "
            f"(work {work:,})",
            "fewer digits is faster; ",
        )


def check_decimal(value: object, digits: int, what: str) -> None:
    """Raise before a certified decimal that would take too long (``max_decimal_work``).

    A closed form with L log terms costs about L logarithms at ``digits``
    digits each; the bound is ``digits * L`` (about 10**9 per two minutes).
    """
    check_decimal_work(digits, len(getattr(value, "terms", ())), what)


def check_decimal_work(
    digits: int,
    terms: int,
    what: str,
    kind: str = "a closed form with {terms} log terms",
    weight: int = 1,
) -> None:
    """Raise when ``digits`` certified digits of a value with ``terms`` transcendental
    terms (``kind`` names them) exceed ``max_decimal_work`` = digits x terms x weight x
    :func:`digit_cost`.

    ``weight`` is a term's cost in logarithms: 1 for a log term, ``DIGAMMA_WEIGHT`` for a
    digamma difference.
    """
    check_digits(digits)
    work = digits * terms * weight * digit_cost(digits)
    spent = _DECIMAL_SPENT.get()
    before = spent[0] if spent is not None else 0
    if over("max_decimal_work", before + work):
        already = f"; {before:,} already spent in this report" if before else ""
        raise exceeded(
            "max_decimal_work",
            f"{what}: {digits:,} certified digits of {kind.format(terms=f'{terms:,}')} "
            f"(work {work:,}{already})",
            "fewer digits is faster; ",
        )
    if spent is not None:
        spent[0] = before + work


def check_grid_points(count: int, what: str, extra: str = "") -> None:
    """Raise when a grid of ``count`` points (a recall grid, a tool's threshold grid, ROC
    points) exceeds ``max_grid_points``; ``what`` is the subject of the message, ``extra``
    says how to shrink the grid."""
    if over("max_grid_points", count):
        raise exceeded("max_grid_points", what, extra)
