"""Certified shares that merge (no Spark): the two passes in one process equal the report.

The expected reports come from the single-process path (``Curve.from_scores`` and
``output.report.build_report``), which shares only the term builders with the range code;
the data has ties on both sides of the range borders (cuts fall on tie groups' scores).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.protocol import in_process_report
from rocpr_exact.engines.shares import first_bits, merge_shares, share_of_range
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.output.report import build_report
from tests.strategies import datasets


@st.composite
def cut_datasets(draw: st.DrawFn) -> tuple[list[int], list[int], list[int], int]:
    """A dataset of two classes, cuts on its own scores (tie groups end ranges), digits."""
    scores, labels = draw(datasets(max_size=30))
    cuts = draw(st.lists(st.sampled_from(sorted(set(scores))), max_size=5))
    return scores, labels, sorted(set(cuts), reverse=True), draw(st.integers(0, 25))


@given(cut_datasets())
@example(([5, 5, 4, 4, 3], [1, 0, 0, 1, 1], [5, 4], 3))  # ties on both sides of each border
@example(([2, 2, 1], [0, 0, 1], [2], 0))  # negatives first: the recall-0 start is 0
@settings(deadline=None)
def test_collected_rising_steps_give_the_single_process_report(case):
    scores, labels, cuts, digits = case
    expected = build_report(Curve.from_scores(scores, labels), digits)
    assert in_process_report(scores, labels, cuts, digits) == expected


@given(cut_datasets())
@example(([1, 1, 1, 0], [1, 0, 1, 1], [], 1))  # one range; 5/8 and 3/4 sit on boundaries
@settings(deadline=None)
def test_enclosures_give_the_single_process_digits(case):
    """With nothing collected every AUC-PR is decided from the merged enclosures (and the
    exact value on a rounding tie): the same digits, written as decimals only."""
    scores, labels, cuts, digits = case
    expected = build_report(Curve.from_scores(scores, labels), digits)
    got = in_process_report(scores, labels, cuts, digits, collect=-1)
    assert {k: v for k, v in got.items() if k != "auc_pr"} == {
        k: v for k, v in expected.items() if k != "auc_pr"
    }
    assert got["auc_pr"] == {k: {"decimal": v["decimal"]} for k, v in expected["auc_pr"].items()}


def test_large_data_gives_the_same_report_field_for_field():
    """20,000 distinct floats: the single-process report writes every AUC-PR as a decimal
    only (too many terms for a small exact value), and so do the shares of 7 ranges."""
    rng = np.random.default_rng(31)
    labels = rng.random(20_000) < 0.5
    scores = rng.random(20_000) + 0.3 * labels
    cuts = sorted(np.quantile(scores, np.linspace(0, 1, 8)[1:-1]).tolist(), reverse=True)
    expected = build_report(Curve.from_scores(scores, labels), 25)
    assert all(set(v) == {"decimal"} for v in expected["auc_pr"].values())
    assert in_process_report(scores, labels, cuts, 25, collect=-1) == expected


def test_one_class_gets_the_report_of_its_class():
    expected = build_report(Curve.from_scores([3, 2, 2, 1], [1, 1, 1, 1]), 4)
    assert in_process_report([3, 2, 2, 1], [1, 1, 1, 1], [2], 4) == expected


def _share(scores, labels, start, totals, frac_bits=80):
    return share_of_range(np.array(scores), np.array(labels), start, totals, frac_bits, 5, 0)


def test_merge_refuses_what_is_not_consecutive():
    first = _share([3, 2], [1, 0], (0, 0), (2, 2))
    second = _share([1, 0], [1, 0], (1, 1), (2, 2))
    whole = merge_shares(first, second)
    assert whole.is_whole and whole.thresholds == 4 and whole.twice_roc == 6  # 3/4 = 6/(2PN)
    with pytest.raises(InvalidInputError, match="not consecutive"):
        merge_shares(first, _share([1, 0], [1, 0], (0, 1), (2, 2)))
    with pytest.raises(InvalidInputError, match="overlap in score"):
        merge_shares(first, _share([2, 0], [1, 0], (1, 1), (2, 2)))
    with pytest.raises(InvalidInputError, match="precisions"):
        merge_shares(first, _share([1, 0], [1, 0], (1, 1), (2, 2), frac_bits=90))


def test_enclosures_add_up_to_an_enclosure_of_the_whole():
    """Each range's enclosure brackets its exact share, so the sums bracket the area."""
    rng = np.random.default_rng(5)
    scores, labels = rng.integers(0, 50, 400), rng.random(400) < 0.3
    p, n = int(labels.sum()), int((~labels).sum())
    bits = first_bits(400, p, 10)
    low = scores <= 20
    top = share_of_range(scores[~low], labels[~low], (0, 0), (p, n), bits, 10, 0)
    rest = share_of_range(scores[low], labels[low], top.end, (p, n), bits, 10, 0)
    whole = share_of_range(scores, labels, (0, 0), (p, n), bits, 10, 0)
    merged = merge_shares(top, rest)
    for (lo, hi), (wlo, whi) in zip(merged.enclosures, whole.enclosures, strict=True):
        assert lo <= whi and wlo <= hi  # both enclose the same number
        assert hi - lo <= 3 * 400 + 64  # m terms: under m units wide (plus Arb's few units)


def test_the_shipped_zip_imports_without_the_installed_package(tmp_path):
    """``python -m rocpr_exact.engines.ship`` writes a zip that a Python without rocpr-exact
    on its path imports (as an executor does with ``--py-files``)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "rocpr_exact.engines.ship", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    archive = tmp_path / "out" / "rocpr_exact.zip"
    assert done.stdout.strip() == str(archive)
    probe = (
        f"import sys; sys.path.insert(0, {str(archive)!r})\n"
        "import rocpr_exact.engines.shares as s\n"
        "print(s.__file__); print(s.collect_limit(30))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    where, limit = done.stdout.split()
    assert where == str(archive / "rocpr_exact" / "engines" / "shares.py")
    assert limit == "192512"


def test_counts_past_int64_products_are_refused_before_pass_2():
    from rocpr_exact.engines.protocol import protocol_report

    def never(*args):
        raise AssertionError("pass 2 must not run")

    with pytest.raises(InvalidInputError, match="fewer than 3,000,000,000 examples"):
        protocol_report([(2 * 10**9, 10**9)], never, 10, never)
