"""What one file format provides: the :class:`Format` each format package exports as ``FORMAT``.

A format is one package (:mod:`fairyport.zrf`, :mod:`fairyport.gamecourier`, :mod:`fairyport.idiagram`,
:mod:`fairyport.fsf`, :mod:`fairyport.json`) that describes itself with one frozen :class:`Format`: real
callables for what it can do, ``None`` for what it cannot, and the rule features it reads and writes
(:class:`~fairyport.features.FeatureSupport`). :mod:`fairyport.formats` collects them.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from fairyport.diagnostics import FileReport
from fairyport.engines import Engine
from fairyport.features import FeatureSupport
from fairyport.model import Game
from fairyport.program.game import GameProgram


class Reader(Protocol):
    """``read(path, variant=None) -> Game``: a file (``variant``: which game of a file holding several)."""

    def __call__(self, path: Path, *, variant: str | None = None) -> Game: ...


class TextReader(Protocol):
    """``read_text(text, variant=None, name="<text>") -> Game``: the text itself (``name`` locates errors)."""

    def __call__(self, text: str, *, variant: str | None = None, name: str = "<text>") -> Game: ...


class Writer(Protocol):
    """``write(game, best_effort=False) -> (text, lost)``: ``lost`` lists what the format cannot express (empty
    unless ``best_effort``; without it such a game raises :class:`~fairyport.errors.UnsupportedError`)."""

    def __call__(self, game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]: ...


class EngineLoader(Protocol):
    """``engine(path, variant=None) -> Engine``: the format's own interpreter playing the file."""

    def __call__(self, path: Path, *, variant: str | None = None) -> Engine: ...


@dataclasses.dataclass(frozen=True)
class ValidateOptions:
    """Options every validator receives."""

    variant: str | None = None
    """ZRF: the variant (title or 1-based index) to validate; None validates the game and every variant."""
    against: str | None = None
    """Game Courier: a file of the same game whose moves the preset's code must give when run."""
    depth: int = 2
    """Plies deep the ``against`` comparison and the ``run`` checks go."""
    run: bool = False
    """Game Courier: run the preset's code (the two sides' moves must mirror each other); ZRF: compile each
    variant for the interpreter and check its start position (``opposite-check``)."""
    strict: bool = False
    """Game Courier, with ``run``: run the code under every reading of the points its documentation leaves open
    and report where the moves differ (``GC-RUN-READING``)."""
    model_engine: Callable[[Path], Engine] | None = None
    """How to play the ``against`` file through the common model (the registry fills it in with
    :func:`fairyport.formats.load_engine`, so that no format needs to know the others)."""
    progress: Callable[[str], None] | None = None
    """Told what a long validation does now (``--run``'s steps, in words), for a progress display; None: silent."""


@dataclasses.dataclass(frozen=True)
class RuleCheck:
    """A model read from a file compared with the format's interpreter on positions that exercise each rule
    (``Format.check_rules``)."""

    compared: int
    """The positions both engines counted."""
    differences: tuple[str, ...] = ()
    """Each position where the counts differ, in words (the rule, the FEN, both counts)."""


@dataclasses.dataclass(frozen=True)
class ShowOptions:
    """What ``fairyport show`` asks of a format's ``show``."""

    variant: str | None = None
    """Which game of a file holding several (ZRF: title or 1-based index; a Diagram page: 1-based number)."""
    svg: str | None = None
    """Where to write an SVG diagram of the start position, if anywhere."""


def split_game_path(path: Path) -> tuple[Path, str | None]:
    """``game.zrf#Knightmate`` -> (``game.zrf``, ``Knightmate``): a path naming one game of a file that holds
    several; a path that exists, or has no ``#`` in its name, comes back unchanged with None."""
    if path.exists() or "#" not in path.name:
        return path, None
    base, _, fragment = str(path).rpartition("#")
    return Path(base), fragment


def deferred(module: str, name: str) -> Any:
    """The function ``name`` of ``module``, imported on its first call.

    A format package describes itself with these, so that importing :mod:`fairyport.formats` does not import
    every format's readers, writers and interpreters (start-up time counts in every command, perft included).
    """

    def call(*args: Any, **kwargs: Any) -> Any:
        return _resolve(module, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__module__ = module
    call.__doc__ = f"``{module}.{name}``, imported on the first call."
    return call


@functools.cache
def _resolve(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)


@dataclasses.dataclass(frozen=True)
class Format:
    """One file format and everything fairyport can do with it."""

    name: str
    """The name used by ``--from`` / ``--to`` and :func:`fairyport.read` (``zrf``, ``gamecourier`` ...)."""
    title: str
    """The format's name for people."""
    suffixes: tuple[str, ...]
    """File suffixes that mean this format (lower case, with the dot)."""
    sniff: Callable[[str], bool] | None
    """Whether a file's first 4 KiB (decoded) look like this format, for files whose suffix does not tell."""
    read: Reader | None
    """A file -> the common game model."""
    read_text: TextReader | None
    """Text -> the common game model."""
    write: Writer | None
    """The common game model -> text."""
    rewrite: Callable[[Path], bytes] | None
    """Same-format rewrite through the syntax tree, byte for byte for an unmodified file."""
    show: Callable[[Path, ShowOptions], int] | None
    """Print the board of a file (``fairyport show``); returns the exit code."""
    validate: Callable[[Path, ValidateOptions], FileReport] | None
    """Structural validation and linting (``fairyport validate``)."""
    engine: EngineLoader | None
    """The format's own interpreter, which plays a file on the format's own semantics."""
    play_kept: Callable[[Game, str], Engine] | None = None
    """Plays a model that keeps code in this format's language (:attr:`fairyport.model.Game.kept`), which the
    reference generator cannot play (the second argument names where the model came from, for errors)."""
    variants: bool = False
    """Whether a file may hold several games (``read``'s ``variant`` chooses one)."""
    write_program: Callable[[GameProgram], str] | None = None
    """A game program (:attr:`fairyport.model.Game.program`) -> text, for a game the model cannot hold whole but
    this format can enforce in its own code (Game Courier's GAME Code)."""
    features: FeatureSupport[Any] | None = None
    """Which rule features (:mod:`fairyport.features`) the format reads and writes, and how: its writer refuses
    and lists losses from it through :func:`fairyport.conversion.refusals`."""

    variant_names: Callable[[Path], tuple[list[str], str]] | None = None
    """The games a file holds, in file order, and the one read when none is named (formats with ``variants``)."""

    check_rules: Callable[[Path, str | None, Game], RuleCheck] | None = None
    """Compares the model read from a file (the path, its variant, the model) with the format's interpreter on
    positions built to exercise each rule the reader recognised, where a count from the start cannot show a
    misread rule (:mod:`fairyport.zrf.rule_check`)."""

    def __repr__(self) -> str:
        return f"Format({self.name!r})"
