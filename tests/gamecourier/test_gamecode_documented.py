"""GAME Code behaviours the pages document, one test each (issue 34): PHP's ``%``."""

from __future__ import annotations

from fairyport.gamecourier.interpreter.game import load_text


def printed(pregame: str) -> list[str]:
    text = (f"<?php\n$default['code'] = '4k3/8/8/8/8/8/8/4K3';\n$default['cols'] = 8;\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n?>\n")
    return load_text(text, "t.php").start().output


def test_remainder_as_php() -> None:
    # GAME Code runs on PHP, whose % keeps the dividend's sign: -7 % 3 is -1 (Python's would be 2)
    assert printed("print % -7 3; print % 7 -3; print % 7 3; print % -7 -3; print % 7.9 3;") == \
        ["-1", "1", "1", "-1", "1"]
