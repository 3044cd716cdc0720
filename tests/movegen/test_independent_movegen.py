"""Validation of the independent test-side move generator (``tests/independent_movegen.py``).

Chess is checked against published perft numbers (chessprogramming wiki, "Perft Results") and against
python-chess move lists; Shatranj Kamil X against the numbers in ``shared/notes/perft.md`` §3 (Sjaak II with an
exact elephant); the fairy pieces of Mideast Chess against their definitions in words on empty and crowded
boards. The Mideast Chess start-position perft numbers are this generator's own results (see the README's
verification section): the lead's reference generator must reproduce them independently.
"""

from __future__ import annotations

import random

import independent_movegen as im
import pytest

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CPW_POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
CPW_POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
CPW_POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"


def _sq(name: str) -> im.Square:
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def _board_fen(game: im.GameRules, pieces: dict[str, str], side: str = "w") -> str:
    """A FEN with ``pieces`` (square name -> letter) on an otherwise empty board."""
    board = {_sq(name): letter for name, letter in pieces.items()}
    return im.to_fen(game, im.State(board, side == "w", "", None, 0, 1))


def _targets(game: str, fen: str, origin: str) -> set[str]:
    moves = im.legal_moves(game, fen)
    return {m[len(origin) :] for m in moves if m.startswith(origin) and not m[len(origin)].isdigit()}


# --------------------------------------------------------------------------------------------------------- chess


@pytest.mark.parametrize(
    ("fen", "counts"),
    [
        (im.CHESS.start_fen, [20, 400, 8902]),
        (KIWIPETE, [48, 2039]),
        (CPW_POSITION_3, [14, 191, 2812]),
        (CPW_POSITION_4, [6, 264]),
        (CPW_POSITION_5, [44, 1486]),
    ],
)
def test_chess_perft_published(fen: str, counts: list[int]) -> None:
    for depth, expected in enumerate(counts, start=1):
        assert im.perft("chess", fen, depth) == expected, (fen, depth)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fen", "depth", "expected"),
    [
        (im.CHESS.start_fen, 4, 197281),
        (KIWIPETE, 3, 97862),
        (CPW_POSITION_3, 4, 43238),
        (CPW_POSITION_4, 3, 9467),
        (CPW_POSITION_5, 3, 62379),
    ],
)
def test_chess_perft_published_deep(fen: str, depth: int, expected: int) -> None:
    assert im.perft("chess", fen, depth) == expected


def test_chess_move_sets_match_python_chess() -> None:
    chess = pytest.importorskip("chess")
    rng = random.Random(20261122)
    checked = 0
    for _ in range(6):
        for fen in im.random_playout_fens("chess", im.CHESS.start_fen, 60, rng)[::3]:
            board = chess.Board(fen)
            assert im.legal_moves("chess", fen) == sorted(m.uci() for m in board.legal_moves), fen
            checked += 1
    assert checked > 50


def test_play_updates_castling_ep_and_counters() -> None:
    fen = im.play("chess", im.CHESS.start_fen, "e2e4")
    assert fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    fen = im.play("chess", KIWIPETE, "e1g1")
    assert fen == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    fen = im.play("chess", KIWIPETE, "a1b1")
    assert fen.split()[2] == "Kkq"
    with pytest.raises(ValueError, match="not a legal move"):
        im.play("chess", im.CHESS.start_fen, "e2e5")


def test_castling_through_check_refused() -> None:
    # The black rook on f8 attacks f1: White may not castle short (king passes f1), but may castle long.
    fen = "5r1k/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    moves = im.legal_moves("chess", fen)
    assert "e1c1" in moves and "e1g1" not in moves
    # In check: no castling at all.
    assert not {"e1c1", "e1g1"} & set(im.legal_moves("chess", "4r2k/8/8/8/8/8/8/R3K2R w KQ - 0 1"))
    # The b1 square may be attacked for long castling (the king does not pass it).
    assert "e1c1" in im.legal_moves("chess", "1r5k/8/8/8/8/8/8/R3K2R w KQ - 0 1")


def test_fen_round_trip_multi_digit() -> None:
    for game in im.GAMES.values():
        assert im.to_fen(game, im.parse_fen(game, game.start_fen)) == game.start_fen
    with pytest.raises(ValueError):
        im.parse_fen(im.MIDEAST, "11/10/10/10/10/10/10/10/10/10 w - - 0 1")
    with pytest.raises(ValueError):
        im.parse_fen(im.MIDEAST, "x9/10/10/10/10/10/10/10/10/10 w - - 0 1")


