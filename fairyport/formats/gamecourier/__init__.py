"""Game Courier presets: settings files, query-string presets, FEN codes, GAME Code, and legacy-preset linting.

Modules: :mod:`.phpstrings` and :mod:`.php` (settings files), :mod:`.query` (query-string presets),
:mod:`.preset` (one view of both, key tables), :mod:`.settings_writer` (new settings files), :mod:`.fen`
(FEN codes), :mod:`.gamecode` (GAME Code tokens, statements, expressions and writer), :mod:`.movement`
(piece functions as movement terms), :mod:`.analysis` (the decoded preset), :mod:`.symmetry` (colour
reversal), :mod:`.lintrules`, :mod:`.checks_board`, :mod:`.checks_code` and :mod:`.lint` (findings for
``fairyport validate``) and :mod:`.show` (``fairyport show``).
"""

from fairyport.formats.gamecourier.analysis import Analysis, analyse
from fairyport.formats.gamecourier.fen import FenBoard, parse_fen, write_fen
from fairyport.formats.gamecourier.gamecode import parse_program, parse_strict
from fairyport.formats.gamecourier.lint import lint_preset
from fairyport.formats.gamecourier.preset import Preset, parse_preset, read_preset

__all__ = ["Analysis", "FenBoard", "Preset", "analyse", "lint_preset", "parse_fen", "parse_preset", "parse_program",
           "parse_strict", "read_preset", "write_fen"]
