"""The DeLong verdict on a printed AUC-ROC interval: a tuple of stages run by the engine.

:func:`decide_delong` asks the question of :class:`~rocpr_exact.consistency.engine.delong.Query`
and runs :data:`~rocpr_exact.consistency.engine.delong_stages.DELONG_STAGES` (without ties
:data:`~rocpr_exact.consistency.engine.delong_stages.UNTIED_STAGES`) through
:func:`~rocpr_exact.consistency.engine.protocol.decide`: the proven range; every ranking
enumerated (P + N <= 12); the exact extremes with the exact search between them (P = N = 25,
say), or the window's extremes near AUC 0 or 1; past those, the exact greatest variance
(:mod:`~rocpr_exact.consistency.delong_greatest`) and the Lagrangian bound on the least
(:mod:`~rocpr_exact.consistency.delong_lagrange`); then the witness searches.  The route (which
programme fits) is the first stage of the tuple that opens one; a test or a benchmark passes
another tuple (``stages``) to turn a stage off or change its limits.  An "impossible" carries
the stages' certificates (docs/inference.md, "The engine").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency.ci_verdict import IntervalVerdict, Target, possible, prints
from rocpr_exact.consistency.delong_ci import needs_ties
from rocpr_exact.consistency.engine.delong import (
    LISTED,
    MAX_STEPS,
    WITNESS_AUCS,
    Between,
    Enumerated,
    Extremes,
    ProvenRange,
    Query,
    candidate_range,
)
from rocpr_exact.consistency.engine.delong_stages import (
    DELONG_STAGES,
    UNTIED_STAGES,
    DelongWitness,
    Lagrange,
    Listing,
)
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Found,
    Group,
    Outcome,
    decide,
)
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve

__all__ = ["MAX_STEPS", "WITNESS_AUCS", "Stages", "decide_delong"]

#: A decider: a tuple of stages (:mod:`rocpr_exact.consistency.engine.delong_stages`).
Stages = Sequence[object]


def decide_delong(
    p: int,
    n: int,
    centres: range,
    target: Target,
    shown: str,
    ties: bool = True,
    stages: Stages | None = None,
) -> IntervalVerdict:
    """Possible (a witness), impossible (the reason and the certificates) or undecided, for the
    interval ``shown`` whose centre allows the 2U in ``centres`` (not empty); without ``ties``,
    over the rankings in which no positive ties a negative.  ``stages``: the decider's tuple
    (default :data:`DELONG_STAGES`, or :data:`UNTIED_STAGES` without ``ties``)."""
    chosen: Stages = stages if stages is not None else DELONG_STAGES if ties else UNTIED_STAGES
    query = _routed(Query(p, n, centres, target, shown, ties), chosen)
    listed = candidate_range(query)
    start = Candidates(tuple(listed[:LISTED]), len(listed) <= LISTED)
    outcome: Outcome[list[Group]] = decide(
        chosen,  # type: ignore[arg-type]
        query,
        start,
        Budget(0, "the stages' own limits"),
        _certified,
    )
    if outcome.verdict == "possible":
        assert outcome.witness is not None
        found = outcome.witness
        return possible(p, n, found.value, found.witness, "delong", target, ties)
    if outcome.verdict == "impossible":
        return IntervalVerdict(
            "impossible", (_impossible_reason(query, outcome),), certificates=outcome.certificates
        )
    return IntervalVerdict("undecided", _undecided_reasons(query, outcome, chosen))


def _routed(query: Query, stages: Stages) -> Query:
    """The query with its route (the first stage that opens one) and whether the proven range
    must list every m (a route with a programme, or a bound over every m that fits)."""
    route = next(
        (s.route for s in stages if isinstance(s, Enumerated | Extremes) and s.opens(query)),
        "past",
    )
    routed = replace(query, route=route)
    bounded = any(getattr(s, "bounds_every_m", False) and s.fits(routed) for s in stages)  # type: ignore[attr-defined]
    return replace(routed, complete=route != "past" or bounded)


def _certified(query: Query, found: Found[list[Group]]) -> bool:
    """The witness has P, N and the AUC found, and its interval prints (from its scores)."""
    p, n = query.p, query.n
    if not query.ties and any(a and b for a, b in found.witness):
        return False
    curve = Curve.from_scores(*scored(found.witness))
    if (curve.positives, curve.negatives) != (p, n):
        return False
    if auc_roc(curve) != Fraction(found.value, 2 * p * n):
        return False
    return prints(p, n, found.witness, query.target)


def _count(outcome: Outcome[list[Group]], name: str) -> int:
    return sum(len(c.excludes) for c in outcome.certificates if c.stage == name)


def _impossible_reason(query: Query, outcome: Outcome[list[Group]]) -> str:
    """Why no AUC of the centre's range prints ``shown`` (one line), after the last stage."""
    p, n, shown = query.p, query.n, query.shown
    if not outcome.certificates:
        return "no 2U = m in the centre's range is even: each needs a positive tied with a negative"
    last = outcome.certificates[-1].stage
    every = "for every AUC m/(2PN) in the centre's range"
    if last == "delong-too-few":
        return f"DeLong's variance needs P, N >= 2 (got P = {p}, N = {n}): no interval is printed"
    if last.endswith("proven-range"):
        return (
            f"{every}, no DeLong variance in its proven range [0, A(1 - A)(1/(P - 1) + "
            f"1/(N - 1))] gives an interval that prints as {shown}"
            + ("" if query.ties else " (without ties 2U = m is even)")
        )
    if last == "delong-enumerated" and not query.ties:
        return (
            f"every ranking of P = {p} positives and N = {n} negatives without ties was "
            f"enumerated: none has a DeLong interval that prints as {shown}"
        )
    if last == "delong-enumerated":
        return (
            f"every ranking of P = {p} positives and N = {n} negatives, ties included, was "
            f"enumerated: at the {_count(outcome, last)} AUCs the variance bounds do not "
            f"exclude, none has a DeLong interval that prints as {shown}"
        )
    if not query.ties:
        return (
            f"for every even 2U = m (no ties) with m/(2PN) in the centre's range, DeLong's "
            f"variance between the least without ties and the greatest over every ranking "
            f"(exact: docs/inference.md) gives no interval that prints as {shown}"
        )
    if last == "delong-between":
        return (
            f"at each of the {_count(outcome, last)} AUCs m/(2PN) the extremes do not exclude, "
            f"an exact search over every ranking of P = {p} and N = {n} with that AUC, ties "
            f"included (docs/inference.md), finds none whose DeLong interval prints as {shown}"
        )
    if last == "delong-extremes":
        return (
            f"{every}, no DeLong variance between the least and the greatest over every "
            f"ranking of P = {p} and N = {n} with that AUC, ties included (exact: "
            f"docs/inference.md), gives an interval that prints as {shown}"
        )
    return _past_reason(shown, outcome)


