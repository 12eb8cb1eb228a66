"""The Coq development in proofs/coq: it builds, assumes nothing beyond the reals, admits nothing.

``make -C proofs/coq`` compiles every theory (Debian: ``apt-get install coq libcoq-coquelicot``;
``.ci/run`` installs them when ``coqc`` is missing, so CI never skips these tests).  Then
``Assumptions.v`` runs ``Print Assumptions`` on each main theorem (each answer behind a marker,
:func:`assumption_problems`): every axiom printed must be one of the standard library's axioms of
the real numbers (:data:`REALS_AXIOMS`), or, for the theorem proved with Coquelicot's integrals
only, the standard library's excluded middle; and every line of the answer must be read (Coq
reports a fixpoint accepted under ``Unset Guard Checking`` only as "f is assumed to be guarded",
which names no axiom: a line this file cannot read is a failure, not a pass).  No source file may
contain ``Admitted``, ``admit``, ``Axiom``, ``Parameter``, ``Conjecture``, ``Declare Module``, an
unsafe flag (``Unset Guard/Positivity/Universe Checking``, the ``bypass_check`` attribute,
``Declare ML Module``), or a ``Hypothesis``, ``Variable`` or ``Context`` outside a section (inside
a section they become explicit premises of each theorem that uses them, so they assume nothing).
The planted-file tests show each rejection on a small file checked by the same functions.
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


FORBIDDEN = re.compile(
    r"\b(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture|Declare\s+Module"
    # the kernel's checks switched off, by a flag or an attribute (#[bypass_check(guard)]),
    # or a plugin that could do anything:
    r"|Unset\s+(?:Guard|Positivity|Universe)\s+Checking|bypass_check|Bypass\s+Check"
    r"|Declare\s+ML\s+Module)\b"
)
SECTION_ONLY = re.compile(r"\b(Hypothesis|Hypotheses|Variable|Variables|Context)\b")
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


MARK = "@@ rocpr-exact Print Assumptions "
PRINT = re.compile(r"^Print Assumptions ([\w.']+)\.\s*$", re.MULTILINE)


def assumption_problems(script: Path, load_path: Path | None = None) -> dict[str, list[str]]:
    """Each ``Print Assumptions T.`` of ``script`` run by coqc: T's problems (empty: T is clean).

    A copy of the script, with a marker printed before each answer, is compiled in a temporary
    directory (``load_path``: the theories, as ``RocPr``), so each answer is read alone.  A
    theorem whose answer is missing, or a script coqc rejects, is a problem too.
    """
    text = script.read_text()
    theorems = PRINT.findall(text)
    marked = PRINT.sub(
        lambda m: f'Goal True. idtac "{MARK}{m.group(1)}". Abort.\n{m.group(0)}', text
    )
    flags = ["-R", str(load_path.resolve()), "RocPr"] if load_path is not None else []
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / script.name
        copy.write_text(marked)
        result = subprocess.run(
            ["coqc", *flags, str(copy)],
            cwd=scratch,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    if result.returncode != 0:
        return {t: [f"coqc failed: {result.stderr.strip()[-500:]}"] for t in theorems}
    marker = re.escape(MARK)
    answers = dict(
        re.findall(rf"^{marker}(\S+)\n(.*?)(?=^{marker}|\Z)", result.stdout, re.M | re.S)
    )
    return {
        t: assumptions_problems_of(t, answers[t]) if t in answers else ["no answer printed"]
        for t in theorems
    }


def assumptions_problems_of(theorem: str, answer: str) -> list[str]:
    """What is wrong with one ``Print Assumptions`` answer: a line it cannot read, a bad axiom."""
    try:
        names = axioms_of(answer)
    except ValueError as unreadable:
        return [str(unreadable)]
    return [f"assumes {name}" for name in sorted(names - allowed_axioms(theorem))]


HEADERS = ("Axioms:", "Section Variables:")
ENTRY = re.compile(r"([\w.']+)(?: : .*)?")


def axioms_of(answer: str) -> set[str]:
    """The assumed names in one ``Print Assumptions`` answer; ValueError on a line not read.

    Coq prints "Closed under the global context", or headed lists ("Axioms:", "Section
    Variables:") of entries: a name at the start of a line, its type after " : " or on the
    following indented lines (or lines starting with ":").  Anything else, such as "loop is
    assumed to be guarded." (a fixpoint under ``Unset Guard Checking``), "Neg is assumed to be
    positive." or "bad relies on an unsafe hierarchy.", is not read, so it is rejected.
    """
    lines = [line for line in answer.splitlines() if line.strip()]
    if [line.strip() for line in lines] == ["Closed under the global context"]:
        return set()
    if not lines or lines[0] not in HEADERS:
        raise ValueError(f"unreadable Print Assumptions answer: {answer[:200]!r}")
    names: set[str] = set()
    for line in lines[1:]:
        if line in HEADERS or line[0].isspace() or line.startswith(":"):
            continue
        entry = ENTRY.fullmatch(line)
        if entry is None:
            raise ValueError(f"unreadable Print Assumptions line: {line!r}")
        names.add(entry.group(1))
    return names


@needs_coq
def test_every_main_theorem_assumes_only_the_reals(built: Path) -> None:
    problems = assumption_problems(built / "Assumptions.v", built / "theories")
    assert len(problems) >= 25
    assert not {t: p for t, p in problems.items() if p}


def test_axioms_of_reads_coq_output() -> None:
    extensionality = "FunctionalExtensionality.functional_extensionality_dep"
    block = f"Axioms:\n{extensionality}\n  : forall (A : Type),\n    A\nMine.cheat : False\n"
    assert axioms_of(block) == {extensionality, "Mine.cheat"}
    assert axioms_of("Closed under the global context\n") == set()
    assert axioms_of("Section Variables:\nh\n: False\nAxioms:\na : 0 = 1\n") == {"h", "a"}


@pytest.mark.parametrize(
    "answer",
    [
        "Axioms:\nloop is assumed to be guarded.\n",
        "Axioms:\nNeg is assumed to be positive.\n",
        "Axioms:\nbad relies on an unsafe hierarchy.\n",
        "Axioms:\nClassicalDedekindReals.sig_not_dec\nsomething new\n",
        "",
        "Closed under the global context\nand more\n",
    ],
)
def test_an_answer_it_cannot_read_is_a_problem(answer: str) -> None:
    assert assumptions_problems_of("Decimal.rne_nearest", answer)


#: Planted files: each proves False (or a falsehood) by one of the ways out of the kernel's
#: checks; the source scan and ``Print Assumptions`` must each reject it.
PLANTED = {
    "guard": "Unset Guard Checking.\nFixpoint loop (n : nat) : False := loop n.\n"
    "Set Guard Checking.\nTheorem bad : False. Proof. exact (loop 0). Qed.\n",
    "bypass": "#[bypass_check(guard)] Fixpoint loop (n : nat) : False := loop n.\n"
    "Theorem bad : False. Proof. exact (loop 0). Qed.\n",
    "positivity": "Unset Positivity Checking.\nInductive Neg := mk : (Neg -> False) -> Neg.\n"
    "Set Positivity Checking.\nDefinition f (x : Neg) : False := match x with mk g => g x end.\n"
    "Theorem bad : False. Proof. exact (f (mk f)). Qed.\n",
    "universes": "Unset Universe Checking.\nDefinition U := Type.\nDefinition bad : U := U.\n",
    "admitted": "Theorem bad : False. Proof. Admitted.\n",
    "admit": "Theorem bad : False /\\ True. Proof. split; [admit | exact I]. Admitted.\n",
    "axiom": "Axiom cheat : False.\nTheorem bad : False. Proof. exact cheat. Qed.\n",
    "parameter": "Parameter cheat : False.\nTheorem bad : False. Proof. exact cheat. Qed.\n",
    "hypothesis": "Hypothesis cheat : False.\nTheorem bad : False. Proof. exact cheat. Qed.\n",
}


@pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")
@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_file_is_rejected(name: str, tmp_path: Path) -> None:
    planted = tmp_path / "Planted.v"
    planted.write_text(PLANTED[name] + "Print Assumptions bad.\n")
    assert violations(planted.read_text())
    problems = assumption_problems(planted)
    assert set(problems) == {"bad"}
    assert any(PLANTED_PROBLEM[name] in problem for problem in problems["bad"]), problems


#: What ``Print Assumptions bad`` shows for each planted file (as coqc 8.16 prints it).
PLANTED_PROBLEM = {
    "guard": "'loop is assumed to be guarded.'",
    "bypass": "'loop is assumed to be guarded.'",
    "positivity": "'Neg is assumed to be positive.'",
    "universes": "'bad relies on an unsafe hierarchy.'",
    "admitted": "assumes bad",
    "admit": "assumes bad",
    "axiom": "assumes cheat",
    "parameter": "assumes cheat",
    "hypothesis": "assumes cheat",
}


@pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")
def test_a_clean_planted_file_passes(tmp_path: Path) -> None:
    planted = tmp_path / "Planted.v"
    planted.write_text(
        "Section S. Hypothesis h : 0 = 0.\nTheorem ok : 0 = 0. Proof. exact h. Qed.\nEnd S.\n"
        "Print Assumptions ok.\n"
    )
    assert not violations(planted.read_text())
    assert assumption_problems(planted) == {"ok": []}


@pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")
def test_a_theorem_coq_cannot_print_is_a_problem(tmp_path: Path) -> None:
    planted = tmp_path / "Planted.v"
    planted.write_text("Theorem ok : True. Proof. exact I. Qed.\nPrint Assumptions missing.\n")
    assert assumption_problems(planted)["missing"]


README = Path(__file__).parent / "README.md"
CITED = re.compile(r"`theories/(\w+\.v):(\d+)` `(\w+)`")
DECLARES = r"^\s*(?:Theorem|Lemma|Corollary|Definition|Fixpoint|Example)\s+{}\b"


def test_the_readme_names_each_statement_where_it_is() -> None:
    cited = CITED.findall(README.read_text())
    assert cited
    wrong = [
        f"{file}:{line} {name}"
        for file, line, name in cited
        if not re.match(
            DECLARES.format(re.escape(name)),
            (COQ / "theories" / file).read_text().splitlines()[int(line) - 1],
        )
    ]
    assert not wrong
    printed = {t.split(".")[-1] for t in PRINT.findall((COQ / "Assumptions.v").read_text())}
    assert not printed - {name for _, _, name in cited}


@pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")
def test_round_half_to_odd_breaks_the_build(tmp_path: Path) -> None:
    """The tie rule mutated to half-to-odd (in the definitions and the case splits of the
    proofs): the theorems before the pinned ones still hold, the first pinned one fails."""
    source = (COQ / "theories" / "Decimal.v").read_text()
    mutant = tmp_path / "Decimal.v"
    mutant.write_text(source.replace("Z.odd", "Z.even"))
    result = subprocess.run(
        ["coqc", str(mutant)],
        cwd=tmp_path,  # lia's and nia's caches are written in the working directory
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode != 0
    failed = re.search(r"line (\d+)", result.stderr + result.stdout)
    assert failed is not None, result.stderr
    pinned = source[: source.index("Theorem rne_tie_even")].count("\n") + 1
    assert pinned <= int(failed.group(1)) < pinned + 12, result.stderr
