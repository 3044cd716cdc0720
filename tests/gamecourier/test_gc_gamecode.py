"""GAME Code: tokens, statements, blocks and Polish-notation expressions."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import NOTES, SUBSET, needs, source_id

from fairyport.errors import ParseError
from fairyport.gamecourier.interpreter.expressions import parse_expression
from fairyport.gamecourier.interpreter.lexer import tokenize
from fairyport.gamecourier.interpreter.nodes import Atom, Call, Command, Group, IfBlock, Logic, Sequence, SubBlock
from fairyport.gamecourier.interpreter.parser import parse_program, parse_strict

SAMPLES = NOTES / "gc_samples"


def expr(text: str) -> Call | Atom | Logic | Group | Sequence:
    parsed = parse_expression(tokenize(text).tokens, text)
    assert not parsed.errors, parsed.errors
    assert parsed.expr is not None
    return parsed.expr


def test_and_or_group_from_the_left_without_precedence() -> None:
    tree = expr("checkaleap -1 0 or checkaleap 1 0 and > rank #0 4 or checkaleap 0 1")
    assert isinstance(tree, Logic) and tree.op == "or"
    assert isinstance(tree.left, Logic) and tree.left.op == "and"
    assert isinstance(tree.left.left, Logic) and tree.left.left.op == "or"
    assert tree.canonical() == ("checkaleap #0 #1 -1 0 or checkaleap #0 #1 1 0 and > rank #0 4 "
                                "or checkaleap #0 #1 0 1")


def test_check_primitives_full_and_short_forms() -> None:
    full = expr("checkride #0 #1 1 0")
    short = expr("checkride 1 0")
    assert isinstance(full, Call) and isinstance(short, Call)
    assert (len(full.args), full.implicit_endpoints) == (4, False)
    assert (len(short.args), short.implicit_endpoints) == (2, True)
    assert full.canonical() == short.canonical()
    two = expr("checkatwostep #0 #1 0 1 1 1")
    assert isinstance(two, Call) and len(two.args) == 6


def test_prefix_operators_take_their_operand_counts() -> None:
    tree = expr("equal where #ep 0 1 a3")
    assert isinstance(tree, Call) and tree.op == "equal"
    where, square = tree.args
    assert isinstance(where, Call) and [a.canonical() for a in where.args] == ["#ep", "0", "1"]
    assert square == Atom("a3", "word", square.offset)
    fn = expr("fn B #0 #1 or fn R #0 #1")
    assert isinstance(fn, Logic) and isinstance(fn.left, Call) and len(fn.left.args) == 3
    assert expr("not empty #1").canonical() == "not empty #1"
    assert isinstance(expr("(checkleap #0 #1 1 1)"), Group)


def test_atoms_are_classified() -> None:
    tree = expr("list #v #0 -12 \"a b\" e4")
    assert isinstance(tree, Call)
    assert [a.kind for a in tree.args if isinstance(a, Atom)] == ["variable", "param", "number", "string", "word"]


def test_unknown_operators_leave_a_sequence() -> None:
    tree = expr("leaps #0 1 0")
    assert isinstance(tree, Sequence) and len(tree.items) == 4


def test_def_bindings_named_parameters_and_locals() -> None:
    program = parse_strict("def sqrplus + * #x #x #x =x;\ndef s2 list #v #v =v \"Chess Variant\";")
    first, second = program.statements
    assert isinstance(first, Command) and first.target == "sqrplus"
    assert [(b.name, b.value) for b in first.bindings] == [("x", None)]
    assert isinstance(second, Command) and second.bindings[0].name == "v"
    assert isinstance(second.bindings[0].value, Atom) and second.bindings[0].value.kind == "string"
    assert second.expr is not None and second.expr.canonical() == "list #v #v"


def test_blocks_headers_and_commands() -> None:
    code = """setsystem maxmove 4; ban commands;
if == K space e1: setflag e1;
elseif == moved K:
  set K dest;
else:
  die No: never;
