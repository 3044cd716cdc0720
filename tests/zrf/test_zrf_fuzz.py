"""Property tests: arbitrary and mutated ZRF never raise anything but fairyport's own located errors."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from zrf_helpers import CORPUS, SUBSET

from fairyport.api import validate_path
from fairyport.diagnostics import Finding
from fairyport.errors import FairyportError
from fairyport.format import ValidateOptions
from fairyport.zrf.syntax.loader import load_text
from fairyport.zrf.syntax.macros import Limits
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String, equal
from fairyport.zrf.syntax.parser import parse_text
from fairyport.zrf.syntax.printer import Style, format_forms
from fairyport.zrf.syntax.rewriter import render
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.typed.build import build_game
from fairyport.zrf.typed.geometry import resolve

PIECES = [
    "(", "(", ")", ")", " ", "\n", "\r\n", "\t", "9" * 5000, "$" + "7" * 5000,
    '"', '"a; (b)"', "; c\n", "$1", "$2", "$1$2", "x$1", "-3", "7",
    "define", "game", "variant", "include", "board", "grid", "dimensions", '"a/b"', '"1/2"', "(0 1)", "directions",
    "(n 0 -1)", "piece", "name", "P", "moves", "add", "n", "a1", "board-setup", "players", "W", "B", "zone",
    "positions", "symmetry", "links", "unlink", "kill-positions", "(default)", "title", "verify", "empty?",
    "loss-condition", "stalemated", "off", "dummy", "move-type", "turn-order", "option", "m", "(m)", "(m n)",
]
SMALL = Limits(call_depth=12, nesting=60, nodes=20_000, chars=100_000)

texts = st.lists(st.sampled_from(PIECES), max_size=80).map("".join)


def exercise(text: str) -> None:
    """Run every stage that a user can reach on ``text``; only FairyportError may escape."""
    try:
        loaded = load_text(text, "fuzz.zrf", tolerant=True, limits=SMALL)
        structure = read_structure(loaded)
        for variant in structure.choices:
            findings: list[Finding] = []
            game = build_game(structure.sections(variant), findings)
            if game.board is not None:
                resolve(game.board, findings=findings)
    except FairyportError as exc:
        assert exc.location.file == "fuzz.zrf", exc


@settings(max_examples=150, deadline=None)
@given(texts)
def test_tolerant_parse_keeps_every_character(text: str) -> None:
    findings: list[Finding] = []
    try:
        document = parse_text(text, findings=findings)
    except FairyportError:
        return
    assert render(document) == text


@settings(max_examples=150, deadline=None)
@given(texts)
def test_random_sexpressions_only_raise_located_errors(text: str) -> None:
    exercise(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_validate_never_raises(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.zrf"
        path.write_text(text)
        report = validate_path(path, ValidateOptions())
        assert report.unreadable is None or report.unreadable.location.file is not None


SEEDS = [CORPUS / "dagaz-site" / "minixiangqi.zrf", CORPUS / "boarders" / "Breakthrough.zrf",
         SUBSET / "own" / "five-by-five.zrf"]
SEED_TEXTS = [p.read_text() for p in SEEDS if p.is_file()]
mutations = st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 30), st.sampled_from(["", "(", ")", '"', ";", " x ", "$1", "\n"])),
    min_size=1, max_size=6,
)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SEED_TEXTS), mutations)
def test_mutated_corpus_files_only_raise_located_errors(seed: str, edits: list[tuple[float, int, str]]) -> None:
    text = seed
    for where, length, insert in edits:
        cut = int(where * len(text))
        text = text[:cut] + insert + text[cut + length:]
    exercise(text)


atoms = st.from_regex(r"[A-Za-z0-9?!$'_-]{1,8}", fullmatch=True).map(Atom)
strings = st.text(st.characters(blacklist_characters='"', blacklist_categories=("Cs",)), max_size=12).map(String)
trees = st.recursive(atoms | strings, lambda children: st.lists(children, max_size=5).map(SList), max_leaves=40)


@settings(max_examples=150, deadline=None)
@given(st.lists(trees, max_size=4), st.sampled_from(["\r\n", "\n"]), st.sampled_from(["   ", "\t", "  "]))
def test_pretty_printed_trees_read_back_equal(forms: list[Node], newline: str, indent: str) -> None:
    text = format_forms(forms, Style(newline=newline, indent=indent, width=40))
    document = parse_text(text)
    assert len(document.items) == len(forms)
    assert all(equal(a, b) for a, b in zip(document.items, forms, strict=True))
