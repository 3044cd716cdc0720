"""Drops and shogi-style promotion: the bundled drop games, their rules one by one, FEN with holdings, and
agreement with an independent generator (tests/independent_shogi.py) and with pyffish's built-in shogi."""

from __future__ import annotations

import random

import independent_shogi as indep
import pytest
from drop_games import all_games, fixture_text, rules_of

from fairyport.errors import ParseError, UnsupportedError
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.idiagram.read import read_text
from fairyport.idiagram.write import write_game
from fairyport.json import game_from_json, game_to_json
from fairyport.movegen import Position, compile_game, perft
from fairyport.movegen.drops import HandPosition

GAMES = all_games()
VARIANTS = {name: compile_game(game) for name, game in GAMES.items()}


def _pos(name: str, fen: str | None = None) -> Position:
    variant = VARIANTS[name]
    return variant.start_position() if fen is None else Position.from_fen(variant, fen)


def _moves(pos: Position) -> set[str]:
    return {m.uci for m in pos.legal_moves()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fixture_is_the_built_game(name: str) -> None:
    """The Interactive Diagram fixture is what the writer writes now, and reads back to the built game."""
    path = bundled_fixtures() / "games" / f"{name}.idiagram"
    text = path.read_text(encoding="utf-8")
    assert text == fixture_text(name, GAMES[name])
    game = read_game(path)
    assert rules_of(game) == rules_of(GAMES[name])
    assert game_from_json(game_to_json(GAMES[name])) == GAMES[name]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fixture_round_trips_through_the_model(name: str) -> None:
    """ID -> model -> ID: an equal game, and a second write gives the same text byte for byte; without
    --best-effort the writer names what plain Diagram text cannot say (shogi's pawn-drop mate)."""
    game = read_game(bundled_fixtures() / "games" / f"{name}.idiagram")
    text, lost = write_game(game, best_effort=True)
    again = read_text(text, file=f"{name}.idiagram")
    assert rules_of(again) == rules_of(game)
    assert write_game(again, best_effort=True)[0] == text
    assert text == (bundled_fixtures() / "games" / f"{name}.idiagram").read_text(encoding="utf-8")
    # the promotion and the drop limits are in the script's own terms; shogi's pawn-drop mate is not
    assert lost == (["the drop rule of 'Pawn' (file:1,nomate) in plain Diagram text (written as the fairyport "
                     "extension fairyportDrop, which the Diagram script ignores)"] if "shogi" in name else [])
    if "shogi" in name:
        with pytest.raises(UnsupportedError, match="drop rule of 'Pawn'"):
            write_game(game)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_start_perft_matches_independent_generator(name: str) -> None:
    g = indep.game(name)
    start = indep.read(g, g.start)
    pos = _pos(name)
    assert _moves(pos) == set(indep.legal(start))
    assert perft(pos, 2) == indep.perft(start, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_start_perft_3_matches_independent_generator(name: str) -> None:
    g = indep.game(name)
    assert perft(_pos(name), 3) == indep.perft(indep.read(g, g.start), 3)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_playouts_match_independent_generator(name: str) -> None:
    """Move sets equal on every position of two capture-loving playouts (so hands fill and drops matter)."""
    g = indep.game(name)
    rng = random.Random(name)
    drops_seen = 0
    for _ in range(2):
        pos = _pos(name)
        for _ in range(45):
            ours = _moves(pos)
            theirs = set(indep.legal(indep.read(g, pos.fen())))
            assert ours == theirs, pos.fen()
            if not ours:
                break
            drops_seen += sum("@" in m for m in ours)
            moves = pos.legal_moves()
            captures = [m for m in moves if m.raw[0] >= 0 and pos.board[m.raw[1]]]
            pos.push(rng.choice(captures if captures and rng.random() < 0.8 else moves))
    assert drops_seen > 0


# ---------------------------------------------------------------------------------------------- single rules
def test_pawn_rule_one_unpromoted_pawn_per_file() -> None:
    pos = _pos("shogi", "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[Pp] w - - 0 1")
    drops = {m for m in _moves(pos) if m.startswith("P@")}
    assert drops and all(m[2] == "e" for m in drops)  # only the file without a white pawn
    assert "P@e9" not in drops  # never where it could not move again
    promoted = _pos("shogi", "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPP+P1PPPP/1B5R1/LNSGKGSNL[Pp] w - - 0 1")
    assert any(m.startswith("P@d") for m in _moves(promoted))  # a promoted pawn does not count


def test_pawn_drop_mate_is_illegal_but_other_drop_mates_are_not() -> None:
    fen = "3k1/K1s1p/1g2g/5/2Rs+b[Rpb] b - - 0 1"  # Black: P@a5 would mate White's king on a4
    pos = _pos("minishogi", fen)
    moves = _moves(pos)
    assert "P@a5" not in moves and any(m.startswith("P@") for m in moves)
    raw = (-1, VARIANTS["minishogi"].geometry.square("a5"), VARIANTS["minishogi"].code_by_symbol["p"], (), (), (), -1)
    pos.push_raw(raw)
    assert pos.in_check() and not pos.legal_raw()  # it really would be mate
    assert "P@a5" not in indep.legal(indep.read(indep.game("minishogi"), fen))


def test_square_colour_limit() -> None:
    # White bishops on b2 and d2 ... both on dark squares (file + rank even): a third may only go to light squares
    fen = "whmsgksmhw/1r1b2b1r1/ppxxppxxpp/10/10/10/PPXXPPXXPP/1RBB3RB1/WHMSKGSMHW[B] w - - 0 1"
    pos = _pos("mitregi90", fen)
    geo = VARIANTS["mitregi90"].geometry
    shades = {sum(geo.coords[geo.square(m[2:])]) % 2 for m in _moves(pos) if m.startswith("B@")}
    assert shades == {0}  # b2 = (1, 1) and i2 = (8, 1) are odd-sum squares, so only even-sum ones remain
    assert {m for m in _moves(pos) if m.startswith("B@")} == \
        {m for m in indep.legal(indep.read(indep.game("mitregi90"), fen)) if m.startswith("B@")}


def test_no_drop_where_the_piece_could_never_move() -> None:
    pos = _pos("mitregi108", "whmusgksumhw/1r1b4b1r1/ppxxxppxxxpp/12/12/12/PPXXXPPXXXPP/1R1B4B1R1/WHMUSKGSUMHW[UH] w"
               " - - 0 1")
    humps = {m for m in _moves(pos) if m.startswith("U@")}
    helms = {m for m in _moves(pos) if m.startswith("H@")}
    assert humps and all(int(m[3:]) <= 6 for m in humps)  # never in the enemy camp (ranks 7-9)
    assert helms and all(int(m[3:]) <= 7 for m in helms)  # never on the last two ranks


def test_promotion_forced_where_stuck_optional_elsewhere_and_on_leaving() -> None:
    pos = _pos("shogi", "4k4/9/9/1P5N1/9/3R5/9/9/4K4[] w - - 0 1")
    moves = _moves(pos)
    assert {"b6b7", "b6b7+"} <= moves  # a pawn entering the zone may promote
    assert "h6g8+" in moves and "h6g8" not in moves  # a knight on the 8th rank must
    pos = _pos("shogi", "4k4/9/3R5/9/9/9/9/9/4K4[] w - - 0 1")
    assert {"d7d2", "d7d2+"} <= _moves(pos)  # a rook leaving the zone may promote


def test_captured_pieces_demote_and_change_colour() -> None:
    # White's promoted pawn (a gold) on e6 is taken by Black's gold on e7: Black's hand gets a pawn
    pos = _pos("mitregi90", "4kg4/4g5/4+P5/10/10/10/10/10/4KG4[] b - - 0 1")
    assert isinstance(pos, HandPosition)
    pos.push(pos.parse_uci("e8e7"))
    assert pos.fen().split()[0].endswith("[p]")
    pos.push(pos.parse_uci("f1f2"))
    assert "P@e5" in _moves(pos)
    pos = _pos("mitregi90", "4kg4/4g5/4G5/10/10/10/10/10/4KG4[] b - - 0 1")
    pos.push(pos.parse_uci("e8e7"))
    assert pos.fen().split()[0].endswith("[g]")  # an array Goldgeneral stays one


def test_fen_round_trip_and_fairy_stockfish_forms() -> None:
    fen = "lns1g4/2g1k2r1/1pB1p1np1/p4p3/7nL/P3P1p2/LP1PSP1P1/2SR1S3/1K2BGGN1[LPPpppp] w - - 0 26"
    pos = _pos("shogi", fen)
    assert isinstance(pos, HandPosition)
    assert pos.hand_counts(0) == {"P": 2, "L": 1} and pos.hand_counts(1) == {"P": 4}
    written = pos.fen()  # our order: each colour's pieces in the game's piece order (FSF uses its own)
    assert written.startswith(fen.split("[")[0] + "[PPLpppp]") and _pos("shogi", written).fen() == written
    short = _pos("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1")
    assert short.fen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    with pytest.raises(ParseError, match="unknown piece 'Q' in hand"):
        _pos("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Q] w - - 0 1")
    with pytest.raises(ParseError, match="does not promote"):
        _pos("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL[] w - - 0 1")


def test_games_without_drops_refuse_pieces_in_hand() -> None:
    chess = compile_game(read_game(bundled_fixtures() / "games" / "chess.idiagram"))
    assert type(chess.start_position()) is Position
    with pytest.raises(ParseError, match="pieces in hand in a game without drops"):
        Position.from_fen(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1")
    assert Position.from_fen(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").fen() == \
        chess.start_position().fen()


def test_stalemate_loses() -> None:
    pos = _pos("minishogi", "k4/2G2/1K3/5/5[] b - - 0 1")
    outcome = pos.outcome()
    assert outcome is not None and outcome.reason == "stalemate" and outcome.winner == 0


# ---------------------------------------------------------------------------------------------- pyffish
@pytest.mark.parametrize("name", ["shogi", "minishogi"])
def test_random_playouts_match_pyffish_builtin(name: str) -> None:
    """Legal-move sets equal to pyffish's built-in shogi / minishogi on playout positions; the only allowed
    difference is a pawn drop that mates, which Fairy-Stockfish keeps as a move that loses at once."""
    pytest.importorskip("pyffish")
    from oracles import compare_drop_playouts

    start = Position.from_fen(VARIANTS[name], _pos(name).fen())
    assert compare_drop_playouts(name, start, name, games=3, plies=60) > 100
