"""Interactive Diagram syntax: :mod:`.syntax` (definition text <-> syntax tree) and :mod:`.page` (definitions
inside HTML pages). What the directives mean is :mod:`fairyport.converters.idiagram`."""
