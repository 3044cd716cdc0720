"""The format registry: every :class:`~fairyport.format.Format` fairyport knows, and what needs them all.

:data:`FORMATS` collects the ``FORMAT`` object of each format package, in the order the command line lists
them. Around it: :func:`detect_format` (which format a file is in), :func:`read_game` (any file into the common
model), :func:`load_engine` (which engine plays a file: its format's interpreter or the model) and
:func:`game_engine` (which engine plays a model).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport import fsf, gamecourier, idiagram, json, zrf
from fairyport.engines import Engine, EngineChoice, model_engine
from fairyport.errors import FairyportError, Location, UnsupportedError, UsageError
from fairyport.format import Format, split_game_path
from fairyport.fsf.sources import PREFIX as BUILTIN_PREFIX
from fairyport.inputs import read_head
from fairyport.model import Game

FORMATS: dict[str, Format] = {f.name: f for f in (zrf.FORMAT, gamecourier.FORMAT, idiagram.FORMAT, json.FORMAT,
                                                   fsf.FORMAT)}
"""Every format by name, in the order ``--from`` / ``--to`` list them."""

NAMES = tuple(FORMATS)
"""Format names accepted by ``--from`` / ``--to``."""

SUFFIXES: dict[str, str] = {suffix: f.name for f in FORMATS.values() for suffix in f.suffixes}
"""File suffixes and the format they mean."""

ALIASES = {"gc": "gamecourier", "diagram": "idiagram", "fairy-stockfish": "fsf", "stockfish": "fsf"}
"""Other names of the formats (``--to gc``); names are compared in lower case."""

SNIFF_BYTES = 4096
"""How much of a file whose suffix does not tell is read to recognise its format."""


def get_format(name: str) -> Format:
    """The format called ``name``.

    :raises UsageError: for a name fairyport does not know.
    """
    key = name.strip().lower()
    try:
        return FORMATS[ALIASES.get(key, key)]
    except KeyError:
        raise UsageError(f"unknown format {name!r}",
                         expected=", ".join([*NAMES, *(f"{a} ({n})" for a, n in ALIASES.items())])) from None


def sniff_format(text: str) -> str | None:
    """The first format (in registry order) whose sniffer recognises the start of ``text``, or None."""
    head = text[:SNIFF_BYTES]
    return next((f.name for f in FORMATS.values() if f.sniff is not None and f.sniff(head)), None)


def detect_format(path: Path, declared: str | None = None) -> str:
    """Return the format of ``path``: ``declared`` if given, else from the suffix, else by sniffing the text.

    :raises UsageError: if the format cannot be told.
    """
    if declared is not None:
        return get_format(declared).name
    if str(path).startswith(BUILTIN_PREFIX):  # fsf:makruk, Fairy-Stockfish's built-in variant
        return "fsf"
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt is None:  # page.html#2: a diagram of a page
        fmt = SUFFIXES.get(split_game_path(path)[0].suffix.lower())
    if fmt is not None:
        return fmt
    head = read_head(path, SNIFF_BYTES).decode("utf-8", errors="replace")  # only to recognise the format
    fmt = sniff_format(head)
    if fmt is not None:
        return fmt
    raise UsageError(
        "cannot tell the format of this file; name it with --from",
        Location(file=str(path)),
        expected=suffix_list(),
    )


def suffix_list() -> str:
    """The suffixes that tell a format, in words: ``a .zrf, .prezrf, ... or .ini file``."""
    names = list(SUFFIXES)
    return f"a {', '.join(names[:-1])} or {names[-1]} file"


def read_game(path: str | Path, fmt: str | None = None, variant: str | None = None) -> Game:
    """The game in ``path``; the format is told by the file name unless ``fmt`` names it (``variant``: which
    game of a file holding several, for formats that have them; ignored by the others).

    :raises FairyportError: located errors for unreadable input; UnsupportedError for a format that cannot be
        read into the model.
    """
    path = Path(path)
    return read_file(get_format(detect_format(path, fmt)), path, variant)


def read_file(form: Format, path: Path, variant: str | None = None) -> Game:
    """:func:`read_game` of a file whose format ``form`` is told already (:class:`fairyport.api.ResolvedSource`)."""
    if form.read is None:
        raise UnsupportedError(f"reading the {form.name} format into the game model is not supported yet",
                               Location(str(path)), feature=form.name)
    try:
        if variant is not None and form.variants:
            return form.read(path, variant=variant)
        return form.read(path)
    except FairyportError as error:
        if error.location.file is None:  # a model check that knows the game, not its file
            error.relocated(dataclasses.replace(error.location, file=str(path)))
        raise


def game_engine(game: Game, source: str) -> Engine:
    """The engine that plays a model: the reference generator, or, for a model that keeps code in a format's own
    language, that format's interpreter (``source`` names where the model came from, for errors)."""
    for kept_format in game.kept_formats():
        form = FORMATS.get(kept_format)
        if form is not None and form.play_kept is not None:
            return form.play_kept(game, source)
    return model_engine(game, source)


