"""No control character from input reaches the terminal: messages, findings and warnings are escaped by one
function, :func:`fairyport.errors.printable`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from paths import GAMES

from fairyport.cli.main import main
from fairyport.diagnostics import Finding, Severity
from fairyport.errors import Location, ParseError, printable
from fairyport.output import EscapedStream

HOSTILE = "\x1b]0;PWNED\x07\x1b[2J"
"""Sets a terminal's title and clears its screen."""


def test_printable_escapes_controls_but_keeps_tabs_newlines_and_letters() -> None:
    assert printable(f"a{HOSTILE}\tb\nc\u202e\x85\x7fé") == "a\\x1b]0;PWNED\\x07\\x1b[2J\tb\nc\\u202e\\x85\\x7fé"


def test_errors_findings_and_the_message_stream_are_escaped() -> None:
    assert "\x1b" not in ParseError(f"bad {HOSTILE}", found=HOSTILE).message()
    assert "\x1b" not in str(Finding(Location("f"), Severity.ERROR, "x", HOSTILE, fix=HOSTILE))
    stream = io.StringIO()
    EscapedStream(stream).write(f"warning: {HOSTILE}\n")
    assert stream.getvalue() == "warning: \\x1b]0;PWNED\\x07\\x1b[2J\n"


@pytest.mark.parametrize("command", [["validate"], ["perft", "--depth", "1"], ["show"]])
def test_a_game_code_line_with_escapes_is_shown_escaped(tmp_path: Path, command: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    text = GAMES.joinpath("chess.php").read_text(encoding="utf-8")
    preset = tmp_path / "hostile.php"
    preset.write_text(text.replace("setsystem maxmove 2;", f"setsystem maxmove 2;\n{HOSTILE};", 1), encoding="utf-8")
    main([command[0], str(preset), *command[1:]])
    out, err = capsys.readouterr()
    for shown in (out, err):
        assert not any(character in shown for character in "\x1b\x07")
    if command == ["validate"]:
        assert "PWNED\\x07\\x1b[2J" in out
