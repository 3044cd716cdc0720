"""The ZRF keyword inventory, grouped by where each keyword may stand."""

from __future__ import annotations

SOUNDS = frozenset({
    "opening-sound", "win-sound", "loss-sound", "draw-sound", "move-sound", "capture-sound", "drop-sound",
    "change-sound", "click-sound", "release-sound",
})
TEXTS = frozenset({"title", "description", "history", "strategy", "notation", "solution", "music", "help"})
LEGACY_FLAGS = frozenset({
    "pass-turn", "pass-partial", "recycle-captures", "recycle-promotions", "include-off-pieces",
    "animate-captures", "animate-drops", "allow-flipping", "maximal-captures",
})
"""ZRF 1.x top-level flags (``maximal-captures`` also occurs in that form)."""
GOALS = {"win-condition": "win", "loss-condition": "loss", "draw-condition": "draw", "count-condition": "count"}
GAME_SECTIONS = frozenset({
    *SOUNDS, *TEXTS, *LEGACY_FLAGS, *GOALS, "option", "engine", "players", "turn-order", "board", "board-setup",
    "piece", "move-priorities", "image",
})
BOARD_FORMS = frozenset({
    "image", "grid", "positions", "dummy", "links", "unlink", "kill-positions", "symmetry", "zone",
})
GRID_FORMS = frozenset({"start-rectangle", "dimensions", "directions"})
PIECE_FORMS = frozenset({
    "name", "help", "description", "notation", "image", "attribute", "dummy", "moves", "drops",
})

NAVIGATION = frozenset({
    "from", "to", "mark", "back", "go", "opposite", "last-from", "last-to", "cascade", "else", "true", "false",
})
CONTROL = frozenset({"verify", "if", "while", "and", "or", "not"})
ACTIONS = frozenset({
    "add", "add-copy", "add-partial", "add-copy-partial", "capture", "flip", "change-owner", "change-type",
    "create", "set-attribute", "set-flag", "set-position-flag", "move-type",
})
_PREDICATES = (
    "empty?", "enemy?", "friend?", "neutral?", "piece?", "position?", "in-zone?", "on-board?", "flag?",
    "position-flag?", "attacked?", "defended?", "adjacent-to-enemy?", "marked?", "goal-position?", "last-from?",
    "last-to?",
)
CONDITIONS = frozenset({*_PREDICATES, *(f"not-{p}" for p in _PREDICATES)})
MOVE_LANGUAGE = frozenset({*NAVIGATION, *CONTROL, *ACTIONS, *CONDITIONS})
"""Every word the move language knows."""

GOAL_CONDITIONS = frozenset({
    "checkmated", "stalemated", "pieces-remaining", "captured", "absolute-config", "relative-config",
    "repetition", "total-piece-count", "and", "or", "not", "opponent", "any-owner",
})

KEYWORDS = frozenset({
    *GAME_SECTIONS, *BOARD_FORMS, *GRID_FORMS, *PIECE_FORMS, *MOVE_LANGUAGE, *GOAL_CONDITIONS,
    "version", "define", "include", "game", "variant", "default",
})
"""Every ZRF keyword, wherever it may stand."""

DAGAZ_OPTIONS = frozenset({
    "smart-moves", "sliding-puzzle", "chess invariant", "chess-invariant", "deferred captures",
    "deferred-captures", "zrf", "show-blink", "animate-redo", "advisor-wait", "detect-loops",
})
"""Options only Dagaz knows (names ending in ``-extension`` are Dagaz too)."""
