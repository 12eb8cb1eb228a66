"""Check another implementation's outputs against the golden vectors (``rocpr-exact check``).

Usage: ``rocpr-exact check vectors/rocpr_auc_test.json RESULTS.json [--rtol 1e-9]
[--atol 0] [--metric NAME ...] [--skip-flag FLAG ...] [--quiet]``.

RESULTS.json is what the implementation under test computed for each vector case::

    {
      "implementation": "mylib 1.2",            (optional, free text)
      "results": {
        "1": {"auc_roc": 0.75, "auc_pr_step": 0.8333333333333334},
        "13": {"error": "NaN score"},           (the case was rejected: every metric undefined)
        "17": {"auc_roc": null, "auc_pr_step": 1.0}
      }
    }

Keys of ``results`` are test case ids (``tcId``) as strings; inside, keys are metric
names of the vectors' ``metrics`` header (aliases ``roc_auc`` and ``average_precision``
are accepted).  A value is a JSON number (taken exactly as written, digit for digit),
a string holding an exact ``"p/q"`` or decimal, or ``null``, ``NaN`` or
``{"error": "..."}`` meaning "undefined / refused".

For every case and every checked metric (``--metric``, else every metric named
anywhere in RESULTS.json) the verdict is:

* ``PASS``: |given - exact| <= atol + rtol |exact| (decided exactly in rationals;
  a closed-form value is enclosed by interval arithmetic, refined until the
  decision is certain), or the vector says the metric is undefined for the
  case and the implementation reported it undefined;
* ``FAIL``: anything else (a number where the metric is undefined, "undefined" where it is
  defined, or a number out of tolerance); the line shows the exact value, its decimal, the
  given value, the error (absolute, relative, ulps) and the case's flags, and the summary
  counts the failures by flag;
* ``MISSING``: no value for that case and metric.

Exit status 0 when every verdict is PASS, 1 otherwise, 2 when an input file is unreadable or
malformed (unknown ``tcId`` or metric included).  Cases carrying a flag given with
``--skip-flag`` (e.g. ``ExactScores`` for a float64 implementation) are not checked.

This is a display module (``tests/contract/test_no_float.py``): floats appear only to
report errors in ulps; every pass/fail decision is exact.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal, localcontext
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rocpr_exact.errors import InvalidInputError

if TYPE_CHECKING:
    from rocpr_exact.exact.logsum import Term
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.oracle.names import ALIASES, select_cases
from rocpr_exact.oracle.results import UNDEFINED, Given, load_results, load_vectors, parse_given

__all__ = [
    "CheckReport",
    "Verdict",
    "check",
    "check_files",
    "enclosure",
    "error_text",
    "exact_value",
    "within",
]

#: Exact expected value: a Fraction, or a closed form {"rational", "log_terms"}.
ExactValue = Fraction | dict[str, Any]


# -- exact comparison --------------------------------------------------------------------------


def _parts(exact: ExactValue) -> tuple[Fraction, tuple[Term, ...]]:
    """The rational part and canonical log terms of an exact value."""
    if isinstance(exact, Fraction):
        return exact, ()

    def rational(text: str) -> Fraction:
        return Fraction(parse_number(text, "exact value in the vectors"))

    pairs = [(rational(c), rational(a)) for c, a in exact["log_terms"]]
    from rocpr_exact.exact.closedform import ClosedForm  # closed forms only (start-up)

    form = ClosedForm.from_parts(rational(exact["rational"]), pairs)
    return form.rational, form.terms


def enclosure(exact: ExactValue, bits: int = 128) -> tuple[Fraction, Fraction]:
    """Rational bounds (low, high) on an exact value; equal for a rational.

    A closed form rational + sum c ln(a) is enclosed rigorously by the exact room
    (:func:`rocpr_exact.exact.certify.enclosure`): both bounds are multiples of
    ``2**-bits``, a few units apart; a Fraction encloses itself.

    >>> low, high = enclosure({"rational": "0", "log_terms": [["1", "2"]]}, 64)   # ln 2
    >>> float(low), float(high), 0 < high - low < Fraction(1, 10**18)
    (0.6931471805599453, 0.6931471805599453, True)
    """
    rational, terms = _parts(exact)
    if not terms:  # a rational is its own enclosure
        return rational, rational
    from rocpr_exact.exact import certify

    return certify.enclosure(rational, terms, bits)


def _passes(given: Fraction, exact: Fraction, rtol: Fraction, atol: Fraction) -> bool:
    return abs(given - exact) <= atol + rtol * abs(exact)


def within(given: Fraction, exact: ExactValue, rtol: Fraction, atol: Fraction) -> bool:
    """Exactly decide |given - exact| <= atol + rtol |exact|.

    For a closed form the decision is certified by the exact room's one refinement
    routine (:func:`rocpr_exact.exact.certify.refine`).  As a function of the exact
    value x, ``|given - x| - rtol |x| - atol`` is linear between its breakpoints
    x = 0 and x = given, so on an enclosure containing neither in its interior the
    verdicts at both ends hold for every point between; a rational value on a
    breakpoint is decided by the exact zero test.  Raises
    :class:`~rocpr_exact.errors.ResourceLimitError` when ``max_refinement_bits``
    do not decide (never an uncertified answer).

    >>> within(Fraction(3, 4), Fraction(3, 4), Fraction(0), Fraction(0))
    True
    >>> half, tiny = Fraction(1, 2), Fraction(1, 10**12)
    >>> within(half, half + tiny, Fraction(1, 10**9), Fraction(0))   # error 2e-12 relative
    True
    """

    def verdict(value: Fraction) -> bool:
        return _passes(given, value, rtol, atol)

    def decide(low: Fraction, high: Fraction) -> bool | None:
        if low < given < high or low < 0 < high:
            return None
        at_low = verdict(low)
        return at_low if at_low == verdict(high) else None

    rational, terms = _parts(exact)
    if not terms:
        return verdict(rational)
    from rocpr_exact.exact import certify

    return certify.refine(rational, terms, decide, verdict, "within", 120)


def error_text(given: Fraction, exact: ExactValue) -> str:
    """The error of ``given`` as floats for people: absolute, relative and in ulps of the exact.

    >>> error_text(Fraction(1, 4) + Fraction(1, 2**54), Fraction(1, 4))
    'error 5.55e-17 absolute, 2.22e-16 relative, 1 ulp'
    """
    low, high = enclosure(exact)
    middle = (low + high) / 2
    error = abs(given - middle)
    ulp = Fraction(math.ulp(float(middle))) if abs(middle) < _FLOAT_MAX else Fraction(0)
    relative = _three_digits(error / abs(middle)) if middle else "inf"
    ulps = _three_digits(error / ulp) if ulp else "inf"
    ulps_text = "1 ulp" if ulps == "1" else f"{ulps} ulp"
    return f"error {_three_digits(error)} absolute, {relative} relative, {ulps_text}"


#: The largest finite double, exactly.
_FLOAT_MAX = Fraction(2**1024 - 2**971)


def _three_digits(value: Fraction) -> str:
    """``value`` with three significant digits, like ``format(x, ".3g")``, for any size.

    >>> _three_digits(Fraction(1, 3)), _three_digits(Fraction(10**400)), _three_digits(Fraction(2))
    ('0.333', '1.00e+400', '2')
    """
    try:
        approximate = float(value)
    except OverflowError:
        approximate = math.inf
    if math.isfinite(approximate) and (approximate or not value):
        return format(approximate, ".3g")
    # beyond the doubles: the same three digits from a Decimal of unbounded exponent
    with localcontext(Context(prec=3, Emax=MAX_EMAX, Emin=MIN_EMIN)):
        return format(Decimal(value.numerator) / Decimal(value.denominator), ".2e")


# -- the check ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on one metric of one case."""

    tc_id: int
    metric: str
    status: str  # PASS, FAIL or MISSING
    exact: str
    given: str
    detail: str
    flags: tuple[str, ...] = ()  # the case's flags (the vector file's notes explain each)

    def line(self) -> str:
        """One line for people; a verdict that is not PASS names its case's flags."""
        failed = self.flags and self.status != "PASS"
        shown = f"  [flags: {', '.join(self.flags)}]" if failed else ""
        return (
            f"{self.status:<7} tc{self.tc_id:<4} {self.metric:<32} exact {self.exact}  "
            f"given {self.given}  {self.detail}".rstrip() + shown
        )

    def of(self, case: dict[str, Any]) -> Verdict:
        """This verdict with ``case``'s flags."""
        return replace(self, flags=tuple(case.get("flags", ())))


