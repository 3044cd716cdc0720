"""The Interactive Diagram's hand rules read into the model and written back: holdingsType, promoOffset with
drops, '*' choices, and fairyport's extension lines fairyportDrop / fairyportPromotion (hypothesis round trips
of small drop games included)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from drop_games import rules_of
from hypothesis import given, settings
from hypothesis import strategies as st

from fairyport.cli.main import main
from fairyport.errors import ParseError, UnsupportedError
from fairyport.expectations import bundled_fixtures
from fairyport.idiagram.read import read_text
from fairyport.idiagram.write import write_game
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    SHOGI_TRIGGERS,
    WHITE,
    Board,
    DropRule,
    Game,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    PromotionChoice,
    PromotionTrigger,
    Rules,
    Setup,
)
from fairyport.movegen import compile_game

TORI = """\
files=5
ranks=5
holdingsType=-1
promoZone=1
maxPromote=2
promoOffset=2
symmetry=rotate
pawn:P:fW:pawn:b2
rook:R:R:rook:a1
tokin:T:WfF:tokin:
dragon:D:RF:dragon:
king:K:K:king:c1
"""


def test_holdings_type_minus_one_with_promo_offset_is_shogi() -> None:
    game = read_text(TORI)
    assert game.rules.drops and game.rules.captures_to_hand and game.rules.demote_captured
    pawn, rook = game.piece_type("P").promotion, game.piece_type("R").promotion
    assert pawn == Promotion((PromotionChoice("T"), PromotionChoice("P", on_last_rank=False)), 1, mandatory=True,
                             triggers=SHOGI_TRIGGERS)
    assert rook == Promotion((PromotionChoice("D"),), 1, mandatory=False, triggers=SHOGI_TRIGGERS)
    text, lost = write_game(game)  # the Diagram's own parameters say it all: no extension line, nothing lost
    assert not lost and "fairyport" not in text and "holdingsType=-1" in text
    assert rules_of(read_text(text)) == rules_of(game)
    start = compile_game(game).start_position()
    assert {m.uci for m in start.legal_moves()} == {  # the rook may promote entering the last rank (a5)
        "a1a2", "a1a3", "a1a4", "a1a5", "a1a5+", "a1b1", "b2b3", "c1b1", "c1c2", "c1d1", "c1d2"}
    # captures go to hand demoted: a rook taking the promoted pawn (a tokin) gets a pawn
    pos = type(start).from_fen(compile_game(game), "2k2/5/1+P3/5/1rK2[] b - - 0 1")
    pos.push(pos.parse_uci("b1b3"))
    assert pos.fen().split()[0].endswith("[p]")


def test_holdings_type_readings() -> None:
    keep = read_text(TORI.replace("holdingsType=-1", "holdingsType=-2"))
    assert keep.rules.captures_to_hand and not keep.rules.demote_captured
    owner = read_text(TORI.replace("holdingsType=-1", "holdingsType=1"))
    assert owner.rules.captures_to_owner and not owner.rules.drops and not owner.rules.captures_to_hand
    assert owner.piece_type("P").promotion is not None
    assert owner.piece_type("P").promotion.triggers == SHOGI_TRIGGERS  # holdingsType not 0: the Diagram's rule
    none = read_text(TORI.replace("holdingsType=-1\n", ""))
    assert not none.rules.drops and none.piece_type("R").promotion is not None
    assert none.piece_type("R").promotion.triggers == CHESS_TRIGGERS
    chess_style = read_text("holdingsType=-1\npromoChoice=Q\npawn::::a2\nqueen::::d1\nking::::e1")
    assert chess_style.rules.captures_to_hand and not chess_style.rules.demote_captured  # offset 0: no demotion
    for game in (keep, owner, none, chess_style):
        text, lost = write_game(game)
        assert not lost and rules_of(read_text(text)) == rules_of(game)
        assert write_game(read_text(text))[0] == text


def test_drops_the_diagram_cannot_say_are_refused() -> None:
    game = read_text(TORI)
    game.rules = dataclasses.replace(game.rules, captures_to_hand=False)
    with pytest.raises(UnsupportedError, match="drops in a game whose captured pieces do not go to a hand"):
        write_game(game)
    game = read_text(TORI)
    game.piece_type("P").drop = DropRule(max_per_file=1, max_per_square_color=2, no_drop_mate=True)
    with pytest.raises(UnsupportedError, match=r"the drop rule of 'pawn' \(file:1,color:2,nomate\)"):
        write_game(game)
    text, lost = write_game(game, best_effort=True)
    assert "fairyportDrop=file:1,color:2,nomate" in text and len(lost) == 1
    assert read_text(text).piece_type("P").drop == game.piece_type("P").drop


def test_extension_lines_are_read_and_located() -> None:
    text = TORI.replace("pawn:P:fW:pawn:b2\n", "pawn:P:fW:pawn:b2\nfairyportPromotion=!*T2;depth:2;optional;"
                        "triggers:leave\nfairyportDrop=file:2\n")
    game = read_text(text)
    assert game.piece_type("P").promotion == Promotion(
        (PromotionChoice("T", max_depth=2, on_last_rank=False, from_hand=True),), 2, mandatory=False,
        triggers=frozenset({PromotionTrigger.LEAVE}))
    assert game.piece_type("P").drop == DropRule(max_per_file=2)
    with pytest.raises(ParseError) as error:
        read_text(TORI.replace("pawn:P:fW:pawn:b2\n", "pawn:P:fW:pawn:b2\nfairyportDrop=file:1,often\n"))
    assert error.value.location.line == 9 and error.value.location.column == 22
    with pytest.raises(ParseError, match="unknown trigger"):
        read_text(TORI.replace("pawn:P:fW:pawn:b2\n", "pawn:P:fW:pawn:b2\nfairyportPromotion=T;triggers:exit\n"))
    with pytest.raises(ParseError, match="no promotion choice"):
        read_text(TORI.replace("pawn:P:fW:pawn:b2\n", "pawn:P:fW:pawn:b2\nfairyportPromotion=;depth:2\n"))


# ------------------------------------------------------------------------------------------ hypothesis
POOL = [("Pawn", "P", "fW"), ("Silver", "S", "FfW"), ("Lance", "L", "fR"), ("Knight", "N", "ffN"),
        ("Bishop", "B", "B"), ("Rook", "R", "R")]
TARGETS = [("Gold", "G", "WfF"), ("Horse", "H", "BW"), ("Dragon", "D", "RF")]


@st.composite
def drop_games(draw: st.DrawFn) -> Game:
    files = draw(st.integers(4, 7))
    ranks = draw(st.integers(4, 7))
    chosen = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=4, unique=True))
    targets = draw(st.lists(st.sampled_from(TARGETS), min_size=1, max_size=3, unique=True))
    pieces: list[PieceType] = []
    for name, pid, betza in chosen:
        promotion = None
        if draw(st.booleans()):
            choices = tuple(PromotionChoice(t[1], from_hand=draw(st.booleans()))
                            for t in draw(st.lists(st.sampled_from(targets), min_size=1, max_size=2, unique=True)))
            mode = draw(st.sampled_from(["mandatory", "optional", "stuck"]))
            triggers = draw(st.sampled_from([CHESS_TRIGGERS, SHOGI_TRIGGERS, frozenset({PromotionTrigger.ENTER})]))
            promotion = Promotion(choices, depth=draw(st.integers(1, 2)), mandatory=mode == "mandatory",
                                  mandatory_where_stuck=mode == "stuck", triggers=triggers)
        drop = draw(st.one_of(st.none(), st.builds(
            DropRule, max_per_file=st.one_of(st.none(), st.integers(0, 2)),
            max_per_square_color=st.one_of(st.none(), st.integers(0, 3)), no_drop_mate=st.booleans())))
        pieces.append(PieceType(name, pid, betza, promotion=promotion, drop=drop))
    pieces += [PieceType(*t) for t in targets]
    pieces.append(PieceType("King", "K", "K", royal=True))
    placement = {"a1": Piece("K", WHITE), f"{'abcdefg'[files - 1]}{ranks}": Piece("K", BLACK)}
    placement["b1"] = Piece(chosen[0][1], WHITE)
    hands = {WHITE: {chosen[-1][1]: draw(st.integers(0, 2))}, BLACK: {chosen[0][1]: draw(st.integers(1, 2))}}
    hands = {c: {k: v for k, v in h.items() if v} for c, h in hands.items()}
    hands = {c: h for c, h in hands.items() if h}
    demote = draw(st.booleans())
    return Game(Metadata(), Board(files, ranks), pieces, Setup(placement, hands=hands),
                Rules(drops=True, captures_to_hand=True, demote_captured=demote))


@settings(max_examples=60, deadline=None)
@given(drop_games())
def test_small_drop_games_round_trip_through_the_diagram(game: Game) -> None:
    text, _ = write_game(game, best_effort=True)
    back = read_text(text)
    assert rules_of(back) == rules_of(game)
    assert write_game(back, best_effort=True)[0] == text


def test_cli_best_effort_lists_every_extension_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = bundled_fixtures() / "games" / "mitregi90.idiagram"
    as_json = tmp_path / "m.json"
    assert main(["convert", str(source), "--to", "json", "-o", str(as_json)]) == 0
    out = tmp_path / "m.idiagram"
    assert main(["convert", str(as_json), "--to", "idiagram", "-o", str(out)]) == 0  # all in the script's terms
    capsys.readouterr()
    shogi = tmp_path / "s.json"
    assert main(["convert", str(source.with_name("shogi.idiagram")), "--to", "json", "-o", str(shogi)]) == 0
    assert main(["convert", str(shogi), "--to", "idiagram"]) == 3
    assert "the drop rule of 'Pawn' (file:1,nomate)" in capsys.readouterr().err
    assert main(["convert", str(shogi), "--to", "idiagram", "--best-effort", "-o", str(tmp_path / "s.idiagram")]) == 0
    dropped = [line for line in capsys.readouterr().err.splitlines() if "not expressible in" in line]
    assert len(dropped) == 1  # the pawn-drop mate; the promotion and the other drop limits in the script's terms
    assert out.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")  # comments kept via JSON
