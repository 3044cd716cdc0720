"""A Game Courier preset -> the common game model.

- **Board and setup** from the FEN code and ``cols`` (holes are ``-`` cells); only ``Square Cells`` (or no
  ``shape``) is read, other shapes are an unsupported error. ``files`` / ``ranks`` labels that are not the
  defaults (a, b, ... and 1, 2, ...) are kept in ``format_data["gamecourier"]["labels"]``.
- **Piece types**: every label of the board, upper case White (its id) and lower case Black. Names, images
  and XBetza come from the rules text's piece table when the preset was written by fairyport (see
  :mod:`.rulestext`), and that XBetza is accepted only when the writer, given it, writes exactly the preset's
  ``def`` lines for both colours; otherwise the ``def`` is translated term by term (:func:`translate_def`:
  symmetric and exact leaps, rides and cannon hops, ``and empty #1`` / ``and not empty #1`` modes). A
  function that cannot be translated keeps its code and location in ``PieceType.extra["gamecourier"]`` and
  is listed in ``Game.kept`` (kind ``untranslated``); such a game is not played by the generator
  and not converted to another format (unsupported, naming the pieces).
- **Rules** from the writer's idioms: ``def royal`` (royal labels), ``def zone_NAME_white|black`` (zones,
  confinement by ``and fn zone_... #1``), ``def promo_zone_X`` / ``def promo_choice_X`` (promotion), ``sub
  facing`` (royals may not face), ``sub hasnonroyal`` (bare king loses), the stalemate message of Post-Game
  1 (``Stalemate! The game is drawn.`` / ``White has won.`` / ``Black has won.``). Without ``def royal``,
  the labels of ``set X findpiece X spaces`` are royal.
- An **uncoded** preset gives the board, the setup and named pieces whose moves are unknown, and says so.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from fairyport.errors import FairyportError, Location, ParseError, UnsupportedError
from fairyport.gamecourier.analysis import Analysis, analyse
from fairyport.gamecourier.interpreter.nodes import (
    Atom,
    Call,
    Command,
    Expr,
    Group,
    IfBlock,
    Logic,
    Statement,
    integer,
    walk_expr,
)
from fairyport.gamecourier.provenance import program_refusal, written_from_program
from fairyport.gamecourier.read import goals as readgoals
from fairyport.gamecourier.read import hands as readhands
from fairyport.gamecourier.rulestext import piece_rows, split_moves
from fairyport.gamecourier.syntax.preset import parse_preset, read_preset
from fairyport.gamecourier.translate import translate
from fairyport.gamecourier.turned import BLACK_FIRST_SIDES, swap_names, turned, why_not_turned
from fairyport.gamecourier.write.hands import PROMOTED_MARK
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    UNTRANSLATED,
    WHITE,
    BareKingRule,
    Board,
    Color,
    DropRule,
    FlagGoal,
    Game,
    KeptCode,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    PromotionChoice,
    Rules,
    Setup,
    StalemateResult,
    Zone,
    square_name,
)
from fairyport.movegen.compile import Variant

FORMAT = "gamecourier"
SQUARE_SHAPES = ("", "square cells")
"""``shape`` values read as a square-celled board (compared in lower case; empty = not given)."""


def read_game(path: Path, *, variant: str | None = None) -> Game:
    """The game of the preset in ``path`` (a settings file or a query-string preset; it holds one game, so
    ``variant`` is not used)."""
    preset = read_preset(Path(path))
    info = analyse(preset)
    return game_from_analysis(info, str(path))


def read_text(text: str, *, variant: str | None = None, name: str = "<text>") -> Game:
    """The game of a preset given as text (settings-file PHP or a query string; ``name`` locates errors)."""
    return game_from_analysis(analyse(parse_preset(text, name)), name)


def _untranslated(game: Game, what: str) -> None:
    """Record a rule of the preset that the model does not carry (a piece function, a promotion zone)."""
    game.kept.append(KeptCode(FORMAT, UNTRANSLATED, what, game.metadata.source))


def game_from_analysis(info: Analysis, source: str) -> Game:
    """Build the model from an analysed preset.

    :raises ParseError: no FEN code or an unreadable one; :raises UnsupportedError: a shape other than square
        cells.
    """
    preset = info.preset
    where = Location(preset.file)
    program = written_from_program(preset.get("rules"))
    if program is not None:
        raise program_refusal(program, where)
    shape = (preset.get("shape") or "").strip()
    if shape.lower() not in SQUARE_SHAPES:
        raise UnsupportedError(f"board shape {shape!r} is not read (only square cells)",
                               preset.location_in("shape"), feature=f"shape {shape}")
    if info.board_error is not None:
        raise info.board_error
    if info.board is None:
        raise ParseError("the preset has no FEN code", where, expected="a 'code' key")
    storage = readhands.storage_of(info, where)
    below = storage.below if storage is not None else 0
    fen = info.board
    ranks = len(storage.board_ranks) if storage is not None else len(fen.ranks)
    holes = frozenset(square_name(f, r) for r in range(ranks) for f in range(fen.cols)
                      if fen.cell_at(f, r + below).kind == "hole")
    board = Board(fen.cols, ranks, holes)
    placement: dict[str, Piece] = {}
    hands: dict[Color, dict[str, int]] = {}
    labels: list[str] = []
    for r in range(len(fen.ranks) - 1, -1, -1):
        for f in range(fen.cols):
            cell = fen.cell_at(f, r)
            if cell.label is None:
                continue
            color = BLACK if cell.side == 2 else WHITE
            if 0 <= r - below < ranks:
                placement[square_name(f, r - below)] = Piece(cell.label.upper(), color)
            else:
                hand = hands.setdefault(WHITE if r < below else BLACK, {})
                hand[cell.label.upper()] = hand.get(cell.label.upper(), 0) + 1
            if cell.label.upper() not in labels:
                labels.append(cell.label.upper())
    data: dict[str, Any] = {"notes": []}
    default_files = [square_name(f, 0)[:-1] for f in range(fen.cols)]
    default_ranks = [str(r + 1) for r in range(ranks)]
    if storage is None and (info.files != default_files or info.ranks != default_ranks):
        data["labels"] = {"files": info.files, "ranks": info.ranks}
    metadata = Metadata(title=preset.get("game") or "", author=_author(info), source=source)
    rows = {row[0].upper(): row for row in piece_rows(preset.get("rules") or "")}
    paired = [name.upper() for name in info.defs if name.isupper() and name.lower() in info.defs
              and name.lower() != name and not name.startswith(PROMOTED_MARK)]
    order = [label for label in rows if label in labels or f"def {label}" in _def_names(info)]
    order = list(dict.fromkeys([*order, *labels, *paired]))
    pieces = [PieceType(rows[label][1] if label in rows else label, label, "",
                        image=(rows[label][3] or None) if label in rows else None) for label in order]
    game = Game(metadata, board, pieces, Setup(placement, hands=hands), Rules(), [], {FORMAT: data})
    if not info.code:
        data["notes"].append("uncoded preset: the moves of the pieces are unknown")
        for p in pieces:
            _untranslated(game, f"{p.name}: no code")
        return game
    _read_rules(info, game)
    _read_moves(info, game, rows)
    if storage is not None:
        _read_drops(info, game)
        _read_never_stuck(game)
    game.validate()
    if _black_first(info):  # written turned round (:mod:`.turned`): the first side is the game's Black
        why = why_not_turned(game)
        if why is None:
            return turned(game)
        data["notes"].append(f"sides {BLACK_FIRST_SIDES!r} (Black first) not read: {why}")
    return game


def _black_first(info: Analysis) -> bool:
    """Whether the preset's ``sides`` name Black first (:data:`~.turned.BLACK_FIRST_SIDES`)."""
    return " ".join((info.preset.get("sides") or "").split()) == BLACK_FIRST_SIDES


