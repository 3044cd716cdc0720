"""Shogi-style promotion and drop limits in the Diagram's own terms: ``maxPromote``/``promoOffset`` and the
``WeirdPromotion`` page function, written, read back by running it, and played by the script itself (with
fairyport's drop driver, ``tests/helpers/iddrops.js``)."""

from __future__ import annotations

import pytest

from fairyport import api
from fairyport.errors import UnsupportedError
from fairyport.idiagram.read import read_text
from fairyport.idiagram.write import write_game
from fairyport.model import DropRule, Promotion, PromotionChoice
from tests.helpers import idscript

OLD_FORM = """files=5
ranks=5
symmetry=rotate
maxPromote=0
holdingsType=-1
Pawn:P:fW:Pawn:b2,d2:1
fairyportDrop=file:1
fairyportPromotion=G;depth:1;stuck;triggers:enter+within+leave
Silver:S:FfW:Silver:c2:1
fairyportPromotion=G;depth:1;stuck;triggers:enter+within+leave
Gold:G:WfF:Gold:b1
King:K:K:King:c1
"""
"""A small shogi with a pawn and a silver in each hand, its rules in fairyport's extension lines (which the
script ignores): both promote to the gold, forced where stuck; at most one unpromoted pawn per file."""


def _page(forced: str = "", drops: str = "") -> str:
    return ("<script>\nfunction WeirdPromotion(x1, y1, x2, y2, promo, ex, ey) {\n"
            f"  if(x1 >= 100) {{ var piece = y1 > nType ? y1 - nType : y1; {drops} return promo; }}\n"
            "  var piece = board[y1][x1] & 511, color = board[y1][x1] & 1024;\n"
            f"  if(promo == 0) {{ {forced} }}\n  return promo;\n}}\n</script>\n<div class=\"idiagram\">\n"
            "files=5\nranks=5\nsymmetry=rotate\nholdingsType=-1\npromoZone=2\nmaxPromote=1\npromoOffset=2\n"
            "royal=2\nPawn:P:fW:Pawn:b2\nKing:K:K:King:c1\nTokin:T:WfF:Tokin:\n</div>\n")


def test_extension_lines_are_written_in_the_scripts_terms() -> None:
    game = read_text(OLD_FORM)
    text, lost = write_game(game)
    assert lost == [] and "fairyport" not in text.split("<div")[1] and "function WeirdPromotion" in text
    assert [line for line in text.splitlines() if line.startswith(("maxPromote", "promoOffset", "Gold"))] == [
        "maxPromote=2", "promoOffset=4", "Gold:G:WfF:Gold:b1", "Gold:G:WfF:Gold:", "Gold:G:WfF:Gold:"]
    back = read_text(text)
    assert [p.id for p in back.pieces] == ["P", "S", "G", "K"]  # the gold copies read as the one gold type
    assert back.piece_type("P").promotion == game.piece_type("P").promotion
    assert back.piece_type("S").promotion == game.piece_type("S").promotion
    assert back.piece_type("P").drop == DropRule(max_per_file=1) and back.piece_type("S").drop is None
    assert write_game(back)[0] == text


def test_the_script_plays_the_written_text_with_drops_as_fairyport() -> None:
    game = read_text(OLD_FORM)
    text, _ = write_game(game)
    idscript.require()
    assert idscript.run_script(text, 3, drops=True).counts == tuple(api.perft(game, d) for d in (1, 2, 3)) == (
        33, 1050, 24990)
    # the extension-line text: the script promotes nothing and drops pawns anywhere
    assert idscript.run_script(OLD_FORM, 1, drops=True).counts != (33,)


def test_a_pawn_the_script_may_leave_unpromoted_on_the_last_rank() -> None:
    # the script's AI (and board) offer type 1's deferral on the last rank too (Pb4-b5 and Pb4-b5=T, four king
    # moves): only WeirdPromotion forces it, so the writer always writes one beside shogi-style keys
    plain = _page().split("<div class=\"idiagram\">\n")[1].removesuffix("</div>\n")
    idscript.require()
    assert idscript.run_script(plain.replace("b2", "b4"), 1).counts == (6,)
    forced = _page(forced="if(piece == 1 && (color ? y2 == 0 : y2 == 4)) return 1022;").replace("b2", "b4")
    game = read_text(forced)
    assert game.piece_type("P").promotion == Promotion((PromotionChoice("T"),), depth=2, mandatory=False,
                                                        mandatory_where_stuck=True,
                                                        triggers=game.piece_type("P").promotion.triggers)
    assert idscript.run_script(forced, 1).counts == (api.perft(game, 1),) == (5,)


@pytest.mark.parametrize(("forced", "drops", "says"), [
    ("if(piece == 1 && y2 >= 3) return 1022;", "", "forces the promotion of 'Pawn' on"),
    ("", "if(piece == 1 && y2 == 2) return 1022;", "refuses drops of 'Pawn' on"),
    ("if(piece == 2) return 1022;", "", "forbids moves of piece 2"),
    ("return 3;", "", "changes what piece 1 becomes"),
])
def test_a_weirdpromotion_doing_more_is_refused_by_name(forced: str, drops: str, says: str) -> None:
    with pytest.raises(UnsupportedError) as info:
        read_text(_page(forced, drops), file="page.html")
    assert "WeirdPromotion()" in info.value.reason and says in info.value.reason
    assert info.value.location.file == "page.html" and info.value.feature == "page function WeirdPromotion"


def test_drop_counts_are_read_by_running_the_function() -> None:
    count = " + ".join(f"((board[{r}][x2] & 1535) == (y1 > nType ? 1025 : 1))" for r in range(5))
    game = read_text(_page(drops=f"if(piece == 1 && (y1 > nType ? y2 == 0 : y2 == 4)) return 1022; "
                                 f"if(piece == 1 && {count} >= 2) return 1022;"))
    assert game.piece_type("P").drop == DropRule(max_per_file=2)
