"""Which destinations of a piece need a Post-Move run at all: the guard shortcut of :mod:`.game`.

Game Courier's semantics try every candidate move (a piece to any square) and keep those whose Post-Move code
runs without ``die``. A rule-enforcing preset usually begins its Post-Move code by rejecting a move its piece
cannot make: ``if not fn moved origin dest: die ...;`` (after ``set`` commands that prepare the test). When the
mover's function is an ``or`` chain of guarded movement terms, it is false for every destination outside its
reach (:func:`~.dispatch.function_reach`: its leaps, and its rides up to the first piece), so such
candidates die in that statement, and need not be tried.

:func:`dies_off_reach` proves this for one origin by evaluating the start of the Post-Move code with the
destination unknown: values are concrete where they do not depend on the destination (the origin, the mover's
label, variables, functions of those), :data:`UNKNOWN` where they do, and ``fn MOVED origin dest`` is false (the
premise). Every operator it evaluates is total (it cannot raise for any operand), so an unknown operand gives an
unknown result, never an error the real run would raise; anything else (a subroutine call, a command with effects,
an operator that may raise, a condition whose branch is unknown and whose branches do not all die) ends the proof
unproven, and every candidate of that origin is tried. The proof is sound for every destination outside the reach
and for every promotion sub-move (the board after the move is never read as known).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from fairyport.gamecourier.interpreter import values as V
from fairyport.gamecourier.interpreter.expressions import LOGIC, OPERATORS, atom_kind
from fairyport.gamecourier.interpreter.interpreter import UNDEFINED_IS_NAME, Compiler, DefFn, Interpreter, is_literal
from fairyport.gamecourier.interpreter.nodes import (
    Atom,
    Call,
    Command,
    Expr,
    Group,
    IfBlock,
    Logic,
    Statement,
    SubBlock,
)
from fairyport.gamecourier.interpreter.operators import MAX_TEXT
from fairyport.gamecourier.interpreter.operators import OPERATORS as RUN_OPERATORS
from fairyport.gamecourier.interpreter.state import State, side_of

UNKNOWN: Any = type("Unknown", (), {"__repr__": lambda self: "UNKNOWN"})()
"""A value that depends on the destination (or the board after the move)."""
DEST: Any = type("Dest", (), {"__repr__": lambda self: "DEST"})()
"""The destination itself: unknown, but known to be outside the mover's reach from the origin."""
PROMOTED: Any = type("Promoted", (), {"__repr__": lambda self: "PROMOTED"})()
"""What stands on a known destination after a promotion sub-move: some label other than the mover's."""
WORK_LIMIT = 2_000
"""Expression nodes and statements one proof may visit (the proof gives up beyond)."""
CALL_DEPTH = 8
"""How deeply the proof follows ``fn`` calls."""
_COMPARE = {"<": lambda r: r < 0, ">": lambda r: r > 0, "<=": lambda r: r <= 0, ">=": lambda r: r >= 0}
_CHECKS = ("checkleap", "checkaleap", "checkride", "checkaride", "checkhop", "checkahop", "checkgrasshop",
           "checklongleap")


_MISSING: Any = object()
SubTrees = Mapping[str, tuple[str, SubBlock]]
"""Each subroutine by name: the code block it is defined in and its body as parsed (what the proof follows)."""
_TEXT_OPERATORS = ("join", "elem", "match")


class _GiveUp(Exception):
    pass


class _DestText(NamedTuple):
    """Text built around the destination: ``prefix`` + the destination's name + ``suffix``."""

    prefix: str
    suffix: str


def _known(value: Any) -> bool:
    return value is not UNKNOWN and value is not DEST and value is not PROMOTED and type(value) is not _DestText