endif;
sub HandleMove player:
  eval join "MOVE: " thismove;
endsub;
gosub HandleMove true;
HandleMove false;
"""
    program = parse_strict(code)
    kinds = [type(s).__name__ for s in program.statements]
    assert kinds == ["Command", "Command", "IfBlock", "SubBlock", "Command", "Command"]
    block = program.statements[2]
    assert isinstance(block, IfBlock) and [b.keyword for b in block.branches] == ["if", "elseif", "else"]
    die = block.branches[2].body[0]
    assert isinstance(die, Command) and die.message == "No: never"
    sub = program.statements[3]
    assert isinstance(sub, SubBlock) and (sub.name, sub.params) == ("HandleMove", ("player",))
    unknown = program.statements[5]
    assert isinstance(unknown, Command) and not unknown.known and unknown.name == "HandleMove"
    setsystem = program.statements[0]
    assert isinstance(setsystem, Command) and setsystem.target == "maxmove"
    names = [command.name for command, _ in program.walk()]
    assert names.count("if") == 1 and "elseif" in names and "endif" not in names


def test_if_header_may_end_with_semicolon() -> None:
    program = parse_strict("set ep false;\nif equal where #ep 0 1 a3;\nendif;")
    assert isinstance(program.statements[1], IfBlock)


@pytest.mark.parametrize(("code", "reason", "line", "column"), [
    ("set x 1;\nif == a b:", "'if' without 'endif'", 2, 1),
    ("if == a b: endsub;", "'if' without 'endif'", 1, 1),
    ("endif;", "'endif' without a matching", 1, 1),
    ("sub foo:\n  say x;", "'sub' without 'endsub'", 1, 1),
    ("def K checkleap 1;", "'checkleap' needs 4 operands", 1, 7),
    ("set x == 1;", "'==' needs 2 operands", 1, 7),
    ("say \"open;", "unterminated string", 1, 5),
    ("def K (checkleap #0 #1 1 0;", "unclosed parenthesis", 1, 7),
    ("def;", "'def' needs a name", 1, 1),
    ("set x;", "'set x' without a value", 1, 1),
    ("if == a b: else: else: endif;", "second 'else'", 1, 18),
    ("endsub extra;", "'endsub' takes no arguments", 1, 8),
    ("set a 0;\ndo:\n  inc a;", "'do' without 'loop'", 2, 1),
    ("loop;", "'loop' without a matching", 1, 1),
    ("for x (1 2):\nset y 1;", "'for' without 'next'", 1, 1),
    ("foreach x (1 2):\ndo:\nnext;\nloop;", "'next' closes no open block: the 'do' opened at line 2", 3, 1),
    ("do:\nif true:\nloop;\nendif;", "'loop' without a matching", 3, 1),
    ("do:\nif true:\nloop;\nendif;", "'do' without 'loop'", 1, 1),
    ("sub f:\nswitch 1:\nendsub;", "'switch' without 'endswitch'", 2, 1),
    ("switch 1:\ncase 1: break;\nendswitch;\ncase 2;", "'case' outside a 'switch'", 4, 1),
    ("endswitch;", "'endswitch' without a matching", 1, 1),
])
def test_syntax_errors_are_collected_and_located(code: str, reason: str, line: int, column: int) -> None:
    program = parse_program(code, "x.php")
    assert any(e.reason.startswith(reason) and (e.location.line, e.location.column) == (line, column)
               for e in program.errors), [str(e) for e in program.errors]
    with pytest.raises(ParseError):
        parse_strict(code)


def _sample_code(path: Path) -> str:
    return "\n".join(line for line in path.read_text().splitlines() if not line.startswith("%%"))


EXCERPTS = ["01_castling_flags_duniho_2022.gamecode", "02_handlemove_phase0_muller_2020.gamecode",
            "03_def_fn_semantics_duniho_2020.gamecode", "04_royal_position_findpiece_duniho_2010.gamecode",
            "06_rules_flag_duniho_2018.gamecode"]
"""The shared notes' excerpts that must parse without errors."""
OWN_EXCERPTS = sorted((SUBSET / "notes" / "gc_samples").glob("*.gamecode"))
"""Our own excerpts in the same shape (run without the shared notes)."""


