"""ZRF games translated into GAME Code (the program route of ``convert --to gamecourier``), proven by two
interpreters: the written preset's perft by the GAME Code interpreter equals the ZRF interpreter's on the source,
divides are equal at the root, and seeded playouts list the same moves at every ply."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from fairyport.errors import UnsupportedError
from fairyport.gamecourier.program.write import write_program
from fairyport.zrf.lower import lower_file
from tests.helpers.paths import CORPUS, SUBSET, ZRF_COLLECTIONS, needs
from tests.helpers.translated import translate

GRID4 = """(board (image "x.bmp")
    (grid (start-rectangle 0 0 50 50)
      (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw))
    %s)"""

TINY_CHESS = """
(define slide ($1 (while empty? add $1) (verify not-friend?) add))
(define step ($1 (verify not-friend?) add))
(game (title "Tiny chess") (players White Black) (turn-order White Black)
  %s
  (piece (name Pawn) (moves
     (n (verify empty?) (if (in-zone? last-rank) (add Rook Knight) else add))
     (ne (verify enemy?) (if (in-zone? last-rank) (add Rook Knight) else add))
     (nw (verify enemy?) (if (in-zone? last-rank) (add Rook Knight) else add))))
  (piece (name Knight) (moves (n n e (verify not-friend?) add) (n n w (verify not-friend?) add)
     (e e n (verify not-friend?) add) (w w s (verify not-friend?) add)))
  (piece (name Rook) (moves (slide n) (slide e) (slide s) (slide w)))
  (piece (name King) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
  (board-setup (White (King a1) (Rook d1) (Pawn b2))
               (Black (King d4) (Rook a4) (Pawn c3)))
  (loss-condition (White Black) (checkmated King)))
""" % (GRID4 % "(zone (name last-rank) (players White) (positions a4 b4 c4 d4)) "
               "(zone (name last-rank) (players Black) (positions a1 b1 c1 d1))")

JUMPERS = """
(define hop ($1 (verify enemy?) capture $1 (verify empty?) (if (in-zone? far) (add Queen) else add)))
(define walk ($1 (verify empty?) (if (in-zone? far) (add Queen) else add)))
(game (title "Jumpers") (players White Black) (turn-order White Black)
  %s
  (piece (name Man) (moves (walk n) (walk ne) (walk nw) (hop n) (hop ne) (hop nw)))
  (piece (name Queen) (moves (walk n) (walk s) (walk e) (walk w) (hop n) (hop s) (hop e) (hop w)))
  (board-setup (White (Man a1 b1 c1 d2)) (Black (Man a4 b3 c4 d4)))
  (loss-condition (White Black) (pieces-remaining 0))
  (loss-condition (White Black) stalemated))
""" % (GRID4 % "(zone (name far) (players White) (positions a4 b4 c4 d4)) "
               "(zone (name far) (players Black) (positions a1 b1 c1 d1)) (kill-positions a3)")

SWAPPERS = """
(game (title "Swappers") (players White Black) (turn-order White Black)
  %s
  (piece (name General) (moves
     (n (verify friend?) cascade back add)
     (mark e (while empty? e) (verify enemy?) (set-flag far (not-marked? w)) back (if (flag? far) e else n)
        (verify empty?) add)
     (e (verify not-friend?) (if enemy? (change-type Soldier) add else add))))
  (piece (name Soldier) (attribute fresh? true) (moves (n (verify not-friend?) (set-attribute fresh? false) add)
     ((verify fresh?) n (verify empty?) n (verify empty?) (set-attribute fresh? false) add)
     (s (verify empty?) flip add) (w (verify empty?) (verify adjacent-to-enemy?) add)))
  (board-setup (White (General a1) (Soldier a2 c1)) (Black (General d4) (Soldier d3 b4)))
  (win-condition (White Black) (captured General))
  (draw-condition (White Black) (total-piece-count 2)))
""" % (GRID4 % "")

HOPPERS = """
(define hop ($1 (verify enemy?) capture $1 (verify empty?) add))
(game (title "Hoppers") (players White Black) (turn-order (Black play) (White play))
  (move-priorities jumping play)
  %s
  (piece (name Hopper) (moves
     (move-type jumping) (hop n) (hop e) (hop w)
     (move-type play) (n (verify empty?) add) (ring (verify empty?) add)
     (move-type never) (s (verify empty?) add)))
  (piece (name Spawner) (moves
     (move-type play) (e (verify empty?) (verify (not (empty? x0))) (create Hopper w) add)
     (w (verify empty?) (verify (not goal-position?)) (create Black Hopper e) add)))
  (board-setup (White (Hopper a1 c1 x0) (Spawner b2)) (Black (Hopper b4 d4) (Spawner c3)))
  (loss-condition (White Black) (pieces-remaining 0 Hopper))
  (win-condition (White Black) (absolute-config Spawner (a2 a3))))
""" % (GRID4 % "(links ring (a1 b1) (b1 c1) (c1 d1) (d1 d2) (d2 d3) (d3 d4) (d4 c4) (c4 b4) (b4 a4) (a4 a3) (a3 a2)"
               " (a2 a1)) (dummy x0)")

GRID5 = GRID4.replace('"a/b/c/d"', '"a/b/c/d/e"').replace('"4/3/2/1"', '"5/4/3/2/1"')

CHAINS = """
(define jump ($1 (verify enemy?) capture $1 (verify empty?) (add-partial jumping)))
(define shift ($1 (verify empty?) add))
(game (title "Chains") (players White Black) (turn-order White Black)
  (move-priorities jumping shifting)
  %s
  (piece (name Man) (moves (move-type jumping) (jump n) (jump e) (jump w)
                           (move-type shifting) (shift n) (shift ne) (shift nw)))
  (board-setup (White (Man a1 b1 c1 e1)) (Black (Man c2 c4 b3 a5 e5)))
  (loss-condition (White Black) (pieces-remaining 0))
  (loss-condition (White Black) stalemated))
""".replace("%s", GRID5)

DROPPERS = """
(define step ($1 (verify not-friend?) add))
(game (title "Droppers") (players White Black) (turn-order White Black)
  %s
  (piece (name King) (moves (step n) (step e) (step s) (step w)))
  (piece (name Stone) (moves (step n))
     (drops ((verify empty?) (verify (not-in-zone? back)) add)))
  (board-setup (White (King a1) (Stone off 2)) (Black (King d4) (Stone off 1 c4)))
  (loss-condition (White Black) (checkmated King)))
""" % (GRID4 % "(zone (name back) (players White) (positions a4 b4 c4 d4)) "
               "(zone (name back) (players Black) (positions a1 b1 c1 d1))")

KICKERS = """
(define slide ($1 (while empty? add $1)))
(define reach ($1 (verify (piece? Ball)) (add-partial kicking)))
(define kick ((create Kicker) $1 (verify empty?) (add Ball)))
(define kick2 ((create Kicker) $1 (verify empty?) $1 (verify empty?) (add Ball)))
(game (title "Kickers") (players White Black) (turn-order White Black)
  %s
  (piece (name Ball))
  (piece (name Kicker) (moves
     (move-type sliding) (slide n) (slide e) (slide s) (slide w) (slide ne) (slide nw) (slide se) (slide sw)
     (move-type reaching) (reach n) (reach e) (reach s) (reach w) (reach ne) (reach nw) (reach se) (reach sw)
     (move-type kicking) (kick n) (kick e) (kick s) (kick w) (kick ne) (kick nw) (kick se) (kick sw)
     (kick2 n) (kick2 e) (kick2 s) (kick2 w)))
  (board-setup (White (Kicker b2 d2) (Ball c3)) (Black (Kicker b4 e5)))
  (loss-condition (White Black) stalemated))
""".replace("%s", GRID5 % "")
"""A kick is a step onto the ball and the ball's flight: a kicker sliding to a square and a kick that sends the ball
there are two moves with the same origin and destination and different effects, and a kick back over the
kicker's own square ends on its origin (moves a Game Courier move names only with a selector label)."""

CROSS = """
(define step ($1 (verify not-friend?) add))
(game (title "Cross") (players White Black) (turn-order White Black)
  (board (image "x.bmp")
    (positions (top 50 0 70 20) (west 0 51 20 71) (mid 50 50 70 70) (east 101 50 121 70) (low 50 100 70 120)
               (far 150 100 170 120))
    (links n (mid top) (low mid) (far east)) (links s (top mid) (mid low) (east far))
    (links e (west mid) (mid east) (low far)) (links w (east mid) (mid west) (far low)))
  (piece (name Stone) (moves (step n) (step e) (step s) (step w)))
  (board-setup (White (Stone west low)) (Black (Stone top far)))
  (loss-condition (White Black) (pieces-remaining 0))
  (loss-condition (White Black) stalemated))
"""
"""A board of positions only (no grid): laid out on cells from the positions' screen rectangles."""

WIZARDS = """
(define step ($1 (verify not-friend?) add))
(game (title "Wizards") (players White Black) (turn-order White Black)
  (board (image "x.bmp")
    (grid (start-rectangle 50 50 100 100)
      (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1) (void 0 9)))
    (positions (w1 0 251 50 301) (w2 250 0 300 50) (tray 400 400 437 437))
    (links ne (w1 a1) (d4 w2)) (links sw (a1 w1) (w2 d4))
    (symmetry Black (n s) (s n) (ne sw) (sw ne) (nw se) (se nw)))
  (piece (name King) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
  (piece (name Wizard) (moves (step ne) (step sw) (ne ne (verify not-friend?) add)
     (n (verify enemy?) mark a1 void (while not-empty? void) back add)))
  (board-setup (White (King b1) (Wizard w1 c1)) (Black (King c4) (Wizard w2 b4 tray)))
  (loss-condition (White Black) (checkmated King)))
"""
"""Omega Chess's wizard squares: positions drawn beside a grid, at its pitch, are squares of the board (a tray
drawn at another size stays off it); ``void`` links no square, so a step along it ends the move."""

TWINS = (TINY_CHESS.replace("(turn-order White Black)", "(turn-order (White main) (Black main))")
         .replace("(moves (slide n) (slide e) (slide s) (slide w))",
                  "(moves (move-type main) (slide n) (slide e) (slide s) (slide w)"
                  " (move-type spare) (slide n) (slide e) (step ne))")
         .replace("(piece (name Pawn) (moves", "(piece (name Pawn) (moves (move-type main)")
         .replace("(piece (name Knight) (moves", "(piece (name Knight) (moves (move-type main)")
         .replace("(piece (name King) (moves", "(piece (name King) (moves (move-type main)")
         .replace('(title "Tiny chess")', '(title "Twins")'))
"""The rook's blocks of move type ``spare`` are never moves of a turn (the turn order allows ``main``), but the
unique one (a step) attacks; the copies of ``main`` blocks run once in an attack test."""

HALVES = """
(define step ($1 (verify not-friend?) add))
(game (title "Halves") (players White Black) (turn-order White Black)
  (board (image "x.bmp")
    (grid (start-rectangle 0 0 50 50) (dimensions ("a/b" (100 0)) ("2/1" (0 100)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
    (positions (mid 50 50 100 100))
    (links ne (a1 mid) (mid b2)) (links sw (mid a1) (b2 mid))
    (links nw (b1 mid) (mid a2)) (links se (mid b1) (a2 mid))
    (symmetry Black (n s) (s n) (ne sw) (sw ne) (nw se) (se nw)))
  (piece (name Stone) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
  (board-setup (White (Stone a1)) (Black (Stone b2)))
  (loss-condition (White Black) (pieces-remaining 0))
  (loss-condition (White Black) stalemated))
"""
"""A grid holding every other cell and a position between, linked (Hexagonal Kyoto Shogi's half-offset cells): the
board is laid out from the drawing of all its positions."""

TYPED = (TINY_CHESS.replace("(moves (slide n) (slide e) (slide s) (slide w))",
                            "(moves (move-type sliding) (slide n) (slide e) (slide s) (slide w)"
                            " (move-type stepping) (step ne) (step nw) (step se) (step sw))")
         .replace("(piece (name King) (moves (step n)",
                  "(piece (name King) (moves (n (verify not-friend?) (verify (not (attacked? sliding n))) add)")
         .replace("(White (King a1) (Rook d1) (Pawn b2))\n               (Black (King d4) (Rook a4) (Pawn c3))",
                  "(White (King b1) (Rook d1) (Pawn a2)) (Black (King d4) (Rook c4) (Pawn c3))")
         .replace('(title "Tiny chess")', '(title "Typed")'))
"""The king steps north only where no enemy slide (not a rook's diagonal step) would reach the square beyond it: an
attack test of one move type (perft(2) 23; 22 were every move type to count)."""

PASSING = (TINY_CHESS.replace("(turn-order White Black)", '(turn-order White Black) (option "pass turn" true)'),
           CHAINS.replace("(turn-order White Black)", '(turn-order White Black) (option "pass turn" forced)'))
"""A player may pass (written as dropping a pass token, see :data:`~fairyport.gamecourier.program.write.PASS_TOKEN`):
always, or only when there is no other move."""

PULLERS = """
(define approach ($1 (verify empty?) $1 (verify enemy?) capture $2 (add-partial catching)))
(define withdraw ($1 (verify enemy?) capture $2 $2 (verify empty?) (add-partial catching)))
(define step ($1 (verify empty?) add))
(game (title "Pullers") (players White Black) (turn-order White Black)
  (option "pass partial" true)
  (move-priorities catching stepping)
  %s
  (piece (name Stone) (moves
     (move-type catching)
     (approach n s) (approach s n) (approach e w) (approach w e)
     (approach ne sw) (approach sw ne) (approach nw se) (approach se nw)
     (withdraw n s) (withdraw s n) (withdraw e w) (withdraw w e)
     (withdraw ne sw) (withdraw sw ne) (withdraw nw se) (withdraw se nw)
     (move-type stepping)
     (step n) (step s) (step e) (step w) (step ne) (step sw) (step nw) (step se)))
  (board-setup (White (Stone a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 b3 e3))
               (Black (Stone a5 b5 c5 d5 e5 a4 b4 c4 d4 e4 a3 d3)))
  (loss-condition (White Black) stalemated))
""".replace("%s", GRID5)
"""Approach and withdrawal captures chained by ``add-partial`` that may stop after any step (Fanorona's rules as
its Dagaz file writes them): b3-c3 captures d3 by approach or a3 by withdrawal (two moves of one name for the ZRF
interpreter's divide, ``b3c3xd3`` and ``b3c3xa3``), and after one move a stone has more chains than the board has
squares (the preset names them with the selector labels of
:data:`~fairyport.gamecourier.program.write.CHAIN_SELECTORS`). perft(2) 408; 46 before the selectors."""

SHOOTERS = """
(define glide ($1 (while empty? (add-partial shooting) $1)))
(define shoot ((create Queen) $1 (while empty? (add Arrow) $1)))
(game (title "Shooters") (players White Black) (turn-order White Black)
  (move-priorities gliding)
  %s
  (piece (name Queen) (moves
     (move-type gliding) (glide n) (glide s) (glide e) (glide w) (glide ne) (glide sw) (glide nw) (glide se)
     (move-type shooting) (shoot n) (shoot s) (shoot e) (shoot w) (shoot ne) (shoot sw) (shoot nw) (shoot se)))
  (piece (name Arrow))
  (board-setup (White (Queen a1)) (Black (Queen d4) (Arrow b3)))
  (loss-condition (White Black) stalemated))
""" % (GRID4 % "")
"""A queen glides, then shoots an arrow from where it landed (Amazons as its Dagaz file writes it: the piece goes on
as the arrow and a queen is created behind it): 56 moves from a1 on 16 squares, more than a Game Courier move
names with the plain move and the arrow's label on 15 destinations, 30 (the preset died, perft(2) 0; now 2516)."""

_ORDER = [f"{f}{r}" for r in "4321" for f in "abcd"]
GUARDED = (TINY_CHESS.replace('(title "Tiny chess")', '(title "Guarded")')
           .replace("(define step", """(define king-walk mark a4
  (while (on-board? next) (if (and friend? (piece? King)) (verify attacked?)) next)
  (if (and friend? (piece? King)) (verify attacked?)) back)
(define evade ((king-walk) $1 (verify empty?) add))
(define step""")
           .replace("(piece (name Rook) (moves (slide n) (slide e) (slide s) (slide w)))",
                    "(piece (name Rook) (moves (slide n) (slide e) (slide s) (slide w)"
                    " (evade ne) (evade nw) (evade se) (evade sw)))")
           .replace("(symmetry Black", "(links next " + " ".join(f"({a} {b})" for a, b in itertools.pairwise(_ORDER))
                    + ") (symmetry Black")
           .replace("(White (King a1) (Rook d1) (Pawn b2))\n               (Black (King d4) (Rook a4) (Pawn c3))",
                    "(White (King b1) (Rook a1 d1)) (Black (King c4) (Rook a4 d4))"))
"""Rooks that may also step diagonally onto an empty square while their own king is attacked, found by walking the
board to the king (``Chess_mandatory.zrf``'s ``king-attacked``): attack tests skip those blocks, which can never
take (:data:`~fairyport.gamecourier.program.write.QUIET_BLOCKS_SKIPPED`), and ask each question once
(:data:`~fairyport.gamecourier.program.write.ATTACK_MEMO`), and run a piece's blocks only where they may reach the
tested square (:data:`~fairyport.gamecourier.program.write.REACH_FILTER`). perft(3) 556; the Pre-Move run of the
start position took 27,082 GAME Code steps, now 481."""

GAMES = {"cross": CROSS, "wizards": WIZARDS, "twins": TWINS, "halves": HALVES, "typed": TYPED, "droppers": DROPPERS,
         "kickers": KICKERS,
         "passing": PASSING[0], "passing when stuck": PASSING[1], "chains": CHAINS, "tiny chess": TINY_CHESS,
         "jumpers": JUMPERS, "swappers": SWAPPERS, "hoppers": HOPPERS, "pullers": PULLERS, "shooters": SHOOTERS,
         "guarded": GUARDED}


@pytest.fixture(params=sorted(GAMES))
def game_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    name: str = request.param
    path = tmp_path / (name.replace(" ", "_") + ".zrf")
    path.write_text(GAMES[name], encoding="utf-8")
    return path


def test_perft_and_divide_agree(game_file: Path) -> None:
    translated = translate(game_file)
    zrf, gc = translated.perfts(2)
    assert zrf > 0
    assert gc == zrf
    zrf_divide, gc_divide = translated.divides(2)
    assert gc_divide == zrf_divide


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_playouts_list_the_same_moves(game_file: Path, seed: int) -> None:
    translated = translate(game_file)
    assert translated.playout(seed, 12) > 0


def test_the_preset_reads_as_gamecode_a_preset_author_recognises(tmp_path: Path) -> None:
    path = tmp_path / "tiny.zrf"
    path.write_text(TINY_CHESS, encoding="utf-8")
    text = write_program(lower_file(path)).text
    assert "sub Rook_1_White start:" in text  # one sub per move block and side
    assert "set at where #at 0 1;" in text  # a step north
    assert "if isupper space #at:" in text and "do while empty #at:" in text  # (verify not-friend?), a while
    assert "sub attacked sq side lab mtype:" in text and "gosub generate 1;" in text and "gosub turn 1;" in text
    assert "setsystem maxmove 2;" in text  # promotion choices are sub-moves


def test_dummy_positions_become_a_storage_rank(tmp_path: Path) -> None:
    path = tmp_path / "hoppers.zrf"
    path.write_text(HOPPERS, encoding="utf-8")
    written = write_program(lower_file(path))
    assert written.squares["x0"] == "a!1"  # past a rank of holes: "$default['ranks'] = '1 2 3 4 !0 !1'"
    assert "'1 2 3 4 !0 !1'" in written.text


def test_moves_with_the_same_origin_and_destination_get_distinct_names(tmp_path: Path) -> None:
    path = tmp_path / "kickers.zrf"
    path.write_text(KICKERS, encoding="utf-8")
    translated = translate(path)
    moves = translated.gc.position().legal_raw()
    names = [move.uci() for move in moves]  # a move's name: an str() fallback would make every name distinct
    assert len(names) == len(set(names))
    plain = {(m.origin, m.dest) for m in moves if m.promotion is None}
    selected = [m for m in moves if m.promotion is not None]
    assert any((m.origin, m.dest) in plain for m in selected)  # a slide and a kick to one square: b2 to a3
    back = [m for m in moves if m.after.board[m.origin] == "B"]  # the ball kicked back to the kicker's square
    assert {(m.origin, m.dest) for m in back} == {("b2", "c3"), ("d2", "c3")}  # named by the other square changed
    assert translated.perfts(1) == (len(moves), len(moves))


def test_refusals_name_the_construct(tmp_path: Path) -> None:
    path = tmp_path / "three.zrf"
    path.write_text(TINY_CHESS.replace("(players White Black)", "(players White Black Grey)"), encoding="utf-8")
    with pytest.raises(UnsupportedError) as caught:
        write_program(lower_file(path))
    assert caught.value.feature == "a game of 3 players (Game Courier presets enforce two sides)"


def test_a_translation_past_the_preset_size_bound_is_refused_by_name(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from fairyport.gamecourier.program import write as program_write

    path = tmp_path / "tiny.zrf"
    path.write_text(TINY_CHESS, encoding="utf-8")
    size = len(write_program(lower_file(path)).text.encode())
    monkeypatch.setattr(program_write, "MAX_PRESET_BYTES", size // 4)  # the subs alone pass a quarter of it
    with pytest.raises(UnsupportedError) as caught:
        write_program(lower_file(path))
    assert caught.value.feature == "a translation larger than the preset size bound"
    assert "move and drop blocks" in caught.value.reason and "MiB" in caught.value.reason
    monkeypatch.setattr(program_write, "MAX_PRESET_BYTES", size)
    assert write_program(lower_file(path)).text  # at the bound: written


def test_a_board_without_a_grid_is_laid_out_from_its_drawing(tmp_path: Path) -> None:
    path = tmp_path / "cross.zrf"
    path.write_text(CROSS, encoding="utf-8")
    written = write_program(lower_file(path))
    # centres 10 (west), 60 (top, mid, low), 111 (east), 160 (far); rows 10, 60/61, 110 (west's 61 is within 2 px)
    assert written.squares == {"top": "b3", "west": "a2", "mid": "b2", "east": "c2", "low": "b1", "far": "d1"}


def test_positions_drawn_beside_the_grid_at_its_pitch_are_squares(tmp_path: Path) -> None:
    path = tmp_path / "wizards.zrf"
    path.write_text(WIZARDS, encoding="utf-8")
    written = write_program(lower_file(path))
    # w1 is drawn one cell below and left of a1 (1 px off), w2 one cell above and right of d4: a 6x6 board
    assert {written.squares[q] for q in ("w1", "a1", "d4", "w2")} == {"a1", "b2", "e5", "f6"}
    assert written.squares["tray"].startswith("a!")  # another size: off the board, a storage square
    assert "void" not in written.text and "set at false;" not in written.text  # the step along it: return


def test_an_attack_test_runs_a_block_copied_under_another_move_type_once(tmp_path: Path) -> None:
    path = tmp_path / "twins.zrf"
    path.write_text(TWINS, encoding="utf-8")
    text = write_program(lower_file(path)).text
    dispatch = text[text.index("sub moves sq:"):text.index("sub moves_typed")]
    assert "gosub Rook_5_White" not in dispatch and "gosub Rook_6_White" not in dispatch  # spare copies: never run
    assert "if == #mode \"attack\":\n      gosub Rook_7_White #sq;" in dispatch  # the spare step: attacks only


def test_a_linked_position_off_the_grid_is_laid_out_with_the_grid_or_refused(tmp_path: Path) -> None:
    path = tmp_path / "halves.zrf"
    path.write_text(HALVES, encoding="utf-8")
    written = write_program(lower_file(path))
    assert written.squares == {"a2": "a3", "mid": "b2", "b2": "c3", "a1": "a1", "b1": "c1"}
    path.write_text(HALVES.replace("(mid 50 50 100 100)", "(mid 0 0 50 50)"), encoding="utf-8")  # on a2's cell
    with pytest.raises(UnsupportedError) as caught:
        write_program(lower_file(path))
    assert caught.value.feature == ("a board whose positions do not all lie on one two-dimensional grid "
                                    "(positions beside the grid that directions link)")


def test_a_player_moving_twice_in_a_row_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "double.zrf"
    path.write_text(TINY_CHESS.replace("(turn-order White Black)", "(turn-order White Black Black White)"),
                    encoding="utf-8")
    with pytest.raises(UnsupportedError) as caught:
        write_program(lower_file(path))
    assert caught.value.feature is not None and caught.value.feature.startswith(
        "a turn order in which a player moves twice in a row")


def test_a_pass_is_a_token_dropped_on_the_first_square(tmp_path: Path) -> None:
    path = tmp_path / "passing.zrf"
    path.write_text(PASSING[0], encoding="utf-8")
    translated = translate(path)
    names = {translated.gc.position().uci(move) for move in translated.gc.position().legal_raw()}
    assert "PASS@a4" in names and translated.written.passes == ["a!1", "b!1"]  # a4: the first position


def test_convert_takes_the_program_route_when_the_model_cannot_hold_the_game(tmp_path: Path) -> None:
    from fairyport import api
    from fairyport.gamecourier.interpreter.game import load_text
    from fairyport.movegen.perft import perft

    path = tmp_path / "hoppers.zrf"
    path.write_text(HOPPERS, encoding="utf-8")
    game = api.read(path)
    assert game.kept and game.program is None  # a link-table direction and turn move types: kept as code ...
    assert game.whole_program() is not None  # ... and the program built on first use
    conversion = api.convert(path, "gamecourier")
    assert "sub Hopper_1_Black start:" in conversion.text
    assert perft(load_text(conversion.text).position(), 2) == translate(path).perfts(2)[0]
    assert '"program":' not in api.write(game, "json").text  # derived from the source, never saved


ZOG = CORPUS / "zrf" / "zog"


@pytest.mark.parametrize("path", [
    pytest.param(CORPUS / "zrf" / "boarders" / "TicTacToe.zrf", marks=needs(CORPUS / "zrf" / "boarders")),
    pytest.param(ZOG / "Gonu.zrf", marks=needs(ZOG / "Gonu.zrf")),  # position flags, nested and/or
    pytest.param(ZOG / "CheckersCollection.zrf", marks=[needs(ZOG / "CheckersCollection.zrf"), pytest.mark.slow]),
    # our own subset (run without the shared corpus): a game read whole, and one whose goal is kept as ZRF code
    pytest.param(SUBSET / "corpus" / "zrf" / "own" / "five-by-five.zrf", id="subset-five-by-five"),
    pytest.param(SUBSET / "corpus" / "zrf" / "own" / "race-six.zrf", id="subset-race-six"),
], ids=lambda p: p.stem)
def test_corpus_games_agree(path: Path) -> None:
    translated = translate(path)
    zrf, gc = translated.perfts(2)
    assert zrf > 0 and gc == zrf
    zrf_divide, gc_divide = translated.divides(2)
    assert gc_divide == zrf_divide
    assert translated.playout(7, 6) > 0


CHESSBALL = ZRF_COLLECTIONS / "GlukKazan+ZoG" / "Rules" / "chessball.zrf"


@pytest.mark.parametrize(("path", "variant", "expected"), [
    # a kick chain and a slide to one square, kicks back to the origin: 18 moves where the plain names give 9
    pytest.param(CHESSBALL, None, 362, marks=needs(CHESSBALL)),
    # Knight Hunting: passing allowed (pass-turn true)
    pytest.param(CORPUS / "zrf" / "zrflib" / "Chess.zrf", "16", 153, marks=needs(CORPUS / "zrf" / "zrflib")),
], ids=["Chessball", "Knight Hunting"])
def test_corpus_games_that_need_selectors_or_passes_agree(path: Path, variant: str | None, expected: int) -> None:
    translated = translate(path, variant)
    assert translated.perfts(2) == (expected, expected)
    zrf_divide, gc_divide = translated.divides(2)
    assert gc_divide == zrf_divide
    assert translated.playout(3, 8) > 0


def test_a_file_of_holes_only_gets_a_label_of_its_own() -> None:
    from fairyport.gamecourier.program.write import _board
    from fairyport.program import game as pg

    # names that split into file and rank labels (x1 y1, x2 y2), but the middle file (cells (1, r)) has no position
    board = pg.BoardProgram(tuple(pg.Position(n, c) for n, c in (("x1", (0, 0)), ("x2", (0, 1)), ("y1", (2, 0)),
                                                                 ("y2", (2, 1)))), {}, {}, {})
    files, _, squares, _ = _board(board)
    assert all(files) and len(set(files)) == 3 and len(set(squares.values())) == 4  # Bizingo: '' was a file


def test_attack_tests_skip_blocks_and_pieces_that_cannot_take_and_ask_once(tmp_path: Path) -> None:
    path = tmp_path / "guarded.zrf"
    path.write_text(GUARDED, encoding="utf-8")
    translated = translate(path)
    position = translated.gc.position()
    premove = translated.gc._block("premove", position.state.side)
    assert premove is not None
    interpreter = translated.gc.interpreter
    before = interpreter.steps
    interpreter.run(premove, position.state.copy())
    # 27,082 when every attack test ran every block and asked again; 733 with the enemy rooks' blocks run wherever
    # the target was (without REACH_FILTER); 481 now
    assert interpreter.steps - before < 600
    assert translated.perfts(3) == (556, 556)
