"""``fairyport check [PATH...]``: run every expectation file's perft and compare (the bundled games by default)."""

from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path
from typing import Any

from fairyport.cli.cluster import dask_client, jobs_and_workers, loader_for
from fairyport.cli.common import collect_files, print_json
from fairyport.cli.common import print_table as table
from fairyport.cli.perft import add_dask_option, counted
from fairyport.engines import EngineChoice
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, FairyportError
from fairyport.expectations import bundled_fixtures, read_expectation
from fairyport.formats import detect_format, load_engine
from fairyport.zrf.play import ENGINE_NAME as ZRF_KEPT_ENGINE

READINGS = {"zrf": "ZRF interpreter", "gamecourier": "GAME Code interpreter", "fsf": "Fairy-Stockfish"}
"""What a native engine's name means to a person."""

SOURCES = {"zrf": "ZRF", "gamecourier": "Game Courier", "idiagram": "Diagram", "json": "JSON", "fsf": "FSF"}
"""Format names as a person reads them."""


def reading(fmt: str, engine: str) -> str:
    """Which reading of the game a row counts: a format's interpreter on the file (``ZRF interpreter``), or the
    file read into the common model and played by the reference generator (``Diagram model``), or, for a model
    that keeps ZRF code, by the ZRF interpreter (``ZRF model, kept code``)."""
    if engine in READINGS:
        return READINGS[engine]
    if engine == ZRF_KEPT_ENGINE:
        return f"{SOURCES.get(fmt, fmt)} model, kept code"
    return f"{SOURCES.get(fmt, fmt)} model"


def _row(path: Path, game: str, case: str, status: str, depth: int | None = None, expected: int | None = None,
         got: int | None = None, seconds: float | None = None, read: str = "") -> dict[str, Any]:
    """One result row (also the JSON record)."""
    return {"file": str(path), "game": game, "reading": read, "id": case, "depth": depth, "expected": expected,
            "got": got, "seconds": seconds, "status": status}


def run(args: argparse.Namespace) -> int:
    """Check every expectation file found; print a table; exit 1 on any mismatch or unreadable game."""
    paths = args.paths or [str(bundled_fixtures())]
    rows: list[dict[str, Any]] = []
    start_all = time.perf_counter()
    workers = jobs_and_workers(args)
    with dask_client(args.dask, workers) as client:
        skipped = _check_files(args, paths, rows, client)
    if args.json:
        print_json(rows)
    else:
        print_table(rows)
        print(summary(rows, skipped, time.perf_counter() - start_all))
    return EXIT_CHECK_FAILED if not rows or any(row["status"] != "ok" for row in rows) else EXIT_OK


@dataclasses.dataclass
class Skipped:
    """The expectation lines not run, and why."""

    slow: int = 0
    """Marked ``slow`` (``--slow`` runs them)."""
    deep: int = 0
    """Deeper than ``--max-depth``."""

    def __str__(self) -> str:
        why = [f"{self.slow} marked slow: --slow runs them"] if self.slow else []
        why += [f"{self.deep} deeper than --max-depth"] if self.deep else []
        return f"{self.slow + self.deep} skipped" + (f" ({'; '.join(why)})" if why else "")


def _check_files(args: argparse.Namespace, paths: list[str], rows: list[dict[str, Any]], client: Any) -> Skipped:
    """Append a row per expectation line to ``rows`` (counted on the Dask ``client`` if there is one); return
    the lines skipped."""
    skipped = Skipped()
    for path in collect_files(paths, [".perft"]):
        try:
            expectation = read_expectation(path)
            choice: EngineChoice = args.engine
            if choice == "auto" and expectation.engine in ("model", "native"):
                choice = "model" if expectation.engine == "model" else "native"
            engine = load_engine(expectation.game, variant=expectation.variant, engine=choice)
            read = reading(detect_format(Path(expectation.game)), engine.name)
        except FairyportError as exc:
            rows.append(_row(path, path.name, "-", f"error: {exc.message()}"))
            continue
        title = engine.title
        for case in expectation.cases:
            try:
                pos = engine.position(case.fen, case.fen_location)
            except FairyportError as exc:
                rows.append(_row(path, title, case.id, f"error: {exc.message()}", read=read))
                continue
            loader = None
            if client is not None:
                loader = loader_for(expectation.game, None, expectation.variant, choice, case.fen)
            for line in case.expected:
                if line.slow and not args.slow:
                    skipped.slow += 1
                    continue
                if args.max_depth is not None and line.depth > args.max_depth:
                    skipped.deep += 1
                    continue
                start = time.perf_counter()
                got = counted(pos, line.depth, args.jobs, f"{path.stem} {case.id} perft({line.depth})", client,
                              loader)
                rows.append(_row(path, title, case.id, "ok" if got == line.nodes else "MISMATCH", line.depth,
                                 line.nodes, got, round(time.perf_counter() - start, 3), read))
    return skipped


def summary(rows: list[dict[str, Any]], skipped: Skipped, seconds: float) -> str:
    """The closing line: ``N ok, M failed, K skipped (why) in S s``."""
    ok = sum(1 for row in rows if row["status"] == "ok")
    return f"{ok} ok, {len(rows) - ok} failed, {skipped} in {seconds:.1f} s"


def print_table(rows: list[dict[str, Any]]) -> None:
    """The results as a table on stdout (plain unfolded lines when stdout is not a terminal:
    :func:`~fairyport.cli.common.print_table`)."""
    columns = ["game", "reading", "position", "depth", "expected", "got", "seconds", "status"]
    cells = [[row["game"], row["reading"], row["id"], str(row["depth"] or ""),
              f"{row['expected']:,}" if row["expected"] is not None else "",
              f"{row['got']:,}" if row["got"] is not None else "",
              f"{row['seconds']:.2f}" if row["seconds"] is not None else "", row["status"]] for row in rows]
    table("fairyport check", columns, cells, numeric=("depth", "expected", "got", "seconds"))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` sub-command."""
    parser = subparsers.add_parser("check", help="run the perft expectations of the bundled games (or PATHs)")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="expectation files or folders (default: bundled)")
    parser.add_argument("--max-depth", type=int, help="skip expectations deeper than this")
    parser.add_argument("--slow", action="store_true", help="also run expectations marked slow")
    parser.add_argument("--jobs", type=int, default=None, help="spread root moves over N processes")
    add_dask_option(parser)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--engine", choices=("auto", "native", "model"), default="auto",
                        help="native: the format's own interpreter; model: the reference generator; auto: native "
                             "where the game's format has one")
    parser.set_defaults(func=run)