def test_attack_prefilter_is_safe() -> None:
    """The reach prefilter never hides an attack: compare with the unfiltered test on random positions."""
    rng = random.Random(7)
    compared = 0
    for game in im.GAMES.values():
        for fen in im.random_playout_fens(game, game.start_fen, 40, rng)[::4]:
            state = im.parse_fen(game, fen)
            for square, piece in state.board.items():
                by_white = not piece.isupper()
                filtered = im.is_attacked(state.board, square, by_white, game)
                assert filtered == im.is_attacked(state.board, square, by_white, game, prefilter=False)
                compared += 1
    assert compared > 300


# ------------------------------------------------------------------------------------------------ Mideast Chess

# The setup as the seed page (shared/seeds/003_99319ac245870794.txt) lists it, square by square.
MIDEAST_WHITE = {
    "King": ["f2"],
    "Queen": ["e2"],
    "Rook": ["a2", "j2"],
    "Knight": ["b2", "i2"],
    "Bishop": ["c2", "h2"],
    "Cavalier": ["d2", "g2"],
    "Courtier": ["a1", "j1"],
    "Chevalier": ["c1", "h1"],
    "Castle": ["e1", "f1"],
    "Pawn": ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3", "j3"],
}
MIDEAST_BLACK = {
    "King": ["f9"],
    "Queen": ["e9"],
    "Rook": ["a9", "j9"],
    "Knight": ["b9", "i9"],
    "Bishop": ["c9", "h9"],
    "Cavalier": ["d9", "g9"],
    "Courtier": ["a10", "j10"],
    "Chevalier": ["c10", "h10"],
    "Castle": ["e10", "f10"],
    "Pawn": ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "i8", "j8"],
}
MIDEAST_LETTERS = {
    "King": "K",
    "Queen": "Q",
    "Rook": "R",
    "Knight": "N",
    "Bishop": "B",
    "Cavalier": "V",
    "Courtier": "Z",
    "Chevalier": "C",
    "Castle": "S",
    "Pawn": "P",
}


def test_mideast_start_fen_square_by_square() -> None:
    expected: dict[im.Square, str] = {}
    for army, upper in ((MIDEAST_WHITE, True), (MIDEAST_BLACK, False)):
        for name, squares in army.items():
            letter = MIDEAST_LETTERS[name] if upper else MIDEAST_LETTERS[name].lower()
            for square in squares:
                assert _sq(square) not in expected, square
                expected[_sq(square)] = letter
    assert len(expected) == 52  # "52 pieces, 48 empty squares" (seed 004's comparison)
    state = im.parse_fen(im.MIDEAST, im.MIDEAST.start_fen)
    for file in range(10):
        for rank in range(10):
            assert state.board.get((file, rank)) == expected.get((file, rank)), im.square_name((file, rank))
    assert state.white_to_move and state.castling == "" and state.ep_square is None
    assert im.to_fen(im.MIDEAST, im.State(expected, True, "", None, 0, 1)) == im.MIDEAST.start_fen


def test_mideast_leapers_on_empty_board() -> None:
    fen = _board_fen(im.MIDEAST, {"a10": "K", "j10": "k", "d4": "S", "a1": "C"})
    # The seed page's own examples: castle d4 reaches 16 squares; chevalier a1 goes to b4 or d2.
    assert _targets("mideast", fen, "d4") == set(
        ["b2", "b3", "b4", "b5", "b6", "c2", "c6", "d2", "d6", "e2", "e6", "f2", "f3", "f4", "f5", "f6"]
    )
    assert _targets("mideast", fen, "a1") == {"b4", "d2"}
    fen = _board_fen(im.MIDEAST, {"a10": "K", "j10": "k", "a1": "Z", "e5": "C"})
    assert _targets("mideast", fen, "a1") == {"c4", "d3"}  # courtier: the page's example
    assert len(_targets("mideast", fen, "e5")) == 8
    # Leapers jump over anything, cannot land on their own pieces, can capture.
    crowded = {"a10": "K", "j10": "k", "d4": "S", "c4": "P", "e4": "P", "d3": "P", "d5": "P", "b2": "N", "f6": "n"}
    fen = _board_fen(im.MIDEAST, crowded)
    targets = _targets("mideast", fen, "d4")
    assert "b2" not in targets and "f6" in targets and "b6" in targets and len(targets) == 15


