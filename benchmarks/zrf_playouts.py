"""Random playouts over the real ZRF games read whole into the model: the interpreter and the generator compared
move set by move set at every ply (:func:`zrf_playout.paired_playout`).

perft(2)/perft(3) from the start position (``zrf_model_reach.py``) sees only the opening; a playout walks each
game deep into positions where promotions, drops, rebirths, joins, late castling and game ends happen. The games
come from a ``zrf_model_reach.py --json`` file: every variant it found read whole (chess-like only with
``--chess-only``). Each variant runs in a forked child with a wall-clock limit; a difference prints the seed,
the moves played and what differs, so ``fairyport perft FILE --variant N --divide`` can localise it.

Run from the project root, niced:
``nice -n 10 python benchmarks/zrf_playouts.py REACH.json [--seeds 4] [--plies 80] [--timeout 120]
[--chess-only] [--only SUBSTRING]``. Prints one line per variant and a summary line.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

from zrf_sweep import first_line, show_progress

import fairyport
from fairyport.engines import Engine
from fairyport.formats import game_engine, load_engine
from fairyport.movegen.position import Position
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.interpreter.position import ZrfPosition
from fairyport.zrf.rectangle import rectangle
from fairyport.zrf.typed.reader import read_variant

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from paths import ZRF_COLLECTIONS
from zrf_playout import Namer, paired_playout, renamer

COLLECTIONS = ZRF_COLLECTIONS
"""Where the reach run's collections are (``$FAIRYPORT_ZRF_COLLECTIONS`` or ``../zrfcorpus``; ``--collections``
overrides)."""


def child(conn: Connection, path: str, variant: str, seeds: int, plies: int, memory: int) -> None:
    """Play ``seeds`` playouts of ``plies`` on one variant; send ``(plies played, difference or None)``."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        native_engine, model_engine, namer, by_squares = paired_engines(path, variant)
        total = 0
        for seed in range(1, seeds + 1):
            playout = paired_playout(native_engine.position(None, None), model_engine.position(None, None), seed,
                                     plies, namer, by_squares)
            total += len(playout.played)
            if playout.difference is not None:
                conn.send((total, f"seed {seed} after {' '.join(playout.played)}: {playout.difference}"))
                return
        conn.send((total, None))
    except Exception as error:
        conn.send((0, f"error: {first_line(error)}"))


def paired_engines(path: str, variant: str) -> tuple[Engine, Engine, Namer | None, bool]:
    """The interpreter and the model's engine of one variant, with the :data:`zrf_playout.Namer` of
    the interpreter's move texts and whether moves are matched by their squares only (see
    :func:`zrf_playout.move_groups`)."""
    native_engine = load_engine(Path(path), "zrf", variant=variant, engine="native")
    game = fairyport.read(Path(path), format="zrf", variant=variant)
    model_engine = game_engine(game, path)
    zv = read_variant(Path(path), variant)
    board = rectangle(zv.game, zv.geometry) if zv.geometry is not None else None
    positions = set(zv.geometry.positions) if zv.geometry is not None else set()
    # the reader renames the board it keeps, which is smaller than the file's where storage columns became
    # hands (Dagaz's shogi): the rectangle of the whole file then names the squares otherwise; take the
    # renaming (that one, or none) under which the interpreter's start squares are the generator's
    occupied = occupied_squares(model_engine.position(None, None))
    rename = next((r for r in ([board.rename] if board is not None else []) + [{}]
                   if occupied_squares(native_engine.position(None, None), r) == occupied), {})
    storage = frozenset(p for p in positions if rename.get(p, p) not in game.board)
    namer = renamer(rename, storage) if storage or any(k != v for k, v in rename.items()) else None
    # the interpreter letters a promotion or join by the type's notation, the model by its id
    compiled = compile_variant(zv)
    ids = {p.name: p.id for p in game.pieces}
    by_squares = any(ids.get(name, letter)[:1].upper() != letter[:1].upper()
                     for name, letter in zip(compiled.types, compiled.notation, strict=False))
    return native_engine, model_engine, namer, by_squares


def occupied_squares(pos: object, rename: dict[str, str] | None = None) -> frozenset[str]:
    """The names of the squares with a piece at the start (the interpreter's positions through ``rename``)."""
    if isinstance(pos, ZrfPosition):
        names = pos.game.board.names
        return frozenset((rename or {}).get(names[p], names[p]) for p, piece in enumerate(pos.board)
                         if piece is not None)
    assert isinstance(pos, Position)
    return frozenset(pos.variant.geometry.names[sq] for sq, code in enumerate(pos.board) if code)


def run_one(path: Path, variant: int, seeds: int, plies: int, timeout: float, memory: int) -> tuple[int, str | None]:
    """One variant's playouts in a child: (plies played, difference, error or timeout)."""
    context = multiprocessing.get_context("fork")
    parent, child_end = context.Pipe()
    process = context.Process(target=child, args=(child_end, str(path), str(variant), seeds, plies, memory),
                              daemon=True)
    process.start()
    child_end.close()
    try:
        if not parent.poll(timeout):
            return 0, f"timeout after {timeout:.0f} s"
        answer: tuple[int, str | None] = parent.recv()
        return answer
    except (EOFError, OSError):
        return 0, "crash (out of memory?)"
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reach", type=Path, help="a zrf_model_reach.py --json file")
    parser.add_argument("--collections", type=Path, default=COLLECTIONS, help="the folder of the collections")
    parser.add_argument("--seeds", type=int, default=4, help="playouts per variant")
    parser.add_argument("--plies", type=int, default=80, help="plies per playout")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per variant (wall clock)")
    parser.add_argument("--memory-gb", type=float, default=3.0, help="address-space limit of each child")
    parser.add_argument("--chess-only", action="store_true", help="only the chess-like variants")
    parser.add_argument("--only", default="", help="only files whose path contains this text")
    args = parser.parse_args()
    records = [r for r in json.loads(args.reach.read_text(encoding="utf-8"))
               if r["model"] == "whole" and isinstance(r["interpreter"], int) and (r["chess"] or not args.chess_only)
               and args.only in r["file"]]
    tty = sys.stderr.isatty()
    started = time.perf_counter()
    outcomes: dict[str, int] = {"equal": 0, "differ": 0, "not finished": 0}
    total_plies = 0
    for number, r in enumerate(records, 1):
        path = args.collections / r["collection"] / r["file"]
        plies, difference = run_one(path, r["variant"], args.seeds, args.plies, args.timeout,
                                    int(args.memory_gb * 2**30))
        total_plies += plies
        kind = ("equal" if difference is None else
                "not finished" if difference.startswith(("timeout", "crash", "error")) else "differ")
        outcomes[kind] += 1
        print(f"{r['collection']}/{r['file']}#{r['variant']} {r['title']!r}: {kind}, {plies} plies"
              + (f": {difference}" if difference else ""), flush=True)
        show_progress(f"[{number}/{len(records)} variants, {outcomes['differ']} differ, "
                      f"{time.perf_counter() - started:.0f} s]", tty)
    if tty:
        print(file=sys.stderr)
    print(f"\nsummary: {len(records)} variants read whole, {args.seeds} playouts of up to {args.plies} plies each: "
          f"{outcomes['equal']} equal at every ply, {outcomes['differ']} differ, {outcomes['not finished']} not "
          f"finished (time, memory or an error); {total_plies} plies compared in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
