"""The DeLong decider as stages (consistency.engine.delong, delong_stages): its certificates.

Every certificate of an "impossible" is re-derived by brute force over every ranking
(tests/consistency/brute.py, its own recursion; each ranking's AUC and DeLong variance by
rocpr_exact.areas.variance from its scores), P + N <= 8: no ranking (without ties: none with
a positive tied with a negative) whose 2U is an excluded m has an interval that prints as
shown, and the data each kind carries is what the rankings give (the least and greatest S, the
greatest S, the priced optimum at each multiplier, the least variance without ties).  The
deciders are run whole and with stages left out (another tuple: each route in turn), over
every m of 0..2PN, so that every kind of certificate is produced.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency.ci_verdict import Target
from rocpr_exact.consistency.delong_decide import decide_delong
from rocpr_exact.consistency.enclosures import ends_in
from rocpr_exact.consistency.engine.delong import Enumerated, Extremes, ProvenRange
from rocpr_exact.consistency.engine.delong_stages import DELONG_STAGES, UNTIED_STAGES
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Nothing,
    decide,
)
from rocpr_exact.consistency.reported import reported_interval
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.normal import check_level, quantile
from tests.consistency.brute import rankings, scored
from tests.consistency.test_engine_protocol import Odd, squares

SIZES = [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (4, 4)]
INTERVALS = [("0.40", "0.60"), ("0.45", "0.55"), ("0.60", "0.90"), ("0.70", "0.75"),
             ("0.80", "0.95"), ("0.50", "0.70"), ("0.20", "0.40"), ("0.612", "0.845"),
             ("0.90", "1.00"), ("0.30", "0.35"), ("0.00", "0.20"), ("0.10", "0.15")]  # fmt: skip


def _without(stages: tuple[object, ...], near_too: bool) -> tuple[object, ...]:
    """The tuple without its enumeration and the whole programme's extremes (and, with
    ``near_too``, the window's: the route past the programmes)."""
    return tuple(
        s
        for s in stages
        if not isinstance(s, Enumerated)
        and not (isinstance(s, Extremes) and (near_too or not s.near))
    )


DECIDERS = {
    True: [DELONG_STAGES, _without(DELONG_STAGES, False), _without(DELONG_STAGES, True)],
    False: [UNTIED_STAGES, _without(UNTIED_STAGES, False), _without(UNTIED_STAGES, True)],
}


@cache
def _pairs(p: int, n: int, ties: bool) -> dict[int, frozenset[Fraction]]:
    """{2U: every DeLong variance of a ranking with it} over every ranking (brute force)."""
    out: dict[int, set[Fraction]] = {}
    for groups in rankings(p, n, True):
        if not ties and any(a and b for a, b in groups):
            continue
        curve = Curve.from_scores(*scored(groups))
        m = auc_roc(curve) * 2 * p * n
        assert m.denominator == 1
        out.setdefault(int(m), set()).add(auc_variance(curve, "delong"))
    return {m: frozenset(v) for m, v in out.items()}


def _s(p: int, n: int, m: int, variance: Fraction) -> Fraction:
    """S from the variance: var = (S - (P + N - 2) m^2) / (4 P^2 N^2 (P - 1)(N - 1))."""
    return variance * 4 * p * p * n * n * (p - 1) * (n - 1) + (p + n - 2) * m * m


