"""Writing GAME Code from its syntax tree, for code generation.

Presets are rewritten verbatim (their code blocks are strings kept as they are); this writer is for code
that a converter builds or edits. It emits one statement per line, block bodies indented by two spaces,
``check*`` primitives in their explicit ``#0 #1`` form, and never a comment (Game Courier's comment syntax
is not documented). Parsing the output gives the same tree shape and the same output again.
"""

from __future__ import annotations

from fairyport.gamecourier.interpreter.nodes import Binding, Command, IfBlock, Logic, Statement, SubBlock
from fairyport.gamecourier.interpreter.parser import COMMANDS

INDENT = "  "


def write_program(statements: list[Statement]) -> str:
    """The text of ``statements``, one per line, ending with a line break."""
    lines: list[str] = []
    _write(statements, 0, lines)
    return "".join(line + "\n" for line in lines)


def _write(statements: list[Statement], depth: int, lines: list[str]) -> None:
    pad = INDENT * depth
    for statement in statements:
        if isinstance(statement, Command):
            lines.append(pad + write_command(statement) + (":" if statement.colon else ";"))
        elif isinstance(statement, IfBlock):
            for branch in statement.branches:
                lines.append(pad + write_command(branch.header) + ":")
                _write(branch.body, depth + 1, lines)
            lines.append(pad + "endif;")
        else:
            _write_sub(statement, depth, lines)


def _write_sub(sub: SubBlock, depth: int, lines: list[str]) -> None:
    pad = INDENT * depth
    lines.append(pad + " ".join(["sub", sub.name, *sub.params]) + ":")
    _write(sub.body, depth + 1, lines)
    lines.append(pad + "endsub;")


def write_command(command: Command) -> str:
    """One command without its terminator: known commands from their parts, unknown ones as written."""
    shape = COMMANDS.get(command.name) if command.known else None
    if shape is None:
        return " ".join(command.text.split())
    parts = [command.name]
    if command.target is not None and shape in ("target_expr", "target_words"):
        parts.append(command.target)
    if shape in ("expr", "target_expr"):
        if command.expr is not None:
            parts.append(command.expr.canonical())
        parts.extend(_binding(b) for b in command.bindings)
    elif shape == "text":
        if command.message:
            parts.append(" ".join(command.message.split()))
    elif shape in ("words", "target_words"):
        parts.extend(token.text for token in command.args)
    return " ".join(parts)


def _binding(binding: Binding) -> str:
    if binding.value is None:
        return f"={binding.name}"
    value = binding.value.canonical()
    if isinstance(binding.value, Logic):  # an unparenthesised 'and' / 'or' would end the binding's value
        value = f"({value})"
    return f"={binding.name} {value}"
