"""A board game's move language as typed data, independent of any file format.

ZRF says a game's moves as programs (steps, conditions, loops, ``add``); Game Courier runs programs written in
GAME Code. Neither format package may import the other, so a program travels between them in this neutral
form: :mod:`.nodes` holds the instructions and conditions of one move block, :mod:`.game` the board (positions,
directions as links), the pieces with their blocks, the turn order and the goals. The ZRF package lowers a
ZRF game into it (:mod:`fairyport.zrf.lower`); the model carries it as :attr:`fairyport.model.Game.program`;
the Game Courier writer translates it into GAME Code (:mod:`fairyport.gamecourier.program`).

This package sits just above :mod:`fairyport.errors` and below the model, which holds it as a typed field.
"""
