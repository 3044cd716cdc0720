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
import typing
from collections.abc import Callable, Iterator
from pathlib import Path

from fairyport.conversion import programs_lost, require_translated, untranslated
from fairyport.diagnostics import FileReport
from fairyport.engines import Engine, EngineChoice
from fairyport.errors import FairyportError, Location, ModelError, ParseError, UnsupportedError, UsageError, WriteError
from fairyport.format import Format, ValidateOptions
from fairyport.formats import (
    FORMATS,
    SUFFIXES,
    detect_format,
    file_engine,
    game_engine,
    get_format,
    load_engine,
    proof_bound,
    read_file,
    sniff_format,
)
from fairyport.inputs import input_size_limit, max_input_size
from fairyport.model import Game
from fairyport.movegen.perft import divide as divide_position
from fairyport.movegen.perft import perft_jobs
from fairyport.output import OutputError

Source = Path | str
"""A file (:class:`~pathlib.Path`) or the text itself (:class:`str`)."""

ENGINE_CHOICES: tuple[str, ...] = typing.get_args(EngineChoice)
"""The engines :func:`perft` and :func:`divide` accept."""

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
    proof: Proof | None = None
    """perft of the source and of the written text (:func:`convert` with ``prove``); None when not asked. With
    anything in :attr:`lost` it never says the same game (:attr:`Proof.same` False)."""


PROVE_DEPTH = 3
"""The depth :func:`convert` proves a conversion to by default where that is cheap: perft(3) counts every move,
every reply and every answer to it (a rule that shows only on the third ply, a Circe rebirth, is seen)."""

PROVE_FALLBACK_DEPTH = 2
"""The default proof depth of a game whose perft(:data:`PROVE_DEPTH`) is not cheap (over
:data:`PROVE_NODE_BUDGET`), or whose source cannot be counted to estimate it."""

PROVE_NODE_BUDGET = 10_000
"""The estimated perft(:data:`PROVE_DEPTH`) of the source (perft(2) times its branching perft(2)/perft(1)) up to
which the default proof goes to :data:`PROVE_DEPTH`; above it, to :data:`PROVE_FALLBACK_DEPTH`. perft(3) of chess
(8,902) takes about 4 s under the slowest reading (the GAME Code interpreter)."""

NOT_TESTED_SHOWN = 3
"""How many of a conversion's losses :meth:`Proof.describe` names (the rest are counted; all are in
:attr:`Proof.lost`)."""

SAME = "same"
"""A :attr:`Proof.verdict`: the counts agree and nothing was lost (or the text is the source byte for byte)."""
DIFFERS = "differs"
"""A :attr:`Proof.verdict`: the counts differ."""
LOST = "lost"
"""A :attr:`Proof.verdict`: the counts agree (or could not be made) but the conversion lost rules
(:attr:`Proof.lost`), which the counts do not test: the written game differs from the source."""
UNPROVEN = "unproven"
"""A :attr:`Proof.verdict`: a side could not be counted and nothing was lost."""


