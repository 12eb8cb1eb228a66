"""An independent checker of ``consistent``'s certificates (docs/consistency.md, "Certificates").

It shares no code with :mod:`rocpr_exact.consistency` (the import contract in pyproject.toml):
it reads the printed claims itself (:mod:`~rocpr_exact.checker.printed`), re-derives what must
be excluded and re-verifies each exclusion from the question alone, with exact integers and
rationals and, for an interval's irrational ends, certified enclosures from
:mod:`rocpr_exact.exact`.  ``rocpr-exact check-certificate FILE`` runs it.
"""

from __future__ import annotations

from rocpr_exact.checker.document import CheckResult, check_certificate

__all__ = ["CheckResult", "check_certificate"]