@dataclass(frozen=True, slots=True)
class CheckReport:
    """All verdicts, in case and metric order."""

    verdicts: tuple[Verdict, ...]
    metrics: tuple[str, ...]
    skipped: int
    rtol: Fraction
    atol: Fraction

    @property
    def passed(self) -> bool:
        """True when every verdict is PASS (and there is at least one)."""
        return bool(self.verdicts) and all(v.status == "PASS" for v in self.verdicts)

    @property
    def exit_code(self) -> int:
        """0 when everything passed, 1 otherwise."""
        return 0 if self.passed else 1

    def format(self, quiet: bool = False) -> str:
        """Per-case verdict lines (only the non-passing ones when ``quiet``) and a summary."""
        lines = [v.line() for v in self.verdicts if not quiet or v.status != "PASS"]
        counts = {s: sum(v.status == s for v in self.verdicts) for s in ("PASS", "FAIL", "MISSING")}
        summary = (
            f"summary: {len(self.verdicts)} checked ({', '.join(self.metrics) or 'no metrics'}): "
            f"{counts['PASS']} PASS, {counts['FAIL']} FAIL, {counts['MISSING']} MISSING; "
            f"{self.skipped} case(s) skipped; rtol {self.rtol}, atol {self.atol}"
        )
        by_flag = Counter(f for v in self.verdicts if v.status == "FAIL" for f in v.flags)
        if by_flag:  # which conventions the failures share (--skip-flag FLAG leaves them out)
            shown = ", ".join(f"{flag} {count}" for flag, count in sorted(by_flag.items()))
            summary += f"\nfailures by flag: {shown}"
        return "\n".join([*lines, summary])


