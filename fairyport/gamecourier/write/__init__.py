"""Game model -> a rule-enforcing Game Courier settings file with self-contained GAME Code (no include).

The code, in the order a maintainer reads it (Pre-Game):

- ``setsystem maxmove 2`` (a move and a promotion), ``setflag rules``, the e.p. variables, the virgin flags of
  the pieces whose moves need them (``i`` moves, castling);
- one line per piece and colour, ``def LABEL <or chain of check* terms>`` (:mod:`.terms`), upper case White,
  lower case Black, then ``def ep_LABEL`` for pieces that capture en passant;
- ``def vacant`` / ``def occupied``: whether a square was empty before the move being checked. Post-Move
  sees the board after the move, so it sets ``wasempty`` to the destination when nothing was captured while it
  asks the mover's function; everywhere else ``wasempty`` is ``@`` and they mean ``empty`` / ``not empty``;
- one-line rule functions: ``def royal`` (royal labels), ``def white`` / ``def black`` (whose piece a label
  is), zones ``def zone_NAME_white`` (confinement), ``def promo_zone_LABEL``, ``def promo_choice_LABEL`` and
  ``def promotes`` (label ``#0`` may promote moving from ``#2`` to ``#1``);
- named subroutines: ``ray`` and ``attacked`` (the attack test, looking outward from the square:
  :mod:`.check`), ``checked``, ``facing``, ``castlesafe``, ``illegal`` (the rules of a move the piece can
  make, once it is made on the board), ``trymove`` (make, test, take back), ``legalmoves`` (``setlegal`` and the
  count).

Post-Move N first rejects a promotion the piece may not make there and a move its function does not allow (the
guards the interpreter's shortcut proves candidates dead with, :mod:`.interpreter.prune`), then a move onto an own
piece, then sets ``kingat`` and ``quiet`` (the check test's shortcuts, :mod:`.quiet`: Pre-Move N keeps the
royal square in ``kingsq`` and whether it is attacked in ``incheck``), checks the move with ``illegal`` and, where
the piece may promote, the promotion choice with ``badpromotion``, ``die``\\ s with a message, then performs e.p.
captures, the castling partner's move and the flag and e.p. updates. Post-Game N lists the opponent's legal moves
with ``setlegal`` and ends the game on checkmate or stalemate with the game's result.
"""

from __future__ import annotations

import dataclasses

from fairyport.conversion import rules_lost
from fairyport.errors import UnsupportedError
from fairyport.features import CASTLING, GOAL_RULES, PIECE_RULES, SPLIT
from fairyport.gamecourier.features import SUPPORT
from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.rulestext import rules_html
from fairyport.gamecourier.terms import PieceCode, function_body, piece_code
from fairyport.gamecourier.turned import BLACK_FIRST_SIDES, WHITE_FIRST_SIDES, swap_names, turned, why_not_turned
from fairyport.gamecourier.write import goals, hands, ordered
from fairyport.gamecourier.write.check import PIECES_OF_SIDE, SEARCHED_ONCE, Reach, attack_lines, royal_test_lines
from fairyport.gamecourier.write.ordered import fn_call
from fairyport.gamecourier.write.quiet import (
    Relevance,
    exposes_def,
    near_test,
    relevance,
    screens_def,
    uncovered_lines,
)
from fairyport.gamecourier.write.settings import write_settings
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    WHITE,
    BareKingRule,
    Color,
    Game,
    PieceType,
    RoyalProtection,
    StalemateResult,
    square_name,
)
from fairyport.xbetza.geometry import AtomClass, first_leg_directions

SIDES = ("white", "black")
"""Names of the colour functions and of the sides in messages' code."""
DEFAULT_SET = "alfaerie"
"""Piece set written when the model names none (Game Courier's common Alfaerie set)."""


@dataclasses.dataclass
class _Context:
    game: Game
    best_effort: bool
    lost: list[str] = dataclasses.field(default_factory=list)
    quiet: Relevance | None = None
    """What an attack on the royal square depends on, when the shortcut past the check test is written
    (:mod:`.quiet`)."""
    searched: bool = False
    """Whether ``sub attacked`` searches some pieces by label (:attr:`~.check.Reach.searched`): with the
    shortcut, Pre-Move lists them once (:data:`~.check.SEARCHED_ONCE`)."""

    def refuse(self, error: UnsupportedError) -> None:
        if not self.best_effort:
            raise error
        self.lost.append(error.feature or error.reason)


SCREENING = ("ban commands allmoves;", "allow moves 1 captures 1 promotions 2;")
"""Pre-Game's screening of typed turns, as the chess include has it (Fergus Duniho, 2008, comment 20841): one
piece move or capture, then at most a promotion; no GAME Code typed as a move."""


def label(piece: PieceType, color: Color) -> str:
    """The Game Courier label of a piece type: its id, upper case for White, lower case for Black."""
    return piece.id.upper() if color == WHITE else piece.id.lower()


