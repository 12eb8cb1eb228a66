"""The one place where hypothesis profiles are registered.

``dev`` (the default) for quick local runs, ``ci`` (``HYPOTHESIS_PROFILE=ci``, selected by
``.ci/run``) for six times as many examples, ``mutation`` (selected by scripts/mutation.sh) for
fast, reproducible mutation runs.  No test sets an absolute ``max_examples``: a test that needs
more or fewer examples than the profile scales it with ``tests.strategies.examples(factor)``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "ci",
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Mutation testing (scripts/mutation.sh): few, reproducible examples, no example database, so a
# mutant is killed or survives the same way on every run.
settings.register_profile(
    "mutation",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# mpmath's working precision is global: a test module that raises it (for an independent
# high-precision reference) must not change what sympy's nsimplify or another module's mpmath
# reference does.  Each module starts at mpmath's default and its changes end with it; a
# module that wants more digits throughout says so in a module-scoped fixture of its own.
import mpmath  # noqa: E402
import pytest  # noqa: E402

_MPMATH_DPS = mpmath.mp.dps


@pytest.fixture(autouse=True, scope="module")
def _mpmath_precision_per_module():  # type: ignore[no-untyped-def]
    mpmath.mp.dps = _MPMATH_DPS
    yield
    mpmath.mp.dps = _MPMATH_DPS
