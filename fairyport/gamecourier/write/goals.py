"""The written preset's move rules and goals beyond checkmate and stalemate: forced captures, forced drops, no
checks and the extinction goal (:data:`fairyport.gamecourier.features.SUPPORT` declares them).

- **Forced captures** (``Rules.must_capture``): ``sub cancapture side enemy`` tries every capture of the side to
  move (its board pieces onto enemy pieces on the board, and onto the e.p. square for pieces that capture e.p.)
  with ``trymove``; Pre-Move N keeps the answer in ``mustcapture``, and Post-Move N ``die``\\ s for a move that
  takes nothing (``old`` is empty and it is no e.p. capture) while it is true. Drops and castling take nothing.
- **Forced drops** (``Rules.must_drop``): ``sub candrop side enemy`` tries every drop with ``baddrop``; Pre-Move
  keeps it in ``mustdrop`` and Post-Move rejects a board move while it is true. A capture is forced only when no
  drop is (the model narrows by drops first).
- **No checks** (``Rules.no_checks``): ``illegal`` and ``baddrop`` also reject a move or drop that leaves a royal
  piece of the opponent attacked (``sub checked #enemy #side``); a drop that may not check
  (``DropRule.no_drop_check``) has the same test in its piece's part of ``baddrop``.
- **Connection** (``Rules.connect``, lines and blocks): ``sub connected_white`` / ``sub connected_black`` walk
  from each connecting piece east, north (north-east, south-east) counting a line, and test the block whose
  south-east corner it is; Pre-Move N ``die``\\ s once the player who just moved has connected. Chains between
  zones are refused by name.
- **The last royal piece protected** (``RoyalProtection.LAST``): ``sub checked`` counts the side's royal pieces
  first and finds no check while there are two or more.
- **Extinction** (``Rules.extinction``): ``sub extinct_white`` / ``sub extinct_black`` count each listed type's
  labels (a promoted piece counts as its promoted type) on every square, storage (hands) included, and say
  whether that side has at most ``count`` of one while the other has at least ``opponent_count``. Pre-Move N
  ``die``\\ s once the player who just moved or the player to move is extinct: the game is over, no move is
  made; Post-Game says who won.

``legalmoves`` (the legal-move display and the mate / stalemate test) applies the forced drops and captures
too, so the moves it records are the moves Post-Move accepts.
"""

from __future__ import annotations

from fairyport.gamecourier.write import hands
from fairyport.model import BLACK, WHITE, Color, Game, StalemateResult

SIDES = ("white", "black")
CONNECT_STEPS = {"horizontal": ((1, 0),), "vertical": ((0, 1),), "diagonal": ((1, 1), (1, -1))}
"""Per connection direction, the steps (file, rank) its lines are counted along (a line is counted from its
west or south end, so one step per direction is enough)."""
RESULT_COMMAND = {StalemateResult.DRAW: "drawn", StalemateResult.LOSS: "won", StalemateResult.WIN: "lost"}
"""The Post-Game command when the *opponent* of the player who just moved scores the result."""
OWN_RESULT_COMMAND = {StalemateResult.DRAW: "drawn", StalemateResult.LOSS: "lost", StalemateResult.WIN: "won"}
"""The Post-Game command when the player who just moved scores the result."""


def unwritten(game: Game) -> list[str]:
    """The parts of the rules written here that are not (refused by name by the writer)."""
    connect = game.rules.connect
    if connect is not None and connect.zones is not None:
        return [f"the connection goal's chain from zone {connect.zones[0]!r} to {connect.zones[1]!r}"]
    return []


def simple_flag(game: Game) -> bool:
    """True if the flag goal is one flag piece in the zone (no count, no full-zone win): written as ``def
    flagged_SIDE``, an ``or`` of one test per square (the idiom the reader reads back); else ``sub flagged_SIDE``
    counts."""
    flag = game.rules.flag
    return flag is not None and flag.count == 1 and not flag.blocked_win


def flag_test(game: Game, color: Color) -> str:
    """The condition ``color`` has reached its flag goal."""
    return f"{'fn' if simple_flag(game) else 'sub'} flagged_{SIDES[color]}"


