"""GAME Code statements: commands, ``if`` / ``elseif`` / ``else`` / ``endif`` and ``sub`` / ``endsub`` blocks.

Statements end with ``;``, and block headers with ``:`` (``if == K space e1: setflag e1; endif;``); a ``:``
ends any statement but a free-text one (``die``, ``say``), so headers of loops and labels this parser does not
model still end where Game Courier ends them. An ``if`` header ended by ``;`` is accepted too (seen in a 2008
user's code). An ``if`` header ended by ``:`` that no ``endif`` closes governs the one statement after it
(:data:`ONE_LINE_IF`). Commands in :data:`COMMANDS` get their arguments parsed according to their shape;
any other first word is kept as an unknown command with its tokens, never rejected. Parsing never raises:
problems are collected in :attr:`Program.errors`; :func:`parse_strict` raises the first.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Literal

from fairyport.errors import Location, ParseError
from fairyport.gamecourier.interpreter.expressions import parse_expression
from fairyport.gamecourier.interpreter.lexer import Token, tokenize
from fairyport.gamecourier.interpreter.nodes import Branch, Command, IfBlock, Program, Statement, SubBlock

Shape = Literal["expr", "target_expr", "target_words", "words", "text", "none"]

COMMANDS: dict[str, Shape] = {
    "if": "expr", "elseif": "expr", "else": "none", "endif": "none",
    "sub": "target_words", "endsub": "none", "return": "expr", "gosub": "target_words",
    "def": "target_expr", "set": "target_expr", "setconst": "target_expr", "setsystem": "target_expr",
    "print": "expr", "echo": "expr", "eval": "expr", "verify": "expr", "fn": "target_words",
    "setflag": "words", "unsetflag": "words", "include": "words", "ban": "words", "allow": "words",
    "setlegal": "words", "label": "words", "goto": "words", "add": "words", "capture": "words",
    "die": "text", "say": "text",
}
"""Commands this parser knows and how their arguments are read:
``expr`` an expression; ``target_expr`` a name then an expression (``def N ...``, ``set x ...``);
``target_words`` a name then plain arguments (``sub NAME params``, ``gosub NAME args``); ``words`` plain
arguments; ``text`` a message kept as written; ``none`` no arguments."""

LOOP_BLOCKS = {"do": "loop", "for": "next", "foreach": "next", "switch": "endswitch"}
"""Block headers left flat in the statement list, with the closer each needs; :meth:`_Parser.pair` checks
that they pair up within the same statement list (they may not cross an ``if`` branch or a ``sub``)."""
_LOOP_CLOSERS = frozenset(LOOP_BLOCKS.values())

ONE_LINE_IF = "an 'if ...:' header that no 'endif' closes governs exactly the next statement"
"""The one-line conditional, as Game Courier's author writes it in the Chess preset (``if == thismove null:
say ...;``, ``if == K space e1: setflag e1;`` with no ``endif``) next to the block form (``if ...: ...
endif;``) in the same author's code. The GAME Code pages available here do not state the rule in words, so it
is read off those texts: headers and ``endif`` pair up innermost first (within one ``sub``); an ``if`` header
ended by ``:`` left without its ``endif`` becomes an ``if`` block whose body is the single statement after it
(which may itself be an ``if``). It is parsed into the ordinary :class:`~.nodes.IfBlock`, so nothing downstream
needs to know the form."""

MAX_NESTING = 100
"""How deeply ``if`` and ``sub`` blocks may nest. A block nested deeper is a located error (its header is read as a
plain command), so no input can exhaust the parser's, the compiler's or the interpreter's recursion."""

TEXT_COMMANDS = tuple(name for name, shape in COMMANDS.items() if shape == "text")
"""Commands whose arguments are free text: a ``:`` in them is text, not the end of a header."""


def parse_program(code: str, file: str | None = None, arities: Mapping[str, int] | None = None) -> Program:
    """Parse a GAME Code block; syntax errors are collected, never raised. Locations are relative to ``code``.
    ``arities``: the operands each ``def`` uses, for ``fn`` calls read as documented (``parse_expression``)."""
    lexed = tokenize(code, file)
    split, colon_ends = _split(lexed.tokens)
    queue = deque(split)
    parser = _Parser(code, file, lexed.errors, colon_ends, queue, _one_line_ifs(queue, colon_ends))
    parser.arities = arities
    statements = parser.block(closers=())
    return Program(code, statements, parser.errors)


def parse_strict(code: str, file: str | None = None) -> Program:
    """Parse a GAME Code block and raise its first syntax error.

    :raises ParseError: the first problem found, located in ``code``.
    """
    program = parse_program(code, file)
    if program.errors:
        raise min(program.errors, key=lambda e: e.location.offset or 0)
    return program


