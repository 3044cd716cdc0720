"""Unit tests of the GAME Code interpreter: each command, operator family and control structure, the bounds,
the errors, the documented choices, and the proofs of the perft shortcuts."""

from __future__ import annotations

import random
from pathlib import Path

import paths
import pytest

from fairyport.errors import ParseError, UnsupportedError
from fairyport.gamecourier.interpreter import game as game_module
from fairyport.gamecourier.interpreter import interpreter as interpreter_module
from fairyport.gamecourier.interpreter.game import load_preset, load_text
from fairyport.gamecourier.interpreter.readings import LOCAL_MAIN_SCOPE, Readings
from fairyport.gamecourier.interpreter.state import State

HERE = Path(__file__).parent / "gamecode"
FIXTURES = paths.FIXTURES / "gamecourier"


def preset(pregame: str, *, code: str = "4k3/8/8/8/8/8/8/4K3", cols: int = 8, extra: str = "") -> str:
    return (f"<?php\n$default['code'] = '{code}';\n$default['cols'] = {cols};\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n{extra}?>\n")


def run(pregame: str, **kwargs: object) -> State:
    return load_text(preset(pregame, **kwargs), "t.php").start()  # type: ignore[arg-type]


def printed(pregame: str, **kwargs: object) -> list[str]:
    return run(pregame, **kwargs).output


# --- expressions ------------------------------------------------------------------------------------------

def test_polish_arithmetic_and_comparison() -> None:
    assert printed("print + 2 * 3 4; print - 10 / 9 3; print % 7 3; print >> 8 2; print < 2 10;") == \
        ["14", "7", "1", "2", "1"]


def test_and_or_strictly_left_to_right() -> None:
    # usual precedence would give true or (false and false) = true
    assert printed("print true or false and false; print false and true or true;") == ["", "1"]


def test_def_fn_evaluates_variables_when_called() -> None:
    assert printed("def x2 * 2 #x; set x 12; print fn x2; set x 23; print fn x2;") == ["24", "46"]


def test_named_parameters_and_locals() -> None:
    assert printed("def sqrplus + * #x #x #x =x; print fn sqrplus 5; print fn sqrplus 10; print #x;") == \
        ["30", "110", "#x"]
    state = run('set v "cartoon violence"; def s2 list #v #v =v "Chess Variant"; set r fn s2; print #v;')
    assert state.vars["r"] == {0: "Chess Variant", 1: "Chess Variant"}
    assert state.output == ["cartoon violence"]


def test_numbered_parameters_and_nested_fn() -> None:
    assert printed("def add + #0 #1; def twice fn add #0 #0; print fn twice 21;") == ["42"]


def test_cond_var_eval_join_match() -> None:
    assert printed('set g 5; print cond > #g 3 "big" "small"; print var g; print eval "+ 1 2"; '
                   'print join "a" "b"; print match 3 1 2 3; print match 4 (list 1 2 3);') == \
        ["big", "5", "3", "ab", "1", ""]


def test_undefined_variable_reads_as_its_name() -> None:
    assert interpreter_module.UNDEFINED_IS_NAME
    assert printed("print #nothing;") == ["#nothing"]


# --- subroutines and scopes -------------------------------------------------------------------------------

def test_subroutines_as_statements_and_in_expressions_with_recursion() -> None:
    code = """
sub fact n:
  if <= #n 1:
    return 1;
  endif;
  return * #n sub fact - #n 1;
endsub;
sub store v:
  set stored #v;
endsub;
print sub fact 6;
gosub store 7;
store 8;
print #stored;
"""
    assert printed(code) == ["720", "8"]


