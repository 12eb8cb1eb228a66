"""The exact sklearn twins against scikit-learn itself, within float error."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.profiles import sklearn as twin
from tests.strategies import examples

metrics = pytest.importorskip("sklearn.metrics")

data = st.lists(
    st.tuples(st.integers(0, 6), st.integers(0, 1), st.integers(1, 4)), min_size=2, max_size=40
).filter(lambda rows: len({y for _, y, _ in rows}) == 2)


def close(exact, value):
    return abs(Fraction(value) - exact) <= Fraction(1, 10**12) * max(1, abs(exact))


@settings(max_examples=examples(2), deadline=None)
@given(data, st.sampled_from([None, 0.3, 0.5, 1.0]))
def test_roc_auc_score_matches_sklearn(rows, max_fpr):
    s, y, w = ([r[i] for r in rows] for i in range(3))
    exact = twin.roc_auc_score(y, s, sample_weight=w, max_fpr=max_fpr)
    assert close(exact, metrics.roc_auc_score(y, s, sample_weight=w, max_fpr=max_fpr))


@settings(max_examples=examples(2), deadline=None)
@given(data)
def test_average_precision_matches_sklearn(rows):
    s, y, w = ([r[i] for r in rows] for i in range(3))
    exact = twin.average_precision_score(y, s, sample_weight=w)
    assert close(exact, metrics.average_precision_score(y, s, sample_weight=w))


def test_scores_keep_their_dtype_as_in_sklearn():
    # 2**53 and 2**53 + 1 are one double: as floats sklearn sees a tie (AUC 1/2); as ints
    # (np.asarray gives int64, which sklearn sorts without converting) the negative is first.
    as_float, as_int = [2.0**53 + 1, 2.0**53], [2**53 + 1, 2**53]
    assert twin.roc_auc_score([0, 1], as_float) == Fraction(1, 2)
    assert metrics.roc_auc_score([0, 1], as_float) == 0.5
    assert twin.roc_auc_score([0, 1], as_int) == 0
    assert metrics.roc_auc_score([0, 1], as_int) == 0.0


def test_hand_cases():
    assert twin.roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == Fraction(3, 4)
    assert twin.average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) == Fraction(5, 6)


def test_infinite_score_raises_as_sklearn_does():
    from rocpr_exact.errors import InvalidInputError

    with pytest.raises(ValueError, match="infinity"):
        metrics.roc_auc_score([0, 1], [float("inf"), 0.0])
    with pytest.raises(InvalidInputError, match="infinity"):
        twin.roc_auc_score([0, 1], [float("inf"), 0.0])


def test_profile_models_float64_parsing():
    from rocpr_exact.profiles.registry import profile_metric

    value = profile_metric("sklearn", "roc_auc_score", ([2.0**53 + 1, 2**53], [0, 1]))
    assert value == Fraction(1, 2)  # float64: a tie, as sklearn sees it
    assert profile_metric("sklearn", "roc_auc_score", ([2**53 + 1, 2**53], [0, 1])) == 0
    # R has no 64-bit integers: PRROC reads both as the double 2**53, a tie
    assert profile_metric("prroc", "roc_auc", ([2**53 + 1, 2**53], [0, 1])) == Fraction(1, 2)
