"""The cases of the golden vectors, before evaluation (:mod:`rocpr_exact.oracle.vectors`).

Each :class:`Case` is a dataset (scored examples or tie groups, scores as exact text) with its
fixed flags: the paper's Table 1 and Figure 6, ties, negatives first, all tied, one positive,
20 vs 2000, invalid inputs, and the Figure 7 curves read from ``examples/figure7.json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.core.data import Score
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.io.jsonfile import loads, read_json

__all__ = [
    "FIGURE6_GROUPS",
    "TABLE1_GROUPS",
    "Case",
    "default_cases",
    "figure7_cases",
    "parse_vector_score",
]


#: Table 1 and Figure 6 as tie groups; the same data as examples/table1.csv and
#: examples/figure6.csv (see examples/make_examples.py; a test checks they agree).
TABLE1_GROUPS = (("3", 5, 5), ("2", 5, 25), ("1", 10, 1970))
FIGURE6_GROUPS = (("2", 9, 0), ("1", 424, 56164))


@dataclass(frozen=True, slots=True)
class Case:
    """One test case before evaluation: its input, in one of the two forms, and fixed flags."""

    comment: str
    flags: tuple[str, ...] = ()
    scores: tuple[str, ...] | None = None
    labels: tuple[int, ...] | None = None
    groups: tuple[tuple[str, int, int], ...] | None = None

    def __post_init__(self) -> None:
        if (self.groups is None) == (self.scores is None or self.labels is None):
            raise InvalidInputError("a vector case has either scores and labels, or groups")

    @property
    def group_type(self) -> str:
        """The test group this case belongs to."""
        return "TieGroups" if self.groups is not None else "ScoredExamples"

    def input(self) -> dict[str, Any]:
        """The JSON input object."""
        if self.groups is not None:
            return {"groups": [list(g) for g in self.groups]}
        return {"scores": list(self.scores or ()), "labels": list(self.labels or ())}

    def curve(self) -> Curve:
        """The curve of the input; raises the input's error for an invalid case."""
        if self.groups is not None:
            parsed = [(parse_vector_score(s), p, n) for s, p, n in self.groups]
            return Curve.from_groups(parsed)
        scores = [parse_vector_score(s) for s in self.scores or ()]
        return Curve.from_scores(scores, list(self.labels or ()))


def parse_vector_score(text: str) -> Score:
    """A vector score string as an exact score ("NaN" gives a Decimal NaN, rejected later).

    >>> parse_vector_score("0.1"), parse_vector_score("-1/3"), parse_vector_score("inf")
    (Fraction(1, 10), Fraction(-1, 3), Decimal('Infinity'))
    """
    value = parse_number(text, "vector score", infinities=True, nan=True)
    if isinstance(value, Fraction) or not value.is_finite():
        return value
    return Fraction(value)


def _scored(comment: str, scores: Sequence[object], labels: Sequence[int], *flags: str) -> Case:
    return Case(comment, flags, tuple(str(s) for s in scores), tuple(labels))


def _grouped(comment: str, groups: Sequence[tuple[object, int, int]], *flags: str) -> Case:
    return Case(comment, flags, groups=tuple((str(s), p, n) for s, p, n in groups))


def _formula_groups(
    positives: int, negatives: int, pos_score: Any, neg_score: Any
) -> list[tuple[int, int, int]]:
    """Tie groups of integer scores given by formulas (deterministic on every platform)."""
    counts: dict[int, list[int]] = {}
    for i in range(positives):
        counts.setdefault(pos_score(i), [0, 0])[0] += 1
    for j in range(negatives):
        counts.setdefault(neg_score(j), [0, 0])[1] += 1
    return [(score, p, n) for score, (p, n) in sorted(counts.items(), reverse=True)]


