"""Zillions of Games rule files (ZRF): everything fairyport does with them, described by :data:`FORMAT`.

- :mod:`.syntax`: text <-> located S-expressions, includes, macros, the ``game`` and ``variant`` forms, faithful
  rewriting and pretty-printing;
- :mod:`.typed`: the typed tree of one expanded game, its board geometry and structural checks;
- :mod:`.read` (with :mod:`.recognise` and :mod:`.names`): a variant -> the common game model;
- :mod:`.writer`: the common game model -> a complete ZRF file;
- :mod:`.validate` and :mod:`.show`: ``fairyport validate`` and ``fairyport show``;
- :mod:`.interpreter`: the ZRF interpreter, which plays a file on Zillions' semantics; :mod:`.play` plays a
  model that keeps ZRF code with it.
"""

from __future__ import annotations

from fairyport.format import Format
from fairyport.zrf.interpreter.engine import load
from fairyport.zrf.play import engine as play_kept
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.show import show
from fairyport.zrf.syntax.rewriter import rewrite_file
from fairyport.zrf.validate import validate_file
from fairyport.zrf.writer.file import write_game


def sniff(head: str) -> bool:
    """A ZRF file starts with a form or a comment."""
    return head.lstrip().startswith(("(", ";"))


FORMAT = Format(
    name="zrf", title="Zillions of Games rule file", suffixes=(".zrf", ".prezrf"), sniff=sniff,
    read=read_game, read_text=read_text, write=write_game, rewrite=rewrite_file, show=show,
    validate=validate_file, engine=load, play_kept=play_kept, variants=True,
)
"""The ZRF format."""

__all__ = ["FORMAT"]
