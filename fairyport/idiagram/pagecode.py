"""Page functions: the JavaScript a Diagram page puts beside ``<div class="idiagram">`` and the script calls.

The script calls ``BadZone(x, y, piece, color)`` for every move it generates (x, y: the destination's file and
rank from 0; piece: the type's number in the list; color: 0 or 1024) and drops the move where it returns true:
that is how Diagram authors confine xiangqi's generals and elephants. fairyport writes confinement that way
(:func:`badzone_function`) and reads such a function back by running it on every square (:func:`read_badzone`),
with a small interpreter for the part of JavaScript these functions use: ``if``/``else``, ``return``, ``var``,
numbers, the parameters and ``files``/``ranks``, arithmetic, comparisons, ``&&``, ``||``, ``!``, ``&``, ``|`` and
``?:``. Anything else is refused, naming the function and where the code stands.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence

from fairyport.errors import Location, UnsupportedError
from fairyport.model import BLACK, WHITE, Color, file_name

Value = float | int | bool

_TOKEN = re.compile(r"\s+|//[^\n]*|/\*.*?\*/|(?P<tok>\d+(?:\.\d+)?|[A-Za-z_$][\w$]*|===|!==|==|!=|<=|>=|&&|\|\||"
                    r"[-+*/%<>!?:(){};,=&|\[\]])", re.DOTALL)
_BINARY: dict[str, Callable[[Value, Value], Value]] = {
    "*": lambda a, b: a * b, "/": lambda a, b: a / b if b else math.inf, "%": lambda a, b: math.fmod(a, b) if b
    else math.nan, "+": lambda a, b: a + b, "-": lambda a, b: a - b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b, "===": lambda a, b: a == b, "!==": lambda a, b: a != b,
    "&": lambda a, b: int(a) & int(b), "|": lambda a, b: int(a) | int(b),
}
_LEVELS = (("||",), ("&&",), ("|",), ("&",), ("==", "!=", "===", "!=="), ("<", "<=", ">", ">="), ("+", "-"),
           ("*", "/", "%"))
"""Binary operators from the loosest to the tightest (JavaScript's precedence)."""


class PageCodeError(Exception):
    """Page code outside the subset fairyport reads: what was expected, what was found, at which token."""

    def __init__(self, expected: str, found: str, offset: int) -> None:
        super().__init__(expected)
        self.expected, self.found, self.offset = expected, found, offset


@dataclasses.dataclass
class _Tokens:
    items: list[tuple[str, int]]
    index: int = 0
    board: bool = False
    """Whether ``board[y][x]`` may be read (WeirdPromotion, run on boards of our own; not BadZone)."""

    def peek(self) -> str:
        return self.items[self.index][0] if self.index < len(self.items) else ""

    def take(self, expected: str | None = None) -> str:
        text, offset = self.items[self.index] if self.index < len(self.items) else ("", -1)
        if expected is not None and text != expected:
            raise PageCodeError(repr(expected), repr(text) if text else "the end", offset)
        self.index += 1
        return text

    def offset(self) -> int:
        return self.items[self.index][1] if self.index < len(self.items) else -1


def _tokenize(code: str) -> _Tokens:
    items: list[tuple[str, int]] = []
    position = 0
    while position < len(code):
        match = _TOKEN.match(code, position)
        if match is None:
            raise PageCodeError("JavaScript the Diagram's page functions use", repr(code[position]), position)
        if match.group("tok"):
            items.append((match.group("tok"), position))
        position = match.end()
    return _Tokens(items)


Expr = Callable[[dict[str, Value]], Value]
Stmt = Callable[[dict[str, Value]], "Value | None"]


def _truthy(value: Value) -> bool:
    return bool(value) and not (isinstance(value, float) and math.isnan(value))


def _primary(tokens: _Tokens) -> Expr:
    offset, text = tokens.offset(), tokens.take()
    if text == "(":
        inner = _expression(tokens)
        tokens.take(")")
        return inner
    if text in ("!", "-", "+"):
        operand = _primary(tokens)
        if text == "!":
            return lambda env: not _truthy(operand(env))
        return (lambda env: -operand(env)) if text == "-" else operand
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        number: Value = float(text) if "." in text else int(text)
        return lambda env: number
    if text in ("true", "false"):
        return lambda env: text == "true"
    if text == "board" and tokens.board and tokens.peek() == "[":
        return _board_square(tokens, offset)
    if re.fullmatch(r"[A-Za-z_$][\w$]*", text) and text not in ("if", "else", "return", "var", "function"):
        def variable(env: dict[str, Value]) -> Value:
            if text not in env:
                raise PageCodeError("a parameter, files, ranks or a var", repr(text), offset)
            return env[text]
        return variable
    raise PageCodeError("a number, a name or '('", repr(text) if text else "the end", offset)


def board_key(rank: int, file: int) -> str:
    """The environment's entry for the piece on a square (``board[rank][file]`` in the script; 0 when absent)."""
    return f"board[{rank}][{file}]"


def _board_square(tokens: _Tokens, offset: int) -> Expr:
    """``board[y][x]``: the script's piece code on a square (type + 1024 for Black + 512 once moved; 0 empty)."""
    indexes: list[Expr] = []
    for _ in range(2):
        tokens.take("[")
        indexes.append(_expression(tokens))
        tokens.take("]")
    rank, file = indexes

    def square(env: dict[str, Value]) -> Value:
        y, x = rank(env), file(env)
        if not (isinstance(y, int) and 0 <= y < int(env.get("ranks", 0))):
            raise PageCodeError("a rank of the board in board[y][x]", repr(y), offset)
        return env.get(board_key(y, int(x)), 0) if isinstance(x, int) else 0
    return square


def _binary(tokens: _Tokens, level: int) -> Expr:
    if level == len(_LEVELS):
        return _primary(tokens)
    left = _binary(tokens, level + 1)
    while tokens.peek() in _LEVELS[level]:
        operator = tokens.take()
        right = _binary(tokens, level + 1)
        left = _combine(operator, left, right)
    return left


def _combine(operator: str, left: Expr, right: Expr) -> Expr:
    if operator == "&&":
        return lambda env: right(env) if _truthy(value := left(env)) else value
    if operator == "||":
        return lambda env: value if _truthy(value := left(env)) else right(env)
    function = _BINARY[operator]
    return lambda env: function(left(env), right(env))


def _expression(tokens: _Tokens) -> Expr:
    condition = _binary(tokens, 0)
    if tokens.peek() != "?":
        return condition
    tokens.take("?")
    yes = _expression(tokens)
    tokens.take(":")
    no = _expression(tokens)
    return lambda env: yes(env) if _truthy(condition(env)) else no(env)


def _statement(tokens: _Tokens) -> Stmt:
    word = tokens.peek()
    if word == "{":
        tokens.take("{")
        body = _block(tokens, "}")
        tokens.take("}")
        return body
    if word == "if":
        tokens.take("if")
        tokens.take("(")
        condition = _expression(tokens)
        tokens.take(")")
        yes = _statement(tokens)
        no: Stmt = lambda env: None  # noqa: E731 - the empty else
        if tokens.peek() == "else":
            tokens.take("else")
            no = _statement(tokens)
        return lambda env: yes(env) if _truthy(condition(env)) else no(env)
    if word == "return":
        tokens.take("return")
        value = _expression(tokens)
        tokens.take(";")
        return value
    if word == "var":
        return _declaration(tokens)
    raise PageCodeError("if, return, var or a block", repr(word) if word else "the end", tokens.offset())


def _declaration(tokens: _Tokens) -> Stmt:
    tokens.take("var")
    names: list[tuple[str, Expr]] = []
    while True:
        offset, name = tokens.offset(), tokens.take()
        if not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
            raise PageCodeError("a variable name", repr(name), offset)
        tokens.take("=")
        names.append((name, _expression(tokens)))
        if tokens.peek() != ",":
            break
        tokens.take(",")
    tokens.take(";")

    def declare(env: dict[str, Value]) -> None:
        for name, value in names:
            env[name] = value(env)
    return declare


def _block(tokens: _Tokens, end: str) -> Stmt:
    statements: list[Stmt] = []
    while tokens.peek() not in (end, ""):
        statements.append(_statement(tokens))

    def run(env: dict[str, Value]) -> Value | None:
        for statement in statements:
            result = statement(env)
            if result is not None:
                return result
        return None
    return run


@dataclasses.dataclass(frozen=True)
class PageFunction:
    """One page function: its name, parameters, body (JavaScript) and where the body starts."""

    name: str
    parameters: tuple[str, ...]
    body: str
    location: Location


def find_function(scripts: Sequence[tuple[str, Location]], name: str) -> PageFunction | None:
    """The last definition of the page function ``name`` in the page's scripts (the one the page runs)."""
    found: PageFunction | None = None
    for code, where in scripts:
        for match in re.finditer(r"function\s+" + name + r"\s*\(([^)]*)\)\s*\{", code):
            depth, end = 1, match.end()
            while end < len(code) and depth:
                depth += {"{": 1, "}": -1}.get(code[end], 0)
                end += 1
            line = (where.line or 1) + code.count("\n", 0, match.end())
            parameters = tuple(p.strip() for p in match.group(1).split(",") if p.strip())
            found = PageFunction(name, parameters, code[match.end():end - 1], Location(where.file, line, None))
    return found


def compile_function(function: PageFunction, *, board: bool = False) -> Callable[[dict[str, Value]], Value | None]:
    """The function's body as a Python callable of its environment (``board``: with ``board[y][x]``, read from
    the environment's :func:`board_key` entries).

    :raises UnsupportedError: for code outside the subset, naming the function and the line of the code.
    """
    try:
        tokens = _tokenize(function.body)
        tokens.board = board
        body = _block(tokens, "")
        if tokens.peek():
            raise PageCodeError("the end of the function", repr(tokens.peek()), tokens.offset())
    except PageCodeError as error:
        raise _refusal(function, error) from None

    def run(env: dict[str, Value]) -> Value | None:
        try:
            return body(dict(env))
        except PageCodeError as error:
            raise _refusal(function, error) from None
    return run


def _refusal(function: PageFunction, error: PageCodeError) -> UnsupportedError:
    line = (function.location.line or 1) + function.body.count("\n", 0, max(error.offset, 0))
    where = dataclasses.replace(function.location, line=line)
    return UnsupportedError(f"the page function {function.name}() cannot be read: expected {error.expected}, found "
                            f"{error.found} (fairyport reads if/else, return, var and arithmetic on the parameters)",
                            where, feature=f"page function {function.name}")


# --- BadZone: confinement ----------------------------------------------------------------------------------------


def read_badzone(function: PageFunction, files: int, ranks: int, pieces: int,
                 first_rank: int = 1) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
    """Run ``BadZone`` on every square for each piece number 1..``pieces`` and colour: the piece numbers it
    confines, each with the squares left to White and to Black (the script drops every move onto the others)."""
    if len(function.parameters) < 4:
        raise UnsupportedError(f"the page function BadZone() takes {len(function.parameters)} parameters, not "
                               "(x, y, piece, color)", function.location, feature="page function BadZone")
    run = compile_function(function)
    x, y, piece, color = function.parameters[:4]
    confined: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    for number in range(1, pieces + 1):
        allowed: list[frozenset[str]] = []
        for side in (0, 1024):
            allowed.append(frozenset(
                f"{file_name(f)}{r + first_rank}" for f in range(files) for r in range(ranks)
                if not _truthy(run({x: f, y: r, piece: number, color: side, "files": files, "ranks": ranks})
                               or False)))
        if any(len(squares) < files * ranks for squares in allowed):
            confined[number] = (allowed[0], allowed[1])
    return confined


def _runs(values: Sequence[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for value in sorted(set(values)):
        if runs and value == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def _between(name: str, low: int, high: int) -> str:
    return f"{name} == {low}" if low == high else f"{name} >= {low} && {name} <= {high}"


def inside_test(squares: frozenset[tuple[int, int]], files: int = 0) -> str:
    """A JavaScript condition on ``x`` and ``y`` (0-based file and rank) true exactly on ``squares``: bands of
    ranks with the same files, each a test of the rank and of the files' runs (none for whole ranks of a board
    ``files`` wide)."""
    if not squares:
        return "0"
    by_rank: dict[int, tuple[int, ...]] = {}
    for file, rank in squares:
        by_rank[rank] = (*by_rank.get(rank, ()), file)
    bands: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for rank in sorted(by_rank):
        runs = tuple(_runs(by_rank[rank]))
        if bands and bands[-1][1] == rank - 1 and bands[-1][2] == runs:
            bands[-1] = (bands[-1][0], rank, runs)
        else:
            bands.append((rank, rank, runs))
    terms = []
    for low, high, runs in bands:
        if runs == ((0, files - 1),):
            terms.append(_between("y", low, high))
            continue
        test = " || ".join(_between("x", a, b) for a, b in runs)
        test = f"({test})" if len(runs) > 1 else test
        terms.append(f"{_between('y', low, high)} && {test}")
    return " || ".join(f"({term})" for term in terms) if len(terms) > 1 else terms[0]


@dataclasses.dataclass(frozen=True)
class Confinement:
    """Pieces (by number in the written list) kept to a zone, with the zone's name and squares per colour."""

    numbers: tuple[int, ...]
    zone: str
    squares: dict[Color, frozenset[tuple[int, int]]]


def badzone_function(confinements: Sequence[Confinement]) -> str:
    """The ``BadZone`` page function that confines each group's pieces to its zone (read back by
    :func:`read_badzone`; the zone's name follows as a comment)."""
    lines = ["function BadZone(x, y, piece, color) { // fairyport: the pieces kept to a zone (x, y from 0)"]
    for group in confinements:
        test = " || ".join(f"piece == {n}" for n in group.numbers)
        white, black = (inside_test(group.squares[c]) for c in (WHITE, BLACK))
        inside = white if white == black else f"color ? {black} : {white}"
        lines.append(f"  if({test}) return !({inside}); // zone {group.zone}")
    lines += ["  return 0;", "}"]
    return "\n".join(lines)


ZONE_COMMENT = re.compile(r"if\s*\(([^)]*)\).*?//\s*zone\s+(\S+)")
"""A written group's zone name: ``if(piece == 5) return ...; // zone palace``."""


def zone_names(function: PageFunction) -> dict[int, str]:
    """Piece number -> the zone name the comments of a fairyport-written ``BadZone`` give."""
    names: dict[int, str] = {}
    for line in function.body.splitlines():
        match = ZONE_COMMENT.search(line)
        if match:
            for number in re.findall(r"piece\s*==\s*(\d+)", match.group(1)):
                names[int(number)] = match.group(2)
    return names


def page_text(definition: str, functions: Sequence[str]) -> str:
    """The text to paste into a page: the ``<script>`` block of the page functions, then the diagram."""
    if not functions:
        return definition
    script = "<script>\n" + "\n".join(functions) + "\n</script>\n"
    return script + '<div class="idiagram">\n' + definition + "</div>\n"


def is_page_text(text: str) -> bool:
    """Whether a text is a page fragment (a ``<div class="idiagram">``, as :func:`page_text` writes) rather than
    bare definition lines."""
    return re.search(r"<div[^>]*class\s*=\s*[\"'][^\"']*\bidiagram\b", text) is not None


__all__ = ["BLACK", "WHITE", "Confinement", "PageFunction", "badzone_function", "board_key", "compile_function",
           "find_function", "inside_test", "is_page_text", "page_text", "read_badzone", "zone_names"]
