"""The ``WeirdPromotion`` page function: promotion forced where a piece could not move again, and the drop limits.

The script calls ``WeirdPromotion(x1, y1, x2, y2, promo, ex, ey)`` for every move it generates or the board makes
(its AI: ``promo`` the promoted type + 1024 for Black, or 0; the board also offers the mover itself for "no, thank
you"; a drop has ``x1 >= 100`` and the hand entry ``y1``: 1..nType White, nType+1..2*nType Black) and drops the
move where it returns 1022. fairyport writes one (:func:`weirdpromotion_function`) that refuses not promoting
where a piece could not move again (the AI never forces a shogi-style promotion), and drops where the piece could
not move again or beyond a per-file or per-square-colour count; it reads such a function back by running it
(:func:`read_weirdpromotion`) on every piece, colour and square, and for the counts on boards of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from fairyport.errors import UnsupportedError
from fairyport.idiagram.pagecode import PageFunction, Value, board_key, compile_function, inside_test
from fairyport.model import BLACK, WHITE, Color, file_name

REJECT = 1022
"""What ``WeirdPromotion`` returns to forbid a move (the script drops it)."""
OWN = 1535
"""Mask of a board code's type and colour (without the moved bit 512)."""
Squares = dict[Color, frozenset[tuple[int, int]]]
"""Squares per colour, as (file, rank) from 0."""


@dataclasses.dataclass(frozen=True)
class Forced:
    """A piece (number in the written list, name) that must promote on ``squares``, where it could not move."""

    number: int
    name: str
    squares: Squares


@dataclasses.dataclass(frozen=True)
class DropLimits:
    """Where a piece (number, name) may not be dropped: ``refused`` squares, and no more than ``per_file`` on a
    file or ``per_colour`` on squares of one colour of the dropping side's unpromoted pieces of the type."""

    number: int
    name: str
    refused: Squares
    per_file: int | None = None
    per_colour: int | None = None


def _square_test(squares: Squares, files: int) -> str:
    white, black = (inside_test(squares[c], files) for c in (WHITE, BLACK))
    return white if white == black else f"color ? {black} : {white}"


def _count(squares: Sequence[tuple[int, int]], x: str | None = None) -> str:
    """JavaScript counting the dropping side's unpromoted pieces of the type on ``squares`` (``x``: a variable
    for the file)."""
    return " + ".join(f"((board[{r}][{x or f}] & {OWN}) == own)" for f, r in squares)


def _drop_lines(limits: DropLimits, files: int, ranks: int) -> list[str]:
    lines = []
    test = f"piece == {limits.number}"
    if any(limits.refused.values()):
        lines.append(f"    if({test} && ({_square_test(limits.refused, files)})) return {REJECT}; // {limits.name}")
    if limits.per_file is not None:
        count = _count([(0, r) for r in range(ranks)], "x")
        lines.append(f"    if({test} && {count} >= {limits.per_file}) return {REJECT}; // {limits.name}: "
                     f"{limits.per_file} per file")
    if limits.per_colour is not None:
        shades = [[(f, r) for r in range(ranks) for f in range(files) if (f + r) % 2 == odd] for odd in (0, 1)]
        lines.append(f"    if({test} && ((x + y) % 2 ? {_count(shades[1])} : {_count(shades[0])}) >= "
                     f"{limits.per_colour}) return {REJECT}; // {limits.name}: {limits.per_colour} per square colour")
    return lines


