"""The DeLong stages past the whole programme, the witness searches, and the two deciders.

Route ``past`` (:mod:`rocpr_exact.consistency.engine.delong`): the exact greatest variance
excludes the m where even it is too small; the Lagrangian bound on the least, the m where even
it is too large (among those whose least variance without ties already is); rankings of three
tie groups; the listing of every ranking near the Lagrangian optimum.  Then, on every route,
the witness search, and past the programme the exact search over the rankings whose only
ties are single tied pairs.  Without ties the least variance without ties excludes the rest.
:data:`DELONG_STAGES` and :data:`UNTIED_STAGES` are the deciders
(:func:`rocpr_exact.consistency.delong_decide.decide_delong` runs them).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial

from rocpr_exact.consistency.ci_verdict import prints
from rocpr_exact.consistency.delong_between import BETWEEN_STATES, ranking_in_window
from rocpr_exact.consistency.delong_ci import delong_witness, least_variance, needs_ties
from rocpr_exact.consistency.delong_extremes import s_window
from rocpr_exact.consistency.delong_greatest import (
    greatest_fit,
    greatest_ranking,
    greatest_s,
    pair_fit,
)
from rocpr_exact.consistency.delong_groups import three_groups, three_groups_fit
from rocpr_exact.consistency.delong_lagrange import (
    Line,
    lagrange_excludes,
    lagrange_fit,
    least_s_lines,
)
from rocpr_exact.consistency.delong_near import NEAR_STATES, ranking_below
from rocpr_exact.consistency.engine import protocol as engine
from rocpr_exact.consistency.engine.delong import (
    WITNESS_AUCS,
    Between,
    Enumerated,
    Extremes,
    ExtremeWitness,
    Interior,
    ProvenRange,
    Query,
    Result,
    TooFew,
    s_prints,
)
from rocpr_exact.consistency.engine.protocol import Certificate, Excluded, Found, Json, Nothing

__all__ = [
    "DELONG_STAGES",
    "UNTIED_STAGES",
    "DelongWitness",
    "Greatest",
    "Lagrange",
    "Listing",
    "PairSearch",
    "ThreeGroups",
    "UntiedLeast",
    "priced_lines",
]


@lru_cache(maxsize=64)
def priced_lines(p: int, n: int, targets: tuple[int, ...]) -> tuple[Line, ...]:
    """The Lagrangian lines aimed at ``targets`` (the least and the greatest m that needs
    ties), computed once for the stages that use them (the bound and the listing)."""
    return tuple(least_s_lines(p, n, list(targets)))


def tied_lines(query: Query, candidates: engine.Candidates) -> tuple[list[int], tuple[Line, ...]]:
    """The m left whose least variance without ties is too large, and their lines."""
    tied = [m for m in candidates.values if needs_ties(query.p, query.n, m, *query.target)]
    if not tied:
        return tied, ()
    return tied, priced_lines(query.p, query.n, tuple(sorted({min(tied), max(tied)})))


@dataclass(frozen=True, slots=True)
class Greatest:
    """The exact greatest S over every ranking with that AUC, ties included: the m where even
    it is below the window the ends need go (route ``past``, within ``greatest_fit``); with
    ``witness``, its ranking where it prints."""

    name: str = "delong-greatest"
    witness: bool = True
    bounds_every_m: bool = True

    def fits(self, query: Query) -> bool:
        return query.route == "past" and greatest_fit(query.p, query.n)

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        p, n = query.p, query.n
        narrow: list[Json] = []
        for m in candidates.values:
            window, top = s_window(p, n, m, *query.target), greatest_s(p, n, m)
            if window is None or top < window[0]:
                narrow.append([m, top])
            elif self.witness and s_prints(query, m, top):
                return Found(greatest_ranking(p, n, m), m)
        if not narrow:
            return Nothing("the greatest variance excludes no AUC left")
        gone = tuple(int(pair[0]) for pair in narrow if isinstance(pair, list))
        return Excluded(Certificate(self.name, gone, {"greatest": narrow}))


@dataclass(frozen=True, slots=True)
class Lagrange:
    """The Lagrangian (priced) bound on the least S over every ranking, ties included, at the
    m whose least variance without ties is too large (route ``past``, within
    ``lagrange_fit``): the m where even the bound gives too wide an interval go; the priced
    optima's own rankings are witnesses where they print."""

    name: str = "delong-lagrange"
    bounds_every_m: bool = True

    def fits(self, query: Query) -> bool:
        return query.route == "past" and lagrange_fit(query.p, query.n)

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        p, n, z, (low, high) = query.p, query.n, query.target[0], query.target[1:]
        tied, lines = tied_lines(query, candidates)
        for _, m, _, ranking in lines:
            if m in candidates.values and prints(p, n, list(ranking), query.target):
                return Found(list(ranking), m)
        gone = tuple(m for m in tied if lagrange_excludes(p, n, m, z, low, high, list(lines)))
        if not gone:
            return Nothing("the Lagrangian bound excludes no AUC left")
        priced: list[Json] = [[lam, s - lam * mp] for lam, mp, s, _ in lines]
        return Excluded(Certificate(self.name, gone, {"lines": priced}))