def _cavalier_expected(origin: im.Square, width: int = 10, height: int = 10) -> set[str]:
    """Empty-board cavalier squares from the shape of its paths: (k+1, 1) after a diagonal step and a k-square
    orthogonal slide, (k, k+1) after an orthogonal step and a k-square diagonal slide (k >= 1, any signs)."""
    result = set()
    for f in range(width):
        for r in range(height):
            dx, dy = abs(f - origin[0]), abs(r - origin[1])
            if (min(dx, dy) == 1 and max(dx, dy) >= 2) or (min(dx, dy) >= 1 and abs(dx - dy) == 1):
                result.add(im.square_name((f, r)))
    return result


@pytest.mark.parametrize("origin", ["e5", "a1", "j10", "b7", "f2"])
def test_cavalier_empty_board(origin: str) -> None:
    # No kings at all: this generator treats a side without a king as never in check.
    fen = _board_fen(im.MIDEAST, {origin: "V"})
    assert _targets("mideast", fen, origin) == _cavalier_expected(_sq(origin))


KINGS = {"a10": "K", "j10": "k"}


def test_cavalier_diagonal_first_squares_blocked() -> None:
    # Own pawns on the four diagonal first squares: only the orthogonal-first paths remain.
    fen = _board_fen(im.MIDEAST, {**KINGS, "e5": "V", "d4": "P", "f4": "P", "d6": "P", "f6": "P"})
    expected = {
        "f7", "g8", "h9", "i10", "d7", "c8", "b9",  # via e6; the slide to a10 stops at the own king
        "f3", "g2", "h1", "d3", "c2", "b1",  # via e4
        "g6", "h7", "i8", "j9", "g4", "h3", "i2", "j1",  # via f5
        "c6", "b7", "a8", "c4", "b3", "a2",  # via d5
    }  # fmt: skip
    assert _targets("mideast", fen, "e5") == expected


def test_cavalier_all_first_squares_blocked() -> None:
    ring = {s: "P" for s in ("d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6")}
    fen = _board_fen(im.MIDEAST, {**KINGS, "e5": "V", **ring})
    assert _targets("mideast", fen, "e5") == set()
    # The same ring with the pawn on f6 gone reopens f6 and the slides beyond it.
    del ring["f6"]
    fen = _board_fen(im.MIDEAST, {**KINGS, "e5": "V", **ring})
    assert _targets("mideast", fen, "e5") == {"g6", "h6", "i6", "j6", "f7", "f8", "f9", "f10"}


def test_cavalier_enemy_on_first_square_blocks() -> None:
    fen = _board_fen(im.MIDEAST, {**KINGS, "e5": "V", "e6": "p", "f6": "p"})
    targets = _targets("mideast", fen, "e5")
    assert "e6" not in targets and "f6" not in targets  # never adjacent, even to capture
    assert "h6" not in targets  # (3,1): only through f6
    assert "f7" not in targets  # (1,2): through f6 or through e6, both occupied
    assert "g6" in targets  # (2,1): through f5
    assert "d7" in targets  # (-1,2): through d6


def test_cavalier_slides_stop_and_capture() -> None:
    fen = _board_fen(im.MIDEAST, {**KINGS, "e5": "V", "h6": "n", "f8": "p", "f3": "P"})
    targets = _targets("mideast", fen, "e5")
    assert {"g6", "h6", "f7", "f8"} <= targets  # captures end the slide
    assert "i6" not in targets and "f9" not in targets
    assert "f3" not in targets and "f2" not in targets and "f1" not in targets  # own piece stops the slide
    assert "g4" in targets  # (2,-1) through f4 (or f5)


# ------------------------------------------------------------------------------------------------- Mideast perft

# Hand count of White's first moves, by origin square (see the test below for the reasoning).
MIDEAST_FIRST_MOVES = {
    **{f"{f}3": 2 for f in "abcdefghij"},  # every pawn: single and double step
    "b2": 3,  # knight: a4, c4, d1
    "i2": 3,  # knight: h4, j4, g1
    "e1": 1,  # castle: only the (2,0) jump to g1 is free
    "f1": 1,  # castle: d1
    "c1": 2,  # chevalier: b4, d4
    "h1": 2,  # chevalier: g4, i4
    "a1": 1,  # courtier: c4
    "j1": 1,  # courtier: h4
    "f2": 1,  # king: g1
    "e2": 1,  # queen: d1
    "c2": 2,  # bishop: b1, d1
    "h2": 2,  # bishop: g1, i1
}


