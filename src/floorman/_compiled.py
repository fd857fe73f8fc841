"""Which of floorman's modules run compiled, and whether they may.

An install with a C compiler compiles the dealer's hot modules and the PHH
reader's quick path (listed in :data:`MODULES`) from their own Python source
with mypyc, as an option: the Python source stays the reference, the compiled
modules are tested against it, and without a compiler the package installs and
runs the same in pure Python.

A compiled module sits beside its source and Python would load it first, even
after the source changed. So the build records a digest of each source it
compiled (``_compiled.record``), and when floorman is imported the compiled
modules are used only if every one of them is there and every source is the
one it was built from. Otherwise all of them load from their source: they are
used all together or not at all, as compiled modules call each other directly.
``FLOORMAN_PURE=1`` asks for the pure path, and ``FLOORMAN_REQUIRE_COMPILED=1``
makes importing floorman fail if the compiled modules cannot be used, unless
the pure path was asked for (so a build that failed cannot pass unnoticed).

>>> STATE in ("compiled", "pure") and isinstance(WHY, str)
True
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from functools import cache
from importlib.machinery import ModuleSpec
from types import ModuleType

from floorman._static import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Final

__all__ = ["MODULES", "RECORD", "STATE", "WHY", "decide"]

#: The modules an install compiles. ``setup.py`` reads this tuple from this
#: file's text, so it stays one literal tuple of strings.
MODULES: Final = (
    "floorman.deal._make",
    "floorman.deal._pot_math",
    "floorman.deal.betting",
    "floorman.deal.checks",
    "floorman.deal.handlers",
    "floorman.deal.log",
    "floorman.deal.options",
    "floorman.deal.rulings",
    "floorman.deal.showdown",
    "floorman.deal.showing",
    "floorman.deal.state",
    "floorman.formats._phh_table",
    "floorman.formats._phh_toml",
    "floorman.formats._phh_usual",
    "floorman.formats._replay_loop",
)

#: The build's record, beside this file: a line per compiled module, its name,
#: the size and modification time of the source it was built from, and the
#: source's SHA-256.
RECORD: Final = "_compiled.record"

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_HERE)


def _wanted(variable: str) -> bool:
    return os.environ.get(variable, "").strip() not in ("", "0")


def _source(module: str) -> str:
    return os.path.join(_ROOT, *module.split(".")) + ".py"


@cache
def _listed(folder: str) -> frozenset[str]:
    try:
        return frozenset(os.listdir(folder))
    except OSError:
        return frozenset()


def _built(module: str) -> bool:
    folder, _, name = _source(module)[:-3].rpartition(os.sep)
    names = _listed(folder)
    return any(name + suffix in names for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _digest(path: str) -> str:
    import hashlib

    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def decide(record: str | None, modules: Sequence[str] = MODULES) -> tuple[bool, str]:
    """Whether the compiled modules may be used, and why (or why not).

    ``record`` is the text of the build's record, or ``None`` when there is
    none. A source whose size and time are the recorded ones is taken as
    unchanged; any other is compared by its digest.

    >>> decide(None, ())
    (False, 'not compiled: no record of a build')
    """
    if record is None:
        return False, "not compiled: no record of a build"
    kept: dict[str, tuple[str, str, str]] = {}
    for line in record.splitlines():
        parts = line.split()
        if len(parts) == 4:
            kept[parts[0]] = (parts[1], parts[2], parts[3])
    for module in modules:
        if module not in kept:
            return False, f"not compiled: {module} is not in the build's record"
        if not _built(module):
            return False, f"not compiled: {module} was not built"
        size, mtime, digest = kept[module]
        try:
            stat = os.stat(_source(module))
        except OSError:
            return False, f"pure: the source of {module} is missing"
        if (str(stat.st_size), str(stat.st_mtime_ns)) != (size, mtime) and _digest(
            _source(module)
        ) != digest:
            return False, f"pure: {module} changed since it was compiled (reinstall to compile it)"
    return True, "compiled"


class _FromSource:
    """Loads each of :data:`MODULES` from its Python source, not its compiled form."""

    @staticmethod
    def find_spec(
        name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name not in MODULES:
            return None
        import importlib.util

        return importlib.util.spec_from_file_location(name, _source(name))


def _settle() -> tuple[str, str]:
    pure = _wanted("FLOORMAN_PURE")
    if pure:
        use, why = False, "pure: FLOORMAN_PURE is set"
    else:
        try:
            # Read as bytes and decoded here: ASCII so decoded needs no codec module.
            with open(os.path.join(_HERE, RECORD), "rb") as file:
                record: str | None = file.read().decode("ascii")
        except OSError:
            record = None
        use, why = decide(record)
    if use:
        return "compiled", why
    if not pure and _wanted("FLOORMAN_REQUIRE_COMPILED"):
        raise ImportError(f"FLOORMAN_REQUIRE_COMPILED is set, but floorman runs {why}")
    sys.meta_path.insert(0, _FromSource())
    return "pure", why


#: ``"compiled"`` or ``"pure"``: how :data:`MODULES` run in this process.
#: :data:`WHY` says why, in words.
STATE, WHY = _settle()
