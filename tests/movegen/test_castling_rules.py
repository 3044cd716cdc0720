"""Castling rules other than the Interactive Diagram's (:class:`fairyport.model.Castling`), proven against the ZRF
interpreter on fairyport's own fixture ``fixtures/zrf/castling/unchecked-castling.zrf``: castling as Dagaz's chess
files write it (no ``never-moved?`` and no ``not-attacked?`` tests, a Rook exactly 3 or 4 squares away).

The ZRF reader keeps those castling blocks as code today; this is the model it should make of them (the king's
``O2`` with ``Castling(virgin=False, safe=False, partner_distance=(4, 3), partners=("R",))``)."""

from __future__ import annotations

import dataclasses

import pytest

from fairyport import api
from fairyport.errors import ModelError, UnsupportedError
from fairyport.expectations import bundled_fixtures, read_expectation
from fairyport.formats import FORMATS
from fairyport.model import Castling, Game
from fairyport.zrf.read import read_game

FIXTURE = bundled_fixtures() / "zrf" / "castling" / "unchecked-castling.zrf"
DAGAZ = Castling(virgin=False, safe=False, partner_distance=(4, 3), partners=("R",))


def _model(variant: str, rule: Castling | None) -> Game:
    """The fixture's model with the king's castling as the reader should give it (its blocks are kept today)."""
    game = read_game(FIXTURE, variant=variant)
    assert [k.why for k in game.kept if k.kind != "program"] == []
    game.kept = []
    game.board = dataclasses.replace(game.board, links={})
    game.pieces = [dataclasses.replace(p, betza=p.betza + "O2", castling=rule) if p.royal else p
                   for p in game.pieces]
    game.validate()
    return game


@pytest.mark.parametrize("variant", ["1", "2", "3", "4"])
def test_unchecked_castling_plays_as_the_interpreter(variant: str) -> None:
    # 1: the start; 2: the path attacked (castling through check); 3: a king off the e-file with a Rook 3 squares
    # away and a Knight on the corner; 4: a Knight on the corner where the Rook should be
    expectation = read_expectation(FIXTURE.with_name(f"unchecked-castling-{variant}.perft"))
    assert expectation.variant == variant and expectation.game == FIXTURE
    expected = [(line.depth, line.nodes) for case in expectation.cases for line in case.expected]
    assert [(d, api.perft(FIXTURE, d, engine="native", variant=variant)) for d, _ in expected] == expected
    assert [(d, api.perft(_model(variant, DAGAZ), d, engine="model")) for d, _ in expected] == expected


@pytest.mark.parametrize("rule", [None, dataclasses.replace(DAGAZ, safe=True),
                                  dataclasses.replace(DAGAZ, partner_distance=None),
                                  dataclasses.replace(DAGAZ, partners=())])
def test_each_part_of_the_rule_matters(rule: Castling | None) -> None:
    # the Diagram's rule, or the Dagaz rule with one part changed, plays another game on one of the positions
    counts = {v: api.perft(FIXTURE, 3, engine="native", variant=v) for v in ("1", "2", "3", "4")}
    assert any(api.perft(_model(v, rule), 3, engine="model") != n for v, n in counts.items())


def test_bad_castling_rules_are_refused() -> None:
    game = _model("1", DAGAZ)
    assert game.pieces[0].royal
    game.pieces[0] = dataclasses.replace(game.pieces[0], castling=dataclasses.replace(DAGAZ, partners=("X",)))
    with pytest.raises(ModelError, match="unknown piece 'X'"):
        game.validate()
    game.pieces[0] = dataclasses.replace(game.pieces[0], castling=dataclasses.replace(DAGAZ, partner_distance=(1, 3)))
    with pytest.raises(ModelError, match="distances of at least 2"):
        game.validate()


@pytest.mark.parametrize("target", ["idiagram", "gamecourier", "fsf"])
def test_writers_refuse_other_castling_rules_by_name(target: str) -> None:
    game = _model("1", DAGAZ)
    named = (r"castling of 'King' \(moved;unsafe;distance:4\+3;partners:R\).*fairyportCastling"
             if target == "idiagram" else r"castling of 'King' \(after the royal piece or its partner has "
             r"moved, out of or through check, with the partner \(4, 3\)")
    with pytest.raises(UnsupportedError, match=named):
        api.write(game, target)
    lost = api.write(game, target, best_effort=True).lost
    assert any("castling of 'King'" in item for item in lost)
    write = FORMATS[target].write  # the writer itself, as a report calls it, refuses too
    assert write is not None
    with pytest.raises(UnsupportedError, match="castling of 'King'"):
        write(game, best_effort=False)


def test_diagram_extension_line_keeps_the_castling_rule() -> None:
    # the Diagram castles by its own rule; fairyport reads the rule back from its fairyportCastling line
    game = _model("3", DAGAZ)
    written = api.write(game, "idiagram", best_effort=True)
    assert "fairyportCastling=moved;unsafe;distance:4+3;partners:R" in written.text.splitlines()
    back = api.read(written.text, format="idiagram")
    assert back.piece_type("K").castling == DAGAZ
    assert api.perft(back, 3, engine="model") == api.perft(game, 3, engine="model")


def test_json_keeps_the_castling_rule() -> None:
    game = _model("3", DAGAZ)
    back = api.read(api.write(game, "json").text, format="json")
    assert back.piece_type("K").castling == DAGAZ
    assert api.perft(back, 3, engine="model") == api.perft(game, 3, engine="model")


@pytest.mark.parametrize("variant", ["1", "2", "3", "4"])
def test_zrf_writes_the_rule_in_code(variant: str) -> None:
    game = _model(variant, DAGAZ)
    conversion = api.write(game, "zrf")
    assert conversion.lost == [] and "cascade" in conversion.text and "(verify never-moved?)" not in conversion.text
    written = [api.perft(conversion.text, d, format="zrf", engine="native") for d in (1, 2, 3)]
    assert written == [api.perft(game, d, engine="model") for d in (1, 2, 3)]


def test_zrf_writes_a_virgin_safe_rule_at_a_distance() -> None:
    rule = Castling(partner_distance=(4, 3), partners=("R",))
    game = _model("2", rule)
    text = api.write(game, "zrf").text
    assert "never-moved?" in text and "not-attacked?" in text
    assert api.perft(text, 3, format="zrf", engine="native") == api.perft(game, 3, engine="model")


@pytest.mark.parametrize("variant", ["1", "2", "3", "4"])
def test_zrf_writes_castling_through_check(variant: str) -> None:
    # the ZoG example files' ThruCheck castling: virgin pieces, the outermost partner, no not-attacked? tests
    rule = Castling(safe=False)
    game = _model(variant, rule)
    text = api.write(game, "zrf").text
    assert "not-attacked?" not in text
    counts = [api.perft(text, d, format="zrf", engine="native") for d in (1, 2, 3)]
    assert counts == [api.perft(game, d, engine="model") for d in (1, 2, 3)]
    if variant == "2":  # the path is attacked: the Diagram's rule plays another game
        assert counts[2] != api.perft(_model(variant, None), 3, engine="model")
