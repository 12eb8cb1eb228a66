"""Run scikit-learn on every case of its twin vectors; write RESULTS.json for ``check``.

    python examples/twin_results_sklearn.py sklearn-results.json [vectors/twins/sklearn.json]
    rocpr-exact check --profile sklearn sklearn-results.json --rtol 1e-12

The recipe for any tool (docs/oracle.md, "A results file for a tool's vectors"):

* inputs: each case's ``input`` and ``parameters`` are the keyword arguments of the call, in
  JSON form; ``decode`` turns a float's text ("0.1", "inf") back into the double the tool
  receives.  Array arguments are given as numpy arrays, as scikit-learn makes them first
  (scikit-learn 1.9.1 crashes on a plain list ``y_score`` for multiclass
  ``average_precision_score``);
* outputs: a number as a JSON number, an array or a tuple of arrays as (nested) lists, NaN as
  null, an infinite threshold as "inf";
* undefined: where the tool raises, or returns a single NaN (a class is missing), the result
  is ``{"error": "..."}``, which passes exactly when the case is ``invalid``; a value the tool
  returns with a warning (AP 0.0 without positives, recall set to 1) is its value.
"""

from __future__ import annotations

import json
import math
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from sklearn import metrics

from rocpr_exact.profiles.case import decode

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "twins" / "sklearn.json"


def plain(value: Any) -> Any:
    """A tool's output as JSON data: arrays and tuples as lists, NaN as null, inf as "inf"."""
    if isinstance(value, tuple | list | np.ndarray):
        return [plain(v) for v in value]
    number = float(value)
    if math.isnan(number):
        return None
    return "inf" if math.isinf(number) else number


def result(case: dict[str, Any]) -> Any:
    """scikit-learn's result for one case, as RESULTS.json holds it."""
    function = getattr(metrics, case["function"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            inputs = {name: np.asarray(v) for name, v in decode(case["input"]).items()}
            value = function(**inputs, **decode(case["parameters"]))
        except (ValueError, TypeError) as exc:
            return {"error": f"{type(exc).__name__}: {exc}"}
    # a single NaN: undefined; scikit-learn warned why (UndefinedMetricWarning, or numpy's)
    if not isinstance(value, tuple | list | np.ndarray) and math.isnan(float(value)):
        said = caught[0].message if caught else "nan"
        return {"error": f"warning: {said}"}
    return plain(value)


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    vectors = json.loads(Path(argv[1] if len(argv) == 2 else VECTORS).read_text())
    cases = [case for group in vectors["testGroups"] for case in group["tests"]]
    import sklearn

    results = {str(case["tcId"]): result(case) for case in cases}
    document = {"implementation": f"scikit-learn {sklearn.__version__}", "results": results}
    Path(argv[0]).write_text(json.dumps(document, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
