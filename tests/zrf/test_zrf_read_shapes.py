"""Move-block shapes of real ZRF files read into the model (issue 17): each fixture game under
``fixtures/zrf/shapes`` is read whole (no block kept as ZRF code), its pieces get the XBetza moves below, and the
move generator on the model counts what its expectation file says, as the ZRF interpreter does on the file (also
along random playouts). Blocks that still do not fit say why in model terms, with the construct's place."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs
from zrf_proof import compare_paired_playout, compare_playout

from fairyport.errors import UnsupportedError
from fairyport.expectations import read_expectation
from fairyport.formats import game_engine
from fairyport.model import Castling, DropRule, ExtinctionGoal, StalemateResult, ZonedMove, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import PerftPosition, perft
from fairyport.zrf.interpreter.engine import compile_file, compile_variant, position
from fairyport.zrf.read import DROP_KEPT_WHY, read_game, read_text
from fairyport.zrf.typed.reader import read_variant, read_variant_text

SHAPES = ROOT / "fixtures" / "zrf" / "shapes"

MOVES = {
    "split-slides": {"K": "mcdWmcdF", "R": "R", "C": "mRcpR", "G": "mRcpR", "M": "F"},
    "zoned": {"K": "W", "S": "fW", "R": "fsW", "G": "bW"},
    "pawns": {"P": "feFifmnDfmWfcF", "Q": "RB", "K": "WF"},
    "named-grid": {"K": "WF", "R": "R", "N": "N"},
    "pawns-part": {"P": "fmWfcF", "Q": "RB", "K": "WF"},
    "pawns-few": {"P": "fmWifmnDfcFfeF", "N": "N", "Q": "RB", "K": "WF"},
    "free-castle": {"K": "WFsO2", "R": "R", "B": "B"},
    "pawns-ahead": {"P": "fmWfcFfeF", "N": "N", "Q": "RB", "K": "WF"},
    "pawns-back": {"P": "fmWfcFfeF", "N": "N", "Q": "RB", "K": "WF"},
    "drops": {"P": "fmWfcF", "N": "N", "R": "R", "K": "WF"},
    "storage-drops": {"P": "fmWfcF", "N": "N", "R": "R", "K": "WF"},
    "captures-own": {"R": "mcdR", "N": "mcdN", "K": "WF"},
    "drops-first": {"R": "R", "N": "N", "K": "WF"},
    "thru-check": {"K": "WFsO2", "R": "R", "B": "B"},
    "bare-draw": {"K": "WF", "R": "R", "F": "F"},
    "must-capture": {"K": "WF", "R": "R", "S": "fWfcF"},
    "shogi-hands": {"K": "WF", "G": "WfF", "S": "fWF", "T": "WfF", "L": "fR", "D": "RF"},
    "safe-drops": {"P": "fmWfcF", "N": "N", "R": "R", "K": "WF"},
    "probed-drops": {"P": "fmWfcF", "N": "N", "B": "B", "R": "R", "K": "WF"},
    "circe": {"W": "R", "B": "R", "N": "N", "I": "N", "K": "WF"},
    "flag-squares": {"K": "WF", "R": "R"},
    "split": {"K": "WF", "B": "B", "Q": "RB", "P": "fmWfcF", "A": "fmWfcF"},
    "cylinder": {"K": "oWoF", "R": "oR", "B": "oB", "N": "oN", "P": "fmWfcoF"},
}
"""Fixture -> piece id -> the XBetza moves the reader gives."""

ZONED = {"zoned": {"S": (ZonedMove("sW", "far", "to"),), "R": (ZonedMove("fmcnD", "home", "from"),),
                   "G": (ZonedMove("fWfF", "far", "to", inside=False),)},
         "pawns-part": {"P": (ZonedMove("fmnD", "third-rank-behind", "from"),)},
         "pawns-ahead": {"P": (ZonedMove("ifmnD", "third-rank-behind", "from"),)},
         "pawns-back": {"P": (ZonedMove("fmnnD", "third-rank-behind", "from"),)}}
"""Fixture -> piece id -> its zone-conditioned moves."""

RENAMED = {"named-grid", "storage-drops", "shogi-hands"}
"""Fixtures whose positions the reader renames to square names, or leaves out (storage: its moves are drops; ZRF
drops two stored pieces of a type as two moves: test_zrf_shogi_hands.py)."""

CASTLING = {"free-castle": {"K": Castling(virgin=False, safe=False, partner_distance=(4, 3), partners=("R",))},
            "thru-check": {"K": Castling(safe=False)}}
"""Fixture -> piece id -> its castling rule where it is not the model's default."""