class _Proof:
    def __init__(self, it: Interpreter, base: State, origin: str, moved: str, mover: DefFn | None,
                 dest: str | None = None, block: str = "", *, plain: bool = False,
                 subs: SubTrees | None = None) -> None:
        self.it = it
        self.block = block
        self.subs = subs
        """The subroutines a call in the code proven may be followed into (None: a call ends the proof)."""
        self.listing = subs is not None and mover is None and dest is None
        """The premise is that the destination is none of :attr:`allowed` (:func:`dies_off_list`)."""
        self.allowed: set[str] = set()
        """Destinations the proof set aside: ``elem KEY ARRAY`` with the destination in ``KEY`` is taken as null,
        which holds for every destination but these."""
        self.args: list[Any] = []
        """The running subroutine's arguments (``#0``, ...)."""
        self.in_sub = False
        self.ran: set[tuple[str, int, str]] = set()
        """What the runs the proof stands for would add to the interpreter's trace (every path it followed)."""
        self.base = base
        self.origin = origin
        self.dest = dest
        """None: any destination outside the reach (:data:`DEST`); else a promotion sub-move onto ``dest``, or with
        ``plain`` the move onto ``dest`` itself (the mover stands there)."""
        self.plain = plain
        self.moved = moved
        self.mover = mover
        self.work = 0
        self.deps: list[tuple[str, str, Any]] = []
        """What the proof read of ``base``: ("var" | "flag" | "def", name, what it found)."""

    def tick(self) -> None:
        self.work += 1
        if self.work > WORK_LIMIT:
            raise _GiveUp

    # statements --------------------------------------------------------------------------------------------

    def dies(self, statements: list[Statement], overlay: dict[str, Any]) -> bool:
        """True if every run of ``statements`` from the start ends in ``die``."""
        for i, st in enumerate(statements):
            self.tick()
            self.ran.add((self.block, st.offset, "ran"))
            if isinstance(st, IfBlock):
                return self._if(st.branches, statements[i + 1:], overlay)
            if not isinstance(st, Command):
                raise _GiveUp  # a sub definition is harmless, but the written prologue has none: keep it simple
            if st.name == "die":
                return True
            if st.name in ("set", "setconst") and st.target:
                overlay[st.target.lstrip("#")] = self.value(st.expr, self.args, None, overlay, 0) \
                    if st.expr is not None else None
                continue
            if st.name == "verify" and st.expr is not None:
                verdict = self.value(st.expr, self.args, None, overlay, 0)
                if not _known(verdict):
                    raise _GiveUp
                if not V.truthy(verdict):
                    return True
                continue
            if st.name == "my":  # the subroutine's own variables, null (nothing outside a subroutine)
                if self.in_sub:
                    overlay.update((t.value.lstrip("#"), None) for t in st.args)
                continue
            sub = self._called(st)
            if sub is not None:
                return self._sub_dies(st, sub[0], sub[1], overlay)
            raise _GiveUp
        return False  # the code ends without 'die': such a move is legal

    def _called(self, st: Command) -> tuple[str, SubBlock] | None:
        """The subroutine a command calls (``gosub NAME ...`` or ``NAME ...``) when the proof may follow it: one
        level deep, from the code proven, a subroutine without ``local``."""
        if self.subs is None or self.in_sub:
            return None
        name = Compiler.called_sub(st)
        found = self.subs.get(name or "")
        compiled = self.it.subs.get(name or "")
        if found is None or compiled is None or compiled.local:
            return None
        return found

    def _sub_dies(self, st: Command, block: str, sub: SubBlock, overlay: dict[str, Any]) -> bool:
        """True if every run of the subroutine ``sub`` called by ``st`` ends in ``die`` (a run that returns, or
        ends, is not followed back into the caller: the proof gives up)."""
        args: list[Any] = []
        for token in st.args:  # plain operands only, read as the compiled call reads them (bare words are names)
            if token.kind in ("lparen", "rparen") or token.text in OPERATORS or token.text in LOGIC \
                    or token.text.startswith("="):
                raise _GiveUp
            args.append(self.atom(Atom(token.text, atom_kind(token), token.offset), self.args, None, overlay,
                                  words_literal=True))
        self.ran.add(("sub", -1, sub.name))
        inner = dict(overlay)
        for i, param in enumerate(sub.params):
            inner[param[1:] if param.startswith("#") else param] = args[i] if i < len(args) else None
        saved = self.block, self.args
        self.block, self.args, self.in_sub = block, args, True
        try:
            return self.dies(sub.body, inner)
        finally:
            (self.block, self.args), self.in_sub = saved, False

    def _if(self, branches: list[Any], rest: list[Statement], overlay: dict[str, Any]) -> bool:
        for k, branch in enumerate(branches):
            taken = (self.block, branch.header.offset, "taken")
            if branch.condition is None:  # else
                self.ran.add(taken)
                return self.dies(branch.body + rest, overlay)
            verdict = self.value(branch.condition, self.args, None, overlay, 0)
            if not _known(verdict):
                self.ran.add(taken)
                return (self.dies(branch.body + rest, dict(overlay))
                        and self._if(branches[k + 1:], rest, dict(overlay)))
            if V.truthy(verdict):
                self.ran.add(taken)
                return self.dies(branch.body + rest, overlay)
        return self.dies(rest, overlay)

    # expressions -------------------------------------------------------------------------------------------

    def value(self, e: Expr, args: list[Any], named: dict[str, Any] | None, overlay: dict[str, Any],
              depth: int) -> Any:
        """The value of ``e`` (concrete, :data:`UNKNOWN` or :data:`DEST`); raises _GiveUp where the real run might
        raise or do something this proof does not follow."""
        self.tick()
        if isinstance(e, Group):
            return self.value(e.inner, args, named, overlay, depth)
        if isinstance(e, Atom):
            return self.atom(e, args, named, overlay, words_literal=False)
        if isinstance(e, Logic):
            left = self.value(e.left, args, named, overlay, depth)
            if _known(left) and V.truthy(left) == (e.op == "or"):
                return e.op == "or"
            right = self.value(e.right, args, named, overlay, depth)
            if _known(left):
                return V.truthy(right) if _known(right) else UNKNOWN
            if _known(right) and V.truthy(right) == (e.op == "or"):
                return e.op == "or"
            return UNKNOWN
        if isinstance(e, Call):
            return self.call(e, args, named, overlay, depth)
        raise _GiveUp

    def atom(self, e: Atom, args: list[Any], named: dict[str, Any] | None, overlay: dict[str, Any], *,
             words_literal: bool) -> Any:
        kind, text = e.kind, e.text
        if kind == "number":
            return V.number(text)
        if kind == "string":
            return text[1:-1] if len(text) >= 2 and text.endswith('"') else text[1:]
        if kind == "param":
            index = int(text[1:])
            return args[index] if index < len(args) else (text if UNDEFINED_IS_NAME else None)
        if kind == "variable":
            name = text[1:]
            if named is not None and name in named:
                return named[name]
            if name in overlay:
                return overlay[name]
            found = self.base.vars.get(name, _MISSING)
            self.deps.append(("var", name, found))
            if found is not _MISSING:
                return found
            return "#" + name if UNDEFINED_IS_NAME else None
        if text == "origin":
            return self.origin
        if text == "moved":
            return self.moved
        if text == "dest":
            return DEST if self.dest is None else self.dest
        if text == "old" and self.dest is not None:
            found = self.base.board.get(self.dest)
            self.deps.append(("board", self.dest, found))
            return found
        if text in ("old", "thismove"):
            return UNKNOWN
        if text in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[text]
        if words_literal or is_literal(self.it, text):
            return text
        raise _GiveUp  # an unknown word: the real run stops with an error

    def call(self, e: Call, args: list[Any], named: dict[str, Any] | None, overlay: dict[str, Any],
             depth: int) -> Any:
        op = e.op
        if op == "fn":
            return self.fn(e, args, named, overlay, depth)
        if op in _CHECKS:
            operands = [self.value(a, args, named, overlay, depth) for a in e.args]
            deltas = operands[-2:]
            if len(operands) != (2 if e.implicit_endpoints else 4) or not all(
                    isinstance(d, int) and not isinstance(d, bool) for d in deltas):
                raise _GiveUp
            return UNKNOWN  # reads the board after the move
        if op == "cond" and len(e.args) == 3:
            test = self.value(e.args[0], args, named, overlay, depth)
            yes = self.value(e.args[1], args, named, overlay, depth)
            no = self.value(e.args[2], args, named, overlay, depth)
            if not _known(test):
                return UNKNOWN
            return yes if V.truthy(test) else no
        first_literal = op in ("flag", "onboard", "elem")
        operands = [self.atom(a, args, named, overlay, words_literal=True) if first_literal and i == 0
                    and isinstance(a, Atom) else self.value(a, args, named, overlay, depth)
                    for i, a in enumerate(e.args)]
        if op in _TEXT_OPERATORS:
            return self._text(op, operands)
        if op == "where" and len(operands) == 3:
            square, dx, dy = operands
            if not all(isinstance(d, int) and not isinstance(d, bool) for d in (dx, dy)):
                raise _GiveUp  # a delta that is not a number stops the real run
            if not _known(square):
                return UNKNOWN
            found = self.it.where(V.text(square), dx, dy)
            return found if found is not None else False
        unary = {"not", "!", "isupper", "islower", "rank", "file", "onboard", "empty", "space", "flag"}
        binary = {"==", "!=", "equal", *_COMPARE}
        if (op in unary and len(operands) != 1) or (op in binary and len(operands) != 2) or (
                op not in unary and op not in binary):
            raise _GiveUp
        a = operands[0]
        if op in ("empty", "space"):  # the board after the move: known only on a promotion's destination
            if self.dest is not None and _known(a) and V.text(a) == self.dest:
                if op == "empty":
                    return False
                return self.moved if self.plain else PROMOTED
            return UNKNOWN
        if op in ("==", "!=") and PROMOTED in operands:
            other = operands[1] if a is PROMOTED else a
            if _known(other) and V.loose_equal(other, self.moved):
                return op == "!="
            return UNKNOWN
        if not all(_known(v) for v in operands):
            return UNKNOWN  # an unknown operand of a total operator
        if op in ("not", "!"):
            return not V.truthy(a)
        if op in ("isupper", "islower"):
            return side_of(V.text(a)) == (1 if op == "isupper" else 2)
        if op in ("rank", "file"):
            pos = self.it.reach_position.get(V.text(a))
            return None if pos is None else pos[1 if op == "rank" else 0]
        if op == "onboard":
            return V.text(a) in self.it.geometry.position
        if op == "flag":
            key = V.text(a)
            found = self.base.flags.get(key, False)
            self.deps.append(("flag", key, found))
            return V.truthy(found)
        b = operands[1]
        if op == "==":
            return V.loose_equal(a, b)
        if op == "!=":
            return not V.loose_equal(a, b)
        if op == "equal":
            return type(a) is type(b) and a == b
        return _COMPARE[op](V.compare(a, b))

    def _text(self, op: str, operands: list[Any]) -> Any:
        """``join``, ``elem`` and ``match``: by the operator's own code on known operands; ``join`` with the
        destination gives :class:`_DestText`, ``elem`` of such a key in a known array is null where the proof may
        set the destinations it lists aside (:attr:`listing`), else unknown."""
        arity, run = RUN_OPERATORS[op]
        if arity >= 0 and len(operands) != arity:
            raise _GiveUp
        if all(_known(v) for v in operands):
            if op == "elem" and isinstance(operands[0], dict):
                raise _GiveUp  # an array as a key: the real run stops with an error
            return run(None, operands)  # type: ignore[arg-type]  # (a ValueProblem ends the proof)
        if op == "match":
            return UNKNOWN  # loose comparisons only: it cannot raise
        if op == "join":
            parts = [_DestText("", "") if v is DEST else v for v in operands]
            texts = [V.text(v) if _known(v) else v for v in parts]
            if sum(1 for v in texts if type(v) is _DestText) != 1 or not all(
                    type(v) is _DestText or isinstance(v, str) for v in texts):
                raise _GiveUp  # an unknown length: the real run may pass the text bound
            a, b = texts
            if isinstance(a, _DestText):
                joined = _DestText(a.prefix, a.suffix + V.text(b))
            else:
                assert isinstance(b, _DestText)
                joined = _DestText(V.text(a) + b.prefix, b.suffix)
            if len(joined.prefix) + len(joined.suffix) + 16 > MAX_TEXT:
                raise _GiveUp
            return joined
        key, array = operands
        if type(key) is not _DestText or not isinstance(array, dict):
            raise _GiveUp  # an unknown key might be an array: the real run stops with an error
        if not self.listing:
            return UNKNOWN
        for sq in self.it.geometry.squares:
            text = key.prefix + sq + key.suffix
            if text in array:
                self.allowed.add(sq)
            elif text[:1] in "0123456789+-. \t\n\r" and V.is_numeric(text):
                raise _GiveUp  # read as a number key: not followed
        return None

    def fn(self, e: Call, args: list[Any], named: dict[str, Any] | None, overlay: dict[str, Any],
           depth: int) -> Any:
        if not e.args or depth >= CALL_DEPTH:
            raise _GiveUp
        head = e.args[0]
        name = self.atom(head, args, named, overlay, words_literal=True) if isinstance(head, Atom) \
            else self.value(head, args, named, overlay, depth)
        operands = [self.value(a, args, named, overlay, depth) for a in e.args[1:]]
        if not _known(name):
            raise _GiveUp
        key = name if isinstance(name, str) else V.text(name)
        fn = self.base.defs.get(key)
        self.deps.append(("def", key, fn))
        self.ran.add(("fn", -1, key))
        if fn is None or fn.locals:
            raise _GiveUp  # no such function: the real run stops with an error
        if fn is self.mover and len(operands) >= 2 and operands[0] == self.origin and operands[1] is DEST:
            return False  # the premise: the destination is outside the mover's reach
        if fn.expr is None:
            return None
        inner = {param: (operands[i] if i < len(operands) else None) for i, param in enumerate(fn.params)} \
            if fn.params else None
        return self.value(fn.expr, operands, inner, overlay, depth + 1)