@dataclass(frozen=True, slots=True)
class ThreeGroups:
    """Rankings of at most three tie groups with an S in the window at an m left (route
    ``past`` where a bound over every m runs, within ``three_groups_fit``): a witness."""

    name: str = "delong-three-groups"

    def fits(self, query: Query) -> bool:
        return query.route == "past" and query.complete and three_groups_fit(query.p, query.n)

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        windows = {
            m: s
            for m in candidates.values
            if (s := s_window(query.p, query.n, m, *query.target)) is not None
        }
        three = three_groups(query.p, query.n, windows)
        if three is not None and prints(query.p, query.n, three[1], query.target):
            return Found(three[1], three[0])
        return Nothing("no ranking of three tie groups prints")


@dataclass(frozen=True, slots=True)
class Listing:
    """Every ranking whose S lies between the Lagrangian bound and the window's top, at each m
    left that needs ties (route ``past``, within ``lagrange_fit``): a witness, or the m where
    none prints go; stops at the first listing past ``states``."""

    name: str = "delong-listing"
    states: int = NEAR_STATES

    def fits(self, query: Query) -> bool:
        return query.route == "past" and lagrange_fit(query.p, query.n)

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        tied, lines = tied_lines(query, candidates)
        gone: list[int] = []
        ran_out = False
        for m in tied:
            window = s_window(query.p, query.n, m, *query.target)
            if window is None:
                gone.append(m)
                continue
            s_low = window[0]

            def accept(s: int, m: int = m, s_low: int = s_low) -> bool:
                return s >= s_low and s_prints(query, m, s)

            found = ranking_below(
                query.p, query.n, m, window[1], list(lines), accept, self.states
            )
            if found == "budget":
                ran_out = True
                break
            if found != "none":
                return Found(found, m)
            gone.append(m)
        if not gone:
            reason = f"the listing passed {self.states:,} states" if ran_out else "nothing listed"
            return Nothing(reason, ran_out)
        windows: list[Json] = [
            [m, *(s_window(query.p, query.n, m, *query.target) or ())] for m in gone
        ]
        priced: list[Json] = [[lam, s - lam * mp] for lam, mp, s, _ in lines]
        return Excluded(Certificate(self.name, tuple(gone), {"lines": priced, "windows": windows}))


@dataclass(frozen=True, slots=True)
class DelongWitness:
    """The witness search (:func:`~rocpr_exact.consistency.delong_ci.delong_witness`) at the
    first ``aucs`` m left, every route: a witness, never an exclusion."""

    name: str = "delong-witness"
    aucs: int = WITNESS_AUCS

    def fits(self, query: Query) -> bool:
        return query.p >= 2 and query.n >= 2

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        tried = candidates.values[: self.aucs]
        for m in tried:
            groups = delong_witness(query.p, query.n, m, *query.target)
            if groups is not None:
                return Found(groups, m)
        return Nothing(f"no ranking at the {len(tried)} nearest the centre")


@dataclass(frozen=True, slots=True)
class PairSearch:
    """The exact search over the rankings whose only ties are single tied pairs, at the first
    ``aucs`` m left (route ``past``, within ``pair_fit``): a witness; one budget per interval."""

    name: str = "delong-pairs"
    aucs: int = WITNESS_AUCS
    states: int = BETWEEN_STATES

    def fits(self, query: Query) -> bool:
        return query.route == "past" and pair_fit(query.p, query.n)

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        for m in candidates.values[: self.aucs]:
            window = s_window(query.p, query.n, m, *query.target)
            if window is None:
                continue
            accept = partial(s_prints, query, m)
            found = ranking_in_window(query.p, query.n, m, *window, accept, True, self.states)
            if found == "budget":
                return Nothing("the search over single tied pairs ran out of states", True)
            if found != "none":
                return Found(found, m)
        return Nothing("no ranking with only single tied pairs prints")


@dataclass(frozen=True, slots=True)
class UntiedLeast:
    """Without ties: the m whose least variance without ties (exact, even m) already gives too
    wide an interval go."""

    name: str = "delong-untied-least"

    def fits(self, query: Query) -> bool:
        return not query.ties

    def run(self, query: Query, candidates: engine.Candidates, budget: engine.Budget) -> Result:
        p, n = query.p, query.n
        gone = tuple(m for m in candidates.values if needs_ties(p, n, m, *query.target))
        if not gone:
            return Nothing("the least variance without ties excludes no AUC left")
        least: list[Json] = [[m, _text(least_variance(p, n, m))] for m in gone]
        return Excluded(Certificate(self.name, gone, {"least": least}))


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


#: The DeLong decider over every ranking, ties included, in cost order (module notes).
DELONG_STAGES = (
    TooFew(),
    ProvenRange(),
    Enumerated(),
    Extremes(),
    Extremes(near=True),
    ExtremeWitness(),
    Between(),
    Interior(),
    Greatest(),
    Lagrange(),
    ThreeGroups(),
    Listing(),
    DelongWitness(),
    PairSearch(),
)
#: The DeLong decider over the rankings with no positive tied with a negative.
UNTIED_STAGES = (
    TooFew(),
    ProvenRange(),
    Enumerated(),
    Extremes(name="delong-untied-extremes"),
    Greatest(name="delong-untied-greatest", witness=False),
    UntiedLeast(),
    DelongWitness(),
)
