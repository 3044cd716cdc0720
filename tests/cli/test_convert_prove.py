"""``fairyport convert`` proves by default: perft(3) where cheap (else perft(2)) of the source and of the written
text read back by the target's own reading; a difference exits 1 naming both numbers and writes nothing (with
``--best-effort`` it exits 1 and writes the text); a conversion that lost rules is never "proved"; a written game
that cannot move is refused; ``--no-prove`` skips the proof, ``--prove-depth N`` sets the depth. The API returns the
figures."""

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
    assert (proof.depth, proof.source, proof.written) == (3, 8902, 8902)
    assert (proof.source_moves, proof.written_moves, proof.verdict, proof.lost) == (20, 20, "same", ())
    assert (proof.source_engine, proof.written_engine) == ("model", "zrf")
    assert fairyport.convert(GAMES / "chess.idiagram", to="zrf", prove=False).proof is None
    shallower = fairyport.convert(GAMES / "chess.idiagram", to="json", prove_depth=2).proof
    assert shallower is not None and (shallower.depth, shallower.source, shallower.written) == (2, 400, 400)


def test_convert_says_what_it_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "chess.zrf"
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "zrf", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert ("proved: perft(3) of the source 8,902 (the reference generator), of the written text read back 8,902 "
            "(the ZRF interpreter)") in err
    assert out.exists()


def test_zoned_game_converts_with_proof(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "zoned.json"
    source.write_text(game_to_json(sampler()), encoding="utf-8")
    assert main(["convert", str(source), "--to", "zrf", "-o", str(tmp_path / "zoned.zrf")]) == 0
    assert "proved: perft(3) of the source 1,741" in capsys.readouterr().err


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
    depth = ["--prove-depth", "2"]
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "idiagram", "-o", str(out), *depth]) == 1
    err = capsys.readouterr().err
    assert "the written game is not the same game: perft(2) of the source 400" in err
    assert "of the written text read back 256" in err and "nothing written" in err  # 16 x 16 pawn moves
    assert not out.exists()
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "idiagram", "-o", str(out), "--best-effort",
                 *depth]) == 1  # written, but not the same game: still a failed check
    err = capsys.readouterr().err
    assert "error: the written game is not the same game: perft(2) of the source 400" in err
    assert "read back 256" in err and "written anyway (--best-effort)" in err
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
    assert "proved: perft(3) of the source 151 " in capsys.readouterr().err


CIRCE = GAMES.parent / "zrf" / "shapes" / "circe.zrf"
"""Circe rebirth of rooks and knights: Fairy-Stockfish has no option for it, the Diagram only an extension line."""


def test_a_lost_rule_that_the_count_shows_exits_1_and_is_written(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """perft(2) agrees (153) though the rebirths are lost; perft(3), the default here, shows them."""
    out = tmp_path / "circe.ini"
    assert main(["convert", str(CIRCE), "--to", "fsf", "--best-effort", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "proved" not in err and out.exists()
    assert ("error: the written game is not the same game: perft(3) of the source 1,744 (the ZRF interpreter), of "
            "the written text read back 1,749 (Fairy-Stockfish); it lost 4 rule(s) or piece(s) of the source: "
            "piece 'WRook': reborn on a1") in err
    assert "written anyway (--best-effort)" in err


def test_a_lost_rule_is_not_proved_where_the_counts_agree(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The Diagram's fairyportRebirth lines carry the rule for fairyport, which then counts the same, but the
    Diagram's script ignores them: the written game differs, and the count does not test it."""
    out = tmp_path / "circe.idiagram"
    assert main(["convert", str(CIRCE), "--to", "idiagram", "--best-effort", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "proved" not in err and "same game" not in err and out.exists()
    assert ("warning: the written game differs from the source: it lost 4 rule(s) or piece(s) listed above, not "
            "tested by the count (perft(3) of the source 1,744 (the ZRF interpreter), of the written text read "
            "back 1,744 (the reference generator))") in err
    assert main(["convert", str(CIRCE), "--to", "idiagram", "--best-effort", "--prove-depth", "2",
                 "-o", str(out)]) == 0
    assert "not tested by the count (perft(2) of the source 153" in capsys.readouterr().err


def test_best_effort_refuses_a_game_that_cannot_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every move of minishogi is ZRF code the Diagram cannot hold: each piece would be written without a move."""
    out = tmp_path / "minishogi.idiagram"
    assert main(["convert", str(GAMES / "minishogi.zrf"), "--to", "idiagram", "--best-effort", "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert "minishogi.zrf: the written game has no legal move at the start where the source has 14" in err
    assert "nothing left to play: refused" in err and not out.exists()


@pytest.mark.parametrize(("written", "reason"), [
    ("files=8\nranks=8\nking:K:K:king:z9\n", "'z9' is not a square"),  # a text that does not read back
    (None, "a writer's own error"),
])
def test_errors_of_writing_are_put_on_the_target(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, written: str | None, reason: str) -> None:
    """A writer that fails on a game that reads fine, or writes a text that does not read back, exits 6
    (EXIT_WRITE) with the error on ``<written idiagram>``, never on the input."""
    form = formats.FORMATS["idiagram"]

    def broken(game: Any, *, best_effort: bool = False) -> tuple[str, list[str]]:
        if written is None:
            raise fairyport.errors.ModelError("a writer's own error")
        return written, []

    monkeypatch.setitem(formats.FORMATS, "idiagram", dataclasses.replace(form, write=broken))
    out = tmp_path / "chess.idiagram"
    assert main(["convert", str(GAMES / "chess.zrf"), "--to", "idiagram", "-o", str(out)]) == 6
    err = capsys.readouterr().err
    assert "<written idiagram>" in err and reason in err and "please report" in err
    assert "chess.zrf" not in err and "<input>" not in err and not out.exists()


def test_a_game_that_loses_nothing_is_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Game Courier reader keeps ``{'notes': []}`` for its format: nothing, so nothing is lost in a Diagram."""
    conversion = fairyport.convert(GAMES / "chess.php", to="idiagram", prove_depth=1)
    assert conversion.lost == [] and conversion.proof is not None and conversion.proof.same
    assert main(["convert", str(GAMES / "chess.php"), "--to", "idiagram", "--prove-depth", "1",
                 "-o", str(tmp_path / "chess.idiagram")]) == 0
    err = capsys.readouterr().err
    assert "not expressible" not in err and "proved: perft(1) of the source 20" in err
