"""``rocpr-exact check-certificate FILE`` and the ``consistent --certificate FILE`` writer.

    rocpr-exact consistent --positives 10 --negatives 10 --auc-roc 0.873 --certificate cert.json
    rocpr-exact check-certificate cert.json

The checker (:mod:`rocpr_exact.checker`) shares no code with the deciders.  It prints one line:
``valid: ...`` (exit 0), ``invalid: <the first reason>`` (exit 1) or ``unverified: <what has
no check>`` (exit 4, as ``consistent`` says "undecided"); a file that cannot be read or is no
certificate is one line on standard error, exit 2.  The file is read within ``max_json_bytes``.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any, BinaryIO

from rocpr_exact.checker import check_certificate
from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import add_limit_arguments
from rocpr_exact.io.files import write_atomically
from rocpr_exact.io.jsonfile import read_json

__all__ = ["EXIT_STATUS", "add_argument", "level_text", "register", "run", "write_certificate"]

EXIT_STATUS = {"valid": 0, "invalid": 1, "unverified": 4}


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
    add_limit_arguments(parser)  # max_json_bytes bounds the read
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    result = check_certificate(read_json(args.file, "certificate file"))
    return result.line(), EXIT_STATUS[result.status]
