"""Zone-conditioned moves (:class:`~fairyport.model.ZonedMove`) in the move generator: moves a piece has only
from (or onto) the squares of a zone, against Fairy-Stockfish's xiangqi and against hand counts."""

from __future__ import annotations

import dataclasses

import pytest
from zoned_games import ranks, xiangqi

from fairyport.errors import ModelError, ParseError, UnsupportedError
from fairyport.model import (
    BLACK,
    WHITE,
    Board,
    Game,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    PromotionChoice,
    Rules,
    Setup,
    Zone,
    ZonedMove,
)
from fairyport.movegen import Position, compile_game, perft

XIANGQI_POSITIONS = [
    # soldiers of both sides across the river, facing generals to test check through the zoned move
    "4k4/9/9/2P1P4/9/9/4p1p2/9/9/3K5 w - - 0 1",
    "3k5/4P4/9/9/9/9/9/9/4p4/5K3 b - - 0 1",
    "r3k4/2P6/4c4/pP2P2p1/9/9/1p5Pp/4C4/4p4/3K4R w - - 0 1",
]


def test_xiangqi_start_perft() -> None:
    variant = compile_game(xiangqi())
    assert [perft(variant.start_position(), d) for d in (1, 2)] == [44, 1920]


@pytest.mark.parametrize("fen", XIANGQI_POSITIONS)
def test_xiangqi_soldiers_across_the_river_against_fairy_stockfish(fen: str) -> None:
    pytest.importorskip("pyffish")
    from oracles import fsf_perft

    variant = compile_game(xiangqi())
    pos = Position.from_fen(variant, fen)
    for depth in (1, 2):
        assert perft(pos, depth) == fsf_perft("xiangqi", fen, depth), (fen, depth)


def _small(pieces: list[PieceType], zones: list[Zone], placement: dict[str, Piece], files: int = 5,
           ranks: int = 5) -> Game:
    return Game(Metadata("zoned"), Board(files, ranks), pieces, Setup(placement=placement), Rules(), zones)


KINGS = {"a1": Piece("K", WHITE), "a5": Piece("K", BLACK)}


def test_double_step_only_from_a_start_zone() -> None:
    board = Board(5, 5)
    zones = [Zone("start", ranks(board, 2, 2), WHITE), Zone("start", ranks(board, 4, 4), BLACK)]
    pawn = PieceType("pawn", "P", "mfWcfF", zoned_moves=(ZonedMove("mfnD", "start"),))
    game = _small([PieceType("king", "K", "K", royal=True), pawn], zones,
                  {**KINGS, "c2": Piece("P", WHITE), "e3": Piece("P", WHITE)})
    pos = compile_game(game).start_position()
    # king a1: a2, b1, b2; pawn c2: c3, c4 (from the zone); pawn e3: e4 only (outside the zone)
    assert sorted(pos.uci(m) for m in pos.legal_raw()) == ["a1a2", "a1b1", "a1b2", "c2c3", "c2c4", "e3e4"]
    # the double step is lame: blocked by a piece on c3
    game.setup.placement["c3"] = Piece("P", BLACK)
    pos = compile_game(game).start_position()
    assert "c2c4" not in [pos.uci(m) for m in pos.legal_raw()]


def test_outside_a_zone() -> None:
    zones = [Zone("edge", frozenset({"a3", "e3"}))]
    piece = PieceType("stepper", "S", "", zoned_moves=(ZonedMove("W", "edge", inside=False),))
    game = _small([PieceType("king", "K", "K", royal=True), piece], zones,
                  {**KINGS, "a3": Piece("S", WHITE), "c3": Piece("S", WHITE)})
    pos = compile_game(game).start_position()
    assert sorted(pos.uci(m) for m in pos.legal_raw() if pos.uci(m)[:2] in ("a3", "c3")) == [
        "c3b3", "c3c2", "c3c4", "c3d3"]


