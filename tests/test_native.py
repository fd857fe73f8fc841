"""Where the compiled evaluator is required, it was built.

The extension is optional (an install without a C compiler runs pure Python),
so a build that failed would pass the suite unnoticed on the pure path. On a
machine with a compiler ``.ci/run`` sets ``FLOORMAN_REQUIRE_COMPILED=1``, and
then this fails instead."""

from __future__ import annotations

import os

import pytest

from floorman.evaluation import _native


def test_the_compiled_evaluator_is_built_where_it_is_required() -> None:
    if os.environ.get("FLOORMAN_REQUIRE_COMPILED", "").strip() in ("", "0"):
        pytest.skip("FLOORMAN_REQUIRE_COMPILED is not set: the pure path is allowed here")
    if _native.pure_wanted():
        pytest.skip("FLOORMAN_PURE=1 turns the compiled path off on purpose")
    assert _native.COMPILED, "the C extension floorman.evaluation._fast was not built"
