"""The rules text of a written preset (HTML for players), built from the model, and reading its piece table.

The text has a title paragraph, a piece table (one row per type: label, name, XBetza move, the move in
words, image), promotion, special rules and the source. The piece table is also what the reader takes the
piece names, images and XBetza strings from when the code it describes is the writer's own (see
:mod:`.read`): rows are ``<tr><td>LABEL</td><td>NAME</td><td><code>XBETZA</code></td><td>WORDS</td>
<td>IMAGE</td></tr>``.
"""

from __future__ import annotations

import html
import re

from fairyport.model import BareKingRule, Game, PieceType, StalemateResult, ZonedMove
from fairyport.xbetza import syntax as betza

ATOM_WORDS = {
    "W": "one step orthogonally", "F": "one step diagonally", "D": "a leap of two orthogonally",
    "N": "a knight's leap", "A": "a leap of two diagonally", "H": "a leap of three orthogonally",
    "C": "a camel's leap (1, 3)", "Z": "a zebra's leap (2, 3)", "G": "a leap of three diagonally",
    "K": "one step in any direction", "R": "any distance orthogonally", "B": "any distance diagonally",
    "Q": "any distance in any direction", "O": "castling",
}
"""What each atom does, in words."""
DIRECTION_WORDS = {"f": "forward", "b": "backward", "l": "left", "r": "right", "v": "vertically",
                   "s": "sideways", "h": "half"}
MODE_WORDS = {"m": "moving only", "c": "capturing only", "e": "capturing en passant", "i": "first move only",
              "n": "not jumping", "p": "hopping over a screen", "y": "then sliding", "j": "jumping"}

_ROW = re.compile(r"<tr><td>([^<]*)</td><td>([^<]*)</td><td><code>([^<]*)</code></td><td>[^<]*</td>"
                  r"<td>([^<]*)</td></tr>")


def move_words(text: str) -> str:
    """A plain-words reading of an XBetza string, one phrase per move (``; `` separated)."""
    if not text:
        return "no moves"
    phrases = []
    for move in betza.parse_moves(text):
        parts = []
        for index, leg in enumerate(move.legs):
            words = [DIRECTION_WORDS[d] for d in leg.directions if d in DIRECTION_WORDS]
            words += [MODE_WORDS[m] for m in dict.fromkeys(leg.modes) if m in MODE_WORDS]
            prefix = "then " if index else ""
            parts.append(prefix + " ".join(words))
        atom = ATOM_WORDS.get(move.atom[:1], move.atom)
        if move.range not in (None, 0) and move.atom != "O":
            atom += f" (up to {move.range})"
        elif move.atom == "O" and move.range:
            atom += f" (the royal moves {move.range})"
        phrases.append(" ".join(p for p in (atom, ", ".join(q for q in parts if q.strip())) if p).strip())
    return "; ".join(phrases)


ZONED_SEPARATOR = "; "
"""Between the XBetza and each zoned move (``BETZA from|to [outside] ZONE``) in the piece table's XBetza cell."""


def _row(piece: PieceType) -> str:
    moves = ZONED_SEPARATOR.join([piece.betza, *(z.text() for z in piece.zoned_moves)])
    words = move_words(piece.betza) + "".join(f"; where the zone {z.zone} allows: {move_words(z.betza)}"
                                              for z in piece.zoned_moves)
    cells = [piece.id, piece.name, moves, words, piece.image or ""]
    escaped = [html.escape(c, quote=False) for c in cells]
    return (f"<tr><td>{escaped[0]}</td><td>{escaped[1]}</td><td><code>{escaped[2]}</code></td>"
            f"<td>{escaped[3]}</td><td>{escaped[4]}</td></tr>")


def rules_html(game: Game, *, turned: bool = False) -> str:
    """The rules text of ``game`` (``turned``: a game whose Black moves first, written turned round so that Black
    is the first side, upper case: :mod:`.turned`)."""
    title = html.escape(game.metadata.title or "This game", quote=False)
    board = game.board
    first, second = ("Black", "White") if turned else ("White", "Black")
    view = " The board is shown from Black's side." if turned else ""
    lines = [f"<p>{title} on a {board.files}x{board.ranks} board. {first} moves first.{view} "
             f"The pieces (upper case {first}, lower case {second}):</p>",
             "<table class=\"pieces\">",
             "<tr><th>label</th><th>name</th><th>XBetza</th><th>moves</th><th>image</th></tr>"]
    lines += [_row(p) for p in game.pieces]
    lines.append("</table>")
    rules: list[str] = []
    royals = [p.name for p in game.pieces if p.royal]
    if royals:
        rules.append(f"Royal: {', '.join(royals)}; a move may not leave a royal piece attacked. Checkmate wins.")
    for piece in game.pieces:
        if piece.promotion is not None:
            choices = ", ".join(game.piece_type(c.piece).name for c in piece.promotion.choices)
            where = (f"in zone {piece.promotion.zone}" if piece.promotion.zone
                     else f"on the last {piece.promotion.depth} rank(s)")
            kind = "must" if piece.promotion.mandatory else "may"
            rules.append(f"The {piece.name} {kind} promote {where} to: {choices}.")
        if piece.confined_to is not None:
            rules.append(f"The {piece.name} may not leave its {piece.confined_to}.")
    if not game.rules.royals_may_face:
        rules.append("Royal pieces may not face each other on an open file.")
    rules.append({StalemateResult.DRAW: "Stalemate is a draw.",
                  StalemateResult.LOSS: "Stalemating the opponent wins.",
                  StalemateResult.WIN: "A stalemated side wins."}[game.rules.stalemate])
    if game.rules.bare_king is BareKingRule.LOSS:
        rules.append("A side left with its royal pieces only, while the other has more, has lost.")
    lines += [f"<p>{html.escape(r, quote=False)}</p>" for r in rules]
    source = game.metadata.source
    if source:
        if not source.startswith(("http://", "https://")):
            source = source.replace("\\", "/").rsplit("/", 1)[-1]  # a local file: its name, not the path
        lines.append(f"<p>Source: {html.escape(source, quote=False)}. "
                     "Written by fairyport from the common game model.</p>")
    return "\n".join(lines) + "\n"


def split_moves(cell: str) -> tuple[str, tuple[ZonedMove, ...]] | None:
    """The XBetza and the zoned moves of a piece table's XBetza cell (None where an item is not a zoned move)."""
    first, *rest = cell.split(ZONED_SEPARATOR.strip())
    zoned = tuple(ZonedMove.from_text(item) for item in rest)
    if any(z is None for z in zoned):
        return None
    return first.strip(), tuple(z for z in zoned if z is not None)


def piece_rows(text: str) -> list[tuple[str, str, str, str]]:
    """(label, name, XBetza, image) of every row of a rules text's piece table, unescaped."""
    return [tuple(html.unescape(g) for g in m.groups()) for m in _ROW.finditer(text)]  # type: ignore[misc]
