"""Reading ``variants.ini`` sections: perft against Fairy-Stockfish (pyffish) on sections written here and on
built-in variants reached by inheritance, refusals naming the option and its line, the Betza dialect read as
Fairy-Stockfish reads it, and conversions of a read section proven by perft."""

from __future__ import annotations

from pathlib import Path

import pytest
from betza_strings import TSV_FILES, betza_strings
from fsf_compare import aligned, fsf_counts, model_counts
from paths import source_id

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.fsf.dialect import DialectError, to_xbetza
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.model import PieceType

pyffish = pytest.importorskip("pyffish")

from oracles import MIR_CHESS_BETZA_INI  # noqa: E402  (after the pyffish skip)

SECTIONS = "\n# written for these tests" + MIR_CHESS_BETZA_INI + """
[t-makruk:makruk]
[t-minishogi:minishogi]
[t-capablanca:capablanca]
[t-crazyhouse:crazyhouse]
[t-shogi:shogi]
[t-losalamos:losalamos]
[t-gardner:gardner]
[t-xiangqi:xiangqi]

[t-centaur:chess]
king = k:KN
nMoveRule = 30
fancyOption = 3

[t-collinear:chess]
collinearN = 4
"""


@pytest.fixture(scope="module")
def loaded() -> str:
    pyffish.load_variant_config(SECTIONS)
    return SECTIONS


@pytest.mark.parametrize(("name", "depth"), [
    ("mirchess32b", 2), ("t-makruk", 2), ("t-minishogi", 3), ("t-losalamos", 3), ("t-gardner", 3),
    ("t-centaur", 2), ("t-capablanca", 2), ("t-shogi", 2), ("t-crazyhouse", 2), ("t-xiangqi", 2),
])
def test_read_sections_count_as_fairy_stockfish(loaded: str, name: str, depth: int) -> None:
    game = read_text(loaded, variant=name, name="t.ini")
    played, _ = aligned(game)
    assert model_counts(played, depth) == fsf_counts(pyffish, name, depth)


def test_published_counts(loaded: str) -> None:
    assert model_counts(read_text(loaded, variant="mirchess32b"), 3) == [20, 402, 8669]
    assert model_counts(read_text(loaded, variant="t-minishogi"), 3) == [14, 181, 2512]


def test_refusal_names_the_option_and_its_line(loaded: str) -> None:
    with pytest.raises(UnsupportedError) as caught:
        read_text(loaded, variant="t-collinear", name="t.ini")
    assert caught.value.feature == "collinearN"
    assert str(caught.value.location) == f"t.ini:{loaded.splitlines().index('collinearN = 4') + 1}"
    assert caught.value.exit_code == 3


def test_builtin_options_are_located_in_the_builtin() -> None:
    text = "[t-jg:janggi]\n"
    with pytest.raises(UnsupportedError) as caught:
        read_text(text, variant="t-jg", name="x.ini")
    assert caught.value.feature == "bikjangRule"
    assert "built-in variant 'janggi'" in str(caught.value.location)


def test_en_passant_after_a_zoned_double_step(loaded: str) -> None:
    from fairyport.engines import model_position
    from fairyport.movegen import compile_game
    from fairyport.movegen.perft import perft

    game = read_text("[t-c:chess]\n", variant="t-c")
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    pos = model_position(compile_game(game), kiwipete)
    assert [perft(pos, d) for d in (1, 2)] == [48, 2039]


def test_unknown_option_is_a_located_warning_and_draw_rules_are_kept(loaded: str) -> None:
    game = read_text(loaded, variant="t-centaur", name="t.ini")
    data = game.format_data["fsf"]
    line = loaded.splitlines().index("fancyOption = 3") + 1
    assert {"file": "t.ini", "line": line, "message": "unknown option 'fancyOption' (Fairy-Stockfish ignores it too)"} \
        in data["warnings"]
    assert data["kept"]["nMoveRule"] == "30"
    assert game.piece_type("K").betza == "KNisO2"


def test_python_api_and_detection(tmp_path: Path, loaded: str) -> None:
    path = tmp_path / "v.ini"
    path.write_text(loaded, encoding="utf-8")
    game = fairyport.read(path, variant="mirchess36b")
    assert model_counts(game, 2) == [30, 900]
    assert fairyport.read(Path(f"{path}#t-gardner")).metadata.title == "t-gardner"  # as fairyport report names it


def test_cli_convert_and_model_engine(tmp_path: Path, loaded: str, capsys: pytest.CaptureFixture[str]) -> None:
    from fairyport.cli.main import main

    path = tmp_path / "v.ini"
    path.write_text(loaded, encoding="utf-8")
    for target in ("zrf", "gamecourier", "idiagram"):
        out = tmp_path / f"out-{target}"
        assert main(["convert", str(path), "--variant", "t-makruk", "--to", target, "-o", str(out)]) == 0
        back = fairyport.read(out, format=target)
        assert model_counts(back, 2) == [23, 529]
    assert main(["perft", str(path), "--variant", "t-makruk", "--engine", "model", "--depth", "2"]) == 0
    assert "529" in capsys.readouterr().out


