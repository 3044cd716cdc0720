"""Structural checks of one typed game against its own declarations.

Codes: ``undefined-piece``, ``unknown-position``, ``unknown-zone``, ``undefined-direction``, ``unknown-player``,
``symmetry-unknown-player``, ``duplicate-piece``, ``undefined-macro`` (a list in a move program whose head is
neither a move-language keyword, an attribute nor a macro) and ``unknown-name`` (a bare word in a move program
that is not a keyword, direction, position or attribute).

When a variant is checked, a problem inside a section it inherits unchanged from the game (a goal naming the
game's players, a piece whose drops use a zone the variant's board lacks) is a warning, not an error: the
game itself may be fine, and the variant only reuses the section. Words still holding an unsubstituted ``$N``
are skipped (the macro expansion already reported them).
"""

from __future__ import annotations

from fairyport.diagnostics import Finding, Severity
from fairyport.zrf.syntax import keywords
from fairyport.zrf.syntax.macros import PARAMETER
from fairyport.zrf.syntax.nodes import Atom, Node, SList, name_text
from fairyport.zrf.typed.build import UNKNOWN_KEYWORD
from fairyport.zrf.typed.geometry import UNKNOWN_POSITION, Geometry
from fairyport.zrf.typed.tree import Ref, ZrfGame

UNDEFINED_PIECE = "undefined-piece"
UNKNOWN_ZONE = "unknown-zone"
UNDEFINED_DIRECTION = "undefined-direction"
UNKNOWN_PLAYER = "unknown-player"
SYMMETRY_UNKNOWN_PLAYER = "symmetry-unknown-player"
DUPLICATE_PIECE = "duplicate-piece"
UNDEFINED_MACRO = "undefined-macro"
UNKNOWN_NAME = "unknown-name"

SYMMETRY_UNDEFINED_DIRECTION = Severity.WARNING
"""Severity of a symmetry pair naming a direction the board does not define (``dagaz-site/cubic-chess.zrf``:
``(pn sn) (sn pn)`` on a board without ``sn``). Zillions' documentation is silent; such a pair can never apply
(no step of the file uses that name, or that step would be the error), so the file is played as if the pair
were absent, which is what the interpreter does: a warning, not an error."""

_POSITION_ARGUMENT = frozenset({
    "capture", "empty?", "not-empty?", "enemy?", "not-enemy?", "friend?", "not-friend?", "neutral?",
    "not-neutral?", "position?", "not-position?", "flip", "change-owner",
})
_SPECIAL_POSITIONS = frozenset({"from", "to", "last-from", "last-to", "mark"})


