"""No checks (``Rules.no_checks``, Fairy-Stockfish's ``checking = false``): a move that gives check is illegal.

ZRF's conditions see the board before the move, so the written code works out the board after it: position
flags mark the squares the move empties (:data:`ORIGIN`: where a moving piece started; :data:`VACATED`: the pawn
taken en passant) and fills (:data:`LANDING`), and a square counts as empty where it is empty or emptied and not
filled. With that reading of ``empty?``, every landing runs, before its ``add``:

- the landing piece's capturing paths from the landing square (compiled as for :mod:`.dropchecks`: never failing,
  setting a flag where they reach an enemy royal piece), once per type it may land as (a promotion's choices each
  guard their own ``(add T)``);
- the lines through the origin (and, en passant, through the taken pawn's square): along each direction of each
  unlimited slider of the game, the first piece one way is an enemy royal piece and the first piece the other way
  the player's slider of that type (a discovered check);
- castling tests the rook's paths from its square and the lines through both origins the same way.

Written only where these are all the ways a move can give check: every capturing move a single leg (no screens,
no lame or limited riders whose line a move could open), castling with one rook-like partner type and the
Diagram's plain rule, no pieces in hand, no atomic captures, no kept code. Anything else is refused with the reason.
"""

from __future__ import annotations

from fairyport.errors import UnsupportedError
from fairyport.model import PieceType
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import atom_geometry, direction_vector, first_leg_directions
from fairyport.zrf.names import negate
from fairyport.zrf.write.dropchecks import AHEAD_FLAG, DropCheckTests
from fairyport.zrf.write.sexpr import Expr

ORIGIN = "origin"
"""Position flag: a square the move empties (a moving piece's start)."""
VACATED = "vacated"
"""Position flag: the square of a pawn taken en passant."""
LANDING = "landing"
"""Position flag: a square the move fills."""
DISCOVERED = "discovered-check"
"""Flag: a line through the origin gives check."""
EP_DISCOVERED = "ep-check"
"""Flag: a line through the square of a pawn taken en passant gives check."""
CHECK_AS = "check-as-"
"""Prefix of the flag set where the landing piece, as a type, gives check (``check-as-Queen``)."""
FEATURE = "no checks"
"""The feature named by this module's refusals."""
EMPTY_AFTER: Expr = ["and", ["or", "empty?", ["position-flag?", ORIGIN], ["position-flag?", VACATED]],
                     ["not", ["position-flag?", LANDING]]]
"""A square empty once the move is made."""


