"""Build the drop games (shogi, minishogi, Mitregi 90/108/120/144) as model objects.

The bundled fixtures ``fixtures/games/{shogi,minishogi,mitregi90,...}.idiagram`` are these games written by the
Interactive Diagram writer (best effort: the promotion and the drop limits in the script's own terms,
``maxPromote``/``promoOffset`` and a ``WeirdPromotion`` page function; shogi's pawn-drop mate, which it cannot
say, as fairyport's extension line ``fairyportDrop``), after the comments of :func:`comments`, which
document every reading. :func:`main` rewrites them (from the worktree root:
``python -c "import sys; sys.path[:0] = ['.', 'tests']; import drop_games; drop_games.main()"``) and
``tests/movegen/test_drop_games.py`` checks that they are what this module writes and read back to the built games.

Shogi and minishogi use the piece letters of USI and Fairy-Stockfish (P L N S G B R K; promoted bishop H,
promoted rook D), so FENs with holdings from those tools read as they are.

Mitregi (Charles Gilman, seed ``001_ae5f5e26610a5ae2``) is read as issue 9 prescribes; the letters are this
project's choice: Point P (fW), Cross X (fF), Rook R, Wing W (fR), Knight N, Helm H (ffN), Bishop B,
Mitre M (fB), Camel C, Hump U (ffC), Silvergeneral S (FfW), Goldgeneral G (WfF), King K, Chatelaine D (RF),
Primate I (BW), Gnu Z (NC).
"""

from __future__ import annotations

import dataclasses
import sys

from paths import GAMES

from fairyport.model import (
    BLACK,
    SHOGI_TRIGGERS,
    WHITE,
    Board,
    DropRule,
    Game,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    PromotionChoice,
    Rules,
    Setup,
    StalemateResult,
    square_name,
)

GAMES_DIR = GAMES


def _promotes(to: str, depth: int) -> Promotion:
    """Shogi-style promotion to ``to``: optional in the last ``depth`` ranks, on entering, moving within or
    leaving them, forced where the unpromoted piece could not move again."""
    return Promotion((PromotionChoice(to),), depth=depth, mandatory=False, mandatory_where_stuck=True,
                     triggers=SHOGI_TRIGGERS)


def _setup(files: int, ranks: int, rows: dict[int, str]) -> Setup:
    """White's pieces from ``rows`` (rank index -> letters, one per file, ``.`` empty) and Black's by a half
    turn (shogi's convention)."""
    placement: dict[str, Piece] = {}
    for rank, row in rows.items():
        assert len(row) == files, row
        for file, letter in enumerate(row):
            if letter != ".":
                placement[square_name(file, rank)] = Piece(letter, WHITE)
                placement[square_name(files - 1 - file, ranks - 1 - rank)] = Piece(letter, BLACK)
    return Setup(placement)


def _shogi_like(title: str, source: str, description: str, files: int, ranks: int, pieces: list[PieceType],
                rows: dict[int, str]) -> Game:
    return Game(Metadata(title=title, source=source, description=description), Board(files, ranks), pieces,
                _setup(files, ranks, rows),
                Rules(stalemate=StalemateResult.LOSS, drops=True, captures_to_hand=True))


def shogi() -> Game:
    """Shogi: 9x9, drops, pawn rule (one unpromoted pawn per file), no pawn-drop mate, zone = last 3 ranks."""
    return _shogi_like("Shogi", "https://en.wikipedia.org/wiki/Shogi",
                       "Standard shogi with the USI / Fairy-Stockfish letters.", 9, 9, _shogi_pieces(3, True),
                       {0: "LNSGKGSNL", 1: ".B.....R.", 2: "PPPPPPPPP"})


def minishogi() -> Game:
    """Minishogi: 5x5, zone = last rank, otherwise shogi's rules without lance and knight."""
    return _shogi_like("Minishogi", "https://en.wikipedia.org/wiki/Minishogi",
                       "Minishogi with the USI / Fairy-Stockfish letters.", 5, 5, _shogi_pieces(1, False),
                       {0: "KGSBR", 1: "P...."})


