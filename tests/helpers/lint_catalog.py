"""The list of every Game Courier lint finding, made from the registry (:mod:`.rules`) so that the documentation
page ``docs/gamecourier-findings.md`` cannot drift from the code: ``python tests/helpers/lint_catalog.py``
prints the table the page holds, and a test checks that the page holds exactly it."""

from __future__ import annotations

from fairyport.gamecourier.validate.rules import DOCUMENTED_BY, RULES, RUN_RULES, Rule

BEGIN = "<!-- findings table: made by python tests/helpers/lint_catalog.py -->"
END = "<!-- end of findings table -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _rows(rules: dict[str, Rule]) -> list[str]:
    return [f"| `{code}` | {rule.severity.value} | {_cell(rule.title)} | {_cell(rule.fix)} | "
            f"{_cell(DOCUMENTED_BY[code])} |" for code, rule in sorted(rules.items())]


def findings_table() -> str:
    """The Markdown table of every finding (static lint, then running the code), between :data:`BEGIN` and
    :data:`END`."""
    head = ["| code | severity | meaning | fix | rests on |", "|---|---|---|---|---|"]
    lines = [BEGIN, "", "### Static checks (`validate`)", "", *head, *_rows(RULES), "",
             "### Running the code (`validate --run`, `--against`)", "", *head, *_rows(RUN_RULES), "", END]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(findings_table(), end="")