def weirdpromotion_function(forced: Sequence[Forced] | None, drops: Sequence[DropLimits], files: int,
                            ranks: int) -> str:
    """The ``WeirdPromotion`` page function refusing the unpromoted moves of ``forced`` (None: no promotion part)
    and the drops beyond ``drops``; every other move it leaves as the script offers it."""
    lines = ["function WeirdPromotion(x1, y1, x2, y2, promo, ex, ey) { // fairyport: forced promotion, drop limits"]
    drop_lines = [line for limits in drops for line in _drop_lines(limits, files, ranks)]
    if drop_lines:
        lines += ["  if(x1 >= 100) { // a drop of hand entry y1 (White 1..nType, Black nType+1..2*nType)",
                  "    var piece = y1 > nType ? y1 - nType : y1, color = y1 > nType ? 1024 : 0, x = x2, y = y2, "
                  "own = piece + color;", *drop_lines, "    return promo;", "  }"]
    lines.append(f"  if(x1 >= 100 || promo == {REJECT}) return promo; // a drop, or the board's own request")
    if forced:
        lines += ["  var piece = board[y1][x1] & 511, color = board[y1][x1] & 1024, x = x2, y = y2;",
                  "  if(promo && (promo & 511) != piece) return promo; // promotes"]
        lines += [f"  if(piece == {f.number} && ({_square_test(f.squares, files)})) return {REJECT}; // {f.name}"
                  for f in forced]
    lines += ["  return promo;", "}"]
    return "\n".join(lines)


# --- reading ------------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DropReading:
    """The drops ``WeirdPromotion`` refuses for one piece: on an empty board (squares per colour, by name), and
    beyond the counts found on boards of our own (None: no limit found)."""

    refused: tuple[frozenset[str], frozenset[str]]
    per_file: int | None = None
    per_colour: int | None = None


@dataclasses.dataclass(frozen=True)
class WeirdReading:
    """What a ``WeirdPromotion`` does: per piece number, the squares (per colour, by name) where it refuses the
    piece's unpromoted move, and the drops it refuses."""

    forced: dict[int, tuple[frozenset[str], frozenset[str]]]
    drops: dict[int, DropReading]


@dataclasses.dataclass(frozen=True)
class WeirdSetting:
    """The game a ``WeirdPromotion`` is run in: board size, piece count, the promotion keys' numbers, and whether
    pieces are dropped (``holdingsType`` below 0)."""

    files: int
    ranks: int
    types: int
    promotable: int
    offset: int
    first_rank: int = 1
    drops: bool = False

    def name(self, file: int, rank: int) -> str:
        return f"{file_name(file)}{rank + self.first_rank}"


def promoted_number(number: int, offset: int, types: int) -> int:
    """The type a shogi-style promotion gives piece ``number`` (the script's rule: past the last type, the first
    promoted one)."""
    target = number + offset
    return target if target <= types else offset + 1


def _refusal(function: PageFunction, what: str) -> UnsupportedError:
    return UnsupportedError(f"the page function WeirdPromotion() {what}; fairyport reads a WeirdPromotion that only "
                            "refuses not promoting where a piece could not move again and drops by square and count",
                            function.location, feature="page function WeirdPromotion")


Call = Callable[[tuple[int, int], tuple[int, int], int, dict[tuple[int, int], int]], "Value | None"]
"""Run the function: from-square (x >= 100: a drop, y the hand entry), to-square, promo, the board's pieces."""


def _caller(function: PageFunction, setting: WeirdSetting) -> Call:
    if len(function.parameters) < 5:
        raise _refusal(function, f"takes {len(function.parameters)} parameters, not (x1, y1, x2, y2, promo, ex, ey)")
    run = compile_function(function, board=True)
    names = function.parameters[:5]
    extra: dict[str, Value] = {"files": setting.files, "ranks": setting.ranks, "nType": setting.types}
    extra.update(dict(zip(function.parameters[5:7], (-1, -1), strict=False)))

    def call(start: tuple[int, int], to: tuple[int, int], promo: int,
             board: dict[tuple[int, int], int]) -> Value | None:
        env: dict[str, Value] = dict(zip(names, (*start, *to, promo), strict=True))
        env.update(extra)
        env.update({board_key(r, f): code for (f, r), code in board.items()})
        return run(env)
    return call


