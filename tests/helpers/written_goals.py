"""Proving a game written to ZRF or Game Courier from a given position: the written file played by its format's
own interpreter, and the file read back into the model (the goals and move rules must come back equal)."""

from __future__ import annotations

from pathlib import Path

from fairyport.formats import get_format, load_engine, read_game
from fairyport.model import Game
from fairyport.movegen.perft import perft

SUFFIX = {"zrf": ".zrf", "gamecourier": ".php"}


def gc_fen(fen: str) -> bool:
    """Whether Game Courier's interpreter starts from ``fen`` as Fairy-Stockfish does: no holdings (the preset's
    storage ranks are not in a FEN) and no e.p. square (Game Courier derives it from the last move only)."""
    fields = fen.split()
    return "[" not in fields[0] and (len(fields) < 4 or fields[3] == "-")


def written_counts(game: Game, target: str, fen: str, depth: int, tmp_path: Path) -> tuple[list[int], Game]:
    """Perft 1..``depth`` from ``fen`` of ``game`` written to ``target``, played by the target's interpreter, and
    the written file read back into the model."""
    text, lost = get_format(target).write(game, best_effort=False)  # type: ignore[misc]
    assert lost == []
    path = tmp_path / f"written{SUFFIX[target]}"
    path.write_text(text, encoding="utf-8")
    engine = load_engine(path, target, engine="native")
    start = engine.position(fen, None)
    return [perft(start, d) for d in range(1, depth + 1)], read_game(path, target)


def diagram_read_back(game: Game) -> tuple[Game, str, list[str]]:
    """``game`` written to the Interactive Diagram with ``--best-effort`` (plain writing refuses the rules the
    Diagram has no parameter for: they go into fairyport's extension lines) and read back: the game, the text and
    what was listed as lost."""
    from fairyport.errors import UnsupportedError
    from fairyport.idiagram.read import read_model_text
    from fairyport.idiagram.write import write_game as write_idiagram

    try:
        write_idiagram(game)
    except UnsupportedError as error:
        assert "fairyport extension" in error.reason, error.reason
    text, lost = write_idiagram(game, best_effort=True)
    return read_model_text(text, name="written.idiagram"), text, lost


def assert_diagram_plays_as_fsf(game: Game, sections: str, name: str, fen: str, depth: int) -> None:
    """``game`` (section ``name`` of ``sections``) written to the Diagram with ``--best-effort`` reads back to the
    same rules, listed as lost for the Diagram's script, and plays as pyffish from ``fen`` (perft 1..``depth``)."""
    import pyffish
    from fsf_compare import fsf_counts, model_counts

    back, _, lost = diagram_read_back(game)
    assert back.rules == game.rules and lost
    pyffish.load_variant_config(sections)
    assert model_counts(back, depth, fen) == fsf_counts(pyffish, name, depth, fen)


def assert_zrf_plays_as_fsf(sections: str, name: str, fen: str | None, depth: int, tmp_path: Path) -> None:
    """Section ``name`` of ``sections`` written to ZRF: played by the ZRF interpreter and read back into the model
    (the same rules, nothing kept as code), perft 1..``depth`` from ``fen`` (None: the start) equals pyffish's."""
    import pyffish
    from fsf_compare import fsf_counts, model_counts

    from fairyport.fsf.read import read_text

    game = read_text(sections, variant=name, name="written.ini")
    pyffish.load_variant_config(sections)
    start = fen or pyffish.start_fen(name)
    expected = fsf_counts(pyffish, name, depth, start)
    counts, back = written_counts(game, "zrf", start, depth, tmp_path)
    assert counts == expected  # the ZRF interpreter
    assert back.rules == game.rules and not back.kept
    assert model_counts(back, depth, start) == expected  # the model read back
