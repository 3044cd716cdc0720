"""The rule features (:mod:`fairyport.features`) and the formats' declarations of them.

Every model field that is a rule belongs to a feature; every feature finds its use in a small game; each format's
declaration (``FORMAT.features``) says what its writer does, checked by writing each game with each format; and
the refusals come from :mod:`fairyport.conversion`, not from a table of a writer's own.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from paths import GAMES

from fairyport import features as ft
from fairyport import model as m
from fairyport.errors import UnsupportedError
from fairyport.features import FEATURES, How, Use
from fairyport.formats import FORMATS, read_game

NOT_RULES = {"PieceType": {"name", "id", "betza", "image", "extra"}}
"""Model fields that are no rule: a piece's names, its plain XBetza, its picture and format data."""
RULE_CLASSES = (m.Rules, m.PieceType, m.DropRule)


def chess() -> m.Game:
    return read_game(GAMES / "chess.idiagram")


def crazyhouse() -> m.Game:
    """Chess with drops and captures to hand."""
    game = chess()
    game.rules.drops = game.rules.captures_to_hand = True
    return game


def _zone(game: m.Game) -> m.Game:
    game.zones.append(m.Zone("hill", frozenset({"d4", "e4", "d5", "e5"})))
    return game


def _drop(field: str, value: object = True) -> Callable[[m.Game], None]:
    def change(game: m.Game) -> None:
        for piece in game.pieces:
            if not piece.royal:
                piece.drop = dataclasses.replace(piece.drop or m.DropRule(), **{field: value})
    return change


def _set(target: Callable[[m.Game], object], field: str, value: object) -> Callable[[m.Game], None]:
    return lambda game: setattr(target(game), field, value)


def _rules(field: str, value: object) -> Callable[[m.Game], None]:
    return _set(lambda g: g.rules, field, value)


def _piece(pid: str, field: str, value: object) -> Callable[[m.Game], None]:
    return _set(lambda g: g.piece_type(pid), field, value)


def _flag(game: m.Game) -> None:
    _zone(game).rules.flag = m.FlagGoal("hill", "K", "K")


def _split(game: m.Game) -> None:
    game.pieces.append(m.PieceType("PQ", "X", "fmW", split=m.Split("Q", "P")))


def _shogi_promotion(game: m.Game) -> None:
    pawn = game.piece_type("P")
    assert pawn.promotion is not None
    pawn.promotion = dataclasses.replace(pawn.promotion, triggers=m.SHOGI_TRIGGERS)


def _confined(game: m.Game) -> None:
    _zone(game)
    game.piece_type("N").confined_to = "hill"


def _zoned(game: m.Game) -> None:
    _zone(game)
    game.piece_type("N").zoned_moves = (m.ZonedMove("W", "hill"),)


def _limited_queen(game: m.Game) -> None:
    pawn = game.piece_type("P")
    assert pawn.promotion is not None
    pawn.promotion = dataclasses.replace(pawn.promotion, choices=tuple(
        dataclasses.replace(c, max_count=1) if c.piece == "Q" else c for c in pawn.promotion.choices))


def _blast_immune(game: m.Game) -> None:
    """Atomar-like: a king that is no royal piece (its extinction loses), immune to blasts."""
    game.piece_type("K").royal = False
    game.rules.extinction = m.ExtinctionGoal(("K",))
    game.rules.blast = m.Blast(("P",), immune=("K",))


def _one_side_queen(game: m.Game) -> None:
    pawn = game.piece_type("P")
    assert pawn.promotion is not None
    pawn.promotion = dataclasses.replace(pawn.promotion, choices=tuple(
        dataclasses.replace(c, sides=(m.WHITE,)) if c.piece == "Q" else c for c in pawn.promotion.choices))


