"""The written preset's move rules and goals beyond checkmate and stalemate: forced captures, forced drops, no
checks and the extinction goal (:func:`fairyport.model.goal_rules` names them).

- **Forced captures** (``Rules.must_capture``): ``sub cancapture side enemy`` tries every capture of the side to
  move (its board pieces onto enemy pieces on the board, and onto the e.p. square for pieces that capture e.p.)
  with ``trymove``; Pre-Move N keeps the answer in ``mustcapture``, and Post-Move N ``die``\\ s for a move that
  takes nothing (``old`` is empty and it is no e.p. capture) while it is true. Drops and castling take nothing.
- **Forced drops** (``Rules.must_drop``): ``sub candrop side enemy`` tries every drop with ``baddrop``; Pre-Move
  keeps it in ``mustdrop`` and Post-Move rejects a board move while it is true. A capture is forced only when no
  drop is (the model narrows by drops first).
- **No checks** (``Rules.no_checks``): ``illegal`` and ``baddrop`` also reject a move or drop that leaves a royal
  piece of the opponent attacked (``sub checked #enemy #side``).
- **Extinction** (``Rules.extinction``): ``sub extinct_white`` / ``sub extinct_black`` count each listed type's
  labels (a promoted piece counts as its promoted type) on every square, storage (hands) included, and say
  whether that side has at most ``count`` of one while the other has at least ``opponent_count``. Pre-Move N
  ``die``\\ s once the player who just moved or the player to move is extinct: the game is over, no move is
  made; Post-Game says who won.

``legalmoves`` (the legal-move display and the mate / stalemate test) applies the forced drops and captures
too, so the moves it records are the moves Post-Move accepts.
"""

from __future__ import annotations

from fairyport.gamecourier import writehands as hands
from fairyport.model import BLACK, WHITE, Color, Game, StalemateResult

SIDES = ("white", "black")
WRITTEN = frozenset({"must capture", "must drop", "no checks", "extinction"})
"""The :func:`~fairyport.model.goal_rules` features written here."""
RESULT_COMMAND = {StalemateResult.DRAW: "drawn", StalemateResult.LOSS: "won", StalemateResult.WIN: "lost"}
"""The Post-Game command when the *opponent* of the player who just moved scores the result."""
OWN_RESULT_COMMAND = {StalemateResult.DRAW: "drawn", StalemateResult.LOSS: "lost", StalemateResult.WIN: "won"}
"""The Post-Game command when the player who just moved scores the result."""


def only_side(side: str) -> str:
    """The pieces of the side held in the variable ``side`` (square -> label)."""
    return f"cond == #{side} white onlyupper onlylower"


def capture_test(ep_labels: list[str], piece: str, origin: str, dest: str, target: str) -> str:
    """A condition: the move of ``piece`` from ``origin`` to ``dest`` onto ``target`` (the label there before the
    move) captures: ``target`` is a piece, or it is an e.p. capture of a piece that captures e.p."""
    test = f"!= {target} @"
    if ep_labels:
        ep = " or ".join(f"(== {piece} {lab} and fn ep_{lab} {origin} {dest})" for lab in ep_labels)
        test += f" or (== {dest} #ep and {ep})"
    return test


def extinction_labels(game: Game, color: Color) -> list[list[str]] | None:
    """Per counted group of the extinction goal, the labels counted for ``color`` (None: every piece of the side
    counted together)."""
    goal = game.rules.extinction
    assert goal is not None
    if goal.pieces is None:
        return None
    promoted = hands.promoted_pieces(game)
    groups = []
    for pid in goal.pieces:
        piece = game.piece_type(pid)
        groups.append([hands.label_of(piece, color)]
                      + [hands.promoted_label(base, color) for base, target in promoted if target.id == piece.id])
    return groups


def goal_subs(game: Game, ep_labels: list[str]) -> list[str]:
    """The Pre-Game subs of the written rules: ``cancapture``, ``candrop``, ``extinct_white|black``."""
    rules = game.rules
    drops = hands.uses_hands(game)
    lines: list[str] = []
    if rules.must_capture:
        lines += ["sub cancapture side enemy:", f"  for (cc_from cc_piece) {only_side('side')}:"]
        if drops:
            lines += ["    if not fn inplay #cc_from:", "      continue;", "    endif;"]
        lines += [f"    for (cc_to cc_target) {only_side('enemy')}:",
                  *(["      if fn inplay #cc_to and sub trymove #cc_from #cc_to #side #enemy:"] if drops else
                    ["      if sub trymove #cc_from #cc_to #side #enemy:"]),
                  "        return true;",
                  "      endif;",
                  "    next;"]
        if ep_labels:
            ep = " or ".join(f"(== #cc_piece {lab} and fn ep_{lab} #cc_from #ep)" for lab in ep_labels)
            lines += ["    if #ep:",
                      f"      if {ep}:",
                      "        if sub trymove #cc_from #ep #side #enemy:",
                      "          return true;",
                      "        endif;",
                      "      endif;",
                      "    endif;"]
        lines += ["  next;", "  return false;", "endsub;"]
    if rules.must_drop and drops:
        lines += ["sub candrop side enemy:",
                  f"  for (cd_from cd_piece) {only_side('side')}:",
                  "    if not fn inplay #cd_from:",
                  "      for (cd_to cd_target) spaces:",
                  "        if == #cd_target @ and fn inplay #cd_to:",
                  "          add #cd_piece #cd_to;",
                  "          set cd_bad sub baddrop #cd_to #cd_piece #side #enemy;",
                  "          empty #cd_to;",
                  "          if not #cd_bad:",
                  "            return true;",
                  "          endif;",
                  "        endif;",
                  "      next;",
                  "    endif;",
                  "  next;",
                  "  return false;",
                  "endsub;"]
    goal = rules.extinction
    if goal is not None:
        for color in (WHITE, BLACK):
            lines += _extinct_sub(game, color)
    return lines


