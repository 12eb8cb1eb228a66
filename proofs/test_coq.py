"""The Coq development in proofs/coq: it builds, assumes nothing beyond the reals, admits nothing.

``make -C proofs/coq`` compiles every theory (Debian: ``apt-get install coq libcoq-coquelicot``;
``.ci/run`` installs them when ``coqc`` is missing, so CI never skips these tests).  Then
``Assumptions.v`` runs ``Print Assumptions`` on each main theorem: every axiom printed must be one
of the standard library's axioms of the real numbers (:data:`REALS_AXIOMS`), or, for the
theorem proved with Coquelicot's integrals only, the standard library's excluded middle.  And
no source file may contain ``Admitted``, ``admit``, ``Axiom``, ``Parameter``, ``Conjecture``,
or a ``Hypothesis`` or ``Variable`` outside a section (inside a section they become explicit
premises of each theorem that uses them, so they assume nothing).
"""

from __future__ import annotations

import fcntl
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

COQ = Path(__file__).parent / "coq"

#: The axioms of Coq's standard library reals (Coq 8.16: Reals are built on classical Dedekind
#: cuts, whose two decision axioms and functional extensionality are stated in the library).
REALS_AXIOMS = frozenset(
    {
        "ClassicalDedekindReals.sig_forall_dec",
        "ClassicalDedekindReals.sig_not_dec",
        "FunctionalExtensionality.functional_extensionality_dep",
    }
)

#: Coquelicot (the Riemann integral of ClosedForm.v, as the issue asks) is built on classical
#: logic: its theorems may also use the standard library's excluded middle, and only they may.
COQUELICOT_AXIOMS = frozenset({"Classical_Prop.classic"})


def allowed_axioms(theorem: str) -> frozenset[str]:
    """The axioms a theorem may rest on: the reals', plus excluded middle for Coquelicot's."""
    return REALS_AXIOMS | COQUELICOT_AXIOMS if theorem.startswith("ClosedForm.") else REALS_AXIOMS


def coq_missing() -> str | None:
    """Why the Coq development cannot be built here, or None when it can."""
    if shutil.which("coqc") is None or shutil.which("make") is None:
        return "coqc not installed (apt-get install coq libcoq-coquelicot; .ci/run does it)"
    where = subprocess.run(["coqc", "-where"], capture_output=True, text=True, check=False)
    if not (Path(where.stdout.strip()) / "user-contrib" / "Coquelicot").is_dir():
        return "Coquelicot not installed (apt-get install libcoq-coquelicot; .ci/run does it)"
    return None


MISSING = coq_missing()
needs_coq = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def extraction_missing() -> str | None:
    """Why the extracted OCaml programs cannot be built here, or None when they can."""
    if (missing := coq_missing()) is not None:
        return missing
    if shutil.which("ocamlopt") is None:
        return "ocamlopt not installed (apt-get install ocaml-nox; .ci/run does it)"
    return None


def build() -> Path:
    """``make -C proofs/coq`` (incremental): the development and the extracted programs.

    One build at a time (a file lock): the suite runs on several workers (pytest-xdist), and
    a worker's make must not rewrite an extracted program another worker is running.
    """
    lock = Path(tempfile.gettempdir()) / "rocpr-exact-coq-build.lock"
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # released when the file is closed
        result = subprocess.run(
            ["make", "-C", str(COQ)], capture_output=True, text=True, timeout=900, check=False
        )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return COQ


@pytest.fixture(scope="module")
def built() -> Path:
    """Build the development once for this module (make is incremental)."""
    return build()


def sources() -> list[Path]:
    return sorted(COQ.rglob("*.v"))


def without_comments(text: str) -> str:
    """Coq source with its (nested) comments removed."""
    out: list[str] = []
    depth = 0
    i = 0
    while i < len(text):
        if text.startswith("(*", i):
            depth += 1
            i += 2
        elif depth and text.startswith("*)", i):
            depth -= 1
            i += 2
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


FORBIDDEN = re.compile(r"\b(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture)\b")
SECTION_ONLY = re.compile(r"\b(Hypothesis|Hypotheses|Variable|Variables)\b")
SECTION = re.compile(r"\b(Section|End)\s+(\w+)\s*\.")


def violations(text: str) -> list[str]:
    """The forbidden words of one source, and the section-only ones used outside a section."""
    code = without_comments(text)
    found = [f"{m.group(1)} at offset {m.start()}" for m in FORBIDDEN.finditer(code)]
    open_sections: list[str] = []
    position = 0
    for m in SECTION.finditer(code):
        if not open_sections:
            found += [
                f"{s.group(1)} outside a section"
                for s in SECTION_ONLY.finditer(code, position, m.start())
            ]
        if m.group(1) == "Section":
            open_sections.append(m.group(2))
        elif open_sections and open_sections[-1] == m.group(2):
            open_sections.pop()
        position = m.end()
    if not open_sections:
        found += [f"{s.group(1)} outside a section" for s in SECTION_ONLY.finditer(code, position)]
    return found


def test_the_checker_sees_what_it_forbids() -> None:
    assert violations("Lemma a : True. Admitted.")
    assert violations("Axiom x : False.")
    assert violations("Hypothesis h : False.")
    assert not violations("Section S. Hypothesis h : 0 = 0. End S.")
    assert not violations("(* Admitted *) Lemma a : True. Proof. exact I. Qed.")
    assert violations("Section S. End S. Variable v : nat.")


def test_no_admitted_axiom_or_global_hypothesis() -> None:
    assert sources(), "no Coq sources found"
    problems = {str(p.relative_to(COQ)): violations(p.read_text()) for p in sources()}
    assert not {k: v for k, v in problems.items() if v}


@needs_coq
def test_every_main_theorem_assumes_only_the_reals(built: Path) -> None:
    script = (built / "Assumptions.v").read_text()
    theorems = re.findall(r"^Print Assumptions ([\w.]+)\.", script, re.MULTILINE)
    result = subprocess.run(
        ["coqc", "-R", "theories", "RocPr", "Assumptions.v"],
        cwd=built,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    blocks = re.split(
        r"^(?=Axioms:|Closed under the global context)", result.stdout, flags=re.MULTILINE
    )
    blocks = [b for b in blocks if b.strip()]
    assert len(blocks) == len(theorems) >= 25
    for theorem, block in zip(theorems, blocks, strict=True):
        names = axioms_of(block)
        assert names <= allowed_axioms(theorem), (theorem, names - allowed_axioms(theorem))


def axioms_of(block: str) -> set[str]:
    """The axiom names in one ``Print Assumptions`` answer (a name starts a line)."""
    found = re.findall(r"^(\S+)\s*$|^(\S+) :", block, re.MULTILINE)
    return {a or b for a, b in found} - {"Axioms:"}


def test_axioms_of_reads_coq_output() -> None:
    extensionality = "FunctionalExtensionality.functional_extensionality_dep"
    block = f"Axioms:\n{extensionality}\n  : forall (A : Type),\n    A\nMine.cheat : False\n"
    assert axioms_of(block) == {extensionality, "Mine.cheat"}
    assert axioms_of("Closed under the global context\n") == set()
