"""The ``game`` form and its ``variant`` forms, and materialising any variant into a full list of sections.

A variant inherits every section of the game and replaces the sections it redefines: ``piece`` sections by
piece name, ``option`` sections by option name, every other section by its head (so a variant's
``loss-condition`` forms replace all of the game's). A replaced section keeps the place of the game's first one;
new sections follow at the end. ``(variant (title "-"))`` is a menu separator; ``(default)`` marks the variant
loaded by default.

Selection (``--variant``): a 1-based index over the selectable entries, the game being 1 and the variants
(separators skipped) 2, 3, ... in file order; or a title, matched exactly, then ignoring case.
"""

from __future__ import annotations

import dataclasses
import re

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import Location, ModelError, UsageError
from fairyport.zrf.syntax.loader import LoadedFile
from fairyport.zrf.syntax.nodes import Node, SList, String, name_text

SectionKey = tuple[str, str]

SEVERAL_GAMES = "several-games"
TOP_LEVEL_UNKNOWN = "unknown-top-level"
NOT_A_SECTION = "not-a-section"


@dataclasses.dataclass
class Variant:
    """The game (``index == 1``) or one ``variant`` form."""

    node: SList
    sections: list[SList]
    title: str | None
    index: int
    """1-based selectable index; 0 for a menu separator."""
    separator: bool = False
    default: bool = False

    @property
    def label(self) -> str:
        """Title and index, for messages."""
        return f"#{self.index} {self.title!r}" if self.title is not None else f"#{self.index}"


@dataclasses.dataclass
class GameFile:
    """The structure of one expanded file."""

    loaded: LoadedFile
    version: str | None
    game: Variant
    variants: list[Variant]
    """Every variant form in file order, separators included."""
    findings: list[Finding]

    @property
    def choices(self) -> list[Variant]:
        """The selectable entries: the game, then every non-separator variant."""
        return [self.game, *(v for v in self.variants if not v.separator)]

    @property
    def default(self) -> Variant:
        """The variant marked ``(default)``, else the game."""
        return next((v for v in self.variants if v.default), self.game)

    def select(self, spec: str | None) -> Variant:
        """The entry ``spec`` names (index or title); None gives :attr:`default`.

        :raises UsageError: if nothing or several entries match.
        """
        if spec is None:
            return self.default
        where = Location(self.loaded.document.source.name)
        choices = self.choices
        if re.fullmatch(r"\s*[0-9]{1,9}\s*", spec):
            number = int(spec)
            if 1 <= number <= len(choices):
                return choices[number - 1]
            raise UsageError(f"no variant number {number}", where, expected=f"1 to {len(choices)}", found=spec)
        for exact in (True, False):
            found = [v for v in choices if v.title is not None
                     and (v.title == spec if exact else v.title.casefold() == spec.casefold())]
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise UsageError(f"several variants are titled {spec!r}", where, expected="an index",
                                 found=", ".join(v.label for v in found))
        raise UsageError(f"no variant titled {spec!r}", where, expected="a title or an index",
                         found=", ".join(v.label for v in choices[:12]) + (" ..." if len(choices) > 12 else ""))

    def sections(self, variant: Variant) -> list[SList]:
        """The full section list of ``variant``: the game's sections with the variant's replacements."""
        if variant is self.game:
            return list(self.game.sections)
        return merge_sections(self.game.sections, variant.sections)


GOAL_SECTIONS = frozenset({"win-condition", "loss-condition", "draw-condition", "count-condition"})
"""The goal sections: a variant that defines any of them replaces all of the game's goals (the official
``Chess.zrf`` relies on it: Losing Chess defines only ``win-condition``s and its King is not royal; Knight Hunting
repeats ``(checkmated King)`` for White only)."""


def section_key(section: SList) -> SectionKey:
    """The key a variant's section replaces by: ``(head, name)`` for pieces and options, ``("goals", "")`` for the
    four goal sections (:data:`GOAL_SECTIONS`), ``(head, "")`` else."""
    head = section.head or ""
    if head in GOAL_SECTIONS:
        return "goals", ""
    if head == "piece":
        for item in section.items[1:]:
            if isinstance(item, SList) and item.head == "name" and len(item.items) > 1:
                return head, name_text(item.items[1]) or ""
    elif head == "option" and len(section.items) > 1:
        return head, name_text(section.items[1]) or ""
    return head, ""


def merge_sections(base: list[SList], overrides: list[SList]) -> list[SList]:
    """``base`` with every key in ``overrides`` replaced (at the place of its first occurrence)."""
    replaced: dict[SectionKey, list[SList]] = {}
    for section in overrides:
        replaced.setdefault(section_key(section), []).append(section)
    result: list[SList] = []
    done: set[SectionKey] = set()
    for section in base:
        key = section_key(section)
        if key not in replaced:
            result.append(section)
        elif key not in done:
            result.extend(replaced[key])
            done.add(key)
    result.extend(s for key, group in replaced.items() if key not in done for s in group)
    return result


def _title(sections: list[SList]) -> str | None:
    for section in sections:
        if section.head == "title" and len(section.items) > 1 and isinstance(section.items[1], String):
            return section.items[1].value
    return None


def _sections(form: SList, findings: list[Finding]) -> tuple[list[SList], bool]:
    sections: list[SList] = []
    default = False
    for item in form.items[1:]:
        if isinstance(item, SList) and item.head == "default" and len(item.items) == 1:
            default = True
        elif isinstance(item, SList) and item.head is not None:
            sections.append(item)
        else:
            findings.append(Finding(item.location, Severity.WARNING, NOT_A_SECTION,
                                    f"ignored: a {form.head} holds (keyword ...) sections, not this{item.where()}"))
    return sections, default


def read_structure(loaded: LoadedFile) -> GameFile:
    """Find the version, the game and the variants among the expanded top-level forms.

    :raises ModelError: if the file has no ``game`` form.
    """
    findings: list[Finding] = []
    version: str | None = None
    game: Variant | None = None
    variants: list[Variant] = []
    index = 1  # the game's; variants count on from it
    for form in loaded.expanded:
        if not isinstance(form, SList) or form.head not in ("version", "game", "variant"):
            _unknown_top_level(form, findings)
        elif form.head == "version":
            version = name_text(form.items[1]) if len(form.items) > 1 else None
        elif form.head == "game":
            sections, default = _sections(form, findings)
            if game is None:
                game = Variant(form, sections, _title(sections), 1, default=default)
            else:
                findings.append(Finding(form.location, Severity.WARNING, SEVERAL_GAMES,
                                        f"a second game form is ignored (the game starts at {game.node.location})"))
        else:
            sections, default = _sections(form, findings)
            title = _title(sections)
            separator = title == "-" and all(s.head == "title" for s in sections)
            if not separator:
                index += 1
            variants.append(Variant(form, sections, title, 0 if separator else index, separator, default))
    if game is None:
        where = loaded.document.source.location(0) if loaded.document.items else Location(
            loaded.document.source.name)
        raise ModelError("the file has no (game ...) form", where, expected="(game ...)")
    return GameFile(loaded, version, game, variants, findings)


def _unknown_top_level(form: Node, findings: list[Finding]) -> None:
    findings.append(Finding(form.location, Severity.WARNING, TOP_LEVEL_UNKNOWN,
                            "ignored top-level form: expected version, define, include, game or variant"
                            f"{form.where()}"))
