"""Assertions for other projects' test suites: is my metric the exact value?

* :func:`assert_metric_close` -- one value on data you choose (:mod:`.close`).
* :func:`assert_conforms` -- a search: your function on datasets hypothesis draws and shrinks
  (:mod:`.conform`; needs hypothesis), the strategies in :mod:`.strategies`.
* :func:`explain` -- every exact metric and tool twin on the data, and which of them a value is
  (:mod:`.explain`).
* :func:`vector_cases`, :func:`vector_results` -- the golden vectors' cases for your script,
  and a results file for ``rocpr-exact check`` that survives exceptions (:mod:`.vectors`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rocpr_exact.testing.close import assert_metric_close
from rocpr_exact.testing.explain import explain
from rocpr_exact.testing.vectors import vector_cases, vector_results

if TYPE_CHECKING:
    from rocpr_exact.testing.conform import assert_conforms

__all__ = ["assert_conforms", "assert_metric_close", "explain", "vector_cases", "vector_results"]


def __getattr__(name: str) -> Any:
    if name == "assert_conforms":  # imports hypothesis, which the package does not need
        from rocpr_exact.testing.conform import assert_conforms

        return assert_conforms
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
