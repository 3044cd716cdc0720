"""One-call access to a ZRF variant: the typed game and its resolved geometry (what a model builder needs)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.diagnostics import Finding
from fairyport.zrf.syntax.loader import load, load_text
from fairyport.zrf.syntax.structure import GameFile, Variant, read_structure
from fairyport.zrf.typed.build import build_game
from fairyport.zrf.typed.geometry import Geometry, resolve
from fairyport.zrf.typed.tree import ZrfGame


@dataclasses.dataclass
class ZrfVariant:
    """A variant read from a file: the file's structure, the chosen entry, its typed game and board geometry.

    ``findings`` holds what reading noticed without failing (macro problems, unknown keywords, malformed forms,
    grid mismatches); run :mod:`.validate` for the full set of structural checks.
    """

    file: GameFile
    variant: Variant
    game: ZrfGame
    geometry: Geometry | None
    findings: list[Finding]


def read_variant(path: Path, spec: str | None = None) -> ZrfVariant:
    """Read ``path`` strictly and materialise the variant ``spec`` (title or 1-based index; None: the default).

    :raises ParseError: for syntax, include or expansion errors, and an entry of a ``moves`` or ``drops`` list
        that is no move program (:meth:`~.tree.ZrfGame.require_move_programs`).
    :raises ModelError: if the file has no game.
    :raises UsageError: if ``spec`` names no variant.
    """
    return _variant(read_structure(load(path)), spec)


def _variant(structure: GameFile, spec: str | None) -> ZrfVariant:
    """The variant ``spec`` of ``structure``, typed; a piece with an entry that is no move program refused."""
    variant = structure.select(spec)
    findings = list(structure.loaded.findings) + list(structure.findings)
    game = build_game(structure.sections(variant), findings)
    game.require_move_programs()
    geometry = None if game.board is None else resolve(game.board, findings)
    return ZrfVariant(structure, variant, game, geometry, findings)


def variant_names(path: Path) -> tuple[list[str], str]:
    """The games of ``path`` (the game, then every variant; untitled ones by number) and the one read when none
    is named (the ``(default)`` variant, else the game)."""
    structure = read_structure(load(path))
    names = [v.title if v.title is not None else str(v.index) for v in structure.choices]
    default = structure.default
    return names, default.title if default.title is not None else str(default.index)


def read_variant_text(text: str, name: str, spec: str | None = None) -> ZrfVariant:
    """:func:`read_variant` for ZRF ``text`` held in memory (``name`` locates its errors)."""
    return _variant(read_structure(load_text(text, name)), spec)
