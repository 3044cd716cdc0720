"""Reading back what :mod:`.hands` writes: storage ranks (hands), ``sub stow`` (captures to hand), ``sub baddrop``
(drops and their rules), ``+X`` labels (promoted pieces) and shogi-style promotion triggers.

Only the writer's idioms are recognised; a preset whose storage is laid out otherwise (storage files, storage
between board ranks) is refused with an :class:`~fairyport.errors.UnsupportedError`.
"""

from __future__ import annotations

import dataclasses
import itertools

from fairyport.errors import Location, UnsupportedError
from fairyport.gamecourier.analysis import Analysis
from fairyport.gamecourier.interpreter.game import STORAGE_MARK
from fairyport.gamecourier.interpreter.nodes import Call, Command, Expr, Group, IfBlock, SubBlock, integer
from fairyport.gamecourier.write.hands import PROMOTED_MARK, trigger_test
from fairyport.model import SHOGI_TRIGGERS, PromotionTrigger


@dataclasses.dataclass(frozen=True)
class Storage:
    """Where the board proper lies among the preset's ranks."""

    below: int
    """Storage ranks below the board (every absolute rank number in the code counts them)."""
    board_ranks: tuple[int, ...]
    """Indexes of the board's ranks in the preset's rank list."""


def storage_of(info: Analysis, where: Location) -> Storage | None:
    """The storage layout of the preset, None without storage; refuses layouts the writer never makes."""
    if not any(label.startswith(STORAGE_MARK) for label in (*info.files, *info.ranks)):
        return None
    if any(label.startswith(STORAGE_MARK) for label in info.files):
        raise UnsupportedError("storage files for pieces in hand are not read (only storage ranks below and above "
                               "the board)", where, feature="pieces in hand (storage files)")
    board = [i for i, label in enumerate(info.ranks) if not label.startswith(STORAGE_MARK)]
    if not board or board != list(range(board[0], board[-1] + 1)):
        raise UnsupportedError("storage ranks between the board's ranks are not read", where,
                               feature="pieces in hand (storage ranks)")
    return Storage(board[0], tuple(board))


def _pregame_subs(info: Analysis) -> dict[str, SubBlock]:
    found: dict[str, SubBlock] = {}
    for block in info.code:
        for statement in block.program.statements:
            if isinstance(statement, SubBlock):
                found[statement.name] = statement
    return found


def promoted_targets(info: Analysis) -> dict[str, str]:
    """``+P`` -> ``G``: each promoted label (White's) and the label of the type it moves as."""
    found: dict[str, str] = {}
    for name, (_, command) in info.defs.items():
        expr = command.expr
        if name.startswith(PROMOTED_MARK) and name[1:2].isupper() and isinstance(expr, Call) and expr.op == "fn" \
                and expr.args:
            found[name] = expr.args[0].canonical()
    return found


def read_triggers(info: Analysis, label: str) -> frozenset[PromotionTrigger] | None:
    """The triggers of ``label``'s promotion when written shogi-style (None: the chess default)."""
    text = "\n".join(block.value.text or "" for block in info.code if block.key == "pregame")
    zone_from, zone_to = f"fn promo_zone_{label} #from", f"fn promo_zone_{label} #to"
    for n in range(len(SHOGI_TRIGGERS), 0, -1):
        for chosen in itertools.combinations(sorted(SHOGI_TRIGGERS, key=lambda t: t.value), n):
            triggers = frozenset(chosen)
            for compact in (True, False):  # presets written before the compact form too
                test = trigger_test(triggers, zone_from, zone_to, compact=compact)
                if test != zone_to and f"if {test}:" in text:
                    return triggers
    return None


@dataclasses.dataclass
class DropLimits:
    """What ``sub baddrop`` says of one label."""

    allowed: Expr | None = None
    max_per_file: int | None = None
    max_per_square_color: int | None = None
    no_check: bool = False
    """The drop may not give check (``if sub checked #enemy #side: return true``)."""
    no_mate: bool = False
    """A drop that checkmates is refused (``if sub checked #enemy #side: if not sub canmove #enemy #side: return
    true``, or ``sub dropchecks #to #piece #enemy`` first)."""


def read_drops(info: Analysis) -> dict[str, DropLimits] | None:
    """Per label (both colours): the drop squares' condition on ``#to`` and the count limits; None without
    ``sub baddrop``."""
    sub = _pregame_subs(info).get("baddrop")
    if sub is None:
        return None
    found: dict[str, DropLimits] = {}
    for statement in sub.body:
        if not isinstance(statement, IfBlock):
            continue
        condition = statement.branches[0].condition
        if not (isinstance(condition, Call) and condition.op == "==" and len(condition.args) == 2
                and condition.args[0].canonical() == "#piece"):
            continue
        limits = found.setdefault(condition.args[1].canonical(), DropLimits())
        counting = None
        for inner in statement.branches[0].body:
            if isinstance(inner, Command) and inner.name == "set":
                counting = "file" if "sub onfile" in inner.text else "color" if "sub oncolor" in inner.text else None
            elif isinstance(inner, IfBlock):
                test = inner.branches[0].condition
                if test is not None and test.canonical() in _CHECK_TESTS and _asks_canmove(inner):
                    limits.no_mate = True
                elif test is not None and test.canonical() == _CHECK_TESTS[0]:
                    limits.no_check = True
                elif isinstance(test, Call) and test.op == "not" and test.args:
                    zone = test.args[0]
                    limits.allowed = zone.inner if isinstance(zone, Group) else zone
                elif isinstance(test, Call) and test.op == ">" and len(test.args) == 2:
                    value = integer(test.args[1])
                    if counting == "file":
                        limits.max_per_file = value
                    elif counting == "color":
                        limits.max_per_square_color = value
    return found


_CHECK_TESTS = ("sub checked #enemy #side", "sub dropchecks #to #piece #enemy")
"""The tests ``baddrop`` makes of whether a drop checks: every royal piece (a drop that may not check, the drop-mate
rule) or the dropped piece's attack alone (the drop-mate rule where only that piece can give check)."""


def _asks_canmove(block: IfBlock) -> bool:
    """Whether the body of ``block`` is the drop-mate test, ``if not sub canmove #enemy #side``."""
    return any(isinstance(inner, IfBlock) and inner.branches[0].condition is not None
               and inner.branches[0].condition.canonical() == "not sub canmove #enemy #side"
               for inner in block.branches[0].body)


def has_sub(info: Analysis, name: str) -> bool:
    """True if the preset defines ``sub name``."""
    return name in _pregame_subs(info)