def test_landing_only_in_a_half_of_the_board() -> None:
    board = Board(5, 5)
    zones = [Zone("home", ranks(board, 1, 2), WHITE), Zone("home", ranks(board, 4, 5), BLACK)]
    rook = PieceType("home rook", "H", "", zoned_moves=(ZonedMove("R", "home", on="to"),))
    knight = PieceType("home knight", "N", "", zoned_moves=(ZonedMove("N", "home", on="to"),))
    game = _small([PieceType("king", "K", "K", royal=True), rook, knight], zones,
                  {"e1": Piece("K", WHITE), "e5": Piece("K", BLACK), "c1": Piece("H", WHITE),
                   "b1": Piece("N", WHITE), "c2": Piece("N", BLACK)})
    pos = compile_game(game).start_position()
    moves = sorted(pos.uci(m) for m in pos.legal_raw())
    # the rook slides up its file but may land only on c2 (capturing), not beyond; along the rank d1 only
    assert [m for m in moves if m.startswith("c1")] == ["c1c2", "c1d1"]
    # the knight b1 leaps to d2 (a3, c3 are outside White's home)
    assert [m for m in moves if m.startswith("b1")] == ["b1d2"]
    # Black's knight on c2 may land in Black's home only: none of its leaps get there, so it does not attack e1
    assert not pos.in_check()


def test_zoned_attack_gives_check() -> None:
    board = Board(5, 5)
    zones = [Zone("far", ranks(board, 4, 5), WHITE), Zone("far", ranks(board, 1, 2), BLACK)]
    soldier = PieceType("soldier", "P", "fW", zoned_moves=(ZonedMove("sW", "far"),))
    kings = [PieceType("king", "K", "K", royal=True), soldier]
    beyond = _small(kings, zones, {"c2": Piece("K", WHITE), "c5": Piece("K", BLACK), "d2": Piece("P", BLACK)})
    assert compile_game(beyond).start_position().in_check()
    before = _small(kings, zones, {"c3": Piece("K", WHITE), "c5": Piece("K", BLACK), "d3": Piece("P", BLACK)})
    assert not compile_game(before).start_position().in_check()
    # the white king may not step onto d1 (the soldier's forward step), but may take it on d2
    pos = compile_game(beyond).start_position()
    assert sorted(pos.uci(m) for m in pos.legal_raw()) == ["c2b1", "c2b2", "c2b3", "c2c1", "c2c3", "c2d2", "c2d3"]


def test_promotion_after_a_zoned_move() -> None:
    board = Board(5, 5)
    zones = [Zone("far", ranks(board, 4, 5), WHITE), Zone("far", ranks(board, 1, 2), BLACK)]
    soldier = PieceType("soldier", "P", "", zoned_moves=(ZonedMove("fsW", "far"),),
                        promotion=Promotion((PromotionChoice("Q"),)))
    game = _small([PieceType("king", "K", "K", royal=True), soldier, PieceType("queen", "Q", "Q")], zones,
                  {"a1": Piece("K", WHITE), "a5": Piece("K", BLACK), "c4": Piece("P", WHITE), "c2": Piece("P", WHITE)})
    pos = compile_game(game).start_position()
    soldier_moves = sorted(pos.uci(m) for m in pos.legal_raw() if pos.uci(m)[:2] in ("c4", "c2"))
    # c2 is outside its zone and cannot move; c4 steps b4, d4 or promotes on c5 (mandatory)
    assert soldier_moves == ["c4b4", "c4c5q", "c4d4"]


def test_model_validation_names_piece_and_zone() -> None:
    board = Board(5, 5)
    piece = PieceType("soldier", "P", "fW", zoned_moves=(ZonedMove("sW", "river"),))
    game = _small([PieceType("king", "K", "K", royal=True), piece], [], KINGS)
    with pytest.raises(ModelError, match=r"soldier.*unknown zone 'river'"):
        game.validate()
    game.zones = [Zone("river", ranks(board, 3, 5))]
    game.pieces[1] = dataclasses.replace(piece, zoned_moves=(ZonedMove("sW[", "river"),))
    with pytest.raises(ParseError, match="soldier"):
        compile_game(game)
    game.pieces[1] = dataclasses.replace(piece, zoned_moves=(ZonedMove("pR", "river", on="to"),))
    with pytest.raises(UnsupportedError, match="soldier"):
        compile_game(game)