def test_my_and_local_scopes() -> None:
    code = """
set g 1;
sub inner:
  return #g;
endsub;
sub withlocal:
  local g;
  set g 2;
  return sub inner;
endsub;
sub withmy:
  my g;
  set g 3;
  return sub inner;
endsub;
print sub withlocal;
print #g;
print sub withmy;
print #g;
"""
    assert printed(code) == ["1", "1", "1", "1"]  # 'local' as 'my' (readings.LOCAL_AS_MY)
    main = load_text(preset(code), "t.php", Readings(local=LOCAL_MAIN_SCOPE)).start().output
    assert main == ["2", "1", "1", "1"]  # the old 'local': seen by what the subroutine calls


def test_variables_by_scope() -> None:
    """A block's statements read and set globals; a subroutine's, its parameters and ``my`` variables first; a
    ``def`` body, its named arguments and then its caller's ``my`` variables (``SCOPES``)."""
    code = """
set x 1;
def plus + #x #0;
def named + #x #y =y;
sub s a:
  my x;
  set x 5;
  set y 7;
  for x (list 6):
    set z fn plus #a;
  next;
  return list #x (fn plus #a) (fn named 10);
endsub;
set r sub s 2;
print elem 0 #r; print elem 1 #r; print elem 2 #r; print #x; print #y; print #z; print fn plus 2;
unset x;
print #x;
"""
    assert printed(code) == ["6", "8", "16", "1", "7", "8", "3", "#x"]


# --- control structures -----------------------------------------------------------------------------------

def test_if_elseif_else() -> None:
    code = """
set n 2;
if == #n 1:
  print "one";
elseif == #n 2:
  print "two";
else:
  print "other";
endif;
if == #n 9:
  print "nine";
else:
  print "notnine";
endif;
"""
    assert printed(code) == ["two", "notnine"]


def test_do_loops_break_continue() -> None:
    code = """
set i 0;
do while < #i 3:
  set i + #i 1;
loop;
print #i;
do:
  set i + #i 1;
loop until >= #i 10;
print #i;
set n 0;
do:
  set n + #n 1;
  if == #n 2:
    continue;
  endif;
  if == #n 5:
    break;
  endif;
  print #n;
loop;
do until true:
  print "never";
loop;
"""
    assert printed(code) == ["3", "10", "1", "3", "4"]


def test_for_and_foreach() -> None:
    code = """
set total 0;
for x range 1 4:
  set total + #total #x;
next;
print #total;
for (k v) list a b:
  print join #k #v;
next;
foreach x list 5 6 7:
  if == #x 6:
    break;
  endif;
  print #x;
next;
"""
    assert printed(code) == ["10", "0a", "1b", "5"]


def test_switch_falls_through_until_break() -> None:
    code = """
sub name n:
  switch #n:
    case 1:
      return "one";
    case 2 3:
      set r "few";
      break;
    case 4:
      set r "four";
    default:
      set r "many";
  endswitch;
  return #r;
endsub;
print sub name 1;
print sub name 3;
print sub name 4;
print sub name 9;
"""
    assert printed(code) == ["one", "few", "many", "many"]


def test_unclosed_loop_is_a_located_parse_error() -> None:
    with pytest.raises(ParseError) as info:
        run("set a 1;\ndo:\n  set a 2;")
    assert "'do' without 'loop'" in str(info.value) and ":6:1" in str(info.value)


# --- arrays, flags, board -------------------------------------------------------------------------------

def test_arrays() -> None:
    state = run("set a list x y; push a z; setelem a key v; print count #a; print elem 2 #a; print elem key #a; "
                "set m merge (list 1 2) (list 3); print count #m; print count keys #a;")
    assert state.output == ["4", "z", "v", "3", "4"]


def test_flags_and_square_flags() -> None:
    assert printed("setflag e1 rules; print flag e1; print flag rules; unsetflag e1; print flag e1; "
                   "print flag h1;") == ["1", "1", "", ""]


def test_board_queries() -> None:
    code = ("print space e1; print space e4; print empty e4; print rank e8; print file h1; print where e1 1 2; "
            "print where h1 1 0; print findpiece k spaces; print count onlyupper; print onboard i1; print "
            "isupper space e1;")
    assert printed(code) == ["K", "@", "1", "7", "7", "f3", "", "e8", "1", "", "1"]


