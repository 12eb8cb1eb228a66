"""``consistent --auc-ci LO,HI`` and ``--delong-p X``: printed intervals and tests.

Options (added to ``consistent`` by :func:`add_arguments`): ``--auc-ci LO,HI``, ``--ci-method
delong|hanley-mcneil`` (default: every modelled method), ``--ci-level L`` (default 0.95), both
only with ``--auc-ci``; ``--auc-roc X`` is the printed point estimate, if any.  The decision is
:func:`rocpr_exact.consistency.intervals.check_auc_ci` (read not clipped and clipped to [0, 1]).
``--delong-p X --auc-roc A --auc-roc-b B [--positives-b P --negatives-b N]``: an unpaired test
of two printed AUCs (:func:`rocpr_exact.consistency.delong_p.check_delong_p`); with
``--paired``, a paired DeLong test of two scorings of the same examples
(:func:`rocpr_exact.consistency.delong_paired.check_paired_delong_p`); two- or one-sided.
``--no-ties`` reaches every decider.  Exit 0 possible (with a witness; ``--witness FILE`` writes
it: ``score,label`` for an interval, ``score,label,sample`` (a, b) for an unpaired test,
``score_a,score_b,label`` for a paired one), 1 impossible, 4 undecided, 5 not modelled (an
interval that is no modelled method's: asymmetric beyond rounding).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import BinaryIO

from rocpr_exact.cli.certificate import level_text, write_certificate
from rocpr_exact.cli.consistent_text import block_lines, write_witness
from rocpr_exact.cli.options import cli_message, exact_number, whole_number
from rocpr_exact.consistency.certificates import interval_document
from rocpr_exact.consistency.ci_verdict import runs
from rocpr_exact.consistency.delong_p import check_delong_p
from rocpr_exact.consistency.delong_paired import check_paired_delong_p
from rocpr_exact.consistency.intervals import IntervalVerdict, check_auc_ci
from rocpr_exact.consistency.witness import Witness, show_value
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.text import fraction_scientific
from rocpr_exact.io.files import write_atomically

__all__ = ["EXIT_STATUS", "add_arguments", "answer"]

EXIT_STATUS = {"possible": 0, "impossible": 1, "undecided": 4, "not modelled": 5}
#: The witness's printed values as the text answer names them.
SHOWN = {"z_squared": "z^2", "p_two_sided": "p-value (two-sided; one-sided: half)"}
#: Flags that count only with another: (flag, its attribute, the flag it needs, its attribute).
NEEDS = (
    ("--auc-roc-b", "auc_roc_b", "--delong-p", "delong_p"),
    ("--positives-b", "positives_b", "--delong-p", "delong_p"),
    ("--negatives-b", "negatives_b", "--delong-p", "delong_p"),
    ("--paired", "paired", "--delong-p", "delong_p"),
    ("--ci-method", "ci_method", "--auc-ci", "auc_ci"),
    ("--ci-level", "ci_level", "--auc-ci", "auc_ci"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--auc-ci``, ``--ci-method`` and ``--ci-level`` to ``consistent``."""
    parser.add_argument(
        "--auc-ci",
        metavar="LO,HI",
        help="a printed AUC-ROC confidence interval (e.g. 0.88,0.94; --auc-ci=-0.03,0.53 for "
        "a negative end): is it possible?",
    )
    parser.add_argument(
        "--ci-method",
        choices=("delong", "hanley-mcneil", "bootstrap"),
        default=None,
        help="the interval's variance (default: every modelled method; the answer names it; "
        "bootstrap: not modelled, exit 5)",
    )
    parser.add_argument(
        "--ci-level",
        type=exact_number,
        default=None,
        metavar="L",
        help="the interval's confidence level (default 0.95)",
    )
    parser.add_argument(
        "--delong-p",
        metavar="X",
        help="a printed p-value (0.003, <0.001, 'p < 2.2e-16'; two- or one-sided) of an "
        "unpaired test of --auc-roc against --auc-roc-b (Hanley-McNeil variances)",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="--delong-p is a paired DeLong test of two scorings of the same examples",
    )
    parser.add_argument("--auc-roc-b", metavar="X", help="the second sample's printed AUC-ROC")
    parser.add_argument("--positives-b", type=whole_number("--positives-b"), metavar="P")
    parser.add_argument("--negatives-b", type=whole_number("--negatives-b"), metavar="N")


