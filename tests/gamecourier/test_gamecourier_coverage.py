"""``fairyport validate preset.php --run``: dead code and unreachable promotions, found by running the code
(:mod:`fairyport.gamecourier.validate.coverage`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import FIXTURES

from fairyport.cli.main import main
from fairyport.errors import EXIT_OK
from fairyport.gamecourier.validate.coverage import dead_code

DEAD = Path(__file__).parent / "gamecode" / "deadcode.php"


def test_dead_code_and_unreachable_promotions_are_located() -> None:
    found = [(f.code, f.location.line, f.location.column) for f in dead_code(DEAD, 2)]
    assert found == [
        ("GC-RUN-UNCALLED", 13, 1), ("GC-RUN-UNCALLED", 14, 1),  # def Q / def q: no Pawn ever promotes
        ("GC-RUN-UNCALLED", 15, 1),  # sub unused
        ("GC-RUN-NEVER-TAKEN", 23, 1), ("GC-RUN-NEVER-TAKEN", 26, 1), ("GC-RUN-NEVER-TAKEN", 34, 1),
        ("GC-RUN-PROMOTION-UNREACHED", 23, 1), ("GC-RUN-PROMOTION-UNREACHED", 23, 1),
    ]
    messages = {f.message for f in dead_code(DEAD, 1)}
    assert any("sub unused" in m and "no code calls it" in m for m in messages)
    assert any("def Q" in m and "the code names it" in m for m in messages)


def test_a_reachable_promotion_and_live_code_give_no_findings(tmp_path: Path) -> None:
    text = DEAD.read_text().replace("def P checkaleap #0 #1 1 0 or checkaleap #0 #1 -1 0;",
                                    "def P checkaleap #0 #1 0 1;")
    text = text.replace("def p checkaleap #0 #1 1 0 or checkaleap #0 #1 -1 0;", "def p checkaleap #0 #1 0 -1;")
    text = text.replace("if > 8 9:", "if < 8 9:").replace("sub unused x:", "sub used x:")
    text = text.replace("$default['postauto2'] = <<<'NOW'\n", "$default['postauto2'] = <<<'NOW'\nset y sub used 1;\n")
    preset = tmp_path / "live.php"
    preset.write_text(text)
    found = [(f.code, f.message) for f in dead_code(preset, 2)]
    assert not any(code.startswith("GC-RUN-PROMOTION") for code, _ in found), found
    assert not any(code == "GC-RUN-NEVER-TAKEN" for code, _ in found), found
    assert not any("sub used" in message for _, message in found), found


def test_loop_closers_and_statements_in_loops_are_traced(tmp_path: Path) -> None:
    preset = tmp_path / "loops.php"
    preset.write_text(DEAD.read_text().replace("if > 8 9:\n  say never;\nendif;",
                                               "for x array 1 2:\n  set y #x;\nnext;\nset e array;\n"
                                               "for x #e:\n  set z 1;\nnext;"))
    found = [(f.code, f.location.line) for f in dead_code(preset, 1) if f.code == "GC-RUN-NEVER-RAN"]
    assert found == [("GC-RUN-NEVER-RAN", 31)]  # the body of the loop over an empty array, not the 'next's


def test_validate_run_prints_the_findings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(DEAD), "--run", "--depth", "1"]) == EXIT_OK  # warnings only
    out = capsys.readouterr().out
    assert f"{DEAD}:15:1: warning: sub unused never ran" in out and "GC-RUN-PROMOTION-UNREACHED" in out


def test_an_empty_loop_header_is_a_located_error(tmp_path: Path) -> None:
    from fairyport.errors import ParseError
    from fairyport.gamecourier.interpreter.game import load_text

    with pytest.raises(ParseError) as caught:
        load_text(DEAD.read_text().replace("if > 8 9:\n  say never;\nendif;", "for x ():\nnext;"), "x.php")
    assert caught.value.location.line == 26 and "expression is missing" in caught.value.reason


def test_run_on_a_preset_that_cannot_be_run_is_a_located_warning(capsys: pytest.CaptureFixture[str]) -> None:
    preset = FIXTURES / "gamecourier" / "mideast_chess.php"  # includes fairychess
    assert main(["validate", str(preset), "--run"]) == EXIT_OK
    assert f"{preset}:14:1: warning: --run: the code cannot be run" in capsys.readouterr().out
