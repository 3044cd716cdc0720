"""Interactive Diagram -> game model: defaults, squares, royals, promotion, rules, located errors, fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import NOTES, ROOT, files_with_subset, needs, source_id

from fairyport.errors import FairyportError, ModelError, ParseError
from fairyport.idiagram.read import read_game, read_text
from fairyport.idiagram.write import write_game
from fairyport.model import (
    BLACK,
    WHITE,
    BareKingRule,
    Game,
    Piece,
    Promotion,
    PromotionChoice,
    RoyalProtection,
    StalemateResult,
    Zone,
    square_name,
)

FIXTURES = ROOT / "fixtures" / "games"
SAMPLES = NOTES / "id_samples"


def board_fen(game: Game) -> str:
    """The placement part of a FEN, top rank first."""
    rows = []
    for rank in reversed(range(game.board.ranks)):
        row, empty = "", 0
        for file in range(game.board.files):
            piece = game.setup.placement.get(square_name(file, rank, game.board.first_rank))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece.symbol
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


EXPECTED_FENS = {
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "mirchess32": "rnegkenc/4pppp/pppp4/8/8/4PPPP/PPPP4/CNEKGENR",
    "mirchess36": "c2gk2c/prneenrp/1pppppp1/8/8/1PPPPPP1/PRNEENRP/C2GK2C",
    "shatranj-kamil-x": "c3ke3c/1rnsefsnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNSEFSNR1/C3KE3C",
    "minixiangqi": "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR",
    "mideast": "z1c1tt1c1z/rnbvqkvbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBVQKVBNR/Z1C1TT1C1Z",
}


@pytest.mark.parametrize("name", sorted(EXPECTED_FENS))
def test_fixture_setups(name: str) -> None:
    game = read_game(FIXTURES / f"{name}.idiagram")
    assert board_fen(game) == EXPECTED_FENS[name]
    assert [p.id for p in game.pieces if p.royal] == ["K"]
    assert game.metadata.title == name


def test_fixture_rules() -> None:
    chess = read_game(FIXTURES / "chess.idiagram")
    assert chess.piece_type("K").betza == "KisO2" and chess.piece_type("P").betza == "ifmnDfmWfceF"
    assert chess.piece_type("P").promotion == Promotion(tuple(PromotionChoice(c) for c in "QNRB"))
    mir = read_game(FIXTURES / "mirchess32.idiagram")
    assert mir.piece_type("P").promotion == Promotion((PromotionChoice("G"),))
    assert mir.rules.stalemate is StalemateResult.DRAW
    skx = read_game(FIXTURES / "shatranj-kamil-x.idiagram")
    assert skx.piece_type("F").promotion == skx.piece_type("P").promotion == Promotion((PromotionChoice("W"),))
    assert skx.piece_type("N").promotion is None
    assert skx.rules.stalemate is StalemateResult.LOSS and skx.rules.bare_king is BareKingRule.LOSS
    assert skx.piece_type("E").betza == "afFasF" and "W" not in {p.id for p in skx.setup.placement.values()}
    mideast = read_game(FIXTURES / "mideast.idiagram")
    promotion = mideast.piece_type("P").promotion
    assert promotion is not None and [c.piece for c in promotion.choices] == list("QRNBVZCT")
    assert mideast.piece_type("V").betza == "yafsFyafsW" and mideast.piece_type("K").betza == "K"


def test_minixiangqi_palace_and_facing() -> None:
    game = read_game(FIXTURES / "minixiangqi.idiagram")
    general = game.piece_type("K")
    assert general.betza == "W" and general.confined_to == "palace" and general.royal
    assert not game.rules.royals_may_face and game.rules.stalemate is StalemateResult.LOSS
    assert game.zone_squares("palace", WHITE) == frozenset(f"{f}{r}" for f in "cde" for r in "123")
    assert game.zone_squares("palace", BLACK) == frozenset(f"{f}{r}" for f in "cde" for r in "567")
    assert all(p.promotion is None for p in game.pieces)


@pytest.mark.parametrize("path", files_with_subset("notes/id_samples", "0*.txt"), ids=source_id)
def test_samples_read(path: Path) -> None:
    game = read_game(path)
    assert game.pieces and game.setup.placement


@needs(SAMPLES)
def test_sample_details() -> None:
    lion = read_game(SAMPLES / "01_lion_chess_demo_MSinteractive-diagrams.txt")
    assert lion.piece_type("L").betza == "KNADcaKcabKmabK" and lion.piece_type("K").betza == "KisO3"
    assert [p.id for p in lion.pieces if p.royal] == ["K"]  # royal=8 by number
    # the Lions in hand of a game without drops are a palette (HAND_WITHOUT_DROPS_IS_PALETTE): Capablanca is played
    assert lion.setup.hands == {} and lion.piece_type("L").extra["idiagram"]["palette"] == [2, 2]
    eurasian = read_game(SAMPLES / "02_eurasian_chess_cazaux_zip.txt")
    assert not eurasian.rules.royals_may_face and eurasian.piece_type("K").betza == "fkBK"
    assert eurasian.piece_type("C").betza == "mRcpR" and eurasian.piece_type("C").image == "vao"
    promotion = eurasian.piece_type("P").promotion
    assert promotion is not None and promotion.depth == 3
    assert promotion.choices[0] == PromotionChoice("P", on_last_rank=False)
    assert promotion.choices[1] == PromotionChoice("N", from_hand=True)
    assert eurasian.setup.hands == {WHITE: {"P": 1}, BLACK: {"P": 1}}
    assert eurasian.rules.captures_to_owner and not eurasian.rules.drops  # holdingsType=1
    assert not any("holdingsType" in note for note in eurasian.format_data["idiagram"]["notes"])
    carrera = read_game(SAMPLES / "03_carrera_960_comment.txt")
    # royal=K names no piece: the script reads a number there (parseInt)
    assert not carrera.piece_type("K").royal and carrera.setup.placement["f8"] == Piece("K", BLACK)


def test_king_default_depends_on_files_and_last_piece_is_royal() -> None:
    narrow = read_text("files=8\npawn::::a2\nking::::e1")
    assert narrow.piece_type("K").betza == "KisO2" and narrow.piece_type("K").royal
    wide = read_text("files=10\npawn::::a2\nking::::e1")
    assert wide.piece_type("K").betza == "KisO3" and not wide.piece_type("P").royal


def test_default_ids_clash_gives_unique_ids_and_a_warning_naming_both_lines() -> None:
    game = read_text("pawn::::a2\nking::::e1\nknight::::b1", file="f.idiagram")
    assert [p.id for p in game.pieces] == ["P", "K", "K3"]
    assert game.piece_type("K3").extra["idiagram"]["id"] == "K"
    assert game.pieces[-1].royal and not game.pieces[1].royal  # the last piece line is royal, by number
    (warning,) = game.format_data["idiagram"]["warnings"]
    assert warning["line"] == 3 and "line 2" in warning["message"] and "K3" in warning["message"]


def test_default_names_give_moves() -> None:
    game = read_text("files=8\npawn::::a2\nknight:N:::b1\nelephant::::c1\ngriffon::::d1\nwidget::::f1\nking::::h1")
    assert [(p.id, p.betza, p.image) for p in game.pieces] == [
        ("P", "ifmnDfmWfceF", "pawn"), ("N", "N", "knight"), ("E", "mafF", "elephant"),
        ("G", "yafsF", "griffon"), ("W", "O", "widget"), ("K", "KisO2", "king"),
    ]


def test_colour_switch_rectangles_and_symmetry() -> None:
    game = read_text("symmetry=none\nrook::::a1-b2,,c7-d8\nking::::e1,,e8")
    placement = game.setup.placement
    assert {s for s, p in placement.items() if p == Piece("R", WHITE)} == {"a1", "b1", "a2", "b2"}
    assert {s for s, p in placement.items() if p == Piece("R", BLACK)} == {"c7", "d7", "c8", "d8"}
    mirror = read_text("rook::::a1\nking::::e1")
    assert mirror.setup.placement["a8"] == Piece("R", BLACK) and mirror.setup.placement["e8"] == Piece("K", BLACK)
    rotate = read_text("symmetry=rotate\nrook::::a1\nking::::e1")
    assert rotate.setup.placement["h8"] == Piece("R", BLACK) and rotate.setup.placement["d8"] == Piece("K", BLACK)
    none = read_text("symmetry=nothing\nking::::e1")
    assert len(none.setup.placement) == 1


def test_holes_first_rank_and_off_board() -> None:
    game = read_text("files=5\nranks=5\nfirstRank=0\nhole::::c2\nrook::::a0\nqueen::::0\nking::::e0")
    assert game.board.holes == frozenset({"c2"}) and game.board.first_rank == 0
    assert "c2" not in game.board and "a4" in game.board
    assert game.setup.placement["a4"] == Piece("R", BLACK)
    assert "Q" not in {p.id for p in game.setup.placement.values()}


def test_royal_by_number_by_id_and_several_lines() -> None:
    assert [p.id for p in read_text("royal=1\nman::::a1\nking::::e1").pieces if p.royal] == ["M"]
    assert [p.id for p in read_text("royal=2 (the king)\nman::::a1\nking::::e1").pieces if p.royal] == ["K"]
    # the script reads a number (parseInt): an ID names no piece, and a royal= line leaves no default royal
    by_id = read_text("royal=m\nman::::a1\nking::::e1")
    assert not any(p.royal for p in by_id.pieces)
    assert any("makes no piece royal" in w["message"] for w in by_id.format_data["idiagram"]["warnings"])
    both = read_text("royal=1\nroyal=2\nman::::a1\nking::::e1")
    assert [p.id for p in both.pieces if p.royal] == ["M", "K"]
    assert both.rules.royal_protection is RoyalProtection.LAST  # two royals a side, extinction default
    assert read_text("extinction=0\nroyal=1\nroyal=2\nman::::a1\nking::::e1").rules.royal_protection \
        is RoyalProtection.EVERY
    assert read_text("king::::e1").rules.royal_protection is RoyalProtection.EVERY


def test_promo_choice_forms() -> None:
    text = "promoZone=3\nmaxPromote=2\npromoChoice=!P*Q2NN\npawn::::a2\nqueen::::d1\nnightrider:NN:::b1\nking::::e1"
    game = read_text(text)
    promotion = game.piece_type("P").promotion
    assert promotion == game.piece_type("Q").promotion
    assert promotion == Promotion((PromotionChoice("P", on_last_rank=False),
                                   PromotionChoice("Q", max_depth=2, from_hand=True),
                                   PromotionChoice("NN")), depth=3)
    assert game.piece_type("NN").promotion is None


def test_default_promo_choice_skips_missing_types_and_maxpromote_zero_disables() -> None:
    game = read_text("pawn::::a2\nrook::::a1\nking::::e1")
    assert game.piece_type("P").promotion == Promotion((PromotionChoice("R"),))
    assert read_text("maxPromote=0\npawn::::a2\nrook::::a1\nking::::e1").piece_type("P").promotion is None


def test_shogi_style_offset() -> None:
    game = read_text("promoOffset=2\nmaxPromote=2\nsilver::::c1\nlance::::a1\ngold::::d1\ndragon:D:R::\nking::::e1")
    assert game.piece_type("S").promotion == Promotion(
        (PromotionChoice("G"), PromotionChoice("S", on_last_rank=False)), mandatory=True)
    assert game.piece_type("L").promotion == Promotion((PromotionChoice("D"),), mandatory=False)


def test_unknown_keys_are_kept_in_order_with_their_piece() -> None:
    game = read_text("zeta=1\nfiles=8\nalpha=2\npawn::::a2\nmorph=Q\nantiTrade=1\nking::::e1\nomega=3")
    data = game.format_data["idiagram"]
    assert [e.get("key") for e in data["head"]] == ["zeta", "files", "alpha"]
    assert game.piece_type("P").extra["idiagram"]["after"] == [{"key": "morph", "value": "Q"},
                                                              {"key": "antiTrade", "value": "1"}]
    assert game.piece_type("K").extra["idiagram"]["after"] == [{"key": "omega", "value": "3"}]
    assert any(note.startswith("morph=Q") for note in data["notes"])


def test_facing_only_when_every_royal_has_fkR() -> None:
    one = read_text("royal=1\nroyal=2\nman:M:KfkR::a1\nking:K:K::e1")
    assert one.rules.royals_may_face and one.piece_type("M").betza == "KfkR"
    both = read_text("general:G:fkRW::d1")
    assert not both.rules.royals_may_face and both.piece_type("G").betza == "W"


def test_zone_for_both_players() -> None:
    game = read_text("fairyportZone=centre:d4-e5\nking::::e1\nfairyportConfine=centre")
    assert game.zones == [Zone("centre", frozenset({"d4", "e4", "d5", "e5"}))]


@pytest.mark.parametrize(("text", "error", "line", "column"), [
    ("files=8\nrook::::a1,z9", ModelError, 2, 12),
    ("files=8\nrook::::a1-a9", ModelError, 2, 12),
    ("files=x8\nking::::e1", ParseError, 1, 7),
    ("ranks=8\nking::::e1:2,q", ParseError, 2, 14),
    ("pawn:P:fmW$fcF:pawn:a2\nking::::e1", ParseError, 1, 11),
    ("royal=3 (a rook)\nking::::e1", ModelError, 1, 7),
    ("royal=5\nking::::e1", ModelError, 1, 7),
    ("king::::e1\nfairyportConfine=palace", ModelError, 2, 18),
    ("fairyportZone=palace\nking::::e1", ParseError, 1, 15),
    (":::::a1", ModelError, 1, 1),
])
def test_errors_are_located(text: str, error: type[FairyportError], line: int, column: int) -> None:
    with pytest.raises(error) as info:
        read_text(text, file="bad.idiagram")
    location = info.value.location
    assert (location.file, location.line, location.column) == ("bad.idiagram", line, column), info.value.message()


def test_html_page_diagrams(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<p>x</p>\n<div class="idiagram">files=8<br>rook::::a1<br>king::::e1</div>\n'
                    '<div class="idiagram x">files=6<br>ranks=6<br>king::::c1</div>\n'
                    '<div class="idiagram">\nfiles=8\nrook::::a1,q9\n</div>'
                    '<script>function BadZone(x, y, p, c) { return y > 2; }</script>')
    first = read_game(page)
    assert first.board.files == 8 and first.format_data["idiagram"]["hooks"] == []  # BadZone is read:
    assert first.piece_type("R").confined_to == "zone-R" and first.piece_type("K").confined_to == "zone-R"
    assert first.zone_squares("zone-R", BLACK) == frozenset(f"{f}{r}" for f in "abcdefgh" for r in "123")
    assert "function BadZone" in write_game(first)[0] and write_game(first)[1] == []
    second = read_game(Path(f"{page}#2"))
    assert second.board.files == 6 and second.metadata.title == "page#2"
    assert read_game(page, diagram=2) == second
    with pytest.raises(ModelError) as info:
        read_game(page, diagram=3)
    assert info.value.location.line == 6
    with pytest.raises(FairyportError):
        read_game(page, diagram=4)


FRAGMENTS = ["files=", "ranks=", "royal=", "promoChoice=", "maxPromote=", "promoOffset=", "symmetry=rotate",
             "fairyportZone=", "fairyportConfine=", "hole", "king", "pawn", ":", ":", ":", ",", ",,", "-", "a1",
             "j10", "0", "3", "999", "K", "!", "*", "fkR", "mafsW", "(", "[", "\n", "\n", " ", "=", "#", "x"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join))
def test_any_text_reads_or_fails_with_a_located_error(text: str) -> None:
    try:
        game = read_text(text, file="fuzz.idiagram")
    except FairyportError as error:
        assert error.location.file == "fuzz.idiagram"
        return
    game.validate()
