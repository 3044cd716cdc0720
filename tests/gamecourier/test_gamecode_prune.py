"""The guard shortcut of the GAME Code interpreter (:mod:`fairyport.gamecourier.interpreter.prune`):
the shortcut gives exactly the moves trying every candidate gives, on written presets (leapers, riders, cannons,
castling, e.p., promotion, drops) and on code built to trip it."""

from __future__ import annotations

import random

import paths
import pytest

from fairyport.gamecourier.interpreter.game import GameCourierGame, load_preset, load_text
from fairyport.gamecourier.interpreter.prune import dies_off_list, dies_off_reach, plain_move_dies

WRITTEN = paths.FIXTURES / "games"
DROPS = paths.FIXTURES / "gamecourier" / "drops"


def preset(pregame: str, post: str, *, code: str = "4k/5/5/5/R3K", cols: int = 5, pre: str = "") -> str:
    extra = f"$default['postauto1'] = <<<'NOW'\n{post}\nNOW;\n"
    if pre:
        extra += f"$default['preauto1'] = <<<'NOW'\n{pre}\nNOW;\n"
    return (f"<?php\n$default['code'] = '{code}';\n$default['cols'] = {cols};\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n{extra}?>\n")


def _both(text: str) -> tuple[GameCourierGame, GameCourierGame]:
    fast, slow = load_text(text, "t.php"), load_text(text, "t.php")
    slow.shortcuts = False
    return fast, slow


def _moves(game: GameCourierGame, fen: str | None = None) -> list[str]:
    return [m.uci() for m in game.position(fen).legal_raw()]


@pytest.mark.parametrize(("path", "plies"), [
    (WRITTEN / "chess.php", 2), (WRITTEN / "minixiangqi.php", 3),
    pytest.param(WRITTEN / "chess.php", 12, marks=pytest.mark.slow),
    pytest.param(WRITTEN / "mirchess36.php", 8, marks=pytest.mark.slow),
    pytest.param(DROPS / "minishogi.php", 12, marks=pytest.mark.slow)],
    ids=["chess", "minixiangqi", "chess-long", "mirchess36", "minishogi"])
def test_written_presets_give_the_moves_of_trying_everything(path: object, plies: int) -> None:
    fast = load_preset(path)  # type: ignore[arg-type]
    slow = load_preset(path)  # type: ignore[arg-type]
    slow.shortcuts = False
    rng = random.Random(18)
    pos, mirror = fast.position(), slow.position()
    for _ in range(plies):
        moves = pos.legal_raw()
        assert [m.uci() for m in moves] == [m.uci() for m in mirror.legal_raw()], pos.fen()
        if not moves:
            break
        keen = [m for m in moves if m.promotion or pos.state.board[m.dest] != "@"] or moves
        choice = rng.choice(keen if rng.random() < 0.5 else moves).uci()
        for p in (pos, mirror):
            p.push_raw(next(m for m in p.legal_raw() if m.uci() == choice))


def test_promotions_and_ep_on_a_written_preset() -> None:
    fast = load_preset(WRITTEN / "chess.php")
    slow = load_preset(WRITTEN / "chess.php")
    slow.shortcuts = False
    for fen in ("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1", "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R b KQkq - 0 1"):
        assert _moves(fast, fen) == _moves(slow, fen)


def test_the_proof_holds_only_where_the_code_dies_first() -> None:
    guard = "if not fn moved origin dest:\n  die no;\nendif;"
    pieces = "def R checkride #0 #1 1 0; def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;"
    proven = load_text(preset(pieces, guard), "t.php")
    state = proven.start()
    assert dies_off_reach(proven.interpreter, proven.trees["postauto1"], state, "a1").proven
    # a statement with an effect before the guard, a guard that does not die, an unknown operator: no proof
    for post in ("gosub x;\n" + guard + "\nsub x:\nendsub;", "if not fn moved origin dest:\n  say no;\nendif;",
                 "set y frobnicate;\n" + guard):
        game = load_text(preset(pieces, post), "t.php")
        assert not dies_off_reach(game.interpreter, game.trees["postauto1"], game.start(), "a1").proven, post


def test_a_proof_is_not_reused_when_what_it_read_changes() -> None:
    # when 'lenient' is set, every candidate is legal (the guard does not run)
    post = "if #lenient:\n  set x 1;\nelse:\n  if not fn moved origin dest:\n    die no;\n  endif;\nendif;"
    fast, slow = _both(preset("def R checkride #0 #1 1 0; def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;", post))
    found = []
    for lenient in (False, True, False):
        states = []
        for game in (fast, slow):
            state = game.start()
            state.vars["lenient"] = lenient
            states.append([m.uci() for m in game.legal_moves(state)])
        assert states[0] == states[1]
        found.append(len(states[0]))
    assert found == [11, 48, 11]  # R 4 + 4 (e1 too: own captures are candidates), K 3; else every other square


def test_castling_and_cannons_are_within_reach() -> None:
    pieces = ("def C checkride #0 #1 1 0 or checkhop #0 #1 1 0; "
              "def K checkleap #0 #1 1 0 or (flag #0 and == #1 where #0 -2 0 and empty where #0 -1 0);")
    post = "if not fn moved origin dest:\n  die no;\nendif;"
    fast, slow = _both(preset(pieces + " setflag e1;", post, code="4k/5/p4/5/C1p1K"))
    moves = _moves(fast)
    assert moves == _moves(slow)
    assert {"e1c1", "a1a5", "a1d1", "a1c1", "a1a3"} <= set(moves) and "a1b2" not in moves


