"""Issue 36's newcomer run: ten real ZRF files converted to every format fairyport writes, each written file read
back by fairyport.

For each file and format it runs ``fairyport convert FILE --to FMT -o OUT`` (which proves the conversion by perft),
then reads OUT back: ``fairyport convert OUT --to json --no-prove`` (into the model) and, where that is refused,
``fairyport perft OUT --depth 1`` (played by the format's own interpreter). It prints a Markdown table: file,
format, exit, seconds, the proof or the refusal's reason, and the read back.

    python benchmarks/newcomer_run.py [--fairyport PATH] [--out DIR] [--timeout S] [NAME...]

The files are in the public collections (``../zrfcorpus`` or ``$FAIRYPORT_ZRF_COLLECTIONS``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "helpers"))  # the ten files: one copy
from newcomer_files import NEWCOMER_FILES as FILES  # noqa: E402

FORMATS = {"zrf": ".zrf", "gamecourier": ".php", "idiagram": ".idiagram", "fsf": ".ini", "json": ".json"}
"""Every format fairyport writes, and the suffix its file gets."""


def run(command: list[str], timeout: float) -> tuple[int, float, str]:
    """(exit code, seconds, the last line of standard error) of ``command``; exit -1 on a timeout."""
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return -1, time.monotonic() - start, f"timed out after {timeout:.0f} s"
    lines = [line for line in done.stderr.splitlines() if line.strip() and "holds" not in line]
    return done.returncode, time.monotonic() - start, lines[-1].strip() if lines else ""


def read_back(fairyport: str, out: Path, timeout: float) -> str:
    """Whether fairyport reads ``out`` back: into the model, or played by its format's interpreter only."""
    code, _, why = run([fairyport, "convert", str(out), "--to", "json", "--no-prove", "-o", os.devnull], timeout)
    if code == 0:
        return "yes (model)"
    played, _, _ = run([fairyport, "perft", str(out), "--depth", "1"], timeout)
    return f"exit {code}: {short(why, out)}; perft {'runs' if played == 0 else f'exit {played}'}"


def short(text: str, source: Path | None = None, width: int = 160) -> str:
    """``text`` without the ``fairyport:`` prefix and the source's path, cut to ``width``."""
    text = text.removeprefix("fairyport: ")
    if source is not None:
        text = text.replace(f"{source}:", "").replace(str(source), source.name)
    text = text.replace("|", "/")
    return text if len(text) <= width else text[:width - 1] + "\u2026"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="files to run (default: all ten)")
    parser.add_argument("--fairyport", default=shutil.which("fairyport") or "fairyport")
    parser.add_argument("--out", type=Path, default=Path("newcomer-out"))
    parser.add_argument("--timeout", type=float, default=900.0)
    args = parser.parse_args()
    corpus = Path(os.environ.get("FAIRYPORT_ZRF_COLLECTIONS", ROOT.parent / "zrfcorpus"))
    args.out.mkdir(parents=True, exist_ok=True)
    print("| file | format | exit | seconds | proven / refused (why) | read back |")
    print("|---|---|---|---|---|---|")
    for name in args.names or FILES:
        source = corpus / FILES[name]
        for fmt, suffix in FORMATS.items():
            out = args.out / f"{name}{suffix}"
            code, seconds, said = run([args.fairyport, "convert", str(source), "--to", fmt, "-o", str(out)],
                                      args.timeout)
            back = read_back(args.fairyport, out, args.timeout) if code in (0, 1) and out.exists() else "-"
            print(f"| {name} | {fmt} | {code} | {seconds:.1f} | {short(said, source)} | {back} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
