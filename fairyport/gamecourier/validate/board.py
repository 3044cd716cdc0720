"""Lint checks on a preset's keys, board and rules text (no GAME Code here)."""

from __future__ import annotations

import re
from collections.abc import Callable

from fairyport.diagnostics import Finding
from fairyport.gamecourier.analysis import Analysis
from fairyport.gamecourier.syntax.php import Assignment, PhpRaw, RawStatement
from fairyport.gamecourier.syntax.preset import KNOWN_KEYS
from fairyport.gamecourier.validate.rules import error_text, finding

Check = Callable[[Analysis], list[Finding]]



def check_values(a: Analysis) -> list[Finding]:
    """PHP expressions where text is expected, interpolation, duplicate and unknown keys."""
    preset = a.preset
    out: list[Finding] = []
    for key, value in preset.values.items():
        where = value.location()
        if value.text is None and (key in KNOWN_KEYS):
            out.append(finding("GC-PHP-EXPRESSION", where, f"'{key}' is a PHP {value.kind}; it is kept verbatim "
                               "and not interpreted", key=key))
        if value.interpolated:
            out.append(finding("GC-PHP-INTERPOLATION", where, f"'{key}' contains '$' followed by a name; PHP would "
                               "substitute a variable there", key=key))
    for key, offset in preset.duplicates:
        out.append(finding("GC-DUPLICATE-KEY", preset.location(offset), f"'{key}' is assigned again later", key=key))
    unknown = [key for key in preset.values if key not in KNOWN_KEYS]
    if unknown:
        first = preset.values[unknown[0]]
        out.append(finding("GC-UNKNOWN-KEYS", first.location(),
                           "not interpreted, kept verbatim: " + ", ".join(unknown), key=unknown[0]))
    return out


def check_encoded_link(a: Analysis) -> list[Finding]:
    """A link stored URL-encoded (``game%3DChess%26settings%3D...``): its parameters read as one key holding ``=``."""
    preset = a.preset
    if preset.kind != "query":
        return []
    for key in preset.values:
        if "=" in key:
            return [finding("GC-ENCODED-LINK", preset.location(0), f"the link is URL-encoded ('%3D' for '=', '%26' "
                            f"for '&'): its parameters read as one key, {key[:60]!r}", key=key)]
    return []


def check_rules_text(a: Analysis) -> list[Finding]:
    """Rules text and rules URL."""
    preset = a.preset
    rules = (preset.get("rules") or "").strip()
    url = (preset.get("rulesurl") or "").strip()
    where = preset.location(0)
    if a.inherits and "rules" not in preset.values and "rulesurl" not in preset.values:
        return []  # given by the settings file (GC-INHERITS)
    if not rules and not url:
        return [finding("GC-NO-RULES", where, "players see: 'The rules have not yet been described here'",
                        key="rules")]
    if not rules:
        return [finding("GC-NO-RULES-TEXT", preset.values["rulesurl"].location(), "only a rules URL is "
                        "given", key="rules")]
    if not url:
        return [finding("GC-NO-RULES-URL", preset.values["rules"].location(), "only a rules text is "
                        "given", key="rulesurl")]
    return []


def check_inherits(a: Analysis) -> list[Finding]:
    """A query-string preset over a settings file that is not available here."""
    if a.inherits is None:
        return []
    value = a.preset.values["settings"]
    return [finding("GC-INHERITS", value.location(), f"keys not given here come from the settings "
                    f"file '{a.inherits}', which is not available; checks of code and rules are skipped",
                    key="settings")]


