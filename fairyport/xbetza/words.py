"""Piece moves and game rules in words, generated from the model: XBetza strings and :class:`~fairyport.model.Rules`.

:func:`describe_betza` turns an XBetza string into one English phrase per move ("slides any number of squares
orthogonally", "leaps as a knight (2 squares one way and 1 the other)", "captures only by hopping over exactly
one piece on the way"). Every construct the parser accepts has a phrase; nothing falls back to quoting the
string. Direction letters are read with the move generator's own tables (:mod:`fairyport.xbetza.geometry`), so the
words name the squares the generator plays. :func:`describe_piece` adds royalty, confinement and promotion;
:func:`describe_rules` gives the game's other rules. ``fairyport show`` and ``fairyport report`` use both.
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.errors import ModelError
from fairyport.model import COLOR_NAMES, BareKingRule, Game, PieceType, Promotion, RoyalProtection, StalemateResult
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import (
    ALL_DIRECTIONS,
    DEFAULT_CONTINUATION,
    EVEN,
    ODD,
    AtomClass,
    atom_geometry,
    first_leg_directions,
    turn_directions,
)

OBLIQUE_NAMES = {(1, 2): "a knight", (1, 3): "a camel", (2, 3): "a zebra", (1, 4): "a giraffe", (2, 5): "a gnu"}
"""Common names of oblique leaps (short, long), used as "leaps as a knight"."""

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

K_WORDS = {0: "forward", 1: "diagonally forward-right", 2: "right", 3: "diagonally backward-right",
           4: "backward", 5: "diagonally backward-left", 6: "left", 7: "diagonally forward-left"}
"""One K-system direction bit in words (White's view)."""

TURN_WORDS = {0: "straight on", 1: "turning 45 degrees right", 2: "turning 90 degrees right",
              3: "turning 135 degrees right", 4: "straight back", 5: "turning 135 degrees left",
              6: "turning 90 degrees left", 7: "turning 45 degrees left"}
"""A continuation leg's relative direction bit in words."""


def _number(n: int) -> str:
    return NUMBERS.get(n, str(n))


def _join(parts: list[str], word: str = "or") -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def _orthogonal_words(bits: frozenset[int]) -> str:
    if bits >= EVEN:
        return "orthogonally"
    words = []
    rest = set(bits)
    if {0, 4} <= rest:
        words.append("forward or backward")
        rest -= {0, 4}
    if {2, 6} <= rest:
        words.append("sideways")
        rest -= {2, 6}
    words.extend(K_WORDS[b] for b in sorted(rest))
    return _join(words)


def _diagonal_words(bits: frozenset[int]) -> str:
    if bits >= ODD:
        return "diagonally"
    rest = set(bits)
    words = []
    for pair, word in (({1, 7}, "forward"), ({3, 5}, "backward"), ({5, 7}, "to the left"), ({1, 3}, "to the right")):
        if pair <= rest:
            words.append(word)
            rest -= pair
    words.extend(K_WORDS[b].removeprefix("diagonally ") for b in sorted(rest))
    return "diagonally " + _join(words)


def _king_words(bits: frozenset[int]) -> str:
    if bits >= ALL_DIRECTIONS:
        return "in any direction"
    parts = []
    if bits & EVEN:
        parts.append(_orthogonal_words(bits & EVEN))
    if bits & ODD:
        parts.append(_diagonal_words(bits & ODD))
    return _join(parts)


def _oblique_words(bits: frozenset[int], short: int, long: int) -> str:
    """Which of the eight (short, long) leaps, in rank-and-file words: "2 forward and 1 to either side"."""
    if bits >= ALL_DIRECTIONS:
        return ""
    # bit d: the d-th leap clockwise from (short, long): (a,b) (b,a) (b,-a) (a,-b) (-a,-b) (-b,-a) (-b,a) (-a,b)
    shape = {0: (long, "forward", short, "right"), 1: (short, "forward", long, "right"),
             2: (short, "back", long, "right"), 3: (long, "back", short, "right"),
             4: (long, "back", short, "left"), 5: (short, "back", long, "left"),
             6: (short, "forward", long, "left"), 7: (long, "forward", short, "left")}
    rest = set(bits)
    words = []
    for pair in ((0, 7), (1, 6), (2, 5), (3, 4)):
        if set(pair) <= rest:
            ahead, way, side, _ = shape[pair[0]]
            words.append(f"{ahead} {way} and {side} to either side")
            rest -= set(pair)
    for bit in sorted(rest):
        ahead, way, side, hand = shape[bit]
        words.append(f"{ahead} {way} and {side} to the {hand}")
    return "to the squares " + _join(words)


def _direction_words(atom: str, letters: str) -> tuple[str, AtomClass, int, tuple[int, int]]:
    """(direction words, class, multiple, leap) of a first leg's direction ``letters`` on ``atom``."""
    base = betza.RIDER_ATOMS.get(atom, atom)
    cls, multiple, leap = atom_geometry(base)
    bits = first_leg_directions(letters, cls)
    if cls is AtomClass.ORTHOGONAL:
        return _orthogonal_words(bits), cls, multiple, leap
    if cls is AtomClass.DIAGONAL:
        return _diagonal_words(bits), cls, multiple, leap
    if cls is AtomClass.KING:
        return _king_words(bits), cls, multiple, leap
    return _oblique_words(bits, *leap), cls, multiple, leap


def _limit(move: betza.Move) -> int:
    """The number of steps a move may take: 0 for unlimited."""
    if move.range is not None:
        return move.range
    return betza.default_range(move.atom) or 0


def _distance(move: betza.Move, leg: betza.Leg, toggled: bool = False) -> str:
    """How far and which way one leg of ``move`` goes: "one square diagonally", "any number of squares forward"."""
    atom = move.atom
    if atom == "U":
        return "to any square of the board"
    words, cls, multiple, leap = _direction_words(atom, leg.directions)
    limit = _limit(move)
    if toggled:
        limit = 1 if limit != 1 else 0
    if cls is AtomClass.OBLIQUE:
        short, long = leap
        name = OBLIQUE_NAMES.get((short, long), f"a ({short},{long}) leaper")
        shape = f"{long} squares one way and {short} the other"
        if limit == 1:
            text = f"as {name} ({shape})"
        elif limit == 0:
            text = f"as {name} repeated in a straight line any number of times ({shape} each)"
        else:
            text = f"as {name} repeated in a straight line up to {limit} times ({shape} each)"
        return text + (" " + words if words else "")
    if move.star:
        limit = 0
    unit = "square" if multiple == 1 else f"{multiple}-square leap"
    if limit == 1 and multiple > 1 and not leg.has("n"):
        between = "squares" if multiple > 2 else "square"
        return f"exactly {_number(multiple)} squares {words}, leaping over the {between} between"
    if limit == 1 and multiple > 1:
        return f"exactly {_number(multiple)} squares {words}"
    return f"{_count(limit, unit)} {words}"


def _count(limit: int, unit: str) -> str:
    """"one square", "any number of squares", "up to three 2-square leaps"."""
    if limit == 1:
        return f"one {unit}"
    if limit == 0:
        return f"any number of {unit}s"
    return f"up to {_number(limit)} {unit}s"


def _verb(leg: betza.Leg, move: betza.Move, final: bool) -> str:
    """What the piece does on the square where ``leg`` ends."""
    if move.atom == "O":
        return "castles"
    what = []
    if final and leg.has("x") and not any(leg.has(mode) for mode in "mcdek"):
        return "swaps places with a piece of its own side"
    if final:
        if leg.has("m"):
            what.append("moves")
        if leg.has("c"):
            what.append("captures")
        if not (leg.has("m") or leg.has("c") or leg.has("d") or leg.has("e") or leg.has("k")):
            what.append("moves or captures")
        if leg.has("d"):
            what.append("captures a piece of its own side")
        if leg.has("e"):
            what.append("captures en passant" if not leg.has("c") else "")
            if leg.has("c"):
                what[what.index("captures")] = "captures (also en passant)"
        if leg.has("k"):
            what.append("captures only a royal piece (gives check)")
        return _join(what)
    if leg.has("c"):
        what.append("capturing the enemy piece there")
    if leg.has("d"):
        what.append("capturing the friendly piece there")
    if leg.has("p") or leg.has("g"):
        what.append("onto a piece, hopping over it")
    if leg.has("m") or not what:
        what.append("to an empty square")
    return _join(what)


def _conditions(leg: betza.Leg, move: betza.Move, first: bool, final: bool, *, second: bool = False) -> list[str]:
    """The side conditions of one leg, as phrases appended after its distance."""
    notes: list[str] = []
    atom = move.atom
    initial = leg.count("i")
    if first and initial == 1:
        notes.append("only as the piece's first move")
    elif first and initial > 1:
        notes.append("only while the piece is on its first or second square (XBoard's ii)")
    elif initial:
        notes.append("as far as the previous slide went (iso)")
    if leg.has("n"):
        notes.append("without jumping: blocked by a piece on the way")
    jumps = leg.count("j")
    if jumps:
        if atom == "O":
            notes.append(f"with a partner that is not on the edge ({jumps} piece(s) beyond it)")
        elif atom in ("W", "F", "R", "B"):
            notes.append("skipping the first square")
        else:
            notes.append("only by jumping over an occupied square")
    if final:
        if leg.has("p"):
            notes.append("only by hopping over exactly one piece on the way")
        if leg.has("g"):
            notes.append("by hopping over one piece and landing just beyond it (grasshopper)")
    if leg.has("t"):
        notes.append("over pieces of its own side only" if not final else "not capturing a king")
    if leg.has("y") and final:
        notes.append("(a range toggle, which has no effect on the last leg)")
    if leg.has("x") and not final:
        notes.append("handing the rest of the move to the friendly piece it lands on (relay)")
    elif leg.has("x") and any(leg.has(mode) for mode in "mcdek"):
        notes.append("or swapping places with a piece of its own side there")
    if leg.has("u"):
        notes.append("putting the piece it captured back on the square this leg starts from (unload)")
    oo = leg.count("o")
    if oo:
        notes.append("on a cylinder: the files wrap around" if oo == 1 else "on a torus: files and ranks wrap around")
    if leg.has("z"):
        notes.append("crooked: every step turning a right angle, alternately left and right" if first
                     else "crooked: its first turn, which later crooked legs turn back" if second
                     else "crooked: turning back the way its previous leg turned")
    if leg.has("q"):
        notes.append("circling: turning the same way at every step" if first
                     else "circling: its first turn, which later circling legs repeat" if second
                     else "circling: turning the same way as its previous leg turned")
    if leg.has("w"):
        notes.append("(the w modifier, which has no effect)")
    return notes


def _turn_words(bits: frozenset[int]) -> str:
    if bits == DEFAULT_CONTINUATION:
        return "in any direction but straight back"
    rest = set(bits)
    words = []
    for pair, word in (((1, 7), "turning 45 degrees either way"), ((2, 6), "turning 90 degrees either way"),
                       ((3, 5), "turning 135 degrees either way")):
        if set(pair) <= rest:
            words.append(word)
            rest -= set(pair)
    words.extend(TURN_WORDS[b] for b in sorted(rest))
    return _join(words)


def _leg_turns(leg: betza.Leg, previous: frozenset[int] | None) -> frozenset[int]:
    """The relative turns a continuation leg may make after a leg that turned by one of ``previous`` (None: the
    previous leg is the first leg); ``z``/``q`` legs depend on the previous turn (see ``turn_directions``)."""
    if previous is None or not (leg.has("z") or leg.has("q")):
        return turn_directions(leg.directions, leg.modes, None)
    return frozenset(b for turn in previous for b in turn_directions(leg.directions, leg.modes, turn))


def _continuation_atom(move: betza.Move, bits: frozenset[int], atom: str) -> str:
    """The atom a continuation leg moves as: a 45 or 135 degree turn converts W and F, D and A, H and G, R and B."""
    swap = {"W": "F", "F": "W", "D": "A", "A": "D", "H": "G", "G": "H", "R": "B", "B": "R"}
    if atom in swap and bits and all(b % 2 for b in bits):
        return swap[atom]
    return atom


def _continuation_distance(move: betza.Move, leg: betza.Leg, atom: str, toggled: bool, bits: frozenset[int]) -> str:
    limit = _limit(move)
    if toggled:
        limit = 1 if limit != 1 else 0
    base = betza.RIDER_ATOMS.get(atom, atom)
    cls, multiple, _ = atom_geometry(base)
    unit = "leap" if cls is AtomClass.OBLIQUE else "square" if multiple == 1 else f"{multiple}-square leap"
    count = _count(limit, unit)
    way = {AtomClass.ORTHOGONAL: " orthogonally", AtomClass.DIAGONAL: " diagonally"}.get(cls, "")
    return f"{count}{way}, {_turn_words(bits)}"


def describe_move(move: betza.Move) -> str:
    """One move of a piece in words."""
    if move.atom == "O":
        words = _orthogonal_words(first_leg_directions(move.first.directions, AtomClass.ORTHOGONAL))
        steps = move.range if move.range is not None else 1
        side = "to either side" if words == "sideways" else words
        text = (f"castles {side} with the outermost piece of its rank, moving {_number(steps)} square"
                f"{'s' if steps != 1 else ''} towards it while that piece jumps to the square it crossed")
        extra = _conditions(move.first, move, first=True, final=True)
        extra = [e for e in extra if e != "only as the piece's first move"]
        return text + (", " + ", ".join(extra) if extra else "") + " (neither may have moved)"
    if move.atom == "I":
        text = "imitates the move of the piece that moved last"
        notes = _conditions(move.first, move, first=True, final=True)
        return text + (", " + ", ".join(notes) if notes else "")
    parts: list[str] = []
    toggled = False
    atom = move.atom
    turns: frozenset[int] | None = None
    for index, leg in enumerate(move.legs):
        first = index == 0
        final = index == len(move.legs) - 1
        verb = _verb(leg, move, final)
        if first and final and leg.has("g") and not leg.has("p"):
            way = _direction_words(atom, leg.directions)[0] if atom not in ("U", "O", "I") else ""
            distance = (f"by hopping over the first piece {way} at any distance and landing on the square just "
                        "beyond it" if _limit(move) == 0 else f"{_distance(move, leg)}, hopping over a piece")
            notes = [n for n in _conditions(leg, move, first, final) if "grasshopper" not in n]
            parts.append(", ".join([f"{verb} {distance}", *notes]))
            continue
        if first:
            distance = _distance(move, leg, toggled)
        else:
            bits = _leg_turns(leg, turns)
            turns = bits
            atom = _continuation_atom(move, bits, atom)
            distance = _continuation_distance(move, leg, atom, toggled, bits)
        notes = _conditions(leg, move, first, final, second=index == 1)
        if leg.has("g") and not final:
            toggled = not toggled
        if leg.has("y"):
            toggled = not toggled
        phrase = f"{verb} {distance}" if final else f"{distance} {verb}"
        parts.append(", ".join([phrase, *notes]))
    text = parts[0] if len(parts) == 1 else "first " + "; then ".join(parts)
    if move.star:
        text += ", up to the middle of the board (leaving e.p. rights behind)"
    if move.exempt:
        text += " (exempt from the capture matrix)"
    return text


def describe_item(item: betza.Item) -> str:
    """A plain move, or a move with a repetition group: its shortest form and how it repeats."""
    if isinstance(item, betza.Move):
        return describe_move(item)
    shortest = describe_move(item.expand(0))
    once = describe_move(item.expand(1))
    times = "any number of times" if item.count is None else _count(item.count, "time")
    return f"{shortest}; or, repeating the bracketed legs ({item.body}) {times}, {once}, and so on"


def describe_betza(text: str) -> list[str]:
    """One phrase per move of the XBetza string ``text`` (an empty list for the empty string).

    :raises BetzaError: for a string the parser does not accept.
    """
    return [describe_item(item) for item in betza.parse(text).items]


def promotion_words(promotion: Promotion, game: Game | None = None) -> str:
    """How a piece promotes: where, to what, and whether it must."""
    names = []
    for choice in promotion.choices:
        name = choice.piece if game is None else piece_label(game, choice.piece)
        flags = []
        if not choice.on_last_rank:
            flags.append("not on the last rank")
        if choice.max_depth is not None:
            flags.append("on the last rank only" if choice.max_depth == 1 else
                         f"within {choice.max_depth} ranks of the end")
        if choice.from_hand:
            flags.append("if one is in hand")
        names.append(name + (f" ({', '.join(flags)})" if flags else ""))
    if promotion.zone:
        where = f"on reaching the zone {promotion.zone}"
    elif promotion.depth == 1:
        where = "on reaching the last rank"
    else:
        where = f"on reaching the last {promotion.depth} ranks"
    kind = "must promote" if promotion.mandatory else "may promote"
    return f"{kind} {where} to " + _join(names)


def describe_piece(piece: PieceType, game: Game | None = None) -> list[str]:
    """The piece in sentences: its moves, then royalty, confinement and promotion."""
    moves = describe_betza(piece.betza)
    sentences = [_sentence(m) for m in moves]
    blocks = game.programs(piece.id) if game is not None else []
    for fmt in dict.fromkeys(block.format for block in blocks):
        count = sum(1 for block in blocks if block.format == fmt)
        sentences.append(f"{'Also moves' if sentences else 'Moves'} by {count} {fmt} block(s) kept as "
                         f"code of that format (not XBetza), which its interpreter plays.")
    sentences = sentences or ["Has no moves."]
    if piece.royal:
        sentences.append("Royal: it may not be left attacked (checkmate ends the game).")
        if swaps(piece.betza):
            sentences.append(ROYAL_SWAP_NOTE)
    if piece.confined_to:
        sentences.append(f"Confined to the {piece.confined_to} of its side: it may not leave it.")
    if piece.promotion is not None:
        sentences.append(_sentence(promotion_words(piece.promotion, game)))
    return sentences


ROYAL_SWAP_NOTE = ("Its 'x' moves are read as XBetza defines them, swapping places with a piece of its own side; "
                   "Odin's Rune Chess uses 'x' on its king to borrow the moves of an adjacent friendly piece, which "
                   "this reading does not describe (the move generator refuses 'x').")
"""The sentence added to a royal piece whose moves end with ``x``: the documented XBetza meaning is a swap, and
the one known use on a king (Odin's Rune Chess: the king moves as an adjacent friendly piece) means something
else, which fairyport neither describes nor plays."""


def swaps(text: str) -> bool:
    """True if a move of ``text`` ends with an ``x`` leg (a swap)."""
    try:
        return any(move.legs and move.legs[-1].has("x") for move in betza.parse(text).moves())
    except betza.BetzaError:
        return False


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def piece_label(game: Game, piece_id: str) -> str:
    """``name (ID)`` of a piece type, or the id alone when the game has no such type."""
    try:
        return f"{game.piece_type(piece_id).name} ({piece_id})"
    except ModelError:
        return piece_id


def _pieces_with(game: Game, test: Callable[[betza.Move], bool]) -> list[str]:
    """Names of the piece types that have a move passing ``test`` (unreadable move strings are skipped)."""
    found = []
    for piece in game.pieces:
        try:
            moves = betza.parse_moves(piece.betza)
        except betza.BetzaError:
            continue
        if any(test(move) for move in moves):
            found.append(piece.name)
    return found


def describe_rules(game: Game) -> list[str]:
    """The game's rules other than single piece moves, one sentence each."""
    rules = game.rules
    royal = [p.name for p in game.pieces if p.royal]
    lines = []
    if royal:
        lines.append(f"The royal piece{'s are' if len(royal) > 1 else ' is'} {_join(royal, 'and')}: a side that "
                     "cannot get its royal piece out of attack is checkmated and loses.")
        if rules.royal_protection is RoyalProtection.LAST and len(royal) >= 1:
            lines.append("With several royal pieces, only a side's last one is protected: the others may be "
                         "captured.")
    else:
        lines.append("No piece is royal: there is no check.")
    stalemate = {StalemateResult.DRAW: "a draw", StalemateResult.LOSS: "a loss for the side that cannot move",
                 StalemateResult.WIN: "a win for the side that cannot move"}[rules.stalemate]
    lines.append(f"Stalemate (no legal move, not in check) is {stalemate}.")
    if rules.bare_king is BareKingRule.LOSS:
        lines.append("Bare king: a side left with only royal pieces, while the other side still has others, loses.")
    if not rules.royals_may_face:
        lines.append("The royal pieces may not face each other on a file with nothing between them.")
    castlers = _pieces_with(game, lambda move: move.atom == "O")
    lines.append(f"Castling: {_join(castlers, 'and')} may castle (see the piece)." if castlers else "No castling.")
    ep = _pieces_with(game, lambda move: any(leg.has("e") for leg in move.legs))
    lines.append(f"En passant: {_join(ep, 'and')} may capture en passant a piece that has just passed the square "
                 "with a lame initial leap." if ep else "No en passant captures.")
    promoting = [p for p in game.pieces if p.promotion is not None]
    for piece in promoting:
        assert piece.promotion is not None
        lines.append(_sentence(f"{piece.name} {promotion_words(piece.promotion, game)}"))
    if not promoting:
        lines.append("No piece promotes.")
    for zone in game.zones:
        owner = "both sides" if zone.color is None else COLOR_NAMES[zone.color]
        lines.append(f"Zone {zone.name} ({owner}): {' '.join(sorted(zone.squares))}.")
    lines.extend(hand_rules(game))
    hands = {c: h for c, h in game.setup.hands.items() if h}
    if hands:
        for color, hand in sorted(hands.items()):
            lines.append(f"{COLOR_NAMES[color].capitalize()} starts with pieces in hand: "
                         + ", ".join(f"{n} \u00d7 {piece_label(game, k)}" for k, n in hand.items())
                         + ("; they may be dropped." if rules.drops else "."))
    return lines


def hand_rules(game: Game) -> list[str]:
    """Captures to hand and drops in words (empty for a game without them)."""
    rules = game.rules
    lines = []
    if rules.captures_to_hand:
        kept = "demoted to its unpromoted type" if rules.demote_captured else "as it is (promoted pieces stay promoted)"
        lines.append(f"A captured piece goes to the capturer's hand, {kept}, and changes sides.")
    if rules.captures_to_owner:
        lines.append("A captured piece goes back to its owner's hand as it is.")
    if not rules.drops:
        return lines
    lines.append("Instead of moving, a player may drop a piece from hand on an empty square, never where it could "
                 "not move again.")
    for piece in game.pieces:
        drop = piece.drop
        if drop is None:
            continue
        name = piece.name
        if drop.zone is not None:
            lines.append(f"A {name} may be dropped only in the zone {drop.zone}.")
        if drop.max_per_file is not None:
            lines.append(f"A {name} may not be dropped on a file that already holds {drop.max_per_file} unpromoted "
                         f"{name}(s) of the same side.")
        if drop.max_per_square_color is not None:
            lines.append(f"A {name} may not be dropped on a square of a colour that already holds "
                         f"{drop.max_per_square_color} unpromoted {name}(s) of the same side.")
        if drop.no_drop_mate:
            lines.append(f"Dropping a {name} may not give checkmate.")
    return lines
