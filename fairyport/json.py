"""Game model <-> JSON: a complete, stable dump of every model field (:data:`FORMAT`).

The document is ``{"fairyport": "game", "version": 1, "game": {...}}``. Dataclass fields appear in their
declaration order; enums as their values; sets sorted; tuples as lists; dictionary keys as strings (colour
keys ``"0"``/``"1"``). Reading it back gives a :class:`~fairyport.model.Game` equal to the one written.
Format data (``format_data``, ``PieceType.extra``) must itself be plain JSON data to survive unchanged.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import types
import typing
from pathlib import Path
from typing import Any

from fairyport import model
from fairyport.errors import Location, ModelError, ParseError
from fairyport.features import BY_NAME, How, Wording, declare
from fairyport.format import Format, ShowOptions
from fairyport.inputs import read_input_text
from fairyport.xbetza import syntax as betza

MAX_NESTING = 200
"""Deepest nesting of arrays and objects read (a game document needs about ten; format data a few more). Deeper
text is refused before it is parsed, so no input depth can exhaust the parser's recursion."""
_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]')
"""A string (skipped) or a bracket. The loop over a string's characters is unrolled (runs of plain characters,
then one escape): an alternation repeated per character kept backtracking state for each, and a 15 MB title
took 1.8 GB."""