BUILDERS: dict[str, tuple[Callable[[], m.Game], Callable[[m.Game], None]]] = {
    "flag goal": (chess, _flag),
    "flag safety": (chess, lambda game: setattr(_zone(game).rules, "flag", m.FlagGoal("hill", "K", "K", safe=True))),
    "must capture": (chess, _rules("must_capture", True)),
    "drop checks": (crazyhouse, _drop("no_drop_check")),
    "no checks": (chess, _rules("no_checks", True)),
    "must drop": (crazyhouse, _rules("must_drop", True)),
    "rebirth": (chess, _piece("N", "rebirth", "b1")),
    "drop safety": (crazyhouse, _drop("safe_square")),
    "drops first": (crazyhouse, _drop("first")),
    "royal optional": (chess, _rules("royal_optional", True)),
    "extinction": (chess, _rules("extinction", m.ExtinctionGoal(("K",)))),
    "extinction claim": (chess, _rules("extinction", m.ExtinctionGoal(("N",), claim=True))),
    "connection": (chess, _rules("connect", m.ConnectGoal(count=5))),
    "atomic captures": (chess, _rules("blast", m.Blast(("P",)))),
    "blast immunity": (chess, _blast_immune),
    "check count": (chess, _rules("check_count", 3)),
    "promotion limit": (chess, _limited_queen),
    "joins": (chess, _piece("R", "joins", (m.Join("dN", "N", "Q"),))),
    "unloads": (chess, _piece("Q", "unloads", (m.Unload("N", "R", "N"),))),
    "virgin moves": (chess, _piece("R", "virgin_moves", "W")),
    "capture restrictions": (chess, _piece("N", "cannot_capture", ("P",))),
    "unmoved when made": (chess, _piece("R", "unmoved_when_made", True)),
    "drops": (crazyhouse, lambda game: None),
    "promotion": (chess, _shogi_promotion),
    "castling": (chess, _piece("K", "castling", m.Castling(virgin=False))),
    "promotion per side": (chess, _one_side_queen),
    "castling to files": (chess, _piece("K", "castling", m.Castling(partners=("R",), king_files=(2, 6)))),
    "split": (chess, _split),
    "stalemate": (chess, _rules("stalemate", m.StalemateResult.LOSS)),
    "bare king": (chess, _rules("bare_king", m.BareKingRule.LOSS)),
    "royals may face": (chess, _rules("royals_may_face", False)),
    "royal protection": (chess, _rules("royal_protection", m.RoyalProtection.LAST)),
    "captures to owner": (chess, _rules("captures_to_owner", True)),
    "royal": (chess, lambda game: None),
    "chess promotion": (chess, lambda game: None),
    "confinement": (chess, _confined),
    "zoned moves": (chess, _zoned),
    "drop": (crazyhouse, _drop("max_per_file", 1)),
}
"""A small game using each feature (a change of chess or of crazyhouse)."""


def game_with(name: str) -> m.Game:
    base, change = BUILDERS[name]
    game = base()
    change(game)
    return game


def test_every_rule_field_has_a_feature() -> None:
    claimed = {field for feature in FEATURES for field in feature.fields}
    unclaimed = [f"{cls.__name__}.{field.name}" for cls in RULE_CLASSES for field in dataclasses.fields(cls)
                 if field.name not in NOT_RULES.get(cls.__name__, set())
                 and f"{cls.__name__}.{field.name}" not in claimed]
    assert unclaimed == []


def test_every_claimed_field_exists() -> None:
    classes = {cls.__name__: {f.name for f in dataclasses.fields(cls)}
               for cls in (*RULE_CLASSES, m.Promotion, m.PromotionChoice, m.ExtinctionGoal, m.FlagGoal, m.Blast,
                           m.Castling)}
    stale = [field for feature in FEATURES for field in feature.fields
             if field.partition(".")[2] not in classes.get(field.partition(".")[0], set())]
    assert stale == []


def test_feature_names_are_unique() -> None:
    names = [feature.name for feature in FEATURES]
    assert len(names) == len(set(names)) == len(ft.BY_NAME)


@pytest.mark.parametrize("name", sorted(ft.BY_NAME))
def test_each_feature_finds_its_use(name: str) -> None:
    feature = ft.BY_NAME[name]
    found = feature.find(game_with(name))
    assert found and all(use.feature is feature and use.text for use in found)
    plain = {use.feature.name for use in ft.uses(chess())}
    assert plain == {"royal", "chess promotion"}  # what plain chess holds beyond XBetza


def test_piece_uses_name_their_piece_and_keep_the_piece_order() -> None:
    game = chess()
    game.piece_type("Q").unloads = (m.Unload("N", "R", "N"),)
    game.piece_type("R").virgin_moves = "W"
    keys = [use.key for use in ft.uses(game, ft.PIECE_RULES)]
    order = [p.name for p in game.pieces if p.id in "QR"]
    assert [key.partition(":")[0] for key in keys] == order
    assert ft.piece_rules(game) == [(use.key, use.text) for use in ft.uses(game, ft.PIECE_RULES)]


