"""The common game model written as a complete ZRF file.

:mod:`.file` (the whole file), :mod:`.moves` (XBetza moves as ZRF move blocks), :mod:`.library` (the macro
library at the top of every written file), :mod:`.hands` (pieces in hand as storage columns) and
:mod:`.sexpr` (nested lists -> syntax nodes).
"""
