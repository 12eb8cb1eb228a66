"""explain: the extremes over tie orders (brute force over every order), matches by name."""

from __future__ import annotations

from fractions import Fraction
from importlib import import_module
from itertools import permutations, product
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.testing import explain
from rocpr_exact.testing.explain import TIE_METRICS, tie_order_values


def _every_order(scores: list[int], labels: list[int]) -> dict[str, set[Fraction]]:
    """AUC-ROC and AP of every total order that keeps the scores' order (ties permuted), from
    the definitions: AUC = (pairs positive above negative) / (P N), AP = (1/P) sum_i i / r_i."""
    rows = list(zip(scores, labels, strict=True))
    groups = [[y for s, y in rows if s == v] for v in sorted(set(scores), reverse=True)]
    out: dict[str, set[Fraction]] = {"auc_roc": set(), "auc_pr_step": set()}
    p, n = sum(labels), len(labels) - sum(labels)
    for parts in product(*(set(permutations(g)) for g in groups)):
        ranked = [y for part in parts for y in part]
        ranks = [r for r, y in enumerate(ranked, 1) if y]
        terms = [Fraction(i, r) for i, r in enumerate(ranks, 1)]
        out["auc_pr_step"].add(sum(terms, Fraction(0)) / p)
        above = sum(ranked[k + 1 :].count(0) for k, y in enumerate(ranked) if y)
        out["auc_roc"].add(Fraction(above, p * n))
    return out


@settings(deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 1)), min_size=2, max_size=7).filter(
        lambda rows: {y for _, y in rows} == {0, 1}
    )
)
def test_tie_ranges_are_the_extremes_over_every_order(rows: list[tuple[int, int]]) -> None:
    scores, labels = [s for s, _ in rows], [y for _, y in rows]
    orders = tie_order_values(scores, labels)
    every = _every_order(scores, labels)
    for metric in TIE_METRICS:
        values = every[metric]
        low, high = orders["negatives_first"][metric], orders["positives_first"][metric]
        assert (low, high) == (min(values), max(values))
        assert orders["index"][metric] in values and orders["reverse_index"][metric] in values


def test_readme_example_trapezoid_and_index() -> None:
    scores, labels = [0.9, 0.8, 0.8, 0.3], [1, 0, 1, 0]
    # trapezoid PR from (0, 1): points (1/2, 1), (1, 2/3), (1, 1/2): 1/2 + (1 + 2/3)/4 = 11/12
    found = explain(scores, labels, 11 / 12)
    assert any(m.startswith("sklearn.auc_pr_trapezoid") for m in found.matches)
    # ties by index put the negative first: AUC (1 + 1/2... ) counted 0 for the tied pair = 3/4
    found = explain(scores, labels, 0.75)
    assert "auc_roc, ties broken in input order" in found.matches
    assert found.in_tie_range == ["auc_roc"]
    assert "matches no metric" in explain(scores, labels, 0.123).summary()


def test_float32_view_is_named() -> None:
    # 0.5 and its lower neighbour are one float32: one tie group, AUC 1/2 (exact: 1)
    found = explain([0.5, 0.49999999999999994], [1, 0], 0.5)
    assert "auc_roc on the scores cast to float32" in found.matches
    assert found.values["auc_roc"] == 1
    assert "on the scores cast to float16" in found.text()


def test_a_call_with_parameters_is_named() -> None:
    # ROCR's docstring example, by hand: P = N = 2, ROC points (0, 0) (0, 1/2) (1/2, 1) (1, 1);
    # the area up to fpr 1/2 is the trapezoid (1/2) (1/2 + 1) / 2 = 3/8, the full area 7/8, and
    # with label 0 positive (label_ordering=[1, 0]) every pair flips: 1 - 7/8 = 1/8
    scores, labels = [0.9, 0.8, 0.8, 0.3], [1, 0, 1, 0]
    partial = explain(scores, labels, 0.375)
    assert ("rocr.auc", (("fpr_stop", 0.5),)) in partial.calls
    assert "rocr.auc(fpr_stop=0.5)" in partial.matches
    flipped = explain(scores, labels, 0.125)
    assert ("rocr.auc", (("label_ordering", [1, 0]),)) in flipped.calls
    # 7/8 is the default call's value: its match names ROCR, no setting is listed for it
    full = explain(scores, labels, 0.875)
    assert "rocr.auc" in full.matches
    assert not any(function == "rocr.auc" for function, _ in full.calls)


