"""Other tools' conventions, exactly: what scikit-learn, PRROC and AUCCalculator would print.

See :mod:`rocpr_exact.profiles.registry` and ``docs/oracle.md``.
"""

from rocpr_exact.profiles.registry import (
    PROFILES,
    Deviation,
    ProfileData,
    as_curve,
    known_deviations,
    profile,
    profile_metric,
)

__all__ = [
    "PROFILES",
    "Deviation",
    "ProfileData",
    "as_curve",
    "known_deviations",
    "profile",
    "profile_metric",
]
