"""The reference move generator against the independent test-side generator (``tests/independent_movegen.py``)
for the two games Fairy-Stockfish cannot express exactly: Mideast Chess (the cavalier's bent slide) and
Shatranj Kamil X (the ``afFasF`` elephant), plus hand-built positions for promotion, en passant, the cavalier
and the elephant.

The independent generator uses the piece letters of the project brief; the fixtures choose their own
(Mideast's castle is ``T`` there, ``S`` here), so FENs and promotion letters are translated by piece name.
"""

from __future__ import annotations

import functools
import random
import re

import independent_movegen as im
import paths
import pytest
from move_sets import divide_difference, move_difference

from fairyport.idiagram.read import read_game
from fairyport.movegen import Position, Variant, compile_game, divide, perft

FIXTURES = paths.GAMES
GAMES = {"mideast": im.MIDEAST, "shatranj-kamil-x": im.SHATRANJ_KAMIL_X}
SEEDS = {"mideast": 2001, "shatranj-kamil-x": 2002}
_UCI = re.compile(r"^([a-z]\d+)([a-z]\d+)([a-z]?)$")


@functools.cache
def variant_of(fixture: str) -> Variant:
    """The compiled reference variant of ``fixtures/games/<fixture>.idiagram``."""
    return compile_game(read_game(FIXTURES / f"{fixture}.idiagram"))


@functools.cache
def letter_map(fixture: str) -> dict[str, str]:
    """Independent-generator letter -> fixture letter (both upper case), matched by piece name."""
    game = variant_of(fixture).game
    fixture_ids = {piece.name.lower(): piece.id.upper() for piece in game.pieces}
    rules = GAMES[fixture]
    missing = sorted(set(rules.names.values()) - set(fixture_ids))
    assert not missing, f"{fixture}: fixture has no piece named {missing}; it has {sorted(fixture_ids)}"
    return {letter: fixture_ids[name] for letter, name in rules.names.items()}


def to_fixture_fen(fixture: str, fen: str) -> str:
    """An independent-generator FEN with the fixture's piece letters."""
    mapping = letter_map(fixture)
    placement, rest = fen.split(" ", 1)
    converted = "".join(
        (mapping[c] if c.isupper() else mapping[c.upper()].lower()) if c.isalpha() else c for c in placement
    )
    return f"{converted} {rest}"


def to_fixture_uci(fixture: str, uci: str) -> str:
    """An independent-generator UCI move with the fixture's promotion letter."""
    match = _UCI.match(uci)
    assert match, uci
    origin, target, promotion = match.groups()
    if promotion:
        promotion = letter_map(fixture)[promotion.upper()].lower()
    return origin + target + promotion


def independent_moves(fixture: str, fen: str) -> list[str]:
    """The independent generator's legal moves, in the fixture's letters."""
    return sorted(to_fixture_uci(fixture, m) for m in im.legal_moves(fixture, fen))


def reference_moves(pos: Position) -> list[str]:
    """The reference generator's legal moves."""
    return sorted(str(move) for move in pos.legal_moves())


def reference_position(fixture: str, fen: str) -> Position:
    """The reference position for an independent-generator FEN."""
    return Position.from_fen(variant_of(fixture), to_fixture_fen(fixture, fen))


def _replay(fixture: str, moves: list[str]) -> Position | str:
    """The reference position after ``moves`` (independent-generator UCI) from the start, or a message naming
    the first move the reference does not have (with both move sets there)."""
    pos = variant_of(fixture).start_position()
    fen = GAMES[fixture].start_fen
    for ply, text in enumerate(moves):
        legal = {str(move): move for move in pos.legal_moves()}
        wanted = to_fixture_uci(fixture, text)
        if wanted not in legal:
            theirs = independent_moves(fixture, fen)
            return f"after {' '.join(moves[:ply])} ({fen}): {wanted} missing; {move_difference(sorted(legal), theirs)}"
        pos.push(legal[wanted])
        fen = im.play(fixture, fen, text)
    return pos


