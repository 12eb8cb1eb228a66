"""The engine's protocol: a decider is a tuple of stages run in order by :func:`decide`.

* The **candidates** are the values still open (for an AUC-ROC claim the integers 2U), listed
  in the order a witness search should try them; ``complete`` says whether the list holds every
  open value or only the first ones (a witness search may stop listing early).
* A **stage** has a ``name``, ``fits(query)`` (its size test, from :mod:`rocpr_exact.limits`)
  and ``run(query, candidates, budget)``, which answers :class:`Found` (a witness, certified
  by the decider's ``certify`` before "possible"), :class:`Excluded` (candidates proved
  impossible, with the :class:`Certificate` a checker re-verifies) or :class:`Nothing` (why it
  stopped: nothing found, or its budget ran out).
* The verdict is "impossible" only when a complete candidate list has been excluded to the
  last value, every exclusion with its certificate; "possible" only with a certified witness;
  otherwise "undecided" with every stage's reason.

A test or a benchmark turns a stage off by passing another tuple, never by patching names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, Protocol, TypeVar

from rocpr_exact.errors import InvalidInputError

__all__ = [
    "Budget",
    "Candidates",
    "Certificate",
    "Excluded",
    "Found",
    "Group",
    "Nothing",
    "Outcome",
    "Stage",
    "decide",
]

Q = TypeVar("Q", contravariant=True)
W = TypeVar("W")

#: A ranking's tie group, read from the top: (positives, negatives), not both 0.  A witness of
#: the engine is a sequence of them (the one definition; the stages import it from here).
Group = tuple[int, int]

#: A JSON value of a certificate's data (integers, exact fractions written "p/q", text, lists).
Json = int | str | bool | None | Sequence["Json"] | Mapping[str, "Json"]


@dataclass(frozen=True, slots=True)
class Certificate:
    """What one stage proved: the candidates it excludes and the data a checker re-verifies it
    from (the stage's ``name`` says which check applies; ``data`` is JSON-ready)."""

    stage: str
    excludes: tuple[int, ...]
    data: Mapping[str, Json] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Candidates:
    """The open values in the order a witness search tries them; ``complete`` when they are all
    of them (not only the first ones)."""

    values: tuple[int, ...]
    complete: bool = True

    def without(self, excluded: Sequence[int]) -> Candidates:
        gone = set(excluded)
        return Candidates(tuple(v for v in self.values if v not in gone), self.complete)


@dataclass(slots=True)
class Budget:
    """Work units left for one question (the limit that sets them is named in the message);
    :meth:`spend` answers False once they are used up, and the stage then says
    :class:`Nothing` with ``ran_out``."""

    left: int
    limit: str

    def spend(self, units: int) -> bool:
        if units < 0:
            raise InvalidInputError(f"units must be at least 0, got {units}")
        self.left -= units
        return self.left >= 0


@dataclass(frozen=True, slots=True)
class Found(Generic[W]):
    """A witness (scores, or tie groups) the decider certifies before it says "possible"."""

    witness: W
    value: int


@dataclass(frozen=True, slots=True)
class Excluded:
    """Candidates proved impossible; ``rest``, when given, is the list of those still open
    after them, in the stage's order (a stage that lists the open values anew, such as a
    proven range over a range too long to list, sets it instead of each value excluded)."""

    certificate: Certificate
    rest: Candidates | None = None


@dataclass(frozen=True, slots=True)
class Nothing:
    """The stage neither found nor excluded: ``reason`` says what it tried; ``ran_out`` that it
    stopped at its budget; ``stop``: the stages after it are not run (it could not list the
    candidates they need)."""

    reason: str
    ran_out: bool = False
    stop: bool = False


class Stage(Protocol[Q, W]):
    """One step of a decider (module notes)."""

    @property
    def name(self) -> str: ...

    def fits(self, query: Q) -> bool: ...

    def run(
        self, query: Q, candidates: Candidates, budget: Budget
    ) -> Found[W] | Excluded | Nothing: ...


@dataclass(frozen=True, slots=True)
class Outcome(Generic[W]):
    """The engine's verdict: possible (``witness``, certified), impossible (``certificates``:
    every candidate excluded) or undecided (``reasons``; ``ran_out`` names the budget's limit
    when one stopped a stage; ``open``: the candidates still open)."""

    verdict: Literal["possible", "impossible", "undecided"]
    witness: Found[W] | None
    certificates: tuple[Certificate, ...]
    reasons: tuple[str, ...]
    ran_out: str | None = None
    open: tuple[int, ...] = ()


def decide(
    stages: Sequence[Stage[Q, W]],
    query: Q,
    candidates: Candidates,
    budget: Budget,
    certify: Callable[[Q, Found[W]], bool],
) -> Outcome[W]:
    """Run the stages that fit, in order, on the candidates still open (module notes)."""
    certificates: list[Certificate] = []
    reasons: list[str] = []
    ran_out: str | None = None
    for stage in stages:
        if not candidates.values:
            break
        if not stage.fits(query):
            continue
        result = stage.run(query, candidates, budget)
        if isinstance(result, Found):
            if certify(query, result):
                return Outcome("possible", result, tuple(certificates), tuple(reasons))
            reasons.append(f"{stage.name}: its witness did not certify (not used)")
            continue
        if isinstance(result, Excluded):
            certificates.append(result.certificate)
            if result.rest is not None:
                candidates = result.rest
            else:
                candidates = candidates.without(result.certificate.excludes)
        else:
            reasons.append(f"{stage.name}: {result.reason}")
            if result.ran_out:
                ran_out = budget.limit
            if result.stop:
                break
    if not candidates.values and candidates.complete:
        return Outcome("impossible", None, tuple(certificates), tuple(reasons))
    return Outcome(
        "undecided", None, tuple(certificates), tuple(reasons), ran_out, candidates.values
    )
