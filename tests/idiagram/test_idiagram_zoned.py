"""Zone-dependent moves, moveless pieces and idle hands in the Interactive Diagram writer: what the Diagram's text
cannot say is refused by name, or with best effort written as the fairyport extension ``fairyportZoneMoves``
and listed; the written text read back plays the same game (perft)."""

from __future__ import annotations

import dataclasses

import pytest
from zoned_games import sampler, xiangqi

from fairyport.errors import ModelError, ParseError, UnsupportedError
from fairyport.idiagram.read import read_model_text
from fairyport.idiagram.write import NO_MOVE, write_game
from fairyport.model import BLACK, WHITE, Board, Game, Metadata, Piece, PieceType, Setup
from fairyport.movegen import compile_game, perft


def _perfts(game: Game, depth: int) -> list[int]:
    pos = compile_game(game).start_position()
    return [perft(pos, d) for d in range(1, depth + 1)]


@pytest.mark.parametrize(("build", "depth"), [(sampler, 3), (xiangqi, 2)], ids=["sampler", "xiangqi"])
def test_zoned_moves_written_as_extension_and_read_back(build: object, depth: int) -> None:
    game = build()  # type: ignore[operator]
    text, lost = write_game(game, best_effort=True)
    back = read_model_text(text)
    assert [p.zoned_moves for p in back.pieces if p.zoned_moves] == [p.zoned_moves for p in game.pieces
                                                                      if p.zoned_moves]
    assert _perfts(back, depth) == _perfts(game, depth)
    zoned = [p.name for p in game.pieces if p.zoned_moves]
    assert all(any(f"zone-dependent moves of {name!r}" in item for item in lost) for name in zoned)


def test_zoned_moves_refused_by_name_without_best_effort() -> None:
    game = xiangqi()
    game.pieces = [dataclasses.replace(p, confined_to=None) for p in game.pieces]  # only the soldier is left
    with pytest.raises(UnsupportedError, match=r"zone-dependent moves of 'soldier' \(sW from beyond-river\)"):
        write_game(game)


def test_sampler_text() -> None:
    text, _ = write_game(sampler(), best_effort=True)
    assert "pawn:P:fmWfcF:pawn:a2-f2\nfairyportZoneMoves=mfnD from start; sW from far\n" in text
    assert "fairyportZoneMoves=K from outside centre" in text
    assert "fairyportZoneMoves=R to far" in text


@pytest.mark.parametrize(("line", "error", "column"), [
    ("fairyportZoneMoves=sW beyond river", ParseError, 20),
    ("fairyportZoneMoves=fW from far; sW[ from far", ParseError, 36),
    ("fairyportZoneMoves=sW from nowhere", ModelError, 20),
])
def test_bad_extension_lines_are_located(line: str, error: type[Exception], column: int) -> None:
    text = f"files=4\nranks=4\nfairyportZone=far:a3-d3,a4-d4,,a1-d1,a2-d2\nking::::a1\nsoldier:S:fW::b1\n{line}\n"
    with pytest.raises(error) as info:
        read_model_text(text, name="z.idiagram")
    location = info.value.location  # type: ignore[attr-defined]
    assert (location.file, location.line, location.column) == ("z.idiagram", 6, column)


def test_moveless_piece_reads_back_moveless() -> None:
    # Ordo's Man had no moves in the model; an empty move field reads back as the King's move of a Man
    board = Board(4, 4)
    game = Game(Metadata("moveless"), board, [PieceType("Man", "M", ""), PieceType("king", "K", "K", royal=True)],
                Setup(placement={"a1": Piece("M", WHITE), "b2": Piece("M", WHITE), "d4": Piece("M", BLACK),
                                 "d1": Piece("K", WHITE), "a4": Piece("K", BLACK)}))
    text, lost = write_game(game)
    assert f"Man:M:{NO_MOVE}:" in text and not lost
    back = read_model_text(text)
    pos = compile_game(back).start_position()
    assert sorted(pos.uci(m) for m in pos.legal_raw()) == ["d1c1", "d1c2", "d1d2"]
    assert _perfts(back, 2) == _perfts(game, 2)
    # it attacks nothing either: the black king may step next to the men
    pos.push(pos.parse_uci("d1d2"))
    assert sorted(pos.uci(m) for m in pos.legal_raw()) == ["a4a3", "a4b3", "a4b4"]


def test_every_piece_in_hand_without_drops_is_refused_by_name() -> None:
    game = Game(Metadata("all in hand"), Board(3, 3), [PieceType("stone", "S", "W")],
                Setup(hands={WHITE: {"S": 3}, BLACK: {"S": 3}}))
    with pytest.raises(UnsupportedError, match=r"every piece starts in hand \('stone'\) but nothing is ever dropped"):
        write_game(game)
    _, lost = write_game(game, best_effort=True)
    assert any("nothing is ever dropped" in item for item in lost)
