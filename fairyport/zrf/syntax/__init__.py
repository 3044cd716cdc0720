"""Zillions of Games rule files (ZRF): the syntax layer.

Pipeline, one module per stage:

- :mod:`.source`: bytes -> text (UTF-8 with a cp1252 fallback), encoding and line endings remembered;
- :mod:`.scanner`: text -> tokens (atoms, strings, parentheses, trivia);
- :mod:`.nodes` and :mod:`.parser`: tokens -> located S-expression nodes that keep their trivia;
- :mod:`.includes` and :mod:`.macros`: ``include`` and ``define`` resolved (:mod:`.loader` runs both);
- :mod:`.structure`: the ``game`` and its ``variant`` forms, any variant materialised into full sections;
- :mod:`.tree` and :mod:`.build`: the typed tree of one expanded game (move blocks stay located S-expressions);
  :mod:`.keywords`: which keyword belongs where;
- :mod:`.geometry`: positions, links per direction and opposite directions of a board;
- :mod:`.reader`: ``read_variant(path, spec)``, the typed game and its geometry in one call;
- :mod:`.rewriter` and :mod:`.printer`: faithful rewriting and conventional pretty-printing;
- :mod:`.checks` and :mod:`.validate`: structural findings for ``fairyport validate``; :mod:`.show`:
  ``fairyport show``.
"""