def _past_reason(shown: str, outcome: Outcome[list[Group]]) -> str:
    """Why no AUC kept past the whole programme prints ``shown`` (one line)."""
    parts = []
    if narrow := _count(outcome, "delong-greatest"):
        parts.append(
            f"at {narrow} of them even the greatest variance over every ranking with that "
            "AUC, ties included (exact: docs/inference.md), gives too narrow an interval"
        )
    if wide := _count(outcome, "delong-lagrange"):
        parts.append(
            f"at {wide} of them the least variance without ties gives too wide an "
            "interval, and so does the Lagrangian bound on the least over every ranking, ties "
            "included (docs/inference.md)"
        )
    if listed := _count(outcome, "delong-listing"):
        parts.append(
            f"at {listed} of them every ranking whose variance is close enough to the "
            "Lagrangian bound to print it was listed (docs/inference.md), and none does"
        )
    return (
        f"for every AUC m/(2PN) in the centre's range, no DeLong variance in its proven range "
        f"gives an interval that prints as {shown}: " + "; ".join(parts)
    )


def _field(stages: Stages, kind: type, name: str, default: int) -> int:
    """A limit of the first stage of that kind in the tuple (the default without one)."""
    value = next((getattr(s, name) for s in stages if isinstance(s, kind)), default)
    assert isinstance(value, int)
    return value


def _undecided_reasons(
    query: Query, outcome: Outcome[list[Group]], stages: Stages
) -> tuple[str, ...]:
    """What was tried and where it stopped (the proven range's budget, else the witness
    search's AUCs and, at them, why the bounds do not decide)."""
    for reason in outcome.reasons:
        head, _, rest = reason.partition(": ")
        proven = any(isinstance(s, ProvenRange) and s.name == head for s in stages)
        if proven and rest.startswith("more than"):
            return (rest,)
    tried = min(len(outcome.open), _field(stages, DelongWitness, "aucs", WITNESS_AUCS))
    if not query.ties:
        return (
            "AUC values remain that the variance bounds do not exclude, and the witness search "
            f"among rankings without ties found none at the {tried} nearest the centre "
            "(docs/inference.md)",
        )
    reasons = [
        "AUC values remain that the variance bounds do not exclude, and the witness search "
        f"(docs/inference.md) found no ranking at the {tried} nearest the centre"
    ]
    kept = outcome.open[:tried]
    if query.route in ("exact", "near"):
        between = _field(stages, Between, "states", 0)
        reasons.append(
            "at each of them the printed interval needs a variance between the exact least "
            "and greatest over every ranking with that AUC (docs/inference.md), neither of "
            "which prints as given, and not every variance between them is a ranking's; "
            + (
                "near AUC 0 or 1 past P = N = 25 only a walk between them is tried"
                if query.route == "near"
                else f"the exact search between them passed {between:,} states"
            )
        )
    elif all(needs_ties(query.p, query.n, m, *query.target) for m in kept):
        priced = any(isinstance(s, Lagrange) and s.fits(query) for s in stages)
        listing = _field(stages, Listing, "states", 0)
        reasons.append(
            "at each of them even the least variance of a ranking without ties (one tied "
            "pair for an odd 2U; proven, docs/inference.md) gives a wider interval: only "
            "rankings with more tied scores could print this one, and "
            + (
                "the Lagrangian bound on their least variance does not exclude it, and the "
                f"listing of the rankings close to it passed {listing:,} states"
                if priced
                else "at this P and N their variance is not bounded more tightly (the exact "
                "extremes run up to about P = N = 25, further only near AUC 0 or 1, and the "
                "Lagrangian bound up to P = N = 82: docs/inference.md)"
            )
        )
    return tuple(reasons)
