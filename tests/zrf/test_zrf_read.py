"""The ZRF reader: recognised move blocks give the same game as the ZRF interpreter plays, proven by perft and
move sets on the start and random playout positions (official Chess.zrf and every written fixture); ID -> ZRF
-> ID round trips keep perft; unrecognised blocks stay programs that the generator and other writers refuse."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT, needs
from zrf_helpers import CORPUS, SUBSET
from zrf_proof import compare_playout

from fairyport.conversion import programs_lost
from fairyport.errors import UnsupportedError
from fairyport.formats import read_game as read_any
from fairyport.idiagram.read import read_text
from fairyport.idiagram.write import write_game as write_idiagram
from fairyport.model import EXCERPT, ExtinctionGoal, StalemateResult, excerpt, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file, position
from fairyport.zrf.play import ENGINE_NAME
from fairyport.zrf.play import engine as zrf_engine
from fairyport.zrf.read import read_game
from fairyport.zrf.write.file import write_game

GAMES = ROOT / "fixtures" / "games"
CHESS_ZRF = CORPUS / "zrflib" / "Chess.zrf"
NAMES = ["chess", "mirchess32", "mirchess36", "shatranj-kamil-x", "minixiangqi", "mideast"]
needs_corpus = needs(CHESS_ZRF)


@needs_corpus
def test_official_chess_is_read_as_chess() -> None:
    game = read_game(CHESS_ZRF, variant="Chess")
    moves = {p.id: p.betza for p in game.pieces}
    assert moves == {"P": "fcFfmWifmnDfeF", "N": "N", "B": "B", "R": "R", "Q": "RB", "K": "WFsO2"}
    assert [p.id for p in game.pieces if p.royal] == ["K"]
    assert game.pieces[0].promotion is not None and game.pieces[0].promotion.depth == 1


@needs_corpus
def test_official_chess_model_plays_like_the_interpreter() -> None:
    variant = compile_game(read_game(CHESS_ZRF, variant="Chess"))
    zrf = compile_file(CHESS_ZRF, "Chess")
    assert perft(variant.start_position(), 3) == perft(position(zrf, None), 3) == 8902
    for seed in range(4):
        compare_playout(position(zrf, None), variant.start_position(), seed, 60, 1)


@needs_corpus
@pytest.mark.slow
def test_official_chess_model_plays_like_the_interpreter_deep() -> None:
    variant = compile_game(read_game(CHESS_ZRF, variant="Chess"))
    zrf = compile_file(CHESS_ZRF, "Chess")
    for seed in range(10, 30):
        compare_playout(position(zrf, None), variant.start_position(), seed, 120, 2)


@pytest.mark.parametrize("name", NAMES)
def test_written_fixture_reads_back_to_the_same_game(name: str) -> None:
    path = GAMES / f"{name}.zrf"
    model = compile_game(read_game(path))
    original = compile_game(read_any(GAMES / f"{name}.idiagram"))
    zrf = compile_file(path)
    assert perft(model.start_position(), 2) == perft(original.start_position(), 2)
    for seed in range(2):
        compare_playout(position(zrf, None), model.start_position(), seed, 40, 1)


@pytest.mark.parametrize("name", NAMES)
def test_idiagram_zrf_idiagram_round_trip_keeps_perft(name: str) -> None:
    game = read_game(GAMES / f"{name}.zrf")
    text, lost = write_idiagram(game, best_effort=name == "minixiangqi")  # palace: the Diagram extension
    again = read_text(text)
    for zrf_text_game in (again,):
        assert perft(compile_game(zrf_text_game).start_position(), 3) == perft(
            compile_game(read_any(GAMES / f"{name}.idiagram")).start_position(), 3)
    assert all("palace" in item or "confine" in item.lower() for item in lost)


def test_zrf_zrf_round_trip_through_the_model(tmp_path: Path) -> None:
    game = read_game(GAMES / "mideast.zrf")
    text, lost = write_game(game)
    assert lost == []
    out = tmp_path / "again.zrf"
    out.write_text(text, newline="")
    assert perft(position(compile_file(out), None), 2) == 1600


UNRECOGNISED = """(game (title "odd") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (symmetry Black (n s) (s n) (e w) (w e)))
  (board-setup (White (Man a1) (Odd c1)) (Black (Man c3)))
  (piece (name Man) (moves (n (verify not-friend?) add)))
  (piece (name Odd) (moves (n (verify empty?) (create Man) add)))
)
"""


def test_unrecognised_block_stays_a_program(tmp_path: Path) -> None:
    path = tmp_path / "odd.zrf"
    path.write_text(UNRECOGNISED)
    game = read_game(path)
    odd = game.piece_type("O")
    assert odd.betza == "" and "create Man" in game.programs("O")[0].text
    with pytest.raises(UnsupportedError, match=r"piece 'Odd'.*create Man.*odd.zrf:7"):
        compile_game(game)


def test_convert_refuses_a_program_naming_piece_block_and_location(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from fairyport.cli.main import main
    from fairyport.errors import EXIT_UNSUPPORTED

    path = tmp_path / "odd.zrf"
    path.write_text(UNRECOGNISED)
    assert main(["convert", str(path), "--to", "idiagram"]) == EXIT_UNSUPPORTED
    err = capsys.readouterr().err
    assert "piece 'Odd'" in err and "create Man" in err and "odd.zrf:7" in err and "Traceback" not in err
    # written without the Odd piece's move, so not the same game: exit 1, the text written all the same
    assert main(["convert", str(path), "--to", "idiagram", "--best-effort", "-o", str(tmp_path / "o.idiagram")]) == 1
    err = capsys.readouterr().err
    assert "not expressible in idiagram: piece 'Odd': zrf move block" in err
    assert "the written game is not the same game" in err and (tmp_path / "o.idiagram").exists()
    assert main(["convert", str(path), "--to", "json", "-o", str(tmp_path / "o.json")]) == 0  # JSON keeps it
    assert "create Man" in (tmp_path / "o.json").read_text()


@needs_corpus
def test_convert_takes_a_variant(tmp_path: Path) -> None:
    from fairyport.cli.main import main

    out = tmp_path / "chess.idiagram"
    assert main(["convert", str(CHESS_ZRF), "--variant", "Chess", "--to", "idiagram", "-o", str(out)]) == 0
    assert perft(compile_game(read_any(out)).start_position(), 3) == 8902


@needs_corpus
def test_model_engine_takes_a_variant() -> None:
    from fairyport.formats import load_engine

    engine = load_engine(CHESS_ZRF, variant="Chess", engine="model")
    assert perft(engine.position(None, None), 2) == 400


FAIRY_ZRF = CHESS_ZRF.parent / "fairychess.zrf"
RECOGNISED = [(CHESS_ZRF, v) for v in ("Chess", "Knightmate", "Pawn-Odds Chess", "Knight-Odds Chess",
                                      "Rook-Odds Chess", "King and Pawns", "Shuffle #1", "Shuffle #2")] + \
             [(FAIRY_ZRF, v) for v in ("Fairy Chess", "Shatranj", "Maharaja and the Sepoys", "Grasshopper Chess",
                                       "Stationary King Chess")] + \
             [(CORPUS / "dagaz-site" / f"{name}.zrf", "1") for name in ("makruk", "minixiangqi")]
OWN_RECOGNISED = [(SUBSET / "own" / "five-by-five.zrf", v) for v in ("1", "2")]
"""Our own subset's games that read whole (they run without the shared corpus)."""