def test_the_calls_shown_are_capped_and_the_grid_bounded(monkeypatch: Any) -> None:
    module = import_module("rocpr_exact.testing.explain")  # the package's name is the function

    # every score tied, P = N = 2: keras' ROC minoring is 0 at every number of thresholds
    # (one threshold step from (1, 1) to (0, 0): min(tpr) = 0), its interpolation 1/2
    scores, labels = [0.5] * 4, [1, 0, 1, 0]
    found = explain(scores, labels, 0.0)
    minoring = [s for f, s in found.calls if f == "keras.auc" and ("summation_method",
                "minoring") in s and ("curve", "ROC") in s]  # fmt: skip
    assert len(minoring) == 8  # keras' 200 thresholds and the 7 of BINS
    shown = [m for m in found.matches if m.startswith("keras.auc(curve='ROC'")]
    assert len(shown) == module.SHOWN_CALLS
    assert any(m.startswith("(and ") and m.endswith("more settings of keras.auc)")
               for m in found.matches)  # fmt: skip
    monkeypatch.setattr(module, "GRID_EXAMPLES", 3)  # above it, no call is tried
    assert explain(scores, labels, 0.0).calls == []


def test_the_remembered_data_tell_zero_signs_and_types_apart() -> None:
    from rocpr_exact.testing.calls import cached

    seen: list[list[Any]] = []

    def compute(scores: Any, labels: Any) -> int:
        seen.append(list(scores))
        return len(seen)

    first = cached(compute, [0.0, 1.0], [0, 1])
    assert cached(compute, [0.0, 1.0], [0, 1]) == first  # remembered: not computed again
    assert cached(compute, [-0.0, 1.0], [0, 1]) != first
    assert cached(compute, [Fraction(0), 1.0], [0, 1]) != first
    assert len(seen) == 3


#: Weighted examples (score, label, weight), by hand: P = 2 + 1 + 1 = 4, N = 3 + 1 = 4.
#: AUC: the positive of weight 2 at 0.9 beats all 4 negatives (8), the one at 0.7 ties the
#: negatives there (1 * 4 / 2 = 2), the one at 0.3 beats none: 10 / 16 = 5/8.  AP: thresholds
#: 0.9 (TP 2, FP 0), 0.7 (TP 3, FP 4), 0.3 (TP 4, FP 4): 1/2 * 1 + 1/4 * 3/7 + 1/4 * 1/2 = 41/56.
WEIGHTED = ([0.9, 0.7, 0.7, 0.7, 0.3], [1, 1, 0, 0, 1], [2, 1, 3, 1, 1])


def test_weighted_examples_name_the_tools_that_take_weights() -> None:
    scores, labels, weights = WEIGHTED
    auc = explain(scores, labels, 5 / 8, weights=weights)
    assert auc.values["auc_roc"] == Fraction(5, 8)
    named = {m.split(" ")[0] for m in auc.matches}
    assert {"auc_roc", "sklearn.roc_auc_score", "prroc.roc_auc", "keras.auc_roc",
            "xgboost.auc"} <= named  # fmt: skip
    # the tools without weights are not on a weighted table, and no tie range is claimed
    assert "torchmetrics.binary_auroc" not in auc.values and "rocr.auc" not in auc.values
    assert not auc.ranges() and not auc.in_tie_range
    ap = explain(scores, labels, 41 / 56, weights=weights)
    assert ap.values["sklearn.average_precision_score"] == Fraction(41, 56)
    assert any(m.startswith("sklearn.average_precision_score") for m in ap.matches)


def test_unit_weights_give_the_unweighted_values() -> None:
    # the weighted route (weighted curve, twins called with weights) against the unweighted
    # one (the tables), on the README's example
    scores, labels = [0.9, 0.8, 0.8, 0.3], [1, 0, 1, 0]
    weighted = explain(scores, labels, weights=[1, 1, 1, 1]).values
    plain = explain(scores, labels).values
    # except PRROC's Davis-Goadrich area: pr.curve gives NA for it whenever weights are given
    # to two vectors (the recorded outputs of vectors/twins/prroc.json, cases 17, 19, 20)
    assert weighted.pop("prroc.auc_davis_goadrich") is None
    assert weighted and all(plain[name] == value for name, value in weighted.items())


def test_a_given_list_of_thresholds_is_tried() -> None:
    # keras with thresholds [0.5, 0.1] (and its -eps, 1 + eps), by hand: predictions above each
    # give (TP, FP) (3, 2) (3, 1) (2, 1) (0, 0), ROC points (1, 1) (1/2, 1) (1/2, 2/3) (0, 0);
    # minoring sums the lower height of each step: 0 * 1/2 + 1 * 1/2 = 1/2 (keras 3 records
    # 0.5: vectors/twins/keras.json, case 26)
    scores, labels = [0.05, 0.2, 0.7, 0.9, 0.9], [0, 1, 1, 0, 1]
    call = ("keras.auc", (("curve", "ROC"), ("summation_method", "minoring"),
                          ("thresholds", [0.5, 0.1])))  # fmt: skip
    assert call in explain(scores, labels, 0.5, thresholds=[0.5, 0.1]).calls
    # not guessed without it
    assert call not in explain(scores, labels, 0.5).calls
