"""The mergeable summary: per-range shares merged exactly equal the single-process values.

Expected values come from the single-process path (``Curve.from_histogram`` and
``output.report.build_report``) and from brute force that shares no code with the
package (tests/brute_force.py: pairwise Mann-Whitney, textbook PR sums, hull by
supporting lines).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.histogram import Histogram
from rocpr_exact.engines.shares import merge_all_shares, merge_shares, offsets
from rocpr_exact.engines.summary import (
    histogram_report,
    summarize,
    summarize_range,
    summary_report,
)
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.output.report import build_report
from tests.brute_force import mann_whitney, pr_areas_plain, threshold_counts, upper_left_hull
from tests.strategies import any_dataset, datasets


def _histogram(scores: list[int], labels: list[int]) -> Histogram:
    return Histogram.from_rows([(s, y, 1 - y) for s, y in zip(scores, labels, strict=True)])


@st.composite
def split_datasets(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    """A dataset and cut positions between its tie groups (repeats give empty ranges)."""
    scores, labels = draw(st.one_of(any_dataset, datasets(max_size=12).map(_one_class_runs)))
    k = len(set(scores))
    cuts = sorted(draw(st.lists(st.integers(0, k), max_size=6)))
    return scores, labels, cuts


def _one_class_runs(dataset: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """Sort labels by score so that long one-class runs (and one-class ranges) appear."""
    scores, labels = dataset
    return sorted(scores), sorted(labels)


@given(split_datasets())
@example(([3, 2, 1], [0, 1, 1], [0, 0, 1, 3, 3]))  # empty ranges at both ends, negatives first
@example(([1, 1, 1], [1, 0, 1], [1]))  # one tie group, an empty range after it
def test_merged_summary_equals_single_process(case):
    scores, labels, cuts = case
    hist = _histogram(scores, labels)
    summary = summarize(hist, cuts)
    summary._check()
    curve = Curve.from_histogram(list(hist.groups))
    # single-process values
    assert summary.auc_roc == auc_roc(curve)
    for method, value in zip(PR_METHODS, summary.auc_pr, strict=True):
        assert value == auc_pr(curve, method), method
    assert summary.thresholds == len(curve) - 1
    assert summary_report(summary, 25) == build_report(curve, 25)
    # brute force, no shared code
    assert summary.auc_roc == mann_whitney(scores, labels)
    points = threshold_counts(scores, labels)
    plain = pr_areas_plain(points, sum(labels))
    for method, value in zip(PR_METHODS, summary.auc_pr, strict=True):
        if method in plain:
            assert value == plain[method], method
    _, vertices = upper_left_hull(points)
    assert set(summary.hull) | {(0, 0)} == vertices


@given(split_datasets(), st.randoms(use_true_random=False))
def test_merge_order_does_not_matter(case, rnd):
    """Any tree of merges of consecutive ranges gives the same summary."""
    scores, labels, cuts = case
    hist = _histogram(scores, labels)
    borders = [0, *cuts, len(hist.groups)]
    ranges = [hist.groups[a:b] for a, b in pairwise(borders)]
    starts, p, n = offsets([(sum(g[1] for g in r), sum(g[2] for g in r)) for r in ranges])
    parts = [summarize_range(r, s, p, n) for r, s in zip(ranges, starts, strict=True)]
    while len(parts) > 1:
        i = rnd.randrange(len(parts) - 1)
        parts[i : i + 2] = [merge_shares(parts[i], parts[i + 1])]
    assert parts[0] == merge_all_shares(
        summarize_range(r, s, p, n) for r, s in zip(ranges, starts, strict=True)
    )


def test_a_hand_case():
    # Scores 4 3 3 1 with labels 1 0 1 0: AUC-ROC = (1 + 1/2 + 1 + 1/2 ... ) pairwise = 7/8.
    hist = _histogram([4, 3, 3, 1], [1, 0, 1, 0])
    whole = summarize(hist, [1, 2])
    assert whole.auc_roc == Fraction(7, 8)
    # step: recall 1/2 at precision 1, recall 1 at precision 2/3: 1/2 + 1/2 * 2/3
    assert whole.auc_pr[PR_METHODS.index("step")] == Fraction(5, 6)
    assert whole.hull == ((1, 0), (2, 1), (2, 2))


def test_merge_refuses_what_is_not_consecutive():
    hist = _histogram([4, 3, 2, 1], [1, 0, 1, 0])
    starts, p, n = offsets([(1, 0), (0, 1), (1, 1)])
    a = summarize_range(hist.groups[:1], starts[0], p, n)
    b = summarize_range(hist.groups[1:2], starts[1], p, n)
    c = summarize_range(hist.groups[2:], starts[2], p, n)
    with pytest.raises(InvalidInputError, match="not consecutive"):
        merge_shares(a, c)
    overlapping = summarize_range(((4, 0, 1),), starts[1], p, n)
    with pytest.raises(InvalidInputError, match="overlap in score"):
        merge_shares(a, overlapping)
    with pytest.raises(InvalidInputError, match="whole dataset"):
        summary_report(merge_shares(a, b), 5)
    assert summary_report(merge_shares(merge_shares(a, b), c), 5) == build_report(
        Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0]), 5
    )


def test_one_class_gets_the_report_of_its_curve():
    # A summary needs both classes (it carries ROC shares); the report of one class is the
    # single-process report, which says what is defined and why the rest is not.
    for labels, error in [([1, 1], NoNegativesError), ([0, 0], NoPositivesError)]:
        curve = Curve.from_scores([2, 1], labels)
        with pytest.raises(error):
            summarize(_histogram([2, 1], labels), [1])
        assert histogram_report(_histogram([2, 1], labels), 5) == build_report(curve, 5)
