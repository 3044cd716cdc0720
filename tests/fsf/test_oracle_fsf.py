"""The reference move generator against Fairy-Stockfish (pyffish), position by position.

Games: chess and MiniXiangqi (FSF built-ins) and Mir Chess 32 / 36 (the project's FSF definitions,
``shared/notes/perft.md`` §5.1, reproduced in ``tests/helpers/oracles.py``). Positions come from seeded random
playouts made with pyffish (4 to 40 plies deep). For each position the reference generator's legal-move SET
must equal FSF's, both when the position is reached by pushing the moves from the start position and when it
is read from FSF's FEN; on some of them perft(2) must agree too.
"""

from __future__ import annotations

import functools
import random

import pytest

pytest.importorskip("pyffish")

import oracles
from move_sets import divide_difference, move_difference
from paths import GAMES

from fairyport.idiagram.read import read_game
from fairyport.movegen import Position, Variant, compile_game, divide, perft

FIXTURES = GAMES

# fixture name -> FSF variant name
FSF_VARIANTS = {
    "chess": "chess",
    "mirchess32": "mirchess32",
    "mirchess36": "mirchess36",
    "minixiangqi": "minixiangqi",
}
SEEDS = {"chess": 1001, "mirchess32": 1032, "mirchess36": 1036, "minixiangqi": 1007}


@functools.cache
def variant_of(fixture: str) -> Variant:
    """The compiled reference variant of ``fixtures/games/<fixture>.idiagram``."""
    return compile_game(read_game(FIXTURES / f"{fixture}.idiagram"))


@functools.cache
def playout_positions(fixture: str) -> list[tuple[list[str], str]]:
    """About 30 positions (moves from the start, FSF FEN) from three seeded random FSF games of 40 plies."""
    variant = FSF_VARIANTS[fixture]
    return oracles.fsf_random_positions(variant, random.Random(SEEDS[fixture]), playouts=3, plies=40, stride=4)


def _reference_moves(pos: Position) -> list[str]:
    return sorted(str(move) for move in pos.legal_moves())


def _replay(fixture: str, moves: list[str]) -> Position | str:
    """The reference position after ``moves`` from the start, or a message naming the first move the reference
    does not have (with FSF's and the reference's move sets there)."""
    variant = FSF_VARIANTS[fixture]
    start = oracles.fsf_start_fen(variant)
    pos = variant_of(fixture).start_position()
    for ply, text in enumerate(moves):
        legal = {str(move): move for move in pos.legal_moves()}
        if text not in legal:
            theirs = oracles.fsf_legal_moves(variant, start, moves[:ply])
            difference = move_difference(sorted(legal), theirs)
            return f"after {' '.join(moves[:ply])} ({pos.fen()}): {text} missing; {difference}"
        pos.push(legal[text])
    return pos


@pytest.mark.parametrize("fixture", sorted(FSF_VARIANTS))
def test_start_position_matches_fsf(fixture: str) -> None:
    variant = FSF_VARIANTS[fixture]
    start = oracles.fsf_start_fen(variant)
    ours = variant_of(fixture).start_position()
    assert ours.fen().split()[:2] == start.split()[:2]
    assert _reference_moves(ours) == oracles.fsf_legal_moves(variant, start)
    assert perft(ours, 2) == oracles.fsf_perft(variant, start, 2)


