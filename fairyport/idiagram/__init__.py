"""The Interactive Diagram (chessvariants.com): everything fairyport does with it, described by :data:`FORMAT`.

- :mod:`.syntax` (definition text <-> syntax tree) and :mod:`.page` (definitions inside HTML pages);
- :mod:`.rules` (what the directives mean, shared by reader and writer), :mod:`.read` (files, pages
  ``page.html#N`` and texts -> model) and :mod:`.write` (model -> Diagram text; rewriting a file);
- :mod:`.validate` (``fairyport validate``) and :mod:`.show` (``fairyport show``).
"""

from __future__ import annotations

from fairyport.format import Format, deferred
from fairyport.idiagram.features import SUPPORT

read_game = deferred("fairyport.idiagram.read", "read_game")
read_model_text = deferred("fairyport.idiagram.read", "read_model_text")
rewrite = deferred("fairyport.idiagram.write", "rewrite")
show = deferred("fairyport.idiagram.show", "show")
write_game = deferred("fairyport.idiagram.write", "write_game")
validate_file = deferred("fairyport.idiagram.validate", "validate_file")


def sniff(head: str) -> bool:
    """Diagram text: ``files=`` / ``ranks=`` lines or piece lines full of colons (and not JSON)."""
    if head.lstrip().startswith("{"):
        return False
    return "files=" in head or "ranks=" in head or head.count(":") >= 4


FORMAT = Format(
    name="idiagram", title="Interactive Diagram", suffixes=(".idiagram", ".html", ".htm"), sniff=sniff,
    read=read_game, read_text=read_model_text, write=write_game, rewrite=rewrite, show=show,
    validate=validate_file, engine=None,
    features=SUPPORT,
)
"""The Interactive Diagram format."""

__all__ = ["FORMAT"]
