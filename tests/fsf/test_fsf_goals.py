"""Flag goals and forced captures (``flagPiece``/``flagRegion``, ``mustCapture``): read from variants.ini,
played by the reference generator with Fairy-Stockfish's counts (pyffish), kept by JSON, written back to
variants.ini, and refused by name by the writers that cannot express them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport import json as fp_json
from fairyport.errors import UnsupportedError
from fairyport.formats import load_engine, read_game
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.gamecourier.write import write_game as write_gamecourier
from fairyport.idiagram.write import write_game as write_idiagram
from fairyport.model import FlagGoal, Game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import assert_diagram_plays_as_fsf, gc_fen, written_counts

Writer = Callable[..., tuple[str, list[str]]]

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[hill22:chess]
flagPiece = k
flagRegionWhite = d4 e4 d5 e5
flagRegionBlack = d4 e4 d5 e5

[cavalry22:chess]
mustCapture = true
flagPieceWhite = n
flagPieceBlack = b
flagRegionWhite = *6
flagRegionBlack = *3
flagPieceCount = 2
flagPieceBlockedWin = true

[forced22:chess]
mustCapture = true

[forcedhouse22:crazyhouse]
mustCapture = true

[anyflag22:chess]
flagPiece = *
flagRegionWhite = *6
flagRegionBlack = *3

[race22:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
flagMove = true

[racing22:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *8
flagMove = true
checking = false
castling = false

[knightrace22:chess]
flagPiece = n
flagRegionWhite = *8
flagRegionBlack = *1
flagMove = true

[pair22:chess]
flagPiece = n
flagRegionWhite = *6
flagRegionBlack = *3
flagPieceCount = 2

[nocheck22:chess]
checking = false

[nocheckforced22:chess]
checking = false
mustCapture = true
"""

