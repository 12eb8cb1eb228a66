"""Every ranking, for an area the searches do not know: decided by its record alone.

An area added through a record (:mod:`rocpr_exact.areas.records`) with a ``published`` name
and a ``least`` value, but without the per-group terms of
:mod:`~rocpr_exact.consistency.search`, is decided here: every ranking of P positives and N
negatives (as tie groups, top first) is computed by the records' exact functions
(:func:`~rocpr_exact.consistency.walk.fits`), until one fits (a witness) or none is left
("impossible"); past ``max_steps`` rankings the verdict is "undecided".  Complete, and
exponential in P + N: the built-in areas take the searches instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.operating import POINT_METRICS
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.through import Ranges, passes
from rocpr_exact.consistency.walk import fits
from rocpr_exact.consistency.witness import Verdict, make_witness

__all__ = ["decide_every_ranking", "every_ranking"]


def every_ranking(p: int, n: int, ties: bool) -> Iterator[list[Group]]:
    """Every sequence of groups (positives, negatives), top first, adding up to (P, N):
    groups of one example only when ``ties`` is False.

    >>> [g for g in every_ranking(1, 1, ties=False)]
    [[(0, 1), (1, 0)], [(1, 0), (0, 1)]]
    >>> len(list(every_ranking(1, 1, ties=True)))      # and the two tied: [(1, 1)]
    3
    """

    def rest(tp: int, fp: int) -> Iterator[list[Group]]:
        if (tp, fp) == (p, n):
            yield []
            return
        for a in range(p - tp + 1):
            for b in range(n - fp + 1):
                if (a, b) == (0, 0) or (not ties and a + b != 1):
                    continue
                for tail in rest(tp + a, fp + b):
                    yield [(a, b), *tail]

    return rest(0, 0)


def decide_every_ranking(
    p: int,
    n: int,
    intervals: Mapping[str, Interval],
    required: list[Ranges],
    ties: bool,
    max_steps: int,
) -> Verdict:
    """The first ranking with every metric in its interval, through every required
    threshold (operating point, ROC points); "impossible" when there is none."""
    ranking = {name: i for name, i in intervals.items() if name not in POINT_METRICS}
    kind = "rankings with ties" if ties else "rankings without ties"
    tried = 0
    for groups in every_ranking(p, n, ties):
        tried += 1
        if tried > max_steps:
            return Verdict(
                "undecided",
                (
                    f"{', '.join(intervals)}: an area known only by its record is decided by "
                    f"computing every ranking, and P = {p}, N = {n} has more than max_steps = "
                    f"{max_steps:,} of them; raise max_steps to search further",
                ),
            )
        if all(passes(groups, r) for r in required) and fits(groups, p, n, ranking):
            reason = f"witness found by computing every ranking ({kind}; {tried:,} tried)"
            return Verdict("possible", (reason,), make_witness(p, n, groups, intervals))
    listed = ", ".join(intervals)
    return Verdict(
        "impossible",
        (
            f"every ranking of P = {p} positives and N = {n} negatives ({kind}, {tried:,} of "
            f"them) computed exactly: none has {listed} all in their intervals"
            + (" through the required thresholds" if required else ""),
        ),
    )
