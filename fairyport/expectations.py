"""Perft expectation files: which positions of a game to count, to which depth, and the numbers to expect.

The format follows python-chess's ``*.perft`` files, with a line naming the game file::

    # comment
    game chess.idiagram          the game, relative to this file
    variant Knightmate           optional: the variant of a file that holds several (ZRF: title or number)
    engine model                  optional: play the game with this engine (model or native) unless --engine says
    source CPW; python-chess      where the numbers come from (free text, kept for the report)
    id start                      a position: a name,
    fen startpos                  its FEN (or ``startpos``),
    perft 1 20                    and expected counts by depth
    perft 5 4865609 slow          ``slow``: only run when asked (``fairyport check --slow``)
"""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path

from fairyport.errors import Location, ParseError
from fairyport.inputs import read_input_text


@dataclasses.dataclass(frozen=True)
class PerftLine:
    """One expected count."""

    depth: int
    nodes: int
    slow: bool = False
    line: int = 0


@dataclasses.dataclass
class PerftCase:
    """One position and its expected counts."""

    id: str
    fen: str = "startpos"
    expected: list[PerftLine] = dataclasses.field(default_factory=list)
    fen_location: Location | None = None
    """Where the FEN was written (for errors in it)."""


@dataclasses.dataclass
class Expectation:
    """A parsed expectation file."""

    path: Path
    game: Path
    source: str = ""
    variant: str | None = None
    """The variant of the game file to play (None: the file's game itself)."""
    engine: str | None = None
    """The engine to play it with (``model`` or ``native``; None: the command's choice)."""
    cases: list[PerftCase] = dataclasses.field(default_factory=list)


def read_expectation(path: Path) -> Expectation:
    """Parse an expectation file.

    :raises ParseError: with file, line and column for a malformed line.
    """
    text = read_input_text(path)
    game: Path | None = None
    variant: str | None = None
    engine: str | None = None
    source: list[str] = []
    cases: list[PerftCase] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        where = Location(str(path), number, raw.index(keyword) + 1)
        if keyword == "game":
            game = path.parent / rest
        elif keyword == "variant":
            variant = rest
        elif keyword == "engine":
            if rest not in ("model", "native"):
                raise ParseError("unknown engine", where, expected="model or native", found=rest)
            engine = rest
        elif keyword == "source":
            source.append(rest)
        elif keyword == "id":
            cases.append(PerftCase(rest))
        elif keyword in ("fen", "epd"):
            if not cases:
                raise ParseError("a fen line before any id line", where, expected="id NAME")
            cases[-1].fen = rest
            cases[-1].fen_location = Location(str(path), number, raw.index(rest) + 1)
        elif keyword == "perft":
            if not cases:
                raise ParseError("a perft line before any id line", where, expected="id NAME")
            fields = rest.split()
            if len(fields) not in (2, 3) or not all(f.isdecimal() for f in fields[:2]) or (
                    len(fields) == 3 and fields[2] != "slow"):
                raise ParseError("malformed perft line", where, expected="perft DEPTH NODES [slow]", found=line)
            cases[-1].expected.append(PerftLine(int(fields[0]), int(fields[1]), len(fields) == 3, number))
        else:
            raise ParseError(f"unknown keyword {keyword!r}", where,
                             expected="game, variant, engine, source, id, fen or perft", found=keyword)
    if game is None:
        raise ParseError("no game line", Location(str(path)), expected="game FILE")
    return Expectation(path, game, "; ".join(source), variant, engine, cases)


def bundled_fixtures() -> Path:
    """The folder of fixtures shipped with fairyport (``fixtures/`` in a source checkout).

    An installed fairyport carries them as the resource package ``fairyport.fixtures`` (a namespace package:
    its folder is found through the import system); an editable install or a source checkout uses the
    repository's ``fixtures/`` folder.
    """
    spec = importlib.util.find_spec("fairyport.fixtures")
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if (Path(location) / "games").is_dir():
                return Path(location)
    return Path(__file__).resolve().parent.parent / "fixtures"