Deps = tuple[tuple[str, str, Any], ...]
"""What a proof read of the state before the move (see :func:`still_holds`)."""


class Proof(NamedTuple):
    """A proof's verdict, what it read of the state before the move, and (when it holds) what the runs it spares
    would have added to a traced interpreter's record: every statement, branch and function on the paths it
    followed (a superset of what those runs would have run, so ``validate --run`` never calls code dead that a
    spared run would have reached)."""

    proven: bool
    deps: Deps
    ran: frozenset[tuple[str, int, str]]
    allowed: frozenset[str] | None = None
    """For :func:`dies_off_list`: the destinations the verdict does not cover (it covers every other one)."""


def dies_off_reach(it: Interpreter, postmove: list[Statement], base: State, origin: str,
                   block: str = "") -> Proof:
    """Whether the Post-Move code ``postmove`` (as parsed) dies for every move of the piece on ``origin`` in
    ``base`` to a square outside its function's reach (``DefFn.reach``, on the board before the move), promotions
    included; and what the proof read of ``base`` (the mover's label and function first), so that it can be reused
    while those stay the same."""
    moved = base.board[origin]
    mover = base.defs.get(moved)
    deps: Deps = (("board", origin, moved), ("def", moved, mover))
    if mover is None or mover.reach is None or mover.locals:
        return Proof(False, deps, frozenset())
    return _conclude(_Proof(it, base, origin, moved, mover, None, block), postmove, deps)


