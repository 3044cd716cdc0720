"""What running a preset's code shows about the code itself: dead code and unreachable promotions.

``fairyport validate preset.php --run [--depth N]`` runs the GAME Code interpreter with tracing on over a
sweep of positions (:func:`sweep`) and reports, at the line and column of the code:

- ``GC-RUN-UNCALLED``: a function (``def``) or subroutine (``sub``) no code ran during the sweep; the message
  says whether the code names it at all (then it is dead by its text too) or only never reached it;
- ``GC-RUN-NEVER-TAKEN``: an ``if`` / ``elseif`` / ``else`` branch never taken;
- ``GC-RUN-NEVER-RAN``: a statement never run (outside never-taken branches and uncalled subroutines, which
  are reported once, at their header);
- ``GC-RUN-PROMOTION-UNREACHED``: a piece the rules let promote that never promoted on its tour (it never
  reaches its zone), and ``GC-RUN-PROMOTION-CHOICE-UNREACHED``: a promotion choice the code never accepted.

These are findings *from running*: they hold for the positions swept, not for every position a game can reach
(warnings, never errors). The sweep is bounded: the positions up to ``depth`` plies from the start (each run
through Pre-Move, every candidate move's Post-Move and the last mover's Post-Game), :data:`PLAYOUTS` seeded
random games, and one *tour* per piece type of the start position that promotes by the rules read into the
model (every piece type when they cannot be read; :data:`TOUR_KEEPS_ROYALS`): that piece alone with the royal
pieces, moved by its own legal moves to every square it can reach (breadth first, at most
:data:`TOUR_SQUARES` squares), its promotions recorded.
"""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from pathlib import Path

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import FairyportError
from fairyport.gamecourier.analysis import Analysis, CodeInfo
from fairyport.gamecourier.interpreter.game import GameCourierGame, GameCourierPosition
from fairyport.gamecourier.interpreter.nodes import Command, IfBlock, Statement, SubBlock
from fairyport.gamecourier.interpreter.parser import LOOP_BLOCKS
from fairyport.gamecourier.interpreter.state import side_of
from fairyport.gamecourier.interpreter.values import EMPTY
from fairyport.gamecourier.syntax.preset import read_preset
from fairyport.model import Game

TOUR_KEEPS_ROYALS = True
"""A piece's tour keeps the royal pieces of both sides on their start squares (the check code of most
presets looks for them) and removes every other piece."""
PLAYOUTS = 2
"""Seeded random games played besides the positions up to ``depth`` (they reach checks, captures and the
middle game that a shallow sweep does not)."""
PLAYOUT_PLIES = 16
"""Plies per random game at most."""
PLAYOUT_SEED = 1
"""The seed of the random games (the findings are deterministic)."""
TOUR_SQUARES = 400
"""At most this many squares are visited per tour (bounds the sweep on large boards)."""
MAX_RUN_FINDINGS = 60
"""Findings of this module reported at most per preset."""


@dataclasses.dataclass
class Sweep:
    """What the sweep ran: the interpreter's trace, the positions visited and each piece's promotions."""

    trace: set[tuple[str, int, str]]
    positions: int
    promotions: dict[str, set[str]]
    """Start label -> labels it became on its tour (upper case; empty when it never promoted)."""


def sweep(game: GameCourierGame, depth: int, touring: set[str] | None = None) -> Sweep:
    """Run ``game`` (compiled with ``trace=True``) over the positions up to ``depth`` plies from the start, the
    random games and the tours of the pieces whose ids are in ``touring`` (None: every piece); see the module
    docstring."""
    assert game.interpreter.trace is not None, "compile the game with trace=True"
    positions = 0
    start = game.position()

    def walk(pos: GameCourierPosition, left: int) -> None:
        nonlocal positions
        positions += 1
        if left <= 0:
            return  # the leaves' Post-Game runs are left to the random games (each is a full move generation)
        if pos.state.ply > 0:
            pos.recorded_legal()
        for move in pos.legal_raw():
            pos.push_raw(move)
            walk(pos, left - 1)
            pos.pop_raw()

    walk(start, depth)
    chooser = random.Random(PLAYOUT_SEED)
    for _ in range(PLAYOUTS):
        pos = game.position()
        for _ in range(PLAYOUT_PLIES):
            moves = pos.legal_raw()
            positions += 1
            if not moves:
                break
            pos.push_raw(chooser.choice(moves))
            pos.recorded_legal()
    royals = _royal_ids(game.analysis)
    home = start.state.board
    promotions: dict[str, set[str]] = {}
    for square, label in sorted(home.items()):
        if label == EMPTY or label in promotions or (touring is not None and label.upper() not in touring):
            continue
        seen, promoted = _tour(game, home, square, label, royals)
        positions += seen
        promotions[label] = promoted
    return Sweep(set(game.interpreter.trace), positions, promotions)


