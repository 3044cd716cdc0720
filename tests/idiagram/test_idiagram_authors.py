"""Interactive Diagram texts as the Diagram's author writes them (issue 20): counted repetition groups, ``x`` on a
king (Odin's Rune Chess), pieces in hand for a game without drops, ``royal=``. The texts are our own."""

from __future__ import annotations

from pathlib import Path

import pytest
from crooked_pieces import parse_square
from crooked_pieces import perft as independent_perft

from fairyport.cli.main import main
from fairyport.idiagram.read import read_text
from fairyport.movegen import compile_game, perft
from fairyport.xbetza.syntax import parse

BOARD = "files=6\nranks=6\nsymmetry=none\nking:K:K::a1,,f6\npawn:P:fmW::,,b3,b5,d2,e2\n"


def _count(piece_moves: str, depth: int = 1) -> int:
    text = BOARD + f"tester:T:{piece_moves}::b2\n"
    return perft(compile_game(read_text(text)).start_position(), depth)


def test_counted_groups_read_as_their_expansions() -> None:
    assert [str(m) for m in parse("(az)7N").moves()] == ["N", *("az" * n + "N" for n in range(1, 8))]
    assert [str(m) for m in parse("(paf)3R").moves()] == ["R", "pafR", "pafpafR", "pafpafpafR"]
    assert str(parse("(az)7N")) == "(az)7N"  # written back as read


def test_a_counted_group_plays_as_its_expansion() -> None:
    # the hopping rook jumps the black pawns on b3 and b5, d2 and e2, as often as the count allows
    assert _count("(paf)3R") == _count("RpafRpafpafRpafpafpafR")
    assert _count("(paf)3R", depth=2) == _count("RpafRpafpafRpafpafpafR", depth=2)
    assert _count("(paf)1R") == _count("RpafR") < _count("(paf)3R")


CROOKED_GAME = """files=8
ranks=8
symmetry=none
royal=1
king:K:K::a1,,h8
pawn:P:fmW::c3,h2,,b6,f5,e7
crooked:C:(az)7N::d4,,g6
bishop:B:zB::c1,,f8
"""
"""Crooked nightriders ``(az)7N`` (the Diagram's author's form) and Betza's Crooked Bishops ``zB``."""

CROOKED_BOARD = {"a1": "K", "h8": "k", "c3": "P", "h2": "P", "b6": "p", "f5": "p", "e7": "p", "d4": "C", "g6": "c",
                 "c1": "B", "f8": "b"}


def test_a_counted_crooked_group_plays() -> None:
    position = compile_game(read_text(CROOKED_GAME)).start_position()
    assert position.fen() == "5b1k/4p3/1p4c1/5p2/3C4/2P5/7P/K1B5 w - - 0 1"
    board = {parse_square(square): letter for square, letter in CROOKED_BOARD.items()}
    for depth, leaves in ((1, 28), (2, 586)):
        assert perft(position, depth) == independent_perft(board, True, depth) == leaves


def test_fairyport_perft_plays_a_crooked_diagram(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "crooked.idiagram"
    path.write_text(CROOKED_GAME)
    assert main(["perft", str(path), "--depth", "2"]) == 0
    assert "586" in capsys.readouterr().out


@pytest.mark.slow
def test_a_counted_crooked_group_plays_deeper() -> None:
    position = compile_game(read_text(CROOKED_GAME)).start_position()
    board = {parse_square(square): letter for square, letter in CROOKED_BOARD.items()}
    assert perft(position, 3) == independent_perft(board, True, 3) == 13714


CAPABLANCA_WITH_PALETTE = """files=10
royal=8
ranks=8
symmetry=mirror
pawn:P:fmWfceFifmnD::a2-j2
knight:N:N::b1,i1
bishop:B:B::c1,h1
rook:R:R::a1,j1
archbishop:A:BN::d1
chancellor:C:RN::g1
queen:Q:Q::e1
king:K:KisO3::f1
lion:L:KNAD:::2
"""


def test_pieces_in_hand_of_a_game_without_drops_are_a_palette() -> None:
    game = read_text(CAPABLANCA_WITH_PALETTE)
    assert game.setup.hands == {} and not game.rules.drops
    lion = next(p for p in game.pieces if p.name == "lion")
    assert lion.extra["idiagram"]["palette"] == [2, 2]
    notes = game.format_data["idiagram"]["notes"]
    assert any("pieces in hand (lion) in a game without drops" in note for note in notes)
    # the game on the board is Capablanca chess: 28 moves at the start (20 pawn, 4 knight, 2 archbishop ...)
    assert perft(compile_game(game).start_position(), 1) == 28


def test_the_palette_is_written_back() -> None:
    from fairyport.idiagram.write import write_game

    text, _ = write_game(read_text(CAPABLANCA_WITH_PALETTE))
    assert "lion:L:KNAD:::2" in text


def test_pieces_in_hand_with_drops_stay_in_hand() -> None:
    game = read_text("holdingsType=-1\n" + CAPABLANCA_WITH_PALETTE)
    assert game.setup.hands and game.rules.drops


def test_royal_takes_a_piece_number_as_the_script_does() -> None:
    by_id = read_text("royal=K\nman:M:K::a1\nking:K:K::e1")
    by_number = read_text("royal=2\nman:M:K::a1\nking:K:K::e1")
    assert [p.name for p in by_number.pieces if p.royal] == ["king"]
    assert not any(p.royal for p in by_id.pieces)  # parseInt("K") is NaN: the script makes no piece royal


def test_x_on_a_king_is_described_as_a_swap_and_warned_about(tmp_path: object) -> None:
    from pathlib import Path

    from fairyport.format import ValidateOptions
    from fairyport.idiagram.validate import validate_file
    from fairyport.xbetza.words import ROYAL_SWAP_NOTE, describe_betza, describe_piece

    assert describe_betza("xK") == ["swaps places with a piece of its own side one square in any direction"]
    assert "relay" in describe_betza("xaK")[0]
    path = Path(str(tmp_path)) / "rune.idiagram"
    path.write_text("royal=1\nking:K:KxK::e1\nrook:R:R::a1\n")
    game = read_text(path.read_text())
    king = next(p for p in game.pieces if p.royal)
    assert ROYAL_SWAP_NOTE in describe_piece(king, game)
    report = validate_file(path, ValidateOptions())
    assert [f.code for f in report.findings if f.code == "x-on-royal"] == ["x-on-royal"]