def test_sliding_onto_some_squares_only_is_still_blocked() -> None:
    zones = [Zone("spots", frozenset({"c1", "e1", "a3"}))]
    rook = PieceType("spot rook", "H", "", zoned_moves=(ZonedMove("R", "spots", on="to"),))
    king = PieceType("king", "K", "K", royal=True)
    free = _small([king, rook], zones, {"a1": Piece("H", WHITE), "a5": Piece("K", WHITE), "e5": Piece("K", BLACK)})
    pos = compile_game(free).start_position()
    assert sorted(pos.uci(m) for m in pos.legal_raw() if pos.uci(m).startswith("a1")) == ["a1a3", "a1c1", "a1e1"]
    free.setup.placement["d1"] = Piece("K", BLACK)
    del free.setup.placement["e5"]
    free.setup.placement["a2"] = Piece("H", WHITE)
    pos = compile_game(free).start_position()
    assert sorted(pos.uci(m) for m in pos.legal_raw() if pos.uci(m).startswith("a1")) == ["a1c1"]
    assert not pos.in_check()  # d1 is not a landing square of the rook


@pytest.mark.parametrize("betza", ["mafsW", "R", "nA", "yafsF", "mRcpR"])
def test_landing_only_in_a_zone_is_confinement(betza: str) -> None:
    """A piece whose every move lands only in a zone moves exactly like a piece confined to that zone (the
    confinement of the model, compiled separately): multi-leg moves, lame leaps and rides included. Cannons are
    refused when their landing depends on a zone (checked below)."""
    board = Board(6, 6)
    zones = [Zone("home", ranks(board, 1, 3), WHITE), Zone("home", ranks(board, 4, 6), BLACK)]
    king = PieceType("king", "K", "K", royal=True)
    placement = {"a1": Piece("K", WHITE), "f6": Piece("K", BLACK), "c2": Piece("X", WHITE), "d5": Piece("X", BLACK),
                 "c3": Piece("X", BLACK), "b2": Piece("X", WHITE)}
    zoned = _small([king, PieceType("x", "X", "", zoned_moves=(ZonedMove(betza, "home", on="to"),))], zones,
                   placement, 6, 6)
    confined = _small([king, PieceType("x", "X", betza, confined_to="home")], zones, placement, 6, 6)
    if betza == "mRcpR":
        with pytest.raises(UnsupportedError, match="'x'"):
            compile_game(zoned)
        return
    a, b = compile_game(zoned).start_position(), compile_game(confined).start_position()
    assert [perft(a, d) for d in (1, 2, 3)] == [perft(b, d) for d in (1, 2, 3)]


def test_a_slide_conditioned_on_its_start_attacks_only_from_the_zone() -> None:
    # the rooks may slide only from a1: the one on a3 cannot move, so it does not attack a5 (it used to give check:
    # the reverse rays kept one reach per line, taken from the rook that may start on a1)
    zones = [Zone("base", frozenset({"a1"}), WHITE), Zone("base", frozenset({"a1"}), BLACK)]
    rook = PieceType("base rook", "R", "", zoned_moves=(ZonedMove("R", "base"),))
    game = _small([PieceType("king", "K", "K", royal=True), rook], zones,
                  {"a5": Piece("K", WHITE), "e1": Piece("K", BLACK), "a3": Piece("R", BLACK), "a1": Piece("R", BLACK)})
    pos = compile_game(game).start_position()
    assert not pos.in_check()
    assert sorted(pos.uci(m) for m in pos.legal_raw()) == ["a5a4", "a5b4", "a5b5"]

