"""``rocpr-exact vectors``: the golden test vectors (printed, or written with ``--write DIR``).

``--write DIR`` also writes the twin vectors, ``DIR/twins/TOOL.json`` (one file per tool).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import add_limit_arguments
from rocpr_exact.io.files import check_not_an_input
from rocpr_exact.oracle import twin_vectors, vectors

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``vectors`` command."""
    command = commands.add_parser("vectors", help=HELP["vectors"])
    command.add_argument(
        "--write", type=Path, metavar="DIR", help="write the vector files into DIR (else print)"
    )
    command.add_argument(
        "--figure7",
        type=Path,
        default=None,
        help="a file of Figure 7 curves (default: the bundled reconstruction, the same as "
        "examples/figure7.json)",
    )
    command.add_argument(
        "--no-twins",
        action="store_true",
        help="with --write: do not write the twin vectors DIR/twins/TOOL.json (they need numpy)",
    )
    add_limit_arguments(command)  # --figure7 reads a JSON file (max_json_bytes)
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    if args.write is None:
        return vectors.dumps(vectors.build_vectors(args.figure7)), 0
    texts = {} if args.no_twins else twin_vectors.twin_texts()  # computed before any write
    if args.figure7 is not None:  # the curves read must not be overwritten by the vectors
        outputs = [args.write / vectors.FILE_NAME]
        outputs += [args.write / twin_vectors.SUBDIRECTORY / f"{tool}.json" for tool in texts]
        for output in outputs:
            check_not_an_input(output, [args.figure7], "--write DIR")
    written = vectors.write_vectors(args.write, args.figure7)
    if texts:
        written += twin_vectors.write_twin_vectors(args.write, texts)
    return "\n".join(f"wrote {path}" for path in written), 0