@dataclasses.dataclass(frozen=True)
class Proof:
    """A conversion's proof: perft from the start position of the source, as its format plays it (its own
    interpreter where it has one, else the reference generator), and of the written text read back by the
    target's own reading. A side that could not be counted is None, with the reason. A conversion that lost
    something (:attr:`lost`) is never the same game, whatever the counts."""

    depth: int
    source: int | None
    """perft of the source (None: it could not be played, see :attr:`reason`)."""
    written: int | None
    """perft of the written text read back (None: it could not be played, see :attr:`reason`)."""
    source_engine: str = ""
    """What played the source: ``model`` or the format whose interpreter did."""
    written_engine: str = ""
    """What played the written text."""
    reason: str = ""
    """Why a side could not be counted (empty when both were)."""
    bounded: str = ""
    """Why a side was played by the reference generator on the model its format reads, not by that format's
    interpreter (a board over :data:`~fairyport.formats.PROOF_MAX_SQUARES`); empty when neither was."""
    identical: bool = False
    """The written text is the source file byte for byte (a rewrite that changed nothing): the same game without
    counting."""
    lost: tuple[str, ...] = ()
    """What the conversion lost (:attr:`Conversion.lost`): rules the counts may not show, so not tested."""
    source_moves: int | None = None
    """perft(1) of the source: its legal moves at the start (None: not counted)."""
    written_moves: int | None = None
    """perft(1) of the written text read back (None: not counted)."""
    rule_positions: int = 0
    """Positions exercising each recognised rule on which the source's interpreter and the model it was read
    into were both counted (:attr:`fairyport.format.Format.check_rules`; 0: none compared)."""
    rule_differences: tuple[str, ...] = ()
    """Those of them where the two counts differ, in words: the model misreads a rule, another game."""

    @property
    def agree(self) -> bool | None:
        """True when both counts agree, False when they differ, None when a side could not be counted."""
        if self.identical:
            return True
        if self.rule_differences:
            return False
        if self.source is None or self.written is None:
            return None
        return self.source == self.written

    @property
    def same(self) -> bool | None:
        """True when the written game is the source's: the counts agree and nothing was lost; False when the
        counts differ or something was lost; None when a side could not be counted and nothing was lost."""
        if self.lost:
            return False
        return self.agree

    @property
    def verdict(self) -> str:
        """:data:`SAME`, :data:`DIFFERS`, :data:`LOST` or :data:`UNPROVEN`."""
        agree = self.agree
        if agree is False:
            return DIFFERS
        if self.lost:
            return LOST
        return SAME if agree else UNPROVEN

    @property
    def dead(self) -> bool:
        """The written game has no legal move at the start where the source has some."""
        return self.written_moves == 0 and bool(self.source_moves)

    def counts(self) -> str:
        """Both counts and what played them, or why they could not be made."""
        if self.identical:
            return "the written text is the source, byte for byte"
        if self.source is None or self.written is None:
            return f"not proven at perft({self.depth}): {self.reason}{self._rules()}"
        played = [ENGINE_WORDS.get(name, f"the {name} interpreter") for name in (self.source_engine,
                                                                                  self.written_engine)]
        bounded = f"; {self.bounded}" if self.bounded else ""
        return (f"perft({self.depth}) of the source {self.source:,} ({played[0]}), of the written text read back "
                f"{self.written:,} ({played[1]}){bounded}{self._rules()}")

    def _rules(self) -> str:
        """What the rule positions showed, as a clause of :meth:`counts` (empty where none were compared)."""
        if self.rule_differences:
            return (f"; the model the source was read into differs from the source on {len(self.rule_differences)}"
                    f" of {self.rule_positions} rule position(s): " + "; ".join(self.rule_differences))
        return f"; {self.rule_positions} rule position(s) agree" if self.rule_positions else ""

    def describe(self) -> str:
        """One line: the counts (:meth:`counts`), and what was lost: named as not tested where the counts agree
        or could not be made (a count that agrees does not show a lost rule)."""
        if not self.lost:
            return self.counts()
        more = len(self.lost) - NOT_TESTED_SHOWN
        named = "; ".join(self.lost[:NOT_TESTED_SHOWN]) + (f" and {more} more" if more > 0 else "")
        untested = "" if self.agree is False else ", not tested by this count"
        return f"{self.counts()}; it lost {len(self.lost)} rule(s) or piece(s) of the source{untested}: {named}"


ENGINE_WORDS = {"model": "the reference generator", "zrf": "the ZRF interpreter",
                "gamecourier": "the GAME Code interpreter", "fsf": "Fairy-Stockfish"}
"""How a proof names what played a side (:attr:`Engine.name` -> words)."""


def _text_format(text: str, fmt: str | None) -> Format:
    """The format of ``text``: ``fmt``, else the first format whose sniffer recognises the text."""
    name = fmt if fmt is not None else sniff_format(text)
    if name is None:
        raise UsageError("cannot tell the format of this text; name it with format=" + _path_hint(text),
                         expected=", ".join(FORMATS))
    return get_format(name)


