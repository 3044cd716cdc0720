"""How games end, judged by the Interactive Diagram's own script (issue 33): what fairyport writes for a game's
goals (royal pieces, extinction, baring, stalemate) plays in H. G. Muller's script as in fairyport.

The script's driver (``tests/helpers/idscript.py``) counts a move illegal when a reply captures the last royal
piece of the side that moved; it plays on after any other game end, so each text here is chosen so that the two
counts mean the same game.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import tempfile
from pathlib import Path

import pytest

from fairyport import api
from fairyport.errors import UnsupportedError
from fairyport.idiagram.read import read_text
from fairyport.idiagram.write import write_game
from fairyport.model import Game, RoyalProtection
from tests.helpers import idscript


def _same_in_script(game: Game, depth: int) -> str:
    """Write ``game`` plain, check the script's perft equals fairyport's up to ``depth``; returns the text."""
    text, lost = write_game(game)
    assert lost == []
    idscript.require()
    run = idscript.run_script(text, depth)
    assert not run.failure, run.failure
    assert list(run.counts) == [api.perft(game, d) for d in range(1, depth + 1)]
    return text


def test_a_game_without_promotion_lets_the_first_piece_reach_the_last_rank() -> None:
    # Fairy-Stockfish's lewthwaite: nothing promotes; the script's default maxPromote=1 with no promoChoice type
    # would forbid piece 1 every move into its last rank (script 30, Fairy-Stockfish 32 at perft(3))
    text = ("files=3\nranks=3\nsymmetry=none\nroyal=0\npromoChoice=\nmaxPromote=0\n"
            "stone:W:mW::a1,c1,b2,,b1,a2,c2\n")
    game = dataclasses.replace(read_text(text), format_data={})  # as from another format: no Diagram keys
    assert all(p.promotion is None for p in game.pieces)
    written = _same_in_script(game, 3)
    assert "maxPromote=0" in written.splitlines()


def _royal_counts(text: str) -> tuple[int, int]:
    """The script's own ``royalCount`` of White and Black at the start (below 0: that side has lost, its AI says
    "It seems I have already lost!")."""
    idscript.require()
    with tempfile.TemporaryDirectory(prefix="idscript-") as folder:
        path = Path(folder) / "game.txt"
        path.write_text(text, encoding="utf-8")
        code = (f"(() => {{ const drv = require({json.dumps(str(idscript.DRIVER))}); const g = drv.setupGame("
                f"drv.readDefinition({json.dumps(str(path))}), 12345, false); "
                "console.log(JSON.stringify(g.C.royalCount.slice(0, 2))); })();")  # scoped: the script's globals
        done = subprocess.run([str(idscript.node()), "-e", code], capture_output=True, text=True, timeout=60,
                              check=True)
    white, black = json.loads(done.stdout.strip().splitlines()[-1])
    return white, black


HORDE = ("files=4\nranks=4\nsymmetry=none\nroyal=2\n{extinction}pawn:P:fmWfcF::a2,b2,c2,d2\nking:K:K::,,b4\n"
         "rook:R:R::,,d4\n")
"""White without a King: ``extinction`` says whether it plays on (bit 1 clear) or has lost."""


def test_a_side_without_royals_plays_on_only_where_its_extinction_bit_is_clear() -> None:
    for value in ("0", "2"):
        text = HORDE.format(extinction=f"extinction={value}\n")
        game = read_text(text)
        assert game.rules.royal_optional, value
        assert _royal_counts(text)[0] >= 0  # the script: White has not lost
        assert list(idscript.run_script(text, 3).counts) == [api.perft(game, d) for d in (1, 2, 3)] == [4, 11, 40]
    for extinction in ("", "extinction=1\n", "extinction=3\n"):
        text = HORDE.format(extinction=extinction)
        game = read_text(text)
        assert not game.rules.royal_optional, extinction
        assert _royal_counts(text)[0] < 0  # the script's AI: "It seems I have already lost!"
        assert api.perft(game, 1) == 0


def test_optional_royals_are_written_as_the_extinction_bits() -> None:
    game = dataclasses.replace(read_text(HORDE.format(extinction="extinction=0\n")), format_data={})
    text = _same_in_script(game, 3)
    assert "extinction=0" in text.splitlines() and "fairyportRoyalOptional" not in text
    # Black with two Kings, only the last protected, and a White without any that plays on: bit 2 alone
    two = HORDE.format(extinction="extinction=2\n").replace("rook:R:R::,,d4", "rook:R:R::,,d4\nking2:L:K::,,a4")
    two = two.replace("royal=2", "royal=2\nroyal=4")
    game = read_text(two)
    assert game.rules.royal_optional and game.rules.royal_protection is RoyalProtection.LAST
    text = _same_in_script(dataclasses.replace(game, format_data={}), 3)
    assert "extinction=2" in text.splitlines()
    game = read_text("royal=2\nrook:R:R::a1,,a8\nking:K:K::e1,,e8\n")
    game.rules.royal_optional = True  # both sides have a King: no extinction bit says it
    with pytest.raises(UnsupportedError) as info:
        write_game(game)
    assert info.value.feature == "royal optional"


def test_different_rules_per_side_are_refused_located() -> None:
    text = "royal=2\nextinction=1\nrook:R:R::a1,,a8\nking:K:K::d1,e1,,d8,e8\n"
    with pytest.raises(UnsupportedError) as info:
        read_text(text, file="two.idiagram")
    assert info.value.location.line == 2 and "extinction=1" in str(info.value)


ANTI_KING = ("files=5\nranks=5\nsymmetry=none\nroyal=2\nextinction={bits}\nmaxPromote=0\nrook:R:R::a1,,e5\n"
             "king:K:K::c1,,c5\nantiking:A:mdWmdFmN::d2\n")
"""An anti-king (``d``: captures its own side's pieces) next to its King: White may take its own King."""


def test_a_side_that_may_capture_its_own_royal_plays_on_where_its_bit_is_clear() -> None:
    game = read_text(ANTI_KING.format(bits=0))
    assert game.rules.royal_optional
    idscript.require()
    run = idscript.run_script(ANTI_KING.format(bits=0), 3, divide=True)
    assert "Ad2xc1: 139" in run.output  # the script plays on after White took its own King
    assert list(run.counts) == [api.perft(game, d) for d in (1, 2, 3)] == [21, 192, 3533]
    # bit set: the side without its King has lost at its next turn (the script's CountRoyals: below 0)
    set_bit = read_text(ANTI_KING.format(bits=3))
    assert not set_bit.rules.royal_optional and api.perft(set_bit, 3) == 3533 - 139
    written = _same_in_script(dataclasses.replace(game, format_data={}), 3)
    assert "extinction=0" in written.splitlines() and "fairyportRoyalOptional" not in written
