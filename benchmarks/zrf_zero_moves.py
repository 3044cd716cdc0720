"""ZRF variants that count no move at the start, under the current count-goal rules and under the old ones.

For every ``.zrf`` file under the given folders and every selectable variant (the game, then each variant that
is not a menu separator, as :attr:`fairyport.zrf.syntax.structure.GameFile.choices` numbers them), this
computes perft(1) of the start position with the current rules and with the earlier rules (count goals
met at *at most* N, off-board pieces counted by ``pieces-remaining`` by default: the constants
``COUNT_GOALS_EXACTLY`` and ``OFF_BOARD_PIECES_COUNTED_BY_DEFAULT`` of :mod:`fairyport.zrf.interpreter.constants`
patched before compiling), and perft(2) with the current rules where perft(1) is not 0 and differs from the
old rules' figure. Each variant runs in a forked child process with an address-space limit and a time limit per stage
(reading, each rule set, perft(2)), so one bad file cannot hang or exhaust the machine; a progress line goes to
standard error.

Prints (markdown, to standard output) every variant with 0 moves under either rule set, with a first automatic
classification of why (evaluated on the start position); then the variants whose perft(1) changed between the
rule sets (the fixed ones); then those not counted (interpreter error, timeout); then counts per class and per
folder. ``--json FILE`` also writes one record per variant. Some files take more than 20 s to compile (the
official ``Focus.zrf``: about 26 s); ``--timeout 120`` counts them all.

Run from the project root:
``python benchmarks/zrf_zero_moves.py FOLDER... [--timeout 20] [--memory-gb 3] [--only SUBSTRING] [--json FILE]``
(``--ungrouped``: one table row per variant instead of one per file, class and counts).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import multiprocessing
import resource
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from zrf_sweep import add_sweep_arguments, cell, first_line, list_variants, show_progress, zrf_files

from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter import constants
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.interpreter.game import ANY_TYPE, Game
from fairyport.zrf.interpreter.position import ZrfPosition
from fairyport.zrf.syntax.nodes import to_text
from fairyport.zrf.typed.reader import ZrfVariant, read_variant

CLASSES = (
    "no pieces placed",
    "goal met at start",
    "no move or drop blocks",
    "drop game, off-board stock empty",
    "one player only (puzzle)",
    "moves tried, none legal",
    "interpreter error",
    "timeout",
)
"""The automatic classes, in the order they are tried (errors and timeouts are known first)."""

FIXED = "fixed (0 under the old rules only)"
"""The class of a variant that counts moves now and counted none under the old rules."""

Message = tuple[str, Any]


# -- the child process -------------------------------------------------------------------------------------


@contextmanager
def rules(old: bool) -> Iterator[None]:
    """The count-goal rules before issue 23 (``old``) or the current ones, for compiling and playing."""
    saved = constants.COUNT_GOALS_EXACTLY, constants.OFF_BOARD_PIECES_COUNTED_BY_DEFAULT
    if old:
        constants.COUNT_GOALS_EXACTLY, constants.OFF_BOARD_PIECES_COUNTED_BY_DEFAULT = False, True
    try:
        yield
    finally:
        constants.COUNT_GOALS_EXACTLY, constants.OFF_BOARD_PIECES_COUNTED_BY_DEFAULT = saved


def goals_met(game: Game, pos: ZrfPosition) -> list[str]:
    """Each goal condition met for one of its players on ``pos``: ``kind (players) condition @line``."""
    met = []
    for goal in game.goals:
        players = [game.players[p] for p in goal.players if goal.test(pos, p)]
        if players:
            line = goal.node.location.line
            met.append(f"{goal.kind} ({' '.join(players)}) {to_text(goal.node)}" + (f" @{line}" if line else ""))
    return met


def classify(read: ZrfVariant, game: Game, pos: ZrfPosition) -> tuple[str, str]:
    """A first reason why ``pos`` (a start position with no legal move) has none, and a detail."""
    on_board = sum(piece is not None for piece in pos.board)
    in_stock = sum(n for n in pos.stock.values() if n > 0)
    met = goals_met(game, pos)
    goal_note = f"; goal met: {met[0]}" if met else ""
    if on_board == 0 and in_stock == 0:
        detail = "no board-setup" if not read.game.setup else "board-setup places no piece"
        return CLASSES[0], detail + goal_note
    if met:
        return CLASSES[1], "; ".join(met)
    turn = game.turns[pos.turn]
    side = turn.owner

    def typed(blocks: list[Any]) -> bool:
        return any(turn.move_type == ANY_TYPE or b.move_type == turn.move_type for b in blocks)

    own = sorted({piece[1] for piece in pos.board if piece is not None and piece[0] == side})
    movable = [k for k in own if typed(game.blocks[k])]
    stock = sorted(k for (owner, k), n in pos.stock.items() if owner == side and n > 0)
    droppable = [k for k in stock if typed(game.drops[k])]
    drop_types = [k for k, blocks in enumerate(game.drops) if typed(blocks)]
    who = game.players[side] + ("" if turn.move_type == ANY_TYPE else f", move type {game.move_types[turn.move_type]}")
    if not movable and not droppable:
        if not any(game.blocks) and not any(game.drops):
            return CLASSES[2], "no piece has a moves or drops block"
        if drop_types and not stock:
            board = f"; on the board: {', '.join(game.types[k] for k in own)} (no move block)" if own else ""
            names = ", ".join(game.types[k] for k in drop_types[:6])
            return CLASSES[3], f"{who} may drop {names} but has none off the board{board}"
        if not own and not stock:
            owners = sorted({game.players[piece[0]] for piece in pos.board if piece is not None})
            return CLASSES[2], f"{who} has no piece (the pieces belong to {', '.join(owners)})"
        names = ", ".join(game.types[k] for k in (*own, *stock))
        return CLASSES[2], f"{who} has {names}, none with a block it may use"
    if len(game.players) == 1 or len({t.player for t in game.turns}) == 1:
        return CLASSES[4], f"players {game.players}; {who} has {len(movable)} movable types"
    step = game.board.step[side]
    stranded = sum(1 for p, piece in enumerate(pos.board) if piece is not None and piece[0] == side
                   and piece[1] in movable and all(links[p] < 0 for links in step))
    notes = [f"blocks of {', '.join(game.types[k] for k in movable + droppable)} produce no legal move"]
    if stranded:
        mine = sum(1 for piece in pos.board if piece is not None and piece[0] == side and piece[1] in movable)
        notes.append(f"{stranded} of its {mine} movable pieces stand where no direction leads anywhere")
    empty = [game.types[k] for k in drop_types if k not in stock]
    if empty:
        notes.append(f"drops of {', '.join(empty[:6])} have no off-board stock")
    return CLASSES[5], f"{who}: " + "; ".join(notes)


def child(conn: Connection, path: str, spec: str, memory: int) -> None:
    """Answer the parent's commands (``new``, ``old``, ``perft2``) for one variant, one message each."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        read = read_variant(Path(path), spec)
        conn.send(("read", read.variant.title))
    except Exception as error:
        conn.send(("error", first_line(error)))
        return
    games: dict[bool, tuple[Game, ZrfPosition]] = {}
    while True:
        try:
            command = conn.recv()
        except EOFError:
            return
        if command == "stop":
            return
        try:
            if command in ("new", "old"):
                old = command == "old"
                with rules(old):
                    game = compile_variant(read)
                    pos = game.start_position()
                    count = perft(pos, 1)
                    games[old] = game, pos
                    reason = classify(read, game, pos) if count == 0 else None
                conn.send(("ok", (count, reason)))
            else:
                if False not in games:
                    game = compile_variant(read)
                    games[False] = game, game.start_position()
                game, pos = games[False]
                conn.send(("ok", perft(pos, 2)))
        except Exception as error:
            conn.send(("error", first_line(error)))


