"""Shared settings and helpers for the floorman test suite.

By default every randomized test runs at a size that keeps the whole suite
quick. ``FLOORMAN_LONG=1`` turns the oracle comparisons and the Hypothesis
property tests up to their long sizes (minutes rather than seconds).

Fixtures:

- ``size(default, long)`` picks a sample size for the current mode;
- ``rng`` is a seeded NumPy generator, so a failure reproduces;
- ``deal(rng, count, k)`` draws ``count`` random hands of ``k`` distinct cards
  as a ``(count, k)`` array of card indices (0-51);
- ``postgres`` is the URL of a PostgreSQL 15 server for the session (see
  tests/databases.py), and ``database`` a new, empty database of each kind
  (a SQLite file, and one on that server) for the store's and server's tests.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

from tests.databases import fresh_database, postgres_cluster

#: Whether the long randomized runs were asked for.
LONG = os.environ.get("FLOORMAN_LONG", "").strip() not in ("", "0")

#: The seed of every NumPy generator the tests use.
SEED = 20_240_611

# Table building is cached on first use, so the first example of a property may
# be slow; a deadline would only make that flaky.
settings.register_profile("floorman", deadline=None)
settings.register_profile("floorman-long", deadline=None, max_examples=2_000)
settings.load_profile("floorman-long" if LONG else "floorman")


# The evaluators' tables are kept on disk between runs (floorman.evaluation._kept):
# the suite keeps them in a folder of its own, not the user's cache, built anew
# each session and removed after it.
_TABLES = None if "FLOORMAN_CACHE" in os.environ else tempfile.mkdtemp(prefix="floorman-tables-")
if _TABLES is not None:
    os.environ["FLOORMAN_CACHE"] = _TABLES


def pytest_unconfigure(config: pytest.Config) -> None:
    if _TABLES is not None:
        shutil.rmtree(_TABLES, ignore_errors=True)


def pytest_report_header(config: pytest.Config) -> list[str]:
    from floorman import _compiled

    mode = "long (FLOORMAN_LONG=1)" if LONG else "default (set FLOORMAN_LONG=1 for long runs)"
    return [f"floorman randomized test size: {mode}", f"floorman's dealer: {_compiled.WHY}"]


def sample_size(default: int, long: int) -> int:
    """``long`` when FLOORMAN_LONG is set, else ``default``."""
    return long if LONG else default


def random_hands(rng: np.random.Generator, count: int, k: int) -> np.ndarray:
    """``count`` uniformly random hands of ``k`` distinct cards from 52, as indices.

    Draws with replacement and rejects rows with a repeated card, which keeps
    memory at ``count * k`` integers even for millions of hands.
    """
    rows: list[np.ndarray] = []
    have = 0
    while have < count:
        want = int((count - have) * 1.6) + 64
        draw = rng.integers(0, 52, size=(want, k), dtype=np.int64)
        ordered = np.sort(draw, axis=1)
        distinct = np.all(ordered[:, 1:] != ordered[:, :-1], axis=1)
        kept = draw[distinct][: count - have]
        rows.append(kept)
        have += len(kept)
    return np.concatenate(rows)


@pytest.fixture
def size() -> Callable[[int, int], int]:
    """Pick a sample size: ``size(default, long)``."""
    return sample_size


@pytest.fixture
def rng() -> np.random.Generator:
    """A NumPy generator with the suite's fixed seed."""
    return np.random.default_rng(SEED)


@pytest.fixture
def deal() -> Callable[[np.random.Generator, int, int], np.ndarray]:
    """Random hands: ``deal(rng, count, k)``."""
    return random_hands


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A PostgreSQL server's URL where the tests may create databases."""
    yield from postgres_cluster()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty database of each kind: a SQLite file, and one on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'floorman.db'}"
        return
    yield from fresh_database(request.getfixturevalue("postgres"))
