"""Code generation: GAME Code writing, new settings files, and piece functions as movement terms."""

from __future__ import annotations

from gamecode_writer import write_program
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fairyport.gamecourier.interpreter.nodes import Command
from fairyport.gamecourier.interpreter.parser import parse_program, parse_strict
from fairyport.gamecourier.movement import MoveTerm, decompose
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.write.settings import write_settings

CODE = """setsystem maxmove 2; if == K space e1: setflag e1; elseif not and a b: say Two  spaces: kept;
else: gosub Foo 1 2; endif;
sub Foo x y: def s2 list #v #v =v "Chess Variant"; def R checkride 1 0; HandleMove   true; endsub;"""


def test_written_code_is_canonical_and_parses_back() -> None:
    text = write_program(parse_strict(CODE).statements)
    assert text == (
        "setsystem maxmove 2;\n"
        "if == K space e1:\n"
        "  setflag e1;\n"
        "elseif not (a and b):\n"
        "  say Two spaces: kept;\n"
        "else:\n"
        "  gosub Foo 1 2;\n"
        "endif;\n"
        "sub Foo x y:\n"
        "  def s2 list #v #v =v \"Chess Variant\";\n"
        "  def R checkride #0 #1 1 0;\n"
        "  HandleMove true;\n"
        "endsub;\n")
    assert write_program(parse_strict(text).statements) == text


WORDS = st.sampled_from(["if ", "else", "endif", "sub S:", "endsub", "def X ", "set y ", "say hi ", "and ", "or ",
                         "not ", "checkleap ", "checkaride ", "#0 ", "#1 ", "1 ", "-1 ", "== ", "fn ", "(", ")",
                         "=x ", "K ", "e1 ", ": ", "; ", "\"s t\" ", "gosub S 1"])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, max_size=30).map("".join))
@example("def X and =x and if if if if ")  # a binding whose value is an 'and': written in parentheses
def test_writing_is_idempotent_for_valid_code(code: str) -> None:
    program = parse_program(code)
    if program.errors:
        return
    text = write_program(program.statements)
    again = parse_program(text)
    assert again.errors == []
    assert write_program(again.statements) == text


def _def(code: str) -> list[MoveTerm] | None:
    command = parse_strict(code).statements[0]
    assert isinstance(command, Command) and command.expr is not None
    return decompose(command.expr)


def test_conditions_apply_to_every_term_before_them() -> None:
    terms = _def("def P checkaleap -1 0 or checkaleap 1 0 and > rank #0 4 or checkaleap 0 1;")
    assert terms is not None
    assert [(t.primitive, t.exact, t.deltas, [c.canonical() for c in t.conditions]) for t in terms] == [
        ("checkaleap", True, (-1, 0), ["> rank #0 4"]),
        ("checkaleap", True, (1, 0), ["> rank #0 4"]),
        ("checkaleap", True, (0, 1), []),
    ]


def test_calls_groups_and_two_steps() -> None:
    terms = _def("def Q fn B #0 #1 or (checkride #0 #1 1 0) or checkatwostep #0 #1 0 1 1 1;")
    assert terms == [MoveTerm("fn", False, (), target="B"), MoveTerm("checkride", False, (1, 0)),
                     MoveTerm("checkatwostep", True, (0, 1, 1, 1))]


def test_other_functions_are_not_decomposed() -> None:
    assert _def("def C cond empty #1 (checkride #0 #1 1 0) (checkhop #0 #1 1 0);") is None
    assert _def("def X checkleap #0 #2 1 0;") is None
    assert _def("def Y checkleap #0 #1 #n 0;") is None


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["game", "code", "cols", "rules", "pregame", "x'y"]), st.text(max_size=20),
                       max_size=6), st.none() | st.text(max_size=10))
def test_new_settings_files_read_back(values: dict[str, str], author: str | None) -> None:
    text = write_settings(values, author=author)
    preset = parse_preset(text)
    assert {key: preset.get(key) for key in values} == values
    assert list(preset.values) == list(values)


def test_new_settings_file_layout() -> None:
    text = write_settings({"game": "Mir Chess 32", "cols": "8", "pregame": "setflag rules;\nsay hi;"},
                          author="fairyport")
    assert text == ("<?php\n$author = 'fairyport';\n$default['game'] = 'Mir Chess 32';\n$default['cols'] = 8;\n"
                    "$default['pregame'] = <<<'NOW'\nsetflag rules;\nsay hi;\nNOW;\n?>\n")
