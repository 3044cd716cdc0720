"""Pictures of a game model: a text board (:mod:`.text`) and an SVG diagram (:mod:`.svg`), for every format."""
