"""Real-world-style Interactive Diagrams (tests/diagrams/, written for these tests) read as the Diagram script
reads them, each with perft numbers confirmed by a count that shares no code with fairyport: pyffish, the
independent generator of tests/independent_movegen.py, a hand count, or the small count below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_UNPARSABLE, EXIT_UNSUPPORTED
from fairyport.idiagram.read import read_game, read_text
from fairyport.idiagram.write import rewrite, write_game
from fairyport.movegen import Position, compile_game, perft

DIAGRAMS = Path(__file__).resolve().parent / "diagrams"

WILDEBEEST_INI = """
[wildebeest-diagram:chess]
maxRank = 10
maxFile = 11
customPiece1 = c:C
customPiece2 = w:NC
startFen = rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1
castling = false
promotionPieceTypes = qw
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *9 *8
tripleStepRegionWhite = *2
tripleStepRegionBlack = *9
promotionRegionWhite = *10
promotionRegionBlack = *1
"""
"""Fairy-Stockfish's reading of tests/diagrams/wildebeest.idiagram: its fmW* pawn steps up to the last rank of
its half (3 squares from rank 2, 2 from rank 3 on ten ranks), which FSF writes as triple and double step regions."""


def start(name: str) -> Position:
    return compile_game(read_game(DIAGRAMS / name)).start_position()


def test_every_expectation_file_holds() -> None:
    assert main(["check", str(DIAGRAMS), "--max-depth", "3"]) == 0


def test_wildebeest_agrees_with_fairy_stockfish() -> None:
    pyffish = pytest.importorskip("pyffish")
    pyffish.load_variant_config(WILDEBEEST_INI)
    fen = pyffish.start_fen("wildebeest-diagram")
    pos = start("wildebeest.idiagram")
    assert pos.fen().split()[0] == fen.split()[0]
    rng = random.Random(11)
    for _ in range(6):  # random games: the legal-move sets agree position by position (e.p. after triple steps)
        line: list[str] = []
        pos = start("wildebeest.idiagram")
        for _ in range(40):
            ours = sorted(m.uci for m in pos.legal_moves())
            assert ours == sorted(pyffish.legal_moves("wildebeest-diagram", fen, line)), line
            if not ours:
                break
            move = rng.choice(ours)
            line.append(move)
            pos.push(next(m for m in pos.legal_moves() if m.uci == move))


def test_holed_chess_agrees_with_the_independent_generator() -> None:
    import independent_movegen as independent

    game = independent.GAMES["holed-chess"]
    pos = start("holed-chess.idiagram")
    assert pos.fen().split()[0] == "rnbqkbnr/ppp**ppp/8/8/8/8/PPP**PPP/RNBQKBNR"
    assert perft(pos, 2) == independent.perft(game, game.start_fen, 2) == 256


def test_default_ids_collide_and_fen_and_moves_stay_unambiguous() -> None:
    game = read_game(DIAGRAMS / "default-ids-chess.idiagram")
    assert [p.id for p in game.pieces] == ["P", "K", "B", "R", "Q", "K6"]
    assert game.piece_type("K6").royal and game.piece_type("K6").extra["idiagram"]["id"] == "K"
    assert game.setup.placement["e1"].id == "K6" and game.setup.placement["d1"].id == "Q"
    assert game.piece_type("P").promotion is not None
    assert [c.piece for c in game.piece_type("P").promotion.choices] == ["Q", "R", "B"]
    pos = compile_game(game).start_position()
    assert pos.fen() == "rkbq{k6}bkr/pppppppp/8/8/8/8/PPPPPPPP/RKBQ{K6}BKR w KQkq - 0 1"
    again = Position.from_fen(pos.variant, pos.fen())
    assert perft(again, 2) == 400
    warnings = game.format_data["idiagram"]["warnings"]
    assert any("line 6" in w["message"] and w["line"] == 10 for w in warnings)  # both lines named
    assert any("e1" in w["message"] and "later entry" in w["message"] for w in warnings)
    assert any("'N' names no piece" in w["message"] and w["line"] == 11 for w in warnings)
    text, lost = write_game(game)
    assert not lost and text == (DIAGRAMS / "default-ids-chess.idiagram").read_text()


def test_unchanged_diagrams_write_back_their_text() -> None:
    for path in sorted(DIAGRAMS.glob("*.idiagram")):
        if path.stem == "piece-lab":
            continue
        game = read_game(path)
        text, lost = write_game(game)
        assert not lost, path.name
        assert read_text(text).pieces == game.pieces, path.name
        assert read_text(text).setup == game.setup, path.name
        if "\n" in path.read_text().strip():  # collapsed one-line texts come back one directive a line
            # a text whose promoChoice offers no type of the game gains maxPromote=0: the script would make no
            # move of piece 1 into its last rank, where fairyport's reading moves it unpromoted
            warnings = game.format_data["idiagram"]["warnings"]
            unsaid = any("offers no piece type" in w["message"] for w in warnings)
            assert (text.replace("maxPromote=0\n", "", 1) if unsaid else text) == path.read_text(), path.name


# --- an independent count for new-forms.idiagram (rules in words, plain vector arithmetic) ------------------

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
CAMEL = [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def _new_forms_moves() -> int:
    white = {(3, 3): "T", (0, 7): "H", (7, 0): "G", (1, 1): "Y", (0, 0): "K"}
    black = {(1, 4), (5, 2), (2, 6), (4, 6), (7, 4), (7, 7)}

    def inside(x: int, y: int) -> bool:
        return 0 <= x < 8 and 0 <= y < 8

    def free(sq: tuple[int, int]) -> bool:
        return sq not in white and sq not in black

    def behind(x: int, y: int, dx: int, dy: int, k: int) -> int:
        """Squares a rider from (x, y) reaches from its k-th step on: empty ones, and the first enemy."""
        reached = 0
        while inside(x + k * dx, y + k * dy) and (x + k * dx, y + k * dy) not in white:
            reached += 1
            if (x + k * dx, y + k * dy) in black:
                break
            k += 1
        return reached

    count = 0
    # T: a knight leap to an empty square, then any knight leap but straight back, to an empty or enemy square
    x, y = 3, 3
    ends = set()
    for ax, ay in KNIGHT:
        mid = (x + ax, y + ay)
        if inside(*mid) and free(mid):
            for bx, by in KNIGHT:
                end = (mid[0] + bx, mid[1] + by)
                if (bx, by) != (-ax, -ay) and inside(*end) and end not in white:
                    ends.add(end)
    count += len(ends)
    # H: a camel leap onto any piece, then camel leaps straight on over empty squares, ending on one of them or
    # on the first enemy piece
    x, y = 0, 7
    for dx, dy in CAMEL:
        hurdle = (x + dx, y + dy)
        if not inside(*hurdle) or free(hurdle):
            continue
        count += behind(x, y, dx, dy, 2)
    # G: along a diagonal, the first piece within two steps is the hurdle; then a bishop slide behind it
    x, y = 7, 0
    for dx, dy in DIAGONAL:
        hurdle_step = next((k for k in (1, 2) if inside(x + k * dx, y + k * dy) and not free((x + k * dx, y + k * dy))),
                           None)
        if hurdle_step is None or any(not inside(x + k * dx, y + k * dy) for k in range(1, hurdle_step + 1)):
            continue
        count += behind(x, y, dx, dy, hurdle_step + 1)
    # Y: a diagonal step to an empty square (a move), or from there a rook slide in one of the two directions
    # that keep going away from the start, which must end by capturing the first piece it meets
    x, y = 1, 1
    for dx, dy in DIAGONAL:
        step = (x + dx, y + dy)
        if not inside(*step) or not free(step):
            continue
        count += 1
        for sx, sy in ((dx, 0), (0, dy)):
            sq = (step[0] + sx, step[1] + sy)
            while inside(*sq) and free(sq):
                sq = (sq[0] + sx, sq[1] + sy)
            if inside(*sq) and sq in black:
                count += 1
    # K on a1 (nothing of Black's attacks: its pawns only move straight down, its king is far)
    count += sum(1 for dx, dy in [(0, 1), (1, 0), (1, 1)] if free((dx, dy)))
    return count


def test_new_forms_depth_one_matches_the_independent_count() -> None:
    assert perft(start("new-forms.idiagram"), 1) == _new_forms_moves() == 36


def test_lion_pass_is_one_move() -> None:
    pos = start("lion-pass.idiagram")
    assert sum(1 for m in pos.legal_moves() if m.uci == "d4d4") == 1
    assert perft(pos, 1) == 28


def test_piece_lab_is_unsupported_naming_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = DIAGRAMS / "piece-lab.idiagram"
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    err = capsys.readouterr().err
    assert str(path) in err and "<input>" not in err and "in hand" in err
    assert main(["show", str(path)]) == 0  # readable: show still prints it


def test_unsupported_xbetza_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.idiagram"
    path.write_text("files=8\nodd:O:[F?fqR]::d4\nking::::e1\n")
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    err = capsys.readouterr().err
    assert err.startswith(f"fairyport: {path}:") and "'odd'" in err


def test_convert_to_idiagram_reads_the_text_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.idiagram"
    bad.write_text("files=x\nking::::e1\n")
    assert main(["convert", str(bad), "--to", "idiagram"]) == EXIT_UNPARSABLE
    assert f"{bad}:1:7" in capsys.readouterr().err
    good = DIAGRAMS / "wildebeest.idiagram"
    assert rewrite(good) == good.read_bytes()


def test_page_script_hooks_are_named_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "xq.html"
    page.write_text('<div class="idiagram">files=9<br>ranks=10<br>king:K:W::e1</div>\n'
                    "<script>function CustomPromotion(x, y) { return 0; }\n"
                    "function Shade(x, y) { return 0; }</script>")
    assert main(["validate", str(page)]) == 0
    out = capsys.readouterr().out
    assert "page-script-rules" in out and "changes the rules this text gives" in out and "CustomPromotion" in out
    assert main(["show", str(page)]) == 0
    out = capsys.readouterr().out
    assert "changes the rules this text gives" in out and "Shade(), which colours the board's squares" in out


def test_validate_reports_lenient_readings_at_their_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(DIAGRAMS / "default-ids-chess.idiagram")]) == 0
    out = capsys.readouterr().out
    assert "default-ids-chess.idiagram:10:1: warning:" in out and "lenient-reading" in out


def test_promo_choice_with_multi_character_ids_and_spaces() -> None:
    game = read_text("promoChoice=Q  M°2 !R\npawn::::a2\nqueen::::d1\nmann:M°:K::b1\nrook::::a1\nking::::e1")
    choices = game.piece_type("P").promotion.choices  # type: ignore[union-attr]
    assert [(c.piece, c.max_depth, c.on_last_rank) for c in choices] == [("Q", None, True), ("M°", 2, True),
                                                                          ("R", None, False)]
    assert game.format_data["idiagram"]["warnings"] == []
    sub = read_text("promoChoice=M°\npawn::::a2\nman:M:K::c1\nmann:M°:K::b1\nking::::e1")
    assert [c.piece for c in sub.piece_type("P").promotion.choices] == ["M", "M°"]  # type: ignore[union-attr]
    assert any("inside 'M°'" in w["message"] for w in sub.format_data["idiagram"]["warnings"])


def test_hole_after_pawns_and_piece_after_hole() -> None:
    game = read_text("files=10\nranks=10\npawn::::a2-j2\nking::::e1\nhole::::a2,j2")
    assert {"a2", "j2", "a9", "j9"} <= game.board.holes and "a2" not in game.setup.placement
    assert sum(1 for p in game.setup.placement.values() if p.id == "P") == 16
    text, _ = write_game(game)
    assert text == "files=10\nranks=10\nmaxPromote=0\npawn::::a2-j2\nking::::e1\nhole::::a2,j2\n"  # no Q, N, R, B
    from fairyport.errors import UnsupportedError

    with pytest.raises(UnsupportedError) as info:
        read_text("hole::::a2\nrook::::a2\nking::::e1", file="h.idiagram")
    assert info.value.location.line == 2 and info.value.exit_code == EXIT_UNSUPPORTED


def test_royal_by_an_id_warns_and_names_none() -> None:
    game = read_text("royal=K\nknight::::b1\nking::::e1")
    assert not game.piece_type("K").royal and not game.piece_type("K2").royal  # the script's parseInt: NaN
    assert any("royal=K: the script reads a piece number" in w["message"]
               for w in game.format_data["idiagram"]["warnings"])
