"""ZRF <-> game model: the functions the command line finds through the registry.

- :func:`write_game` writes a game as a complete ZRF file (:mod:`.write`);
- :func:`read_game` reads a ZRF variant into the model (:mod:`.read`; ``file.zrf#Variant`` picks a variant).
"""

from __future__ import annotations

from fairyport.converters.zrf.read import read_game
from fairyport.converters.zrf.write import write_game

__all__ = ["read_game", "write_game"]
