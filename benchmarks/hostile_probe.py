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
    exits: set[int]
    """The exit codes that are right for this case."""
    note: str = ""
    owner: str = ""
    """Whose part of the issue this case is, when not issue 19's own."""


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
]


def _limit(gib: float) -> Callable[[], None]:
    def apply() -> None:
        size = int(gib * 1024 ** 3)
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
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

    @property
    def ok(self) -> bool:
        located = self.code == 0 or ":" in self.first_line
        return (self.code in self.case.exits and self.seconds <= TIME_BOUND and self.peak_mib <= MEMORY_BOUND_MIB
                and not self.traceback and located and not self.leaked)


def run_case(case: Case, folder: Path, timeout: float, gib: float) -> Result:
    """Run ``case`` in ``folder``; a run past ``timeout`` is killed (its code is None)."""
    args = case.setup(folder)
    command = [sys.executable, "-m", "fairyport", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out, err = folder / "stdout", folder / "stderr"
    start = time.perf_counter()
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, env=env,
                                   preexec_fn=_limit(gib), cwd=folder)
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
    text = err.read_text(encoding="utf-8", errors="replace") + out.read_text(encoding="utf-8", errors="replace")
    lines = [line for line in err.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    if not lines:
        lines = [line for line in out.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    cpu = usage.ru_utime + usage.ru_stime
    return Result(case, code, seconds, cpu, usage.ru_maxrss / 1024, lines[0][:150] if lines else "",
                  "Traceback" in text, "root:x:0" in text or "/etc/passwd:" in text)


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run only the cases whose name contains this")
    parser.add_argument("--timeout", type=float, default=30.0, help="kill a case after this many seconds")
    parser.add_argument("--limit-gib", type=float, default=3.0, help="address-space limit of each case")
    args = parser.parse_args()
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="hostile-") as top:
        for index, case in enumerate(CASES):
            if args.only and args.only.lower() not in case.name.lower():
                continue
            folder = Path(top) / f"case{index:02d}"
            folder.mkdir()
            result = run_case(case, folder, args.timeout, args.limit_gib)
            results.append(result)
            mark = "ok " if result.ok else "BAD"
            code = "killed" if result.code is None else str(result.code)
            owner = f" [{case.owner}]" if case.owner else ""
            print(f"{mark} | {case.name}{owner} | exit {code} (want {sorted(case.exits)}) | {result.seconds:6.2f} s "
                  f"({result.cpu_seconds:6.2f} CPU s) | "
                  f"{result.peak_mib:7.1f} MiB | {result.first_line}", flush=True)
            for path in Path(top).glob(f"case{index:02d}/locked"):
                path.chmod(0o700)
        if not args.only or "sigkill" in args.only.lower():
            folder = Path(top) / "sigkill"
            folder.mkdir()
            fine, detail = probe_sigkill(folder)
            print(f"{'ok ' if fine else 'BAD'} | convert -o killed with SIGKILL mid-write | {detail}")
    bad = [r for r in results if not r.ok]
    print(f"\n{len(results) - len(bad)} of {len(results)} cases within the bounds "
          f"(exit code documented and expected, located message, no traceback, <= {TIME_BOUND:.0f} s, "
          f"<= {MEMORY_BOUND_MIB} MiB)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
