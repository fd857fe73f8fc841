"""The .phhs reader a hand at a time: the same hands and errors as the whole-file
reader, line numbers of the file, and memory that does not grow with the file."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.errors import NotationError
from floorman.formats.phh import read_phh, read_phhs, write_phh, write_phhs
from floorman.formats.stream import HandText, PhhsReader, _Names, read_hand
from tests.test_cli import HAND

SHARED = Path(__file__).resolve().parents[2] / "shared"
REAL = sorted((SHARED / "phh").rglob("*.phh")) if (SHARED / "phh").is_dir() else []
needs_phh = pytest.mark.skipif(not REAL, reason=f"the real hands are not at {SHARED / 'phh'}")


def hands_of(data: bytes, **options: int) -> list[HandText]:
    return list(PhhsReader(io.BytesIO(data), **options))


def whole_error(text: str) -> str:
    """What the whole-file reader says of ``text``."""
    with pytest.raises(NotationError) as raised:
        read_phhs(text)
    return str(raised.value)


def read_all(data: bytes) -> list[object]:
    """Each hand read, or the message of the error it raised."""
    found: list[object] = []
    for hand in hands_of(data):
        try:
            found.append(read_hand(hand))
        except NotationError as error:
            found.append(str(error))
    return found


@needs_phh
def test_the_real_hands_in_one_phhs_read_as_the_whole_file_reader_reads_them():
    # Eleven forms, decimals, comments, quoted strings: the hands read one at a
    # time equal the hands of the whole file read at once.
    text = "\n".join(f"[{i}]\n{p.read_text()}" for i, p in enumerate(REAL, 1))
    hands = hands_of(text.encode())
    assert [h.number for h in hands] == list(range(1, len(REAL) + 1))
    assert [h.name for h in hands] == [str(i) for i in range(1, len(REAL) + 1)]
    assert [read_hand(h) for h in hands] == list(read_phhs(text))
    lines = text.splitlines()
    assert all(lines[h.line - 1] == f"[{h.name}]" for h in hands)


def test_headers_of_every_toml_spelling_and_text_that_only_looks_like_one():
    one = write_phh(read_phh(HAND))
    text = (
        "# a file of three hands\n\n"
        f"[1]\n{one}"
        f'  [ "second" ]  # a quoted, indented header\n{one}'
        "[second.notes]\nby = 'a sub-table stays with its hand'\n"
        # A multi-line string holding a line "[9]", which is no header.
        f'[3]\nnote = """\n[9]\nstill the note"""\n{one}'
    )
    hands = hands_of(text.encode())
    assert [h.name for h in hands] == ["1", "second", "3"]
    # The sub-table is no PHH field: the hand is refused, as the whole file is.
    whole = whole_error(text)
    assert read_all(text.encode())[:2] == [read_phh(HAND), whole]
    assert (
        whole == "hand [second], notes is a table, not a PHH field (a file of several"
        " hands is a .phhs file)"
    )
    assert dict(read_hand(hands[2]).extra)["note"] == "[9]\nstill the note"
    assert read_hand(hands[2]) == read_phhs(text.replace("[second.notes]\nby", "by"))[2]


def test_windows_line_ends_and_a_last_line_without_one():
    text = write_phhs([read_phh(HAND)] * 3).replace("\n", "\r\n").rstrip("\r\n")
    hands = hands_of(text.encode())
    assert [read_hand(h) for h in hands] == list(read_phhs(text))


def test_an_error_names_the_hand_and_the_line_of_the_file():
    text = write_phhs([read_phh(HAND)] * 3)
    at = text.rindex("starting_stacks = [100, 100, 100]")
    text = text[:at] + text[at:].replace("[100, 100, 100]", "[100, -5, 100]", 1)
    line = text[:at].count("\n") + 1
    with pytest.raises(NotationError) as whole:
        read_phhs(text)
    *_, last = hands_of(text.encode())
    with pytest.raises(NotationError) as streamed:
        read_hand(last)
    assert str(streamed.value) == str(whole.value)
    assert str(streamed.value).startswith(f"hand [3], line {line}: starting_stacks holds -5")


def test_invalid_toml_is_placed_by_the_line_of_the_file():
    text = write_phhs([read_phh(HAND)] * 3)
    broken = text.replace("min_bet = 2", "min_bet = = 2")
    whole = whole_error(broken)
    messages = read_all(broken.encode())
    assert all(isinstance(m, str) for m in messages)
    # The whole file fails at its first bad line; a hand at a time, each hand does,
    # at the same line of the file as the whole-file reader would give it.
    assert messages[0] == f"hand [1], {whole}"
    lines = [n for n, line in enumerate(broken.splitlines(), 1) if "= = " in line]
    assert [m.split("(at line ")[1].split(",")[0] for m in messages] == [str(n) for n in lines]  # type: ignore[union-attr]


def test_a_broken_hand_does_not_take_the_hands_after_it():
    good = write_phh(read_phh(HAND))
    unclosed = good.replace('",\n]\n', '",\n')
    undecodable = good.encode().replace(b"AsKs", b"As\xffs")
    data = (
        f"[1]\n{good}[2]\n{unclosed}[3]\n{good}".encode() + b"[4]\n" + undecodable + b"[5]\n"
    ) + good.encode()
    found = read_all(data)
    at = data.index(b"\xff")
    line = data[:at].count(b"\n") + 1
    assert found[0] == found[2] == found[4] == read_phh(HAND)
    assert str(found[1]).startswith("hand [2], not valid TOML")
    assert found[3] == (f"hand [4], line {line}: not UTF-8 text (byte {at}); PHH is UTF-8 TOML")


def test_a_name_given_twice_is_refused_as_toml_refuses_it():
    text = write_phhs([read_phh(HAND)] * 2) + "\n[1]\n" + write_phh(read_phh(HAND))
    assert "Cannot declare ('1',) twice" in whole_error(text)
    found = read_all(text.encode())
    assert found[:2] == [read_phh(HAND)] * 2
    line = text.splitlines().index("[1]", 1) + 1
    assert found[2] == (
        f"line {line}: a second hand named [1]; each hand of a .phhs has a name of its own"
    )


def test_lines_before_the_first_header_are_refused_as_the_whole_file_reader_does():
    text = "author = 'someone'\n" + write_phhs([read_phh(HAND)])
    whole = whole_error(text)
    found = read_all(text.encode())
    assert found == [whole, read_phh(HAND)]
    assert whole.startswith("line 1: author is outside any hand")
    # Comments and blank lines before the first header are nothing.
    assert read_all(b"# hands\n\n" + write_phhs([read_phh(HAND)]).encode()) == [read_phh(HAND)]
    assert hands_of(b"") == hands_of(b"\n# nothing\n") == []


def test_a_hand_too_long_is_refused_without_being_held():
    good = write_phh(read_phh(HAND))
    long = good.replace("variant", "# " + "x" * 5000 + "\nvariant")
    data = f"[1]\n{good}[2]\n{long}[3]\n{good}".encode()
    hands = hands_of(data, max_hand=2000)
    line = data.splitlines().index(b"[2]") + 1
    assert hands[1].raw == b""
    assert hands[1].problem == (
        f"hand [2], line {line}: longer than 2,000 bytes; a hand of a .phhs runs from its header"
        " to the next, and none of real play is that long"
    )
    assert read_hand(hands[0]) == read_hand(hands[2]) == read_phh(HAND)


def test_a_line_longer_than_a_block_is_passed_over_not_held():
    long = b"note = '" + b"[x" * (2 * 2**20) + b"'\n"
    one = write_phh(read_phh(HAND)).encode()
    hands = hands_of(b"[1]\n" + long + one + b"[2]\n" + one, max_hand=100_000)
    assert [h.name for h in hands] == ["1", "2"]
    assert hands[0].raw == b""
    assert str(hands[0].problem).startswith("hand [1], line 1: longer than 100,000 bytes")
    assert read_hand(hands[1]) == read_phh(HAND)


class _Pieces:
    """A file whose reads give these pieces, whatever size is asked for."""

    def __init__(self, *pieces: bytes) -> None:
        self._pieces = list(pieces)

    def read(self, size: int, /) -> bytes:
        return self._pieces.pop(0) if self._pieces else b""


def test_a_read_that_ends_inside_a_line_does_not_start_one():
    one = write_phh(read_phh(HAND)).encode()
    # The second read ends inside a line; the third starts with what looks like a header.
    source = _Pieces(b"[1]\n", b"note = 'abc", b"[2]'\n" + one)
    (hand,) = PhhsReader(source)
    assert hand.raw == b"[1]\nnote = 'abc[2]'\n" + one
    assert dict(read_hand(hand).extra)["note"] == "abc[2]"


@given(st.lists(st.one_of(st.integers(0, 40).map(str), st.sampled_from(["a", "b", "01"]))))
def test_names_seen_are_remembered_exactly(names: list[str]) -> None:
    seen: set[str] = set()
    kept = _Names()
    for name in names:
        assert kept.add(name) is (name not in seen)
        seen.add(name)


def test_names_numbered_in_order_are_one_run():
    kept = _Names()
    assert all(kept.add(str(n)) for n in range(1, 10_001))
    assert (kept._starts, kept._ends) == ([1], [10_000])
    assert not kept.add("5000")


def _peak(data: bytes) -> tuple[int, int]:
    tracemalloc.start()
    try:
        count = sum(1 for _ in PhhsReader(io.BytesIO(data)))
        return count, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_reader_holds_one_hand_whatever_the_length_of_the_file():
    one = write_phh(read_phh(HAND)).encode()
    small = b"".join(b"[%d]\n%s" % (i, one) for i in range(1, 2_001))
    large = b"".join(b"[%d]\n%s" % (i, one) for i in range(1, 20_001))
    (n_small, peak_small), (n_large, peak_large) = _peak(small), _peak(large)
    assert (n_small, n_large) == (2_000, 20_000)
    # Ten times the hands, in a file ten times as long: the same memory, give or
    # take a few kilobytes (the file itself is held by the test, not traced).
    assert peak_large < peak_small + 16_384, (peak_small, peak_large)
