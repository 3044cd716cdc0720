"""``fairyport perft FILE [--depth N] [--divide] [--fen FEN] [--jobs N] [--dask ADDRESS] [--json]``."""

from __future__ import annotations

import argparse
import time
from typing import Any

from fairyport.cli.cluster import (
    FileLoader,
    GameLoader,
    cluster_divide,
    cluster_perft,
    dask_client,
    jobs_and_workers,
    loader_for,
)
from fairyport.cli.common import announce_variant, format_name, print_json, progress
from fairyport.errors import Location, UsageError
from fairyport.formats import load_engine
from fairyport.movegen import divide, perft_jobs
from fairyport.movegen.perft import PerftPosition


def counted(pos: PerftPosition, depth: int, jobs: int, label: str, client: Any = None,
            loader: GameLoader | FileLoader | None = None) -> int:
    """perft with a progress bar over the root moves (on a terminal only); on a Dask cluster when ``client``
    is given (``loader`` then says what the workers rebuild ``pos`` from)."""
    if depth < 3:
        return perft_jobs(pos, depth)
    if client is not None and loader is not None:
        with progress(None, label) as advance:
            return cluster_perft(client, loader, depth,
                                 progress=lambda done, total: advance(1 if done else 0, label, total))
    with progress(len(pos.legal_raw()), label) as advance:
        return perft_jobs(pos, depth, jobs=jobs, progress=lambda move, count: advance(1, f"{label} {move}"))


def run(args: argparse.Namespace) -> int:
    """Count and print perft from 1 to ``--depth`` (or a divide at ``--depth``)."""
    if args.depth < 1:
        raise UsageError("--depth must be at least 1", found=str(args.depth))
    workers = jobs_and_workers(args)
    announce_variant(args.file, args.source_format, args.variant)
    engine = load_engine(args.file, args.source_format, variant=args.variant, engine=args.engine)
    pos = engine.position(args.fen, Location(file="--fen", line=1, column=1))
    loader = None
    if args.dask is not None:
        loader = loader_for(args.file, args.source_format, args.variant, args.engine, args.fen)
    with dask_client(args.dask, workers) as client:
        return _report(args, engine.title, engine.name, pos, client, loader)


def _report(args: argparse.Namespace, title: str, engine_name: str, pos: PerftPosition, client: Any,
            loader: GameLoader | FileLoader | None) -> int:
    """Count and print (see :func:`run`), on the Dask ``client`` if there is one."""
    result: dict[str, Any] = {"file": args.file, "game": title, "engine": engine_name,
                              "fen": args.fen or "startpos", "depth": args.depth}
    fen = getattr(pos, "fen", None)
    if callable(fen):
        result["fen"] = fen()
    if args.divide:
        start = time.perf_counter()
        if client is not None and loader is not None:
            with progress(None, "divide") as advance:
                table = cluster_divide(client, loader, args.depth,
                                       progress=lambda done, total: advance(1 if done else 0, "divide", total))
        else:
            with progress(len(pos.legal_raw()), "divide") as advance:
                table = divide(pos, args.depth, jobs=args.jobs, progress=lambda m, c: advance(1, f"divide {m}"))
        result["divide"] = table
        result["nodes"] = sum(table.values())
        result["seconds"] = round(time.perf_counter() - start, 3)
        if args.json:
            print_json(result)
        else:
            for move, count in table.items():
                print(f"{move}: {count}")
            print(f"\nmoves: {len(table)}")
            print(f"perft({args.depth}) = {result['nodes']}")
        return 0
    counts: dict[str, int] = {}
    seconds: dict[str, float] = {}
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        counts[str(depth)] = counted(pos, depth, args.jobs, f"perft({depth})", client, loader)
        seconds[str(depth)] = round(time.perf_counter() - start, 3)
        if not args.json:
            print(f"perft({depth}) = {counts[str(depth)]}", flush=True)
    if args.json:
        result["perft"] = counts
        result["seconds"] = seconds
        print_json(result)
    return 0


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """``--variant`` and ``--engine``, shared by ``perft`` and ``check``."""
    parser.add_argument("--variant", help="the variant of a file that holds several (ZRF: title or number)")
    parser.add_argument("--engine", choices=("auto", "native", "model"), default="auto",
                        help="native: the format's own interpreter (ZRF, GAME Code); model: the common model and "
                             "the reference generator; auto (default): native where the format has one")


def add_dask_option(parser: argparse.ArgumentParser) -> None:
    """``--dask ADDRESS``, shared by ``perft`` and ``check``."""
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="count on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' for a "
                             "cluster of local processes (needs pip install 'fairyport[dask]')")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``perft`` sub-command."""
    parser = subparsers.add_parser("perft", help="count legal-move tree leaves (perft) or divide")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--from", dest="source_format", type=format_name, metavar="FORMAT",
                        help="format of FILE if its name does not tell")
    parser.add_argument("--depth", type=int, default=3, help="depth (default 3)")
    parser.add_argument("--divide", action="store_true", help="count per root move at --depth")
    parser.add_argument("--fen", help="start from this FEN instead of the game's start position")
    add_engine_options(parser)
    parser.add_argument("--jobs", type=int, default=None,
                        help="spread the root moves over N processes (with --dask local: N worker processes)")
    add_dask_option(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    parser.set_defaults(func=run)
