"""The last rules the Game Courier writer refused for Fairy-Stockfish's variants.ini (issue 22): grasshopper hops
(XBetza ``g``), the facing rule with several royal types, shogi's pawn-drop-mate rule, Black moving first. Each
section (own text) is written to GAME Code and played by the GAME Code interpreter from positions where the rule
bites: its perft equals pyffish's (and the model's), the preset reads back into the same game, and the count changes
when the rule's code is taken out of the written preset (so the positions do test it)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from fsf_compare import aligned, fsf_counts, model_counts

from fairyport.formats import load_engine, read_game
from fairyport.fsf.read import read_text
from fairyport.gamecourier.write import write_game
from fairyport.model import WHITE, Game
from fairyport.movegen.perft import perft
from tests.helpers.written_goals import written_counts

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[hopper22:chess]
customPiece1 = h:gQ
startFen = rhbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RHBQKBHR w KQkq - 0 1

[hopking22:chess]
king = k:gQ
customPiece1 = h:mgQcW
castling = false
startFen = hnbqkbnh/pppppppp/8/8/8/8/PPPPPPPP/HNBQKBNH w - - 0 1

[twokings22:chess]
customPiece1 = e:mQcN
flyingGeneral = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/ENBQKBNE w kq - 0 1

[pawnmate22:minishogi]
startFen = k4/5/1G1B1/5/4K[Pp] w - - 0 1

[pawncheck22:minishogi]
startFen = k4/5/1G3/5/4K[Pp] w - - 0 1

[goldmate22:minishogi]
startFen = k4/5/1G1B1/5/4K[Gp] w - - 0 1

[cannonmate22:minishogi]
customPiece1 = c:mRcpR
startFen = k4/5/1G1B1/5/C3K[P] w - - 0 1

[blackfirst22:chess]
startFen = r3k2r/pPp4p/8/3P4/4p3/2N5/PpP4P/R3K2R b KQkq - 0 1
promotionRegionWhite = *8
promotionRegionBlack = *1 a2 b2

[blackhouse22:crazyhouse]
startFen = r3k2r/pPp4p/8/3P4/8/8/PpP4P/R3K2R[Nb] b KQkq - 0 1
"""

CASES = [
    ("hopper22", None),
    ("hopper22", "4k3/8/4p3/8/1H2P3/8/4K3/8 w - - 0 1"),
    ("hopper22", "4k3/4h3/8/4P3/8/8/4K3/7H b - - 0 1"),
    ("hopper22", "7H/8/5p2/4k3/8/8/r7/4K3 b - - 0 1"),  # check by a grasshopper
    ("hopper22", "1r2k3/8/8/8/8/2P5/1H6/H3K3 w - - 0 1"),
    ("hopking22", None),
    ("hopking22", "8/3p4/2k5/8/4P3/8/2P2h2/4K3 w - - 0 1"),
    ("hopking22", "4k3/4p3/8/4H3/8/4P3/8/4K3 b - - 0 1"),
    ("twokings22", None),
    ("twokings22", "r3k2r/8/8/4r3/8/8/8/4K3 b kq - 0 1"),  # the rook stands between the kings
    ("twokings22", "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1"),  # castling passes a square the white king faces
    ("twokings22", "4k3/4r3/8/8/8/8/4E3/4K3 w - - 0 1"),
    ("twokings22", "4k2r/8/8/2E5/8/8/8/3K4 b k - 0 1"),  # castling passes f8, which E reaches without capturing
]

MUTATIONS = {
    # the rule's code taken out of the written preset, and a position where that changes the count
    "grasshop moves": ("hopper22", "4k3/8/4p3/8/1H2P3/8/4K3/8 w - - 0 1", "checkgrasshop", "checkhop"),
    "grasshop attacks": ("hopper22", "7H/8/5p2/4k3/8/8/r7/4K3 b - - 0 1",
                         " (sub ray (where #square 1 1) 1 1)", ""),
    "facing": ("twokings22", "r3k2r/8/8/4r3/8/8/8/4K3 b kq - 0 1",
               "  if sub facing:\n    set il_bad true;\n  endif;\n", ""),
    "drop mate": ("pawnmate22", None, "    if sub dropchecks #to #piece #enemy:\n      if not sub canmove #enemy "
                  "#side:\n        return true;\n      endif;\n    endif;\n", ""),
    "castling passes": ("twokings22", "4k2r/8/8/2E5/8/8/8/3K4 b k - 0 1", "sub attackedat f8 #piece #enemy",
                        "sub attacked f8 #enemy"),
    "facing castling": ("twokings22", "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1", " or sub faces f8 -1 white", ""),
}