_FLAG_TEST = re.compile(r"\((?:== space (\w+) (\S+)|fn (white|black) space (\w+))\)")
"""One square's test of the writer's ``def flagged_white`` / ``def flagged_black``."""


def _flag_goal(info: Analysis, game: Game) -> FlagGoal | None:
    """The flag goal from the writer's ``def flagged_SIDE`` functions: per side an ``or`` of tests
    ``(== space SQ LABEL)`` (the flag piece) or ``(fn SIDE space SQ)`` (any piece) over the squares of a zone of
    the game; None without them (or where they are not that idiom: noted)."""
    found: dict[Color, tuple[str | None, frozenset[str]]] = {}
    for color, side in ((WHITE, "white"), (BLACK, "black")):
        command = _def(info, f"flagged_{side}")
        if command is None:
            return None
        parts = command.text.split(None, 2)  # def, the name, the body
        body = parts[2] if len(parts) == 3 else ""
        if body.strip().rstrip(";").strip() == "false":  # no flag squares for this side: its piece is the other's
            found[color] = (None, frozenset())
            continue
        tests = _FLAG_TEST.findall(body)
        rebuilt = " or ".join(f"(== space {sq} {lab})" if sq else f"(fn {who} space {sq2})"
                              for sq, lab, who, sq2 in tests)
        labels = {lab.upper() if lab else None for _, lab, _, _ in tests}
        if not tests or rebuilt != body.strip() or len(labels) != 1 or any(w and w != side for _, _, w, _ in tests):
            game.format_data[FORMAT]["notes"].append(f"flagged_{side} not understood")
            return None
        found[color] = (labels.pop(), frozenset(sq or sq2 for sq, _, _, sq2 in tests))
    for color in (WHITE, BLACK):
        if not found[color][1]:
            found[color] = (found[1 - color][0], frozenset())
    for zone in dict.fromkeys(z.name for z in game.zones):
        if all(game.zone_squares(zone, color) == found[color][1] for color in (WHITE, BLACK)):
            return FlagGoal(zone, found[WHITE][0], found[BLACK][0])
    game.format_data[FORMAT]["notes"].append("the flag squares are no zone of the game")
    return None


