"""GAME Code behaviours the pages document, one test each (issue 34): PHP's ``%``, where strings
start, ``captured`` and ``capture``."""

from __future__ import annotations

import pytest

from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.interpreter.lexer import tokenize
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.validate.run import lint_preset


def printed(pregame: str) -> list[str]:
    text = (f"<?php\n$default['code'] = '4k3/8/8/8/8/8/8/4K3';\n$default['cols'] = 8;\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n?>\n")
    return load_text(text, "t.php").start().output


def test_remainder_as_php() -> None:
    # GAME Code runs on PHP, whose % keeps the dividend's sign: -7 % 3 is -1 (Python's would be 2)
    assert printed("print % -7 3; print % 7 -3; print % 7 3; print % -7 -3; print % 7.9 3;") == \
        ["-1", "1", "1", "-1", "1"]


def test_a_string_starts_only_where_a_token_starts() -> None:
    tokens = tokenize('set w a"b; set s "x y"; set t ("q")').tokens
    assert [(t.kind, t.text) for t in tokens if t.kind in ("word", "string")] == [
        ("word", "set"), ("word", "w"), ("word", 'a"b'), ("word", "set"), ("word", "s"), ("string", '"x y"'),
        ("word", "set"), ("word", "t"), ("string", '"q"')]
    assert printed('set s join "a" "b"; print #s;') == ["ab"]


def _pawns(postmove: str, code: str) -> str:
    return (f"<?php\n$default['code'] = '{code}';\n$default['cols'] = 8;\n$default['rules'] = 'r';\n"
            f"$default['rulesurl'] = 'u';\n$default['pregame'] = <<<'NOW'\ndef P checkaleap #0 #1 0 1;\n"
            f"def p checkaleap #0 #1 0 -1;\ndef K checkleap #0 #1 1 1;\ndef k checkleap #0 #1 1 1;\nNOW;\n"
            f"$default['postauto1'] = <<<'NOW'\n{postmove}\nNOW;\n?>\n")


@pytest.mark.parametrize("postmove", ["verify == captured @;", "verify not capture;"])
def test_captured_and_capture_as_duniho_writes_them(postmove: str) -> None:
    # Fergus Duniho, 2023-01-19 (listcomments.php?id=46537), for a Pawn's Post-Move: "verify == captured @;
    # verify not capture; should also work."
    code = "if not fn moved origin dest: die No.; endif;\n" + postmove
    quiet = load_text(_pawns(code, "4k3/8/8/8/8/8/4P3/4K3"), "t.php")
    assert quiet.play(quiet.start(), "e2-e3").accepted
    onto = load_text(_pawns(code, "4k3/8/8/8/8/4p3/4P3/4K3"), "t.php")
    assert not onto.play(onto.start(), "e2-e3").accepted
    findings, _ = lint_preset(parse_preset(_pawns(code, "4k3/8/8/8/8/8/4P3/4K3"), "t.php"))
    assert [f.code for f in findings if f.code in ("GC-NOT-RUNNABLE", "GC-SYNTAX")] == []


def test_several_values_after_a_named_variable_make_an_array() -> None:
    # Duniho 2020-07-29 (listcomments.php?id=39873): "If more than one argument follows a variable assignment,
    # they will be converted into an array, leaving nothing to the right of the assignment."
    assert printed("def f count #v =v 1 2 3; print fn f; def g elem 1 #v =v a b; print fn g;") == ["3", "b"]
    assert printed("def h #v =v 7; print fn h; def s + #a #b =a 1 =b 2; print fn s;") == ["7", "3"]


PLAIN_ARGUMENTS = """if not fn moved origin dest: die No.; endif;
capture (where dest -1 0);
setflag (origin) dest;
add moved (where dest 1 0);
gosub mark (join origin dest) dest;"""


def test_commands_with_plain_arguments_take_parenthesised_expressions() -> None:
    # "only some commands can interpret expressions" (Duniho 2023-01-19, listcomments.php?id=46537): the others
    # take plain arguments, where a parenthesised one is an expression and the preprocessor words are the move's
    code = "sub mark a b:\n  set marked join #a #b;\nendsub;\n" + PLAIN_ARGUMENTS
    game = load_text(_pawns(code, "4k3/8/8/8/8/3p4/4P3/4K3"), "t.php")
    played = game.play(game.start(), "e2-e3")
    assert played.accepted
    board = {sq: label for sq, label in played.state.board.items() if label != "@"}
    assert board == {"e1": "K", "e3": "P", "f3": "P", "e8": "k"}
    assert played.state.flags == {"e2": True, "e3": True} and played.state.vars["marked"] == "e2e3e3"
