"""Exact histograms: the sorted tie groups (score, positives, negatives) of a dataset.

A histogram is what every engine reduces its rows to: one row per distinct
score, highest score first, with the exact integer numbers of positives and
negatives that carry it.  It is everything the curve depends on
(:meth:`Curve.from_groups`), and its size is the number of distinct scores, not
the number of rows: memory on the driver is independent of ``n``.

Merging is exact: counts are Python ints (added, never rounded), and scores are
compared by their exact values (Python compares ``int``, ``Fraction``,
``Decimal`` and ``float`` exactly, and equal values hash equal), so the merge of
the histograms of the parts of a dataset is the histogram of the whole, in any
order and for any split.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from rocpr_exact.core.curve import Curve, Thresholds
from rocpr_exact.core.data import ZERO_WEIGHTS, Score, normalize_scores
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.io.readers import parse_score, parse_weight

__all__ = [
    "LONG_WEIGHT_DIGITS",
    "Group",
    "Histogram",
    "from_labelled_counts",
    "merge_histograms",
    "weighed_rows",
]

#: Integer weights written with at most this many digits are summed inside an engine
#: (DuckDB's HUGEINT, Spark's DECIMAL(38, 0): the sum of 2**63 of them stays below 10**38);
#: a longer one is grouped by its text and summed here (:func:`weighed_rows`).
LONG_WEIGHT_DIGITS = 18

#: One tie group: (score, positives, negatives).
Group = tuple[Score, int, int]


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInputError(f"{what} must be a non-negative int, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Histogram:
    """The tie groups of a dataset, highest score first: ``groups[i] = (score, pos, neg)``.

    Invariants (:meth:`_check`): scores strictly decrease, every group holds at
    least one example, counts are non-negative ints.  ``positives`` and
    ``negatives`` are the totals.  Build with :meth:`from_rows` (any order,
    repeated scores added) or :func:`merge_histograms`.

    >>> h = Histogram.from_rows([(0.2, 1, 3), (0.9, 2, 0), (0.2, 0, 1)])
    >>> h.groups, h.positives, h.negatives
    (((0.9, 2, 0), (0.2, 1, 4)), 3, 4)
    """

    groups: tuple[Group, ...]

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        """Raise :class:`InvalidInputError` unless every invariant holds.  O(k)."""
        for i, (_, pos, neg) in enumerate(self.groups):
            _count(pos, f"histogram group {i}: positives")
            _count(neg, f"histogram group {i}: negatives")
            if pos + neg == 0:
                raise InvalidInputError(f"histogram group {i} holds no examples")
            if i and not self.groups[i - 1][0] > self.groups[i][0]:
                raise InvalidInputError(
                    f"histogram scores must strictly decrease: group {i - 1} has "
                    f"{self.groups[i - 1][0]!r}, group {i} has {self.groups[i][0]!r}"
                )

    @property
    def positives(self) -> int:
        """P, the number of positive examples."""
        return sum(pos for _, pos, _ in self.groups)

    @property
    def negatives(self) -> int:
        """N, the number of negative examples."""
        return sum(neg for _, _, neg in self.groups)

    def __len__(self) -> int:
        return len(self.groups)

    @classmethod
    def from_rows(cls, rows: Iterable[Sequence[Any]]) -> Histogram:
        """The histogram of rows (score, positives, negatives) in any order.

        A score may repeat (its counts are added); rows without examples are
        dropped; NaN scores and negative or non-integer counts are errors.
        O(k log k) for k rows.
        """
        merged: dict[Score, list[int]] = {}
        for i, row in enumerate(rows):
            if len(row) != 3:
                raise InvalidInputError(
                    f"histogram row {i} must be (score, positives, negatives), got {row!r}"
                )
            score = normalize_scores([row[0]])[0]
            counts = merged.setdefault(score, [0, 0])
            counts[0] += _count(row[1], f"histogram row {i}: positives")
            counts[1] += _count(row[2], f"histogram row {i}: negatives")
        groups = [(x, pos, neg) for x, (pos, neg) in merged.items() if pos + neg]
        groups.sort(key=lambda group: group[0], reverse=True)
        return cls(tuple(groups))

    def curve(self, thresholds: Thresholds = "all") -> Curve:
        """The curve of this histogram (the same as ``Curve.from_histogram(self.groups)``)."""
        if not self.groups:
            raise InvalidInputError("the dataset is empty; give at least one (score, label) pair")
        return Curve.from_groups(self.groups, thresholds)


def _merged(histograms: Sequence[Histogram]) -> Iterator[Group]:
    streams = [iter(h.groups) for h in histograms]
    current: list[Any] | None = None
    for score, pos, neg in heapq.merge(*streams, key=lambda g: g[0], reverse=True):
        if current is not None and current[0] == score:
            current[1] += pos
            current[2] += neg
            continue
        if current is not None:
            yield current[0], current[1], current[2]
        current = [score, pos, neg]
    if current is not None:
        yield current[0], current[1], current[2]


def merge_histograms(histograms: Iterable[Histogram]) -> Histogram:
    """The histogram of the union of the datasets: a k-way merge, equal scores added.

    Exact for any split of a dataset into parts (ints add exactly; scores are
    compared exactly).  O(k log m) for k groups in m histograms.

    >>> a = Histogram.from_rows([(3, 1, 0), (1, 0, 2)])
    >>> b = Histogram.from_rows([(Decimal("1.0"), 1, 1), (2, 0, 1)])
    >>> merge_histograms([a, b]).groups
    ((3, 1, 0), (2, 0, 1), (1, 1, 3))
    """
    return Histogram(tuple(_merged(list(histograms))))


def _label(value: Any, where: str, dialect: CsvDialect) -> int:
    """0 or 1 from a label as an engine returns it (bool, int, float, Decimal or text)."""
    if isinstance(value, str):
        return dialect.label(value, where)
    if value is not None and not isinstance(value, bytes):
        try:
            if value == 1 or value == 0:  # exact for bool, int, float, Decimal
                return 1 if value == 1 else 0
        except TypeError:
            pass
    raise InvalidInputError(
        f"{where}: label {value!r} is not 0/1 or true/false (1 = positive, 0 = negative)"
    )


def _score(value: Any, where: str) -> Score:
    if value is None:
        raise InvalidInputError(
            f"{where}: NULL score; every example needs a real score (remove the row or give it one)"
        )
    if isinstance(value, str):
        return parse_score(value, where)
    if isinstance(value, float) and value != value:
        raise InvalidInputError(
            f"{where}: NaN score; NaN has no place in a ranking: remove the example or give it "
            "a real score (infinities are allowed)"
        )
    if isinstance(value, Decimal) and value.is_nan():
        raise InvalidInputError(f"{where}: NaN score; every example needs a real score")
    try:
        return normalize_scores([value])[0]
    except InvalidInputError:  # a date, bytes, a list...: named by the source, not an index
        raise InvalidInputError(
            f"{where}: score {value!r} ({type(value).__name__}) is not a number; scores must be "
            "numbers or text that writes one"
        ) from None


def from_labelled_counts(
    rows: Iterable[Sequence[Any]],
    where: str,
    allow_empty: bool = False,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Histogram:
    """The histogram of engine output rows (score, label, count), as ``GROUP BY score, label``
    returns them.

    Every engine reduces its rows to this shape (one row per distinct pair, so
    the size does not grow with ``n``); the checks of the Python API and the
    CSV reader then run here, once per distinct value: a score must be a real
    number (NULL and NaN are refused), a label 0/1/true/false (NULL refused),
    a count a non-negative int.  ``where`` names the source in messages.
    (The engines check the number of rows against ``max_examples``.)  An empty result
    is an error unless ``allow_empty`` (one range of several may be empty).  Text labels are
    read by ``dialect`` (named labels, :class:`~rocpr_exact.io.dialect.CsvDialect`).
    """
    merged: dict[Score, list[int]] = {}
    labels: dict[Any, int] = {}
    read = 0
    for score_value, label_value, count in rows:
        read += 1
        if isinstance(count, Decimal) and count == count.to_integral_value():
            count = int(count)  # Spark returns exact integer sums as DECIMAL(38, 0)
        count = _count(count, f"{where}: the count of a group")
        key = (type(label_value), label_value)
        try:
            label = labels[key]
        except KeyError:
            label = labels[key] = _label(label_value, where, dialect)
        except TypeError:  # unhashable: a list or a dict from a nested column, never a label
            label = _label(label_value, where, dialect)
        score = _score(score_value, where)
        counts = merged.setdefault(score, [0, 0])
        counts[1 - label] += count
    groups = [(x, pos, neg) for x, (pos, neg) in merged.items() if pos + neg]
    if not groups and not allow_empty:
        if read:  # rows whose counts (the sums of their weights) are all 0
            raise InvalidInputError(f"{where}: {ZERO_WEIGHTS}")
        raise InvalidInputError(f"{where}: no data rows; give at least one (score, label) pair")
    if not allow_empty:  # a misspelt label name (io.dialect)
        dialect.check_found(sum(g[1] for g in groups), sum(g[2] for g in groups), where)
    groups.sort(key=lambda group: group[0], reverse=True)
    return Histogram(tuple(groups))


def weighed_rows(rows: Iterable[Sequence[Any]], where: str) -> list[tuple[Any, Any, int]]:
    """(score, label, weight x count) of engine rows (score, label, weight text, count): the
    groups of weights longer than :data:`LONG_WEIGHT_DIGITS` digits, read exactly by the python
    engine's ``parse_weight`` (its limits and messages), whatever their number of digits.

    >>> weighed_rows([("0.5", "1", "1" + "0" * 40, 3)], "f.csv")
    [('0.5', '1', 30000000000000000000000000000000000000000)]
    """
    weighed = []
    for score, label, text, count in rows:
        weight = parse_weight(text, where)
        if weight != int(weight):
            raise InvalidInputError(f"{where}: weight {text!r} is not an integer count")
        weighed.append((score, label, int(weight) * _count(count, f"{where}: a count")))
    return weighed
