"""One twin vector case, and the JSON form of a twin's arguments.

A :class:`TwinCase` names a twin function of :mod:`rocpr_exact.profiles` and the keyword
arguments it is called with, exactly as the tool receives them, written in JSON form: a
Python ``int`` is a JSON integer, a ``bool`` a JSON boolean, ``None`` null, a list a list,
a ``str`` itself, and a Python ``float`` its ``repr`` as a string ("0.1", "1e-20", "inf",
"nan"): :func:`decode` reads that text back as the same double (numpy parses decimal text
correctly rounded, and the repr of a double rounds back to it), so the value is exact.  A
string that looks like a number is therefore always a float; the tools' string parameters
("macro", "ROC", ...) never do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FLOAT_TEXT", "LABELS20", "SCORES20", "TwinCase", "decode", "floats"]

#: The text of a float argument: the repr of a double.
FLOAT_TEXT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?|inf)|nan")


def decode(value: Any) -> Any:
    """The Python arguments of JSON-form data (float text becomes the double it names).

    >>> decode(["0.1", 3, "macro", None, "-inf"])
    [0.1, 3, 'macro', None, -inf]
    """
    if isinstance(value, str):
        if not FLOAT_TEXT.fullmatch(value):
            return value
        import numpy as np  # the input boundary: the tool receives this double

        return np.float64(value).item()
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        return {k: decode(v) for k, v in value.items()}
    return value


def floats(*texts: str) -> list[str]:
    """Float arguments in JSON form, checked (a typo is an error, not a string argument).

    >>> floats("0.1", "2.0")
    ['0.1', '2.0']
    """
    for text in texts:
        if not FLOAT_TEXT.fullmatch(text):
            raise ValueError(f"{text!r} is not the repr of a float")
    return list(texts)


@dataclass(frozen=True, slots=True)
class TwinCase:
    """A call of one twin: ``function(**decode(inputs), **decode(parameters))``.

    ``inputs`` are the data arguments (scores, labels, weights), ``parameters`` the keyword
    parameters, both in JSON form (module docstring).  ``flags`` name the tool conventions
    the case exercises (explained in the case module's ``NOTES``).
    """

    comment: str
    function: str
    inputs: dict[str, Any]
    parameters: dict[str, Any] = field(default_factory=dict)
    flags: tuple[str, ...] = ()


#: Twenty examples with ties across the classes, shared by the R tools' cases (pROC, ROCR):
#: scores (as doubles) and 0/1 labels.
SCORES20 = floats(
    *[
        "1.1",
        "0.7",
        "0.4",
        "0.5",
        "1.1",
        "0.3",
        "0.8",
        "1.2",
        "0.7",
        "0.2",
        "0.6",
        "0.3",
        "0.8",
        "0.5",
        "0.1",
        "0.4",
        "0.0",
        "1.1",
        "0.2",
        "0.1",
    ]
)
LABELS20 = [1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0]
