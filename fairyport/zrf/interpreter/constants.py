"""Every choice the interpreter makes where Zillions' behaviour is not documented, one named constant each.

The README ("The ZRF interpreter") lists them with their reasons; ``tests/test_zrf_interp_choices.py`` tests
each one. Numbers are bounds the code reads; a ``True``/``False`` or text constant names the behaviour the code
implements (the other behaviour is not implemented: the constant is the place the choice is written down and
asserted by its test, not a switch), except where its docstring says the code reads it as a switch
(:data:`COUNT_GOALS_EXACTLY`, :data:`OFF_BOARD_PIECES_COUNTED_BY_DEFAULT`).
"""

from __future__ import annotations

MAX_STEPS = 100_000
"""Instructions one move block may execute (steps, loop turns) before the run is stopped with a located error:
cyclic links make endless ``while`` loops possible."""

FREE_STEPS_PER_RUN = 1_000
"""Loop turns a move-block run takes without charge to the command's budget: a slide across a 256-file board
takes 255, so legal games of any depth never touch the budget."""

COMMAND_STEP_BUDGET = 5_000_000
"""Loop turns beyond :data:`FREE_STEPS_PER_RUN` that all the runs of one loaded game (one command) may take
together; past it the command stops with exit 3 naming the bound. Each run stays under :data:`MAX_STEPS`, but a
game whose every run loops 99,999 times would otherwise make perft(2) run for hours."""

MAX_PARTIAL_CHAIN = 64
"""Longest ``add-partial`` chain one turn may hold; a longer one is a located error."""

MAX_MOVES = 200_000
"""Most moves one position may generate (a memory bound); more is an error."""

ATTACK_PLACES_MOVER = True
"""``attacked?`` asks whether another player could capture the moving piece if it stood on the current position:
the moving piece is put there for the test (replacing what stands there; an empty position with no moving piece
gets a piece of the side). So castling through a square a pawn attacks diagonally is refused, as in chess, and
an Emperor (``fairychess.zrf``) asking ``not-attacked?`` before capturing on an occupied square asks whether it
would be safe there."""

MAX_ATTACK_DEPTH = 2
"""Attack tests may nest this deep (an attack test running a block that asks ``attacked?``); deeper, the nested
test gives :data:`ATTACK_NESTED_RESULT` instead of recursing."""

ATTACK_NESTED_RESULT = False
"""The value of ``attacked?``/``defended?`` past :data:`MAX_ATTACK_DEPTH` (an opponent's castling is never a
capture, so chess does not depend on it)."""

ATTACK_IGNORES_PRIORITIES = True
"""Attack tests (``attacked?`` and the ``checkmated`` legality filter) count every move of every piece of every
other player, ignoring ``move-priorities``, ``turn-order`` move types and the opponent's own check rule."""

ATTACK_PARTIAL_FIRST_STEP = True
"""In an attack test, only the first step of an ``add-partial`` chain is tried (its captures count)."""

EFFECTS_AT_POSITION_AFTER_MOVE = True
"""``flip``, ``change-owner``, ``change-type``, ``set-attribute`` (and ``create``) act on whatever stands on their
position once the pieces have moved: ``(set-attribute never-moved? false) add`` at the destination marks the
piece that lands there (the official castling code relies on it)."""

PROMOTION_TAKES_NEW_ATTRIBUTES = True
"""A piece changing type by ``(add T)``, ``change-type`` or a partial promotion gets the new type's declared
initial attributes."""

MOVE_NAME_FIRST_SUBMOVE = True
"""A move's origin and destination (its name in ``divide`` and what the next ``last-from?``/``last-to?`` see)
are those of its first sub-move: castling by cascade is the king's ``e1g1``."""

DISTINCT_MOVE_NAMES = True
"""Every legal move of a position has a name of its own (``divide`` counts per name): where moves with different
effects share one (Fanorona's approach and withdrawal captures by one step, ``d3e3``), each of them gets ``x``
and the square for every square it empties besides its origin (``d3e3xf3``, ``d3e3xc3``), and those still alike
``~2``, ``~3``... in the order generated. Moves with unique names keep them."""

PARTIAL_CHAIN_IS_ONE_MOVE = True
"""One perft move is one whole turn: an ``add-partial`` chain counts once per distinct complete chain."""