# -- the parent --------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Record:
    """What was measured for one variant. Counts are ints, or ``error``/``timeout``/``crash`` texts."""

    folder: str
    file: str
    variant: int
    title: str | None
    old: int | str | None = None
    new: int | str | None = None
    perft2: int | str | None = None
    old_reason: tuple[str, str] | None = None
    new_reason: tuple[str, str] | None = None
    seconds: float = 0.0

    @property
    def zero(self) -> bool:
        """0 moves under either rule set."""
        return self.old == 0 or self.new == 0

    @property
    def counted(self) -> bool:
        """Both rule sets gave a count."""
        return isinstance(self.old, int) and isinstance(self.new, int)

    @property
    def reason(self) -> tuple[str, str]:
        """The class and detail for the table: the current rules' reason, else the old rules' one (a variant
        that counts moves now and none under the old rules is :data:`FIXED`)."""
        if isinstance(self.new, int) and self.new > 0:
            kind, detail = self.old_reason or ("?", "")
            if self.old == 0:
                return FIXED, f"old rules: {kind}: {detail}"
            return kind, f"old rules only: {detail}"
        return self.new_reason or ("?", "")


class Runner:
    """Runs the child of one variant, restarting it after a timeout or a crash."""

    def __init__(self, path: Path, spec: str, timeout: float, memory: int) -> None:
        self.path, self.spec, self.timeout, self.memory = path, spec, timeout, memory
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.title: str | None = None
        self.broken: tuple[str, str] | None = None
        """Why the variant cannot be read: (class, detail)."""

    def _start(self) -> bool:
        context = multiprocessing.get_context("fork")
        parent, child_end = context.Pipe()
        self.process = context.Process(target=child, args=(child_end, str(self.path), self.spec, self.memory),
                                       daemon=True)
        self.process.start()
        child_end.close()
        self.conn = parent
        answer = self._answer()
        if answer[0] == "read":
            self.title = answer[1]
            return True
        self.broken = ("timeout", "reading") if answer[0] == "timeout" else ("interpreter error", str(answer[1]))
        self.close()
        return False

    def _answer(self) -> Message:
        assert self.conn is not None and self.process is not None
        try:
            if not self.conn.poll(self.timeout):
                self.close()
                return "timeout", "timeout"
            message: Message = self.conn.recv()
            return message
        except (EOFError, OSError):
            self.process.join(1)
            code = self.process.exitcode
            self.close()
            return "error", f"child died (exit code {code}; memory limit?)"

    def ask(self, command: str) -> Message:
        """``("ok", value)``, ``("error", text)`` or ``("timeout", ...)`` for one command."""
        if self.broken is not None:
            return self.broken[0], self.broken[1]
        if self.process is None and not self._start():
            assert self.broken is not None
            return self.broken[0], self.broken[1]
        assert self.conn is not None
        self.conn.send(command)
        return self._answer()

    def close(self) -> None:
        """Stop the child."""
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
            self.process = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def measure(folder: Path, path: Path, index: int, timeout: float, memory: int) -> Record:
    """Both rule sets' perft(1) of one variant, perft(2) where perft(1) changed or the old one was 0."""
    start = time.perf_counter()
    record = Record(folder.name, str(path.relative_to(folder.parent)), index, None)
    runner = Runner(path, str(index), timeout, memory)
    try:
        for command in ("new", "old"):
            kind, value = runner.ask(command)
            if kind == "ok":
                count, reason = value
                result: int | str = count
            else:
                result = "timeout" if kind == "timeout" else "error"
                reason = (CLASSES[7], f"{command} rules") if kind == "timeout" else (CLASSES[6], str(value))
            if command == "new":
                record.new, record.new_reason = result, reason
            else:
                record.old, record.old_reason = result, reason
        record.title = runner.title
        if isinstance(record.new, int) and record.new > 0 and record.old != record.new:
            kind, value = runner.ask("perft2")
            record.perft2 = value if kind == "ok" else kind
    finally:
        runner.close()
    record.seconds = time.perf_counter() - start
    return record


