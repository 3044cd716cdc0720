"""Linting of Game Courier presets (``fairyport validate preset.php``).

:mod:`.rules` (stable codes, severities, fixes), :mod:`.board` (keys, board, rules text), :mod:`.code` (GAME
Code), :mod:`.compare` and :mod:`.coverage` (what running the code shows), :mod:`.run` (the whole lint).
"""