class NoCheckTests(DropCheckTests):
    """The code that finds whether a move gives check (see the module docstring)."""

    def refuse(self, piece: PieceType, why: str) -> UnsupportedError:
        """The refusal of the rule for a move of ``piece`` whose test cannot be written."""
        return UnsupportedError(f"no checks are written in ZRF by testing the lines from the landing and origin "
                                f"squares; not here: piece {piece.name!r}: {why}", feature=FEATURE)

    def sliders(self) -> list[tuple[PieceType, list[tuple[str, str]]]]:
        """Each piece type with unlimited slides, and the directions (as White sees them) it attacks along.

        :raises UnsupportedError: for a capturing move that is not one leg, or a limited rider.
        """
        out: list[tuple[PieceType, list[tuple[str, str]]]] = []
        for piece in self.game.pieces:
            lines: list[tuple[str, str]] = []
            for move, zone in self.moves(piece):
                leg = move.legs[-1]
                if move.is_multi_leg or set(leg.modes) & set("npgj") or zone is not None:
                    raise self.refuse(piece, f"XBetza {betza.write([move])!r}: a capture whose line a move could "
                                      "open other than a plain slide or leap")
                rider = move.atom in betza.RIDER_ATOMS or move.range not in (None, 1)
                if not rider:
                    continue
                if move.range not in (None, 0):
                    raise self.refuse(piece, f"XBetza {betza.write([move])!r}: a limited slide")
                base = betza.RIDER_ATOMS.get(move.atom, move.atom)
                for direction in sorted(first_leg_directions(move.first.directions, atom_geometry(base)[0])):
                    vector = direction_vector(move.atom, direction)
                    lines.append((self.use(vector), self.use(negate(vector))))
            if lines:
                out.append((piece, lines))
        return out

    def discovered(self, start: list[Expr], flag: str) -> list[Expr]:
        """Actions that set ``flag`` where a line through the square ``start`` leads to (from the ``mark``) now
        runs from an enemy royal piece to the player's slider; each ends with ``back``."""
        out: list[Expr] = []
        for slider, lines in self.sliders():
            name = self.names[slider.id.upper()]
            for ahead, behind in lines:
                target: Expr = ["and", "enemy?", self.royal]
                out += [["set-flag", AHEAD_FLAG, "false"], *start,
                        *self.walk(ahead, [["if", target, ["set-flag", AHEAD_FLAG, "true"]]]), "back",
                        ["if", ["flag?", AHEAD_FLAG], *start,
                         *self.walk(behind, [["if", ["and", "friend?", ["piece?", name]], ["set-flag", flag, "true"]]]),
                         "back"]]
        return out

    def landing(self, piece: PieceType, types: list[PieceType]) -> list[Expr]:
        """The actions a landing of ``piece`` runs first: flag the squares, look along the lines through the
        origin, and from the landing square as each of ``types`` (the piece, its promotion choices)."""
        out: list[Expr] = [["set-position-flag", LANDING, "true"], "mark", ["go", "from"],
                           ["set-position-flag", ORIGIN, "true"], "back", ["set-flag", DISCOVERED, "false"],
                           *self.discovered([["go", "from"]], DISCOVERED)]
        for kind in types:
            flag = CHECK_AS + self.names[kind.id.upper()]
            out += [["set-flag", flag, "false"], *self.attacks(kind, flag)]
        return out

    def allowed(self, kind: PieceType) -> Expr:
        """The condition under which a landing as ``kind`` is made: it gives no check, or it takes an enemy royal
        piece (never played, but an attack: ``checkmated`` and ``attacked?`` run these moves, and must see every
        capture of a royal piece, as Fairy-Stockfish's attacks do)."""
        flags: list[Expr] = [["flag?", DISCOVERED], ["flag?", EP_DISCOVERED],
                             ["flag?", CHECK_AS + self.names[kind.id.upper()]]]
        return ["or", ["and", "enemy?", self.royal], ["not", ["or", *flags]]]

    def guard(self, body: list[Expr], piece: PieceType, names: dict[str, PieceType]) -> list[Expr]:
        """``body`` (a landing macro's) with each ``add`` made only where it gives no check: ``add`` as
        ``piece``, ``(add T ...)`` as each T."""
        out: list[Expr] = []
        for item in body:
            if item == "add":
                out.append(["if", self.allowed(piece), "add"])
            elif isinstance(item, list) and item[:1] == ["add"]:
                for choice in item[1:]:
                    assert isinstance(choice, str)
                    out.append(["if", self.allowed(names[choice]), ["add", choice]])
            elif isinstance(item, list) and item[:1] == ["if"]:
                out.append(["if", item[1], *self.guard(item[2:], piece, names)])
            else:
                out.append(item)
        return out

    def en_passant_macro(self) -> list[Expr]:
        """``(define en-passant-checked ...)``: the library's en passant, flagging the squares, and looking along
        the lines through the taken pawn's square (reached again by ``$2 $3`` from the landing square)."""
        body: list[Expr] = ["$1", ["verify", "empty?"], ["set-position-flag", LANDING, "true"], "mark",
                            ["go", "from"], ["set-position-flag", ORIGIN, "true"], "back",
                            "$2", ["verify", "last-from?"], "$3", ["verify", "last-to?"], ["verify", "enemy?"],
                            ["verify", ["piece?", "$4"]], ["set-position-flag", VACATED, "true"], "back",
                            ["set-flag", EP_DISCOVERED, "false"], *self.discovered(["$2", "$3"], EP_DISCOVERED),
                            "$2", "$3", "capture", "back", ["$5"]]
        return ["define", EN_PASSANT, *body]


EN_PASSANT = "en-passant-checked"
"""The en-passant macro of a game without checks."""
