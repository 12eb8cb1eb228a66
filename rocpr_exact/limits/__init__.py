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
``max_decimal_work``   10**9        ``--digits`` times the number of log terms of the
                                    closed forms whose decimals are certified (a
                                    digamma difference counts 100) times
                                    :func:`digit_cost` (1 + digits // 1000): per call,
                                    or summed over one report (:func:`decimal_budget`),
                                    and bounded before a report starts
``max_refinement_bits`` 65,536      extra bits of working precision with which a certified
                                    decimal, sign or float of a closed form is refined
                                    before giving up (only a non-rational value within
                                    about 2**-65536 of a rounding boundary gets there)
``max_factor_bits``    128          bits of an integer that ``ClosedForm.canonical_primes``
                                    factors (a 128-bit semiprime takes about 0.5 s)
``max_json_bytes``     10**8        bytes of one JSON file read (vectors, results): read
                                    no further than that (``/dev/zero`` is refused)
``max_grid_points``    100,000      points of a recall grid (``rocpr-exact curve
                                    --recall-step``) or of a tool's threshold grid
                                    (the torchmetrics and keras twins)
``max_interpolated_points`` 10**7   Davis-Goadrich points (one per TP, Section 4) added
                                    one by one to certify the ``davis-goadrich`` decimal
                                    when python-flint is not installed (with it, a long
                                    segment costs one digamma difference, not one term
                                    per TP)
``max_interval_work``  1,000,000    examples handled by the witness searches of one
                                    ``consistent --auc-ci`` or ``--delong-p`` question
                                    (each ranking built or tested costs 2 (P + N); the
                                    least variance without ties 8 min(P, N) + 2 (P + N)):
                                    past it
                                    the search stops and the answer is "undecided",
                                    naming this limit (:func:`interval_budget`)
``max_search_examples`` 20,000      P + N up to which ``consistent`` runs its searches and
                                    bounds for an average precision or AUC-PR that cost
                                    O(P + N) per step (the walk, the chains of rankings,
                                    the sound AP bounds given AUC-ROC); past it they are
                                    skipped and the verdict names this limit
``max_claim_rows``     1,000        rows of one ``consistent --claims`` table (each row
                                    is a decision), counted as the file is read
``max_claim_bytes``    1,000,000    bytes of one ``consistent --claims`` table: a regular
                                    file by its size before reading, anything else read
                                    no further than that
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

from rocpr_exact.limits.checks import (
    DIGAMMA_WEIGHT,
    check_decimal,
    check_decimal_work,
    check_digits,
    check_exact,
    check_examples,
    check_grid_points,
    check_interpolated_points,
    check_interval_work,
    check_report_work,
    check_score,
    check_score_text,
    check_sum,
    check_sum_bits,
    decimal_budget,
    digit_cost,
    interval_budget,
    one_decimal_budget,
)
from rocpr_exact.limits.settings import (
    DEFAULTS,
    Limits,
    advice,
    current,
    digits_of_bits,
    exceeded,
    using,
)

__all__ = [
    "DEFAULTS",
    "DIGAMMA_WEIGHT",
    "Limits",
    "advice",
    "check_decimal",
    "check_decimal_work",
    "check_digits",
    "check_exact",
    "check_examples",
    "check_grid_points",
    "check_interpolated_points",
    "check_interval_work",
    "check_report_work",
    "check_score",
    "check_score_text",
    "check_sum",
    "check_sum_bits",
    "current",
    "decimal_budget",
    "digit_cost",
    "digits_of_bits",
    "exceeded",
    "interval_budget",
    "one_decimal_budget",
    "using",
]
