"""``fairyport validate`` for Interactive Diagram files and pages.

Findings: the file cannot be read (unreadable, exit 4); the game is inconsistent (error); a piece or rule the
move generator cannot play (warning, naming it); what fairyport read leniently, as the Diagram script does (a
shared ID, a square given twice, promoChoice text that names no piece: warning ``lenient-reading`` at its line);
a page script hook that changes the rules (warning ``page-script-rules``); ``x`` on a royal piece, read as a
swap where Odin's Rune Chess means borrowing an adjacent friend's moves (warning ``x-on-royal``); what the Diagram
says that the game model does not carry, such as unmodelled parameters (info); each fairyport extension line,
whose rule the Diagram's own script does not play (info ``fairyport-extension``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.diagnostics import FileReport, Finding, Severity
from fairyport.errors import Location, ModelError, ParseError, UnsupportedError
from fairyport.format import ValidateOptions
from fairyport.idiagram.read import hook_note, read_game
from fairyport.model import Game
from fairyport.movegen import compile_game
from fairyport.movegen.sanity import start_findings
from fairyport.xbetza.words import ROYAL_SWAP_NOTE, swaps


def validate_file(path: Path, options: ValidateOptions) -> FileReport:
    """Validate one Diagram file (``options.variant`` picks the diagram of a page, 1-based)."""
    report = FileReport(str(path), "idiagram")
    where = Location(str(path))
    diagram = int(options.variant) if options.variant and options.variant.isdecimal() else None
    try:
        game = read_game(path, diagram=diagram)
    except ModelError as exc:
        report.findings.append(Finding(_located(exc.location, path), Severity.ERROR, "inconsistent-game",
                                       exc.reason, fix=exc.expected and f"expected {exc.expected}"))
        return report
    except ParseError as exc:
        report.unreadable = exc
        return report
    try:
        report.findings += start_findings(compile_game(game), where)
    except UnsupportedError as exc:
        report.findings.append(Finding(where, Severity.WARNING, "not-playable", exc.reason,
                                       fix="perft and conversion proofs are not available for this game"))
    except ModelError as exc:
        report.findings.append(Finding(where, Severity.ERROR, "inconsistent-game", exc.reason))
    for piece in game.pieces:
        if piece.royal and swaps(piece.betza):
            report.findings.append(Finding(where, Severity.WARNING, "x-on-royal", f"{piece.name}: {ROYAL_SWAP_NOTE}",
                                           fix="describe the borrowed moves as moves of the piece, or keep the "
                                               "rule in the text"))
    data = game.format_data.get("idiagram", {})
    for warning in data.get("warnings", []):
        report.findings.append(Finding(Location(str(path), warning.get("line"), warning.get("column")),
                                       Severity.WARNING, "lenient-reading", str(warning.get("message"))))
    for hook in data.get("hooks", []):
        if hook != "Shade":
            report.findings.append(Finding(where, Severity.WARNING, "page-script-rules", hook_note(hook),
                                           fix="express the rule in the text where fairyport can (fairyportZone)"))
    hook_notes = {hook_note(hook) for hook in data.get("hooks", []) if hook != "Shade"}
    for note in data.get("notes", []):
        if note not in hook_notes:
            report.findings.append(Finding(where, Severity.INFO, "not-modelled", str(note)))
    for key, value in extension_lines(game):
        report.findings.append(Finding(where, Severity.INFO, "fairyport-extension",
                                       f"{key}={value}: a fairyport extension line; fairyport plays its rule, the "
                                       "Diagram's own script ignores it (a page shows the game without it)"))
    report.details = {"title": game.metadata.title, "pieces": len(game.pieces),
                      "board": f"{game.board.files}x{game.board.ranks}"}
    return report


EXTENSION_PREFIX = "fairyport"
"""The prefix of fairyport's extension keys (``fairyportZone``, ``fairyportFlag`` ...; docs/idiagram.md)."""


def extension_lines(game: Game) -> list[tuple[str, str]]:
    """The fairyport extension lines of a Diagram text read into ``game`` (key, value), in the order written."""
    data = game.format_data.get("idiagram", {})
    entries = [*data.get("head", []), *(e for p in game.pieces for e in p.extra.get("idiagram", {}).get("after", []))]
    found: list[tuple[str, str]] = []
    for entry in entries:
        key = entry.get("key")
        if isinstance(key, str) and key.startswith(EXTENSION_PREFIX):
            for value in entry.get("values", [entry.get("value")]):
                found.append((key, str(value)))
    return found


def _located(location: Location, path: Path) -> Location:
    return location if location.file else dataclasses.replace(location, file=str(path))
