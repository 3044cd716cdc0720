"""The written preset's shortcut past the check test: a move that cannot uncover an attack on the royal piece.

When the side to move has one royal piece and it is not attacked before the move (Pre-Move finds that out once:
``sub guardsquare``), a move of another piece can leave it attacked only by changing a square some attack on the
royal square depends on. Which squares those are follows from the piece functions' terms (:mod:`.terms`):

- a ride, or a step then a ride (``yafsF``), passes empty squares on a line through the royal square: vacating a
  square off those lines uncovers nothing, and filling one only blocks;
- a cannon hop needs its screen on such a line, so there filling a square can uncover an attack too; so does a
  grasshopper hop (its screen the square next to the royal one on the line);
- a leap, a lame leap, a two-step or a castling move reads squares at fixed offsets from its ends (the passed
  square, ``fn vacant where #0 0 1``): those offsets from the royal square, within :func:`Relevance.box`;
- a term that needs its destination empty (``fn vacant #1``, a pawn's push) attacks nothing: the attacked square
  holds the royal piece.

Post-Move sets ``quiet`` when neither the origin nor the destination is such a square, looking at the board after
the move (a line is only followed up to its first piece: what stands behind it stays blocked), and the move is no
e.p. capture (which empties a third square); ``illegal`` then skips ``checked``. Where a term has another form, no
shortcut is written and every move is checked as before.
"""

from __future__ import annotations

import dataclasses
import math

from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.interpreter.dispatch import guard, guard_deltas
from fairyport.gamecourier.interpreter.expressions import parse_expression
from fairyport.gamecourier.interpreter.lexer import tokenize
from fairyport.gamecourier.interpreter.nodes import Atom, Call, Expr, Group, Logic
from fairyport.gamecourier.write.ordered import if_all, never, return_all

Vector = tuple[int, int]
_PURE = frozenset({"==", "!=", "<", ">", "<=", ">=", "not", "!", "rank", "file", "onboard", "flag", "abs", "+", "-"})
"""Operators that read no square's contents (``flag`` reads a flag: flags change only after the check)."""
_READS = frozenset({"empty", "space"})
"""Operators that read the contents of the square they are given."""
_SQUARE_FUNCTIONS = frozenset({"vacant", "occupied"})
"""The writer's functions of one square (its contents and ``#wasempty``)."""
_LINE_OPS = {"checkride": "ride", "checkaride": "ride", "checkhop": "hop", "checkahop": "hop", "checkgrasshop": "hop"}
"""Primitives along a line, by what an attack along it depends on: a ride on the empty squares between; a cannon
hop, and a grasshopper (its screen next to the attacked square, its first piece beyond: a cannon line's first and
second pieces), also on the screen, so that filling a square on the line may uncover an attack."""


@dataclasses.dataclass
class Relevance:
    """The squares, relative to the royal square, an attack on it may depend on."""

    lines: set[Vector] = dataclasses.field(default_factory=set)
    """Directions of rides (and the ride part of a step then a ride), reduced (``(2, 2)`` is ``(1, 1)``)."""
    hop_lines: set[Vector] = dataclasses.field(default_factory=set)
    """Directions of cannon hops, reduced."""
    offsets: set[Vector] = dataclasses.field(default_factory=set)
    """Single squares read by leaps and by the conditions of terms (the royal square itself left out)."""
    fill_offsets: set[Vector] = dataclasses.field(default_factory=set)
    """Those of :attr:`offsets` whose filling may make a term true: read otherwise than by a test that the square
    is empty (a two-step's passed square, ``empty SQ`` or ``fn vacant SQ`` as an operand of a term's ``and``
    chain), which a piece landing there can only make false."""
    unit_rides: bool = True
    """Whether every ride moves one square a step (``(0, 1)``, ``(1, 1)`` and their images)."""
    ride_reads: bool = False
    """Whether a ride's or hop's condition reads one of :attr:`offsets` (else only leaps' do)."""
    bends: set[tuple[Vector, Vector]] = dataclasses.field(default_factory=set)
    """Where the ride of a step then a ride starts, relative to the piece (``where #0 1 1``), with the direction of
    the ride, reduced (as :attr:`lines`)."""

    def lines_only(self) -> bool:
        """Whether emptying a square farther than :meth:`box` from the royal square can uncover an attack only
        along the orthogonal or diagonal line from the royal square through it (every ride and hop a unit one, and
        no pieces that step before they ride where there are hops): then the new attacker is the first piece beyond
        that square on that line, or a piece that steps onto that square or an empty one beyond it and rides from
        there, or with hops the first or second piece outward from the royal square on that line (``sub
        uncovered``; the destination must not be a new screen, ``fn screens``)."""
        return self.unit_rides and self.lines | self.hop_lines <= {(0, 1), (1, 1)} and not (
            self.bends and self.hop_lines)

    def box(self, offsets: set[Vector] | None = None) -> int:
        """How far (in files or ranks) the farthest single square read (of ``offsets``, by default all of
        :attr:`offsets`) lies from the royal square."""
        return max((max(abs(x), abs(y)) for x, y in (self.offsets if offsets is None else offsets)), default=0)