def test_mideast_first_moves_by_hand() -> None:
    moves = im.legal_moves("mideast", im.MIDEAST.start_fen)
    by_origin: dict[str, int] = {}
    for move in moves:
        origin = move[:2] if not move[2].isdigit() else move[:3]
        by_origin[origin] = by_origin.get(origin, 0) + 1
    assert by_origin == MIDEAST_FIRST_MOVES
    assert sum(MIDEAST_FIRST_MOVES.values()) == 40
    assert {m for m in moves if m.startswith(("e1", "f1"))} == {"e1g1", "f1d1"}


def test_mideast_perft_shallow() -> None:
    # Depth 2 is 40 * 40: after any first move Black still has its own 40 (the armies cannot meet yet).
    assert im.perft("mideast", im.MIDEAST.start_fen, 1) == 40 == im.MIDEAST_START_PERFT[1]
    assert im.perft("mideast", im.MIDEAST.start_fen, 2) == 1600 == im.MIDEAST_START_PERFT[2]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [3, 4])
def test_mideast_perft_recorded(depth: int) -> None:
    """The recorded Mideast numbers are what this generator computes (guards against edits to either)."""
    assert im.perft("mideast", im.MIDEAST.start_fen, depth, jobs=2) == im.MIDEAST_START_PERFT[depth]


def test_parallel_perft_equals_serial() -> None:
    fen = im.SHATRANJ_KAMIL_X.start_fen
    assert im.perft("shatranj-kamil-x", fen, 2, jobs=2) == im.perft("shatranj-kamil-x", fen, 2) == 1024


def test_mideast_promotion_eight_choices_per_destination() -> None:
    # White pawn on d9: straight to d10 (empty) and capture on c10 (black rook); e10 holds a white piece.
    fen = _board_fen(im.MIDEAST, {"a1": "K", "j1": "k", "d9": "P", "c10": "r", "e10": "N"})
    pawn = [m for m in im.legal_moves("mideast", fen) if m.startswith("d9")]
    assert sorted(pawn) == sorted(f"d9{t}{p}" for t in ("d10", "c10") for p in "qrnbvzcs")
    fen = im.play("mideast", fen, "d9c10v")
    assert im.parse_fen(im.MIDEAST, fen).board[_sq("c10")] == "V"
    # Black promotes on rank 1.
    fen = _board_fen(im.MIDEAST, {**KINGS, "g2": "p"}, side="b")
    assert [m for m in im.legal_moves("mideast", fen) if m.startswith("g2")] == sorted(f"g2g1{p}" for p in "qrnbvzcs")


def test_mideast_double_step_and_en_passant() -> None:
    fen = _board_fen(im.MIDEAST, {**KINGS, "e8": "p", "d6": "P", "c3": "P", "c4": "n"}, side="b")
    assert {"e8e7", "e8e6"} <= set(im.legal_moves("mideast", fen))
    after = im.play("mideast", fen, "e8e6")
    assert after.split()[3] == "e7"
    moves = im.legal_moves("mideast", after)
    assert "d6e7" in moves and "d6d7" in moves
    assert "c3c5" not in moves and "c3c4" not in moves  # blocked by the knight on c4
    final = im.parse_fen(im.MIDEAST, im.play("mideast", after, "d6e7"))
    assert final.board.get(_sq("e6")) is None and final.board[_sq("e7")] == "P"
    # The right lapses after one move; pawns off their start rank (3rd) have no double step.
    fen = _board_fen(im.MIDEAST, {**KINGS, "e4": "P", "h3": "P", "h4": "p"})
    moves = im.legal_moves("mideast", fen)
    assert "e4e6" not in moves and "h3h5" not in moves and "e4e5" in moves


# --------------------------------------------------------------------------------------------- Shatranj Kamil X


def test_kamil_perft_shallow() -> None:
    start = im.SHATRANJ_KAMIL_X.start_fen
    assert [im.perft("shatranj-kamil-x", start, d) for d in (1, 2)] == [32, 1024]


@pytest.mark.slow
def test_kamil_perft_3() -> None:
    assert im.perft("shatranj-kamil-x", im.SHATRANJ_KAMIL_X.start_fen, 3) == 32956


@pytest.mark.slow
def test_kamil_perft_4() -> None:
    assert im.perft("shatranj-kamil-x", im.SHATRANJ_KAMIL_X.start_fen, 4) == 1061828


