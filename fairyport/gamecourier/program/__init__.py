"""A :class:`~fairyport.program.game.GameProgram` (a game whose moves are programs, such as a ZRF game) written
as a rule-enforcing Game Courier preset: every move block becomes a GAME Code subroutine
(:mod:`.code`), the turn, the royal check and the goals become Post-Move code (:mod:`.write`)."""