def nesting_beyond(text: str, limit: int) -> int | None:
    """The offset of the first ``[`` or ``{`` of ``text`` nested deeper than ``limit`` (strings skipped), or
    None."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        bracket = text[match.start()]
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        elif bracket in "]}":
            depth = max(0, depth - 1)
    return None


MAX_INTEGER_DIGITS = 100
"""Longest integer read, in digits (a game's numbers are small; Python refuses to convert more than 4,300)."""
_LONE_SURROGATE = re.compile(r"(\\+)u(?:[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                             r"|(?<![dD][89abAB][0-9a-fA-F]{2}\\u)[dD][c-fC-F][0-9a-fA-F]{2})")


class _LongInteger(Exception):
    """An integer literal over :data:`MAX_INTEGER_DIGITS` (raised inside :func:`json.loads`)."""

    def __init__(self, digits: str) -> None:
        super().__init__(digits[:20])
        self.digits = digits


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise _LongInteger(digits)
    return int(digits)


def _digits_at(text: str, digits: str) -> int:
    """Where the integer literal ``digits`` stands in ``text`` (its first occurrence outside a string)."""
    for match in re.finditer(r'"[^"\\]*(?:\\.[^"\\]*)*"|-?[0-9]+', text):
        if match.group() == digits:
            return match.start()
    return 0


def _lone_surrogate(text: str) -> int | None:
    """The offset of the first ``\\uD800``-``\\uDFFF`` escape of ``text`` that is not half of a pair, or None."""
    for match in _LONE_SURROGATE.finditer(text):
        if len(match.group(1)) % 2:  # an escape, not an escaped backslash before "u"
            return match.start() + len(match.group(1)) - 1
    return None


DOCUMENT_KIND = "game"
VERSION = 1


def to_data(value: Any) -> Any:
    """The JSON-ready form of a model value (dataclass, enum, collection or scalar). A field marked
    ``omit_empty`` is left out while empty, so documents of games without it stay as they were; a ``derived``
    field (:attr:`~fairyport.model.Game.program`) is never written."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not (f.metadata.get("omit_empty") and not getattr(value, f.name))
                and not f.metadata.get("derived")}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (set, frozenset)):
        return sorted(to_data(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    return value


class _Reader:
    """Rebuilds model values from JSON data by their type hints, naming the path of any bad value."""

    def __init__(self, file: str | None) -> None:
        self.file = file

    def fail(self, path: str, expected: str, found: Any) -> ModelError:
        return ModelError(f"bad value at {path}", Location(self.file), expected=expected,
                          found=json.dumps(found)[:60])

    def value(self, hint: Any, data: Any, path: str) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if hint is Any:
            return data
        if origin is typing.Literal:
            if data not in args:
                raise self.fail(path, "one of " + ", ".join(json.dumps(a) for a in args), data)
            return data
        if origin in (typing.Union, types.UnionType):
            if data is None and type(None) in args:
                return None
            options = [a for a in args if a is not type(None)]
            return self.value(options[0], data, path)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.dataclass(hint, data, path)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            try:
                return hint(data)
            except ValueError:
                raise self.fail(path, "one of " + ", ".join(str(m.value) for m in hint), data) from None
        if origin in (list, tuple, frozenset, set):
            if not isinstance(data, list):
                raise self.fail(path, "a list", data)
            item = args[0] if args else Any
            items = [self.value(item, v, f"{path}[{i}]") for i, v in enumerate(data)]
            return origin(items)
        if origin is dict:
            if not isinstance(data, dict):
                raise self.fail(path, "an object", data)
            key_hint, value_hint = args
            result = {}
            for key, item in data.items():
                if key_hint is int:
                    if not key.lstrip("-").isdecimal():
                        raise self.fail(f"{path}.{key}", "a whole-number key", key)
                    real_key: Any = int(key)
                else:
                    real_key = key
                result[real_key] = self.value(value_hint, item, f"{path}.{key}")
            return result
        if hint is bool:
            if not isinstance(data, bool):
                raise self.fail(path, "true or false", data)
            return data
        if hint is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise self.fail(path, "a whole number", data)
            return data
        if hint is str:
            if not isinstance(data, str):
                raise self.fail(path, "a string", data)
            return data
        raise self.fail(path, f"a value of type {hint}", data)

    def dataclass(self, cls: type, data: Any, path: str) -> Any:
        if not isinstance(data, dict):
            raise self.fail(path, f"an object ({cls.__name__})", data)
        hints = typing.get_type_hints(cls, vars(model))
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise self.fail(f"{path}.{unknown[0]}", f"a field of {cls.__name__}: " + ", ".join(sorted(names)),
                            unknown[0])
        kwargs = {}
        for field in dataclasses.fields(cls):
            if field.name in data:
                kwargs[field.name] = self.value(hints[field.name], data[field.name], f"{path}.{field.name}")
            elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise self.fail(f"{path}.{field.name}", "this field (it has no default)", None)
        return cls(**kwargs)


def game_to_json(game: model.Game) -> str:
    """The JSON text of ``game`` (indented, keys in model order, ending with a newline)."""
    document = {"fairyport": DOCUMENT_KIND, "version": VERSION, "game": to_data(game)}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def game_from_json(text: str, file: str | None = None) -> model.Game:
    """Read a game written by :func:`game_to_json`.

    :raises ParseError: for text that is not JSON (with line and column); :raises ModelError: naming the path
        of a value that does not fit the model.
    """
    too_deep = nesting_beyond(text, MAX_NESTING)
    if too_deep is not None:
        raise ParseError(f"arrays and objects nested deeper than {MAX_NESTING} levels",
                         Location.from_offset(text, too_deep, file))
    try:
        document = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise ParseError(f"not JSON: {error.msg}", Location(file, error.lineno, error.colno, error.pos)) from None
    except _LongInteger as error:
        raise ParseError(f"an integer of more than {MAX_INTEGER_DIGITS} digits",
                         Location.from_offset(text, _digits_at(text, error.digits), file),
                         expected=f"at most {MAX_INTEGER_DIGITS} digits",
                         found=f"{len(error.digits):,} digits") from None
    surrogate = _lone_surrogate(text)
    if surrogate is not None:
        raise ParseError("a lone surrogate escape (not a character: no file could hold it)",
                         Location.from_offset(text, surrogate, file), expected="a \\u escape of a character",
                         found=repr(text[surrogate:surrogate + 6]))
    if not isinstance(document, dict) or document.get("fairyport") != DOCUMENT_KIND:
        raise ParseError("not a fairyport game document", Location(file),
                         expected='{"fairyport": "game", "version": 1, "game": {...}}')
    if document.get("version") != VERSION:
        raise ParseError("unsupported document version", Location(file), expected=str(VERSION),
                         found=json.dumps(document.get("version")))
    reader = _Reader(file)
    game: model.Game = reader.dataclass(model.Game, document.get("game"), "game")
    board = game.board
    lowest = 0 if board.extra_positions else 1  # a board of positions and links only has no rectangle
    if not (lowest <= board.files <= model.MAX_BOARD_SIDE and lowest <= board.ranks <= model.MAX_BOARD_SIDE
            and 0 <= board.first_rank <= model.MAX_BOARD_SIDE):
        raise reader.fail("game.board", f"files and ranks from 1 to {model.MAX_BOARD_SIDE}, first_rank from 0",
                          [board.files, board.ranks, board.first_rank])
    try:
        game.validate()
    except ModelError as error:
        raise error.relocated(Location(file)) from None
    for i, piece in enumerate(game.pieces):
        for j, zoned in enumerate(piece.zoned_moves):
            try:
                betza.parse(zoned.betza)
            except ParseError as error:
                raise reader.fail(f"game.pieces[{i}].zoned_moves[{j}].betza", f"XBetza ({error.reason})",
                                  zoned.betza) from None
    return game


def read_game(path: Path, *, variant: str | None = None) -> model.Game:
    """Read a ``.json`` game file (it holds one game: ``variant`` is not used)."""
    return game_from_json(read_input_text(path), str(path))


def read_text(text: str, *, variant: str | None = None, name: str = "<text>") -> model.Game:
    """Read a game document given as text (``name`` locates its errors)."""
    return game_from_json(text, name)


def write_game(game: model.Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """The JSON text of ``game``; JSON keeps everything, so nothing is ever lost."""
    return game_to_json(game), []


def show(path: Path, options: ShowOptions) -> int:
    """``fairyport show`` for a JSON game file."""
    from fairyport.render.show import show_game

    return show_game(read_game(path), options.svg)


FORMAT = Format(
    name="json", title="fairyport JSON game document", suffixes=(".json",),
    sniff=lambda head: head.lstrip().startswith("{"),
    read=read_game, read_text=read_text, write=write_game, rewrite=None, show=show, validate=None, engine=None,
    features=declare("json", How.EXACT, reads=BY_NAME, wording=Wording("{text}")),  # every field, as data
)
"""The JSON format: a complete dump of the model, read back exactly."""
