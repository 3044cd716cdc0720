"""``fairyport validate`` for Interactive Diagram files and pages.

Findings: the file cannot be read (unreadable, exit 4); the game is inconsistent (error); a piece or rule the
move generator cannot play (warning, naming it); what the Diagram says that the game model does not carry,
such as page script hooks or unmodelled parameters (info).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.cli.validate import ValidateOptions
from fairyport.converters.idiagram import read_game
from fairyport.diagnostics import FileReport, Finding, Severity
from fairyport.errors import Location, ModelError, ParseError, UnsupportedError
from fairyport.rules import compile_game


def validate_file(path: Path, options: ValidateOptions) -> FileReport:
    """Validate one Diagram file (``options.variant`` picks the diagram of a page, 1-based)."""
    report = FileReport(str(path), "idiagram")
    where = Location(str(path))
    diagram = int(options.variant) if options.variant and options.variant.isdigit() else None
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
        compile_game(game)
    except UnsupportedError as exc:
        report.findings.append(Finding(where, Severity.WARNING, "not-playable", exc.reason,
                                       fix="perft and conversion proofs are not available for this game"))
    except ModelError as exc:
        report.findings.append(Finding(where, Severity.ERROR, "inconsistent-game", exc.reason))
    notes = game.format_data.get("idiagram", {}).get("notes", [])
    for note in notes:
        report.findings.append(Finding(where, Severity.INFO, "not-modelled", str(note)))
    report.details = {"title": game.metadata.title, "pieces": len(game.pieces),
                      "board": f"{game.board.files}x{game.board.ranks}"}
    return report


def _located(location: Location, path: Path) -> Location:
    return location if location.file else dataclasses.replace(location, file=str(path))
