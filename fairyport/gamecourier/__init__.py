"""Game Courier presets (chessvariants.com): everything fairyport does with them, described by :data:`FORMAT`.

- :mod:`.syntax`: settings files and links: :mod:`.syntax.phpstrings` and :mod:`.syntax.php` (the PHP subset of
  settings files), :mod:`.syntax.query` (query-string presets), :mod:`.syntax.preset` (one view of both),
  :mod:`.syntax.fen` (FEN codes); :mod:`.write.settings` writes them; :mod:`.analysis` (what a preset says,
  decoded once), :mod:`.movement` and :mod:`.symmetry` (piece functions as movement terms, colour reversal);
- :mod:`.interpreter`: the GAME Code language (lexer, parser) and its interpreter;
- :mod:`.read` (with :mod:`.read.hands` and :mod:`.translate`): a preset -> the common game model;
- :mod:`.write` (with :mod:`.write.hands`, :mod:`.terms` and :mod:`.rulestext`): the model -> a rule-enforcing
  settings file;
- :mod:`.validate`: findings for ``fairyport validate``; :mod:`.show`: ``fairyport show``.
"""

from __future__ import annotations

from fairyport.format import Format, deferred
from fairyport.gamecourier.features import SUPPORT

load = deferred("fairyport.gamecourier.interpreter.engine", "load")
validate_file = deferred("fairyport.gamecourier.validate.run", "validate_file")
rewrite_file = deferred("fairyport.gamecourier.syntax.preset", "rewrite_file")
write_preset = deferred("fairyport.gamecourier.program.write", "write_preset")
read_game = deferred("fairyport.gamecourier.read", "read_game")
read_text = deferred("fairyport.gamecourier.read", "read_text")
show = deferred("fairyport.gamecourier.show", "show")
write_game = deferred("fairyport.gamecourier.write", "write_game")


def sniff(head: str) -> bool:
    """A settings file is PHP with ``$default[...]`` keys; a link is a query string with ``code=`` and ``&``."""
    return head.lstrip().startswith("<?php") or "$default[" in head or ("code=" in head and "&" in head)


FORMAT = Format(
    name="gamecourier", title="Game Courier preset", suffixes=(".php", ".gc"), sniff=sniff,
    read=read_game, read_text=read_text, write=write_game, rewrite=rewrite_file, show=show,
    validate=validate_file, engine=load, write_program=write_preset,
    features=SUPPORT,
)
"""The Game Courier format."""

__all__ = ["FORMAT"]