PROOF_MAX_SQUARES = {"gamecourier": 4_096}
"""Format -> the largest board (in squares) on which a proof (``fairyport report``'s columns, ``convert``'s
proof) plays that format's files with its own interpreter. The GAME Code interpreter copies the whole board for
every candidate move and a written preset walks every ray square by square in GAME Code, so its perft(1) grows
with the number of squares times the board's width (measured on the 256x256 board of
benchmarks/hostile_probe.py: 51 CPU s, against 2.4 CPU s at 64x64, 9.6 at 128x128). 4,096 squares (64x64) is
far above the largest bundled or corpus game. Over it a report leaves the column uncounted and ``convert``
proves that side on the model its format reads; the other interpreters (ZRF) stay linear and have no bound."""


def proof_bound(fmt: str, squares: int | None) -> str | None:
    """Why ``fmt``'s interpreter does not play a proof on a board of ``squares`` squares (see
    :data:`PROOF_MAX_SQUARES`), or None when it does."""
    bound = PROOF_MAX_SQUARES.get(fmt)
    if bound is None or squares is None or squares <= bound:
        return None
    return (f"the board has {squares:,} squares, over the {bound:,} up to which a proof plays a "
            f"{FORMATS[fmt].title} with its own interpreter (PROOF_MAX_SQUARES)")


def load_engine(path: str | Path, fmt: str | None = None, *, variant: str | None = None,
                engine: EngineChoice = "auto") -> Engine:
    """The engine that plays the game in ``path``: its format's own interpreter (``engine="native"``, or
    ``"auto"`` where the format has one) or the common model (``"model"``).

    ``variant`` picks a game of a file that holds several (ZRF); the native engine receives it, and the
    model route passes it on only where the format's reader understands it.

    :raises UnsupportedError: ``engine="native"`` for a format without an interpreter; ``variant`` for a format
        whose files hold one game.
    """
    path = Path(path)
    return file_engine(get_format(detect_format(path, fmt)), path, variant=variant, engine=engine)


def file_engine(form: Format, path: Path, *, variant: str | None = None, engine: EngineChoice = "auto") -> Engine:
    """:func:`load_engine` of a file whose format ``form`` is told already
    (:class:`fairyport.api.ResolvedSource`)."""
    if form.variants:  # game.zrf#Knightmate, variants.ini#NAME: as the readers and `convert` take them
        path, fragment = split_game_path(path)
        variant = variant if variant is not None else fragment
    native = form.engine if engine != "model" else None
    if engine == "native" and native is None:
        raise UnsupportedError(f"the {form.name} format has no interpreter of its own; use --engine model",
                               Location(str(path)), feature=f"{form.name} interpreter")
    if native is not None:
        return native(path, variant=variant)
    if variant is not None and not form.variants:
        raise UnsupportedError(f"--variant is not understood for the {form.name} format", Location(str(path)),
                               feature="variant")
    return game_engine(read_file(form, path, variant), str(path))
