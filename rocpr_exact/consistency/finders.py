"""The areas' stage of :func:`~rocpr_exact.consistency.check.check_consistency`.

When average precision or an AUC-PR is reported, a witness is sought in this
order: the walk between two rankings of one AUC-ROC
(:mod:`~rocpr_exact.consistency.walk`, when AUC-ROC is reported), binary
searches along chains of rankings (:mod:`~rocpr_exact.consistency.chain`), the exact
extremes of AP, DG and the linear area at each AUC-ROC where their programme is small
(:mod:`~rocpr_exact.consistency.areaextremes`: "impossible" outside them, a ranking attaining
one as the witness), the order-keeping AP bound (:mod:`~rocpr_exact.consistency.aplower`)
and, with ties, the Lagrangian bound over tie groups (:mod:`~rocpr_exact.consistency.tiedbound`),
then the exhaustive search (:mod:`~rocpr_exact.consistency.search`; for an area known only by
its record, every ranking: :mod:`~rocpr_exact.consistency.every`).  Every ranking must also
pass through the required thresholds (:mod:`~rocpr_exact.consistency.through`):
``required[0]`` steers the search, the others are checked on what it finds.
"""

from __future__ import annotations

from collections.abc import Mapping

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.consistency.apbounds import below_untied
from rocpr_exact.consistency.aplower import monotone_reasons
from rocpr_exact.consistency.areaextremes import extreme_witness, extremes_reasons
from rocpr_exact.consistency.chain import chain_groups, chain_range, family_index
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.every import decide_every_ranking
from rocpr_exact.consistency.operating import POINT_METRICS
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.search import RANKING_METRICS, SearchLimitReached, find_ranking
from rocpr_exact.consistency.searchsize import searchable, skipped_reason
from rocpr_exact.consistency.through import Ranges, passes
from rocpr_exact.consistency.tiedbound import tied_reasons
from rocpr_exact.consistency.walk import WALK_METRICS, fits, walk_ranking
from rocpr_exact.consistency.witness import (
    CLOSED_FORM_METRICS,
    Verdict,
    make_witness,
    scored,
)
from rocpr_exact.core.curve import Curve

__all__ = ["KNOWN", "decide_areas"]

#: The metrics the searches know (the exhaustive search's, the closed forms it checks, the
#: operating point's); an area known only by its record is decided by every ranking.
KNOWN = frozenset(RANKING_METRICS + CLOSED_FORM_METRICS + POINT_METRICS)


def decide_areas(
    p: int,
    n: int,
    intervals: Mapping[str, Interval],
    required: list[Ranges],
    ties: bool,
    max_steps: int,
) -> Verdict:
    """The verdict when an area is reported (after the necessary conditions held)."""
    # The walk first: its few exact checks cost less than the chains' binary searches.  Both,
    # and the AP bounds, only within max_search_examples (O(P + N) per step).
    searched = searchable(p, n)
    if searched:
        quick = _walked(p, n, intervals, required, ties)
        quick = quick or _quickmake_witness(p, n, intervals, required)
        if quick is not None:
            return quick
    extreme = _extremes(p, n, intervals, required, ties)
    if extreme is not None:
        return extreme
    bound = monotone_reasons(p, n, intervals, ties) if searched else []
    bound = bound or tied_reasons(p, n, intervals, ties)
    if bound:
        return Verdict("impossible", tuple(bound))
    if any(name not in KNOWN for name in intervals):  # an area known only by its record
        return decide_every_ranking(p, n, intervals, required, ties, max_steps)
    verdict = _search(p, n, intervals, required, ties, max_steps, searched)
    if verdict.verdict == "undecided" and not searched:
        return Verdict("undecided", (*verdict.reasons, skipped_reason(p, n)))
    if verdict.verdict == "undecided" and ties and below_untied(p, n, intervals):
        return Verdict("undecided", (*verdict.reasons, _TIED_ONLY))
    return verdict


#: Why an AP below every ranking without ties stays open (docs/consistency.md, "Printed pairs").
_TIED_ONLY = (
    "average_precision is below every ranking without ties with that auc_roc (its sound "
    "interval given auc_roc), so only rankings with tied "
    "scores could give it: the chains and, past P + N = 400, the walk, which build none, were "
    "skipped, and the bound over tie groups (rocpr_exact.consistency.tiedbound) does not "
    "exclude it or is past its size limit"
)


def _extremes(
    p: int, n: int, intervals: Mapping[str, Interval], required: list[Ranges], ties: bool
) -> Verdict | None:
    """AUC-ROC with an area near an end: the exact extremes (:mod:`~.areaextremes`) decide
    "impossible", and a ranking attaining one may be the witness."""
    reasons = extremes_reasons(p, n, intervals, ties)
    if reasons:
        return Verdict("impossible", tuple(reasons))
    groups = extreme_witness(p, n, intervals, ties)
    if groups is None or not _passes_all(groups, required):
        return None
    reason = (
        "witness: a ranking built through the programme of the exact extremes at each AUC-ROC "
        "(rocpr_exact.consistency.areaextremes)"
    )
    return Verdict("possible", (reason,), make_witness(p, n, groups, intervals))