CONFINED = {"zoned": {"K": "palace"}}
"""Fixture -> piece id -> the zone it is confined to."""

DROPS = {"drops": {"P": DropRule(where_stuck=True), "N": DropRule("last-rank-outside", where_stuck=True),
                   "R": DropRule("own-half", where_stuck=True)},
         "storage-drops": {"N": DropRule(where_stuck=True), "R": DropRule(where_stuck=True)},
         "drops-first": {"N": DropRule(where_stuck=True), "R": DropRule(where_stuck=True),
                         "K": DropRule(where_stuck=True, first=True)},
         "shogi-hands": {"G": DropRule(), "S": DropRule(), "L": DropRule()},
         "safe-drops": {"P": DropRule("last-rank-outside", where_stuck=True, safe_square=True),
                        "N": DropRule(where_stuck=True, safe_square=True),
                        "R": DropRule(where_stuck=True, safe_square=True)},
         "probed-drops": {"P": DropRule("last-rank-outside-probed", where_stuck=True, no_drop_check=True),
                          "N": DropRule("probed", where_stuck=True, no_drop_check=True),
                          "B": DropRule("probed2", where_stuck=True, no_drop_check=True),
                          "R": DropRule("probed2", where_stuck=True, no_drop_check=True)}}
"""Fixture -> piece id -> its drop rule (ZRF drops also where the piece could not move again)."""


@pytest.mark.parametrize("name", sorted(MOVES))
def test_shapes_are_read_whole_and_play_like_the_interpreter(name: str) -> None:
    path = SHAPES / f"{name}.zrf"
    game = read_game(path)
    assert kept_code(game) == []
    assert {p.id: p.betza for p in game.pieces} == MOVES[name]
    assert {p.id: p.zoned_moves for p in game.pieces if p.zoned_moves} == ZONED.get(name, {})
    assert {p.id: p.confined_to for p in game.pieces if p.confined_to} == CONFINED.get(name, {})
    assert {p.id: p.drop for p in game.pieces if p.drop} == DROPS.get(name, {})
    assert game.rules.drops == (name in DROPS)
    variant = compile_game(game)
    expectation = read_expectation(SHAPES / f"{name}.perft")
    for case in expectation.cases:
        for line in case.expected:
            if line.depth <= 2:
                assert perft(variant.start_position(), line.depth) == line.nodes
                assert perft(position(compile_file(path), None), line.depth) == line.nodes
    assert {p.id: p.castling for p in game.pieces if p.castling} == CASTLING.get(name, {})
    if name in RENAMED:
        return  # the playouts match moves by square names, which the reader changed
    for seed in range(3):
        compare_playout(position(compile_file(path), None), variant.start_position(), seed, 30, 1)


def test_captures_of_own_pieces_let_a_side_without_its_royal_play_on() -> None:
    # the Rook may capture its own King (a3a1); the interpreter then plays on, as the model's optional royals do
    game = read_game(SHAPES / "captures-own.zrf")
    assert game.rules.royal_optional
    assert not read_game(SHAPES / "drops.zrf").rules.royal_optional


def test_drops_ranked_first_are_read_only_where_the_model_holds_those_drops() -> None:
    # the fixture: the priorities are read into the drops (no kept rule), a side whose King is in hand plays on
    text = (SHAPES / "drops-first.zrf").read_text()
    game = read_text(text, name="first.zrf")
    assert game.rules.royal_optional and "move-priorities" not in {k.name for k in game.kept}
    # priorities that rank some moves beside the drops first stay a kept rule, with the blocks kept as code
    other = text.replace("(moves (move-type normal) (slide n)", "(moves (move-type first) (slide n)")
    game = read_text(other, name="first.zrf")
    assert "move-priorities" in {k.name for k in game.kept} and not any(p.drop for p in game.pieces)
    # so do drops ranked first that the model does not hold (a drop that tests attacks)
    unheld = text.replace("(drops (move-type first) (drop))",
                          "(drops (move-type first) ((verify empty?) (verify not-attacked?) add))")
    game = read_text(unheld, name="first.zrf")
    assert "move-priorities" in {k.name for k in game.kept} and not any(p.drop for p in game.pieces)


GENESIS = ZRF_COLLECTIONS / "GlukKazan+Dagaz" / "src" / "debug" / "games" / "chess" / "genesis-chess.zrf"