@functools.cache
def playout_positions(fixture: str) -> list[tuple[list[str], str]]:
    """About 30 positions (moves from the start, FEN), every 4th ply of three seeded random 40-ply games."""
    rng = random.Random(SEEDS[fixture])
    result: list[tuple[list[str], str]] = []
    for _ in range(3):
        result.extend(im.random_playout(fixture, GAMES[fixture].start_fen, 40, rng)[3::4])
    return result


# ------------------------------------------------------------------------------------------ start and playouts


@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_start_position(fixture: str) -> None:
    """The fixture's setup is the seed page's, square by square (the independent FEN is checked against the
    page's coordinate list in test_independent_movegen), and the first two plies agree."""
    start = variant_of(fixture).start_position()
    assert start.fen().split()[:2] == to_fixture_fen(fixture, GAMES[fixture].start_fen).split()[:2]
    assert reference_moves(start) == independent_moves(fixture, GAMES[fixture].start_fen)
    assert divide(start, 2) == {
        to_fixture_uci(fixture, m): n for m, n in im.divide(fixture, GAMES[fixture].start_fen, 2).items()
    }


@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_move_sets_on_random_playouts(fixture: str) -> None:
    positions = playout_positions(fixture)
    assert len(positions) >= 20
    failures = []
    for moves, fen in positions:
        theirs = independent_moves(fixture, fen)
        replayed = _replay(fixture, moves)
        if isinstance(replayed, str):
            failures.append(replayed)
            continue
        if replayed.fen().split()[:2] != to_fixture_fen(fixture, fen).split()[:2]:
            failures.append(f"after {' '.join(moves)}: reference FEN {replayed.fen()} vs {fen}")
        ours = reference_moves(replayed)
        if ours != theirs:
            failures.append(f"after {' '.join(moves)} ({fen}): {move_difference(ours, theirs)}")
        from_fen = reference_moves(reference_position(fixture, fen))
        if from_fen != theirs:
            failures.append(f"from FEN {fen}: {move_difference(from_fen, theirs)}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_perft2_on_random_playouts(fixture: str) -> None:
    failures = []
    for _moves, fen in playout_positions(fixture)[2::8]:
        ours = divide(reference_position(fixture, fen), 2)
        theirs = {to_fixture_uci(fixture, m): n for m, n in im.divide(fixture, fen, 2).items()}
        if ours != theirs:
            wrong = divide_difference(ours, theirs)
            failures.append(f"{fen}: (reference, independent) per root move {wrong}")
    assert not failures, "\n".join(failures)


@pytest.mark.slow
@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_start_perft3_divide(fixture: str) -> None:
    start = GAMES[fixture].start_fen
    theirs = {to_fixture_uci(fixture, m): n for m, n in im.divide(fixture, start, 3).items()}
    assert divide(variant_of(fixture).start_position(), 3) == theirs


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fixture", "expected"),
    [
        ("shatranj-kamil-x", 1061828),  # Sjaak II and a separate generator (shared/notes/perft.md §5.2)
        ("mideast", im.MIDEAST_START_PERFT[4]),  # the independent generator's count (test_independent_movegen)
    ],
)
def test_start_perft4(fixture: str, expected: int) -> None:
    assert perft(variant_of(fixture).start_position(), 4) == expected


# ------------------------------------------------------------------------------------------ hand-built positions


def _fen(game: im.GameRules, pieces: dict[str, str], side: str = "w", ep: str = "-") -> str:
    board = {im.parse_square(name, game): letter for name, letter in pieces.items()}
    state = im.State(board, side == "w", "", None if ep == "-" else im.parse_square(ep, game), 0, 1)
    return im.to_fen(game, state)


MIDEAST_KINGS = {"a10": "K", "j10": "k"}
KAMIL_KINGS = {"a1": "K", "j1": "k"}

