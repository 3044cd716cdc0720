"""The written preset's attack test, looking outward from the attacked square (rays and leaps reversed).

``sub attacked square side`` asks whether a piece of ``side`` could move to ``square``. Instead of running every
enemy piece's function, it lists the only squares such a piece can stand on, from the movement terms of every
piece function (:mod:`.terms`), and runs the function of the piece found there:

- a leap (``checkleap`` / ``checkaleap``, a lame leap, a two-step, a castling move) of delta ``(dx, dy)``: the
  square ``where #square -dx -dy``;
- a ride (``checkride`` / ``checkaride``) along ``(dx, dy)``: the first occupied square outward from the square
  along ``(-dx, -dy)`` (``sub ray``), since every square a ride passes is empty;
- a cannon hop (``checkhop`` / ``checkahop``): the second occupied square outward (exactly one piece between);
- a grasshopper hop (``checkgrasshop``) along ``(dx, dy)``: the first occupied square outward from the square's
  neighbour ``where #square -dx -dy`` (the screen, which the piece function asks to be occupied).

Every square a piece function can be true from is on that list, and the piece function decides, so the answer
is the one running every enemy piece's function gives. Pieces with a term of another form (a step then a slide,
``yafsF``) keep the plain search: every piece of ``side`` with one of those labels is asked.
"""

from __future__ import annotations

import dataclasses

from fairyport.gamecourier.interpreter.board import images
from fairyport.gamecourier.interpreter.dispatch import guard
from fairyport.gamecourier.interpreter.expressions import parse_expression
from fairyport.gamecourier.interpreter.lexer import tokenize
from fairyport.gamecourier.interpreter.nodes import Atom

Vector = tuple[int, int]
PIECES_OF_SIDE = "cond == #side white onlyupper onlylower"
"""The pieces of the side named by ``#side`` (``white`` / ``black``), square -> label."""


@dataclasses.dataclass
class Reach:
    """Where a piece can come from to reach a square: the deltas of its moves, by kind."""

    leaps: set[Vector] = dataclasses.field(default_factory=set)
    rides: set[Vector] = dataclasses.field(default_factory=set)
    hops: set[Vector] = dataclasses.field(default_factory=set)
    grasshops: set[Vector] = dataclasses.field(default_factory=set)
    searched: set[str] = dataclasses.field(default_factory=set)
    """Labels with a term of another form: searched for among the pieces of the side."""

    def add_terms(self, piece_label: str, terms: list[str]) -> None:
        """Add the reach of one piece function's terms."""
        for term in terms:
            if not self._add(term):
                self.searched.add(piece_label)

    def _add(self, term: str) -> bool:
        tokens = tokenize(term).tokens
        parsed = parse_expression(tokens, term)
        if parsed.errors or parsed.expr is None:
            return False
        found = guard(parsed.expr)
        if found is None or found[1] != (0, 0):
            return False
        call, _ = found
        operands = call.args if call.implicit_endpoints else call.args[2:]
        if not call.implicit_endpoints and [a.text if isinstance(a, Atom) else None for a in call.args[:2]] != [
                "#0", "#1"]:
            return False
        numbers = [int(a.text) if isinstance(a, Atom) and a.kind == "number" and a.text.lstrip("-").isdecimal()
                   else None for a in operands]
        if any(n is None for n in numbers):
            return False
        ints = [n for n in numbers if n is not None]
        op = call.op
        if op == "checkatwostep" and len(ints) == 4:
            self.leaps.add((ints[0] + ints[2], ints[1] + ints[3]))
            return True
        if len(ints) != 2:
            return False
        deltas = [(ints[0], ints[1])] if op.startswith("checka") else list(images(ints[0], ints[1]))
        kinds = {"leap": self.leaps, "ride": self.rides, "hop": self.hops, "grass": self.grasshops}
        kind = {"checkleap": "leap", "checkaleap": "leap", "checkride": "ride", "checkaride": "ride",
                "checkhop": "hop", "checkahop": "hop", "checkgrasshop": "grass"}.get(op)
        if kind is None:
            return False
        kinds[kind].update(deltas)
        return True


