"""Check a certificate file of ``consistent`` (version 1; docs/consistency.md, "Certificates").

:func:`check_certificate` re-reads the question (its printed claims, through the checker's own
:mod:`~rocpr_exact.checker.printed`), re-derives what each decision must exclude, checks that
its exclusions cover it, and re-verifies every exclusion by its stage's check
(:mod:`~rocpr_exact.checker.metrics`, :mod:`~rocpr_exact.checker.delong`).  The answer is
"valid" (every decision proved), "invalid" with the first reason, or "unverified" with the
stages this checker has no check for (never "valid" while one is needed).

* Metrics path (candidates ``{"kind": "rankings"}``): each exclusion refutes the claims it
  names for every ranking; the decision is proved by one verified exclusion (every one is
  still checked: a wrong one makes the certificate invalid).
* An AUC-ROC interval (``auc_ci``): one decision per modelled method (``ci_method``, or both
  DeLong and Hanley-McNeil) and per reading of the interval (not clipped; clipped to [0, 1]
  where that reads it differently); every 2U the reading leaves open must be excluded by a
  verified exclusion.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.checker.aggregate import AGGREGATE_CLAIMS, check_aggregate
from rocpr_exact.checker.aggregate_ap import AP_CLAIMS, check_aggregate_ap
from rocpr_exact.checker.aggregate_pooled import check_pooled
from rocpr_exact.checker.delong import candidates, delong_stage, readings
from rocpr_exact.checker.failure import Invalid, Unverified
from rocpr_exact.checker.metrics import Question, check_metric_stage
from rocpr_exact.checker.printed import ROUNDINGS, Span, fraction, printed
from rocpr_exact.errors import InvalidInputError, ResourceLimitError, RocPrError
from rocpr_exact.limits import check_examples

__all__ = ["FORMAT", "CheckResult", "check_certificate"]

FORMAT = "rocpr-exact consistent"


@dataclass(frozen=True, slots=True)
class CheckResult:
    """``status`` valid, invalid (``reason``: the first) or unverified (``stages``)."""

    status: Literal["valid", "invalid", "unverified"]
    reason: str
    stages: tuple[str, ...] = ()

    def line(self) -> str:
        return f"{self.status}: {self.reason}"


def _int(value: Any, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise Invalid(f"{what} must be a whole number >= {least}, got {value!r}")
    return value


def _object(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise Invalid(f"{what} must be an object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise Invalid(f"{what} must be a list")
    return value


def _through(question: Mapping[str, Any]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    boxes = []
    for box in _list(question.get("through", []), "question.through"):
        try:
            (tlo, thi), (flo, fhi) = box
        except (TypeError, ValueError):
            raise Invalid("question.through holds boxes [[TP lo, TP hi], [FP lo, FP hi]]") from None
        boxes.append(((_int(tlo, "a box end"), _int(thi, "a box end")),
                      (_int(flo, "a box end"), _int(fhi, "a box end"))))
    return boxes


def _stage(exclusion: Mapping[str, Any]) -> str:
    stage = exclusion.get("stage")
    if not isinstance(stage, str):
        raise Invalid(f"an exclusion's stage must be a name, got {stage!r}")
    return stage


def _searched(decision: Any, method: str) -> bool:
    """A decision of ``method`` whose only exclusions are the deciders' own reasons."""
    if not isinstance(decision, dict) or decision.get("method") != method:
        return False
    stages = [e.get("stage") for e in _list(decision.get("exclusions"), "exclusions")
              if isinstance(e, dict)]
    return bool(stages) and all(stage == "search" for stage in stages)


def _roc_box(data: Mapping[str, Any], p: int, n: int, question: Mapping[str, Any]) -> bool:
    """``roc-point-box``: no whole TP with TP / P within the tolerance of the point's TPR, or
    no whole FP with FP / N within it of its FPR."""
    points = _list(question.get("roc_points"), "question.roc_points")
    index = data.get("roc_point")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(points):
        raise Invalid(f"roc-point-box: {index!r} is not a ROC point of the question")
    fpr, tpr = (fraction(v, "a ROC coordinate") for v in _list(points[index], "a ROC point"))
    t = fraction(question.get("tolerance"), "the tolerance")
    tp = Span(tpr - t, tpr + t, True, True).whole(p)
    fp = Span(fpr - t, fpr + t, True, True).whole(n)
    if tp[0] <= tp[1] and fp[0] <= fp[1]:
        raise Invalid(f"roc-point-box: TP = {tp[0]}, FP = {fp[0]} fit the ROC point {index}")
    return True