def flag_lines(game: Game) -> list[str]:
    """``flagged_white`` / ``flagged_black`` (that side has reached its flag goal) and ``sub flagover_SIDE`` (the
    game is over by the flag before that side moves)."""
    flag = game.rules.flag
    if flag is None:
        return []
    lines: list[str] = []
    for color in (WHITE, BLACK):
        wanted = flag.piece(color)
        own = hands.label_of(game.piece_type(wanted), color) if wanted is not None else None
        squares = sorted(game.zone_squares(flag.zone, color))
        if simple_flag(game):
            tests = [f"== space {sq} {own}" if own is not None else f"fn {SIDES[color]} space {sq}" for sq in squares]
            lines.append(f"def flagged_{SIDES[color]} " + (" or ".join(f"({t})" for t in tests) or "false") + ";")
            continue
        if not squares:  # a side without flag squares never reaches its flag
            lines += [f"sub flagged_{SIDES[color]}:", "  return false;", "endsub;"]
            continue
        mine = f"== #fl_lab {own}" if own is not None else f"fn {SIDES[color]} #fl_lab"
        full = " or (> #fl_in 0 and #fl_full)" if flag.blocked_win else ""
        lines += [f"sub flagged_{SIDES[color]}:",
                  "  set fl_in 0;",
                  "  set fl_full true;",
                  f"  for fl_sq array {' '.join(squares)}:",
                  "    set fl_lab space #fl_sq;",
                  f"    if {mine}:",
                  "      set fl_in + #fl_in 1;",
                  "    elseif == #fl_lab @:",
                  "      set fl_full false;",
                  "    endif;",
                  "  next;",
                  f"  return >= #fl_in {flag.count}{full};",
                  "endsub;"]
    for color in (WHITE, BLACK):
        side, enemy = SIDES[color], SIDES[1 - color]
        lines += [f"sub flagover_{side}:"]
        if not flag.extra_move:
            lines += [f"  return {flag_test(game, 1 - color)};", "endsub;"]
            continue
        wanted = flag.piece(color)
        lines += [f"  if {flag_test(game, color)}:", "    return true;", "  endif;"]
        if wanted is None or not game.piece_type(wanted).royal:
            lines += ["  return false;", "endsub;"]
            continue
        if color == WHITE:  # only Black gets the extra move
            lines += [f"  return {flag_test(game, BLACK)};", "endsub;"]
            continue
        own = hands.label_of(game.piece_type(wanted), color)
        zone = " ".join(sorted(game.zone_squares(flag.zone, color)))
        lines += [f"  if not {flag_test(game, WHITE)}:",
                  "    return false;",
                  "  endif;",
                  f"  if sub checked {side} {enemy}:",
                  "    return true;",
                  "  endif;",
                  "  for (fo_from fo_piece) onlylower:",
                  f"    if == #fo_piece {own}:",
                  f"      for fo_to array {zone}:",
                  f"        if sub trymove #fo_from #fo_to {side} {enemy}:",
                  "          return false;",
                  "        endif;",
                  "      next;",
                  "    endif;",
                  "  next;",
                  "  return true;",
                  "endsub;"]
    return lines


BLAST_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight squares around a capture square that an atomic capture's blast reaches."""


