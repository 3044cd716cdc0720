"""Pieces that split when they move (issue 17): Dagaz's Short Assize gives its PQ ``((create Queen) n (verify
empty?) (add Pawn))``: each move leaves a Queen on the square the PQ left and lands it as a Pawn. The ZRF reader
reads the model's :class:`~fairyport.model.Split`; the move generator counts what the interpreter counts (also
where the Queen left behind closes a pin), JSON and the Diagram's extension line carry it, and the other writers
refuse it by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

from fairyport.errors import FairyportError, UnsupportedError
from fairyport.fsf.write import write_game as write_fsf
from fairyport.gamecourier.write import write_game as write_gamecourier
from fairyport.idiagram.read import read_model_text
from fairyport.idiagram.read import read_text as read_diagram
from fairyport.idiagram.write import write_game as write_diagram
from fairyport.json import read_text as read_json
from fairyport.json import write_game as write_json
from fairyport.model import Split, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file, compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.recognise_split import SPLIT_WHY
from fairyport.zrf.typed.reader import read_variant
from fairyport.zrf.write.file import write_game as write_zrf

FIXTURE = ROOT / "fixtures" / "zrf" / "shapes" / "split.zrf"
NODES = [4, 18, 87, 552]
"""perft 1-4 of the fixture (the interpreter's)."""


def test_a_piece_that_creates_on_its_square_and_adds_another_type_splits() -> None:
    game = read_game(FIXTURE)
    assert kept_code(game) == []
    assert game.piece_type("A").split == Split("Q", "P") and game.piece_type("A").betza == "fmWfcF"
    native = position(compile_file(FIXTURE), None)
    start = compile_game(game).start_position()
    assert [perft(start, d) for d in (1, 2, 3, 4)] == [perft(native, d) for d in (1, 2, 3, 4)] == NODES


def test_the_queen_left_behind_closes_the_pin_on_the_mover() -> None:
    # b2 is pinned by d4 against a1: b2b3 is legal only because the Queen stays on b2
    moves = {str(m) for m in compile_game(read_game(FIXTURE)).start_position().legal_moves()}
    assert moves == {"a1a2", "a1b1", "e2e3", "b2b3p"}


@pytest.mark.parametrize(("old", "new"), [
    ("(define pq-step ((create Queen) $1 (verify enemy?) (add Pawn)))",
     "(define pq-step ((create Queen) $1 (verify enemy?) (add Queen)))"),  # two kinds of split
    ("(define pq-step ((create Queen) $1 (verify enemy?) (add Pawn)))",
     "(define pq-step ($1 (verify enemy?) (add Pawn)))"),  # one block does not split
    ("(define pq-shift ((create Queen) $1 (verify empty?) (add Pawn)))",
     "(define pq-shift ((create Queen) $1 (verify empty?) (add Pawn) $1 (verify empty?) (add Pawn)))"),
])
def test_blocks_that_do_not_all_split_alike_stay_code(old: str, new: str) -> None:
    text = FIXTURE.read_text()
    assert old in text
    game = read_text(text.replace(old, new), name="other.zrf")
    assert game.piece_type("A").split is None and game.programs("A")


def test_a_split_piece_with_a_move_the_model_lacks_keeps_every_block_as_code() -> None:
    text = FIXTURE.read_text().replace("(define pq-step ((create Queen) $1 (verify enemy?) (add Pawn)))",
                                       "(define pq-step ((create Queen) $1 (verify enemy?) (verify (piece? King)) "
                                       "(add Pawn)))")
    game = read_text(text, name="other.zrf")
    programs = game.programs("A")
    assert game.piece_type("A").split is None and len(programs) == 3
    assert sum(p.why == SPLIT_WHY for p in programs) == 1


def test_json_and_the_diagram_extension_line_carry_the_split() -> None:
    game = read_game(FIXTURE)
    back = read_json(write_json(game)[0])
    assert back.piece_type("A").split == Split("Q", "P")
    with pytest.raises(UnsupportedError, match="fairyportSplit"):
        write_diagram(game)
    text, lost = write_diagram(game, best_effort=True)
    assert "fairyportSplit=left:Q;moved:P" in text.splitlines() and any("split of 'PQ'" in item for item in lost)
    diagram = read_model_text(text)
    assert diagram.piece_type("A").split == Split("Q", "P")
    assert write_diagram(diagram, best_effort=True)[0] == text
    start = compile_game(diagram).start_position()
    assert [perft(start, d) for d in (1, 2, 3)] == NODES[:3]


@pytest.mark.parametrize(("value", "column"), [("left:Q", 16), ("left:Q;moved:Z", 29), ("left:Q;kind:P", 23)])
def test_a_bad_split_line_is_a_located_error(value: str, column: int) -> None:
    text = write_diagram(read_game(FIXTURE), best_effort=True)[0].replace("left:Q;moved:P", value)
    with pytest.raises(FairyportError) as error:
        read_diagram(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("fairyportSplit="))
    assert (error.value.location.line, error.value.location.column) == (line, column)


@pytest.mark.parametrize("write", [write_gamecourier, write_fsf, write_zrf])
def test_the_other_writers_refuse_the_split_by_name(write: object) -> None:
    game = read_json(write_json(read_game(FIXTURE))[0])  # the model alone, no ZRF source to copy
    with pytest.raises(UnsupportedError, match="split of 'PQ'"):
        write(game)  # type: ignore[operator]
    _, lost = write(game, best_effort=True)  # type: ignore[operator]
    assert any("split of 'PQ'" in item for item in lost)


ASSIZE = [ZRF_COLLECTIONS / owner / path for owner, path in (
    ("DagazProject+DagazProject.github.io", "checkmate/zrf/short-assize.zrf"),
    ("GlukKazan+Dagaz", "src/debug/games/chess/short-assize.zrf"))]


@pytest.mark.parametrize("path", [pytest.param(p, marks=needs(p), id=p.parts[len(ZRF_COLLECTIONS.parts)])
                                  for p in ASSIZE])
@pytest.mark.parametrize(("variant", "nodes"), [("1", [20, 400, 8828]), ("2", [21, 441, 10046])])
def test_short_assize_reads_whole_and_counts_as_the_interpreter(path: Path, variant: str, nodes: list[int]) -> None:
    game = read_game(path, variant=variant)
    assert kept_code(game) == [] and [p.split for p in game.pieces if p.split] == [Split("Q", "P")]
    native = position(compile_variant(read_variant(path, variant)), None)
    start = compile_game(game).start_position()
    assert [perft(start, d) for d in (1, 2, 3)] == [perft(native, d) for d in (1, 2, 3)] == nodes


def test_a_split_piece_that_is_royal_castles_or_promotes_is_refused_by_the_model() -> None:
    game = read_game(FIXTURE)
    piece = game.piece_type("A")
    piece.royal = True
    with pytest.raises(FairyportError, match="splits when it moves"):
        game.validate()
    piece.royal = False
    piece.split = Split("Q", "Z")  # an unknown type
    with pytest.raises(FairyportError):
        game.validate()