def _metrics_decision(
    decision: Mapping[str, Any], question: Question, unverified: list[str], asked: Mapping[str, Any]
) -> None:
    exclusions = _list(decision.get("exclusions"), "a decision's exclusions")
    proved = False
    for exclusion in exclusions:
        exclusion = _object(exclusion, "an exclusion")
        stage = _stage(exclusion)
        if exclusion.get("excludes") != []:
            raise Invalid(f"{stage}: on the metrics path an exclusion excludes no listed value")
        data = _object(exclusion.get("data"), "data")
        if stage == "roc-point-box":
            checked = _roc_box(data, question[0], question[1], asked)
        else:
            checked = check_metric_stage(stage, data, question)
        if checked:
            proved = True
        else:
            unverified.append(stage)
    if not exclusions:
        raise Invalid("a decision has no exclusion")
    if proved:
        unverified.clear()


def _interval_decisions(
    p: int, n: int, ties: bool, rounding: str, claims: Mapping[str, Any], decisions: list[Any]
) -> list[str]:
    if "auc_ci" not in claims:
        raise Unverified("no check for the claims " + ", ".join(sorted(claims)))
    parts = str(claims["auc_ci"]).split(",")
    if len(parts) != 2:
        raise Invalid(f"auc_ci {claims['auc_ci']!r} is not LO,HI")
    low, high = (printed(part, rounding, "an interval end") for part in parts)
    level_text = str(claims.get("ci_level", "0.95"))
    level = fraction(level_text, "ci_level")
    if not 0 < level < 1:
        raise Invalid(f"ci_level {level_text} is not in (0, 1)")
    auc = printed(claims["auc_roc"], rounding, "auc_roc") if "auc_roc" in claims else None
    methods = [claims["ci_method"]] if "ci_method" in claims else ["delong", "hanley-mcneil"]
    unverified: list[str] = []
    for method in methods:
        if any(_searched(d, method) for d in decisions):  # a decider that wrote no certificate
            unverified.append("search")
            continue
        for reading, ends in readings(low, high).items():
            open_values = candidates(p, n, ends, auc, ties)
            if not open_values:
                continue
            chosen = [
                _object(d, "a decision")
                for d in decisions
                if isinstance(d, dict) and d.get("method") == method
                and d.get("reading", "not clipped") == reading
            ]
            if len(chosen) != 1:
                raise Invalid(f"no single decision for method {method}, reading {reading}")
            unverified += _cover(chosen[0], open_values, p, n, ties, level, ends)
    return unverified


def _cover(
    decision: Mapping[str, Any],
    open_values: list[int],
    p: int,
    n: int,
    ties: bool,
    level: Fraction,
    ends: tuple[Span, Span],
) -> list[str]:
    stated = _object(decision.get("candidates"), "candidates")
    first, last = stated.get("from"), stated.get("to")
    if stated.get("kind") != "2U" or not isinstance(first, int) or not isinstance(last, int):
        raise Invalid("an interval decision's candidates are {kind: 2U, from, to}")
    if first > open_values[0] or last < open_values[-1]:
        raise Invalid(
            f"the candidates {first}..{last} miss 2U = {open_values[0]}..{open_values[-1]}"
        )
    proved: set[int] = set()
    pending: dict[str, set[int]] = {}
    for exclusion in _list(decision.get("exclusions"), "exclusions"):
        exclusion = _object(exclusion, "an exclusion")
        stage = _stage(exclusion)
        listed = _list(exclusion.get("excludes"), "excludes")
        values = [_int(m, f"{stage}: an excluded 2U") for m in listed]
        if any(m > 2 * p * n for m in values):
            raise Invalid(f"{stage}: an excluded 2U is above 2PN = {2 * p * n}")
        data = exclusion.get("data")
        if delong_stage(stage, values, p, n, ties, level, ends, data, decision.get("method")):
            proved.update(values)
        else:
            pending.setdefault(stage, set()).update(values)
    missing = [m for m in open_values if m not in proved]
    if not missing:
        return []
    needed = sorted(stage for stage, values in pending.items() if values & set(missing))
    if not needed:
        raise Invalid(f"2U = {missing[0]} is open and no exclusion excludes it")
    return needed


