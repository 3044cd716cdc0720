"""A flag goal on named squares (issue 17): Chess.zrf's King vs. King wins White the game with its King on f8 or
h8, ``(or (absolute-config King (f8)) (absolute-config King (h8)))``, with no zone of those squares and no such goal
for Black. The ZRF reader makes the squares a zone of the goal's own and reads the model's flag goal; the move
generator then counts what the interpreter counts, and the Interactive Diagram written with its extension line
reads back the same."""

from __future__ import annotations

from paths import ROOT, ZRF_COLLECTIONS, needs

from fairyport.idiagram.read import read_model_text
from fairyport.idiagram.write import write_game
from fairyport.model import FlagGoal, Zone, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.movegen.position import Position
from fairyport.zrf.interpreter.engine import compile_file, compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.typed.reader import read_variant

FIXTURE = ROOT / "fixtures" / "zrf" / "shapes" / "flag-squares.zrf"
CHESS = ZRF_COLLECTIONS / "ludamad+zrflib" / "zrflib" / "examples" / "Chess.zrf"


def test_an_or_of_configs_on_named_squares_is_a_flag_goal_on_a_zone_of_its_own() -> None:
    game = read_game(FIXTURE)
    assert kept_code(game) == []
    assert game.rules.flag == FlagGoal("goal", "K", "K", 1)
    assert [z for z in game.zones if z.name == "goal"] == [Zone("goal", frozenset({"c4", "d4"}), 0),
                                                           Zone("goal", frozenset(), 1)]
    start = compile_game(game).start_position()
    native = position(compile_file(FIXTURE), None)
    assert [perft(start, d) for d in (1, 2, 3, 4)] == [perft(native, d) for d in (1, 2, 3, 4)] == [4, 28, 91, 507]


def test_the_goal_zone_takes_a_free_name_and_a_zone_of_the_squares_is_used_as_it_is() -> None:
    text = FIXTURE.read_text()
    zone = "(symmetry Black (n s) (s n) (nw sw) (sw nw) (ne se) (se ne)))"
    taken = read_text(text.replace(zone, zone[:-1] + " (zone (name goal) (players White) (positions a1)))"),
                      name="taken.zrf")
    assert taken.rules.flag is not None and taken.rules.flag.zone == "goal2"
    assert taken.zone_squares("goal2", 0) == {"c4", "d4"} and taken.zone_squares("goal", 0) == {"a1"}
    own = read_text(text.replace(zone, zone[:-1] + " (zone (name top) (players White) (positions c4 d4)))"),
                    name="own.zrf")
    assert own.rules.flag == FlagGoal("top", "K", "K", 1) and "goal" not in {z.name for z in own.zones}


def test_an_or_that_mixes_a_config_with_another_condition_stays_kept() -> None:
    text = FIXTURE.read_text().replace("(absolute-config King (d4))", "(captured Rook)")
    game = read_text(text, name="mixed.zrf")
    assert game.rules.flag is None and any(k.name.startswith("goal (or") for k in game.kept)


def test_the_diagram_written_with_the_flag_line_reads_back_the_same_rules_and_counts() -> None:
    game = read_game(FIXTURE)
    text, lost = write_game(game, best_effort=True)
    assert "fairyportFlag=goal;white:K;black:K" in text.splitlines() and any("flag goal" in item for item in lost)
    back = read_model_text(text)
    assert back.rules == game.rules and back.zone_squares("goal", 1) == frozenset()
    again = compile_game(back).start_position()
    assert [perft(again, d) for d in (1, 2, 3, 4)] == [4, 28, 91, 507]


@needs(CHESS)
def test_king_vs_king_reads_whole_and_counts_as_the_interpreter() -> None:
    game = read_game(CHESS, variant="15")
    assert kept_code(game) == [] and game.rules.flag == FlagGoal("goal", "K", "K", 1)
    fen = "8/4K3/8/8/8/8/8/k7 w - - 0 1"  # e7: f8 wins at once, d8 and e8 do not
    model = compile_game(game)
    native = compile_variant(read_variant(CHESS, "15"))
    assert perft(model.start_position(), 3) == perft(position(native, None), 3) == 54
    assert perft(Position.from_fen(model, fen), 4) == perft(position(native, fen), 4) == 864


@needs(CHESS)
def test_king_vs_king_ends_on_either_square() -> None:
    # g7: f8 and h8 both win (no reply), the other 6 moves have 3 replies each
    game = read_game(CHESS, variant="15")
    fen = "8/6K1/8/8/8/8/8/k7 w - - 0 1"
    native = position(compile_variant(read_variant(CHESS, "15")), fen)
    assert perft(Position.from_fen(compile_game(game), fen), 2) == perft(native, 2) == 18