def blast_subs(game: Game) -> list[str]:
    """``sub blast to side``: an atomic capture on ``#to`` removes the capturing piece there and every piece
    around it but the spared types, remembering them (``bl_s*`` / ``bl_p*``) and whether a royal piece of
    ``#side`` (``bl_own``) or of the other side (``bl_enemy``) went; ``sub unblast`` puts them back."""
    blast = game.rules.blast
    if blast is None:
        return []
    spared = [hands.label_of(game.piece_type(pid), color) for pid in blast.spared for color in (WHITE, BLACK)]
    keep = f" or match #bl_p{{k}} {' '.join(spared)}" if spared else ""
    lines = ["sub blast to side:",
             "  set bl_own false;",
             "  set bl_enemy false;",
             "  set bl_s0 #to;",
             "  set bl_p0 space #to;",
             "  empty #to;"]
    for k, (dx, dy) in enumerate(BLAST_STEPS, start=1):
        lines += [f"  set bl_p{k} false;",
                  f"  set bl_s{k} where #to {dx} {dy};",
                  f"  if #bl_s{k}:",
                  f"    set bl_p{k} space #bl_s{k};",
                  f"    if == #bl_p{k} @{keep.format(k=k)}:",
                  f"      set bl_p{k} false;",
                  "    else:",
                  f"      empty #bl_s{k};",
                  "    endif;",
                  "  endif;"]
    for k in range(len(BLAST_STEPS) + 1):
        lines += [f"  if #bl_p{k}:",
                  f"    if fn royal #bl_p{k}:",
                  f"      if fn #side #bl_p{k}:",
                  "        set bl_own true;",
                  "      else:",
                  "        set bl_enemy true;",
                  "      endif;",
                  "    endif;",
                  "  endif;"]
    lines += ["endsub;", "sub unblast:"]
    for k in range(len(BLAST_STEPS) + 1):
        lines += [f"  if #bl_p{k}:", f"    add #bl_p{k} #bl_s{k};", "  endif;"]
    lines += ["endsub;",
              "sub nearroyal square enemy:",
              *[line for dx, dy in BLAST_STEPS for line in (
                  f"  set nr_at where #square {dx} {dy};",
                  "  if #nr_at:",
                  "    if fn royal space #nr_at and fn #enemy space #nr_at:",
                  "      return true;",
                  "    endif;",
                  "  endif;")],
              "  return false;",
              "endsub;"]
    return lines


def blast_postmove(game: Game, capture: str, virgin: bool) -> list[str]:
    """Post-Move's atomic capture, after the move and an e.p. capture are made: ``capture`` tells it was one."""
    if game.rules.blast is None:
        return []
    lines = [f"if {capture}:", "  gosub blast dest white;"]
    if virgin:  # a castling partner blasted away loses its right
        for k in range(1, len(BLAST_STEPS) + 1):
            lines += [f"  if #bl_p{k}:", f"    unsetflag #bl_s{k};", "  endif;"]
    return [*lines, "endif;"]


def only_side(side: str) -> str:
    """The pieces of the side held in the variable ``side`` (square -> label)."""
    return f"cond == #{side} white onlyupper onlylower"


def ep_test(ep_labels: list[str], piece: str, origin: str, dest: str) -> str:
    """A condition: ``piece`` (a label expression) is one of ``ep_labels`` and its ``fn ep_<label>`` allows the e.p.
    capture from ``origin`` to ``dest``."""
    return " or ".join(f"(== {piece} {lab} and fn ep_{lab} {origin} {dest})" for lab in ep_labels)


def capture_test(ep_labels: list[str], piece: str, origin: str, dest: str, target: str) -> str:
    """A condition: the move of ``piece`` from ``origin`` to ``dest`` onto ``target`` (the label there before the
    move) captures: ``target`` is a piece, or it is an e.p. capture of a piece that captures e.p."""
    test = f"!= {target} @"
    if ep_labels:
        test += f" or (== {dest} #ep and {ep_test(ep_labels, piece, origin, dest)})"
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
            ep = ep_test(ep_labels, "#cc_piece", "#cc_from", "#ep")
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
    if rules.connect is not None:
        for color in (WHITE, BLACK):
            lines += _connected_sub(game, color)
    return lines


