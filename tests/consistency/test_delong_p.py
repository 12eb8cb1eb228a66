"""consistent --delong-p: the unpaired Hanley-McNeil p-value against a brute force over pairs."""

from __future__ import annotations

import json
from fractions import Fraction

import mpmath
import pytest

from rocpr_exact.areas.variance import hanley_mcneil
from rocpr_exact.cli import main
from rocpr_exact.consistency.delong_p import check_delong_p
from rocpr_exact.consistency.reported import reported_interval


@pytest.fixture(autouse=True, scope="module")
def _precision():  # the references at 50 digits (the root conftest restores the default after)
    mpmath.mp.dps = 50
    yield


def p_values(p: int, n: int, pb: int, nb: int, auc_a: str, auc_b: str) -> list[Fraction]:
    """Every pair's p-value (mpmath, 50 digits), the AUCs printing as auc_a and auc_b."""
    out = []
    first, second = reported_interval(auc_a), reported_interval(auc_b)
    for m in range(2 * p * n + 1):
        a = Fraction(m, 2 * p * n)
        if a not in first:
            continue
        for k in range(2 * pb * nb + 1):
            b = Fraction(k, 2 * pb * nb)
            total = hanley_mcneil(a, p, n) + hanley_mcneil(b, pb, nb)
            if b not in second or total == 0:
                continue
            z2 = (a - b) ** 2 / total
            x = mpmath.mpf(z2.numerator) / z2.denominator
            out.append(Fraction(mpmath.nstr(mpmath.erfc(mpmath.sqrt(x / 2)), 45)))
    return out


def sided(values: list[Fraction], sides: str | None) -> list[Fraction]:
    """The printed p-values a sidedness gives: two-sided v; one-sided v / 2 (the alternative
    the AUCs lean to) or 1 - v / 2 (the other); None: any of them."""
    two = values if sides in ("two-sided", None) else []
    one = [x for v in values for x in (v / 2, 1 - v / 2)] if sides in ("one-sided", None) else []
    return two + one


@pytest.mark.parametrize("sides", ["two-sided", "one-sided", None])
@pytest.mark.parametrize(
    ("sizes", "aucs"), [((3, 4, 2, 5), ("0.8", "0.3")), ((5, 5, 5, 5), ("0.9", "0.5"))]
)
def test_matches_brute_force(
    sizes: tuple[int, int, int, int], aucs: tuple[str, str], sides: str | None
) -> None:
    values = sided(p_values(*sizes, *aucs), sides)
    p, n, pb, nb = sizes
    seen = set()
    for hundredths in range(101):
        text = f"{hundredths / 100:.2f}"
        expected = any(v in reported_interval(text) for v in values)
        verdict = check_delong_p(
            p, n, text, *aucs, positives_b=pb, negatives_b=nb, sides=sides  # type: ignore[arg-type]
        )
        seen.add(verdict.verdict)
        assert verdict.verdict == ("possible" if expected else "impossible"), text
        if verdict.verdict == "possible":
            assert verdict.method is not None and (sides or "") in verdict.method
    assert seen == {"possible", "impossible"}
    bound = check_delong_p(p, n, "<0.2", *aucs, positives_b=pb, negatives_b=nb).verdict
    assert bound == ("possible" if any(v < Fraction(1, 5) for v in values) else "impossible")


def test_no_ties() -> None:
    # P = N = 1: the only AUCs without ties are 0 and 1 (2U = 0 or 2); 0.5 needs the tie
    assert check_delong_p(1, 1, "1", "0.5", "0.5").verdict == "possible"
    assert check_delong_p(1, 1, "1", "0.5", "0.5", ties=False).verdict == "impossible"
    # P = N = 2 without ties: AUC 0.25 is 2U = 2 (even); 0.375 is 2U = 3 (a tie needed)
    found = check_delong_p(2, 2, "<0.5", "0.25", "1", ties=False)
    assert found.verdict == "possible" and len(set(found.scores)) == 4
    assert check_delong_p(2, 2, "<0.99", "0.375", "1", ties=False).verdict == "impossible"


def test_printed_forms() -> None:
    for text in ("p < 0.001", "<0.001", "< 1e-3", "p=<0.001"):
        assert check_delong_p(100, 100, text, "0.90", "0.70").verdict == "possible", text
    assert check_delong_p(100, 100, "p = 0", "0.90", "0.70").verdict == "possible"


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["consistent", "--positives", "100", "--negatives", "100", "--auc-roc", "0.90"]
    assert main([*args, "--auc-roc-b", "0.70", "--delong-p", "<0.001"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "possible"
    assert main([*args, "--auc-roc-b", "0.70", "--delong-p", "0.5"]) == 1
    assert main([*args, "--delong-p", "0.5"]) == 2
    assert "--auc-roc-b" in capsys.readouterr().err


def test_docs_examples() -> None:
    # docs/inference.md: "AUC 0.80 vs 0.70, 60 and 60 in each sample"
    two = "two-sided"
    possible = check_delong_p(60, 60, "0.1", "0.80", "0.70", sides=two)
    assert possible.verdict == "possible" and possible.auc == Fraction(159, 200)
    assert check_delong_p(60, 60, "0.03", "0.80", "0.70", sides=two).verdict == "impossible"
    assert check_delong_p(60, 60, "0.06", "0.80", "0.70", sides=two).verdict == "impossible"
    assert check_delong_p(60, 60, "0.08", "0.80", "0.70", sides=two).verdict == "possible"
    # any sidedness: 0.06 one-sided is 0.12 two-sided, which 0.80 vs 0.70 can give
    found = check_delong_p(60, 60, "0.06", "0.80", "0.70")
    assert found.verdict == "possible"
    assert found.method == "unpaired, Hanley-McNeil variances, one-sided"
    assert check_delong_p(60, 60, "0.03", "0.80", "0.70").verdict == "impossible"
