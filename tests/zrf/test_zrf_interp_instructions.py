"""One test (at least) per instruction and predicate of the ZRF move language, on small hand-written games.

The board (tests/zrf_interp_helpers.py) is 5x5, files a-e, ranks 5 (top) to 1; White moves ``n`` towards
rank 5, Black's ``n`` is ``s`` (symmetry). The piece ``Man`` gets the move blocks under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from zrf_interp_helpers import BOARD, compile_text, game_text, moves, play

from fairyport.errors import UnsupportedError
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter import constants


def test_steps_follow_the_players_symmetry(tmp_path: Path) -> None:
    position = play(tmp_path, "((n add))", "(White (Man c3)) (Black (Man a5))")
    assert moves(position) == ["c3c4"]
    position.push_raw(position.legal_raw()[0])
    assert moves(position) == ["a5a4"]


def test_a_step_off_the_board_abandons_the_block(tmp_path: Path) -> None:
    assert moves(play(tmp_path, "((n n n add) (e add))")) == ["c3d3"]


def test_position_jump_and_opposite(tmp_path: Path) -> None:
    assert moves(play(tmp_path, "((a1 add) ((opposite n) add))")) == ["c3a1", "c3c2"]


def test_verify_if_else(tmp_path: Path) -> None:
    block = "((n (verify empty?) add) (e (if (piece? Man e5) w else e) add))"
    assert moves(play(tmp_path, block)) == ["c3c4", "c3e3"]
    assert moves(play(tmp_path, block, "(White (Man c3)) (Black (Man e5))")) == ["c3c3", "c3c4"]


def test_while_and_add_continuing_make_a_slide(tmp_path: Path) -> None:
    block = "((n (while empty? add n) (verify not-friend?) add))"
    assert moves(play(tmp_path, block, "(White (Man c1)) (Black (Man c4))")) == ["c1c2", "c1c3", "c1c4"]


def test_endless_while_is_a_located_error(tmp_path: Path) -> None:
    position = play(tmp_path, "(((while true (verify true))))")
    with pytest.raises(UnsupportedError) as caught:
        position.legal_raw()
    assert "while loop ran past" in str(caught.value)
    assert caught.value.location.line is not None


def test_and_or_not_and_not_forms(tmp_path: Path) -> None:
    block = """((n (verify (and empty? (not enemy?))) add)
               (e (verify (or enemy? not-empty?)) add)
               (w (verify not-friend?) (verify (not-piece? Man)) add))"""
    assert moves(play(tmp_path, block)) == ["c3b3", "c3c4"]


def test_occupancy_predicates_with_positions(tmp_path: Path) -> None:
    block = "(((verify (enemy? c5)) (verify (friend? c3)) (verify (empty? n)) (verify (not-enemy? e)) n add))"
    assert moves(play(tmp_path, block)) == ["c3c4"]


def test_position_in_zone_on_board(tmp_path: Path) -> None:
    block = """((n n (verify (in-zone? far)) add)
               ((verify (position? c3)) (verify (on-board? e)) (verify (not-on-board? a1)) e add))"""
    # (on-board? a1) is a position on the board, so the second block fails
    assert moves(play(tmp_path, block)) == ["c3c5"]
    black = play(tmp_path, "((n n (verify (in-zone? far)) add))", "(White (Man a3)) (Black (Man c3))")
    black.push_raw(black.legal_raw()[0])
    assert moves(black) == ["c3c1"]


def test_last_from_and_last_to(tmp_path: Path) -> None:
    block = "((verify (last-to? a4)) (verify (last-from? a5)) e add) (n add)"
    game = compile_text(tmp_path, game_text(f"(piece (name Man) (moves {block}))",
                                            "(White (Man c2)) (Black (Man a5))"))
    position = game.start_position()
    position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == "c2c3"))
    position.push_raw(position.legal_raw()[0])
    assert moves(position) == ["c3c4", "c3d3"]


def test_marked_adjacent_to_enemy_goal_position(tmp_path: Path) -> None:
    extra = "(win-condition (White) (absolute-config Man (e5)))"
    block = """((mark n (verify (not-marked?)) back (verify marked?) e add)
               ((verify adjacent-to-enemy?) w add)
               ((verify (goal-position? e5)) s add))"""
    position = play(tmp_path, block, "(White (Man c3)) (Black (Man c4))", extra)
    assert moves(position) == ["c3b3", "c3c2", "c3d3"]
    assert moves(play(tmp_path, block, "(White (Man c3)) (Black (Man a5))")) == ["c3d3"]
    position = play(tmp_path, "((e e n n (verify goal-position?) add))", "(White (Man c3)) (Black (Man a1))", extra)
    assert moves(position) == ["c3e5"]


def test_attacked_and_defended(tmp_path: Path) -> None:
    man = "(piece (name Man) (moves (n (verify not-attacked?) add) (e (verify defended?) add)))"
    rook = "(piece (name Rook) (moves (n (while empty? n) (verify enemy?) add)))"
    text = game_text(f"{man} {rook}", "(White (Man c3) (Rook d1)) (Black (Rook c5))")
    position = compile_text(tmp_path, text).start_position()
    names = moves(position)
    # c4 is attacked by the black Rook on c5 (it captures southwards); d3 is defended by the white Rook on d1
    assert "c3c4" not in names and "c3d3" in names


def test_attributes_read_and_set(tmp_path: Path) -> None:
    piece = """(piece (name Man) (attribute fresh? true)
               (moves ((verify fresh?) n (set-attribute fresh? false) add) ((verify not-fresh?) e add)))"""
    game = compile_text(tmp_path, game_text(piece, "(White (Man c2)) (Black (Man a5))"))
    position = game.start_position()
    assert moves(position) == ["c2c3"]
    position.push_raw(position.legal_raw()[0])
    position.push_raw(position.legal_raw()[0])
    assert moves(position) == ["c3d3"]


def test_flags_and_position_flags_live_for_one_block_run(tmp_path: Path) -> None:
    block = """(((set-flag f true) (verify (flag? f)) (set-position-flag p (empty? n)) n
                (verify (position-flag? p c3)) (verify (not-flag? g)) add)
               ((verify (not-flag? f)) (verify (not-position-flag? p c3)) e add))"""
    assert moves(play(tmp_path, block)) == ["c3c4", "c3d3"]


def test_add_with_types_offers_each_promotion(tmp_path: Path) -> None:
    others = "(piece (name Queen) (moves)) (piece (name Knight) (moves))"
    position = play(tmp_path, "((n n (add Queen Knight)))", others=others)
    assert moves(position) == ["c3c5n", "c3c5q"]


def test_add_captures_whatever_stands_there(tmp_path: Path) -> None:
    position = play(tmp_path, "((w add))", "(White (Man c3) (Man b3)) (Black (Man a5))")
    moves_ = position.legal_raw()
    assert sorted(position.uci(m) for m in moves_) == ["b3a3", "c3b3"]


def test_add_copy_leaves_a_copy(tmp_path: Path) -> None:
    position = play(tmp_path, "((n add-copy))")
    move = position.legal_raw()[0]
    position.push_raw(move)
    names = {position.game.board.names[p] for p, piece in enumerate(position.board) if piece and piece[0] == 0}
    assert names == {"c3", "c4"}


def test_from_to_back_mark_go(tmp_path: Path) -> None:
    block = "((mark n n to back e (go to) (verify (position? c5)) (go from) (verify (position? c3)) add))"
    assert moves(play(tmp_path, block)) == ["c3c5"]
    # from on another square picks that piece up: the piece on b3 moves to b4
    block = "((w from n add))"
    assert moves(play(tmp_path, block, "(White (Man c3) (Man b3)) (Black (Man a5))")) == ["b3b4"]


def test_cascade_moves_two_pieces(tmp_path: Path) -> None:
    block = "((e cascade e (verify empty?) add))"
    position = play(tmp_path, block, "(White (Man b3) (Man c3)) (Black (Man a5))")
    move = next(m for m in position.legal_raw() if position.uci(m) == "b3c3")
    position.push_raw(move)
    assert {position.game.board.names[p] for p, x in enumerate(position.board) if x and x[0] == 0} == {"c3", "d3"}
    position.pop_raw()


def test_capture_at_a_distance(tmp_path: Path) -> None:
    position = play(tmp_path, "(((capture c5) n add))")
    position.push_raw(position.legal_raw()[0])
    assert position.count(1, -1) == 0


def test_flip_change_owner_change_type_create(tmp_path: Path) -> None:
    others = "(piece (name Stone) (moves))"
    position = play(tmp_path, "(((flip c5) (change-type Stone c5) (create Stone a1) (create Black Stone e1) n add))",
                    others=others)
    position.push_raw(position.legal_raw()[0])
    game = position.game
    board = {game.board.names[p]: (game.players[x[0]], game.types[x[1]]) for p, x in enumerate(position.board) if x}
    assert board == {"c4": ("White", "Man"), "c5": ("White", "Stone"), "a1": ("White", "Stone"),
                     "e1": ("Black", "Stone")}


def test_change_owner_gives_the_piece_to_the_mover(tmp_path: Path) -> None:
    position = play(tmp_path, "(((change-owner c5) n add))")
    position.push_raw(position.legal_raw()[0])
    assert position.count(0, -1) == 2


def test_drops_and_off_board_pieces(tmp_path: Path) -> None:
    piece = "(piece (name Man) (drops ((verify empty?) (verify (in-zone? far)) add)))"
    text = game_text(piece, "(White (Man off 2)) (Black (Man off 1))")
    position = compile_text(tmp_path, text).start_position()
    assert moves(position) == ["M@a5", "M@b5", "M@c5", "M@d5", "M@e5"]
    assert perft(position, 4) == 5 * 5 * 4 * 0


def test_recycle_captures_returns_pieces_to_their_owner(tmp_path: Path) -> None:
    piece = "(piece (name Man) (moves (n (verify enemy?) add)) (drops ((verify empty?) add)))"
    text = game_text(piece, "(White (Man c3)) (Black (Man c4))", '(option "recycle captures" true)')
    position = compile_text(tmp_path, text).start_position()
    position.push_raw(position.legal_raw()[0])
    assert position.stock == {(1, 0): 1}
    assert len(position.legal_raw()) == 24


def test_move_priorities(tmp_path: Path) -> None:
    block = "((move-type take) (nw (verify enemy?) add) (move-type walk) (n (verify empty?) add))"
    extra = "(move-priorities take walk)"
    assert moves(play(tmp_path, block, "(White (Man c3)) (Black (Man b4))", extra)) == ["c3b4"]
    assert moves(play(tmp_path, block, "(White (Man c3)) (Black (Man a5))", extra)) == ["c3c4"]


def test_turn_order_with_move_types_and_owners(tmp_path: Path) -> None:
    text = f"""(game (title "T") (players White Black) (turn-order (White walk) (Black White side))
      {BOARD}
      (board-setup (White (Man c3)) (Black (Man a5)))
      (piece (name Man) (moves (move-type walk) (n add) (move-type side) (e add))))"""
    position = compile_text(tmp_path, text).start_position()
    assert moves(position) == ["c3c4"]
    position.push_raw(position.legal_raw()[0])
    assert moves(position) == ["c4d4"]   # Black moves White's piece, with the side move type


def test_pass_turn_true_and_forced(tmp_path: Path) -> None:
    stuck = "(White (Man c5)) (Black (Man a1))"
    assert moves(play(tmp_path, "((n add))", stuck, '(option "pass turn" forced)')) == ["pass"]
    assert moves(play(tmp_path, "((n add))", "(White (Man c3)) (Black (Man a1))",
                      '(option "pass turn" forced)')) == ["c3c4"]
    assert moves(play(tmp_path, "((n add))", "(White (Man c3)) (Black (Man a1))",
                      '(option "pass turn" true)')) == ["c3c4", "pass"]


JUMP = "(move-type jump) ($D (verify enemy?) capture $D (verify empty?) (add-partial jump))"


def _jumps(directions: str) -> str:
    return " ".join(JUMP.replace("$D", d) for d in directions.split())


def test_add_partial_chains_are_one_move_each(tmp_path: Path) -> None:
    setup = "(White (Man a1)) (Black (Man b2) (Man d4) (Man b4))"
    position = play(tmp_path, f"({_jumps('ne nw')})", setup)
    # a1 x b2 -> c3, then c3 x d4 -> e5 or c3 x b4 -> a5: two complete chains
    assert moves(position) == ["a1c3,c3a5", "a1c3,c3e5"]
    position.push_raw(position.legal_raw()[0])
    assert position.count(1, -1) == 1


def test_pass_partial_lets_a_chain_stop_early(tmp_path: Path) -> None:
    setup = "(White (Man a1)) (Black (Man b2) (Man d4))"
    assert moves(play(tmp_path, f"({_jumps('ne')})", setup, '(option "pass partial" true)')) == [
        "a1c3", "a1c3,c3e5"]


def test_maximal_captures_keeps_the_longest_chains(tmp_path: Path) -> None:
    setup = "(White (Man a1) (Man e3)) (Black (Man b2) (Man d4))"
    block = f"({_jumps('ne nw')})"
    assert moves(play(tmp_path, block, setup)) == ["a1c3,c3e5", "e3c5"]
    assert moves(play(tmp_path, block, setup, '(option "maximal captures" true)')) == ["a1c3,c3e5"]


def test_add_copy_partial(tmp_path: Path) -> None:
    block = "((move-type m) (n (verify empty?) (add-copy-partial m)))"
    position = play(tmp_path, block, "(White (Man c3)) (Black (Man a1))")
    # the copy chain runs to the edge: c3 c4 c5 all hold a Man afterwards
    assert moves(position) == ["c3c4,c4c5"]
    position.push_raw(position.legal_raw()[0])
    assert position.count(0, -1) == 3


def test_moves_are_distinct_by_effect(tmp_path: Path) -> None:
    assert moves(play(tmp_path, "((n add) (n add) (e w n add))")) == ["c3c4"]


def test_unknown_instruction_is_a_located_unsupported_error(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedError) as caught:
        play(tmp_path, "((n (frobnicate) add))")
    assert caught.value.location.line is not None and "frobnicate" in str(caught.value)





def test_a_missing_macro_argument_is_nothing(tmp_path: Path) -> None:
    # (define m ($1 $2 add)) called as (m n): Zillions substitutes nothing for $2
    assert moves(play(tmp_path, "((n $2 add) ((verify (not-empty? $2)) e add))")) == ["c3c4", "c3d3"]


def test_bare_on_board_is_false_on_a_dummy(tmp_path: Path) -> None:
    assert constants.BARE_ON_BOARD_IS_NOT_DUMMY
    text = game_text("(piece (name Man) (moves ((verify on-board?) n add) (z0 (verify not-on-board?) c1 add)))",
                     "(White (Man c3)) (Black (Man a5))").replace("(symmetry", "(dummy z0) (symmetry")
    assert moves(compile_text(tmp_path, text).start_position()) == ["c3c1", "c3c4"]
