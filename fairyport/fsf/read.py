"""Read a section of a Fairy-Stockfish ``variants.ini`` into the common game model.

A section starts from its parent (an earlier section of the file or a built-in variant, :mod:`.builtins`) or,
without one, from Fairy-Stockfish's defaults with no pieces; its options are applied in Fairy-Stockfish's order
(board size, pieces in Fairy-Stockfish's type order, then the rest), so a reused letter removes the earlier
piece and piece-type options are read with the letters known at that point, as Fairy-Stockfish does.

Every option ends in one of three places (:mod:`.options` lists them): in the model, in
``Game.format_data["fsf"]["kept"]`` when it cannot change the moves (repetition and move-count draws,
evaluation hints, piece values: perft ignores them), or refused with :class:`~fairyport.errors.UnsupportedError`
naming the option and where it was set (``file:line``, or the built-in variant it comes from). An option
Fairy-Stockfish does not know is a located warning in ``format_data["fsf"]["warnings"]``.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from fairyport.errors import Location, ParseError, UnsupportedError, UsageError
from fairyport.format import split_game_path
from fairyport.fsf import options as opt
from fairyport.fsf.build import build_game
from fairyport.fsf.builtins import BUILTINS, CHESS_PIECES, HIDDEN, PIECES
from fairyport.fsf.dialect import parse_fsf
from fairyport.fsf.sources import variants_text
from fairyport.fsf.state import State, Where
from fairyport.fsf.syntax import Section, parse_ini
from fairyport.model import Game


def _fresh() -> State:
    """Fairy-Stockfish's default variant with the chess pieces (the start of every built-in)."""
    state = State(pieces=dict(CHESS_PIECES))
    state.slots["promotionPieceTypes.white"] = (frozenset({"queen", "rook", "bishop", "knight"}), Where("<default>"))
    state.slots["promotionPieceTypes.black"] = state.slots["promotionPieceTypes.white"]
    return state


def _reset(state: State) -> None:
    state.pieces.clear()
    state.custom.clear()
    state.slots["promotionPieceTypes.white"] = (frozenset(), Where("<default>"))
    state.slots["promotionPieceTypes.black"] = (frozenset(), Where("<default>"))


def _apply(state: State, given: dict[str, tuple[str, Where]]) -> None:
    """Apply one section's options to ``state`` in Fairy-Stockfish's order."""
    options = {key: (value, dataclasses.replace(where, key=key)) for key, (value, where) in given.items()}
    if "maxRank" in options:
        value, where = options["maxRank"]
        state.slots["maxRank"] = (_number("maxRank", value, where), where)
    if "maxFile" in options:
        value, where = options["maxFile"]
        text = value.strip()
        count = _number("maxFile", text, where) if text[:1].isdecimal() else _file_letter("maxFile", text, where) + 1
        state.slots["maxFile"] = (count, where)
    for piece_type in PIECES:
        if piece_type in options:
            value, where = options[piece_type]
            state.slots[f"piece.{piece_type}"] = (value, where)
            if value and value[0].isalpha():
                state.add(piece_type, value[0])
                if piece_type.startswith("customPiece") or (piece_type == "king" and len(value) > 1):
                    state.custom[piece_type] = value[2:]
                    skipped = parse_fsf(value[2:])[1]
                    if skipped:
                        state.warn(where, f"{piece_type} = {value}: Fairy-Stockfish skips " + ", ".join(skipped))
                elif piece_type == "king":
                    state.custom.pop("king", None)
                if piece_type.startswith("customPiece") and "e" in value[2:]:  # an en-passant taker
                    for slot in ("enPassantTypes.white", "enPassantTypes.black"):
                        state.slots[slot] = (state.get(slot) | {piece_type}, where)
            elif value:
                state.remove(piece_type)
                state.custom.pop(piece_type, None)
        for color in ("White", "Black"):
            key = f"mobilityRegion{color}{piece_type[0].upper()}{piece_type[1:]}"
            if key in options:
                value, where = options[key]
                state.slots[f"mobility.{color.lower()}.{piece_type}"] = (_squares(key, value, where), where)
    for key, (value, where) in options.items():
        if key in PIECES or key in ("maxRank", "maxFile") or key.startswith("mobilityRegion"):
            continue
        spec = opt.OPTIONS.get(key)
        if spec is None:
            state.warn(where, f"unknown option {key!r} (Fairy-Stockfish ignores it too)")
            continue
        if spec.kind == opt.KEEP:
            state.kept[key] = value
            continue
        parsed = _parse_value(state, key, spec.kind, value, where)
        if spec.kind == opt.PROMOTED:  # Fairy-Stockfish sets the named pairs and keeps the others
            parsed = {**state.get("promotedPieceType"), **parsed}
        for slot in spec.slots:
            state.slots[slot] = (parsed, where)