def _split(tokens: list[Token]) -> tuple[list[list[Token]], set[int]]:
    """Group tokens into statements (terminators dropped); also return the offsets of the statements that
    ended with ``:`` (headers: ``if``, ``sub``, and loop or label headers this parser does not model)."""
    statements: list[list[Token]] = []
    colon_ends: set[int] = set()
    current: list[Token] = []
    for token in tokens:
        is_text = bool(current) and current[0].kind == "word" and current[0].text in TEXT_COMMANDS
        if token.kind == "semi" or (token.kind == "colon" and current and not is_text):
            if current:
                statements.append(current)
                if token.kind == "colon":
                    colon_ends.add(current[0].offset)
            current = []
            continue
        if token.kind == "colon":
            token = Token("word", token.text, token.offset)
        current.append(token)
    if current:
        statements.append(current)
    return statements, colon_ends


def _one_line_ifs(statements: deque[list[Token]], colon_ends: set[int]) -> set[int]:
    """Offsets of the ``if`` headers ended by ``:`` that no ``endif`` closes (:data:`ONE_LINE_IF`)."""
    frames: list[list[int]] = [[]]
    unclosed: set[int] = set()
    for tokens in statements:
        first = tokens[0]
        if first.kind != "word":
            continue
        if first.text == "if":
            frames[-1].append(first.offset)
        elif first.text == "endif" and frames[-1]:
            frames[-1].pop()
        elif first.text in ("sub", "endsub"):
            if len(frames) > 1:
                unclosed.update(frames.pop())
            if first.text == "sub":
                frames.append([])
    for frame in frames:
        unclosed.update(frame)
    return unclosed & colon_ends