def relevance(terms: list[str], geometry: Geometry) -> Relevance | None:
    """What the attacks by pieces with these terms depend on, or None when a term has a form not known here."""
    found = Relevance()
    for term in dict.fromkeys(terms):
        parsed = parse_expression(tokenize(term).tokens, term)
        if parsed.errors or parsed.expr is None or not _add_term(parsed.expr, found, geometry):
            return None
    found.offsets.discard((0, 0))
    found.fill_offsets.discard((0, 0))
    return found


def _conjuncts(e: Expr) -> list[Expr]:
    while isinstance(e, Group):
        e = e.inner
    if isinstance(e, Logic) and e.op == "and":
        return [*_conjuncts(e.left), *_conjuncts(e.right)]
    return [e]


def _reduced(dx: int, dy: int) -> Vector:
    g = math.gcd(dx, dy) or 1
    x, y = abs(dx) // g, abs(dy) // g
    return (min(x, y), max(x, y))


def _add_term(term: Expr, found: Relevance, geometry: Geometry) -> bool:
    """Add one term's squares; False when its form is not known."""
    conjuncts = _conjuncts(term)
    if any(_needs_empty_target(c) for c in conjuncts):
        return True  # never true where the royal piece stands: it attacks nothing there
    origins: set[Vector] | None  # where #0 may stand, relative to #1 (None: anywhere along a line)
    guarded = guard(term)
    skip: set[int] = set()
    if guarded is not None and guarded[0].op.startswith("check"):
        call, start = guarded
        deltas = guard_deltas(term, geometry)
        if deltas is None:  # not a primitive from #0 (or a square next to it) to #1
            return False
        skip = {id(c) for c in conjuncts if _inner(c) is call}
        if call.op in _LINE_OPS:
            operands = call.args if call.implicit_endpoints else call.args[2:]
            numbers = [_number(a) for a in operands]
            if len(numbers) != 2 or None in numbers:
                return False
            dx, dy = numbers[0], numbers[1]
            assert dx is not None and dy is not None
            (found.hop_lines if _LINE_OPS[call.op] == "hop" else found.lines).add(_reduced(dx, dy))
            if max(abs(dx), abs(dy)) != 1:
                found.unit_rides = False
            if start != (0, 0):
                found.bends.add((start, _reduced(dx, dy)))
            if start != (0, 0):  # a step onto an empty square, then a ride: that square is on the ride's line
                if _LINE_OPS[call.op] != "ride":
                    return False
                skip |= {id(c) for c in conjuncts if _is_start_test(c, start)}
            origins = None
        else:
            if start != (0, 0):  # a leap from a square next to #0: not a form written
                return False
            origins = {(-dx, -dy) for dx, dy in deltas}
            if call.op == "checkatwostep":  # the square passed: (x1, y1) from #0
                numbers = [_number(a) for a in (call.args if call.implicit_endpoints else call.args[2:])]
                if len(numbers) != 4 or None in numbers:
                    return False
                x1, y1 = numbers[0], numbers[1]
                assert x1 is not None and y1 is not None
                found.offsets.update((ox + x1, oy + y1) for ox, oy in origins)
    else:
        pinned = [_pinned(c) for c in conjuncts]
        at = [p for p in pinned if p is not None]
        if len(at) != 1:
            return False
        origins = {(-at[0][0], -at[0][1])}
        skip = {id(c) for c, p in zip(conjuncts, pinned, strict=True) if p is not None}
    before = set(found.offsets)
    known = True
    for conjunct in conjuncts:
        if id(conjunct) in skip:
            continue
        read = Relevance()
        known = known and _reads(conjunct, origins, read)
        found.offsets |= read.offsets
        if not _needs_empty(conjunct):
            found.fill_offsets |= read.offsets
    if origins is None and found.offsets - before - {(0, 0)}:  # (0, 0): the royal square itself, never emptied
        found.ride_reads = True
    return known


