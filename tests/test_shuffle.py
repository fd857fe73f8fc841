"""A seeded shuffler's marks: where its sequence stands, put back cheaply."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from floorman import shuffle
from floorman.cards import DECK_52
from floorman.shuffle import SeededShuffler


def test_a_mark_puts_the_sequence_back_after_several_shuffles() -> None:
    shuffler = SeededShuffler(11)
    _ = shuffler.shuffle(DECK_52)
    mark = shuffler.mark()
    after = [shuffler.shuffle(DECK_52) for _ in range(3)]
    shuffler.rewind(mark)
    assert [shuffler.shuffle(DECK_52) for _ in range(3)] == after
    shuffler.rewind(mark)  # as often as asked
    assert shuffler.shuffle(DECK_52) == after[0]


def test_a_mark_with_no_shuffle_after_it_changes_nothing() -> None:
    shuffler, twin = SeededShuffler(4), SeededShuffler(4)
    shuffler.rewind(shuffler.mark())
    assert shuffler.shuffle(DECK_52) == twin.shuffle(DECK_52)


def test_marks_at_one_place_share_the_state_kept_for_them() -> None:
    shuffler = SeededShuffler(5)
    first, second = shuffler.mark(), shuffler.mark()
    dealt = shuffler.shuffle(DECK_52)
    shuffler.rewind(second)
    assert shuffler.shuffle(DECK_52) == dealt
    shuffler.rewind(first)
    assert shuffler.shuffle(DECK_52) == dealt


def test_a_mark_left_behind_by_a_rewind_is_refused() -> None:
    """A mark taken, then the sequence put back before it moved on: the mark
    holds no state, and its place is gone."""
    shuffler = SeededShuffler(6)
    early = shuffler.mark()
    _ = shuffler.shuffle(DECK_52)
    late = shuffler.mark()
    shuffler.rewind(early)
    _ = shuffler.shuffle(DECK_52)
    with pytest.raises(ValueError, match="cannot be put back"):
        shuffler.rewind(late)


def test_setting_the_state_leaves_no_mark_pending() -> None:
    shuffler = SeededShuffler(8)
    state = shuffler.getstate()
    mark = shuffler.mark()
    shuffler.setstate(state)
    with pytest.raises(ValueError, match="cannot be put back"):
        shuffler.rewind(mark)


@pytest.mark.parametrize("length", [0, 1, 2, 3, 13, 25, 52, 53])
def test_a_seeded_shuffle_is_the_random_modules_shuffle_of_its_seed(length: int) -> None:
    """Seeded deals repeat across versions: the shuffle puts the cards in the very
    order ``random.Random(seed).shuffle`` does, and leaves the generator where it
    does, shuffle after shuffle."""
    cards = (DECK_52 * 2)[:length]
    for seed in (0, 1, 7, 2026, 2**63 - 1):
        shuffler, stock = SeededShuffler(seed), random.Random(seed)
        for _ in range(3):
            expected = list(cards)
            stock.shuffle(expected)
            assert shuffler.shuffle(cards) == expected
        assert shuffler.getstate() == stock.getstate()


def test_the_shuffle_falls_back_on_the_random_module_with_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = SeededShuffler(99).shuffle(DECK_52)
    monkeypatch.setattr(shuffle, "_SAME_AS_RANDOM", False)
    assert SeededShuffler(99).shuffle(DECK_52) == fast


def test_the_fast_shuffle_is_the_one_this_python_uses() -> None:
    """The loop without a call per card gives what ``random.Random.shuffle`` gives
    on this Python (else the shuffler falls back on it, more slowly)."""
    SeededShuffler(0)  # the first one made finds whether the loop is the same
    assert shuffle._SAME_AS_RANDOM
    assert shuffle._same_as_random()
    for seed in range(20):
        expected, got = list(range(60)), list(range(60))
        stock, ours = random.Random(seed), random.Random(seed)
        stock.shuffle(expected)
        shuffle._fisher_yates(got, ours.getrandbits)
        assert got == expected
        assert stock.getstate() == ours.getstate()


@pytest.mark.parametrize(
    ("cls", "eq"),
    [(shuffle.Mark, False), (shuffle.SeededShuffler, True), (shuffle.SystemShuffler, True)],
    ids=["mark", "seeded", "system"],
)
def test_the_shufflers_are_the_slotted_dataclasses_they_were_declared_as(
    cls: Any, eq: bool
) -> None:
    declared = dataclasses.make_dataclass(
        cls.__name__, [(f.name, Any, f) for f in dataclasses.fields(cls)], slots=True, eq=eq
    )
    assert repr(cls.__dataclass_params__) == repr(declared.__dataclass_params__)
    assert cls.__match_args__ == declared.__match_args__
    assert cls.__slots__ == declared.__slots__
    assert (cls.__hash__ is None) == (declared.__hash__ is None) == eq


def test_shufflers_show_and_compare_as_dataclasses_do() -> None:
    seeded = shuffle.SeededShuffler(7)
    assert repr(seeded) == "SeededShuffler(seed=7)"
    assert seeded == seeded
    assert seeded != shuffle.SeededShuffler(7)  # each its own generator, as compared fields
    with pytest.raises(TypeError, match="unhashable type: 'SeededShuffler'"):
        hash(seeded)
    mark = shuffle.Mark(3)
    assert repr(mark) == "Mark(place=3, state=None)"
    assert mark != shuffle.Mark(3)  # compared as objects: eq=False
    assert dataclasses.replace(mark, place=4).place == 4
    system = shuffle.SystemShuffler()
    assert repr(system) == "SystemShuffler()"
    assert system == shuffle.SystemShuffler(system._random)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'seed'"):
        shuffle.SeededShuffler()  # type: ignore[call-arg]
