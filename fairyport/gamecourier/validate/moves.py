"""``fairyport validate PRESET --moves FILE``: typed turns played on a preset as Game Courier takes them.

FILE holds one turn a line, as typed into Game Courier's move field (sub-moves separated by ``;``; blank lines and
lines starting with ``#`` are skipped). The turns are played in order from the start
(:meth:`~fairyport.gamecourier.interpreter.game.GameCourierGame.play`): each is accepted, or refused with the
reason, and a refused turn leaves the position as it was, so the next line is played on the same position.
"""

from __future__ import annotations

from pathlib import Path

from fairyport.gamecourier.interpreter.game import load_preset
from fairyport.gamecourier.interpreter.typed import Turn
from fairyport.inputs import read_input_text


def typed_turns(text: str) -> list[str]:
    """The turns of a moves file: one a line, blank and ``#`` lines skipped."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def play_moves(preset: Path, moves: Path) -> list[Turn]:
    """Each turn of ``moves`` played on ``preset`` from its start.

    :raises FairyportError: the preset cannot be read or run, or the moves file cannot be read (located).
    """
    game = load_preset(preset)
    state = game.start()
    turns: list[Turn] = []
    for text in typed_turns(read_input_text(moves)):
        turn = game.play(state, text)
        turns.append(turn)
        state = turn.state
    return turns


def turn_line(turn: Turn) -> str:
    """``e2-e4: accepted`` / ``e2-e4; e4-e5: refused: <why>``."""
    return f"{turn.move}: " + ("accepted" if turn.accepted else f"refused: {turn.message}")
