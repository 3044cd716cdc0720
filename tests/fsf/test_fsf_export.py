"""Fairy-Stockfish export: every export loads in pyffish and plays our generator's game (legal-move sets and
perft at the start and on playout positions); what FSF cannot hold is refused, or listed with --best-effort."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import UnsupportedError
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.fsf.exactness import TABLE
from fairyport.fsf.write import write_section
from fairyport.model import Board, Game, Metadata, Piece, PieceType, Setup
from fairyport.movegen import Position, compile_game, perft
from fairyport.movegen.drops import HandPosition

GAMES_DIR = bundled_fixtures() / "games"
EXACT = ["chess", "mirchess32", "mirchess36", "minixiangqi", "shogi", "minishogi"]
BEST_EFFORT = ["mitregi90", "mitregi108"]
EXIT_UNSUPPORTED = 3


def _game(name: str) -> Game:
    """The bundled game, read from its Interactive Diagram fixture (ID -> model -> fsf)."""
    return read_game(GAMES_DIR / f"{name}.idiagram")


def _colour_limit_can_bite(pos: Position) -> bool:
    """True if a square-colour drop limit could remove a drop here: the side to move holds a colour-limited
    type in hand and already has the limit's number of that type on one square colour."""
    assert isinstance(pos, HandPosition)
    v = pos.variant
    for code in v.hand_codes[pos.turn]:
        limit = v.drop_rules[code].max_per_square_color
        if limit is not None and pos.hands[code]:
            shades = [0, 0]
            for sq, piece in enumerate(pos.board):
                if piece == code:
                    shades[v.square_shade[sq]] += 1
            if max(shades) >= limit:
                return True
    return False


@pytest.mark.parametrize("name", EXACT + BEST_EFFORT)
def test_export_plays_the_same_game_in_pyffish(name: str) -> None:
    sf = pytest.importorskip("pyffish")
    game = _game(name)
    section = f"fpexport{name}"
    text, lost = write_section(game, best_effort=name in BEST_EFFORT, name=section)
    assert bool(lost) == (name in BEST_EFFORT)
    assert all("square colour" in item for item in lost)
    if section not in sf.variants():
        sf.load_variant_config(text)
    assert section in sf.variants()
    variant = compile_game(game)
    start = variant.start_position()
    fen = start.fen()
    assert sf.validate_fen(fen, section) == 1
    from oracles import fsf_perft

    assert [perft(start, d) for d in (1, 2)] == [fsf_perft(section, fen, d) for d in (1, 2)]
    from oracles import compare_drop_playouts

    stop = _colour_limit_can_bite if variant.drops else None
    assert compare_drop_playouts(section, start, name, games=3, plies=50, stop=stop) > 40


def test_mitregi_exports_refuse_the_colour_limits_and_big_boards() -> None:
    with pytest.raises(UnsupportedError, match="'Cross': at most 4 unpromoted per square colour"):
        write_section(_game("mitregi90"), prove=False)
    for name in ("mitregi120", "mitregi144"):
        with pytest.raises(UnsupportedError, match="up to 12 files x 10 ranks"):
            write_section(_game(name), best_effort=True, prove=False)
    _, lost = write_section(_game("mitregi108"), best_effort=True, prove=False)
    assert [item.split("'")[1] for item in lost] == ["Cross", "Bishop", "Mitre", "Hump"]


def test_multi_leg_moves_are_refused_naming_the_piece() -> None:
    game = read_game(GAMES_DIR / "shatranj-kamil-x.idiagram")
    with pytest.raises(UnsupportedError, match="'elephant'"):
        write_section(game, prove=False)
    text, lost = write_section(game, best_effort=True, prove=False)
    assert any("elephant" in item for item in lost) and any("warelephant" in item for item in lost)
    # the bare-king rule: extinction of all pieces at 1 against 2 (test_fsf_export_bare_king.py)
    assert "the bare-king rule" not in lost and "extinctionPieceTypes = *" in text


def _one_piece_game(betza: str) -> Game:
    pieces = [PieceType("probe", "A", betza), PieceType("King", "K", "K", royal=True)]
    placement = {"a1": Piece("K", 0), "h8": Piece("K", 1), "d4": Piece("A", 0)}
    return Game(Metadata(title="probe"), Board(8, 8), pieces, Setup(placement))