@pytest.mark.parametrize("fixture", sorted(FSF_VARIANTS))
def test_move_sets_on_random_playouts(fixture: str) -> None:
    variant = FSF_VARIANTS[fixture]
    start = oracles.fsf_start_fen(variant)
    positions = playout_positions(fixture)
    assert len(positions) >= 20
    failures = []
    for moves, fen in positions:
        theirs = oracles.fsf_legal_moves(variant, start, moves)
        replayed = _replay(fixture, moves)
        if isinstance(replayed, str):
            failures.append(replayed)
            continue
        if replayed.fen().split()[:2] != fen.split()[:2]:
            failures.append(f"after {' '.join(moves)}: reference FEN {replayed.fen()} vs FSF {fen}")
        ours = _reference_moves(replayed)
        if ours != theirs:
            failures.append(f"after {' '.join(moves)} ({fen}): {move_difference(ours, theirs)}")
        from_fen = _reference_moves(Position.from_fen(variant_of(fixture), fen))
        if from_fen != theirs:
            failures.append(f"from FEN {fen}: {move_difference(from_fen, theirs)}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("fixture", sorted(FSF_VARIANTS))
def test_perft2_on_random_playouts(fixture: str) -> None:
    variant = FSF_VARIANTS[fixture]
    failures = []
    for _moves, fen in playout_positions(fixture)[3::7]:
        pos = Position.from_fen(variant_of(fixture), fen)
        ours = divide(pos, 2)
        theirs = oracles.fsf_divide(variant, fen, 2)
        if ours != theirs:
            wrong = divide_difference(ours, theirs)
            failures.append(f"{fen}: (reference, FSF) per root move {wrong}")
    assert not failures, "\n".join(failures)


@pytest.mark.slow
@pytest.mark.parametrize("fixture", sorted(FSF_VARIANTS))
def test_start_perft3_matches_fsf(fixture: str) -> None:
    variant = FSF_VARIANTS[fixture]
    start = oracles.fsf_start_fen(variant)
    ours = divide(variant_of(fixture).start_position(), 3)
    assert ours == oracles.fsf_divide(variant, start, 3)


# (fixture, name, FEN, moves that must be legal, moves that must not)
HAND_BUILT: list[tuple[str, str, str, set[str], set[str]]] = [
    (
        "chess",
        "en passant and promotion to Q R B N",
        "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1",
        {"e5d6", "b7b8q", "b7b8r", "b7b8b", "b7b8n"},
        {"b7b8", "b7b8k"},
    ),
    (
        "chess",
        "castling through an attacked square",
        "5r1k/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        {"e1c1"},
        {"e1g1"},
    ),
    (
        "mirchess32",
        "pawn promotes to General only, straight and capturing",
        "r3k3/1P6/8/8/8/8/8/3K4 w - - 0 1",
        {"b7b8g", "b7a8g"},
        {"b7b8", "b7b8q", "b7b8n"},
    ),
    (
        "mirchess36",
        "black pawn promotes on rank 1",
        "4k3/8/8/8/8/8/6p1/2K2N2 b - - 0 1",
        {"g2g1g", "g2f1g"},
        {"g2g1"},
    ),
    (
        "minixiangqi",
        "generals may not face; the king stays in the palace",
        "3k3/7/7/7/7/7/2K4 w - - 0 1",
        {"c1c2"},
        {"c1d1", "c1b1"},
    ),
    (
        "minixiangqi",
        "a horse screening the generals may not leave the file",
        "3k3/7/7/7/3N3/7/3K3 w - - 0 1",
        {"d1c1", "d1d2", "d1e1"},
        {"d3e5", "d3c5", "d3b4", "d3f4", "d3b2", "d3f2"},
    ),
]


@pytest.mark.parametrize(("fixture", "name", "fen", "present", "absent"), HAND_BUILT, ids=[h[1] for h in HAND_BUILT])
def test_hand_built_positions(fixture: str, name: str, fen: str, present: set[str], absent: set[str]) -> None:
    theirs = oracles.fsf_legal_moves(FSF_VARIANTS[fixture], fen)
    assert present <= set(theirs) and not absent & set(theirs), (name, theirs)
    ours = _reference_moves(Position.from_fen(variant_of(fixture), fen))
    assert ours == theirs, f"{name}: {move_difference(ours, theirs)}"


@pytest.mark.slow
@pytest.mark.parametrize("fixture", sorted(FSF_VARIANTS))
def test_move_sets_on_long_playouts(fixture: str) -> None:
    """Every position of ten seeded random games of up to 150 plies (promotions and endgames included)."""
    variant = FSF_VARIANTS[fixture]
    start = oracles.fsf_start_fen(variant)
    rng = random.Random(SEEDS[fixture] + 1)
    failures = []
    compared = 0
    for _ in range(10):
        pos = variant_of(fixture).start_position()
        moves: list[str] = []
        for _ply in range(150):
            theirs = oracles.fsf_legal_moves(variant, start, moves)
            ours = _reference_moves(pos)
            compared += 1
            if ours != theirs:
                fen = oracles.fsf_fen(variant, start, moves)
                failures.append(f"after {' '.join(moves)} ({fen}): {move_difference(ours, theirs)}")
                break
            if not theirs:
                break
            move = rng.choice(theirs)
            pos.push(pos.parse_uci(move))
            moves.append(move)
    assert compared > 500
    assert not failures, "\n".join(failures)
