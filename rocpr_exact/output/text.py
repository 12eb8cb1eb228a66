"""The report as a table for people (``rocpr-exact report --format text``).

Everything the JSON report holds, readably: the counts, the ROC hull's vertices, each area with
its certified decimal and its exact value (long exact values are shortened; the JSON has them
whole), undefined fields with the reason, and the ``--profile`` blocks with known deviations.
A variance is shown in scientific notation (certified significant digits: a small one never
reads as 0.000000); a confidence level as a percentage (95%).  ``compare --format text``:
:func:`format_test_text`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["format_test_text", "format_text", "level_text"]


def _short(exact: Any) -> str:
    text = exact if isinstance(exact, str) else "closed form (see --format json)"
    return text if len(text) <= 40 else f"({len(text)} characters, see --format json)"


def format_text(report: dict[str, Any]) -> str:
    """A table for people: counts, the hull, then each area with its exact value and decimal."""
    rows = [("AUC-ROC", report["auc_roc"])]
    rows += _area_rows("AUC-PR", report["auc_pr"])
    rows += _area_rows("achievable", report["achievable_pr"])
    hull = report["roc_hull"]
    lines = [
        f"source      {report['source']}",
        *(
            [f"weights     column {w['column']}, counts in units of {w['unit']}"]
            if (w := report.get("weights"))
            else []
        ),
        f"positives   {report['positives']}",
        f"negatives   {report['negatives']}",
        f"thresholds  {report['thresholds']}",
        f"hull        undefined: {hull['undefined']}"
        if "undefined" in hull
        else f"hull        {len(hull)} vertices (TP, FP): "
        + _short(", ".join(f"({tp}, {fp})" for tp, fp in hull)),
        "",
        f"{'metric':<26} {'decimal':<{report['digits'] + 3}}  exact",
    ]
    lines += [f"{name:<26} {_cells(v, report['digits'] + 3)}" for name, v in rows]
    return "\n".join(lines + _ci_lines(report) + _profile_lines(report))


def _area_rows(prefix: str, areas: dict[str, Any]) -> list[tuple[str, Any]]:
    """One row per method, or one row saying why the areas are undefined."""
    if "undefined" in areas:
        return [(prefix, areas)]
    return [(f"{prefix} {name}", value) for name, value in areas.items()]


def _cells(value: dict[str, Any], width: int) -> str:
    """The decimal and exact columns of one value, or 'undefined' and the reason."""
    if "undefined" in value:
        return f"{'undefined':<{width}}  {value['undefined']}"
    if "exact" not in value:  # certified only: the exact value was not built
        return f"{value['decimal']:<{width}}  (not computed, see --exact)"
    return f"{value['decimal']:<{width}}  {_short(value['exact'])}"


def _variance(value: dict[str, Any]) -> dict[str, Any]:
    """A variance's cells: its scientific form (certified significant digits) in place of the
    decimal, which shows a small variance with few digits or none (0.000000)."""
    return {**value, "decimal": value["scientific"]}


def level_text(level: str) -> str:
    """A confidence level (an exact ``p/q``) as people write it: a percentage when it has one
    of at most six decimals, else the fraction.

    >>> level_text("19/20"), level_text("999/1000"), level_text("1/3")
    ('95%', '99.9%', '1/3')
    """
    percent = Fraction(level) * 100
    for places in range(7):
        scaled = percent * 10**places
        if scaled.denominator == 1:
            whole, part = divmod(scaled.numerator, 10**places)
            return f"{whole}.{part:0{places}d}%" if places else f"{whole}%"
    return level


def format_test_text(test: dict[str, Any]) -> str:
    """``compare --format text``: the sources, both AUCs, the difference, its variance, z, p."""
    width = max(len(test["difference"]["decimal"]), len(test["variance"]["scientific"]))
    kind = "paired" if test["paired"] else "unpaired"
    rows = [
        ("AUC-ROC a", test["auc_a"]),
        ("AUC-ROC b", test["auc_b"]),
        ("difference a - b", test["difference"]),
        ("variance", _variance(test["variance"])),
        ("z^2", test["z_squared"]),
    ]
    lines = [
        f"test        DeLong, {kind}",
        f"sources     {', '.join(test['sources'])}",
        f"columns     {', '.join(test['score_columns'])}",
        "",
        f"{'':<26} {'decimal':<{width}}  exact",
        *(f"{name:<26} {_cells(value, width)}" for name, value in rows),
        f"{'z':<26} {test['z']}",
        f"{'p-value (two-sided)':<26} {test['p_value']}",
    ]
    return "\n".join(lines)


def _ci_lines(report: dict[str, Any]) -> list[str]:
    """The --ci and --ap-ci rows: the intervals and the AUC-ROC's variance (docs/inference.md)."""
    lines: list[str] = []
    ci = report.get("auc_roc_ci")
    if ci is not None and "undefined" in ci:
        lines += ["", f"AUC-ROC interval: undefined: {ci['undefined']}"]
    elif ci is not None:
        width = report["digits"] + 3
        lines += [
            "",
            f"{'AUC-ROC variance ' + ci['method']:<26} {_cells(_variance(ci['variance']), width)}",
            f"{'AUC-ROC interval ' + level_text(ci['level']):<26} [{ci['lower']}, {ci['upper']}]",
        ]
    ap = report.get("auc_pr_ci")
    if ap is not None and "undefined" in ap:
        lines += ["", f"AP interval: undefined: {ap['undefined']}"]
    elif ap is not None:
        label = f"AP interval {ap['method']} {level_text(ap['level'])}"
        lines += ["", f"{label:<26} [{ap['lower']}, {ap['upper']}]"]
    return lines


def _profile_lines(report: dict[str, Any]) -> list[str]:
    """The --profile block of the text table: one row per tool metric, then known deviations."""
    width = report["digits"] + 3
    lines: list[str] = []
    for tool, entry in report.get("profiles", {}).items():
        lines += ["", f"{'profile ' + tool:<32} {'decimal':<{width}}  exact"]
        lines += [
            f"{tool + '.' + metric:<32} {_cells(v, width)}"
            for metric, v in entry.items()
            if metric != "known_deviations"
        ]
        deviations = entry["known_deviations"]
        if "undefined" in deviations:
            continue  # the metrics above already say why
        lines += [
            f"known deviation: {tool}.{d['metric']} exceeds {d['reference']} by "
            f"{d['excess']['exact']} ({d['note']})"
            for d in deviations
        ]
    return lines
