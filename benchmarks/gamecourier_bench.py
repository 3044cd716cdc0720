"""Interpreter perft(3) on the written Mir Chess 32 preset next to the reference generator on the same game.

Run from the repository root: ``PYTHONPATH=. python benchmarks/gamecourier_bench.py``. Without a registered GAME Code
interpreter (``NATIVE_ENGINES["gamecourier"]``) only the generator's figure is printed, and the reason.
"""

from __future__ import annotations

import time

from fairyport.cli.registry import NATIVE_ENGINES
from fairyport.engines import load_engine
from fairyport.loader import bundled_fixtures
from fairyport.rules.perft import perft

DEPTH = 3


def timed(engine_name: str, path: str) -> None:
    """Print perft(DEPTH), seconds and nodes per second of one engine."""
    engine = load_engine(path, engine=engine_name)  # type: ignore[arg-type]
    start = time.process_time()
    nodes = perft(engine.position(None, None), DEPTH)
    seconds = max(time.process_time() - start, 1e-9)
    print(f"{engine_name:>6}  {path}  perft({DEPTH}) = {nodes}  {seconds:.2f} CPU s  {nodes / seconds:,.0f} nodes/s")


def main() -> None:
    games = bundled_fixtures() / "games"
    timed("model", str(games / "mirchess32.php"))
    if "gamecourier" in NATIVE_ENGINES:
        timed("native", str(games / "mirchess32.php"))
    else:
        print("native  no GAME Code interpreter is registered (branch gc-interp): nothing to time")


if __name__ == "__main__":
    main()
