"""XBetza, the extended Betza notation for piece moves.

:mod:`.syntax` (syntax tree, parser entry point and canonical writer), :mod:`.grammar` (the parser itself, a
pyparsing grammar), :mod:`.geometry` (what direction letters mean on a board) and :mod:`.words` (moves and rules
in words).
"""
