"""``fairyport validate`` for ZRF: syntax, includes, macros, structure and references, every variant.

Reading is tolerant: syntax errors (unbalanced parentheses, unterminated strings), missing includes and macro
problems become findings and reading goes on; after a syntax error the structure is not checked (its findings
would mostly be consequences of the misplaced parenthesis). Each selectable variant is materialised and
checked; a finding in a section several variants share is reported once. Only an unreadable file or a
macro expansion past its bounds makes the file unreadable.
"""

from __future__ import annotations

from pathlib import Path

from fairyport.diagnostics import FileReport, Finding, Severity
from fairyport.errors import FairyportError, Location, ModelError, ParseError, UnsupportedError
from fairyport.format import ValidateOptions
from fairyport.movegen.sanity import OPPOSITE_CHECK, opposite_check_text
from fairyport.zrf.interpreter.game import compile_game
from fairyport.zrf.syntax.loader import LoadedFile, load_source
from fairyport.zrf.syntax.nodes import SList
from fairyport.zrf.syntax.parser import UNBALANCED, UNTERMINATED, parse
from fairyport.zrf.syntax.source import SourceFile
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.typed.build import build_game
from fairyport.zrf.typed.checks import check_game, names_defined_by
from fairyport.zrf.typed.geometry import Geometry, resolve
from fairyport.zrf.typed.tree import DialectMarker, ZrfGame

NO_GAME = "no-game"
MACRO_LIBRARY = "macro-library"
DIALECT = "dialect"
PREZRF = "prezrf"
STRUCTURE_SKIPPED = "structure-skipped"
RUN_NOT_RUN = "run-not-run"

_DIALECT_NAMES = {
    "zog1": "ZRF 1.x forms", "dagaz": "Dagaz dialect: rules partly live in JavaScript extensions",
    "axiom": "Axiom engine: the rules live in ForthScript, this file is a front-end",
}


def validate_file(path: Path, options: ValidateOptions) -> FileReport:
    """Validate one ``.zrf`` (or ``.prezrf``) file.

    :raises FairyportError: if the file cannot be read or its expansion goes past the bounds (the caller
        reports the file as unreadable).
    """
    report = FileReport(str(path), "zrf")
    try:
        source = SourceFile.read(path)
    except OSError as exc:
        raise ParseError(f"cannot read the file: {exc.strerror}", Location(str(path), 1, 1, 0)) from exc
    report.details.update(encoding=source.encoding, newline="CRLF" if source.newline == "\r\n" else "LF")
    if path.suffix.lower() == ".prezrf":
        parse(source, report.findings)
        report.findings.append(Finding(source.location(0), Severity.INFO, PREZRF,
                                       "a .prezrf preprocessor source (define!, include!), not ZRF; "
                                       "only its syntax was checked"))
        return report
    loaded = load_source(source, tolerant=True)
    findings = loaded.findings
    if any(f.code in (UNBALANCED, UNTERMINATED) for f in findings):
        findings.append(Finding(source.location(0), Severity.INFO, STRUCTURE_SKIPPED,
                                "structure and references not checked: fix the syntax errors first"))
        report.findings = _dedupe(findings)
        return report
    try:
        structure = read_structure(loaded)
    except ModelError as exc:
        _no_game(loaded, exc, findings)
        report.findings = _dedupe(findings)
        return report
    findings.extend(structure.findings)
    variants = [structure.select(options.variant)] if options.variant is not None else structure.choices
    geometries: dict[int, Geometry] = {}
    markers: dict[str, DialectMarker] = {}
    own = {id(s) for s in structure.game.sections}
    by_variants = names_defined_by([s for v in structure.choices if v is not structure.game
                                    for s in structure.sections(v) if id(s) not in own])
    for variant in variants:
        sections = structure.sections(variant)
        game = build_game(sections, findings)
        geometry = _geometry(game, geometries, findings)
        inherited = frozenset() if variant is structure.game else frozenset(
            id(s) for s in structure.game.sections if s in sections)
        check_game(game, geometry, findings, inherited, by_variants if variant is structure.game else frozenset())
        if options.run and not any(f.severity is Severity.ERROR for f in findings):
            findings.extend(start_findings(game, geometry))  # compiling costs ~0.17 s a variant: on request
        for marker in game.dialects:
            markers.setdefault(marker.dialect, marker)
    if structure.version == "3.0":
        markers.setdefault("dagaz", DialectMarker("dagaz", 'version "3.0"', None))
    for dialect, marker in markers.items():
        where = marker.node.location if marker.node is not None else source.location(0)
        findings.append(Finding(where, Severity.INFO, DIALECT, f"{_DIALECT_NAMES[dialect]} ({marker.reason})"))
    report.findings = _dedupe(findings)
    report.details.update(version=structure.version, variants=len(structure.choices), checked=len(variants),
                          dialects=sorted(markers))
    return report


