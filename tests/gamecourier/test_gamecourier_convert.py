"""Game Courier presets to and from the common model: the writer, the reader, the committed fixtures, and the
proof (the GAME Code interpreter's perft on a written preset equals the generator's on the model)."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest

from fairyport.conversion import untranslated
from fairyport.engines import Engine, EngineChoice
from fairyport.errors import UnsupportedError
from fairyport.expectations import bundled_fixtures
from fairyport.features import drop_rules
from fairyport.formats import load_engine, read_game
from fairyport.gamecourier.interpreter.parser import parse_program
from fairyport.gamecourier.read import read_game as read_preset_game
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.write import write_game
from fairyport.model import Game
from fairyport.movegen import compile_game, perft
from fairyport.movegen.perft import PerftPosition

GAMES = [p for p in sorted((bundled_fixtures() / "games").glob("*.idiagram")) if not drop_rules(read_game(p))]
"""The bundled games Game Courier can hold (drop games are refused until issue 9's part 4)."""
GC_FIXTURES = bundled_fixtures() / "gamecourier"


def comparable(game: Game) -> Game:
    """The game without what only a format or a file path carries."""
    return dataclasses.replace(
        game, format_data={}, metadata=dataclasses.replace(game.metadata, source=""),
        pieces=[dataclasses.replace(p, extra={}) for p in game.pieces])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_committed_preset_is_what_the_writer_writes(path: Path) -> None:
    text, lost = write_game(read_game(path))
    assert lost == []
    assert path.with_suffix(".php").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_written_preset_reads_back_to_an_equal_model(path: Path) -> None:
    preset = path.with_suffix(".php")
    back = read_game(preset)
    assert comparable(back) == comparable(read_game(path))
    assert untranslated(back) == []


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_written_code_parses_and_is_self_contained(path: Path) -> None:
    preset = parse_preset(path.with_suffix(".php").read_text(encoding="utf-8"))
    blocks = preset.code_blocks()
    assert set(blocks) == {"pregame", "preauto1", "preauto2", "postauto1", "postauto2", "postgame1", "postgame2"}
    for key, value in blocks.items():
        program = parse_program(value.text or "")
        assert program.errors == [], key
        assert "include" not in (value.text or "")
    pregame = blocks["pregame"].text or ""
    assert "setflag rules;" in pregame and "setlegal" in pregame


def test_piece_functions_are_one_line_each() -> None:
    text = (bundled_fixtures() / "games" / "chess.php").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert "def P (checkaleap #0 #1 0 2 and fn vacant #1 and flag #0 and empty where #0 0 1) or (checkaleap #0 #1 0 " \
           "1 and fn vacant #1) or (checkaleap #0 #1 1 1 and (fn occupied #1 or == #1 #ep)) or (checkaleap #0 #1 -1 " \
           "1 and (fn occupied #1 or == #1 #ep));" in lines
    assert "def vacant == #0 #wasempty or empty #0;" in lines
    assert "def N (checkleap #0 #1 1 2);" in lines and "def n (checkleap #0 #1 1 2);" in lines
    assert "def Q (checkride #0 #1 1 0) or (checkride #0 #1 1 1);" in lines
    assert "def promo_choice_P (== #0 Q) or (== #0 N) or (== #0 R) or (== #0 B);" in lines


def test_palace_facing_and_stalemate_rules_are_written() -> None:
    text = (bundled_fixtures() / "games" / "minixiangqi.php").read_text(encoding="utf-8")
    assert "def K ((checkleap #0 #1 1 0)) and (>= file #1 2 and <= file #1 4 and >= rank #1 0 and <= rank #1 2);" \
        in text
    assert "sub facing:" in text and "return checkaride #fc_low #fc_high 0 1;" in text
    assert "say Stalemate! White has won.;" in text
    kamil = (bundled_fixtures() / "games" / "shatranj-kamil-x.php").read_text(encoding="utf-8")
    assert "sub hasnonroyal side:" in kamil


def _with_piece(betza: str) -> Game:
    game = read_game(bundled_fixtures() / "games" / "chess.idiagram")
    game.pieces[1].betza = betza
    return game


@pytest.mark.parametrize("betza", ["xW", "N*", "tR", "abR", "cabW", "FX"])
def test_inexpressible_moves_are_refused_naming_the_piece(betza: str) -> None:
    with pytest.raises(UnsupportedError) as caught:
        write_game(_with_piece(betza))
    assert "knight" in str(caught.value) and caught.value.feature is not None
    text, lost = write_game(_with_piece(betza), best_effort=True)
    assert lost and lost[0].startswith("knight:")
    assert "def N false;" in text


def test_reader_keeps_untranslatable_functions_with_their_location() -> None:
    game = read_preset_game(GC_FIXTURES / "mideast_chess.php")
    moves = {p.id: p.betza for p in game.pieces}
    assert moves["D"] == "NDA" and moves["L"] == "C" and moves["Q"] == "RB" and game.piece_type("K").royal
    missing = untranslated(game)
    assert any(item.startswith("CV: def Cv fn bent #0 #1") for item in missing)
    assert any(item.startswith("P: def P (checkaleap") and "mideast_chess.php:39:1" in item for item in missing)
    assert game.piece_type("P").extra["gamecourier"]["code"].startswith("def P (checkaleap")


def test_untranslated_game_is_not_played_nor_converted(tmp_path: Path) -> None:
    preset = GC_FIXTURES / "mideast_chess.php"
    with pytest.raises(UnsupportedError, match="kept as code"):
        load_engine(preset, engine="model")
    result = subprocess.run([sys.executable, "-m", "fairyport", "convert", str(preset), "--to", "idiagram"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 3 and "def P (checkaleap" in result.stderr and "Traceback" not in result.stderr


def test_uncoded_preset_gives_board_setup_and_named_pieces(tmp_path: Path) -> None:
    preset = tmp_path / "uncoded.php"
    preset.write_text("<?php\n$default['game'] = 'Uncoded';\n$default['code'] = 'rk/2/2/KR';\n"
                      "$default['cols'] = 2;\n?>\n", encoding="utf-8")
    game = read_preset_game(preset)
    assert (game.board.files, game.board.ranks) == (2, 4)
    assert [p.id for p in game.pieces] == ["R", "K"] and all(p.betza == "" for p in game.pieces)
    assert game.format_data["gamecourier"]["notes"] == ["uncoded preset: the moves of the pieces are unknown"]
    assert untranslated(game)


def test_other_shapes_are_unsupported(tmp_path: Path) -> None:
    preset = tmp_path / "hex.php"
    preset.write_text("<?php\n$default['code'] = 'k/K';\n$default['cols'] = 1;\n"
                      "$default['shape'] = 'Hexagonal';\n?>\n", encoding="utf-8")
    with pytest.raises(UnsupportedError, match="shape"):
        read_preset_game(preset)


def test_convert_command_writes_a_preset(tmp_path: Path) -> None:
    out = tmp_path / "mir.php"
    result = subprocess.run([sys.executable, "-m", "fairyport", "convert",
                             str(bundled_fixtures() / "games" / "mirchess32.idiagram"), "--to", "gamecourier",
                             "-o", str(out), "--no-prove"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr  # no proof: the interpreter's perft(2) of it takes 17 s (tested below)
    back = read_game(out)
    assert [p.betza for p in back.pieces] == [p.betza for p in read_game(bundled_fixtures() / "games" /
                                                                          "mirchess32.idiagram").pieces]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_id_gc_id_round_trip_keeps_perft(path: Path, tmp_path: Path) -> None:
    text, _ = write_game(read_game(path))
    preset = tmp_path / f"{path.stem}.php"
    preset.write_text(text, encoding="utf-8")
    from fairyport.idiagram import write as idiagram

    again = tmp_path / f"{path.stem}.idiagram"
    again.write_text(idiagram.write_game(read_game(preset), best_effort=True)[0], encoding="utf-8")
    start = compile_game(read_game(again)).start_position()
    original = compile_game(read_game(path)).start_position()
    assert [perft(start, d) for d in (1, 2)] == [perft(original, d) for d in (1, 2)]


# --- the proof: GAME Code interpreter vs generator -------------------------------------------------------------
def _legal(pos: PerftPosition) -> dict[str, object]:
    return {pos.uci(m): m for m in pos.legal_raw()}


def _compare_playouts(path: Path, games: int, plies: int, depth: int, engine: EngineChoice = "native") -> None:
    """Play seeded random games in both engines, the same moves by name; at every position the legal-move
    names must be equal, and perft(``depth``) at the start and at the end of each game."""
    native = load_engine(path.with_suffix(".php"), engine=engine).position(None, None)
    model = load_engine(path, engine="model").position(None, None)
    assert perft(native, depth) == perft(model, depth)
    rng = random.Random(path.stem)
    for _ in range(games):
        a, b = native.copy(), model.copy()
        line: list[str] = []
        for _ in range(plies):
            left, right = _legal(a), _legal(b)
            assert sorted(left) == sorted(right), f"after {' '.join(line) or 'the start'}"
            if not left:
                break
            name = rng.choice(sorted(left))
            line.append(name)
            a.push_raw(left[name])
            b.push_raw(right[name])
        assert perft(a, depth) == perft(b, depth), f"after {' '.join(line)}"


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_read_back_preset_plays_like_the_diagram(path: Path) -> None:
    """The comparison itself, on the preset read back into the model (no interpreter needed)."""
    _compare_playouts(path, games=2, plies=8, depth=2, engine="model")


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_interpreter_agrees_with_generator_at_the_start(path: Path) -> None:
    """The written preset's moves, run by the interpreter, are the model's (one ply: the interpreter needs
    10-100 s for perft(2) on a loaded machine; deeper runs are the slow tests below)."""
    _compare_playouts(path, games=0, plies=0, depth=1)


def test_interpreter_agrees_with_generator_on_a_playout() -> None:
    _compare_playouts(bundled_fixtures() / "games" / "mirchess32.idiagram", games=1, plies=4, depth=1)


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_interpreter_agrees_with_generator_on_written_preset(path: Path) -> None:
    _compare_playouts(path, games=2, plies=8, depth=2)


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_interpreter_agrees_with_generator_deep(path: Path) -> None:
    _compare_playouts(path, games=6, plies=40, depth=3)


# --- validate --against: what running the code shows ------------------------------------------------------------
def test_validate_against_lists_the_moves_that_differ(tmp_path: Path) -> None:
    games = bundled_fixtures() / "games"
    text = (games / "mirchess32.php").read_text(encoding="utf-8")
    broken = tmp_path / "broken.php"
    wazir_too = "def N (checkleap #0 #1 1 2) or (checkleap #0 #1 1 0);"
    broken.write_text(text.replace("def N (checkleap #0 #1 1 2);", wazir_too), encoding="utf-8")
    from fairyport.gamecourier.validate.compare import compare_moves

    def model(path: Path) -> Engine:
        return load_engine(path, engine="model")

    assert compare_moves(games / "mirchess32.php", games / "mirchess32.idiagram", 1, model) == []
    found = compare_moves(broken, games / "mirchess32.idiagram", 1, model)
    assert [(f.code, f.message) for f in found] == [
        ("GC-RUN-ACCEPTS", "after the start: the code accepts g1g2, which mirchess32.idiagram forbids")]
    def_line = broken.read_text(encoding="utf-8").splitlines().index(wazir_too) + 1
    assert (found[0].location.file, found[0].location.line, found[0].location.column) == (str(broken), def_line, 1)
    result = subprocess.run([sys.executable, "-m", "fairyport", "validate", str(broken), "--against",
                             str(games / "mirchess32.idiagram"), "--depth", "1"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "GC-RUN-ACCEPTS" in result.stdout


HAND_WRITTEN = {"mir_chess_32": "mirchess32", "mir_chess_36": "mirchess36", "minixiangqi": "minixiangqi",
                "shatranj_kamil_x": "shatranj-kamil-x"}


@pytest.mark.parametrize("name", sorted(HAND_WRITTEN))
def test_hand_written_presets_translate_to_the_diagram_game(name: str) -> None:
    """Piece functions fairyport did not write (exact primitives, checkatwostep, the cannon's cond idiom, fn
    calls, palace flags) translate to XBetza whose perft equals the Diagram's."""
    game = read_preset_game(GC_FIXTURES / f"{name}.php")
    assert untranslated(game) == []
    diagram = bundled_fixtures() / "games" / f"{HAND_WRITTEN[name]}.idiagram"
    mine, theirs = compile_game(game).start_position(), compile_game(read_game(diagram)).start_position()
    assert [perft(mine, d) for d in (1, 2)] == [perft(theirs, d) for d in (1, 2)]


def test_translation_of_exact_and_two_step_terms() -> None:
    game = read_preset_game(GC_FIXTURES / "shatranj_kamil_x.php")
    moves = {p.id: p.betza for p in game.pieces}
    assert moves["E"] == "masfF" and moves["S"] == "FfW" and moves["P"] == "fmWfcF" and moves["C"] == "mRcpR"
    assert moves["W"] == "masfFF"  # only promoted to: a piece type from its pair of functions
    promotion = game.piece_type("P").promotion
    assert promotion is not None and [c.piece for c in promotion.choices] == ["W"] and promotion.depth == 1
    xiangqi = read_preset_game(GC_FIXTURES / "minixiangqi.php")
    general = xiangqi.piece_type("K")
    assert general.betza == "W" and general.confined_to == "flagged" and xiangqi.piece_type("N").betza == "mafsW"


def test_validate_run_proves_asymmetric_functions(tmp_path: Path) -> None:
    from fairyport.gamecourier.validate.compare import compare_colours

    games = bundled_fixtures() / "games"
    assert compare_colours(games / "chess.php", 1) == []
    text = (games / "mirchess32.php").read_text(encoding="utf-8")
    broken = tmp_path / "broken.php"
    wazir_too = "def N (checkleap #0 #1 1 2) or (checkleap #0 #1 1 0);"
    broken.write_text(text.replace("def N (checkleap #0 #1 1 2);", wazir_too), encoding="utf-8")
    found = compare_colours(broken, 1)
    assert [(f.code, f.message) for f in found] == [
        ("GC-RUN-ASYMMETRIC", "after the start: only this side may play g1g2")]
    def_line = broken.read_text(encoding="utf-8").splitlines().index(wazir_too) + 1
    assert (found[0].location.line, found[0].location.column) == (def_line, 1)  # at the piece's function


@pytest.mark.parametrize("name", ["chess", "minixiangqi"])
def test_setlegal_display_equals_the_legal_moves(name: str) -> None:
    """The Post-Game code's setlegal records (the legal-move display) are the moves the interpreter finds."""
    from fairyport.gamecourier.interpreter.game import load_preset

    game = load_preset(bundled_fixtures() / "games" / f"{name}.php")
    pos = game.position(None, None)
    first = pos.legal_raw()[0]
    pos.push_raw(first)
    assert pos.recorded_legal() == {(m.origin, m.dest) for m in pos.legal_raw()}