class Checker:
    """Checks one game; findings are appended to ``findings``."""

    def __init__(self, game: ZrfGame, geometry: Geometry | None, findings: list[Finding],
                 inherited: frozenset[int] = frozenset(), by_variants: frozenset[str] = frozenset()) -> None:
        self.game = game
        self.inherited = inherited
        self.by_variants = by_variants
        """Zone and player names that only variants define: using them in the game itself is a warning."""
        self._lenient = False
        self.geometry = geometry
        self.findings = findings
        self.pieces = {p.name.text for p in game.pieces}
        self.players = {p.text for p in game.players}
        self.positions = set(geometry.positions) if geometry else set()
        self.directions = set(geometry.links) if geometry else set()
        self.zones = set(geometry.zones) if geometry else set()
        self.attributes = {a.name.text for p in game.pieces for a in p.attributes}

    def report(self, node: Node, code: str, message: str, name: str | None = None) -> None:
        """Add a finding at ``node`` (a warning inside a section a variant inherits, or about a ``name`` that a
        variant defines; else an error)."""
        if self._lenient:
            severity, message = Severity.WARNING, message + " (in a section a variant inherits from the game)"
        elif name is not None and name in self.by_variants:
            severity, message = Severity.WARNING, message + " (a variant of this file defines it)"
        else:
            severity = Severity.ERROR
        self.findings.append(Finding(node.location, severity, code, message + node.where()))

    def section(self, node: SList) -> None:
        """Note that the following checks are inside the section ``node``."""
        self._lenient = id(node) in self.inherited

    def piece(self, ref: Ref | Node, context: str) -> None:
        """``ref`` must name a defined piece."""
        node = ref.node if isinstance(ref, Ref) else ref
        text = ref.text if isinstance(ref, Ref) else name_text(ref)
        if text is not None and text not in self.pieces:
            self.report(node, UNDEFINED_PIECE, f"piece {text!r} used in {context} is not defined")

    def position(self, ref: Ref, context: str) -> None:
        """``ref`` must name a position of the board (skipped when the game has no board)."""
        if self.geometry is not None and ref.text not in self.positions:
            self.report(ref.node, UNKNOWN_POSITION, f"position {ref.text!r} in {context} is not on the board")

    def player(self, ref: Ref, context: str, code: str = UNKNOWN_PLAYER) -> None:
        """``ref`` must be one of the ``players`` (skipped when the game declares none)."""
        if self.players and ref.text not in self.players:
            self.report(ref.node, code, f"player {ref.text!r} in {context} is not in (players ...)", ref.text)

    # -- whole game ---------------------------------------------------------------------------------------

    def run(self) -> None:
        """Run every check."""
        game = self.game
        seen: dict[str, Ref] = {}
        for piece in game.pieces:
            self.section(piece.node)
            first = seen.setdefault(piece.name.text, piece.name)
            if first is not piece.name:
                self.report(piece.name.node, DUPLICATE_PIECE,
                            f"piece {piece.name.text!r} is defined twice (first at {first.node.location})")
            for player in piece.images:
                if self.players and player not in self.players:
                    self.report(piece.node, UNKNOWN_PLAYER,
                                f"image of piece {piece.name.text!r} names player {player!r}, not in (players ...)")
            for block in [*piece.moves, *piece.drops]:
                lead = block.instructions[0] if block.instructions else None
                # a block a defined macro produced is an instruction sequence; only a lead written in the file
                # itself can be the name of a macro that does not exist
                if isinstance(lead, Atom) and not self._known_word(lead.text) and block.node.origin is None:
                    self.report(lead, UNDEFINED_MACRO,
                                f"({lead.text} ...) is not a defined macro (nor a move program: {lead.text!r} is "
                                "no direction, position, attribute or keyword)")
                    continue
                self.instructions(block.instructions)
        for part in game.setup:
            self.section(part.section or part.node)
            self.player(part.player, "board-setup")
            for entry in part.entries:
                self.piece(entry.piece, "board-setup")
                for ref in entry.positions:
                    self.position(ref, "board-setup")
        for goal in game.goals:
            self.section(goal.node)
            for ref in goal.players:
                self.player(ref, f"{goal.kind}-condition")
            for condition in goal.conditions:
                self.goal_condition(condition)
        if game.turn_order is not None:
            self.section(game.turn_order.node)
            for turn in game.turn_order.entries:
                self.player(turn.player, "turn-order")
        if game.board is not None:
            self.section(game.board.node)
            for symmetry in game.board.symmetries:
                self.player(symmetry.player, "symmetry", SYMMETRY_UNKNOWN_PLAYER)
                for a, b in symmetry.pairs:
                    self.direction(a, "symmetry", SYMMETRY_UNDEFINED_DIRECTION)
                    self.direction(b, "symmetry", SYMMETRY_UNDEFINED_DIRECTION)
            for zone in game.board.zones:
                for ref in zone.players:
                    self.player(ref, f"zone {zone.name.text!r}")
                for ref in zone.positions:
                    self.position(ref, f"zone {zone.name.text!r}")

    def direction(self, ref: Ref, context: str, severity: Severity = Severity.ERROR) -> None:
        """``ref`` must be a direction with a definition or links (``severity``: of the finding if not)."""
        if self.geometry is not None and ref.text not in self.directions:
            message = f"direction {ref.text!r} in {context} is not defined"
            if severity is Severity.ERROR:
                self.report(ref.node, UNDEFINED_DIRECTION, message)
            else:
                self.findings.append(Finding(ref.node.location, severity, UNDEFINED_DIRECTION,
                                             message + " (the pair never applies)" + ref.node.where()))

    # -- goals --------------------------------------------------------------------------------------------

    def goal_condition(self, node: Node) -> None:
        """Check the keyword, piece and position names of a goal condition."""
        word = node.head if isinstance(node, SList) else name_text(node)
        if word is not None and word not in keywords.GOAL_CONDITIONS and not PARAMETER.search(word):
            self.report(node, UNKNOWN_KEYWORD, f"unknown goal condition {word!r}")
            return
        if not isinstance(node, SList):
            return
        head, args = node.head, node.args
        if head in ("and", "or", "not"):
            for arg in args:
                self.goal_condition(arg)
        elif head in ("checkmated", "captured"):
            for arg in args:
                self.piece(arg, head)
        elif head in ("pieces-remaining", "total-piece-count") and len(args) > 1:
            self.piece(args[1], head)
        elif head == "absolute-config" and args:
            for arg in args[:-1]:
                self._config_piece(arg)
            last = args[-1]
            for item in last.items if isinstance(last, SList) else [last]:
                if (text := name_text(item)) is not None and text not in self.zones:
                    self.position(Ref(text, item), "absolute-config")
        elif head == "relative-config":
            for index, arg in enumerate(args):
                if index % 2 == 0:
                    self._config_piece(arg)
                elif (text := name_text(arg)) is not None:
                    self.direction(Ref(text, arg), "relative-config")

    def _config_piece(self, node: Node) -> None:
        if isinstance(node, SList) and node.head in ("opponent", "not", "any-owner"):
            for arg in node.args:
                self._config_piece(arg)
        elif isinstance(node, SList):
            for arg in node.items:
                self._config_piece(arg)
        else:
            self.piece(node, "a goal")

    # -- move programs ------------------------------------------------------------------------------------

    def instructions(self, items: list[Node]) -> None:
        """Check a sequence of move-language instructions."""
        for item in items:
            if isinstance(item, SList):
                self.form(item)
            elif isinstance(item, Atom):
                self.bare(item)

    def bare(self, atom: Atom) -> None:
        """A word standing alone: a keyword, direction, position or attribute."""
        if self._known_word(atom.text):
            return
        text = atom.text
        self.report(atom, UNKNOWN_NAME,
                    f"{text!r} is not a direction, position, attribute or move-language keyword")

    def _known_word(self, text: str) -> bool:
        return (text in keywords.MOVE_LANGUAGE or text in self.directions or text in self.positions
                or text in self.attributes or self.geometry is None or PARAMETER.search(text) is not None)

    def form(self, node: SList) -> None:
        """A list in a move program."""
        head = node.head
        args = node.args
        if head is None:
            self.instructions(node.items)
            return
        if head in self.attributes:
            self._positions(args, head)
            return
        if head not in keywords.MOVE_LANGUAGE:
            if not PARAMETER.search(head):
                self.report(node.items[0], UNDEFINED_MACRO,
                            f"({head} ...) is neither a move-language keyword, an attribute nor a defined macro")
            return
        if head in ("verify", "and", "or", "not", "if", "while"):
            # conditions are checked like instructions (forms and bare words); ``else`` is a keyword
            self.instructions(args)
        elif head in ("piece?", "not-piece?", "change-type"):
            if args:
                self.piece(args[0], f"({head} ...)")
            self._positions(args[1:], head)
        elif head in ("add", "add-copy"):
            for arg in args:
                self.piece(arg, f"({head} ...)")
        elif head == "create":
            for arg in args:
                text = name_text(arg)
                if text is not None and text not in self.players and text not in self.positions:
                    self.piece(arg, "(create ...)")
        elif head in ("in-zone?", "not-in-zone?"):
            if args and (text := name_text(args[0])) is not None and self.geometry is not None \
                    and text not in self.zones:
                self.report(args[0], UNKNOWN_ZONE, f"zone {text!r} is not defined on the board", text)
            self._positions(args[1:], head)
        elif head == "opposite":
            for arg in args:
                if (text := name_text(arg)) is not None:
                    self.direction(Ref(text, arg), "(opposite ...)")
        elif head == "set-attribute" and args:
            text = name_text(args[0])
            if text is not None and text not in self.attributes and not PARAMETER.search(text):
                self.report(args[0], UNKNOWN_NAME, f"attribute {text!r} is set but no piece declares it")
        elif head in _POSITION_ARGUMENT:
            self._positions(args, head)

    def _positions(self, args: list[Node], head: str) -> None:
        for arg in args:
            text = name_text(arg)
            if (text is not None and text not in _SPECIAL_POSITIONS and text not in self.directions
                    and not PARAMETER.search(text)):
                self.position(Ref(text, arg), f"({head} ...)")


def check_game(game: ZrfGame, geometry: Geometry | None, findings: list[Finding],
               inherited: frozenset[int] = frozenset(), by_variants: frozenset[str] = frozenset()) -> None:
    """Run every structural check on ``game``; ``inherited`` holds the ids of sections a variant inherits,
    ``by_variants`` the zone and player names only variants define (Zillions loads such files)."""
    Checker(game, geometry, findings, inherited, by_variants).run()


def names_defined_by(sections: list[SList]) -> frozenset[str]:
    """Zone names (``(zone (name Z) ...)``) and player names (``(players ...)``) written in ``sections``."""
    names: set[str] = set()
    stack: list[Node] = list(sections)
    while stack:
        node = stack.pop()
        if not isinstance(node, SList):
            continue
        if node.head == "players":
            names.update(t for item in node.args if (t := name_text(item)) is not None)
        elif node.head == "name" and len(node.items) == 2 and (t := name_text(node.items[1])) is not None:
            names.add(t)
        stack.extend(node.items)
    return frozenset(names)