def _author(info: Analysis) -> str:
    settings = info.preset.settings
    if settings is None:
        return ""
    for assignment in settings.assignments("author"):
        value = getattr(assignment.value, "value", None)
        if isinstance(value, str):
            return value
    return ""


def _def_names(info: Analysis) -> set[str]:
    return {f"def {name}" for name in info.defs}


def _def(info: Analysis, name: str) -> Command | None:
    found = info.defs.get(name)
    return None if found is None else found[1]


# ---------------------------------------------------------------------------------------------- rules
def _or_terms(expr: Expr | None) -> list[Expr]:
    if expr is None:
        return []
    if isinstance(expr, Logic) and expr.op == "or":
        return _or_terms(expr.left) + _or_terms(expr.right)
    if isinstance(expr, Group):
        return _or_terms(expr.inner)
    return [expr]


def _and_terms(expr: Expr) -> list[Expr]:
    if isinstance(expr, Logic) and expr.op == "and":
        return _and_terms(expr.left) + _and_terms(expr.right)
    if isinstance(expr, Group):
        return _and_terms(expr.inner)
    return [expr]


def _equals_param(expr: Expr, param: str) -> str | None:
    """``== #0 X`` -> ``X``."""
    if isinstance(expr, Call) and expr.op == "==" and len(expr.args) == 2:
        a, b = expr.args
        if isinstance(a, Atom) and a.text == param and isinstance(b, Atom):
            return b.text
    return None


