"""fairyport: one game model for Zillions rule files, Game Courier presets, Interactive Diagrams and
Fairy-Stockfish, proven by perft.

The library's front door (:mod:`fairyport.api`)::

    import fairyport
    from pathlib import Path

    game = fairyport.read(Path("mirchess32.idiagram"))          # a Path is a file, a str the text itself
    conversion = fairyport.convert(Path("mirchess32.idiagram"), to="zrf")
    fairyport.perft(fairyport.read(conversion.text, format="zrf"), 3)
    fairyport.validate(Path("preset.php")).findings
"""

from fairyport.api import Conversion, Proof, convert, divide, perft, read, validate, write
from fairyport.formats import FORMATS
from fairyport.version import __version__

__all__ = ["FORMATS", "Conversion", "Proof", "__version__", "convert", "divide", "perft", "read", "validate", "write"]