def _every_metric() -> list[str]:
    """Every metric name (:data:`rocpr_exact.oracle.metrics.METRICS`), for vectors without a
    ``metrics`` header; imported only then (it imports every profile)."""
    from rocpr_exact.oracle.metrics import METRICS

    return list(METRICS)


def _canonical(name: str, where: str, known: Sequence[str]) -> str:
    canonical = ALIASES.get(name, name)
    if canonical not in known:
        raise InvalidInputError(f"{where}: unknown metric {name!r}; see the vectors' 'metrics'")
    return canonical


def exact_value(entry: Any, where: str) -> tuple[ExactValue, str]:
    """The expected exact value of a vector entry; a hand-edited entry that is not one is an
    error naming the case (never a crash, never a case passed unread)."""
    try:
        exact, decimal = entry["exact"], str(entry["decimal"])
        if isinstance(exact, dict):
            _parts(exact)  # read every rational and log argument now
            return exact, f"(closed form) {decimal}"
        value = Fraction(parse_number(exact, "exact value", fractions=True))
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
        detail = str(exc) if isinstance(exc, InvalidInputError) else f"{type(exc).__name__}: {exc}"
        raise InvalidInputError(
            f"{where}: the vector file's expected value {entry!r:.80} cannot be read ({detail})"
        ) from None
    shown = exact if len(exact) <= 40 else f"({len(exact)}-character rational)"
    return value, f"{shown} = {decimal}"


