"""The tools' calls with parameters that ``explain`` tries: each documented parameter on a grid.

``explain``'s table holds each tool's default call on (scores, labels).  A number a tool gave
with a parameter (a partial area, a number of bins, a summation method, the other class as the
positive one) is one of these calls: each :class:`Family` is one tool function (and, for a call
that returns several areas, one of them) with the grid of settings it is tried at.  A setting
is listed when it matches the value and its value on the data differs from the tool's default
call's (else the default call's match already names the tool).

The grids (bounded: 177 twin calls, a few tenths of a second on 10 examples; skipped above
:data:`GRID_EXAMPLES` examples and on one class; :func:`cached` remembers them for the next
value on the same data):

* a false positive rate bound (scikit-learn and torchmetrics ``max_fpr``, ROCR ``fpr_stop``):
  :data:`FPR_BOUNDS`;
* a number of thresholds or bins (torchmetrics ``thresholds=N``, keras ``num_thresholds``):
  :data:`BINS`; precrec's ``x_bins``: 0 to 10 and 20, and ``interpolate=False``;
* keras' ``curve`` and ``summation_method`` (all six);
* a list of thresholds the caller gives (``explain(..., thresholds=[...])``): torchmetrics
  ``thresholds`` and keras ``thresholds`` (each summation method) with that list, listed
  before the grid's settings;
* pROC's ``direction`` ("<", ">"); ``partial_auc`` between two of :data:`PAUC_BOUNDS`, either
  ``partial_auc_focus``, with and without ``partial_auc_correct`` (with
  ``allow_invalid_partial_auc_correct`` where pROC would give NA without it), each with
  direction "auto" (the default, which picks "<" or ">") and ">";
* the other class as the positive one: scikit-learn ``pos_label=0``, ROCR ``label_ordering=[1,
  0]``, precrec ``posclass=0``.

With weights, the families whose tool takes them (scikit-learn, keras: ``sample_weight``) are
tried with them, the others not.  A list of thresholds is tried only when given (it is the
caller's choice, not a convention: no grid can guess it).  Parameters that only
select the examples (torchmetrics ``ignore_index``, pROC's ``levels``) are not tried: give
``explain`` the examples the tool kept.
"""

from __future__ import annotations

import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations, product
from typing import Any, TypeVar

from rocpr_exact.errors import RocPrError
from rocpr_exact.profiles.case import decode, floats

__all__ = [
    "BINS",
    "FPR_BOUNDS",
    "GRID_EXAMPLES",
    "PAUC_BOUNDS",
    "REMEMBER",
    "Family",
    "Setting",
    "cached",
    "families",
    "grid_values",
]

T = TypeVar("T")

#: A setting: the parameters given (keyword, value), in the tool's spelling.
Setting = tuple[tuple[str, Any], ...]
#: The false positive rate bounds tried (``max_fpr``, ``fpr_stop``), as doubles (the tools'
#: parameters are Python floats; the text is decoded as the twin vectors' floats are).
FPR_BOUNDS = tuple(
    decode(floats("0.01", "0.05", "0.1", "0.2", "0.25", "0.3", "0.4", "0.5", "0.75"))
)
#: The numbers of thresholds tried (torchmetrics ``thresholds``, keras ``num_thresholds``).
BINS = (3, 4, 5, 10, 20, 50, 100)
#: The ends of pROC's partial areas tried (every pair).
PAUC_BOUNDS = tuple(decode(floats("1.0", "0.9", "0.8", "0.5")))
#: Above this many examples the grid is not tried (its cost grows with the examples).
GRID_EXAMPLES = 200