# (fixture, name, FEN in the independent generator's letters, moves that must be legal, moves that must not)
HAND_BUILT: list[tuple[str, str, str, set[str], set[str]]] = [
    (
        "mideast",
        "white pawn d9 promotes straight and capturing: 8 choices each",
        _fen(im.MIDEAST, {"a1": "K", "j1": "k", "d9": "P", "c10": "r", "e10": "N"}),
        {f"d9{t}{p}" for t in ("d10", "c10") for p in "qrnbvzcs"},
        {"d9d10", "d9c10", "d9e10q"},
    ),
    (
        "mideast",
        "black pawn g2 promotes on rank 1",
        _fen(im.MIDEAST, {**MIDEAST_KINGS, "g2": "p"}, side="b"),
        {f"g2g1{p}" for p in "qrnbvzcs"},
        {"g2g1"},
    ),
    (
        "mideast",
        "en passant after a black double step e8-e6",
        _fen(im.MIDEAST, {**MIDEAST_KINGS, "e6": "p", "d6": "P", "f6": "P"}, ep="e7"),
        {"d6e7", "f6e7", "d6d7", "f6f7"},
        {"d6e6"},
    ),
    (
        "mideast",
        "white double step from the 3rd rank only, blocked by a piece on the 4th",
        _fen(im.MIDEAST, {**MIDEAST_KINGS, "b3": "P", "c3": "P", "c4": "n", "e4": "P"}),
        {"b3b4", "b3b5", "b3c4", "e4e5"},
        {"c3c4", "c3c5", "e4e6"},
    ),
    (
        "mideast",
        "cavalier: diagonal first squares blocked by own pawns",
        _fen(im.MIDEAST, {**MIDEAST_KINGS, "e5": "V", "d4": "P", "f4": "P", "d6": "P", "f6": "P"}),
        {"e5f7", "e5i10", "e5g6", "e5j9", "e5a2", "e5h1", "e5b9"},
        {"e5g5", "e5h6", "e5f8", "e5e7", "e5a10", "e5f6"},
    ),
    (
        "mideast",
        "cavalier: all eight first squares blocked",
        _fen(
            im.MIDEAST,
            {**MIDEAST_KINGS, "e5": "V", **{s: "P" for s in ("d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6")}},
        ),
        set(),
        {"e5g6", "e5f7", "e5c4", "e5d3"},
    ),
    (
        "mideast",
        "cavalier: enemies on first squares block, slides capture and stop",
        _fen(im.MIDEAST, {**MIDEAST_KINGS, "e5": "V", "e6": "p", "f6": "p", "h4": "n", "b3": "r"}),
        {"e5g6", "e5d7", "e5h4", "e5b3", "e5c4"},
        {"e5e6", "e5f6", "e5h6", "e5f7", "e5i4", "e5a2"},
    ),
    (
        "mideast",
        "castle, chevalier and courtier leap over a crowd",
        _fen(
            im.MIDEAST,
            {
                **MIDEAST_KINGS,
                **{s: "P" for s in ("d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6", "g3")},
                "e5": "S",
                "c3": "p",
                "b2": "C",
                "h2": "Z",
            },
        ),
        {"e5c3", "e5e3", "e5c7", "e5g7", "e5g4", "e5c6", "e5d7", "b2c5", "b2e3", "b2a5", "b2e1", "h2j5"},
        {"e5g3", "e5e4", "b2b5", "h2f5", "h2e4"},
    ),
    (
        "shatranj-kamil-x",
        "pawn and ferz promote to war elephant only",
        _fen(im.SHATRANJ_KAMIL_X, {**KAMIL_KINGS, "d9": "P", "c10": "r", "e10": "R", "g9": "F", "h10": "n"}),
        {"d9d10w", "d9c10w", "g9f10w", "g9h10w", "g9f8", "g9h8"},
        {"d9d10", "d9c10", "g9f10", "g9h10", "d9e10w"},
    ),
    (
        "shatranj-kamil-x",
        "black pawn and ferz promote on rank 1; no double step",
        _fen(im.SHATRANJ_KAMIL_X, {"a10": "K", "j10": "k", "c3": "P", "e2": "f", "b2": "p"}, side="b"),
        {"e2d1w", "e2f1w", "e2d3", "e2f3", "b2b1w"},
        {"e2d1", "b2b1"},
    ),
    (
        "shatranj-kamil-x",
        "elephant: one straight path blocked, bent paths open",
        _fen(im.SHATRANJ_KAMIL_X, {**KAMIL_KINGS, "e5": "E", "f6": "P", "g3": "n"}),
        {"e5c3", "e5g3", "e5c7", "e5e3", "e5e7", "e5c5", "e5g5"},
        {"e5g7", "e5e5", "e5f6", "e5d6"},
    ),
    (
        "shatranj-kamil-x",
        "war elephant and cannon screens",
        _fen(
            im.SHATRANJ_KAMIL_X,
            {**KAMIL_KINGS, "e5": "W", "d6": "p", "f6": "P", "b2": "C", "b4": "P", "b7": "n", "b9": "r"},
        ),
        {"e5d6", "e5f4", "e5d4", "e5c3", "e5e3", "e5c5", "e5g3", "e5g5", "b2b7", "b2b3", "b2b1", "b2a2", "b2c2"},
        {"e5f6", "e5g7", "e5c7", "e5e7", "b2b4", "b2b5", "b2b8", "b2b9"},
    ),
]


