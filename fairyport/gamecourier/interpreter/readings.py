"""The points of GAME Code that Game Courier's documentation leaves open: one named constant per reading.

A written preset must be correct under every reading (``tests/gamecourier/test_gamecode_readings.py`` proves
the bundled presets under each combination of :data:`COMBINATIONS`); ``validate --run --strict`` runs a preset
under each and reports what changes. Sources are cited in docs/gamecourier.md ("Readings").
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Literal

LogicReading = Literal["left-first", "right-first", "every-operand"]
ArityReading = Literal["rest", "def"]
LocalReading = Literal["my", "main"]

LOGIC_LEFT_FIRST: LogicReading = "left-first"
"""``a and b`` / ``a or b`` as infix operators grouped from the left, the left operand first, stopping as soon as
the value is known (fairyport's reading before issue 34; the one a reader of infix code expects)."""
LOGIC_RIGHT_FIRST: LogicReading = "right-first"
"""The operand on the right first, then the one on its left, stopping as soon as the value is known: Game
Courier evaluates an expression from the right with a stack, and its logical operators take "either one or two
operands" so that they can be strung together "as though you were using infix notation, but it doesn't work the
same way as infix notation would" (Fergus Duniho, chessvariants.org comment 37178)."""
LOGIC_EVERY_OPERAND: LogicReading = "every-operand"
"""Every operand of the chain evaluated, from the right, before the value is taken: no short-circuit at all (the
pages do not say that the stack stops early)."""

ARITY_REST: ArityReading = "rest"
"""``fn NAME`` takes every operand to its right up to ``and`` / ``or`` or ``)`` (fairyport's former reading)."""
ARITY_DEF: ArityReading = "def"
"""``fn NAME`` reads as many operands as the function uses (its highest ``#N`` plus one, or its named
parameters); "If too many are given, only the ones that are needed get read and used" and the rest stay for the
enclosing expression (Fergus Duniho, 2020-07-29, Game Courier history comments). A call whose name is computed
(``fn #side ...``) cannot be counted before it runs: it takes the rest, and written code must call such names
with exactly the operands every candidate function uses, at the end of its expression or in parentheses."""


LOCAL_AS_MY: LocalReading = "my"
"""``local NAMES`` makes variables of the running subroutine, exactly as ``my`` does: lexically scoped to it,
unseen by the functions and subroutines it calls, gone when it returns. Fergus Duniho, 2016-06-21 (comment on the
Developer's Guide, ``listcomments.php?id=32600``): "I plan to remove what I have called local variables and use
the name local for my variables. For the sake of not breaking old code, I'll treat my and local as synonyms"."""
LOCAL_MAIN_SCOPE: LocalReading = "main"
"""``local`` as it was before that plan (same comment): a variable of the narrowest scope but "lexically scoped
... to the main scope", so "visible to any functions they call"; here, the global's value saved and put back when
the subroutine returns (fairyport's reading before issue 34). Whether the plan was carried out is not said on the
pages available."""


@dataclasses.dataclass(frozen=True)
class Readings:
    """One choice for each open point."""

    logic: LogicReading = LOGIC_RIGHT_FIRST
    arity: ArityReading = ARITY_DEF
    local: LocalReading = LOCAL_AS_MY

    @property
    def name(self) -> str:
        """``right-first/def`` (``right-first/def/local-main`` off the default ``local``): how tests, findings and
        the corpus benchmark name the combination."""
        name = f"{self.logic}/{self.arity}"
        return name if self.local == LOCAL_AS_MY else f"{name}/local-{self.local}"


DOCUMENTED = Readings(LOGIC_RIGHT_FIRST, ARITY_DEF)
"""What the pages say, where they say it: the interpreter's default."""
LENIENT = Readings(LOGIC_LEFT_FIRST, ARITY_REST)
"""fairyport's former reading: what code written for it may rely on (``validate --run --strict`` compares)."""
COMBINATIONS: tuple[Readings, ...] = tuple(
    Readings(logic, arity) for logic, arity in itertools.product(
        (LOGIC_LEFT_FIRST, LOGIC_RIGHT_FIRST, LOGIC_EVERY_OPERAND), (ARITY_REST, ARITY_DEF)))
"""Every combination of the ``and`` / ``or`` and ``fn`` readings: a written preset gives the same moves under each
(no writer writes ``local``, so its reading is the default in each)."""
EVERY_READING: tuple[Readings, ...] = (*COMBINATIONS, Readings(local=LOCAL_MAIN_SCOPE))
""":data:`COMBINATIONS` and the other reading of ``local``: what ``validate --run --strict`` compares a preset
under."""