def _passes_all(groups: list[Group], required: list[Ranges]) -> bool:
    return all(passes(groups, ranges) for ranges in required)


def _quickmake_witness(
    p: int, n: int, intervals: Mapping[str, Interval], required: list[Ranges]
) -> Verdict | None:
    """Cheap first: binary searches along chains of rankings without ties (finds witnesses only).

    With an operating point, a few rankings of the chains that fit the other
    metrics are tried for a threshold that fits it.  O(log(PN)) curve
    evaluations plus O(P + N) per ranking tried.
    """
    ranking = {name: i for name, i in intervals.items() if name not in POINT_METRICS}
    if below_untied(p, n, ranking):  # the chains' rankings have no ties
        return None
    candidates: list[tuple[str, list[Group]]] = []
    found = chain_range(p, n, ranking)
    if found is not None:
        low, high = found
        for index in sorted({low, high, (low + high) // 2}):
            reason = f"witness found by binary search on the chain of rankings (index {index})"
            candidates.append((reason, chain_groups(p, n, index)))
    shifted = family_index(p, n, ranking)
    if shifted is not None:
        first, index = shifted
        reason = (
            f"witness found by binary search over rankings with {first} negatives first "
            f"(chain index {index})"
        )
        candidates.append((reason, chain_groups(p, n, index, first=first)))
    for reason, groups in candidates:  # the chains assume non-increasing areas: checked
        if _passes_all(groups, required) and fits(groups, p, n, ranking):
            return Verdict("possible", (reason,), make_witness(p, n, groups, intervals))
    return None


def _walked(
    p: int, n: int, intervals: Mapping[str, Interval], required: list[Ranges], ties: bool
) -> Verdict | None:
    """AUC-ROC with an area: the walk of :mod:`~rocpr_exact.consistency.walk` (witnesses only)."""
    ranking = {name: i for name, i in intervals.items() if name not in POINT_METRICS}
    if "auc_roc" not in ranking or not any(name in ranking for name in WALK_METRICS):
        return None
    groups = walk_ranking(p, n, ranking, ties=ties)
    if groups is None or not _passes_all(groups, required):
        return None
    reason = "witness found by a search among rankings of one AUC-ROC (paired moves, tie moves)"
    return Verdict("possible", (reason,), make_witness(p, n, groups, intervals))


def _search(
    p: int,
    n: int,
    intervals: Mapping[str, Interval],
    required: list[Ranges],
    ties: bool,
    max_steps: int,
    chained: bool = True,
) -> Verdict:
    what = ", ".join(intervals)
    if (p + 1) * (n + 1) > max_steps:  # the search could not even leave (0, 0)
        return _undecided(p, n, what, max_steps, chained)
    candidates = None
    if required:  # the search steers through the first required threshold
        candidates = frozenset(
            (tp, fp) for tp, (lo, hi) in enumerate(required[0]) for fp in range(lo, hi + 1)
        )
    ranking_intervals = {name: intervals[name] for name in RANKING_METRICS if name in intervals}
    try:
        groups = find_ranking(p, n, ranking_intervals, candidates, ties=ties, max_steps=max_steps)
    except SearchLimitReached:
        return _undecided(p, n, what, max_steps, chained)
    kind = "rankings with ties" if ties else "rankings without ties"
    searched = ", ".join(name for name in intervals if name not in CLOSED_FORM_METRICS)
    if groups is None:
        return Verdict(
            "impossible",
            (
                f"exhaustive search over every ranking of P = {p} positives and N = {n} "
                f"negatives ({kind}) found none with {searched} all in their intervals"
                + (" through the required threshold" if required else ""),
            ),
        )
    if not _passes_all(list(groups), required[1:]):
        return Verdict(
            "undecided",
            (
                f"a ranking with {searched} exists through the first required threshold, but "
                "the one found does not pass through every other (operating point or ROC "
                "point); the search steers through one of them only",
            ),
        )
    continuous = intervals.get("auc_pr_continuous")
    if continuous is not None:
        scores, labels = scored(groups)
        if auc_pr(Curve.from_scores(scores, labels), "continuous") not in continuous:
            return Verdict(
                "undecided",
                (
                    f"each metric is within its exact bounds for P = {p}, N = {n}"
                    + (f" and rankings with {searched} exist" if searched else "")
                    + ", but the exhaustive search does not cover auc_pr_continuous "
                    "(a closed form) and no ranking of the chains fits",
                ),
            )
    return Verdict(
        "possible",
        (f"witness found by exhaustive search ({kind})",),
        make_witness(p, n, groups, intervals),
    )


def _undecided(p: int, n: int, what: str, max_steps: int, chained: bool = True) -> Verdict:
    chain = " and no ranking of the chain fits" if chained else ""
    return Verdict(
        "undecided",
        (
            f"each of {what} alone is within its exact bounds for P = {p}, N = {n}{chain}, "
            "but deciding further needs the exhaustive search, "
            f"which would exceed max_steps = {max_steps:,} "
            "steps; raise max_steps to search further",
        ),
    )
