"""The GAME Code interpreter: parsed code blocks compiled to Python closures, run on a :class:`~.state.State`.

Statements come from the Game Courier syntax layer (:mod:`fairyport.gamecourier.interpreter`); its parser
nests ``if`` and ``sub`` blocks, leaves the loop and switch headers flat and checks that they pair up with their
closers within one statement list (``do`` / ``loop``, ``for`` and ``foreach`` / ``next``, ``switch`` /
``endswitch``: a located ParseError otherwise), and :class:`Compiler` groups each with its body. Expressions
are the parser's Polish-notation trees.

Nothing here touches files, the network or the process: the code can only change the :class:`State` it is
given. Every loop iteration and every call costs a step. A run that takes more than :data:`STEP_LIMIT` steps, runs
of one preset whose steps beyond :data:`FREE_STEPS_PER_RUN` a run add up to more than :data:`COMMAND_STEP_BUDGET`,
and calls nested deeper than
:data:`CALL_DEPTH_LIMIT` stop with a located :class:`~fairyport.errors.UnsupportedError` naming the bound.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any, ClassVar, NoReturn, TypeVar

from fairyport.errors import FairyportError, Location, ParseError, UnsupportedError
from fairyport.gamecourier.interpreter import values as V
from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.interpreter.dispatch import Reach, and_terms, function_reach, or_chain, or_terms
from fairyport.gamecourier.interpreter.expressions import parse_expression
from fairyport.gamecourier.interpreter.includes import unavailable_include
from fairyport.gamecourier.interpreter.lexer import Token, tokenize
from fairyport.gamecourier.interpreter.nodes import (
    Atom,
    Call,
    Command,
    Expr,
    Group,
    IfBlock,
    Logic,
    Sequence,
    Statement,
    SubBlock,
)
from fairyport.gamecourier.interpreter.operators import MAX_ARRAY, MAX_INTEGER, OPERATORS
from fairyport.gamecourier.interpreter.parser import LOOP_BLOCKS
from fairyport.gamecourier.interpreter.readings import (
    DOCUMENTED,
    HOLE_LABEL,
    HOLES_MISSING,
    LOCAL_MAIN_SCOPE,
    LOGIC_EVERY_OPERAND,
    LOGIC_LEFT_FIRST,
    LOGIC_RIGHT_FIRST,
    Readings,
)
from fairyport.gamecourier.interpreter.state import State, side_of
from fairyport.gamecourier.interpreter.values import EMPTY, Value, ValueProblem

STEP_LIMIT = 2_000_000
"""Loop iterations and calls one run of a code block may take (one candidate move's Post-Move code, say).
Straight-line statements are not counted: without loops and calls a run is bounded by the code's length."""
FREE_STEPS_PER_RUN = 50_000
"""Steps a run takes without charge to the command's budget (:data:`COMMAND_STEP_BUDGET`). Measured (perft(3),
session 28): the bundled presets take at most 204 steps a run (Mideast; chess 110), and a scan of every square of a
256x256 board with a check per square stays far under it, so their perft of any depth never touches the budget.
Presets translated from ZRF can take far more: Annan Shogi's Pre-Move 33,672 steps a run; Amazons, Cubic Chess and
Duel pass the whole-command budget while listing one position's moves (a bound working, reported by name)."""
COMMAND_STEP_BUDGET = 1_000_000
"""Steps beyond :data:`FREE_STEPS_PER_RUN` a run that all the runs of one loaded preset may take together (one
command: a perft, a ``validate --run``, a report's column); past it the command stops with exit 3 and a located
message naming this bound. Code looping a little under :data:`STEP_LIMIT` in every candidate move's run thus
stops: a run of ``s`` steps is charged ``s - 50,000``, so code looping ``s >= 100,000`` times a run stops within
about ``2 * COMMAND_STEP_BUDGET`` steps in all (seconds: a loop step costs a few microseconds). Post-Move code
looping 600,000 times a run stops in perft(2)'s second run (1.1 million steps)."""
CALL_DEPTH_LIMIT = 60
"""How deeply ``fn`` and ``sub`` calls may nest (recursion included)."""
UNDEFINED_IS_NAME = True
"""An undefined ``#name`` reads as its own text: Fergus Duniho's 2020 example prints ``#x`` for a name
that is not set (gc_samples/03)."""
NAMED_PARAMS_IN_ORDER = True
"""Named parameters (``=x`` without a value) take a ``fn``'s arguments in the order they are written."""
LITERAL_WORDS = ("true", "false", "null", EMPTY)
"""Bare words that are values; besides these, a bare word in an expression must be a number, a square of the
board, a piece label (of the FEN code, the set, a ``def`` name) or a single letter. Any other word is an
unknown operator, reported when it is evaluated."""

SUBS_HOISTED = True
"""Every ``sub`` of every code block is known before any code runs (Game Courier builds one program from the
blocks), so a subroutine may be called above its definition or from another block."""
BLOCK_SCOPES = False
"""``if``, loop and ``switch`` bodies do not open scopes: Fergus Duniho described block scoping in 2016 as a
feature he meant to remove; here a variable is the subroutine's own (``my``, parameters) or global."""
SUB_TAKES_THE_REST = True
"""``sub NAME`` in an expression takes every operand to its right up to ``and`` / ``or`` or the closing
parenthesis; write ``(sub NAME a b)`` to end the arguments earlier. (``fn NAME`` reads as many as the
:data:`~.readings.ArityReading` says.)"""

PREPROCESSOR = ("origin", "dest", "moved", "old", "thismove")
"""Words replaced by the last move's data (the GAME Code Tutorial), and ``thismove`` (null before a move)."""

CodeFn = Callable[["Ctx"], Value]
Runner = Callable[["Ctx"], "Signal"]
"""A compiled statement: None when the next statement should run, else a :data:`Signal` (``return``, ``break``,
``continue``) that the enclosing loop or subroutine takes (plain values, not exceptions: a subroutine returns
hundreds of thousands of times in a perft)."""


class Die(Exception):
    """``die``: the move (or the game) is rejected. The location is computed only when asked for (most
    ``die`` commands reject a candidate move and are never shown)."""

    def __init__(self, message: str, where: Callable[[], Location]) -> None:
        super().__init__(message)
        self.message = message
        self._where = where

    @property
    def location(self) -> Location:
        """Where the ``die`` is."""
        return self._where()


class _Return:
    """``return VALUE``: ends the subroutine (or the block) with this value."""

    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        self.value = value


class _Jump:
    """``break`` / ``continue``: ends the innermost loop, or its current iteration."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


_BREAK = _Jump("break")
_CONTINUE = _Jump("continue")
Signal = _Return | _Jump | None


@dataclasses.dataclass(frozen=True)
class Source:
    """Where a code block comes from: its text and a function from block offsets to file locations."""

    name: str
    text: str
    locate: Callable[[int], Location]


class Ctx:
    """One activation: the state, the interpreter, the current function's arguments and named values, and the
    current subroutine's own (``my``) variables."""

    __slots__ = ("args", "depth", "it", "my", "named", "s")

    def __init__(self, s: State, it: Interpreter, args: list[Value], named: dict[str, Value] | None,
                 my: dict[str, Value] | None, depth: int) -> None:
        self.s = s
        self.it = it
        self.args = args
        self.named = named
        self.my = my
        self.depth = depth


@dataclasses.dataclass
class DefFn:
    """A compiled ``def``."""

    name: str
    body: CodeFn | None
    params: list[str]
    locals: list[tuple[str, CodeFn | None]]
    expr: Expr | None = None
    """The body as parsed (what :mod:`.prune` reads)."""
    reach: Reach | None = None
    """Where from ``#0`` the body may be true (:func:`~.dispatch.function_reach`), or None."""
    plain: bool = dataclasses.field(init=False)
    """Neither named parameters nor locals: a call binds only ``#0``, ``#1``, ... (the fast call)."""

    def __post_init__(self) -> None:
        self.plain = not self.params and not self.locals


@dataclasses.dataclass
class SubFn:
    """A compiled ``sub``."""

    name: str
    params: tuple[str, ...]
    body: list[Runner]
    where: Location
    local: bool = False
    """Whether the body has a ``local`` command read as :data:`~.readings.LOCAL_MAIN_SCOPE` (only then are globals
    saved and restored around a call)."""


class Interpreter:
    """Runs compiled code blocks against states; holds the board geometry, the subroutines and the budget."""

    def __init__(self, geometry: Geometry, labels: set[str], readings: Readings = DOCUMENTED) -> None:
        self.geometry = geometry
        self.labels = labels
        self.readings = readings
        """How the points the documentation leaves open are read (:mod:`.readings`)."""
        missing = readings.holes == HOLES_MISSING
        self.hole_labels: dict[str, str] = dict.fromkeys(geometry.holes, HOLE_LABEL) if missing else {}
        """What ``space`` gives for a name that is no square: the holes' :data:`~.readings.HOLE_LABEL` under
        :data:`~.readings.HOLES_MISSING`, else nothing."""
        self.reach_at = {**geometry.at, **{pos: name for name, pos in geometry.holes.items()}} if missing \
            else geometry.at
        """(file, rank) -> the name ``where`` gives: the squares, and the holes under ``HOLES_MISSING``."""
        self.reach_position = {**geometry.position, **geometry.holes} if missing else geometry.position
        """Name -> (file, rank) for ``where``, ``rank`` and ``file``: the squares, and the holes under
        ``HOLES_MISSING``."""
        self.exact = False
        """True: evaluate ``and`` / ``or`` exactly as the reading says, without the fast chains (see
        :meth:`Compiler._logic`; ``GameCourierGame(shortcuts=False)``)."""
        self.arities: dict[str, int] | None = None
        """Under :data:`~.readings.ARITY_DEF`, the operands each ``def`` uses (expressions parsed while running)."""
        self.subs: dict[str, SubFn] = {}
        self.names: set[str] = set()
        """Names of functions and subroutines (read as themselves where a word is expected)."""
        self.unrunnable: list[UnsupportedError] | None = None
        """When a list before compiling: each command or word the compiled code could not run (it fails only when
        reached) is added as the error it would raise, so ``validate`` can name it without running anything."""
        self.steps = 0
        """Steps taken so far by every run."""
        self.charged = 0
        """Steps charged to the command's budget so far (see :data:`COMMAND_STEP_BUDGET`)."""
        self.limit = 0
        """The step count at which the running block must stop (the nearer of the two bounds)."""
        self.run_start = 0
        self.trace: set[tuple[str, int, str]] | None = None
        """When a set before compiling: every statement run adds ``(block, offset, "ran")``, every ``if`` /
        ``elseif`` / ``else`` branch taken ``(block, offset of its header, "taken")``, every call of a function
        or subroutine ``("fn" or "sub", -1, name)`` (what ``validate --run`` reports as never run)."""

    def where(self, square: str, dx: int, dy: int) -> str | None:
        """``where SQUARE DX DY`` as the reading of holes says: the name ``(dx, dy)`` away, or None."""
        pos = self.reach_position.get(square)
        return None if pos is None else self.reach_at.get((pos[0] + dx, pos[1] + dy))

    def run(self, body: list[Runner], state: State) -> None:
        """Run a compiled block on ``state``; ``die`` raises :class:`Die`, ``return`` ends the block."""
        self.run_start = self.steps
        self.limit = self.steps + min(STEP_LIMIT, FREE_STEPS_PER_RUN + COMMAND_STEP_BUDGET - self.charged)
        try:
            _run_list(body, Ctx(state, self, [], None, None, 0))  # a signal here ends the block
        except RecursionError:
            raise UnsupportedError("GAME Code nested too deeply to run", feature="nesting depth") from None
        finally:  # a run that ends in 'die' (an illegal candidate move) is charged too
            self.charged += max(0, self.steps - self.run_start - FREE_STEPS_PER_RUN)

    def tick(self, where: Callable[[], Location]) -> None:
        """Count one step; stop past :data:`STEP_LIMIT` in this run or past :data:`COMMAND_STEP_BUDGET`."""
        self.steps += 1
        if self.steps > self.limit:
            self.over(where)

    def over(self, where: Callable[[], Location]) -> None:
        """Raise the error of the bound the step count has passed (see :meth:`tick`), if it has passed one."""
        ran = self.steps - self.run_start
        if ran > STEP_LIMIT:
            raise UnsupportedError(f"GAME Code ran more than {STEP_LIMIT:,} steps in one run (the per-run bound "
                                   "STEP_LIMIT: a loop or recursion without end?)", where(), feature="step limit")
        if self.charged + ran - FREE_STEPS_PER_RUN > COMMAND_STEP_BUDGET:
            raise UnsupportedError(f"GAME Code looped more than {COMMAND_STEP_BUDGET:,} steps in this command, "
                                   f"counting steps beyond {FREE_STEPS_PER_RUN:,} a run (the whole-command bound "
                                   f"COMMAND_STEP_BUDGET; {ran:,} steps in this run)", where(),
                                   feature="command step budget")

    def call_def(self, c: Ctx, name: Value, args: list[Value], where: Callable[[], Location]) -> Value:
        """``fn NAME args``."""
        key = name if isinstance(name, str) else V.text(name)
        fn = c.s.defs.get(key)
        if self.trace is not None:
            self.trace.add(("fn", -1, key))
        if fn is None:
            raise UnsupportedError(f"fn {key}: no function of that name has been defined", where(),
                                   feature=f"function {key}")
        self.steps += 1  # tick(), inlined: this is the interpreter's most frequent call
        if self.steps > self.limit:
            self.over(where)
        if c.depth >= CALL_DEPTH_LIMIT:
            raise UnsupportedError(f"fn {fn.name}: calls nested deeper than {CALL_DEPTH_LIMIT}", where(),
                                   feature="recursion depth")
        if not fn.params and not fn.locals:
            body = fn.body
            return body(Ctx(c.s, self, args, None, c.my, c.depth + 1)) if body is not None else None
        named: dict[str, Value] | None = None
        if fn.params or fn.locals:
            named = {}
            rest = list(args)
            for param in fn.params:
                named[param] = rest.pop(0) if rest else None
        inner = Ctx(c.s, self, args, named, c.my, c.depth + 1)
        if named is not None:
            for local, value in fn.locals:
                named[local] = value(inner) if value is not None else None
        return fn.body(inner) if fn.body is not None else None

    def call_sub(self, c: Ctx, name: Value, args: list[Value], where: Callable[[], Location]) -> Value:
        """``gosub NAME args`` / ``sub NAME args``: run the subroutine, return its ``return`` value (``args`` is
        the caller's fresh list: it becomes the subroutine's)."""
        key = name if type(name) is str else V.text(name)
        sub = self.subs.get(key)
        if self.trace is not None:
            self.trace.add(("sub", -1, key))
        if sub is None:
            raise UnsupportedError(f"sub {key}: no subroutine of that name (it may come from an include "
                                   "library fairyport does not have)", where(), feature=f"subroutine {key}")
        self.steps += 1  # tick(), inlined
        if self.steps > self.limit:
            self.over(where)
        if c.depth >= CALL_DEPTH_LIMIT:
            raise UnsupportedError(f"sub {sub.name}: calls nested deeper than {CALL_DEPTH_LIMIT}", where(),
                                   feature="recursion depth")
        return self.enter(c, sub, args)

    def enter(self, c: Ctx, sub: SubFn, args: list[Value]) -> Value:
        """Run ``sub`` called from ``c`` with ``args`` (the step counted and the depth checked by the caller)."""
        params = sub.params
        my = dict(zip(params, args, strict=False)) if len(args) >= len(params) else \
            {param: (args[i] if i < len(args) else None) for i, param in enumerate(params)}
        inner = Ctx(c.s, self, args, None, my, c.depth + 1)
        if not sub.local:
            signal = _run_list(sub.body, inner)
            return signal.value if type(signal) is _Return else None
        saved: dict[str, Value] = {}
        my["\0local"] = saved  # globals saved by 'local', restored on the way out
        try:
            signal = _run_list(sub.body, inner)
        finally:
            for key, old in saved.items():
                if old is _UNSET:
                    c.s.vars.pop(key, None)
                else:
                    c.s.vars[key] = old
        return signal.value if type(signal) is _Return else None


_UNSET = object()
_T = TypeVar("_T")


def _run_list(body: list[Runner], c: Ctx) -> Signal:
    for statement in body:
        signal = statement(c)
        if signal is not None:
            return signal
    return None


# --- variables --------------------------------------------------------------------------------------------

def lookup(c: Ctx, name: str) -> Value:
    """``#name``: a named parameter or local of the running ``def``, the subroutine's ``my`` variable, a
    global; undefined names read as ``#name`` (:data:`UNDEFINED_IS_NAME`)."""
    if c.named is not None and name in c.named:
        return c.named[name]
    if c.my is not None and name in c.my:
        return c.my[name]
    vars_ = c.s.vars
    if name in vars_:
        return vars_[name]
    return "#" + name if UNDEFINED_IS_NAME else None


def assign(c: Ctx, name: str, value: Value) -> None:
    """``set name value``: the subroutine's own variable if it has one of that name, else the global."""
    if c.my is not None and name in c.my:
        c.my[name] = value
    else:
        c.s.vars[name] = value


# --- the compiler -----------------------------------------------------------------------------------------

_OPENERS = LOOP_BLOCKS  # the parser has checked that they pair up (a located ParseError otherwise)
_CLOSERS = frozenset(LOOP_BLOCKS.values())


SCOPES = ("general", "block", "sub")
"""Where compiled code runs, as far as its variables go: ``block``, the statements of a code block (Pre-Move,
Post-Move, ...: no function arguments, no ``my`` variables), ``sub``, the statements of a subroutine (its own
``my`` variables, no function's named arguments), ``general`` anything else (a ``def`` body, which sees named
arguments and its caller's ``my`` variables; ``eval``). A variable is read with only the look-ups its scope can
need (:func:`lookup` in general)."""


class Compiler:
    """Turns a parsed block into runners (statements) and code functions (expressions)."""

    def __init__(self, it: Interpreter, source: Source, scope: str = "general") -> None:
        self.it = it
        self.source = source
        self.scope = scope
        """One of :data:`SCOPES`: where the code being compiled runs."""

    def where(self, offset: int) -> Callable[[], Location]:
        """A function giving the file location of ``offset`` (computed only when an error needs it)."""
        locate = self.source.locate
        return lambda: locate(offset)

    def fail(self, reason: str, offset: int, feature: str) -> NoReturn:
        """Raise a located unsupported error."""
        raise UnsupportedError(reason, self.source.locate(offset), feature=feature)

    # statements ------------------------------------------------------------------------------------------

    def block(self, statements: list[Statement]) -> list[Runner]:
        """Compile a statement list, pairing loop and switch headers with their closers."""
        runners: list[Runner] = []
        i = 0
        while i < len(statements):
            statement = statements[i]
            if isinstance(statement, Command) and statement.name in _OPENERS:
                end = self._closer(statements, i)
                closer = statements[end]
                assert isinstance(closer, Command)
                runners.append(self._traced(self._structured(statement, statements[i + 1:end], closer),
                                            statement.offset))
                i = end + 1
                continue
            if isinstance(statement, Command) and statement.name in _CLOSERS:
                raise ParseError(f"'{statement.name}' without a matching opening statement",
                                 self.source.locate(statement.offset), expected="a statement",
                                 found=repr(statement.name))
            runners.append(self._traced(self.statement(statement), statement.offset))
            i += 1
        return runners

    def _traced(self, runner: Runner, offset: int, kind: str = "ran") -> Runner:
        """``runner``, recording that it ran when the interpreter traces (see :attr:`Interpreter.trace`)."""
        trace = self.it.trace
        if trace is None:
            return runner
        key = (self.source.name, offset, kind)

        def traced(c: Ctx) -> Signal:
            trace.add(key)
            return runner(c)
        return traced

    def _closer(self, statements: list[Statement], start: int) -> int:
        opener = statements[start]
        assert isinstance(opener, Command)
        closer = _OPENERS[opener.name]
        depth = 0
        for j in range(start, len(statements)):
            st = statements[j]
            if not isinstance(st, Command):
                continue
            if st.name in _OPENERS and _OPENERS[st.name] == closer:
                depth += 1
            elif st.name == closer:
                depth -= 1
                if depth == 0:
                    return j
        raise ParseError(f"'{opener.name}' without '{closer}'", self.source.locate(opener.offset),
                         expected=closer, found="end of block")

    def _structured(self, header: Command, body: list[Statement], closer: Command) -> Runner:
        if header.name == "do":
            return self._do(header, self.block(body), closer)
        if header.name == "switch":
            return self._switch(header, body)
        return self._for(header, self.block(body))

    def _condition(self, command: Command, skip: int = 0) -> tuple[str | None, CodeFn | None]:
        """``while EXPR`` / ``until EXPR`` after a ``do`` or ``loop``."""
        args = list(command.args)[skip:]
        if not args:
            return None, None
        kind = args[0].text
        if kind not in ("while", "until"):
            self.fail(f"'{command.name}' takes 'while' or 'until', not {args[0].text!r}", args[0].offset,
                      f"{command.name} {args[0].text}")
        return kind, self.tokens_expr(args[1:], command.offset)

    def _do(self, header: Command, body: list[Runner], closer: Command) -> Runner:
        top_kind, top = self._condition(header)
        bottom_kind, bottom = self._condition(closer)
        where = self.where(header.offset)
        it = self.it

        truthy = V.truthy
        top_while = top_kind == "while"

        def run(c: Ctx) -> Signal:
            while True:
                it.steps += 1  # tick(), inlined
                if it.steps > it.limit:
                    it.over(where)
                if top is not None and truthy(top(c)) != top_while:
                    return None
                signal = _run_list(body, c)
                if signal is not None and signal is not _CONTINUE:
                    return None if signal is _BREAK else signal
                if bottom is not None and V.truthy(bottom(c)) != (bottom_kind == "while"):
                    return None
        return run

    def _for(self, header: Command, body: list[Runner]) -> Runner:
        args = list(header.args)
        if not args:
            self.fail(f"'{header.name}' needs a variable and an array", header.offset, header.name)
        names: list[str]
        if args[0].kind == "lparen":
            close = next((k for k, t in enumerate(args) if t.kind == "rparen"), None)
            if close is None:
                raise ParseError("unclosed parenthesis", self.source.locate(args[0].offset), expected="')'",
                                 found="end of statement")
            names = [t.value for t in args[1:close]]
            rest = args[close + 1:]
        else:
            names = [args[0].value]
            rest = args[1:]
        names = [n[1:] if n.startswith("#") else n for n in names]
        if not names or len(names) > 2 or not rest:
            self.fail(f"'{header.name}' takes a variable (or '(key value)') and an array", header.offset, header.name)
        source = self.tokens_expr(rest, header.offset)
        where = self.where(header.offset)
        it = self.it

        pair = len(names) == 2
        first = names[0]
        second = names[-1]

        def run(c: Ctx) -> Signal:
            array = V.as_array(source(c))
            for key, value in list(array.items()):
                it.steps += 1  # tick(), inlined
                if it.steps > it.limit:
                    it.over(where)
                my = c.my  # assign(), inlined
                if pair:
                    if my is not None and first in my:
                        my[first] = key
                    else:
                        c.s.vars[first] = key
                if my is not None and second in my:
                    my[second] = value
                else:
                    c.s.vars[second] = value
                signal = _run_list(body, c)
                if signal is not None and signal is not _CONTINUE:
                    return None if signal is _BREAK else signal
            return None
        return run

    def _switch(self, header: Command, statements: list[Statement]) -> Runner:
        subject = self.tokens_expr(list(header.args), header.offset)
        cases: list[tuple[list[CodeFn] | None, int]] = []  # (values or None for default, index in body)
        body: list[Statement] = []
        for st in statements:
            if isinstance(st, Command) and st.name in ("case", "default"):
                if st.name == "default":
                    cases.append((None, len(body)))
                else:
                    parsed = self.operands(list(st.args), st.offset, words_literal=True)
                    cases.append((parsed, len(body)))
                continue
            body.append(st)
        # each case's statements run from its index to the end (fall-through, until 'break')
        compiled = self.block(body)
        # a loop compiles to one runner, so a case's start is the number of runners before it
        starts = [len(self.block(body[:index])) for _, index in cases]

        def run(c: Ctx) -> Signal:
            value = subject(c)
            start = None
            default = None
            for (values, _), begin in zip(cases, starts, strict=True):
                if values is None:
                    default = begin
                elif any(V.loose_equal(value, f(c)) for f in values):
                    start = begin
                    break
            if start is None:
                start = default
            if start is None:
                return None
            signal = _run_list(compiled[start:], c)
            return None if signal is _BREAK else signal  # 'continue' and 'return' go on to the loop or sub
        return run

    def statement(self, st: Statement) -> Runner:
        """Compile one statement."""
        if isinstance(st, IfBlock):
            return self._if(st)
        if isinstance(st, SubBlock):
            return _nothing
        return self.command(st)

    def _if(self, block: IfBlock) -> Runner:
        branches: list[tuple[CodeFn | None, list[Runner]]] = []
        for branch in block.branches:
            cond = self.expr(branch.condition) if branch.condition is not None else None
            if branch.keyword != "else" and cond is None:
                self.fail(f"'{branch.keyword}' without a condition", branch.header.offset, branch.keyword)
            body = self.block(branch.body)
            if self.it.trace is not None:
                body.insert(0, self._traced(_nothing, branch.header.offset, "taken"))
            branches.append((cond, body))

        truthy = V.truthy
        if len(branches) == 1 and branches[0][0] is not None:
            only_cond, only_body = branches[0]
            assert only_cond is not None
            if len(only_body) == 1:  # the commonest: 'if TEST: die ...;' and the like
                only = only_body[0]

                def run_single(c: Ctx) -> Signal:
                    value = only_cond(c)
                    if value is True or (value is not False and truthy(value)):
                        return only(c)
                    return None
                return run_single

            def run_one(c: Ctx) -> Signal:
                value = only_cond(c)
                if value is True or (value is not False and truthy(value)):
                    return _run_list(only_body, c)
                return None
            return run_one

        def run(c: Ctx) -> Signal:
            for cond, body in branches:
                if cond is None:
                    return _run_list(body, c)
                value = cond(c)
                if value is True or (value is not False and truthy(value)):
                    return _run_list(body, c)
            return None
        return run

    def sub(self, block: SubBlock) -> SubFn:
        """Compile a subroutine."""
        params = tuple(p[1:] if p.startswith("#") else p for p in block.params)
        return SubFn(block.name, params, self._in_scope("sub", lambda: self.block(block.body)),
                     self.source.locate(block.offset),
                     self.it.readings.local == LOCAL_MAIN_SCOPE and _has_local(block.body))

    def _in_scope(self, scope: str, compile_it: Callable[[], _T]) -> _T:
        """``compile_it()`` with :attr:`scope` set to ``scope``."""
        saved, self.scope = self.scope, scope
        try:
            return compile_it()
        finally:
            self.scope = saved

    @classmethod
    def called_sub(cls, cmd: Command) -> str | None:
        """The name of the subroutine ``cmd`` calls (``gosub NAME ...``, or ``NAME ...`` where NAME is no built-in
        command), else None."""
        if cmd.name == "gosub":
            return cmd.target
        return None if cmd.name in cls._COMMANDS else cmd.name

    def command(self, cmd: Command) -> Runner:
        """Compile one command: a built-in one by :attr:`_COMMANDS`, else a call of the preset's subroutine of
        that name."""
        compile_command = self._COMMANDS.get(cmd.name)
        if compile_command is not None:
            return compile_command(self, cmd)
        if cmd.name in self.it.subs:
            return self._sub_command(cmd, cmd.name)
        return self._unknown_command(cmd)

    def _set_command(self, cmd: Command) -> Runner:
        """``set`` and ``setconst``: a global in a block, else a ``my`` variable where there is one."""
        value = self._expr_or_null(cmd)
        var = (cmd.target or "").lstrip("#")
        if self.scope == "block":  # no my variables (see SCOPES): a global

            def set_global(c: Ctx) -> None:
                c.s.vars[var] = value(c)
            return set_global

        def run_set(c: Ctx) -> None:  # assign(), inlined
            result = value(c)
            my = c.my
            if my is not None and var in my:
                my[var] = result
            else:
                c.s.vars[var] = result
        return run_set

    def _def_command(self, cmd: Command) -> Runner:
        """``def NAME EXPR``: the function defined when the command runs."""
        fn = self._in_scope("general", lambda: DefFn(
            cmd.target or "", self.expr(cmd.expr) if cmd.expr is not None else None,
            [b.name for b in cmd.bindings if b.value is None],
            [(b.name, self.expr(b.value)) for b in cmd.bindings if b.value is not None], cmd.expr))
        if cmd.expr is not None:
            fn.reach = function_reach(cmd.expr, self.it.geometry)

        def run_def(c: Ctx) -> None:
            c.s.defs[fn.name] = fn
        return run_def

    def _setsystem_command(self, cmd: Command) -> Runner:
        value = self._expr_or_null(cmd)
        key = cmd.target or ""

        def run_system(c: Ctx) -> None:
            c.s.system[key] = value(c)
        return run_system

    def _my_command(self, cmd: Command) -> Runner:
        names = [t.value.lstrip("#") for t in cmd.args]

        def run_my(c: Ctx) -> None:
            if c.my is not None:
                for n in names:
                    c.my[n] = None
        return run_my

    def _local_command(self, cmd: Command) -> Runner:
        """``local NAMES``: as ``my`` (:data:`~.readings.LOCAL_AS_MY`), or the globals' values kept, to be put back
        when the subroutine returns (:data:`~.readings.LOCAL_MAIN_SCOPE`)."""
        if self.it.readings.local != LOCAL_MAIN_SCOPE:
            return self._my_command(cmd)
        names = [t.value.lstrip("#") for t in cmd.args]

        def run_local(c: Ctx) -> None:
            if c.my is None:
                return
            saved = c.my["\0local"]
            for n in names:
                if n not in saved:
                    saved[n] = c.s.vars.get(n, _UNSET)
        return run_local

    def _eval_command(self, cmd: Command) -> Runner:
        """``eval EXPR``: the text of an expression run as code (not a move string)."""
        value = self._expr_or_null(cmd)
        where = self.where(cmd.offset)

        def run_eval(c: Ctx) -> None:
            result = value(c)
            if isinstance(result, str) and result.lstrip().upper().startswith("MOVE:"):
                raise UnsupportedError(f"eval of a move string ({result!r}): fairyport does not run moves "
                                       "written in code", where(), feature="eval MOVE")
            _eval(c, [result])
        return run_eval

    def _return_command(self, cmd: Command) -> Runner:
        value = self._expr_or_null(cmd)

        def run_return(c: Ctx) -> Signal:
            return _Return(value(c))
        return run_return

    def _verify_command(self, cmd: Command) -> Runner:
        value = self._expr_or_null(cmd)
        where = self.where(cmd.offset)

        def run_verify(c: Ctx) -> None:
            if not V.truthy(value(c)):
                raise Die(f"verify failed: {cmd.text}", where)
        return run_verify

    def _print_command(self, cmd: Command) -> Runner:
        """``print`` and ``echo``: the value's text added to the output."""
        value = self._expr_or_null(cmd)

        def run_print(c: Ctx) -> None:
            c.s.output.append(V.text(value(c)))
        return run_print

    def _die_command(self, cmd: Command) -> Runner:
        message = (cmd.message or "").strip()
        where = self.where(cmd.offset)

        def run_die(c: Ctx) -> None:
            raise Die(message, where)
        return run_die

    def _say_command(self, cmd: Command) -> Runner:
        message = (cmd.message or "").strip()

        def run_say(c: Ctx) -> None:
            c.s.output.append(message)
        return run_say

    def _jump_command(self, cmd: Command) -> Runner:
        """``break`` and ``continue``."""
        jump = _BREAK if cmd.name == "break" else _CONTINUE

        def run_jump(c: Ctx) -> Signal:
            return jump
        return run_jump

    def _result_command(self, cmd: Command) -> Runner:
        """``won``, ``lost`` and ``drawn``: the game's result."""
        result = cmd.name

        def run_result(c: Ctx) -> None:
            c.s.result = result
        return run_result

    def _gosub_command(self, cmd: Command) -> Runner:
        return self._sub_command(cmd, cmd.target or "")

    def _sub_command(self, cmd: Command, name: str) -> Runner:
        """A call of the subroutine ``name`` with the command's operands (``gosub NAME ...`` or ``NAME ...``)."""
        call = self._sub_named(name, self.operands(list(cmd.args), cmd.offset, words_literal=True),
                               self.where(cmd.offset))

        def run_call(c: Ctx) -> None:
            call(c)
        return run_call

    def _include_command(self, cmd: Command) -> Runner:
        included = " ".join(t.value for t in cmd.args)
        self.fail(unavailable_include(included), cmd.offset, f"include {included}")

    def _unknown_command(self, cmd: Command) -> Runner:
        """A command fairyport does not run: an error when it runs (recorded in :attr:`Interpreter.unrunnable`)."""
        name = cmd.name
        it = self.it
        feature = name if cmd.known else f"command {name}"
        reason = f"'{name}' is not a GAME Code command fairyport knows (nor a subroutine of this preset)"
        if it.unrunnable is not None:
            it.unrunnable.append(UnsupportedError(reason, self.source.locate(cmd.offset), feature=feature))

        def run_unknown(c: Ctx) -> None:
            self.fail(reason, cmd.offset, feature)
        return run_unknown

    def _board_command(self, cmd: Command) -> Runner:
        """Compile a command that changes the board, the flags or an array (:attr:`_BOARD_COMMANDS`); its operands
        are read, and their syntax checked, first."""
        operands = self.operands(list(cmd.args), cmd.offset, words_literal=True)
        return self._BOARD_COMMANDS[cmd.name](self, cmd, operands)

    def _square_check(self, cmd: Command) -> Callable[[Value], str]:
        """A function giving the square a value names, or a located error when it names none of this board's."""
        name = cmd.name
        where = self.where(cmd.offset)
        geometry = self.it.geometry

        def square(value: Value) -> str:
            sq = V.text(value)
            if sq not in geometry.position:
                raise UnsupportedError(f"{name}: {V.show(value)} is not a square of this board", where(),
                                       feature=name)
            return sq
        return square

    def _counted_operands(self, cmd: Command, operands: list[CodeFn]) -> Callable[[Ctx, int], list[Value]]:
        """A function giving the operands' values, or a located error when there are not ``count`` of them."""
        name = cmd.name
        where = self.where(cmd.offset)

        def args(c: Ctx, count: int) -> list[Value]:
            found = [f(c) for f in operands]
            if len(found) != count:
                raise UnsupportedError(f"{name} takes {count} operand{'s' if count != 1 else ''}, found "
                                       f"{len(found)}", where(), feature=name)
            return found
        return args

    def _flag_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``setflag`` and ``unsetflag``: each operand, or each element of an array operand, a flag."""
        flag_value = cmd.name == "setflag"

        def run_flag(c: Ctx) -> None:
            for f in operands:
                value = f(c)
                for key in (value.values() if isinstance(value, dict) else (value,)):
                    c.s.flags[V.text(key)] = flag_value
        return run_flag

    def _ban_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``ban`` and ``allow``: the operands' texts kept as the system variable of that name."""
        name = cmd.name

        def run_ban(c: Ctx) -> None:
            c.s.system[name] = [V.text(f(c)) for f in operands]
        return run_ban

    def _setlegal_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``setlegal``: origins each followed by destinations (squares or arrays of them) added to the legal
        moves."""
        where = self.where(cmd.offset)
        square = self._square_check(cmd)

        def run_setlegal(c: Ctx) -> None:
            values = [f(c) for f in operands]
            origin: str | None = None
            for value in values:
                if isinstance(value, dict):
                    if origin is None:
                        raise UnsupportedError("setlegal: a list of destinations before any origin", where(),
                                               feature="setlegal")
                    c.s.legal.extend((origin, square(v)) for v in value.values())
                elif origin is None or (len(values) > 2 and isinstance(values[-1], dict)):
                    origin = square(value)
                else:
                    c.s.legal.append((origin, square(value)))
        return run_setlegal

    def _add_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        square = self._square_check(cmd)
        args = self._counted_operands(cmd, operands)

        def run_add(c: Ctx) -> None:
            label, sq = args(c, 2)
            c.s.board[square(sq)] = V.text(label) or EMPTY
        return run_add

    def _capture_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``capture``, ``empty`` and ``remove``: each operand's square emptied."""
        square = self._square_check(cmd)

        def run_capture(c: Ctx) -> None:
            for f in operands:
                c.s.board[square(f(c))] = EMPTY
        return run_capture

    def _move_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        square = self._square_check(cmd)
        args = self._counted_operands(cmd, operands)

        def run_move(c: Ctx) -> None:
            a, b = (square(v) for v in args(c, 2))
            board = c.s.board
            board[b] = board[a]
            if a != b:
                board[a] = EMPTY
        return run_move

    def _array_store(self, cmd: Command, var: str) -> Callable[[Ctx, dict[Any, Value]], None]:
        """A function setting the variable ``var`` to an array, or a located error when the array has more than
        :data:`~.operators.MAX_ARRAY` elements."""
        name = cmd.name
        where = self.where(cmd.offset)

        def store(c: Ctx, array: dict[Any, Value]) -> None:
            if len(array) > MAX_ARRAY:
                raise UnsupportedError(f"{name}: an array of more than {MAX_ARRAY} elements", where(),
                                       feature="array size")
            assign(c, var, array)
        return store

    def _setelem_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``setelem ARRAY KEY VALUE``."""
        where = self.where(cmd.offset)
        var = cmd.args[0].value.lstrip("#") if cmd.args else ""
        rest = operands[1:]
        store = self._array_store(cmd, var)

        def run_setelem(c: Ctx) -> None:
            if len(rest) != 2:
                raise UnsupportedError("setelem takes an array name, a key and a value", where(),
                                       feature="setelem")
            array = dict(V.as_array(lookup(c, var)))
            key = rest[0](c)
            array[key if isinstance(key, (int, str)) else V.text(key)] = rest[1](c)
            store(c, array)
        return run_setelem

    def _push_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``push ARRAY VALUES``: each value under the next whole-number key."""
        var = cmd.args[0].value.lstrip("#") if cmd.args else ""
        rest = operands[1:]
        store = self._array_store(cmd, var)

        def run_push(c: Ctx) -> None:
            array = dict(V.as_array(lookup(c, var)))
            for f in rest:
                ints = [k for k in array if isinstance(k, int)]
                array[max(ints) + 1 if ints else 0] = f(c)
            store(c, array)
        return run_push

    def _unset_command(self, cmd: Command, operands: list[CodeFn]) -> Runner:
        """``unset NAMES``: each variable removed (a ``my`` variable where there is one, else the global)."""

        def run_unset(c: Ctx) -> None:
            for token in cmd.args:
                key = token.value.lstrip("#")
                if c.my is not None and key in c.my:
                    del c.my[key]
                else:
                    c.s.vars.pop(key, None)
        return run_unset

    _BOARD_COMMANDS: ClassVar[dict[str, Callable[[Compiler, Command, list[CodeFn]], Runner]]] = {
        "setflag": _flag_command, "unsetflag": _flag_command, "ban": _ban_command, "allow": _ban_command,
        "setlegal": _setlegal_command, "add": _add_command, "capture": _capture_command, "empty": _capture_command,
        "remove": _capture_command, "move": _move_command, "setelem": _setelem_command, "push": _push_command,
        "unset": _unset_command}
    """The commands :meth:`_board_command` compiles, by name."""

    _COMMANDS: ClassVar[dict[str, Callable[[Compiler, Command], Runner]]] = {
        "set": _set_command, "setconst": _set_command, "def": _def_command, "setsystem": _setsystem_command,
        "my": _my_command, "local": _local_command, "eval": _eval_command, "return": _return_command,
        "print": _print_command, "echo": _print_command, "verify": _verify_command, "die": _die_command,
        "say": _say_command, "break": _jump_command, "continue": _jump_command, "won": _result_command,
        "lost": _result_command, "drawn": _result_command, "gosub": _gosub_command,
        **dict.fromkeys(_BOARD_COMMANDS, _board_command), "include": _include_command}
    """The built-in commands :meth:`command` compiles, by name (a subroutine of the same name is not called)."""

    # expressions -----------------------------------------------------------------------------------------

    def _expr_or_null(self, cmd: Command) -> CodeFn:
        if cmd.expr is None:
            return _null
        return self.expr(cmd.expr)

    def tokens_expr(self, tokens: list[Token], offset: int) -> CodeFn:
        """Parse and compile an expression given as tokens (loop and switch headers)."""
        if not tokens:
            self.fail("an expression is missing", offset, "expression")
        parsed = parse_expression(tokens, self.source.text, arities=self.it.arities)
        if parsed.errors:
            first = parsed.errors[0]
            raise ParseError(first.reason, self.source.locate(first.location.offset or 0), expected=first.expected,
                             found=first.found)
        if parsed.expr is None:  # '()' alone: nothing to evaluate
            raise ParseError("an expression is missing", self.source.locate(tokens[0].offset),
                             expected="an expression", found=repr(" ".join(t.text for t in tokens)))
        return self.expr(parsed.expr)

    def operands(self, tokens: list[Token], offset: int, *, words_literal: bool) -> list[CodeFn]:
        """The operands of a command that takes plain arguments (``setflag``, ``add``, ``gosub``): each a
        value, a variable or a parenthesised expression; bare words are names here."""
        if not tokens:
            return []
        parsed = parse_expression(tokens, self.source.text, arities=self.it.arities)
        if parsed.errors:
            first = parsed.errors[0]
            raise ParseError(first.reason, self.source.locate(first.location.offset or 0), expected=first.expected,
                             found=first.found)
        expr = parsed.expr
        items = list(expr.items) if isinstance(expr, Sequence) else [expr] if expr is not None else []
        return [self.expr(item, words_literal=words_literal, list_group=True) for item in items]

    def expr(self, e: Expr, *, words_literal: bool = False, list_group: bool = False) -> CodeFn:
        """Compile an expression node."""
        if isinstance(e, Atom):
            return self.atom(e, words_literal)
        if isinstance(e, Logic):
            return self._logic(e)
        if isinstance(e, Group):
            if list_group and isinstance(e.inner, Sequence):
                items = [self.expr(i, words_literal=words_literal) for i in e.inner.items]
                return lambda c: V.make_array([f(c) for f in items])
            return self.expr(e.inner, words_literal=words_literal)
        if isinstance(e, Sequence):
            for item in e.items:
                if isinstance(item, Atom) and item.kind == "word" and not self._literal(item.text):
                    return self.atom(item, False)
            first = e.items[1] if len(e.items) > 1 else e.items[0]
            text = first.canonical()
            offset = first.offset

            def leftover(c: Ctx) -> Value:
                self.fail(f"operand {text!r} is left over: no operator takes it (an unknown operator before it?)",
                          offset, f"operator before {text}")
            return leftover
        return self.call(e)

    def _logic(self, e: Logic) -> CodeFn:
        """An ``and`` / ``or`` chain in the interpreter's :data:`~.readings.LogicReading`: left operand first,
        right operand first, or every operand. The fast ``or`` chains of movement and label terms (which skip the
        terms that cannot hold) are exact left first; under the other readings they are used unless
        :attr:`Interpreter.exact` (they give the same value, and differ only where a skipped term would raise or
        have an effect, which the proof of the readings, run exact, rules out for written presets)."""
        is_or = e.op == "or"
        terms = or_terms(e) if is_or else and_terms(e)
        compiled = [self.expr(t) for t in terms]
        logic = self.it.readings.logic
        if is_or and (logic == LOGIC_LEFT_FIRST or not self.it.exact):
            chain = self._label_chain(terms, compiled) or or_chain(terms, compiled, self.it.geometry, _endpoints)
            if chain is not None:
                return chain
        if logic == LOGIC_RIGHT_FIRST:
            return _chain_of(compiled[::-1], is_or)
        if logic == LOGIC_EVERY_OPERAND:
            return _every_of(compiled[::-1], is_or)
        return _chain_of(compiled, is_or)

    def _label_chain(self, terms: list[Expr], compiled: list[CodeFn]) -> CodeFn | None:
        """An ``or`` chain whose every term begins (leftmost in its ``and`` chain) with ``== #x LABEL`` (or
        ``== #0 LABEL``), the same parameter or variable in every term, each ``LABEL`` a word that is no number:
        ``(== #0 P and ...) or (== #0 X and ...) or ...``. When ``#x`` holds text, a term whose label differs is
        false at its first operand (``==`` of text and a non-numeric word is plain equality), so only the terms of
        that label run, in their order: the chain's value, side effects and errors are those of running it left to
        right. Other values run the whole chain. None when the chain has another form or fewer than
        :data:`MIN_LABEL_TERMS` terms."""
        if len(terms) < MIN_LABEL_TERMS:
            return None
        subject: Atom | None = None
        table: dict[str, list[CodeFn]] = {}
        for term, run in zip(terms, compiled, strict=True):
            first = term
            while isinstance(first, Group) or (isinstance(first, Logic) and first.op == "and"):
                first = first.inner if isinstance(first, Group) else first.left
            if not (isinstance(first, Call) and first.op == "==" and len(first.args) == 2):
                return None
            a, b = first.args
            if isinstance(b, Atom) and b.kind in ("param", "variable"):
                a, b = b, a
            if not (isinstance(a, Atom) and a.kind in ("param", "variable") and isinstance(b, Atom)
                    and b.kind == "word" and b.text not in PREPROCESSOR and b.text not in LITERAL_WORDS
                    and self._literal(b.text) and not V.is_numeric(b.text)):
                return None
            if subject is None:
                subject = a
            elif (subject.kind, subject.text) != (a.kind, a.text):
                return None
            table.setdefault(b.text, []).append(run)
        assert subject is not None
        read = self.atom(subject, False)
        truthy = V.truthy

        def label_or(c: Ctx) -> Value:
            value = read(c)
            runs = table.get(value, ()) if type(value) is str else compiled
            for run in runs:
                found = run(c)
                if found is True or (found is not False and truthy(found)):
                    return True
            return False
        return label_or

    def atom(self, e: Atom, words_literal: bool) -> CodeFn:
        """Compile an operand."""
        kind, text = e.kind, e.text
        if kind == "number":
            number = V.number(text)
            return lambda c: number
        if kind == "string":
            value = text[1:-1] if len(text) >= 2 and text.endswith('"') else text[1:]
            return lambda c: value
        if kind == "param":
            index = int(text[1:])

            def param(c: Ctx) -> Value:
                args = c.args
                return args[index] if index < len(args) else (text if UNDEFINED_IS_NAME else None)
            return param
        if kind == "variable":
            name = text[1:]
            undefined = text if UNDEFINED_IS_NAME else None
            if self.scope == "block":  # no arguments, no my variables: a global
                return lambda c: c.s.vars.get(name, undefined)
            if self.scope == "sub":  # the subroutine's own variables (always a dict), then the globals

                def sub_variable(c: Ctx) -> Value:
                    my = c.my
                    assert my is not None
                    return my[name] if name in my else c.s.vars.get(name, undefined)
                return sub_variable

            def variable(c: Ctx) -> Value:  # lookup(), inlined: the commonest operand
                named = c.named
                if named is not None and name in named:
                    return named[name]
                my = c.my
                if my is not None and name in my:
                    return my[name]
                return c.s.vars.get(name, undefined)
            return variable
        if text in PREPROCESSOR and text != "thismove":
            read_slot = operator.attrgetter(text)
            return lambda c: read_slot(c.s)
        if text in PREPROCESSOR:
            slot = text

            def preprocessor(c: Ctx) -> Value:
                s = c.s
                if slot == "thismove":
                    board = s.board
                    if hasattr(board, "seen"):
                        board.seen = True
                return getattr(s, slot)
            return preprocessor
        if text in ("true", "false", "null"):
            constant = {"true": True, "false": False, "null": None}[text]
            return lambda c: constant
        if words_literal or self._literal(text):
            return lambda c: text
        offset = e.offset
        reason = f"unknown word {text!r}: not an operator fairyport knows, a square, a piece label or a variable"
        if self.it.unrunnable is not None:
            self.it.unrunnable.append(UnsupportedError(reason, self.source.locate(offset), feature=text))

        def unknown(c: Ctx) -> Value:
            self.fail(reason, offset, text)
        return unknown

    def _literal(self, text: str) -> bool:
        return is_literal(self.it, text)

    def call(self, e: Call) -> CodeFn:
        """Compile an operator and its operands."""
        op = e.op
        if op in ("fn", "sub"):
            return self._named_call(e)
        if op == "var":
            name_fn = self.expr(e.args[0], words_literal=True) if e.args else _null
            return lambda c: lookup(c, V.text(name_fn(c)).lstrip("#"))
        if op == "cond":
            return self._cond(e)
        if op in _CHECKS:
            return self._check(e)
        return self._operator(e)

    def _named_call(self, e: Call) -> CodeFn:
        """``fn NAME ARGS`` and ``sub NAME ARGS``: the name written out, or computed when the call runs."""
        op = e.op
        where = self.where(e.offset)
        it = self.it
        if not e.args:
            self.fail(f"'{op}' needs a name", e.offset, op)
        head = e.args[0]
        name_fn = self.expr(head, words_literal=True) if isinstance(head, Atom) else self.expr(head)
        arg_fns = [self.expr(a) for a in e.args[1:]]
        written = head.text if isinstance(head, Atom) and head.kind == "word" and head.text not in PREPROCESSOR \
            and head.text not in ("true", "false", "null") else None
        if op == "fn":
            if written is not None:
                return self._fn_named(written, arg_fns, where)
            return self._fn_named(None, arg_fns, where, name_fn)
        if written is not None:
            return self._sub_named(written, arg_fns, where)
        return lambda c: it.call_sub(c, name_fn(c), [f(c) for f in arg_fns], where)

    def _cond(self, e: Call) -> CodeFn:
        """``cond TEST YES NO``: only the operand chosen is evaluated."""
        if len(e.args) != 3:
            self.fail("'cond' takes 3 operands", e.offset, "cond")
        test, yes, no = (self.expr(a) for a in e.args)
        truthy = V.truthy

        def cond(c: Ctx) -> Value:
            value = test(c)
            return yes(c) if value is True or (value is not False and truthy(value)) else no(c)
        return cond

    def _operator(self, e: Call) -> CodeFn:
        """An operator of :data:`_OPERATORS` (or one :meth:`_fast` compiles), its operand count checked."""
        op = e.op
        args = [self.expr(a, words_literal=op in _NAME_OPERANDS and i == 0) for i, a in enumerate(e.args)]
        fast = self._fast(op, args, e)
        if fast is not None:
            return fast
        impl = _OPERATORS.get(op)
        if impl is None:
            self.fail(f"operator '{op}' is not supported by fairyport's GAME Code interpreter", e.offset, op)
        arity, function = impl
        if arity >= 0 and len(args) != arity:
            self.fail(f"'{op}' takes {arity} operand{'s' if arity != 1 else ''}, found {len(args)}", e.offset, op)
        run_with = self._located(op, function, e.offset)
        if arity == 1:
            only = args[0]
            return lambda c: run_with(c, [only(c)])
        if op == "where" and len(args) == 3:
            return self._where_computed(args, run_with)
        on_ints = _ON_INTS.get(op) if arity == 2 else None
        if on_ints is not None:  # chosen here, not on every run
            return self._on_ints(e, args, on_ints, run_with)
        return lambda c: run_with(c, [f(c) for f in args])

    def _located(self, op: str, function: Callable[[Ctx, list[Value]], Value],
                 offset: int) -> Callable[[Ctx, list[Value]], Value]:
        """``function`` run on operand values, its problems (bad values, division by zero, numbers out of range)
        raised as errors located at ``offset``."""
        locate = self.source.locate

        def run_with(c: Ctx, values: list[Value]) -> Value:
            try:
                return function(c, values)
            except ValueProblem as problem:
                raise UnsupportedError(f"{op}: {problem}", locate(offset), feature=op) from None
            except ZeroDivisionError:
                raise UnsupportedError(f"{op}: division by zero", locate(offset), feature=op) from None
            except FairyportError:
                raise
            except (OverflowError, ValueError):
                raise UnsupportedError(f"{op}: a number out of range", locate(offset), feature=op) from None
        return run_with

    def _on_ints(self, e: Call, args: list[CodeFn], on_ints: Callable[[int, int], Value],
                 general: Callable[[Ctx, list[Value]], Value]) -> CodeFn:
        """A two-operand operator of :data:`_ON_INTS`: two whole numbers directly (a comparison with a written
        whole number with its bound read once), other values, or a result the shortcut leaves to it, by
        ``general``."""
        left, right = args
        constant = e.args[1]
        compare = _COMPARE_INTS.get(e.op)
        if compare is not None and isinstance(constant, Atom) and constant.kind == "number" \
                and type(V.number(constant.text)) is int:
            bound = int(V.number(constant.text))  # ``>= rank #0 6``: the commonest comparison

            def compare_to(c: Ctx) -> Value:
                x = left(c)
                if type(x) is int:
                    return compare(x, bound)
                return general(c, [x, bound])
            return compare_to

        def apply2(c: Ctx) -> Value:
            x, y = left(c), right(c)
            if type(x) is int and type(y) is int:
                result = on_ints(x, y)
                if result is not None:
                    return result
            return general(c, [x, y])
        return apply2

    def _fn_named(self, key: str | None, arg_fns: list[CodeFn], where: Callable[[], Location],
                  name_fn: CodeFn | None = None) -> CodeFn:
        """``fn NAME args`` with the name written out (``key``) or computed (``name_fn``): :meth:`Interpreter.call_def`
        without its general cases (a traced run, parameters, an undefined name, the depth bound go to it)."""
        it = self.it
        text = V.text

        if name_fn is None and len(arg_fns) in (1, 2, 3):  # the commonest calls: a written name, a few arguments
            assert key is not None
            name = key
            first, second, third = (*arg_fns, _null, _null)[:3]
            count = len(arg_fns)

            def call_written(c: Ctx) -> Value:
                args = [first(c)] if count == 1 else [first(c), second(c)] if count == 2 else \
                    [first(c), second(c), third(c)]
                s = c.s
                fn = s.defs.get(name)
                if fn is None or not fn.plain or it.trace is not None or c.depth >= CALL_DEPTH_LIMIT:
                    return it.call_def(c, name, args, where)  # and its errors
                it.steps += 1  # tick(), inlined
                if it.steps > it.limit:
                    it.over(where)
                body = fn.body
                return body(Ctx(s, it, args, None, c.my, c.depth + 1)) if body is not None else None
            return call_written

        def call_fn(c: Ctx) -> Value:
            name = key
            if name_fn is not None:
                value = name_fn(c)
                name = value if type(value) is str else text(value)
            assert name is not None
            args = [f(c) for f in arg_fns]
            fn = c.s.defs.get(name)
            if fn is None or not fn.plain or it.trace is not None or c.depth >= CALL_DEPTH_LIMIT:
                return it.call_def(c, name, args, where)  # and its errors
            it.steps += 1  # tick(), inlined
            if it.steps > it.limit:
                it.over(where)
            body = fn.body
            return body(Ctx(c.s, it, args, None, c.my, c.depth + 1)) if body is not None else None
        return call_fn

    def _sub_named(self, key: str, arg_fns: list[CodeFn], where: Callable[[], Location]) -> CodeFn:
        """``sub NAME args`` (or the command ``NAME args``) with the name written out: :meth:`Interpreter.call_sub`
        without its general cases (an undefined name, ``local``, a traced run, the depth bound go to it)."""
        it = self.it
        subs = it.subs

        def call_sub_written(c: Ctx) -> Value:
            args = [f(c) for f in arg_fns]
            sub = subs.get(key)
            if sub is None or sub.local or it.trace is not None or c.depth >= CALL_DEPTH_LIMIT:
                return it.call_sub(c, key, args, where)  # and its errors
            it.steps += 1  # tick(), inlined
            if it.steps > it.limit:
                it.over(where)
            return it.enter(c, sub, args)
        return call_sub_written

    def _fast(self, op: str, args: list[CodeFn], e: Call) -> CodeFn | None:
        """The commonest operators compiled straight to a closure over their operands (no operand list, no
        operator table): the same results and errors as :data:`~.operators.OPERATORS`' entries. None for the
        others."""
        text, truthy, loose_equal = V.text, V.truthy, V.loose_equal
        position, holes, reach = self.it.geometry.position, self.it.hole_labels, self.it.reach_position
        if len(args) == 1:
            (a,) = args
            if op in ("not", "!"):
                def not_(c: Ctx) -> Value:
                    value = a(c)
                    return value is False or (value is not True and not truthy(value))
                return not_
            if op in ("space", "empty"):
                empty = op == "empty"

                def space(c: Ctx) -> Value:
                    value = a(c)
                    sq = value if type(value) is str else text(value)
                    found = c.s.board.get(sq) if sq in position else holes.get(sq)
                    return found == EMPTY if empty else found
                return space
            if op == "flag":
                return lambda c: truthy(c.s.flags.get(text(a(c)), False))
            if op in ("isupper", "islower"):
                side = 1 if op == "isupper" else 2
                return lambda c: side_of(text(a(c))) == side
            if op in ("rank", "file"):
                index = 1 if op == "rank" else 0

                def coordinate(c: Ctx) -> Value:
                    value = a(c)
                    pos = reach.get(value if type(value) is str else text(value))
                    return pos[index] if pos is not None else None
                return coordinate
            return None
        if len(args) == 2 and op in ("==", "!="):
            a, b = args
            if op == "==":
                return lambda c: loose_equal(a(c), b(c))
            return lambda c: not loose_equal(a(c), b(c))
        if len(args) == 3 and op == "where":
            return self._where(args, e)
        return None

    def _where_computed(self, args: list[CodeFn], general: Callable[[Ctx, list[Value]], Value]) -> CodeFn:
        """``where SQUARE DX DY`` with computed offsets (``where #at #dx #dy``, a ray's step): whole-number offsets
        directly (:meth:`.board.Geometry.where`, inlined), other values by the operator's own code (``general``,
        which converts or reports them). The operands are evaluated once, in order, either way."""
        square_fn, dx_fn, dy_fn = args
        at, position, text = self.it.reach_at, self.it.reach_position, V.text

        def where_computed(c: Ctx) -> Value:
            value, dx, dy = square_fn(c), dx_fn(c), dy_fn(c)
            if type(dx) is not int or type(dy) is not int:
                return general(c, [value, dx, dy])
            pos = position.get(value if type(value) is str else text(value))
            if pos is None:
                return False
            return at.get((pos[0] + dx, pos[1] + dy)) or False
        return where_computed

    def _where(self, args: list[CodeFn], e: Call) -> CodeFn | None:
        """``where SQUARE DX DY`` with number offsets, read once (:meth:`.board.Geometry.where`, inlined); None for
        computed offsets (the operator's own code, :func:`~.operators._where`, runs them)."""
        square_fn = args[0]
        at, position, text = self.it.reach_at, self.it.reach_position, V.text
        offsets = e.args[1:]
        if not all(isinstance(o, Atom) and o.kind == "number" for o in offsets):
            return None
        try:
            dx, dy = (V.integer(o.text) for o in offsets if isinstance(o, Atom))
        except ValueProblem:
            return None  # reported when run, by the operator's own code

        def where_const(c: Ctx) -> Value:
            value = square_fn(c)
            pos = position.get(value if type(value) is str else text(value))
            if pos is None:
                return False
            return at.get((pos[0] + dx, pos[1] + dy)) or False
        return where_const

    def _check(self, e: Call) -> CodeFn:
        op = e.op
        args = [self.expr(a) for a in e.args]
        if e.implicit_endpoints:
            args = [lambda c: c.args[0] if c.args else None, lambda c: c.args[1] if len(c.args) > 1 else None, *args]
        need = _CHECKS[op]
        if len(args) != need:
            self.fail(f"'{op}' takes {need} operands, found {len(args)}", e.offset, op)
        geometry = self.it.geometry
        locate = self.source.locate
        offset = e.offset
        exact = op.startswith("checka")

        def ints(c: Ctx, fns: list[CodeFn]) -> list[int]:
            try:
                return [V.integer(f(c)) for f in fns]
            except ValueProblem as problem:
                raise UnsupportedError(f"{op}: {problem}", locate(offset), feature=op) from None

        a_fn, b_fn, rest = args[0], args[1], args[2:]
        if op == "checkpath":
            path_fn = rest[0]

            def run_path(c: Ctx) -> Value:
                try:
                    steps = [V.integer(v) for v in V.as_array(path_fn(c)).values()]
                except ValueProblem as problem:
                    raise UnsupportedError(f"{op}: {problem}", locate(offset), feature=op) from None
                pairs = list(zip(steps[0::2], steps[1::2], strict=False))
                return geometry.path(c.s.board, V.text(a_fn(c)), V.text(b_fn(c)), pairs)
            return run_path
        if op == "checkatwostep":
            def run_twostep(c: Ctx) -> Value:
                x1, y1, x2, y2 = ints(c, rest)
                return geometry.twostep(c.s.board, V.text(a_fn(c)), V.text(b_fn(c)), x1, y1, x2, y2)
            return run_twostep
        method: Callable[..., bool]
        if op in ("checkleap", "checkaleap"):
            method = geometry.leap
        elif op in ("checkride", "checkaride"):
            method = geometry.ride
        elif op in ("checkhop", "checkahop"):
            method = geometry.hop
        elif op == "checkgrasshop":
            def run_grass(c: Ctx) -> Value:
                dx, dy = ints(c, rest)
                return geometry.grasshop(c.s.board, V.text(a_fn(c)), V.text(b_fn(c)), dx, dy)
            return run_grass
        else:
            def run_long(c: Ctx) -> Value:
                dx, dy = ints(c, rest)
                return geometry.longleap(c.s.board, V.text(a_fn(c)), V.text(b_fn(c)), dx, dy)
            return run_long
        dx_fn, dy_fn = rest
        if isinstance(e.args[-1], Atom) and isinstance(e.args[-2], Atom) and e.args[-1].kind == "number" \
                and e.args[-2].kind == "number":
            try:
                dx, dy = V.integer(e.args[-2].text), V.integer(e.args[-1].text)
            except ValueProblem:
                pass  # reported when run, by run_primitive
            else:
                def run_const(c: Ctx) -> Value:
                    a, b = a_fn(c), b_fn(c)
                    return method(c.s.board, a if isinstance(a, str) else V.text(a), b if isinstance(b, str)
                                  else V.text(b), dx, dy, exact)
                return run_const

        def run_primitive(c: Ctx) -> Value:
            x, y = ints(c, [dx_fn, dy_fn])
            return method(c.s.board, V.text(a_fn(c)), V.text(b_fn(c)), x, y, exact)
        return run_primitive


def _chain_of(terms: list[CodeFn], ends_on: bool) -> CodeFn:
    """An ``or`` chain (``ends_on`` True) or an ``and`` chain (False) as one closure: the terms evaluated left to right
    up to the first whose truth is ``ends_on``, which is then the chain's value (else its opposite)."""
    truthy = V.truthy
    if len(terms) == 2:  # the commonest: no loop
        first, second = terms

        def pair(c: Ctx) -> Value:
            value = first(c)
            if (value is True or (value is not False and truthy(value))) is ends_on:
                return ends_on
            value = second(c)
            return value is True or (value is not False and truthy(value))
        return pair

    def chain(c: Ctx) -> Value:
        for term in terms:
            value = term(c)
            if (value is True or (value is not False and truthy(value))) is ends_on:
                return ends_on
        return not ends_on
    return chain


def _every_of(terms: list[CodeFn], is_or: bool) -> CodeFn:
    """An ``or`` chain (``is_or``) or an ``and`` chain with every term evaluated, in the order given
    (:data:`~.readings.LOGIC_EVERY_OPERAND`)."""
    truthy = V.truthy

    def every(c: Ctx) -> Value:
        values = [truthy(term(c)) for term in terms]
        return any(values) if is_or else all(values)
    return every


def _bounded(result: int) -> int | None:
    """``result`` when within :data:`~.operators.MAX_INTEGER`, else None (the operator's own code reports it)."""
    return result if -MAX_INTEGER <= result <= MAX_INTEGER else None


_ON_INTS: dict[str, Callable[[int, int], Value]] = {
    "<": lambda x, y: x < y, ">": lambda x, y: x > y, "<=": lambda x, y: x <= y, ">=": lambda x, y: x >= y,
    "+": lambda x, y: _bounded(x + y), "-": lambda x, y: _bounded(x - y),
}
"""Two-operand operators on two whole numbers, computed directly (None: let the operator's code answer): the
results :data:`~.operators.OPERATORS` gives."""


MIN_LABEL_TERMS = 4
"""``or`` chains of fewer terms testing one value against labels run left to right (see
:meth:`Compiler._label_chain`)."""


_COMPARE_INTS: dict[str, Callable[[int, int], bool]] = {"<": operator.lt, ">": operator.gt, "<=": operator.le,
                                                       ">=": operator.ge}
"""The comparisons of :data:`_ON_INTS` (never out of range): against a written whole number, computed directly."""


def is_literal(it: Interpreter, text: str) -> bool:
    """Whether a bare word in an expression is a value (see :data:`LITERAL_WORDS`), not an unknown operator."""
    return (text in LITERAL_WORDS or text in PREPROCESSOR or text in it.geometry.position or text in it.labels
            or text in it.names or text in it.hole_labels or (len(text) == 1 and text.isalpha()))


def _endpoints(c: Ctx) -> tuple[Value, Value]:
    """``#0`` and ``#1`` as a movement primitive reads them (see :mod:`.dispatch`)."""
    args = c.args
    return (args[0] if args else "#0"), (args[1] if len(args) > 1 else "#1")


def _nothing(c: Ctx) -> None:
    return None


def _has_local(statements: list[Statement]) -> bool:
    """Whether a ``local`` command is among ``statements`` (in ``if`` bodies too)."""
    for st in statements:
        if isinstance(st, Command) and st.name == "local":
            return True
        if isinstance(st, IfBlock) and any(_has_local(branch.body) for branch in st.branches):
            return True
    return False


def _null(c: Ctx) -> Value:
    return None


_NAME_OPERANDS = ("flag", "onboard", "elem")
"""Operators whose first operand is a name, so a bare word there is that name (``flag rules``)."""

_CHECKS = {"checkleap": 4, "checkaleap": 4, "checkride": 4, "checkaride": 4, "checkhop": 4, "checkahop": 4,
           "checkgrasshop": 4, "checklongleap": 4, "checkatwostep": 6, "checkpath": 3}


def _eval(c: Ctx, a: list[Value]) -> Value:
    value = a[0]
    if not isinstance(value, str):
        return value
    tokens = tokenize(value).tokens
    if not tokens:
        return None
    parsed = parse_expression(tokens, value, arities=c.it.arities)
    if parsed.errors or parsed.expr is None:
        raise ValueProblem(f"cannot evaluate {value!r} as an expression")
    source = Source("eval", value, lambda offset: Location(offset=offset))
    return Compiler(c.it, source).expr(parsed.expr)(c)


_OPERATORS: dict[str, tuple[int, Callable[[Ctx, list[Value]], Value]]] = {**OPERATORS, "eval": (1, _eval)}

SUPPORTED_OPERATORS = frozenset(_OPERATORS) | frozenset(_CHECKS) | {"fn", "sub", "var", "cond"}
"""Every operator the interpreter runs (for the README and the tests)."""
