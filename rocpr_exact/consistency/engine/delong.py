"""The DeLong interval question as stages (issue 39): the query, the shared pieces, the routes.

A :class:`Query` asks whether some ranking of P positives and N negatives (ties allowed or
not) has a DeLong interval that prints as ``shown`` (the printed ends, ``target``) at an AUC
m / (2PN) with m in ``centres``.  Its **route** is the first programme that fits, in the
order of the tuple: every ranking enumerated (``small``), the exact extremes over every m
(``exact``), the extremes over the centre's window of m near AUC 0 or 1 (``near``), or neither
(``past``: the bounds over every m, the greatest variance and the Lagrangian bound, where they
fit).  Each stage of :mod:`rocpr_exact.consistency.engine.delong_stages` runs on the routes it
names; the constants it uses are its fields.  This module holds the first stages: the proven
range, the enumeration and the extremes (with the witnesses at and between them).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from rocpr_exact.consistency.ci_verdict import Target, prints
from rocpr_exact.consistency.delong_between import BETWEEN_STATES, ranking_in_window
from rocpr_exact.consistency.delong_ci import delong_candidates
from rocpr_exact.consistency.delong_extremes import (
    extreme_witness,
    extremes_exclude,
    extremes_fit,
    interior_witness,
    near_extremes,
    near_fit,
    s_window,
    variance_extremes,
    variance_of,
)
from rocpr_exact.consistency.delong_small import EXHAUSTIVE_EXAMPLES, small_witness
from rocpr_exact.consistency.enclosures import ends_in
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Group,
    Json,
    Nothing,
)

__all__ = [
    "LISTED",
    "MAX_STEPS",
    "WITNESS_AUCS",
    "Between",
    "Enumerated",
    "ExtremeWitness",
    "Extremes",
    "Interior",
    "ProvenRange",
    "Query",
    "Result",
    "TooFew",
    "candidate_range",
    "s_of",
    "s_prints",
]

#: Ranges of m examined (each an Arb evaluation or a rational bound) before "undecided".
MAX_STEPS = 200_000
#: How many AUCs not excluded (nearest the centre) the witness searches try.
WITNESS_AUCS = 16
#: The most m a certificate lists one by one (past it: the range and the m left open).
LISTED = 1 << 16

Result = Found[list[Group]] | Excluded | Nothing


@dataclass(frozen=True, slots=True)
class Query:
    """One DeLong question (module notes); ``route`` and ``complete`` (the proven range lists
    every m it does not exclude, not only the first :data:`WITNESS_AUCS`) are set by the
    decider from its stages."""

    p: int
    n: int
    centres: range
    target: Target
    shown: str
    ties: bool = True
    route: str = "past"
    complete: bool = False


def s_of(p: int, n: int, m: int, variance: Fraction) -> int:
    """The integer S of :mod:`~rocpr_exact.consistency.delong_extremes` from the variance."""
    s = variance * 4 * p * p * n * n * (p - 1) * (n - 1) + (p + n - 2) * m * m
    assert s.denominator == 1
    return s.numerator


def s_prints(query: Query, m: int, s: int) -> bool:
    """Whether the interval of a ranking with 2U = m and that S prints as given (certified)."""
    p, n = query.p, query.n
    return ends_in(Fraction(m, 2 * p * n), variance_of(p, n, m, s), *query.target)


def excluded_all(name: str, query: Query, kept: list[int], data: dict[str, Json]) -> Excluded:
    """Every m of the centre's range (even ones only without ties: an odd 2U needs a positive
    tied with a negative) but ``kept`` excluded: the certificate lists them (past
    :data:`LISTED` of them: the range and the m left open)."""
    centres, open_ = candidate_range(query), set(kept)
    if len(centres) - len(open_) <= LISTED:
        gone = tuple(m for m in centres if m not in open_)
    else:
        gone = ()
        data = {**data, "from": centres.start, "to": centres[-1], "open": sorted(kept)}
    return Excluded(Certificate(name, gone, data), rest=Candidates(tuple(kept), True))


def candidate_range(query: Query) -> range:
    """The m of the centre's range a ranking can have (without ties: the even ones)."""
    centres = query.centres
    if query.ties or not centres:
        return centres
    return range(centres.start + centres.start % 2, centres.stop, 2)


@dataclass(frozen=True, slots=True)
class TooFew:
    """P or N below 2: DeLong's variance divides by P - 1 and N - 1, no interval is printed."""

    name: str = "delong-too-few"

    def fits(self, query: Query) -> bool:
        return query.p < 2 or query.n < 2

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        return excluded_all(self.name, query, [], {})


