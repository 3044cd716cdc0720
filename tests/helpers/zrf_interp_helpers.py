"""Helpers of the ZRF interpreter tests: small games written as ZRF text and played."""

from __future__ import annotations

from pathlib import Path

from fairyport.zrf.interpreter import Game, ZrfPosition, compile_variant
from fairyport.zrf.typed.reader import read_variant

BOARD = """
  (board (grid (start-rectangle 0 0 10 10)
     (dimensions ("a/b/c/d/e" (10 0)) ("5/4/3/2/1" (0 10)))
     (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
   (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw))
   (zone (name far) (players White) (positions a5 b5 c5 d5 e5))
   (zone (name far) (players Black) (positions a1 b1 c1 d1 e1)))
"""


def game_text(pieces: str, setup: str, extra: str = "") -> str:
    """A 5x5 two-player game (White moves n, Black's n is s) with ``pieces``, ``setup`` and ``extra`` forms."""
    return f"""(game (title "T") (players White Black) (turn-order White Black)
  {BOARD}
  (board-setup {setup})
  {pieces}
  {extra})"""


def compile_text(tmp_path: Path, text: str, variant: str | None = None) -> Game:
    """Compile ZRF ``text`` (written to a file in ``tmp_path``)."""
    path = tmp_path / "t.zrf"
    path.write_text(text, encoding="utf-8")
    return compile_variant(read_variant(path, variant))


def moves(position: ZrfPosition) -> list[str]:
    """The sorted names of the legal moves."""
    return sorted(position.uci(m) for m in position.legal_raw())


def play(tmp_path: Path, moves_block: str, setup: str = "(White (Man c3)) (Black (Man c5))",
         extra: str = "", others: str = "") -> ZrfPosition:
    """The start position of a game whose piece ``Man`` has the blocks listed in ``moves_block`` (a list of
    blocks: ``"((n add) (e add))"``), and the pieces ``others``."""
    pieces = f"(piece (name Man) (moves {moves_block.strip()[1:-1]})) {others}"
    return compile_text(tmp_path, game_text(pieces, setup, extra)).start_position()