PARTIAL_FLAGS_RESET = True
"""Flags and position flags start empty at every partial step (they live for one move block run)."""

MOVE_TYPE_OF_CHAIN = "first"
"""An ``add-partial`` chain has the move type of its first step (for ``move-priorities`` and ``turn-order``)."""

COUNT_GOALS_EXACTLY = True
"""``(pieces-remaining N [T])`` and ``(total-piece-count N [T])`` are met when the count is exactly N (``False``:
at most N). The goal tests read this constant. Evidence for "exactly": Zillions' own distribution files count
*up* to a goal from fewer pieces (``kamisado.zrf``: ``(win-condition (White Black) (pieces-remaining 3 Bit))``
with no Bit at the start; ``Dakon.zrf``, ``Walhall.zrf``, ``YoninShogi.zrf``, ``7kingdoms.zrf``), and
``ToguzKumalak.zrf`` lists ``82 S``, ``83 S``, ``84 S`` as three separate win goals, which "at most" would make
pointless. Under "at most" each of these games would end before its first move, in Zillions itself. The
common loss ``(pieces-remaining 0)`` means the same under both readings."""

OFF_BOARD_PIECES_COUNTED_BY_DEFAULT = False
"""Whether ``pieces-remaining`` counts a player's pieces waiting off the board when the file does not set
``(option "include off-pieces" ...)``; the option, where set, decides. Evidence for ``False``: the Cyvasse
lessons (``Cyvasse.zrf``) give Black ``(Point off 1)`` and the win goal ``(pieces-remaining 1 Point)``, which
works only if the waiting Point does not count until dropped; ``Duke.zrf`` and ``dagaz-site/cannon.zrf`` set
``(option "include off-pieces" true)`` explicitly where they want the stock counted (Cannon's ``HQ off 1`` is not
lost before it is dropped). ``total-piece-count`` counts the board only."""

CAPTURED_GOAL_LAST_MOVE = True
"""``(captured T)`` is met for a player when the last move removed one of that player's T pieces."""

FLIP_TO_NEXT_PLAYER = True
"""``flip`` gives a piece to the next player in ``players`` order (the opponent in two-player games);
``change-owner`` gives it to the player moving."""

RECYCLE_TO_OWNER = True
"""With ``(option "recycle captures" true)`` a captured piece goes off the board to its owner's stock, from where
its ``drops`` can bring it back."""

DROP_ON_DUMMY = False
"""Drop blocks are not tried on ``dummy`` positions (off-board storage)."""

FORCED_PASS_ONLY_WITHOUT_MOVES = True
"""``(option "pass turn" forced)`` adds a pass only when there is no other move; ``true`` always adds one."""

FEN_CASTLING_ATTRIBUTES = True
"""A FEN's castling field decides the initial attributes of kings (notation K) and rooks (notation R): a king
keeps them only if its side may castle, a rook only if the field names its wing; every other piece gets its
type's declared initial attributes. An en-passant square ``e3`` sets the previous move to ``e2e4``."""

NEUTRAL_IS_NON_MOVER = True
"""``neutral?``: a piece whose owner never moves in the ``turn-order`` (and ``enemy?`` excludes such pieces)."""

STANDARD_LETTERS = {"King": "K", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "N", "Pawn": "P"}
"""Letters (for FEN and move names) of pieces that have no ``notation``: these chess names get their usual
letter; any other piece the first letter of its name not yet taken (then the next letters of its name), the
first letter if all are taken."""

BARE_ON_BOARD_IS_NOT_DUMMY = True
"""``on-board?`` with no argument (what ``(on-board? $1)`` becomes when a macro call omits ``$1``) holds where
the current position is not a ``dummy`` position."""

UNDEFINED_ZONE_IS_EMPTY = True
"""``in-zone?`` naming a zone the board does not define holds for no position (and ``not-in-zone?`` for every
position), instead of refusing the game. Zillions' documentation is silent; it arises where a variant replaces
the board and keeps a piece whose drops test a zone of the game's board (``dagaz-site/janggi.zrf``, Koma
Janggi: ``setup-place``), which the validator already reports as a warning. Such a drop can then never be
made."""


ANY_TYPE = -2
"""A turn (or an attack test) open to moves of every move type."""
