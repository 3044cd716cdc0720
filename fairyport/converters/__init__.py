"""Converters between each format's syntax tree and the common game model (:mod:`fairyport.model`)."""
