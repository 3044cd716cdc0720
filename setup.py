"""Packaging glue that pyproject.toml cannot say: ship the top-level fixtures/ as package data.

``fairyport check`` runs the bundled games, so a plain ``pip install .`` must carry them; they live in
``fixtures/`` (not inside the package) to keep the layout telling the story, and are mapped to the
``fairyport.fixtures`` resource package here.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["fairyport", "fairyport.*"]), "fairyport.fixtures"],
    package_dir={"fairyport.fixtures": "fixtures"},
    package_data={"fairyport": ["py.typed"], "fairyport.fixtures": ["**/*"]},
)
