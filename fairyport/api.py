"""The library's front door: read, write and convert games, count perft, validate files.

Every function takes a file as a :class:`pathlib.Path` or the text itself as a :class:`str`, and a format by its
name (``zrf``, ``gamecourier``, ``idiagram``, ``json``, ``fsf``: :data:`FORMATS`). Errors are
:class:`~fairyport.errors.FairyportError` subclasses that carry a location (file, line, column): a
:class:`~fairyport.errors.ParseError` for unreadable input, an :class:`~fairyport.errors.UnsupportedError` naming
what cannot be expressed or played, a :class:`~fairyport.errors.UsageError` for a wrong argument.

>>> import fairyport
>>> game = fairyport.read("files=8 ranks=8\\npawn:P:fmWfceF:pawn:a2,b2,c2,d2,e2,f2,g2,h2,,a7,b7,c7,d7,e7,f7,g7,h7\\n"
...                       "king:K:K:king:e1,,e8", format="idiagram")
>>> fairyport.perft(game, 2)   # ten moves a side: eight single pawn steps, two king steps
100
>>> conversion = fairyport.write(game, "zrf")
>>> fairyport.perft(fairyport.read(conversion.text, format="zrf"), 2)
100
"""

from __future__ import annotations

import contextlib
import dataclasses
import tempfile
from collections.abc import Iterator
from pathlib import Path

from fairyport.conversion import programs_lost, require_translated, untranslated
from fairyport.diagnostics import FileReport
from fairyport.engines import Engine, EngineChoice
from fairyport.errors import FairyportError, Location, UnsupportedError, UsageError
from fairyport.format import Format, ValidateOptions
from fairyport.formats import FORMATS, detect_format, game_engine, get_format, load_engine, read_game, sniff_format
from fairyport.model import Game
from fairyport.movegen.perft import divide as divide_position
from fairyport.movegen.perft import perft_jobs

Source = Path | str
"""A file (:class:`~pathlib.Path`) or the text itself (:class:`str`)."""

TEXT_NAME = "<text>"
"""The name errors give to text passed as a :class:`str`."""


@dataclasses.dataclass(frozen=True)
class Conversion:
    """A game written in one format."""

    text: str
    """The written text."""
    lost: list[str]
    """What the target format could not express, one entry per piece or rule (empty unless ``best_effort``)."""
    format: str
    """The format written."""


def _text_format(text: str, fmt: str | None) -> Format:
    """The format of ``text``: ``fmt``, else the first format whose sniffer recognises the text."""
    name = fmt if fmt is not None else sniff_format(text)
    if name is None:
        raise UsageError("cannot tell the format of this text; name it with format=", expected=", ".join(FORMATS))
    return get_format(name)


@contextlib.contextmanager
def _as_file(text: str, form: Format) -> Iterator[Path]:
    """``text`` as a file of ``form`` in a private folder, for the parts that read files (the interpreters,
    the validators); the folder goes when the block ends."""
    with tempfile.TemporaryDirectory(prefix="fairyport-") as folder:
        path = Path(folder) / f"game{form.suffixes[0]}"
        path.write_text(text, encoding="utf-8")
        yield path


def read(source: Source, format: str | None = None, variant: str | None = None) -> Game:
    """The game in ``source``: a file (:class:`~pathlib.Path`; its format told by its name or its first bytes
    unless ``format`` names it) or the text itself (:class:`str`; ``format`` needed where the text does not
    tell). ``variant`` picks a game of a file holding several (ZRF: a title or a 1-based number).

    :raises FairyportError: a located error for unreadable input or a format that cannot be read.
    """
    return _read(source, format, variant)


def _read(source: Source, format: str | None, variant: str | None) -> Game:
    if isinstance(source, Path):
        return read_game(source, format, variant)
    form = _text_format(source, format)
    if form.read_text is None:
        raise UnsupportedError(f"reading the {form.name} format into the game model is not supported yet",
                               Location(TEXT_NAME), feature=form.name)
    try:
        return form.read_text(source, variant=variant if form.variants else None, name=TEXT_NAME)
    except FairyportError as error:
        if error.location.file is None:  # a model check that knows the game, not its text
            error.relocated(dataclasses.replace(error.location, file=TEXT_NAME))
        raise


def write(game: Game, format: str, best_effort: bool = False) -> Conversion:
    """``game`` written in ``format``.

    Whatever the target cannot express (code a reader kept in its own language, rules the model lacks, a
    feature of the target's own) raises :class:`~fairyport.errors.UnsupportedError` naming the piece or rule;
    with ``best_effort`` the rest is written and :attr:`Conversion.lost` lists each loss.
    """
    return _write(game, format, best_effort, game.metadata.source)


def _write(game: Game, fmt: str, best_effort: bool, source: str) -> Conversion:
    """:func:`write`, with errors that know the game but not its file put on ``source``."""
    form = get_format(fmt)
    if form.write is None:
        raise UnsupportedError(f"writing the {form.name} format is not supported yet", feature=form.name)
    dropped = [] if form.name == "json" else programs_lost(game, form.name, best_effort)
    missing = untranslated(game)
    if missing and not best_effort:
        require_translated(game, f"{source or 'the game'} cannot be written as {form.name}")
    try:
        text, lost = form.write(game, best_effort=best_effort)
    except UnsupportedError as error:
        if error.location.file is None and source:  # the writer knows the game, not the file it came from
            error.relocated(dataclasses.replace(error.location, file=source))
        raise
    return Conversion(text, dropped + missing + lost, form.name)


