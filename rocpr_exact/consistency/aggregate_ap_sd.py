"""The SD of fold APs beside their mean, decided exactly at small folds.

The folds' APs a_i (:mod:`~rocpr_exact.consistency.aggregate_ap`) have the mean m = sum a_i / K
and the SD sqrt(sum (a_i - m)^2 / (K - ddof)), the sample SD (ddof 1) or the population SD
(ddof 0), compared as squares with the printed SD's interval (as for AUC-ROC,
:mod:`~rocpr_exact.consistency.aggregate_sd`).  The stages (:func:`decide_ap_spread`):

* ``aggregate-ap-sd-moves`` (sum of P_i up to ``MOVES_UP_TO``): starts spread about the mean
  so that the SD would print, the mean's moves, the spread rescaled by the SD's miss (class
  notes).  Witnesses only.
* ``aggregate-ap-sd-enumerated``: every AP value of every fold (:func:`~.aggregate_ap.ap_values`),
  then every reachable (sum of the APs, sum of their squares), fold by fold, kept while the
  folds left can still bring the mean into its interval; the variance of a state is
  (K sum a^2 - (sum a)^2) / (K (K - ddof)).  It finds a witness (a ranking per fold) or proves
  that no state prints both; one work unit a state and a value, within ``max_interval_work``.
  Folds of P_i + N_i up to ``SD_ENUMERATED_UP_TO`` only; past it, or past the budget (large
  folds the moves missed), the answer is "undecided", said.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction
from math import isqrt

from rocpr_exact.consistency.aggregate import Aggregate, work_budget
from rocpr_exact.consistency.aggregate_ap import (
    Rankings,
    certify,
    decide_ap_mean,
    least_mean,
    listed_values,
    ranking_ap,
)
from rocpr_exact.consistency.aggregate_ap_walks import (
    MOVES_UP_TO,
    chain_errors,
    clip,
    descend,
    spread_errors,
)
from rocpr_exact.consistency.aggregate_sd import square_holds, variance
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Nothing,
    Outcome,
    decide,
)
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.errors import InvalidInputError

__all__ = ["ApSpread", "decide_ap_spread"]


@dataclass(frozen=True, slots=True)
class ApSpread:
    """The folds and printed mean of their AP (``aggregate``; its interval [0, 1] when no mean
    was printed), the printed ``sd`` and the ``ddofs`` it may have been computed with."""

    aggregate: Aggregate
    sd: Interval
    ddofs: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.aggregate.weights)) != 1:
            raise InvalidInputError("an SD of APs is a fold claim: the folds weigh the same")
        if not self.ddofs or any(d not in (0, 1) for d in self.ddofs):
            raise InvalidInputError(f"ddof must be 0 or 1, got {self.ddofs}")

    def fits(self, values: list[Fraction]) -> int | None:
        """The ddof whose SD of the fold APs ``values`` prints (None: none)."""
        return next((d for d in self.ddofs if square_holds(self.sd, variance(values, d))), None)


def _root(x: Fraction) -> Fraction:
    """sqrt(x) to 12 decimals, rounded down (integer square root: a target, not a result)."""
    return Fraction(isqrt(x.numerator * 10**24 // x.denominator), 10**12)


class _SdMoves:
    """Folds of any size: each fold's start spread about the mean's middle by +-delta
    (alternately; an odd fold out at the middle) on the spread rankings, then on the chains,
    delta such that the SD would be the printed SD's middle; the mean's moves
    (:func:`~.aggregate_ap_walks.descend`) bring the mean into its interval, small moves that
    keep the spread; delta is then scaled by the SD's miss, a few times.  Witnesses only."""

    name = "aggregate-ap-sd-moves"

    def fits(self, query: ApSpread) -> bool:
        return sum(p for p, _ in query.aggregate.tasks) <= MOVES_UP_TO

    def run(
        self, query: ApSpread, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Nothing:
        agg = query.aggregate
        low, high = max(agg.interval.low, least_mean(agg)), min(agg.interval.high, Fraction(1))
        if low > high:
            return Nothing("no mean of the range lies in the interval")
        middle, k = (low + high) / 2, len(agg.tasks)
        aimed = (max(query.sd.low, Fraction(0)) + min(query.sd.high, Fraction(1))) / 2
        paired = k // 2 * 2
        for ddof, start in itertools.product(query.ddofs, (spread_errors, chain_errors)):
            scale = Fraction(1)
            for _ in range(8):
                delta = _root((aimed * scale) ** 2 * (k - ddof) / paired)
                starts = [middle + (delta if i % 2 == 0 else -delta) for i in range(paired)]
                starts += [middle] * (k - paired)
                e = [start(p, n, clip(x)) for (p, n), x in zip(agg.tasks, starts, strict=True)]
                found = descend(agg, e, middle, budget)
                if isinstance(found, Nothing):
                    return found  # the budget ran out
                if found is None:
                    break
                values = [ranking_ap(groups) for groups in found.witness]
                if query.fits(values) is not None:
                    return found
                spread = variance(values, ddof)
                scale *= 2 if spread == 0 else _root(aimed * aimed / spread)
        return Nothing("the moves found no mean and SD that both print")


#: The SD enumeration's size test: every fold's P_i + N_i up to this (past it the values'
#: sums and sums of squares are far past any budget, and listing them costs seconds).
SD_ENUMERATED_UP_TO = 8


class _SdEnumerated:
    name = "aggregate-ap-sd-enumerated"

    def fits(self, query: ApSpread) -> bool:
        return all(p + n <= SD_ENUMERATED_UP_TO for p, n in query.aggregate.tasks)

    def run(
        self, query: ApSpread, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Excluded | Nothing:
        stopped = Nothing(
            f"the enumeration of the folds' AP values and their sums stopped at its budget "
            f"({budget.limit}); an SD of AP is decided at small folds only",
            ran_out=True,
        )
        agg = query.aggregate
        listed = listed_values(agg, budget)
        if listed is None:
            return stopped
        k = len(agg.tasks)
        sets = [sorted(listed[t]) for t in agg.tasks]
        rest = [Fraction(0)] * (k + 1)  # the most the folds j.. add to the sum of APs
        least = [Fraction(0)] * (k + 1)
        for j in range(k - 1, -1, -1):
            rest[j], least[j] = rest[j + 1] + sets[j][-1], least[j + 1] + sets[j][0]
        states: dict[tuple[Fraction, Fraction], tuple[Fraction, ...]] = {
            (Fraction(0), Fraction(0)): ()
        }
        for j, values in enumerate(sets):
            grown: dict[tuple[Fraction, Fraction], tuple[Fraction, ...]] = {}
            for (total, square), chosen in states.items():
                if not budget.spend(len(values)):
                    return stopped
                for v in values:
                    new = total + v
                    if agg.interval.meets((new + least[j + 1]) / k, (new + rest[j + 1]) / k):
                        grown.setdefault((new, square + v * v), (*chosen, v))
            states = grown
        for (total, _), chosen in states.items():
            if total / k in agg.interval and query.fits(list(chosen)) is not None:
                rankings = tuple(listed[t][v] for t, v in zip(agg.tasks, chosen, strict=True))
                return Found(rankings, 0)
        data = {"ddof": list(query.ddofs), "ap_values": [len(values) for values in sets]}
        return Excluded(Certificate(self.name, candidates.values, data))


STAGES = (_SdMoves(), _SdEnumerated())


def _certify(query: ApSpread, found: Found[Rankings]) -> bool:
    """The rankings certified for the mean (:func:`~.aggregate_ap.certify`), the SD recomputed."""
    values = [ranking_ap(groups) for groups in found.witness]
    return certify(query.aggregate, found) and query.fits(values) is not None


def decide_ap_spread(query: ApSpread) -> Outcome[Rankings]:
    """Is there a ranking per fold whose APs' mean and SD (some ddof of ``ddofs``) both print?
    "impossible" with the mean's certificates (the mean alone cannot print) or the
    enumeration's; "possible" with the rankings; "undecided" past ``max_interval_work``."""
    alone = decide_ap_mean(query.aggregate)
    if alone.verdict == "impossible":
        return alone
    outcome = decide(STAGES, query, Candidates((0,)), work_budget(), _certify)
    if outcome.verdict == "undecided" and not STAGES[-1].fits(query):
        past = (
            "aggregate-ap-sd-enumerated: not run, a fold is past P + N = "
            f"{SD_ENUMERATED_UP_TO} (an SD of AP is proved impossible at small folds only)"
        )
        return replace(outcome, reasons=(*outcome.reasons, past))
    if outcome.verdict != "impossible":
        return outcome
    counts = outcome.certificates[0].data["ap_values"]
    assert isinstance(counts, list)
    why = (
        f"every AP of every fold listed ({', '.join(map(str, counts))} values) and every sum "
        f"of them and of their squares: none has its mean in {query.aggregate.interval} and "
        f"its SD in {query.sd}"
    )
    return Outcome("impossible", None, outcome.certificates, (why,))
