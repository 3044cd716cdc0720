"""Turns as a player types them into Game Courier's move field, played on a preset as Game Courier takes them.

A turn is sub-moves separated by ``;`` (the User's Guide: ``P e2-e4``, ``e2-e4``, ``Q-e8``, ``b*5e``, ``e4-``).
The turn is screened as Game Courier screens it (Fergus Duniho, 2008-10-12, comment 20841 on the Developer's
Guide: ``setsystem maxmove 2; ban commands allmoves; allow moves 1 captures 1 promotions 2;``): more sub-moves
than ``maxmove`` are refused; the mover's Pre-Move code runs; the sub-moves are made in order, each refused when
``ban`` names its kind (on the board the sub-moves before it left) unless ``allow`` names that kind at its place
in the turn; then the mover's Post-Move code runs on the last piece move (``origin``, ``dest``, ``moved``,
``old``), and its ``die`` refuses the turn. A refused turn leaves the position as it was.

Kinds (the names ``ban`` and ``allow`` take): ``moves`` (a piece onto an empty square), ``captures`` (onto a
piece), ``promotions`` (``LABEL-SQUARE`` onto a piece: :data:`PROMOTION_ONTO_A_PIECE`), ``drops`` (``LABEL*SQUARE``,
or ``LABEL-SQUARE`` onto an empty square), ``removals`` (``SQUARE-`` or ``@-SQUARE``) and ``commands`` (anything else:
GAME Code); ``allmoves`` names every kind but ``commands``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

from fairyport.errors import FairyportError, Location
from fairyport.gamecourier.interpreter.interpreter import Compiler, Die, Interpreter, Runner, Source
from fairyport.gamecourier.interpreter.parser import parse_program
from fairyport.gamecourier.interpreter.state import State
from fairyport.gamecourier.interpreter.values import EMPTY, Value, integer

Kind = Literal["moves", "captures", "promotions", "drops", "removals", "commands"]
MOVE_KINDS: tuple[Kind, ...] = ("moves", "captures", "promotions", "drops", "removals")
"""The kinds ``allmoves`` bans (every kind of sub-move but a command)."""
PROMOTION_ONTO_A_PIECE = True
"""A ``LABEL-SQUARE`` sub-move is a promotion when the square holds a piece (the chess include's ``Q-e8`` after
``e7-e8``), and a drop onto an empty square (``Q-h5``). The pages name the kind ``promotions`` without defining
it: this is fairyport's reading."""

_MOVE = re.compile(r"(?:(?P<label>\S+)\s+)?(?P<origin>[^\s*-]+)-(?P<dest>[^\s*-]+)")
_PLACE = re.compile(r"(?P<label>[^\s*-]+)(?P<op>[-*])(?P<dest>[^\s*-]+)")
_REMOVE = re.compile(r"(?P<dest>[^\s*-]+)-")


@dataclasses.dataclass(frozen=True)
class SubMove:
    """One sub-move of a typed turn."""

    text: str
    kind: Kind
    origin: str | None = None
    dest: str | None = None
    label: str | None = None


@dataclasses.dataclass
class Turn:
    """A typed turn and what became of it: the position after it (the one before, when refused)."""

    move: str
    accepted: bool
    message: str
    state: State

    def to_json(self) -> dict[str, object]:
        """``{move, accepted, message}``."""
        return {"move": self.move, "accepted": self.accepted, "message": self.message}


class Refused(Exception):
    """A turn refused before or while it is made (screening, notation, ``die``)."""


def split_turn(text: str) -> list[str]:
    """The sub-moves of a turn as typed (``;`` separated, blanks and a ``//`` comment dropped)."""
    text = text.split("//", 1)[0]
    return [part.strip() for part in text.split(";") if part.strip()]


def classify(text: str, board: dict[str, str], labels: set[str]) -> SubMove:
    """What kind of sub-move ``text`` is on ``board`` (squares are the board's keys; ``labels`` the piece labels
    a sub-move may name)."""
    move = _MOVE.fullmatch(text)
    if move is not None and move["dest"] in board:
        label, origin = _labelled(move["label"], move["origin"], board)
        if origin is not None:
            kind: Kind = "moves" if board[move["dest"]] == EMPTY else "captures"
            return SubMove(text, kind, origin, move["dest"], label)
    place = _PLACE.fullmatch(text)
    if place is not None and place["dest"] in board and (place["label"] in labels or place["label"] == EMPTY):
        label = place["label"]
        if label == EMPTY:
            return SubMove(text, "removals", None, place["dest"], EMPTY)
        onto_piece = board[place["dest"]] != EMPTY
        kind = "promotions" if place["op"] == "-" and onto_piece and PROMOTION_ONTO_A_PIECE else "drops"
        return SubMove(text, kind, None, place["dest"], label)
    remove = _REMOVE.fullmatch(text)
    if remove is not None and remove["dest"] in board:
        return SubMove(text, "removals", None, remove["dest"], EMPTY)
    return SubMove(text, "commands")