def _royal_ids(analysis: Analysis) -> set[str]:
    from fairyport.gamecourier.read import royal_ids_of

    return royal_ids_of(analysis) if TOUR_KEEPS_ROYALS else set()


def _tour(game: GameCourierGame, home: dict[str, str], square: str, label: str,
          royals: set[str]) -> tuple[int, set[str]]:
    """Breadth-first tour of ``label`` from ``square``: (squares visited, labels it became)."""
    base = {sq: (lab if lab.upper() in royals and sq != square else EMPTY) for sq, lab in home.items()}
    side = side_of(label) or 1
    queue = deque([square])
    visited = {square}
    promoted: set[str] = set()
    while queue and len(visited) <= TOUR_SQUARES:
        here = queue.popleft()
        board = dict(base)
        board[here] = label
        try:
            state = game.start(board, side)
            moves = game.legal_moves(state, {here})
        except FairyportError:
            continue  # Pre-Game or Pre-Move refuses this board: the square is not part of the tour
        for move in moves:
            became = move.after.board.get(move.dest, EMPTY)
            if move.promotion is not None or became != label:
                promoted.add((move.promotion or became).upper())
            elif move.dest not in visited:
                visited.add(move.dest)
                queue.append(move.dest)
    return len(visited), promoted


def dead_code(path: Path, depth: int) -> list[Finding]:
    """``validate --run``'s findings on the code itself (see the module docstring).

    :raises FairyportError: the preset cannot be read or run (an include, a syntax error, ...).
    """
    game = GameCourierGame(read_preset(path), trace=True)
    model = _model(game.analysis)
    touring = None if model is None else {p.id for p in model.pieces if p.promotion is not None}
    done = sweep(game, depth, touring)
    analysis = game.analysis
    findings: list[Finding] = []
    named = _names_used(analysis)
    tours = "every piece's tour" if touring is None else "the promoting pieces' tours"
    scope = f"on the {done.positions} positions swept (depth {depth}, {PLAYOUTS} random games, {tours})"
    for info in analysis.code:
        findings += _block_findings(analysis, info, done.trace, named, scope)
    if model is not None:
        findings += _promotion_findings(analysis, model, done)
    return findings[:MAX_RUN_FINDINGS]


def _model(analysis: Analysis) -> Game | None:
    """The preset read into the model (which pieces promote, to what), or None when it cannot be read."""
    from fairyport.gamecourier.read import game_from_analysis

    try:
        return game_from_analysis(analysis, str(analysis.preset.file or "preset"))
    except FairyportError:
        return None


def _names_used(analysis: Analysis) -> set[str]:
    """Every word the code uses, but the names ``def`` and ``sub`` headers define (a function or subroutine
    whose name no code uses is dead by its text alone)."""
    used: set[str] = set()
    for info in analysis.code:
        for command, _ in info.program.walk():
            if command.target is not None and command.name not in ("def", "sub"):
                used.add(command.target)
            if not command.known:
                used.add(command.name)  # a bare subroutine call
            used.update(t.value for t in command.args)
    return used