def attack_lines(reach: Reach, in_play: bool, *, by_leaps: bool = False) -> list[str]:
    """``sub ray`` and ``sub attacked`` (``in_play``: only pieces on the board proper attack, not those in
    storage); with ``by_leaps`` also ``sub leapattacked``, the same test of the leaps' squares alone; where pieces
    are searched by label (:attr:`Reach.searched`), ``sub searchattacked``, the test of those pieces alone (the
    last part of ``sub attacked``), and ``sub searched`` (:func:`searched_lines`)."""
    leaps = [f"where #square {-dx} {-dy}" for dx, dy in sorted(reach.leaps)]
    sources = list(leaps)
    sources += [f"(sub ray #square {-dx} {-dy})" for dx, dy in sorted(reach.rides)]
    sources += [f"(sub ray (sub ray #square {-dx} {-dy}) {-dx} {-dy})" for dx, dy in sorted(reach.hops)]
    sources += [f"(sub ray (where #square {-dx} {-dy}) {-dx} {-dy})" for dx, dy in sorted(reach.grasshops)]
    playing = " and fn inplay #at_from" if in_play else ""  # last: the cheaper tests rule out most squares
    lines = [
        "sub ray from dx dy:",
        "  set ry_at where #from #dx #dy;",
        "  do while #ry_at and empty #ry_at:",
        "    set ry_at where #ry_at #dx #dy;",
        "  loop;",
        "  return #ry_at;",
        "endsub;",
        "sub attacked square side:",
    ]
    if sources:
        lines += _source_loop(sources, playing)
    if reach.searched:
        labels = " ".join(sorted(reach.searched))
        lines += [
            "  return sub searchattacked #square #side;",
            "endsub;",
            "sub searchattacked square side:",
            f"  set sa_near cond == #side #sr_side #sr_at (keys {PIECES_OF_SIDE});",
            "  for sa_from #sa_near:",
            f"    if {'fn inplay #sa_from and ' if in_play else ''}match space #sa_from {labels}:",
            "      if fn space #sa_from #sa_from #square:",
            "        return true;",
            "      endif;",
            "    endif;",
            "  next;",
        ]
    lines += ["  return false;", "endsub;"]
    if reach.searched:
        lines += searched_lines(reach)
    if by_leaps:
        lines += ["sub leapattacked square side:", *(_source_loop(leaps, playing) if leaps else []),
                  "  return false;", "endsub;"]
    return lines


def royal_test_lines(square: str, piece: str, pieces: str, test: str, guard: str = "") -> list[str]:
    """GAME Code lines of a sub: ``return true`` when ``test`` holds for some royal piece of ``pieces`` (a
    square -> label array), its square and label in the loop variables ``square`` and ``piece`` (``guard``: a
    further ``and`` condition on the piece before the test). The caller ends the sub (``return false``)."""
    return [f"  for ({square} {piece}) {pieces}:",
            f"    if fn royal #{piece}{guard}:",
            f"      if {test}:",
            "        return true;",
            "      endif;",
            "    endif;",
            "  next;"]


SEARCHED_ONCE = "gosub searched"
"""Pre-Move's call (``gosub searched ENEMY;``) that lists, once per position, the enemy pieces ``sub attacked`` must
search by label (:attr:`Reach.searched`): ``#sr_at``, their squares, for the side ``#sr_side``. The side to move
cannot move, add or change a piece of the other side, only capture one (its square then holds no piece of that
side, which the test of the square's label rules out), so the list holds for every candidate move's check test;
``sub attacked`` asks for another side (Post-Game's ``trymove``, a rule that the mover gives no check) search the
side's pieces as before."""


def searched_lines(reach: Reach) -> list[str]:
    """``sub searched side``: the squares of the pieces of ``side`` with labels of :attr:`Reach.searched`, kept in
    ``#sr_at`` (see :data:`SEARCHED_ONCE`)."""
    return [
        "sub searched side:",
        "  set sr_at array;",
        f"  for (sr_square sr_piece) {PIECES_OF_SIDE}:",
        f"    if match #sr_piece {' '.join(sorted(reach.searched))}:",
        "      push sr_at #sr_square;",
        "    endif;",
        "  next;",
        "  set sr_side #side;",
        "endsub;",
    ]


def _source_loop(sources: list[str], playing: str) -> list[str]:
    return [
        f"  for at_from array {' '.join(sources)}:",
        f"    if fn #side space #at_from{playing}:",  # an empty square or none (false) is no side's piece
        "      if fn space #at_from #at_from #square:",
        "        return true;",
        "      endif;",
        "    endif;",
        "  next;",
    ]
