"""Reading back the move rules and goals :mod:`fairyport.gamecourier.write.goals` writes: forced captures and drops,
no checks, the extinction and connection goals, flag goals with a count, a full zone or an extra move, atomic
captures, and the protection of the last royal piece only.

Each rule is taken from the writer's own lines (``sub cancapture``, ``sub extinct_white``, ...), and accepted only
when the writer, given the rules found, writes exactly those subs again (each line of them is in the preset's
Pre-Game code, in order); a preset where that fails keeps the sub as untranslated code, so the rule is not lost
silently: such a game is not played by the generator nor converted.
"""

from __future__ import annotations

import dataclasses
import re

from fairyport.gamecourier.analysis import Analysis
from fairyport.gamecourier.write import goals
from fairyport.model import (
    BLACK,
    CONNECT_DIRECTIONS,
    UNTRANSLATED,
    WHITE,
    Blast,
    ConnectGoal,
    ExtinctionGoal,
    FlagGoal,
    Game,
    KeptCode,
    RoyalProtection,
    StalemateResult,
)

FORMAT = "gamecourier"
_OWN_RESULT = {command: result for result, command in goals.OWN_RESULT_COMMAND.items()}
_SUB = re.compile(r"^sub (\w+)[^\n]*:\n(.*?)^endsub;", re.M | re.S)
_RULE_SUBS = ("cancapture", "candrop", "blast", "unblast", "nearroyal")
"""The writer's rule subs with one name (the others end in the side: ``extinct_white``, ...)."""
_STEPS = {step: name for name, steps in goals.CONNECT_STEPS.items() for step in steps}


def _subs(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in _SUB.finditer(text)}


def _own_result(game: Game, info: Analysis, test: str) -> StalemateResult | None:
    """The result the writer's Post-Game 1 gives White for ``if/elseif TEST: say ...; COMMAND;``."""
    found = re.search(rf"(?:if|elseif) {re.escape(test)}:\n  say [^\n]*\n  (\w+);", info.preset.get("postgame1") or "")
    return _OWN_RESULT.get(found.group(1)) if found else None


def read_goals(info: Analysis, game: Game) -> None:
    """Set ``game.rules``' forced captures and drops, no checks, extinction, connection and flag count / full zone
    / extra move from the writer's idioms, each checked by writing it again."""
    pregame = info.preset.get("pregame") or ""
    subs = _subs(pregame)
    rules = game.rules
    rules.must_capture = "cancapture" in subs
    rules.must_drop = "candrop" in subs
    rules.no_checks = "  if not #il_bad and sub checked #enemy #side:" in pregame
    if "  if > #ck_count 1:\n    return false;" in subs.get("checked", ""):
        rules.royal_protection = RoyalProtection.LAST
    if "extinct_white" in subs:
        rules.extinction = _extinction(subs["extinct_white"], game, _own_result(game, info, "sub extinct_white"))
    if "connected_white" in subs:
        rules.connect = _connect(subs["connected_white"], game, _own_result(game, info, "sub connected_white"))
    if "blast" in subs:
        spared = re.search(r"if == #bl_p1 @ or match #bl_p1 ([^:\n]+):", subs["blast"])
        rules.blast = Blast(tuple(dict.fromkeys(_labels(spared.group(1)))) if spared else ())
    if "flagged_white" in subs:
        rules.flag = _flag(subs, game)
    elif rules.flag is not None and "flagover_white" in subs and "if fn flagged_white:" in subs["flagover_white"]:
        rules.flag = dataclasses.replace(rules.flag, extra_move=True)
    _verify(info, game, pregame)


def _labels(text: str) -> list[str]:
    return [label.upper() for label in text.split()]


def _extinction(body: str, game: Game, result: StalemateResult | None) -> ExtinctionGoal | None:
    ret = re.search(r"return (.*);", body)
    counts = re.findall(r"<= #ex_mine\w* (\d+) and >= #ex_theirs\w* (\d+)", ret.group(1) if ret else "")
    if not counts or result is None:
        return None
    groups = re.findall(r"^    if match #ex_lab ([^:\n]+):", body, re.M)
    pieces = None if "fn white #ex_lab" in body else tuple(_labels(g)[0] for g in groups)
    return ExtinctionGoal(pieces, int(counts[0][0]), int(counts[0][1]), result)


def _connect(body: str, game: Game, result: StalemateResult | None) -> ConnectGoal | None:
    if result is None:
        return None
    count = re.search(r">= #cn_run (\d+):", body)
    steps = {(int(x), int(y)) for x, y in re.findall(r"set cn_at where #cn_sq (-?\d+) (-?\d+);", body)}
    directions = tuple(d for d in CONNECT_DIRECTIONS if any(_STEPS.get(s) == d for s in steps)) if count else ()
    block = re.findall(r"set cn_at where #cn_sq -(\d+) (\d+);", body)
    square = max((int(x) + 1 for x, _ in block), default=0) if "#cn_block" in body else 0
    first = re.search(r"if match #cn_lab ([^:\n]+?)( and fn inplay #cn_sq)?:", body)
    pieces = tuple(_labels(first.group(1))) if first and "fn white #cn_lab" not in body else None
    return ConnectGoal(int(count.group(1)) if count else 0, directions or CONNECT_DIRECTIONS, pieces, square,
                       None, result)


def _flag(subs: dict[str, str], game: Game) -> FlagGoal | None:
    found: list[tuple[str | None, frozenset[str], int, bool]] = []
    for side in goals.SIDES:
        body = subs.get(f"flagged_{side}", "")
        squares = re.search(r"for fl_sq array ([^:\n]+):", body)
        count = re.search(r"return >= #fl_in (\d+)", body)
        piece = re.search(r"if == #fl_lab (\S+):", body)
        if squares is None or count is None:
            return None
        found.append((piece.group(1).upper() if piece else None, frozenset(squares.group(1).split()),
                      int(count.group(1)), "#fl_full)" in body))
    extra = "flagover_white" in subs and "flagged_white:" in subs["flagover_white"].split("\n", 1)[0]
    for zone in dict.fromkeys(z.name for z in game.zones):
        if all(game.zone_squares(zone, color) == found[color][1] for color in (WHITE, BLACK)):
            return FlagGoal(zone, found[WHITE][0], found[BLACK][0], found[WHITE][2], found[WHITE][3], extra)
    return None


def _verify(info: Analysis, game: Game, pregame: str) -> None:
    """Keep as untranslated code each written rule the writer, given what was read, does not write again."""
    ep_labels = [name[len("ep_"):] for name in info.defs if name.startswith("ep_")]
    written = goals.goal_subs(game, ep_labels) + goals.flag_lines(game) + goals.blast_subs(game)
    wanted = {name: body for name, body in _subs(pregame).items()
              if name in _RULE_SUBS or name.startswith(("extinct_", "connected_", "flagged_", "flagover_"))}
    regenerated = _subs("\n".join(written) + "\n")
    for name, body in wanted.items():
        if regenerated.get(name) != body:
            game.kept.append(KeptCode(FORMAT, UNTRANSLATED, f"rule sub {name}: not the writer's idiom for the "
                                      "rules read", game.metadata.source))


__all__ = ["read_goals"]
