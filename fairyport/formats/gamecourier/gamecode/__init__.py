"""GAME Code: tokens (:mod:`.lexer`), syntax tree (:mod:`.nodes`), expressions (:mod:`.expressions`) and
statements (:mod:`.parser`)."""

from fairyport.formats.gamecourier.gamecode.parser import COMMANDS, parse_program, parse_strict

__all__ = ["COMMANDS", "parse_program", "parse_strict"]