def _path_hint(text: str) -> str:
    """For a text that reads as a file name (one line ending in a format's suffix, or naming a file): a clause
    saying that a str is the text itself and a file is passed as a Path."""
    line = text.strip()
    if "\n" in line or not line:
        return ""
    try:
        named = Path(line).suffix.lower() in SUFFIXES or Path(line).is_file()
    except (OSError, ValueError):  # a name too long, a NUL byte: not a file name
        named = False
    if not named:
        return ""
    return f" (a str is the text itself: to read the file {line!r}, pass Path({line!r}))"


@dataclasses.dataclass(frozen=True)
class ResolvedSource:
    """A source with its format told once (:func:`resolve_source`): every later step (read, write, prove, the
    engines, the rule positions) takes this value and never detects or sniffs the source again."""

    format: Format
    """The source's format: named by the caller, else told by the file's name or first bytes, or by the text."""
    path: Path | None
    """The file (None: the source is a text)."""
    text: str | None
    """The text itself (None: the source is a file)."""
    variant: str | None
    """Which game of a source holding several (as the caller gave it)."""

    @property
    def location(self) -> str:
        """The name errors give to the source: the file, or :data:`TEXT_NAME`."""
        return str(self.path) if self.path is not None else TEXT_NAME


def resolve_source(source: Source, format: str | None = None, variant: str | None = None) -> ResolvedSource:
    """``source`` with its format told once (``format``: named by the caller).

    :raises UsageError: for an unknown format, or a source whose format cannot be told.
    """
    if isinstance(source, Path):
        return ResolvedSource(get_format(detect_format(source, format)), source, None, variant)
    _check_source(source)
    return ResolvedSource(_text_format(source, format), None, source, variant)


def _check_source(source: object, kinds: tuple[type, ...] = (Path, str)) -> None:
    """A usage error unless ``source`` is one of ``kinds`` (a file, its text; or a game)."""
    if not isinstance(source, kinds):
        hint = " (decode bytes to str first)" if isinstance(source, bytes | bytearray) else ""
        names = " or ".join(kind.__name__ for kind in kinds)
        raise UsageError(f"the source must be a {names}{hint}", Location("source"), expected=names,
                         found=type(source).__name__)


@contextlib.contextmanager
def _as_file(text: str, form: Format) -> Iterator[Path]:
    """``text`` as a file of ``form`` in a private folder, for the parts that read files (the interpreters,
    the validators); the folder goes when the block ends. Saved as the command line writes it: UTF-8, with the
    undecodable bytes a rewrite keeps as surrogates written back as they were."""
    with _temporary_folder("fairyport-") as folder:
        path = folder / f"game{form.suffixes[0]}"
        try:
            path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
        except OSError as exc:  # a full disk, a file size limit
            raise OutputError(f"cannot write a temporary copy of the text: {exc.strerror or exc}",
                              Location(str(path))) from None
        yield path


@contextlib.contextmanager
def _temporary_folder(prefix: str) -> Iterator[Path]:
    """A private temporary folder, removed when the block ends; :class:`OutputError` if it cannot be made."""
    try:
        made = tempfile.TemporaryDirectory(prefix=prefix)
    except OSError as exc:
        raise OutputError(f"cannot make a temporary folder: {exc.strerror or exc}",
                          Location(tempfile.gettempdir())) from None
    with made as folder:
        yield Path(folder)


def read(source: Source, format: str | None = None, variant: str | None = None) -> Game:
    """The game in ``source``: a file (:class:`~pathlib.Path`; its format told by its name or its first bytes
    unless ``format`` names it) or the text itself (:class:`str`; ``format`` needed where the text does not
    tell). ``variant`` picks a game of a file holding several (ZRF: a title or a 1-based number).

    :raises FairyportError: a located error for unreadable input or a format that cannot be read.
    """
    return _read(resolve_source(source, format, variant))