def _preset_counts(game: Game, text: str | None, depth: int, tmp_path: Path) -> list[int]:
    """perft 1..``depth`` of ``game``'s preset (or the preset ``text``) from its own start, by the GAME Code
    interpreter (a drop game's hands are the preset's storage ranks, which a FEN cannot give)."""
    path = tmp_path / "written.php"
    path.write_text(text if text is not None else write_game(game)[0], encoding="utf-8")
    start = load_engine(path, "gamecourier", engine="native").position(None, None)
    return [perft(start, d) for d in range(1, depth + 1)]


def _game(name: str) -> Game:
    return read_text(SECTIONS, variant=name, name="rules22.ini")


def _start(name: str, fen: str | None) -> str:
    pyffish.load_variant_config(SECTIONS)
    return fen or pyffish.start_fen(name)


@pytest.mark.parametrize(("name", "fen"), CASES)
def test_written_preset_plays_as_fairy_stockfish(name: str, fen: str | None, tmp_path: Path) -> None:
    game = _game(name)
    start = _start(name, fen)
    expected = fsf_counts(pyffish, name, 2, start)
    assert model_counts(game, 2, start) == expected
    counts, back = written_counts(game, "gamecourier", start, 2, tmp_path)
    assert counts == expected  # the GAME Code interpreter
    assert back.rules == game.rules and not back.kept
    assert [(p.id, p.royal) for p in back.pieces] == [(p.id, p.royal) for p in game.pieces]
    assert model_counts(back, 2, start) == expected  # the preset read back


DROP_MATE = [("pawnmate22", 2, True), ("pawncheck22", 3, True), ("goldmate22", 2, False)]
"""A pawn drop that mates at the start, one that only checks (a pawn-drop mate three plies on), a gold drop that
mates (allowed; Fairy-Stockfish counts the same): the hands are the preset's storage, so each position is a
section's start."""


@pytest.mark.parametrize(("name", "depth", "bites"), DROP_MATE)
def test_pawn_drop_mate_is_refused(name: str, depth: int, bites: bool, tmp_path: Path) -> None:
    # Fairy-Stockfish counts a pawn drop that mates as a move without replies; the model and the preset refuse it,
    # so their counts equal Fairy-Stockfish's with the rule aligned (off) except at the last ply
    game = _game(name)
    start = _start(name, None)
    expected = model_counts(game, depth, start)
    assert _preset_counts(game, None, depth, tmp_path) == expected  # the GAME Code interpreter
    back = read_game(tmp_path / "written.php", "gamecourier")
    assert [p.drop for p in back.pieces] == [p.drop for p in game.pieces] and back.rules == game.rules
    assert model_counts(back, depth, start) == expected  # the preset read back
    fsf = fsf_counts(pyffish, name, depth, start)
    assert model_counts(aligned(game)[0], depth, start) == fsf and (expected != fsf) == bites


def test_pawn_drop_mate_with_a_cannon_asks_every_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # P@a3 and P@a2 attack no king but screen a1's cannon, which then mates (P@a4 mates by itself): the drop-mate
    # test asks the whole check test (sub checked); the dropped piece's attack alone would let those two drops be
    game = _game("cannonmate22")
    text, _ = write_game(game)
    assert "    if sub checked #enemy #side:\n      if not sub canmove #enemy #side:" in text
    assert "sub dropchecks" not in text
    start = _start("cannonmate22", None)
    expected = model_counts(game, 2, start)
    assert _preset_counts(game, text, 2, tmp_path) == expected
    fsf = fsf_counts(pyffish, "cannonmate22", 2, start)
    assert model_counts(aligned(game)[0], 2, start) == fsf and expected[0] == fsf[0] - 3  # three mating drops
    back = read_game(tmp_path / "written.php", "gamecourier")
    assert [p.drop for p in back.pieces] == [p.drop for p in game.pieces]
    monkeypatch.setattr("fairyport.gamecourier.write._drop_checks_directly", lambda ctx: True)
    assert _preset_counts(game, write_game(game)[0], 1, tmp_path) == [expected[0] + 2]


