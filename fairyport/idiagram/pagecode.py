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


# --- WeirdPromotion: promotion forced where a piece could not move again ----------------------------------------

REJECT = 1022
"""What ``WeirdPromotion`` returns to forbid a move (the script drops it)."""
WEIRD_PARAMETERS = ("x1", "y1", "x2", "y2", "promo", "ex", "ey")
"""The parameters the script passes: from-square (``x1 >= 100``: a drop of hand entry ``y1``), to-square, the
promotion it offers (0: none; the board also offers the mover itself for "no"), the e.p./locust square."""


def weirdpromotion_function(forced: Sequence[tuple[int, str, dict[Color, frozenset[tuple[int, int]]]]],
                            files: int) -> str:
    """The ``WeirdPromotion`` page function that refuses not promoting a piece (number, name) on the squares
    given per colour (x, y from 0), where it could not move again; every other move it leaves as the script
    offers it (read back by :func:`read_weirdpromotion`)."""
    lines = ["function WeirdPromotion(x1, y1, x2, y2, promo, ex, ey) { // fairyport: promotion forced where the "
             "piece could not move again",
             f"  if(x1 >= 100 || promo == {REJECT}) return promo; // a drop, or the board's own request",
             "  var piece = board[y1][x1] & 511, color = board[y1][x1] & 1024, x = x2, y = y2;",
             "  if(promo && (promo & 511) != piece) return promo; // promotes"]
    for number, name, squares in forced:
        white, black = (inside_test(squares[c], files) for c in (WHITE, BLACK))
        inside = white if white == black else f"color ? {black} : {white}"
        lines.append(f"  if(piece == {number} && ({inside})) return {REJECT}; // {name}")
    lines += ["  return promo;", "}"]
    return "\n".join(lines)


@dataclasses.dataclass(frozen=True)
class WeirdReading:
    """What a ``WeirdPromotion`` does, found by running it: per piece number, the squares (per colour, names)
    where the script refuses the move when the piece does not promote."""

    forced: dict[int, tuple[frozenset[str], frozenset[str]]]


def _weird_refusal(function: PageFunction, what: str) -> UnsupportedError:
    return UnsupportedError(f"the page function WeirdPromotion() {what}; fairyport reads a WeirdPromotion that only "
                            "refuses not promoting on some squares", function.location,
                            feature="page function WeirdPromotion")


def promoted_number(number: int, offset: int, types: int) -> int:
    """The type a shogi-style promotion gives piece ``number`` (the script's rule: past the last type, the first
    promoted one)."""
    target = number + offset
    return target if target <= types else offset + 1


@dataclasses.dataclass(frozen=True)
class WeirdSetting:
    """The game a ``WeirdPromotion`` is run in: board size, piece count, and the promotion keys' numbers."""

    files: int
    ranks: int
    types: int
    promotable: int
    offset: int
    first_rank: int = 1


def read_weirdpromotion(function: PageFunction, setting: WeirdSetting) -> WeirdReading:
    """Run ``WeirdPromotion`` for every piece, colour and square (a move from the square itself and, for a
    promotable piece, from the opposite corner as well) and for a drop of each piece.

    :raises UnsupportedError: where it does more than refuse not promoting (change a promotion, forbid a
        promotion, a drop or a move of a piece that cannot promote) or where that depends on the from-square.
    """
    if len(function.parameters) < 5:
        raise _weird_refusal(function, f"takes {len(function.parameters)} parameters, not (x1, y1, x2, y2, promo, "
                             "ex, ey)")
    run = compile_function(function, board=True)
    names = function.parameters[:5]
    size = {"files": setting.files, "ranks": setting.ranks, "nType": setting.types}

    def call(start: tuple[int, int], to: tuple[int, int], promo: int, piece: int) -> Value | None:
        env: dict[str, Value] = dict(zip(names, (*start, *to, promo), strict=True))
        env.update(size)
        env.update({"ex": -1, "ey": -1} if len(function.parameters) >= 7 else {})
        if start[0] < 100:
            env[board_key(start[1], start[0])] = piece
        return run(env)

    forced: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    for number in range(1, setting.types + 1):
        refused: list[frozenset[str]] = []
        for side in (0, 1024):
            hand = number + (setting.types if side else 0)
            if any(call((100, hand), (f, r), 0, 0) not in (0, None) for f in range(setting.files)
                   for r in range(setting.ranks)):
                raise _weird_refusal(function, f"changes or forbids a drop of piece {number}")
            refused.append(_refused_squares(call, function, setting, number, side))
        if any(refused):
            if number > setting.promotable or not setting.offset:
                raise _weird_refusal(function, f"forbids moves of piece {number}, which does not promote shogi style")
            forced[number] = (refused[0], refused[1])
    return WeirdReading(forced)


def _refused_squares(call: Callable[[tuple[int, int], tuple[int, int], int, int], Value | None],
                     function: PageFunction, setting: WeirdSetting, number: int, side: int) -> frozenset[str]:
    """The squares where ``WeirdPromotion`` refuses piece ``number`` of colour ``side`` not promoting; a
    promotion it must leave alone."""
    corner = (setting.files - 1, setting.ranks - 1) if side == 0 else (0, 0)
    promo = promoted_number(number, setting.offset, setting.types) + side
    refused: set[str] = set()
    for f in range(setting.files):
        for r in range(setting.ranks):
            starts = [(f, r), corner] if number <= setting.promotable else [(f, r)]
            results = {call(start, (f, r), 0, number + side) for start in starts}
            if len(results) > 1:
                raise _weird_refusal(function, f"decides piece {number}'s move to {file_name(f)}"
                                     f"{r + setting.first_rank} by where it starts")
            result = results.pop()
            if result == REJECT:
                refused.add(f"{file_name(f)}{r + setting.first_rank}")
            elif result not in (0, None):
                raise _weird_refusal(function, f"changes what piece {number} becomes on "
                                     f"{file_name(f)}{r + setting.first_rank}")
            if setting.offset and number <= setting.promotable and call((f, r), (f, r), promo, number + side) != promo:
                raise _weird_refusal(function, f"changes or forbids the promotion of piece {number} on "
                                     f"{file_name(f)}{r + setting.first_rank}")
    return frozenset(refused)


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


__all__ = ["BLACK", "WHITE", "Confinement", "PageFunction", "WeirdReading", "WeirdSetting", "badzone_function",
           "compile_function", "find_function", "inside_test", "is_page_text", "page_text", "promoted_number",
           "read_badzone", "read_weirdpromotion", "weirdpromotion_function", "zone_names"]