def _square_test(expr: Expr, file: int, rank: int, name: str, var: str = "#0") -> bool | None:
    """Evaluate a zone condition on square ``var`` = (file, rank); None if it is not a known form."""
    if isinstance(expr, Group):
        return _square_test(expr.inner, file, rank, name, var)
    if isinstance(expr, Logic):
        left = _square_test(expr.left, file, rank, name, var)
        right = _square_test(expr.right, file, rank, name, var)
        if left is None or right is None:
            return None
        return (left and right) if expr.op == "and" else (left or right)
    if isinstance(expr, Atom) and expr.text == "false":
        return False
    if isinstance(expr, Call) and len(expr.args) == 2:
        a, b = expr.args
        if expr.op == "==" and isinstance(a, Atom) and a.text == var and isinstance(b, Atom):
            return b.text == name
        if isinstance(a, Call) and a.op in ("file", "rank") and (value := integer(b)) is not None \
                and isinstance(a.args[0], Atom) and a.args[0].text == var:
            actual = file if a.op == "file" else rank
            ops = {">=": actual >= value, "<=": actual <= value, "==": actual == value, ">": actual > value,
                   "<": actual < value, "!=": actual != value}
            return ops.get(expr.op)
    return None


def _zone_squares(game: Game, expr: Expr, var: str = "#0", offset: int = 0) -> frozenset[str] | None:
    """The board squares on which a zone condition holds (``offset``: storage ranks below the board, which the
    code's rank numbers count); None if it is not a known form."""
    squares = set()
    for position in game.board.positions:
        assert position.file is not None and position.rank is not None
        value = _square_test(expr, position.file, position.rank + offset, position.name, var)
        if value is None:
            return None
        if value:
            squares.add(position.name)
    return frozenset(squares)


def royal_ids_of(info: Analysis) -> set[str]:
    """The royal pieces' ids (upper case): the labels of ``def royal``, else those of ``set X findpiece X``."""
    royal = _def(info, "royal")
    royal_ids: set[str] = set()
    if royal is not None:
        return {lab.upper() for term in _or_terms(royal.expr) if (lab := _equals_param(term, "#0"))}
    for info_block in info.code:
        for command, _ in info_block.program.walk():
            if command.name == "set" and command.expr is not None and isinstance(command.expr, Call) \
                    and command.expr.op == "findpiece" and command.target:
                royal_ids.add(command.target.upper())
    return royal_ids


def _read_rules(info: Analysis, game: Game) -> None:
    data = game.format_data[FORMAT]
    royal_ids = royal_ids_of(info)
    for piece in game.pieces:
        piece.royal = piece.id in royal_ids
    subs = {command.target for block in info.code for command, _ in block.program.walk()
            if command.name == "sub" and command.target}
    if "facing" in subs:
        game.rules.royals_may_face = False
    if "hasnonroyal" in subs:
        game.rules.bare_king = BareKingRule.LOSS
    if "stow" in subs:
        game.rules.captures_to_hand = True
    if "baddrop" in subs:
        game.rules.drops = True
    postgame = info.preset.get("postgame1") or ""
    if _black_first(info):  # the messages name the first side Black
        postgame = swap_names(postgame)
    if "Stalemate! The game is drawn" in postgame:
        game.rules.stalemate = StalemateResult.DRAW
    elif "Stalemate! White has won" in postgame:
        game.rules.stalemate = StalemateResult.LOSS
    elif "Stalemate! Black has won" in postgame:
        game.rules.stalemate = StalemateResult.WIN
    for name, (_, command) in info.defs.items():
        for color, side in ((WHITE, "_white"), (BLACK, "_black")):
            if name.startswith("zone_") and name.endswith(side) and command.expr is not None:
                squares = _zone_squares(game, command.expr, offset=_offset(info))
                if squares is None:
                    data["notes"].append(f"zone function {name} not understood")
                    continue
                game.zones.append(Zone(name[len("zone_"):-len(side)], squares, color))
    game.rules.flag = _flag_goal(info, game)
    readgoals.read_goals(info, game)
    for piece in game.pieces:
        piece.promotion = _promotion(info, game, piece)
    if not any(p.promotion for p in game.pieces):
        for pid, promotion in _promotion_idioms(info, game).items():
            known = {p.id for p in game.pieces}
            if pid in known and all(c.piece in known for c in promotion.choices):
                game.piece_type(pid).promotion = promotion
            elif pid in known:
                _untranslated(game, f"{pid}: promotion to a piece without a function")


