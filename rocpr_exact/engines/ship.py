"""Ship rocpr-exact to a Spark cluster's executors: a zip of the package for ``--py-files``.

The range shares run rocpr-exact's own code on the executors (pass 2 of
:mod:`rocpr_exact.engines.sparkranges`), so the executors' Python must import it.  Its
compiled dependencies (numpy, gmpy2, python-flint) and those of Spark's Arrow functions
(pyarrow, pandas) cannot travel in a zip; they are installed on the executors, or the whole
virtual environment travels as an archive (``spark.archives``, README section Spark).  The
package itself is pure Python and travels as a zip:

    python -m rocpr_exact.engines.ship [folder]      # writes folder/rocpr_exact.zip
    spark-submit --py-files rocpr_exact.zip job.py   # or spark.sparkContext.addPyFile(path)
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path
from typing import BinaryIO

import rocpr_exact
from rocpr_exact.io.files import make_directory, write_atomically

__all__ = ["build_zip", "main"]


def build_zip(folder: str | Path = ".") -> Path:
    """Write ``rocpr_exact.zip`` (the installed package, sources and data files) into ``folder``.

    Compiled caches are left out.  Returns the path written (atomically).
    """
    package = Path(rocpr_exact.__file__).parent
    folder = Path(folder)
    make_directory(folder, "the zip")
    files = sorted(
        p
        for p in package.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )

    def write(stream: BinaryIO) -> None:
        with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in files:
                archive.write(path, Path("rocpr_exact") / path.relative_to(package))

    return write_atomically(folder / "rocpr_exact.zip", write)


def main(argv: list[str] | None = None) -> int:
    """``python -m rocpr_exact.engines.ship [folder]``: print the path of the zip written."""
    args = sys.argv[1:] if argv is None else argv
    print(build_zip(args[0] if args else "."))
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
