"""``--dask ADDRESS`` for ``perft`` and ``check``: what the workers are sent, and the client's life.

A game played by the reference generator is sent as its model (:class:`GameLoader`): every worker compiles it
once. A game played by a format's own interpreter (ZRF, GAME Code) is sent as its file (:class:`FileLoader`):
the path and the bytes, so a worker on another machine loads its own copy when the path does not hold the
same file there (a ZRF that includes other files needs them at the same path on every worker).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import hashlib
import pickle
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fairyport.engines import EngineChoice
from fairyport.errors import UsageError
from fairyport.formats import detect_format, game_engine, get_format, load_engine, read_game
from fairyport.model import Game
from fairyport.movegen.cluster import close, cluster_divide, cluster_perft, connect
from fairyport.movegen.perft import PerftPosition

__all__ = ["FileLoader", "GameLoader", "cluster_divide", "cluster_perft", "dask_client", "loader_for"]


@dataclasses.dataclass(frozen=True)
class GameLoader:
    """A model and a start position (``fen`` None: the game's start); workers compile the model once each."""

    game: Game
    source: str
    fen: str | None
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            digest = hashlib.sha256(pickle.dumps((self.game, self.fen))).hexdigest()[:24]
            object.__setattr__(self, "key", f"model-{digest}")

    def __call__(self) -> PerftPosition:
        """The position, played by the reference generator (or the interpreter of code the model keeps)."""
        return game_engine(self.game, self.source).position(self.fen, None)


@dataclasses.dataclass(frozen=True)
class FileLoader:
    """A file played by its format's own interpreter: path, bytes, format, variant, engine and start position."""

    path: str
    data: bytes
    fmt: str
    variant: str | None
    engine: EngineChoice
    fen: str | None
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            digest = hashlib.sha256(pickle.dumps((self.data, self.fmt, self.variant, self.engine, self.fen)))
            object.__setattr__(self, "key", f"file-{digest.hexdigest()[:24]}")

    def __call__(self) -> PerftPosition:
        """The position: from the file at ``path`` if it holds these bytes here, else from a private copy."""
        path = Path(self.path)
        with contextlib.ExitStack() as stack:
            if not path.is_file() or path.read_bytes() != self.data:
                folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="fairyport-"))
                path = Path(folder) / path.name
                path.write_bytes(self.data)
            engine = load_engine(path, self.fmt, variant=self.variant, engine=self.engine)
            return engine.position(self.fen, None)


def loader_for(path: str | Path, fmt: str | None, variant: str | None, engine: EngineChoice,
               fen: str | None) -> GameLoader | FileLoader:
    """What to send the workers for the game in ``path``: its model, or the file for a native interpreter."""
    path = Path(path)
    form = get_format(detect_format(path, fmt))
    if engine != "model" and form.engine is not None:
        return FileLoader(str(path), path.read_bytes(), form.name, variant, engine, fen)
    return GameLoader(read_game(path, form.name, variant), str(path), fen)


def jobs_and_workers(args: argparse.Namespace) -> int | None:
    """Check ``--jobs`` and set ``args.jobs`` to the local process count (1 unless given); return the worker
    count for ``--dask local``: the ``--jobs`` given, or None (one worker process per CPU) without it."""
    workers: int | None = args.jobs
    args.jobs = 1 if workers is None else workers
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1", found=str(args.jobs))
    return workers


@contextlib.contextmanager
def dask_client(address: str | None, workers: int | None) -> Iterator[Any]:
    """A connected client for ``--dask ADDRESS`` (None: no cluster, yields None); closed at the end."""
    if address is None:
        yield None
        return
    client = connect(address, workers=workers)
    try:
        yield client
    finally:
        close(client)