def test_moves_onto_own_pieces_die_in_the_written_prologue() -> None:
    game = load_preset(WRITTEN / "chess.php")
    tree, it = game.trees["postauto1"], game.interpreter
    start = game.start()
    assert plain_move_dies(it, tree, start, "a1", "a2").proven  # the Rook onto its own Pawn
    assert plain_move_dies(it, tree, start, "b1", "d2").proven  # out of reach too: the prologue dies either way
    capture = game.position("4k3/8/8/8/8/8/p7/R3K3 w").state
    assert not plain_move_dies(it, tree, capture, "a1", "a2").proven
    assert not plain_move_dies(it, tree, start, "a2", "a3").proven  # an empty square: the mover's function decides
    drops = load_preset(DROPS / "minishogi.php")
    stored = drops.start()
    below = next(sq for sq in sorted(drops.storage) if stored.board[sq] == "@")
    assert plain_move_dies(drops.interpreter, drops.trees["postauto1"], stored, "e1", below).proven  # off the board
    assert not plain_move_dies(drops.interpreter, drops.trees["postauto1"], stored, "e1", "e2").proven


def test_a_move_onto_an_own_piece_is_tried_where_the_code_allows_it() -> None:
    # own captures die only while 'strict' is set; the proof read it and is made again when it changes
    post = "if not fn moved origin dest:\n  die no;\nendif;\nif #strict and isupper old:\n  die own;\nendif;"
    fast, slow = _both(preset("def R checkride #0 #1 1 0; def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;", post))
    found = []
    for strict in (True, False, True):
        states = []
        for game in (fast, slow):
            state = game.start()
            state.vars["strict"] = strict
            states.append([m.uci() for m in game.legal_moves(state)])
        assert states[0] == states[1]
        found.append(states[0])
    assert "a1e1" not in found[0] and "a1e1" in found[1] and found[2] == found[0]


LISTED = """sub turn side:
  my key;
  set key join origin join "-" dest;
  if not elem #key #pairs:
    die moved may not go from origin to dest.;
  endif;
endsub;"""


def test_destinations_outside_a_list_the_code_looks_up_are_not_tried() -> None:
    # Pre-Move lists the moves (as a translated ZRF program's does); Post-Move calls a subroutine that dies for a
    # pair not listed: only the listed destinations are tried, and the moves are those of trying everything
    pre = 'set pairs array;\nsetelem pairs "a1-a3" true;\nsetelem pairs "a1-c1" true;\nsetelem pairs "e1-e2" 0;'
    fast, slow = _both(preset(LISTED, "gosub turn 1;", pre=pre))
    state = fast.start()
    base = state.copy()
    fast.interpreter.run(fast.blocks["preauto1"], base)
    proof = dies_off_list(fast.interpreter, fast.trees["postauto1"], base, "a1", "postauto1", fast.sub_trees)
    assert proof.proven and proof.allowed == frozenset({"a3", "c1"})
    assert dies_off_list(fast.interpreter, fast.trees["postauto1"], base, "e1", "postauto1",
                         fast.sub_trees).allowed == frozenset({"e2"})
    moves = _moves(fast)
    assert moves == _moves(slow) and set(moves) == {"a1a3", "a1c1"}  # e1-e2 is listed, but with a false value


@pytest.mark.parametrize("post", [
    "gosub turn 1;\nset x 1;",  # (the subroutine dies; what follows is not reached)
    "set pairs array;\ngosub turn 1;",  # the list changed before the look-up: nothing listed
    "if #lenient:\n  set x 1;\nelse:\n  gosub turn 1;\nendif;",  # the call not reached: nothing proven
    "gosub turn (origin);",  # an operand that is an expression: not followed
])
def test_a_listed_destination_proof_follows_only_what_it_can(post: str) -> None:
    pre = 'set pairs array;\nsetelem pairs "a1-a3" true;'
    fast, slow = _both(preset(LISTED + "\nsub other:\nendsub;", post, pre=pre))
    for lenient in (False, True):
        states = []
        for game in (fast, slow):
            state = game.start()
            state.vars["lenient"] = lenient
            states.append([m.uci() for m in game.legal_moves(state)])
        assert states[0] == states[1], post


def test_a_listed_destination_proof_gives_up_where_the_run_may_differ() -> None:
    base_pre = 'set pairs array;\nsetelem pairs "a1-a3" true;'
    for sub in (LISTED.replace("my key;", "my key;\n  local pairs;"),  # 'local': not followed
                LISTED.replace("if not elem", "return;\n  if not elem"),  # a return: the caller's rest would run
                LISTED.replace('join origin join "-" dest', "join old dest"),  # a part of the key unknown
                LISTED.replace("#pairs", "#nolist")):  # no array: nothing to list
        game = load_text(preset(sub, "gosub turn 1;", pre=base_pre), "t.php")
        base = game.start()
        game.interpreter.run(game.blocks["preauto1"], base)
        proof = dies_off_list(game.interpreter, game.trees["postauto1"], base, "a1", "postauto1", game.sub_trees)
        assert not proof.proven, sub