def test_board_commands() -> None:
    state = run("add Q d4; move e1 e2; capture e8; add N a1; empty a1;")
    assert state.board["d4"] == "Q" and state.board["e2"] == "K" and state.board["e1"] == "@"
    assert state.board["e8"] == "@" and state.board["a1"] == "@"


def test_movement_primitives() -> None:
    code = "R1n1c/5/1p3/5/P1C2"  # 5x5: a5 R, c5 n, e5 c; b3 p; a1 P, c1 C
    checks = {
        "checkleap c5 b3 1 2": "1", "checkleap c5 c4 1 2": "", "checkaleap a1 a2 0 1": "1",
        "checkaleap a1 a2 0 -1": "", "checkride a5 a1 0 1": "1", "checkride a5 e5 1 0": "",
        "checkaride a5 a2 0 -1": "1", "checkaride a5 a2 0 1": "", "checkhop c1 c5 1 0": "",
        "checkhop e5 a5 1 0": "1", "checkahop e5 a5 -1 0": "1", "checkahop e5 a5 1 0": "",
        "checkgrasshop a1 a4 0 1": "", "checkgrasshop c1 c4 0 1": "", "checkgrasshop b5 b2 0 1": "1",
        "checklongleap b5 b2 0 1": "1", "checklongleap b5 b4 0 1": "", "checkatwostep c1 d3 0 1 1 1": "1",
        "checkatwostep b2 c4 0 1 1 1": "", "checkpath c1 e3 (list 1 1 1 1)": "1", "checkpath a1 c3 (list 1 1 1 1)": "1",
        "checkpath a1 c3 (list 1 2 1 0)": "",
    }
    out = printed("".join(f"print {expr};\n" for expr in checks), code=code, cols=5)
    assert dict(zip(checks, out, strict=True)) == checks


def test_short_form_primitives_use_the_function_parameters() -> None:
    assert printed("def W checkleap 1 0; print fn W e1 e2; print fn W e1 e3;") == ["1", ""]


# --- errors and bounds ------------------------------------------------------------------------------------

def test_unknown_word_is_unsupported_with_its_location() -> None:
    with pytest.raises(UnsupportedError) as info:
        run("set a 1;\nprint frobnicate 3;")
    assert "t.php:6:7" in str(info.value) and "frobnicate" in str(info.value)
    assert info.value.exit_code == 3


def test_unknown_command_and_subroutine() -> None:
    with pytest.raises(UnsupportedError, match="'frobnicate' is not a GAME Code command"):
        run("frobnicate e4;")
    with pytest.raises(UnsupportedError, match="sub haslegalmoves: no subroutine"):
        run("print sub haslegalmoves 1;")


def test_step_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpreter_module, "STEP_LIMIT", 5000)
    with pytest.raises(UnsupportedError, match="more than 5,000 steps") as info:
        run("set i 0;\ndo:\n  set i + #i 1;\nloop;")
    assert "t.php:6:1" in str(info.value)


def test_recursion_limit() -> None:
    with pytest.raises(UnsupportedError, match="nested deeper than"):
        run("sub f n:\n  return sub f #n;\nendsub;\nprint sub f 1;")
    with pytest.raises(UnsupportedError, match="nested deeper than"):
        run("def f fn f;\nprint fn f;")


def test_die_in_pregame_is_reported() -> None:
    with pytest.raises(UnsupportedError, match="stops the game: no way"):
        run("die no way;")


def test_runtime_type_error_is_located() -> None:
    with pytest.raises(UnsupportedError, match="not a number") as info:
        run('print + "a" 1;')
    assert "t.php:5:7" in str(info.value)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.php")), ids=lambda p: p.name)