# -- output ------------------------------------------------------------------------------------------------


def count_text(value: int | str | None) -> str:
    """A count with thousands separators, or its failure."""
    return f"{value:,}" if isinstance(value, int) else "" if value is None else str(value)


def variant_name(record: Record) -> str:
    """``3 "Title"``."""
    return f"{record.variant} \"{record.title}\"" if record.title else str(record.variant)


def table(records: list[Record], grouped: bool) -> list[str]:
    """The zero-move table: one row per variant, or per file, class, detail and counts."""
    lines = ["| file | variant(s) | old perft(1) | new perft(1) | new perft(2) | class | detail |",
             "|---|---|---|---|---|---|---|"]
    groups: dict[tuple[str, ...], list[Record]] = {}
    for record in records:
        reason = record.reason
        key: tuple[str, ...] = (record.file, count_text(record.old), count_text(record.new),
                                 count_text(record.perft2), *reason, "" if grouped else str(record.variant))
        groups.setdefault(key, []).append(record)
    for (file, old, new, perft2, kind, detail, *_), members in groups.items():
        names = ", ".join(variant_name(r) for r in members)
        if len(members) > 1:
            names = f"({len(members)}) {names}"
        lines.append(f"| {cell(file)} | {cell(names)} | {old} | {new} | {perft2} | {kind} | {cell(detail)} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_sweep_arguments(parser)
    parser.add_argument("--ungrouped", action="store_true", help="one table row per variant")
    args = parser.parse_args()
    memory = int(args.memory_gb * 2**30)
    started = time.perf_counter()
    jobs = zrf_files(args.folders, args.only)
    records: list[Record] = []
    unreadable: list[tuple[str, str]] = []
    tty = sys.stderr.isatty()
    for number, (folder, path) in enumerate(jobs, 1):
        indices = list_variants(path, args.timeout, memory)
        name = str(path.relative_to(folder.parent))
        if isinstance(indices, str):
            unreadable.append((name, indices))
            continue
        for index in indices:
            record = measure(folder, path, index, args.timeout, memory)
            records.append(record)
            line = (f"[file {number}/{len(jobs)}, {len(records)} variants, {time.perf_counter() - started:.0f} s] "
                    f"{name}#{index}: old {count_text(record.old)}, new {count_text(record.new)} "
                    f"({record.seconds:.1f} s)")
            show_progress(line, tty)
    if tty:
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started

    zero = [r for r in records if r.zero]
    failed = [r for r in records if not r.counted]
    changed = [r for r in records if r.old != r.new]
    print(f"# ZRF variants with no move at the start under either rule set ({len(zero)} of {len(records)})\n")
    print("\n".join(table(zero, not args.ungrouped)))
    print(f"\n# perft(1) changed between the old and the current count rules ({len(changed)} variants)\n")
    print("\n".join(table(changed, not args.ungrouped)))
    print(f"\n# variants not counted under one rule set or both: error or timeout ({len(failed)} variants)\n")
    print("\n".join(table(failed, not args.ungrouped)))
    if unreadable:
        print(f"\n# files not read ({len(unreadable)})\n")
        for name, why in unreadable:
            print(f"- {name}: {why}")

    def classes(group: list[Record]) -> str:
        counts = collections.Counter(r.reason[0] for r in group)
        return "; ".join(f"{k}: {n}" for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    print("\n# summary\n")
    print(f"- {len(jobs)} files ({len(unreadable)} not read), {len(records)} variants "
          f"({sum(r.counted for r in records)} counted under both rule sets), {elapsed:.0f} s")
    print(f"- 0 moves under the old rules: {sum(r.old == 0 for r in records)}; under the current rules: "
          f"{sum(r.new == 0 for r in records)}; perft(1) changed: {len(changed)} "
          f"({sum(r.old == 0 and isinstance(r.new, int) and r.new > 0 for r in records)} from 0 to a count, "
          f"{sum(r.new == 0 and isinstance(r.old, int) and r.old > 0 for r in records)} from a count to 0)")
    print(f"- 0 moves, by class: {classes(zero)}")
    print(f"- not counted, by class: {classes(failed)}")
    for folder in sorted({r.folder for r in records}):
        mine = [r for r in records if r.folder == folder]
        zeros = [r for r in mine if r.zero]
        print(f"- {folder}: {len(mine)} variants; 0 moves: {len(zeros)} ({classes(zeros)}); "
              f"not counted: {sum(not r.counted for r in mine)}")
    if args.json:
        args.json.write_text(json.dumps([dataclasses.asdict(r) for r in records], indent=1))


if __name__ == "__main__":
    main()