@dataclass(frozen=True, slots=True)
class ProvenRange:
    """The m whose DeLong variance in its proven range [0, A(1 - A)(1/(P - 1) + 1/(N - 1))]
    gives no interval that prints (:func:`~rocpr_exact.consistency.delong_ci.delong_candidates`,
    whole ranges at once); lists the others nearest the centre first (every one when the query
    is ``complete``, else the first ``aucs``); without ties only the even m are candidates."""

    name: str = "delong-proven-range"
    steps: int = MAX_STEPS
    aucs: int = WITNESS_AUCS

    def fits(self, query: Query) -> bool:
        return query.p >= 2 and query.n >= 2

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        p, n, centres = query.p, query.n, query.centres
        z, low, high = query.target
        wanted = len(centres) if query.complete else self.aucs
        listed = delong_candidates(p, n, centres, z, low, high, wanted, self.steps, not query.ties)
        if listed == "budget":
            return Nothing(f"more than {self.steps:,} ranges of the AUC", True, stop=True)
        kept, every = listed
        if every:  # the m not listed are excluded, a proof
            return excluded_all(self.name, query, kept, {})
        # only the first m (the witness searches' candidates), or the steps ran out: no proof
        return Excluded(Certificate(self.name, ()), rest=Candidates(tuple(kept), False))


@dataclass(frozen=True, slots=True)
class Enumerated:
    """P + N <= ``examples``: every ranking tried (without ties: every one with no positive
    tied with a negative); a witness or every m left excluded.  Opens the route ``small``."""

    name: str = "delong-enumerated"
    examples: int = EXHAUSTIVE_EXAMPLES
    route: str = "small"

    def opens(self, query: Query) -> bool:
        return min(query.p, query.n) >= 2 and query.p + query.n <= self.examples

    def fits(self, query: Query) -> bool:
        return query.route == self.route

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        kept = list(candidates.values)
        found = small_witness(query.p, query.n, kept, *query.target, ties=query.ties)
        if found is not None:
            return Found(found[1], found[0])
        return Excluded(Certificate(self.name, tuple(kept)))


@dataclass(frozen=True, slots=True)
class Extremes:
    """The m at which no variance between the exact least and greatest over every ranking with
    that AUC, ties included, prints: over every m (the whole programme, route ``exact``) or,
    with ``near``, over the centre's window of m near AUC 0 or 1 (route ``near``)."""

    name: str = "delong-extremes"
    near: bool = False

    @property
    def route(self) -> str:
        return "near" if self.near else "exact"

    def opens(self, query: Query) -> bool:
        p, n, centres = query.p, query.n, query.centres
        if not self.near:
            return extremes_fit(p, n)
        return bool(centres) and near_fit(p, n, centres[0], centres[-1])

    def fits(self, query: Query) -> bool:
        return query.route == self.route

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        p, n, z, (low, high) = query.p, query.n, query.target[0], query.target[1:]
        window = _window(query)
        gone = [m for m in candidates.values if extremes_exclude(p, n, m, z, low, high, window)]
        if not gone:
            return Nothing("the extremes exclude no AUC left")
        pairs = variance_extremes(p, n) if window is None else near_extremes(p, n, *window)
        bounds: list[Json] = [[m, *(s_of(p, n, m, v) for v in pairs[m])] for m in gone]
        data: dict[str, Json] = {"bounds": bounds}
        if window is not None:
            data["window"] = list(window)
        return Excluded(Certificate(self.name, tuple(gone), data))


def _window(query: Query) -> tuple[int, int] | None:
    """The window of m of the route ``near`` (None: the whole programme)."""
    return (query.centres[0], query.centres[-1]) if query.route == "near" else None


@dataclass(frozen=True, slots=True)
class ExtremeWitness:
    """A ranking with the least or the greatest variance at an m left that prints."""

    name: str = "delong-extreme-witness"

    def fits(self, query: Query) -> bool:
        return query.route in ("exact", "near")

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        for m in candidates.values:
            found = extreme_witness(query.p, query.n, m, *query.target, _window(query))
            if found is not None:
                return Found(found, m)
        return Nothing("neither extreme prints at any AUC left")


@dataclass(frozen=True, slots=True)
class Between:
    """The exact search between the extremes at every m left (route ``exact``): a ranking
    whose S lies in the window the ends allow and prints, or every m excluded; stops at the
    first search past ``states`` (one budget per interval: nothing excluded then)."""

    name: str = "delong-between"
    states: int = BETWEEN_STATES

    def fits(self, query: Query) -> bool:
        return query.route == "exact"

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        windows: list[Json] = []
        empty: list[Json] = []
        for m in candidates.values:
            window = s_window(query.p, query.n, m, *query.target)
            if window is None:
                empty.append(m)
                continue
            windows.append([m, *window])
            accept = partial(s_prints, query, m)
            found = ranking_in_window(query.p, query.n, m, *window, accept, False, self.states)
            if found == "budget":
                return Nothing(f"the exact search between them passed {self.states:,} states", True)
            if found != "none":
                return Found(found, m)
        return Excluded(
            Certificate(self.name, candidates.values, {"windows": windows, "empty": empty})
        )


@dataclass(frozen=True, slots=True)
class Interior:
    """The programme's walk toward the S needed, at the first ``aucs`` m left (routes
    ``exact`` and ``near``): a witness, never an exclusion."""

    name: str = "delong-interior"
    aucs: int = WITNESS_AUCS

    def fits(self, query: Query) -> bool:
        return query.route in ("exact", "near")

    def run(self, query: Query, candidates: Candidates, budget: Budget) -> Result:
        for m in candidates.values[: self.aucs]:
            inside = interior_witness(query.p, query.n, m, *query.target)
            if inside is not None and prints(query.p, query.n, inside, query.target):
                return Found(inside, m)
        return Nothing("the walk between the extremes found no ranking")