def test_include_of_a_missing_library_names_it(path: Path) -> None:
    text = path.read_text()
    name = text.split("include ", 1)[1].split(";", 1)[0]
    with pytest.raises(UnsupportedError) as info:
        load_preset(path)
    assert info.value.reason.startswith(f"include {name}: the Game Courier include library '{name}' is not "
                                        "available to fairyport, so this preset's GAME Code cannot be run")
    assert info.value.reason.endswith("; run it with '--engine model' instead (the rules read from the preset's "
                                      "piece functions into the common model)")
    assert info.value.location.line is not None


# --- moves ------------------------------------------------------------------------------------------------

def test_preprocessor_words_and_old() -> None:
    extra = ("$default['postauto1'] = <<<'NOW'\nprint join join join moved origin dest old;\nNOW;\n")
    game = load_text(preset("", code="4k3/8/8/8/8/8/3p4/4K3", extra=extra), "t.php")
    pos = game.position()
    moves = {m.uci(): m for m in pos.legal_raw()}
    assert moves["e1d2"].after.output == ["Ke1d2p"]
    assert moves["e1e2"].after.output == ["Ke1e2@"]
    assert game_module.ADD_KEEPS_PREPROCESSOR


def test_uncoded_preset_allows_every_move() -> None:
    game = load_text(preset("", code="4k/5/5/5/4K", cols=5), "t.php")
    assert not game_module.NULL_MOVES
    assert len(game.position().legal_raw()) == 24  # the King to every other square: nothing is enforced


def test_promotion_needs_maxmove() -> None:
    post = ("$default['postauto1'] = <<<'NOW'\nif != space dest moved and not match space dest Q N:\n"
            "  die no;\nendif;\nNOW;\n")
    without = load_text(preset("", code="4k/P4/5/5/4K", cols=5, extra=post), "t.php").position().legal_raw()
    assert not any(m.promotion for m in without)
    pieces = "setsystem maxmove 2; def Q checkride #0 #1 1 1; def N checkleap #0 #1 1 2;"
    withmax = load_text(preset(pieces, code="4k/P4/5/5/4K", cols=5, extra=post),
                        "t.php").position().legal_raw()
    assert sorted(m.uci() for m in withmax if m.origin == "a4" and m.dest == "a5") == ["a4a5", "a4a5n", "a4a5q"]


def _playout(game: object, plies: int, seed: int) -> list[object]:
    rng = random.Random(seed)
    pos = game.position()  # type: ignore[attr-defined]
    seen = [pos.copy()]
    for _ in range(plies):
        moves = pos.legal_raw()
        if not moves:
            break
        pos.push_raw(rng.choice(moves))
        seen.append(pos.copy())
    return seen


def test_shortcuts_give_the_same_moves() -> None:
    """Pre-Move once per position and skipping promotions of moves that died without looking at the
    destination: both give exactly the moves found by trying everything (promotion positions included)."""
    fast = load_preset(HERE / "chess.php")
    slow = load_preset(HERE / "chess.php")
    slow.shortcuts = False
    fens = ["r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq - 0 1", "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R b KQkq - 0 1"]
    for fen in fens:
        a = [m.uci() for m in fast.position(fen).legal_raw()]
        b = [m.uci() for m in slow.position(fen).legal_raw()]
        assert a == b and any(len(u) == 5 for u in a)
    pre = ("$default['preauto1'] = <<<'NOW'\nset count + #count 1;\nNOW;\n"
           "$default['postauto1'] = <<<'NOW'\nif == #count 1:\n  die first;\nendif;\nNOW;\n")
    fast_pre = load_text(preset("set count 0;", code="4k/5/5/5/4K", cols=5, extra=pre), "t.php")
    slow_pre = load_text(preset("set count 0;", code="4k/5/5/5/4K", cols=5, extra=pre), "t.php")
    slow_pre.shortcuts = False
    assert fast_pre.position().legal_raw() == slow_pre.position().legal_raw() == []


