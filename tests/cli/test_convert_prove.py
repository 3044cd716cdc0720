"""``fairyport convert`` proves by default: perft(2) of the source and of the written text read back by the
target's own reading; a difference exits 1 naming both numbers and writes nothing (with ``--best-effort`` it is a
warning); ``--no-prove`` skips it, ``--prove-depth N`` sets the depth. The API returns the figures."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from paths import GAMES
from zoned_games import sampler

import fairyport
from fairyport import formats
from fairyport.cli.main import main
from fairyport.json import game_to_json


def test_the_proof_is_returned_by_the_api() -> None:
    conversion = fairyport.convert(GAMES / "chess.idiagram", to="zrf")
    proof = conversion.proof
    assert proof is not None and proof.same
    assert (proof.depth, proof.source, proof.written) == (2, 400, 400)
    assert (proof.source_engine, proof.written_engine) == ("model", "zrf")
    assert fairyport.convert(GAMES / "chess.idiagram", to="zrf", prove=False).proof is None
    deeper = fairyport.convert(GAMES / "chess.idiagram", to="json", prove_depth=3).proof
    assert deeper is not None and (deeper.source, deeper.written) == (8902, 8902)


def test_convert_says_what_it_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "chess.zrf"
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "zrf", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert ("proved: perft(2) of the source 400 (the reference generator), of the written text read back 400 "
            "(the ZRF interpreter)") in err
    assert out.exists()


def test_zoned_game_converts_with_proof(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "zoned.json"
    source.write_text(game_to_json(sampler()), encoding="utf-8")
    assert main(["convert", str(source), "--to", "zrf", "-o", str(tmp_path / "zoned.zrf")]) == 0
    assert "proved: perft(2) of the source 136" in capsys.readouterr().err


@pytest.fixture
def broken_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Diagram writer that turns the knight into a wazir: the written game is not the source's."""
    form = formats.FORMATS["idiagram"]
    write = form.write
    assert write is not None

    def wrong(game: Any, *, best_effort: bool = False) -> tuple[str, list[str]]:
        text, lost = write(game, best_effort=best_effort)
        return text.replace("Knight:N:N:", "Knight:N:W:"), lost

    monkeypatch.setitem(formats.FORMATS, "idiagram", dataclasses.replace(form, write=wrong))


@pytest.mark.usefixtures("broken_writer")
def test_a_difference_exits_1_with_both_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "chess.idiagram"
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "idiagram", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "the written game is not the same game: perft(2) of the source 400" in err
    assert "of the written text read back 256" in err and "nothing written" in err  # 16 x 16 pawn moves
    assert not out.exists()
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "idiagram", "-o", str(out), "--best-effort"]) == 0
    assert "warning: the written game is not the same game" in capsys.readouterr().err
    assert out.exists()
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "idiagram", "-o", str(out), "--no-prove"]) == 0
    assert "perft" not in capsys.readouterr().err


def test_prove_depth(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "chess.json"
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "json", "-o", str(out), "--prove-depth", "1"]) == 0
    assert "perft(1) of the source 20 " in capsys.readouterr().err
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "json", "--prove-depth", "-1"]) == 2


def test_an_unchanged_rewrite_needs_no_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proof = fairyport.convert(GAMES / "chess.zrf", to="zrf").proof
    assert proof is not None and proof.identical and proof.same and proof.source is None
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "zrf", "-o", str(tmp_path / "same.zrf")]) == 0
    assert "proved: the written text is the source, byte for byte" in capsys.readouterr().err


def test_a_diagram_of_a_page_is_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text('<div class="idiagram">files=8<br>king::::e1</div>'
                    '<div class="idiagram">files=5<br>ranks=5<br>king::::c1,,c5</div>')
    assert main(["convert", f"{page}#2", "--to", "zrf", "-o", str(tmp_path / "two.zrf")]) == 0
    assert "proved: perft(2) of the source 25 " in capsys.readouterr().err
