"""Property tests: random and mutated settings files, query strings, FEN codes and GAME Code never raise anything
but fairyport's own located errors; what parses is written back unchanged; the canonical FEN writer and the
PHP string renderer are exact inverses of their readers."""

from __future__ import annotations

from pathlib import Path

import paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairyport.errors import FairyportError
from fairyport.gamecourier.interpreter.parser import parse_program
from fairyport.gamecourier.syntax.fen import Cell, FenBoard, parse_fen, write_fen
from fairyport.gamecourier.syntax.php import PhpString, parse_settings
from fairyport.gamecourier.syntax.phpstrings import render_string
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.validate.run import lint_preset

FIXTURES = paths.FIXTURES / "gamecourier"
SOURCES = [p.read_text() for p in sorted(FIXTURES.rglob("*")) if p.suffix in (".php", ".gc")]
PROFILE = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PHP_ALPHABET = st.sampled_from([*"$default['\"]=;<?php>\n\\ abc{}()[],.#/*-_<<<NOWHTML0123456789u\r\t",
                               "<<<'NOW'\n", "\nNOW;", "$default['code'] = ", "array(", "?>", "<?php\n", "\\u{",
                               "<<<X\n", "\n  X;"])
GC_ALPHABET = st.sampled_from([*"; :()\"'#=-0123456789\n",
                               "if ", "elseif ", "else", "endif", "sub ", "endsub", "def ", "set ", "fn ", "and ",
                               "or ", "not ", "checkleap ", "checkaleap ", "checkatwostep ", "#0 ", "#1 ", "==",
                               "die ", "say ", "setflag ", "=x ", "list ", "where ", "K ", "e1 ", "//"])
FEN_ALPHABET = st.sampled_from([*"rnbqkpRNBQKP0123456789-*/{}", "{Ar}", "{.CB}", "10", "/", "\n", " "])


def _lint_or_located_error(text: str) -> None:
    try:
        preset = parse_preset(text, "fuzz.php")
    except FairyportError as exc:
        assert exc.location.file == "fuzz.php" and exc.location.line is not None
        return
    assert preset.to_text() == text
    lint_preset(preset)


@PROFILE
@given(st.lists(PHP_ALPHABET, max_size=60).map("".join))
def test_random_settings_text(text: str) -> None:
    _lint_or_located_error(text)


@PROFILE
@given(st.sampled_from(SOURCES), st.integers(min_value=0), st.integers(min_value=0, max_value=40),
       st.text(max_size=8))
def test_mutated_fixtures(source: str, start: int, length: int, insert: str) -> None:
    start %= len(source) + 1
    _lint_or_located_error(source[:start] + insert + source[start + length:])


@PROFILE
@given(st.text(max_size=80))
def test_arbitrary_text_as_preset(text: str) -> None:
    _lint_or_located_error(text)


@PROFILE
@given(st.lists(FEN_ALPHABET, max_size=40).map("".join), st.integers(min_value=1, max_value=12))
def test_random_fen_codes(code: str, cols: int) -> None:
    try:
        board = parse_fen(code, cols)
    except FairyportError as exc:
        assert exc.location.offset is not None and 0 <= exc.location.offset <= len(code)
        return
    assert all(len(rank) == cols for rank in board.ranks)
    again = parse_fen(write_fen(board), cols)
    assert again.ranks == board.ranks


CELLS = st.one_of(st.just(Cell("empty")), st.just(Cell("hole")),
                  st.text(alphabet="abcKQR.!_{}-*/0123456789 ", min_size=1, max_size=3)
                  .filter(lambda s: "}" not in s and "{" not in s).map(lambda s: Cell("piece", s)))


@PROFILE
@given(st.integers(min_value=1, max_value=6).flatmap(
    lambda cols: st.lists(st.lists(CELLS, min_size=cols, max_size=cols), min_size=1, max_size=6)
    .map(lambda ranks: FenBoard(cols, ranks))))
def test_fen_writer_inverts_reader(board: FenBoard) -> None:
    assert parse_fen(write_fen(board), board.cols).ranks == board.ranks


@PROFILE
@given(st.lists(GC_ALPHABET, max_size=50).map("".join))
def test_random_game_code(code: str) -> None:
    program = parse_program(code, "fuzz.php")
    for error in program.errors:
        assert error.location.file == "fuzz.php"
        assert error.location.offset is not None and 0 <= error.location.offset <= len(code)
    for command, _ in program.walk():
        assert code[command.offset:command.end] == command.text


@PROFILE
@given(st.text(max_size=60), st.sampled_from(["single", "double", "heredoc", "nowdoc"]))
def test_rendered_strings_read_back(value: str, style: str) -> None:
    literal = render_string(value, style, "NOW")  # type: ignore[arg-type]
    parsed = parse_settings(f"<?php\n$default['k'] = {literal};\n").defaults()["k"].value
    assert isinstance(parsed, PhpString) and parsed.value == value


EDITABLE = [p for p in sorted(FIXTURES.rglob("*")) if p.suffix in (".php", ".gc") and "unreadable" not in p.parts]


@PROFILE
@given(st.sampled_from(EDITABLE), st.sampled_from(["code", "rules", "cols", "game", "pregame", "newkey"]),
       st.text(max_size=30))
def test_edits_read_back_and_leave_other_keys_alone(path: Path, key: str, value: str) -> None:
    preset = parse_preset(path.read_text(), str(path))
    before = {k: preset.get(k) for k in preset.values if k != key}
    preset.set(key, value)
    again = parse_preset(preset.to_text(), str(path))
    assert again.get(key) == value
    assert {k: again.get(k) for k in again.values if k != key} == before
