"""The linter on presets as their authors write them (issue 20): settings-file links, ``verify``, the one-line
``if``, findings located in the block they are about, and fix hints written for the side concerned.

Every text here is our own, written in the form real presets and links take."""

from __future__ import annotations

import paths

from fairyport.diagnostics import Finding
from fairyport.gamecourier.syntax.preset import parse_preset, read_preset
from fairyport.gamecourier.validate.run import lint_preset

LEGACY = paths.FIXTURES / "gamecourier" / "legacy"


def _lint(text: str, name: str = "preset.php") -> list[Finding]:
    findings, _ = lint_preset(parse_preset(text, name))
    return findings


def _codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def _settings(pregame: str, postmove: str, **extra: str) -> str:
    keys = "".join(f"$default['{k}'] = '{v}';\n" for k, v in extra.items())
    return ("<?php\n$default['game'] = 'Test';\n$default['rules'] = '<p>Rules.</p>';\n"
            "$default['rulesurl'] = 'https://example.org/rules';\n$default['code'] = 'rnbqkbnr/pppppppp/8/8/8/8/"
            f"PPPPPPPP/RNBQKBNR';\n$default['cols'] = 8;\n{keys}$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n"
            f"$default['postauto1'] = <<<'NOW'\n{postmove}\nNOW;\n$default['postauto2'] = <<<'NOW'\n{postmove}\n"
            "NOW;\n?>\n")


def test_a_link_naming_a_settings_file_has_no_error_for_the_keys_it_inherits() -> None:
    findings = _lint("https://www.chessvariants.com/play/pbm/play.php?game=Chess&settings=fairychess", "chess.gc")
    assert _codes(findings) == ["GC-INHERITS"]


def test_a_link_without_settings_still_needs_its_fen() -> None:
    assert "GC-NO-FEN" in _codes(_lint("game=Empty&cols=8", "empty.gc"))


def test_verify_counts_as_enforcement() -> None:
    for post in ("verify == captured @;", "verify not capture;", "verify fn moved origin dest;"):
        findings = _lint(_settings("setflag rules;", post))
        assert "GC-CLAIM-WITHOUT-DIE" not in _codes(findings), post


def test_a_claim_without_rejection_is_still_found_and_names_both_words() -> None:
    findings = _lint(_settings("setflag rules;", "print fn moved origin dest;"))
    claim = [f for f in findings if f.code == "GC-CLAIM-WITHOUT-DIE"]
    assert claim and "'die' or 'verify'" in claim[0].message


def test_a_finding_about_post_move_code_is_located_in_post_move() -> None:
    # Muller-style: Pre-Game starts with 'setsystem maxmove 4;', the enforcing code is in Post-Move.
    findings = _lint(_settings("setsystem maxmove 4;\nban commands;", "gosub HandleMove false;"))
    claim = [f for f in findings if f.code == "GC-CLAIM-WITHOUT-DIE"]
    assert claim and claim[0].key == "postauto1" and "Post-Move" in claim[0].message


def test_the_authors_one_line_ifs_are_no_syntax_error() -> None:
    pregame = ("if == thismove null:\n  say This preset enforces the rules and displays legal moves.;\n"
               "if == K space e1: setflag e1;\nif == R space a1: setflag a1;\nif == R space h1: setflag h1;\n"
               "if == k space e8: setflag e8;\nif == r space a8: setflag a8;\nif == r space h8: setflag h8;")
    findings = _lint(_settings(pregame, "if not fn moved origin dest: die Illegal move.;\nsetlegal e2 e4;"))
    assert not {"GC-SYNTAX", "GC-CASTLE-FLAGS", "GC-CLAIM-WITHOUT-DIE"} & set(_codes(findings))


def test_comment_lines_are_errors_as_game_courier_rejects_them() -> None:
    findings = _lint(_settings("// two moves a turn\nsetsystem maxmove 2;", "verify fn moved origin dest;"))
    comment = [f for f in findings if f.code == "GC-COMMENT-LINE"]
    assert comment and comment[0].severity.value == "error"


def test_fix_hints_for_black_name_blacks_pieces_and_squares() -> None:
    findings, _ = lint_preset(read_preset(LEGACY / "castle_flags.php"))
    fixes = {f.message.split(" flags ")[1].split(" whatever")[0]: f.fix for f in findings
             if f.code == "GC-CASTLE-FLAGS"}
    assert fixes["a8 e8 h8"] == ("guard each flag with the piece that starts there: 'if == r space a8: setflag a8; "
                                 "endif; if == k space e8: setflag e8; endif; if == r space h8: setflag h8; endif;'")
    assert "if == R space a1" in fixes["a1 e1 h1"] and "K space e1" in fixes["a1 e1 h1"]
    findings, _ = lint_preset(read_preset(LEGACY / "fixed_royal.php"))
    royal = {f.message.split("'")[1]: f.fix for f in findings if f.code == "GC-FIXED-ROYAL"}
    assert royal == {"set K a1": "use 'set K findpiece K spaces;'", "set k e5": "use 'set k findpiece k spaces;'"}


def test_static_validate_names_the_words_the_interpreter_cannot_run() -> None:
    findings, _ = lint_preset(read_preset(LEGACY / "not_runnable.php"))
    named = [f.message for f in findings if f.code == "GC-NOT-RUNNABLE"]
    assert len(named) == 1  # 'captured' and 'capture' run now (Duniho 2023, listcomments.php?id=46537)
    assert "MOVE: " in named[0]


def test_validate_run_keeps_no_finding_of_a_run_that_meets_unrunnable_code() -> None:
    from fairyport.format import ValidateOptions
    from fairyport.gamecourier.validate.run import validate_file

    report = validate_file(LEGACY / "not_runnable.php", ValidateOptions(run=True))
    codes = [f.code for f in report.findings]
    assert "GC-RUN-NOT-RUN" in codes
    assert not [code for code in codes if code.startswith("GC-RUN-") and code != "GC-RUN-NOT-RUN"]


def test_php_calls_in_a_settings_file_are_reported_outside_strings() -> None:
    findings, _ = lint_preset(read_preset(LEGACY / "php_calls.php"))
    calls = [f.message.split("'")[1] for f in findings if f.code == "GC-PHP-CALL"]
    assert calls == ["include", "eval", "system"]  # not the eval("x") inside the rules text


def test_an_encoded_link_is_said_to_be_encoded() -> None:
    findings = _lint("play.php?game%3DChess%26settings%3Dfairychess", "chess.gc")
    assert _codes(findings) == ["GC-ENCODED-LINK"]
