"""What ``rocpr-exact check`` checks, by name: other spellings of the metric names
(:mod:`rocpr_exact.oracle.metrics`) and the test cases that ``--case`` selects.  A module
that imports almost nothing, so that ``check`` reads a results file without importing the
metrics themselves."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from typing import Any

from rocpr_exact.errors import InvalidInputError

__all__ = ["ALIASES", "select_cases"]

#: Other spellings accepted for the canonical metric names.
ALIASES = {"roc_auc": "auc_roc", "average_precision": "auc_pr_step"}


def select_cases(ids: Iterable[Any], patterns: Sequence[str]) -> set[str]:
    """The test case ids (as text) that ``patterns`` select: every id when there is none.

    A pattern is an id or a shell glob (``1*``, ``1[0-4]``), matched against the id's text;
    a pattern that selects no case is refused (a typo would otherwise check nothing).

    >>> sorted(select_cases([1, 2, 10, 11, 20], ["1*", "2"]), key=int)
    ['1', '2', '10', '11']
    """
    texts = [str(tc_id) for tc_id in ids]
    if not patterns:
        return set(texts)
    chosen: set[str] = set()
    for pattern in patterns:
        matched = fnmatch.filter(texts, str(pattern).strip())
        if not matched:
            raise InvalidInputError(
                f"the cases parameter: {pattern!r} matches no test case id (the vectors have "
                f"{len(texts)} cases, ids {texts[0]} to {texts[-1]})"
                if texts
                else f"the cases parameter: {pattern!r} matches no test case id"
            )
        chosen.update(matched)
    return chosen