def _labelled(label: str | None, origin: str, board: dict[str, str]) -> tuple[str | None, str | None]:
    """``(label, origin square)`` of a move's left side: ``P e2`` (given apart), ``Pe2`` or ``e2``; origin None
    when no square ends it."""
    if origin in board:
        return label, origin
    if label is None:
        for cut in range(1, len(origin)):
            if origin[cut:] in board:
                return origin[:cut], origin[cut:]
    return label, None


def screen_count(count: int, system: dict[str, Value]) -> None:
    """Refuse a turn of more sub-moves than ``setsystem maxmove`` allows."""
    maxmove = system.get("maxmove")
    if maxmove is not None:
        limit = integer(maxmove)
        if count > limit:
            raise Refused(f"more than {limit} sub-move{'s' if limit != 1 else ''} in one turn (setsystem maxmove)")


def screen_kind(sub: SubMove, number: int, system: dict[str, Value]) -> None:
    """Refuse sub-move ``number`` (from 1) when ``ban`` names its kind and ``allow`` does not let it through
    there."""
    banned = _words(system.get("ban"))
    is_banned = sub.kind in banned or (sub.kind in MOVE_KINDS and "allmoves" in banned)
    if is_banned and (sub.kind, number) not in _allowed(system.get("allow")):
        raise Refused(f"sub-move {number} '{sub.text}': {sub.kind} are banned there (ban / allow)")


def _words(value: Value) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [] if value is None else str(value).split()


def _allowed(value: Value) -> set[tuple[str, int]]:
    """``allow KIND N KIND N ...`` as (kind, sub-move number) pairs."""
    words = _words(value)
    pairs: set[tuple[str, int]] = set()
    for kind, number in zip(words[::2], words[1::2], strict=False):
        if number.isdigit():
            pairs.add((kind, int(number)))
    return pairs


class TurnPlayer:
    """Plays typed turns on states of one compiled preset."""

    def __init__(self, interpreter: Interpreter, premove: dict[int, list[Runner] | None],
                 postmove: dict[int, list[Runner] | None]) -> None:
        self.interpreter = interpreter
        self.premove = premove
        self.postmove = postmove

    def play(self, state: State, text: str) -> Turn:
        """Play ``text`` on ``state`` (not changed): the turn accepted, or refused with the reason."""
        try:
            after = self._made(state, text)
        except Refused as refused:
            return Turn(text, False, str(refused), state)
        except Die as die:
            return Turn(text, False, die.message, state)
        except FairyportError as error:
            return Turn(text, False, error.message(), state)
        return Turn(text, True, "", after)

    def _made(self, state: State, text: str) -> State:
        subs_text = split_turn(text)
        if not subs_text:
            raise Refused("no move")
        s = state.copy()
        screen_count(len(subs_text), s.system)
        premove = self.premove.get(s.side)
        if premove is not None:
            self.interpreter.run(premove, s)
        for number, typed in enumerate(subs_text, start=1):  # each on the board the sub-moves before it left
            sub = classify(typed, s.board, self.interpreter.labels)
            screen_kind(sub, number, s.system)
            self._make(s, sub)
        s.thismove = "; ".join(subs_text)
        postmove = self.postmove.get(s.side)
        if postmove is not None:
            self.interpreter.run(postmove, s)
        s.side = 3 - s.side
        s.ply += 1
        s.legal = []
        return s

    def _make(self, s: State, sub: SubMove) -> None:
        board = s.board
        if sub.kind == "commands":
            self._command(s, sub.text)
            return
        assert sub.dest is not None
        if sub.origin is None:  # a piece put on (or taken off) a square: origin, dest, moved, old stay
            board[sub.dest] = sub.label or EMPTY
            return
        moved = board[sub.origin]
        if moved == EMPTY:
            raise Refused(f"'{sub.text}': there is no piece on {sub.origin}")
        if sub.label is not None and sub.label != moved:
            raise Refused(f"'{sub.text}': the piece on {sub.origin} is {moved}, not {sub.label}")
        s.origin, s.dest, s.moved, s.old = sub.origin, sub.dest, moved, board[sub.dest]
        board[sub.dest] = moved
        board[sub.origin] = EMPTY

    def _command(self, s: State, text: str) -> None:
        """A sub-move that is no notation: GAME Code, run as Game Courier runs a typed command."""
        program = parse_program(text + ";", "move")
        if program.errors:
            raise Refused(f"'{text}' is neither a move nor GAME Code Game Courier could run")
        source = Source("move", text, lambda offset: Location(offset=offset))
        self.interpreter.run(Compiler(self.interpreter, source, "block").block(program.statements), s)
