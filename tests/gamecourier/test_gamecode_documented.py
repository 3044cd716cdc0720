"""GAME Code behaviours the pages document, one test each (issue 34): PHP's ``%``, where strings start."""

from __future__ import annotations

from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.interpreter.lexer import tokenize


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
