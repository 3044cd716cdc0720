"""``fairyport convert IN --to gamecourier --form``: the written preset as Game Courier's Edit form shows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_OK, EXIT_USAGE
from fairyport.expectations import bundled_fixtures
from fairyport.gamecourier.syntax.preset import CODE_BLOCKS, parse_preset
from fairyport.gamecourier.write.form import BYPASS_LABEL_CHECK, edit_form

GAMES = bundled_fixtures() / "games"


def test_every_field_under_its_label_in_form_order() -> None:
    text = (GAMES / "chess.php").read_text(encoding="utf-8")
    form = edit_form(text)
    preset = parse_preset(text)
    for label, key in (("FEN Code", "code"), ("Max Columns", "cols"), ("Rank Labels", "ranks"), ("Set", "set")):
        assert f"{label}: {preset.get(key)}" in form.splitlines()
    order = [form.index(f"--- {block.label} ---") for key, block in CODE_BLOCKS.items() if preset.get(key)]
    assert order == sorted(order) and len(order) == 7  # Pre-Game, Pre-Move, Post-Move and Post-Game 1 and 2
    assert form.index("== Identification ==") < form.index("== Structure ==") < form.index("== Advanced ==")
    for key, block in CODE_BLOCKS.items():  # each block's text follows its label, whole
        code = preset.get(key)
        if code:
            assert f"--- {block.label} ---\n{code.rstrip()}\n" in form
    assert f"[ ] {BYPASS_LABEL_CHECK}" in form and "== Rules, Written in HTML" in form


def test_promoted_labels_ask_for_the_bypass_box() -> None:
    form = edit_form((bundled_fixtures() / "gamecourier" / "drops" / "minishogi.php").read_text(encoding="utf-8"))
    assert f"[x] {BYPASS_LABEL_CHECK}  (labels not of one letter: +B +P +R +S +b +p +r +s)" in form


def test_convert_form_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "form.txt"
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "gamecourier", "--form", "--no-prove",
                 "-o", str(out)]) == EXIT_OK
    assert out.read_text(encoding="utf-8").startswith("Game Courier Edit form for chess")
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "zrf", "--form", "--no-prove"]) == EXIT_USAGE
    assert "--to gamecourier" in capsys.readouterr().err
