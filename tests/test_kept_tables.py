"""The evaluators' lookup tables kept on disk between runs are the tables
built: read back exactly, rebuilt when the file is damaged, never kept where
the cache is turned off (floorman.evaluation._kept)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import Card
from floorman.evaluation import _kept
from floorman.evaluation import _tables as t
from floorman.evaluation import hands as h
from floorman.evaluation import variants as v

KEPT = [
    (t._high_patterns, (True,)),
    (t._high_patterns, (False,)),
    (t._high_strengths, (True,)),
    (t.deuce_to_seven_patterns, ()),
    (t.low_patterns, ()),
    (t.low_strengths, ()),
    (t._packed_high, ()),
    (t._packed_low, ()),
    (t._packed_deuce_to_seven, ()),
    (t.flush_table, ()),
    (t.nonflush_table, (5,)),
    (t.nonflush_table, (6,)),
    (t.nonflush_table, (7,)),
    (h._low5, ()),
    (v._short_table, ()),
    (v._short_patterns, ()),
    (v._short_strengths, ()),
    (v._badugi_patterns, ()),
    (v._badugi_strengths, ()),
    (v._badugi_by_mask, ()),
]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of the test's own, and every kept table forgotten in memory."""
    monkeypatch.setenv(_kept.VARIABLE, str(tmp_path))
    _kept.folder.cache_clear()
    for function, _ in KEPT:
        function.cache_clear()  # type: ignore[attr-defined]
    yield tmp_path
    _kept.folder.cache_clear()
    for function, _ in KEPT:
        function.cache_clear()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("function", "args"), KEPT, ids=lambda x: getattr(x, "__name__", ""))
def test_a_kept_table_read_back_is_the_table_built(cache: Path, function, args) -> None:
    built = function.__wrapped__(*args)
    assert function(*args) == built  # built here, and written
    files = list(cache.rglob("*.marshal"))
    assert files, "nothing was kept"
    function.cache_clear()
    read = function(*args)  # a new process would read it from the file
    assert read == built
    assert type(read) is type(built)


def test_a_kept_table_is_read_not_built_and_a_damaged_file_is_built_again(cache: Path) -> None:
    calls: list[int] = []

    @_kept.kept
    def table(size: int) -> dict[int, tuple[int, ...]]:
        calls.append(size)
        return {n: (n, n * n) for n in range(size)}

    assert table(50) == {n: (n, n * n) for n in range(50)}
    table.cache_clear()  # type: ignore[attr-defined]
    assert table(50)[7] == (7, 49)
    assert calls == [50], "read from the file, not built again"
    (path,) = cache.rglob("*table-50.marshal")
    path.write_bytes(b"\x00 not a table")
    table.cache_clear()  # type: ignore[attr-defined]
    assert table(50)[7] == (7, 49)
    assert calls == [50, 50]
    table.cache_clear()  # type: ignore[attr-defined]
    assert table(50)[7] == (7, 49)
    assert calls == [50, 50], "the damaged file was written again whole"


@pytest.mark.parametrize("off", ["", "0"])
def test_nothing_is_kept_where_the_cache_is_turned_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, off: str
) -> None:
    monkeypatch.setenv(_kept.VARIABLE, off)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _kept.folder.cache_clear()
    try:
        assert _kept.folder() is None
        t.low_strengths.cache_clear()  # type: ignore[attr-defined]
        assert t.low_strengths() == t.low_strengths.__wrapped__()  # type: ignore[attr-defined]
        assert not list(tmp_path.rglob("*"))
    finally:
        _kept.folder.cache_clear()


def test_the_tables_of_another_evaluator_are_never_read(cache: Path) -> None:
    # The folder is named by the evaluators' source and the Python version.
    where = _kept.folder()
    assert where is not None
    assert Path(where).parent == cache
    assert Path(where).name.startswith("tables-")


def test_the_sizes_a_value_checks_are_its_rankings_classes() -> None:
    # Kept as numbers, so that making a value loads no table.
    from floorman.evaluation import values

    for ranking, size in values._SIZES.items():
        assert size == len(values._patterns(ranking))
    assert set(values._SIZES) == set(values.Ranking)
    assert len(v._badugi_patterns()) == v._BADUGI_SIZE
    assert len(v._short_patterns()) == v._SHORT_SIZE


@pytest.mark.parametrize(
    ("classes", "patterns"),
    [
        (t.high_classes, t.high_patterns),
        (t.low_classes, t.low_patterns),
        (t.deuce_to_seven_classes, t.deuce_to_seven_patterns),
    ],
)
def test_the_packed_classes_are_the_patterns(classes, patterns) -> None:
    packed, whole = classes(), patterns()
    assert len(packed) == len(whole)
    assert tuple(packed) == whole
    assert packed[-1] == whole[-1]
    assert packed[3:9:2] == whole[3:9:2]
    with pytest.raises(IndexError):
        packed[len(whole)]


def test_the_eight_or_better_floor_is_the_strength_of_eight_seven_six_five_four() -> None:
    assert t.low_strengths()[(t.HIGH_CARD, (8, 7, 6, 5, 4))] == h._EIGHT_OR_BETTER_FLOOR


def test_a_short_deck_class_names_the_standard_class_of_the_same_cards() -> None:
    # Found by position in the sorted standard classes, not in a second table.
    patterns = t.high_patterns()
    for strength in range(1, v._SHORT_SIZE + 1):
        value = v.ShortDeckValue(strength=strength)
        assert patterns[value._as_high.strength - 1] == value._pattern


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_deuce_to_seven_strength_is_the_classes_count_from_the_hands_to_the_end(
    cards: list[int],
) -> None:
    patterns = t.deuce_to_seven_patterns()
    strengths = {p: len(patterns) - i for i, p in enumerate(patterns)}
    best = max(
        strengths[
            t.classify_high5([c // 4 + 2 for c in five], [c & 3 for c in five], ace_low=False)
        ]
        for five in itertools.combinations(cards, 5)
    )
    assert h.evaluate_deuce_to_seven(Card(c) for c in cards).strength == best


def test_a_class_is_found_where_a_bisection_finds_it() -> None:
    """``Classes.position`` looks a class up where ``bisect_left`` would find it,
    for every class of every packed ranking and for patterns that are no class,
    both by the bisections of the first look-ups and by the mapping made after."""
    from bisect import bisect_left

    from floorman.evaluation import _tables as t

    strays = ((0, (2,)), (10, (15,)), (5, (9, 9)), (99, ()))
    for packed in (t._packed_high(), t._packed_low(), t._packed_deuce_to_seven()):
        classes = t.Classes(packed)
        if classes[0] < classes[-1]:
            # The first look-ups bisect: strays, then classes from both ends.
            for stray in strays:
                assert classes.position(stray) == bisect_left(classes, stray)
            for i in (0, len(classes) - 1, len(classes) // 2):
                assert classes.position(classes[i]) == i
            assert classes._index is None
        assert all(classes.position(classes[i]) == i for i in range(len(classes)))
        assert classes._index is not None
        for stray in strays:
            assert classes.position(stray) == bisect_left(classes, stray)