def _read(source: ResolvedSource) -> Game:
    """:func:`read` of a source whose format is told."""
    form = source.format
    if source.path is not None:
        return read_file(form, source.path, source.variant)
    assert source.text is not None
    if form.read_text is None:
        raise UnsupportedError(f"reading the {form.name} format into the game model is not supported yet",
                               Location(TEXT_NAME), feature=form.name)
    try:
        return form.read_text(source.text, variant=source.variant if form.variants else None, name=TEXT_NAME)
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
    _check_source(game, (Game,))
    return _write(game, format, best_effort, game.metadata.source)


def _write(game: Game, fmt: str, best_effort: bool, source: str, from_source: bool = False) -> Conversion:
    """:func:`write`, with errors that know the game but not its file put on ``source``; ``from_source``: the game
    is as its source was read (:func:`convert`), so the source's program may stand in for the model's writer."""
    form = get_format(fmt)
    if form.write is None:
        raise UnsupportedError(f"writing the {form.name} format is not supported yet", feature=form.name)
    whole = None if form.write_program is None or not (game.kept or game.board.links) else game.whole_program()
    if whole is not None:
        # the model cannot hold this game whole, but the target enforces rules in its own code: the program route
        assert form.write_program is not None
        try:
            with _writing(form.name):
                return Conversion(form.write_program(whole), [], form.name)
        except UnsupportedError as error:
            if not best_effort:
                if error.location.file is None and source:
                    error.relocated(dataclasses.replace(error.location, file=source))
                raise
    try:
        return _write_model(game, form, best_effort and form.write_program is None, source)
    except UnsupportedError as error:
        # the game reads whole, but its target's writer of the model cannot say one of its rules (a castling
        # after moving, drops that go first): the program route writes the source's own rules in the target's code
        program = game.whole_program() if form.write_program is not None and from_source else None
        if program is not None:
            assert form.write_program is not None
            try:
                with _writing(form.name):
                    return Conversion(form.write_program(program), [], form.name)
            except UnsupportedError:
                if not best_effort:
                    raise error from None
        elif not best_effort:
            raise
    return _write_model(game, form, best_effort, source)


def write_as_read(game: Game, format: str, best_effort: bool = False) -> tuple[str, list[str]]:
    """``game``, unchanged since it was read from its source, written in ``format`` as :func:`convert` writes it
    (a game program's route included where the model's writer cannot say the game): the text and what was lost."""
    conversion = _write(game, format, best_effort, game.metadata.source, from_source=True)
    return conversion.text, conversion.lost


def written_name(fmt: str) -> str:
    """The name errors give to the text written in ``fmt`` (``<written idiagram>``)."""
    return f"<written {fmt}>"


def _on_target(error: FairyportError, fmt: str) -> WriteError:
    """``error``, made while writing ``fmt`` or reading the written text back, put on the written text."""
    location = dataclasses.replace(error.location, file=written_name(fmt))
    return WriteError(f"{error.reason} (the written text is broken: a fairyport bug, please report)", location,
                      expected=error.expected, found=error.found)


@contextlib.contextmanager
def _writing(fmt: str) -> Iterator[None]:
    """Put an error a writer of ``fmt`` makes on the written text (a :class:`WriteError`), except a refusal of
    what it cannot express (:class:`UnsupportedError`, which names the input's piece or rule)."""
    try:
        yield
    except (UnsupportedError, WriteError):
        raise
    except FairyportError as error:
        raise _on_target(error, fmt) from error


def _write_model(game: Game, form: Format, best_effort: bool, source: str) -> Conversion:
    """``game`` written by ``form``'s writer of the model (the model route of :func:`_write`)."""
    assert form.write is not None  # checked by _write
    dropped = [] if form.name == "json" else programs_lost(game, form.name, best_effort)
    missing = untranslated(game)
    if missing and not best_effort:
        require_translated(game, f"{source or 'the game'} cannot be written as {form.name}")
    try:
        with _writing(form.name):
            text, lost = form.write(game, best_effort=best_effort)
    except UnsupportedError as error:
        if error.location.file is None and source:  # the writer knows the game, not the file it came from
            error.relocated(dataclasses.replace(error.location, file=source))
        raise
    return Conversion(text, dropped + missing + lost, form.name)


