"""The engine's loop (rocpr_exact.consistency.engine.protocol.decide) on toy stages: the
verdict follows the module notes (impossible only when a complete list is excluded to its last
value; possible only with a witness that certifies; a stage turned off by leaving it out)."""

from __future__ import annotations

from dataclasses import dataclass

from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Nothing,
    decide,
)


@dataclass(frozen=True)
class Odd:
    """Excludes the odd candidates (a toy exclusion: the query is an unused int)."""

    name: str = "odd"

    def fits(self, query: int) -> bool:
        return True

    def run(self, query: int, candidates: Candidates, budget: Budget) -> Excluded:
        odd = tuple(v for v in candidates.values if v % 2)
        return Excluded(Certificate(self.name, odd, {"rule": "odd"}))


@dataclass(frozen=True)
class Finds:
    """Offers its first candidate as a witness (its square as the toy witness)."""

    name: str = "finds"

    def fits(self, query: int) -> bool:
        return query > 0

    def run(self, query: int, candidates: Candidates, budget: Budget) -> Found[int] | Nothing:
        if not budget.spend(1):
            return Nothing("no budget", ran_out=True)
        return Found(candidates.values[0] ** 2, candidates.values[0])


def squares(query: int, found: Found[int]) -> bool:
    return found.witness == found.value**2


def test_every_candidate_excluded_is_impossible_with_the_certificates() -> None:
    out = decide((Odd(),), 1, Candidates((1, 3, 5)), Budget(10, "max_interval_work"), squares)
    assert out.verdict == "impossible"
    assert out.certificates == (Certificate("odd", (1, 3, 5), {"rule": "odd"}),)


def test_an_incomplete_list_excluded_is_undecided() -> None:
    out = decide((Odd(),), 1, Candidates((1, 3), complete=False), Budget(1, "x"), squares)
    assert out.verdict == "undecided"


def test_the_first_candidate_left_is_the_witness() -> None:
    out = decide((Odd(), Finds()), 1, Candidates((1, 4, 6)), Budget(1, "x"), squares)
    assert out.verdict == "possible" and out.witness == Found(16, 4)


def test_a_witness_that_does_not_certify_is_never_possible() -> None:
    out = decide((Finds(),), 1, Candidates((2,)), Budget(1, "x"), lambda q, f: False)
    assert out.verdict == "undecided" and "did not certify" in out.reasons[0]


def test_a_stage_that_does_not_fit_or_runs_out() -> None:
    assert decide((Finds(),), 0, Candidates((2,)), Budget(1, "x"), squares).verdict == "undecided"
    out = decide((Finds(),), 1, Candidates((2,)), Budget(0, "max_interval_work"), squares)
    assert out.verdict == "undecided" and out.ran_out == "max_interval_work"