def read_weirdpromotion(function: PageFunction, setting: WeirdSetting) -> WeirdReading:
    """Run ``WeirdPromotion`` for every piece, colour and square: a move from the square itself and, for a
    promotable piece, from the opposite corner as well; with drops, a drop there on an empty board and, for the
    counts, beside pieces of the type (a game without drops never calls it for one).

    :raises UnsupportedError: where it does more (changes a promotion, forbids a promotion or a move of a piece
        that cannot promote shogi style) or where that depends on the from-square.
    """
    call = _caller(function, setting)
    forced: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    drops: dict[int, DropReading] = {}
    for number in range(1, setting.types + 1):
        refused = [_refused_squares(call, function, setting, number, side) for side in (0, 1024)]
        if any(refused):
            if number > setting.promotable or not setting.offset:
                raise _refusal(function, f"forbids moves of piece {number}, which does not promote shogi style")
            forced[number] = (refused[0], refused[1])
        dropped = _read_drops(call, function, setting, number) if setting.drops else None
        if dropped is not None:
            drops[number] = dropped
    return WeirdReading(forced, drops)


def _refused_squares(call: Call, function: PageFunction, setting: WeirdSetting, number: int,
                     side: int) -> frozenset[str]:
    """The squares where piece ``number`` of colour ``side`` may not move unpromoted; a promotion must be left
    alone."""
    corner = (setting.files - 1, setting.ranks - 1) if side == 0 else (0, 0)
    promo = promoted_number(number, setting.offset, setting.types) + side
    promotable = setting.offset and number <= setting.promotable
    refused: set[str] = set()
    for f in range(setting.files):
        for r in range(setting.ranks):
            starts = [(f, r), corner] if promotable else [(f, r)]
            results = {call(start, (f, r), 0, {start: number + side}) for start in starts}
            if len(results) > 1:
                raise _refusal(function, f"decides piece {number}'s move to {setting.name(f, r)} by where it starts")
            result = results.pop()
            if result == REJECT:
                refused.add(setting.name(f, r))
            elif result not in (0, None):
                raise _refusal(function, f"changes what piece {number} becomes on {setting.name(f, r)}")
            if promotable and call((f, r), (f, r), promo, {(f, r): number + side}) != promo:
                raise _refusal(function, f"changes or forbids the promotion of piece {number} on {setting.name(f, r)}")
    return frozenset(refused)


def _read_drops(call: Call, function: PageFunction, setting: WeirdSetting, number: int) -> DropReading | None:
    """The drops refused for piece ``number``: the same for both colours, else refused."""
    found = [_drops_of(call, function, setting, number, side) for side in (0, 1024)]
    (white, file_w, colour_w), (black, file_b, colour_b) = found
    if (file_w, colour_w) != (file_b, colour_b):
        raise _refusal(function, f"limits the drops of piece {number} differently for White and Black")
    if not white and not black and file_w is None and colour_w is None:
        return None
    return DropReading((white, black), file_w, colour_w)


def _drops_of(call: Call, function: PageFunction, setting: WeirdSetting, number: int,
              side: int) -> tuple[frozenset[str], int | None, int | None]:
    entry = number + (setting.types if side else 0)
    squares = [(f, r) for r in range(setting.ranks) for f in range(setting.files)]
    refused: set[tuple[int, int]] = set()
    for square in squares:
        result = call((100, entry), square, 0, {})
        if result == REJECT:
            refused.add(square)
        elif result not in (0, None):
            raise _refusal(function, f"changes the drop of piece {number} on {setting.name(*square)}")
    allowed = [s for s in squares if s not in refused]
    names = frozenset(setting.name(f, r) for f, r in refused)
    if not allowed:
        return names, None, None
    target = allowed[len(allowed) // 2]
    own = number + side

    def limit(others: list[tuple[int, int]]) -> int | None:
        for count in range(1, len(others) + 1):
            if call((100, entry), target, 0, {s: own | 512 for s in others[:count]}) == REJECT:
                return count
        return None
    same_shade = [s for s in squares if s[0] != target[0] and (s[0] + s[1]) % 2 == sum(target) % 2]
    other_shade = [s for s in squares if s[0] == target[0] and (s[0] + s[1]) % 2 != sum(target) % 2]
    return names, limit(other_shade), limit(same_shade)


__all__ = ["BLACK", "REJECT", "DropLimits", "DropReading", "Forced", "WeirdReading", "WeirdSetting",
           "promoted_number", "read_weirdpromotion", "weirdpromotion_function"]