def _test_verdict(args: argparse.Namespace) -> IntervalVerdict:
    if args.auc_roc is None or args.auc_roc_b is None:
        raise InvalidInputError("--delong-p needs both printed AUCs: --auc-roc and --auc-roc-b")
    ties = not args.no_ties
    if args.paired:
        if args.positives_b is not None or args.negatives_b is not None:
            raise InvalidInputError(
                "--paired compares two scorings of the same examples: "
                "drop --positives-b and --negatives-b"
            )
        return check_paired_delong_p(
            args.positives,
            args.negatives,
            args.delong_p,
            args.auc_roc,
            args.auc_roc_b,
            args.rounding,
            ties,
        )
    return check_delong_p(
        args.positives,
        args.negatives,
        args.delong_p,
        args.auc_roc,
        args.auc_roc_b,
        args.rounding,
        args.positives_b,
        args.negatives_b,
        ties,
    )


def _refuse_unused(args: argparse.Namespace) -> None:
    """A flag that counts only with another is refused without it (one line)."""
    for flag, name, needed, needed_name in NEEDS:
        if getattr(args, name) not in (None, False) and getattr(args, needed_name) is None:
            raise InvalidInputError(
                f"{flag} counts only with {needed}: add {needed} or drop {flag}"
            )


def answer(args: argparse.Namespace, others: list[str]) -> tuple[str, int] | None:
    """The answer for ``--auc-ci`` or ``--delong-p`` (None without them).  ``others``: other
    metrics given."""
    _refuse_unused(args)
    if args.auc_ci is None and args.delong_p is None:
        return None
    if others or args.roc_point or (args.auc_ci is not None and args.delong_p is not None):
        raise InvalidInputError(
            "--auc-ci and --delong-p combine with --auc-roc (and --auc-roc-b) only; check the "
            "other numbers in a separate call"
        )
    if args.delong_p is not None:
        claims = {"delong_p": args.delong_p, "auc_roc": args.auc_roc, "auc_roc_b": args.auc_roc_b}
        if args.positives_b is not None or args.negatives_b is not None:
            claims["positives_b"], claims["negatives_b"] = args.positives_b, args.negatives_b
        if args.paired:
            claims["paired"] = "paired"
        return _shown(args, _test_verdict(args), claims)
    if args.ci_method == "bootstrap" or "bootstrap" in (args.auc_ci or "").lower():
        # said, never "impossible": no ranking fixes a bootstrap interval's ends
        said = "--ci-method bootstrap" if args.ci_method == "bootstrap" else "--auc-ci"
        reason = (
            f"{said}: a bootstrap interval is not modelled (its ends depend on the resampling "
            "draws, not on the ranking alone); --auc-roc X alone can be checked"
        )
        out = {"verdict": "not modelled", "reasons": [reason]}
        text = json.dumps(out, indent=2) if args.format == "json" else f"not modelled\n  {reason}"
        return text, EXIT_STATUS["not modelled"]
    parts = [part.strip() for part in args.auc_ci.split(",")]
    if len(parts) != 2:
        raise InvalidInputError(f"--auc-ci takes LO,HI (e.g. 0.88,0.94), got {args.auc_ci!r}")
    verdict = check_auc_ci(
        args.positives,
        args.negatives,
        parts[0],
        parts[1],
        args.ci_method,
        Fraction(95, 100) if args.ci_level is None else args.ci_level,
        args.rounding,
        args.auc_roc,
        not args.no_ties,
    )
    claims = {"auc_ci": args.auc_ci, "ci_level": level_text(args.ci_level), "auc_roc": args.auc_roc}
    if args.ci_method is not None:
        claims["ci_method"] = args.ci_method
    return _shown(args, verdict, claims)


def _blocks(verdict: IntervalVerdict, second: bool) -> tuple[list[tuple[int, int, int, int]], int]:
    """The compact blocks (highest score, lowest, positives, negatives) of a witness, from its
    tie groups where it has them (O(groups)), else from its scores; and its distinct scores."""
    groups = verdict.groups_b if second else verdict.groups
    if not groups:
        scores = verdict.scores_b if second else verdict.scores
        labels = (verdict.labels_b or verdict.labels) if second else verdict.labels
        runs = sorted({s: 0 for s in scores}, reverse=True)
        tally = {s: [0, 0] for s in runs}
        for score, label in zip(scores, labels, strict=True):
            tally[score][1 - label] += 1
        groups = tuple((tally[s][0], tally[s][1]) for s in runs)
        tied = True
    else:
        tied = verdict.tied
    total = sum(a + b for a, b in groups)
    score = len(groups) if tied else total
    blocks: list[tuple[int, int, int, int]] = []
    for a, b in groups:
        width = 1 if tied else a + b
        high, low = score, score - width + 1
        score -= width
        if blocks and a * b == 0 and blocks[-1][2] * blocks[-1][3] == 0:
            last = blocks[-1]
            if (last[2] == 0) == (a == 0):
                blocks[-1] = (last[0], low, last[2] + a, last[3] + b)
                continue
        blocks.append((high, low, a, b))
    return blocks, len(groups) if tied else total


