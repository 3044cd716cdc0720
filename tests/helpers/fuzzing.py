"""Fuzzing every reader and every writer round trip: shared by ``tests/hostile/test_fuzz.py`` (hypothesis, a few
examples each, in the default suite) and ``benchmarks/fuzz.py`` (100,000 seeded examples per reader).

An example is bytes made from a bundled file by random mutations (:func:`mutate`), or made from nothing
(:func:`noise`); it is written to a file with the reader's suffix and read with :func:`exercise`. The property:
only :class:`~fairyport.errors.FairyportError` may come out, and it names the file. A game that reads is written
in every format (``best_effort``) and the text read back by its own reader, under the same property.

Every example of the benchmark is made from ``random.Random(seed)``, so a failure is kept as ``(reader, seed)``
and replayed exactly (:data:`REGRESSION_SEEDS` in the test).
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
from pathlib import Path

from paths import FIXTURES, GAMES

import fairyport
from fairyport.engines import Engine
from fairyport.errors import FairyportError
from fairyport.expectations import read_expectation
from fairyport.formats import load_engine
from fairyport.movegen.perft import perft

SEEDS: dict[str, list[Path]] = {
    "zrf": [FIXTURES / "zrf" / "clean.zrf", GAMES / "minixiangqi.zrf", GAMES / "chess.zrf"],
    "gamecourier": [FIXTURES / "fuzz" / "mini.php", FIXTURES / "fuzz" / "link.php"],
    "idiagram": [GAMES / "chess.idiagram", GAMES / "minishogi.idiagram", GAMES / "shatranj-kamil-x.idiagram"],
    "html": [GAMES / "chess.idiagram"],
    "json": [],
    "fsf": [],
    "expectation": [GAMES / "chess.perft", GAMES / "minishogi.perft", GAMES / "shatranj-kamil-x.perft"],
}
"""The bundled files each reader's examples are mutated from (``json``, ``fsf`` and ``html`` are built in
:func:`seed_texts`). Small texts: an example's time grows with its text (a preset's code is parsed), and 100,000
examples per reader must run in minutes. ``fixtures/fuzz`` holds a 1 KB preset with settings, GAME Code in
Pre-Game and Post-Move, and a Game Courier link."""

REGRESSION_FILES = FIXTURES / "fuzz" / "regressions"
"""Failures found before a reader's seed texts changed, kept as the example's bytes (``reader-seed.suffix``):
a seed number replays only while the seed texts stay the same."""

READERS = ("zrf", "gamecourier", "idiagram", "html", "json", "fsf", "expectation")
"""Every reader fuzzed: the five game formats (the Diagram twice: as text and inside HTML) and the expectation
files of ``fairyport check``."""

SUFFIX = {"zrf": ".zrf", "gamecourier": ".php", "idiagram": ".idiagram", "html": ".html", "json": ".json",
          "fsf": ".ini", "expectation": ".perft"}
FORMAT = {"html": "idiagram"}

TOKENS: dict[str, list[bytes]] = {
    "zrf": [b"(", b")", b"(game", b"(board", b"(grid", b"(dimensions", b"(include \"x\")", b"(define m ($1))",
            b"(piece (name P) (moves (n add)))", b"(while empty? n)", b"\"", b";", b"$1", b"9" * 300, b"\xff"],
    "gamecourier": [b"$default['cols'] = ", b"999;", b"0;", b"<<<'NOW'\n", b"\nNOW;\n", b"'", b"\"", b"\\",
                    b"do:\nloop;\n", b"def K checkleap #0 #1 1 0;\n", b"{", b"}", b"/", b"k999", b"\xff", b"?>"],
    "idiagram": [b"files=", b"ranks=", b"256", b"9999", b"0", b"-1", b"king:K:K:king:", b":", b",,", b"\n",
                 b"promoZone=", b"holdingsType=-1", b"<br>", b"=", b"\xc3", b"\xff", b"a1-zz999"],
    "html": [b"<div class=\"idiagram\">", b"</div>", b"<br>", b"<script>", b"&lt;", b"<!--", b"-->", b"<b>" * 50,
             b"files=8", b"\xff", b"<meta charset=\"latin-1\">"],
    "json": [b"{", b"}", b"[", b"]", b"\"files\": ", b"1000", b"-1", b"null", b"\"\\ud800\"", b",", b":", b"\xff",
             b"\"pieces\": []", b"1e999", b"\"id\": \"\""],
    "fsf": [b"[", b"]", b"[x:chess]", b"[y:x]", b"=", b"\n", b"maxFile = ", b"maxRank = ", b"zz", b"9999", b"-1",
            b"customPiece1 = a:", b"betza", b"NN", b"startFen = ", b"/", b"pieceToCharTable = ", b"true", b"#",
            b"promotionRegionWhite = ", b"*", b"\xff"],
    "expectation": [b"game ", b"variant ", b"id x\n", b"fen ", b"perft 1 ", b"perft 9 1 slow\n", b"startpos",
                    b"/", b"8", b"99", b"w", b"b", b" - - 0 1", b"KQkq", b"[", b"]", b"\n", b"#", b"\xff"],
}
"""Fragments worth inserting, per reader: the format's own syntax and the values at its bounds."""


def seed_texts(reader: str) -> list[bytes]:
    """The texts a reader's examples start from."""
    if reader in ("json", "fsf"):
        return [fairyport.convert(GAMES / "chess.idiagram", to=reader).text.encode("utf-8"),
                fairyport.convert(GAMES / "minishogi.idiagram", to=reader).text.encode("utf-8")]
    texts = [path.read_bytes() for path in SEEDS[reader]]
    if reader == "html":
        texts = [b"<html><body><p>x</p><div class=\"idiagram\">\n" + t.replace(b"\n", b"<br>\n")
                 + b"</div></body></html>" for t in texts]
    return texts


