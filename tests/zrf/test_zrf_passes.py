"""The ZRF reader as passes (:data:`fairyport.zrf.read.PASSES`) on one reading state, with its retry step
(:func:`fairyport.zrf.reading.run_passes`), and no function of the package over McCabe 25."""

from __future__ import annotations

from paths import ROOT

from fairyport.zrf import read
from fairyport.zrf.reading import Flags, Pass, Reading, run_passes
from fairyport.zrf.storage import STORAGE_KEPT_WHY
from fairyport.zrf.typed.reader import read_variant_text

STORAGE = (ROOT / "fixtures" / "zrf" / "shapes" / "storage-drops.zrf").read_text()


def test_each_recognise_module_is_a_registered_pass_in_order() -> None:
    names = [name for name, _ in read.PASSES]
    assert len(set(names)) == len(names)
    for recogniser in ("storage", "shogi", "drops", "circe", "split", "transport", "moves", "spared"):
        assert recogniser in names
    order = ["players", "board", "setup", "goals", "pieces", "game"]
    assert [n for n in names if n in order] == order


def _traced(flags_seen: list[Flags]) -> tuple[tuple[str, Pass], ...]:
    """The reader's passes, the first recording the flags of each reading."""
    def first(r: Reading) -> Flags | None:
        flags_seen.append(r.flags)
        return read.PASSES[0][1](r)
    return (("players", first), *read.PASSES[1:])


def test_a_game_read_whole_takes_one_reading() -> None:
    seen: list[Flags] = []
    game = run_passes(_traced(seen), read_variant_text(STORAGE, "s.zrf"), "s.zrf", "s", Flags())
    assert seen == [Flags()] and game.rules.drops


def test_storage_in_a_game_keeping_code_is_read_again_with_its_blocks_kept() -> None:
    # the kept-code pass asks for a second reading, which keeps the storage drops as code with their reason, and
    # a third on the file's own positions (kept code names them)
    text = STORAGE.replace("(piece (name King) (moves", "(piece (name King) (moves (n (verify (piece? Pawn)) add)")
    seen: list[Flags] = []
    game = run_passes(_traced(seen), read_variant_text(text, "s.zrf"), "s.zrf", "s", Flags())
    assert len(seen) == 3 and seen[0] == Flags()
    again = seen[1].storage
    assert again is not None and again[1].startswith(STORAGE_KEPT_WHY) and seen[1].rename
    assert seen[2].storage == again and not seen[2].rename and seen[2].reasons is not None
    assert not game.rules.drops
    assert game == read.read_text(text, name="s.zrf")


def test_run_passes_starts_again_from_the_first_pass() -> None:
    calls: list[str] = []

    def first(r: Reading) -> Flags | None:
        calls.append(f"first ranked={r.flags.ranked}")
        return None

    def second(r: Reading) -> Flags | None:
        calls.append("second")
        if r.flags.ranked:
            return Flags(ranked=False)
        r.game = read.read_text(STORAGE, name="s.zrf")
        return None

    run_passes((("a", first), ("b", second)), read_variant_text(STORAGE, "s.zrf"), "s.zrf", "s", Flags())
    assert calls == ["first ranked=True", "second", "first ranked=False", "second"]
