"""How pytest collects the doctests of floorman's own modules.

A module that runs compiled (``floorman._compiled``) is a compiled extension
in this process, not the file pytest would read its doctests from: its doctests
run in the pass that loads the modules from source (``FLOORMAN_PURE=1``, as
``make test`` does), with the rest of the pure path's tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman import _compiled

_SRC = Path(__file__).resolve().parent
_COMPILED_FILES = frozenset(
    _SRC.joinpath(*module.split(".")).with_suffix(".py") for module in _compiled.MODULES
)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if _compiled.STATE == "compiled" and collection_path.resolve() in _COMPILED_FILES:
        return True
    return None