@pytest.mark.parametrize("path", [
    *(pytest.param(SAMPLES / name, marks=needs(SAMPLES), id=name) for name in EXCERPTS),
    *(pytest.param(path, id=source_id(path)) for path in OWN_EXCERPTS)])
def test_real_excerpts_parse_without_errors(path: Path) -> None:
    program = parse_program(_sample_code(path))
    assert program.errors == []
    assert program.statements


def test_apostrophes_in_messages_are_words_and_quotes_stay_on_one_line() -> None:
    program = parse_strict("say 'Tis done; die You don't: stop;")
    messages = [c.message for c, _ in program.walk()]
    assert messages == ["'Tis done", "You don't: stop"]
    broken = parse_program('say "open\nset x 1;')
    assert [e.reason for e in broken.errors] == ["unterminated string"]


def test_colon_ends_unmodelled_headers_but_not_messages() -> None:
    program = parse_strict("for x #list: die Error: no; next;\nlabel top: goto top;")
    names = [(c.name, c.colon) for c, _ in program.walk()]
    assert names == [("for", True), ("die", False), ("next", False), ("label", True), ("goto", False)]
    die = next(c for c, _ in program.walk() if c.name == "die")
    assert die.message == "Error: no"


def test_paired_loops_and_switches_parse_cleanly() -> None:
    code = ("do while < #a 3:\n  for x (1 2):\n    switch #x:\n    case 1:\n      break;\n    default:\n"
            "    endswitch;\n  next;\n  if true:\n    foreach y (1):\n    next;\n  endif;\nloop;")
    assert parse_program(code).errors == []


# The one-line conditional as Game Courier's author writes it (texts of our own in that form).
ONE_LINE_PREGAME = """if == thismove null:
  say This preset says hello before the first move.;
if == K space e1: setflag e1;
if == R space a1: setflag a1;
if == k space e8: setflag e8;
set k findpiece k spaces;
"""


def test_one_line_if_governs_one_statement() -> None:
    program = parse_strict(ONE_LINE_PREGAME)
    kinds = [type(st).__name__ for st in program.statements]
    assert kinds == ["IfBlock", "IfBlock", "IfBlock", "IfBlock", "Command"]
    first = program.statements[0]
    assert isinstance(first, IfBlock) and len(first.branches) == 1
    body = first.branches[0].body
    assert len(body) == 1 and isinstance(body[0], Command) and body[0].name == "say"
    flag = program.statements[1]
    assert isinstance(flag, IfBlock) and [c.name for c in flag.branches[0].body if isinstance(c, Command)] == [
        "setflag"]


def test_block_if_with_endif_is_unchanged_next_to_one_line_ifs() -> None:
    program = parse_strict("if == K space e1:\n  setflag e1;\n  set x 1;\nendif;\nif a: set y 2;\nset z 3;")
    block, one_line, plain = program.statements
    assert isinstance(block, IfBlock) and len(block.branches[0].body) == 2
    assert isinstance(one_line, IfBlock) and len(one_line.branches[0].body) == 1
    assert isinstance(plain, Command) and plain.target == "z"


def test_one_line_ifs_nest_and_pair_innermost_first() -> None:
    program = parse_strict("if a: if b: x; endif; y;")
    outer, after = program.statements
    assert isinstance(outer, IfBlock) and isinstance(after, Command) and after.name == "y"
    inner = outer.branches[0].body[0]
    assert isinstance(inner, IfBlock) and [c.name for c in inner.branches[0].body if isinstance(c, Command)] == ["x"]


def test_long_chain_of_one_line_ifs_does_not_recurse() -> None:
    program = parse_strict("if a: " * 5000 + "set x 1;")
    assert len(program.statements) == 1