def test_kamil_elephant() -> None:
    kings = {"a1": "K", "a10": "k"}
    # Alone on e5: four (2,2) squares and four (2,0) squares; never back to e5.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "E"})
    assert _targets("shatranj-kamil-x", fen, "e5") == {"c3", "g3", "c7", "g7", "e3", "e7", "c5", "g5"}
    # f6 occupied: g7 is lost (straight through f6), e7 and g5 are still reached through d6 and f4.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "E", "f6": "P"})
    assert _targets("shatranj-kamil-x", fen, "e5") == {"c3", "g3", "c7", "e3", "e7", "c5", "g5"}
    # f6 and d6 occupied: e7 is lost too.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "E", "f6": "p", "d6": "P"})
    assert _targets("shatranj-kamil-x", fen, "e5") == {"c3", "g3", "e3", "c5", "g5"}
    # Captures on the second step, own pieces there block only that square.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "E", "g7": "n", "c3": "N"})
    targets = _targets("shatranj-kamil-x", fen, "e5")
    assert "g7" in targets and "c3" not in targets
    # Start position: neither elephant can move (every first square is occupied).
    start = im.SHATRANJ_KAMIL_X.start_fen
    assert not [m for m in im.legal_moves("shatranj-kamil-x", start) if m.startswith(("f1", "e2"))]
    # After f3-f4 and silver g2-h1: bent moves f1-g2-f3, e2-f3-e4 and e2-f3-g2, straight e2-f3-g4.
    fen = start
    for move in ("f3f4", "a8a7", "g2h1", "a7a6"):
        fen = im.play("shatranj-kamil-x", fen, move)
    assert _targets("shatranj-kamil-x", fen, "f1") == {"f3"}
    assert _targets("shatranj-kamil-x", fen, "e2") == {"g4", "e4", "g2"}


def test_kamil_cannon_screens() -> None:
    kings = {"a1": "K", "a10": "k"}
    # No screen: moves only. One screen (own pawn e6): captures the first piece beyond (e8), not e9.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e4": "C", "e6": "P", "e8": "n", "e9": "r"})
    targets = _targets("shatranj-kamil-x", fen, "e4")
    assert {"e5", "e8"} <= targets and not {"e6", "e7", "e9"} & targets
    # Two screens: no capture (the first piece beyond the screen is the cannon's own).
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e4": "C", "e6": "P", "e7": "P", "e9": "r"})
    targets = _targets("shatranj-kamil-x", fen, "e4")
    assert not {"e6", "e7", "e8", "e9"} & targets
    # An enemy screen works too; an enemy next to the cannon is not capturable directly.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e4": "C", "f4": "p", "h4": "r"})
    targets = _targets("shatranj-kamil-x", fen, "e4")
    assert "f4" not in targets and "h4" in targets and "g4" not in targets


def test_kamil_pawn_and_ferz_promote_to_war_elephant() -> None:
    kings = {"a1": "K", "j1": "k"}
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "d9": "P", "c10": "r", "e10": "R", "g9": "F", "h10": "n"})
    moves = im.legal_moves("shatranj-kamil-x", fen)
    assert sorted(m for m in moves if m.startswith("d9")) == ["d9c10w", "d9d10w"]
    assert sorted(m for m in moves if m.startswith("g9")) == ["g9f10w", "g9f8", "g9h10w", "g9h8"]
    after = im.parse_fen(im.SHATRANJ_KAMIL_X, im.play("shatranj-kamil-x", fen, "g9h10w"))
    assert after.board[_sq("h10")] == "W"
    # No double step in this game; black promotes on rank 1.
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {"a10": "K", "j10": "k", "c3": "P", "e2": "f", "b2": "p"}, side="b")
    moves = im.legal_moves("shatranj-kamil-x", fen)
    assert sorted(m for m in moves if m.startswith("e2")) == ["e2d1w", "e2d3", "e2f1w", "e2f3"]
    assert sorted(m for m in moves if m.startswith("b2")) == ["b2b1w"]
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {"a10": "K", "j10": "k", "c3": "P"})
    assert [m for m in im.legal_moves("shatranj-kamil-x", fen) if m.startswith("c3")] == ["c3c4"]


def test_kamil_war_elephant_and_silver() -> None:
    kings = {"a1": "K", "a10": "k"}
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "W"})
    ferz = {"d4", "f4", "d6", "f6"}
    assert _targets("shatranj-kamil-x", fen, "e5") == ferz | {"c3", "g3", "c7", "g7", "e3", "e7", "c5", "g5"}
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "S", "d5": "s"})
    assert _targets("shatranj-kamil-x", fen, "e5") == ferz | {"e6"}
    fen = _board_fen(im.SHATRANJ_KAMIL_X, {**kings, "e5": "s"}, side="b")
    assert _targets("shatranj-kamil-x", fen, "e5") == ferz | {"e4"}
