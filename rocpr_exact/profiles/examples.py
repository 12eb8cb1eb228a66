"""A curve as the examples a twin is called with: the tables of tools whose twins read scores.

The twins of torchmetrics, keras, xgboost, Spark, pROC, ROCR and precrec take
``(scores, labels)`` and apply their tool's own view of the scores (float32 and the sigmoid of
logits for torchmetrics, float32 for keras and xgboost, doubles for R and Spark).  Their metric
tables (``CURVE_METRICS`` in each ``profiles/<tool>``, docs/oracle.md, "Profiles") see the data as
it reaches the tool from Python: every score a double
(:func:`~rocpr_exact.profiles.ieee.double_seen`, a Python float, so that ``torch.tensor`` of a
list makes it float32), and each metric calls the twin itself on :func:`examples` of that
curve, so the table has no formula of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.errors import InvalidInputError, NoPositivesError
from rocpr_exact.limits import check_examples
from rocpr_exact.profiles.ieee import to_double

__all__ = ["examples", "twin_metric"]


def examples(curve: Curve, tool: str) -> tuple[list[float], list[int]]:
    """The curve's examples, highest score first: each tie group's positives (label 1) and then
    its negatives (label 0) at its threshold's double (a Python float).

    >>> examples(Curve.from_scores([0.5, 0.25, 0.5], [1, 0, 0]), "rocr")
    ([0.5, 0.5, 0.25], [1, 0, 0])

    A curve without thresholds (made from counts) is refused: the twin needs the scores.
    O(number of examples), bounded by ``max_examples``.
    """
    cuts = require_curve(curve, "curve").thresholds
    if cuts is None:
        raise InvalidInputError(
            f"profile {tool!r} calls its twin with the scores, and this curve has none (a curve "
            "of counts): give (scores, labels) or a curve made from scores"
        )
    check_examples(int(curve.positives) + int(curve.negatives), f"profile {tool!r}")
    doubles = [to_double(cut, "thresholds") for cut in cuts]  # a Python float each
    tps, fps = curve.tps, curve.fps
    scores: list[float] = []
    labels: list[int] = []
    for i, cut in enumerate(doubles, start=1):
        positives, negatives = int(tps[i] - tps[i - 1]), int(fps[i] - fps[i - 1])
        scores += [cut] * (positives + negatives)
        labels += [1] * positives + [0] * negatives
    return scores, labels


def twin_metric(
    tool: str,
    twin: Callable[[list[float], list[int]], Any],
    *,
    both: str = "",
    positives: str = "",
) -> Callable[[Curve], Any]:
    """The metric of a curve that is ``twin(scores, labels)`` of its :func:`examples`.

    ``both`` (or ``positives``) names the tool's function where it gives no exact value
    without both classes (or without a positive), e.g. ``"torchmetrics binary_auroc (which
    returns 0 here, with a warning)"``: there the metric raises :class:`NoPositivesError` /
    :class:`NoNegativesError` with that name, as the other tables do (undefined in a report).

    >>> from fractions import Fraction
    >>> area = twin_metric("toy", lambda s, y: Fraction(sum(y), len(y)), positives="toy")
    >>> area(Curve.from_scores([0.5, 0.25], [1, 0]))
    Fraction(1, 2)
    """

    def metric(curve: Curve) -> Any:
        if both:
            curve.require_both_classes(both)
        elif positives and curve.positives == 0:
            raise NoPositivesError(f"{positives} requires at least one positive example")
        return twin(*examples(curve, tool))

    return metric
