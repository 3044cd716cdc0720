"""Perft on a Dask cluster: exact counts on a LocalCluster of two worker processes, also when a worker is killed
mid-run, and ``--dask tcp://...`` for ``perft`` and ``check`` (one cluster for the whole module: starting one
costs seconds)."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fairyport.cli.cluster import GameLoader, loader_for
from fairyport.cli.main import main
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.movegen import compile_game, divide
from fairyport.movegen.cluster import close, cluster_divide, cluster_perft, connect, split_depth

distributed = pytest.importorskip("distributed")

GAMES = bundled_fixtures() / "games"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    dask_client = connect("local", workers=2)
    dask_client.wait_for_workers(2)
    yield dask_client
    close(dask_client)


def test_split_depth_follows_the_branching_factor() -> None:
    assert split_depth(20, 5, 2) == 1  # 20 subtrees reach the 16 aimed at for two threads
    assert split_depth(3, 6, 2) == 3  # 27 subtrees
    assert split_depth(3, 3, 64) == 2  # never the whole depth: a task counts at least one ply
    assert split_depth(0, 4, 2) == 1


def test_two_workers_count_exactly(client: Any) -> None:
    loader = loader_for(GAMES / "chess.idiagram", None, None, "auto", KIWIPETE)
    assert cluster_perft(client, loader, 2) == 2039
    local = divide(compile_game(read_game(GAMES / "chess.idiagram")).start_position(), 3)
    assert cluster_divide(client, loader_for(GAMES / "chess.idiagram", None, None, "auto", None), 3) == local
    assert len(client.nthreads()) == 2


def test_native_interpreter_is_sent_as_its_file(client: Any) -> None:
    loader = loader_for(GAMES / "minixiangqi.zrf", None, None, "native", None)
    assert cluster_perft(client, loader, 2) == 331


def test_cli_perft_and_check_on_a_scheduler_address(client: Any, capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    address = client.scheduler.address
    assert address.startswith("tcp://")
    assert main(["perft", str(GAMES / "chess.idiagram"), "--depth", "3", "--divide", "--json", "--dask", address]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["nodes"] == 8902 and data["divide"]["e2e4"] == 600
    expectation = tmp_path / "minixiangqi.perft"
    expectation.write_text(f"game {GAMES / 'minixiangqi.idiagram'}\nid start\nfen startpos\nperft 3 6664\n")
    assert main(["check", str(expectation), "--json", "--dask", address]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["got"], r["status"]) for r in rows] == [(6664, "ok")]


def test_cli_jobs_sets_the_local_worker_count(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # --jobs 1 means one worker process (it used to fall back to one per CPU); no --jobs leaves Dask's default
    import fairyport.cli.cluster as cli_cluster
    asked: list[int | None] = []

    def fake_connect(address: str, *, workers: int | None = None) -> None:
        asked.append(workers)

    monkeypatch.setattr(cli_cluster, "connect", fake_connect)
    monkeypatch.setattr(cli_cluster, "close", lambda client: None)
    game = str(GAMES / "chess.idiagram")
    for extra in (["--jobs", "1"], ["--jobs", "2"], []):
        assert main(["perft", game, "--depth", "1", "--json", "--dask", "local", *extra]) == 0
    assert asked == [1, 2, None]
    capsys.readouterr()


# last in the module: the killed worker is not waited for (its nanny restarts it, slowly on a loaded machine)
def test_a_worker_killed_mid_run_does_not_change_the_count(client: Any) -> None:
    pids = client.run(os.getpid)
    victim = next(iter(pids.values()))
    killed: list[tuple[int, int]] = []

    def kill_after_first(done: int, total: int) -> None:
        if done == 1 and not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append((done, total))

    loader = GameLoader(read_game(GAMES / "mirchess32.idiagram"), "mirchess32", None)
    assert cluster_perft(client, loader, 3, progress=kill_after_first) == 8669
    assert killed and killed[0][0] < killed[0][1]  # the kill came while tasks were still to finish
