"""Interactive Diagram texts as the Diagram's author writes them (issue 20): counted repetition groups, ``x`` on a
king (Odin's Rune Chess), pieces in hand for a game without drops, ``royal=``. The texts are our own."""

from __future__ import annotations

import pytest

from fairyport.errors import UnsupportedError
from fairyport.idiagram.files import read_text
from fairyport.movegen import compile_game, perft
from fairyport.xbetza.syntax import parse

BOARD = "files=9\nranks=9\nsymmetry=none\nking:K:K::a1,,i9\npawn:P:fmW::,,e6,e8,c5,b5\n"


def _count(piece_moves: str, depth: int = 1) -> int:
    text = BOARD + f"tester:T:{piece_moves}::e5\n"
    return perft(compile_game(read_text(text)).start_position(), depth)


def test_counted_groups_read_as_their_expansions() -> None:
    assert [str(m) for m in parse("(az)7N").moves()] == ["N", *("az" * n + "N" for n in range(1, 8))]
    assert [str(m) for m in parse("(paf)3R").moves()] == ["R", "pafR", "pafpafR", "pafpafpafR"]
    assert str(parse("(az)7N")) == "(az)7N"  # written back as read


def test_a_counted_group_plays_as_its_expansion() -> None:
    # the hopping rook jumps the black pawns on e6 and e8, c5 and b5, as often as the count allows
    assert _count("(paf)3R") == _count("RpafRpafpafRpafpafpafR")
    assert _count("(paf)3R", depth=2) == _count("RpafRpafpafRpafpafpafR", depth=2)
    assert _count("(paf)1R") == _count("RpafR") < _count("(paf)3R")


def test_a_counted_crooked_group_reads_and_names_what_the_generator_lacks() -> None:
    game = read_text(BOARD + "crooked:T:(az)7N::e5\n")
    with pytest.raises(UnsupportedError, match="crooked"):
        compile_game(game)