@pytest.mark.parametrize("betza", ["vQ", "mpBmbrB", "nN"])
def test_strings_fsf_misreads_are_caught_by_the_proof(betza: str) -> None:
    """perft.md 6's misreadings, and nN: XBetza's lame knight is blocked on either path (the Interactive
    Diagram's reading, which the generator follows), Fairy-Stockfish's only on the orthogonal one (the xiangqi
    horse, which the exporter writes for mafsW instead)."""
    pytest.importorskip("pyffish")
    with pytest.raises(UnsupportedError, match="moves differently in Fairy-Stockfish"):
        write_section(_one_piece_game(betza))


@pytest.mark.parametrize("betza", ["fN", "fsN", "mRcpR", "FA", "BW", "ffC"])
def test_strings_fsf_reads_right_pass_the_proof(betza: str) -> None:
    pytest.importorskip("pyffish")
    text, lost = write_section(_one_piece_game(betza))
    assert not lost and f"customPiece1 = a:{betza}" in text


def test_exactness_table_lists_every_refusal_the_writer_makes() -> None:
    refused = {row.feature for row in TABLE if not row.exact}
    assert {"board larger than 12 x 10, or with holes", "multi-leg 'a' moves",
            "drop zones per piece type, or drop limits per square colour", "bare-king rule"} <= refused
    assert all(row.how for row in TABLE)


def test_cli_convert_to_fsf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "shogi.ini"
    assert main(["convert", str(GAMES_DIR / "shogi.idiagram"), "--to", "fsf", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "[shogi-fairyport]" in text and "promotedPieceType = p:g l:g n:g s:g b:h r:d" in text
    assert main(["convert", str(GAMES_DIR / "mitregi90.idiagram"), "--to", "fsf"]) == EXIT_UNSUPPORTED
    assert "square colour" in capsys.readouterr().err
    assert main(["convert", str(GAMES_DIR / "mitregi90.idiagram"), "--to", "fsf", "--best-effort",
                 "-o", str(out)]) == 0
    assert "not expressible in fsf: piece 'Cross'" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["zrf", "gamecourier"])
def test_drop_games_to_zrf_and_game_courier(target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Mitregi (no drop-mate rule) is written exactly; shogi's pawn-drop-mate rule cannot be in ZRF, so it is
    refused by name, and ``--best-effort`` writes the rest and says what it dropped; Game Courier writes it (``sub
    canmove``). The ZRF file of Mitregi is proved (perft(2) 784, mitregi90.perft's independent figure); the Game
    Courier ones are not here (the GAME Code interpreter takes minutes for Mitregi's perft(2); the written presets'
    play is tested where they are), nor the best-effort shogi."""
    out = tmp_path / "game.out"
    prove = [] if target == "zrf" else ["--no-prove"]
    assert main(["convert", str(GAMES_DIR / "mitregi90.idiagram"), "--to", target, "-o", str(out), *prove]) == 0
    if target == "zrf":
        assert "proved: perft(2) of the source 784 (the reference generator), of the written text read back 784 " \
               "(the ZRF interpreter)" in capsys.readouterr().err
    capsys.readouterr()
    if target == "gamecourier":
        assert main(["convert", str(GAMES_DIR / "shogi.idiagram"), "--to", target, "-o", str(out), "--no-prove"]) == 0
        assert "sub canmove side enemy:" in out.read_text(encoding="utf-8")
        return
    assert main(["convert", str(GAMES_DIR / "shogi.idiagram"), "--to", target]) == EXIT_UNSUPPORTED
    assert "drop" in capsys.readouterr().err.lower()
    assert main(["convert", str(GAMES_DIR / "shogi.idiagram"), "--to", target, "--best-effort",
                 "-o", str(out), "--no-prove"]) == 0
    assert "mate" in capsys.readouterr().err.lower()


def test_an_export_is_played_by_fairy_stockfish_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``fairyport perft game.ini`` counts the export on Fairy-Stockfish's own reading (the fsf engine)."""
    ini = tmp_path / "chess.ini"
    assert main(["convert", str(GAMES_DIR / "chess.idiagram"), "--to", "fsf", "-o", str(ini)]) == 0
    capsys.readouterr()
    assert main(["perft", str(ini), "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["perft(1) = 20", "perft(2) = 400"]
