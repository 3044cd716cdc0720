"""Lint checks on a preset's GAME Code: syntax, enforcement and its honesty, piece functions, and the
documented legacy defects (hard-coded royal squares, castling flags, square deltas on hex boards, mirror
asymmetry, stalemate messages). Messages quote the offending code."""

from __future__ import annotations

import re
from collections.abc import Iterator

from fairyport.diagnostics import Finding
from fairyport.gamecourier.analysis import REJECTING_COMMANDS, Analysis, CodeInfo, claims_message, sets_rules_flag
from fairyport.gamecourier.interpreter.expressions import CHECK_PRIMITIVES, parse_expression
from fairyport.gamecourier.interpreter.nodes import Atom, Call, Command, Expr, IfBlock, Statement, integer, walk_expr
from fairyport.gamecourier.symmetry import Board, normal_form, reverse
from fairyport.gamecourier.syntax.preset import KNOWN_KEYS
from fairyport.gamecourier.validate.board import Check
from fairyport.gamecourier.validate.rules import error_text, finding


def _quote(command: Command) -> str:
    text = " ".join(command.text.split())
    return f"'{text[:70]}{'...' if len(text) > 70 else ''}'"


def check_syntax(a: Analysis) -> list[Finding]:
    """Syntax errors in every code block, and ``//`` comment lines."""
    out: list[Finding] = []
    for info in a.code:
        for error in info.program.errors:
            out.append(finding("GC-SYNTAX", a.locate(info, error.location.offset or 0),
                               f"{info.block.label}: {error_text(error)}",
                               key=info.key))
        for command, _ in info.program.walk():
            if command.name.startswith("//"):
                out.append(finding("GC-COMMENT-LINE", a.locate(info, command.offset),
                                   f"{info.block.label}: {_quote(command)} reads as one statement", key=info.key))
    return out


def check_enforcement(a: Analysis) -> list[Finding]:
    """Uncoded, initial code only, claims without any ``die``, enforcement without ``setlegal``."""
    e = a.enforcement
    preset = a.preset
    if e.level == "unknown":
        return []  # the code is in the settings file (GC-INHERITS)
    if e.level == "uncoded":
        unknown = [key for key in preset.values if key not in KNOWN_KEYS]
        aside = f" (keys not read as code: {', '.join(unknown)})" if unknown else ""
        return [finding("GC-UNCODED", preset.location(0), f"every GAME Code block is empty{aside}; Game Courier "
                        "shows 'Uncoded. No rules enforced. No legal moves displayed.'")]
    out: list[Finding] = []
    first = next(info for info in a.code if not info.blank)
    if e.level == "initial code only":
        out.append(finding("GC-INITIAL-ONLY", a.locate(first, 0), f"code only in {', '.join(e.blocks)}; Game "
                           "Courier shows 'Initial code only. No rules enforced.'", key=first.key))
    if e.claimed and e.dies == 0 and not e.includes:
        post = next((info for info in a.code if info.block.phase == "postmove" and not info.blank), first)
        info, command = _claim_site(a) or (post, None)  # no explicit claim: Post-Move code is what claims it
        what = _quote(command) if command is not None else f"{info.block.label} code"
        rejecting = " or ".join(f"'{name}'" for name in REJECTING_COMMANDS)
        out.append(finding("GC-CLAIM-WITHOUT-DIE", a.locate(info, command.offset if command else 0),
                           f"{what} claims enforcement, but no code block contains {rejecting}", key=info.key))
    if e.level == "enforced" and e.dies and not e.setlegals and not e.includes:
        post = next(info for info in a.code if info.block.phase == "postmove" and not info.blank)
        out.append(finding("GC-NO-SETLEGAL", a.locate(post, 0), "moves are checked but no 'setlegal' records "
                           "legal moves", key=post.key))
    return out


def _claim_site(a: Analysis) -> tuple[CodeInfo, Command | None] | None:
    """The first command that makes the claim :attr:`~.analysis.Enforcement.claimed` counted."""
    return next(((info, command) for info, command in a.commands()
                 if sets_rules_flag(command) or claims_message(command)), None)