def _shogi_pieces(depth: int, full: bool) -> list[PieceType]:
    pieces = [
        PieceType("Pawn", "P", "fW", promotion=_promotes("G", depth),
                  drop=DropRule(max_per_file=1, no_drop_mate=True)),
        PieceType("Silver", "S", "FfW", promotion=_promotes("G", depth)),
        PieceType("Gold", "G", "WfF"),
        PieceType("Bishop", "B", "B", promotion=_promotes("H", depth)),
        PieceType("Horse", "H", "BW"),
        PieceType("Rook", "R", "R", promotion=_promotes("D", depth)),
        PieceType("Dragon", "D", "RF"),
        PieceType("King", "K", "K", royal=True),
    ]
    if full:
        pieces[1:1] = [PieceType("Lance", "L", "fR", promotion=_promotes("G", depth)),
                       PieceType("Knight", "N", "ffN", promotion=_promotes("G", depth))]
    return pieces


MITREGI_SIZES = {90: (10, 9), 108: (12, 9), 120: (10, 12), 144: (12, 12)}
"""Mitregi board sizes (files, ranks), as issue 9 reads the seed."""

MITREGI_READING = (
    "Reading of the seed (Charles Gilman's page, whose array diagrams are missing), as issue 9 prescribes: "
    "boards 90 = 10x9, 108 = 12x9, 120 = 10x12, 144 = 12x12. White on ranks 1-3, Black on the last three, "
    "the setup symmetric by a half turn; White's King on the left of the two middle files, the Goldgeneral on "
    "the right. Rank 1 from the corners inwards: Wing, Helm, Mitre, (Hump on 12 files), Silvergeneral, then "
    "King and Goldgeneral. Rank 2: Rooks on the second outermost files, Bishops on the fourth outermost, on 12 "
    "ranks Knights on the third outermost and (144) Camels in front of the Silvergenerals. Rank 3: Points on "
    "the two leftmost, two rightmost and two middle files, Crosses on the others. Moves: Point fW, Cross fF, "
    "Rook R, Wing fR, Knight N, Helm ffN, Bishop B, Mitre fB, Camel C, Hump ffC, Silvergeneral FfW, "
    "Goldgeneral WfF, King K (royal), Chatelaine RF, Primate BW, Gnu NC. Promotion zone: the last three ranks; "
    "Points, Wings, Helms -> Goldgeneral; Crosses, Mitres, Humps -> Silvergeneral; Rook -> Chatelaine, "
    "Bishop -> Primate, Knight and Camel -> Gnu; generals and King never; optional (on entering, moving within "
    "or leaving the zone, as in shogi) except where the piece could not move again. Captures go to the "
    "capturer's hand unpromoted; drops never where the piece could not move again; at most one unpromoted "
    "Point per file, at most the array's number of Crosses (4 on 10 files, 6 on 12) and 2 of each other "
    "colourbound type (Bishop, Mitre, Camel, Hump) per square colour; no drop-mate rule. Check as in shogi; "
    "stalemate loses.")