def _needs_empty_target(e: Expr) -> bool:
    """``fn vacant #1`` or ``empty #1``: a move onto an empty square only (the attacked square holds the royal
    piece, and ``#wasempty`` is ``@`` outside the mover's own test)."""
    e = _inner(e)
    if not isinstance(e, Call):
        return False
    if e.op == "empty" and len(e.args) == 1:
        return _where(e.args[0]) == ("#1", (0, 0))
    return e.op == "fn" and len(e.args) == 2 and _where(e.args[0]) is None and isinstance(_inner(e.args[0]), Atom) \
        and _inner(e.args[0]).text == "vacant" and _where(e.args[1]) == ("#1", (0, 0))  # type: ignore[union-attr]


def _needs_empty(e: Expr) -> bool:
    """``empty SQ`` or ``fn vacant SQ``: a test that a square is empty (``#wasempty`` is ``@`` outside the mover's
    own test, so ``vacant`` is ``empty`` there)."""
    e = _inner(e)
    return isinstance(e, Call) and ((e.op == "empty" and len(e.args) == 1) or (
        e.op == "fn" and len(e.args) == 2 and isinstance(_inner(e.args[0]), Atom)
        and _inner(e.args[0]).text == "vacant"))  # type: ignore[union-attr]


def _inner(e: Expr) -> Expr:
    while isinstance(e, Group):
        e = e.inner
    return e


def _number(e: Expr) -> int | None:
    e = _inner(e)
    if isinstance(e, Atom) and e.kind == "number" and e.text.lstrip("-").isdigit():
        return int(e.text)
    return None


def _where(e: Expr) -> tuple[str, Vector] | None:
    """``("#0", (x, y))`` for ``where #0 x y`` (or ``#1``), ``("#0", (0, 0))`` for ``#0`` itself."""
    e = _inner(e)
    if isinstance(e, Atom) and e.kind == "param" and e.text in ("#0", "#1"):
        return e.text, (0, 0)
    if isinstance(e, Call) and e.op == "where" and len(e.args) == 3:
        base = _inner(e.args[0])
        x, y = _number(e.args[1]), _number(e.args[2])
        if isinstance(base, Atom) and base.text in ("#0", "#1") and x is not None and y is not None:
            return base.text, (x, y)
    return None


def _is_start_test(e: Expr, start: Vector) -> bool:
    e = _inner(e)
    return isinstance(e, Call) and e.op in ("onboard", "empty") and len(e.args) == 1 \
        and _where(e.args[0]) == ("#0", start)


def _pinned(e: Expr) -> Vector | None:
    """``(x, y)`` for ``== #1 where #0 x y`` (a castling term's destination)."""
    e = _inner(e)
    if isinstance(e, Call) and e.op == "==" and len(e.args) == 2:
        for end, square in (e.args, e.args[::-1]):
            found = _where(square)
            if _where(end) == ("#1", (0, 0)) and found is not None and found[0] == "#0":
                return found[1]
    return None


def _reads(e: Expr, origins: set[Vector] | None, found: Relevance) -> bool:
    """Add the squares ``e`` reads (relative to ``#1``); False when it reads one not at a known offset or does
    something not known here."""
    e = _inner(e)
    if isinstance(e, Atom):
        return e.kind in ("number", "param", "variable") or e.text in ("true", "false")
    if isinstance(e, Logic):
        return _reads(e.left, origins, found) and _reads(e.right, origins, found)
    if not isinstance(e, Call):
        return False
    square: Expr | None = None
    if e.op in _READS and len(e.args) == 1:
        square = e.args[0]
    elif e.op == "fn" and len(e.args) == 2 and isinstance(_inner(e.args[0]), Atom) \
            and _inner(e.args[0]).text in _SQUARE_FUNCTIONS:  # type: ignore[union-attr]
        square = e.args[1]
    if square is not None:
        at = _where(square)
        if at is None:
            return False
        base, (x, y) = at
        if base == "#1":
            found.offsets.add((x, y))
        elif origins is None:
            return False
        else:
            found.offsets.update((ox + x, oy + y) for ox, oy in origins)
        return True
    if e.op == "where" and _where(e) is not None:
        return True
    return e.op in _PURE and all(_reads(a, origins, found) for a in e.args)


def exposes_def(found: Relevance) -> str:
    """``def exposes``: whether emptying square ``#1`` may uncover an attack on the royal square ``#0``, the move
    made: ``#1`` is on a ride's line with nothing between (a hop's line: at most one piece between), or near."""
    tests = [f"checkride #0 #1 {a} {b}" for a, b in sorted(found.lines | found.hop_lines)]
    tests += [f"checkhop #0 #1 {a} {b}" for a, b in sorted(found.hop_lines)]
    return "def exposes " + " or ".join([*tests, *_near(found)] or [never("#0", "#1")]) + ";"


