"""Runs every hostile-input case of issue 19 as a subprocess and prints a table: exit code, seconds (wall and
CPU), peak memory, the first line of stderr, and whether the case meets the bound (a documented exit code, a
located message, no traceback, within 20 s and under 1 GiB).

    nice -n 10 python benchmarks/hostile_probe.py [--only NAME] [--limit-gib 3] [--timeout 30]

Each case runs in a fresh folder under a private temporary folder, with an address-space limit (``--limit-gib``)
so that a case that would grow without bound fails here instead of taking the machine; peak memory is the
child's maximum resident set size from ``wait4``. The cases build their inputs themselves (no third-party file).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
TIME_BOUND = 20.0
"""Seconds a case may take (the issue's bound)."""
MEMORY_BOUND_MIB = 1024
"""Peak resident memory a case may use (the issue's bound)."""
DOCUMENTED_EXITS = {0, 1, 2, 3, 4, 5}


@dataclasses.dataclass
class Case:
    """One hostile case: ``setup`` writes its inputs into the folder and returns the fairyport arguments."""

    name: str
    setup: Callable[[Path], list[str]]
    """(``api``: a list of one string, the Python code.)"""
    exits: set[int]
    """The exit codes that are right for this case."""
    note: str = ""
    owner: str = ""
    """Whose part of the issue this case is, when not issue 19's own."""
    stdout: str | None = None
    """A file (a device) the case's standard output goes to, instead of a file of the probe's."""
    file_size: int | None = None
    """A limit on the size of the files the case writes, in bytes (``ulimit -f``)."""
    api: bool = False
    """``setup`` returns Python code calling the API (run by :data:`API_RUNNER`), not command-line arguments."""


def _write(folder: Path, name: str, data: bytes | str) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return str(path)


def _big_diagram(pieces: int) -> str:
    lines = ["files=256", "ranks=256", "queen:Q:Q:queen:" + ",".join(f"{chr(97 + i % 26)}{1 + i // 26}"
                                                                       for i in range(pieces // 2)) + ",,"
             + ",".join(f"{chr(97 + i % 26)}{256 - i // 26}" for i in range(pieces // 2)),
             "king:K:K:king:z128,,z129"]
    return "\n".join(lines) + "\n"


def _wide_json(files: int) -> str:
    sys.path.insert(0, str(ROOT))
    import fairyport

    text = fairyport.convert(FIXTURES / "games" / "chess.idiagram", to="json").text
    return text.replace('"files": 8,', f'"files": {files},', 1)


def _fifo(folder: Path) -> list[str]:
    path = folder / "pipe.zrf"
    os.mkfifo(path)
    return ["perft", str(path), "--depth", "1"]


def _prose(megabytes: int) -> str:
    line = "This is a sentence of prose about the game, with no equals sign and no colon in it at all\n"
    return "files=8\nranks=8\n" + line * (megabytes * 1024 * 1024 // len(line)) + "king:K:K:king:e1,,e8\n"


def _big_zrf(megabytes: int) -> str:
    chess = (FIXTURES / "games" / "chess.zrf").read_text(encoding="utf-8")
    filler = "; a comment line that pads the file out to its size\n(define pad-macro (a b c d e f g))\n"
    return chess + filler * (megabytes * 1024 * 1024 // len(filler))


def _big_php(megabytes: int) -> str:
    head = (FIXTURES / "games" / "chess.php").read_text(encoding="utf-8")
    return head + ("// padding comment line of a preset that goes on and on\n" * (megabytes * 1024 * 1024 // 56))


def _loop_preset(folder: Path, name: str, body: str) -> str:
    text = (FIXTURES / "games" / "chess.php").read_text(encoding="utf-8")
    for key in ("postauto1", "postauto2"):
        marker = f"$default['{key}'] = <<<'NOW'\n"
        text = text.replace(marker, marker + body + "\n", 1)
    return _write(folder, name, text)


def _html_huge(folder: Path) -> list[str]:
    diagram = (FIXTURES / "games" / "chess.idiagram").read_text(encoding="utf-8")
    page = ("<html><body><p>" + "x" * 10_500_000 + "</p><div class=\"idiagram\">\n" + diagram
            + "</div></body></html>\n")
    return ["perft", _write(folder, "huge.html", page), "--depth", "1"]


def _include(folder: Path, target: str) -> list[str]:
    chess = (FIXTURES / "games" / "chess.zrf").read_text(encoding="utf-8")
    return ["validate", _write(folder, "sub/inc.zrf", f'(include "{target}")\n' + chess)]


def _readonly_target(folder: Path) -> list[str]:
    if os.geteuid() == 0:  # root writes through a folder's permissions: take sysfs, which refuses everyone
        target = "/sys/fairyport-probe.json"
    else:
        locked = folder / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
        target = str(locked / "out.json")
    return ["convert", str(FIXTURES / "games" / "chess.idiagram"), "--to", "json", "-o", target]


def _piece(betza: str) -> str:
    return f"files=8\nranks=8\nx:X:{betza}:x:d4\nking:K:K:king:a1,,h8\n"


def _include_tree(folder: Path) -> list[str]:
    """20 files of 40 bytes, each including the next twice: 2**20 reads within the depth bound."""
    for level in range(20):
        _write(folder, f"f{level}.inc", f'(include "f{level + 1}.inc")\n' * 2)
    _write(folder, "f20.inc", "; leaf\n")
    chess = (FIXTURES / "games" / "chess.zrf").read_text(encoding="utf-8")
    return ["perft", _write(folder, "tree.zrf", '(include "f0.inc")\n' + chess), "--depth", "1"]


def _macro_bomb(levels: int) -> str:
    lines = ["(define m0 (x $1 $1 $1 $1))"]
    lines += [f"(define m{n} (m{n - 1} $1a) (m{n - 1} $1b))" for n in range(1, levels)]
    chess = (FIXTURES / "games" / "chess.zrf").read_text(encoding="utf-8")
    return "\n".join([*lines, f"(m{levels - 1} s)"]) + "\n" + chess


def _piece_lines(count: int) -> str:
    return "files=8\nranks=8\n" + "".join(f"p{n}:P{n}:W:pawn:\n" for n in range(count)) + "king:K:K:king:a1,,h8\n"


def _json_with(old: str, new: str) -> str:
    text = _wide_json(8)
    return text.replace(old, new, 1)


def _gc_link(code: str) -> str:
    return f"game=x&cols=8&code={code}"


def _escape_preset(folder: Path) -> list[str]:
    text = (FIXTURES / "games" / "chess.php").read_text(encoding="utf-8")
    text = text.replace("setsystem maxmove 2;", "setsystem maxmove 2;\n\x1b]0;PWNED\x07\x1b[2J;", 1)
    return ["validate", _write(folder, "escape.php", text)]


def _symlink_loop(folder: Path) -> list[str]:
    (folder / "a").symlink_to(folder / "b")
    (folder / "b").symlink_to(folder / "a")
    return ["convert", str(FIXTURES / "games" / "chess.idiagram"), "--to", "zrf", "-o", str(folder / "a")]


CHESS_DIAGRAM = str(FIXTURES / "games" / "chess.idiagram")

API_RUNNER = """import sys
from pathlib import Path
import fairyport
from fairyport.errors import FairyportError
try:
    exec(sys.argv[1])
except FairyportError as error:
    print(f"fairyport: {error.message()}", file=sys.stderr)
    sys.exit(error.exit_code)
"""
"""Runs an API case's code: a fairyport error ends it with its message and exit code, as the command line does;
anything else (a ``TypeError``, an ``OSError``) is a traceback, which fails the case."""


def _chess_zrf() -> str:
    return (FIXTURES / "games" / "chess.zrf").read_text(encoding="utf-8")


def _king_moves(entry: str) -> str:
    """Chess as ZRF with ``entry`` first in the King's ``moves`` list."""
    chess = _chess_zrf()
    at = chess.index("(moves", chess.index("(name King)")) + len("(moves")
    return chess[:at] + " " + entry + chess[at:]


def _big_grid() -> str:
    """Chess as ZRF on a grid of 308 x 30 x 8 = 73,920 positions (past the 65,536 of a 256x256 board)."""
    files = "a/b/c/d/e/f/g/h/" + "/".join(f"x{n}" for n in range(300))
    third = "/".join(f"z{n}" for n in range(30))
    return _chess_zrf().replace('("a/b/c/d/e/f/g/h" (50 0))', f'("{files}" (50 0)) ("{third}" (0 1))', 1)

ISSUE_37 = "issue 37"

CASES_37: list[Case] = [
    Case("XBetza aaaaW perft(1)", lambda d: ["perft", _write(d, "a4.idiagram", _piece("aaaaW")), "--depth", "1"],
         {3}, owner=ISSUE_37),
    Case("XBetza aaaaaaW perft(1)", lambda d: ["perft", _write(d, "a6.idiagram", _piece("aaaaaaW")), "--depth", "1"],
         {3}, owner=ISSUE_37),
    Case("XBetza mamamamaK perft(1)", lambda d: ["perft", _write(d, "m4.idiagram", _piece("mamamamaK")), "--depth",
                                                 "1"], {3}, owner=ISSUE_37),
    Case("XBetza mamamamamaK perft(1)", lambda d: ["perft", _write(d, "m5.idiagram", _piece("mamamamamaK")),
                                                   "--depth", "1"], {3}, owner=ISSUE_37),
    Case("XBetza 600 legs show", lambda d: ["show", _write(d, "a600.idiagram", _piece("a" * 600 + "W"))], {4},
         owner=ISSUE_37),
    Case("XBetza fW x 100,000 perft", lambda d: ["perft", _write(d, "fw.idiagram", _piece("fW" * 100_000)),
                                                 "--depth", "1"], {4}, owner=ISSUE_37),
    Case("ZRF include tree 2**20", _include_tree, {4}, owner=ISSUE_37),
    Case("ZRF macro bomb, calls all different", lambda d: ["perft", _write(d, "bomb.zrf", _macro_bomb(24)),
                                                           "--depth", "1"], {4}, owner=ISSUE_37),
    Case("ZRF include name of 300 bytes", lambda d: ["perft", _write(d, "long.zrf", f'(include "{"n" * 300}")\n'
                                                     + (FIXTURES / "games" / "chess.zrf").read_text(encoding="utf-8")),
                                                     "--depth", "1"], {4}, owner=ISSUE_37),
    Case("Diagram 10,000 piece lines", lambda d: ["validate", _write(d, "lines.idiagram", _piece_lines(10_000))],
         {0, 1}, owner=ISSUE_37),
    Case("GC FEN code 40,000 x", lambda d: ["perft", _write(d, "x.gc", _gc_link("x" * 40_000)), "--depth", "1"],
         {4}, owner=ISSUE_37),
    Case("GC FEN code 1,000,000 /", lambda d: ["perft", _write(d, "s.gc", _gc_link("/" * 1_000_000)), "--depth",
                                               "1"], {4}, owner=ISSUE_37),
    Case("GC FEN digit run of 5,000", lambda d: ["perft", _write(d, "d.gc", _gc_link("9" * 5000)), "--depth", "1"],
         {4}, owner=ISSUE_37),
    Case("JSON 15 MB title", lambda d: ["perft", _write(d, "title.json", _json_with('"title": "', '"title": "'
                                                                                   + "T" * 15_000_000)),
                                        "--depth", "1"], {0}, owner=ISSUE_37),
    Case("JSON integer of 5,000 digits", lambda d: ["perft", _write(d, "int.json", _json_with('"files": 8', '"files": '
                                                                                            + "9" * 5000)),
                                                    "--depth", "1"], {4}, owner=ISSUE_37),
    Case("JSON title \\ud800 show", lambda d: ["show", _write(d, "sur.json", _json_with('"title": "',
                                                                                        '"title": "\\ud800'))],
         {4}, owner=ISSUE_37),
    Case("JSON title \\ud800 convert --to zrf", lambda d: ["convert", _write(d, "sur2.json", _json_with(
        '"title": "', '"title": "\\ud800')), "--to", "zrf"], {4}, owner=ISSUE_37),
    Case("JSON with a UTF-8 BOM", lambda d: ["perft", _write(d, "bom.json", b"\xef\xbb\xbf" + _wide_json(8).encode()),
                                             "--depth", "1"], {0}, owner=ISSUE_37),
    Case("ZRF in UTF-16", lambda d: ["perft", _write(d, "u16.zrf", (FIXTURES / "games" / "chess.zrf").read_text(
        encoding="utf-8").encode("utf-16")), "--depth", "1"], {4}, owner=ISSUE_37),
    Case("output -o onto a symlink loop", _symlink_loop, {5}, owner=ISSUE_37),
    Case("output -o with a 255-byte name", lambda d: ["convert", CHESS_DIAGRAM, "--to", "zrf", "-o",
                                                      str(d / ("n" * 251 + ".zrf"))], {0}, owner=ISSUE_37),
    Case("stdout on /dev/full", lambda d: ["show", CHESS_DIAGRAM], {5}, owner=ISSUE_37, stdout="/dev/full"),
    Case("convert -o with ulimit -f 1", lambda d: ["convert", CHESS_DIAGRAM, "--to", "zrf", "-o",
                                                   str(d / "small.zrf")], {5}, owner=ISSUE_37, file_size=1024),
    Case("GAME Code line with terminal escapes", _escape_preset, {0, 1}, owner=ISSUE_37,
         note="no raw ESC or BEL in the output"),
    Case("GC FEN code 100,000 x", lambda d: ["perft", _write(d, "x100k.gc", _gc_link("x" * 100_000)), "--depth", "1"],
         {4}, owner=ISSUE_37),
    Case("Diagram 10,000 piece lines perft", lambda d: ["perft", _write(d, "lines2.idiagram", _piece_lines(10_000)),
                                                        "--depth", "1"], {3}, owner=ISSUE_37,
         note="read in time; then MAX_COMPILED_TYPES (1,024) refuses to count it"),
    Case("ZRF atom in (moves ...) perft", lambda d: ["perft", _write(d, "atom.zrf", _king_moves("king-step")),
                                                     "--depth", "1"], {4}, owner=ISSUE_37),
    Case("ZRF atom in (moves ...) convert", lambda d: ["convert", _write(d, "atom2.zrf", _king_moves("king-step")),
                                                       "--to", "idiagram"], {4}, owner=ISSUE_37),
    Case("ZRF atom in (moves ...) validate", lambda d: ["validate", _write(d, "atom3.zrf", _king_moves("king-step"))],
         {1}, owner=ISSUE_37),
    Case("ZRF while past 100,000 turns, validate --run", lambda d: [
        "validate", "--run", _write(d, "while.zrf", _king_moves("((while true (verify true)) add)"))], {1},
         owner=ISSUE_37, note="the error finding run-not-run, where perft gives exit 3"),
    Case("ZRF while past 100,000 turns, perft", lambda d: [
        "perft", _write(d, "while2.zrf", _king_moves("((while true (verify true)) add)")), "--depth", "1"], {3},
         owner=ISSUE_37),
    Case("ZRF grid of 73,920 positions, validate", lambda d: ["validate", _write(d, "grid.zrf", _big_grid())], {3},
         owner=ISSUE_37),
    Case("ZRF grid of 73,920 positions, perft", lambda d: ["perft", _write(d, "grid2.zrf", _big_grid()), "--depth",
                                                           "1"], {3}, owner=ISSUE_37),
    Case("API read(b'...')", lambda d: ["fairyport.read(b'files=8')"], {2}, owner=ISSUE_37, api=True),
    Case("API read(None)", lambda d: ["fairyport.read(None)"], {2}, owner=ISSUE_37, api=True),
    Case("API perft(game, 'x')", lambda d: [f"fairyport.perft(fairyport.read(Path({CHESS_DIAGRAM!r})), 'x')"], {2},
         owner=ISSUE_37, api=True),
    Case("API perft(..., engine='bogus')",
         lambda d: [f"fairyport.perft(Path({CHESS_DIAGRAM!r}), 1, engine='bogus')"], {2}, owner=ISSUE_37, api=True),
    Case("API read of an XBetza of 600 legs", lambda d: [f"fairyport.read({_piece('a' * 600 + 'W')!r}, "
                                                         "format='idiagram')"], {4}, owner=ISSUE_37, api=True),
    Case("API read, include name of 300 bytes", lambda d: ["fairyport.read(Path({!r}))".format(_write(
        d, "long2.zrf", f'(include "{"n" * 300}")\n' + _chess_zrf()))], {4}, owner=ISSUE_37, api=True),
]
"""The cases of issue 37 (hostile input, round two); the worker and signal cases are :func:`probe_workers`."""


CASES: list[Case] = [
    Case("dev-zero perft", lambda d: ["perft", "/dev/zero", "--depth", "1"], {4}),
    Case("dev-zero perft --from zrf", lambda d: ["perft", "/dev/zero", "--from", "zrf", "--depth", "1"], {4}),
    Case("dev-zero validate", lambda d: ["validate", "/dev/zero"], {4}),
    Case("directory as input", lambda d: ["perft", str(d), "--depth", "1"], {2, 4}),
    Case("FIFO as input", _fifo, {4}),
    Case("GC cols=100000 link", lambda d: ["perft", _write(d, "big.gc", "game=x&cols=100000&code=k99999%2FK99999"),
                                           "--depth", "1"], {4}),
    Case("GC board of 703 columns", lambda d: ["perft", _write(d, "wide.gc", "game=x&cols=703&code=k701K"),
                                               "--depth", "1"], {4}),
    Case("JSON board of 1000 files", lambda d: ["perft", _write(d, "wide.json", _wide_json(1000)), "--depth", "1"],
         {4}),
    Case("JSON random bytes", lambda d: ["perft", _write(d, "random.json", bytes(range(256)) * 8), "--depth", "1"],
         {4}),
    Case("JSON invalid UTF-8", lambda d: ["perft", _write(d, "bad.json", b'{"fairyport": "g\xffame"}'), "--depth",
                                          "1"], {4}),
    Case("JSON [ x 100000", lambda d: ["perft", _write(d, "deep.json", "[" * 100_000), "--depth", "1"], {4}),
    Case("ZRF ( x 100000", lambda d: ["validate", _write(d, "deep.zrf", "(game " + "(" * 100_000)], {1, 4}),
    Case("ZRF ( x 100000 perft", lambda d: ["perft", _write(d, "deep2.zrf", "(game " + "(" * 100_000 + ")" * 100_001),
                                            "--depth", "1"], {3, 4}),
    Case("ZRF include /etc/passwd", lambda d: _include(d, "/etc/passwd"), {1, 4},
         note="must not print /etc/passwd positions"),
    Case("ZRF include ../../../../etc/passwd", lambda d: _include(d, "../../../../../../../../etc/passwd"), {1, 4},
         note="must not print /etc/passwd positions"),
    Case("Diagram 1 MB prose", lambda d: ["perft", _write(d, "prose1.idiagram", _prose(1)), "--depth", "1"],
         {0, 4}),
    Case("Diagram 2 MB prose", lambda d: ["perft", _write(d, "prose2.idiagram", _prose(2)), "--depth", "1"],
         {0, 4}),
    Case("ZRF 10 MB validate", lambda d: ["validate", "--max-input-size", "64MiB", _write(d, "big.zrf", _big_zrf(10))],
         {0, 1, 4}),
    Case("ZRF 10 MB perft --depth 1", lambda d: ["perft", "--max-input-size", "64MiB",
                                                 _write(d, "bigp.zrf", _big_zrf(10)), "--depth", "1"], {0}),
    Case("ZRF 20 MB validate (over the default cap)", lambda d: ["validate", _write(d, "big20.zrf", _big_zrf(20))],
         {4}),
    Case("ZRF 20 MB validate, cap raised", lambda d: ["validate", "--max-input-size", "64MiB",
                                                      _write(d, "big20r.zrf", _big_zrf(20))], {0, 1}),
    Case("ZRF 20 MB perft --depth 1, cap raised", lambda d: ["perft", "--max-input-size", "64MiB",
                                                             _write(d, "big20p.zrf", _big_zrf(20)), "--depth", "1"],
         {0}),
    Case("PHP 100 MB perft", lambda d: ["perft", _write(d, "big.php", _big_php(100)), "--depth", "1"], {4}),
    Case("PHP 20 MB perft, cap raised", lambda d: ["perft", "--max-input-size", "32MiB",
                                                   _write(d, "big20.php", _big_php(20)), "--depth", "1"], {0}),
    Case("HTML text node > 10,000,000 chars", _html_huge, {0}, note="the diagram must be found"),
    Case("empty .idiagram", lambda d: ["perft", _write(d, "empty.idiagram", ""), "--depth", "1"], {4}),
    Case("empty .idiagram validate", lambda d: ["validate", _write(d, "empty2.idiagram", "")], {1, 4}),
    Case(".idiagram holding a ZRF", lambda d: ["perft", _write(d, "zrf.idiagram", (FIXTURES / "games" / "chess.zrf")
                                                               .read_text(encoding="utf-8")), "--depth", "1"], {4}),
    Case("Diagram invalid UTF-8", lambda d: ["perft", _write(d, "bad.idiagram", b"files=8\nranks=8\nki\xffng:K:K:king:"
                                                             b"e1,,e8\n"), "--depth", "1"], {4}),
    Case("output folder missing (convert -o)", lambda d: ["convert", str(FIXTURES / "games" / "chess.idiagram"),
                                                          "--to", "json", "-o", str(d / "new" / "out.json")], {0}),
    Case("output folder missing (show --svg)", lambda d: ["show", str(FIXTURES / "games" / "chess.idiagram"),
                                                          "--svg", str(d / "new2" / "b.svg")], {0}),
    Case("output to read-only folder", _readonly_target, {5}),
    Case("output to /dev/full", lambda d: ["convert", str(FIXTURES / "games" / "chess.idiagram"), "--to", "json",
                                           "-o", "/dev/full"], {5}),
    Case("output path is a folder", lambda d: ["convert", str(FIXTURES / "games" / "chess.idiagram"), "--to", "json",
                                               "-o", str(d)], {5}),
    Case("validate --run endless loop", lambda d: ["validate", "--run", _loop_preset(d, "loop.php", "do:\nloop;")],
         {1}, note="an error finding naming the step limit, as with --against"),
    Case("validate --against endless loop", lambda d: ["validate", "--against",
                                                       str(FIXTURES / "games" / "chess.idiagram"),
                                                       _loop_preset(d, "loop2.php", "do:\nloop;")], {1}),
    Case("perft --jobs 2 error prefix", lambda d: ["perft", _write(d, "jobs.json", "{"), "--depth", "3", "--jobs",
                                                   "2"], {4}, note="message names the file"),
    Case("256x256 Diagram, 50 queens, perft(2)", lambda d: ["perft", _write(d, "q50.idiagram", _big_diagram(50)),
                                                            "--depth", "2"], {0}, owner="helper 21"),
    Case("256x256 Diagram, report --depth 1", lambda d: ["report", _write(d, "q50r.idiagram", _big_diagram(50)),
                                                         "-o", str(d / "rep"), "--depth", "1"], {0},
         owner="helper 21"),
    Case("GAME Code 600,000 loops per move, perft(2)",
         lambda d: ["perft", _loop_preset(d, "loop600k.php", "set i 0;\ndo while < #i 600000:\nset i + #i 1;\nloop;"),
                    "--depth", "2"], {3}),
    *CASES_37,
]


def _limit(gib: float, file_size: int | None = None) -> Callable[[], None]:
    def apply() -> None:
        size = int(gib * 1024 ** 3)
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
        if file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
        os.setsid()
    return apply


@dataclasses.dataclass
class Result:
    """What one case did."""

    case: Case
    code: int | None
    seconds: float
    cpu_seconds: float
    """User and system time of the child: what the case costs, whatever else the machine is running."""
    peak_mib: float
    first_line: str
    traceback: bool
    leaked: bool
    raw_controls: bool = False
    """The output held a raw ESC or BEL (a terminal would obey it)."""
    leftovers: tuple[str, ...] = ()
    """What the case left behind: files in its private temporary folder, ``.NAME.*.tmp`` files of an output, an
    ``-o`` target written by a case that failed."""

    @property
    def ok(self) -> bool:
        located = self.code == 0 or ":" in self.first_line
        return (self.code in self.case.exits and self.seconds <= TIME_BOUND and self.peak_mib <= MEMORY_BOUND_MIB
                and not self.traceback and located and not self.leaked and not self.raw_controls
                and not self.leftovers)


TIME_V = Path("/usr/bin/time")
"""GNU time: with ``--time-v`` every case runs under ``time -v``, whose wall time and maximum resident set size
are the figures reported."""


def _time_v(report: Path) -> tuple[float, float] | None:
    """Wall seconds and peak MiB from a ``time -v`` report, or None (no report: the case was killed)."""
    try:
        lines = dict(line.strip().rsplit(": ", 1) for line in report.read_text().splitlines() if ": " in line)
    except OSError:
        return None
    wall = lines.get("Elapsed (wall clock) time (h:mm:ss or m:ss)")
    peak = lines.get("Maximum resident set size (kbytes)")
    if wall is None or peak is None:
        return None
    seconds = sum(float(part) * 60 ** power for power, part in enumerate(reversed(wall.split(":"))))
    return seconds, int(peak) / 1024


def _target(args: list[str]) -> Path | None:
    """The ``-o`` target of a command, if it names one."""
    return Path(args[args.index("-o") + 1]) if "-o" in args[:-1] else None


def _leftovers(folder: Path, temporary: Path, target: Path | None, existed: bool, code: int | None) -> list[str]:
    """What a case left behind (see :attr:`Result.leftovers`)."""
    left = [f"temporary {p.name}" for p in temporary.rglob("*")]
    left += [f"partial output {p.name}" for p in folder.rglob(".*.tmp")]
    if target is not None and code != 0 and not existed and target.is_file() and not target.is_symlink():
        left.append(f"-o target written by a failed run: {target.name[:40]}")
    return left


def run_case(case: Case, folder: Path, timeout: float, gib: float, time_v: bool = False) -> Result:
    """Run ``case`` in ``folder`` (its own temporary folder inside); a run past ``timeout`` is killed (its code is
    None)."""
    args = case.setup(folder)
    command = [sys.executable, "-c", API_RUNNER, *args] if case.api else [sys.executable, "-m", "fairyport", *args]
    if time_v:
        command = [str(TIME_V), "-v", "-o", str(folder / "time-v"), *command]
    temporary = folder / "tmp"
    temporary.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary)}
    target = None if case.api else _target(args)
    existed = target is not None and target.exists()
    out, err = folder / "stdout", folder / "stderr"
    start = time.perf_counter()
    with open(case.stdout or out, "wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, env=env,
                                   preexec_fn=_limit(gib, case.file_size), cwd=folder)
        code: int | None = None
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() - start > timeout:
                os.killpg(process.pid, signal.SIGKILL)
                _, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.02)
        process.returncode = code if code is not None else -9
    seconds = time.perf_counter() - start
    if case.stdout is not None:
        out.write_bytes(b"")
    text = err.read_text(encoding="utf-8", errors="replace") + out.read_text(encoding="utf-8", errors="replace")
    lines = [line for line in err.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    if not lines:
        lines = [line for line in out.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024
    if time_v and (measured := _time_v(folder / "time-v")) is not None:
        seconds, peak = measured
    return Result(case, code, seconds, cpu, peak, lines[0][:150] if lines else "",
                  "Traceback" in text, "root:x:0" in text or "/etc/passwd:" in text,
                  "\x1b" in text or "\x07" in text,
                  tuple(_leftovers(folder, temporary, target, existed, code)))


def probe_sigkill(folder: Path) -> tuple[bool, str]:
    """Kill ``convert -o`` over an existing file at many moments of its run; the target must always hold the old
    text or the whole new one."""
    source = folder / "big.idiagram"
    source.write_text((FIXTURES / "games" / "chess.idiagram").read_text(encoding="utf-8"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    complete = subprocess.run([sys.executable, "-m", "fairyport", "convert", str(source), "--to", "json"],
                              capture_output=True, env=env, check=True).stdout
    target = folder / "out.json"
    old = b'{"old": "contents"}\n' * 1000
    outcomes = {"old": 0, "new": 0}
    for delay in [0.05 * i for i in range(1, 30)]:
        target.write_bytes(old)
        process = subprocess.Popen([sys.executable, "-m", "fairyport", "convert", str(source), "--to", "json", "-o",
                                    str(target)], env=env)
        time.sleep(delay)
        process.kill()
        process.wait()
        data = target.read_bytes()
        if data == old:
            outcomes["old"] += 1
        elif data == complete:
            outcomes["new"] += 1
        else:
            return False, f"after {delay:.2f} s the target holds {len(data)} bytes, neither old nor new"
    leftovers = [p.name for p in folder.iterdir() if p.name.startswith(".out.json")]
    if leftovers:
        return True, (f"old {outcomes['old']}, new {outcomes['new']} "
                      f"(temporary files left by the kill: {len(leftovers)})")
    return True, f"old {outcomes['old']}, new {outcomes['new']}"


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def _session(sid: int) -> list[int]:
    """The live processes of session ``sid`` (what ``ps -s SID`` lists): a worker that outlived the run, even one
    the probe never saw, is still in the session the run started."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[3]) == sid:
            found.append(int(stat_file.parent.name))
    return found


def _worker_run(how: str) -> tuple[bool, str]:
    """Start ``perft --divide --depth 6 --jobs 2`` of chess, do ``how`` once both workers run, and check that the
    run ends within :data:`TIME_BOUND`, without a traceback, with its workers gone."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "fairyport", "perft", CHESS_DIAGRAM, "--depth", "6", "--divide",
                                "--jobs", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env=env, start_new_session=True)
    workers: list[int] = []
    deadline = time.monotonic() + TIME_BOUND
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
        workers = [int(child) for task in Path(f"/proc/{process.pid}/task").iterdir()
                   for child in (task / "children").read_text().split()]
    actions = {"kill -9 a worker": lambda: os.kill(workers[0], signal.SIGKILL),
               "SIGTERM": lambda: os.kill(process.pid, signal.SIGTERM),
               "SIGHUP": lambda: os.kill(process.pid, signal.SIGHUP),
               "Ctrl-C (SIGINT to the group)": lambda: os.killpg(process.pid, signal.SIGINT),
               "SIGKILL to the parent": lambda: os.kill(process.pid, signal.SIGKILL)}
    start = time.perf_counter()
    actions[how]()
    try:
        _, err = process.communicate(timeout=TIME_BOUND)
    except subprocess.TimeoutExpired:
        for pid in [process.pid, *workers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.communicate()
        return False, f"still running {TIME_BOUND:.0f} s after {how}"
    seconds = time.perf_counter() - start
    time.sleep(1)
    left = sorted({pid for pid in workers if _alive(pid)} | set(_session(process.pid)))
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    message = err.strip().splitlines()[-1] if err.strip() else ""
    fine = not left and "Traceback" not in err
    return fine, f"exit {process.returncode} after {seconds:.2f} s, workers left {len(left)}: {message[:110]}"


WORKER_CASES = ("kill -9 a worker", "SIGTERM", "SIGHUP", "Ctrl-C (SIGINT to the group)", "SIGKILL to the parent")


def probe_workers() -> list[tuple[str, bool, str]]:
    """Every :data:`WORKER_CASES` on a running ``perft --jobs 2``."""
    return [(how, *_worker_run(how)) for how in WORKER_CASES]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run only the cases whose name or owner contains this (\"issue 37\")")
    parser.add_argument("--timeout", type=float, default=30.0, help="kill a case after this many seconds")
    parser.add_argument("--limit-gib", type=float, default=3.0, help="address-space limit of each case")
    parser.add_argument("--time-v", action="store_true",
                        help="run every case under /usr/bin/time -v and report its wall time and peak memory")
    parser.add_argument("--markdown", action="store_true", help="end with a Markdown table (case, exit, s, MiB)")
    args = parser.parse_args()
    if args.time_v and not TIME_V.exists():
        parser.error(f"--time-v: no {TIME_V}")
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="hostile-") as top:
        for index, case in enumerate(CASES):
            if args.only and args.only.lower() not in f"{case.name} [{case.owner}]".lower():
                continue
            folder = Path(top) / f"case{index:02d}"
            folder.mkdir()
            result = run_case(case, folder, args.timeout, args.limit_gib, args.time_v)
            results.append(result)
            mark = "ok " if result.ok else "BAD"
            code = "killed" if result.code is None else str(result.code)
            owner = f" [{case.owner}]" if case.owner else ""
            print(f"{mark} | {case.name}{owner} | exit {code} (want {sorted(case.exits)}) | {result.seconds:6.2f} s "
                  f"({result.cpu_seconds:6.2f} CPU s) | "
                  f"{result.peak_mib:7.1f} MiB | {result.first_line}"
                  + (f" | LEFT: {', '.join(result.leftovers)}" if result.leftovers else ""), flush=True)
            for path in Path(top).glob(f"case{index:02d}/locked"):
                path.chmod(0o700)
        if not args.only or "workers" in args.only.lower():
            for how, fine, detail in probe_workers():
                print(f"{'ok ' if fine else 'BAD'} | perft --jobs 2, {how} [{ISSUE_37}] | {detail}", flush=True)
                if not fine:
                    results.append(Result(Case(how, lambda d: [], {0}), None, 0, 0, 0, detail, False, False))
        if not args.only or "sigkill" in args.only.lower():
            folder = Path(top) / "sigkill"
            folder.mkdir()
            fine, detail = probe_sigkill(folder)
            print(f"{'ok ' if fine else 'BAD'} | convert -o killed with SIGKILL mid-write | {detail}")
    if args.markdown:
        print("\n| case | exit | wall s | CPU s | peak MiB |\n|---|---|---|---|---|")
        for r in results:
            print(f"| {r.case.name} | {'killed' if r.code is None else r.code} | {r.seconds:.2f} | "
                  f"{r.cpu_seconds:.2f} | {r.peak_mib:.0f} |")
    bad = [r for r in results if not r.ok]
    print(f"\n{len(results) - len(bad)} of {len(results)} cases within the bounds "
          f"(exit code documented and expected, located message, no traceback, <= {TIME_BOUND:.0f} s, "
          f"<= {MEMORY_BOUND_MIB} MiB)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
