"""fairyport: one game model for Zillions rule files, Game Courier presets and Interactive Diagrams.

Every conversion is proven by perft counts from the reference move generator in :mod:`fairyport.rules`.
"""

from __future__ import annotations

__version__ = "0.1.0"