@pytest.mark.parametrize(("path", "variant"), [
    *(pytest.param(p, v, marks=needs(p), id=f"{p.stem}#{v}") for p, v in RECOGNISED),
    *(pytest.param(p, v, id=f"subset/{p.stem}#{v}") for p, v in OWN_RECOGNISED)])
def test_official_variants_read_as_xbetza_play_like_the_interpreter(path: Path, variant: str) -> None:
    model = compile_game(read_game(path, variant=variant))
    zrf = compile_file(path, variant)
    assert perft(model.start_position(), 2) == perft(position(zrf, None), 2)
    for seed in range(2):
        compare_playout(position(zrf, None), model.start_position(), seed, 40, 1)


@needs_corpus
@pytest.mark.parametrize(("variant", "must_capture", "extinction"), [
    ("Losing Chess", True, ExtinctionGoal(None, 0, 0, StalemateResult.WIN)),
    ("Take-All", False, ExtinctionGoal(None, 0, 0, StalemateResult.LOSS))])
def test_captures_first_and_pieces_remaining_goals_read_whole(variant: str, must_capture: bool,
                                                              extinction: ExtinctionGoal) -> None:
    # move priorities that rank the captures first are forced captures; (pieces-remaining 0) an extinction goal
    game = read_game(CHESS_ZRF, variant=variant)
    assert (game.rules.must_capture, game.rules.extinction, game.kept) == (must_capture, extinction, [])
    assert perft(compile_game(game).start_position(), 3) == perft(position(compile_file(CHESS_ZRF, variant), None), 3)


