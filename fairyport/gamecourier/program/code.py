"""One move block of a :class:`~fairyport.program.game.GameProgram` as a GAME Code subroutine.

A block sub runs for one side on the board *before* the move (the Post-Move code takes Game Courier's move back
first), from the square in ``start``, and keeps the run in global variables a preset author can read:

- ``at`` the current square, ``src`` the moving piece's square, ``piece`` its label, ``dst`` the destination
  set by ``to`` (``false``: the current square), ``mark`` the marked square;
- ``caps`` the squares captured, ``mfrom`` / ``mto`` / ``mpiece`` the finished sub-moves of a cascade,
  ``ckind`` / ``cpos`` / ``carg`` the changes made with the move (change-type, flip, change-owner, create);
- ``flag_<name>`` the block's flags.

A failed step or condition ends the sub (``return``); ``add`` calls the ``add_move`` sub, which records the
move, or, when testing for attacks, compares the move's destination, captures and cascaded destinations with
the attacked square in place (no call): where one is that square it sets ``found`` and the block stops early.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, ClassVar

from fairyport.errors import UnsupportedError
from fairyport.program import nodes as pn

_NAME = re.compile(r"[^A-Za-z0-9_]")


def identifier(text: str) -> str:
    """``text`` as a GAME Code name (letters, digits and ``_``)."""
    name = _NAME.sub("_", text)
    return name if name and not name[0].isdigit() else "_" + name


def word(label: str) -> str:
    """A label as a GAME Code operand: bare when it is one letter, else quoted."""
    return label if len(label) == 1 and label.isalpha() else '"' + label + '"'


@dataclasses.dataclass
class Side:
    """What the code of one side needs: its name, its pieces' labels and how its directions step."""

    player: str
    name: str
    number: int
    """1: upper-case labels, 2: lower case."""
    labels: dict[str, str]
    """Piece type -> this side's label."""
    other_labels: dict[str, str]
    """Piece type -> the other side's label."""
    steps: dict[str, str]
    """Direction -> a GAME Code expression of the square one step from ``{}`` (formatted with the square)."""
    zones: dict[str, tuple[str, ...]]
    goal_positions: tuple[str, ...] = ()
    """The squares of this side's ``absolute-config`` goals."""
    squares: dict[str, str] = dataclasses.field(default_factory=dict)
    """Program position -> Game Courier square (dummies go to storage squares of other names)."""

    @property
    def friend(self) -> str:
        """The operator that tells this side's labels."""
        return "isupper" if self.number == 1 else "islower"

    @property
    def enemy(self) -> str:
        """The operator that tells the other side's labels."""
        return "islower" if self.number == 1 else "isupper"


