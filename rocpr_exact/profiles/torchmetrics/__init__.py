"""Exact twins of torchmetrics 1.9.0's binary ranking metrics (docs/profiles/torchmetrics.md).

``binary_precision_recall_curve``, ``binary_roc``, ``binary_auroc`` and
``binary_average_precision`` with torchmetrics' parameters, computed on the inputs as torch
holds them (each value exact) and returning the exact value of torchmetrics' formula:
Fractions where torch divides and sums in float32.  torch itself is never imported.

As torch sees the input: ``preds`` from a numpy array or a tensor keeps its float dtype
(float16/32/64); from a Python list it is float32 (``torch.tensor``'s default dtype); integer
preds are refused (torchmetrics raises).  ``target`` holds 0 and 1 (and ``ignore_index``).
Logits: when a pred lies outside [0, 1] after ``ignore_index``, torchmetrics applies
``preds.sigmoid()`` in preds' dtype; the twin does too (:mod:`rocpr_exact.profiles.sigmoid`:
torch's vector loop with Sleef's exp replayed, its scalar loop with glibc's, and a
ToolRoundingWarning where the loop or glibc's rounding is not known and that could matter).
One class in target: torchmetrics' conventional value (zero rates, recall one, nan when
binned, AUROC and AP 0) with its warning as an OneClassWarning; the searches raise
(``NoPositivesError`` / ``NoNegativesError``).  Refused: NaN and float16 logits.
``thresholds``: None (every distinct score), an int n (the float32 grid of
``torch.linspace(0, 1, n)``, :func:`linspace_grid`), a list of Python floats in
[0, 1] (float32) or a 1-D array (its dtype); a binned precision with tp + fp = 0 is torch's
nan, returned as None.

Every torchmetrics function with a twin is importable from this package, as every one is from
``torchmetrics.functional``.  The modules, each importing only those above it:
:mod:`~rocpr_exact.profiles.torchmetrics.view` (torch's view of the input),
:mod:`~rocpr_exact.profiles.torchmetrics.binary` (the curves, areas and metric table),
:mod:`~rocpr_exact.profiles.torchmetrics.multiclass` (``multiclass_auroc``,
``multiclass_average_precision``) and :mod:`~rocpr_exact.profiles.torchmetrics.fixed` (the
operating-point searches, ``binary_recall_at_fixed_precision`` and its kin).
"""

from rocpr_exact.profiles.torchmetrics import binary, fixed, multiclass, view
from rocpr_exact.profiles.torchmetrics.binary import *  # noqa: F403
from rocpr_exact.profiles.torchmetrics.binary import CURVE_METRICS as CURVE_METRICS
from rocpr_exact.profiles.torchmetrics.fixed import *  # noqa: F403
from rocpr_exact.profiles.torchmetrics.multiclass import *  # noqa: F403
from rocpr_exact.profiles.torchmetrics.view import *  # noqa: F403

#: every twin, each named once, in its module's ``__all__`` (``CURVE_METRICS`` is the registry's)
__all__ = []
__all__ += binary.__all__
__all__ += fixed.__all__
__all__ += multiclass.__all__
__all__ += view.__all__
