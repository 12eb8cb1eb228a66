"""The DeLong verdict on a printed AUC-ROC interval: the paths of check_auc_ci by size.

:func:`decide_delong` takes the AUCs m / (2PN) the interval's centre allows and decides, in
order (module notes of :mod:`rocpr_exact.consistency.intervals`): every ranking enumerated
(P + N <= 12); the exact extremes with the exact search between them (P = N = 25, say); the
window's extremes near AUC 0 or 1; past those, the exact greatest variance
(:mod:`~rocpr_exact.consistency.delong_greatest`) and the Lagrangian bound on the least
(:mod:`~rocpr_exact.consistency.delong_lagrange`); then the witness search.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Literal

from rocpr_exact.consistency.ci_verdict import IntervalVerdict, Target, possible, prints
from rocpr_exact.consistency.delong_between import BETWEEN_STATES, ranking_in_window
from rocpr_exact.consistency.delong_ci import delong_candidates, delong_witness, needs_ties
from rocpr_exact.consistency.delong_extremes import (
    extreme_witness,
    extremes_exclude,
    extremes_fit,
    interior_witness,
    near_fit,
    s_window,
    variance_of,
)
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
from rocpr_exact.consistency.delong_small import EXHAUSTIVE_EXAMPLES, small_witness
from rocpr_exact.consistency.enclosures import ends_in
from rocpr_exact.consistency.witness import Group

__all__ = ["MAX_STEPS", "WITNESS_AUCS", "decide_delong"]

#: Ranges of m examined (each an Arb evaluation or a rational bound) before "undecided".
MAX_STEPS = 200_000
#: How many AUCs not excluded (nearest the centre) the DeLong witness search tries.
WITNESS_AUCS = 16


def decide_delong(
    p: int, n: int, centres: range, target: Target, shown: str, ties: bool = True
) -> IntervalVerdict:
    """Possible (a witness), impossible (the reason) or undecided, for the interval ``shown``
    whose centre allows the 2U in ``centres`` (not empty); without ``ties``, over the rankings
    in which no positive ties a negative (:func:`_untied`)."""
    z, low, high = target
    if p < 2 or n < 2:
        return IntervalVerdict(
            "impossible",
            (f"DeLong's variance needs P, N >= 2 (got P = {p}, N = {n}): no interval is printed",),
        )
    if not ties:
        return _untied(p, n, centres, target, shown)
    small = p + n <= EXHAUSTIVE_EXAMPLES
    exact = not small and extremes_fit(p, n)
    window = None  # past the whole programme: the one over the centre's m, near an end
    if not small and not exact and centres and near_fit(p, n, centres[0], centres[-1]):
        window = (centres[0], centres[-1])
    exact = exact or window is not None
    priced = not small and not exact and lagrange_fit(p, n)  # the bound over every m
    greatest = not small and not exact and greatest_fit(p, n)  # the exact greatest S
    wanted = len(centres) if small or exact or priced or greatest else WITNESS_AUCS
    kept = delong_candidates(p, n, centres, z, low, high, wanted, MAX_STEPS)
    if kept == "budget":
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of the AUC",))
    if not kept:
        return IntervalVerdict(
            "impossible",
            (
                f"for every AUC m/(2PN) in the centre's range, no DeLong variance in its proven "
                f"range [0, A(1 - A)(1/(P - 1) + 1/(N - 1))] gives an interval that prints as "
                f"{shown}",
            ),
        )
    if small:
        return _small(p, n, kept, target, shown)
    if exact:
        kept = [m for m in kept if not extremes_exclude(p, n, m, z, low, high, window)]
        if not kept:
            return IntervalVerdict(
                "impossible",
                (
                    f"for every AUC m/(2PN) in the centre's range, no DeLong variance between the "
                    f"least and the greatest over every ranking of P = {p} and N = {n} with that "
                    f"AUC, ties included (exact: docs/inference.md), gives an interval that "
                    f"prints as {shown}",
                ),
            )
        for m in kept:
            extreme = extreme_witness(p, n, m, z, low, high, window)
            if extreme is not None:
                return possible(p, n, m, extreme, "delong", target)
        if window is None:  # the whole programme: the exact search between the extremes
            decided = _between(p, n, kept, target, shown)
            if decided is not None:
                return decided
        kept = kept[:WITNESS_AUCS]
        for m in kept:  # between the extremes: the programme's walk toward the S needed
            inside = interior_witness(p, n, m, z, low, high)
            if inside is not None and prints(p, n, inside, target):
                return possible(p, n, m, inside, "delong", target)
    narrow: set[int] = set()  # m whose greatest variance is too small
    if greatest:
        for m in kept:
            window_s = s_window(p, n, m, z, low, high)
            if window_s is None or greatest_s(p, n, m) < window_s[0]:
                narrow.add(m)
            elif _s_prints(p, n, m, target)(greatest_s(p, n, m)):
                return possible(p, n, m, greatest_ranking(p, n, m), "delong", target)
        kept = [m for m in kept if m not in narrow]
    wide: set[int] = set()  # m whose least variance (the Lagrangian bound) is too large
    tied: list[int] = []
    lines: list[Line] = []
    if priced and kept:
        tied = [m for m in kept if needs_ties(p, n, m, z, low, high)]
        lines = least_s_lines(p, n, sorted({min(tied), max(tied)})) if tied else []
        for _, m, _, ranking in lines:  # the programme's rankings: witnesses if they print
            if m in kept and prints(p, n, list(ranking), target):
                return possible(p, n, m, list(ranking), "delong", target)
        wide = {m for m in tied if lagrange_excludes(p, n, m, z, low, high, lines)}
        kept = [m for m in kept if m not in wide]
    if (priced or greatest) and kept and three_groups_fit(p, n):
        windows = {m: s for m in kept if (s := s_window(p, n, m, z, low, high)) is not None}
        three = three_groups(p, n, windows)
        if three is not None and prints(p, n, three[1], target):
            return possible(p, n, three[0], three[1], "delong", target)
    listed: set[int] = set()  # m where the listing near the Lagrangian optimum found none
    for m in [m for m in tied if m in kept]:
        window_s = s_window(p, n, m, z, low, high)
        if window_s is None:
            listed.add(m)
            continue
        s_low, prints_s = window_s[0], _s_prints(p, n, m, target)

        def accept(s: int, s_low: int = s_low, prints_s: Callable[[int], bool] = prints_s) -> bool:
            return s >= s_low and prints_s(s)

        found = ranking_below(p, n, m, window_s[1], lines, accept)
        if found == "budget":
            break
        if found != "none":
            return possible(p, n, m, found, "delong", target)
        listed.add(m)
    kept = [m for m in kept if m not in listed]
    if (priced or greatest) and not kept:
        return IntervalVerdict("impossible", (_past_reason(shown, narrow, wide, listed),))
    kept = kept[:WITNESS_AUCS]
    for m in kept:
        groups = delong_witness(p, n, m, z, low, high)
        if groups is not None:
            return possible(p, n, m, groups, "delong", target)
    if not small and not exact and pair_fit(p, n):  # between the pair family's extremes
        for m in kept:
            paired = _pair_witness(p, n, m, target)
            if paired == "budget":  # one budget per interval
                break
            if isinstance(paired, list):
                return possible(p, n, m, paired, "delong", target)
    reasons = [
        "AUC values remain that the variance bounds do not exclude, and the witness search "
        f"(docs/inference.md) found no ranking at the {len(kept)} nearest the centre"
    ]
    if exact:
        reasons.append(
            "at each of them the printed interval needs a variance between the exact least "
            "and greatest over every ranking with that AUC (docs/inference.md), neither of "
            "which prints as given, and not every variance between them is a ranking's; "
            + (
                "near AUC 0 or 1 past P = N = 25 only a walk between them is tried"
                if window is not None
                else f"the exact search between them passed {BETWEEN_STATES:,} states"
            )
        )
    elif all(needs_ties(p, n, m, z, low, high) for m in kept):
        reasons.append(
            "at each of them even the least variance of a ranking without ties (one tied "
            "pair for an odd 2U; proven, docs/inference.md) gives a wider interval: only "
            "rankings with more tied scores could print this one, and "
            + (
                "the Lagrangian bound on their least variance does not exclude it, and the "
                f"listing of the rankings close to it passed {NEAR_STATES:,} states"
                if priced
                else "at this P and N their variance is not bounded more tightly (the exact "
                "extremes run up to about P = N = 25, further only near AUC 0 or 1, and the "
                "Lagrangian bound up to P = N = 82: docs/inference.md)"
            )
        )
    return IntervalVerdict("undecided", tuple(reasons))


def _pair_witness(
    p: int, n: int, m: int, target: Target
) -> list[Group] | Literal["none", "budget"]:
    """A ranking with 2U = m whose only ties are single tied pairs and whose interval prints
    (the exact search of :mod:`~rocpr_exact.consistency.delong_between` over that family),
    "none" or "budget"."""
    z, low, high = target
    window = s_window(p, n, m, z, low, high)
    if window is None:
        return "none"
    return ranking_in_window(p, n, m, *window, _s_prints(p, n, m, target), pairs=True)


def _s_prints(p: int, n: int, m: int, target: Target) -> Callable[[int], bool]:
    """Whether the interval of a ranking with 2U = m and the integer S of
    :mod:`~rocpr_exact.consistency.delong_extremes` prints as given (certified)."""
    z, low, high = target
    area = Fraction(m, 2 * p * n)
    return lambda s: ends_in(area, variance_of(p, n, m, s), z, low, high)


def _past_reason(shown: str, narrow: set[int], wide: set[int], listed: set[int]) -> str:
    """Why no AUC kept past the whole programme prints ``shown`` (one line)."""
    parts = []
    if narrow:
        parts.append(
            f"at {len(narrow)} of them even the greatest variance over every ranking with that "
            "AUC, ties included (exact: docs/inference.md), gives too narrow an interval"
        )
    if wide:
        parts.append(
            f"at {len(wide)} of them the least variance without ties gives too wide an "
            "interval, and so does the Lagrangian bound on the least over every ranking, ties "
            "included (docs/inference.md)"
        )
    if listed:
        parts.append(
            f"at {len(listed)} of them every ranking whose variance is close enough to the "
            "Lagrangian bound to print it was listed (docs/inference.md), and none does"
        )
    return (
        f"for every AUC m/(2PN) in the centre's range, no DeLong variance in its proven range "
        f"gives an interval that prints as {shown}: " + "; ".join(parts)
    )


def _untied(p: int, n: int, centres: range, target: Target, shown: str) -> IntervalVerdict:
    """The verdict over rankings without a positive tied with a negative: even 2U only; every
    such ranking enumerated for P + N <= EXHAUSTIVE_EXAMPLES; past it the exclusions over every
    ranking (the extremes, the greatest variance: they hold for these too) and the exact least
    variance without ties, and the witness search, whose rankings have no ties at even 2U."""
    z, low, high = target
    small = p + n <= EXHAUSTIVE_EXAMPLES
    exact = not small and extremes_fit(p, n)
    greatest = not small and not exact and greatest_fit(p, n)
    wanted = len(centres) if small or exact or greatest else WITNESS_AUCS
    kept = delong_candidates(p, n, centres, z, low, high, wanted, MAX_STEPS, even=True)
    if kept == "budget":
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of the AUC",))
    complete = small or exact or greatest or len(kept) < wanted
    if small:
        found = small_witness(p, n, kept, z, low, high, ties=False)
        if found is not None:
            return possible(p, n, found[0], found[1], "delong", target, ties=False)
        return IntervalVerdict(
            "impossible",
            (
                f"every ranking of P = {p} positives and N = {n} negatives without ties was "
                f"enumerated: none has a DeLong interval that prints as {shown}",
            ),
        )
    if exact:
        kept = [m for m in kept if not extremes_exclude(p, n, m, z, low, high, None)]
    if greatest:
        kept = [m for m in kept if _wide_enough(p, n, m, target)]
    kept = [m for m in kept if not needs_ties(p, n, m, z, low, high)]
    if not kept and complete:
        return IntervalVerdict(
            "impossible",
            (
                f"for every even 2U = m (no ties) with m/(2PN) in the centre's range, DeLong's "
                f"variance between the least without ties and the greatest over every ranking "
                f"(exact: docs/inference.md) gives no interval that prints as {shown}",
            ),
        )
    for m in kept[:WITNESS_AUCS]:
        groups = delong_witness(p, n, m, z, low, high)
        if groups is not None:
            return possible(p, n, m, groups, "delong", target, ties=False)
    return IntervalVerdict(
        "undecided",
        (
            "AUC values remain that the variance bounds do not exclude, and the witness search "
            f"among rankings without ties found none at the {min(len(kept), WITNESS_AUCS)} "
            "nearest the centre (docs/inference.md)",
        ),
    )


def _wide_enough(p: int, n: int, m: int, target: Target) -> bool:
    """The greatest variance at 2U = m (ties included) reaches the window the ends need."""
    window = s_window(p, n, m, *target)
    return window is not None and greatest_s(p, n, m) >= window[0]


def _small(p: int, n: int, kept: list[int], target: Target, shown: str) -> IntervalVerdict:
    """The exact verdict of P + N <= EXHAUSTIVE_EXAMPLES: every ranking tried."""
    found = small_witness(p, n, kept, *target)
    if found is not None:
        return possible(p, n, found[0], found[1], "delong", target)
    return IntervalVerdict(
        "impossible",
        (
            f"every ranking of P = {p} positives and N = {n} negatives, ties included, was "
            f"enumerated: at the {len(kept)} AUCs the variance bounds do not exclude, none has "
            f"a DeLong interval that prints as {shown}",
        ),
    )


def _between(p: int, n: int, kept: list[int], target: Target, shown: str) -> IntervalVerdict | None:
    """Possible or impossible by the exact search between the extremes at every m kept
    (:mod:`~rocpr_exact.consistency.delong_between`); None when a search ran out of states."""
    z, low, high = target
    budget = []
    for m in kept:
        window = s_window(p, n, m, z, low, high)
        if window is None:
            continue
        found = ranking_in_window(p, n, m, *window, _s_prints(p, n, m, target))
        if found == "budget":  # the others are not searched: one budget per interval
            budget.append(m)
            break
        if found != "none":
            return possible(p, n, m, found, "delong", target)
    if budget:
        return None
    return IntervalVerdict(
        "impossible",
        (
            f"at each of the {len(kept)} AUCs m/(2PN) the extremes do not exclude, an exact "
            f"search over every ranking of P = {p} and N = {n} with that AUC, ties included "
            f"(docs/inference.md), finds none whose DeLong interval prints as {shown}",
        ),
    )
