"""Every reader and every writer round trip under random input: only located fairyport errors come out.

The examples are the ones ``benchmarks/fuzz.py`` runs by the hundred thousand (``tests/helpers/fuzzing.py``); here
hypothesis draws a few per reader, and every failure the benchmark ever found is replayed by its seed."""

from __future__ import annotations

import time
from pathlib import Path

import fuzzing
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

READERS = fuzzing.READERS

REGRESSION_SEEDS = [
    ("zrf", 14),  # a ZRF whose board had no squares: a model error that named no file ("<input>: square ...")
    ("zrf", 1070),  # a setup naming a piece that is not defined: KeyError in the ZRF reader
    ("zrf", 48),  # a setup on a square the renamed board lacks: KeyError in the ZRF reader
    ("zrf", 5161),  # (verify) without a condition in a pawn's move: IndexError in the move recogniser
    ("zrf", 8827),  # the same at the end of a slide
    ("zrf", 21773),  # the same after a step
    ("zrf", 35938),  # (if) without a condition in a slide's body
    ("zrf", 8453),  # (dimensions ...) repeated: a grid of 8^6 positions, 60 s before the grid cap
    ("zrf", 25250),  # a rank named "2³1": str.isdigit() but not int()-able, ValueError
    ("zrf", 794),  # a goal condition with a '}' in its name: str.format of the file's text, ValueError
    ("zrf", 51447),  # the same with an unmatched '{'
    ("zrf", 55017),  # the same with '{' at the end
    ("fsf", 1069),  # castlingQueensideFile = (empty): ord('') TypeError in the variants.ini reader
    ("fsf", 1134),  # maxFile = (empty): the same
    ("gamecourier", 24723),  # a link with cols=5...5 (51 digits): file labels made for every column, no end
]
"""``(reader, seed)`` of every failure the fuzz benchmark found; each must now be read or refused cleanly."""

SLOW_SEEDS = [("idiagram", 1234), ("idiagram", 1726), ("html", 97250), ("gamecourier", 19357)]
"""Examples the benchmark stopped after 20 s (on a machine with a load average of 14-19): Diagram boards with
thousands of piece types (fixed: 1-2 s), a 52 KB page (1.6 CPU s), a preset of deeply nested expressions
(1.2 CPU s). Whether each finishes within the bound is what the slow test measures."""

_SEEDS = {reader: fuzzing.seed_texts(reader) for reader in READERS}


def _check(reader: str, seed: int, folder: Path, quick: bool = False) -> None:
    data = fuzzing.example(reader, seed, _SEEDS[reader])
    if quick:  # the default suite: validation and the Game Courier round trip only in the slow run
        outcome = fuzzing.exercise(reader, data, folder, targets=fuzzing.QUICK_TARGETS,
                                   validate=reader in ("zrf", "json"))
    else:
        outcome = fuzzing.exercise(reader, data, folder)
    assert outcome.kind in ("read", "refused"), f"{reader}:{seed} {outcome.kind}: {outcome.detail}"


@pytest.mark.parametrize(("reader", "seed"), REGRESSION_SEEDS)
def test_regression_seeds(reader: str, seed: int, tmp_path: Path) -> None:
    _check(reader, seed, tmp_path)


@pytest.mark.parametrize("path", sorted(fuzzing.REGRESSION_FILES.iterdir()), ids=lambda p: p.name)
def test_regression_files(path: Path, tmp_path: Path) -> None:
    """Failures kept as bytes: gamecourier-17, no royal piece left with the facing rule on (StopIteration in the
    Game Courier writer); -3367, '==' with one operand in a promotion test (IndexError in the preset reader);
    -6199, cols = "5\\x1d" (matched \\s, refused by int()); -9326, settings=<a name too long for the file
    system> (OSError looking for the file)."""
    reader = path.stem.rpartition("-")[0]
    outcome = fuzzing.exercise(reader, path.read_bytes(), tmp_path)
    assert outcome.kind in ("read", "refused"), f"{path.name} {outcome.kind}: {outcome.detail}"


@pytest.mark.slow
@pytest.mark.parametrize(("reader", "seed"), SLOW_SEEDS)
def test_slow_seeds_finish_within_the_bound(reader: str, seed: int, tmp_path: Path) -> None:
    _within_the_bound(reader, fuzzing.example(reader, seed, _SEEDS[reader]), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted((fuzzing.REGRESSION_FILES.parent / "regressions-slow").iterdir()),
                         ids=lambda p: p.name)
def test_slow_files_finish_within_the_bound(path: Path, tmp_path: Path) -> None:
    """Presets made from the earlier seed texts whose code ran past 20 s (gamecourier-165 and -239)."""
    _within_the_bound(path.stem.rpartition("-")[0], path.read_bytes(), tmp_path)


def _within_the_bound(reader: str, data: bytes, tmp_path: Path) -> None:
    began = time.perf_counter()
    outcome = fuzzing.exercise(reader, data, tmp_path, round_trip=False)
    assert outcome.kind in ("read", "refused"), f"{reader} {outcome.kind}: {outcome.detail}"
    assert time.perf_counter() - began < 20


@pytest.mark.parametrize("reader", [r for r in READERS if r != "gamecourier"])
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2 ** 32))
def test_reader_property(reader: str, seed: int, tmp_path: Path) -> None:
    """No traceback, errors located, and a game that reads survives the quick writers and their readers."""
    _check(reader, seed, tmp_path, quick=True)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2 ** 32))
def test_game_courier_reader_property(seed: int, tmp_path: Path) -> None:
    """The same for presets, fewer of them: reading a preset runs its code (seconds each)."""
    _check("gamecourier", seed, tmp_path, quick=True)


@pytest.mark.slow
@pytest.mark.parametrize("reader", READERS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2 ** 32))
def test_reader_property_every_writer(reader: str, seed: int, tmp_path: Path) -> None:
    """The same with validation and every writer, the Game Courier one included."""
    _check(reader, seed, tmp_path)
