"""``benchmarks/zrf_gamecode_bench.py``: results cached per file content, variant, depth and translation version,
resumed from the cache, sharded, and summed up per class."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.gamecourier.test_zrf_translated import DROPPERS, TINY_CHESS
from tests.helpers.paths import ROOT


@pytest.fixture(scope="module")
def bench() -> Any:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module("zrf_gamecode_bench")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def _run(bench: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    monkeypatch.setattr(sys, "argv", ["zrf_gamecode_bench.py", *args])
    bench.main()
    return capsys.readouterr().out


def test_results_are_cached_resumed_and_sharded(bench: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "tiny.zrf").write_text(TINY_CHESS, encoding="utf-8")
    (folder / "copy.zrf").write_text(TINY_CHESS, encoding="utf-8")  # the same bytes: run once
    (folder / "droppers.zrf").write_text(DROPPERS, encoding="utf-8")
    cache = tmp_path / "cache.jsonl"
    out = _run(bench, monkeypatch, capsys, str(folder), "--cache", str(cache), "--shard", "1/2")
    records = [json.loads(line) for line in cache.read_text().splitlines()]
    measured = [r for r in records if r["key"][0] != "variants"]
    assert len(measured) == 1 and measured[0]["outcome"] == "agree"  # the first of two distinct files
    assert measured[0]["key"][2:] == ["2", f"v{bench.TRANSLATION_VERSION}"] and measured[0]["cpu"] >= 0
    assert "1 of 1 selected variants measured (shard 1/2" in out

    def refuse_to_run(*args: object) -> dict[str, Any]:
        raise AssertionError("a cached variant was run again")

    monkeypatch.setattr(bench, "run", refuse_to_run)
    out = _run(bench, monkeypatch, capsys, str(folder), "--cache", str(cache), "--shard", "1/2", "--list")
    assert "agree: zrf" in out and len(cache.read_text().splitlines()) == len(records)  # nothing appended
    monkeypatch.undo()
    out = _run(bench, monkeypatch, capsys, str(folder), "--cache", str(cache))  # the other shard's file is run
    assert "2 of 2 selected variants measured" in out
    table = {line.split("|")[1].strip(): line for line in out.splitlines() if line.startswith("| ")}
    assert table["chess-like"].startswith("| chess-like | 2 | 2 | 0 |")  # both have a checkmated goal
    assert table["**total**"].startswith("| **total** | 2 | 2 |")


def test_a_variant_past_its_cpu_limit_is_a_timeout_of_its_stage(bench: Any, tmp_path: Path) -> None:
    path = tmp_path / "tiny.zrf"
    path.write_text(TINY_CHESS, encoding="utf-8")
    record = bench.run(path, "1", 9, 600.0, 1.0, 3.0)  # perft(9) of a 4x4 game: far past 1 CPU second
    assert record["outcome"] == "timeout" and record["detail"] == "zrf: over 1 s CPU"
    assert record["class"] == "" and 0.9 <= record["cpu"] < 30


def test_the_text_key_plays_a_preset_written_the_same_once(bench: Any, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "tiny.zrf").write_text(TINY_CHESS, encoding="utf-8")
    cache = tmp_path / "cache.jsonl"
    first = _run(bench, monkeypatch, capsys, str(folder), "--key", "text", "--cache", str(cache))
    assert "0 presets written the same as before" in first
    second = _run(bench, monkeypatch, capsys, str(folder), "--key", "text", "--cache", str(cache))
    assert "1 presets written the same as before" in second
    played, reused = [json.loads(line) for line in cache.read_text().splitlines()][-2:]
    assert played["outcome"] == reused["outcome"] == "agree" and played["gc"] == reused["gc"]
    assert played["text_sha"] == reused["text_sha"] and "reused" in reused and "reused" not in played
    # a preset written differently (another translation) is played again
    lines = [json.loads(line) for line in cache.read_text().splitlines()]
    for record in lines:
        if "text_sha" in record:
            record["text_sha"] = "0" * 64
    cache.write_text("".join(json.dumps(record) + "\n" for record in lines))
    third = _run(bench, monkeypatch, capsys, str(folder), "--key", "text", "--cache", str(cache))
    assert "0 presets written the same as before" in third
