"""Joins and unloads (:class:`~fairyport.model.Join`, :class:`~fairyport.model.Unload`): moves onto a friendly piece
that make the two one piece, and moves of a part of a combined piece that leave the rest behind (Transport
Chess).

Kept apart from the generator's hot paths. :func:`compile_transport` compiles, once per game, a second
:class:`~fairyport.movegen.compile.Variant` (the *helper*) on the same board: the game's types without any move,
then one type per join betza and per unload of each type. A game with joins or unloads gets positions of
:func:`transport_class`; to find a piece's joins or unloads they write the helper type's code on its square of a
copy of the board and let a position of the helper generate (or test attacks of) those codes alone: the other
pieces stand there as obstacles and screens, moving nowhere.

A join is written as a move whose promotion code is the joined type (the generator then never promotes it). An
unloading move carries the tag ``(SPLIT, leaves code, virginity bits)`` in the castling field of the raw move,
which keeps it out of every shortcut of the legality test; its promotion code is the arriving type (or what that
type promotes to). Legal moves are found by making each move and testing the mover's protected royal pieces, and
a square counts as attacked also where an unload of an enemy piece could capture.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from fairyport.errors import UnsupportedError
from fairyport.model import BLACK, WHITE, Color, Game, Metadata, PieceType, Rules, Setup
from fairyport.movegen.codes import RawMove, code_of
from fairyport.movegen.derived import derived_once

if TYPE_CHECKING:
    from fairyport.movegen.compile import Variant
    from fairyport.movegen.position import Position

SPLIT = -2
"""First item of the castling field of a raw unloading move (a castling move's field starts with a square)."""

KEEP = -3
"""The castling field ``(KEEP,)`` of a raw move of :attr:`~fairyport.model.PieceType.virgin_moves` made by an
unmoved piece: it stays unmoved."""

ARRIVES_VIRGIN = 1
"""Virginity bit of an unload tag: the arriving piece has not moved."""
LEAVES_VIRGIN = 2
"""Virginity bit of an unload tag: the piece left behind has not moved."""


@dataclasses.dataclass(frozen=True)
class Group:
    """One helper type of a piece code: a join (``partners``: partner code -> joined code) or an unload."""

    helper: int
    """The helper type's code (same colour)."""
    partners: dict[int, int] | None = None
    keep: bool = False
    """The piece's :attr:`~fairyport.model.PieceType.virgin_moves`."""
    leaves: int = 0
    becomes: int = 0
    virginity: int = 0


@dataclasses.dataclass(frozen=True)
class TransportSpec:
    """The compiled joins and unloads of a game."""

    helper: Variant
    groups: list[tuple[Group, ...]]
    """Per piece code of the game: its helper types, joins first."""
    splits: list[tuple[Group, ...]]
    """Per piece code: its unload groups only (the ones that may capture, hence attack)."""
    fresh: list[bool]
    """Per piece code: a piece that becomes it by a promotion or a join is unmoved."""


def compile_transport(game: Game, hands_used: bool, blast: bool,
                      compile_game: Callable[[Game], Variant]) -> TransportSpec | None:
    """The joins and unloads of ``game``, compiled (its helper game by ``compile_game``), or None without any.

    :raises UnsupportedError: in a game with pieces in hand or atomic captures (what a captured combined piece
        becomes there is not modelled).
    """
    if not any(p.joins or p.unloads or p.virgin_moves or p.unmoved_when_made for p in game.pieces):
        return None
    if any(p.split is not None or p.rebirth is not None for p in game.pieces):
        raise UnsupportedError("joins and unloads in a game whose pieces also split on every move or are reborn "
                               "(Circe)", feature="joins and unloads")
    if hands_used or blast:
        rule = "pieces in hand" if hands_used else "atomic captures"
        raise UnsupportedError(f"joins and unloads in a game with {rule}", feature="joins and unloads")
    index = {p.id.upper(): i for i, p in enumerate(game.pieces)}
    still = [dataclasses.replace(p, betza="", zoned_moves=(), castling=None, promotion=None, drop=None, royal=False,
                                 confined_to=None, joins=(), unloads=(), virgin_moves="", unmoved_when_made=False,
                                 split=None, cannot_capture=(), cannot_capture_own=(), rebirth=None)
             for p in game.pieces]
    extra: list[PieceType] = []
    plans: list[list[tuple[int, dict[str, str] | None, Group]]] = [[] for _ in game.pieces]
    for t, piece in enumerate(game.pieces):
        by_betza: dict[str, dict[str, str]] = {}
        for join in piece.joins:
            by_betza.setdefault(join.betza, {})[join.partner.upper()] = join.result.upper()
        made: list[tuple[str, dict[str, str] | None, Group]] = [(betza, partners, Group(0)) for betza, partners in
                                                                by_betza.items()]
        if piece.virgin_moves:
            made.append((piece.virgin_moves, None, Group(0, keep=True)))
        for split in piece.unloads:
            virginity = ARRIVES_VIRGIN * split.virgin | LEAVES_VIRGIN * split.leaves_virgin
            made.append((split.betza, None, Group(0, leaves=index[split.leaves.upper()],
                                                  becomes=index[split.becomes.upper()], virginity=virginity)))
        for betza, partners, group in made:
            number = len(game.pieces) + len(extra)
            extra.append(PieceType(f"{piece.name} ({len(extra)})", f"{piece.id}~{len(extra)}", betza,
                                   confined_to=piece.confined_to))
            plans[t].append((number, partners, group))
    helper_game = Game(Metadata(f"{game.metadata.title} (joins and unloads)"), game.board, still + extra, Setup(),
                       Rules(), list(game.zones))
    helper = compile_game(helper_game)
    codes = 2 * len(game.pieces) + 1
    groups: list[tuple[Group, ...]] = [()] * codes
    for t, plan in enumerate(plans):
        for color in (WHITE, BLACK):
            found = []
            for helper_index, partners, group in plan:
                if partners is not None:
                    joined = {code_of(index[p], color): code_of(index[r], color) for p, r in partners.items()}
                    found.append(Group(code_of(helper_index, color), joined))
                elif group.keep:
                    found.append(Group(code_of(helper_index, color), keep=True))
                else:
                    found.append(Group(code_of(helper_index, color), leaves=code_of(group.leaves, color),
                                       becomes=code_of(group.becomes, color), virginity=group.virginity))
            groups[code_of(t, color)] = tuple(found)
    splits = [tuple(g for g in per if g.partners is None and not g.keep) for per in groups]
    fresh = [False] * codes
    for t, piece in enumerate(game.pieces):
        fresh[code_of(t, WHITE)] = fresh[code_of(t, BLACK)] = piece.unmoved_when_made
    return TransportSpec(helper, groups, splits, fresh)


@derived_once
def transport_class(base: type[Position]) -> type[Position]:
    """``base`` (a position class) whose pieces also join and unload."""
    class Transport(base):  # type: ignore[valid-type,misc]
        """A position of a game with joins and unloads."""

        def __init__(self, variant: Variant) -> None:
            super().__init__(variant)
            spec = variant.transport
            assert spec is not None
            self._spec: TransportSpec = spec
            self._helper: Position = spec.helper.new_position()

        def _helped(self, groups: list[tuple[Group, ...]], color: Color) -> list[tuple[list[int], dict[int, Group]]]:
            """Boards for the helper: per round, the board with the ``k``-th helper type of each of ``color``'s
            pieces written in place, and which group stands where."""
            board = self.board
            present = [(sq, groups[code]) for sq, code in enumerate(board)
                       if code and (code - 1) & 1 == color and groups[code]]
            rounds: list[tuple[list[int], dict[int, Group]]] = []
            for k in range(max((len(g) for _, g in present), default=0)):
                copy = board[:]
                placed: dict[int, Group] = {}
                for sq, per in present:
                    if k < len(per):
                        copy[sq] = per[k].helper
                        placed[sq] = per[k]
                rounds.append((copy, placed))
            return rounds

        def _prepare(self, board: list[int], color: Color) -> Position:
            helper = self._helper
            helper.board = board
            helper.turn, helper.virgin, helper.ep, helper.ep_victim = color, self.virgin, self.ep, self.ep_victim
            return helper

        def pseudo_legal(self) -> list[RawMove]:
            """The moves of the piece rules, then the joins and the unloads."""
            out: list[RawMove] = super().pseudo_legal()
            board = self.board
            extra: list[RawMove] = []
            for copy, placed in self._helped(self._spec.groups, self.turn):
                for move in self._prepare(copy, self.turn).pseudo_legal():
                    frm, to, _, caps, ep_created, _, victim = move
                    group = placed.get(frm)
                    if group is None:
                        continue
                    if group.partners is not None:
                        joined = group.partners.get(board[to], 0)
                        if joined and not caps and victim < 0:
                            extra.append((frm, to, joined, (), (), (), -1))
                        continue
                    if group.keep:
                        unmoved = self.virgin >> frm & 1
                        extra.append((frm, to, 0, caps, ep_created, (KEEP,) if unmoved else (), victim))
                        continue
                    if board[to] and (board[to] - 1) & 1 == self.turn:
                        continue  # an unload lands on an empty square or an enemy piece
                    tag = (SPLIT, group.leaves, group.virginity)
                    mover = board[frm]
                    board[frm] = group.becomes
                    try:
                        promoted = self._with_promotions([(frm, to, 0, caps, ep_created, (), victim)])
                    finally:
                        board[frm] = mover
                    extra.extend((m[0], m[1], m[2] or group.becomes, m[3], m[4], tag, m[6]) for m in promoted)
            return list(dict.fromkeys(out + extra))

        def push_raw(self, move: RawMove) -> None:
            """Make ``move``; an unload then leaves its piece on the start square."""
            tag = move[5]
            if tag == (KEEP,):
                super().push_raw((*move[:5], (), move[6]))
                self.virgin |= 1 << move[1]
                return
            if not tag or tag[0] != SPLIT:
                super().push_raw(move)
                if move[2] and self._spec.fresh[move[2]]:
                    self.virgin |= 1 << move[1]
                return
            frm, to = move[0], move[1]
            super().push_raw((frm, to, move[2], move[3], move[4], (), move[6]))
            self.board[frm] = tag[1]
            if tag[2] & ARRIVES_VIRGIN:
                self.virgin |= 1 << to
            if tag[2] & LEAVES_VIRGIN:
                self.virgin |= 1 << frm
            if self.variant.royal[tag[1]] or self.variant.royal[move[2]]:
                self._find_royals()

        def is_attacked(self, square: int, by: Color) -> bool:
            """True if a piece of colour ``by`` could capture on ``square``, by its moves or by an unload."""
            if super().is_attacked(square, by):
                return True
            return any(self._prepare(copy, by).is_attacked(square, by)
                       for copy, _ in self._helped(self._spec.splits, by))

        def legal_raw(self) -> list[RawMove]:
            """The legal moves: each is made and the mover's protected royal pieces tested."""
            if self.is_game_over():
                return []
            moves: list[RawMove] = self.pseudo_legal()
            return self.made_legal(moves) if self._protected(self.turn) else moves

    return Transport


__all__ = ["SPLIT", "Group", "TransportSpec", "compile_transport", "transport_class"]
