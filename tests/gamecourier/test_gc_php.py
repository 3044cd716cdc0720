"""Game Courier settings files and query-string presets: reading, lossless writing, editing, located errors."""

from __future__ import annotations

import pytest

from fairyport.errors import ParseError
from fairyport.gamecourier.syntax.php import (
    Assignment,
    PhpArray,
    PhpRaw,
    PhpScalar,
    PhpString,
    RawStatement,
    parse_settings,
)
from fairyport.gamecourier.syntax.phpstrings import decode_double, decode_single, render_string
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.syntax.query import parse_query

SAMPLE = """<?php
/* a block comment */
$author = "Someone";
$default['game'] = 'Mir Chess 32';
$default["cols"] = 8;
$default['code'] = <<<'NOW'
rnegkenc/4pppp
NOW;
  $default['rules'] = <<<HTML
    <p>Costs \\$5 "now" \\x41</p>
    HTML;
$default['flags'] = array('a' => true, 2, [3, null]);
$default['x'] = "a" . 'b';
include "other.php"; # comment
?>
trailing text
"""


def test_unmodified_file_is_written_back_exactly() -> None:
    settings = parse_settings(SAMPLE)
    assert settings.to_text() == SAMPLE


def test_values_are_decoded_with_their_quoting() -> None:
    defaults = parse_settings(SAMPLE).defaults()
    assert list(defaults) == ["game", "cols", "code", "rules", "flags", "x"]
    game = defaults["game"].value
    assert isinstance(game, PhpString) and game.style == "single" and game.value == "Mir Chess 32"
    assert defaults["cols"].value == PhpScalar("int", "8")
    code = defaults["code"].value
    assert isinstance(code, PhpString) and (code.style, code.tag, code.value) == ("nowdoc", "NOW", "rnegkenc/4pppp")
    rules = defaults["rules"].value
    assert isinstance(rules, PhpString) and rules.style == "heredoc"
    assert rules.value == '<p>Costs $5 "now" A</p>'  # closing-tag indentation removed, escapes applied
    flags = defaults["flags"].value
    assert isinstance(flags, PhpArray) and len(flags.items) == 3
    assert isinstance(defaults["x"].value, PhpRaw) and defaults["x"].value.text == "\"a\" . 'b'"


def test_other_statements_are_kept_verbatim() -> None:
    settings = parse_settings(SAMPLE)
    raws = [s for s in settings.segments if isinstance(s, RawStatement)]
    assert [r.text for r in raws] == ['include "other.php";']
    author = next(settings.assignments("author"))
    assert isinstance(author.value, PhpString) and author.value.value == "Someone"


def test_decoded_characters_know_their_source_offsets() -> None:
    settings = parse_settings(SAMPLE)
    code = settings.defaults()["code"]
    assert isinstance(code.value, PhpString)
    offset = code.value.decoded.source_offset(9)  # the '4' of '4pppp'
    assert SAMPLE[offset] == "4"
    location = settings.location(offset)
    assert (location.line, location.column) == (7, 10)


def test_edit_keeps_style_where_possible_and_falls_back() -> None:
    settings = parse_settings(SAMPLE)
    settings.set_default("code", "8/8/8")
    settings.set_default("game", "It's \\ here")
    settings.set_default("rules", "line\nNOW\n$x")
    text = settings.to_text()
    assert "$default['code'] = <<<'NOW'\n8/8/8\nNOW;" in text
    assert "$default['game'] = 'It\\'s \\\\ here';" in text
    again = parse_settings(text).defaults()
    assert isinstance(again["game"].value, PhpString) and again["game"].value.value == "It's \\ here"
    assert isinstance(again["rules"].value, PhpString) and again["rules"].value.value == "line\nNOW\n$x"
    assert text.endswith("?>\ntrailing text\n")


def test_new_key_goes_before_the_closing_tag() -> None:
    settings = parse_settings("<?php\n$default['game'] = 'X';\n?>\n")
    settings.set_default("cols", "8")
    text = settings.to_text()
    assert text.index("$default['cols']") < text.index("?>")
    cols = parse_settings(text).defaults()["cols"].value
    assert isinstance(cols, PhpString) and (cols.style, cols.tag, cols.value) == ("nowdoc", "NOW", "8")


def test_text_without_open_tag_is_php() -> None:
    text = "$default['game'] = 'X';\n"
    assignment = parse_settings(text).segments[0]
    assert isinstance(assignment, Assignment) and assignment.keys == ("game",)


