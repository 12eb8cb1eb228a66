"""Reading a curve in ROC and PR space (Davis & Goadrich 2006, Section 4; docs/design.md, s. 1).

:class:`CurveReading` holds the questions asked of a :class:`~rocpr_exact.core.curve.Curve`
once it exists: its segments, the steps that add positives, the least FP at a TP level and the
exact precision of the PR curve at a recall (the image of the ROC polyline, Theorem 3.1, with the
recall-0 limit convention).  ``Curve`` inherits them; this module keeps the value type short.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from fractions import Fraction

from rocpr_exact.core.segment import Segment
from rocpr_exact.core.views import take
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.exact.display import html_table

__all__ = ["CurveReading"]


class CurveReading:
    """The ROC/PR reading of a curve's points ``tps``, ``fps`` over ``positives``, ``negatives``."""

    __slots__ = ()

    positives: int
    negatives: int
    tps: Sequence[int]
    fps: Sequence[int]

    def rising_index(self) -> tuple[int, ...]:
        raise NotImplementedError  # pragma: no cover - Curve provides it (cached)

    def segments(self) -> Iterator[Segment]:
        """The segments between consecutive points, in order."""
        tps, fps = self.tps, self.fps
        for i in range(1, len(tps)):
            yield Segment(tps[i - 1], fps[i - 1], tps[i], fps[i])

    def rising_steps(self) -> list[tuple[int, int, int, int]]:
        """(TP_A, FP_A, TP_B, FP_B) of every step that adds positives, in order.

        >>> from rocpr_exact.core.curve import Curve
        >>> Curve.from_scores([3, 2, 1], [0, 1, 1]).rising_steps()
        [(0, 1, 1, 1), (1, 1, 2, 1)]
        """
        rising = self.rising_index()
        before = [i - 1 for i in rising]
        return list(
            zip(
                take(self.tps, before),
                take(self.fps, before),
                take(self.tps, rising),
                take(self.fps, rising),
                strict=True,
            )
        )

    def min_fp_at(self, tp: Fraction | int) -> Fraction:
        """The least FP of the ROC polyline at TP = tp (0 <= tp <= P). O(log n).

        At a TP level with a vertical run of points this is the FP of the first
        of them, which gives the upper PR value there.
        """
        if not 0 <= tp <= self.positives:
            raise InvalidInputError(f"TP = {tp} lies outside [0, P = {self.positives}]")
        i = bisect_left(self.tps, tp)
        if self.tps[i] == tp:
            return Fraction(self.fps[i])
        return Segment(self.tps[i - 1], self.fps[i - 1], self.tps[i], self.fps[i]).fp_at(tp)

    def precision_at(self, recall: Fraction | int) -> Fraction:
        """The exact precision of the PR curve at a recall in [0, 1] (docs/design.md, section 1).

        The PR curve is the image of the ROC polyline (Theorem 3.1, Section 4);
        at a vertical drop this is the upper value.  At recall 0 it is the limit
        along the curve: the precision of the first segment that leaves TP = 0,
        which is 0 when negatives are ranked above every positive.  O(log n).

        >>> from rocpr_exact.core.curve import Curve
        >>> c = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
        >>> c.precision_at(Fraction(7, 20))   # Table 1: (TP, FP) = (7, 15)
        Fraction(7, 22)
        >>> c.precision_at(0)
        Fraction(1, 2)
        """
        if self.positives == 0:
            raise NoPositivesError("precision_at requires at least one positive example")
        if isinstance(recall, bool) or not isinstance(recall, int | Fraction):
            raise InvalidInputError(
                f"recall must be an exact int or Fraction, got {recall!r}; "
                "write decimals as Fraction('0.25')"
            )
        if not 0 <= recall <= 1:
            raise InvalidInputError(f"recall must lie in [0, 1], got {recall}")
        tp = recall * self.positives
        if tp == 0:
            return self.first_rising_segment().limit_precision_at_start()
        return Fraction(tp) / (tp + self.min_fp_at(tp))

    def require_both_classes(self, name: str) -> None:
        """Raise :class:`NoPositivesError` or :class:`NoNegativesError` unless P > 0 and N > 0.

        ``name`` is the function that needs them (ROC space needs both classes).
        """
        if self.positives == 0:
            raise NoPositivesError(f"{name} requires at least one positive example")
        if self.negatives == 0:
            raise NoNegativesError(
                f"{name} requires at least one negative example (ROC needs N > 0)"
            )

    def first_rising_segment(self) -> Segment:
        """The segment that leaves TP = 0 (it exists when P > 0)."""
        j = bisect_right(self.tps, 0) - 1
        return Segment(self.tps[j], self.fps[j], self.tps[j + 1], self.fps[j + 1])

    def _repr_html_(self) -> str:
        """A table in Jupyter: the class totals, the number of points, and the first and last
        points with their thresholds (never a dump of every count)."""
        tps, fps = self.tps, self.fps
        cuts = getattr(self, "thresholds", None)
        rows = [
            ("positives (P)", str(self.positives)),
            ("negatives (N)", str(self.negatives)),
            ("points", f"{len(tps):,}, from (TP, FP) = (0, 0) to (P, N)"),
        ]
        shown = list(range(min(len(tps), 6)))
        shown += list(range(max(len(tps) - 2, 6), len(tps)))
        for i in shown:
            if i > 6 and i == shown[6]:  # after the first six, a gap before the last two
                rows.append(("...", f"{len(tps) - 8:,} points not shown"))
            cut = "" if cuts is None or i == 0 else f", score >= {cuts[i - 1]}"
            rows.append((f"point {i}", f"TP {tps[i]}, FP {fps[i]}{cut}"))
        return html_table("rocpr_exact.Curve", rows)
