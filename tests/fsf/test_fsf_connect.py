"""Connection goals, forced drops, drops where a piece can never move and drops without check (``connectN``,
``connectNxN``, ``connectRegion1/2``, ``connectValue``, ``mustDrop``, ``immobilityIllegal = false``,
``dropChecks = false``): read from variants.ini, played
by the reference generator with Fairy-Stockfish's counts (pyffish), kept by JSON, written back to variants.ini, and
refused by name by the writers that cannot express them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport import json as fp_json
from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.gamecourier.write import write_game as write_gamecourier
from fairyport.idiagram.write import write_game as write_idiagram
from fairyport.model import ConnectGoal, Game, StalemateResult
from fairyport.movegen import compile_game
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import assert_diagram_plays_as_fsf, gc_fen, written_counts

Writer = Callable[..., tuple[str, list[str]]]

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[ttt22]
maxRank = 3
maxFile = 3
immobile = p
startFen = 3/3/3[PPPPPpppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 3

[misere22:ttt22]
connectValue = loss

[teeko22]
maxRank = 5
maxFile = 5
customPiece1 = p:mK
startFen = 5/5/5/5/5[PPPPpppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
mustDrop = true
connectN = 4
connectNxN = 2
stalemateValue = draw

[chain22]
maxRank = 5
maxFile = 5
customPiece1 = p:mWmF
startFen = p1p1p/5/5/5/P1P1P w - - 0 1
doubleStep = false
castling = false
connectRegion1White = a*
connectRegion2White = e*
connectRegion1Black = *1
connectRegion2Black = *5
connectDiagonal = false

[nocheckhouse22:crazyhouse]
dropChecks = false

[nocheckdrops22]
maxRank = 5
maxFile = 5
king = k
queen = q
knight = n
startFen = 4k/5/5/5/K4[QNqn] w - - 0 1
pieceDrops = true
capturesToHand = true
castling = false
dropChecks = false

[rooks22]
maxRank = 4
maxFile = 4
customPiece1 = p:mR
customPiece2 = q:mK
startFen = pPpP/4/4/PpPq w - - 0 1
doubleStep = false
castling = false
connectN = 3
connectHorizontal = false
connectPieceTypes = p
"""

CASES = [  # (section, FEN, perft depth)
    ("ttt22", "PP1/pp1/3[PPPppp] w - - 0 1", 3),  # a row wins at once (and ends the game)
    ("ttt22", "P1p/1p1/P2[PPPpp] b - - 0 1", 3),  # a diagonal
    ("misere22", "PP1/pp1/3[PPPppp] w - - 0 1", 3),  # the same lines, lost by the one who makes them
    ("teeko22", "5/5/1PP2/1P3/5[Pppp] w - - 0 1", 3),  # a 2x2 block; only drops while a hand is not empty
    ("teeko22", "pp3/5/1PP2/1P1p1/4p[] w - - 0 1", 3),
    ("teeko22", "PPP2/5/ppp2/5/4p[Pp] w - - 0 1", 3),
    # chains grow eastwards and northwards only, as Fairy-Stockfish grows them
    ("chain22", "5/5/PPP1p/3P1/p4 w - - 0 1", 3),
    ("chain22", "5/1p3/1p2P/1pPPP/P4 b - - 0 1", 3),
    ("chain22", "1p3/1p3/1p2P/1PPP1/P4 w - - 0 1", 3),
    ("rooks22", "pPpP/4/4/PpPq w - - 0 1", 3),  # lines of the connecting type only, no rows
    # drops may not give check (dropChecks = false); board moves may
    ("nocheckhouse22", "4k3/8/8/8/8/8/8/R3K3[QNn] w Q - 0 1", 2),
    ("nocheckhouse22", "r3k3/ppp5/8/8/8/8/5PPP/4K3[BPbp] b q - 0 1", 2),
    ("nocheckdrops22", "4k/5/5/5/K4[QNqn] w - - 0 1", 3),
]


def _game(name: str) -> Game:
    return read_text(SECTIONS, variant=name, name="connect.ini")


@pytest.mark.parametrize(("name", "fen", "depth"), CASES)
def test_perft_as_fairy_stockfish(name: str, fen: str, depth: int) -> None:
    pyffish.load_variant_config(SECTIONS)
    assert model_counts(_game(name), depth, fen) == fsf_counts(pyffish, name, depth, fen)


def test_read_into_the_model() -> None:
    assert _game("ttt22").rules.connect == ConnectGoal(3)
    assert _game("misere22").rules.connect == ConnectGoal(3, result=StalemateResult.LOSS)
    teeko = _game("teeko22")
    assert teeko.rules.connect == ConnectGoal(4, square=2) and teeko.rules.must_drop
    assert _game("chain22").rules.connect == ConnectGoal(directions=("horizontal", "vertical"),
                                                         zones=("connect1", "connect2"))
    assert _game("rooks22").rules.connect == ConnectGoal(3, ("vertical", "diagonal"), ("P",))
    stone = _game("ttt22").piece_type("P")
    assert stone.drop is not None and stone.drop.where_stuck
    queen = _game("nocheckhouse22").piece_type("Q")
    assert queen.drop is not None and queen.drop.no_drop_check