def convert(source: Source, to: str, read: str | None = None, variant: str | None = None,
            best_effort: bool = False, prove: bool = True, prove_depth: int | None = None,
            progress: Callable[[str], None] | None = None) -> Conversion:
    """The game in ``source`` (a file or text; ``read`` names its format where it does not tell) written in the
    format ``to``. A file converted to its own format is rewritten through its syntax tree, byte for byte where
    nothing changed; anything else goes through the common model (:func:`write`).

    With ``prove`` (the default) :attr:`Conversion.proof` holds perft(``prove_depth``) of the source and of the
    written text read back by the target's own reading (:class:`Proof`); ``prove_depth`` None: :data:`PROVE_DEPTH`
    where that is cheap (:data:`PROVE_NODE_BUDGET`), else :data:`PROVE_FALLBACK_DEPTH`. The caller decides what a
    difference means (``fairyport convert`` exits 1), but with ``best_effort`` a written game that has no legal
    move at the start where the source has some is refused.

    :raises UnsupportedError: with ``best_effort`` and ``prove``, for a written game that cannot move at all.
    :raises WriteError: for a writer's error, or a written text that does not read back (on the written text).
    """
    if prove_depth is not None and prove_depth < 0:
        raise UsageError("the proof depth must be at least 0", found=str(prove_depth))
    say = progress or _quiet
    target = get_format(to)
    resolved = resolve_source(source, read, variant)
    squares: int | None = None
    game: Game | None = None
    form = resolved.format
    if resolved.path is not None and form.name == target.name and form.rewrite is not None:
        conversion = Conversion(form.rewrite(resolved.path).decode("utf-8", errors="surrogateescape"), [], form.name)
    else:
        say("reading the source")
        game = _read(resolved)
        squares = len(game.board.positions)
        say(f"writing {target.name}")
        conversion = _write(game, target.name, best_effort, resolved.location, from_source=True)
    if not prove:
        return conversion
    if resolved.path is not None and resolved.path.is_file() and (  # not ``page.html#2``: a diagram of a page
            conversion.text.encode("utf-8", errors="surrogateescape") == resolved.path.read_bytes()):
        return dataclasses.replace(conversion, proof=Proof(
            PROVE_DEPTH if prove_depth is None else prove_depth, None, None, identical=True))
    proof = _prove(resolved, conversion, prove_depth, squares, say)
    if game is not None:
        say("proving: the source's rule positions")
        proof = _check_rules(proof, resolved, game)
    if best_effort and proof.dead:
        raise UnsupportedError(f"the written game has no legal move at the start where the source has "
                               f"{proof.source_moves:,}: {len(conversion.lost)} rule(s) or piece(s) lost, nothing "
                               f"left to play: refused", Location(resolved.location), feature="a game that moves")
    return dataclasses.replace(conversion, proof=proof)


@dataclasses.dataclass
class _Side:
    """One side of a proof: what plays it (None once it could not be played) and why not."""

    name: str
    engine: Engine | None
    reason: str = ""
    bounded: str = ""
    counted: dict[int, int] = dataclasses.field(default_factory=dict)
    """perft by depth, counted once (the estimate's perft(2) is the proof's at depth 2)."""

    def count(self, depth: int, say: Callable[[str], None] | None = None) -> int | None:
        """perft(``depth``) of this side, or None (with :attr:`reason`) when it cannot be played (``say``: told
        what is counted, for a progress display)."""
        if self.engine is None or depth in self.counted:
            return self.counted.get(depth)
        if say is not None:
            say(f"proving: perft({depth}) of the {self.name}")
        try:
            self.counted[depth] = perft_jobs(self.engine.position(None, None), depth)
        except FairyportError as error:
            self.engine, self.reason = None, f"the {self.name} cannot be played ({_said(error)})"
            return None
        return self.counted[depth]


