"""The Python API: ``import fairyport`` reads, writes, converts, counts and validates, from files or text."""

from __future__ import annotations

import doctest
import shutil
from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport import api
from fairyport.errors import ParseError, UnsupportedError, UsageError
from fairyport.format import Format


def test_the_example_of_the_guide(tmp_path: Path) -> None:
    """A Diagram saved as ``mir32.txt`` (the suffix does not tell) converts to ZRF, which reads back and counts."""
    source = tmp_path / "mir32.txt"
    shutil.copy(GAMES / "mirchess32.idiagram", source)
    c = fairyport.convert(source, to="zrf")
    assert c.format == "zrf" and c.lost == [] and c.text.startswith(";")
    assert fairyport.perft(fairyport.read(c.text, format="zrf"), 3) == 8669


def test_read_a_path_or_a_text() -> None:
    path = GAMES / "minixiangqi.idiagram"
    from_file = fairyport.read(path)
    from_text = fairyport.read(path.read_text(encoding="utf-8"), format="idiagram")
    assert from_file.pieces == from_text.pieces and from_file.setup == from_text.setup
    assert fairyport.read(path.read_text(encoding="utf-8")).board == from_file.board  # told by its content


def test_text_errors_are_located_in_the_text() -> None:
    with pytest.raises(ParseError) as info:
        fairyport.read('{"fairyport": "game", "version": 1, "game": ', format="json")
    assert info.value.location.file == api.TEXT_NAME and info.value.location.line == 1
    with pytest.raises(UsageError):
        fairyport.read("no format can be told from this")
    with pytest.raises(UsageError):
        fairyport.read("(game)", format="nope")


def test_variants_of_a_zrf_text() -> None:
    text = (GAMES / "chess.zrf").read_text(encoding="utf-8")
    assert fairyport.perft(text, 2, format="zrf") == 400
    assert fairyport.perft(fairyport.read(text, format="zrf"), 2) == 400


def test_write_names_what_it_cannot_express() -> None:
    shogi = fairyport.read(GAMES / "shogi.idiagram")
    with pytest.raises(UnsupportedError, match="drop"):
        fairyport.write(shogi, "zrf")  # shogi's pawn-drop-mate rule has no ZRF form
    written = fairyport.write(shogi, "zrf", best_effort=True)
    assert written.lost and any("mate" in item for item in written.lost)
    assert fairyport.write(shogi, "json").lost == []


def test_same_format_conversion_is_a_faithful_rewrite() -> None:
    path = GAMES / "chess.zrf"
    assert fairyport.convert(path, to="zrf").text == path.read_bytes().decode("utf-8")


def test_perft_and_divide_by_engine() -> None:
    path = GAMES / "mirchess32.php"
    assert fairyport.perft(path, 2, engine="native") == fairyport.perft(path, 2, engine="model") == 402
    table = fairyport.divide(GAMES / "chess.idiagram", 2)
    assert len(table) == 20 and sum(table.values()) == 400
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert fairyport.perft(GAMES / "chess.idiagram", 1, fen=fen) == 15
    with pytest.raises(UsageError):
        fairyport.perft(fairyport.read(path), 1, engine="native")


def test_validate_files_and_texts() -> None:
    report = fairyport.validate(GAMES / "chess.zrf")
    assert report.format == "zrf" and report.unreadable is None and not report.has_errors
    bad = fairyport.validate("(game (title \"T\") (players White Black) (piece (name P) (moves (n add)))",
                             format="zrf")
    assert bad.path == api.TEXT_NAME and bad.findings
    assert all(f.location.file in (api.TEXT_NAME, None) for f in bad.findings)


def test_formats_are_typed_and_complete() -> None:
    assert list(fairyport.FORMATS) == ["zrf", "gamecourier", "idiagram", "json", "fsf"]
    for name, form in fairyport.FORMATS.items():
        assert isinstance(form, Format) and form.name == name and form.suffixes
        assert form.write is not None  # every format is written
    assert all(form.read is not None for form in fairyport.FORMATS.values())  # every format is read too
    assert fairyport.FORMATS["zrf"].variants and not fairyport.FORMATS["gamecourier"].variants
    assert fairyport.FORMATS["fsf"].variants  # a variants.ini holds many sections


def test_docstring_examples_run() -> None:
    result = doctest.testmod(api)
    assert result.attempted >= 4 and result.failed == 0