CASES = [
    # the white king can step onto the hill; after it does, Black has no move
    ("hill22", "4k3/8/8/8/8/3K4/8/8 w - - 0 1"),
    ("hill22", "4k3/8/8/4p3/8/4K3/8/8 w - - 0 1"),
    # two white knights needed on rank 6, or one in a full rank 6; a capture is forced when there is one
    ("cavalry22", "7k/8/pppNpppp/8/2N5/8/8/4K3 w - - 0 1"),
    ("cavalry22", "4k3/8/2p5/1N6/2N5/6b1/8/4K1B1 w - - 0 1"),
    # flagPiece = * is any piece (Fairy-Stockfish's ALL_PIECES)
    ("anyflag22", "4k3/8/8/2p5/1N6/8/8/4K3 w - - 0 1"),
    # forced captures with en passant, castling and check
    ("forced22", "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
    ("forced22", "4k3/8/8/1b6/8/8/3P4/4K2R w K - 0 1"),
    # drops are not captures
    ("forcedhouse22", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 1"),
    # flagMove with kings: Black moves once more only when its king can reach (racing kings), White never
    ("racing22", "8/K6k/8/8/8/8/8/8 w - - 0 1"),
    ("racing22", "8/K7/7k/8/8/8/8/8 w - - 0 1"),
    ("racing22", "8/K5rk/8/8/8/8/8/R7 w - - 0 1"),
    ("racing22", "8/k6K/8/8/8/8/8/8 b - - 0 1"),
    ("racing22", "8/1k4K1/8/8/8/8/8/8 w - - 0 1"),
    ("race22", "4k3/3P3K/8/8/8/8/8/8 w - - 0 1"),
    # flagMove with another flag piece: the opponent always moves once more
    ("knightrace22", "k7/8/5N2/8/8/2n5/8/4K3 w - - 0 1"),
    ("knightrace22", "k7/8/5N2/8/8/2n5/8/4K3 b - - 0 1"),
    # checking = false: moves that give check are illegal, before forced captures are counted
    ("nocheck22", "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
    ("nocheck22", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"),
    ("nocheckforced22", "4k3/3p4/8/1B6/8/8/8/4K3 w - - 0 1"),
    ("nocheckforced22", "3k4/8/8/3p4/8/8/8/3RK3 w - - 0 1"),
]


def _game(name: str) -> Game:
    return read_text(SECTIONS, variant=name, name="goals.ini")


@pytest.mark.parametrize(("name", "fen"), CASES)
def test_perft_3_as_fairy_stockfish(name: str, fen: str) -> None:
    pyffish.load_variant_config(SECTIONS)
    assert model_counts(_game(name), 3, fen) == fsf_counts(pyffish, name, 3, fen)


def test_flag_ends_the_game_and_names_the_winner() -> None:
    game = _game("hill22")
    variant = compile_game(game)
    pos = variant.new_position().from_fen(variant, "4k3/8/8/8/3K4/8/8/8 b - - 0 1")
    assert pos.legal_raw() == []
    outcome = pos.outcome()
    assert outcome is not None and outcome.reason == "flag" and outcome.result == "1-0"


def test_read_into_the_model() -> None:
    flag = _game("cavalry22").rules.flag
    assert flag == FlagGoal("flag", "N", "B", count=2, blocked_win=True)
    assert _game("forced22").rules.must_capture
    assert _game("forced22").rules.flag is None
    assert _game("anyflag22").rules.flag == FlagGoal("flag", None, None)


def test_flag_move_and_no_checks_read_into_the_model() -> None:
    flag = _game("racing22").rules.flag
    assert flag is not None and flag.extra_move
    assert _game("nocheck22").rules.no_checks and not _game("hill22").rules.no_checks


def test_flag_piece_safe_is_refused_with_the_extra_move() -> None:
    """flagPieceSafe alone is read (test_fsf_claim_safe_immune.py); with flagMove it is refused by name."""
    with pytest.raises(UnsupportedError, match="flagPieceSafe"):
        read_text("[safe22:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n"
                  "flagMove = true\n", variant="safe22")


@pytest.mark.parametrize("name", ["hill22", "cavalry22", "forcedhouse22", "racing22", "nocheckforced22"])
def test_json_round_trip(name: str) -> None:
    game = _game(name)
    assert fp_json.game_from_json(fp_json.game_to_json(game)).rules == game.rules


def test_json_omits_the_rules_when_absent() -> None:
    text = fp_json.game_to_json(read_text("[plain22:chess]\n", variant="plain22"))
    assert "must_capture" not in text and '"flag"' not in text


WRITE_BACK_FENS = {"cavalry22": "7k/8/pppNpppp/8/2N5/8/8/4K3 w - - 0 1", "racing22": "8/K6k/8/8/8/8/8/8 w - - 0 1",
                   "nocheckforced22": "3k4/8/8/3p4/8/8/8/3RK3 w - - 0 1"}


@pytest.mark.parametrize("name", sorted(WRITE_BACK_FENS))
def test_fsf_write_read_back(name: str) -> None:
    game = _game(name)
    text, lost = write_section(game, name=f"back{name}")
    assert lost == []
    back = read_text(text, variant=f"back{name}")
    assert back.rules == game.rules
    pyffish.load_variant_config(text)
    fen = WRITE_BACK_FENS[name]
    start = fen or pyffish.start_fen(f"back{name}")
    expected = fsf_counts(pyffish, f"back{name}", 2, fen)
    assert model_counts(game, 2, start) == expected
    assert model_counts(back, 2, start) == expected  # the section read back plays as Fairy-Stockfish plays it


@pytest.mark.parametrize(("write", "name", "feature"), [
    (write_idiagram, "hill22", "flag goal"), (write_idiagram, "forced22", "must capture"),
    # ZRF writes a flag goal of one piece, forced captures (move priorities) and no checks (test_fsf_zrf_nochecks);
    # the extra move is refused (Game Courier writes them all: test_gamecourier_writes_the_rules)
    *((w, n, f) for w in (write_zrf, write_idiagram)
      for n, f in (("cavalry22", "flag goal"), ("racing22", "flag goal"))),
    (write_idiagram, "nocheck22", "no checks")])
def test_writers_refuse_by_name(write: Writer, name: str, feature: str) -> None:
    game = _game(name)
    with pytest.raises(UnsupportedError) as raised:
        write(game)
    assert raised.value.feature == feature
    _, lost = write(game, best_effort=True)
    words = {"flag goal": "flag goal", "must capture": "forced captures", "no checks": "no checks"}[feature]
    assert any(feature in item or words in item for item in lost)


FLAG_CASES = [
    ("hill22", "4k3/8/8/4p3/8/4K3/8/8 w - - 0 1"),
    ("hill22", "4k3/8/3p4/8/2K5/8/8/8 b - - 0 1"),
    ("anyflag22", "4k3/8/8/2p5/1N6/8/8/4K3 w - - 0 1"),
]


@pytest.mark.parametrize(("target", "idiom"), [("zrf", "absolute-config"), ("gamecourier", "def flagged_white")])
@pytest.mark.parametrize(("name", "fen"), FLAG_CASES)
def test_writers_write_the_flag_goal_and_read_it_back(target: str, idiom: str, name: str, fen: str,
                                                      tmp_path: Path) -> None:
    write = {"zrf": write_zrf, "gamecourier": write_gamecourier}[target]
    game = _game(name)
    text, lost = write(game)
    assert lost == [] and idiom in text
    path = tmp_path / ("flag.zrf" if target == "zrf" else "flag.php")
    path.write_text(text, encoding="utf-8")
    back = read_game(path, target)
    assert back.rules.flag == game.rules.flag and not back.kept
    pyffish.load_variant_config(SECTIONS)
    expected = fsf_counts(pyffish, name, 3, fen)
    assert model_counts(back, 3, fen) == expected  # the model read back
    engine = load_engine(path, engine="native")
    assert engine.name == target
    assert [perft(engine.position(fen, None), d) for d in (1, 2, 3)] == expected  # the format's interpreter


@pytest.mark.parametrize(("name", "fen"), [case for case in CASES if gc_fen(case[1])])
def test_gamecourier_writes_the_rules(name: str, fen: str, tmp_path: Path) -> None:
    # flag goals with counts, full zones and the extra move, forced captures, no checks: the written GAME Code
    # plays as Fairy-Stockfish from positions where the rules bite, and reads back to the same rules
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "gamecourier", fen, 2, tmp_path)
    assert counts == fsf_counts(pyffish, name, 2, fen)
    assert back.rules == game.rules and not back.kept


@pytest.mark.parametrize(("name", "fen"), [case for case in CASES if case[0] in ("forced22", "nocheckforced22")
                                           and "nocheck" not in case[0]])
def test_zrf_writes_forced_captures_as_move_priorities(name: str, fen: str, tmp_path: Path) -> None:
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "zrf", fen, 2, tmp_path)
    assert counts == fsf_counts(pyffish, name, 2, fen)
    assert back.rules.must_capture and not back.kept


@pytest.mark.parametrize("fen", ["7k/8/pppNpppp/8/2N5/8/8/4K3 w - - 0 1", "7k/8/pppNpppp/8/2N5/8/8/4K3 b - - 0 1",
                                 "7k/8/1N6/8/2N5/8/8/4K3 b - - 0 1"])
def test_zrf_writes_a_flag_goal_of_several_pieces(fen: str, tmp_path: Path) -> None:
    # one absolute-config per pair of squares of the zone; the reader recognises every pair of one zone
    game = _game("pair22")
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "zrf", fen, 2, tmp_path)
    assert counts == fsf_counts(pyffish, "pair22", 2, fen)
    assert back.rules.flag == game.rules.flag and not back.kept


@pytest.mark.parametrize(("name", "fen"), CASES)
def test_diagram_extension_lines_play_as_fairy_stockfish(name: str, fen: str) -> None:
    # the Diagram has no parameter for these rules: --best-effort writes fairyport's extension lines, which
    # fairyport reads back into the same rules, playing as Fairy-Stockfish from positions where they bite
    assert_diagram_plays_as_fsf(_game(name), SECTIONS, name, fen, 2)
