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
    "GC-LENIENT-ARITY": Rule(WARNING, "a 'fn' call reads differently when 'fn' reads only the operands its "
                                      "function uses, as Game Courier documents",
                             "give 'fn NAME' exactly the operands 'def NAME' uses"),
    "GC-FIXED-ROYAL": Rule(WARNING, "royal square hard-coded ('set K e1'): breaks problems and other setups",
                           "use 'set <label> findpiece <label> spaces;'"),
    "GC-CASTLE-FLAGS": Rule(WARNING, "castling flags set unconditionally (phantom castling in other setups)",
                            "guard each flag with the piece that starts there: 'if == <label> space <square>: "
                            "setflag <square>; endif;'"),
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
"""Every rule of the static lint, by code."""

RUN_RULES: dict[str, Rule] = {
    "GC-RUN-REJECTS": Rule(ERROR, "running the code: it rejects a move the other file (--against) allows",
                           "compare the piece function with the rules"),
    "GC-RUN-ACCEPTS": Rule(ERROR, "running the code: it accepts a move the other file (--against) forbids",
                           "compare the piece function with the rules"),
    "GC-RUN-ASYMMETRIC": Rule(ERROR, "running the code (--run): a move only one side may make in mirrored positions",
                              "make the two sides' functions mirror images"),
    "GC-RUN-NO-SYMMETRY": Rule(INFO, "--run: the start position is not colour-symmetric, so the sides are not "
                                     "compared", "none needed"),
    "GC-RUN-UNCALLED": Rule(WARNING, "--run: a 'def' or 'sub' no run called",
                            "remove the function or call it where it is needed"),
    "GC-RUN-NEVER-TAKEN": Rule(WARNING, "--run: a branch no run took", "remove the branch or fix its condition"),
    "GC-RUN-NEVER-RAN": Rule(WARNING, "--run: a statement no run reached",
                             "remove the code or fix the condition that skips it"),
    "GC-RUN-PROMOTION-UNREACHED": Rule(WARNING, "--run: a piece that may promote never promoted on its tour",
                                       "check the promotion zone and the piece's moves"),
    "GC-RUN-PROMOTION-CHOICE-UNREACHED": Rule(WARNING, "--run: a promotion choice the code never accepted",
                                              "check the promotion code's list of choices"),
    "GC-RUN-READING": Rule(WARNING, "--run --strict: the code gives other moves, or stops, under another reading of "
                                    "a point Game Courier's pages leave open",
                           "write the code so that it does not depend on the order 'and' / 'or' evaluate or on "
                           "how many operands 'fn' reads: separate statements for tests that need earlier ones"),
    "GC-RUN-UNSCREENED": Rule(WARNING, "--run --strict: the code accepts a turn no player may make (two moves, the "
                                       "other side's piece, typed GAME Code)",
                              "screen typed input as the includes do: 'setsystem maxmove 2; ban commands allmoves; "
                              "allow moves 1 captures 1 promotions 2;', and die on a piece of the other side"),
    "GC-RUN-NOT-RUN": Rule(WARNING, "--run: the code cannot be run, so no finding comes from running it",
                           "remove what the interpreter cannot run (see the message), or check the game with "
                           "'--engine model'"),
}
"""The findings of running the code (``validate --run`` / ``--against``), by code."""

_TUTORIAL = "GAME Code Tutorial (chessvariants.com/play/pbm/tutorial.html)"
_ENFORCING = "How to Enforce Rules in Game Courier (chessvariants.com/play/pbm/enforcingrules.html)"
_STATUS = ("Fergus Duniho on how Game Courier estimates enforcement, 2017-07-03 and 2018 "
           "(chessvariants.com/index/listcomments.php?id=34551, id=36817)")
_EDIT_FORM = "Game Courier's preset Edit form (the fields 'FEN Code', 'Max Columns', file and rank labels, rules)"
_SETTINGS = "settings files as Game Courier documents them (chessvariants.com/play/pbm/fairychess.html)"
_PROJECT = "this project's rule (Game Courier documents nothing here)"
_RUNNING = "what running the code shows (fairyport's interpreter; the positions swept are named in the message)"