def _check(p: int, n: int, ties: bool, target: Target, certificate: Certificate) -> None:
    pairs = _pairs(p, n, ties)
    for m in certificate.excludes:
        area = Fraction(m, 2 * p * n)
        assert not any(ends_in(area, v, *target) for v in pairs.get(m, ())), certificate.stage
    data = certificate.data
    if certificate.stage in ("delong-extremes", "delong-untied-extremes"):  # every ranking's
        pairs = _pairs(p, n, True)
        for m, least, most in data["bounds"]:  # type: ignore[misc, union-attr]
            s_values = [_s(p, n, m, v) for v in pairs[m]]
            assert (least, most) == (min(s_values), max(s_values))
    if certificate.stage in ("delong-greatest", "delong-untied-greatest"):
        for m, most in data["greatest"]:  # type: ignore[misc, union-attr]
            assert most == max(_s(p, n, m, v) for v in _pairs(p, n, True)[m])
    if certificate.stage in ("delong-lagrange", "delong-listing"):
        every = _pairs(p, n, True)
        for lam, optimum in data["lines"]:  # type: ignore[misc, union-attr]
            # weak duality: the priced optimum is the least S - lam m over every ranking
            assert optimum == min(_s(p, n, m, v) - lam * m for m in every for v in every[m])
    if certificate.stage == "delong-untied-least":
        for m, least in data["least"]:  # type: ignore[misc, union-attr]
            assert Fraction(least) == min(_pairs(p, n, False)[m])  # type: ignore[arg-type]


Checked = list[tuple[bool, Target, Certificate]]


@cache
def _decided(p: int, n: int) -> Checked:
    """Every certificate of every "impossible" of the deciders at P and N over the intervals,
    after checking that the verdicts are those of every ranking and that the certificates
    exclude every m, each once (without ties every even m: an odd 2U needs a tied pair)."""
    z = quantile(check_level(Fraction(95, 100)))
    centres = range(2 * p * n + 1)
    out: Checked = []
    for ties, deciders in DECIDERS.items():
        pairs = _pairs(p, n, ties)
        for lo, hi in INTERVALS:
            target = (z, reported_interval(lo), reported_interval(hi))
            truth = any(
                ends_in(Fraction(m, 2 * p * n), v, *target) for m in pairs for v in pairs[m]
            )
            for stages in deciders:
                verdict = decide_delong(p, n, centres, target, f"{lo}-{hi}", ties, stages)
                if verdict.verdict == "possible":
                    assert truth and not verdict.certificates
                if verdict.verdict != "impossible":
                    continue
                assert not truth and verdict.certificates
                excluded = sorted(m for c in verdict.certificates for m in c.excludes)
                assert excluded == [m for m in centres if ties or m % 2 == 0]
                out += [(ties, target, c) for c in verdict.certificates]
    return out


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_every_certificate_holds_for_every_ranking(p: int, n: int) -> None:
    for ties, target, certificate in _decided(p, n):
        _check(p, n, ties, target, certificate)


def test_every_kind_is_produced() -> None:
    # P = 2 and N = 2 or 5 (checked above): each kind of certificate of the two deciders but
    # the exact search between the extremes (below), the size test (P or N below 2) and
    # delong-untied-extremes (checked above where it occurs; at P + N <= 8 the proven range
    # and the least variance without ties leave it nothing to exclude on these intervals)
    assert {c.stage for size in ((2, 2), (2, 5)) for _, _, c in _decided(*size)} == {
        "delong-proven-range",
        "delong-enumerated",
        "delong-extremes",
        "delong-greatest",
        "delong-lagrange",
        "delong-listing",
        "delong-untied-greatest",
        "delong-untied-least",
    }


def test_the_search_between_the_extremes_certifies_the_gap() -> None:
    # P = N = 10, "0.45-0.55" (test_delong_between.py): at 2U = 100 (AUC 1/2) the variances
    # nearest 0 are 0 (every score tied) and 1/200 (a set programme over every ranking, run
    # outside the suite).  The exact search excludes m = 100 with the window of S the ends
    # allow, strictly between those two rankings' S: no ranking has an S inside.
    z = quantile(check_level(Fraction(95, 100)))
    target = (z, reported_interval("0.45"), reported_interval("0.55"))
    stages = tuple(s for s in DELONG_STAGES if not isinstance(s, Enumerated))
    verdict = decide_delong(10, 10, range(100, 101), target, "0.45-0.55", True, stages)
    assert verdict.verdict == "impossible"
    between = [c for c in verdict.certificates if c.stage == "delong-between"]
    assert [c.excludes for c in between] == [(100,)]
    [[m, low, high]] = between[0].data["windows"]  # type: ignore[misc]
    assert m == 100 and _s(10, 10, 100, Fraction(0)) < low <= high
    assert high < _s(10, 10, 100, Fraction(1, 200))