class _Parser:
    def __init__(self, code: str, file: str | None, errors: list[ParseError], colon_ends: set[int],
                 statements: deque[list[Token]], one_line: set[int]) -> None:
        self.code = code
        self.one_line = one_line
        """Offsets of the ``if`` headers in the one-line form (:data:`ONE_LINE_IF`)."""
        self.file = file
        self.errors = errors
        self.colon_ends = colon_ends
        self.queue = statements
        """The statements not parsed yet, each as its tokens; every block consumes from the front."""
        self.arities: Mapping[str, int] | None = None
        """The operands each ``def`` uses (``fn`` read as documented), or None (``fn`` takes the rest)."""
        self.depth = 0
        """How many ``if`` and ``sub`` blocks enclose the statement being parsed (at most :data:`MAX_NESTING`)."""

    def error(self, reason: str, offset: int, expected: str, found: str) -> None:
        self.errors.append(ParseError(reason, Location.from_offset(self.code, offset, self.file),
                                      expected=expected, found=found))

    def block(self, closers: tuple[str, ...]) -> list[Statement]:
        """Parse statements from the queue until one of ``closers`` (left in the queue)."""
        body: list[Statement] = []
        while self.queue:
            first = self.queue[0][0].text
            if first in closers:
                break
            body.append(self.statement(self.queue.popleft()))
        self.pair(body)
        return body

    def statement(self, tokens: list[Token]) -> Statement:
        """One statement starting with ``tokens`` (a block takes its body from the queue)."""
        first = tokens[0].text
        if first in ("if", "sub") and self.depth >= MAX_NESTING:
            self.error(f"blocks nested deeper than {MAX_NESTING}", tokens[0].offset,
                       f"at most {MAX_NESTING} nested 'if' and 'sub' blocks", f"'{first}' at depth {self.depth + 1}")
            return self.command(tokens)
        if first in ("if", "sub"):
            self.depth += 1
            try:
                if first == "sub":
                    return self.sub_block(tokens)
                if tokens[0].offset in self.one_line:
                    return self.one_line_if(tokens)
                return self.if_block(tokens)
            finally:
                self.depth -= 1
        if first in ("elseif", "else", "endif", "endsub"):
            self.error(f"'{first}' without a matching opening statement", tokens[0].offset, "a statement",
                       repr(first))
        return self.command(tokens)

    def one_line_if(self, tokens: list[Token]) -> Statement:
        """``if cond: statement;`` without ``endif`` (:data:`ONE_LINE_IF`); a chain of such headers nests, built
        without recursion."""
        headers = [tokens]
        while self.queue and self.queue[0][0].text == "if" and self.queue[0][0].offset in self.one_line:
            headers.append(self.queue.popleft())
        if not self.queue or self.queue[0][0].text in ("elseif", "else", "endif", "endsub", "sub"):
            self.error("'if' without 'endif'", headers[-1][0].offset, "a statement or endif",
                       "end of code" if not self.queue else repr(self.queue[0][0].text))
            body: list[Statement] = []
            end = headers[-1][-1].end
        else:
            governed = self.statement(self.queue.popleft())
            body, end = [governed], governed.end
        statement: Statement | None = None
        for header_tokens in reversed(headers):
            header = self.command(header_tokens)
            if header.expr is None:
                self.error("'if' without a condition", header.offset, "an expression", "nothing")
            statement = IfBlock([Branch("if", header, header.expr, body)], header.offset, end)
            body = [statement]
        assert statement is not None
        return statement

    def pair(self, body: list[Statement]) -> None:
        """Pair the loop and switch headers of one statement list with their closers (:data:`LOOP_BLOCKS`): a
        closer without its opener, a closer of another block (crossed blocks) or an opener left open at the end
        of the list (the end of the code, of an ``if`` branch or of a ``sub``) is a located error."""
        open_: list[Command] = []
        for st in body:
            if not isinstance(st, Command):
                continue
            if st.name in LOOP_BLOCKS:
                open_.append(st)
            elif st.name in _LOOP_CLOSERS:
                if not open_:
                    self.error(f"'{st.name}' without a matching opening statement", st.offset, "a statement",
                               repr(st.name))
                elif LOOP_BLOCKS[open_[-1].name] != st.name:
                    inner = open_[-1]
                    line = Location.from_offset(self.code, inner.offset).line
                    self.error(f"'{st.name}' closes no open block: the '{inner.name}' opened at line {line} is "
                               "still open (crossed blocks)", st.offset,
                               repr(LOOP_BLOCKS[inner.name]), repr(st.name))
                    while open_ and LOOP_BLOCKS[open_.pop().name] != st.name:
                        pass  # the crossed blocks are reported once, with this closer
                else:
                    open_.pop()
            elif st.name in ("case", "default") and not any(o.name == "switch" for o in open_):
                self.error(f"'{st.name}' outside a 'switch'", st.offset, "a statement", repr(st.name))
        for opener in open_:
            self.error(f"'{opener.name}' without '{LOOP_BLOCKS[opener.name]}'", opener.offset,
                       LOOP_BLOCKS[opener.name], "end of block")

    def if_block(self, tokens: list[Token]) -> IfBlock:
        header = self.command(tokens)
        branches = [Branch("if", header, header.expr, [])]
        if header.expr is None:
            self.error("'if' without a condition", tokens[0].offset, "an expression", "nothing")
        while True:
            branches[-1].body = self.block(("elseif", "else", "endif"))
            queue = self.queue
            if not queue:
                self.error("'if' without 'endif'", tokens[0].offset, "endif", "end of code")
                return IfBlock(branches, tokens[0].offset, len(self.code))
            nxt = queue.popleft()
            keyword = nxt[0].text
            if keyword == "endif":
                return IfBlock(branches, tokens[0].offset, nxt[-1].end)
            branch_header = self.command(nxt)
            if keyword == "else" and branches[-1].keyword == "else":
                self.error("second 'else' in one 'if'", nxt[0].offset, "endif", "else")
            if keyword == "elseif" and branch_header.expr is None:
                self.error("'elseif' without a condition", nxt[0].offset, "an expression", "nothing")
            branches.append(Branch("elseif" if keyword == "elseif" else "else", branch_header,
                                   branch_header.expr, []))

    def sub_block(self, tokens: list[Token]) -> SubBlock:
        header = self.command(tokens)
        if header.target is None:
            self.error("'sub' without a name", tokens[0].offset, "a subroutine name", "nothing")
        body = self.block(("endsub", "sub"))
        queue = self.queue
        params = tuple(t.text for t in header.args)
        if not queue or queue[0][0].text != "endsub":
            self.error("'sub' without 'endsub'", tokens[0].offset, "endsub", "end of code" if not queue else "sub")
            end = queue[0][0].offset if queue else len(self.code)
            return SubBlock(header, header.target or "", params, body, tokens[0].offset, end)
        closer = queue.popleft()
        return SubBlock(header, header.target or "", params, body, tokens[0].offset, closer[-1].end)

    def command(self, tokens: list[Token]) -> Command:
        first = tokens[0]
        name = first.value if first.kind == "word" else first.text
        end = tokens[-1].end
        text = self.code[first.offset:end]
        rest = tokens[1:]
        shape = COMMANDS.get(name) if first.kind == "word" else None
        command = Command(name, first.offset, end, text, tuple(rest), known=shape is not None,
                          colon=first.offset in self.colon_ends)
        if shape in ("target_expr", "target_words"):
            if not rest:
                self.error(f"'{name}' needs a name", first.offset, "a name", "nothing")
            else:
                command.target = rest[0].value
                command.args = tuple(rest[1:])
        if shape == "none" and rest:
            self.error(f"'{name}' takes no arguments", rest[0].offset, "';'", repr(rest[0].text))
        if shape in ("expr", "target_expr"):
            parsed = parse_expression(list(command.args), self.code, self.file, self.arities)
            command.expr = parsed.expr
            command.bindings = tuple(parsed.bindings)
            self.errors.extend(parsed.errors)
            if name in ("def", "set") and command.target is not None and parsed.expr is None and not parsed.bindings:
                self.error(f"'{name} {command.target}' without a value", first.offset, "an expression", "nothing")
        if shape == "text":
            command.message = self.code[rest[0].offset:end] if rest else ""
        return command
