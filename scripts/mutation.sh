#!/usr/bin/env bash
# Mutation testing of the exact core (docs/mutation.md): mutmut 3 with the [tool.mutmut] settings of
# pyproject.toml (the core modules, a fast targeted subset of the tests) and the derandomised
# "mutation" hypothesis profile (conftest.py).  Prints the score and the surviving mutants.
#
#   pip install -e ".[test,mutation]" && bash scripts/mutation.sh        # about 30 min on 2 cores
#
# MAX_CHILDREN (default: the number of cores) sets the parallel workers; PYTHON the interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
export HYPOTHESIS_PROFILE=mutation
rm -rf mutants
start=$(date +%s)
"$PYTHON" -m mutmut run --max-children "${MAX_CHILDREN:-$(nproc)}" >mutants-run.log 2>&1 || {
    tail -40 mutants-run.log
    exit 1
}
end=$(date +%s)
"$PYTHON" scripts/mutation_score.py --seconds $((end - start))