def uncovered_lines(found: Relevance, in_play: bool, searched: bool = False) -> list[str]:
    """``sub uncovered king from side``: whether, the move made, a piece of ``side`` attacks the royal square
    ``king`` through the emptied square ``from`` (:meth:`Relevance.lines_only`; ``from`` is on an orthogonal or
    diagonal line from ``king`` with nothing, or with hops one piece, between: ``fn exposes``). Along that line
    outward from ``from``: the first piece, and, where pieces step before they ride (:attr:`Relevance.bends`),
    the pieces a bend away from ``from`` and from each empty square before that piece whose ride goes along such
    a line; with hops, the first and the second piece outward from ``king``. Each piece found is tested as ``sub
    attacked`` tests it (``in_play``: only pieces on the board proper attack). Where those that step before they
    ride are searched by label (``searched``: ``sub searchattacked``, which reads Pre-Move's list of them), each of
    them is asked instead of walking the line: any attack on ``king`` is new, since it was not attacked before."""
    playing = " and fn inplay #uc_at" if in_play else ""
    piece_tests = ["fn #side space #uc_at", *(["fn inplay #uc_at"] if in_play else []),
                   "fn space #uc_at #uc_at #king"]
    lines = [
        "sub uncovered king from side:",
        "  set uc_dx - file #from file #king;",
        "  set uc_dy - rank #from rank #king;",
        "  set uc_dx cond < #uc_dx 0 -1 cond > #uc_dx 0 1 0;",
        "  set uc_dy cond < #uc_dy 0 -1 cond > #uc_dy 0 1 0;",
    ]
    if found.hop_lines:
        return [*lines,
                "  set uc_at sub ray #king #uc_dx #uc_dy;",
                "  if not #uc_at:",
                "    return false;",
                "  endif;",
                *if_all(piece_tests, ["return true;"]),
                "  set uc_at sub ray #uc_at #uc_dx #uc_dy;",
                *return_all(["#uc_at", *piece_tests]),
                "endsub;"]
    if not found.bends:
        return [*lines,
                "  set uc_at sub ray #from #uc_dx #uc_dy;",
                *return_all(["#uc_at", "not empty #uc_at", *piece_tests]),
                "endsub;"]
    if searched:
        return [*lines,
                "  set uc_at sub ray #from #uc_dx #uc_dy;",
                *if_all(["#uc_at", *piece_tests], ["return true;"]),
                "  return sub searchattacked #king #side;",
                "endsub;"]

    def sources(line: Vector) -> str:  # the pieces that step onto #uc_on and ride on along such a line
        found_here = sorted({start for start, ride in found.bends if ride == line})
        return "array " + " ".join(f"where #uc_on {-x} {-y}" for x, y in found_here) if found_here else "false"
    return [*lines,
            "  set uc_on #from;",
            "  do while #uc_on:",
            "    if not empty #uc_on:",
            "      set uc_at #uc_on;",
            *return_all(piece_tests, "      "),
            "    endif;",
            "    if == #uc_dx 0 or == #uc_dy 0:",
            f"      set uc_near {sources((0, 1))};",
            "    else:",
            f"      set uc_near {sources((1, 1))};",
            "    endif;",
            "    for uc_at #uc_near:",
            f"      if not empty #uc_at and fn #side space #uc_at{playing}:",
            "        if fn space #uc_at #uc_at #king:",
            "          return true;",
            "        endif;",
            "      endif;",
            "    next;",
            "    set uc_on where #uc_on #uc_dx #uc_dy;",
            "  loop;",
            "  return false;",
            "endsub;"]


def screens_def(found: Relevance) -> str | None:
    """``def screens``: whether filling square ``#1`` may uncover an attack on the royal square ``#0``: ``#1`` is
    a cannon's new screen (on a hop's line with nothing between), or near, counting only squares whose filling may
    make a term true (:attr:`Relevance.fill_offsets`). None when no square can be."""
    tests = [f"checkride #0 #1 {a} {b}" for a, b in sorted(found.hop_lines)]
    tests += _near(found, found.fill_offsets)
    return "def screens " + " or ".join(tests) + ";" if tests else None


def near_test(found: Relevance, at: str, square: str) -> str | None:
    """The test that ``square`` is within :meth:`Relevance.box` of ``at`` (None when no single square is read)."""
    tests = _near(found)
    return tests[0].replace("#1", square).replace("#0", at) if tests else None


def _near(found: Relevance, offsets: set[Vector] | None = None) -> list[str]:
    """The test that ``#1`` is within :meth:`Relevance.box` of ``#0`` (of ``offsets``, by default every square read;
    none when there is no such square)."""
    if not (found.offsets if offsets is None else offsets):
        return []
    box = found.box(offsets)
    return [f"(<= abs - file #1 file #0 {box} and <= abs - rank #1 rank #0 {box})"]