@dataclass(frozen=True, slots=True)
class Family:
    """One tool function (``name``), its output ``part`` (an attribute of the result, or
    None), called as ``call(scores, labels, **setting)`` at each of ``settings``;
    ``default`` is the metric of explain's table that its call without parameters is;
    ``retry`` = (key, more): a setting holding ``key`` that the tool answers with NA is
    tried again with the parameters ``more`` added (pROC's invalid corrected area)."""

    name: str
    call: Callable[..., Any]
    settings: tuple[Setting, ...]
    default: str
    part: str | None = None
    retry: tuple[str, Setting] | None = None
    #: The tool takes example weights as ``sample_weight`` (:func:`grid_values` with weights).
    weighted: bool = False

    @property
    def function(self) -> str:
        """The function and its output: ``precrec.evalmod.prc``, ``proc.auc``."""
        return f"{self.name}.{self.part}" if self.part else self.name

    def label(self, setting: Setting) -> str:
        """The call as a person writes it: ``sklearn.roc_auc_score(max_fpr=0.1)``."""
        given = ", ".join(f"{key}={value!r}" for key, value in setting)
        return f"{self.name}({given})" + (f".{self.part}" if self.part else "")

    def values(self, scores: list[Any], labels: list[int]) -> Iterator[tuple[Setting, Any]]:
        """(setting, the twin's value) for each setting the twin answers (errors skipped)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for setting in self.settings:
                value = self._value(scores, labels, setting)
                if value is None and self.retry and self.retry[0] in dict(setting):
                    setting = (*setting, *self.retry[1])
                    value = self._value(scores, labels, setting)
                if value is not None:
                    yield setting, value

    def _value(self, scores: list[Any], labels: list[int], setting: Setting) -> Any:
        try:
            value = self.call(scores, labels, **dict(setting))
        except RocPrError:  # the tool refuses this setting here
            return None
        return value if self.part is None or value is None else getattr(value, self.part)


def _one(key: str, values: tuple[Any, ...]) -> tuple[Setting, ...]:
    return tuple(((key, v),) for v in values)


def _proc_settings() -> tuple[Setting, ...]:
    settings: list[Setting] = [(("direction", d),) for d in ("<", ">")]
    pairs = list(combinations(PAUC_BOUNDS, 2))
    for direction, pair, focus, correct in product(
        (None, ">"), pairs, ("specificity", "sensitivity"), (False, True)
    ):
        setting: list[tuple[str, Any]] = [] if direction is None else [("direction", direction)]
        setting.append(("partial_auc", list(pair)))
        if focus != "specificity":
            setting.append(("partial_auc_focus", focus))
        if correct:
            setting.append(("partial_auc_correct", True))
        settings.append(tuple(setting))
    return tuple(settings)


def _proc_auc(scores: list[Any], labels: list[int], **setting: Any) -> Any:
    from rocpr_exact.profiles import proc

    return proc.auc(labels, scores, **setting)


def _keras_settings(curve: str, thresholds: list[float] | None) -> tuple[Setting, ...]:
    """keras' settings of one curve; a given list of thresholds first (the caller's own call
    is shown before the grid's)."""
    given: list[Setting] = []
    out: list[Setting] = []
    for method in ("interpolation", "minoring", "majoring"):
        fixed = (("curve", curve), ("summation_method", method))
        if thresholds is not None:
            given.append((*fixed, ("thresholds", thresholds)))
        if method != "interpolation":
            out.append(fixed)  # at keras' 200 thresholds
        out += [(*fixed, ("num_thresholds", n)) for n in BINS]
    return (*given, *out)


def _precrec_settings() -> tuple[Setting, ...]:
    grids: list[Setting] = [*_one("x_bins", (*range(11), 20)), (("interpolate", False),)]
    return tuple([*grids, (("posclass", 0),), *((("posclass", 0), *g) for g in grids)])


