"""``fairyport report``'s pages: one self-contained HTML page per game, and an index page, built with lxml.

A page holds the title and metadata, the start position (:mod:`.board`), one move diagram per piece type
computed by the move generator (:mod:`.moves`) with its legend and the moves in words (:mod:`fairyport.xbetza.words`),
the rules in words, the game in every format (:mod:`fairyport.report.proof`), the perft table that proves the formats
agree, and the validation findings. Everything is inline (one small stylesheet, SVG pictures); there is no
script, no external resource. Every text that comes from a rule file is set as element text or attribute value
through lxml, which escapes it: a title is data, never markup.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from lxml import etree, html

from fairyport.diagnostics import Finding
from fairyport.errors import FairyportError
from fairyport.model import BLACK, COLOR_NAMES, WHITE, Game, PieceType
from fairyport.render.board import BoardPicture, board_svg, drawable, legend_svg, start_tints, tint_svg
from fairyport.render.moves import CAPTURE, HOP_CAPTURE, HOP_MOVE, INITIAL, MOVE, MoveDiagram, move_diagram
from fairyport.render.rules import hand_sentence, kept_moves_format, shown_path, true_rules
from fairyport.report.played import played_diagram
from fairyport.report.proof import FormatText, Proof, explain
from fairyport.version import __version__
from fairyport.xbetza.syntax import BetzaError
from fairyport.xbetza.words import describe_piece, piece_label

STYLE = """
:root { --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de; --bad: #b3261e; --good: #1e7b34; --accent: #1565c0; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       background: #fafafa; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; background: #fff; }
h1 { font-size: 1.9rem; margin: .4rem 0 .2rem; line-height: 1.2; overflow-wrap: anywhere; }
h2 { font-size: 1.35rem; margin: 2rem 0 .6rem; padding-bottom: .2rem; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.1rem; margin: 0 0 .3rem; }
p, ul { margin: .4rem 0; }
.meta { color: var(--muted); margin: 0; overflow-wrap: anywhere; }
.description p { margin: .5rem 0; }
nav.toc { font-size: .95rem; margin: .8rem 0; display: flex; flex-wrap: wrap; gap: .3rem .9rem; }
a { color: var(--accent); }
.setup { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; }
.setup figure { flex: 1 1 22rem; max-width: 34rem; margin: 0; }
.setup aside { flex: 1 1 12rem; }
svg.board { width: 100%; height: auto; display: block; }
.pieces { display: grid; grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); gap: 1rem; }
article.piece { border: 1px solid var(--line); border-radius: 8px; padding: .8rem; break-inside: avoid; }
article.piece figure { margin: .3rem 0; }
article.piece svg.board { max-width: 19rem; margin: 0 auto; }
figcaption { font-size: .85rem; color: var(--muted); text-align: center; }
.betza code, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f1f1f4;
                   padding: 0 .25em; border-radius: 3px; overflow-wrap: anywhere; }
