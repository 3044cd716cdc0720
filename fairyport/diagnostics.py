"""Findings reported by validators and linters, shared by every format."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from fairyport.errors import FairyportError, Location, printable


class Severity(enum.Enum):
    """How bad a finding is. Only errors make ``fairyport validate`` exit 1."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclasses.dataclass(frozen=True)
class Finding:
    """One problem found in a file: where, how bad, a stable code, a one-line reason and a suggested fix."""

    location: Location
    severity: Severity
    code: str
    """A short stable identifier such as ``undefined-piece``; tests and tools match on it."""
    message: str
    fix: str | None = None
    key: str | None = None
    """For key/value formats: the key the finding is about."""

    def __str__(self) -> str:
        text = f"{self.location}: {self.severity.value}: {self.message} [{self.code}]"
        if self.fix:
            text += f" fix: {self.fix}"
        return printable(text)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "file": self.location.file,
            "line": self.location.line,
            "column": self.location.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "fix": self.fix,
            "key": self.key,
        }


@dataclasses.dataclass
class FileReport:
    """What validating one file found. ``unreadable`` is set when the file could not be read at all."""

    path: str
    format: str
    findings: list[Finding] = dataclasses.field(default_factory=list)
    unreadable: FairyportError | None = None
    details: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Format-specific facts worth printing (variants found, enforcement level, ...)."""

    @property
    def has_errors(self) -> bool:
        """True if any finding is an error."""
        return any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def status(self) -> str:
        """``unreadable``, ``findings`` (with errors), ``warnings`` (no errors) or ``clean``."""
        if self.unreadable is not None:
            return "unreadable"
        if self.has_errors:
            return "findings"
        if self.findings:
            return "warnings"
        return "clean"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: one record per file."""
        return {
            "file": self.path,
            "format": self.format,
            "status": self.status,
            "unreadable": None if self.unreadable is None else self.unreadable.message(),
            "findings": [f.to_json() for f in self.findings],
            "details": self.details,
        }