def families(thresholds: Sequence[float] | None = None) -> tuple[Family, ...]:
    """Every family of calls explain tries, in a fixed order (imports the twins); with
    ``thresholds`` (a list the caller gave), torchmetrics' and keras' calls with that list."""
    from rocpr_exact.profiles import keras, precrec, rocr, sklearn
    from rocpr_exact.profiles.torchmetrics import binary_auroc, binary_average_precision

    def rocr_call(measure: str) -> Callable[..., Any]:
        def call(scores: list[Any], labels: list[int], **setting: Any) -> Any:
            ordering = setting.pop("label_ordering", None)
            return rocr.performance(rocr.prediction(scores, labels, ordering), measure, **setting)

        return call

    flipped: Setting = (("label_ordering", [1, 0]),)
    fpr_stops = _one("fpr_stop", FPR_BOUNDS)
    given = None if thresholds is None else list(thresholds)
    bins = (() if given is None else _one("thresholds", (given,))) + _one("thresholds", BINS)
    return (
        Family(
            "sklearn.roc_auc_score",
            lambda s, y, **k: sklearn.roc_auc_score(y, s, **k),
            _one("max_fpr", FPR_BOUNDS),
            "sklearn.roc_auc_score",
            weighted=True,
        ),
        Family(
            "sklearn.average_precision_score",
            lambda s, y, **k: sklearn.average_precision_score(y, s, **k),
            _one("pos_label", (0,)),
            "sklearn.average_precision_score",
            weighted=True,
        ),
        Family(
            "proc.auc",
            _proc_auc,
            _proc_settings(),
            "proc.auc",
            retry=("partial_auc_correct", (("allow_invalid_partial_auc_correct", True),)),
        ),
        Family(
            "rocr.auc",
            rocr_call("auc"),
            (*fpr_stops, flipped, *((*flipped, *stop) for stop in fpr_stops)),
            "rocr.auc",
        ),
        Family("rocr.aucpr", rocr_call("aucpr"), (flipped,), "rocr.aucpr"),
        Family(  # its ROC area is auc_roc whatever the PR grid (rocpr_exact.profiles.precrec):
            "precrec.evalmod",  # the call skips the grid, the costly part
            lambda s, y, **k: precrec.evalmod(s, y, interpolate=False, **k),
            ((("posclass", 0),),),
            "precrec.roc_auc",
            "roc",
        ),
        Family(
            "precrec.evalmod",
            lambda s, y, **k: precrec.evalmod(s, y, **k),
            _precrec_settings(),
            "precrec.prc_auc",
            "prc",
        ),
        Family(
            "torchmetrics.binary_auroc",
            binary_auroc,
            (*_one("max_fpr", FPR_BOUNDS), *bins),
            "torchmetrics.binary_auroc",
        ),
        Family(
            "torchmetrics.binary_average_precision",
            binary_average_precision,
            bins,
            "torchmetrics.binary_average_precision",
        ),
        *(
            Family("keras.auc", lambda s, y, **k: keras.auc(y, s, **k),
                   _keras_settings(curve, given), f"keras.auc_{curve.lower()}", weighted=True)
            for curve in ("ROC", "PR")
        ),
    )


def grid_values(
    scores: Sequence[Any],
    labels: Sequence[int],
    weights: Sequence[float] | None = None,
    thresholds: Sequence[float] | None = None,
) -> tuple[tuple[Family, tuple[tuple[Setting, Any], ...]], ...]:
    """Each family and its (setting, value) pairs on the data (what explain matches): the
    scores as the tools receive them (doubles).  With ``weights`` (doubles): the
    :attr:`~Family.weighted` families only, each call given ``sample_weight=weights``; with
    ``thresholds``: also the calls given that list (:func:`families`)."""
    scores, labels = list(scores), list(labels)
    every = families(thresholds)
    if weights is None:
        return tuple((family, tuple(family.values(scores, labels))) for family in every)
    out = []
    for family in every:
        if family.weighted:
            call = partial(family.call, sample_weight=list(weights))
            out.append((family, tuple(replace(family, call=call).values(scores, labels))))
    return tuple(out)


#: The datasets remembered by :func:`cached`, oldest first.
_REMEMBERED: OrderedDict[Any, Any] = OrderedDict()
#: How many (function, dataset) results :func:`cached` keeps.
REMEMBER = 16


def cached(
    compute: Callable[[Sequence[Any], Sequence[int]], T], scores: list[Any], labels: list[int]
) -> T:
    """``compute(scores, labels)``, remembered for the last :data:`REMEMBER` datasets (explain
    asks again for each value on the same data: a fuzz run, the recorded outputs).  The key is
    each score's type and repr, so -0.0 and 0.0, or 0.5 and Fraction(1, 2), are not confused.
    The result is shared: do not change it."""
    key = (compute, tuple((type(v), repr(v)) for v in scores), tuple(labels))
    if key in _REMEMBERED:
        _REMEMBERED.move_to_end(key)
        found: T = _REMEMBERED[key]
        return found
    _REMEMBERED[key] = result = compute(scores, labels)
    if len(_REMEMBERED) > REMEMBER:
        _REMEMBERED.popitem(last=False)
    return result
