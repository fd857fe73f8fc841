"""A seeded shuffler's marks: where its sequence stands, put back cheaply."""

from __future__ import annotations

import pytest

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
