"""Game Courier's texts: the PHP settings file (:mod:`.php`, :mod:`.phpstrings`), the preset it describes
(:mod:`.preset`), preset links (:mod:`.query`) and the FEN code of the board (:mod:`.fen`)."""
