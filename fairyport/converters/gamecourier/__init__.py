"""Game Courier presets <-> the common game model (the functions the command line finds in the registry).

- :func:`~fairyport.converters.gamecourier.write.write_game`: a model as a rule-enforcing settings file;
- :func:`~fairyport.converters.gamecourier.read.read_game`: a preset read into the model.
"""

from fairyport.converters.gamecourier.read import read_game
from fairyport.converters.gamecourier.write import write_game

__all__ = ["read_game", "write_game"]
