"""``fairyport report``: one HTML page per game (:mod:`.page`) with its perft proof in every format
(:mod:`.proof`)."""