def dies_off_list(it: Interpreter, postmove: list[Statement], base: State, origin: str, block: str,
                  subs: SubTrees) -> Proof:
    """Whether the Post-Move code dies for every move of the piece on ``origin`` in ``base`` to a destination
    outside a list the code looks it up in (``if not elem join origin join "-" dest #pairs: die``, in the code or
    in a subroutine it calls: the moves a translated program's Pre-Move code listed), promotions included; the
    verdict's ``allowed`` holds the destinations it does not cover, ``deps`` what it read (:func:`dies_off_reach`)."""
    moved = base.board[origin]
    proof = _Proof(it, base, origin, moved, None, None, block, subs=subs)
    found = _conclude(proof, postmove, (("board", origin, moved),))
    return found._replace(allowed=frozenset(proof.allowed)) if found.proven else found


def _conclude(proof: _Proof, postmove: list[Statement], deps: Deps) -> Proof:
    try:
        proven = proof.dies(postmove, {})
    except (_GiveUp, V.ValueProblem, RecursionError):
        proven = False
    return Proof(proven, deps + tuple(proof.deps), frozenset(proof.ran) if proven else frozenset())


def promotions_die(it: Interpreter, postmove: list[Statement], base: State, origin: str, dest: str,
                   block: str = "") -> Proof:
    """Whether the Post-Move code dies for every promotion sub-move after the move ``origin`` -> ``dest`` (any label
    other than the mover's on ``dest``), with what the proof read of ``base`` (see :func:`dies_off_reach`)."""
    moved = base.board[origin]
    return _conclude(_Proof(it, base, origin, moved, None, dest, block), postmove, (("board", origin, moved),))