@needs(GENESIS)
@pytest.mark.parametrize(("variant", "nodes"), [("1", 3612), ("2", 792)])
def test_genesis_chess_reads_whole_with_its_king_dropped_first(variant: str, nodes: int) -> None:
    game = read_game(GENESIS, variant=variant)
    assert kept_code(game) == [] and game.piece_type("K").drop == DropRule(where_stuck=True, first=True)
    native = position(compile_variant(read_variant(GENESIS, variant)), None)
    assert perft(compile_game(game).start_position(), 2) == nodes == perft(native, 2)


def test_every_shapes_fixture_has_moves_and_an_expectation() -> None:
    assert {p.stem for p in SHAPES.glob("*.zrf")} == set(MOVES)
    assert {p.stem for p in SHAPES.glob("*.perft")} == set(MOVES)


AXIOM = """(game (title "Axiom game") (engine "Axiom/Ordo/axiom.dll") (players White Black)
  (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1))))
  (board-setup (White (Man a1)) (Black (Man c3)))
  (piece (name Man) (dummy))
)
"""


def test_a_game_whose_rules_live_in_an_axiom_engine_is_refused_as_the_interpreter_refuses_it() -> None:
    with pytest.raises(UnsupportedError, match=r"external engine \(Axiom/Ordo/axiom.dll\)") as model:
        read_text(AXIOM, name="axiom.zrf")
    with pytest.raises(UnsupportedError, match=r"external engine \(Axiom/Ordo/axiom.dll\)") as interpreter:
        compile_variant(read_variant_text(AXIOM, "axiom.zrf"))
    assert str(model.value.location) == str(interpreter.value.location) == "axiom.zrf:1:28"


REMOTE_CAPTURE = """(game (title "Remote") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (symmetry Black (n s) (s n) (e w) (w e)))
  (board-setup (White (King a1) (Man b2)) (Black (King d4) (Man c3)))
  (piece (name King) (moves (n (verify not-friend?) add) (e (verify not-friend?) add)
     (s (verify not-friend?) add) (w (verify not-friend?) add)))
  (piece (name Man) (moves (n (verify enemy?) capture n (verify empty?) add)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_a_block_that_does_not_fit_says_why_in_model_terms_with_the_construct_and_its_place() -> None:
    game = read_text(REMOTE_CAPTURE, name="remote.zrf")
    (program,) = game.programs("M")
    assert program.why == "a capture that removes a piece it does not land on: capture at remote.zrf:8:47"
    assert program.location == "remote.zrf:8:28"
    described = dict(kept_code(game))["Man: zrf program"]
    assert "a capture that removes a piece it does not land on" in described and "remote.zrf:8:28" in described


def test_refusals_name_the_reason(tmp_path: Path) -> None:
    from fairyport.api import convert

    path = tmp_path / "remote.zrf"
    path.write_text(REMOTE_CAPTURE)
    with pytest.raises(UnsupportedError, match="a capture that removes a piece it does not land on"):
        convert(path, "idiagram")


def test_a_rectangular_grid_with_other_names_and_storage_is_a_rectangle_with_square_names() -> None:
    game = read_game(SHAPES / "named-grid.zrf")
    assert (game.board.files, game.board.ranks, game.board.extra_positions, game.board.links) == (4, 5, (), {})
    assert game.setup.placement["a1"].id == "K" and game.setup.placement["c4"].id == "N"


TICTACTOE = """(game (title "Tic") (players X O) (turn-order X O)
  (board (grid (start-rectangle 16 16 112 112) (dimensions ("top-/middle-/bottom-" (0 112))
      ("left/middle/right" (112 0)))
    (directions (n -1 0) (e 0 1) (nw -1 -1) (ne -1 1))))
  (board-setup (X (man off 5)) (O (man off 5)))
  (piece (name man) (drops ((verify empty?) add)))
  (win-condition (X O) (or (relative-config man n man n man) (relative-config man e man e man)))
)
"""


def test_tictactoe_refusal_names_what_the_model_lacks_not_the_board() -> None:
    from fairyport.api import convert

    with pytest.raises(UnsupportedError, match="a win under the condition or") as refused:
        convert(TICTACTOE, "idiagram", read="zrf")
    assert "without a rectangle" not in str(refused.value)
    # its drops are the model's (to any empty square), yet kept with the game's other code (the win condition),
    # which the interpreter plays on the model written as ZRF
    game = read_text(TICTACTOE, name="tictactoe.zrf")
    (drop,) = game.programs("M")
    assert not game.rules.drops and game.piece_type("M").drop is None and drop.why.startswith(DROP_KEPT_WHY + ": a win")


def test_the_zone_behind_a_partial_double_step_zone_is_added_per_colour() -> None:
    game = read_game(SHAPES / "pawns-part.zrf")
    assert game.zone_squares("third-rank-behind", 0) == frozenset({"a2", "b2", "c2", "a3"})
    assert game.zone_squares("third-rank-behind", 1) == frozenset({"c5", "d5", "e5"})


@pytest.mark.parametrize(("change", "betza"), [
    ("(Pawn a2 b2 d2)", "fmWifmnDfcFfeF"),
    ("(Pawn a2 b2 d2 c1)", "fmnnD"),  # the pawn from c1 may double-step from c2 after moving
    ("(Pawn a2 b2 d2 off 1)", "fmnnD"),  # a pawn in hand may be dropped on the second rank
])
def test_a_double_step_behind_a_whole_rank_zone_is_initial_only_for_pawns_that_never_return_there(
        change: str, betza: str) -> None:
    text = (SHAPES / "pawns-few.zrf").read_text().replace("(Pawn a2 b2 d2)", change)
    if "off" in change:
        text = text.replace("(pawn-ep w))", "(pawn-ep w)) (drops ((verify empty?) add))")
    game = read_text(text, name="few.zrf")
    assert kept_code(game) == []
    pawn = game.piece_type("P")
    if betza.startswith("fmW"):
        assert pawn.betza == betza and not pawn.zoned_moves
    else:  # elsewhere a double step from the zone behind, with e.p. rights as an initial one would give
        assert pawn.betza == "fmWfcFfeF" and pawn.zoned_moves == (ZonedMove(betza, "third-rank-behind", "from"),)
        variant = compile_game(game)
        native = position(compile_variant(read_variant_text(text, "few.zrf")), None)
        assert perft(variant.start_position(), 3) == perft(native, 3)


FREE_CASTLING = """(define O-O ($1 (verify empty?) $1 (verify empty?) to $1 (verify friend?) (verify (piece? Rook))
   cascade $2 $2 add))
