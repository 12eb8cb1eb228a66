"""Decide exactly whether reported metrics can all be true for P positives and N negatives.

``check_consistency(P, N, {"auc_roc": "0.873", "precision": "0.60", ...})``
returns a :class:`Verdict`:

* ``"possible"`` with a :class:`Witness`: integer scores and labels whose
  metrics, recomputed with the package's own functions (``Curve.from_scores``,
  ``auc_roc``, ``auc_pr``, the confusion matrix at one threshold), all lie in
  the intervals the printed numbers stand for;
* ``"impossible"`` with the reason (no value of the metric's exact grid lies
  in the interval; the value is below the least possible; no whole numbers
  of examples give the operating point; or the exact search over every
  ranking found none);
* ``"undecided"``: every sound necessary condition holds but the exact search
  would exceed ``max_steps`` steps (or P + N is past ``max_search_examples``, the limit of
  the searches that cost O(P + N) per step: :mod:`~rocpr_exact.consistency.searchsize`).

How each case is decided:

* operating-point metrics alone (precision, recall, f1, accuracy,
  specificity at one threshold): for each TP each metric is a ratio of
  linear functions of FP, so its interval is an interval of integer FP;
  exact for any P, N in O(P).
* AUC-ROC, with or without an operating point: a ranking through (TP, FP)
  has 2U in [2 TP (N - FP), 2 TP N + 2 (P - TP)(N - FP)] (top block beats
  the bottom negatives; each block's own pairs are free), every integer in
  it occurs with ties and every even one without; exact for any P, N in
  O(P + N).
* average precision and the ``davis-goadrich``, ``linear`` and
  ``continuous`` areas: first the exact one-metric bounds of
  :mod:`rocpr_exact.consistency.bounds`; then (:mod:`~rocpr_exact.consistency.finders`)
  the walk between two rankings of one AUC-ROC (:mod:`rocpr_exact.consistency.walk`)
  and binary searches along chains of rankings (:mod:`rocpr_exact.consistency.chain`),
  any size, witnesses only; then the exhaustive search of
  :mod:`rocpr_exact.consistency.search` (which leaves out the ``continuous``
  area, a closed form).
* ROC points read from a figure (``through``): each box of whole counts is a
  threshold the ranking must pass (:mod:`rocpr_exact.consistency.through`); with an
  operating point and no AUC-ROC or area, exact by a chain through the boxes
  (:mod:`rocpr_exact.consistency.boxchain`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from rocpr_exact.areas.records import area_records
from rocpr_exact.consistency.apbounds import auc_ap_reasons
from rocpr_exact.consistency.boxchain import check_boxes
from rocpr_exact.consistency.certificates import searched
from rocpr_exact.consistency.engine.protocol import Certificate
from rocpr_exact.consistency.finders import decide_areas
from rocpr_exact.consistency.onemetric import (
    ap_bounds,
    at_one_threshold,
    impossible,
    single_metric_reasons,
)
from rocpr_exact.consistency.operating import (
    POINT_METRICS,
    first_fit,
    fp_ranges,
    tp_span,
)
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.searchsize import searchable
from rocpr_exact.consistency.through import Ranges, box_ranges, passes
from rocpr_exact.consistency.witness import (
    METRICS,
    Verdict,
    Witness,
    auc_and_point,
    make_witness,
)
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.limits import check_examples

__all__ = [
    "METRICS",
    "POINT_METRICS",
    "Verdict",
    "Witness",
    "check_consistency",
    "decided_names",
    "reported_names",
]

#: Default bound on the steps of the exhaustive search (past it the verdict is "undecided").
DEFAULT_MAX_STEPS = 100_000


def decided_names() -> tuple[str, ...]:
    """The names :func:`check_consistency` decides: :data:`METRICS`, then the ``published``
    name of each area record added with a ``least`` value (decided by every ranking,
    :mod:`~rocpr_exact.consistency.every`).

    >>> decided_names() == METRICS
    True
    """
    added = (r.published for r in area_records() if r.published and r.least is not None)
    return METRICS + tuple(name for name in added if name not in METRICS)


def reported_names() -> tuple[str, ...]:
    """The names ``consistent`` takes: :func:`decided_names`, then each area record's name
    that has no consistency bounds (:func:`check_consistency` refuses it, naming the area).

    >>> reported_names() == METRICS
    True
    """
    decided = decided_names()
    areas = [record.published or record.metric for record in area_records()]
    return decided + tuple(name for name in areas if name not in decided)


# -- the decision -----------------------------------------------------------------------------


def check_consistency(
    positives: int,
    negatives: int,
    reported: Mapping[str, str | Decimal | int],
    rounding: Rounding = "nearest",
    *,
    ties: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
    through: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
) -> Verdict:
    """Decide whether reported metrics can all hold for a ranking of P positives, N negatives.

    ``reported`` maps metric names (:data:`METRICS`) to the numbers as printed
    ("0.873"); see :func:`~rocpr_exact.consistency.reported.reported_interval`
    for ``rounding``.  The operating-point metrics refer to one and the same
    threshold.  ``ties=False`` asks for a ranking without tied scores.
    ``max_steps`` bounds the exhaustive search used when average precision or
    an AUC-PR is reported (see the module docstring); past it the verdict is
    "undecided".  ``through`` lists boxes (TP range, FP range) of whole counts
    the ranking must pass through, each at some threshold (ROC points read
    from a figure, :func:`~rocpr_exact.consistency.figures.pr_boxes_from_roc`).

    >>> check_consistency(10, 10, {"auc_roc": "0.873"}).verdict      # 87.3/100 is not k/200
    'impossible'
    >>> v = check_consistency(4, 7, {"precision": "0.60", "recall": "0.50"})  # TP = 2, FP = 4/3
    >>> v.verdict, v.reasons[0]
    ('impossible', 'precision 0.60 and recall 0.50 cannot hold at one threshold: ...')
    >>> v = check_consistency(2, 3, {"auc_roc": "0.75", "average_precision": "0.8"})
    >>> v.verdict, v.witness.scores, v.witness.labels
    ('possible', (4, 3, 2, 2, 1), (1, 0, 1, 0, 0))

    Raises :class:`~rocpr_exact.errors.InvalidInputError` for counts below 1,
    unknown metric names, no reported metric, or a number not written as
    digits.
    """
    p, n = positives, negatives
    for name, value in (("positives", p), ("negatives", n)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"check_consistency: {name} must be an int >= 1, got {value!r}")
    # A witness is a ranking of P + N examples, and the search walks TP = 0..P: bounded first
    # (the count is not written: str() of a 5,000-digit int is refused by Python).
    check_examples(p + n, "check_consistency: positives + negatives")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidInputError(
            f"check_consistency: max_steps must be an int >= 1, got {max_steps!r}"
        )
    decided = decided_names()
    for name in set(reported) - set(decided):
        area = next((r for r in area_records() if name in (r.published, r.metric)), None)
        if area is not None:
            raise InvalidInputError(
                f"check_consistency: the AUC-PR area {name!r} (method {area.method!r}) has no "
                "consistency bounds: its record (rocpr_exact.areas.records) declares none that "
                "consistent can decide"
            )
    unknown = sorted(set(reported) - set(decided))
    if unknown:
        raise InvalidInputError(
            f"check_consistency: unknown metric {unknown[0]!r}; "
            f"the metrics are {', '.join(METRICS)}"
        )
    if not reported:
        raise InvalidInputError("check_consistency requires at least one reported metric")
    intervals = {
        name: reported_interval(reported[name], rounding) for name in decided if name in reported
    }
    texts = {name: str(reported[name]) for name in intervals}
    reasons = single_metric_reasons(p, n, intervals, texts, ties)
    if not reasons and searchable(p, n):  # the sound AP bounds: O(P) per step
        bounded = auc_ap_reasons(p, n, intervals, texts, ties)
        reasons = [(r, ap_bounds(p, n, intervals["auc_roc"], ties)) for r in bounded]
    if reasons:
        return impossible(reasons)
    points = {name: intervals[name] for name in POINT_METRICS if name in intervals}
    if points and len(points) == len(intervals) and not through:
        return _operating_point(p, n, intervals, texts, ties)
    ranges = fp_ranges(p, n, points) if points else None
    if len(points) > 1 and first_fit(p, n, points) is None:  # lazy: stops at the first fit
        listed = " and ".join(f"{name} {texts[name]}" for name in points)
        return impossible(
            [
                (
                    f"{listed} cannot hold at one threshold: no whole numbers 0 <= TP <= {p}, "
                    f"0 <= FP <= {n} give all of them",
                    at_one_threshold(list(points)),
                )
            ]
        )
    required = ([ranges] if ranges is not None else []) + [box_ranges(p, *b) for b in through]
    others = [record.published for record in area_records() if record.published in intervals]
    if not others and "auc_roc" not in intervals:  # an operating point and ROC points only
        boxes = check_boxes(
            p,
            n,
            through,
            ties=ties,
            max_steps=max_steps,
            point=ranges,
            span=tp_span(p, intervals),
            intervals=intervals,
            texts=texts,
        )
        return searched(boxes, "rocpr_exact.consistency.boxchain", max_steps=max_steps)
    if not others:
        return _auc_and_thresholds(p, n, intervals, texts, required, ties)
    verdict = decide_areas(p, n, intervals, required, ties, max_steps)
    return searched(verdict, "rocpr_exact.consistency.finders", max_steps=max_steps)


def _auc_and_thresholds(
    p: int,
    n: int,
    intervals: Mapping[str, Interval],
    texts: Mapping[str, str],
    required: list[Ranges],
    ties: bool,
) -> Verdict:
    """AUC-ROC (or nothing) with thresholds to pass: exact for one, each necessary for several."""
    auc = intervals.get("auc_roc")
    at_point = any(name in texts for name in POINT_METRICS)
    built = []
    span = tp_span(p, intervals) if at_point else None  # the operating point is required[0]
    for index, ranges in enumerate(required or [[(0, 0)] + [(1, 0)] * p]):
        found = auc_and_point(p, n, auc, {}, ties, ranges, span if index == 0 else None)
        if found is None:
            point = index == 0 and at_point
            what = "the operating point" if point else "a ROC point's box"
            data: dict[str, Any] = (
                {"metrics": [name for name in POINT_METRICS if name in texts]}
                if point
                else {"roc_point": index - at_point} if required else {"roc_point": None}
            )
            reason = (
                f"auc_roc {texts.get('auc_roc')} cannot hold together with {what}: "
                "a ranking through (TP, FP) has 2 P N AUC-ROC in "
                "[2 TP (N - FP), 2 TP N + 2 (P - TP)(N - FP)] and no admissible (TP, FP) "
                "reaches the interval"
            )
            return impossible([(reason, Certificate("threshold-auc", (), data))])
        built.append(found)
    groups, (tp, fp) = built[0]
    if not all(passes(groups, ranges) for ranges in required[1:]):
        return Verdict(
            "undecided",
            (
                "each required threshold (operating point, ROC points) is possible with "
                "the reported auc_roc alone, but the ranking built through the first does "
                "not pass through the others; several thresholds together are decided by "
                "construction only",
            ),
        )
    how = f" (through TP = {tp}, FP = {fp})" if required else ""
    return Verdict(
        "possible", (f"witness constructed directly{how}",), make_witness(p, n, groups, intervals)
    )


def _operating_point(
    p: int, n: int, intervals: Mapping[str, Interval], texts: Mapping[str, str], ties: bool
) -> Verdict:
    """Operating-point metrics alone: the first fitting (TP, FP), two tied runs as the witness.

    The ranking "TP positives and FP negatives tied above the rest, tied" has the
    threshold (TP, FP), so any fitting counts give a witness of two runs (without
    ties: the same order, one example per run).
    """
    found = first_fit(p, n, intervals)
    if found is None:
        listed = " and ".join(f"{name} {texts[name]}" for name in intervals)
        return impossible(
            [
                (
                    f"{listed} cannot hold at one threshold: no whole numbers 0 <= TP <= {p}, "
                    f"0 <= FP <= {n} give all of them",
                    at_one_threshold(list(intervals)),
                )
            ]
        )
    tp, fp = found
    runs = [g for g in ((tp, fp), (p - tp, n - fp)) if g != (0, 0)]
    if not ties:
        runs = [(1, 0)] * tp + [(0, 1)] * fp + [(1, 0)] * (p - tp) + [(0, 1)] * (n - fp)
    reason = f"witness constructed directly (operating point TP = {tp}, FP = {fp})"
    return Verdict("possible", (reason,), make_witness(p, n, runs, intervals))