class BlockWriter:
    """Writes the body of one block for one side."""

    def __init__(self, side: Side, where: str) -> None:
        self.side = side
        self.where = where
        self.lines: list[str] = []
        self.flags: set[str] = set()
        self.pflags: set[str] = set()
        self.typed_attacks = False
        """Whether a condition asks for an attack by moves of one move type (``attacked?`` with a type)."""

    def refuse(self, what: str) -> UnsupportedError:
        """A located refusal naming the construct."""
        return UnsupportedError(f"the Game Courier writer cannot translate {what} yet ({self.where})",
                                feature=what)

    # -- positions ---------------------------------------------------------------------------------------

    def square(self, where: pn.Where) -> str:
        """The expression of a position (``false`` where there is none)."""
        if isinstance(where, pn.Here):
            return "#at"
        if isinstance(where, pn.At):
            return self.side.squares.get(where.position, where.position)
        step = self.side.steps.get(where.direction)
        if step is None:
            raise self.refuse(f"direction {where.direction}")
        return step.format("#at")

    # -- conditions --------------------------------------------------------------------------------------

    def condition(self, c: pn.Condition) -> str:
        """The GAME Code expression of a condition."""
        side = self.side
        if isinstance(c, pn.Const):
            return "true" if c.value else "false"
        if isinstance(c, pn.Not):
            return f"not {self._group(c.inner)}"
        if isinstance(c, (pn.All, pn.Any)):
            if not c.parts:
                return "true" if isinstance(c, pn.All) else "false"
            joiner = " and " if isinstance(c, pn.All) else " or "
            return joiner.join(self._group(p) for p in c.parts)
        if isinstance(c, pn.Occupied):
            sq = self.square(c.where)
            if c.occupant is pn.Occupant.EMPTY:
                return f"empty {sq}"
            if c.occupant is pn.Occupant.FRIEND:
                return f"{side.friend} space {sq}"
            if c.occupant is pn.Occupant.ENEMY:
                return f"{side.enemy} space {sq}"
            return "false"  # two sides, no neutral pieces: the writer refuses games that have them
        if isinstance(c, pn.PieceIs):
            sq = self.square(c.where)
            return (f"(== space {sq} {word(side.labels[c.piece_type])} or "
                    f"== space {sq} {word(side.other_labels[c.piece_type])})")
        if isinstance(c, pn.PositionIs):
            return f"== #at {self.side.squares.get(c.position, c.position)}"
        if isinstance(c, pn.InZone):
            squares = side.zones.get(c.zone, ())
            if not squares:
                return "false"
            return f"match {self.square(c.where)} " + " ".join(squares)
        if isinstance(c, pn.OnBoard):
            return "true" if isinstance(c.where, pn.Here) else f"onboard {self.square(c.where)}"
        if isinstance(c, pn.IsAnchor):
            anchor = {pn.Anchor.LAST_FROM: "#lastfrom", pn.Anchor.LAST_TO: "#lastto", pn.Anchor.MARK: "#mark"}
            return f"== {self.square(c.where)} {anchor[c.anchor]}"
        if isinstance(c, pn.FlagSet):
            self.flags.add(c.name)
            return f"#flag_{identifier(c.name)}"
        if isinstance(c, pn.AdjacentToEnemy):
            if not isinstance(c.where, pn.Here):
                raise self.refuse("adjacent-to-enemy? away from the current position")
            steps = [step.format("#at") for step in side.steps.values() if step != "false"]
            return "(" + " or ".join(f"{side.enemy} space {step}" for step in steps) + ")" if steps else "false"
        if isinstance(c, pn.GoalPosition):
            if not side.goal_positions:
                return "false"
            return f"match {self.square(c.where)} " + " ".join(side.goal_positions)
        if isinstance(c, pn.HasAttribute):
            return f"elem {self.square(c.where)} #attr_{identifier(c.name)}"
        if isinstance(c, pn.Attacked):
            # the moving piece stands on the square for the test; defended: handed to the other side; a move
            # type: only the blocks of that type attack
            number = 3 - side.number if c.defended else side.number
            self.typed_attacks = self.typed_attacks or c.move_type is not None
            return f'(sub attacked {self.square(c.where)} {number} #piece "{c.move_type or ""}")'
        if isinstance(c, pn.PositionFlagSet):
            self.pflags.add(c.name)
            return f"elem {self.square(c.where)} #pflag_{identifier(c.name)}"
        raise self.refuse(_describe(c))

    def _group(self, c: pn.Condition) -> str:
        text = self.condition(c)
        if isinstance(c, (pn.All, pn.Any)) and len(c.parts) > 1:
            return f"({text})"
        return text if " " not in text or (text.startswith("(") and _balanced(text[1:-1])) else f"({text})"

    # -- instructions ------------------------------------------------------------------------------------

    def body(self, body: tuple[pn.Instruction, ...], depth: int) -> None:
        """Append the lines of ``body`` at indentation ``depth``."""
        for item in body:
            self.instruction(item, depth)

    def emit(self, depth: int, text: str) -> None:
        """One line."""
        self.lines.append("  " * depth + text)

    def _fail_unless(self, depth: int, condition: str) -> None:
        self.emit(depth, f"if not {condition}:" if " " not in condition else f"if not ({condition}):")
        self.emit(depth + 1, "return;")
        self.emit(depth, "endif;")

    def _move_to(self, depth: int, square: str) -> None:
        if square == "#at":
            return
        if square == "false":  # a step off the board (or a position there is none of): the move fails
            self.emit(depth, "return;")
            return
        self.emit(depth, f"set at {square};")
        if not re.fullmatch(r"[A-Za-z0-9]+", square):
            self.emit(depth, "if not #at:")
            self.emit(depth + 1, "return;")
            self.emit(depth, "endif;")

    def instruction(self, item: pn.Instruction, depth: int) -> None:
        """Append the lines of one instruction (by its kind, :attr:`_INSTRUCTIONS`)."""
        write = self._INSTRUCTIONS.get(type(item))
        if write is None:
            raise self.refuse(_describe(item))
        write(self, item, depth)

    def _step(self, item: pn.Step, depth: int) -> None:
        self._move_to(depth, self.square(pn.Toward(item.direction)))

    def _jump(self, item: pn.Jump, depth: int) -> None:
        self._move_to(depth, self.square(item.where))

    def _go_to(self, item: pn.GoTo, depth: int) -> None:
        anchor = {pn.Anchor.FROM: "#src", pn.Anchor.TO: "#dst", pn.Anchor.LAST_FROM: "#lastfrom",
                  pn.Anchor.LAST_TO: "#lastto", pn.Anchor.MARK: "#mark"}[item.anchor]
        self.emit(depth, f"set at {anchor};")
        if item.anchor is not pn.Anchor.MARK and item.anchor is not pn.Anchor.FROM:
            self._fail_unless(depth, "#at")

    def _on_board(self, where: pn.Where, depth: int) -> str:
        """The expression of a position, the sub ended first where it is off the board (not the current one)."""
        sq = self.square(where)
        if sq != "#at":
            self._fail_unless(depth, sq)
        return sq

    def _mark(self, item: pn.Mark, depth: int) -> None:
        self.emit(depth, f"set mark {self._on_board(item.where, depth)};")

    def _verify(self, item: pn.Verify, depth: int) -> None:
        if isinstance(item.condition, pn.Not):
            self.emit(depth, f"if {self.condition(item.condition.inner)}:")
            self.emit(depth + 1, "return;")
            self.emit(depth, "endif;")
        else:
            self._fail_unless(depth, self.condition(item.condition))

    def _if(self, item: pn.If, depth: int) -> None:
        self.emit(depth, f"if {self.condition(item.condition)}:")
        self.body(item.then, depth + 1)
        if item.otherwise:
            self.emit(depth, "else:")
            self.body(item.otherwise, depth + 1)
        self.emit(depth, "endif;")

    def _while(self, item: pn.While, depth: int) -> None:
        self.emit(depth, f"do while {self.condition(item.condition)}:")
        self.body(item.body, depth + 1)
        self.emit(depth, "loop;")

    def _from(self, item: pn.From, depth: int) -> None:
        self._fail_unless(depth, "not empty #at")
        self.emit(depth, "set src #at;")
        self.emit(depth, "set piece space #at;")

    def _to(self, item: pn.To, depth: int) -> None:
        self.emit(depth, "set dst #at;")

    def _cascade(self, item: pn.Cascade, depth: int) -> None:
        self.emit(depth, "push mfrom #src;")
        self.emit(depth, "push mto cond #dst #dst #at;")
        self.emit(depth, "push mpiece #piece;")
        self.emit(depth, "set src #at;")
        self.emit(depth, "set piece space #at;")
        self.emit(depth, "set dst false;")

    def _affect(self, item: pn.Affect, depth: int) -> None:
        sq = self._on_board(item.where, depth)
        if item.effect is pn.Effect.CAPTURE:
            self.emit(depth, f"push caps {sq};")
        else:
            self._change(depth, item.effect.value, sq, "true")

    def _change_type(self, item: pn.ChangeType, depth: int) -> None:
        sq = self._on_board(item.where, depth)
        self._change(depth, "change-type", sq, word(self.side.labels[item.piece_type]))

    def _create(self, item: pn.Create, depth: int) -> None:
        sq = self._on_board(item.where, depth)
        own = item.owner is None or item.owner == self.side.player
        if item.piece_type is None:
            label = "#piece" if own else "cond isupper #piece tolower #piece toupper #piece"
        else:
            label = word((self.side.labels if own else self.side.other_labels)[item.piece_type])
        self._change(depth, "create", sq, label)

    def _set_attribute(self, item: pn.SetAttribute, depth: int) -> None:
        self.emit(depth, f"set value {self.condition(item.value)};")
        self._change(depth, f"attr_{identifier(item.name)}", "#at", "#value")

    def _set_position_flag(self, item: pn.SetPositionFlag, depth: int) -> None:
        self.pflags.add(item.name)
        sq = self._on_board(item.where, depth)
        self.emit(depth, f"set value {self.condition(item.value)};")
        self.emit(depth, f"setelem pflag_{identifier(item.name)} {sq} #value;")

    def _set_flag(self, item: pn.SetFlag, depth: int) -> None:
        self.flags.add(item.name)
        self.emit(depth, f"set flag_{identifier(item.name)} {self.condition(item.value)};")

    def _change(self, depth: int, kind: str, square: str, arg: str) -> None:
        self.emit(depth, f'push ckind "{kind}";')  # what make_move does with the square
        self.emit(depth, f"push cpos {square};")
        self.emit(depth, f"push carg {arg};")

    def _add(self, item: pn.Add, depth: int) -> None:
        choices = " ".join(word(self.side.labels[t]) for t in item.types)
        copy = "true" if item.kind.copy else "false"
        partial = "true" if item.kind.partial else "false"
        cont = item.continue_with or ""
        # an attack test only asks whether the move reaches the target: answered here, without a call (calls
        # and loop iterations are what the GAME Code interpreter counts as steps)
        self.emit(depth, 'if == #mode "attack":')
        self.emit(depth + 1, "set aend cond #dst #dst #at;")
        self.emit(depth + 1, "if == #aend #target or match #target #caps or match #target #mto:")
        self.emit(depth + 2, "set found true;")
        self.emit(depth + 2, "return;")
        self.emit(depth + 1, "endif;")
        self.emit(depth, "else:")
        self.emit(depth + 1, f'gosub add_move {copy} {partial} "{cont}" array {choices}'.rstrip() + ";")
        self.emit(depth, "endif;")

    _INSTRUCTIONS: ClassVar[dict[type[Any], Callable[[BlockWriter, Any, int], None]]] = {
        pn.Step: _step, pn.Jump: _jump, pn.GoTo: _go_to, pn.Mark: _mark, pn.Verify: _verify, pn.If: _if,
        pn.While: _while, pn.Add: _add, pn.From: _from, pn.To: _to, pn.Cascade: _cascade, pn.Affect: _affect,
        pn.ChangeType: _change_type, pn.Create: _create, pn.SetAttribute: _set_attribute,
        pn.SetPositionFlag: _set_position_flag, pn.SetFlag: _set_flag}
    """The writer of each kind of instruction (:meth:`instruction`)."""


def _balanced(text: str) -> bool:
    """Whether the parentheses of ``text`` pair up (so that ``(text)`` is one group)."""
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def _describe(item: object) -> str:
    name = type(item).__name__
    words = re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()
    return words
