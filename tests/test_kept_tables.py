"""The evaluators' lookup tables kept on disk between runs are the tables
built: read back exactly, rebuilt when the file is damaged or of another form,
never kept where the cache is turned off (floorman.evaluation._kept). The
tables a showdown reads are kept flat (bytes of native integers) and read in
place: every entry is the table's as built."""

from __future__ import annotations

import itertools
import marshal
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
    (t.flat_flush, ()),
    (t.flat_nonflush, (5,)),
    (t.flat_nonflush, (6,)),
    (t.flat_nonflush, (7,)),
    (t.flat_low5, ()),
    (v._packed_short, ()),
    (v._flat_short, ()),
    (v._flat_badugi, ()),
]

#: The tables kept as bytes: what a showdown reads.
FLAT = [(f, args) for f, args in KEPT if f.__name__.startswith(("flat_", "_flat_", "_packed_"))]


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


def test_the_folder_changes_with_the_form_the_tables_are_kept_in(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A cache of the tables kept another way (dicts, before they were kept flat) is
    # in another folder, so it is never read as the flat tables.
    now = _kept.folder()
    monkeypatch.setattr(_kept, "FORM", _kept.FORM - 1)
    _kept.folder.cache_clear()
    assert _kept.folder() not in (None, now)


def test_the_folder_changes_when_an_evaluators_source_changes(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Sources of an evaluator of their own, beside a stand-in for _kept's file.
    sources = tmp_path / "evaluation"
    sources.mkdir()
    for name in _kept._SOURCES:
        (sources / name).write_bytes(b"source of " + name.encode())
    monkeypatch.setattr(_kept, "__file__", str(sources / "_kept.py"))

    def named() -> str | None:
        _kept.folder.cache_clear()
        return _kept.folder()

    first = named()
    assert first is not None
    assert named() == first, "the same sources, the same folder"
    changed = sources / "hands.py"
    changed.write_bytes(changed.read_bytes() + b" edited")
    edited = named()
    assert edited not in (None, first)
    stamp = changed.stat()
    os.utime(changed, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1))
    assert named() not in (None, first, edited), "written again, even to the same length"
    changed.unlink()
    assert named() is None, "no folder for an evaluator whose source is missing"


def test_naming_the_folder_imports_no_checksum_module() -> None:
    # zlib's import alone took a third of a millisecond of every process reading a hand.
    code = (
        "import sys\nfrom floorman.evaluation import _kept\n"
        "assert _kept.folder() is not None\n"
        "print(sorted(m for m in ('zlib', 'hashlib', 'binascii') if m in sys.modules))\n"
    )
    env = {**os.environ, _kept.VARIABLE: "/nonexistent-floorman-cache"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout == "[]\n"


def _the_file_of(cache: Path, function: Callable[..., Any], args: tuple[Any, ...]) -> Path:
    name = "-".join([function.__module__, function.__qualname__, *map(repr, args)])
    (path,) = cache.rglob(f"{name}.marshal")
    return path


def _old_form(function: Callable[..., Any], args: tuple[Any, ...]) -> object:
    """The table as the files of the former form held it: a dict or a tuple of ints."""
    built = function.__wrapped__(*args)
    if function is t.flat_flush:
        return tuple(t.flush_table())
    return {n: n for n in range(len(built) // 6)}


@pytest.mark.parametrize(("function", "args"), FLAT, ids=lambda x: getattr(x, "__name__", ""))
@pytest.mark.parametrize("stored", ["old form", "short", "long", "text", "garbled"])
def test_a_flat_table_file_of_another_form_is_passed_over_and_written_again(
    cache: Path, function: Callable[..., Any], args: tuple[Any, ...], stored: str
) -> None:
    built = function(*args)
    path = _the_file_of(cache, function, args)
    path.write_bytes(
        {
            "old form": lambda: marshal.dumps(_old_form(function, args)),
            "short": lambda: marshal.dumps(built[:-2]),
            "long": lambda: marshal.dumps(built + bytes(6)),
            "text": lambda: marshal.dumps(built.decode("latin-1")),
            "garbled": lambda: b"\xff" + built[1:],
        }[stored]()
    )
    function.cache_clear()  # type: ignore[attr-defined]
    assert function(*args) == built, "built again, not read"
    assert marshal.loads(path.read_bytes()) == built, "the file written again whole"


def test_the_flush_table_read_in_place_is_every_flush_strength() -> None:
    strengths = t.high_strengths()
    expected = [strengths[t.best_flush(m)] if m.bit_count() >= 5 else 0 for m in range(1 << 13)]
    assert list(t.flush_table()) == expected
    assert t.flush_table()[0b1111100000000] == strengths[(t.STRAIGHT_FLUSH, (14,))]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_nonflush_table_read_back_is_every_entry_built(size: int) -> None:
    built = t._built_nonflush(size)
    assert len(built) == t.MULTISETS[size] == sum(1 for _ in t._rank_multisets(size))
    assert t.nonflush_table(size) == built
    keys, strengths = t.pairs_of(t.flat_nonflush(size))
    assert list(keys) == sorted(built), "keys ascend, as the batch path takes them"
    assert list(strengths) == [built[k] for k in sorted(built)]


def test_the_low_table_read_back_is_every_five_card_low() -> None:
    strengths = t.low_strengths()
    built = {
        sum(t.RANK_KEYS[r - 2] for r in combo): strengths[t.classify_low5(combo)]
        for combo in t._rank_multisets(5)
    }
    assert len(built) == 6_175
    assert h._low5() == built


def test_the_short_deck_tables_read_in_place_are_every_class_and_strength() -> None:
    assert tuple(v._short_patterns()) == v._short_classes()
    # In short deck's order, not the patterns' (a flush above a full house): a class
    # is found where it stands, from the first look-up on.
    v._short_patterns.cache_clear()
    patterns, classes = v._short_patterns(), v._short_classes()
    flushes = [i for i, p in enumerate(classes) if p[0] == t.FLUSH]
    assert [patterns.position(classes[i]) for i in flushes] == flushes
    assert all(patterns.position(p) == i for i, p in enumerate(classes))
    table = v._short_strengths()
    assert len(table) == 1_278 + 126  # five ranks of nine (four of a rank at most); flushes
    for (ranks, suited), strength in table.items():
        # Five cards of these ranks: one suit for a flush, else the suits in turn.
        cards = [4 * (r - 2) + (0 if suited else i % 4) for i, r in enumerate(ranks)]
        assert v._short_strength(cards) == strength, (ranks, suited)
    nonflush, flush = v._short_lookup()
    assert sum(1 for s in nonflush if s) == 1_278
    assert sum(1 for s in flush if s) == 126
    # A-6-7-8-9, the straight and the straight flush where the ace plays low.
    low_ace = [v._short_patterns()[s - 1] for s in v._SHORT_LOW_STRAIGHTS]
    assert low_ace == [(t.STRAIGHT, (9,)), (t.STRAIGHT_FLUSH, (9,))]


def test_the_short_deck_keys_tell_every_five_ranks_apart() -> None:
    sums = [
        sum(v._SHORT_KEYS[r] for r in combo)
        for combo in itertools.combinations_with_replacement(range(9), 5)
        if combo[0] != combo[4]
    ]
    assert len(sums) == len(set(sums)) == 1_278
    assert max(sums) < v._SHORT_NONFLUSH


def test_the_badugi_tables_read_in_place_are_every_class() -> None:
    by_mask, masks = v._badugi_tables()
    patterns = v._badugi_patterns()
    assert len(masks) == len(patterns) == v._BADUGI_SIZE
    for strength, pattern in enumerate(patterns, 1):
        assert v.BadugiValue(strength=strength)._pattern == pattern
        assert by_mask[masks[strength - 1]] == strength
    assert sum(1 for s in by_mask if s) == v._BADUGI_SIZE, "no other mask has a strength"


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