def check_board(a: Analysis) -> list[Finding]:
    """FEN presence and syntax, ``cols``, rank widths, padding on square boards, label counts."""
    preset = a.preset
    out: list[Finding] = []
    cols_value = preset.values.get("cols")
    inherited = a.inherits is not None  # keys not given here come from the settings file (GC-INHERITS)
    if a.cols_problem == "missing" and not inherited:
        out.append(finding("GC-COLS-MISSING", preset.location(0), "no 'cols' key", key="cols"))
    elif a.cols_problem is not None and cols_value is not None:
        out.append(finding("GC-COLS", cols_value.location(), f"'cols' is {a.cols_problem}", key="cols"))
    code = preset.values.get("code")
    if code is None and inherited:
        return out
    if code is None or not (code.text or "").strip():
        out.append(finding("GC-NO-FEN", preset.location(0) if code is None else code.location(), "no FEN code",
                           key="code"))
        return out
    if a.board_error is not None:
        out.append(finding("GC-FEN-SYNTAX", a.board_error.location, error_text(a.board_error), key="code"))
        return out
    board = a.board
    if board is None:
        return out
    shape = (preset.get("shape") or "").lower()
    square = not shape.strip() or "square" in shape  # hexagonal, circular and custom shapes use holes freely
    for note in board.notes:
        where = code.location(note.offset)
        if not note.started_mid_rank and note.cells > board.cols and note.cells % board.cols:
            out.append(finding("GC-FEN-WIDTH", where, f"this rank has {note.cells} cells but 'cols' is {board.cols}; "
                               "the extra cells wrap into the next rank", key="code"))
        elif square and note.padded and not note.started_mid_rank:
            out.append(finding("GC-FEN-PADDED", where, f"this rank has {note.cells} cells; {note.padded} holes are "
                               f"added to reach {board.cols}", key="code"))
    if board.short_last_rank:
        last = board.notes[-1]
        out.append(finding("GC-FEN-WIDTH", code.location(last.offset),
                           f"the last rank is {board.short_last_rank} cells short of 'cols' = {board.cols}",
                           key="code"))
    for key, count in (("files", board.cols), ("ranks", len(board.ranks))):
        labels = preset.get(key)
        if labels is not None and labels.strip() and len(labels.split()) != count:
            out.append(finding("GC-LABEL-COUNT", preset.values[key].location(),
                               f"{len(labels.split())} labels for {count} {key}", key=key))
    return out


def check_set_labels(a: Analysis) -> list[Finding]:
    """Labels on the board that the piece set lacks (when the preset carries its set)."""
    if a.board is None or a.set_labels is None:
        return []
    code = a.preset.values["code"]
    return [finding("GC-LABEL-NOT-IN-SET", code.location(cell.offset or 0),
                    f"'{label}' is not in the piece set ({a.set_source})", key="code")
            for label, cell in a.board.first_cells().items() if label not in a.set_labels]


PHP_CALLS = ("include", "include_once", "require", "require_once", "eval", "assert", "system", "exec", "shell_exec",
             "passthru", "popen", "proc_open", "pcntl_exec", "create_function", "call_user_func",
             "call_user_func_array", "file_get_contents", "file_put_contents", "fopen", "readfile", "unlink")
"""PHP calls reported in a settings file (``GC-PHP-CALL``): code inclusion and evaluation, program execution, and
file access. A settings file is PHP that Game Courier's server runs; the documented presets hold only ``$default``
assignments, so any such call is at best out of place. The list is this project's (Game Courier documents no
list)."""
_CONSTRUCTS = ("include_once", "include", "require_once", "require")  # language constructs: no '(' needed
_PHP_CALL = re.compile(r"(?<![$\w>:])(?:(" + "|".join(_CONSTRUCTS) + r")\b(?=\s*[^\s;=])|("
                       + "|".join(n for n in PHP_CALLS if n not in _CONSTRUCTS) + r")\s*\()|`", re.IGNORECASE)
_PHP_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", re.DOTALL)


def check_php_calls(a: Analysis) -> list[Finding]:
    """PHP calls (:data:`PHP_CALLS`) or backtick shell commands in the settings file, outside string literals."""
    out: list[Finding] = []
    for holder in (a.preset, a.preset.base):
        if holder is None or holder.settings is None:
            continue
        settings = holder.settings
        for segment in settings.segments:
            if isinstance(segment, RawStatement):
                text, start = segment.text, segment.offset
            elif isinstance(segment, Assignment) and isinstance(segment.value, PhpRaw):
                text, start = segment.value_text, segment.value_offset
            else:
                continue
            # string contents blanked (offsets kept), so that text such as '<p>eval(...)</p>' is no call
            blanked = _PHP_STRING.sub(lambda m: m.group()[0] + " " * (len(m.group()) - 1), text)
            for match in _PHP_CALL.finditer(blanked):
                name = match.group(1) or match.group(2) or "`...` (shell command)"
                out.append(finding("GC-PHP-CALL", settings.location(start + match.start()),
                                   f"the settings file calls PHP '{name}'; Game Courier's server would run it"))
    return out


BOARD_CHECKS: tuple[Check, ...] = (check_values, check_php_calls, check_inherits, check_rules_text, check_board,
                                   check_set_labels)
"""The checks of this module, in reporting order."""