def mitregi(size: int) -> Game:
    """Mitregi 90, 108, 120 or 144."""
    files, ranks = MITREGI_SIZES[size]
    wide = files == 12
    tall = ranks == 12
    crosses = 6 if wide else 4
    side = "WHM" + ("U" if wide else "") + "S"
    rank1 = side + "KG" + side[::-1]
    left2 = (".R" + ("N" if tall else ".") + "B" + ("C" if size == 144 else ".")).ljust(files // 2, ".")
    rank2 = left2 + left2[::-1]
    centre = "X" * (files // 2 - 3)
    rank3 = "PP" + centre + "PP" + centre + "PP"
    colour = DropRule(max_per_square_color=2)
    pieces = [
        PieceType("Point", "P", "fW", promotion=_promotes("G", 3), drop=DropRule(max_per_file=1)),
        PieceType("Cross", "X", "fF", promotion=_promotes("S", 3), drop=DropRule(max_per_square_color=crosses)),
        PieceType("Rook", "R", "R", promotion=_promotes("D", 3)),
        PieceType("Wing", "W", "fR", promotion=_promotes("G", 3)),
        PieceType("Helm", "H", "ffN", promotion=_promotes("G", 3)),
        PieceType("Bishop", "B", "B", promotion=_promotes("I", 3), drop=colour),
        PieceType("Mitre", "M", "fB", promotion=_promotes("S", 3), drop=colour),
        PieceType("Silvergeneral", "S", "FfW"),
        PieceType("Goldgeneral", "G", "WfF"),
        PieceType("King", "K", "K", royal=True),
        PieceType("Chatelaine", "D", "RF"),
        PieceType("Primate", "I", "BW"),
    ]
    if wide:
        pieces.append(PieceType("Hump", "U", "ffC", promotion=_promotes("S", 3), drop=colour))
    if tall:
        pieces.append(PieceType("Knight", "N", "N", promotion=_promotes("Z", 3)))
    if size == 144:
        pieces.append(PieceType("Camel", "C", "C", promotion=_promotes("Z", 3), drop=colour))
    if tall:
        pieces.append(PieceType("Gnu", "Z", "NC"))
    return _shogi_like(f"Mitregi {size}", "https://www.chessvariants.com/rules/mitregi (seed 001_ae5f5e26610a5ae2)",
                       MITREGI_READING, files, ranks, pieces, {0: rank1, 1: rank2, 2: rank3})


SHOGI_COMMENTS = (
    "The control for drops and shogi-style promotion, with the USI / Fairy-Stockfish letters",
    "(P L N S G B R K; a promoted piece is written +P, +B ... in FEN), so FENs with holdings from those tools",
    "read as they are. Captured pieces go to the capturer's hand, demoted and with their colour changed",
    "(holdingsType -1); stalemate loses (stalemate win). Promotion in the script's own terms (maxPromote,",
    "promoOffset, promoZone: a type promotes to the one promoOffset places later) in the last {depth} rank(s)",
    "on entering, moving within or leaving them, optional except where the piece could not move again",
    "({stuck}: the page function WeirdPromotion above refuses the move unpromoted there); {golds} become golds",
    "(one gold type, whose pieces remember what they were: written as a Gold line of the same name, ID and move",
    "for each, which the script demotes by promoOffset when captured and fairyport reads as the one type),",
    "bishop the horse H, rook the dragon D. Drops never where the piece could not move again, at most one",
    "unpromoted pawn per file (WeirdPromotion refuses the others when the board drops; the script's AI makes",
    "none); a pawn drop may not give mate, which the script cannot say (the fairyportDrop line), so fairyport",
    "convert to idiagram lists it as lost without --best-effort.",
)

MITREGI_COMMENTS = (
    "Mitregi {size} by Charles Gilman (seed 001_ae5f5e26610a5ae2). The page's array diagrams are missing, so",
    "the array is issue 9's reading of its text. {files} files x {ranks} ranks; White on ranks 1-3, Black on the",
    "last three, the setup symmetric by a half turn (symmetry rotate, shogi's convention). White's King stands on",
    "the left one of the two middle files ({king}), the Goldgeneral on the right one. Rank 1 from the corners",
    "inwards - Wing, Helm, Mitre, {hump}Silvergeneral, then King and Goldgeneral. Rank 2 - Rooks on the",
    "second outermost files, Bishops on the fourth outermost{rank2}. Rank 3 - Points on the two leftmost, two",
    "rightmost and two middle files, Crosses on the others.",
    "Letters (this project's choice) and moves - Point P fW, Cross X fF, Rook R, Wing W fR, Knight N,",
    "Helm H ffN, Bishop B, Mitre M fB, Camel C, Hump U ffC, Silvergeneral S FfW, Goldgeneral G WfF,",
    "King K (royal), Chatelaine D RF, Primate I BW, Gnu Z NC (the game uses those its size names).",
    "Promotion in the script's own terms (maxPromote, promoOffset, promoZone: a type promotes to the one",
    "promoOffset places later) in the last three ranks, shogi style - on entering, moving within or leaving the",
    "zone (as in shogi; the issue is silent), optional except where the piece could not move again (the page",
    "function WeirdPromotion above refuses the move unpromoted there). Points, Wings and Helms become",
    "Goldgenerals, Crosses, Mitres and Humps Silvergenerals, Rook Chatelaine, Bishop Primate, Knight and Camel",
    "Gnu; generals and King never. A promoted piece remembers what it was: a type several pieces promote to, or",
    "that is also on the board, is written again for each (same name, ID and move), which the script demotes by",
    "promoOffset when captured and fairyport reads as the one type.",
    "Captures go to the capturer's hand demoted and with their colour changed (holdingsType -1). Drops",
    "(WeirdPromotion refuses the others when the board drops; the script's AI makes none) never where the piece",
    "could not move again (Humps never in the enemy camp); at most one unpromoted Point per file, at most",
    "{crosses} unpromoted Crosses (the array's number) and 2 of each other colourbound type (Bishop, Mitre,",
    "Camel, Hump) per square colour. No drop-mate rule (the seed names none). Check as in shogi; stalemate",
    "loses (stalemate win).",
)


def comments(name: str) -> list[str]:
    """The comment lines of a drop game's fixture: every reading made (prose lines: no '=', no piece-line ':')."""
    if name in ("shogi", "minishogi"):
        title = "Shogi" if name == "shogi" else "Minishogi (5x5, no lance or knight)"
        lines = [title + ". " + SHOGI_COMMENTS[0], *SHOGI_COMMENTS[1:]]
        depth = 3 if name == "shogi" else 1
        stuck = ("pawns and lances on the last rank, knights on the last two" if name == "shogi"
                 else "pawns on the last rank")
        golds = "pawn, lance, knight and silver" if name == "shogi" else "pawn and silver"
        return ["# " + line.format(depth=depth, stuck=stuck, golds=golds) for line in lines]
    size = int(name.removeprefix("mitregi"))
    files, ranks = MITREGI_SIZES[size]
    rank2 = ""
    if ranks == 12:
        rank2 = ", Knights on the third outermost" + (" and Camels in front of the Silvergenerals" if size == 144
                                                      else "")
    fields = {"size": size, "files": files, "ranks": ranks, "king": "e1" if files == 10 else "f1",
              "hump": "Hump, " if files == 12 else "", "rank2": rank2, "crosses": 6 if files == 12 else 4}
    return ["# " + line.format(**fields) for line in MITREGI_COMMENTS]


def fixture_text(name: str, game: Game) -> str:
    """The Interactive Diagram fixture of a drop game: its comments, then the writer's text (best effort)."""
    from fairyport.idiagram.write import write_game

    with_comments = dataclasses.replace(
        game, format_data={"idiagram": {"head": [{"prose": line} for line in comments(name)]}})
    text, _ = write_game(with_comments, best_effort=True)
    return text


def rules_of(game: Game) -> tuple[object, ...]:
    """What a game's play depends on (not metadata or format data); the pieces by id, since the Diagram writer
    may reorder them (the Diagram numbers them)."""
    pieces = sorted((p.id, p.name, p.betza, p.royal, p.promotion, p.confined_to, p.drop) for p in game.pieces)
    return pieces, game.board, game.setup, game.rules, game.zones


def all_games() -> dict[str, Game]:
    """Every drop game by fixture name."""
    games = {"shogi": shogi(), "minishogi": minishogi()}
    games.update({f"mitregi{size}": mitregi(size) for size in MITREGI_SIZES})
    return games


def main() -> None:
    """Write the Interactive Diagram fixtures."""
    for name, game in all_games().items():
        (GAMES_DIR / f"{name}.idiagram").write_text(fixture_text(name, game), encoding="utf-8")
        print(f"wrote {name}.idiagram", file=sys.stderr)


if __name__ == "__main__":
    main()
