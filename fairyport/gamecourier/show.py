"""``fairyport show preset.php``: the board of a preset, drawn from its FEN code."""

from __future__ import annotations

import sys
from pathlib import Path

from fairyport.errors import EXIT_OK, EXIT_UNSUPPORTED, Location, ModelError
from fairyport.format import ShowOptions
from fairyport.gamecourier.analysis import DEFAULT_COLS, analyse
from fairyport.gamecourier.syntax.fen import Cell, FenBoard
from fairyport.gamecourier.syntax.preset import read_preset
from fairyport.render.text import EMPTY_MARK, HOLE_MARK


def _mark(cell: Cell) -> str:
    if cell.kind == "empty":
        return EMPTY_MARK
    if cell.kind == "hole":
        return HOLE_MARK
    label = cell.label or ""
    return label if len(label) == 1 else "{" + label + "}"


def render_board(board: FenBoard, files: list[str], ranks: list[str]) -> list[str]:
    """Lines of text, top rank first: each rank with its label, pieces by label (``{ab}`` for longer labels),
    ``.`` for empty cells, ``#`` for holes (as the other formats' ``show``), file labels below."""
    grid = [[_mark(cell) for cell in rank] for rank in board.ranks]
    width = max([1, *(len(mark) for row in grid for mark in row), *(len(f) for f in files)])
    label_width = max([1, *(len(r) for r in ranks)])
    lines = []
    for index, marks in enumerate(grid):
        name = ranks[len(board.ranks) - 1 - index]
        lines.append(f"{name:>{label_width}} " + " ".join(f"{m:<{width}}" for m in marks).rstrip())
    lines.append(" " * (label_width + 1) + " ".join(f"{f:<{width}}" for f in files).rstrip())
    return lines


def summary(board: FenBoard) -> list[str]:
    """Counts: cells, holes, pieces by side and by label."""
    pieces = board.pieces()
    sides = {1: 0, 2: 0, None: 0}
    for rank in board.ranks:
        for cell in rank:
            if cell.kind == "piece":
                sides[cell.side] += 1
    line = (f"{board.cols} files x {len(board.ranks)} ranks: {board.cells} cells, {board.holes} holes, "
            f"{board.piece_count()} pieces ({sides[1]} first side, {sides[2]} second side")
    line += f", {sides[None]} without a side)" if sides[None] else ")"
    by_label = " ".join(f"{label}x{count}" for label, count in sorted(pieces.items()))
    return [line, f"pieces: {by_label}" if by_label else "pieces: none"]


def show(path: Path, options: ShowOptions) -> int:
    """Print the preset's board and counts.

    :raises ParseError: if the preset or its FEN code cannot be read.
    :raises ModelError: if the preset has no FEN code.
    """
    preset = read_preset(path)
    analysis = analyse(preset)
    if analysis.board_error is not None:
        raise analysis.board_error
    board = analysis.board
    if board is None:
        raise ModelError("the preset has no FEN code ('code')", Location(str(path)))
    title = preset.get("game") or path.stem
    kind = "settings file" if preset.kind == "settings" else "query-string preset"
    print(f"{title} ({kind}, enforcement: {analysis.enforcement.level})")
    if analysis.cols is None:
        print(f"note: 'cols' is {analysis.cols_problem}; {DEFAULT_COLS} assumed")
    for line in render_board(board, analysis.files, analysis.ranks) + summary(board):
        print(line)
    if options.svg:
        print("fairyport: SVG diagrams of Game Courier presets are not supported yet", file=sys.stderr)
        return EXIT_UNSUPPORTED
    return EXIT_OK