def check_piece_functions(a: Analysis) -> list[Finding]:
    """Pieces on the board or in the set without a ``def`` (only for enforced presets without includes, whose
    piece functions could come from the include)."""
    if a.enforcement.level != "enforced" or a.enforcement.includes or a.board is None:
        return []
    if not set(a.board.pieces()) & set(a.defs):
        return []  # no piece function at all: moves are not checked through 'def's (the claim checks report it)
    code = a.preset.values["code"]
    on_board = a.board.first_cells()
    out = [finding("GC-LABEL-NO-DEF", code.location(cell.offset or 0),
                   f"'{label}' is on the board but no code block has 'def {label}'", key="code")
           for label, cell in on_board.items() if label not in a.defs]
    for label in sorted((a.set_labels or set()) - set(a.defs) - set(on_board)):
        out.append(finding("GC-NO-MOVE-FN", a.set_location,
                           f"'{label}' is in the piece set but has no 'def {label}'"))
    return out


def check_asymmetric_defs(a: Analysis) -> list[Finding]:
    """Each first-side ``def`` against its second-side twin, under reflection and under a half turn."""
    if a.board is None:
        return []
    board = Board(a.board.cols, len(a.board.ranks), frozenset(a.labels()))
    out: list[Finding] = []
    for label, (_, upper) in a.defs.items():
        twin_label = label.swapcase()
        if label == twin_label or label != label.upper() or twin_label not in a.defs:
            continue
        info, lower = a.defs[twin_label]
        if upper.expr is None or lower.expr is None:
            continue
        target = normal_form(lower.expr)
        if any(normal_form(reverse(upper.expr, mode, board)) == target for mode in ("reflect", "rotate")):
            continue
        out.append(finding("GC-ASYMMETRIC-DEFS", a.locate(info, lower.offset),
                           f"{_quote(lower)} is not the colour-reversed image of {_quote(upper)}", key=info.key))
    return out


def check_fixed_royal(a: Analysis) -> list[Finding]:
    """``set K e1``: a piece label's variable set to a literal square."""
    labels = a.piece_labels()
    squares = a.squares()
    out: list[Finding] = []
    for info, command in a.commands():
        if (command.name == "set" and command.target in labels and isinstance(command.expr, Atom)
                and command.expr.text in squares):
            label = command.target
            out.append(finding("GC-FIXED-ROYAL", a.locate(info, command.offset),
                               f"{_quote(command)} hard-codes where '{label}' is", key=info.key,
                               fix=f"use 'set {label} findpiece {label} spaces;'"))
    return out


def _guarded(statements: list[Statement], conditions: tuple[Expr, ...]) -> Iterator[tuple[Command, tuple[Expr, ...]]]:
    """Commands with the ``if`` conditions that must hold for them to run."""
    for statement in statements:
        if isinstance(statement, Command):
            yield statement, conditions
        elif isinstance(statement, IfBlock):
            for branch in statement.branches:
                extra = (branch.condition,) if branch.condition is not None else ()
                yield from _guarded(branch.body, conditions + extra)
        else:
            yield from _guarded(statement.body, conditions)


def _tests_square(conditions: tuple[Expr, ...], square: str) -> bool:
    for condition in conditions:
        for node in walk_expr(condition):
            if isinstance(node, Call) and node.op == "space" and any(
                    isinstance(arg, Atom) and arg.text == square for arg in node.args):
                return True
    return False


def _label_on(a: Analysis, square: str) -> str:
    """The label of the piece on ``square`` at the start (the square is known to be occupied)."""
    file, rank = a.squares()[square]
    assert a.board is not None
    return a.board.cell_at(file, rank).label or "?"


def check_castle_flags(a: Analysis) -> list[Finding]:
    """Unconditional ``setflag`` on squares that all hold pieces at the start (castling-style flags).

    Flags that also mark empty squares (palaces, zones) are not castling flags and are left alone."""
    squares = a.squares()
    out: list[Finding] = []
    for info in a.code:
        flagged: list[tuple[Command, list[str]]] = []
        for command, conditions in _guarded(info.program.statements, ()):
            if command.name != "setflag":
                continue
            named = [t.value for t in command.args if t.value in squares]
            unguarded = [sq for sq in named if not _tests_square(conditions, sq)]
            if unguarded:
                flagged.append((command, unguarded))
        every = [sq for _, group in flagged for sq in group]
        if every and all(a.occupied(sq) for sq in every):
            for command, group in flagged:
                guards = " ".join(f"if == {_label_on(a, sq)} space {sq}: setflag {sq}; endif;" for sq in group)
                out.append(finding("GC-CASTLE-FLAGS", a.locate(info, command.offset),
                                   f"{_quote(command)} flags {' '.join(group)} whatever stands there", key=info.key,
                                   fix=f"guard each flag with the piece that starts there: '{guards}'"))
    return out