def _connected_sub(game: Game, color: Color) -> list[str]:
    """``sub connected_SIDE``: ``color``'s connecting pieces make a line of ``count`` or a ``square`` x ``square``
    block (on the board proper, storage aside)."""
    goal = game.rules.connect
    assert goal is not None
    side = SIDES[color]
    drops = hands.uses_hands(game)
    if goal.pieces is None:
        mine = f"fn {side} #cn_lab"
    else:
        mine = "match #cn_lab " + " ".join(hands.label_of(game.piece_type(p), color) for p in goal.pieces)
    in_play = " and fn inplay #cn_at" if drops else ""
    lines = [f"sub connected_{side}:", "  for (cn_sq cn_lab) spaces:",
             f"    if {mine}{' and fn inplay #cn_sq' if drops else ''}:"]
    if goal.count:
        for name in goal.directions:
            for dx, dy in CONNECT_STEPS[name]:
                lines += ["      set cn_run 1;",
                          f"      set cn_at where #cn_sq {dx} {dy};",
                          "      do while #cn_at:",
                          "        set cn_lab space #cn_at;",
                          f"        if not ({mine}{in_play}):",
                          "          break;",
                          "        endif;",
                          "        set cn_run + #cn_run 1;",
                          f"        if >= #cn_run {goal.count}:",
                          "          return true;",
                          "        endif;",
                          f"        set cn_at where #cn_at {dx} {dy};",
                          "      loop;"]
    if goal.square:
        lines += ["      set cn_block true;"]
        for dx in range(goal.square):
            for dy in range(goal.square):
                if dx == dy == 0:
                    continue
                lines += [f"      set cn_at where #cn_sq {-dx} {dy};",
                          "      if not #cn_at:",
                          "        set cn_block false;",
                          "      else:",
                          "        set cn_lab space #cn_at;",
                          f"        if not ({mine}{in_play}):",
                          "          set cn_block false;",
                          "        endif;",
                          "      endif;"]
        lines += ["      if #cn_block:", "        return true;", "      endif;"]
    lines += ["    endif;", "  next;", "  return false;", "endsub;"]
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
    if rules.flag is not None:
        lines += [f"if sub flagover_{side}:", "  die The game is over by the flag goal.;", "endif;"]
    if rules.extinction is not None:
        lines += [f"if sub extinct_{enemy} or sub extinct_{side}:",
                  "  die The game is over: a side has run out of pieces.;",
                  "endif;"]
    if rules.connect is not None:
        lines += [f"if sub connected_{enemy}:",
                  f"  die The game is over: {enemy.capitalize()} has connected.;",
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
    """``and not (...)`` conditions (on ``#lm_from #lm_to #lm_piece #lm_target``) that skip a drop / a board move in
    ``legalmoves`` because another kind of move is forced (empty: none skipped)."""
    rules = game.rules
    board_skip: list[str] = []
    drop_skip: list[str] = []
    if rules.must_drop and hands.uses_hands(game):
        board_skip.append("#lm_drop")
    if rules.must_capture:
        test = capture_test(ep_labels, "#lm_piece", "#lm_from", "#lm_to", "#lm_target")
        board_skip.append(f"(#lm_capture and not ({test}))")
        drop_skip.append("#lm_capture")
    return (f" and not ({' or '.join(drop_skip)})" if drop_skip else "",
            f" and not ({' or '.join(board_skip)})" if board_skip else "")


def postgame_results(game: Game, color: Color) -> list[tuple[str, str, str]]:
    """Post-Game N's game ends before the legal-move count: (condition, message, command) after ``color``'s move."""
    side, enemy = SIDES[color], SIDES[1 - color]
    winner, loser = side.capitalize(), enemy.capitalize()
    ends: list[tuple[str, str, str]] = []
    flag = game.rules.flag
    if flag is not None:
        over = f"sub flagover_{enemy}"
        if flag.extra_move:
            ends.append((f"{over} and {flag_test(game, color)} and {flag_test(game, 1 - color)}",
                         "Both sides have reached the flag. The game is drawn.", "drawn"))
            ends.append((f"{over} and not {flag_test(game, color)}", f"{loser} has reached the flag and won.",
                         "lost"))
        ends.append((over, f"{winner} has reached the flag and won.", "won"))
    connect = game.rules.connect
    if connect is not None:
        words = _RESULT_WORDS[connect.result]
        ends.append((f"sub connected_{side}", f"{winner} has connected. " + words.format(own=winner, other=loser),
                     OWN_RESULT_COMMAND[connect.result]))
    goal = game.rules.extinction
    if goal is not None:
        words = _RESULT_WORDS[goal.result]
        ends += [(f"sub extinct_{side}", f"{winner} has run out of pieces. " + words.format(own=winner, other=loser),
                  OWN_RESULT_COMMAND[goal.result]),
                 (f"sub extinct_{enemy}", f"{loser} has run out of pieces. " + words.format(own=loser, other=winner),
                  RESULT_COMMAND[goal.result])]
    return ends


_RESULT_WORDS = {StalemateResult.DRAW: "The game is drawn", StalemateResult.LOSS: "{other} has won",
                 StalemateResult.WIN: "{own} has won"}
"""The result of a goal scored by one side (``own``), in words."""