def test_write_then_read_plays_the_same(loaded: str) -> None:
    game = read_text(loaded, variant="mirchess32b")
    text, _ = write_section(game, name="back-mir", prove=False)
    again = read_text(text, variant="back-mir")
    assert model_counts(again, 2) == model_counts(game, 2)
    pyffish.load_variant_config(text)
    assert fsf_counts(pyffish, "back-mir", 2) == [20, 402]


def test_fsf_skips_what_it_does_not_know() -> None:
    assert to_xbetza("mafsW") == ("mfWmsW", ["'a' at 2"])
    assert to_xbetza("vC3")[0] == ""
    with pytest.raises(DialectError):
        to_xbetza("nC")


@pytest.mark.slow
@pytest.mark.parametrize("path", TSV_FILES, ids=source_id)
def test_every_collected_piece_string_moves_as_in_pyffish(path: Path) -> None:
    from fairyport.fsf.prove import prove_piece

    for betza in betza_strings(path):
        if "i" in betza:  # initial moves: region-based in FSF, read only where the regions agree
            continue
        try:
            xbetza, _ = to_xbetza(betza)
        except DialectError:
            continue
        assert prove_piece(PieceType("p", "A", xbetza), f"customPiece1 = a:{betza}", 8, 8) is None, betza


@pytest.mark.parametrize("name", ["chess", "mirchess32", "minixiangqi", "minishogi"])
def test_every_exact_export_reads_back_as_the_same_game(name: str) -> None:
    from fairyport.expectations import bundled_fixtures
    from fairyport.formats import read_game

    game = read_game(bundled_fixtures() / "games" / f"{name}.idiagram")
    text, lost = write_section(game, name=f"back-{name}", prove=False)
    assert not lost
    back = read_text(text, variant=f"back-{name}")
    assert (back.board.files, back.board.ranks) == (game.board.files, game.board.ranks)
    assert back.setup.placement == game.setup.placement
    assert back.setup.side_to_move == game.setup.side_to_move
    assert {p.id: p.royal for p in back.pieces} == {p.id: p.royal for p in game.pieces}
    for piece in game.pieces:
        mine, theirs = piece.promotion, back.piece_type(piece.id).promotion
        assert (mine is None) == (theirs is None), piece.name
        if mine is not None and theirs is not None:
            assert {c.piece for c in mine.choices} == {c.piece for c in theirs.choices}
            assert (mine.mandatory, mine.triggers) == (theirs.mandatory, theirs.triggers)
    assert (back.rules.drops, back.rules.captures_to_hand, back.rules.royals_may_face, back.rules.stalemate) == (
        game.rules.drops, game.rules.captures_to_hand, game.rules.royals_may_face, game.rules.stalemate)
    played, _ = aligned(back)
    original, _ = aligned(game)
    assert model_counts(played, 2) == model_counts(original, 2)


def test_validate_reports_refusals_and_ignored_characters(tmp_path: Path) -> None:
    from fairyport.format import ValidateOptions
    from fairyport.fsf.validate import validate_file

    path = tmp_path / "v.ini"
    path.write_text("[a:chess]\ncustomPiece1 = h:mafsW\ncollinearN = 4\n[b]\nmaxRank = x\n", encoding="utf-8")
    report = validate_file(path, ValidateOptions())
    found = {(f.code, f.location.line) for f in report.findings}
    assert found == {("not-readable", 3), ("bad-value", 5)}
    path.write_text("[a:chess]\ncustomPiece1 = h:mafsW\n", encoding="utf-8")
    report = validate_file(path, ValidateOptions())
    assert [(f.code, f.location.line, f.message) for f in report.findings] == [
        ("fsf-ignores", 2, "customPiece1 = h:mafsW: Fairy-Stockfish skips 'a' at 2")]


def test_validate_reports_a_start_position_with_the_side_not_to_move_in_check(tmp_path: Path) -> None:
    from fairyport.format import ValidateOptions
    from fairyport.fsf.validate import validate_file

    path = tmp_path / "v.ini"
    path.write_text("[fine:chess]\n\n[opposite:chess]\nstartFen = 4k3/8/8/8/4q3/8/8/4K3 b - - 0 1\n",
                    encoding="utf-8")
    report = validate_file(path, ValidateOptions())
    assert [(f.code, f.location.line) for f in report.findings] == [("opposite-check", 3)]
    assert "[opposite] the start position has black to move while white's royal piece on e1" in \
        report.findings[0].message
