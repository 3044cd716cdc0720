"""The ZRF interpreter: Zillions of Games move programs played on their own semantics.

The semantics and their sources: docs/zrf.md, "What Zillions documents".

Public API (stable):

- :func:`load(path, *, variant=None) <fairyport.zrf.interpreter.engine.load>` -> :class:`fairyport.engines.Engine`:
  what ``fairyport perft X.zrf`` and ``fairyport check`` use (``fairyport.zrf.FORMAT.engine``);
- :func:`compile_file(path, variant=None)` -> :class:`Game`; :func:`compile_variant(read_variant(...))` and
  :func:`compile_game(tree, geometry)` -> :class:`Game` play an already read typed tree, so generated ZRF text
  can be played too (``fairyport.zrf.typed.reader.read_variant`` gives the tree and the geometry);
- :class:`Game`: ``start_position()``, ``position_from_fen(fen)`` (rectangular boards; letters are the pieces'
  ``notation``, the first player upper case), ``title``, ``notes``;
- :class:`ZrfPosition`: ``legal_raw()``, ``push_raw(move)``, ``pop_raw()``, ``uci(move)``, ``copy()``, ``fen()``
  (the :class:`fairyport.movegen.perft.PerftPosition` protocol, so ``fairyport.movegen.perft`` counts it).

Modules: :mod:`.board` (link tables), :mod:`.program` (move blocks compiled to closures), :mod:`.game` (the
compiled game), :mod:`.goals`, :mod:`.position` (generation, legality, make/unmake), :mod:`.fen`,
:mod:`.engine`, :mod:`.constants` (every choice where Zillions is undocumented).

A construct the interpreter cannot run raises :class:`fairyport.errors.UnsupportedError` (exit 3) with its
file, line and column and the instruction's name.
"""

from __future__ import annotations

from fairyport.zrf.interpreter.engine import compile_file, compile_variant, load
from fairyport.zrf.interpreter.game import Game, compile_game
from fairyport.zrf.interpreter.position import Move, ZrfPosition

__all__ = ["Game", "Move", "ZrfPosition", "compile_file", "compile_game", "compile_variant", "load"]
