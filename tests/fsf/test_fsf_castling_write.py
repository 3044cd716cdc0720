"""The FSF writer places castling only where Fairy-Stockfish castles as the model does (issue 31, item 2): a
castling its options cannot put on the board is refused by name, or with best effort dropped and listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.errors import UnsupportedError
from fairyport.formats import read_game
from fairyport.fsf.write import write_section
from fairyport.model import Game
from fairyport.movegen import compile_game, perft

PIECES = """\
pawn:P:ifmnDfmWfceF:pawn:{pawns}
knight:N:N:knight:{knights}
rook:R:R:rook:{rooks}
king:K:KisO2:king:{kings}
"""


def _diagram(tmp_path: Path, files: int, **squares: str) -> Game:
    """White's squares mirrored to Black (the Diagram's default symmetry); where a line gives Black's squares
    (after ``,,``), ``symmetry=none`` and every line gives both colours: under mirror the script would add the
    mirrored squares to the ones given."""
    last = chr(96 + files)
    lines = [f"files={files}", "ranks=8", "promoZone=1", "maxPromote=1", "promoChoice=NR"]
    defaults = {"pawns": f"a2-{last}2", "knights": "b1", "rooks": f"a1,{last}1", "kings": "e1"}
    if any(",," in value for value in squares.values()):
        lines.append("symmetry=none")
        defaults = {"pawns": f"a2-{last}2,,a7-{last}7", "knights": "b1,,b8", "rooks": f"a1,{last}1,,a8,{last}8",
                    "kings": "e1,,e8"}
    path = tmp_path / "castling.idiagram"
    path.write_text("\n".join(lines) + "\n" + PIECES.format(**(defaults | squares)), encoding="utf-8")
    return read_game(path)


MISFITS = [
    (6, {}, "lands on off the board"),
    (7, {}, "lands on g, with no room for the partner"),
    (8, {"rooks": "b1,h1"}, "with the piece on b1, not on the corner"),
    (8, {"kings": "e1,,d8"}, "start on different files (e1, d8)"),
    (8, {"kings": "e1,,e7", "pawns": "a2-h2,,a6-h6"}, "starts on e7, not on rank 8"),
]
"""(files, squares, why): the castling off the board (6 files: e1 to g1), on the corner (7 files: the model
never castles that way, Fairy-Stockfish would), with an inner partner, king files that differ by colour, Black's
king off its last rank."""


@pytest.mark.parametrize(("files", "squares", "why"), MISFITS)
def test_a_castling_off_the_options_is_refused_by_name(tmp_path: Path, files: int, squares: dict[str, str],
                                                       why: str) -> None:
    game = _diagram(tmp_path, files, **squares)
    with pytest.raises(UnsupportedError, match="castling") as caught:
        write_section(game, prove=False)
    assert why in str(caught.value)
    text, lost = write_section(game, best_effort=True, prove=False)
    assert [item for item in lost if why in item] and "castling = false" in text
    assert "castlingKingsideFile" not in text and " w - - " in text


def _proved(game: Game, name: str) -> str:
    sf = pytest.importorskip("pyffish")
    from oracles import fsf_perft

    text, lost = write_section(game, name=name)
    assert not lost
    sf.load_variant_config(text)
    start = compile_game(game).start_position()
    assert [perft(start, d) for d in (1, 2, 3)] == [fsf_perft(name, start.fen(), d) for d in (1, 2, 3)]
    return text


def test_a_corner_partner_of_another_type_per_side_is_written_and_proved(tmp_path: Path) -> None:
    """The model castles with any virgin piece on the corner: a knight for Black on the queenside."""
    game = _diagram(tmp_path, 8, pawns="a2-h2,,a7-h7", knights="b1,,a8", rooks="a1,h1,,h8", kings="e1,,e8")
    text = _proved(game, "fpcastlingcorners")
    assert "castlingRookPieces = nr" in text and "startFen = n3k2r/" in text


def test_castling_on_a_wide_board_lands_where_the_model_lands(tmp_path: Path) -> None:
    game = _diagram(tmp_path, 10, kings="f1")
    text = _proved(game, "fpcastlingwide")
    assert "castlingKingsideFile = h" in text and "castlingQueensideFile = d" in text
