"""How far real ZRF games get into the common model, and which move-block shapes stop them.

For every ``.zrf`` file under the given folders (one collection per folder) and every selectable variant (as
:attr:`fairyport.zrf.syntax.structure.GameFile.choices` numbers them, listed by
``zrf_sweep.list_variants``), a forked child with an address-space limit and a time limit per stage measures:

- the interpreter's perft(2) of the start position (``plays``: it runs);
- reading into the model (``read``): every piece recognised (no move block kept as ZRF code, no kept rule, no
  board links), else why not: the first kept block by *shape* (the expanded S-expression with directions written
  ``DIR``, zones ``ZONE``, pieces ``PIECE``, positions ``POS``, attributes ``ATTR``, numbers ``N``), or the
  refusal's message; with the time reading took (file + model);
- the class: ``chess-like`` (two players, a ``checkmated`` loss goal, captures by replacement: no ``capture``
  instruction outside en-passant blocks) or ``other``;
- where the model holds the whole game: the reference generator's perft(2) on the model, and perft(2) of the
  game written as an Interactive Diagram and read back (``agree``: both equal the interpreter's; ``differ``:
  either is not; ``refused``: the Diagram writer or reader refused it; where the writer refuses, the game is
  also written with ``--best-effort``, fairyport extension lines for what the Diagram script lacks, and read back
  by fairyport: ``agree with extension lines only``, where the rules read back are the game's own: a text that
  leaves a rule out counts as refused, naming it);
- with ``--read-only``, only the time of reading each variant into the model (every game, no perft);
- with ``--deep-seconds S``, where all three agree: perft(3) by the interpreter, the generator and the Diagram
  read back, each given S seconds of wall clock (``equal``, ``differ``, or over the time limit: not compared).

Prints per-collection tables (markdown) with a summary line, then the unrecognised shapes by frequency (chess-like
games first; a shape counts once per variant), then every difference. A progress line goes to standard error.

Run from the project root, niced:
``nice -n 10 python benchmarks/zrf_model_reach.py FOLDER... [--timeout 20] [--memory-gb 3] [--only SUBSTRING]
[--json FILE] [--shapes 40] [--chess-only] [--deep-seconds 30]`` (``--chess-only``: the other games are read to
tell their class, not played; their columns then count no interpreter runs).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import multiprocessing
import re
import resource
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from zrf_sweep import add_sweep_arguments, cell, first_line, list_variants, show_progress, zrf_files

import fairyport
from fairyport.engines import model_position
from fairyport.model import KEPT_PROGRAM, KEPT_RULE, Game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.read import game_from_variant
from fairyport.zrf.rule_check import reads_whole
from fairyport.zrf.syntax.nodes import to_text
from fairyport.zrf.typed.reader import ZrfVariant, read_variant

TOKENS = re.compile(r'"[^"]*"|[()]|[^\s()]+')
"""The tokens of an expanded ZRF text."""

DEPTH = 2
"""The perft depth compared."""

DEEP_DEPTH = 3
"""The deeper perft depth compared where ``--deep-seconds`` allows (the issue's "perft(3) where both take under
30 s")."""


def names(zv: ZrfVariant) -> dict[str, str]:
    """Token -> placeholder for the game's directions, zones, pieces, positions and attributes."""
    tree, geometry = zv.game, zv.geometry
    table: dict[str, str] = {}
    if geometry is not None:
        table.update({p: "POS" for p in geometry.positions})
        table.update({z: "ZONE" for z in geometry.zones})
        table.update({d: "DIR" for d in geometry.links})
    for piece in tree.pieces:
        for attribute in piece.attributes:
            table[attribute.name.text] = "ATTR"
    table.update({p.name.text: "PIECE" for p in tree.pieces})
    return table


def shape(text: str, table: dict[str, str]) -> str:
    """``text`` with names replaced by their kinds and numbers by ``N``."""
    out = []
    for token in TOKENS.findall(text):
        if token in table:
            token = table[token]
        elif re.fullmatch(r"-?\d+", token):
            token = "N"
        out.append(token)
    return " ".join(out).replace("( ", "(").replace(" )", ")")


def meaning(why: str) -> str:
    """The model-terms part of a kept block's reason, without names, constructs and places."""
    return re.sub(r"'[^']*'", "'…'", why.split(": ")[0])


def chess_like(zv: ZrfVariant) -> bool:
    """Two players, a ``checkmated`` loss goal, and no ``capture`` instruction outside en-passant blocks."""
    tree = zv.game
    if len(tree.players) != 2:
        return False
    if not any(goal.kind == "loss" and any(re.match(r"\(\s*checkmated\b", to_text(c)) for c in goal.conditions)
               for goal in tree.goals):
        return False
    for piece in tree.pieces:
        for block in piece.moves:
            tokens = TOKENS.findall(to_text(block.node))
            if "capture" in tokens and "last-to?" not in tokens and "last-from?" not in tokens:
                return False
    return True


def read_whole(game: Game) -> bool:
    """Whether the model holds the whole game (:func:`fairyport.zrf.rule_check.reads_whole`)."""
    return reads_whole(game)


def child(conn: Connection, path: str, spec: str, memory: int, chess_only: bool, deep: bool,
          read_only: bool = False) -> None:
    """Measure one variant, sending ``(stage, value)`` messages; ``("done", None)`` at the end (right after the
    title where ``chess_only`` and the game is not chess-like). With ``deep``, a variant whose three counts agree
    is counted again at :data:`DEEP_DEPTH` after a ``("deep", None)`` message (the parent's clock for it starts
    there). With ``read_only``, only the reading into the model is timed (no perft)."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    def send(stage: str, value: object) -> None:
        conn.send((stage, value))

    try:
        start = time.perf_counter()
        zv = read_variant(Path(path), spec)
        read_seconds = time.perf_counter() - start
        chess = chess_like(zv)
        send("title", (zv.variant.title, chess))
    except Exception as error:
        send("error", first_line(error))
        return
    if chess_only and not chess:
        send("done", None)
        return
    interpreter: int | None = None
    try:
        if not read_only:
            interpreter = perft(compile_variant(zv).start_position(), DEPTH)
            send("interpreter", interpreter)
    except Exception as error:
        send("interpreter", first_line(error))
    try:
        start = time.perf_counter()
        game = game_from_variant(zv, path, Path(path).stem)
        read_seconds += time.perf_counter() - start
    except Exception as error:
        send("model", ("refused", first_line(error), [], read_seconds))
        send("done", None)
        return
    table = names(zv)
    blocking = [k for k in game.kept if k.kind == KEPT_PROGRAM and not k.beside]
    shapes = [f"{shape(k.text, table)}\t{meaning(k.why)}" for k in blocking]
    rules = [f"{k.name} ({meaning(k.why)})" if k.why else k.name for k in game.kept if k.kind == KEPT_RULE]
    if not read_whole(game):
        first = next(iter(blocking), None)
        why = (f"block {shape(first.text, table)[:160]} at {first.location}" if first is not None
               else f"rule {rules[0]}" if rules else "a board with links")
        send("model", ("partial", why, sorted(set(shapes)), read_seconds))
        send("done", None)
        return
    send("model", ("whole", "", [], read_seconds))
    if read_only:
        send("done", None)
        return
    counts: list[int] = []
    try:
        counts.append(perft(model_position(compile_game(game), None), DEPTH))
        send("generator", counts[-1])
    except Exception as error:
        send("generator", first_line(error))
    back: Game | None = None
    try:
        back = fairyport.read(fairyport.write(game, "idiagram").text, format="idiagram")
        counts.append(fairyport.perft(back, DEPTH))
        send("diagram", counts[-1])
    except Exception as error:
        send("diagram", first_line(error))
        back = None
        try:  # what the writer calls a loss: written as fairyport extension lines, read back by fairyport
            text = fairyport.write(game, "idiagram", best_effort=True).text
            back = fairyport.read(text, format="idiagram")
            dropped = dropped_rules(game, back)
            if dropped:
                back = None
                send("diagram best effort", "best effort drops " + ", ".join(dropped))
            else:
                counts.append(fairyport.perft(back, DEPTH))
                send("diagram best effort", counts[-1])
        except Exception as again:
            back = None
            send("diagram best effort", first_line(again))
    if deep and back is not None and len(counts) == 2 and counts == [interpreter] * 2:
        send("deep", None)
        written = back
        deeper: list[tuple[str, Callable[[], int]]] = [
            ("interpreter", lambda: perft(compile_variant(zv).start_position(), DEEP_DEPTH)),
            ("generator", lambda: perft(model_position(compile_game(game), None), DEEP_DEPTH)),
            ("diagram", lambda: fairyport.perft(written, DEEP_DEPTH))]
        for engine, count in deeper:
            try:
                send(f"deep {engine}", count())
            except Exception as error:
                send(f"deep {engine}", first_line(error))
    send("done", None)


PIECE_RULES = ("royal", "promotion", "confined_to", "drop", "zoned_moves", "castling", "rebirth", "split", "joins",
               "unloads", "virgin_moves", "unmoved_when_made", "cannot_capture", "cannot_capture_own")
"""The rule fields of a piece type that the Diagram's extension lines must give back."""


def dropped_rules(game: Game, back: Game) -> list[str]:
    """What ``back`` (the ``--best-effort`` Diagram read back) lost of ``game``'s rules: a best-effort text that
    merely leaves a rule out may still count the same perft(2) (a goal that does not bite in two plies), and is
    not the same game."""
    rules, theirs_rules = game.rules, back.rules
    lost = [f.name for f in dataclasses.fields(rules) if getattr(rules, f.name) != getattr(theirs_rules, f.name)]
    if game.setup.side_to_move != back.setup.side_to_move:
        lost.append("side to move")
    theirs = {p.id: p for p in back.pieces}
    for piece in game.pieces:
        other = theirs.get(piece.id)
        lost += [f"{piece.id} {name}" for name in PIECE_RULES
                 if other is None or getattr(piece, name) != getattr(other, name)]
    return lost


@dataclasses.dataclass
class VariantRecord:
    """Which variant a record is of: collection, file in it, variant index; its title and class."""

    collection: str
    file: str
    variant: int
    title: str | None = None
    chess: bool = False


@dataclasses.dataclass
class Record(VariantRecord):
    """One variant's figures (counts are ints, failures texts)."""

    interpreter: int | str | None = None
    model: str = ""
    """``whole``, ``partial``, ``refused`` or empty (not reached)."""
    why: str = ""
    shapes: list[str] = dataclasses.field(default_factory=list)
    read_seconds: float | None = None
    generator: int | str | None = None
    diagram: int | str | None = None
    best_effort: int | str | None = None
    """perft of the Diagram written with ``--best-effort`` where the plain writer refused."""
    deep: dict[str, int | str] = dataclasses.field(default_factory=dict)
    """perft(:data:`DEEP_DEPTH`) by ``interpreter``, ``generator`` and ``diagram`` (a text: over the time limit)."""

    @property
    def deep_outcome(self) -> str:
        """``equal``, ``differ``, ``over the time limit`` or empty (not run)."""
        if not self.deep:
            return ""
        values = list(self.deep.values())
        numbers = {n for n in values if isinstance(n, int)}
        if len(numbers) > 1:
            return "differ"
        if len(values) == 3 and len(numbers) == 1:
            return "equal"
        return "over the time limit" if any(str(n).startswith("over ") for n in values) else "error"

    @property
    def plays(self) -> bool:
        """The interpreter counted perft."""
        return isinstance(self.interpreter, int)

    @property
    def outcome(self) -> str:
        """``agree``, ``differ``, ``best effort`` (the Diagram written only with fairyport extension lines agrees),
        ``refused`` (by the generator or the Diagram), or empty."""
        if self.model != "whole" or not self.plays:
            return ""
        if any(isinstance(n, int) and n != self.interpreter for n in (self.generator, self.diagram, self.best_effort)):
            return "differ"
        if self.deep_outcome == "differ":
            return "differ"
        if isinstance(self.generator, int) and isinstance(self.diagram, int):
            return "agree"
        if isinstance(self.generator, int) and isinstance(self.best_effort, int):
            return "best effort"
        return "refused"


def measure(collection: Path, path: Path, index: int, timeout: float, memory: int, chess_only: bool,
            deep_seconds: float = 0.0, read_only: bool = False) -> Record:
    """Run the child of one variant and collect its messages (a stage over ``timeout`` ends it; with
    ``deep_seconds``, each engine's perft(:data:`DEEP_DEPTH`) gets that many seconds, wall clock)."""
    record = Record(collection.name, str(path.relative_to(collection)), index)
    context = multiprocessing.get_context("fork")
    parent, child_end = context.Pipe()
    process = context.Process(target=child, args=(child_end, str(path), str(index), memory, chess_only,
                                                  deep_seconds > 0, read_only), daemon=True)
    process.start()
    child_end.close()
    limit, deep = timeout, False
    try:
        while True:
            if not parent.poll(limit):
                stage = "timeout"
                if deep:  # a deeper count over its time: no failure, the comparison is not made
                    return _deep_ended(record, f"over {deep_seconds:.0f} s")
                break
            try:
                stage, value = parent.recv()
            except (EOFError, OSError):
                stage = "crash"
                if deep:
                    return _deep_ended(record, stage)
                break
            if stage == "done":
                return record
            if stage == "error":
                record.interpreter = str(value)
                return record
            if stage == "title":
                record.title, record.chess = value
            elif stage == "interpreter":
                record.interpreter = value
            elif stage == "model":
                record.model, record.why, record.shapes, record.read_seconds = value
            elif stage == "generator":
                record.generator = value
            elif stage == "diagram":
                record.diagram = value
            elif stage == "diagram best effort":
                record.best_effort = value
            elif stage == "deep":
                limit, deep = deep_seconds, True
            elif stage.startswith("deep "):
                record.deep[stage[5:]] = value
        # the stage after the last one answered ran out of time or memory
        if record.title is None or record.interpreter is None:
            record.interpreter = stage
        elif not record.model:
            record.model, record.why = "refused", f"{stage} while reading into the model"
        elif record.generator is None:
            record.generator = stage
        else:
            record.diagram = stage
        return record
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()


def _deep_ended(record: Record, why: str) -> Record:
    """``record`` with the deeper count that did not end marked ``why``."""
    engine = next(e for e in ("interpreter", "generator", "diagram") if e not in record.deep)
    record.deep[engine] = why
    return record


def row(name: str, group: list[Record]) -> str:
    """One table row of counts."""
    plays = [r for r in group if r.plays]
    whole = [r for r in plays if r.model == "whole"]
    outcomes = collections.Counter(r.outcome for r in whole)
    chess = [r for r in plays if r.chess]
    chess_agree = sum(r.outcome == "agree" for r in chess)
    converted = sum(r.outcome in ("agree", "best effort") for r in chess)
    share = f"{100 * chess_agree / len(chess):.0f} %" if chess else "-"
    converted_share = f"{100 * converted / len(chess):.0f} %" if chess else "-"
    return (f"| {name} | {len(group)} | {len(plays)} | {len(whole)} | {outcomes['agree']} | {outcomes['differ']} "
            f"| {outcomes['refused']} | {outcomes['best effort']} | {len(chess)} | {chess_agree} ({share}) "
            f"| {converted} ({converted_share}) |")


def report(records: list[Record], unreadable: list[tuple[str, str]], elapsed: float, top: int) -> None:
    """Print the tables."""
    print("# ZRF games into the common model\n")
    print(f"perft({DEPTH}) of the interpreter, the model's generator and the Interactive Diagram written from the "
          "model and read back.\n")
    print("| collection | variants | interpreter plays | read whole into the model | agree | differ | refused "
          "| agree with extension lines only | chess-like (plays) | chess-like agree | chess-like converted |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for collection in sorted({r.collection for r in records}):
        print(row(collection, [r for r in records if r.collection == collection]))
    print(row("**all**", records))
    seconds = [r.read_seconds for r in records if r.read_seconds is not None]
    by_file: dict[tuple[str, str], list[float]] = {}
    for r in records:
        if r.read_seconds is not None:
            by_file.setdefault((r.collection, r.file), []).append(r.read_seconds)
    per_file = [sum(times) / len(times) for times in by_file.values()]  # reading one variant of the file
    files = {(r.collection, r.file) for r in records}
    plays = [r for r in records if r.plays]
    chess = [r for r in plays if r.chess]
    agree = [r for r in chess if r.outcome == "agree"]
    whole = [r for r in chess if r.outcome in ("agree", "best effort")]
    deep = collections.Counter(r.deep_outcome for r in plays if r.deep_outcome)
    print(f"\n**chess-like games read whole and converted to the Diagram with equal perft({DEPTH})**: {len(whole)} "
          f"of {len(chess)}" + (f" ({100 * len(whole) / len(chess):.1f} %)" if chess else "")
          + f", {sum(r.outcome == 'agree' for r in whole)} in plain Diagram text, "
          f"{sum(r.outcome == 'best effort' for r in whole)} with fairyport extension lines"
          + (f"; perft({DEEP_DEPTH}): {deep['equal']} equal, {deep['differ']} differ, "
             f"{deep['over the time limit']} over the time limit, {deep['error']} errors" if deep else ""))
    print(f"\n**summary**: {len(files)} files ({len(unreadable)} not read), {len(records)} variants, "
          f"{len(plays)} played by the interpreter, {sum(r.model == 'whole' for r in plays)} read whole into the "
          f"model, {sum(r.outcome == 'agree' for r in plays)} agree, {sum(r.outcome == 'differ' for r in plays)} "
          f"differ; chess-like: {len(agree)} of {len(chess)} agree"
          + (f" ({100 * len(agree) / len(chess):.1f} %)" if chess else "")
          + (f"; reading into the model {sum(seconds) / len(seconds):.3f} s per variant on average "
             f"(max {max(seconds):.2f} s), {sum(per_file) / len(per_file):.3f} s per file on average over "
             f"{len(per_file)} files" if seconds else "") + f"; {elapsed:.0f} s in all\n")

    for title, group in (("chess-like", [r for r in plays if r.chess]), ("other", [r for r in plays if not r.chess])):
        counts: collections.Counter[str] = collections.Counter()
        first: collections.Counter[str] = collections.Counter()
        for r in group:
            counts.update(r.shapes)
            if r.model == "partial" and r.why.startswith("block "):
                first[r.why[6:].rsplit(" at ", 1)[0]] += 1
        print(f"## unrecognised block shapes, {title} games ({len(counts)} shapes, "
              f"{sum(1 for r in group if r.shapes)} variants with one)\n")
        print("| # | variants | first in | shape | why (model terms) |")
        print("|---|---|---|---|---|")
        for n, (text, count) in enumerate(counts.most_common(top), 1):
            block, why = text.split("\t")
            print(f"| {n} | {count} | {first[block[:160]]} | `{cell(block[:300])}` | {cell(why)} |")
        print()
        whys: collections.Counter[str] = collections.Counter()
        for r in group:
            whys.update({text.split("\t")[1] for text in r.shapes})
        print(f"### why blocks stay ZRF code, {title} games (variants)\n")
        for text, count in whys.most_common(top):
            print(f"- {count}: {cell(text)}")
        print()
        reasons = collections.Counter(r.why.split(" at ")[0][:120] for r in group
                                      if r.model in ("refused", "partial") and not r.why.startswith("block "))
        if reasons:
            print(f"### other reasons, {title} games\n")
            for text, count in reasons.most_common(top):
                print(f"- {count}: {cell(text)}")
            print()
    slow = [r for r in plays if r.deep_outcome and r.deep_outcome != "equal"]
    if slow:
        print(f"## perft({DEEP_DEPTH}) not compared or not equal ({len(slow)})\n")
        for r in slow:
            print(f"- {r.collection}/{r.file}#{r.variant} {r.title!r}: {r.deep_outcome}: "
                  + ", ".join(f"{k} {v}" for k, v in r.deep.items()))
        print()
    differ = [r for r in plays if r.outcome in ("differ", "refused", "best effort")]
    print(f"## differences and refusals after a whole reading ({len(differ)})\n")
    for r in differ:
        print(f"- {r.collection}/{r.file}#{r.variant} {r.title!r}: interpreter {r.interpreter}, generator "
              f"{r.generator}, diagram {cell(str(r.diagram))[:300]}, best effort {r.best_effort}")
    if unreadable:
        print(f"\n## files not read ({len(unreadable)})\n")
        for name, why in unreadable:
            print(f"- {name}: {cell(why)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_sweep_arguments(parser)
    parser.add_argument("--shapes", type=int, default=40, help="rows of each shape table")
    parser.add_argument("--deep-seconds", type=float, default=0.0,
                        help=f"also compare perft({DEEP_DEPTH}) where each engine takes at most this many seconds "
                             "(wall clock; 0: not compared)")
    parser.add_argument("--read-only", action="store_true",
                        help="time the reading into the model of every variant, no perft (issue 17's speed figure)")
    parser.add_argument("--chess-only", action="store_true",
                        help="measure chess-like games only (the others are counted as variants, not run)")
    args = parser.parse_args()
    memory = int(args.memory_gb * 2**30)
    started = time.perf_counter()
    jobs = zrf_files(args.folders, args.only)
    records: list[Record] = []
    unreadable: list[tuple[str, str]] = []
    tty = sys.stderr.isatty()
    for number, (folder, path) in enumerate(jobs, 1):
        name = f"{folder.name}/{path.relative_to(folder)}"
        indices = list_variants(path, args.timeout, memory)
        if isinstance(indices, str):
            unreadable.append((name, indices))
            continue
        for index in indices:
            record = measure(folder, path, index, args.timeout, memory, args.chess_only, args.deep_seconds,
                             args.read_only)
            records.append(record)
            done = sum(r.outcome == "agree" for r in records)
            line = (f"[{number}/{len(jobs)} files {100 * number / len(jobs):.0f} %, {len(records)} variants, "
                    f"{done} agree, {time.perf_counter() - started:.0f} s] {name}#{index}: {record.model or '-'} "
                    f"{record.outcome}")
            show_progress(line, tty)
    if tty:
        print(file=sys.stderr)
    report(records, unreadable, time.perf_counter() - started, args.shapes)
    if args.json:
        args.json.write_text(json.dumps([dataclasses.asdict(r) for r in records], indent=1))


if __name__ == "__main__":
    main()