def _promotion_idioms(info: Analysis, game: Game) -> dict[str, Promotion]:
    """Hand-written promotion in Post-Move 1: ``if == moved P and == rank dest N:`` (the moved labels may be
    an ``or`` group) whose body is ``add X dest`` (promotion to X) or ``if not match ... X Y Z: die`` (a
    choice of X, Y, Z)."""
    found: dict[str, Promotion] = {}
    for block in info.code:
        if block.key != "postauto1":
            continue
        for statement in block.program.statements:
            if not isinstance(statement, IfBlock) or len(statement.branches) != 1:
                continue
            branch = statement.branches[0]
            nodes = list(walk_expr(branch.condition))
            movers = [lab for n in nodes if (lab := _equals_word(n, "moved"))]
            ranks = [integer(n.args[1]) for n in nodes if isinstance(n, Call) and n.op == "==" and len(n.args) > 1
                     and isinstance(n.args[0], Call) and n.args[0].canonical() == "rank dest"]
            if not movers or len(ranks) != 1 or ranks[0] is None:
                continue
            choices = _promotion_choices(branch.body)
            if not choices:
                continue
            depth = game.board.ranks - ranks[0]
            for mover in movers:
                found[mover.upper()] = Promotion(tuple(PromotionChoice(c.upper()) for c in choices), depth)
    return found


def _equals_word(node: Expr, word: str) -> str | None:
    if isinstance(node, Call) and node.op == "==" and len(node.args) == 2:
        a, b = node.args
        if isinstance(a, Atom) and a.text == word and isinstance(b, Atom):
            return b.text
    return None


def _promotion_choices(body: list[Statement]) -> list[str]:
    for statement in body:
        if isinstance(statement, Command) and statement.name == "add" and len(statement.args) == 2 \
                and statement.args[1].value == "dest":
            return [statement.args[0].value]
        if isinstance(statement, IfBlock):
            condition = statement.branches[0].condition
            if isinstance(condition, Call) and condition.op == "not" and isinstance(condition.args[0], Call) \
                    and condition.args[0].op == "match":
                labels = [a.text.strip("{}") for a in condition.args[0].args[1:] if isinstance(a, Atom)]
                return labels
    return []


def _promotion(info: Analysis, game: Game, piece: PieceType) -> Promotion | None:
    zone = _def(info, f"promo_zone_{piece.id}")
    choice = _def(info, f"promo_choice_{piece.id}")
    if zone is None or choice is None or zone.expr is None:
        return None
    depth = 1
    zone_name = None
    expr = zone.expr
    offset = _offset(info)
    squares = _zone_squares(game, expr, offset=offset) if offset else None
    last_ranks = [frozenset(p.name for p in game.board.positions if p.rank is not None
                            and p.rank >= game.board.ranks - k) for k in range(game.board.ranks + 1)]
    if isinstance(expr, Call) and expr.op == ">=" and isinstance(expr.args[0], Call) \
            and expr.args[0].op == "rank" and (bound := integer(expr.args[1])) is not None:
        depth = game.board.ranks - bound
    elif squares is not None and squares in last_ranks:
        depth = last_ranks.index(squares)
    else:
        squares = _zone_squares(game, expr, offset=offset)
        matching = [z.name for z in game.zones if z.color == WHITE and z.squares == squares]
        if not matching:
            _untranslated(game, f"{piece.name}: promotion zone")
            return None
        zone_name = matching[0]
    choices = []
    mandatory = True
    stuck = False
    last = game.board.ranks - 1 + offset
    promoted = readhands.promoted_targets(info)
    for term in _or_terms(choice.expr):
        parts = _and_terms(term)
        target = _equals_param(parts[0], "#0")
        if target is None:
            continue
        target = promoted.get(target, target)
        if target.upper() == piece.id:
            mandatory = False
            stuck = len(parts) > 1
            continue
        max_depth = None
        on_last = True
        for part in parts[1:]:
            if isinstance(part, Call) and len(part.args) == 2 and (value := integer(part.args[1])) is not None:
                if part.op == ">=":
                    max_depth = game.board.ranks - value + offset
                elif part.op == "!=" and value == last:
                    on_last = False
        choices.append(PromotionChoice(target.upper(), max_depth, on_last))
    triggers = readhands.read_triggers(info, piece.id) or CHESS_TRIGGERS
    return Promotion(tuple(choices), depth, zone_name, mandatory, stuck, triggers)


