"""Reading a JSON file a user gives (results, vectors, Figure 7 curves), bounded before it works.

The one JSON reader of user files; each bound is checked before the work it saves:

* bytes: at most ``max_json_bytes`` (a regular file by its size, before reading; anything
  else, as ``/dev/zero``, by reading no further than the limit);
* nesting: at most :data:`MAX_JSON_DEPTH` levels (json's recursive parser would exhaust the
  stack on 10**5 levels);
* numbers: read exactly by :func:`rocpr_exact.exact.numbers.parse_number`, so no number longer
  than ``max_score_digits`` characters or with a huge exponent is ever built (Python's ``int``
  of 3·10**6 digits takes minutes, ``1e-999999999`` is a billion-digit fraction);
* a key twice in one object is an error (json would keep the last value silently);
* a UTF-8 byte order mark at the start is skipped; a gzip, bzip2 or xz file is decompressed
  whatever its name (:func:`rocpr_exact.io.files.open_input`).

Floats are :class:`~decimal.Decimal` (exact), integers ``int``, ``NaN``/``Infinity`` Decimals.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.io.files import read_bounded

__all__ = ["MAX_JSON_DEPTH", "loads", "read_json"]

#: Nesting a results or vector file may have: they need four levels.
MAX_JSON_DEPTH = 64


#: A JSON string (its closing quote optional: an unclosed one runs to the end), or a run of
#: characters that are neither quotes nor brackets: what :func:`_depth_over` removes.
_NOT_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^"\[\]{}]+', re.DOTALL)


def _depth_over(text: str, bound: int) -> bool:
    """Whether ``[`` and ``{`` outside strings nest deeper than ``bound``. O(len(text)).

    The strings and every other character are removed by one regular expression (in C, each
    character matched once: 9.6 ms became 2.3 ms on a 69 kB vector file), and the brackets
    left are counted here.
    """
    depth = 0
    for char in _NOT_BRACKETS.sub("", text):
        if char in "[{":
            depth += 1
            if depth > bound:
                return True
        else:
            depth -= 1
    return False


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (json would keep the last one silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InvalidInputError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def loads(text: str, described: str) -> Any:
    """The JSON value of ``text`` (named ``described`` in messages: "the results file F").

    A UTF-8 byte order mark before the value is skipped (editors on Windows write one).

    >>> loads('{"a": 0.1, "b": [1, NaN]}', "x")
    {'a': Decimal('0.1'), 'b': [1, Decimal('NaN')]}
    >>> loads('\ufeff[1]', "x")
    [1]
    """
    text = text.removeprefix("\ufeff")
    if _depth_over(text, MAX_JSON_DEPTH):
        raise InvalidInputError(
            f"{described} nests deeper than {MAX_JSON_DEPTH} levels; it is not a rocpr-exact file"
        )

    def number(written: str) -> Decimal:
        value = parse_number(written, "number", where=described, fractions=False)
        assert isinstance(value, Decimal)  # the JSON grammar of numbers is a decimal's
        return value

    constants = {"NaN": Decimal("NaN"), "Infinity": Decimal("Infinity")}
    constants["-Infinity"] = -constants["Infinity"]
    try:
        return json.loads(
            text,
            parse_float=number,
            parse_int=lambda written: int(number(written)),
            parse_constant=constants.__getitem__,
            object_pairs_hook=_unique_keys,
        )
    except (json.JSONDecodeError, InvalidOperation) as exc:
        raise InvalidInputError(f"{described} is not valid JSON: {exc}") from None
    except InvalidInputError as exc:
        message = str(exc)
        if message.startswith(described):
            raise
        raise InvalidInputError(f"{described}: {message}") from None


def read_json(path: str | Path, what: str) -> Any:
    """The JSON value of the file ``path``, a ``what`` ("results file"), within the bounds above."""
    described = f"the {what} {path}"
    raw = read_bounded(path, described, "max_json_bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{described} is not UTF-8 text") from None
    return loads(text, described)