def test_too_few_excludes_every_m() -> None:
    # P = 1: DeLong's variance divides by P - 1, so no interval is printed at any AUC
    z = quantile(check_level(Fraction(95, 100)))
    target = (z, reported_interval("0.40"), reported_interval("0.60"))
    verdict = decide_delong(1, 5, range(11), target, "0.40-0.60")
    assert verdict.verdict == "impossible"
    assert [(c.stage, c.excludes) for c in verdict.certificates] == [
        ("delong-too-few", tuple(range(11)))
    ]


@dataclass(frozen=True)
class _Lists:
    """A toy proven range: lists the candidates anew (``rest``), or stops the loop."""

    kept: tuple[int, ...]
    complete: bool = True
    name: str = "lists"

    def fits(self, query: int) -> bool:
        return True

    def run(self, query: int, candidates: Candidates, budget: Budget) -> Excluded | Nothing:
        if query < 0:
            return Nothing("cannot list", ran_out=True, stop=True)
        gone = tuple(v for v in candidates.values if v not in self.kept)
        return Excluded(Certificate(self.name, gone), rest=Candidates(self.kept, self.complete))


def test_the_protocols_additions_rest_stop_and_open() -> None:
    # The additions this decider needs (consistency.engine.protocol): ``Excluded.rest`` lists
    # the candidates still open anew, in its order; ``Nothing.stop`` ends the loop (the
    # stages after it need a listing it could not make); ``Outcome.open`` says what is left.
    start = Candidates((1, 2, 3, 4))
    listed = decide((_Lists((3, 1)), Odd()), 1, start, Budget(0, "x"), squares)
    assert listed.verdict == "impossible"
    assert [(c.stage, c.excludes) for c in listed.certificates] == [
        ("lists", (2, 4)),
        ("odd", (3, 1)),
    ]
    first = decide((_Lists((3, 1), complete=False), Odd()), 1, start, Budget(0, "x"), squares)
    assert first.verdict == "undecided" and first.open == ()  # only the first ones were listed
    stopped = decide((_Lists(()), Odd()), -1, start, Budget(0, "limit"), squares)
    assert stopped.verdict == "undecided" and not stopped.certificates
    assert stopped.reasons == ("lists: cannot list",) and stopped.ran_out == "limit"
    assert stopped.open == (1, 2, 3, 4)


@pytest.mark.parametrize("steps", [1, 2, 3, 5, 8, 13, 21, 34])
def test_a_proven_range_out_of_steps_proves_nothing(steps: int) -> None:
    # The proven range may stop at its steps with some m listed: the m it did not reach are
    # then not excluded (delong_candidates says the list is not every one), so an "impossible"
    # with fewer steps is still true of every ranking (brute force) and its certificates
    # exclude every m of 0..2PN.  (The old list, taken as complete, gave no false verdict at
    # these sizes, the unreached m being far from the centre; the flag makes it a proof.)
    z = quantile(check_level(Fraction(95, 100)))
    p, n = 4, 4
    stages = tuple(ProvenRange(steps=steps) if isinstance(s, ProvenRange) else s
                   for s in DELONG_STAGES)  # fmt: skip
    centres, pairs = range(2 * p * n + 1), _pairs(p, n, True)
    for lo, hi in INTERVALS:
        target = (z, reported_interval(lo), reported_interval(hi))
        verdict = decide_delong(p, n, centres, target, f"{lo}-{hi}", True, stages)
        if verdict.verdict == "impossible":
            assert sorted(m for c in verdict.certificates for m in c.excludes) == list(centres)
            for m, variances in pairs.items():  # no ranking's interval prints as shown
                assert not any(ends_in(Fraction(m, 2 * p * n), v, *target) for v in variances)
