"""The model read from a ZRF file checked against the ZRF interpreter on positions that exercise each rule.

A proof that counts perft from the start position cannot see a rule misread where it first bites deep in a game
(a castling whose partner has moved or is another type, an en-passant capture, a promotion inside the zone, a
drop). :func:`check_rules` counts perft(:data:`RULE_CHECK_DEPTH`) with both engines on every reachable position
of :func:`~fairyport.zrf.rule_positions.rule_positions` and names each position where they differ.
"""

from __future__ import annotations

import re
from pathlib import Path

from fairyport.errors import FairyportError
from fairyport.format import RuleCheck
from fairyport.model import KEPT_PROGRAM, KEPT_RULE, Game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.movegen.position import Position
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.interpreter.game import Game as ZrfGame
from fairyport.zrf.rule_positions import rule_positions
from fairyport.zrf.typed.reader import read_variant

RULE_CHECK_DEPTH = 1
"""The perft depth of each rule position: the legal moves there, where a misread rule shows (a castling the
interpreter refuses, an e.p. capture it allows); deeper counts cost the interpreter for little more."""

TOKEN = re.compile(r"\{[^}]*\}|[A-Za-z]")
"""A piece in a FEN's placement: a letter or a ``{ID}``."""


def interpreter_letters(compiled: ZrfGame, game: Game) -> dict[str, str]:
    """The model's piece id (upper case) -> the interpreter's notation letter of the same type."""
    ids = {p.name: p.id.upper() for p in game.pieces}
    return {ids[name]: note for name, note in zip(compiled.types, compiled.notation, strict=False) if name in ids}


def interpreter_fen(fen: str, letters: dict[str, str]) -> str:
    """``fen`` (the model's ids) with the interpreter's notation letters (``letters``: id -> notation)."""
    board, _, rest = fen.partition(" ")

    def letter(match: re.Match[str]) -> str:
        pid = match.group().strip("{}")
        notation = letters.get(pid.upper(), pid)
        return notation.upper() if pid.isupper() else notation.lower()

    return f"{TOKEN.sub(letter, board)} {rest}"


def shared_letters(letters: dict[str, str]) -> list[str]:
    """The interpreter's letters that stand for several types (its FEN cannot tell them apart)."""
    notes = list(letters.values())
    return sorted({n for n in notes if notes.count(n) > 1})


def reads_whole(game: Game) -> bool:
    """Whether the model holds the whole game (no ZRF code kept, no board links): only then do the two engines
    play different readings of the file."""
    return not any((k.kind == KEPT_PROGRAM and not k.beside) or k.kind == KEPT_RULE for k in game.kept) \
        and not game.board.links


def check_rules(path: Path, variant: str | None, game: Game) -> RuleCheck:
    """perft(:data:`RULE_CHECK_DEPTH`) of the ZRF interpreter and of the reference generator (on ``game``, the
    model read from ``path``) on each reachable rule position but the start (the proof counts that one); a
    position the interpreter's FEN cannot state is left out. Nothing is compared for a game not read whole."""
    if not reads_whole(game):
        return RuleCheck(0)
    compiled = compile_variant(read_variant(path, variant))
    letters = interpreter_letters(compiled, game)
    if shared_letters(letters):
        return RuleCheck(0)
    model = compile_game(game)
    compared, differences = 0, []
    for position in rule_positions(game):
        if position.rule == "start" or not position.reachable:
            continue
        try:
            native = perft(compiled.position_from_fen(interpreter_fen(position.fen, letters)), RULE_CHECK_DEPTH)
        except FairyportError:
            continue
        generator = perft(Position.from_fen(model, position.fen), RULE_CHECK_DEPTH)
        compared += 1
        if native != generator:
            differences.append(f"{position.exercises} ({position.fen}): perft({RULE_CHECK_DEPTH}) {native:,} by "
                               f"the ZRF interpreter, {generator:,} by the reference generator")
    return RuleCheck(compared, tuple(differences))