def default_cases() -> list[Case]:
    """The built-in cases, in tcId order (Figure 7 cases, if any, come after them)."""
    mixed = [(7 * i) % 11 for i in range(60)]
    mixed_labels = [1 if (i * i + 1) % 5 < 2 else 0 for i in range(60)]
    return [
        _scored("scikit-learn documentation example", ["0.1", "0.4", "0.35", "0.8"], [0, 0, 1, 1]),
        _scored("ties within and across classes", [3, 2, 2, 2, 1, 1], [1, 1, 0, 0, 1, 0]),
        _scored("two negatives ranked above every positive", [5, 4, 3, 2, 1], [0, 0, 1, 0, 1]),
        _scored("every score tied", ["0.5"] * 5, [1, 0, 0, 1, 0]),
        _scored("one positive among nine negatives", range(9, -1, -1), [0, 0, 0, 1] + [0] * 6),
        _scored("one negative among seven positives", range(8), [1, 1, 1, 0, 1, 1, 1, 1]),
        _scored("perfect ranking", [4, 3, 2, 1], [1, 1, 0, 0]),
        _scored("worst ranking: every negative above every positive", [4, 3, 2, 1], [0, 0, 1, 1]),
        _scored("one positive and one negative, tied", [1, 1], [1, 0]),
        _scored(
            "0.1 < 0.1000000000000000055511151231257827 and 0.3333333333333333 < 1/3 exactly, "
            "but each pair is one double",
            ["0.1", "0.1000000000000000055511151231257827", "1/3", "0.3333333333333333"],
            [0, 1, 1, 0],
            "ExactScores",
        ),
        _scored(
            "infinite, negative and fractional scores",
            ["-inf", "-1/2", "0", "inf", "2.5"],
            [1, 0, 1, 0, 1],
            "InfiniteScores",
        ),
        _scored("60 examples, 11 distinct scores", mixed, mixed_labels),
        _grouped("the paper's Table 1 dataset (examples/table1.csv)", TABLE1_GROUPS, "Paper"),
        _grouped("the paper's Figure 6 dataset (examples/figure6.csv)", FIGURE6_GROUPS, "Paper"),
        _grouped(
            "20 positives, 2000 negatives, many ties",
            _formula_groups(20, 2000, lambda i: (i * 37) % 23, lambda j: (j * 101) % 29 // 2),
            "HeavySkew",
        ),
        _grouped(
            "20 positives, 2000 negatives, 50 negatives ranked first",
            [(40, 0, 50), *_formula_groups(20, 1950, lambda i: 10 + i, lambda j: j % 30)],
            "HeavySkew",
        ),
        _scored("NaN score", ["0.5", "NaN", "0.2"], [1, 0, 1]),
        _scored("label 2", ["0.5", "0.4"], [1, 2]),
        _scored("three scores, two labels", ["0.5", "0.4", "0.3"], [1, 0]),
        _scored("no examples", [], []),
        _scored("only positives: AUC-ROC undefined, AUC-PR defined", ["0.5", "0.4"], [1, 1]),
        _scored("only negatives", [3, 2, 1], [0, 0, 0]),
    ]


def figure7_cases(path: Path | None = None) -> list[Case]:
    """Cases from a Figure 7 file (format in docs/oracle.md); None: the bundled reconstruction.

    The bundled file is ``rocpr_exact/data/figure7.json``, a copy of ``examples/figure7.json``
    (``examples/make_figure7.py`` writes both), so the vectors do not depend on the directory
    the command runs in.  A path that cannot be read is an error, never silently skipped.
    """
    if path is None:
        bundled = resources.files("rocpr_exact").joinpath("data/figure7.json")
        data = loads(bundled.read_text("utf-8"), "the bundled Figure 7 file")
    else:  # within the bounds of every JSON file read; its errors name the file
        data = read_json(path, "Figure 7 file")
    try:
        positives, negatives = data["positives"], data["negatives"]
        if not all(type(total) is int for total in (positives, negatives)):
            raise InvalidInputError(
                f"positives and negatives must be whole numbers, got {positives!r} and "
                f"{negatives!r}"
            )
        cases = []
        for name, points in data["curves"].items():
            built = Curve.from_counts([tuple(pair) for pair in points], positives, negatives)
            steps = list(zip(built.tps, built.fps, strict=True))
            groups = [
                (str(len(steps) - k), tp_b - tp_a, fp_b - fp_a)
                for k, ((tp_a, fp_a), (tp_b, fp_b)) in enumerate(pairwise(steps), start=1)
            ]
            comment = f"the paper's Figure 7, curve {name} (reconstructed, examples/figure7.json)"
            cases.append(_grouped(comment, groups, "Paper"))
    except RocPrError as exc:  # a curve refused by Curve.from_counts, in its own words
        raise InvalidInputError(f"cannot read the Figure 7 cases from {path}: {exc}") from None
    except KeyError as exc:
        raise InvalidInputError(
            f"cannot read the Figure 7 cases from {path}: it has no {exc} entry; the file is a "
            'JSON object {"positives": P, "negatives": N, "curves": {NAME: [[TP, FP], ...]}} '
            "(see examples/figure7.json)"
        ) from None
    except (TypeError, AttributeError, ValueError):  # a list where an object belongs, say
        raise InvalidInputError(
            f"cannot read the Figure 7 cases from {path}: it is not shaped as "
            '{"positives": P, "negatives": N, "curves": {NAME: [[TP, FP], ...]}} '
            "(see examples/figure7.json)"
        ) from None
    return cases
