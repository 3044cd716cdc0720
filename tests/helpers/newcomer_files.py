"""The ten real ZRF files of issue 36's newcomer run, in the public collections (``../zrfcorpus``): the issue's
seven, then three more chess-like ones. ``tests/api/test_round_trips.py`` and ``benchmarks/newcomer_run.py``
use them."""

from __future__ import annotations

NEWCOMER_FILES = {
    "glinski": "DagazProject+DagazProject.github.io/checkmate/zrf/glinski.zrf",
    "janggi": "DagazProject+DagazProject.github.io/xiangqi/zrf/janggi.zrf",
    "omega": "DagazProject+DagazProject.github.io/checkmate/zrf/omega-chess.zrf",
    "gravity": "DagazProject+DagazProject.github.io/checkmate/zrf/gravity-chess.zrf",
    "dobutsu": "DagazProject+ZRF/DobutsuShogi/Dobutsu.zrf",
    "checkers": "DagazProject+ZRF/CheckersCollection/HuffCheckers.zrf",
    "breakthrough": "ludamad+zrflib/zrflib/zillions-zrf/Breakthrough/Breakthrough.zrf",
    "chess": "ludamad+zrflib/zrflib/examples/Chess.zrf",
    "makruk": "DagazProject+DagazProject.github.io/checkmate/zrf/makruk.zrf",
    "shatranj": "DagazProject+DagazProject.github.io/checkmate/zrf/shatranj.zrf",
}
"""Name -> path below the collections folder."""