def _offset(info: Analysis) -> int:
    """Storage ranks below the board (0 without storage)."""
    storage = readhands.storage_of(info, Location(info.preset.file))
    return storage.below if storage is not None else 0


def _read_drops(info: Analysis, game: Game) -> None:
    """Drop rules from ``sub baddrop``: a drop zone where the squares differ from the board less the squares
    the piece could never move from (which the generator removes by itself), and the count limits."""
    limits = readhands.read_drops(info) or {}
    offset = _offset(info)
    variant = Variant(game)
    board = frozenset(p.name for p in game.board.positions if p.name not in game.board.holes)
    for piece in game.pieces:
        white = limits.get(piece.id)
        if white is None:
            continue
        zone_name = None
        where_stuck = False
        for color in (WHITE, BLACK):
            found = limits.get(piece.id if color == WHITE else piece.id.lower())
            if found is None or found.allowed is None:
                continue
            squares = _zone_squares(game, found.allowed, "#to", offset)
            stuck = variant.stuck_squares(piece.id, color)
            if squares is not None and squares & stuck:  # drops allowed where the piece can never move
                where_stuck = True
            if squares is not None and squares != (board if where_stuck else board - stuck):
                zone_name = f"drop_{piece.id}"
                game.zones.append(Zone(zone_name, squares, color))
        if zone_name is not None or white.max_per_file is not None or white.max_per_square_color is not None \
                or where_stuck or white.no_check or white.no_mate:
            piece.drop = DropRule(zone_name, white.max_per_file, white.max_per_square_color,
                                  no_drop_mate=white.no_mate, no_drop_check=white.no_check, where_stuck=where_stuck)


def _read_never_stuck(game: Game) -> None:
    """An optional promotion of a piece that can move from every square: the writer writes no "forced where
    stuck" test for it, there being no such square, so the preset cannot say whether the flag was set. Read as
    set, as the Diagram and Fairy-Stockfish readers read shogi-style promotion, so that a preset written from the
    model reads back into the same model."""
    variant = Variant(game)
    for piece in game.pieces:
        promotion = piece.promotion
        if promotion is None or promotion.mandatory or promotion.mandatory_where_stuck:
            continue
        if not any(variant.stuck_squares(piece.id, color) for color in (WHITE, BLACK)):
            piece.promotion = dataclasses.replace(promotion, mandatory_where_stuck=True)


