"""The bare-king rule exported as Fairy-Stockfish's extinction of all pieces at 1 against 2 (its shatranj
without the claim), where that is the same game; refused by name elsewhere."""

from __future__ import annotations

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_game
from fairyport.model import BareKingRule, Game

pyffish = pytest.importorskip("pyffish")

FENS = ["4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1",  # Qxd2 bares Black, who has lost
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",  # Kxd2 bares both: play goes on
        "4k3/8/8/8/8/8/3r4/3QK3 b - - 0 1"]  # Black to move: Rxd1 bares White


def _bare(fen: str, name: str = "bare") -> Game:
    game = read_text(f"[{name}:chess]\ncastling = false\nstartFen = {fen}\n")
    game.rules.bare_king = BareKingRule.LOSS
    return game


@pytest.mark.parametrize(("index", "fen"), list(enumerate(FENS)))
def test_bare_king_as_fairy_stockfish_extinction(index: int, fen: str) -> None:
    game = _bare(fen, f"bare{index}")
    text, lost = write_game(game)
    assert lost == [] and "extinctionPieceTypes = *" in text
    pyffish.load_variant_config(text)
    name = next(line[1:].split("]")[0] for line in text.splitlines() if line.startswith("["))
    assert fsf_counts(pyffish, name, 3) == model_counts(game, 3)


def test_bare_king_that_fairy_stockfish_would_end_at_once_is_refused() -> None:
    """The side not to move starts bare against more: the model plays one move, Fairy-Stockfish none (with the
    side to move bare it is written)."""
    assert "extinctionPieceTypes = *" in write_game(_bare("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"))[0]
    with pytest.raises(UnsupportedError, match="the bare-king rule"):
        write_game(_bare("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"))
