"""Drop games written as ZRF (storage columns, :mod:`fairyport.zrf.write.hands`): the committed fixtures
are what the writer writes; the ZRF interpreter on the written file and the reference generator on the model
have the same perft and the same legal moves along seeded random playouts that prefer captures (so both hands
fill and drops are played); shogi's drop-mate rule is refused by name, or listed with best effort."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from paths import GAMES

from fairyport.errors import UnsupportedError
from fairyport.formats import read_game
from fairyport.model import Game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import PerftPosition, perft
from fairyport.zrf.interpreter.engine import compile_file, position
from fairyport.zrf.interpreter.position import Move, ZrfPosition
from fairyport.zrf.write.file import write_game
from fairyport.zrf.write.hands import HAND_ZONE

DROP_MATE = ("shogi", "minishogi")
"""Games with a drop-mate rule, written with best effort (the rule is the one loss)."""
NAMES = [*DROP_MATE, "mitregi90", "mitregi108", "mitregi120", "mitregi144"]
FAST = ["minishogi", "mitregi90"]
"""Games compared along playouts in the ordinary run (the others in the slow run)."""


def model(name: str) -> Game:
    """The fixture's model, without the drop-mate rule ZRF cannot hold (what the written file says)."""
    game = read_game(GAMES / f"{name}.idiagram")
    for piece in game.pieces:
        if piece.drop is not None:
            piece.drop = dataclasses.replace(piece.drop, no_drop_mate=False)
    return game


class Named:
    """A ZRF position whose moves are named as the generator names them: ``P@e5`` for a move from a storage
    position (a drop), ``+`` after a move whose piece changes type (a promotion)."""

    def __init__(self, pos: ZrfPosition) -> None:
        self.pos = pos
        self.storage = {p for p in range(len(pos.game.board.names))
                        if p in pos.game.board.zones.get(HAND_ZONE, [frozenset()])[0]}

    def legal_raw(self) -> list[Move]:
        return self.pos.legal_raw()

    def push_raw(self, move: Move) -> None:
        self.pos.push_raw(move)

    def pop_raw(self) -> None:
        self.pos.pop_raw()

    def copy(self) -> Named:
        return Named(self.pos.copy())

    def uci(self, move: Move) -> str:
        game = self.pos.game
        names = game.board.names
        mover = self.pos.board[move.frm]
        assert mover is not None
        if move.frm in self.storage:
            return f"{game.notation[mover[1]]}@{names[move.dest]}"
        placed = dict(move.changes)[move.dest]
        text = names[move.frm] + names[move.dest]
        return text + "+" if placed is not None and placed[1] != mover[1] else text


def playout(native: PerftPosition, generator: PerftPosition, seed: int, plies: int) -> list[str]:
    """Random moves (captures and drops preferred) in both, comparing the legal move sets at every ply."""
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(plies):
        a = {native.uci(m): m for m in native.legal_raw()}
        b = {generator.uci(m): m for m in generator.legal_raw()}
        # by name with repeats: a drop generated from two storage positions of one column would be one key of a
        listed = sorted(native.uci(m) for m in native.legal_raw())
        assert listed == sorted(generator.uci(m) for m in generator.legal_raw()), (played, sorted(set(a) ^ set(b)))
        if not a:
            break
        keen = sorted(t for t in a if "@" in t or a[t].removed)
        choice = rng.choice(keen if keen and rng.random() < 0.7 else sorted(a))
        native.push_raw(a[choice])
        generator.push_raw(b[choice])
        played.append(choice)
    return played


@pytest.mark.parametrize("name", NAMES)
def test_committed_fixture_is_what_the_writer_writes(name: str) -> None:
    text, lost = write_game(read_game(GAMES / f"{name}.idiagram"), best_effort=name in DROP_MATE)
    assert (GAMES / f"{name}.zrf").read_bytes() == text.encode("utf-8")
    assert lost == (["piece 'Pawn': a drop may not give mate (drop-mate rule): ZRF cannot say it exactly"]
                    if name in DROP_MATE else [])


@pytest.mark.parametrize("name", DROP_MATE)
def test_drop_mate_is_refused_by_name(name: str) -> None:
    with pytest.raises(UnsupportedError, match=r"Pawn.*drop-mate"):
        write_game(read_game(GAMES / f"{name}.idiagram"))


def test_drop_mate_is_the_only_difference_in_the_model_without_it() -> None:
    """The written file is compared with the model less the drop-mate rule: that model differs from the
    fixture's in that rule only."""
    game, full = model("shogi"), read_game(GAMES / "shogi.idiagram")
    assert [p.drop for p in game.pieces] != [p.drop for p in full.pieces]
    for mine, theirs in zip(game.pieces, full.pieces, strict=True):
        assert dataclasses.replace(mine, drop=None) == dataclasses.replace(theirs, drop=None)


@pytest.mark.parametrize("name", FAST)
def test_written_file_plays_like_the_model(name: str) -> None:
    zrf = compile_file(GAMES / f"{name}.zrf")
    variant = compile_game(model(name))
    assert perft(Named(position(zrf, None)), 2) == perft(variant.start_position(), 2)
    hands = 0
    for seed in range(2):
        native, generator = Named(position(zrf, None)), variant.start_position()
        played = playout(native, generator, seed, 40)
        assert perft(native, 1) == perft(generator, 1), played
        hands += any("@" in m for m in played)
    assert hands, "no playout dropped a piece"


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_written_file_plays_like_the_model_deep(name: str) -> None:
    zrf = compile_file(GAMES / f"{name}.zrf")
    variant = compile_game(model(name))
    for seed in range(10, 16):
        native, generator = Named(position(zrf, None)), variant.start_position()
        played = playout(native, generator, seed, 80)
        assert perft(native, 2) == perft(generator, 2), played


