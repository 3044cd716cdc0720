"""ZRF games translated into GAME Code, proven by two interpreters: per class, how many convert and agree.

For every ``.zrf`` file under the given folders (files with the same bytes counted once) and its variants (the
game only, or ``--variants all``), in a forked child process with a time limit and an address-space limit:

1. the ZRF interpreter compiles the variant and counts perft(2) (``--depth``); variants with other than two
   players, or with no move at depth 2, are not counted (``skipped``);
2. the variant is classed: ``drops`` (drop blocks and off-board stock), ``checkers`` (``add-partial`` chains, or
   pieces named like checkers men), ``hex & linked`` (a board that is not one full rectangle of uniform
   offsets: hex grids, holes, explicit links), ``chess-like`` (a royal piece: ``checkmated`` goals), else
   ``abstract``;
3. the game is lowered into the program form and written as a Game Courier preset (refused: the construct
   named is counted), and the GAME Code interpreter counts the same perft on the written preset: ``agree`` or
   ``differ`` (or ``gc timeout`` / ``gc error``).

Prints one line per variant as it goes, then a table per class and a summary line.

Run from the project root, niced:
``nice -n 10 python benchmarks/zrf_gamecode_bench.py FOLDER... [--depth 2] [--timeout 120] [--memory-gb 3]
[--variants first|all] [--only SUBSTRING] [--skip N] [--limit N]``
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import multiprocessing
import resource
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from fairyport.errors import FairyportError
from fairyport.gamecourier.gamecode.game import load_text
from fairyport.gamecourier.program.write import write_program
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.interpreter.game import Game
from fairyport.zrf.lower import lower_game
from fairyport.zrf.syntax.loader import load
from fairyport.zrf.syntax.nodes import to_text
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.typed.reader import read_variant

CLASSES = ("chess-like", "checkers", "hex & linked", "abstract", "drops")
CHECKERS_NAMES = ("man", "checker", "draught", "pawn-man")


def classify(game: Game) -> str:
    """The class of a compiled two-player game (see the module docstring)."""
    if any(game.drops[k] for k in range(len(game.types))) and any(game.stock.values()):
        return "drops"
    blocks = [b for per in game.blocks for b in per]
    if any("add-partial" in to_text(b.node) or "add-copy-partial" in to_text(b.node) for b in blocks) or any(
            t.lower() in CHECKERS_NAMES for t in game.types):
        return "checkers"
    board = game.board
    if board.rectangle() is None or not _uniform(game):
        return "hex & linked"
    if any(game.royal):
        return "chess-like"
    return "abstract"


def _uniform(game: Game) -> bool:
    board = game.board
    coordinates = board.grid_coordinates
    for table in board.links:
        offsets = {(tuple(a - b for a, b in zip(coordinates[q], coordinates[p], strict=True)))  # type: ignore[arg-type]
                   for p, q in enumerate(table) if q >= 0 and coordinates[p] is not None and coordinates[q] is not None}
        if len(offsets) > 1:
            return False
    return True


def _limit(memory_gb: float) -> None:
    size = int(memory_gb * 1024 ** 3)
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def _child(conn: Connection, path: str, spec: str, depth: int, memory_gb: float) -> None:
    _limit(memory_gb)
    sys.setrecursionlimit(20000)
    try:
        game = compile_variant(read_variant(Path(path), spec))
        if len(game.players) != 2:
            conn.send(("skipped", "", f"{len(game.players)} players"))
            return
        started = time.perf_counter()
        zrf = perft(game.start_position(), depth)
        zrf_time = time.perf_counter() - started
        if zrf == 0:
            conn.send(("skipped", "", "perft 0"))
            return
        kind = classify(game)
        conn.send(("stage", kind, f"zrf {zrf} in {zrf_time:.1f}s"))
        try:
            written = write_program(lower_game(game))
        except FairyportError as error:
            feature = getattr(error, "feature", None) or str(error)[:80]
            conn.send(("refused", kind, str(feature)))
            return
        start = load_text(written.text, f"{path}.php").position()
        started = time.perf_counter()
        gc = perft(start, depth)
        gc_time = time.perf_counter() - started
        outcome = "agree" if gc == zrf else "differ"
        conn.send((outcome, kind, f"zrf {zrf} ({zrf_time:.2f}s), gc {gc} ({gc_time:.2f}s), "
                                  f"ratio {gc_time / max(zrf_time, 1e-3):.0f}x"))
    except FairyportError as error:
        conn.send(("error", "", str(error)[:120]))
    except (RecursionError, MemoryError, Exception) as error:
        conn.send(("error", "", f"{type(error).__name__}: {str(error)[:100]}"))


def run(path: Path, spec: str, depth: int, timeout: float, memory_gb: float) -> tuple[str, str, str]:
    """(outcome, class, detail) of one variant."""
    receive, send = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.get_context("fork").Process(target=_child, args=(send, str(path), spec, depth,
                                                                                memory_gb))
    process.start()
    send.close()
    kind = ""
    result: tuple[str, str, str] | None = None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if receive.poll(max(0.0, min(1.0, deadline - time.monotonic()))):
            try:
                message: Any = receive.recv()
            except EOFError:
                break
            if message[0] == "stage":
                kind = message[1]
                continue
            result = message
            break
        if not process.is_alive() and not receive.poll():
            break
    if process.is_alive():
        process.kill()
    process.join()
    if result is None:
        return ("gc timeout" if kind else "zrf timeout"), kind, f"over {timeout:.0f}s"
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--memory-gb", type=float, default=3.0)
    parser.add_argument("--variants", choices=("first", "all"), default="first")
    parser.add_argument("--only", default="")
    parser.add_argument("--limit", type=int, default=0, help="at most this many files per folder (0: all)")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N distinct files of each folder")
    args = parser.parse_args()
    seen: set[str] = set()
    table: dict[str, collections.Counter[str]] = {kind: collections.Counter() for kind in CLASSES}
    refused: dict[str, collections.Counter[str]] = {kind: collections.Counter() for kind in CLASSES}
    other: collections.Counter[str] = collections.Counter()
    ratios: list[float] = []
    for folder in args.folders:
        count = 0
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() != ".zrf" or args.only not in str(path):
                continue
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            if digest in seen:
                continue
            seen.add(digest)
            if args.limit and count >= args.limit + args.skip:
                break
            count += 1
            if count <= args.skip:
                continue
            try:
                choices = [str(v.index) for v in read_structure(load(path)).choices]
            except (FairyportError, RecursionError) as error:
                other["unreadable"] += 1
                print(f"{path}: unreadable: {str(error)[:100]}", flush=True)
                continue
            for spec in (choices if args.variants == "all" else choices[:1]):
                outcome, kind, detail = run(path, spec, args.depth, args.timeout, args.memory_gb)
                print(f"{path}#{spec}: {kind or '-'}: {outcome}: {detail}", flush=True)
                if outcome == "agree" and "ratio " in detail:
                    ratios.append(float(detail.rsplit("ratio ", 1)[1].rstrip("x")))
                if kind in table:
                    table[kind][outcome] += 1
                    if outcome == "refused":
                        refused[kind][detail] += 1
                else:
                    other[outcome] += 1
    print()
    print(f"{'class':14} {'counted':>7} {'agree':>6} {'differ':>6} {'refused':>7} {'timeout':>7} {'error':>6}  agree %")
    total = collections.Counter[str]()
    for kind in CLASSES:
        row = table[kind]
        counted = sum(row.values())
        total.update(row)
        share = f"{100 * row['agree'] / counted:.0f}" if counted else "-"
        print(f"{kind:14} {counted:7} {row['agree']:6} {row['differ']:6} {row['refused']:7} "
              f"{row['gc timeout']:7} {row['error']:6}  {share}")
    for kind in CLASSES:
        if refused[kind]:
            print(f"refused in {kind}: " + "; ".join(f"{what} ({n})" for what, n in refused[kind].most_common(8)))
    print(f"not counted: {dict(other)}")
    if ratios:
        ratios.sort()
        print(f"GAME Code time / ZRF time (perft({args.depth}) alone, both compiled first) over the "
              f"{len(ratios)} agreeing variants: median {ratios[len(ratios) // 2]:.0f}x, "
              f"min {ratios[0]:.0f}x, max {ratios[-1]:.0f}x")
    counted = sum(total.values())
    print(f"summary: {counted} two-player variants with moves, {total['agree']} agree, {total['differ']} differ, "
          f"{total['refused']} refused, {total['gc timeout']} timeouts, {total['error']} errors")


if __name__ == "__main__":
    main()
