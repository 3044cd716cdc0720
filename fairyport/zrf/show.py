"""``fairyport show X.zrf [--variant V]``: the board and setup of one variant, as text."""

from __future__ import annotations

from pathlib import Path

from fairyport.format import ShowOptions
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.reader import ZrfVariant, read_variant
from fairyport.zrf.typed.tree import ZrfGame


def symbols(game: ZrfGame) -> dict[tuple[str, str], str]:
    """(player, piece) -> a short symbol: the piece's notation or initials, upper case for the first player."""
    first = game.players[0].text if game.players else None
    result = {}
    for part in game.setup:
        for entry in part.entries:
            piece = game.piece(entry.piece.text)
            base = piece.notation.value if piece is not None and piece.notation is not None else entry.piece.text
            short = (base.strip() or entry.piece.text)[:2]
            result[(part.player.text, entry.piece.text)] = short.upper() if part.player.text == first \
                else short.lower()
    return result


def board_lines(game: ZrfGame, geometry: Geometry, marks: dict[tuple[str, str], str]) -> list[str]:
    """The board as rows of cells laid out by screen rectangle; a list of positions if they overlap.

    ``marks`` are the :func:`symbols` of ``game``.
    """
    occupant: dict[str, str] = {}
    for part in game.setup:
        for entry in part.entries:
            for ref in entry.positions:
                occupant[ref.text] = marks[(part.player.text, entry.piece.text)]
    placed = [p for p in geometry.positions.values() if p.rectangle is not None]
    grid = {(p.rectangle[1], p.rectangle[0]): p.name for p in placed if p.rectangle is not None}
    if not placed or len(grid) != len(placed):
        return [f"{name}: {occupant.get(name, '.')}" for name in geometry.positions]
    rows = sorted({y for y, _ in grid})
    columns = sorted({x for _, x in grid})
    width = max(2, *(len(v) for v in occupant.values())) if occupant else 2
    lines = []
    for y in rows:
        cells = []
        for x in columns:
            name = grid.get((y, x))
            cells.append(" " * width if name is None else occupant.get(name, ".").ljust(width))
        lines.append(" ".join(cells).rstrip())
    return lines


def describe(read: ZrfVariant) -> list[str]:
    """Every line ``show`` prints for a variant."""
    game, geometry, variant = read.game, read.geometry, read.variant
    lines = [f"{variant.title or '(untitled)'}  [variant {variant.index} of {len(read.file.choices)}]"]
    lines.append("players: " + " ".join(p.text for p in game.players))
    if geometry is None:
        lines.append("(no board)")
        return lines
    lines.append(f"positions: {len(geometry.positions)}  directions: {' '.join(geometry.links)}")
    marks = symbols(game)
    lines.extend(board_lines(game, geometry, marks))
    if marks:
        lines.append("pieces: " + ", ".join(f"{m}={player} {piece}" for (player, piece), m in marks.items()))
    hand = [f"{part.player.text} {entry.piece.text} x{entry.off}" for part in game.setup
            for entry in part.entries if entry.off]
    if hand:
        lines.append("off board: " + ", ".join(hand))
    return lines


def show(path: Path, options: ShowOptions) -> int:
    """Print the board and setup of the variant ``options.variant`` (default: the file's default variant)."""
    for line in describe(read_variant(path, options.variant)):
        print(line)
    return 0