def _side(name: str, fmt: str, squares: int | None, load: Callable[[EngineChoice], Engine]) -> _Side:
    """The side ``name`` of a proof, played by ``fmt``'s reading (its interpreter unless the board of ``squares``
    squares is over that interpreter's proof bound: then the model its format reads)."""
    why = proof_bound(fmt, squares)
    bounded = "" if why is None else f"the {name} was read into the model, not played by its interpreter: {why}"
    try:
        return _Side(name, load("auto" if why is None else "model"), bounded=bounded)
    except WriteError:
        raise
    except FairyportError as error:
        return _Side(name, None, f"the {name} cannot be played ({_said(error)})", bounded)


def _said(error: FairyportError) -> str:
    """``error`` in one line, without its location where that is the private copy of a written text (a folder
    gone when the proof ends, which would only puzzle the reader)."""
    where = error.location.file or ""
    if Path(where).parent.name.startswith("fairyport-") and Path(where).parent.parent == Path(tempfile.gettempdir()):
        return error.reason
    return error.message()


def _quiet(step: str) -> None:
    """A progress callback that shows nothing."""


def proof_depth(moves: int | None, replies: int | None) -> int:
    """The default proof depth of a source with ``moves`` = perft(1) and ``replies`` = perft(2):
    :data:`PROVE_DEPTH` when its estimated perft (perft(2) times the branching perft(2)/perft(1)) is within
    :data:`PROVE_NODE_BUDGET`, else (or when either is unknown) :data:`PROVE_FALLBACK_DEPTH`."""
    if moves is None or replies is None:
        return PROVE_FALLBACK_DEPTH
    estimate = replies * replies // max(moves, 1)
    return PROVE_DEPTH if estimate <= PROVE_NODE_BUDGET else PROVE_FALLBACK_DEPTH


def _prove(source: ResolvedSource, conversion: Conversion, depth: int | None, squares: int | None,
           say: Callable[[str], None]) -> Proof:
    """perft(``depth``; None: :func:`proof_depth`) of ``source`` and of the written text, each side played by its
    own format's reading; a written text that does not read back is a :class:`WriteError` (``say``: told each
    step)."""
    say("proving: reading the written text back")
    original = _side("source", source.format.name, squares, lambda choice: _source_engine(source, choice))
    written = _side("written text", conversion.format, squares, lambda choice: _read_back(conversion, choice))
    moves = (original.count(1, say), written.count(1, say))
    if depth is None:
        depth = proof_depth(moves[0], original.count(2, say))
    counts = [side.count(depth, say) for side in (original, written)]
    reasons = "; ".join(side.reason for side in (original, written) if side.reason)
    bounded = "; ".join(side.bounded for side in (original, written) if side.bounded)
    return Proof(depth, counts[0], counts[1], original.engine.name if original.engine else "",
                 written.engine.name if written.engine else "", reasons, bounded, lost=tuple(conversion.lost),
                 source_moves=moves[0], written_moves=moves[1])


def _check_rules(proof: Proof, source: ResolvedSource, game: Game) -> Proof:
    """``proof`` with the source's rule positions (:attr:`Format.check_rules` of its format, where it has one):
    the model ``game`` it was read into against its interpreter, where the start count cannot show a misread
    rule."""
    form = source.format
    if form.check_rules is None or proof_bound(form.name, len(game.board.positions)) is not None:
        return proof  # (a board over the interpreter's proof bound is not played by it at all)
    try:
        if source.path is not None:
            found = form.check_rules(source.path, source.variant, game)
        else:
            assert source.text is not None
            with _as_file(source.text, form) as path:
                found = form.check_rules(path, source.variant, game)
    except FairyportError:  # a source its interpreter cannot play: the count says so already
        return proof
    return dataclasses.replace(proof, rule_positions=found.compared, rule_differences=found.differences)


def _read_back(conversion: Conversion, engine: EngineChoice) -> Engine:
    """:func:`_written_engine`, with a text that does not parse put on the written text (:class:`WriteError`)."""
    try:
        return _written_engine(conversion, engine)
    except (ParseError, ModelError) as error:
        raise _on_target(error, conversion.format) from error


