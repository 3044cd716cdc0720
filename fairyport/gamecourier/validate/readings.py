"""``validate --run --strict``: the preset's code run under every reading of the points Game Courier's pages leave
open (:mod:`~fairyport.gamecourier.interpreter.readings`), each compared with the documented reading, and typed
turns the code should refuse.

A preset that gives other moves, or stops with an error, under one reading relies on that reading: a
``GC-RUN-READING`` finding with the location of the error (or the position where the moves differ). Code that
runs alike under every reading gets none. A preset that accepts, at the start, two piece moves in one turn, a
move of the other side's piece or a typed command (``setflag``) does not screen its input as Game Courier's
includes do: ``GC-RUN-UNSCREENED``.
"""

from __future__ import annotations

from pathlib import Path

from fairyport.diagnostics import Finding
from fairyport.errors import FairyportError, Location
from fairyport.gamecourier.interpreter.game import GameCourierGame, GameCourierPosition, load_preset
from fairyport.gamecourier.interpreter.readings import DOCUMENTED, EVERY_READING, Readings
from fairyport.gamecourier.validate.rules import finding

_Moves = dict[str, object]


def compare_readings(preset: Path, depth: int) -> list[Finding]:
    """One ``GC-RUN-READING`` finding for each reading under which the preset's code, run ``depth`` plies from
    the start, gives other moves than under :data:`~.readings.DOCUMENTED`, or fails where the other does not."""
    base = _loaded(preset, DOCUMENTED)
    findings: list[Finding] = []
    for readings in EVERY_READING:
        if readings == DOCUMENTED:
            continue
        other = _loaded(preset, readings)
        if isinstance(base, FairyportError) or isinstance(other, FairyportError):
            problem = _load_difference(base, other)
        else:
            problem = _first_difference(base.position(), other.position(), [], depth)
        if problem is not None:
            where, text = problem
            findings.append(finding("GC-RUN-READING", where or Location(str(preset)),
                                    f"--run --strict: {text} ({_name(readings)} against {_name(DOCUMENTED)})"))
    return findings


def unscreened(preset: Path) -> list[Finding]:
    """``GC-RUN-UNSCREENED`` for each kind of turn the preset accepts at the start that a player may not make: two
    piece moves in one turn, a move of the other side's piece, a typed command."""
    game = load_preset(preset)
    state = game.start()
    moves = game.legal_moves(state)
    other = state.copy()
    other.side = 3 - state.side
    theirs = game.legal_moves(other)
    tries: list[tuple[str, str]] = []
    if moves:
        first = moves[0]
        tries.append((f"{first.origin}-{first.dest}; {first.dest}-{first.origin}", "two piece moves in one turn"))
    if theirs:
        tries.append((f"{theirs[0].origin}-{theirs[0].dest}", "a move of the other side's piece"))
    if moves:
        tries.append((f"setflag {moves[0].origin}", "GAME Code typed as a move"))
    where = Location(str(preset))
    return [finding("GC-RUN-UNSCREENED", where, f"--run --strict: at the start the code accepts '{text}' ({what})")
            for text, what in tries if game.play(state, text).accepted]


def _name(readings: Readings) -> str:
    return f"'and'/'or' {readings.logic}, 'fn' operands {readings.arity}, 'local' {readings.local}"


def _loaded(preset: Path, readings: Readings) -> GameCourierGame | FairyportError:
    try:
        return load_preset(preset, readings, shortcuts=False)  # exact: no fast chain skips a term
    except FairyportError as error:
        return error


def _load_difference(base: GameCourierGame | FairyportError,
                     other: GameCourierGame | FairyportError) -> tuple[Location | None, str] | None:
    if isinstance(base, FairyportError) and isinstance(other, FairyportError):
        return None  # not this reading's doing (GC-RUN-NOT-RUN or a syntax error says why)
    error = base if isinstance(base, FairyportError) else other
    assert isinstance(error, FairyportError)
    side = "as documented" if error is base else "under the other reading"
    return error.location, f"the code cannot be loaded {side}: {error.reason}"


def _moves(pos: GameCourierPosition) -> _Moves | FairyportError:
    try:
        return {m.uci(): m for m in pos.legal_raw()}
    except FairyportError as error:
        return error


def _first_difference(a: GameCourierPosition, b: GameCourierPosition, line: list[str],
                      left: int) -> tuple[Location | None, str] | None:
    """The first position (depth first, in move order) where the two runs differ, and how."""
    if left <= 0:
        return None
    after = " ".join(line) or "the start"
    ours, theirs = _moves(a), _moves(b)
    if isinstance(ours, FairyportError) or isinstance(theirs, FairyportError):
        if isinstance(ours, FairyportError) and isinstance(theirs, FairyportError):
            return None if ours.reason == theirs.reason else (
                ours.location, f"after {after}, the code stops as documented: {ours.reason}; under the other "
                f"reading: {theirs.reason}")
        error = ours if isinstance(ours, FairyportError) else theirs
        assert isinstance(error, FairyportError)
        side = "as documented" if error is ours else "under the other reading"
        return error.location, f"after {after}, the code stops {side}: {error.reason}"
    if ours.keys() != theirs.keys():
        only = sorted(ours.keys() - theirs.keys())
        extra = sorted(theirs.keys() - ours.keys())
        return None, f"after {after}: moves only as documented {only}, only under the other reading {extra}"
    for name, move in ours.items():
        a.push_raw(move)  # type: ignore[arg-type]
        b.push_raw(theirs[name])  # type: ignore[arg-type]
        try:
            found = _first_difference(a, b, [*line, name], left - 1)
        finally:
            a.pop_raw()
            b.pop_raw()
        if found is not None:
            return found
    return None