@pytest.mark.parametrize(("text", "line", "column", "reason"), [
    ("<?php\n$default['a'] = 'open;\n", 2, 17, "unterminated string"),
    ("<?php\n$default['a'] = <<<'NOW'\nabc\n", 2, 17, "unterminated heredoc"),
    ("<?php\n/* never closed\n", 2, 1, "unterminated /* comment"),
    ("<?php\n$default['a'] = 5\n", 2, 1, "unterminated assignment"),
    ("<?php\n$default['a'] = \"\\u{zz}\";\n", 2, 18, "malformed \\u{...} escape"),
    ("<?php\n  $default['r'] = <<<X\n a\n  X;\n", 3, 1, "heredoc line is less indented"),
])
def test_errors_are_located(text: str, line: int, column: int, reason: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_settings(text, "f.php")
    error = info.value
    assert (error.location.file, error.location.line, error.location.column) == ("f.php", line, column)
    assert error.reason.startswith(reason)


def test_string_escapes() -> None:
    assert decode_single(r"a\'b\\c\n", 0).value == "a'b\\c\\n"
    decoded = decode_double(r"\t\101\x41\u{263A}\q\$v$w", 0, quote_escape=True)
    assert decoded.value == "\tAA\u263a\\q$v$w"
    assert decoded.interpolated  # the unescaped $w
    assert not decode_double(r"\$v", 0, quote_escape=True).interpolated


@pytest.mark.parametrize("style", ["single", "double", "heredoc", "nowdoc"])
def test_render_then_parse_gives_the_value_back(style: str) -> None:
    value = "a'b\"c\\d$e\nNOW\n{$f}"
    literal = render_string(value, style, "NOW")  # type: ignore[arg-type]
    parsed = parse_settings(f"$default['k'] = {literal};\n").defaults()["k"].value
    assert isinstance(parsed, PhpString) and parsed.value == value


def test_query_preset_round_trip_and_edit() -> None:
    text = "https://example.org/play.php?game=Mir+Chess+32&amp;code=rnegkenc%2F4pppp&cols=8\n"
    query = parse_query(text)
    assert query.prefix == "https://example.org/play.php?"
    assert [(p.key, p.value) for p in query.params] == [("game", "Mir Chess 32"), ("code", "rnegkenc/4pppp"),
                                                        ("cols", "8")]
    assert query.to_text() == text
    query.set_value("code", "8/8 {Ar}")
    query.set_value("files", "a b")
    assert parse_query(query.to_text()).values()["code"].value == "8/8 {Ar}"
    assert query.to_text().endswith("&files=a+b\n")


@pytest.mark.parametrize(("text", "column", "reason"), [
    ("", 1, "query-string parameter without a name"),
    ("game=X&&cols=8", 8, "query-string parameter without a name"),
    ("game=X&", 8, "empty parameter at the end"),
    ("a=1\nb=2", 4, "a query-string preset is one line"),
])
def test_bad_query_strings_are_located_errors(text: str, column: int, reason: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_query(text, "q.gc")
    error = info.value
    assert (error.location.file, error.location.line, error.location.column) == ("q.gc", 1, column)
    assert error.reason.startswith(reason)


def test_preset_view_locates_value_characters() -> None:
    preset = parse_preset("game=X&code=8%2F{Ar}7&cols=9\n", "q.gc")
    assert preset.kind == "query" and preset.get("code") == "8/{Ar}7"
    location = preset.location_in("code", 2)  # the '{'
    assert (location.line, location.column) == (1, 17)
    settings = parse_preset(SAMPLE, "s.php")
    assert settings.kind == "settings" and settings.get("cols") == "8" and settings.get("flags") is None
    assert settings.values["flags"].kind == "array"


def test_query_value_with_question_mark_is_not_a_prefix() -> None:
    query = parse_query("game=X&rulesurl=https://example.org/r.php?id=1&cols=8")
    assert query.prefix == ""
    assert query.values()["rulesurl"].value == "https://example.org/r.php?id=1"


def test_pasted_assignments_may_contain_markup_later() -> None:
    text = "$default['rules'] = '<?php is not here ?>';\n$default['cols'] = 8;\n"
    settings = parse_settings(text)
    assert settings.to_text() == text
    assert list(settings.defaults()) == ["rules", "cols"]


@pytest.mark.parametrize("text", [
    "<?php $default['a'] = 'x' ?>\nhtml",
    "<?php if ($a) { $b = 1; }",
    "<?php $default['a'] = FOO ?>",
    "<?php echo 1 ?>",
    "<?php $default['x'] = 'a' . 'b'; // c\n?>",
])
def test_closing_tags_and_blocks_end_statements(text: str) -> None:
    settings = parse_settings(text)
    assert settings.to_text() == text
    assert not any(isinstance(s, RawStatement) and "?>" in s.text for s in settings.segments)