@needs_corpus
@pytest.mark.parametrize(("variant", "feature"), [
    ("Double-Move Chess (Capture)", "zrf turn-order"), ("Monster Chess (4 Pawns)", "board links"),
    ("Knight Hunting", "zrf option pass turn")])
def test_rules_the_model_cannot_hold_are_kept_and_played_by_the_interpreter(variant: str, feature: str) -> None:
    game = read_game(CHESS_ZRF, variant=variant)
    assert feature in [f for f, _ in kept_code(game)]
    with pytest.raises(UnsupportedError, match="the move generator cannot play it"):
        compile_game(game)
    with pytest.raises(UnsupportedError):
        programs_lost(game, "idiagram", False)
    lost = programs_lost(game, "idiagram", True)
    assert any(feature.removeprefix("zrf ").split()[-1] in item for item in lost)
    played = zrf_engine(game, str(CHESS_ZRF))
    assert played.name == ENGINE_NAME
    assert perft(played.position(None, None), 2) == perft(position(compile_file(CHESS_ZRF, variant), None), 2)


@needs_corpus
def test_long_kept_blocks_are_quoted_as_excerpts_in_the_losses() -> None:
    """Kept code is listed as a short excerpt: a long block never stands whole in its loss item (Monster Chess
    keeps its King's blocks of more than :data:`EXCERPT` characters)."""
    game = read_game(CHESS_ZRF, variant="Monster Chess (4 Pawns)")
    lost = programs_lost(game, "idiagram", True)
    long_blocks = [k.text for k in game.kept if len(k.text) > EXCERPT]
    assert long_blocks
    for text in long_blocks:
        assert not any(text in item for item in lost)
        assert any(excerpt(text) in item for item in lost)


@needs_corpus
def test_piece_types_that_never_reach_the_board_are_left_out_and_listed() -> None:
    game = read_game(FAIRY_ZRF, variant="Fairy Chess")
    # the Berolina pawn is not in Fairy Chess's setup, nothing promotes to it, and the model cannot hold its
    # moves (the Weak-Pawn, also absent, now reads as XBetza and is kept as any other absent piece type)
    assert "Berolina-Pawn" in game.format_data["zrf"]["unused pieces"]
    assert all(p.name != "Berolina-Pawn" for p in game.pieces)


PALACE = """(define step ($1 (verify (in-zone? palace)) (verify not-friend?) add))
(game (title "palace") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e" (10 0)) ("5/4/3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (symmetry Black (n s) (s n) (e w) (w e))
    (zone (name palace) (players White) (positions b1 c1 d1 b2 c2 d2))
    (zone (name palace) (players Black) (positions b5 c5 d5 b4 c4 d4)))
  (board-setup (White (General c1) (Rook a1)) (Black (General c5) (Rook e5)))
  (piece (name General) (notation "K") (moves (step n) (step e) (step s) (step w)))
  (piece (name Rook) (moves (n (while empty? add n) (verify not-friend?) add)
     (e (while empty? add e) (verify not-friend?) add)
     (s (while empty? add s) (verify not-friend?) add) (w (while empty? add w) (verify not-friend?) add)))
  (loss-condition (White Black) (checkmated General))
)
"""


def test_confinement_by_verify_in_zone_is_read_and_plays_like_the_interpreter(tmp_path: Path) -> None:
    path = tmp_path / "palace.zrf"
    path.write_text(PALACE)
    game = read_game(path)
    general = game.piece_type("K")
    assert (general.betza, general.confined_to, general.royal) == ("W", "palace", True)
    variant = compile_game(game)
    for seed in range(4):
        compare_playout(position(compile_file(path), None), variant.start_position(), seed, 40, 2)


@needs_corpus
def test_official_chess_model_counts_kiwipete() -> None:
    from fairyport.movegen import Position

    variant = compile_game(read_game(CHESS_ZRF, variant="Chess"))
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert perft(Position.from_fen(variant, kiwipete), 3) == 97862
