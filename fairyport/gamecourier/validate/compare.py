"""What running a preset's code shows: its moves against the moves of the same game known from another file.

``fairyport validate preset.php --against game.idiagram [--depth N]`` plays the preset with the GAME Code
interpreter and the other file with the reference generator, in lockstep from the start: at every position
up to ``depth`` plies deep (following the moves both accept) the two sets of legal moves, by name, must be
equal. A move the other file allows and the code rejects is ``GC-RUN-REJECTS``, one the code accepts and the
other file forbids ``GC-RUN-ACCEPTS``; each finding names the position by the moves leading to it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fairyport.diagnostics import Finding, Severity
from fairyport.engines import Engine
from fairyport.errors import Location
from fairyport.gamecourier.interpreter.engine import load
from fairyport.movegen.perft import PerftPosition

MAX_FINDINGS = 50
"""Findings reported at most per comparison (a wrong piece function differs at almost every position)."""


def _names(pos: PerftPosition) -> dict[str, Any]:
    return {pos.uci(m): m for m in pos.legal_raw()}


def compare_moves(preset: Path, against: Path, depth: int, model_engine: Callable[[Path], Engine]) -> list[Finding]:
    """The moves on which the preset's code and the game in ``against`` (played by ``model_engine``, the
    common model's engine) disagree, position by position.

    :raises FairyportError: if either file cannot be read or played (no interpreter, untranslated rules).
    """
    native = load(preset).position(None, None)
    model = model_engine(against).position(None, None)
    where = Location(str(preset))
    findings: list[Finding] = []
    game = getattr(native, "game", None)

    def located(pos: PerftPosition, name: str) -> Location:
        return _piece_location(game, pos, name) or where

    def walk(a: PerftPosition, b: PerftPosition, line: list[str], left: int) -> None:
        if left <= 0 or len(findings) >= MAX_FINDINGS:
            return
        code, other = _names(a), _names(b)
        after = " ".join(line) or "the start"
        for name in sorted(set(other) - set(code)):
            findings.append(Finding(located(a, name), Severity.ERROR, "GC-RUN-REJECTS",
                                    f"after {after}: the code rejects {name}, which {against.name} allows",
                                    fix="compare the piece function with the rules"))
        for name in sorted(set(code) - set(other)):
            findings.append(Finding(located(a, name), Severity.ERROR, "GC-RUN-ACCEPTS",
                                    f"after {after}: the code accepts {name}, which {against.name} forbids",
                                    fix="compare the piece function with the rules"))
        for name in sorted(set(code) & set(other)):
            a.push_raw(code[name])
            b.push_raw(other[name])
            walk(a, b, [*line, name], left - 1)
            a.pop_raw()
            b.pop_raw()

    walk(native, model, [], depth)
    return findings[:MAX_FINDINGS]


def _piece_location(game: Any, pos: Any, name: str) -> Location | None:
    """Where the function of the piece a move named ``name`` moves is defined (``def LABEL``), or None: the
    move's origin is the longest square name it begins with (a drop ``W@b2`` names its label)."""
    if game is None or not hasattr(pos, "state"):
        return None
    label: str | None = None
    if "@" in name:
        head = name.split("@", 1)[0]
        label = next((lab for lab in sorted(game.labels) if lab.upper() == head and lab[:1].isupper()
                      == (pos.state.side == 1)), None)
    else:
        origin = max((sq for sq in pos.state.board if name.startswith(sq)), key=len, default=None)
        label = pos.state.board.get(origin) if origin is not None else None
    found = game.analysis.defs.get(label) if label else None
    if found is None:
        return None
    info, command = found
    return game.analysis.locate(info, command.offset)  # type: ignore[no-any-return]


def _mirror_maps(files: list[str], ranks: list[str], mode: str) -> dict[str, str]:
    """Square -> its image when the board is reflected across the middle rank or turned half a turn."""
    width, height = len(files), len(ranks)
    result = {}
    for f in range(width):
        for r in range(height):
            g = width - 1 - f if mode == "rotate" else f
            result[files[f] + ranks[r]] = files[g] + ranks[height - 1 - r]
    return result


def _symmetry(board: dict[str, str], squares: dict[str, str]) -> bool:
    """True if the position is its own colour-reversed image under the square map ``squares``."""
    return all(board.get(squares[sq], "@") == label.swapcase() for sq, label in board.items() if label != "@")


def compare_colours(preset: Path, depth: int, progress: Callable[[str], None] | None = None) -> list[Finding]:
    """Run the preset's code on positions up to ``depth`` plies from the start and on their colour-reversed
    images (reflected or turned, whichever maps the start position onto itself): each side's legal moves must
    be the image of the other's. Differences are ``GC-RUN-ASYMMETRIC`` errors naming the position.
    ``progress`` is told each first move as the walk starts on it."""
    from fairyport.gamecourier.interpreter.game import GameCourierPosition, load_preset

    game = load_preset(preset)
    analysis = game.analysis
    start = game.position(None, None)
    where = Location(str(preset))
    modes = [m for m in ("reflect", "rotate")
             if _symmetry(start.state.board, _mirror_maps(analysis.files, analysis.ranks, m))]
    if not modes:
        return [Finding(where, Severity.INFO, "GC-RUN-NO-SYMMETRY",
                        "the start position is not colour-symmetric: the two sides' code is not compared")]
    squares = _mirror_maps(analysis.files, analysis.ranks, modes[0])
    findings: list[Finding] = []

    def image(pos: GameCourierPosition) -> GameCourierPosition:
        board = {squares[sq]: label.swapcase() if label != "@" else label for sq, label in pos.state.board.items()}
        state = game.start(board, 3 - pos.state.side)
        return GameCourierPosition(game, state)

    def walk(pos: GameCourierPosition, line: list[str], left: int) -> None:
        if left <= 0 or len(findings) >= MAX_FINDINGS:
            return
        moves = pos.legal_raw()
        own = {(m.origin, m.dest, (m.promotion or "").lower()) for m in moves}
        other = {(squares[m.origin], squares[m.dest], (m.promotion or "").lower())
                 for m in image(pos).legal_raw()}
        after = " ".join(line) or "the start"
        for origin, dest, promo in sorted(own ^ other):
            side = "this side" if (origin, dest, promo) in own else "the other side (mirrored)"
            findings.append(Finding(_piece_location(game, pos, origin + dest) or where, Severity.ERROR,
                                    "GC-RUN-ASYMMETRIC",
                                    f"after {after}: only {side} may play {origin}{dest}{promo}",
                                    fix="make the two sides' functions mirror images"))
        for number, move in enumerate(moves, 1):
            if progress is not None and not line:
                progress(f"--run: the two sides' moves to depth {depth}, first move {number} of {len(moves)}")
            pos.push_raw(move)
            walk(pos, [*line, move.uci()], left - 1)
            pos.pop_raw()

    walk(start, [], depth)
    return findings[:MAX_FINDINGS]