DOCUMENTED_BY: dict[str, str] = {
    "GC-SYNTAX": "GAME Code statements end with ';' and block headers with ':', 'if' ... 'endif', 'sub' ... "
                 "'endsub' (" + _TUTORIAL + "); the one-line 'if' as Game Courier's author writes it "
                 "(listcomments.php?id=34551, id=44121)",
    "GC-COMMENT-LINE": "Game Courier's answer to a '//' line: 'Syntax Error ... // is not a recognized piece, "
                       "coordinate, command, or subroutine' (2008, chessvariants.com/index/editcomment.php?"
                       "reply=21868)",
    "GC-UNCODED": _STATUS + ": all code blocks empty means 'Uncoded'",
    "GC-INITIAL-ONLY": _STATUS + ": empty Post-Move blocks mean probably no enforcement",
    "GC-CLAIM-WITHOUT-DIE": _TUTORIAL + " ('die' rejects a move); 'verify' (Developer's Guide 2004-02-26, "
                            "listcomments.php?id=5259; id=46537, 2023); 'setflag rules' (" + _STATUS + ")",
    "GC-NO-SETLEGAL": "legal-move display through 'setlegal' (chessvariants.com/play/pbm/legalmoves.html)",
    "GC-NO-RULES": "Game Courier shows 'The rules have not yet been described here' (" + _EDIT_FORM + ")",
    "GC-NO-RULES-TEXT": _EDIT_FORM,
    "GC-NO-RULES-URL": _EDIT_FORM,
    "GC-NO-FEN": _EDIT_FORM + ": the board is the FEN Code",
    "GC-COLS": _EDIT_FORM + ": 'Max Columns' is the board width",
    "GC-COLS-MISSING": _EDIT_FORM + "; the width assumed is DEFAULT_COLS = 8, " + _PROJECT,
    "GC-FEN-SYNTAX": "Game Courier's FEN Code (digits for empty cells, '/' between ranks, {label} for long labels) "
                     "(" + _EDIT_FORM + ")",
    "GC-FEN-WIDTH": "cells beyond 'Max Columns' wrap into the next rank (" + _EDIT_FORM + ")",
    "GC-FEN-PADDED": _EDIT_FORM + "; that a short rank of a square board is a mistake is " + _PROJECT,
    "GC-LABEL-COUNT": _EDIT_FORM,
    "GC-LABEL-NOT-IN-SET": "piece sets ($pieces) of " + _SETTINGS,
    "GC-LABEL-NO-DEF": "piece functions 'def <label>' called as 'fn <label> origin dest' (" + _ENFORCING + ")",
    "GC-NO-MOVE-FN": "piece functions 'def <label>' (" + _ENFORCING + ")",
    "GC-ASYMMETRIC-DEFS": "checkleap / checkaleap deltas (" + _TUTORIAL + "); the mirror test is " + _PROJECT,
    "GC-LENIENT-ARITY": "Fergus Duniho, 2020-07-29 (Game Courier history comments): a function given too many "
                        "arguments reads only the ones it needs; the rest stay for the enclosing expression",
    "GC-FIXED-ROYAL": "Fergus Duniho, 2010: 'set K findpiece K spaces;' so that problems work "
                      "(listcomments.php?id=26811)",
    "GC-CASTLE-FLAGS": "Fergus Duniho, 2022-03-22: flags set only when the King or Rook is on the square "
                       "(listcomments.php?id=44121)",
    "GC-SQUARE-DELTAS-ON-HEX": "checkleap / checkride expand a delta over the square board's symmetries (" + _TUTORIAL
                               + "); on hexagonal boards see the project's Game Courier notes, section 6.5",
    "GC-STALEMATE-CONTRADICTS": "Post-Game code announces the result (" + _ENFORCING + "); the comparison with the "
                                "rules text is " + _PROJECT,
    "GC-NOT-RUNNABLE": "fairyport's interpreter (docs/gamecourier.md, 'The GAME Code interpreter'): the words it "
                       "runs; 'eval' of a 'MOVE:' string (H. G. Muller's presets, editcomment.php?reply=39815)",
    "GC-PHP-EXPRESSION": _SETTINGS + ": values are PHP strings",
    "GC-PHP-INTERPOLATION": "PHP double-quoted strings and heredocs substitute '$name' (the PHP manual, Strings)",
    "GC-PHP-CALL": _SETTINGS + "; the calls listed (PHP_CALLS) are " + _PROJECT,
    "GC-ENCODED-LINK": "query strings: '%3D' and '%26' are a value's '=' and '&', not separators (RFC 3986; "
                       "an encoded link posted in 2008, editcomment.php?reply=21868)",
    "GC-DUPLICATE-KEY": "PHP assignment: the last one wins (the PHP manual)",
    "GC-INHERITS": "Fergus Duniho, 2024: a preset link names a settings file whose keys it does not repeat "
                   "(listcomments.php?id=62327)",
    "GC-UNKNOWN-KEYS": _PROJECT + " (KNOWN_KEYS lists the keys read)",
    **{code: _RUNNING for code in RUN_RULES},
    "GC-RUN-UNSCREENED": "Fergus Duniho, 2008-10-12 (listcomments.php?id=20841): 'setsystem maxmove 2; ban commands "
                         "allmoves; allow moves 1 captures 1 promotions 2;' ... 'you will need to add this or similar "
                         "code yourself'; " + _RUNNING,
    "GC-RUN-READING": "the readings of fairyport/gamecourier/interpreter/readings.py: right-to-left stack evaluation "
                      "(Fergus Duniho, listcomments.php?id=37178) and 'fn' arity (Duniho 2020-07-29); " + _RUNNING,
}
"""For every finding code, the documentation it rests on."""


def finding(code: str, location: Location, message: str, *, key: str | None = None, fix: str | None = None) -> Finding:
    """A :class:`Finding` of rule ``code`` with its severity and fix (``fix`` replaces the rule's general fix with
    one written for this finding, e.g. naming Black's squares)."""
    rule = RULES[code] if code in RULES else RUN_RULES[code]
    return Finding(location, rule.severity, code, message, fix if fix is not None else rule.fix, key)


def error_text(error: FairyportError) -> str:
    """``reason (expected X, found Y)``: the error's own :meth:`~fairyport.errors.FairyportError.message`
    without its location (the finding carries the location)."""
    return error.message().removeprefix(f"{error.location}: ")
