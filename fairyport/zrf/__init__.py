"""Zillions of Games rule files (ZRF): everything fairyport does with them, described by :data:`FORMAT`.

- :mod:`.syntax`: text <-> located S-expressions, includes, macros, the ``game`` and ``variant`` forms, faithful
  rewriting and pretty-printing;
- :mod:`.typed`: the typed tree of one expanded game, its board geometry and structural checks;
- :mod:`.read` (with :mod:`.recognise` and :mod:`.names`): a variant -> the common game model;
- :mod:`.write`: the common game model -> a complete ZRF file;
- :mod:`.validate` and :mod:`.show`: ``fairyport validate`` and ``fairyport show``;
- :mod:`.interpreter`: the ZRF interpreter, which plays a file on Zillions' semantics; :mod:`.play` plays a
  model that keeps ZRF code with it;
- :mod:`.rule_positions` and :mod:`.rule_check`: positions that exercise each recognised rule, and the model
  checked against the interpreter on them (a conversion's proof).
"""

from __future__ import annotations

from fairyport.format import Format, deferred
from fairyport.zrf.features import SUPPORT

check_rules = deferred("fairyport.zrf.rule_check", "check_rules")
load = deferred("fairyport.zrf.interpreter.engine", "load")
play_kept = deferred("fairyport.zrf.play", "engine")
read_game = deferred("fairyport.zrf.read", "read_game")
read_text = deferred("fairyport.zrf.read", "read_text")
show = deferred("fairyport.zrf.show", "show")
rewrite_file = deferred("fairyport.zrf.syntax.rewriter", "rewrite_file")
validate_file = deferred("fairyport.zrf.validate", "validate_file")
write_game = deferred("fairyport.zrf.write.file", "write_game")
variant_names = deferred("fairyport.zrf.typed.reader", "variant_names")


def sniff(head: str) -> bool:
    """A ZRF file starts with a form or a comment."""
    return head.lstrip().startswith(("(", ";"))


FORMAT = Format(
    name="zrf", title="Zillions of Games rule file", suffixes=(".zrf", ".prezrf"), sniff=sniff,
    read=read_game, read_text=read_text, write=write_game, rewrite=rewrite_file, show=show,
    validate=validate_file, engine=load, play_kept=play_kept, variants=True, check_rules=check_rules,
    features=SUPPORT, variant_names=variant_names,
)
"""The ZRF format."""

__all__ = ["FORMAT"]
