"""What the benchmark scripts share: checks, progress notes and report formatting."""

from __future__ import annotations

import importlib.metadata
import platform
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = [
    "CheckFailed",
    "check",
    "cpu_model",
    "markdown_table",
    "progress",
    "secs",
    "verdict",
    "version",
]


class CheckFailed(AssertionError):
    """A check failed: the benchmark would be measuring something wrong."""


def check(condition: bool, message: str) -> None:
    """Like ``assert``, but not stripped by ``python -O``."""
    if not condition:
        raise CheckFailed(message)


def progress(message: str) -> None:
    """Progress notes go to stderr, so stdout is the report alone."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def cpu_model() -> str:
    """The processor's model name, as far as the machine tells."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def version(package: str) -> str:
    """An installed package's version."""
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def secs(seconds: float) -> str:
    """A duration in the unit that reads best."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:,.1f} µs"
    return f"{seconds * 1000:,.1f} ms" if seconds < 1 else f"{seconds:,.2f} s"


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table with aligned columns."""
    body = [list(header), *(list(r) for r in rows)]
    widths = [max(len(row[i]) for row in body) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(body[0]), rule, *(line(r) for r in body[1:])])


def verdict(met: bool, text: str) -> str:
    """One line of a benchmark's verdict on a target."""
    return f"- {'MET' if met else 'NOT MET'}: {text}"
