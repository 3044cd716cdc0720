"""What a preset says, decoded once: board from the FEN, coordinates, parsed code blocks, piece functions,
piece-set labels and the enforcement level. The linter reads this; a later converter can too.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from fairyport.errors import Location, ParseError
from fairyport.gamecourier.interpreter import expressions
from fairyport.gamecourier.interpreter.nodes import Command, Program
from fairyport.gamecourier.interpreter.parser import parse_program
from fairyport.gamecourier.syntax.fen import FenBoard, coordinate_labels, parse_fen
from fairyport.gamecourier.syntax.php import PhpArray, PhpString
from fairyport.gamecourier.syntax.preset import CODE_BLOCKS, CodeBlock, Preset, PresetValue
from fairyport.model import MAX_BOARD_SIDE

DEFAULT_COLS = 8
"""Width assumed when ``cols`` is missing (Game Courier's own default is not documented; chess is 8 wide)."""

_INTEGER = re.compile(r"[ \t\r\n]*[0-9]+[ \t\r\n]*\Z")


@dataclasses.dataclass
class CodeInfo:
    """One GAME Code key: its table entry, value and parse."""

    key: str
    block: CodeBlock
    value: PresetValue
    program: Program

    @property
    def blank(self) -> bool:
        """True if the block holds no statement (a PHP expression, kept unparsed, does not count as blank)."""
        return self.value.text is not None and not self.program.statements


@dataclasses.dataclass
class Enforcement:
    """The enforcement level, guessed the way Game Courier documents it, and the evidence behind it."""

    level: str
    """``uncoded`` (every code block empty), ``initial code only`` (no Post-Move code), ``enforced``, or
    ``unknown`` (a query-string preset whose code would come from a settings file that is not at hand)."""
    blocks: list[str]
    includes: list[str]
    dies: int
    """Commands that reject a move (:data:`REJECTING_COMMANDS`: ``die`` and ``verify``)."""
    setlegals: int
    rules_flag: bool
    claim_message: bool
    """A message says the preset enforces the rules."""
    postgame_mentions: list[str]

    @property
    def claimed(self) -> bool:
        """Whether the preset claims enforcement (status line, ``setflag rules`` or a message)."""
        return self.level == "enforced" or self.rules_flag or self.claim_message

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return dataclasses.asdict(self)


@dataclasses.dataclass
class Analysis:
    """The decoded preset."""

    preset: Preset
    cols: int | None
    cols_problem: str | None
    board: FenBoard | None
    board_error: ParseError | None
    files: list[str]
    ranks: list[str]
    code: list[CodeInfo]
    defs: dict[str, tuple[CodeInfo, Command]]
    set_labels: set[str] | None
    set_source: str
    set_location: Location
    """Where the piece set is given (the file's start when it is not in the file)."""
    enforcement: Enforcement

    @property
    def inherits(self) -> str | None:
        """See :func:`inherited_settings`."""
        return inherited_settings(self.preset)

    def locate(self, info: CodeInfo, offset: int) -> Location:
        """The file location of ``offset`` in a code block."""
        return info.value.location(offset)

    def squares(self) -> dict[str, tuple[int, int]]:
        """Square name -> (file, rank), both 0-based, rank 0 at the bottom."""
        return {f + r: (i, j) for i, f in enumerate(self.files) for j, r in enumerate(self.ranks)}

    def occupied(self, square: str) -> bool:
        """True if ``square`` holds a piece in the start position."""
        position = self.squares().get(square)
        if position is None or self.board is None:
            return False
        return self.board.cell_at(*position).kind == "piece"

    def piece_labels(self) -> set[str]:
        """Piece labels on the board and in the piece set."""
        found = set(self.board.pieces()) if self.board is not None else set()
        return found | (self.set_labels or set())

    def labels(self) -> set[str]:
        """Piece labels, and function names that come in upper / lower case pairs (``def Cv`` / ``def cv``)."""
        paired = {name for name in self.defs if name != name.swapcase() and name.swapcase() in self.defs}
        return self.piece_labels() | paired

    def arities(self) -> dict[str, int]:
        """Each ``def``'s name -> the operands ``fn`` reads for it under :data:`~.readings.ARITY_DEF`."""
        return _arities(self.defs)

    def commands(self) -> list[tuple[CodeInfo, Command]]:
        """Every command of every code block, in order."""
        return [(info, command) for info in self.code for command, _ in info.program.walk()]


def inherited_settings(preset: Preset) -> str | None:
    """For a query-string preset naming a settings file that is not at hand: that file's name. Keys the preset
    does not give come from it, on the server, so their absence here proves nothing."""
    if preset.kind != "query" or preset.base is not None:
        return None
    return preset.get("settings") or None


def analyse(preset: Preset, *, def_arity: bool = False) -> Analysis:
    """Decode ``preset``; problems are recorded (FEN errors, bad ``cols``), never raised. ``def_arity``: the code
    parsed with each ``fn NAME`` reading only the operands ``NAME`` uses (:data:`~.readings.ARITY_DEF`)."""
    cols, cols_problem = _cols(preset)
    board: FenBoard | None = None
    board_error: ParseError | None = None
    code_value = preset.values.get("code")
    if code_value is not None and code_value.text is not None:
        try:
            board = parse_fen(code_value.text, cols or DEFAULT_COLS, file=preset.file)
        except ParseError as exc:
            exc.relocated(code_value.location(exc.location.offset or 0))
            board_error = exc
    # cols over the bound is the board error; the labels are not made for it (cols=10^50 would never end)
    width = board.cols if board is not None else min(cols or DEFAULT_COLS, MAX_BOARD_SIDE)
    height = len(board.ranks) if board is not None else 0
    files = coordinate_labels(preset.get("files"), width, "files")
    ranks = coordinate_labels(preset.get("ranks"), height, "ranks")
    code = [CodeInfo(key, CODE_BLOCKS[key], value, parse_program(value.text or "", preset.file))
            for key, value in preset.code_blocks().items()]
    defs = _defs(code)
    if def_arity:
        arities = _arities(defs)
        code = [dataclasses.replace(info, program=parse_program(info.value.text or "", preset.file, arities))
                for info in code]
        defs = _defs(code)
    set_labels, set_source, set_location = _set_labels(preset)
    return Analysis(preset, cols, cols_problem, board, board_error, files, ranks, code, defs, set_labels,
                    set_source, set_location, _enforcement(code, inherited=inherited_settings(preset) is not None))


def _arities(defs: dict[str, tuple[CodeInfo, Command]]) -> dict[str, int]:
    """Each ``def``'s name -> the operands ``fn`` reads for it (:func:`~.expressions.def_arity`)."""
    return {name: expressions.def_arity(command.expr, command.bindings) for name, (_, command) in defs.items()}


def _defs(code: list[CodeInfo]) -> dict[str, tuple[CodeInfo, Command]]:
    """Each ``def``'s name -> its block and command (the last one of a name)."""
    defs: dict[str, tuple[CodeInfo, Command]] = {}
    for info in code:
        for command, _ in info.program.walk():
            if command.name == "def" and command.target:
                defs[command.target] = (info, command)
    return defs


def _cols(preset: Preset) -> tuple[int | None, str | None]:
    value = preset.values.get("cols")
    if value is None:
        return None, "missing"
    if value.text is None:
        return None, f"a PHP {value.kind}, not a number"
    if not _INTEGER.match(value.text) or int(value.text) < 1:
        return None, f"not a positive whole number: {value.text!r}"
    return int(value.text), None


def _set_labels(preset: Preset) -> tuple[set[str] | None, str, Location]:
    """Labels of the piece set when the preset carries it: a ``$pieces`` array (as in a set file) or a JSON
    object in ``set``. A named set (``alfaerie``) lives on the server and is not available."""
    for holder in (preset, preset.base):
        if holder is not None and holder.settings is not None:
            for assignment in holder.settings.assignments("pieces"):
                if isinstance(assignment.value, PhpArray) and not assignment.keys:
                    keys = {k.value for k, _ in assignment.value.items if isinstance(k, PhpString)}
                    return keys, "$pieces", holder.location(assignment.offset)
    text = preset.get("set")
    where = preset.values["set"].location() if "set" in preset.values else preset.location(0)
    if text and text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError:
            return None, "set (not valid JSON)", where
        if isinstance(data, dict):
            pieces = data.get("pieces", data)
            if isinstance(pieces, dict):
                return {str(k) for k in pieces}, "set (JSON)", where
    return None, f"named set {text!r} (not available)" if text else "no set", where


REJECTING_COMMANDS: dict[str, str] = {
    "die": "ends the program with a message: the move is rejected (GAME Code Tutorial, "
           "chessvariants.com/play/pbm/tutorial.html)",
    "verify": "rejects the move when its expression is false (Game Courier Developer's Guide, extended 2004-02-26; "
              "Fergus Duniho on 'verify == captured @;' and 'verify not capture;', 2023-01-19, "
              "chessvariants.com/index/listcomments.php?id=46537)",
}
"""The GAME Code commands that reject a move, with the documentation each rests on. A preset whose code
contains none of them never rejects a move, whatever it claims (``GC-CLAIM-WITHOUT-DIE``)."""

CLAIM = re.compile(r"enforces?\s+(the\s+)?rules", re.IGNORECASE)
"""A message that claims enforcement ("This preset enforces the rules ...")."""


def sets_rules_flag(command: Command) -> bool:
    """``setflag rules``: the preset says it enforces the rules."""
    return command.name == "setflag" and any(t.value == "rules" for t in command.args)


def claims_message(command: Command) -> bool:
    """A ``die`` / ``say`` message claiming enforcement."""
    return command.message is not None and CLAIM.search(command.message) is not None


def _enforcement(code: list[CodeInfo], *, inherited: bool) -> Enforcement:
    present = [info for info in code if not info.blank]
    includes: list[str] = []
    dies = setlegals = 0
    rules_flag = claim = False
    mentions: list[str] = []
    for info in present:
        for command, _ in info.program.walk():
            if command.name == "include":
                includes.extend(t.value for t in command.args)
            elif command.name in REJECTING_COMMANDS:
                dies += 1
            elif command.name == "setlegal":
                setlegals += 1
            elif sets_rules_flag(command):
                rules_flag = True
            if claims_message(command):
                claim = True
        if info.block.phase == "postgame":
            lowered = info.value.text.lower() if info.value.text else ""
            mentions.extend(word for word in ("check", "stalemate") if word in lowered and word not in mentions)
    if not present:
        level = "unknown" if inherited else "uncoded"  # inherited: the code is in a settings file not at hand
    elif not any(info.block.phase == "postmove" for info in present):
        level = "initial code only"
    else:
        level = "enforced"
    return Enforcement(level, [info.key for info in present], includes, dies, setlegals, rules_flag, claim, mentions)