def _extinct_sub(game: Game, color: Color) -> list[str]:
    """``sub extinct_SIDE``: ``color`` has at most ``count`` of a counted group while the other side has at least
    ``opponent_count`` of it."""
    goal = game.rules.extinction
    assert goal is not None
    mine, theirs = extinction_labels(game, color), extinction_labels(game, 1 - color)
    side, enemy = SIDES[color], SIDES[1 - color]
    lines = [f"sub extinct_{side}:"]
    if mine is None or theirs is None:
        lines += ["  set ex_mine 0;", "  set ex_theirs 0;",
                  "  for (ex_sq ex_lab) spaces:",
                  f"    if fn {side} #ex_lab:",
                  "      set ex_mine + #ex_mine 1;",
                  f"    elseif fn {enemy} #ex_lab:",
                  "      set ex_theirs + #ex_theirs 1;",
                  "    endif;",
                  "  next;",
                  f"  return <= #ex_mine {goal.count} and >= #ex_theirs {goal.opponent_count};",
                  "endsub;"]
        return lines
    for index in range(len(mine)):
        lines += [f"  set ex_mine_{index} 0;", f"  set ex_theirs_{index} 0;"]
    lines += ["  for (ex_sq ex_lab) spaces:"]
    for index, (own, other) in enumerate(zip(mine, theirs, strict=True)):
        lines += [f"    if match #ex_lab {' '.join(own)}:",
                  f"      set ex_mine_{index} + #ex_mine_{index} 1;",
                  f"    elseif match #ex_lab {' '.join(other)}:",
                  f"      set ex_theirs_{index} + #ex_theirs_{index} 1;",
                  "    endif;"]
    lines += ["  next;"]
    tests = [f"(<= #ex_mine_{i} {goal.count} and >= #ex_theirs_{i} {goal.opponent_count})" for i in range(len(mine))]
    lines += [f"  return {' or '.join(tests)};", "endsub;"]
    return lines


def premove_lines(game: Game, color: Color) -> list[str]:
    """Pre-Move N's part: the game is over by extinction (no move is made), the forced drop and capture flags."""
    side, enemy = SIDES[color], SIDES[1 - color]
    rules = game.rules
    lines: list[str] = []
    if rules.extinction is not None:
        lines += [f"if sub extinct_{enemy} or sub extinct_{side}:",
                  "  die The game is over: a side has run out of pieces.;",
                  "endif;"]
    must_drop = rules.must_drop and hands.uses_hands(game)
    if must_drop:
        lines += [f"set mustdrop sub candrop {side} {enemy};"]
    if rules.must_capture:
        lines += [f"set mustcapture {'not #mustdrop and ' if must_drop else ''}sub cancapture {side} {enemy};"]
    return lines


def postmove_lines(game: Game, ep_labels: list[str]) -> list[str]:
    """Post-Move N's first lines: a board move while a drop is forced, a move taking nothing while a capture is."""
    rules = game.rules
    lines: list[str] = []
    if rules.must_drop and hands.uses_hands(game):
        lines += ["if #mustdrop and fn inplay origin:", "  die You must drop a piece.;", "endif;"]
    if rules.must_capture:
        lines += [f"if #mustcapture and not ({capture_test(ep_labels, 'moved', 'origin', 'dest', 'old')}):",
                  "  die You must capture.;",
                  "endif;"]
    return lines


def legalmoves_prologue(game: Game) -> list[str]:
    """The first lines of ``legalmoves``: whether a drop, else a capture, is forced for ``#side``."""
    rules = game.rules
    lines = []
    must_drop = rules.must_drop and hands.uses_hands(game)
    if must_drop:
        lines += ["  set lm_drop sub candrop #side #enemy;"]
    if rules.must_capture:
        lines += [f"  set lm_capture {'not #lm_drop and ' if must_drop else ''}sub cancapture #side #enemy;"]
    return lines


def legalmoves_skip(game: Game, ep_labels: list[str]) -> tuple[str, str]:
    """Conditions (on ``#lm_from #lm_to #lm_piece #lm_target``) that skip a drop / a board move in ``legalmoves``
    because another kind of move is forced (``false``: none skipped)."""
    rules = game.rules
    board_skip: list[str] = []
    drop_skip: list[str] = []
    if rules.must_drop and hands.uses_hands(game):
        board_skip.append("#lm_drop")
    if rules.must_capture:
        test = capture_test(ep_labels, "#lm_piece", "#lm_from", "#lm_to", "#lm_target")
        board_skip.append(f"(#lm_capture and not ({test}))")
        drop_skip.append("#lm_capture")
    return (" or ".join(drop_skip) or "false", " or ".join(board_skip) or "false")


def postgame_results(game: Game, color: Color) -> list[tuple[str, str, str]]:
    """Post-Game N's game ends before the legal-move count: (condition, message, command) after ``color``'s move."""
    goal = game.rules.extinction
    if goal is None:
        return []
    side, enemy = SIDES[color], SIDES[1 - color]
    winner, loser = side.capitalize(), enemy.capitalize()
    words = {StalemateResult.DRAW: "The game is drawn", StalemateResult.LOSS: "{other} has won",
             StalemateResult.WIN: "{own} has won"}[goal.result]
    return [(f"sub extinct_{side}", f"{winner} has run out of pieces. " + words.format(own=winner, other=loser),
             OWN_RESULT_COMMAND[goal.result]),
            (f"sub extinct_{enemy}", f"{loser} has run out of pieces. " + words.format(own=loser, other=winner),
             RESULT_COMMAND[goal.result])]