def convert(source: Source, to: str, read: str | None = None, variant: str | None = None,
            best_effort: bool = False) -> Conversion:
    """The game in ``source`` (a file or text; ``read`` names its format where it does not tell) written in the
    format ``to``. A file converted to its own format is rewritten through its syntax tree, byte for byte where
    nothing changed; anything else goes through the common model (:func:`write`).
    """
    target = get_format(to)
    if isinstance(source, Path):
        form = get_format(detect_format(source, read))
        if form.name == target.name and form.rewrite is not None:
            return Conversion(form.rewrite(source).decode("utf-8", errors="surrogateescape"), [], form.name)
        return _write(read_game(source, form.name, variant), target.name, best_effort, str(source))
    game = _read(source, read, variant)
    return _write(game, target.name, best_effort, TEXT_NAME)


def _engine(source: Game | Source, engine: EngineChoice, format: str | None,
            variant: str | None) -> Engine:
    if isinstance(source, Game):
        if engine == "native":
            raise UsageError("a game model has no native engine; pass the file to play it with its interpreter",
                             expected="engine='auto' or 'model'", found=engine)
        return game_engine(source, source.metadata.source or TEXT_NAME)
    if isinstance(source, Path):
        return load_engine(source, format, variant=variant, engine=engine)
    form = _text_format(source, format)
    if engine == "model" or form.engine is None:
        return game_engine(_read(source, form.name, variant), TEXT_NAME)
    with _as_file(source, form) as path:  # the interpreters read the whole file when they load
        loaded = load_engine(path, form.name, variant=variant, engine=engine)
    return loaded


def perft(game_or_source: Game | Source, depth: int, fen: str | None = None, engine: EngineChoice = "auto",
          jobs: int = 1, format: str | None = None, variant: str | None = None) -> int:
    """The number of leaves of the legal-move tree ``depth`` plies deep, from the start or from ``fen``.

    ``game_or_source`` is a model (played by the reference generator, or by its format's interpreter where it
    keeps code) or a file or text; ``engine`` says what plays a file: its format's own interpreter
    (``native``), the common model (``model``), or ``auto`` (native where the format has one). ``jobs`` spreads
    the root moves over processes.
    """
    if depth < 0:
        raise UsageError("depth must be at least 0", found=str(depth))
    loaded = _engine(game_or_source, engine, format, variant)
    return perft_jobs(loaded.position(fen, Location("fen")), depth, jobs=max(1, jobs))


def divide(game_or_source: Game | Source, depth: int, fen: str | None = None, engine: EngineChoice = "auto",
           jobs: int = 1, format: str | None = None, variant: str | None = None) -> dict[str, int]:
    """perft ``depth`` - 1 after each legal move, by move name (arguments as for :func:`perft`)."""
    if depth < 1:
        raise UsageError("depth must be at least 1", found=str(depth))
    loaded = _engine(game_or_source, engine, format, variant)
    return divide_position(loaded.position(fen, Location("fen")), depth, jobs=max(1, jobs))


def validate_path(path: Path, options: ValidateOptions, format: str | None = None) -> FileReport:
    """Validate one file with the validator of its format (``format``, else told by the file); never raises for
    bad input (a file that cannot be read is a report with
    :attr:`~fairyport.diagnostics.FileReport.unreadable` set)."""
    try:
        fmt = detect_format(path, format)
    except FairyportError as exc:
        return FileReport(str(path), "unknown", unreadable=exc)
    function = FORMATS[fmt].validate
    if function is None:
        return FileReport(
            str(path), fmt, unreadable=FairyportError(f"no validator for the {fmt} format", Location(str(path)))
        )
    if options.model_engine is None:
        options = dataclasses.replace(options, model_engine=lambda other: load_engine(other, engine="model"))
    try:
        return function(path, options)
    except UsageError:
        raise  # a wrong option (an unknown variant) is the caller's mistake, not the file's
    except FairyportError as exc:
        return FileReport(str(path), fmt, unreadable=exc)


def validate(source: Source, format: str | None = None, variant: str | None = None) -> FileReport:
    """Structural validation and linting of a file or a text: a :class:`~fairyport.diagnostics.FileReport`
    whose findings carry file, line and column (``variant``: ZRF, only this variant)."""
    options = ValidateOptions(variant=variant)
    if isinstance(source, Path):
        return validate_path(source, options, format)
    form = _text_format(source, format)
    with _as_file(source, form) as path:
        report = validate_path(path, options, form.name)
    # the findings name the text, not the private file it was validated in
    report.path = TEXT_NAME
    report.findings = [dataclasses.replace(f, location=dataclasses.replace(f.location, file=TEXT_NAME))
                       if f.location.file == str(path) else f for f in report.findings]
    return report
