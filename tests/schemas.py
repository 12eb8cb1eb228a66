"""The report's JSON Schema as a validator built once, for tests that validate many reports.

``jsonschema.validate(report, schema)`` checks the schema against its metaschema and builds a
validator on every call: about 0.13 s for the report schema, most of the time of a hypothesis
test that validates each example's report.  :func:`validate_report` checks the schema once
(``check_schema``, as ``jsonschema.validate`` does) and raises the same error
``jsonschema.validate`` raises (the best match of the instance's errors).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jsonschema

from rocpr_exact.output.report import report_schema

__all__ = ["validate_report"]


@cache
def _report_validator() -> Any:
    schema = report_schema()
    kind = jsonschema.validators.validator_for(schema)
    kind.check_schema(schema)
    return kind(schema)


def validate_report(report: Any) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``report`` fits the report schema."""
    error = jsonschema.exceptions.best_match(_report_validator().iter_errors(report))
    if error is not None:
        raise error
