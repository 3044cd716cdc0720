"""Fairy-Stockfish's built-in variants as sources: ``fsf:NAME`` (``fsf:makruk``) names the built-in variant
``NAME`` wherever a ``variants.ini`` file is read (every command, :func:`fairyport.read` with a path).

The source reads as a one-section file, ``[fsf-NAME:NAME]`` (a section named like the built-in itself is one
Fairy-Stockfish skips), so the model, the validator and Fairy-Stockfish (pyffish) all read the same built-in.
"""

from __future__ import annotations

from pathlib import Path

from fairyport.errors import Location, UsageError
from fairyport.fsf.builtins import BUILTINS, HIDDEN
from fairyport.inputs import read_input_text

PREFIX = "fsf:"
"""How a source names a built-in variant: ``fsf:makruk``."""


def builtin_name(path: str | Path) -> str | None:
    """The built-in variant ``path`` names (``fsf:NAME``), or None for a file.

    :raises UsageError: for ``fsf:`` and a name Fairy-Stockfish has no built-in variant of.
    """
    text = str(path)
    if not text.startswith(PREFIX):
        return None
    name = text[len(PREFIX):]
    if name not in BUILTINS or name in HIDDEN:
        raise UsageError(f"Fairy-Stockfish has no built-in variant {name!r}", Location(text),
                         expected=", ".join(sorted(set(BUILTINS) - HIDDEN)))
    return name


def variants_text(path: str | Path) -> str:
    """The ``variants.ini`` text of ``path``: the file's, or the one section of a built-in source."""
    name = builtin_name(path)
    return read_input_text(Path(path)) if name is None else f"[fsf-{name}:{name}]\n"


__all__ = ["PREFIX", "builtin_name", "variants_text"]
