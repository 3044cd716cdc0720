"""A written preset as Game Courier's Edit form shows it: ``fairyport convert IN --to gamecourier --form``.

A settings file cannot be uploaded: a preset's author opens a preset's Edit form and pastes each value into its
field. This prints every value the writer sets under the form's own label, in the form's order (the labels of
the Edit form, reference notes ``gamecourier.md`` section 2.1, ``gc_samples/15``), with the boxes to tick.
"""

from __future__ import annotations

from fairyport.gamecourier.analysis import analyse
from fairyport.gamecourier.syntax.preset import CODE_BLOCKS, parse_preset

FORM_FIELDS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Identification", (("game", "Game"), ("rulesurl", "Rules URL"), ("settings", "Settings"))),
    ("Structure", (("code", "FEN Code"), ("files", "Files"), ("ranks", "Rank Labels"), ("cols", "Max Columns"),
                   ("sides", "Sides"), ("board", "Checker Pattern"))),
    ("Appearance", (("shape", "Shape"), ("set", "Set"))),
)
"""The one-line fields the writer fills: (group, ((key, Edit-form label), ...)), in the form's order."""
BYPASS_LABEL_CHECK = "Bypass Error Check on Piece Label"
"""The Advanced box to tick when a label the code uses is not one letter (``+P``, a promoted piece): the form checks
labels against the piece set, and a set's labels are letters (fairyport's reading: the pages do not list a set's
labels, and the form's check is not documented beyond its name)."""


def unusual_labels(text: str, file: str | None = None) -> list[str]:
    """The piece labels the preset uses (FEN code, set, and functions in upper / lower case pairs: ``def +P`` /
    ``def +p``) that are not a single letter."""
    labels = analyse(parse_preset(text, file)).labels()
    return sorted(label for label in labels if not (len(label) == 1 and label.isalpha()))


def edit_form(text: str, file: str | None = None) -> str:
    """The settings file ``text`` as the Edit form's fields: each label, then the text to paste into it."""
    preset = parse_preset(text, file)
    title = preset.get("game") or "the game"
    lines = [f"Game Courier Edit form for {title}: open a preset's Edit page, fill each field below with the text "
             "under its label, tick the boxes marked [x], and save under a new Settings name.", ""]
    for group, fields in FORM_FIELDS:
        lines.append(f"== {group} ==")
        for key, label in fields:
            value = preset.get(key)
            if key == "settings" and value is None:
                value = "".join(ch for ch in title.lower() if ch.isalnum()) or "preset"
                value += "  (a name of your choice: the file Game Courier saves)"
            if value is not None:
                lines.append(f"{label}: {value}")
        lines.append("")
    unusual = unusual_labels(text, file)
    lines.append("== Advanced ==")
    if unusual:
        lines.append(f"[x] {BYPASS_LABEL_CHECK}  (labels not of one letter: {' '.join(unusual)})")
    else:
        lines.append(f"[ ] {BYPASS_LABEL_CHECK}")
    lines += ["[ ] Skip First Move", "[ ] Do Not Include Moves in Code", "",
              "== Rules and Automation, Programmed in the GAME Code Language =="]
    for key, block in CODE_BLOCKS.items():
        code = preset.get(key)
        if code is not None and code.strip():
            lines += [f"--- {block.label} ---", code.rstrip("\n"), ""]
    rules = preset.get("rules")
    if rules is not None:
        lines += ["== Rules, Written in HTML for Players to Read ==", rules.rstrip("\n"), ""]
    return "\n".join(lines)
