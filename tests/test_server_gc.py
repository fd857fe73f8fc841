"""The server's garbage collection: full passes kept out of the commands' way
(:mod:`floorman.server._gc`), and the evaluator's tables built at start
(:mod:`floorman.server._ready`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from floorman.errors import ConfigError
from floorman.evaluation import hands
from floorman.server._gc import Collector
from floorman.server._ready import warm_up


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def restored() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_the_collector_settles_freezes_and_stops_its_own_full_passes(restored: None) -> None:
    ticks = Ticks()
    collector = Collector(every=30.0, full_every=600.0, now=ticks)
    young, middle, old = gc.get_threshold()
    collector.settle()
    assert gc.get_freeze_count() > 0, "what lives at the start is set aside"
    assert gc.get_threshold()[:2] == (young, middle)
    assert gc.get_threshold()[2] > 1_000_000, "no full pass of the collector's own accord"
    collector.release()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == (young, middle, old), "the thresholds are given back"


def test_the_collector_ticks_young_then_full_as_each_falls_due(restored: None) -> None:
    ticks = Ticks()
    collector = Collector(every=30.0, full_every=90.0, now=ticks)
    collector.settle()
    ticks.now = 10.0
    assert collector.tick() is None
    kept = [[object()] for _ in range(1000)]  # young objects that live on
    ticks.now = 30.0
    frozen = gc.get_freeze_count()
    assert collector.tick() == "young"
    assert gc.get_freeze_count() >= frozen + len(kept), "the survivors are frozen"
    ticks.now = 45.0
    assert collector.tick() is None, "the next young pass is 30 s after the last"
    ticks.now = 90.0
    assert collector.tick() == "full"
    ticks.now = 119.0
    assert collector.tick() is None
    collector.release()


def test_cyclic_garbage_among_frozen_objects_goes_at_the_full_pass(restored: None) -> None:
    ticks = Ticks()
    collector = Collector(every=1.0, full_every=5.0, now=ticks)

    class Node:
        other: object = None

    a, b = Node(), Node()
    a.other, b.other = b, a
    collector.settle()  # the cycle is alive, and frozen
    probe = [a]
    import weakref

    gone = weakref.ref(a)
    del a, b, probe
    ticks.now = 1.0
    collector.tick()  # young: the frozen cycle stays
    assert gone() is not None
    ticks.now = 5.0
    assert collector.tick() == "full"
    assert gone() is None, "a cycle that died while frozen is collected at the full pass"
    collector.release()


def test_a_collector_needs_sensible_intervals() -> None:
    with pytest.raises(ConfigError):
        Collector(every=0.0)
    with pytest.raises(ConfigError):
        Collector(every=60.0, full_every=30.0)


def test_the_evaluator_tables_are_built_at_start() -> None:
    warm_up()
    assert all(hands._NONFLUSH[size] is not None for size in (5, 6, 7))