# ---------------------------------------------------------------------------------------------- moves
def _read_moves(info: Analysis, game: Game, rows: dict[str, tuple[str, str, str, str]]) -> None:
    from fairyport.gamecourier.write import write_game

    defs = {name: command.expr for name, (_, command) in info.defs.items() if command.expr is not None}
    for piece in game.pieces:
        command = _def(info, _white_label(info, piece.id))
        if command is None or command.expr is None:
            continue
        expr = command.expr
        confined = _confinement(game, expr, _offset(info))
        if confined is not None:
            expr, piece.confined_to = confined
        translated = translate(expr, defs, frozenset({piece.id}))
        zone = translated.zone if translated is not None else None
        if zone is not None:
            flagged = _flagged_squares(info)
            if not flagged:
                translated = None
            else:
                if not any(z.name == zone for z in game.zones):
                    game.zones.append(Zone(zone, flagged))
                piece.confined_to = zone
        piece.betza = translated.betza if translated is not None else ""
    stated = {label: split for label, row in rows.items() if (split := split_moves(row[2])) is not None}
    zones = {z.name for z in game.zones}
    stated = {label: (plain, zoned) for label, (plain, zoned) in stated.items() if {z.zone for z in zoned} <= zones}
    trial = dataclasses.replace(game, pieces=[dataclasses.replace(p, betza=stated[p.id][0], zoned_moves=stated[p.id][1])
                                              if p.id in stated else p for p in game.pieces], format_data={})
    try:
        written, _ = write_game(trial, best_effort=True)
    except FairyportError:
        written = ""
    written_defs = {line.split(" ", 2)[1]: line for line in written.splitlines() if line.startswith("def ")}
    for piece in game.pieces:
        own = [_def_line(info, piece.id), _def_line(info, piece.id.lower())]
        regenerated = [written_defs.get(piece.id), written_defs.get(piece.id.lower())]
        if piece.id in stated and own == regenerated:
            piece.betza, piece.zoned_moves = stated[piece.id]
            continue
        if _def(info, _white_label(info, piece.id)) is None:
            _untranslated(game, f"{piece.name}: no piece function")
            continue
        if not piece.betza:
            found = info.defs[_white_label(info, piece.id)]
            location = found[0].value.location(found[1].offset)
            piece.extra[FORMAT] = {"code": found[1].text, "location": str(location)}
            _untranslated(game, f"{piece.name}: {found[1].text} ({location})")


def _white_label(info: Analysis, piece_id: str) -> str:
    """The first side's label of a piece id (``Cv`` for ``CV``): the function name spelled so, else the id."""
    if piece_id in info.defs:
        return piece_id
    return next((n for n in info.defs if n.upper() == piece_id and n[:1].isupper()), piece_id)


def _flagged_squares(info: Analysis) -> frozenset[str]:
    """Squares flagged by unconditional ``setflag`` statements of Pre-Game (``setflag rules`` aside)."""
    squares: set[str] = set()
    for block in info.code:
        if block.key != "pregame":
            continue
        for statement in block.program.statements:
            if isinstance(statement, Command) and statement.name == "setflag":
                squares.update(t.value for t in statement.args if t.value != "rules")
    return frozenset(squares)


def _def_line(info: Analysis, name: str) -> str | None:
    command = _def(info, name)
    return None if command is None else " ".join(command.text.split()) + ";"


def _confinement(game: Game, expr: Expr, offset: int = 0) -> tuple[Expr, str] | None:
    """``(terms) and <test of #1>`` where the test gives the squares of White's zone NAME -> (terms, NAME)
    (``offset``: the storage ranks below the board, added to the code's ranks)."""
    parts = _and_terms(expr) if isinstance(expr, Logic) and expr.op == "and" else []
    if len(parts) < 2 or not isinstance(_leftmost(expr), Group):
        return None
    terms = _leftmost(expr)
    rest = expr
    conditions: list[Expr] = []
    while isinstance(rest, Logic) and rest.op == "and":
        conditions.insert(0, rest.right)
        rest = rest.left
    squares = set(game.board.by_name)
    for condition in conditions:
        found = _zone_squares(game, condition, "#1", offset)
        if found is None:
            return None
        squares &= found
    for zone in game.zones:
        if zone.color in (None, WHITE) and zone.squares == squares:
            return terms, zone.name
    return None


def _leftmost(expr: Expr) -> Expr:
    while isinstance(expr, Logic) and expr.op == "and":
        expr = expr.left
    return expr