def plain_move_dies(it: Interpreter, postmove: list[Statement], base: State, origin: str, dest: str,
                    block: str = "") -> Proof:
    """Whether the Post-Move code dies for the move ``origin`` -> ``dest`` itself whatever the mover's function says
    (a move onto an own piece, rejected in the prologue by ``if fn white old: die``), with what the proof read of
    ``base`` (see :func:`dies_off_reach`): the destination's contents are known, the rest of the board after the move
    is not."""
    moved = base.board[origin]
    deps: Deps = (("board", origin, moved), ("board", dest, base.board[dest]))
    return _conclude(_Proof(it, base, origin, moved, None, dest, block, plain=True), postmove, deps)


def still_holds(deps: Deps, base: State) -> bool:
    """True if ``base`` gives what a proof read (:func:`dies_off_reach`), so its verdict holds for ``base``."""
    board, defs, vars_ = base.board, base.defs, base.vars
    for kind, name, found in deps:
        if kind == "board":  # the commonest: the mover's label
            if board.get(name) != found:
                return False
        elif kind == "def":
            if defs.get(name) is not found:
                return False
        elif kind == "var":
            now = vars_.get(name, _MISSING)
            if now is not found and (now is _MISSING or found is _MISSING or type(now) is not type(found)
                                     or now != found):
                return False
        elif kind == "flag":
            now = base.flags.get(name, False)
            if now is not found and (type(now) is not type(found) or now != found):
                return False
    return True
