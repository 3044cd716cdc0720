"""Each choice the interpreter makes where Zillions is undocumented (fairyport/rules/zrf/constants.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from zrf_helpers import corpus_file
from zrf_interp_helpers import BOARD, compile_text, game_text, moves, play

from fairyport.errors import UnsupportedError
from fairyport.movegen.perft import divide, perft
from fairyport.zrf.interpreter import compile_file, constants


def test_max_partial_chain(tmp_path: Path) -> None:
    text = game_text("(piece (name Man) (moves (move-type m) (n (verify empty?) (add-partial m))))",
                     "(White (Man c3)) (Black (Man a1))").replace("(symmetry", "(links n (c5 c1)) (symmetry")
    position = compile_text(tmp_path, text).start_position()
    with pytest.raises(UnsupportedError, match=f"longer than {constants.MAX_PARTIAL_CHAIN}"):
        position.legal_raw()


def test_max_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("fairyport.zrf.interpreter.position.MAX_MOVES", 2)
    with pytest.raises(UnsupportedError, match="more than 2 moves"):
        play(tmp_path, "((n add) (e add) (w add))").legal_raw()


def test_attack_places_the_mover_on_an_empty_square() -> None:
    assert constants.ATTACK_PLACES_MOVER
    chess = compile_file(corpus_file("zrflib/Chess.zrf"), "Chess")
    # the black pawn on g2 attacks f1 (empty): castling through it is refused, as in chess
    names = moves(chess.position_from_fen("4k3/8/8/8/8/8/6p1/4K2R w K - 0 1"))
    assert "e1g1" not in names and "e1f2" in names


def test_nested_attack_tests() -> None:
    assert constants.MAX_ATTACK_DEPTH == 2 and constants.ATTACK_NESTED_RESULT is False
    emperor = compile_file(corpus_file("zrflib/fairychess.zrf"), "Emperor King Chess")
    # 20 chess moves + the Emperor's leaps to the 8 third-rank squares White defends; an undefended square is
    # refused because the black Emperor could capture there (its test of our defence is the nested one)
    assert perft(emperor.start_position(), 1) == 28


def test_attacks_ignore_move_priorities(tmp_path: Path) -> None:
    assert constants.ATTACK_IGNORES_PRIORITIES
    king = "(piece (name King) (moves (e (verify not-friend?) add) (n (verify not-friend?) add)))"
    rook = "(piece (name Rook) (moves (move-type take) (n (while empty? n) (verify enemy?) add)))"
    walker = "(piece (name Man) (moves (move-type walk) (n (verify empty?) add)))"
    extra = "(move-priorities walk take) (loss-condition (White Black) (checkmated King))"
    text = game_text(f"{king} {rook} {walker}", "(White (King c3)) (Black (Rook d5) (Man a5))", extra)
    assert moves(compile_text(tmp_path, text).start_position()) == ["c3c4"]


def test_attack_counts_the_first_partial_step(tmp_path: Path) -> None:
    assert constants.ATTACK_PARTIAL_FIRST_STEP
    king = "(piece (name King) (moves (n (verify not-friend?) add) (e (verify not-friend?) add)))"
    jumper = "(piece (name Man) (moves (move-type j) (n (verify enemy?) capture n (verify empty?) (add-partial j))))"
    extra = "(loss-condition (White Black) (checkmated King))"
    text = game_text(f"{king} {jumper}", "(White (King c3)) (Black (Man d4) (Man a5))", extra)
    # on d3 the King could be jumped by the Man on d4 (d4 x d3 -> d2): refused
    assert moves(compile_text(tmp_path, text).start_position()) == ["c3c4"]


def test_effects_act_on_their_position_after_the_move(tmp_path: Path) -> None:
    assert constants.EFFECTS_AT_POSITION_AFTER_MOVE
    position = play(tmp_path, "((flip n add))")          # the flip is on the origin, empty afterwards
    position.push_raw(position.legal_raw()[0])
    assert position.count(0, -1) == 1
    position = play(tmp_path, "((n flip add))")          # the flip is on the destination: the mover turns
    position.push_raw(position.legal_raw()[0])
    assert position.count(0, -1) == 0


def test_promotion_takes_new_attributes(tmp_path: Path) -> None:
    assert constants.PROMOTION_TAKES_NEW_ATTRIBUTES
    others = "(piece (name Queen) (attribute royal? true) (moves))"
    text = game_text(f"(piece (name Man) (attribute royal? false) (moves (n (add Queen)))) {others}",
                     "(White (Man c3)) (Black (Man a1))")
    game = compile_text(tmp_path, text)
    position = game.start_position()
    position.push_raw(position.legal_raw()[0])
    piece = position.board[game.board.index["c4"]]
    assert piece is not None and piece[2] == game.attribute_bit["royal?"]


def test_move_names_and_last_move_follow_the_first_submove() -> None:
    assert constants.MOVE_NAME_FIRST_SUBMOVE
    chess = compile_file(corpus_file("zrflib/Chess.zrf"), "Chess")
    position = chess.position_from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    castle = next(m for m in position.legal_raw() if position.uci(m) == "e1g1")
    position.push_raw(castle)
    assert (position.last_from, position.last_to) == (chess.board.index["e1"], chess.board.index["g1"])


def test_flags_reset_at_each_partial_step(tmp_path: Path) -> None:
    assert constants.PARTIAL_FLAGS_RESET and constants.PARTIAL_CHAIN_IS_ONE_MOVE
    block = "((move-type m) ((verify (not-flag? f)) (set-flag f true) n (verify empty?) (add-partial m)))"
    # if flags lived across steps the chain would stop after one step
    assert moves(play(tmp_path, block, "(White (Man c3)) (Black (Man a1))")) == ["c3c4,c4c5"]


def test_a_chain_has_its_first_steps_move_type(tmp_path: Path) -> None:
    assert constants.MOVE_TYPE_OF_CHAIN == "first"
    block = """((move-type jump) (n (verify enemy?) capture n (verify empty?) (add-partial walk))
              (move-type walk) (e (verify empty?) add))"""
    extra = "(move-priorities jump walk)"
    assert moves(play(tmp_path, block, "(White (Man a2)) (Black (Man a3))", extra)) == ["a2a4,a4b4"]


def test_moves_of_one_name_are_told_apart_by_what_they_take(tmp_path: Path) -> None:
    assert constants.DISTINCT_MOVE_NAMES
    # c3-c4 takes c5 by approach or c2 by withdrawal: one name each, so divide counts both (it summed 1 of 2)
    block = """((n (verify empty?) n (verify enemy?) capture s add)
               (s (verify enemy?) capture n n (verify empty?) add)
               (e (verify empty?) add) (e (verify empty?) e (verify empty?) w add))"""
    position = play(tmp_path, block, "(White (Man c3)) (Black (Man c5 c2))")
    assert moves(position) == ["c3c4xc2", "c3c4xc5", "c3d3"]
    assert sum(divide(position, 2).values()) == perft(position, 2)
    # c3d3 reached by two blocks is one move and keeps its name; moves alike in name and captures are numbered
    block = "((n (verify empty?) add) (n (verify empty?) (create Man e) add) (n (verify empty?) (create Man w) add))"
    assert moves(play(tmp_path, block, "(White (Man c3)) (Black (Man a5))")) == ["c3c4", "c3c4~2", "c3c4~3"]


COUNT_UP = "(win-condition (White Black) (pieces-remaining 2 Man))"


def test_a_count_up_goal_is_met_at_exactly_n(tmp_path: Path) -> None:
    assert constants.COUNT_GOALS_EXACTLY
    # one Man each, goal two: not met (under "at most" it would end the game before the first move)
    assert moves(play(tmp_path, "((n add))", extra=COUNT_UP)) == ["c3c4"]
    # two Men for White: met, no moves
    assert play(tmp_path, "((n add))", "(White (Man c3) (Man a3)) (Black (Man c5))", COUNT_UP).legal_raw() == []


def test_count_goals_constant_changes_the_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(constants, "COUNT_GOALS_EXACTLY", False)
    assert play(tmp_path, "((n add))", extra=COUNT_UP).legal_raw() == []
    extra = "(win-condition (White Black) (total-piece-count 3 Man))"
    assert play(tmp_path, "((n add))", extra=extra).legal_raw() == []
    monkeypatch.setattr(constants, "COUNT_GOALS_EXACTLY", True)
    assert moves(play(tmp_path, "((n add))", extra=extra)) == ["c3c4"]


def test_a_count_down_loss_at_zero(tmp_path: Path) -> None:
    extra = "(loss-condition (White Black) (pieces-remaining 0 Man))"
    others = "(piece (name Rock) (moves (e add)))"
    assert moves(play(tmp_path, "((n add))", extra=extra, others=others)) == ["c3c4"]
    # White has no Man left: the loss is met, no moves
    setup = "(White (Rock a3)) (Black (Man c5))"
    assert play(tmp_path, "((n add))", setup, extra, others).legal_raw() == []


def _waiting(tmp_path: Path, option: str) -> list[str]:
    """White's only Man waits off the board; White loses with no Man: does the waiting Man count?"""
    pieces = "(piece (name Man) (moves (n add)) (drops ((verify (in-zone? far)) (verify empty?) add)))"
    extra = f"(loss-condition (White Black) (pieces-remaining 0 Man)) {option}"
    return moves(compile_text(tmp_path, game_text(pieces, "(White (Man off 1)) (Black (Man c5))", extra))
                 .start_position())