def test_stored_pieces_are_demoted_flipped_and_dropped_from_the_top() -> None:
    """After a capture of a promoted piece, the capturer's column holds the base type in the capturer's colour,
    and each (type, square) drop is one move however many pieces the column holds."""
    zrf = compile_file(GAMES / "minishogi.zrf")
    variant = compile_game(model("minishogi"))
    native, generator = Named(position(zrf, None)), variant.start_position()
    for seed in range(40):
        native, generator = Named(position(zrf, None)), variant.start_position()
        playout(native, generator, seed, 30)
        held = generator.hand_counts(0)  # type: ignore[attr-defined]
        if any(n > 1 for n in held.values()):
            break
    else:
        pytest.fail("no playout gave White two pieces of one type")
    names = zrf.board.names
    stored = [(names[p], piece) for p, piece in enumerate(native.pos.board)
              if p in native.storage and piece is not None]
    white = [piece for name, piece in stored if name.startswith("White-")]
    assert white and all(piece[0] == 0 for piece in white)
    assert all("-from-" not in zrf.types[piece[1]] for _, piece in stored)
    drops = [native.uci(m) for m in native.legal_raw() if m.frm in native.storage]
    assert drops and len(drops) == len(set(drops))


HAND_FENS = {
    "minishogi": ["s2g1/B1b1k/2RRp/1K3/2S2[gp] w - - 0 13", "5/B2k1/2P1p/BK1s1/GG3[Srr] w - - 0 16"],
    "shogi": ["lns1g4/2g1k2r1/1pB1p1np1/p4p3/7nL/P3P1p2/LP1PSP1P1/2SR1S3/1K2BGGN1[LPPpppp] w - - 0 26"],
}
"""Positions with pieces in both hands (from the games' expectation files)."""


@pytest.mark.parametrize(("name", "fen"), [(n, f) for n, fens in HAND_FENS.items() for f in fens])
def test_holdings_go_to_storage_and_divide_agrees(name: str, fen: str) -> None:
    """A FEN with holdings puts them on the storage columns, is written back the same, and divide (depth 2 on
    minishogi, 1 on shogi) agrees with the generator move by move."""
    zrf = compile_file(GAMES / f"{name}.zrf")
    variant = compile_game(model(name))
    native = Named(zrf.position_from_fen(fen))
    generator = variant.start_position().__class__.from_fen(variant, fen)
    board, held = fen.split()[0].rstrip("]").split("[")
    written_board, written_held = native.pos.fen().split()[0].rstrip("]").split("[")  # type: ignore[attr-defined]
    assert (written_board, sorted(written_held)) == (board, sorted(held))
    depth = 2 if name == "minishogi" else 1
    for text, move in {native.uci(m): m for m in native.legal_raw()}.items():
        target = next(m for m in generator.legal_raw() if generator.uci(m) == text)
        native.push_raw(move)
        generator.push_raw(target)
        assert perft(native, depth - 1) == perft(generator, depth - 1), text
        native.pop_raw()
        generator.pop_raw()
    assert perft(native, depth) == perft(generator, depth)


def test_promoting_captures_have_their_own_names() -> None:
    """A capture that promotes (change-type before the cascade to storage) is named with the promoted type, so
    that divide keeps it apart from the plain capture (perft through divide equals perft)."""
    from fairyport.movegen.perft import divide
    zrf = compile_file(GAMES / "minishogi.zrf")
    pos = zrf.position_from_fen(HAND_FENS["minishogi"][0])
    assert sum(divide(pos, 2).values()) == perft(pos, 2)
    names = [pos.uci(m) for m in pos.legal_raw()]
    assert len(names) == len(set(names))


def test_setup_hands_without_captures_to_hand(tmp_path: Path) -> None:
    """Pieces in hand from the setup only (captures leave the game): storage columns filled by board-setup,
    no capture code; the interpreter agrees with the generator."""
    from fairyport.model import Board, Metadata, Piece, PieceType, Rules, Setup
    pieces = [PieceType("King", "K", "K", royal=True), PieceType("Rook", "R", "R"), PieceType("Knight", "N", "N")]
    setup = Setup({"a1": Piece("K", 0), "e5": Piece("K", 1), "b2": Piece("R", 0), "d4": Piece("R", 1)},
                  hands={0: {"N": 1}, 1: {"N": 2}})
    game = Game(Metadata("hands"), Board(5, 5), pieces, setup, Rules(drops=True))
    text, lost = write_game(game)
    assert lost == [] and "cascade" not in text
    path = tmp_path / "hands.zrf"
    path.write_bytes(text.encode("utf-8"))
    zrf = compile_file(path)
    variant = compile_game(game)
    assert perft(Named(position(zrf, None)), 3) == perft(variant.start_position(), 3)
    for seed in range(2):
        playout(Named(position(zrf, None)), variant.start_position(), seed, 20)
