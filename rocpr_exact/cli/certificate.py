"""``rocpr-exact check-certificate FILE`` and the ``consistent --certificate FILE`` writer.

    rocpr-exact consistent --positives 10 --negatives 10 --auc-roc 0.873 --certificate cert.json
    rocpr-exact check-certificate cert.json
    rocpr-exact check-certificate --proved cert.json

The checker (:mod:`rocpr_exact.checker`) shares no code with the deciders.  It prints one line:
``valid: ...`` (exit 0), ``invalid: <the first reason>`` (exit 1) or ``unverified: <what has
no check>`` (exit 4, as ``consistent`` says "undecided"); a file that cannot be read or is no
certificate is one line on standard error, exit 2.  The file is read within ``max_json_bytes``.

``--proved`` runs the checker extracted from Coq instead (``proofs/coq/theories/CheckGrid.v``,
``check_sound``; the program ``proofs/coq/extraction/check_main`` that ``make -C proofs/coq``
builds, or the one :data:`PROVED_CHECKER_VARIABLE` names; ``CheckAggregate.v`` for a mean of
fold or class AUCs): the same lines and exit statuses, "unverified" for every stage but
``grid`` and ``aggregate-grid`` (docs/consistency.md, "Certificates").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any, BinaryIO

from rocpr_exact.checker import check_certificate
from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import add_limit_arguments
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import write_atomically
from rocpr_exact.io.jsonfile import read_json

__all__ = [
    "EXIT_STATUS",
    "PROVED_CHECKER",
    "PROVED_CHECKER_VARIABLE",
    "add_argument",
    "level_text",
    "proved_checker",
    "register",
    "run",
    "write_certificate",
]

EXIT_STATUS = {"valid": 0, "invalid": 1, "unverified": 4}

#: Where ``make -C proofs/coq`` builds the extracted checker in a source checkout.
PROVED_CHECKER = (
    Path(__file__).resolve().parents[2] / "proofs" / "coq" / "extraction" / "check_main"
)
#: The environment variable that names another build of it (an installed package has none).
PROVED_CHECKER_VARIABLE = "ROCPR_EXACT_PROVED_CHECKER"


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``consistent --certificate FILE``."""
    parser.add_argument(
        "--certificate",
        metavar="FILE",
        help="write the certificate of the answer to FILE (JSON; an 'impossible' with the data "
        "check-certificate re-verifies it from; other answers with no decisions); with --claims "
        "a folder, one file per row",
    )


def write_certificate(path: str, document: dict[str, Any]) -> None:
    """Write ``document`` to ``path`` atomically (``-``: standard output)."""
    text = json.dumps(document, indent=1) + "\n"

    def write(stream: BinaryIO) -> None:
        stream.write(text.encode("utf-8"))

    write_atomically(path, write)


def level_text(level: Fraction | None) -> str:
    """A confidence level as a certificate writes it: a decimal when it has one, else p/q.

    >>> level_text(None), level_text(Fraction(9, 10)), level_text(Fraction(2, 3))
    ('0.95', '0.9', '2/3')
    """
    if level is None:
        return "0.95"
    for places in range(40):
        scaled = level * 10**places
        if scaled.denominator == 1:
            digits = str(scaled.numerator).rjust(places + 1, "0")
            return digits[:-places] + "." + digits[-places:] if places else digits
    return str(level)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check-certificate`` command to ``commands``."""
    parser = commands.add_parser(
        "check-certificate",
        help=HELP["check-certificate"],
        description=(
            "Re-verify the certificate that 'consistent --certificate FILE' wrote, with a "
            "checker that shares no code with the deciders. Prints 'valid: ...' (exit 0), "
            "'invalid: REASON' (exit 1) or 'unverified: STAGES' (exit 4: a stage with no "
            "check yet); a file that is no certificate: exit 2."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the certificate (JSON)")
    parser.add_argument(
        "--proved",
        action="store_true",
        help="check with the checker extracted from Coq (proofs/coq/theories/CheckGrid.v, "
        "CheckAggregate.v; "
        f"built by 'make -C proofs/coq', or the program ${PROVED_CHECKER_VARIABLE} names): "
        "it proves the grid and aggregate-grid stages, every other stage is 'unverified'",
    )
    add_limit_arguments(parser)  # max_json_bytes bounds the read
    parser.set_defaults(run=run)


def proved_checker() -> Path:
    """The extracted checker's program; InvalidInputError (naming ``--proved``) when unbuilt."""
    named = os.environ.get(PROVED_CHECKER_VARIABLE)
    program = Path(named) if named else PROVED_CHECKER
    if not (program.is_file() and os.access(program, os.X_OK)):
        raise InvalidInputError(
            f"--proved: the checker extracted from Coq is not built ({program}): run "
            f"'make -C proofs/coq' or set {PROVED_CHECKER_VARIABLE} to its program"
        )
    return program


def _run_proved(path: str) -> tuple[str, int]:
    program = proved_checker()
    read_json(path, "certificate file")  # the same bounds and one-line refusals as without
    result = subprocess.run(
        [str(program), path], capture_output=True, text=True, timeout=600, check=False
    )
    lines = result.stdout.strip().splitlines()
    if result.returncode not in EXIT_STATUS.values() or len(lines) != 1:
        said = (result.stderr.strip().splitlines() or ["no answer"])[-1]
        raise InvalidInputError(f"--proved: the extracted checker refused {path}: {said}")
    return lines[0], result.returncode


def run(args: argparse.Namespace) -> tuple[str, int]:
    if args.proved:
        return _run_proved(args.file)
    result = check_certificate(read_json(args.file, "certificate file"))
    return result.line(), EXIT_STATUS[result.status]