def test_pawn_drop_mate_in_a_game_without_royal_pieces_is_written(tmp_path: Path) -> None:
    # nothing is in check without a royal piece: the test is written (and reads back) but never bites
    sections = SECTIONS + "\n[nokingmate22:pawnmate22]\nking = -\ncommoner = k\nextinctionValue = loss\n" \
        "extinctionPieceTypes = k\n"
    game = read_text(sections, variant="nokingmate22", name="rules22.ini")
    assert not any(p.royal for p in game.pieces)
    assert _preset_counts(game, None, 2, tmp_path) == model_counts(game, 2, _start("pawnmate22", None))
    back = read_game(tmp_path / "written.php", "gamecourier")
    assert [p.drop for p in back.pieces] == [p.drop for p in game.pieces]


@pytest.mark.parametrize("name", ["blackfirst22", "blackhouse22"])
def test_black_moves_first(name: str, tmp_path: Path) -> None:
    # written turned round (the first side, upper case, is Black: sides 'Black White'), read back turned again;
    # promotions (Black's own region), castling, e.p. and drops bite within two plies
    game = _game(name)
    start = _start(name, None)
    expected = fsf_counts(pyffish, name, 2, start)
    assert model_counts(game, 2, start) == expected
    white_first = copy.deepcopy(game)
    white_first.setup.side_to_move = WHITE
    assert model_counts(white_first, 2) != expected  # who moves first matters here
    text, lost = write_game(game)
    assert lost == [] and "$default['sides'] = 'Black White';" in text
    assert "Black moves first. The board is shown from Black's side. The pieces (upper case Black" in text
    assert _preset_counts(game, text, 2, tmp_path) == expected  # the GAME Code interpreter
    back = read_game(tmp_path / "written.php", "gamecourier")
    assert back.setup == game.setup and back.rules == game.rules
    assert model_counts(back, 2) == expected  # the preset read back
    plain = tmp_path / "plain.php"  # the same preset with White named first: another game
    plain.write_text(text.replace("'Black White'", "'White Black'"), encoding="utf-8")
    assert read_game(plain, "gamecourier").setup.side_to_move == WHITE


@pytest.mark.parametrize("rule", sorted(MUTATIONS))
def test_the_positions_test_the_rule(rule: str, tmp_path: Path) -> None:
    name, fen, code, replacement = MUTATIONS[rule]
    fen = _start(name, fen)
    text, _ = write_game(_game(name))
    assert code in text
    counts = []
    for version in (text, text.replace(code, replacement)):
        path = tmp_path / "written.php"
        path.write_text(version, encoding="utf-8")
        start = None if fen == _start(name, None) else fen  # a start with hands: the preset's own
        counts.append([perft(load_engine(path, "gamecourier", engine="native").position(start, None), d)
                       for d in (1, 2)])
    assert counts[0] == model_counts(_game(name), 2, fen)
    assert counts[1] != counts[0]


def test_grasshopper_code_translates_without_the_rules_text(tmp_path: Path) -> None:
    # a preset without the rules text's XBetza column: the reader translates checkgrasshop back to g
    game = _game("hopper22")
    text, _ = write_game(game)
    start = text.index("$default['rules'] = <<<'NOW'\n")
    end = text.index("\nNOW;\n", start)
    path = tmp_path / "bare.php"
    path.write_text(text[:start] + "$default['rules'] = <<<'NOW'\n<p>no table</p>" + text[end:], encoding="utf-8")
    back = read_game(path, "gamecourier")
    assert back.piece_type("H").betza in ("gRgB", "gBgR")  # gQ
    assert not [k for k in back.kept if k.text.startswith(("H:", "h:"))]  # (the king's castling term is kept)
