"""Building the typed tree (:mod:`.tree`) from the sections of one game or materialised variant.

Problems become findings: ``malformed-form`` (an error: a form whose shape this layer cannot read) and
``unknown-keyword`` (an error: an unknown head where a keyword is expected; the form is kept in ``unknown``).
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.diagnostics import Finding, Severity
from fairyport.zrf.syntax import keywords
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String, name_text
from fairyport.zrf.typed.tree import (
    Attribute,
    Board,
    DialectMarker,
    Dimension,
    DirectionDef,
    Flag,
    Goal,
    Grid,
    LinkDef,
    MoveBlock,
    Option,
    Piece,
    PositionDef,
    Ref,
    SetupEntry,
    SetupPlayer,
    Symmetry,
    Text,
    TurnEntry,
    TurnOrder,
    Unlink,
    Zone,
    ZrfGame,
)

MALFORMED = "malformed-form"
UNKNOWN_KEYWORD = "unknown-keyword"


class Builder:
    """Reads sections into a :class:`~.tree.ZrfGame`, appending findings to ``findings``."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings

    # -- helpers ------------------------------------------------------------------------------------------

    def malformed(self, node: Node, message: str) -> Finding:
        """Record a ``malformed-form`` error at ``node`` and return it."""
        finding = Finding(node.location, Severity.ERROR, MALFORMED, message + node.where())
        self.findings.append(finding)
        return finding

    def unknown(self, node: SList, where: str) -> None:
        """Record an ``unknown-keyword`` error for ``node`` found in ``where`` (the form is kept as is)."""
        what = "keyword {!r} does not belong in {}" if node.head in keywords.KEYWORDS else "unknown keyword {!r} in {}"
        self.findings.append(Finding(node.location, Severity.ERROR, UNKNOWN_KEYWORD,
                                     what.format(node.head, where) + f"; kept as is{node.where()}"))

    def ref(self, node: Node, what: str) -> Ref | None:
        """A name written as an atom or a string, or a malformed-form finding."""
        text = name_text(node)
        if text is None:
            self.malformed(node, f"expected {what}, found a list")
            return None
        return Ref(text, node)

    def refs(self, nodes: list[Node], what: str) -> list[Ref]:
        """:meth:`ref` for each of ``nodes``, skipping bad ones."""
        return [r for n in nodes if (r := self.ref(n, what)) is not None]

    def integers(self, nodes: list[Node], what: str) -> tuple[int, ...] | None:
        """All of ``nodes`` as integers, or a finding and None."""
        values = []
        for node in nodes:
            value = node.integer if isinstance(node, Atom) else None
            if value is None:
                self.malformed(node, f"expected an integer in {what}")
                return None
            values.append(value)
        return tuple(values)

    def text(self, section: SList) -> Text | None:
        """``(keyword "string")``."""
        if len(section.items) >= 2 and isinstance(section.items[1], String):
            return Text(section.items[1].value, section)
        if len(section.items) >= 2 and isinstance(section.items[1], Atom):
            return Text(section.items[1].text, section)
        self.malformed(section, f"expected ({section.head} \"text\")")
        return None

    # -- game ---------------------------------------------------------------------------------------------

    def game(self, sections: list[SList]) -> ZrfGame:
        """Build the typed game from its sections."""
        game = ZrfGame(sections)
        handlers: dict[str, Callable[[ZrfGame, SList], None]] = {
            "option": self._option, "players": self._players, "turn-order": self._turn_order,
            "board": self._board_section, "board-setup": self._setup, "piece": self._piece,
            "move-priorities": self._priorities, "engine": self._engine,
        }
        for section in sections:
            head = section.head or ""
            if head in handlers:
                handlers[head](game, section)
            elif head in keywords.GOALS:
                self._goal(game, section)
            elif head in keywords.TEXTS or head in keywords.SOUNDS or head == "image":
                text = self.text(section)
                if text is not None:
                    game.texts[head] = text
                    if head == "title":
                        game.title = text.value
            elif head in keywords.LEGACY_FLAGS:
                value = name_text(section.items[1]) if len(section.items) > 1 else None
                game.flags.append(Flag(head, value, section))
                game.dialects.append(DialectMarker("zog1", f"ZRF 1.x flag ({head} ...)", section))
            else:
                self.unknown(section, "a game")
                game.unknown.append(section)
        for option in game.options:
            if option.name in keywords.DAGAZ_OPTIONS or option.name.endswith("-extension"):
                game.dialects.append(DialectMarker("dagaz", f"Dagaz option {option.name!r}", option.node))
        if not game.goals and game.engine is None and sections:
            game.dialects.append(DialectMarker(
                "dagaz", "no win, loss or draw condition: Dagaz files keep their goals in JavaScript", sections[0]))
        return game

    def _option(self, game: ZrfGame, section: SList) -> None:
        if len(section.items) < 2 or name_text(section.items[1]) is None:
            self.malformed(section, 'expected (option "name" value)')
            return
        name = name_text(section.items[1]) or ""
        value = name_text(section.items[2]) if len(section.items) > 2 else None
        game.options.append(Option(name, value or "", section))

    def _players(self, game: ZrfGame, section: SList) -> None:
        game.players = self.refs(section.args, "a player name")

    def _engine(self, game: ZrfGame, section: SList) -> None:
        game.engine = self.text(section)
        if game.engine is not None:
            game.dialects.append(DialectMarker("axiom", f"Axiom engine {game.engine.value!r}", section))

    def _priorities(self, game: ZrfGame, section: SList) -> None:
        game.move_priorities = self.refs(section.args, "a move type")

    def _turn_order(self, game: ZrfGame, section: SList) -> None:
        players = {p.text for p in game.players}
        entries: list[TurnEntry] = []
        repeat_from = 0
        for item in section.args:
            if isinstance(item, Atom) and item.text == "repeat":
                repeat_from = len(entries)
            elif isinstance(item, SList) and 1 <= len(item.items) <= 3:
                names = self.refs(item.items, "a player or move type")
                if len(names) != len(item.items):
                    continue
                owner = move_type = None
                rest = names[1:]
                if rest and rest[0].text in players:
                    owner = rest.pop(0)
                if rest:
                    move_type = rest.pop(0)
                if rest:
                    self.malformed(item, "expected (player [owner] [move-type]) in turn-order")
                entries.append(TurnEntry(names[0], owner, move_type, item))
            elif (ref := self.ref(item, "a player")) is not None:
                entries.append(TurnEntry(ref, None, None, item))
        game.turn_order = TurnOrder(entries, repeat_from, section)

    def _goal(self, game: ZrfGame, section: SList) -> None:
        if len(section.items) < 3:
            self.malformed(section, f"expected ({section.head} (players...) condition)")
            return
        who = section.items[1]
        players = self.refs(who.items if isinstance(who, SList) else [who], "a player")
        game.goals.append(Goal(keywords.GOALS[section.head or ""], players, section.items[2:], section))

    def _setup(self, game: ZrfGame, section: SList) -> None:
        for part in section.args:
            if not (isinstance(part, SList) and part.items and (player := self.ref(part.items[0], "a player"))):
                self.malformed(part, "expected (player (piece position...)...) in board-setup")
                continue
            entries = []
            for entry in part.args:
                if not (isinstance(entry, SList) and entry.items
                        and (piece := self.ref(entry.items[0], "a piece name"))):
                    self.malformed(entry, "expected (piece position...) in board-setup")
                    continue
                entries.append(self._setup_entry(piece, entry))
            game.setup.append(SetupPlayer(player, entries, part, section))

    def _setup_entry(self, piece: Ref, entry: SList) -> SetupEntry:
        positions: list[Ref] = []
        off = None
        items = entry.args
        index = 0
        while index < len(items):
            item = items[index]
            if isinstance(item, Atom) and item.text == "off":
                count = items[index + 1] if index + 1 < len(items) else None
                value = count.integer if isinstance(count, Atom) else None
                if value is None:
                    self.malformed(item, "expected a number after off")
                else:
                    off = (off or 0) + value
                index += 2
                continue
            ref = self.ref(item, "a position")
            if ref is not None:
                positions.append(ref)
            index += 1
        return SetupEntry(piece, positions, off, entry)

    # -- pieces -------------------------------------------------------------------------------------------

    def _piece(self, game: ZrfGame, section: SList) -> None:
        name_form = next((i for i in section.args if isinstance(i, SList) and i.head == "name"), None)
        name = self.ref(name_form.items[1], "a piece name") if name_form and len(name_form.items) == 2 else None
        if name is None:
            self.malformed(section, "a piece needs (name NAME)")
            return
        piece = Piece(name, section)
        for item in section.args:
            if not isinstance(item, SList) or item.head is None:
                self.malformed(item, "expected (keyword ...) in a piece")
                continue
            head = item.head
            if head in ("help", "description", "notation"):
                setattr(piece, head, self.text(item))
            elif head == "image":
                self._images(piece, item)
            elif head == "attribute":
                self._attribute(piece, item)
            elif head == "dummy":
                piece.dummy = True
            elif head in ("moves", "drops"):
                target = piece.moves if head == "moves" else piece.drops
                target.extend(self._blocks(item, piece.unread))
            elif head not in keywords.PIECE_FORMS:
                self.unknown(item, f"piece {name.text!r}")
                piece.unknown.append(item)
        game.pieces.append(piece)

    def _images(self, piece: Piece, form: SList) -> None:
        player: str | None = None
        for item in form.args:
            if isinstance(item, Atom):
                player = item.text
                piece.images.setdefault(player, [])
            elif isinstance(item, String) and player is not None:
                piece.images[player].append(item.value)
            else:
                self.malformed(item, "expected (image player \"file\"...)")

    def _attribute(self, piece: Piece, form: SList) -> None:
        if len(form.items) < 2 or (name := self.ref(form.items[1], "an attribute name")) is None:
            self.malformed(form, "expected (attribute name value)")
            return
        piece.attributes.append(Attribute(name, form.items[2] if len(form.items) > 2 else None, form))

    def _blocks(self, form: SList, unread: list[Finding]) -> list[MoveBlock]:
        """The move blocks of a ``moves`` or ``drops`` list; each entry that is none is a finding in ``unread``."""
        blocks = []
        move_type: Ref | None = None
        for item in form.args:
            if isinstance(item, SList) and item.head == "move-type":
                move_type = self.ref(item.items[1], "a move type") if len(item.items) == 2 else None
                if move_type is None:
                    unread.append(self.malformed(item, "expected (move-type name)"))
            elif isinstance(item, SList):
                blocks.append(MoveBlock(item, move_type))
            else:
                found = f"the atom {item.text!r}" if isinstance(item, Atom) else "a string"
                unread.append(self.malformed(item, f"expected a move program (a list) in {form.head}, found {found}"))
        return blocks

    # -- board --------------------------------------------------------------------------------------------

    def _board_section(self, game: ZrfGame, section: SList) -> None:
        game.board = self.board(section)

    def board(self, section: SList) -> Board:
        """Read a ``board`` section."""
        board = Board(section)
        for item in section.args:
            if not isinstance(item, SList) or item.head is None:
                self.malformed(item, "expected (keyword ...) in a board")
                continue
            head = item.head
            if head not in keywords.BOARD_FORMS:
                self.unknown(item, "a board")
                board.unknown.append(item)
            elif head == "image":
                board.images.extend(s.value for s in item.args if isinstance(s, String))
            elif head == "grid":
                board.grids.append(self._grid(item))
            elif head == "positions":
                for entry in item.args:
                    if isinstance(entry, SList) and entry.items and (n := name_text(entry.items[0])):
                        board.positions.append(PositionDef(n, self.integers(entry.args, "a position"), entry))
                    else:
                        self.malformed(entry, "expected (name x1 y1 x2 y2) in positions")
            elif head == "dummy":
                board.dummies.extend(PositionDef(r.text, None, r.node) for r in self.refs(item.args, "a position"))
            elif head == "links":
                self._links(board, item)
            elif head == "unlink":
                self._unlink(board, item)
            elif head == "kill-positions":
                board.kills.extend(self.refs(item.args, "a position"))
            elif head == "symmetry":
                self._symmetry(board, item)
            else:
                self._zone(board, item)
        return board

    def _grid(self, form: SList) -> Grid:
        grid = Grid(None, [], [], form)
        for item in form.args:
            head = item.head if isinstance(item, SList) else None
            if not isinstance(item, SList) or head is None:
                self.malformed(item, "expected (keyword ...) in a grid")
            elif head not in keywords.GRID_FORMS:
                self.unknown(item, "a grid")
            elif head == "start-rectangle":
                grid.start_rectangle = self.integers(item.args, "start-rectangle")
            elif head == "dimensions":
                for dim in item.args:
                    if (isinstance(dim, SList) and len(dim.items) == 2 and isinstance(dim.items[0], String)
                            and isinstance(dim.items[1], SList)):
                        step = self.integers(dim.items[1].items, "a dimension's pixel step") or ()
                        grid.dimensions.append(Dimension(dim.items[0].value.split("/"), step, dim))
                    else:
                        self.malformed(dim, 'expected ("a/b/c" (dx dy)) in dimensions')
            else:
                for entry in item.args:
                    if isinstance(entry, SList) and len(entry.items) >= 2 and (n := name_text(entry.items[0])):
                        vector = self.integers(entry.args, f"direction {n!r}")
                        if vector is not None:
                            grid.directions.append(DirectionDef(n, vector, entry))
                    else:
                        self.malformed(entry, "expected (name delta...) in directions")
        return grid

    def _links(self, board: Board, form: SList) -> None:
        if len(form.items) < 2 or (direction := self.ref(form.items[1], "a direction")) is None:
            self.malformed(form, "expected (links direction (from to)...)")
            return
        for pair in form.items[2:]:
            if isinstance(pair, SList) and len(pair.items) == 2:
                ends = self.refs(pair.items, "a position")
                if len(ends) == 2:
                    board.links.append(LinkDef(direction, ends[0], ends[1], pair))
            else:
                self.malformed(pair, "expected (from to) in links")

    def _unlink(self, board: Board, form: SList) -> None:
        for item in form.args:
            if isinstance(item, SList):
                ends = self.refs(item.items, "a position")
                if len(ends) == 2:
                    board.unlinks.append(Unlink(ends[0], ends[1], item))
                else:
                    self.malformed(item, "expected (from to) in unlink")
            elif (ref := self.ref(item, "a position")) is not None:
                board.unlinks.append(Unlink(ref, None, item))

    def _symmetry(self, board: Board, form: SList) -> None:
        if len(form.items) < 2 or (player := self.ref(form.items[1], "a player")) is None:
            self.malformed(form, "expected (symmetry player (d1 d2)...)")
            return
        pairs = []
        for pair in form.items[2:]:
            ends = self.refs(pair.items, "a direction") if isinstance(pair, SList) else []
            if len(ends) == 2:
                pairs.append((ends[0], ends[1]))
            else:
                self.malformed(pair, "expected (d1 d2) in symmetry")
        board.symmetries.append(Symmetry(player, pairs, form))

    def _zone(self, board: Board, form: SList) -> None:
        name: Ref | None = None
        players: list[Ref] = []
        positions: list[Ref] = []
        for item in form.args:
            head = item.head if isinstance(item, SList) else None
            if head == "name" and isinstance(item, SList) and len(item.items) == 2:
                name = self.ref(item.items[1], "a zone name")
            elif head == "players" and isinstance(item, SList):
                players = self.refs(item.args, "a player")
            elif head == "positions" and isinstance(item, SList):
                positions = self.refs(item.args, "a position")
            else:
                self.malformed(item, "expected (name Z), (players ...) or (positions ...) in a zone")
        if name is None:
            self.malformed(form, "a zone needs (name Z)")
            return
        board.zones.append(Zone(name, players, positions, form))


def build_game(sections: list[SList], findings: list[Finding]) -> ZrfGame:
    """Build the typed game of ``sections`` (see :meth:`~.structure.GameFile.sections`)."""
    return Builder(findings).game(sections)