def test_off_board_pieces_count_only_with_the_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not constants.OFF_BOARD_PIECES_COUNTED_BY_DEFAULT
    drops = ["M@a5", "M@b5", "M@d5", "M@e5"]
    assert _waiting(tmp_path, "") == []
    assert _waiting(tmp_path, '(option "include off-pieces" false)') == []
    assert _waiting(tmp_path, '(option "include off-pieces" true)') == drops
    monkeypatch.setattr(constants, "OFF_BOARD_PIECES_COUNTED_BY_DEFAULT", True)
    assert _waiting(tmp_path, "") == drops
    assert _waiting(tmp_path, '(option "include off-pieces" false)') == []


def test_neutral_pieces(tmp_path: Path) -> None:
    assert constants.NEUTRAL_IS_NON_MOVER
    text = f"""(game (title "T") (players White Black Gray) (turn-order White Black)
      {BOARD}
      (board-setup (White (Man c3)) (Black (Man a1)) (Gray (Man c4) (Man d3)))
      (piece (name Man) (moves (n (verify neutral?) add) (e (verify enemy?) add))))"""
    assert moves(compile_text(tmp_path, text).start_position()) == ["c3c4"]


def test_drops_skip_dummy_positions(tmp_path: Path) -> None:
    assert constants.DROP_ON_DUMMY is False
    text = game_text("(piece (name Man) (drops ((verify empty?) add)))", "(White (Man off 1)) (Black (Man a1))")
    text = text.replace("(symmetry", "(dummy z0) (symmetry")
    assert len(compile_text(tmp_path, text).start_position().legal_raw()) == 24