def _columns(verdict: IntervalVerdict) -> str:
    if not verdict.scores_b:
        return "score,label"
    return "score,label,sample" if verdict.labels_b else "score_a,score_b,label"


def _write(path: str, verdict: IntervalVerdict) -> None:
    """``--witness FILE``: the witness's examples as CSV (module notes for the columns)."""
    if not verdict.scores_b:  # one sample: as ``consistent`` writes a witness
        write_witness(path, Witness(tuple(runs(verdict.groups, verdict.tied)), None, ()))
        return
    rows: list[tuple[object, ...]]
    if verdict.labels_b:
        rows = [(s, y, "a") for s, y in zip(verdict.scores, verdict.labels, strict=True)]
        rows += [(s, y, "b") for s, y in zip(verdict.scores_b, verdict.labels_b, strict=True)]
    else:
        rows = list(zip(verdict.scores, verdict.scores_b, verdict.labels, strict=True))

    def write(stream: BinaryIO) -> None:
        stream.write((_columns(verdict) + "\n").encode("ascii"))
        for row in rows:
            stream.write((",".join(map(str, row)) + "\n").encode("ascii"))

    write_atomically(path, write)


def _text(verdict: IntervalVerdict, file: str | None) -> list[str]:
    """The witness in the compact form of ``consistent`` (blocks and curve points)."""
    assert verdict.auc is not None and verdict.variance is not None
    lines = [f"  witness: AUC-ROC {show_value(verdict.auc)}, variance {_small(verdict.variance)}"]
    lines += [f"  witness {SHOWN.get(name, name)}: {value}" for name, value in verdict.shown]
    marks = [(" (a)", False), (" (b)", True)] if verdict.scores_b else [("", False)]
    for mark, second in marks:
        shown = block_lines(*_blocks(verdict, second))
        lines += [line.replace("  witness:", f"  witness{mark}:", 1) for line in shown]
    if file is None:
        lines.append(f"  (--witness FILE writes every example as CSV {_columns(verdict)})")
    else:
        lines.append(f"  every example written to {file} (CSV {_columns(verdict)})")
    return lines


def _small(value: Fraction) -> str:
    """A variance as :func:`show_value` shows it, or, below 0.001 (where 6 places show little or
    nothing), exactly with 6 significant digits."""
    if 0 < value < Fraction(1, 1000) and len(str(value)) <= 60:
        return f"{value} ({fraction_scientific(value, 6)})"
    return show_value(value)


def _shown(
    args: argparse.Namespace, verdict: IntervalVerdict, claims: dict[str, object]
) -> tuple[str, int]:
    out = verdict.to_json()
    if args.certificate is not None:  # the DeLong stages' certificates, once the engine writes them
        document = interval_document(
            args.positives,
            args.negatives,
            {name: str(value) for name, value in claims.items() if value is not None},
            args.rounding,
            not args.no_ties,
            verdict.verdict,
            getattr(verdict, "certificates", ()),
            verdict.reasons,
        )
        write_certificate(args.certificate, document)
        out["certificate_file"] = str(args.certificate)
    out["reasons"] = [  # a limit's remedy as the command takes it: --limit NAME=N
        cli_message(ResourceLimitError(reason, limit="max_interval_work"))
        for reason in out["reasons"]
    ]
    if args.witness is not None and verdict.verdict == "possible":
        _write(args.witness, verdict)
        out["witness_file"] = str(args.witness)
    if args.format == "json":
        return json.dumps(out, indent=2), EXIT_STATUS[verdict.verdict]
    lines = [verdict.verdict, *(f"  {reason}" for reason in out["reasons"])]
    if verdict.verdict == "possible":
        lines += _text(verdict, args.witness)
    return "\n".join(lines), EXIT_STATUS[verdict.verdict]