def test_a_proof_over_the_interpreters_bound_is_played_on_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over :data:`~fairyport.formats.PROOF_MAX_SQUARES` (lowered here to 63 squares) the written Game Courier
    preset is proven on the model its reader reads, and the proof says why; under it the interpreter plays."""
    source = GAMES / "chess.idiagram"
    played = fairyport.convert(source, to="gamecourier")
    assert played.proof is not None and played.proof.same
    assert played.proof.written_engine == "gamecourier" and played.proof.bounded == ""
    monkeypatch.setitem(fairyport.formats.PROOF_MAX_SQUARES, "gamecourier", 63)
    bounded = fairyport.convert(source, to="gamecourier")
    assert bounded.proof is not None and bounded.proof.same and bounded.proof.written == played.proof.written
    assert bounded.proof.written_engine == "model" and bounded.proof.source_engine == "model"
    assert "64 squares" in bounded.proof.bounded and "PROOF_MAX_SQUARES" in bounded.proof.describe()


def test_a_rule_the_model_writer_cannot_say_is_written_by_the_program_route() -> None:
    from fairyport.gamecourier.interpreter.game import load_text
    from fairyport.movegen.perft import perft

    source = GAMES.parent / "zrf" / "shapes" / "drops-first.zrf"  # the King's drops go first (DropRule.first)
    game = api.read(source)
    assert game.program is None and game.program_source is not None  # read whole: no program built yet
    assert any(feature == "drops first" for feature, _ in fairyport.features.goal_rules(game))
    conversion = api.convert(source, "gamecourier")  # the model's writer refuses the rule; the program route not
    assert conversion.lost == [] and "sub King_drop" in conversion.text
    assert conversion.proof is not None and conversion.proof.same
    assert perft(load_text(conversion.text).position(), 2) == api.perft(source, 2) == 280
    assert '"program' not in api.write(game, "json").text  # derived from the source, never saved
    with pytest.raises(UnsupportedError, match="its drops go first"):
        api.write(game, "fsf")  # no program route there: the model writer's refusal stands


def test_a_proof_with_losses_is_never_the_same_game() -> None:
    """The counts alone (``agree``) do not make the same game: anything lost makes ``same`` False."""
    from fairyport.api import DIFFERS, LOST, SAME, UNPROVEN, Proof

    assert (Proof(2, 5, 5).same, Proof(2, 5, 5).verdict) == (True, SAME)
    lossy = Proof(2, 5, 5, lost=("the rebirth of 'R'",))
    assert (lossy.agree, lossy.same, lossy.verdict) == (True, False, LOST)
    assert lossy.describe().endswith("it lost 1 rule(s) or piece(s) of the source, not tested by this count: "
                                     "the rebirth of 'R'")
    assert Proof(2, 5, 6, lost=("x",)).verdict == DIFFERS and "not tested" not in Proof(2, 5, 6, lost=("x",)).describe()
    assert (Proof(2, None, 5, reason="r").same, Proof(2, None, 5, reason="r").verdict) == (None, UNPROVEN)
    assert Proof(2, None, 5, reason="r", lost=("x",)).same is False
    assert Proof(1, 0, 0, source_moves=3, written_moves=0).dead
    assert not Proof(1, 0, 0, source_moves=0, written_moves=0).dead  # the source cannot move either


def test_the_default_proof_depth_is_3_where_cheap() -> None:
    from fairyport.api import PROVE_NODE_BUDGET, proof_depth

    assert proof_depth(20, 400) == 3  # chess: about 8,000 leaves at depth 3
    assert proof_depth(28, 784) == 2 and PROVE_NODE_BUDGET < 784 * 784 // 28  # Mitregi
    assert proof_depth(None, None) == 2
    circe = fairyport.convert(GAMES.parent / "zrf" / "shapes" / "circe.zrf", to="idiagram", best_effort=True)
    assert circe.proof is not None and (circe.proof.depth, circe.proof.source, circe.proof.written) == (3, 1744, 1744)
    assert circe.proof.same is False and circe.proof.verdict == "lost" and len(circe.proof.lost) == 4


def test_best_effort_never_returns_a_game_that_cannot_move() -> None:
    with pytest.raises(UnsupportedError, match="no legal move at the start where the source has 14"):
        fairyport.convert(GAMES / "minishogi.zrf", to="idiagram", best_effort=True)
    unproved = fairyport.convert(GAMES / "minishogi.zrf", to="idiagram", best_effort=True, prove=False)
    assert "pW" in unproved.text  # every move is ZRF code the Diagram cannot hold: no proof, no refusal


def test_a_writers_error_is_put_on_the_written_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from fairyport import formats
    from fairyport.errors import EXIT_WRITE, ModelError, WriteError

    def broken(game: object, *, best_effort: bool = False) -> tuple[str, list[str]]:
        raise ModelError("square 'w1' is not on the 10x10 board")

    monkeypatch.setitem(formats.FORMATS, "idiagram", dataclasses.replace(formats.FORMATS["idiagram"], write=broken))
    with pytest.raises(WriteError, match=r"^<written idiagram>: square 'w1'") as raised:
        fairyport.convert(GAMES / "chess.zrf", to="idiagram")
    assert raised.value.exit_code == EXIT_WRITE == 6


@pytest.mark.parametrize("as_text", [False, True])
def test_convert_tells_the_source_format_once(monkeypatch: pytest.MonkeyPatch, as_text: bool) -> None:
    """One convert (read, write, proof, rule positions) detects or sniffs its source once: every later step takes
    the :class:`~fairyport.api.ResolvedSource`."""
    from fairyport import formats

    calls: list[str] = []

    def counted(name: str, function: object) -> object:
        def wrapper(*args: object, **kwargs: object) -> object:
            calls.append(name)
            return function(*args, **kwargs)  # type: ignore[operator]
        return wrapper

    for module in (api, formats):
        monkeypatch.setattr(module, "detect_format", counted("detect", formats.detect_format))
        monkeypatch.setattr(module, "sniff_format", counted("sniff", formats.sniff_format))
    source: Path | str = GAMES / "chess.zrf"
    if as_text:
        source = (GAMES / "chess.zrf").read_text()
    conversion = api.convert(source, "idiagram", prove_depth=1)
    assert conversion.proof is not None and conversion.proof.same
    assert calls == (["sniff"] if as_text else ["detect"])
