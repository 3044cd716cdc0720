"""Proving a ZRF game translated into GAME Code against the ZRF interpreter: perft, divide, seeded playouts."""

from __future__ import annotations

import collections
import dataclasses
import random
from pathlib import Path

from fairyport.gamecourier.interpreter.game import GameCourierGame, GameCourierPosition, GCMove, load_text
from fairyport.gamecourier.program.write import WrittenProgram, write_program
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file
from fairyport.zrf.interpreter.game import Game
from fairyport.zrf.interpreter.position import PASS, ZrfPosition
from fairyport.zrf.lower import lower_game

Board = tuple[tuple[str, object], ...]
"""A board in :meth:`Translated.board_of`'s form, as sorted items."""


@dataclasses.dataclass
class Translated:
    """A ZRF game, its written preset and both compiled."""

    zrf: Game
    written: WrittenProgram
    gc: GameCourierGame

    def perfts(self, depth: int) -> tuple[int, int]:
        """(ZRF interpreter, GAME Code interpreter) perft of the start position."""
        return perft(self.zrf.start_position(), depth), perft(self.gc.position(), depth)

    def divides(self, depth: int) -> tuple[dict[tuple[str, Board], int], dict[tuple[str, Board], int]]:
        """Both interpreters' divide, keyed by origin (Game Courier's square name) and the board the move leads to:
        a Game Courier move's destination and promotion label can be only the name the preset gives a move
        (:data:`fairyport.gamecourier.program.write.SELECTOR_KEYS`), so the board says which move it is."""
        zrf_side: collections.Counter[tuple[str, Board]] = collections.Counter()
        pos = self.zrf.start_position()
        for move in pos.legal_raw():
            pos.push_raw(move)
            zrf_side[self._zrf_key(pos, move)[0], _sorted(self.board_of(pos))] += perft(pos, depth - 1)
            pos.pop_raw()
        gc_side: collections.Counter[tuple[str, Board]] = collections.Counter()
        gpos = self.gc.position()
        for gmove in gpos.legal_raw():
            gpos.push_raw(gmove)
            gc_side[self._gc_origin(gmove), _sorted(self.gc_board(gmove.after.board))] += perft(
                gpos, depth - 1)
            gpos.pop_raw()
        return dict(zrf_side), dict(gc_side)

    def _gc_origin(self, move: GCMove) -> str:
        """A Game Courier move's origin as :meth:`_zrf_key` names it: ``@`` for a drop, ``pass`` for a pass."""
        if move.origin in self.written.passes:
            return "pass"
        return "@" if move.dropped else move.origin

    def _zrf_key(self, pos: ZrfPosition, move: object) -> tuple[str, str]:
        names = self.zrf.board.names
        frm, dest = move.frm, move.dest  # type: ignore[attr-defined]
        if move is PASS:
            return ("pass", "pass")
        return (self.written.squares.get(names[frm], "?") if frm >= 0 else "@",
                self.written.squares.get(names[dest], "?"))

    def board_of(self, pos: ZrfPosition) -> dict[str, str]:
        """The ZRF position's board as Game Courier squares and labels (``@`` empty), and its off-board stock as
        ``stock:label`` -> count."""
        game = self.zrf
        result: dict[str, object] = {}
        for (owner, kind), count in pos.stock.items():
            if count:
                result["stock:" + self.written.labels[game.players[owner], game.types[kind]]] = count
        for p, name in enumerate(game.board.names):
            piece = pos.board[p]
            square = self.written.squares[name]
            result[square] = "@" if piece is None else self.written.labels[game.players[piece[0]],
                                                                               game.types[piece[1]]]
        return result  # type: ignore[return-value]

    def gc_board(self, board: dict[str, str]) -> dict[str, object]:
        """A Game Courier board in :meth:`board_of`'s form: storage squares counted by label."""
        storage = set(self.written.storage)
        result: dict[str, object] = {sq: label for sq, label in board.items()
                                     if sq not in storage and sq not in self.written.passes}
        for sq in storage:
            if board[sq] != "@":
                key = "stock:" + board[sq]
                result[key] = int(result.get(key, 0)) + 1  # type: ignore[call-overload]
        return result

    def playout(self, seed: int, plies: int) -> int:
        """A seeded random game: at every ply both interpreters list the same moves (by origin and the board they
        lead to, as :meth:`divides` keys them) and the boards stay equal. Returns the plies played."""
        rng = random.Random(seed)
        pos = self.zrf.start_position()
        gpos: GameCourierPosition = self.gc.position()
        for ply in range(plies):
            zrf_moves = {}
            for move in pos.legal_raw():
                pos.push_raw(move)
                zrf_moves[(self._zrf_key(pos, move)[0], _sorted(self.board_of(pos)))] = move
                pos.pop_raw()
            gc_moves = {(self._gc_origin(m), _sorted(self.gc_board(m.after.board))): m
                        for m in gpos.legal_raw()}
            assert set(zrf_moves) == set(gc_moves), (
                f"ply {ply}: ZRF only {sorted(k[0] for k in set(zrf_moves) - set(gc_moves))}, "
                f"GAME Code only {sorted(k[0] for k in set(gc_moves) - set(zrf_moves))}")
            if not zrf_moves:
                return ply
            key = rng.choice(sorted(zrf_moves))
            pos.push_raw(zrf_moves[key])
            gpos.push_raw(gc_moves[key])
        return plies


def _sorted(board: dict[str, object]) -> Board:
    return tuple(sorted(board.items(), key=lambda item: item[0]))


def translate(path: Path, variant: str | None = None) -> Translated:
    """Compile ``path`` with the ZRF interpreter, write it as a preset and compile that."""
    game = compile_file(path, variant)
    written = write_program(lower_game(game))
    return Translated(game, written, load_text(written.text, f"{path.name}.php"))