(game (title "Free") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e/f/g/h" (10 0)) ("2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))) (symmetry Black (n s) (s n)))
  (board-setup (White (King e1) (Rook h1)) (Black (King e2) (Rook h2)))
  (piece (name King) (moves (n (verify not-friend?) add) (O-O e w)))
  (piece (name Rook) (moves (w (verify empty?) add)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_castling_without_moved_or_attack_tests_is_recognised_as_such() -> None:
    from fairyport.zrf.recognise import BlockReader

    reader = BlockReader({"e": (1, 0), "w": (-1, 0)}, frozenset())
    block = ["e", ("verify", "empty?"), "e", ("verify", "empty?"), "to", "e", ("verify", "friend?"),
             ("verify", ("piece?", "Rook")), "cascade", "w", "w", "add"]
    (found,) = reader.read(block) or []
    assert (found.kind, found.vectors, found.range, found.partner) == ("castle", ((1, 0),), 2, (3, ("Rook",)))
    assert reader.read([*block[:-2], "add"]) is None  # the rook would not land on the square the king passed


def test_a_one_sided_move_that_black_plays_mirrored_stays_a_program_and_castling_may_be_mirrored() -> None:
    # Black's rook steps w like White's (the symmetry keeps e and w); the model would turn it to step e: kept.
    # Castling e is mirrored too, as the generator castles towards the same side of the board for both.
    game = read_text(FREE_CASTLING, name="free.zrf")
    assert game.piece_type("K").betza == "fWrO2" and game.programs("K") == []
    assert all("symmetry does not turn" in program.why for program in game.programs("R"))
    assert game.programs("R")


def test_castling_black_plays_turned_round_stays_a_program() -> None:
    # Under a symmetry that turns e into w, Black castles towards the other side of the board than White; the
    # generator castles towards the same side for both, so the block stays code (Micro, Demi, Speed Chess: the
    # model had Black castle the way White does, and missed Black's castling).
    text = FREE_CASTLING.replace("(symmetry Black (n s) (s n))", "(symmetry Black (n s) (s n) (e w) (w e))")
    text = text.replace("(Black (King e2) (Rook h2))", "(Black (King d2) (Rook a2))")
    game = read_text(text, name="turned.zrf")
    assert game.piece_type("K").betza == "fW" and game.piece_type("K").castling is None
    (kept,) = game.programs("K")
    assert "symmetry does not turn" in kept.why and "cascade" in kept.text
    native = position(compile_variant(read_variant_text(text, "turned.zrf")), None)
    black_castles = [m for m in _after(native, "h1g1") if m.startswith("d2b2")]
    assert black_castles  # the interpreter's Black castles w, with the Rook on a2


def _after(pos: PerftPosition, move: str) -> list[str]:
    """The legal moves' texts after ``move`` (a legal move's text)."""
    (raw,) = [m for m in pos.legal_raw() if pos.uci(m) == move]
    pos.push_raw(raw)
    return [pos.uci(m) for m in pos.legal_raw()]


MINI_CHESS = ZRF_COLLECTIONS / "DagazProject+DagazProject.github.io" / "checkmate" / "zrf" / "mini-chess.zrf"


@needs(MINI_CHESS)
@pytest.mark.parametrize(("variant", "seed", "plies"), [("4", 6, 20), ("5", 1, 20), ("10", 13, 20)])
def test_mini_chess_castling_turned_round_for_black_plays_like_the_interpreter(variant: str, seed: int,
                                                                             plies: int) -> None:
    # Micro, Demi and Speed Chess: King (O-O w e) under a symmetry that turns w into e; Black castles e.
    game = read_game(MINI_CHESS, variant=variant)
    assert [k.piece for k in game.kept] == ["K"] and game.piece_type("K").castling is None
    native = position(compile_variant(read_variant(MINI_CHESS, variant)), None)
    model = game_engine(game, str(MINI_CHESS)).position(None, None)
    compare_paired_playout(native, model, seed, plies)


@pytest.mark.parametrize("variant", ["1", "2", "3", "4"])
def test_unchecked_castling_setups_read_and_play_like_the_interpreter(variant: str) -> None:
    path = ROOT / "fixtures" / "zrf" / "castling" / "unchecked-castling.zrf"  # no symmetry declared
    game = read_game(path, variant=variant)
    assert kept_code(game) == []
    interpreter = position(compile_file(path, variant), None)
    assert perft(compile_game(game).start_position(), 2) == perft(interpreter, 2)


def test_kept_rules_say_why_in_model_terms() -> None:
    text = FREE_CASTLING.replace("(loss-condition (White Black) (checkmated King))",
                                 "(loss-condition (White Black) (checkmated King))\n"
                                 "  (draw-condition (White) (pieces-remaining 1))\n"
                                 "  (move-priorities normal)")
    text = text.replace("(moves (w (verify empty?) add))", "(moves (move-type normal) (w (verify empty?) add))")
    rules = {rule.name: rule.why for rule in read_text(text, name="rules.zrf").kept if rule.kind == "rule"}
    assert rules["goal (pieces-remaining 1)"].startswith("a draw when a player has exactly 1 piece left: the model")
    assert rules["move-priorities"].startswith("move priorities (a move of a higher-priority type must be played")
    described = dict(kept_code(read_text(text, name="rules.zrf")))["zrf goal (pieces-remaining 1)"]
    assert "(a draw when a player has exactly 1 piece left" in described
    # priorities of move types no block has select nothing: no kept rule
    untyped = text.replace("(moves (move-type normal) (w", "(moves (w")
    assert "move-priorities" not in {rule.name for rule in read_text(untyped, name="rules.zrf").kept}


LINKED = """(game (title "Linked") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("2/1" (0 10))))
    (links n (a1 a2) (c1 c2)) (links s (a2 a1) (c2 c1)) (links e (a1 b1) (b1 c1) (a2 b2)))
  (board-setup (White (King a1)) (Black (King c2)))
  (piece (name King) (moves (n (verify not-friend?) (if (in-zone? far) (add King) else add))))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_a_step_on_a_board_that_is_no_rectangle_names_the_board_not_the_step_order() -> None:
    (program,) = read_text(LINKED, name="linked.zrf").programs("K")
    assert program.why.startswith("a step along the direction 'n', which links only some of the squares one step "
                                  "apart (not 'b1' to 'b2')")
    assert program.why.endswith("n at linked.zrf:5:30")  # before the zone test, which is not the reason


def test_a_side_without_a_royal_piece_at_the_start_plays_on_as_the_interpreter_plays_it() -> None:
    # Dunsany's Chess, Horde: White has no King; the interpreter plays on, never in check; the model's optional
    # royal pieces say so (without them the model ends White's game at once: 0 moves)
    text = (SHAPES / "named-grid.zrf").read_text().replace("(White (King bottom-west) (Rook", "(White (Rook")
    game = read_text(text, name="nking.zrf")
    assert kept_code(game) == [] and game.rules.royal_optional
    native = position(compile_variant(read_variant_text(text, "nking.zrf")), None)
    assert [perft(compile_game(game).start_position(), d) for d in (1, 2, 3)] == [perft(native, d) for d in (1, 2, 3)]
    game.rules.royal_optional = False
    assert perft(compile_game(game).start_position(), 1) == 0
    import fairyport
    from fairyport.api import convert

    with pytest.raises(UnsupportedError, match=r"a side without royal pieces (that )?plays on"):
        fairyport.write(read_text(text, name="nking.zrf"), "gamecourier")  # the model's GC writer lacks the rule
    # Fairy-Stockfish plays a side that starts without royal pieces on, as the model does: written and proved
    to_fsf = convert(text, "fsf", read="zrf")
    assert to_fsf.lost == [] and to_fsf.proof is not None and to_fsf.proof.same
    # Game Courier writes the source's own program instead, proven by the GAME Code interpreter
    converted = convert(text, "gamecourier", read="zrf")
    assert converted.proof is not None and converted.proof.same and converted.lost == []
    # the Diagram says it in its own terms: White's extinction bit clear (White plays on without royals)
    written_text = fairyport.write(read_text(text, name="nking.zrf"), "idiagram").text
    assert "extinction=0" in written_text.splitlines() and "fairyportRoyalOptional" not in written_text
    back = fairyport.read(written_text, format="idiagram")
    assert back.rules.royal_optional and fairyport.perft(back, 3) == perft(native, 3)
    # ZRF's checkmated goal of both players is the rule: the game goes back to ZRF with its perft
    from fairyport.zrf.play import engine

    written = engine(read_text(text, name="nking.zrf"), "nking.zrf").position(None, None)
    assert perft(written, 3) == perft(native, 3)


def test_blocks_of_a_piece_that_never_reaches_the_board_say_why_they_are_kept() -> None:
    text = FREE_CASTLING.replace(
        "(piece (name Rook)", "(piece (name Ghost) (moves (n (verify not-friend?) add) (n capture n add)))\n"
        "  (piece (name Rook)")
    ghost = {program.text: program.why for program in read_text(text, name="ghost.zrf").programs("G")}
    assert ghost["(n (verify not-friend?) add)"].startswith("a move of a piece that never comes onto the board")
    assert ghost["(n capture n add)"].startswith("a capture that removes a piece it does not land on")


@pytest.mark.parametrize(("old", "new", "drawn"), [
    ("", "", True),
    ("(King d4)", "(King d4 c4)", False),  # two kings: one piece left is not a bare king
    ("(draw-condition (White Black)", "(draw-condition (White)", False),  # White's only
])
def test_a_draw_with_one_piece_left_is_an_extinction_draw_where_that_piece_is_the_only_royal(
        old: str, new: str, drawn: bool) -> None:
    game = read_text((SHAPES / "bare-draw.zrf").read_text().replace(old, new), name="bare.zrf")
    kept = {k.name for k in game.kept if k.kind == "rule"}
    expected = ExtinctionGoal(None, 1, 0, StalemateResult.DRAW) if drawn else None
    assert (game.rules.extinction, "goal (pieces-remaining 1)" in kept) == (expected, not drawn)


@pytest.mark.parametrize(("old", "new", "mandatory"), [
    ("", "", True),
    ("(take n)))", "(take n) (shift e)))", False),  # a quiet move among the captures
    ("(move-priorities capture-type normal-type)", "(move-priorities normal-type capture-type)", False),
])
def test_move_priorities_that_rank_exactly_the_captures_first_are_mandatory_captures(old: str, new: str,
                                                                                      mandatory: bool) -> None:
    text = (SHAPES / "must-capture.zrf").read_text().replace(old, new)
    game = read_text(text, name="must.zrf")
    assert game.rules.must_capture is mandatory
    assert ("move-priorities" in {rule.name for rule in game.kept}) is not mandatory


def test_drops_read_from_zrf_are_written_back_as_zrf_with_the_same_perft() -> None:
    # one piece of each type in hand: the ZRF writer's hand columns have one position each, no hand-next link
    from fairyport.zrf.play import round_trip

    result = round_trip(SHAPES / "drops.zrf", None, 2)
    assert (result.original, result.written, result.generated, result.kept) == (2133, 2133, 2133, False)
