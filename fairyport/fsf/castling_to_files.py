"""Fairy-Stockfish's castling read as the model's castling to fixed files (:attr:`fairyport.model.Castling.
king_files`): where the king does not move as far each way (janus), does not start on ``castlingKingFile``,
the start position names partners by file (Shredder-FEN ``AHah``) or the variant is played as Chess960.

Fairy-Stockfish's right ``K`` (``Q``) is the outermost piece of a ``castlingRookPieces`` type of the king's
colour on its castling rank that way, ``A``..``Z`` the one on that file; the king lands on
``castlingKingsideFile`` (``castlingQueensideFile``), the partner next to it inwards. The model's partner is
the outermost unmoved piece of a partner type that way: the two agree when each wing that has a right has one
such piece, and every wing with such a piece has its right.
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.errors import UnsupportedError
from fairyport.fsf.exactness import MAX_FILES
from fairyport.fsf.state import State
from fairyport.model import BLACK, COLOR_NAMES, WHITE, Castling, Color, Piece, Setup, square_name

Refuse = Callable[[str, str], UnsupportedError]
"""The builder's refusal: (slot, reason) -> the located error to raise."""


def castle_to_files(state: State, letters: dict[str, str], setup: Setup, size: tuple[int, int], rights: str,
                    refuse: Refuse) -> tuple[Castling, set[Color]]:
    """The castling rule of the section's castling king, and the sides the start position lets castle.

    :raises UnsupportedError: (by ``refuse``) where Fairy-Stockfish would castle with other pieces.
    """
    files, ranks = size
    if state.get("castlingRookQueensideFile") != 0 or min(state.get("castlingRookKingsideFile"), files - 1) != \
            files - 1 or state.get("castlingRookKingsideFile") not in (files - 1, MAX_FILES - 1):
        raise refuse("castlingRookKingsideFile", "castling partners looked for from inner files, with the king "
                     "castling to fixed files")
    partners = {letters[t] for t in state.get("castlingRookPieces.white") if t in letters}
    king = letters[state.get("castlingKingPiece.white")]
    first = state.get("castlingRank")
    castles: set[Color] = set()
    for color, rank in ((WHITE, first), (BLACK, ranks - 1 - first)):
        granted = [c for c in rights if c.isupper() == (color == WHITE)]
        if not granted:
            continue
        kings = [sq for sq, p in setup.placement.items() if p == Piece(king, color) and sq[1:] == str(rank + 1)]
        if len(kings) != 1:
            raise refuse("startFen", f"{COLOR_NAMES[color]} has castling rights and {len(kings)} castling kings on "
                         f"rank {rank + 1}")
        wings = _wings(setup, color, (ord(kings[0][0]) - 97, rank), files, partners, refuse)
        named = {_wing(c, wings, refuse) for c in granted}
        if named != set(wings):
            raise refuse("startFen", f"castling rights {rights!r}: the pieces allow "
                         f"{''.join('KQ'[w < 0] for w in sorted(wings, reverse=True)) or 'none'} for "
                         f"{COLOR_NAMES[color]}")
        castles.add(color)
    return Castling(partners=tuple(sorted(partners)), king_files=(state.get("castlingQueensideFile"),
                                                                  state.get("castlingKingsideFile"))), castles


def _wings(setup: Setup, color: Color, king: tuple[int, int], files: int, partners: set[str],
           refuse: Refuse) -> dict[int, int]:
    """Per wing (+1 kingside, -1 queenside) with a partner: the file of the outermost one (a piece of
    ``color`` and of a partner type on the king's rank)."""
    king_file, rank = king
    out: dict[int, int] = {}
    for dx, span in ((1, range(files - 1, king_file, -1)), (-1, range(king_file))):
        found = [f for f in span if (p := setup.placement.get(square_name(f, rank))) is not None
                 and p.color == color and p.id in partners]
        if len(found) > 1:
            raise refuse("startFen", f"{COLOR_NAMES[color]} has {len(found)} castling partners on one wing (on "
                         f"{', '.join(square_name(f, rank) for f in found)}): once the outermost has moved the model "
                         "would castle with the next, Fairy-Stockfish would not")
        if found:
            out[dx] = found[0]
    return out


def _wing(right: str, wings: dict[int, int], refuse: Refuse) -> int:
    """The wing a castling right names: ``K``/``Q``, or a partner's file letter."""
    letter = right.upper()
    if letter in "KQ":
        return 1 if letter == "K" else -1
    for dx, file in wings.items():
        if ord(letter) - 65 == file:
            return dx
    raise refuse("startFen", f"the castling right {right!r} names no castling partner")


__all__ = ["castle_to_files"]
