"""fairyport's version, in a module of its own so that any part can name it without importing the whole
library (``fairyport.__version__`` re-exports it)."""

__version__ = "0.1.0"