.flags { display: flex; flex-wrap: wrap; gap: .3rem; margin: .3rem 0; padding: 0; list-style: none; }
.flags li { font-size: .8rem; border-radius: 99px; padding: .05rem .55rem; background: #e8eaf6; }
.flags li.royal { background: #fde9b6; }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .2rem .9rem; font-size: .85rem;
            margin: .3rem 0; }
ul.legend li { display: flex; align-items: center; gap: .35rem; }
svg.glyph { width: 1.4rem; height: 1.4rem; border: 1px solid var(--line); }
ul.moves { padding-left: 1.1rem; }
details { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; padding: .3rem .7rem; }
summary { cursor: pointer; font-weight: 600; }
details pre { overflow-x: auto; background: #f6f6f8; padding: .6rem; border-radius: 4px; font-size: .82rem;
              line-height: 1.35; max-height: 30rem; user-select: all; white-space: pre; }
.lost { color: var(--bad); }
table.perft { border-collapse: collapse; min-width: 60%; font-variant-numeric: tabular-nums; font-size: .92rem; }
.table-wrap { overflow-x: auto; }
table.perft th, table.perft td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: right; }
table.perft th { background: #f1f1f4; }
table.perft td { min-width: 7rem; }
table.perft td.mismatch { color: #fff; background: var(--bad); font-weight: 700; }
table.perft td.skipped { color: var(--muted); }
table.perft .time { color: var(--muted); font-size: .8rem; display: block; }
.verdict.ok { color: var(--good); font-weight: 600; }
.verdict.bad { color: var(--bad); font-weight: 700; }
ul.findings li { overflow-wrap: anywhere; }
.severity-error { color: var(--bad); font-weight: 600; }
.severity-warning { color: #9a6700; font-weight: 600; }
footer { margin-top: 2.5rem; color: var(--muted); font-size: .85rem; }
table.index { border-collapse: collapse; width: 100%; }
table.index th, table.index td { border-bottom: 1px solid var(--line); padding: .45rem .4rem; text-align: left; }
@media (max-width: 36rem) { main { padding: .6rem .7rem 2rem; } h1 { font-size: 1.5rem; }
  .pieces { grid-template-columns: 1fr; } }
@media print { body { background: #fff; } main { max-width: none; padding: 0; } nav.toc { display: none; }
  article.piece, figure, table { break-inside: avoid; } a { color: inherit; text-decoration: none; }
  details pre { max-height: none; overflow: visible; white-space: pre-wrap; } }
"""
"""The one stylesheet of every page (inline)."""

LEGEND = (
    ({MOVE, CAPTURE}, "moves or captures"),
    ({MOVE}, "moves only (to an empty square)"),
    ({CAPTURE}, "captures only"),
    ({HOP_CAPTURE}, "captures by hopping over a piece"),
    ({HOP_MOVE}, "moves by hopping over a piece"),
    ({MOVE, INITIAL}, "first move only"),
)
"""Legend entries: the mark kinds of a glyph and their meaning."""

TINT_NAMES = {"promotion": "promotion zone", "palace": "palace"}
NO_MOVES = "Has no moves."
"""What :func:`describe_piece` says of a piece without XBetza."""
CODE_MOVES = "Its moves are kept as {fmt} code (not translated into XBetza), which the {fmt} interpreter plays."
"""What a page says instead of :data:`NO_MOVES` of a piece whose moves are an untranslated piece function."""


@dataclasses.dataclass
class GamePage:
    """Everything one page shows."""

    game: Game
    source: str
    texts: list[FormatText]
    proof: Proof | None
    findings: list[Finding]
    problems: list[str] = dataclasses.field(default_factory=list)
    """Errors met while making the page that are not validation findings (an unreadable file for the validator)."""


def _add(parent: etree._Element, tag: str, text: str | None = None, **attributes: str) -> etree._Element:
    element = etree.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): v for k, v in attributes.items()})
    if text is not None:
        element.text = text
    return element


def _page(title: str) -> tuple[etree._Element, etree._Element]:
    root = etree.Element("html", lang="en")
    head = _add(root, "head")
    _add(head, "meta", charset="utf-8")
    _add(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    _add(head, "meta", name="generator", content=f"fairyport {__version__}")
    _add(head, "title", title)
    _add(head, "style", STYLE)
    body = _add(root, "body")
    main = _add(body, "main")
    return root, main


def serialise(root: etree._Element) -> str:
    """The page as HTML5 text."""
    return str(html.tostring(root, doctype="<!DOCTYPE html>", encoding="unicode", method="html", pretty_print=True))


def piece_anchor(piece: PieceType) -> str:
    """The page anchor of a piece's section."""
    return "piece-" + "".join(c if c.isalnum() else "-" for c in piece.id)


def _legend(parent: etree._Element, present: Iterable[set[str]]) -> None:
    kinds = [set(k) for k in present]
    legend = _add(parent, "ul", class_="legend")
    for glyph, meaning in LEGEND:
        if glyph == {MOVE, INITIAL}:
            shown = any(INITIAL in k for k in kinds)
        else:
            shown = any(k - {INITIAL} == glyph or (glyph <= {HOP_CAPTURE, HOP_MOVE} and glyph <= k) for k in kinds)
        if shown:
            item = _add(legend, "li")
            item.append(legend_svg(sorted(glyph)))
            _add(item, "span", meaning)


def _header(main: etree._Element, game: Game, source: str) -> None:
    meta = game.metadata
    header = _add(main, "header")
    _add(header, "h1", meta.title or source)
    facts = []
    if meta.author:
        facts.append(f"by {meta.author}")
    shape = (f"a board of {len(game.board.positions)} positions given by links" if game.board.links else
             f"{game.board.files}\u00d7{game.board.ranks} board")
    facts.append(f"{shape}, {len(game.pieces)} piece types")
    _add(header, "p", " \u00b7 ".join(facts), class_="meta")
    where = _add(header, "p", "Source: ", class_="meta")
    _add(where, "code", shown_path(meta.source or source))
    if meta.description:
        block = _add(header, "div", class_="description")
        for paragraph in meta.description.split("\n\n"):
            if paragraph.strip():
                _add(block, "p", paragraph.strip())
    toc = _add(main, "nav", class_="toc")
    for anchor, label in (("setup", "Start position"), ("pieces", "Pieces"), ("rules", "Rules"),
                          ("formats", "Formats"), ("perft", "Perft proof"), ("validation", "Validation")):
        _add(toc, "a", label, href=f"#{anchor}")


def _setup(main: etree._Element, game: Game) -> None:
    section = _add(main, "section", id="setup")
    _add(section, "h2", "Start position")
    wrap = _add(section, "div", class_="setup")
    figure = _add(wrap, "figure")
    tints = start_tints(game)
    if not drawable(game.board):  # no coordinates to draw: the pieces by position instead
        _add(figure, "p", f"This board's {len(game.board.positions)} positions are joined by links in "
                          f"{len(game.board.links)} directions, not laid out in rows and columns, so it is not "
                          "drawn. Pieces: " + ", ".join(f"{sq} {p.id if p.color == WHITE else p.id.lower()}"
                                                        for sq, p in sorted(game.setup.placement.items())) + ".")
    else:
        picture = BoardPicture(game.board, dict(game.setup.placement), tints,
                               title=f"{game.metadata.title or 'game'}: start position")
        figure.append(board_svg(picture, namespace=None))
    aside = _add(wrap, "aside")
    counts = {c: sum(1 for p in game.setup.placement.values() if p.color == c) for c in (WHITE, BLACK)}
    _add(aside, "p", f"{COLOR_NAMES[game.setup.side_to_move].capitalize()} moves first. White has {counts[WHITE]} "
                     f"pieces on the board, Black {counts[BLACK]}. White pieces are light discs, Black pieces dark "
                     "discs, each marked with its letter.")
    if game.board.holes:
        _add(aside, "p", f"{len(game.board.holes)} square(s) are not part of the board (dashed outlines).")
    kinds = sorted(set(tints.values()))
    if kinds:
        legend = _add(aside, "ul", class_="legend")
        for kind in kinds:
            item = _add(legend, "li")
            item.append(tint_svg(kind))
            _add(item, "span", TINT_NAMES.get(kind, f"zone {kind}"))
    hands = {c: h for c, h in game.setup.hands.items() if h}
    hand_block = _add(aside, "div", class_="hands")
    _add(hand_block, "h3", "Pieces in hand")
    if hands:
        items = _add(hand_block, "ul")
        for color, hand in sorted(hands.items()):
            text = ", ".join(f"{n} \u00d7 {piece_label(game, pid)}" for pid, n in hand.items())
            _add(items, "li", f"{COLOR_NAMES[color].capitalize()}: {text}")
    else:
        _add(hand_block, "p", hand_sentence(game) or "None: no side starts with pieces in hand.")
    _add(aside, "h3", "Pieces")
    listing = _add(aside, "ul")
    for piece in game.pieces:
        item = _add(listing, "li")
        _add(item, "a", f"{piece.name} ({piece.id})", href=f"#{piece_anchor(piece)}")


def _pieces(main: etree._Element, page: GamePage) -> None:
    game = page.game
    section = _add(main, "section", id="pieces")
    _add(section, "h2", "Pieces")
    _add(section, "p", "Each diagram is computed by fairyport's move generator: the piece is placed on an empty "
                       "board (or on its start square where its moves depend on the board) and every square it "
                       "can reach is marked by how it gets there. Lines show the path of moves that bend or "
                       "capture on the way." + (
                           " A piece whose moves are kept as code is drawn from the moves its format's own "
                           "interpreter plays, on the game's board with only the pieces the game needs to go on."
                           if any(kept_moves_format(game, p) for p in game.pieces) else ""))
    grid = _add(section, "div", class_="pieces")
    for piece in game.pieces:
        _piece(grid, page, piece)


def _piece(grid: etree._Element, page: GamePage, piece: PieceType) -> None:
    """One piece's article: flags, move diagram with legends, XBetza and the moves in words."""
    game = page.game
    article = _add(grid, "article", class_="piece", id=piece_anchor(piece))
    _add(article, "h3", f"{piece.name} ({piece.id})")
    flags = []
    if piece.royal:
        flags.append(("royal", "royal"))
    if piece.promotion is not None:
        flags.append(("promotes", "promotes"))
    if piece.confined_to:
        flags.append((f"confined to {piece.confined_to}", "confined"))
    if flags:
        row = _add(article, "ul", class_="flags")
        for label, kind in flags:
            _add(row, "li", label, class_=kind)
    kept = kept_moves_format(game, piece)
    diagram = _diagram_of(article, page, piece, kept)
    if diagram is not None:
        _draw_diagram(article, piece, diagram)
    betza_line = _add(article, "p", "XBetza: ", class_="betza")
    _add(betza_line, "code", piece.betza or "(none)")
    try:
        sentences = describe_piece(piece, game)
    except BetzaError as exc:
        sentences = [f"The move string cannot be read: {exc.message()}"]
    if kept is not None and not game.programs(piece.id):  # an untranslated piece function, not "no moves"
        sentences = [CODE_MOVES.format(fmt=kept) if s == NO_MOVES else s for s in sentences]
    moves = _add(article, "ul", class_="moves")
    for sentence in sentences:
        _add(moves, "li", sentence)


def _diagram_of(article: etree._Element, page: GamePage, piece: PieceType, kept: str | None) -> MoveDiagram | None:
    """The piece's move diagram: played by the interpreter of its kept code (``kept``: that format), else by the
    generator; None (with a sentence saying why in ``article``) where there is none."""
    if kept is not None and not piece.betza:  # the generator would draw a piece that cannot move
        played = played_diagram(page.game, piece, page.source)
        if played is None:
            _add(article, "p", f"No diagram: its moves are kept as {kept} code, which only the {kept} interpreter "
                               "plays, and it could not be asked for them here.")
            return None
        return played[0]
    try:
        return move_diagram(page.game, piece)
    except FairyportError as exc:
        _add(article, "p", f"No diagram: {explain(exc)}", class_="lost")
        return None


def _draw_diagram(article: etree._Element, piece: PieceType, diagram: MoveDiagram) -> None:
    """The diagram's picture, caption and legends."""
    figure = _add(article, "figure", class_="diagram")
    tints = dict(diagram.zones)
    picture = BoardPicture(diagram.board, {diagram.origin: diagram.piece, **diagram.others}, tints,
                           diagram.marks, diagram.paths, title=f"{piece.name}: moves", highlight=diagram.origin)
    figure.append(board_svg(picture, namespace=None, css_class="board diagram"))
    _add(figure, "figcaption", f"{piece.name} {_where(diagram)}")
    _legend(article, diagram.marks.values())
    if tints:
        tint_legend = _add(article, "ul", class_="legend")
        for kind in sorted(set(tints.values())):
            item = _add(tint_legend, "li")
            item.append(tint_svg(kind))
            _add(item, "span", TINT_NAMES.get(kind, kind))


def _where(diagram: MoveDiagram) -> str:
    """Where the piece of a diagram stands, for its caption."""
    if diagram.played_by:
        return (f"on {diagram.origin} of the game's board, its moves played by the {diagram.played_by} interpreter"
                + (", with the pieces the game needs to go on" if diagram.others else ""))
    where = (f"on its start square {diagram.origin} of the game's board" if diagram.on_game_board else
             f"on an empty {diagram.board.files}\u00d7{diagram.board.ranks} board")
    return where + (", with its castling partners" if diagram.others else "")


def _rules(main: etree._Element, game: Game) -> None:
    section = _add(main, "section", id="rules")
    _add(section, "h2", "Rules")
    items = _add(section, "ul")
    for sentence in true_rules(game):
        _add(items, "li", sentence)


def _formats(main: etree._Element, texts: list[FormatText]) -> None:
    section = _add(main, "section", id="formats")
    _add(section, "h2", "The game in every format")
    _add(section, "p", "Written by fairyport's writer of each format; open a block to see or copy the text.")
    for text in texts:
        details = _add(section, "details", class_=f"format format-{text.format}")
        details.set("data-format", text.format)
        if text.text is not None:
            lines = text.text.count("\n") + 1
            _add(details, "summary", f"{text.format} ({lines} lines)")
            _add(details, "pre", text.text)
        elif text.error is not None:
            _add(details, "summary", f"{text.format}: could not be written")
            _add(details, "p", text.error, class_="lost")
        else:
            _add(details, "summary", f"{text.format}: cannot express this game")
            _add(details, "p", "What this format cannot express:")
            lost = _add(details, "ul", class_="lost")
            for item in text.lost:
                _add(lost, "li", item)


def _perft(main: etree._Element, proof: Proof | None) -> None:
    section = _add(main, "section", id="perft")
    _add(section, "h2", "Perft proof")
    if proof is None or proof.source_error is not None:
        reason = proof.source_error if proof is not None else "the game cannot be played"
        _add(section, "p", f"No perft count: {reason}", class_="verdict lost")
        return
    _add(section, "p", "Leaf counts of the legal-move tree from the start position. The first column is counted "
                       "on the source file; every other column on the text written in that format and read back "
                       "by that format's own reading, so equal numbers prove the conversions agree.")
    wrap = _add(section, "div", class_="table-wrap")
    table = _add(wrap, "table", class_="perft")
    head = _add(_add(table, "thead"), "tr")
    _add(head, "th", "depth")
    for column in proof.columns:
        cell = _add(head, "th", column)
        engine = proof.engines.get(column)
        if engine:
            _add(cell, "span", f"({engine})", class_="time")
    body = _add(table, "tbody")
    wrong = set(proof.mismatches())
    for depth in range(1, proof.depth + 1):
        row = _add(body, "tr", class_="perft-row")
        row.set("data-depth", str(depth))
        _add(row, "th", str(depth))
        for column in proof.columns:
            count = proof.counts[column][depth]
            shown = f"{count.nodes:,}" if count.nodes is not None else "not counted" if count.skipped else "error"
            cell = _add(row, "td", shown,
                        class_="mismatch" if (column, depth) in wrong else "skipped" if count.skipped else "ok")
            cell.set("data-column", column)
            note = f"{count.seconds:.3f} s" if count.error is None else count.error
            _add(cell, "span", note, class_="time")
    if wrong:
        _add(section, "p", f"Mismatch: {len(wrong)} count(s) differ from the source (shown in red).",
             class_="verdict bad")
    else:
        skipped = proof.skipped()
        counted = len(proof.columns) - len(skipped)
        _add(section, "p", f"All {counted} counted readings agree at every depth up to {proof.depth}."
             if skipped else f"All {counted} readings agree at every depth up to {proof.depth}.", class_="verdict ok")
        if skipped:
            _add(section, "p", f"Not counted: {', '.join(skipped)} (the reason is in each cell).",
                 class_="verdict lost")
    for column in proof.lossy():
        _add(section, "p", f"Not the same game in {column}: its text lost {'; '.join(proof.lost[column])}, which "
                           "the counts do not test.", class_="verdict lost")


def _validation(main: etree._Element, page: GamePage) -> None:
    section = _add(main, "section", id="validation")
    _add(section, "h2", "Validation")
    if not page.findings and not page.problems:
        _add(section, "p", "No findings: the file is consistent and every piece can be played.")
        return
    items = _add(section, "ul", class_="findings")
    for finding in page.findings:
        item = _add(items, "li")
        _add(item, "span", finding.severity.value, class_=f"severity-{finding.severity.value}")
        _add(item, "span", f" {finding.location}: {finding.message} ")
        _add(item, "code", finding.code)
    for problem in page.problems:
        item = _add(items, "li")
        _add(item, "span", "error", class_="severity-error")
        _add(item, "span", f" {problem}")


def game_page(page: GamePage) -> str:
    """The HTML page of one game."""
    game = page.game
    root, main = _page(f"{game.metadata.title or page.source} \u2014 fairyport report")
    _header(main, game, page.source)
    _setup(main, game)
    _pieces(main, page)
    _rules(main, game)
    _formats(main, page.texts)
    _perft(main, page.proof)
    _validation(main, page)
    footer = _add(main, "footer")
    footer.text = f"Made by fairyport {__version__} from "
    _add(footer, "code", page.source)
    return serialise(root)


@dataclasses.dataclass
class IndexEntry:
    """One game in the index page."""

    title: str
    href: str
    board: str
    pieces: int
    verdict: str
    ok: bool


def index_page(entries: list[IndexEntry]) -> str:
    """The index page linking every game's page."""
    root, main = _page("fairyport report")
    _add(main, "h1", "fairyport report")
    _add(main, "p", f"{len(entries)} games. Each page shows the start position, a move diagram per piece, the "
                    "rules in words, the game in every format and the perft proof that the formats agree.",
         class_="meta")
    table = _add(main, "table", class_="index")
    head = _add(_add(table, "thead"), "tr")
    for label in ("game", "board", "piece types", "perft"):
        _add(head, "th", label)
    body = _add(table, "tbody")
    for entry in entries:
        row = _add(body, "tr")
        _add(_add(row, "td"), "a", entry.title, href=entry.href)
        _add(row, "td", entry.board)
        _add(row, "td", str(entry.pieces))
        _add(row, "td", entry.verdict, class_="verdict " + ("ok" if entry.ok else "bad"))
    footer = _add(main, "footer")
    footer.text = f"Made by fairyport {__version__}."
    return serialise(root)