def test_fen_castling_field_sets_attributes() -> None:
    assert constants.FEN_CASTLING_ATTRIBUTES
    chess = compile_file(corpus_file("zrflib/Chess.zrf"), "Chess")
    fen = "r3k2r/8/8/8/8/8/8/R3K2R {} - 0 1"
    assert {"e1g1", "e1c1"} <= set(moves(chess.position_from_fen(fen.format("w KQkq"))))
    only_king_side = set(moves(chess.position_from_fen(fen.format("w K"))))
    assert "e1g1" in only_king_side and "e1c1" not in only_king_side
    assert not {"e1g1", "e1c1"} & set(moves(chess.position_from_fen(fen.format("w -"))))


def test_standard_letters_for_pieces_without_notation() -> None:
    chess = compile_file(corpus_file("zrflib/Chess.zrf"), "Chess")
    assert dict(zip(chess.types, chess.notation, strict=True)) == {
        "Pawn": "P", "Knight": "N", "Bishop": "B", "Rook": "R", "Queen": "Q", "King": "K"}
    assert constants.STANDARD_LETTERS["Knight"] == "N"


def test_an_undefined_zone_holds_no_position(tmp_path: Path) -> None:
    assert constants.UNDEFINED_ZONE_IS_EMPTY
    position = play(tmp_path, "((n (verify (in-zone? nowhere)) add) (e (verify (not-in-zone? nowhere)) add))")
    assert moves(position) == ["c3d3"]
    koma = compile_file(corpus_file("dagaz-site/janggi.zrf"), "2")  # its drops test the game's setup-place
    assert perft(koma.start_position(), 1) > 0
