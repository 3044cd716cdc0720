"""Syntax layers: text <-> syntax tree, one module or package per format. No game meaning here."""
