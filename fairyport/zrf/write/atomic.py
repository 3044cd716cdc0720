"""Atomic captures (:class:`~fairyport.model.Blast`) in a written ZRF file, for games without royal pieces.

A capture blasts: the captured piece, the capturing piece and every piece on the eight squares around the capture
square except the spared types (Fairy-Stockfish's pawns) leave the board. In ZRF the capturing piece must not
land; every landing macro therefore begins with ``(if enemy? (blast) else ...)``, and en passant lands through
``(blast)`` directly. The macro :data:`BLAST_MACRO` captures on the capture square and on each neighbour that holds
a piece not spared (``mark``, a step, ``capture``, ``back``), then moves the capturing piece along the link
:data:`DUMP_LINK` to the capture square's dump, a dummy position (outside the board and the FEN, with no other
links, so nothing there ever moves), where ``change-type`` turns it into :data:`ASH`, a piece type with no moves.
A move onto a dump captures what stood there. One dump per square, not one for the board: moves are told apart by
what they change, and two captures by one piece whose blasts remove the same pieces (the capture square next to
the other) must stay two moves, as in Fairy-Stockfish. Goals that count pieces count by type and leave :data:`ASH`
out.

Royal pieces are refused: Fairy-Stockfish's pseudo-royal rule lets a move that blasts the enemy king stand
whatever it leaves attacked, where ZRF's ``checkmated`` refuses every move that leaves the royal piece attacked,
and a royal piece next to a capture square counts as attacked there (an opponent's move would remove it) where
Fairy-Stockfish counts only a capture on its own square.
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.errors import UnsupportedError
from fairyport.model import Game
from fairyport.xbetza.geometry import K_VECTORS
from fairyport.zrf.names import Vector
from fairyport.zrf.write.sexpr import Expr, Text

DUMP = "dump-"
"""Prefix of the dummy positions blasted capturing pieces are moved to, one per square (``dump-e4``)."""
DUMP_LINK = "to-dump"
"""The direction from each square to its dump."""
ASH = "Blasted"
"""The piece type a blasted capturing piece becomes on :data:`DUMP` (no moves; not counted by goals)."""
BLAST_MACRO = "blast"
"""The macro a capture lands through."""
FEATURE = "atomic captures"
"""The feature named by this module's refusals."""


def check(game: Game) -> None:
    """Refuse what the blast macro does not write exactly (see the module docstring).

    :raises UnsupportedError: for royal pieces.
    """
    royal = sorted(p.name for p in game.pieces if p.royal)
    if royal:
        raise UnsupportedError(
            f"atomic captures with royal pieces ({', '.join(royal)}) are not written in ZRF: a move that blasts the "
            "enemy royal piece is legal whatever it leaves attacked, which ZRF's checkmated goal does not allow, "
            "and a royal piece next to a capture square would count as attacked", feature=FEATURE)


def blast_macro(game: Game, names: dict[str, str], use: Callable[[Vector], str]) -> list[Expr]:
    """``(define blast ...)``: at the capture square, capture there and around it (spared types excepted), and
    move the capturing piece to the square's dump as :data:`ASH`."""
    blast = game.rules.blast
    assert blast is not None
    spared: list[Expr] = [["piece?", names[pid.upper()]] for pid in blast.spared]
    blasted: Expr = ["and", "not-empty?", ["not", spared[0] if len(spared) == 1 else ["or", *spared]]] \
        if spared else "not-empty?"
    body: list[Expr] = ["capture", "mark"]
    for vector in K_VECTORS:
        d = use(vector)
        body.append(["if", ["on-board?", d], d, ["if", blasted, "capture"], "back"])
    return ["define", BLAST_MACRO, *body, DUMP_LINK, ["change-type", ASH], "add"]


def dump_forms(squares: list[str]) -> list[Expr]:
    """``(dummy dump-a1 ...)`` and ``(links to-dump (a1 dump-a1) ...)``."""
    links: list[Expr] = [[square, DUMP + square] for square in squares]
    return [["dummy", *(DUMP + square for square in squares)], ["links", DUMP_LINK, *links]]


def ash_form(players: tuple[str, str]) -> list[Expr]:
    """``(piece (name Blasted) ...)``: the type of blasted capturing pieces, never drawn, no moves."""
    return ["piece", ["name", ASH], ["help", Text("Blasted: a capturing piece after its blast (kept off the board)")],
            ["notation", Text("*")], ["image", players[0], Text("images\\fairyport\\blank.bmp"), players[1],
                                       Text("images\\fairyport\\blank.bmp")], ["dummy"]]
