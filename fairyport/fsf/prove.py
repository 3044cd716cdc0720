"""Prove a Fairy-Stockfish piece string against the reference generator, with pyffish (when installed).

Fairy-Stockfish silently misreads some strings inside its own documented Betza subset (shared notes,
perft.md section 6), so no list of letters is trusted: each piece is placed, alone with immobile blockers,
on probe squares of the game's board, for both colours, on an empty board and among blockers of both
colours, and its moves from pyffish must equal the generator's.
"""

from __future__ import annotations

import itertools
import random

from fairyport.model import BLACK, WHITE, Board, Game, Metadata, Piece, PieceType, Setup, square_name
from fairyport.movegen import compile_game

PROBE_SEED = 20260722
"""Seed of the blocker placements (probes are deterministic)."""
PROBE_SQUARES = 6
"""Probe squares per colour and occupancy."""
_counter = itertools.count()


def pyffish_available() -> bool:
    """True if pyffish can be imported."""
    try:
        import pyffish  # noqa: F401
    except ImportError:
        return False
    return True


def prove_piece(piece: PieceType, fsf_line: str, files: int, ranks: int) -> str | None:
    """Compare the piece's moves as pyffish reads ``fsf_line`` (``customPiece1 = a:...`` or ``king = a:...``
    with the letter ``a``) with the generator's; None if equal, else a description of the first difference.

    :raises ImportError: if pyffish is not installed.
    """
    import pyffish

    name = f"fairyportprobe{next(_counter)}"
    pyffish.load_variant_config(
        f"[{name}]\nmaxFile = {files}\nmaxRank = {ranks}\n{fsf_line}\nimmobile = y\ncastling = false\n"
        f"doubleStep = false\nstartFen = {files}/" + "/".join([str(files)] * (ranks - 1)) + " w - - 0 1\n")
    mover = PieceType("probe", "A", piece.betza)
    blocker = PieceType("blocker", "Y", "")
    rng = random.Random(PROBE_SEED)
    squares = [(f, r) for f in range(files) for r in range(ranks)]
    for color, crowded in itertools.product((WHITE, BLACK), (False, True)):
        for f, r in rng.sample(squares, PROBE_SQUARES):
            placement = {square_name(f, r): Piece("A", color)}
            if crowded:
                for bf, br in rng.sample(squares, len(squares) // 3):
                    if (bf, br) != (f, r):
                        placement[square_name(bf, br)] = Piece("Y", rng.choice((WHITE, BLACK)))
            game = Game(Metadata(), Board(files, ranks), [mover, blocker], Setup(placement, color))
            pos = compile_game(game).start_position()
            fen = pos.fen()
            ours = {m.uci for m in pos.legal_moves()}
            theirs = set(pyffish.legal_moves(name, fen, []))
            if ours != theirs:
                extra = sorted(theirs - ours)[:4]
                missing = sorted(ours - theirs)[:4]
                return (f"in {fen} Fairy-Stockfish gives {', '.join(extra) or 'nothing more'} and lacks "
                        f"{', '.join(missing) or 'nothing'}")
    return None

