"""The typed tree of one expanded ZRF game and its board geometry.

:mod:`.tree` and :mod:`.build` (sections -> typed tree; move blocks stay located S-expressions),
:mod:`.geometry` (positions and links per direction), :mod:`.checks` (structural findings) and :mod:`.reader`
(``read_variant(path, spec)``: the typed game and its geometry in one call).
"""