def test_outcome_names_the_connection() -> None:
    variant = compile_game(_game("misere22"))
    pos = variant.new_position().from_fen(variant, "PPP/pp1/3[PPpp] b - - 0 1")
    assert pos.legal_raw() == []
    outcome = pos.outcome()
    assert outcome is not None and (outcome.reason, outcome.result) == ("connection", "0-1")


@pytest.mark.parametrize("name", ["ttt22", "teeko22", "chain22"])
def test_json_round_trip(name: str) -> None:
    game = _game(name)
    back = fp_json.game_from_json(fp_json.game_to_json(game))
    assert back.rules == game.rules and back.pieces == game.pieces


@pytest.mark.parametrize(("name", "fen"), [("misere22", "PP1/pp1/3[PPPppp] w - - 0 1"),
                                           ("teeko22", "5/5/1PP2/1P3/5[Pppp] w - - 0 1"),
                                           ("chain22", "5/1p3/1p2P/1pPPP/P4 b - - 0 1"),
                                           ("rooks22", "pPpP/4/4/PpPq w - - 0 1"),
                                           ("nocheckdrops22", "4k/5/5/5/K4[QNqn] w - - 0 1")])
def test_fsf_write_read_back(name: str, fen: str) -> None:
    game = _game(name)
    text, lost = write_section(game, name=f"back{name}", prove=False)
    assert lost == []
    back = read_text(text, variant=f"back{name}")
    assert back.rules.connect == game.rules.connect and back.rules.must_drop == game.rules.must_drop
    assert [p.drop for p in back.pieces] == [p.drop for p in game.pieces]
    pyffish.load_variant_config(SECTIONS + "\n" + text)
    expected = fsf_counts(pyffish, name, 2, fen)
    assert fsf_counts(pyffish, f"back{name}", 2, fen) == expected  # Fairy-Stockfish plays the export the same
    assert model_counts(back, 2, fen) == expected


@pytest.mark.parametrize(("write", "name"), [(write_zrf, "chain22"), (write_gamecourier, "chain22"),
                                           (write_idiagram, "rooks22")])
def test_writers_refuse_by_name(write: Writer, name: str) -> None:
    game = _game(name)
    with pytest.raises(UnsupportedError) as raised:
        write(game)
    assert raised.value.feature == "connection"
    _, lost = write(game, best_effort=True)
    assert any("connection" in item for item in lost)


@pytest.mark.parametrize(("name", "fen"), [(name, fen) for name, fen, _ in CASES if gc_fen(fen) and name != "chain22"])
def test_gamecourier_writes_lines_and_blocks(name: str, fen: str, tmp_path: Path) -> None:
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "gamecourier", fen, 2, tmp_path)
    assert counts == fsf_counts(pyffish, name, 2, fen)
    assert back.rules == game.rules and not back.kept


@pytest.mark.parametrize("name", ["ttt22", "misere22", "teeko22", "nocheckdrops22"])
def test_gamecourier_writes_drop_games_with_goals(name: str, tmp_path: Path) -> None:
    # from the start (the holdings are the preset's storage ranks): lines, blocks, forced drops, drops where the
    # stone can never move, drops that may not check
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "gamecourier", "startpos", 2, tmp_path)
    assert counts == fsf_counts(pyffish, name, 2)
    assert back.rules == game.rules and not back.kept


@pytest.mark.parametrize(("name", "fen"), [(name, fen) for name, fen, _ in CASES if name in ("ttt22", "teeko22")])
def test_zrf_writes_lines_blocks_and_forced_drops(name: str, fen: str, tmp_path: Path) -> None:
    # relative-config goals and (move-priorities drop-type normal-type), played by the ZRF interpreter from
    # positions with pieces in hand (the model read back keeps the storage columns' code: not compared here)
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, _ = written_counts(game, "zrf", fen, 3, tmp_path)
    assert counts == fsf_counts(pyffish, name, 3, fen)


@pytest.mark.parametrize("name", ["ttt22", "rooks22"])
def test_zrf_refuses_what_relative_config_does_not_say(name: str) -> None:
    # rooks22 counts one type among two (written); a chain between zones is refused
    _, lost = write_zrf(_game("chain22"), best_effort=True)
    assert any("connection" in item for item in lost)
    text, lost = write_zrf(_game(name))
    assert lost == [] and "relative-config" in text


@pytest.mark.parametrize(("name", "fen", "depth"), CASES)
def test_diagram_extension_lines_play_as_fairy_stockfish(name: str, fen: str, depth: int) -> None:
    # the Diagram has no parameter for these rules: --best-effort writes fairyport's extension lines, which
    # fairyport reads back into the same rules, playing as Fairy-Stockfish from positions where they bite
    assert_diagram_plays_as_fsf(_game(name), SECTIONS, name, fen, min(depth, 2))