def test_setlegal_records_equal_the_moves_found() -> None:
    game = load_preset(HERE / "wazirs.php")
    for seed in (1, 2, 3):
        for pos in _playout(game, 16, seed):
            found = {(m.origin, m.dest) for m in pos.legal_raw()}  # type: ignore[attr-defined]
            assert pos.recorded_legal() == (found or None), pos.fen()  # type: ignore[attr-defined]


def test_fen_round_trip() -> None:
    game = load_preset(HERE / "chess.php")
    pos = game.position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"
    with pytest.raises(ParseError, match="ranks"):
        game.position("8/8 w")


def test_documented_choices_on_scopes_and_calls() -> None:
    assert interpreter_module.SUBS_HOISTED and not interpreter_module.BLOCK_SCOPES
    assert interpreter_module.NAMED_PARAMS_IN_ORDER and interpreter_module.SUB_TAKES_THE_REST
    code = """
print sub later 2;
if true:
  set inside 5;
endif;
print #inside;
def minus - #a #b =a =b;
print fn minus 10 3;
print == (fn minus 5 1) 4;
sub later n:
  return * #n 10;
endsub;
"""
    assert printed(code) == ["20", "5", "7", "1"]


def test_own_captures_are_candidates_and_postgame_is_not_run_by_perft() -> None:
    assert game_module.OWN_CAPTURES_ARE_CANDIDATES and not game_module.POSTGAME_IN_PERFT
    extra = "$default['postgame1'] = <<<'NOW'\ndie never run in perft;\nNOW;\n"
    game = load_text(preset("", code="4k/5/5/5/3RK", cols=5, extra=extra), "t.php")
    moves = {m.uci() for m in game.position().legal_raw()}
    assert "e1d1" in moves and len(moves) == 2 * 24


def test_eval_statement() -> None:
    assert run('eval "+ 1 2";').output == []
    with pytest.raises(UnsupportedError, match="eval of a move string"):
        run('eval join "MOVE: " "e2-e4";')


def test_api_on_a_decoded_preset_and_the_engine() -> None:
    from fairyport.gamecourier.interpreter.engine import load
    from fairyport.gamecourier.interpreter.game import GameCourierGame
    from fairyport.gamecourier.syntax.preset import read_preset

    game = GameCourierGame(read_preset(HERE / "wazirs.php"))
    assert len(game.position().legal_raw()) == 7
    engine = load(HERE / "wazirs.php")
    assert engine.name == "gamecourier" and engine.title.startswith("Wazir skirmish")
    with pytest.raises(UnsupportedError, match="--variant does not apply"):
        load(HERE / "wazirs.php", variant="x")


@pytest.mark.parametrize("expr", ["* 99999999999 99999999999", "<< 1 70", "% 1 0",
                                  "where e1 " + "9" * 400 + ".5 0", "checkleap e1 e2 " + "9" * 400 + ".5 0"])
def test_numbers_out_of_range_are_located_errors(expr: str) -> None:
    with pytest.raises(UnsupportedError) as info:
        run(f"print {expr};")
    assert info.value.location.line == 5


def test_errors_inside_operands_keep_their_own_message() -> None:
    with pytest.raises(UnsupportedError, match="fn P: no function of that name"):
        run("print not fn P a1 a2;")


def test_strings_and_arrays_are_bounded() -> None:
    with pytest.raises(UnsupportedError, match="longer than 100000"):
        run('set s "ab";\ndo:\n  set s join #s #s;\nloop;')
    with pytest.raises(UnsupportedError, match="more than 10000 elements"):
        run("set a list;\ndo:\n  push a 1;\nloop;")


def test_a_missing_include_names_what_the_preset_calls_from_it() -> None:
    with pytest.raises(UnsupportedError) as info:
        load_preset(FIXTURES / "mir_chess_32.php")
    assert "; the preset calls sub checked, sub haslegalmoves from it; run it with '--engine model'" in \
        info.value.reason
