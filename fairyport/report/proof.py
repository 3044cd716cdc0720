"""A game in every format fairyport writes, each read back and counted: the perft proof of a report.

:func:`format_texts` writes the game in every format of :data:`COLUMNS` (each format's
:attr:`~fairyport.format.Format.write`); a writer that cannot express the game gives the list of
what it would lose instead of a text. :func:`perft_proof` reads each written text back with that format's own
reading (its native engine where its format has one, else its model reader and the
reference generator, through :func:`fairyport.engines.load_engine`) and counts perft from the start position
at every depth, next to the count of the source file itself. Equal counts prove the conversions agree.
"""

from __future__ import annotations

import dataclasses
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fairyport.engines import Engine
from fairyport.errors import FairyportError, UnsupportedError
from fairyport.formats import FORMATS, SUFFIXES, detect_format, load_engine, proof_bound
from fairyport.model import Game
from fairyport.movegen import perft

COLUMNS = ("idiagram", "json", "zrf", "gamecourier", "fsf")
"""The formats a report writes the game in, in the order of its columns."""

SOURCE = "source"
"""The name of the proof column counted on the source file itself."""

@dataclasses.dataclass
class FormatText:
    """One format's writing of the game: its text, or what it cannot express."""

    format: str
    text: str | None
    """The written text; None when the format cannot express the game."""
    lost: list[str]
    """What the format cannot express (from its best-effort writer); empty when ``text`` is complete."""
    error: str | None = None
    """Why the writer failed, when it failed for another reason than an inexpressible feature."""


@dataclasses.dataclass
class Count:
    """One perft count: nodes and seconds, or the error that stopped the count."""

    nodes: int | None
    seconds: float
    error: str | None = None
    skipped: bool = False
    """The count was not attempted (``error`` says why: a bound of :data:`PROOF_MAX_SQUARES`); a skipped
    column is not a mismatch."""


@dataclasses.dataclass
class Proof:
    """Perft counts per column (``source`` first, then each format) and depth."""

    depth: int
    columns: list[str]
    counts: dict[str, dict[int, Count]]
    engines: dict[str, str]
    """Column -> the engine that counted it (``model`` or a native interpreter's name)."""
    lost: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    """Column -> what its written text lost (its writer's notes): counts that agree do not test it, so that column
    is not the same game (as :attr:`fairyport.api.Proof.same` says of a conversion)."""

    @property
    def source_error(self) -> str | None:
        """Why the source itself was not counted (the generator cannot play the game, or a bound of
        :data:`PROOF_MAX_SQUARES`), or None."""
        for count in self.counts.get(SOURCE, {}).values():
            if count.error is not None:
                return count.error
        return None

    def mismatches(self) -> list[tuple[str, int]]:
        """(column, depth) of every count that differs from the source's count or could not be made.

        Nothing is a mismatch when the source itself cannot be counted: there is no reference (see
        :attr:`source_error`)."""
        if self.source_error is not None:
            return []
        wrong = []
        reference = self.counts.get(SOURCE, {})
        for column in self.columns:
            for depth, count in self.counts.get(column, {}).items():
                if count.skipped:
                    continue
                expected = reference.get(depth)
                if count.nodes is None or expected is None or count.nodes != expected.nodes:
                    wrong.append((column, depth))
        return wrong

    def lossy(self) -> list[str]:
        """The counted columns whose text lost something (:attr:`lost`), in column order: never the same game."""
        return [column for column in self.columns if self.lost.get(column)]

    def skipped(self) -> list[str]:
        """The columns not counted because of a bound (:data:`PROOF_MAX_SQUARES`), in column order."""
        return [column for column in self.columns
                if any(count.skipped for count in self.counts.get(column, {}).values())]


def explain(error: FairyportError) -> str:
    """An error in one line: with its location where it has one (a file), else just the reason."""
    return error.message() if error.location.file else error.reason


def suffix_of(fmt: str) -> str:
    """The usual file suffix of a format (the first one :data:`fairyport.formats.SUFFIXES` lists; ``.fmt``
    for a format it does not list: the reader is then told the format by name)."""
    return next((suffix for suffix, name in SUFFIXES.items() if name == fmt), f".{fmt}")


Write = Callable[[Game, str, bool], tuple[str, list[str]]]
"""``write(game, format, best_effort) -> (text, lost)``: how :func:`format_texts` writes the game in one format."""


def model_writer(game: Game, fmt: str, best_effort: bool) -> tuple[str, list[str]]:
    """The format's writer of the model (:attr:`~fairyport.format.Format.write`)."""
    writer = FORMATS[fmt].write
    assert writer is not None
    return writer(game, best_effort=best_effort)