def write_game(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """The settings file of ``game`` and the list of what it leaves out (empty unless ``best_effort``).

    :raises UnsupportedError: naming the piece or rule Game Courier code cannot express, unless ``best_effort``.
    """
    sides = WHITE_FIRST_SIDES
    if game.setup.side_to_move != WHITE and why_not_turned(game) is None:
        game, sides = turned(game), BLACK_FIRST_SIDES  # Black first: the first side, turned round (:mod:`.turned`)
    ctx = _Context(game, best_effort)
    for feature in (CASTLING, SPLIT):  # every castling first: one call would walk them piece by piece
        ctx.lost.extend(rules_lost(game, SUPPORT, game, (feature,), best_effort))
    board = game.board
    if board.extra_positions or board.links:
        ctx.refuse(UnsupportedError("boards with extra positions or links are not written", feature="board"))
    if game.setup.side_to_move != WHITE:
        ctx.refuse(UnsupportedError(f"Game Courier's first side moves first, and this game turned round so that "
                                    f"Black is that side would change: {why_not_turned(game)}",
                                    feature="side to move"))
    for error in hands.unsupported(game):
        ctx.refuse(error)
    codes = {}
    for piece in game.pieces:
        for color in (WHITE, BLACK):
            try:
                codes[piece.id, color] = _with_zoned_moves(game, piece, color, piece_code(piece, color))
            except UnsupportedError as error:
                ctx.refuse(error)
                codes[piece.id, color] = PieceCode()
    _check_rules(ctx)
    ctx.quiet = _quiet(game, codes) if game.rules.blast is None else None  # a blast empties nine squares
    values: dict[str, str] = {
        "game": game.metadata.title or "Untitled",
        "code": _fen(game),
        "cols": str(board.files),
        "files": " ".join(square_name(f, 0)[:-1] for f in range(board.files)),
        "ranks": " ".join(hands.rank_labels(game)),
        "shape": "Square Cells",
        "sides": sides,
        "set": DEFAULT_SET,
    }
    if game.metadata.source.startswith(("http://", "https://")):
        values["rulesurl"] = game.metadata.source
    values["pregame"] = _pregame(ctx, codes)
    for color in (WHITE, BLACK):
        side, enemy = SIDES[color], SIDES[1 - color]
        premove = goals.premove_lines(game, color)
        if ctx.quiet is not None:
            premove += [f"set kingsq sub royalsquare {side};",
                        *([f"{SEARCHED_ONCE} {enemy};"] if ctx.searched else []),
                        f"set incheck cond #kingsq (sub attacked #kingsq {enemy}) true;"]
        if _nonroyal_once(game):
            premove += [f"set nonroyal cond (sub hasnonroyal {side}) {side} false;"]
        if premove:
            values[f"preauto{color + 1}"] = "\n".join(premove) + "\n"
    for color in (WHITE, BLACK):
        values[f"postauto{color + 1}"] = _postmove(ctx, codes, color)
    for color in (WHITE, BLACK):
        values[f"postgame{color + 1}"] = _postgame(game, color)
    values["rules"] = rules_html(game, turned=sides == BLACK_FIRST_SIDES)
    if sides == BLACK_FIRST_SIDES:  # the messages name the first side Black
        values = {key: swap_names(value) if key.startswith(("postauto", "postgame")) else value
                  for key, value in values.items()}
    author = game.metadata.author or None
    return write_settings(values, author=author), ctx.lost


def _quiet(game: Game, codes: dict[tuple[str, Color], PieceCode]) -> Relevance | None:
    """What an attack on a royal piece depends on (:mod:`.quiet`), or None when the game has no royal piece
    or a piece term of a form the shortcut does not know."""
    if not any(p.royal for p in game.pieces):
        return None
    terms = [term for (pid, color), code in codes.items() for term in _function_terms(game, pid, color, code)]
    board = game.board
    geometry = Geometry.build([str(f) for f in range(board.files)], [str(r) for r in range(board.ranks)], set())
    return relevance(terms, geometry)


def _quiet_is_legal(game: Game) -> bool:
    """Whether ``sub illegal`` is false for every quiet move (the parts written by :func:`_subroutines`): besides the
    check test it holds at most what a quiet move never meets, the e.p. capture (a quiet move's destination is not
    ``#ep``) and the royal piece's castling (a move of the royal piece is never quiet); not with the facing, bare-king
    or no-checks rules, which a quiet move may break. Then Post-Move does not call it for a quiet move."""
    return _facing_royal(game) is None and game.rules.bare_king is not BareKingRule.LOSS and not game.rules.no_checks


def _nonroyal_once(game: Game) -> bool:
    """Whether Pre-Move finds out once per position that the side to move has a non-royal piece (``set nonroyal``,
    the side's name or false) for the bare-king rule: a move of that side keeps one, since it captures no own piece
    (rejected before ``sub illegal``) and no promotion makes a royal piece. Post-Game's ``trymove`` asks for the
    other side, whose name ``#nonroyal`` does not hold, so it counts as before."""
    royal = {p.id.upper() for p in game.pieces if p.royal}
    return game.rules.bare_king is BareKingRule.LOSS and game.rules.blast is None and not any(
        choice.piece.upper() in royal for p in game.pieces if p.promotion is not None for choice in p.promotion.choices)


def _near_by_leaps(quiet: Relevance | None, reach: Reach) -> bool:
    """Whether a move from near the royal square (:func:`~.quiet.near_test`) can uncover an attack only along
    its line or by a leap whose condition reads the origin: then ``sub uncovered`` and ``sub leapattacked`` (the
    leaps' squares alone) replace ``sub attacked``. Not where a ride's condition reads such a square, nor where some
    piece is searched by label (:attr:`~.check.Reach.searched`)."""
    return quiet is not None and quiet.lines_only() and bool(quiet.offsets) and not quiet.ride_reads \
        and not reach.searched


def _fen(game: Game) -> str:
    board = game.board
    rows = [_storage_row(cells) for cells in reversed(hands.storage_rows(game, BLACK))]
    for rank in reversed(range(board.ranks)):
        text, run = "", 0
        for file in range(board.files):
            name = square_name(file, rank, board.first_rank)
            placed = game.setup.placement.get(name)
            if placed is None and name not in board.holes:
                run += 1
                continue
            if run:
                text, run = text + str(run), 0
            if name in board.holes:
                text += "-"
            else:
                assert placed is not None
                symbol = placed.id.upper() if placed.color == WHITE else placed.id.lower()
                text += symbol if len(symbol) == 1 else "{" + symbol + "}"
        if run:
            text += str(run)
        rows.append(text)
    rows += [_storage_row(cells) for cells in hands.storage_rows(game, WHITE)]
    return "/".join(rows)


def _storage_row(cells: list[str]) -> str:
    """A storage rank's FEN row: labels in braces where longer than a letter, runs of empty squares counted."""
    text, run = "", 0
    for cell in cells:
        if not cell:
            run += 1
            continue
        if run:
            text, run = text + str(run), 0
        text += cell if len(cell) == 1 else "{" + cell + "}"
    return text + (str(run) if run else "")


def _check_rules(ctx: _Context) -> None:
    game = ctx.game
    royals = [p for p in game.pieces if p.royal]
    ctx.lost.extend(rules_lost(game, SUPPORT, game, (*PIECE_RULES, *GOAL_RULES), ctx.best_effort))
    if not game.rules.royals_may_face and not royals:
        ctx.refuse(UnsupportedError("the facing rule needs a royal piece", feature="royals may not face"))
    if not game.rules.royals_may_face and game.rules.royal_protection is RoyalProtection.LAST \
            and not _one_royal_each(game):
        ctx.refuse(UnsupportedError("the facing rule is not written where only the last of several royal pieces is "
                                    "protected", feature="royals may not face"))
    for text in goals.unwritten(game):
        ctx.refuse(UnsupportedError(f"{text} is not written in GAME Code", feature="connection"))
    for piece in game.pieces:
        if piece.promotion is not None and any(c.from_hand for c in piece.promotion.choices):
            ctx.refuse(UnsupportedError(f"piece {piece.name!r}: promotion from hand is not written",
                                        feature=f"{piece.name}: promotion from hand"))


# ---------------------------------------------------------------------------------------------- Pre-Game
def _zone_test(game: Game, squares: frozenset[str], var: str) -> str:
    """A condition on square ``var`` true exactly on ``squares``: a rectangle of file and rank bounds when the
    squares form one, else an ``or`` chain of equalities. One operand wherever it is used (after ``not``, inside an
    ``and`` or ``or`` chain, as a ``def`` body): a test of more than one comparison comes in parentheses."""
    board = game.board
    cells = [board.square(s) for s in sorted(squares)]
    files = [c.file for c in cells if c.file is not None]
    ranks = [c.rank for c in cells if c.rank is not None]
    if not cells:
        return ordered.never(var)
    offset = hands.rank_offset(game)
    if len(files) == len(cells) and len(ranks) == len(cells):  # else positions off the grid (a hand's storage)
        f0, f1, r0, r1 = min(files), max(files), min(ranks) + offset, max(ranks) + offset
        if (f1 - f0 + 1) * (r1 - r0 + 1) == len(cells):
            return f"(>= file {var} {f0} and <= file {var} {f1} and >= rank {var} {r0} and <= rank {var} {r1})"
    tests = [f"== {var} {c.name}" for c in cells]
    return tests[0] if len(tests) == 1 else "(" + " or ".join(tests) + ")"


def _with_zoned_moves(game: Game, piece: PieceType, color: Color, code: PieceCode) -> PieceCode:
    """``code`` with the terms of ``piece``'s zoned moves, each asking its zone of the start square ``#0`` or the
    destination ``#1`` (negated for a move outside the zone)."""
    for zoned in piece.zoned_moves:
        extra = piece_code(dataclasses.replace(piece, betza=zoned.betza, zoned_moves=()), color)
        if extra.castling:
            raise UnsupportedError(f"piece {piece.name!r}: castling that depends on the zone {zoned.zone!r} cannot "
                                   "be written as GAME Code", feature=f"{piece.name}: {zoned.betza}")
        test = _zone_test(game, game.zone_squares(zoned.zone, color), "#0" if zoned.on == "from" else "#1")
        condition = test if zoned.inside else f"not {test}"
        code.terms += [f"({term} and {condition})" for term in extra.terms]
        code.ep_terms += [f"({term} and {condition})" for term in extra.ep_terms]
        code.ep_sources += extra.ep_sources
        code.needs_virgin |= extra.needs_virgin
    return code


def _stuck_test(game: Game, stuck: hands.Stuck | None, piece: PieceType, color: Color, var: str) -> str | None:
    """A condition on ``var``: the unpromoted ``piece`` could never move again from there (None: no such square,
    or the promotion is not forced there)."""
    promotion = piece.promotion
    if stuck is None or promotion is None or not promotion.mandatory_where_stuck:
        return None
    squares = stuck.squares(piece, color)
    return _zone_test(game, squares, var) if squares else None


def _promo_zone(game: Game, piece: PieceType, color: Color) -> str:
    promotion = piece.promotion
    assert promotion is not None
    if promotion.zone is not None:
        return _zone_test(game, game.zone_squares(promotion.zone, color), "#0")
    ranks, offset = game.board.ranks, hands.rank_offset(game)
    if not offset:
        return f">= rank #0 {ranks - promotion.depth}" if color == WHITE else f"<= rank #0 {promotion.depth - 1}"
    if color == WHITE:
        return f">= rank #0 {ranks - promotion.depth + offset} and <= rank #0 {ranks - 1 + offset}"
    return f"<= rank #0 {promotion.depth - 1 + offset} and >= rank #0 {offset}"


def _promo_choices(game: Game, piece: PieceType, color: Color, stuck: hands.Stuck | None) -> str:
    """``def promo_choice_X``: true if label ``#0`` may be promoted to on square ``#1`` (the piece's own label:
    not promoting)."""
    promotion = piece.promotion
    assert promotion is not None
    ranks, offset = game.board.ranks, hands.rank_offset(game)
    promoted = {base.id: hands.promoted_label(base, color) for base, _ in hands.promoted_pieces(game)}
    terms = []
    for choice in promotion.choices:
        target = promoted.get(piece.id, label(game.piece_type(choice.piece), color))
        parts = [f"== #0 {target}"]
        last = ranks - 1 + offset if color == WHITE else offset
        if choice.max_depth is not None:
            bound = ranks - choice.max_depth + offset if color == WHITE else choice.max_depth - 1 + offset
            parts.append(f">= rank #1 {bound}" if color == WHITE else f"<= rank #1 {bound}")
        if not choice.on_last_rank:
            parts.append(f"!= rank #1 {last}")
        terms.append("(" + " and ".join(parts) + ")")
    if not promotion.mandatory:
        where_stuck = _stuck_test(game, stuck, piece, color, "#1")
        terms.append(f"(== #0 {label(piece, color)})" if where_stuck is None
                     else f"(== #0 {label(piece, color)} and not {where_stuck})")
    return " or ".join(terms) if terms else "false"


def _function_terms(game: Game, pid: str, color: Color, code: PieceCode) -> list[str]:
    """The terms of a piece function: the piece's moves, then its castling moves."""
    return list(code.terms) + [_castling_term(game, c) for c in _castlings(game, pid, color, code)]


def _virgin_squares(game: Game, codes: dict[tuple[str, Color], PieceCode]) -> list[str]:
    needs = {pid for (pid, _), code in codes.items() if code.needs_virgin or code.castling}
    squares = {name for name, placed in game.setup.placement.items() if placed.id.upper() in needs}
    for (pid, color), code in codes.items():
        for spec in _castlings(game, pid, color, code):
            squares.add(spec.partner)
    board = game.board
    return [p.name for p in board.positions if p.name in squares]


@dataclasses.dataclass(frozen=True)
class _Castling:
    king: str
    king_to: str
    partner: str
    partner_to: str
    empty: tuple[str, ...]
    passed: tuple[str, ...]


def _castlings(game: Game, pid: str, color: Color, code: PieceCode) -> list[_Castling]:
    """The castlings of the royal ``pid`` of ``color`` from its start square, with the setup's partner:
    the outermost piece of its colour on the rank in that direction (a virgin partner never moved, so it
    still stands there)."""
    result: list[_Castling] = []
    board = game.board
    placement = game.setup.placement
    for move in code.castling:
        dirs = first_leg_directions(move.first.directions, AtomClass.ORTHOGONAL)
        step = move.range or 1
        for name, placed in placement.items():
            if placed.id.upper() != pid.upper() or placed.color != color:
                continue
            king = board.square(name)
            assert king.file is not None and king.rank is not None
            for d in sorted(dirs):
                if d not in (2, 6):
                    continue
                dx = 1 if d == 2 else -1
                line = [square_name(f, king.rank, board.first_rank)
                        for f in (range(king.file + 1, board.files) if dx == 1 else range(king.file - 1, -1, -1))]
                line = [s for s in line if s not in board.holes]
                occupied = [s for s in line if s in placement]
                if not occupied:
                    continue
                partner = occupied[-1]
                if placement[partner].color != color:
                    continue
                partner_type = game.piece_type(placement[partner].id)
                rook_like = "R" in partner_type.betza
                corner = partner == line[-1]
                distance = line.index(partner) + 1
                if not (rook_like or corner) or distance <= step:
                    continue
                king_to = line[step - 1]
                partner_to = line[step - 2] if step >= 2 else name
                result.append(_Castling(name, king_to, partner, partner_to, tuple(line[:distance - 1]),
                                        (name, *line[:step - 1])))
    return result


def _castling_term(game: Game, c: _Castling) -> str:
    """The castling term, relative to the royal's square (virgin, so on its start square): ``flag #0``, the
    destination, the partner's flag and the empty squares between, as ``where #0 dx 0``."""
    board = game.board
    king = board.square(c.king)

    def rel(square: str) -> str:
        pos = board.square(square)
        assert pos.file is not None and king.file is not None
        return f"where #0 {pos.file - king.file} 0"

    parts = ["flag #0", f"== #1 {rel(c.king_to)}", f"flag {rel(c.partner)}"]
    parts += [f"fn vacant {rel(s)}" for s in c.empty]
    return "(" + " and ".join(parts) + ")"


def _pregame(ctx: _Context, codes: dict[tuple[str, Color], PieceCode]) -> str:
    game = ctx.game
    stuck = hands.Stuck(game) if hands.uses_hands(game) else None
    lines = ["setsystem maxmove 2;", *SCREENING, "setflag rules;", "set ep false;", "set epvictim false;",
             "set wasempty @;"]
    if ctx.quiet is not None:
        lines += ["set kingsq false;", "set incheck true;", "set quiet false;", "set kingat false;"]
    if _nonroyal_once(game):
        lines += ["set nonroyal false;"]
    virgin = _virgin_squares(game, codes)
    for square in virgin:
        lines += [f"if == {game.setup.placement[square].symbol} space {square}:", f"  setflag {square};", "endif;"]
    for piece in game.pieces:
        for color in (WHITE, BLACK):
            code = codes[piece.id, color]
            terms = _function_terms(game, piece.id, color, code)
            body = function_body(terms)
            if piece.confined_to is not None and terms:
                zone = _zone_test(game, game.zone_squares(piece.confined_to, color), "#1")
                body = f"({body}) and {zone}"
            lines.append(f"def {label(piece, color)} {body};")
    for base, target in hands.promoted_pieces(game):
        for color in (WHITE, BLACK):
            lines.append(f"def {hands.promoted_label(base, color)} fn {label(target, color)} #0 #1;")
    for piece in game.pieces:
        for color in (WHITE, BLACK):
            code = codes[piece.id, color]
            if code.ep_terms:
                lines.append(f"def ep_{label(piece, color)} {function_body(code.ep_terms)};")
    lines.append("def vacant == #0 #wasempty or empty #0;")
    lines.append("def occupied != #0 #wasempty and not empty #0;")
    lines.append("def white isupper #0;")
    lines.append("def black islower #0;")
    royals = [label(p, c) for p in game.pieces if p.royal for c in (WHITE, BLACK)]
    lines.append("def royal " + (" or ".join(f"== #0 {r}" for r in royals) if royals else ordered.never("#0")) + ";")
    for zone_name in dict.fromkeys(z.name for z in game.zones):
        for color in (WHITE, BLACK):
            test = _zone_test(game, game.zone_squares(zone_name, color), "#0")
            lines.append(f"def zone_{zone_name}_{SIDES[color]} {test};")
    for piece in game.pieces:
        if piece.promotion is None:
            continue
        for color in (WHITE, BLACK):
            lines.append(f"def promo_zone_{label(piece, color)} {_promo_zone(game, piece, color)};")
            lines.append(f"def promo_choice_{label(piece, color)} {_promo_choices(game, piece, color, stuck)};")
    lines.append(f"def promotes {_promotes_body(game)};")
    lines.extend(goals.flag_lines(game))
    lines.extend(_subroutines(ctx, codes))
    if ctx.searched and ctx.quiet is not None:
        lines.insert(lines.index("set kingat false;") + 1, "set sr_side false;")
    if hands.uses_hands(game):
        assert stuck is not None
        lines.extend(hands.hand_subs(game, _zone_test, stuck, direct_check=_drop_checks_directly(ctx)))
    return "\n".join(lines) + "\n"


def _drop_checks_directly(ctx: _Context) -> bool:
    """Whether a drop can give check only by the dropped piece (``sub dropchecks``): the quiet-move shortcut's
    relevance knows every piece term, none hops and no term needs a square filled, and every royal piece is
    protected (``sub checked``'s own rule)."""
    quiet = ctx.quiet
    return quiet is not None and not quiet.hop_lines and not quiet.fill_offsets and not ctx.game.rules.no_checks \
        and ctx.game.rules.royal_protection is RoyalProtection.EVERY and not _facing_royal(ctx.game)


def _facing_royal(game: Game) -> PieceType | None:
    """The royal piece the facing rule is written for, or None where there is no facing rule to write (royals may
    face, or the game has no royal piece: refused, only dropped with best effort)."""
    if game.rules.royals_may_face:
        return None
    return next((p for p in game.pieces if p.royal), None)


def _one_royal_each(game: Game) -> bool:
    """Whether each side has one royal piece, of one royal type, at the start and ever after (no promotion makes
    one): then ``sub facing`` finds the two by label (``findpiece``), else it looks along the file from every royal
    piece of the first side (:func:`_facing_lines`)."""
    royals = {p.id.upper() for p in game.pieces if p.royal}
    per_side = [sum(1 for s in game.setup.placement.values() if s.color == c and s.id.upper() in royals)
                for c in (WHITE, BLACK)]
    promoted = any(choice.piece.upper() in royals for p in game.pieces if p.promotion is not None
                   for choice in p.promotion.choices)
    return len(royals) == 1 and max(per_side) <= 1 and not promoted


def _facing_lines(game: Game, royal: PieceType, castles: bool) -> list[str]:
    """``sub facing`` (a royal piece of the first side sees one of the second side straight up its file with
    nothing between: the model's check-only forward slide of every royal piece) and, for several royal pieces or
    types or where a royal piece castles (``castles``), ``sub faces square dy enemy`` (the first piece from
    ``square`` along ``(0, dy)`` is a royal piece of ``enemy``), which castling's passed squares also ask."""
    in_play = " and fn inplay #fc_at" if hands.uses_hands(game) else ""
    faces = [
        "sub faces square dy enemy:",
        "  set fc_at sub ray #square 0 #dy;",
        "  if not #fc_at:",
        "    return false;",
        "  endif;",
        f"  return fn royal space #fc_at and fn #enemy space #fc_at{in_play};",
        "endsub;",
    ]
    if _one_royal_each(game):
        return (faces if castles else []) + [
            "sub facing:",
            f"  set fc_low findpiece {label(royal, WHITE)} spaces;",
            f"  set fc_high findpiece {label(royal, BLACK)} spaces;",
            "  return checkaride #fc_low #fc_high 0 1;",
            "endsub;",
        ]
    return [
        *faces,
        "sub facing:",
        *royal_test_lines("fc_square", "fc_piece", "onlyupper", "sub faces #fc_square 1 black",
                          " and fn inplay #fc_square" if in_play else ""),
        "  return false;",
        "endsub;",
    ]


def _subroutines(ctx: _Context, codes: dict[tuple[str, Color], PieceCode]) -> list[str]:
    game = ctx.game
    has_royal = any(p.royal for p in game.pieces)
    drops = hands.uses_hands(game)
    reach = Reach()
    for (pid, color), code in codes.items():
        reach.add_terms(label(game.piece_type(pid), color), code.terms)
        for castle in _castlings(game, pid, color, code):
            king, king_to = game.board.square(castle.king), game.board.square(castle.king_to)
            assert king.file is not None and king_to.file is not None
            reach.leaps.add((king_to.file - king.file, 0))
    ctx.searched = bool(reach.searched)
    lines = [
        *attack_lines(reach, drops, by_leaps=_near_by_leaps(ctx.quiet, reach)),
        "sub checked side enemy:",
        *(["  set ck_count 0;",  # only the last royal piece is protected
           f"  for (ck_square ck_piece) {PIECES_OF_SIDE}:",
           "    if fn royal #ck_piece:",
           "      set ck_count + #ck_count 1;",
           "    endif;",
           "  next;",
           "  if > #ck_count 1:",
           "    return false;",
           "  endif;"] if game.rules.royal_protection is RoyalProtection.LAST else []),
        *royal_test_lines("ck_square", "ck_piece", PIECES_OF_SIDE, "sub attacked #ck_square #enemy",
                          " and not sub nearroyal #ck_square #enemy" if game.rules.blast else ""),
        "  return false;",
        "endsub;",
    ]
    if ctx.quiet is not None:
        lines += [
            exposes_def(ctx.quiet),
            *[line for line in [screens_def(ctx.quiet)] if line is not None],
            *(uncovered_lines(ctx.quiet, drops, ctx.searched) if ctx.quiet.lines_only() else []),
            "sub royalsquare side:",
            "  set rs_found false;",
            "  set rs_count 0;",
            f"  for (rs_square rs_piece) {PIECES_OF_SIDE}:",
            "    if fn royal #rs_piece:",
            "      set rs_found #rs_square;",
            "      set rs_count + #rs_count 1;",
            "    endif;",
            "  next;",
            "  return cond == #rs_count 1 #rs_found false;",
            "endsub;",
        ]
    castlings = [c for (pid, color), code in codes.items() for c in _castlings(game, pid, color, code)
                 if game.piece_type(pid).royal]  # a non-royal piece castles through attacked squares
    royal = _facing_royal(game)
    if royal is not None:
        lines += _facing_lines(game, royal, bool(castlings))
    has_others = game.rules.bare_king is BareKingRule.LOSS
    if has_others:
        lines += [
            "sub hasnonroyal side:",
            f"  for (nr_square nr_piece) {PIECES_OF_SIDE}:",
            "    if not fn royal #nr_piece:",
            "      return true;",
            "    endif;",
            "  next;",
            "  return false;",
            "endsub;",
        ]
    all_ep_labels = [label(p, c) for p in game.pieces for c in (WHITE, BLACK) if codes[p.id, c].ep_terms]
    drop_skip, board_skip = goals.legalmoves_skip(game, all_ep_labels)
    # illegal: the rules a move made on the board must keep (the promotion choice apart)
    lines += ["sub illegal from to piece captured side enemy:"]  # own captures: rejected before (Post-Move, trymove)
    ep_labels = [label(p, c) for p in game.pieces for c in (WHITE, BLACK) if codes[p.id, c].ep_terms]
    if ep_labels:
        lines += ["  set il_victim false;",
                  "  if == #to #ep and == #captured @:",
                  "    if " + goals.ep_test(ep_labels, "#piece", "#from", "#to") + ":",
                  "      set il_victim space #epvictim;",
                  "      empty #epvictim;",
                  "    endif;",
                  "  endif;"]
    if castlings:
        lines += ["  if not sub castlesafe #from #to #piece #enemy:",
                  "    return true;",
                  "  endif;"]
    if has_royal and ctx.quiet is not None:
        first = len(lines)
        lines += ["  if #quiet:",
                  "    set il_bad false;"]
        if ctx.quiet.lines_only():  # not quiet only because the origin is on a line from the royal square
            # a new screen on a hop's line: the cannon behind it, as a line from the origin (sub uncovered)
            new_screen = screens_def(ctx.quiet) is not None and not ctx.quiet.fill_offsets
            screens = " and not fn screens #kingat #to" if screens_def(ctx.quiet) is not None and not new_screen \
                else ""
            near = near_test(ctx.quiet, "#kingat", "#from")
            by_leaps = near is not None and _near_by_leaps(ctx.quiet, reach)
            screens += f" and not {near}" if near is not None and not by_leaps else ""
            lines += ["  elseif #kingat and not #incheck" + screens + (" and != #to #ep:" if ep_labels else ":"),
                      "    set il_bad sub uncovered #kingat #from #enemy;"]
            if new_screen:
                lines += ["    if not #il_bad and fn screens #kingat #to:",
                          "      set il_bad sub uncovered #kingat #to #enemy;",
                          "    endif;"]
            if by_leaps:  # from near the royal square: the leaps' conditions may read the origin too
                lines += [f"    if not #il_bad and {near}:",
                          "      set il_bad sub leapattacked #kingat #enemy;",
                          "    endif;"]
        lines += ["  elseif #kingat:",
                  "    set il_bad sub attacked #kingat #enemy;",
                  # the side's only royal piece moved (Pre-Move's kingsq is its square): where it stands now
                  "  elseif #kingsq and == #from #kingsq and fn royal space #to:",
                  "    set il_bad sub attacked #to #enemy;",
                  "  else:",
                  "    set il_bad sub checked #side #enemy;",
                  "  endif;"]
        if _quiet_is_legal(game):  # Post-Move does not call illegal for a quiet move: no branch for it
            lines[first:first + 3] = ["  " + lines[first + 2].lstrip().removeprefix("else")]
    elif has_royal and game.rules.blast is not None:
        lines += ["  if != #captured @" + (" or #il_victim:" if ep_labels else ":"),
                  "    gosub blast #to #side;",
                  "    if #bl_own:",
                  "      set il_bad true;",
                  "    elseif #bl_enemy:",
                  "      set il_bad false;",
                  "    else:",
                  "      set il_bad sub checked #side #enemy;",
                  "    endif;",
                  "    gosub unblast;",
                  "  else:",
                  "    set il_bad sub checked #side #enemy;",
                  "  endif;"]
    elif has_royal:
        lines += ["  set il_bad sub checked #side #enemy;"]
    else:
        lines += ["  set il_bad false;"]
    if _facing_royal(game) is not None:
        lines += ["  if sub facing:", "    set il_bad true;", "  endif;"]
    if game.rules.no_checks and has_royal:
        lines += ["  if not #il_bad and sub checked #enemy #side:", "    set il_bad true;", "  endif;"]
    if has_others:
        kept = "!= #nonroyal #side and " if _nonroyal_once(game) else ""  # Pre-Move's answer for the side to move
        lines += [f"  if {kept}not sub hasnonroyal #side:",
                  "    if sub hasnonroyal #enemy or != #captured @:",
                  "      set il_bad true;",
                  "    endif;",
                  "  endif;"]
    if ep_labels:
        lines += ["  if #il_victim:", "    add #il_victim #epvictim;", "  endif;"]
    lines += ["  return #il_bad;", "endsub;"]
    if castlings:
        # the royal piece back on its square, each passed square tested as the model does: could an enemy piece
        # capture there (an empty square holds the royal's label meanwhile, so moves that need it empty, such as a
        # pawn's push or empire's non-capturing queen moves, do not count)
        lines += ["sub castlesafe from to piece enemy:"]
        for c in castlings:
            king_label = game.setup.placement[c.king].symbol
            test = " or ".join(f"sub attackedat {s} #piece #enemy" for s in c.passed)
            if royal is not None:  # a passed square the enemy's royal piece faces
                white = game.setup.placement[c.king].color == WHITE
                test += "".join(f" or sub faces {s} {1 if white else -1} {'black' if white else 'white'}"
                                for s in c.passed)
            lines += [f"  if == #piece {king_label} and == #from {c.king} and == #to {c.king_to}:",
                      "    move #to #from;",
                      f"    set cs_bad {test};",
                      "    move #from #to;",
                      "    if #cs_bad:",
                      "      return false;",
                      "    endif;",
                      "  endif;"]
        lines += ["  return true;", "endsub;",
                  "sub attackedat square piece side:",
                  "  if not empty #square:",
                  "    return sub attacked #square #side;",
                  "  endif;",
                  "  add #piece #square;",
                  "  set aa_bad sub attacked #square #side;",
                  "  empty #square;",
                  "  return #aa_bad;",
                  "endsub;"]
    lines += [
        "sub trymove from to side enemy:",
        "  set tm_piece space #from;",
        "  set tm_captured space #to;",
        "  if fn #side #tm_captured or not fn #tm_piece #from #to:",
        "    return false;",
        "  endif;",
        "  move #from #to;",
        "  set tm_bad sub illegal #from #to #tm_piece #tm_captured #side #enemy;",
        "  add #tm_piece #from;",
        "  if == #tm_captured @:",
        "    empty #to;",
        "  else:",
        "    add #tm_captured #to;",
        "  endif;",
        "  return not #tm_bad;",
        "endsub;",
        "sub legalmoves side enemy:",
        "  set lm_count 0;",
        *goals.legalmoves_prologue(game),
        f"  for (lm_from lm_piece) {PIECES_OF_SIDE}:",
        "    for (lm_to lm_target) spaces:",
        *(["      if not fn inplay #lm_from:",
           f"        if == #lm_target @ and fn inplay #lm_to{drop_skip}:",
           "          add #lm_piece #lm_to;",
           "          set lm_bad sub baddrop #lm_to #lm_piece #side #enemy;",
           "          empty #lm_to;",
           "          if not #lm_bad:",
           "            setlegal #lm_from #lm_to;",
           "            set lm_count + #lm_count 1;",
           "          endif;",
           "        endif;",
           f"      elseif fn inplay #lm_to{board_skip} and sub trymove #lm_from #lm_to #side #enemy:"]
          if drops else [f"      if {board_skip[len(' and '):] + ' and ' if board_skip else ''}"
                         "sub trymove #lm_from #lm_to #side #enemy:"]),
        "        setlegal #lm_from #lm_to;",
        "        set lm_count + #lm_count 1;",
        "      endif;",
        "    next;",
        "  next;",
        "  return #lm_count;",
        "endsub;",
    ]
    lines += goals.goal_subs(game, all_ep_labels) + goals.blast_subs(game)
    stuck = hands.Stuck(game) if drops else None
    promoting = [(p, c) for p in game.pieces if p.promotion is not None for c in (WHITE, BLACK)]
    shogi = any(p.promotion is not None and p.promotion.triggers != CHESS_TRIGGERS for p, _ in promoting)
    if promoting:  # asked only where the piece may promote (Post-Move's first guard rejects other promotions)
        lines += ["sub badpromotion piece to promoted" + (" from:" if shogi else ":")]
    for piece, color in promoting:
        lab = label(piece, color)
        assert piece.promotion is not None
        may = hands.trigger_test(piece.promotion.triggers, f"fn promo_zone_{lab} #from", f"fn promo_zone_{lab} #to")
        choice = fn_call(f"promo_choice_{lab}", _promo_choices(game, piece, color, stuck), ["#promoted", "#to"])
        lines += [f"  if == #piece {lab}:",
                  f"    if {may}:",
                  f"      return not {choice};",
                  "    endif;",
                  "  endif;"]
    if promoting:
        lines += ["endsub;"]
    return lines


def _promotes_body(game: Game) -> str:
    """The body of ``def promotes``: label ``#0`` may promote moving from ``#2`` to ``#1``."""
    promotes = []
    for piece in game.pieces:
        if piece.promotion is None:
            continue
        for color in (WHITE, BLACK):
            lab = label(piece, color)
            test = hands.trigger_test(piece.promotion.triggers, f"fn promo_zone_{lab} #2", f"fn promo_zone_{lab} #1")
            promotes.append(f"(== #0 {lab} and ({test}))")
    return " or ".join(promotes) if promotes else "false"


def _promotes_call(game: Game) -> str:
    """``fn promotes moved dest origin``, with only the operands the function uses."""
    return fn_call("promotes", _promotes_body(game), ["moved", "dest", "origin"])


# ---------------------------------------------------------------------------------------------- Post-Move
def _postmove(ctx: _Context, codes: dict[tuple[str, Color], PieceCode], color: Color) -> str:
    game = ctx.game
    side, enemy = SIDES[color], SIDES[1 - color]
    shogi = any(p.promotion is not None and p.promotion.triggers != CHESS_TRIGGERS for p in game.pieces)
    mover_moves = "fn inplay origin and not fn moved origin dest" if hands.uses_hands(game) \
        else "not fn moved origin dest"
    promotes = _promotes_call(game)
    prologue = [f"if != space dest moved and not {promotes}:",
                "  die You may not promote moved that way on dest.;",
                "endif;",
                "set wasempty cond == old @ dest @;",
                f"if {mover_moves}:",
                "  die You may not move moved from origin to dest.;",
                "endif;",
                "set wasempty @;",
                f"if fn {side} old:",
                "  die You may not move moved from origin to dest.;",
                "endif;",
                f"if not fn {side} moved:",
                "  die You may move only your own pieces.;",
                "endif;"]
    quiet = []
    if ctx.quiet is not None:
        ep = " and != dest #ep" if any(codes[p.id, color].ep_terms for p in game.pieces) else ""
        screens = " and not fn screens #kingat dest" if screens_def(ctx.quiet) is not None else ""
        # kingsq is the square of the side's only royal piece (or false): the mover is royal when it comes from there
        quiet = ["set kingat cond == origin #kingsq false #kingsq;",
                 "set quiet false;",
                 *ordered.if_all(["#kingat and not #incheck" + ep],
                                 [f"set quiet not fn exposes #kingat origin{screens};"], "")]
    # a quiet move needs no call when illegal holds nothing but the check test
    skip = "not #quiet and " if quiet and _quiet_is_legal(game) else ""
    lines = [
        *quiet,
        f"if {skip}sub illegal origin dest moved old {side} {enemy}:",
        "  die You may not move moved from origin to dest.;",
        "endif;",
        *(["set quiet false;", "set kingat false;"] if quiet else []),
    ]
    if any(p.promotion is not None for p in game.pieces):
        lines += [f"if {promotes}:",
                  "  if sub badpromotion moved dest space dest" + (" origin:" if shogi else ":"),
                  "    die You may not promote moved that way on dest.;",
                  "  endif;",
                  "endif;"]
    if hands.uses_hands(game):
        lines = (["if not fn inplay dest:",
                  "  die Pieces move and drop onto the board only.;",
                  "endif;",
                  *prologue,
                  "if fn inplay origin:"]
                 + ["  " + line for line in lines]
                 + ["else:",
                    "  if != old @:",
                    "    die A piece is dropped on an empty square.;",
                    "  endif;",
                    "  if != space dest moved:",
                    "    die A dropped piece does not promote.;",
                    "  endif;",
                    f"  if sub baddrop dest moved {side} {enemy}:",
                    "    die You may not drop moved on dest.;",
                    "  endif;",
                    "endif;"]
                 + hands.demotion_lines(game, color))
    else:
        lines = prologue + lines
    ep_labels = [label(p, color) for p in game.pieces if codes[p.id, color].ep_terms]
    if ep_labels:
        test = goals.ep_test(ep_labels, "moved", "origin", "dest")
        lines += ["if == dest #ep and == old @:",
                  f"  if {test}:",
                  "    capture #epvictim;",
                  "  endif;",
                  "endif;"]
    ep_capture = f" or (== dest #ep and ({test}))" if ep_labels else ""
    lines += goals.blast_postmove(game, "!= old @" + ep_capture, bool(_virgin_squares(game, codes)))
    for (pid, c), code in codes.items():
        if c != color:
            continue
        for castle in _castlings(game, pid, color, code):
            lab = game.setup.placement[castle.king].symbol
            lines += [f"if == moved {lab} and == origin {castle.king} and == dest {castle.king_to}:",
                      f"  move {castle.partner} {castle.partner_to};",
                      f"  unsetflag {castle.partner};",
                      "endif;"]
    if _virgin_squares(game, codes):
        lines += ["unsetflag origin dest;"]
    lines += ["set ep false;", "set epvictim false;"]
    all_ep_labels = [label(p, c) for p in game.pieces for c in (WHITE, BLACK) if codes[p.id, c].ep_terms]
    lines = goals.postmove_lines(game, all_ep_labels) + lines
    for piece in game.pieces:
        for source in codes[piece.id, color].ep_sources:
            (x, y), (px, py) = source.vector, source.passed
            lines += [f"if == moved {label(piece, color)} and == dest where origin {x} {y}:",
                      f"  set ep where origin {px} {py};",
                      "  set epvictim dest;",
                      "endif;"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------- Post-Game
_RESULT_WORDS = {StalemateResult.DRAW: "The game is drawn", StalemateResult.LOSS: "{winner} has won",
                 StalemateResult.WIN: "{loser} has won"}
_RESULT_COMMAND = {StalemateResult.DRAW: "drawn", StalemateResult.LOSS: "won", StalemateResult.WIN: "lost"}


def _postgame(game: Game, color: Color) -> str:
    """After ``color``'s move: the opponent's legal moves for the display; no move is mate or stalemate."""
    side, enemy = SIDES[color], SIDES[1 - color]
    winner, loser = side.capitalize(), enemy.capitalize()
    result = game.rules.stalemate
    stalemate = _RESULT_WORDS[result].format(winner=winner, loser=loser)
    ends = goals.postgame_results(game, color)
    lines = []
    for index, (test, message, command) in enumerate(ends):
        lines += [("elseif " if index else "if ") + f"{test}:", f"  say {message};", f"  {command};"]
    lines += [("else" if ends else "") + f"if == 0 sub legalmoves {enemy} {side}:"]
    if any(p.royal for p in game.pieces):
        lines += [f"  if sub checked {enemy} {side}:",
                  f"    say Checkmate! {winner} has won.;",
                  "    won;",
                  "  else:",
                  f"    say Stalemate! {stalemate}.;",
                  f"    {_RESULT_COMMAND[result]};",
                  "  endif;"]
    else:
        lines += [f"  say Stalemate! {stalemate}.;", f"  {_RESULT_COMMAND[result]};"]
    lines += ["endif;"]
    return "\n".join(lines) + "\n"