def _block_findings(analysis: Analysis, info: CodeInfo, trace: set[tuple[str, int, str]], named: set[str],
                    scope: str) -> list[Finding]:
    findings: list[Finding] = []
    key = info.key

    def report(offset: int, code: str, message: str, fix: str) -> None:
        findings.append(Finding(analysis.locate(info, offset), Severity.WARNING, code, message, fix=fix, key=key))

    def visit(statements: list[Statement]) -> None:
        for st in statements:
            if isinstance(st, SubBlock):
                if ("sub", -1, st.name) not in trace:
                    how = "no code calls it" if st.name not in named else "the code names it, but never reached it"
                    report(st.offset, "GC-RUN-UNCALLED", f"sub {st.name} never ran {scope}: {how}",
                           "remove the subroutine or call it where it is needed")
                else:
                    visit(st.body)
                continue
            if isinstance(st, Command) and st.name in _PART_OF_A_BLOCK:
                continue  # traced with their loop or switch header
            if (key, st.offset, "ran") not in trace:
                report(st.offset, "GC-RUN-NEVER-RAN", f"never ran {scope}: {_head(st)}",
                       "remove the code or fix the condition that skips it")
                continue
            if isinstance(st, IfBlock):
                for branch in st.branches:
                    if (key, branch.header.offset, "taken") not in trace:
                        report(branch.header.offset, "GC-RUN-NEVER-TAKEN",
                               f"this {branch.keyword} branch was never taken {scope}: {branch.header.text}",
                               "remove the branch or fix its condition")
                    else:
                        visit(branch.body)
            elif isinstance(st, Command) and st.name == "def" and st.target and ("fn", -1, st.target) not in trace:
                how = "no code calls it" if st.target not in named else "the code names it, but no run called it"
                report(st.offset, "GC-RUN-UNCALLED", f"def {st.target} was never called {scope}: {how}",
                       "remove the function or call it where it is needed")

    visit(info.program.statements)
    return findings


def _promotion_code(analysis: Analysis, piece_id: str) -> list[tuple[CodeInfo, Command]]:
    """Where a piece's promotion is coded: the writer's ``def promo_zone_X`` / ``promo_choice_X``, or a
    hand-written ``if == moved X ...`` header."""
    found: list[tuple[CodeInfo, Command]] = []
    for info in analysis.code:
        for command, _ in info.program.walk():
            target = (command.target or "").upper()
            words = [t.value.upper() for t in command.args]
            if (command.name == "def" and target in (f"PROMO_ZONE_{piece_id}", f"PROMO_CHOICE_{piece_id}")) or \
                    (command.name == "if" and words[:3] == ["==", "MOVED", piece_id]):
                found.append((info, command))
    return found


_PART_OF_A_BLOCK = frozenset(LOOP_BLOCKS.values()) | {"case", "default"}


def _head(st: Statement) -> str:
    text = st.text if isinstance(st, Command) else st.branches[0].header.text if isinstance(st, IfBlock) \
        else st.header.text
    return text if len(text) <= 60 else text[:57] + "..."


def _promotion_findings(analysis: Analysis, model: Game, done: Sweep) -> list[Finding]:
    """Pieces the rules (as read into the model) let promote that never promoted on their tours, and promotion
    choices no tour reached."""
    findings: list[Finding] = []
    for piece in model.pieces:
        if piece.promotion is None:
            continue
        where = analysis.preset.location(0)
        for info, command in _promotion_code(analysis, piece.id):
            where = analysis.locate(info, command.offset)
            break
        wanted = {choice.piece.upper() for choice in piece.promotion.choices}
        for label, became in sorted(done.promotions.items()):
            if label.upper() != piece.id:
                continue
            owner = "White" if side_of(label) == 1 else "Black"
            if not became:
                findings.append(Finding(where, Severity.WARNING, "GC-RUN-PROMOTION-UNREACHED",
                                        f"{owner}'s {label} never promoted on its tour of the squares it reaches "
                                        "(alone with the royal pieces): it cannot reach its promotion zone",
                                        fix="check the promotion zone and the piece's moves"))
                continue
            for choice in sorted(wanted - became):
                findings.append(Finding(where, Severity.WARNING, "GC-RUN-PROMOTION-CHOICE-UNREACHED",
                                        f"{owner}'s {label} may promote to {choice} by the rules, but the code "
                                        "never accepted that choice on its tour",
                                        fix="check the promotion code's list of choices"))
    return findings
