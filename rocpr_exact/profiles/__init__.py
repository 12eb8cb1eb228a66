"""Other tools' conventions, exactly: a twin of each tool in ``profiles/<tool>``.

:mod:`rocpr_exact.profiles.registry` looks a tool's metric up by name
(:func:`~rocpr_exact.profiles.registry.profile_metric`); :mod:`rocpr_exact.profiles.tools`
lists the tools' names.  See ``docs/oracle.md``.  The names below are imported on first use,
so that importing one tool's module does not import every other.
"""

import importlib

__all__ = [
    "PROFILES",
    "Deviation",
    "ProfileData",
    "as_curve",
    "known_deviations",
    "profile",
    "profile_metric",
]


def __getattr__(name: str) -> object:
    """A name of :data:`__all__`, from :mod:`rocpr_exact.profiles.registry` when first used."""
    if name in __all__:
        return getattr(importlib.import_module("rocpr_exact.profiles.registry"), name)
    raise AttributeError(f"module 'rocpr_exact.profiles' has no attribute {name!r}")
