"""The lint rules for Game Courier presets: stable codes, severities and one-line fixes.

The codes follow the defect patterns of the project's Game Courier notes (section 10) where one exists.
"""

from __future__ import annotations

import dataclasses

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import FairyportError, Location

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclasses.dataclass(frozen=True)
class Rule:
    """A lint rule: its severity, what it detects and the fix to suggest."""

    severity: Severity
    title: str
    fix: str


RULES: dict[str, Rule] = {
    "GC-SYNTAX": Rule(ERROR, "GAME Code syntax error", "correct the statement (see the message)"),
    "GC-COMMENT-LINE": Rule(ERROR, "'//' comment in GAME Code (rejected as a syntax error by Game Courier in 2008)",
                            "delete the comment; GAME Code has no documented comment syntax"),
    "GC-UNCODED": Rule(WARNING, "no GAME Code at all: nothing is enforced (\"Uncoded\")",
                       "add piece functions and Post-Move code that dies on illegal moves"),
    "GC-INITIAL-ONLY": Rule(WARNING, "code but no Post-Move code: nothing is enforced (\"Initial code only\")",
                            "add Post-Move code that checks each move and dies on illegal ones"),
    "GC-CLAIM-WITHOUT-DIE": Rule(ERROR, "the preset claims to enforce the rules but never rejects a move",
                                 "add 'die' (or 'verify') for illegal moves, or remove the claim ('setflag rules;', "
                                 "message)"),
    "GC-NO-SETLEGAL": Rule(WARNING, "rules enforced but legal moves are not displayed",
                           "record legal moves with 'setlegal' in the Post-Move code"),
    "GC-NO-RULES": Rule(WARNING, "no rules text and no rules URL",
                        "fill in the rules HTML or the Rules URL"),
    "GC-NO-RULES-TEXT": Rule(INFO, "no rules text (a rules URL is given)", "add a short rules text for players"),
    "GC-NO-RULES-URL": Rule(INFO, "no rules URL (a rules text is given)", "link the game's rules page"),
    "GC-NO-FEN": Rule(ERROR, "no FEN code: the board is empty", "set the FEN Code ('code')"),
    "GC-COLS": Rule(ERROR, "Max Columns ('cols') is not a positive whole number", "set 'cols' to the board width"),
    "GC-COLS-MISSING": Rule(WARNING, "Max Columns ('cols') is missing; 8 is assumed here",
                            "set 'cols' to the board width"),
    "GC-FEN-SYNTAX": Rule(ERROR, "the FEN code cannot be read", "correct the FEN code"),
    "GC-FEN-WIDTH": Rule(ERROR, "the FEN code does not fit the width 'cols'",
                         "make every rank 'cols' cells wide, or correct 'cols'"),
    "GC-FEN-PADDED": Rule(WARNING, "a rank of a square-celled board is shorter than 'cols' and padded with holes",
                          "write the missing cells (digits for empty cells) or set a custom shape"),
    "GC-LABEL-COUNT": Rule(WARNING, "the number of file or rank labels does not match the board",
                           "give one label per file / rank"),
    "GC-LABEL-NOT-IN-SET": Rule(ERROR, "a piece label in the FEN is not in the piece set",
                                "add the piece to the set or correct the FEN"),
    "GC-LABEL-NO-DEF": Rule(ERROR, "a piece on the board has no piece function ('def')",
                            "add 'def <label> ...' for it"),
    "GC-NO-MOVE-FN": Rule(WARNING, "a piece of the set has no piece function ('def')",
                          "add 'def <label> ...' (pieces can enter by promotion)"),
    "GC-ASYMMETRIC-DEFS": Rule(ERROR, "a piece function is not the colour-reversed image of its twin",
                               "make the two definitions mirror images (swap labels, negate rank deltas)"),
    "GC-FIXED-ROYAL": Rule(WARNING, "royal square hard-coded ('set K e1'): breaks problems and other setups",
                           "use 'set K findpiece K spaces;'"),
    "GC-CASTLE-FLAGS": Rule(WARNING, "castling flags set unconditionally (phantom castling in other setups)",
                            "guard each flag: 'if == K space e1: setflag e1; endif;'"),
    "GC-SQUARE-DELTAS-ON-HEX": Rule(ERROR, "square-board symmetric primitive on a hexagonal board",
                                    "use 'checka*' primitives with the exact hex deltas"),
    "GC-NOT-RUNNABLE": Rule(WARNING, "GAME Code that fairyport's interpreter cannot run ('--run' and perft stop "
                                     "there)",
                            "use a word the interpreter knows, or check the game with '--engine model'"),
    "GC-STALEMATE-CONTRADICTS": Rule(WARNING, "a stalemate message contradicts the rules text",
                                     "make the message (and the code) follow the stated stalemate rule"),
    "GC-PHP-EXPRESSION": Rule(WARNING, "a value is a PHP expression or array where text is expected; kept verbatim",
                              "write the value as a quoted string"),
    "GC-PHP-INTERPOLATION": Rule(WARNING, "a double-quoted value contains '$name', which PHP would substitute",
                                 "escape the '$' as '\\$' or use single quotes / a nowdoc"),
    "GC-PHP-CALL": Rule(WARNING, "a settings file calls PHP (include, eval, system, ...): code the server would run",
                        "remove the call; a settings file should only assign '$default' keys"),
    "GC-ENCODED-LINK": Rule(ERROR, "a query-string link stored URL-encoded: Game Courier reads its parameters as one "
                                   "key", "decode the link ('%3D' to '=', '%26' to '&') before using or checking it"),
    "GC-DUPLICATE-KEY": Rule(WARNING, "a key is assigned more than once; the last assignment wins",
                             "delete the earlier assignment"),
    "GC-INHERITS": Rule(INFO, "a query-string preset over a settings file that is not available here",
                        "validate the settings file too (paste its source into a .php file)"),
    "GC-UNKNOWN-KEYS": Rule(INFO, "keys this tool does not interpret (kept verbatim)",
                            "none needed; report the key names if they matter"),
}
"""Every rule, by code."""


def finding(code: str, location: Location, message: str, *, key: str | None = None, fix: str | None = None) -> Finding:
    """A :class:`Finding` of rule ``code`` with its severity and fix (``fix`` replaces the rule's general fix with
    one written for this finding, e.g. naming Black's squares)."""
    rule = RULES[code]
    return Finding(location, rule.severity, code, message, fix if fix is not None else rule.fix, key)


def error_text(error: FairyportError) -> str:
    """``reason (expected X, found Y)``: the error's own :meth:`~fairyport.errors.FairyportError.message`
    without its location (the finding carries the location)."""
    return error.message().removeprefix(f"{error.location}: ")
