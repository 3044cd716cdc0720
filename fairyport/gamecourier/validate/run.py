"""Linting of Game Courier presets: ``fairyport validate preset.php``.

:func:`lint_preset` runs every check of :mod:`.checks_board` and :mod:`.checks_code` over one
:class:`~.analysis.Analysis`; :func:`validate_file` is the ``validate`` command's entry point.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fairyport.diagnostics import FileReport, Finding, Severity
from fairyport.errors import ParseError, UnsupportedError, UsageError
from fairyport.gamecourier.analysis import Analysis, analyse
from fairyport.gamecourier.syntax.preset import Preset, read_preset
from fairyport.gamecourier.validate.board import BOARD_CHECKS, check_encoded_link
from fairyport.gamecourier.validate.code import CODE_CHECKS
from fairyport.gamecourier.validate.runnable import check_runnable

if TYPE_CHECKING:
    from fairyport.format import ValidateOptions

FORMAT = "gamecourier"


def lint_preset(preset: Preset) -> tuple[list[Finding], Analysis]:
    """All findings for ``preset``, sorted by position then code (those in a query preset's settings file last),
    and the analysis they came from."""
    analysis = analyse(preset, def_arity=True)
    encoded = check_encoded_link(analysis)  # every other check would only report the one odd key
    findings = encoded or [f for check in (*BOARD_CHECKS, *CODE_CHECKS, check_runnable) for f in check(analysis)]
    findings.sort(key=lambda f: (f.location.file != preset.file, f.location.line or 0, f.location.column or 0, f.code))
    return findings, analysis


def details(analysis: Analysis) -> dict[str, Any]:
    """Facts worth printing with the findings: kind, board counts, enforcement and its evidence."""
    board = analysis.board
    info: dict[str, Any] = {
        "kind": analysis.preset.kind,
        "game": analysis.preset.get("game"),
        "enforcement": analysis.enforcement.to_json(),
        "piece_set": analysis.set_source,
    }
    if board is not None:
        info["board"] = {"cols": board.cols, "ranks": len(board.ranks), "cells": board.cells, "holes": board.holes,
                         "pieces": board.piece_count()}
    return info


def validate_file(path: Path, options: ValidateOptions) -> FileReport:
    """Read and lint one preset.

    :raises ParseError: if the file cannot be read or is not a readable preset (the command reports it as
        unreadable, exit 4).
    """
    preset = read_preset(path)
    findings, analysis = lint_preset(preset)
    if options.against is not None:
        from fairyport.gamecourier.validate.compare import compare_moves

        if options.model_engine is None:
            raise UsageError("--against needs a way to play the other file (ValidateOptions.model_engine)")
        try:
            findings += compare_moves(path, Path(options.against), options.depth, options.model_engine)
        except (UnsupportedError, ParseError) as exc:  # the static findings stay; the run says why, once
            findings.append(not_run("--against", exc))
    if options.run:
        from fairyport.gamecourier.validate.compare import compare_colours
        from fairyport.gamecourier.validate.coverage import dead_code

        # All or nothing: a run that meets code the interpreter cannot run has already judged positions wrongly
        # (a move it could not check counts as refused on one side only), so none of its findings is kept.
        unrunnable = [f for f in findings if f.code == "GC-NOT-RUNNABLE"]
        try:
            if unrunnable:
                raise UnsupportedError(f"{len(unrunnable)} place(s) hold GAME Code fairyport cannot run "
                                       "(GC-NOT-RUNNABLE)", unrunnable[0].location)
            tell = options.progress or _silent
            findings += compare_colours(path, options.depth, tell)
            tell(f"--run: sweeping the code (depth {options.depth} and random games)")
            findings += dead_code(path, options.depth)
        except (UnsupportedError, ParseError) as exc:  # an include library, an unknown word, no FEN to start from
            findings.append(not_run("--run", exc))
        if options.strict and not unrunnable:  # also, and above all, when the documented reading stops
            from fairyport.gamecourier.validate.readings import compare_readings, unscreened

            (options.progress or _silent)("--strict: running the code under every reading")
            findings += compare_readings(path, options.depth)
            with contextlib.suppress(UnsupportedError):  # the documented reading cannot run it: said above
                findings += unscreened(path)
    return FileReport(str(path), FORMAT, findings, details=details(analysis))


def _silent(step: str) -> None:
    """No progress display."""


RUN_BOUNDS = frozenset({"step limit", "recursion depth", "nesting depth", "command step budget", "command step limit"})
"""``feature`` names of the interpreter's bounds: code that hits one loops or recurses without end, a defect of
the preset (an error finding), where other ``UnsupportedError`` are words the interpreter lacks (a warning)."""


def not_run(option: str, exc: UnsupportedError | ParseError) -> Finding:
    """The finding for ``--run`` or ``--against`` when the code cannot be run (the same for both options): a
    bound met is an error, code the interpreter lacks or a preset it cannot start (no readable FEN) a warning."""
    bound = isinstance(exc, UnsupportedError) and exc.feature in RUN_BOUNDS
    return Finding(exc.location, Severity.ERROR if bound else Severity.WARNING, "GC-RUN-NOT-RUN",
                   f"{option}: the code cannot be run, so nothing is shown by running it: {exc.reason}",
                   fix="end the loop or recursion" if bound else
                   "correct the preset's error first: the run starts from its board" if isinstance(exc, ParseError)
                   else "remove what the interpreter cannot run (see the message), or check the game with "
                        "'--engine model'")