def _hex_distance(dx: int, dy: int) -> int:
    return (abs(dx) + abs(dy) + abs(dx + dy)) // 2


def _images(dx: int, dy: int) -> set[tuple[int, int]]:
    return {(sx * x, sy * y) for x, y in ((dx, dy), (dy, dx)) for sx in (1, -1) for sy in (1, -1)}


def check_hex_deltas(a: Analysis) -> list[Finding]:
    """On a hexagonal board, unprefixed primitives expand a delta with the square board's eight symmetries;
    when those images are not all the same hex distance away, the piece reaches cells it should not."""
    if "hex" not in (a.preset.get("shape") or "").lower():
        return []
    out: list[Finding] = []
    for info, command in a.commands():
        for node in walk_expr(command.expr):
            if not (isinstance(node, Call) and node.op in CHECK_PRIMITIVES and not node.op.startswith("checka")):
                continue
            deltas = node.args if node.implicit_endpoints else node.args[2:]
            values = [value for d in deltas if (value := integer(d)) is not None]
            if len(values) != 2:
                continue
            distances = {_hex_distance(x, y) for x, y in _images(*values)}
            if len(distances) > 1:
                out.append(finding("GC-SQUARE-DELTAS-ON-HEX", a.locate(info, node.offset),
                                   f"{_quote(command)}: '{node.op} ... {values[0]} {values[1]}' reaches cells "
                                   f"{sorted(distances)} hex steps away", key=info.key))
    return out


_SENTENCE = re.compile(r"[^.!?;]*[.!?;]?")
_OTHER_ENDING = re.compile(r"mate|bare|repetition|capture", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def _outcomes(text: str) -> set[str]:
    lowered = text.lower()
    found = set()
    if re.search(r"\bdraw|\bdrawn", lowered):
        found.add("draw")
    if re.search(r"\bwins?\b|\bwon\b|\bwinner", lowered):
        found.add("win")
    if re.search(r"\blos(es|e|t)\b", lowered):
        found.add("loss")
    return found


def _rules_stalemate(rules: str) -> set[str]:
    """Results the rules text gives for stalemate: from each clause naming it and the clause after."""
    sentences = [s for s in _SENTENCE.findall(_TAG.sub(" ", rules)) if s.strip()]
    found: set[str] = set()
    for index, sentence in enumerate(sentences):
        if "stalemat" in sentence.lower():
            found |= _outcomes(sentence)
            following = sentences[index + 1] if index + 1 < len(sentences) else ""
            if not _OTHER_ENDING.search(following):  # "Then the result is a draw." qualifies the same rule
                found |= _outcomes(following)
    return found


def check_stalemate_messages(a: Analysis) -> list[Finding]:
    """A stalemate message whose result the rules text does not allow (Shogi boilerplate in Hex Shogi)."""
    allowed = _rules_stalemate(a.preset.get("rules") or "")
    if not allowed:
        return []
    out: list[Finding] = []
    for info, command in a.commands():
        if command.message is None or "stalemate" not in command.message.lower():
            continue
        said = _outcomes(command.message)
        if said and not said & allowed:
            out.append(finding("GC-STALEMATE-CONTRADICTS", a.locate(info, command.offset),
                               f"{_quote(command)} but the rules text gives {'/'.join(sorted(allowed))}",
                               key=info.key))
    return out


def check_fn_operands(a: Analysis) -> list[Finding]:
    """Expressions whose ``fn`` calls read differently when each ``fn`` reads only the operands its function uses
    (:data:`~.readings.ARITY_DEF`, the analysis' reading) than when it takes the rest: code that relies on the
    lenient reading. Code written for the documented one (``set t == fn one 5 5;``, a syntax error the other way)
    is not reported."""
    out: list[Finding] = []
    for info in a.code:
        for command, _ in info.program.walk():
            if command.expr is None or not any(t.text == "fn" for t in command.args):
                continue
            lenient = parse_expression(list(command.args), info.value.text or "")
            if not lenient.errors and lenient.expr != command.expr:
                out.append(finding("GC-LENIENT-ARITY", a.locate(info, command.offset),
                                   f"{info.block.label}: {_quote(command)} has a 'fn' given more operands than its "
                                   "function uses", key=info.key))
    return out


CODE_CHECKS: tuple[Check, ...] = (check_syntax, check_enforcement, check_piece_functions, check_asymmetric_defs,
                                  check_fixed_royal, check_castle_flags, check_hex_deltas, check_stalemate_messages,
                                  check_fn_operands)
"""The checks of this module, in reporting order."""
