"""Fairy-Stockfish's ``extinctionClaim`` (shatranj, courier), ``flagPieceSafe`` (dobutsu, squatter) and
``blastImmuneTypes`` / ``mutuallyImmuneTypes`` (atomar): read into the model, played by the reference generator with
pyffish's counts from positions where each rule bites, and written back to variants.ini."""

from __future__ import annotations

import dataclasses

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.model import Game

pyffish = pytest.importorskip("pyffish")


def _game(parent: str, extra: str = "") -> Game:
    return read_text(f"[t22:{parent}]\n{extra}", variant="t22", name="t22.ini")


CLAIM_CASES = [  # shatranj: a bared king against two pieces plays on (it may bare the other), against three not
    ("shatranj", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1", 3),
    ("shatranj", "8/8/8/4k3/8/8/8/RR2K3 b - - 0 1", 2),
    ("shatranj", "8/8/8/8/8/8/1k6/R3K3 b - - 0 1", 3),
    ("shatranj", "8/8/8/8/8/8/1k6/R3K3 w - - 0 1", 3),
    ("courier", "12/12/12/5k6/12/12/12/R4K6 b - - 0 1", 2),
]


@pytest.mark.parametrize(("parent", "fen", "depth"), CLAIM_CASES)
def test_extinction_claim_counts_as_fairy_stockfish(parent: str, fen: str, depth: int) -> None:
    game = _game(parent)
    assert game.rules.extinction is not None and game.rules.extinction.claim
    assert model_counts(game, depth, fen) == fsf_counts(pyffish, parent, depth, fen)


def test_extinction_claim_bites() -> None:
    """Without the claim the bared king would have lost at once (the counts differ): the rule is what agrees."""
    game = _game("shatranj")
    fen = CLAIM_CASES[0][1]
    assert game.rules.extinction is not None
    plain = dataclasses.replace(game, rules=dataclasses.replace(
        game.rules, extinction=dataclasses.replace(game.rules.extinction, claim=False)))
    assert model_counts(plain, 1, fen) == [0]
    assert model_counts(game, 1, fen) != [0]


def test_extinction_claim_written_back() -> None:
    text, _ = write_section(_game("shatranj"), name="back22")
    assert "extinctionClaim = true" in text
    back = read_text(text, variant="back22", name="back.ini")
    assert back.rules.extinction == _game("shatranj").rules.extinction


SQUATTER = "flagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n"
"""Fairy-Stockfish's own squatter section (any piece on the last rank, unattacked, wins)."""

SAFE_CASES = [  # (parent, section lines, FEN, depth): flags reached safe or attacked, by either player
    ("dobutsu", "", None, 4),
    ("dobutsu", "", "g1e/1cL/lC1/E1G[] w - - 4 3", 3),
    ("dobutsu", "", "1l1/gCe/3/EGL[] w - - 0 1", 3),
    ("dobutsu", "", "1L1/ecg/3/EGl[] b - - 0 1", 3),
    ("chess", SQUATTER, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 3),
    ("chess", SQUATTER, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", 3),
    ("chess", SQUATTER, "4k3/8/8/8/8/8/6p1/R3K3 b - - 0 1", 3),
]


@pytest.mark.parametrize(("parent", "lines", "fen", "depth"), SAFE_CASES)
def test_safe_flag_counts_as_fairy_stockfish(parent: str, lines: str, fen: str | None, depth: int) -> None:
    game = _game(parent, lines)
    assert game.rules.flag is not None and game.rules.flag.safe
    variant = f"safe{parent}{len(lines)}"  # a name per section: pyffish keeps the first one loaded under a name
    pyffish.load_variant_config(f"[{variant}:{parent}]\n{lines}")
    assert model_counts(game, depth, fen) == fsf_counts(pyffish, variant, depth, fen)


def test_safe_flag_bites() -> None:
    """The same positions without the safety rule count otherwise: the rule is what agrees."""
    for parent, lines, fen, depth in SAFE_CASES[2:]:
        game = _game(parent, lines)
        assert game.rules.flag is not None
        plain = dataclasses.replace(game, rules=dataclasses.replace(
            game.rules, flag=dataclasses.replace(game.rules.flag, safe=False)))
        if model_counts(plain, depth, fen) != model_counts(game, depth, fen):
            return
    raise AssertionError("no position where the flag's safety changes the count")


def test_safe_flag_written_back_and_refused_with_the_extra_move() -> None:
    text, _ = write_section(_game("chess", SQUATTER), name="back22")
    assert "flagPieceSafe = true" in text
    assert read_text(text, variant="back22", name="back.ini").rules.flag == _game("chess", SQUATTER).rules.flag
    with pytest.raises(UnsupportedError, match="flagPieceSafe"):
        _game("chess", SQUATTER + "flagMove = true\n")
