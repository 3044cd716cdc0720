"""Fairy-Stockfish ``variants.ini``: what fairyport does with it, described by :data:`FORMAT`.

:mod:`.write` writes a game as a ``variants.ini`` section that plays exactly the game of the model (or refuses by
name what Fairy-Stockfish cannot hold), :mod:`.exactness` is the table of what it holds exactly, :mod:`.prove`
checks each custom piece's moves against the reference generator with pyffish, and :mod:`.engine` plays a
section with Fairy-Stockfish itself (pyffish). :mod:`.read` reads a section into the model (:mod:`.syntax` the
text, :mod:`.builtins` and :mod:`.options` Fairy-Stockfish's data, :mod:`.dialect` its Betza, :mod:`.build` the
model), refusing by name what the model cannot hold; :mod:`.validate` reports that for every section.
"""

from __future__ import annotations

from pathlib import Path

from fairyport.format import Format, ShowOptions, deferred
from fairyport.fsf.features import SUPPORT

load = deferred("fairyport.fsf.engine", "load")
read_file = deferred("fairyport.fsf.read", "read_file")
variant_names = deferred("fairyport.fsf.read", "variant_names")
read_text = deferred("fairyport.fsf.read", "read_text")
validate_file = deferred("fairyport.fsf.validate", "validate_file")
write_game = deferred("fairyport.fsf.write", "write_game")


def show(path: Path, options: ShowOptions) -> int:
    """``fairyport show`` for a section of a ``variants.ini`` file (``--variant``: which; default the first)."""
    from fairyport.render.show import show_game

    return show_game(read_file(path, variant=options.variant), options.svg)


FORMAT = Format(
    name="fsf", title="Fairy-Stockfish variants.ini", suffixes=(".ini",), sniff=None,
    read=read_file, read_text=read_text, write=write_game, rewrite=None, show=show, validate=validate_file, engine=load,
    variants=True, variant_names=variant_names,
    features=SUPPORT,
)
"""The Fairy-Stockfish format: read into the model (``variant``: the section), written, played by pyffish."""

__all__ = ["FORMAT"]
