"""ZRF macros and includes: splicing, textual substitution, provenance, bounds."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from fairyport.errors import ParseError
from fairyport.zrf.syntax.loader import load, load_text
from fairyport.zrf.syntax.macros import Expander, Limits, collect_macros
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String, to_text
from fairyport.zrf.syntax.parser import parse_text


def expanded(text: str) -> list[str]:
    return [to_text(form) for form in load_text(text).expanded]


def test_body_items_are_spliced_one_or_many_or_sections() -> None:
    text = """
(define leap1 ($1 (verify not-friend?) add))
(define king-attacked mark a0 back)
(define grid-part (start-rectangle 0 0 1 1) (directions (n 0 -1)))
(game (board (grid (grid-part))) (piece (moves (leap1 n) ((king-attacked) add))))
"""
    assert expanded(text) == [
        "(game (board (grid (start-rectangle 0 0 1 1) (directions (n 0 -1)))) "
        "(piece (moves (n (verify not-friend?) add) (mark a0 back add))))"
    ]


def test_substitution_inside_atoms_and_strings() -> None:
    text = '(define T (piece (name $1$2) (image You "images/$1.bmp") (x p$1-$2)))\n(game (T R0010 1))'
    assert expanded(text) == ['(game (piece (name R00101) (image You "images/R0010.bmp") (x pR0010-1)))']


def test_list_arguments_and_nested_calls() -> None:
    text = "(define twice $1 $1)\n(define step ($1 add))\n(game (moves (twice (step n))))"
    assert expanded(text) == ["(game (moves (n add) (n add)))"]


def test_expanded_nodes_point_to_body_and_call_site() -> None:
    text = "(define leap ($1 (verify not-friend?) add))\n\n(game (moves (leap ne)))"
    loaded = load_text(text, "m.zrf")
    game = loaded.expanded[0]
    assert isinstance(game, SList)
    moves = game.items[1]
    assert isinstance(moves, SList)
    block = moves.items[1]
    assert isinstance(block, SList)
    direction, verify = block.items[0], block.items[1]
    assert isinstance(direction, Atom) and direction.text == "ne"
    assert (direction.location.line, direction.location.column) == (3, 20)
    assert (verify.location.line, verify.location.column) == (1, 18)
    assert verify.call_site is not None and (verify.call_site.line, verify.call_site.column) == (3, 14)
    assert "in expansion of (leap ...) at m.zrf:3:14" in verify.where()


def test_parameter_beyond_arguments_substitutes_nothing_with_an_info_finding() -> None:
    loaded = load_text("(define d ($1 (enemy? $2) add \"a$3b\" x$2))\n(game (moves (d n)))")
    assert [(f.code, f.severity.value) for f in loaded.findings] == [("macro-arg-missing", "info")] * 3
    assert to_text(loaded.expanded[0]) == '(game (moves (n (enemy?) add "ab" x)))'


def test_parameter_beyond_arguments_is_no_error_in_strict_reading() -> None:
    loaded = load_text("(define d ($1 $2 add))\n(game (moves (d n)))")
    assert to_text(loaded.expanded[0]) == "(game (moves (n add)))"


def test_only_list_heads_call_macros() -> None:
    loaded = load_text("(define step ($1 add))\n(game (piece (name step)) (board-setup (W (step a1))) step)")
    assert to_text(loaded.expanded[0]) == "(game (piece (name step)) (board-setup (W (a1 add))) step)"


def test_self_recursion_ends_with_located_error() -> None:
    with pytest.raises(ParseError, match="recursive") as info:
        load_text("(define loop (x (loop)))\n(game (loop))", "r.zrf")
    assert info.value.location.file == "r.zrf"


def test_exponential_bomb_ends_quickly() -> None:
    lines = ["(define b0 (x))"] + [f"(define b{i} (b{i - 1}) (b{i - 1}))" for i in range(1, 36)]
    text = "\n".join(lines) + "\n(game (b35))"
    started = time.perf_counter()
    with pytest.raises(ParseError, match="more than"):
        load_text(text)
    assert time.perf_counter() - started < 3


def test_string_growth_is_bounded() -> None:
    lines = ['(define s0 "$1$1")'] + [f"(define s{i} (s{i - 1} $1$1))" for i in range(1, 30)]
    with pytest.raises(ParseError, match="characters"):
        load_text("\n".join(lines) + "\n(game (s29 xxxxxxxx))", limits=Limits(chars=100_000))


def expander_run(text: str) -> tuple[Expander, list[Node]]:
    macros, forms = collect_macros(parse_text(text).items)
    expander = Expander(macros)
    return expander, expander.expand_forms(forms)


def test_identical_calls_are_shared_but_counted() -> None:
    shared, forms = expander_run("(define s ($1 add))\n(game (moves (s n) (s n) (s e)))")
    assert to_text(forms[0]) == "(game (moves (n add) (n add) (e add)))"
    moves = forms[0].items[1]
    assert isinstance(moves, SList)
    assert moves.items[1] is moves.items[2] and moves.items[2] is not moves.items[3]
    distinct, _ = expander_run("(define s ($1 add))\n(game (moves (s n) (s w) (s e)))")
    assert shared.nodes == distinct.nodes > 0


def test_include_is_resolved_relative_to_the_including_file(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "Common.INC").write_text('(define step ($1 add))\n(include "more.inc")')
    (tmp_path / "lib" / "more.inc").write_text("(define jump ($1 $1 add))")
    main = tmp_path / "main.zrf"
    main.write_text('(include "lib\\\\common.inc")\n(game (moves (step n) (jump s)))')
    loaded = load(main)
    assert [to_text(f) for f in loaded.expanded] == ["(game (moves (n add) (s s add)))"]
    assert len(loaded.documents) == 3


def test_missing_include_and_cycle_are_located(tmp_path: Path) -> None:
    main = tmp_path / "main.zrf"
    main.write_text('\n  (include "gone.zrf")\n(game)')
    with pytest.raises(ParseError, match="not found") as info:
        load(main)
    assert (info.value.location.line, info.value.location.column) == (2, 12)
    (tmp_path / "a.zrf").write_text('(include "b.zrf")')
    (tmp_path / "b.zrf").write_text('(include "a.zrf")')
    with pytest.raises(ParseError, match="cycle"):
        load(tmp_path / "a.zrf")
    tolerant = load(tmp_path / "a.zrf", tolerant=True)
    assert [f.code for f in tolerant.findings] == ["include-cycle"]


def test_strings_stay_strings_after_substitution() -> None:
    loaded = load_text('(define t (title $1))\n(game (t "My Game"))')
    game = loaded.expanded[0]
    assert isinstance(game, SList) and isinstance(game.items[1], SList)
    assert isinstance(game.items[1].items[1], String)


def test_include_chains_are_bounded(tmp_path: Path) -> None:
    for index in range(40):
        (tmp_path / f"f{index}.zrf").write_text(f'(include "f{index + 1}.zrf")')
    (tmp_path / "f40.zrf").write_text("(game)")
    with pytest.raises(ParseError, match="nested deeper"):
        load(tmp_path / "f0.zrf", tolerant=True)
