"""``fairyport validate`` for Fairy-Stockfish ``variants.ini`` files.

Every section (or the one ``--variant`` names) is read into the model. Findings: the file's text cannot be read
(unreadable, exit 4); a value Fairy-Stockfish would not accept (error ``bad-value``, at its line); an option the
model cannot hold (warning ``not-readable``, naming the option at its line or its built-in variant); an unknown
option or characters Fairy-Stockfish skips in a piece string (warning ``fsf-ignores``, at its line); a section
the move generator cannot play (warning ``not-playable``); a start position whose side not to move is in check
(error ``opposite-check``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.diagnostics import FileReport, Finding, Severity
from fairyport.errors import Location, ParseError, UnsupportedError, UsageError
from fairyport.format import ValidateOptions
from fairyport.fsf.read import read_text
from fairyport.fsf.sources import variants_text
from fairyport.fsf.syntax import parse_ini
from fairyport.movegen import compile_game
from fairyport.movegen.sanity import start_findings


def validate_file(path: Path, options: ValidateOptions) -> FileReport:
    """Validate the sections of one ``variants.ini`` file."""
    report = FileReport(str(path), "fsf")
    try:
        text = variants_text(path)
        sections = parse_ini(text, str(path))
    except ParseError as exc:
        report.unreadable = exc
        return report
    names = [options.variant] if options.variant else [s.name for s in sections]
    read = 0
    seen: set[tuple[object, object, str]] = set()
    for name in names:
        try:
            game = read_text(text, variant=name, name=str(path))
        except UnsupportedError as exc:
            report.findings.append(Finding(exc.location, Severity.WARNING, "not-readable",
                                           f"[{name}] {exc.reason}", fix="perft and conversion of this section "
                                           "are available only through Fairy-Stockfish (the fsf engine)"))
            continue
        except (ParseError, UsageError) as exc:
            report.findings.append(Finding(exc.location, Severity.ERROR, "bad-value", f"[{name}] {exc.reason}",
                                           fix=exc.expected and f"expected {exc.expected}"))
            continue
        read += 1
        try:
            variant = compile_game(game)
        except UnsupportedError as exc:
            report.findings.append(Finding(exc.location, Severity.WARNING, "not-playable", f"[{name}] {exc.reason}"))
        else:
            report.findings += [dataclasses.replace(f, message=f"[{name}] {f.message}")
                                for f in start_findings(variant, Location(str(path), game.format_data["fsf"]["line"]))]
        for warning in game.format_data["fsf"]["warnings"]:
            key = (warning["file"], warning["line"], warning["message"])
            if key not in seen:  # a parent's warning reaches every child section
                seen.add(key)
                report.findings.append(Finding(Location(warning["file"], warning["line"]), Severity.WARNING,
                                               "fsf-ignores", warning["message"]))
    report.details = {"sections": len(names), "read": read}
    return report


__all__ = ["validate_file"]
