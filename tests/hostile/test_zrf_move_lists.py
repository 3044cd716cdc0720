"""An entry of a ZRF ``moves`` or ``drops`` list that is no move program: the same located error everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport.cli.main import main
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_UNPARSABLE, ParseError

CHESS = GAMES.joinpath("chess.zrf").read_text(encoding="utf-8")
KING_MOVES = CHESS.index("(moves", CHESS.index("(name King)"))


def _king_moves_with(entry: str) -> tuple[str, int, int]:
    """Chess with ``entry`` first in the King's ``moves`` list, and the line and column of the entry."""
    before = CHESS[:KING_MOVES] + "(moves "
    text = before + entry + " " + CHESS[KING_MOVES + len("(moves"):]
    return text, before.count("\n") + 1, len(before) - before.rindex("\n")


@pytest.mark.parametrize(("entry", "says"), [("king-step", "found the atom 'king-step'"),
                                             ('"n"', "found a string"),
                                             ("(move-type)", r"expected \(move-type name\)")])
def test_reading_refuses_an_entry_that_is_no_move_program(entry: str, says: str) -> None:
    text, line, column = _king_moves_with(entry)
    with pytest.raises(ParseError, match=f"{says}.*piece .King.") as info:
        fairyport.read(text, format="zrf")
    assert (info.value.location.line, info.value.location.column) == (line, column)
    finding, = [f for f in fairyport.validate(text, format="zrf").findings if f.code == "malformed-form"]
    assert (finding.location.line, finding.location.column) == (line, column)


def test_an_atom_in_a_drops_list_is_refused_too() -> None:
    at = CHESS.index("(moves", CHESS.index("(name Knight)"))
    text = CHESS[:at] + "(drops stray) " + CHESS[at:]
    with pytest.raises(ParseError, match=r"in drops, found the atom 'stray' \(piece 'Knight'\)"):
        fairyport.read(text, format="zrf")


@pytest.mark.parametrize("command", [["perft", "--depth", "1"], ["perft", "--engine", "model", "--depth", "1"],
                                     ["show"], ["convert", "--to", "idiagram"], ["report", "--depth", "1"]])
def test_every_command_gives_the_located_error(command: list[str], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    text, line, column = _king_moves_with("king-step")
    game = tmp_path / "atom.zrf"
    game.write_text(text, encoding="utf-8")
    extra = ["-o", str(tmp_path / "out")] if command[0] == "report" else []
    assert main([command[0], str(game), *command[1:], *extra]) == EXIT_UNPARSABLE
    err = capsys.readouterr().err
    assert f"atom.zrf:{line}:{column}: expected a move program (a list) in moves, found the atom 'king-step'" in err
    assert "Traceback" not in err
    assert main(["validate", str(game)]) == EXIT_CHECK_FAILED
    assert main(["validate", "--run", str(game)]) == EXIT_CHECK_FAILED