WRITERS = sorted(name for name, form in FORMATS.items() if form.write is not None)


@pytest.mark.parametrize("fmt", WRITERS)
def test_every_format_declares_every_feature(fmt: str) -> None:
    support = FORMATS[fmt].features
    assert support is not None and support.format == fmt
    assert list(support.writes) == [feature.name for feature in FEATURES]
    assert support.reads <= set(ft.BY_NAME)


def _keys(game: m.Game, uses: list[Use]) -> set[str]:
    """The feature keys a refusal of ``uses`` may name (a writer that names each piece of a game-wide rule)."""
    names = {use.feature.name for use in uses}
    return {use.key for use in uses} | {f"{p.name}: {name}" for p in game.pieces for name in names}


def _write(fmt: str, game: m.Game, best_effort: bool) -> tuple[str, list[str]] | UnsupportedError:
    write = FORMATS[fmt].write
    assert write is not None
    try:
        return write(game, best_effort=best_effort)
    except UnsupportedError as error:
        return error


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("name", sorted(ft.BY_NAME))
def test_writer_does_what_its_format_declares(fmt: str, name: str) -> None:
    game = game_with(name)
    support = FORMATS[fmt].features
    assert support is not None
    said = support.support(ft.BY_NAME[name])
    keys = _keys(game, ft.BY_NAME[name].find(game))
    strict = _write(fmt, game, best_effort=False)
    refused = isinstance(strict, UnsupportedError) and strict.feature in keys
    if said.how is How.SOME or said.when is not None:
        return  # said in some games only: the writer's own tests and the per-game test decide
    if said.how is How.NOT:
        assert refused, f"{fmt} declares {name!r} not written, but {strict!r}"
        return
    if said.how is How.EXTENSION:
        written = _write(fmt, game, best_effort=True)
        assert not isinstance(written, UnsupportedError)
        assert said.extension in written[0]
        if said.listed:  # listed as lost here (refused without --best-effort), naming the extension line
            assert refused and any(said.extension in entry for entry in written[1])
        return
    assert not refused, f"{fmt} declares {name!r} written ({said.how.value}), but refuses it: {strict}"


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("name", sorted(ft.BY_NAME))
def test_reader_reads_back_what_its_writer_writes(fmt: str, name: str, tmp_path: Path) -> None:
    """A feature the format declares it reads, and writes (exactly, in code or as an extension line) in every
    game, comes back into the model from the written text."""
    support = FORMATS[fmt].features
    assert support is not None
    said = support.support(ft.BY_NAME[name])
    if name not in support.reads or said.how in (How.NOT, How.SOME) or said.when is not None:
        return
    game = game_with(name)
    written = _write(fmt, game, best_effort=True)
    assert not isinstance(written, UnsupportedError)
    suffix = FORMATS[fmt].suffixes[0]
    path = tmp_path / f"game{suffix}"
    path.write_text(written[0], encoding="utf-8", newline="")
    back = read_game(path, fmt)
    # the same uses (their texts may differ: Fairy-Stockfish names a flag zone by its own name)
    assert [u.key for u in ft.BY_NAME[name].find(back)] == [u.key for u in ft.BY_NAME[name].find(game)]


LOCAL_TABLES = re.compile(r"\b(goal_rules|piece_rules|castling_lost|split_lost|FEATURE_KEYS|WRITTEN|writable)\b")
"""The writers' own feature tables and loops that conversion.refusals replaced."""


def test_no_writer_keeps_its_own_feature_table() -> None:
    package = Path(ft.__file__).parent
    writers = [package / "zrf" / "write" / "file.py", package / "gamecourier" / "write" / "__init__.py",
               package / "gamecourier" / "write" / "goals.py", package / "idiagram" / "write.py",
               package / "idiagram" / "goals.py", package / "fsf" / "write.py"]
    found = [f"{path.relative_to(package)}: {match.group(0)}" for path in writers
             for match in LOCAL_TABLES.finditer(path.read_text(encoding="utf-8"))]
    assert found == []
    for path in writers:
        assert "rules_lost(" in path.read_text(encoding="utf-8") or path.name == "goals.py"