@pytest.mark.parametrize(("fixture", "name", "fen", "present", "absent"), HAND_BUILT, ids=[h[1] for h in HAND_BUILT])
def test_hand_built_positions(fixture: str, name: str, fen: str, present: set[str], absent: set[str]) -> None:
    theirs = independent_moves(fixture, fen)
    present = {to_fixture_uci(fixture, m) for m in present}
    absent = {to_fixture_uci(fixture, m) for m in absent}
    # The expectations hold for the independent generator (they are the rules in words) ...
    assert present <= set(theirs) and not absent & set(theirs), (name, theirs)
    # ... and the reference must produce exactly the same move set.
    ours = reference_moves(reference_position(fixture, fen))
    assert ours == theirs, f"{name}: {move_difference(ours, theirs)}"


def test_mideast_en_passant_by_push() -> None:
    """The e.p. right created by a double step made on the reference board, not read from a FEN."""
    fen = _fen(im.MIDEAST, {**MIDEAST_KINGS, "e8": "p", "d6": "P"}, side="b")
    pos = reference_position("mideast", fen)
    pos.push(pos.parse_uci("e8e6"))
    moves = reference_moves(pos)
    assert "d6e7" in moves
    assert moves == independent_moves("mideast", im.play("mideast", fen, "e8e6"))
    pos.push(pos.parse_uci("d6e7"))
    after = pos.fen().split()[0]
    assert after == to_fixture_fen("mideast", im.play("mideast", im.play("mideast", fen, "e8e6"), "d6e7")).split()[0]


def _bare(fen: str) -> bool:
    placement = fen.split()[0]
    return not any(c.isupper() and c != "K" for c in placement) or not any(c.islower() and c != "k" for c in placement)


@pytest.mark.slow
@pytest.mark.parametrize("fixture", sorted(GAMES))
def test_move_sets_on_long_playouts(fixture: str) -> None:
    """Every position of ten seeded random games of up to 150 plies. A game stops where a side is left with
    its king alone: Shatranj Kamil X's page drops the bare-king rule (and draws two bare kings), while the
    fixture keeps the Diagram's ``baring=0``; the independent generator models neither."""
    rng = random.Random(SEEDS[fixture] + 1)
    failures = []
    compared = 0
    for _ in range(10):
        pos = variant_of(fixture).start_position()
        fen = GAMES[fixture].start_fen
        moves: list[str] = []
        for _ply in range(150):
            if _bare(fen):
                break
            theirs = im.legal_moves(fixture, fen)
            ours = reference_moves(pos)
            compared += 1
            expected = sorted(to_fixture_uci(fixture, m) for m in theirs)
            if ours != expected:
                failures.append(f"after {' '.join(moves)} ({fen}): {move_difference(ours, expected)}")
                break
            if not theirs:
                break
            move = rng.choice(theirs)
            pos.push(pos.parse_uci(to_fixture_uci(fixture, move)))
            fen = im.play(fixture, fen, move)
            moves.append(move)
    assert compared > 500
    assert not failures, "\n".join(failures)
