"""The pytest helper for checking another implementation: ``assert_metric_close``.

A stable public spelling (``from rocpr_exact.testing import assert_metric_close``) of
:mod:`rocpr_exact.oracle.testing`.
"""

from rocpr_exact.oracle.testing import assert_metric_close

__all__ = ["assert_metric_close"]