RUN_BOUNDS = {"while": "end the loop: a while whose condition never fails runs for ever",
              "command step budget": "end the loops: every move block loops thousands of times",
              "add-partial": "end the add-partial chain: each step offers another",
              "move count": "fewer moves in one position: they are past the interpreter's memory bound"}
"""``feature`` names of the interpreter's bounds (docs/bounds.md) and the fix of each: a run that meets one is an
error finding (``perft`` stops there with exit 3), where other ``UnsupportedError`` are forms the interpreter
lacks (a warning)."""


def start_findings(game: ZrfGame, geometry: Geometry | None) -> list[Finding]:
    """``opposite-check`` where the start position, as the ZRF interpreter plays it, has the player not to move
    in check; ``run-not-run`` where the interpreter cannot play it or its moves (an error where the run met a
    bound)."""
    try:
        played = compile_game(game, geometry)
        start = played.start_position()
        checks = start.opposite_checks()
        start.legal_raw()  # its moves too, so that a bound perft(1) meets is met here (exit 1, not 0)
    except UnsupportedError as exc:
        fix = RUN_BOUNDS.get(exc.feature or "")
        return [Finding(exc.location, Severity.WARNING if fix is None else Severity.ERROR, RUN_NOT_RUN,
                        f"--run: the interpreter cannot play the start position, so it is not checked: {exc.reason}",
                        fix=fix or "perft and convert refuse the game the same way (exit 3)")]
    except FairyportError:  # a game other findings already refuse (an unknown piece, position ...)
        return []
    if not checks:
        return []
    mover = played.turns[start.turn].owner
    text = opposite_check_text(played.players[mover], played.players[1 - mover], checks)
    where = game.sections[0].location if game.sections else Location()
    return [Finding(where, Severity.ERROR, OPPOSITE_CHECK, f"the start position has {text}",
                    fix=f"give the first turn to {played.players[1 - mover]}, or set the pieces up so that no "
                        "royal piece of theirs is attacked")]


def _geometry(game: ZrfGame, cache: dict[int, Geometry], findings: list[Finding]) -> Geometry | None:
    if game.board is None:
        return None
    key = id(game.board.node)
    if key not in cache:
        cache[key] = resolve(game.board, findings)
    return cache[key]


def _no_game(loaded: LoadedFile, error: ModelError, findings: list[Finding]) -> None:
    if loaded.macros and all(isinstance(f, SList) and f.head in ("define", "version") for f in loaded.forms):
        findings.append(Finding(error.location, Severity.INFO, MACRO_LIBRARY,
                                f"a macro library ({len(loaded.macros)} defines, no game): meant to be included"))
    else:
        findings.append(Finding(error.location, Severity.ERROR, NO_GAME, error.reason))


def _dedupe(findings: list[Finding]) -> list[Finding]:
    unique: dict[tuple[str | None, int | None, int | None, str], Finding] = {}
    for finding in findings:
        unique.setdefault((finding.location.file, finding.location.line, finding.location.column, finding.code),
                          finding)
    return sorted(unique.values(), key=lambda f: (f.location.file or "", f.location.line or 0,
                                                   f.location.column or 0, f.code))