def _written_engine(conversion: Conversion, engine: EngineChoice = "auto") -> Engine:
    """The target format's own reading of the written text (its interpreter, else the reference generator;
    ``engine="model"``: the model it reads)."""
    form = get_format(conversion.format)
    size = len(conversion.text.encode("utf-8", errors="surrogateescape"))
    # fairyport's own text, however large the input limit: a 15 MB title makes a 30 MB ZRF
    with _as_file(conversion.text, form) as path, input_size_limit(max(max_input_size(), size)):
        return file_engine(form, path, engine=engine)  # the interpreters read the whole file when they load


def _check_count(name: str, value: object, lowest: int) -> None:
    """A usage error unless ``value`` is an int (not a bool) of at least ``lowest``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < lowest:
        raise UsageError(f"{name} must be an integer of at least {lowest}", Location(name),
                         found=repr(value)[:40])


def _engine(source: Game | Source, engine: EngineChoice, format: str | None,
            variant: str | None) -> Engine:
    _check_source(source, (Game, Path, str))
    if engine not in ENGINE_CHOICES:
        raise UsageError("unknown engine", Location("engine"), expected=" or ".join(map(repr, ENGINE_CHOICES)),
                         found=repr(engine)[:40])
    if isinstance(source, Game):
        if engine == "native":
            raise UsageError("a game model has no native engine; pass the file to play it with its interpreter",
                             expected="engine='auto' or 'model'", found=engine)
        return game_engine(source, source.metadata.source or TEXT_NAME)
    return _source_engine(resolve_source(source, format, variant), engine)


def _source_engine(source: ResolvedSource, engine: EngineChoice) -> Engine:
    """What plays a source whose format is told (``engine`` as for :func:`perft`)."""
    form = source.format
    if source.path is not None:
        return file_engine(form, source.path, variant=source.variant, engine=engine)
    assert source.text is not None
    if engine == "model" or form.engine is None:
        return game_engine(_read(source), TEXT_NAME)
    with _as_file(source.text, form) as path:  # the interpreters read the whole file when they load
        loaded = file_engine(form, path, variant=source.variant, engine=engine)
    return loaded


def perft(game_or_source: Game | Source, depth: int, fen: str | None = None, engine: EngineChoice = "auto",
          jobs: int = 1, format: str | None = None, variant: str | None = None) -> int:
    """The number of leaves of the legal-move tree ``depth`` plies deep, from the start or from ``fen``.

    ``game_or_source`` is a model (played by the reference generator, or by its format's interpreter where it
    keeps code) or a file or text; ``engine`` says what plays a file: its format's own interpreter
    (``native``), the common model (``model``), or ``auto`` (native where the format has one). ``jobs`` spreads
    the root moves over processes.
    """
    _check_count("depth", depth, 0)
    _check_count("jobs", jobs, 1)
    loaded = _engine(game_or_source, engine, format, variant)
    return perft_jobs(loaded.position(fen, Location("fen")), depth, jobs=jobs)


def divide(game_or_source: Game | Source, depth: int, fen: str | None = None, engine: EngineChoice = "auto",
           jobs: int = 1, format: str | None = None, variant: str | None = None) -> dict[str, int]:
    """perft ``depth`` - 1 after each legal move, by move name (arguments as for :func:`perft`)."""
    _check_count("depth", depth, 1)
    _check_count("jobs", jobs, 1)
    loaded = _engine(game_or_source, engine, format, variant)
    return divide_position(loaded.position(fen, Location("fen")), depth, jobs=jobs)


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
    _check_source(source)
    form = _text_format(source, format)
    with _as_file(source, form) as path:
        report = validate_path(path, options, form.name)
    # the findings name the text, not the private file it was validated in
    report.path = TEXT_NAME
    report.findings = [dataclasses.replace(f, location=dataclasses.replace(f.location, file=TEXT_NAME))
                       if f.location.file == str(path) else f for f in report.findings]
    return report
