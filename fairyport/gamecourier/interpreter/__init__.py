"""GAME Code, Game Courier's programming language: its syntax and its interpreter.

Syntax: :mod:`.lexer` (tokens), :mod:`.nodes` (syntax tree), :mod:`.expressions` (Polish-notation
expressions), :mod:`.parser` (statements and blocks); a syntax-tree printer is a test helper
(``tests/helpers/gamecode_writer.py``).

Interpreter (presets played on Game Courier's own semantics): :mod:`.values` (PHP-like values), :mod:`.board`
(coordinates and the ``check*`` primitives), :mod:`.state` (what a move changes), :mod:`.operators`
(expression operators), :mod:`.interpreter` (statements, expressions, calls), :mod:`.dispatch` (fast ``or``
chains of movement terms), :mod:`.game` (phases, candidate moves, positions: ``load_preset``, ``load_text``)
and :mod:`.engine` (``load``: the preset as an engine for ``perft`` and ``check``).
"""