def _verdict(
    tc_id: int,
    metric: str,
    case: dict[str, Any],
    given: Given | None,
    given_text: str,
    rtol: Fraction,
    atol: Fraction,
) -> Verdict:
    if metric in case["expected"]:
        where = f"vector tcId {tc_id}, {metric}"
        exact, shown = exact_value(case["expected"][metric], where)
        if given is None:
            return Verdict(tc_id, metric, "MISSING", shown, "-", "")
        if given == UNDEFINED:
            return Verdict(tc_id, metric, "FAIL", shown, given_text, "reported undefined")
        if isinstance(given, str):
            return Verdict(tc_id, metric, "FAIL", shown, given_text, "not finite")
        status = "PASS" if within(given, exact, rtol, atol) else "FAIL"
        return Verdict(tc_id, metric, status, shown, given_text, error_text(given, exact))
    shown = f"undefined ({case.get('error', 'error')})"
    if given is None:
        return Verdict(tc_id, metric, "MISSING", shown, "-", "")
    if given == UNDEFINED:
        return Verdict(tc_id, metric, "PASS", shown, given_text, "")
    return Verdict(tc_id, metric, "FAIL", shown, given_text, "a value where none is defined")


def _given_text(value: Any) -> str:
    if isinstance(value, dict):
        return f"error {value.get('error')!r}"
    if value is None:
        return "null"
    return str(value)


def check(
    vectors: dict[str, Any],
    results: dict[str, dict[str, Any]],
    rtol: Fraction = Fraction(1, 10**9),
    atol: Fraction = Fraction(0),
    metrics: Sequence[str] = (),
    skip_flags: Iterable[str] = (),
    cases: Sequence[str] = (),
) -> CheckReport:
    """Compare results with the vectors; see the module docstring for the rules.

    ``cases``: ids or globs of the test cases to check (:func:`select_cases`; default all):
    a case not selected is not checked, so it is never MISSING.
    """
    cases_by_id = {c["tcId"]: c for group in vectors["testGroups"] for c in group["tests"]}
    selected = select_cases(sorted(cases_by_id), cases)
    unknown = sorted(set(results) - {str(tc_id) for tc_id in cases_by_id}, key=str)
    if unknown:
        raise InvalidInputError(f"results for unknown test case ids {unknown[:10]}")
    known = list(vectors.get("metrics") or _every_metric())  # the vectors' own, in order
    given_metrics: dict[str, dict[str, Any]] = {}
    for tc_id, entry in results.items():
        if set(entry) == {"error"}:
            given_metrics[tc_id] = {"*": entry}
            continue
        named: dict[str, Any] = {}
        for name, value in entry.items():
            metric = _canonical(name, f"results[{tc_id!r}]", known)
            if metric in named:
                raise InvalidInputError(
                    f"results[{tc_id!r}] gives {metric} twice (as two of its names); give "
                    "each metric once"
                )
            named[metric] = value
        given_metrics[tc_id] = named
    if metrics:
        checked = [_canonical(name, "the metrics parameter", known) for name in metrics]
    else:
        mentioned = {name for entry in given_metrics.values() for name in entry if name != "*"}
        checked = [name for name in known if name in mentioned]
    checked = list(dict.fromkeys(checked))
    skip = set(skip_flags)
    verdicts: list[Verdict] = []
    skipped = 0
    for tc_id in sorted(cases_by_id):
        case = cases_by_id[tc_id]
        if str(tc_id) not in selected:
            continue
        if skip & set(case["flags"]):
            skipped += 1
            continue
        entry = given_metrics.get(str(tc_id), {})
        for metric in checked:
            raw = entry.get(metric, entry.get("*"))
            present = metric in entry or "*" in entry
            given = parse_given(raw, f"results[{str(tc_id)!r}][{metric!r}]") if present else None
            text = _given_text(raw) if present else "-"
            verdicts.append(_verdict(tc_id, metric, case, given, text, rtol, atol).of(case))
    return CheckReport(tuple(verdicts), tuple(checked), skipped, rtol, atol)


def check_files(
    vectors_path: Path,
    results_path: Path,
    rtol: Fraction = Fraction(1, 10**9),
    atol: Fraction = Fraction(0),
    metrics: Sequence[str] = (),
    skip_flags: Iterable[str] = (),
    cases: Sequence[str] = (),
) -> CheckReport:
    """:func:`check` on files (raises :class:`InvalidInputError` for bad input files)."""
    vectors = load_vectors(vectors_path)
    results = load_results(results_path)
    return check(vectors, results, rtol, atol, metrics, skip_flags, cases)
