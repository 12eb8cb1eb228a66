"""Write the committed JSON Schemas that are made from the package's records and tables.

    python scripts/write_schemas.py

``rocpr_exact/schemas/report.schema.json`` is :func:`rocpr_exact.output.report.report_schema`
(its AUC-PR fields from the area records, its ``profiles`` sections from the tools' metric
tables) and ``rocpr_exact/schemas/vectors.schema.json`` is
:func:`rocpr_exact.oracle.vectors.vectors_schema` (its metric lists from the metric records).
Run it after adding an area or a tool (docs/architecture.md); ``tests/areas/test_records.py``
fails while a committed file differs from what the package makes.  Each file is written
atomically; the other schemas are written by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rocpr_exact.io.files import write_atomically  # noqa: E402
from rocpr_exact.oracle.vectors import vectors_schema  # noqa: E402
from rocpr_exact.output.report import report_schema  # noqa: E402


def text(schema: dict[str, Any]) -> str:
    """The committed form: two-space indentation, non-ASCII as is, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    schemas = {"report.schema.json": report_schema(), "vectors.schema.json": vectors_schema()}
    for name, schema in schemas.items():
        path = ROOT / "rocpr_exact" / "schemas" / name
        data = text(schema).encode("utf-8")
        write_atomically(path, lambda stream, data=data: stream.write(data))
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