def mutate(data: bytes, reader: str, rng: random.Random) -> bytes:
    """``data`` after one to eight random edits: slices deleted, duplicated or moved, bytes flipped, a reader's
    token inserted."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        where = rng.randrange(len(data) + 1)
        size = rng.choice((1, 1, 2, 8, 64, 512))
        choice = rng.randrange(6)
        if choice == 0:
            del data[where:where + size]
        elif choice == 1:
            data[where:where] = data[where:where + size] * rng.choice((1, 2, 50))
        elif choice == 2 and where < len(data):
            data[where] = rng.randrange(256)
        elif choice == 3:
            data[where:where] = rng.choice(TOKENS[reader]) * rng.choice((1, 1, 3, 40))
        elif choice == 4:
            other = rng.randrange(len(data) + 1)
            chunk = bytes(data[other:other + size])
            data[where:where] = chunk
        else:
            data[where:where] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return bytes(data)


def noise(reader: str, rng: random.Random) -> bytes:
    """A text made only of the reader's tokens and random bytes."""
    parts = [rng.choice(TOKENS[reader]) if rng.random() < 0.7 else bytes([rng.randrange(256)])
             for _ in range(rng.randint(0, 60))]
    return b"".join(parts)


def example(reader: str, seed: int, seeds: list[bytes]) -> bytes:
    """The example number ``seed`` of ``reader`` (nine in ten mutate a bundled file)."""
    rng = random.Random(f"{reader}:{seed}")
    if rng.random() < 0.1 or not seeds:
        return noise(reader, rng)
    return mutate(rng.choice(seeds), reader, rng)


@dataclasses.dataclass
class Outcome:
    """What one example did: ``read`` (a game), ``refused`` (a located FairyportError), or a failure."""

    kind: str
    detail: str = ""


def _located(error: FairyportError, path: Path) -> bool:
    return error.location.file is not None and Path(error.location.file).name in (path.name, "<text>")


ALL_TARGETS = ("zrf", "gamecourier", "idiagram", "json", "fsf")
"""Every writer."""
QUICK_TARGETS = ("zrf", "idiagram", "json", "fsf")
"""The writers whose text reads back in milliseconds (reading a Game Courier text runs its code)."""


def exercise(reader: str, data: bytes, folder: Path, *, round_trip: bool = True,
             targets: tuple[str, ...] = ALL_TARGETS, validate: bool = True) -> Outcome:
    """Read ``data`` as a file of ``reader`` (and validate it), and write a game that reads in each of
    ``targets`` and read each text back. Returns the outcome; a failure's ``kind`` is ``traceback`` or
    ``unlocated``."""
    path = folder / f"example{SUFFIX[reader]}"
    path.write_bytes(data)
    if reader == "expectation":
        return _expectation(path)
    fmt = FORMAT.get(reader, reader)
    try:
        try:
            game = fairyport.read(path, format=fmt)
        except FairyportError as error:
            if not _located(error, path):
                return Outcome("unlocated", f"read: {error.message()}")
            game = None
        if validate and fmt != "json":
            report = fairyport.validate(path, format=fmt)
            if report.unreadable is not None and not _located(report.unreadable, path):
                return Outcome("unlocated", f"validate: {report.unreadable.message()}")
        if game is None:
            return Outcome("refused")
        if round_trip:
            for target in targets:
                try:
                    text = fairyport.write(game, target, best_effort=True).text
                except FairyportError:
                    continue
                if target == "fsf":
                    continue
                try:
                    fairyport.read(text, format=target)
                except FairyportError as error:
                    if error.location.file is None:
                        return Outcome("unlocated", f"{target} read back: {error.message()}")
    except Exception as error:  # the property: nothing else may escape
        return Outcome("traceback", f"{type(error).__name__}: {error}"[:300])
    return Outcome("read")


_ENGINES: dict[str, Engine] = {}


def _engine(name: str) -> Engine | None:
    """The model engine of the bundled game ``name`` an expectation file names (None: not an expectation seed's
    game: a mutated name is not followed outside the bundled games)."""
    if name not in _ENGINES:
        if name not in {p.name.replace(".perft", ".idiagram") for p in SEEDS["expectation"]}:
            return None
        _ENGINES[name] = load_engine(GAMES / name, engine="model")
    return _ENGINES[name]


def _expectation(path: Path) -> Outcome:
    """Read an expectation file as ``fairyport check`` does: each case's FEN set up on the bundled game it names
    and its moves generated (perft 1)."""
    try:
        try:
            expectation = read_expectation(path)
        except FairyportError as error:
            return Outcome("refused") if _located(error, path) else Outcome("unlocated", error.message())
        engine = _engine(expectation.game.name)
        if engine is None:
            return Outcome("read")
        refused = False
        for case in expectation.cases:
            try:
                perft(engine.position(case.fen, case.fen_location), 1)
            except FairyportError as error:
                if not _located(error, path):
                    return Outcome("unlocated", f"{case.id}: {error.message()}")
                refused = True
    except Exception as error:  # the property: nothing else may escape
        return Outcome("traceback", f"{type(error).__name__}: {error}"[:300])
    return Outcome("refused" if refused else "read")


def fresh_folder() -> tempfile.TemporaryDirectory[str]:
    """A private folder for the examples' files."""
    return tempfile.TemporaryDirectory(prefix="fairyport-fuzz-")
