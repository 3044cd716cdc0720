"""Fairy-Stockfish (pyffish) as a test oracle.

pyffish is a test-only dependency; import this module only after ``pytest.importorskip("pyffish")``.
Every pyffish call is stateless (FEN plus move list in, answer out, about 1.5 ms each), so these helpers suit
move-set comparisons and perft to depth 2 or 3.

The Mir Chess 32 and 36 definitions are the ones written for this project (``shared/notes/perft.md`` §5.1):
Elephant = FA, General = BW, Cannon = xiangqi cannon, pawns one step only, promoting to General, no castling.
Version A uses FSF's built-in piece types, version B (``…b``) the same pieces as Betza custom pieces; the two
give identical counts. MiniXiangqi and chess are FSF built-ins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pyffish

MIR_CHESS_BETZA_INI = """
# Version B: same games with Betza-defined custom pieces (tests FSF's Betza parser)
[mirchess32b]
maxRank = 8
maxFile = 8
pawn = p
knight = n
rook = r
king = k
customPiece1 = c:mRcpR
customPiece2 = e:FA
customPiece3 = g:BW
startFen = rnegkenc/4pppp/pppp4/8/8/4PPPP/PPPP4/CNEKGENR w - - 0 1
promotionPieceTypes = g
doubleStep = false
castling = false

[mirchess36b:mirchess32b]
startFen = c2gk2c/prneenrp/1pppppp1/8/8/1PPPPPP1/PRNEENRP/C2GK2C w - - 0 1
"""

MIR_CHESS_INI = """
# Mir Chess (David Paulowich), https://www.chessvariants.com/invention/mir-chess
# Elephant = FA (Shako elephant), General = BW, Cannon = mRcpR (xiangqi cannon),
# pawns: single step only, no e.p., promote only to General; no castling.

# Version A: built-in FSF piece types
[mirchess32]
maxRank = 8
maxFile = 8
pawn = p
knight = n
rook = r
king = k
cannon = c
fersAlfil = e
dragonHorse = g
startFen = rnegkenc/4pppp/pppp4/8/8/4PPPP/PPPP4/CNEKGENR w - - 0 1
promotionPieceTypes = g
doubleStep = false
castling = false

[mirchess36:mirchess32]
startFen = c2gk2c/prneenrp/1pppppp1/8/8/1PPPPPP1/PRNEENRP/C2GK2C w - - 0 1
""" + MIR_CHESS_BETZA_INI

MIR_CHESS_VARIANTS = ("mirchess32", "mirchess36", "mirchess32b", "mirchess36b")

_loaded = False


def load_mir_chess() -> None:
    """Load the §5.1 Mir Chess definitions into pyffish (once per process; built-ins stay available)."""
    global _loaded
    if not _loaded:
        pyffish.load_variant_config(MIR_CHESS_INI)
        missing = [v for v in MIR_CHESS_VARIANTS if v not in pyffish.variants()]
        if missing:
            raise RuntimeError(f"pyffish did not load {missing}")
        _loaded = True


def _ensure(variant: str) -> None:
    if variant in MIR_CHESS_VARIANTS:
        load_mir_chess()


def fsf_start_fen(variant: str) -> str:
    """FSF's start position of ``variant``."""
    _ensure(variant)
    return str(pyffish.start_fen(variant))


def fsf_legal_moves(variant: str, fen: str, moves: Sequence[str] = ()) -> list[str]:
    """FSF's legal moves (sorted UCI strings) after playing ``moves`` from ``fen``."""
    _ensure(variant)
    return sorted(pyffish.legal_moves(variant, fen, list(moves)))


def fsf_fen(variant: str, fen: str, moves: Sequence[str] = ()) -> str:
    """FSF's FEN after playing ``moves`` from ``fen``."""
    _ensure(variant)
    return str(pyffish.get_fen(variant, fen, list(moves)))


def fsf_perft(variant: str, fen: str, depth: int, moves: Sequence[str] = ()) -> int:
    """Perft by recursion over FSF's legal-move lists (the root FEN plus the growing move list, so the
    engine keeps the history), which reproduces FSF's ``go perft``."""
    _ensure(variant)
    line = list(moves)
    if depth == 0:
        return 1
    legal = pyffish.legal_moves(variant, fen, line)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, depth - 1, [*line, move]) for move in legal)


def fsf_divide(variant: str, fen: str, depth: int, moves: Sequence[str] = ()) -> dict[str, int]:
    """For each legal move after ``moves``, FSF's perft of ``depth - 1`` below it (``depth >= 1``)."""
    _ensure(variant)
    line = list(moves)
    return {m: fsf_perft(variant, fen, depth - 1, [*line, m]) for m in pyffish.legal_moves(variant, fen, line)}


def fsf_random_playout(variant: str, fen: str, plies: int, rng: random.Random) -> list[tuple[list[str], str]]:
    """Play up to ``plies`` random legal moves from ``fen`` with FSF, each drawn with ``rng`` from the sorted
    legal-move list (deterministic for a seeded ``rng``). Returns, after every move, the moves played so far
    and FSF's FEN; stops early at a position without moves."""
    _ensure(variant)
    line: list[str] = []
    result: list[tuple[list[str], str]] = []
    for _ in range(plies):
        legal = sorted(pyffish.legal_moves(variant, fen, line))
        if not legal:
            break
        line.append(rng.choice(legal))
        result.append((list(line), str(pyffish.get_fen(variant, fen, line))))
    return result


def fsf_random_positions(
    variant: str, rng: random.Random, playouts: int, plies: int, stride: int, fen: str | None = None
) -> list[tuple[list[str], str]]:
    """Positions for move-set comparisons: ``playouts`` random games of up to ``plies`` moves from ``fen``
    (default: the start position), keeping every ``stride``-th position of each (plies stride, 2 * stride,
    ...), so they range from a few plies to ``plies`` deep. Each position is (moves from ``fen``, FEN)."""
    root = fen if fen is not None else fsf_start_fen(variant)
    result: list[tuple[list[str], str]] = []
    for _ in range(playouts):
        result.extend(fsf_random_playout(variant, root, plies, rng)[stride - 1 :: stride])
    return result


def compare_drop_playouts(variant: str, start: Any, seed: str, games: int, plies: int,
                          stop: Callable[[Any], bool] | None = None) -> int:
    """Play ``games`` random games of ``plies`` from ``start`` (a fairyport position; a fresh copy each game)
    and compare its legal-move set with FSF's ``variant`` at every position; return how many were compared.

    The only difference allowed is a pawn drop that mates, which FSF (``shogiPawnDropMateIllegal``) keeps as a
    move that loses at once and fairyport forbids. ``stop(position)`` ends a game before comparing (positions
    where a rule the FSF definition leaves out could bite).
    """
    _ensure(variant)
    rng = random.Random(seed)
    fen = start.fen()
    compared = 0
    for _ in range(games):
        pos = start.copy()
        played: list[str] = []
        for _ in range(plies):
            if stop is not None and stop(pos):
                break
            ours = {m.uci for m in pos.legal_moves()}
            theirs = set(pyffish.legal_moves(variant, fen, played))
            compared += 1
            assert ours <= theirs, pos.fen()
            for move in theirs - ours:
                assert move.startswith("P@") and not pyffish.legal_moves(variant, fen, [*played, move]), move
            if not ours:
                break
            move = rng.choice(pos.legal_moves())
            played.append(move.uci)
            pos.push(move)
    return compared