def _number(key: str, value: str, where: Where) -> int:
    match = re.match(r"\s*(\d+)", value)
    if match is None:
        raise ParseError(f"{key} needs a number", where.location(), found=repr(value))
    return int(match.group(1))


def _file_letter(key: str, text: str, where: Where) -> int:
    """The file index (``a`` = 0) of a value given as a letter."""
    letter = text[:1].lower()
    if not ("a" <= letter <= "z"):
        raise ParseError(f"{key} needs a file letter or a number", where.location(), found=repr(text))
    return ord(letter) - 97


_SQUARE = re.compile(r"^([a-z])(\d+)$")


def _squares(key: str, value: str, where: Where) -> frozenset[tuple[int, int]]:
    """A Fairy-Stockfish region: squares ``e4``, whole files ``e*``, whole ranks ``*4`` (0-based file, rank)."""
    out: set[tuple[int, int]] = set()
    for token in value.split():
        if token == "-":
            break
        if len(token) == 2 and token[0].isalpha() and token[1] == "*":
            out |= {(ord(token[0].lower()) - 97, r) for r in range(opt.MAX_RANKS)}
        elif token.startswith("*") and token[1:].isdecimal():
            out |= {(f, int(token[1:]) - 1) for f in range(opt.MAX_FILES)}
        elif _SQUARE.match(token.lower()):
            out.add((ord(token[0].lower()) - 97, int(token[1:]) - 1))
        else:
            raise ParseError(f"{key}: not a square, file* or *rank", where.location(), found=repr(token))
    return frozenset(out)


def _piece_set(state: State, key: str, value: str, where: Where) -> frozenset[str]:
    out: set[str] = set()
    for token in value.replace(" ", ""):
        if token == "-":
            break
        if token == "*":
            out.add(opt.ALL_PIECES)
            continue
        piece_type = state.type_of(token)
        if piece_type is None:
            raise ParseError(f"{key}: no piece has the letter {token!r}", where.location(),
                             expected="letters of the section's pieces")
        out.add(piece_type)
    return frozenset(out)


def _parse_value(state: State, key: str, kind: str, value: str, where: Where) -> Any:
    if kind == opt.BOOL:
        if value not in ("true", "false"):
            raise ParseError(f"{key} needs true or false", where.location(), found=repr(value))
        return value == "true"
    if kind == opt.INT:
        return _number(key, value, where)
    if kind == opt.RESULT:
        if value not in ("win", "loss", "draw", "none"):
            raise ParseError(f"{key} needs win, loss, draw or none", where.location(), found=repr(value))
        return value
    if kind == opt.REGION:
        return _squares(key, value, where)
    if kind == opt.PIECES_OPT:
        return _piece_set(state, key, value, where)
    if kind == opt.PIECE:
        if value.strip()[:1] == "*":
            return "*"  # Fairy-Stockfish's ALL_PIECES (any piece), not one of them
        found = _piece_set(state, key, value.strip()[:1], where)
        return next(iter(found)) if found else None
    if kind == opt.FILE:
        text = value.strip()
        return int(text) - 1 if text.isdecimal() else _file_letter(key, text, where)
    if kind == opt.RANK:
        return _number(key, value, where) - 1
    if kind == opt.PROMOTED:
        pairs: dict[str, str | None] = {}
        for token in value.split():
            base, _, target = token.partition(":")
            src = state.type_of(base)
            dst = None if target == "-" else state.type_of(target)
            if src is None or (dst is None and target != "-"):
                raise ParseError(f"{key}: unknown piece letter in {token!r}", where.location())
            pairs[src] = dst
        return pairs
    return value