def _check(document: Mapping[str, Any]) -> CheckResult:
    if document.get("verdict") != "impossible":
        return CheckResult(
            "unverified", f"the verdict is {document.get('verdict')!r}: a certificate proves an "
            "impossible only", ("verdict",)
        )
    question = _object(document.get("question"), "question")
    p = _int(question.get("positives"), "positives", 1)
    n = _int(question.get("negatives"), "negatives", 1)
    check_examples(p + n, "the certificate's positives + negatives")  # its checks are O(P)
    ties = question.get("ties")
    rounding = question.get("rounding", "nearest")
    if not isinstance(ties, bool) or rounding not in ROUNDINGS:
        raise Invalid("question: ties must be a boolean, rounding one of " + ", ".join(ROUNDINGS))
    claims = _object(question.get("claims"), "question.claims")
    decisions = _list(document.get("decisions"), "decisions")
    if not decisions:
        raise Invalid("an impossible verdict with no decision")
    if "pooled_auc_roc" in claims:  # the pooled AUC-ROC beside a fold mean
        check_pooled(question, claims, decisions)
        return CheckResult("valid", f"every decision proved ({len(decisions)}, pooled path)")
    if any(name in claims for name in AP_CLAIMS):  # a mean of fold or class APs
        check_aggregate_ap(question, claims, decisions)
        return CheckResult("valid", f"every decision proved ({len(decisions)}, AP aggregate path)")
    if any(name in claims for name in AGGREGATE_CLAIMS):  # a mean of fold or class AUCs
        check_aggregate(question, claims, decisions)
        return CheckResult("valid", f"every decision proved ({len(decisions)}, aggregate path)")
    interval = "auc_ci" in claims or "delong_p" in claims
    if interval:
        unverified = _interval_decisions(p, n, ties, rounding, claims, decisions)
    else:
        spans = {name: printed(text, rounding, name) for name, text in claims.items()}
        facts: Question = (p, n, ties, spans, _through(question))
        unverified = []
        for decision in decisions:
            decision = _object(decision, "a decision")
            if _object(decision.get("candidates"), "candidates").get("kind") != "rankings":
                raise Invalid("a metrics decision's candidates are {kind: rankings}")
            _metrics_decision(decision, facts, unverified, question)
    if unverified:
        stages = tuple(dict.fromkeys(unverified))
        return CheckResult("unverified", "no check for stage " + ", ".join(stages), stages)
    kind = "interval" if interval else "metrics"
    return CheckResult("valid", f"every decision proved ({len(decisions)}, {kind} path)")


def check_certificate(document: Any) -> CheckResult:
    """The answer on a certificate (module notes).  A document that is no certificate of this
    format and version is :class:`~rocpr_exact.errors.InvalidInputError`; a check past a
    resource limit (P + N past ``max_examples``, a comparison of z past
    ``max_refinement_bits``) raises its :class:`~rocpr_exact.errors.ResourceLimitError`."""
    if not isinstance(document, dict) or document.get("certificate") != FORMAT:
        raise InvalidInputError(f"not a certificate: no \"certificate\": \"{FORMAT}\"")
    if type(document.get("version")) is not int or document.get("version") != 1:  # not True
        version = document.get("version")
        raise InvalidInputError(f"certificate version {version!r}: this checker reads version 1")
    try:
        return _check(document)
    except Invalid as error:
        return CheckResult("invalid", str(error))
    except Unverified as error:
        return CheckResult("unverified", str(error), ("claims",))
    except ResourceLimitError:  # a limit (max_examples, max_refinement_bits): said as such
        raise
    except RocPrError as error:  # a value the exact functions refuse
        return CheckResult("invalid", str(error))
