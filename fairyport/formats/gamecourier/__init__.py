"""Game Courier presets: settings files, query-string presets, FEN codes, GAME Code, and legacy-preset linting.

Modules: :mod:`.phpstrings` and :mod:`.php` (settings files), :mod:`.query` (query-string presets),
:mod:`.preset` (one view of both, key tables), :mod:`.fen` (FEN codes), :mod:`.gamecode` (GAME Code
tokens, statements and expressions), :mod:`.lint` (findings for ``fairyport validate``) and :mod:`.show`
(``fairyport show``).
"""
