"""XBetza forms real Interactive Diagrams use that the generator plays since issue 11, each checked against a
count made here without the generator: ``*`` ranges, ``g`` on leapers and limited ranges, multi-leg oblique
atoms (``aN``), bracket forms with mode letters, and the pass (a move back to its own square)."""

from __future__ import annotations

import pytest
from rules_helpers import lone_piece_targets

from fairyport.errors import UnsupportedError
from fairyport.model import Board, Game, Metadata, PieceType, Setup
from fairyport.movegen import compile_game

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
CAMEL = [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)]


def name(x: int, y: int) -> str:
    return f"{chr(97 + x)}{y + 1}"


def on_board(x: int, y: int, files: int = 8, ranks: int = 8) -> bool:
    return 0 <= x < files and 0 <= y < ranks


def test_two_knight_leaps_not_straight_back() -> None:
    # aN: a knight leap to an empty square, then any knight leap but the reverse one (the Diagram's default
    # continuation), every orientation of the second leap counted in the knight's own 8-fold system.
    for square, (x0, y0) in (("d4", (3, 3)), ("b1", (1, 0))):
        expected = set()
        for ax, ay in KNIGHT:
            if not on_board(x0 + ax, y0 + ay):
                continue
            for bx, by in KNIGHT:
                if (bx, by) != (-ax, -ay) and on_board(x0 + ax + bx, y0 + ay + by):
                    expected.add(name(x0 + ax + bx, y0 + ay + by))
        assert lone_piece_targets("aN", square) == expected


def test_turning_knight_continuation_directions() -> None:
    # afN: straight on (the same leap twice); arN / alN: the knight system's 90-degree turns
    assert lone_piece_targets("afN") == {name(3 + 2 * dx, 3 + 2 * dy) for dx, dy in KNIGHT
                                         if on_board(3 + 2 * dx, 3 + 2 * dy)}
    # a blocked first square stops the path (the first leg is a move to an empty square)
    blocked = lone_piece_targets("afN", others="P@e6 P@f5 P@f3 P@e2 P@c2 P@b3 P@b5 P@c6")
    assert blocked == set()


def test_grasshopper_on_a_leaper_jumps_the_hurdle_and_rides_on() -> None:
    # gC: a camel leap onto a piece (the hurdle), then a camel rider straight on behind it
    targets = lone_piece_targets("gC", "a1", others="P@b4")
    assert targets == {"c7"}  # b4 hurdle, then c7, d10 is off the 8x8 board
    assert lone_piece_targets("gC", "a1", others="P@b4", ranks=10) == {"c7", "d10"}
    assert lone_piece_targets("gC", "a1", others="P@b4 p@c7", ranks=10) == {"c7"}  # captures, stops
    assert lone_piece_targets("gC", "a1") == set()  # no hurdle, no move


def test_limited_grasshopper_range_counts_to_the_hurdle() -> None:
    # gB2: a hurdle within two diagonal steps, then a bishop slide (range toggled to unlimited) behind it
    assert lone_piece_targets("gB2", "a1", others="P@c3") == {"d4", "e5", "f6", "g7", "h8"}
    assert lone_piece_targets("gB2", "a1", others="P@b2") == {"c3", "d4", "e5", "f6", "g7", "h8"}
    assert lone_piece_targets("gB2", "a1", others="P@d4") == set()  # hurdle too far


def test_star_range_goes_to_the_middle_and_leaves_ep_rights() -> None:
    # fmW*: forward up to the last rank of the mover's half (Wildebeest's pawn: 3 steps from rank 2 of 10)
    assert lone_piece_targets("fmW*", "c2", ranks=10) == {"c3", "c4", "c5"}
    assert lone_piece_targets("fmW*", "c3", ranks=10) == {"c4", "c5"}
    assert lone_piece_targets("fmW*", "c5", ranks=10) == {"c6"}  # at least one step
    assert lone_piece_targets("fmW*", "c9", ranks=10, black=True) == {"c8", "c7", "c6"}
    assert lone_piece_targets("fmW*", "c2") == {"c3", "c4"}  # 8 ranks: to rank 4
    assert lone_piece_targets("fmW*", "c2", ranks=10, others="P@c4") == {"c3"}


def test_star_move_ep_rights_on_every_square_passed() -> None:
    pieces = [PieceType("pawn", "P", "fmW*fceF"), PieceType("king", "K", "K", royal=True)]
    game = Game(Metadata("t"), Board(8, 10), pieces, Setup())
    variant = compile_game(game)
    from fairyport.movegen import Position

    pos = Position.from_fen(variant, "4k3/8/8/8/8/8/8/8/3P4/4K3 w - - 0 1")
    move = next(m for m in pos.legal_moves() if m.uci == "d2d5")
    pos.push(move)
    assert {variant.geometry.names[s] for s in pos.ep} == {"d3", "d4"}
    pos = Position.from_fen(variant, "4k3/8/8/8/8/8/4p3/8/3P4/4K3 w - - 0 1")
    pos.push(next(m for m in pos.legal_moves() if m.uci == "d2d5"))
    replies = {m.uci for m in pos.legal_moves() if m.uci.startswith("e4")}
    assert replies == {"e4e3", "e4d3"}  # e.p. on d3, a square the triple step passed
    pos.push(next(m for m in pos.legal_moves() if m.uci == "e4d3"))
    assert pos.board[variant.geometry.square("d5")] == 0  # the pawn that passed is taken


def test_brackets_with_mode_letters() -> None:
    assert lone_piece_targets("[mF?cR]", "a1", others="p@b2") == set()  # the F step must be to an empty square
    assert lone_piece_targets("[mF?cR]", "a1", others="p@c2") == {"b2", "c2"}
    assert lone_piece_targets("[F?R]", "a1") == lone_piece_targets("[F?fR]", "a1")


def test_unsupported_forms_exit_3_naming_the_piece() -> None:
    # crooked / circular forms without a defined reading: q on a first leg, z on a leaper, a hopper or a first
    # leg of a multi-leg move, z and q on one leg, z or q on a sliding continuation leg (test_crooked_moves.py)
    for betza in ("[F?fqR]", "[F?sR]", "cyafsF", "qB", "zafW", "zN", "zpB", "afzqW", "afsafzR", "yafzF"):
        game = Game(Metadata("t"), Board(8, 8), [PieceType("odd", "O", betza), PieceType("king", "K", "K", royal=True)],
                    Setup())
        with pytest.raises(UnsupportedError) as info:
            compile_game(game)
        assert "odd" in info.value.reason and info.value.exit_code == 3


def test_pass_counts_once_per_piece() -> None:
    # mabK: step to any empty neighbour and back; eight paths, one move
    targets = lone_piece_targets("mabK")
    assert targets == {"d4"}