def _builtin_state(name: str, file: str) -> State:
    data = BUILTINS[name]
    parent = data.get("parent")
    state = _builtin_state(parent, file) if parent is not None else _fresh()
    if data.get("reset") == "true":
        _reset(state)
    where = Where(file, builtin=name)
    if data.get("freeDrops") == "true":  # a built-in property no variants.ini option sets (refused by the builder)
        state.slots["freeDrops"] = (True, Where(file, builtin=name, key="freeDrops"))
    _apply(state, {k: (v, where) for k, v in data.items() if k not in ("parent", "reset", "freeDrops")})
    return state


def section_states(sections: list[Section], file: str, wanted: str) -> tuple[State, Section]:
    """The state of section ``wanted`` after its ancestors (earlier sections or built-ins) are applied.

    :raises UsageError: if there is no such section. :raises UnsupportedError: for a parent that is neither an
        earlier section nor a built-in variant fairyport knows, or a section Fairy-Stockfish would skip.
    """
    by_name: dict[str, int] = {}
    for index, section in enumerate(sections):
        by_name.setdefault(section.name, index)
    if wanted not in by_name:
        raise UsageError(f"no section [{wanted}] in the file", Location(file),
                         expected=", ".join(s.name for s in sections))
    index = by_name[wanted]
    section = sections[index]
    if section.name in BUILTINS and section.name not in HIDDEN:
        raise UnsupportedError(f"Fairy-Stockfish skips a section named like its built-in variant {section.name!r}",
                               Location(file, section.line), feature="section name")
    if section.parent is None:
        state = _fresh()
        _reset(state)
    elif section.parent in by_name and by_name[section.parent] < index:
        state, _ = section_states(sections[:by_name[section.parent] + 1], file, section.parent)
    elif section.parent in BUILTINS and section.parent not in HIDDEN:
        state = _builtin_state(section.parent, file)
    else:
        raise UnsupportedError(f"section [{section.name}] inherits from {section.parent!r}, which is neither an "
                               "earlier section nor a built-in variant fairyport knows", Location(file, section.line),
                               feature=f"parent {section.parent}")
    state = state.copy()
    _apply(state, {o.key: (o.value, Where(file, o.line)) for o in section.latest().values()})
    return state, section


def read_text(text: str, *, variant: str | None = None, name: str = "<text>") -> Game:
    """The game of section ``variant`` (default: the first) of the ``variants.ini`` text.

    :raises FairyportError: located errors; UnsupportedError naming the option the model cannot hold.
    """
    sections = parse_ini(text, name)
    if not sections:
        raise ParseError("no [variant] section in the file", Location(name), expected="[name] or [name:parent]")
    wanted = variant or sections[0].name
    state, section = section_states(sections, name, wanted)
    return build_game(state, section, name)


def variant_names(path: Path) -> tuple[list[str], str]:
    """The sections of the ``variants.ini`` file ``path``, and the one read when none is named (the first)."""
    names = [section.name for section in parse_ini(variants_text(path), str(path))]
    return names, names[0] if names else ""


def read_file(path: Path, *, variant: str | None = None) -> Game:
    """The game of section ``variant`` (default: the first) of the ``variants.ini`` file ``path``; a path
    ``file.ini#NAME`` (as ``fairyport report`` names a game of a file) picks the section ``NAME`` too."""
    path, section = split_game_path(path)
    variant = variant or section
    return read_text(variants_text(path), variant=variant, name=str(path))


def section_names(text: str) -> list[str]:
    """The names of the sections of a ``variants.ini`` text, in file order."""
    return [s.name for s in parse_ini(text)]


__all__ = ["State", "Where", "read_file", "read_text", "section_names", "section_states"]