def format_texts(game: Game, write: Write = model_writer) -> list[FormatText]:
    """The game written in every format of :data:`COLUMNS` by ``write`` (the command line passes the writing of
    :func:`fairyport.api.convert`, which also takes a game program's route, so that each column says what
    ``convert`` writes). Every writer is given the same game, not a copy: writers do not change the game they write
    (tests/render/test_report_big.py checks it for every bundled game), and a deep copy per writer cost seconds and
    hundreds of MiB on a 256x256 board."""
    texts = []
    for fmt in COLUMNS:
        if FORMATS[fmt].write is None:
            continue
        try:
            text, lost = write(game, fmt, False)
            texts.append(FormatText(fmt, text, list(lost)))
        except UnsupportedError as exc:
            try:
                _, lost = write(game, fmt, True)
            except FairyportError:
                lost = []
            texts.append(FormatText(fmt, None, list(lost) or [explain(exc)]))
        except FairyportError as exc:
            texts.append(FormatText(fmt, None, [], error=explain(exc)))
    return texts


def source_engine(source: Path, variant: str | None) -> Engine:
    """The engine of the source file: its native engine takes ``variant`` itself; the model route reads
    ``path#variant`` (a diagram of an HTML page), as :func:`fairyport.formats.read_game` does."""
    if variant is not None and FORMATS[detect_format(source)].engine is None:
        return load_engine(Path(f"{source}#{variant}"))
    return load_engine(source, variant=variant)


def source_format(source: Path, variant: str | None) -> str | None:
    """The format whose interpreter counts the source column, or None where the reference generator does (as
    :func:`source_engine` chooses)."""
    try:
        fmt = detect_format(source)
    except FairyportError:
        return None
    if FORMATS[fmt].engine is None:
        return None
    return fmt


def _count(engine: Engine, depth: int) -> Count:
    start = time.perf_counter()
    try:
        nodes = perft(engine.position(None, None), depth)
    except FairyportError as exc:
        return Count(None, time.perf_counter() - start, explain(exc))
    return Count(nodes, time.perf_counter() - start)


def over_bound(fmt: str, squares: int | None) -> str | None:
    """Why a column played by ``fmt``'s interpreter is not counted on a board of ``squares`` squares (see
    :data:`~fairyport.formats.PROOF_MAX_SQUARES`), or None when it is counted."""
    why = proof_bound(fmt, squares)
    return None if why is None else f"{why}; count the written file with 'fairyport perft'"


def perft_proof(source: Path, texts: list[FormatText], depth: int, *, variant: str | None = None,
                advance: Callable[[str], None] | None = None, squares: int | None = None) -> Proof:
    """Count perft 1..``depth`` on the source file and on every written text read back by its own format.

    ``advance(label)`` is called after each count (for a progress bar). ``squares``: the size of the game's
    board, for the bounds of :data:`PROOF_MAX_SQUARES` (None: no bound).
    """
    columns = [SOURCE] + [t.format for t in texts if t.text is not None]
    counts: dict[str, dict[int, Count]] = {}
    engines: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="fairyport-report-") as folder:
        for column in columns:
            played_by = source_format(source, variant) if column == SOURCE else column
            reason = over_bound(played_by, squares) if played_by is not None else None
            if reason is not None:
                counts[column] = {d: Count(None, 0.0, reason, skipped=True) for d in range(1, depth + 1)}
                engines[column] = "-"
                if advance is not None:
                    for d in range(1, depth + 1):
                        advance(f"{column} perft({d}): not counted")
                continue
            try:
                if column == SOURCE:
                    engine = source_engine(source, variant)
                else:
                    text = next(t.text for t in texts if t.format == column)
                    assert text is not None
                    path = Path(folder) / f"game{suffix_of(column)}"
                    path.write_text(text, encoding="utf-8")
                    engine = load_engine(path, column)
            except FairyportError as exc:
                counts[column] = {d: Count(None, 0.0, explain(exc)) for d in range(1, depth + 1)}
                engines[column] = "-"
                if advance is not None:
                    advance(f"{column}: unreadable")
                continue
            engines[column] = engine.name
            counts[column] = {}
            for d in range(1, depth + 1):
                counts[column][d] = _count(engine, d)
                if advance is not None:
                    advance(f"{column} perft({d})")
    lost = {t.format: list(t.lost) for t in texts if t.text is not None and t.lost}
    return Proof(depth, columns, counts, engines, lost)
