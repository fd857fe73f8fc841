"""The hands of a ``.phhs`` file one at a time, read as the file is, in constant memory.

:func:`~floorman.formats.phh.read_phhs` reads a whole file's text and parses it
as one TOML document. A file of a million hands is better read a hand at a
time: :class:`PhhsReader` reads the file a block at a time and hands out each
hand's text (its ``[name]`` header and the lines up to the next header) as a
:class:`HandText`, holding no more than a block and one hand, however long the
file.
:func:`read_hand` reads one such text with the PHH reader and gives every error
the line numbers of the whole file, as the whole-file reader would.

A header is a table header at the top level of the TOML (outside any array or
multi-line string), or a line that is exactly a bare header such as ``[12]``
wherever it comes, so that an array left open in one hand cannot swallow the
hands after it. A header that opens a sub-table of the hand being read
(``[3.notes]`` after ``[3]``) stays with that hand. What the file-at-once reader
accepts and this one does not: a hand's tables split over the file (``[1]``,
``[2]``, then ``[1.notes]``), a nested array one of whose lines is a bare header
(``[5]`` alone on its line), and a hand longer than :data:`MAX_HAND_BYTES`. A
name given twice is refused as the TOML reader refuses it, without keeping
every name: a file numbered in order is remembered as one run of numbers (one
numbered out of order costs a run, so memory grows with the disorder of the
numbering, never with the number of hands).

>>> import io
>>> text = b'''
... [1]
... variant = "FT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [40, 40]
... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"]
... [2]
... variant = "FT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [40, -40]
... actions = []
... '''
>>> first, second = PhhsReader(io.BytesIO(text))
>>> first.number, first.name, first.line, read_hand(first).variant
(1, '1', 2, 'FT')
>>> read_hand(second)
Traceback (most recent call last):
...
floorman.errors.NotationError: hand [2], line 16: starting_stacks holds -40; expected whole chips, 1 or more (or inf for a stack not known)
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from floorman.errors import NotationError
from floorman.formats import phh

__all__ = ["MAX_HAND_BYTES", "HandText", "PhhsReader", "Readable", "read_hand"]

#: The longest hand read (its header and lines), in bytes: a hand of real play
#: is a few kilobytes; a longer one is refused, not held.
MAX_HAND_BYTES = 4 * 1024 * 1024

# A line that is a bare header and nothing else, which starts a hand wherever it comes.
_BARE_HEADER = re.compile(rb"\[([A-Za-z0-9_-]+)\][ \t]*(?:#[^\r\n]*)?\r?\n?")
# What matters on a line for where the top level is: strings (which may hold brackets),
# multi-line string openers, comments, and brackets and braces.
_TOKEN = re.compile(rb'"""|\'\'\'|"(?:[^"\\\r\n]|\\.)*"|\'[^\'\r\n]*\'|#|[\[\]{}]')
_STRINGS = re.compile(rb'"(?:[^"\\\r\n]|\\.)*"|\'[^\'\r\n]*\'|#[^\r\n]*')
_BASIC_END = re.compile(rb'(?:[^"\\]|\\.|"(?!""))*""""{0,2}', re.DOTALL)
_LITERAL_END = re.compile(rb"(?:[^']|'(?!''))*'''\'{0,2}", re.DOTALL)
# A line that holds more than blanks and a comment.
_CONTENT = re.compile(rb"^[ \t]*[^ \t\r\n#]", re.MULTILINE)
# A line that may be a table header: its first character, after blanks, a bracket.
_CANDIDATE = re.compile(rb"^[ \t]*\[[^\n]*(?:\n|\Z)", re.MULTILINE)
#: Bytes read from the file at a time.
_BLOCK = 1 << 18
# The line numbers of the PHH reader's messages: the one a message starts with,
# and tomllib's position in a message about invalid TOML.
_LEADING_LINE = re.compile(r"^((?:hand \[[^\r\n]*?\], )?line )(\d+)(?=: )")
_TOML_LINE = re.compile(r"(\(at line )(\d+)(, column \d+\))")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandText:
    """One hand of a ``.phhs`` as the file writes it, not yet read.

    ``number`` counts the hands from 1 in file order (0 for lines before the
    first header that are not blank or comments, which no hand owns); ``name``
    is its header's table name (``None`` if the header cannot be read);
    ``line`` the 1-based line of its header in the file, ``offset`` the byte
    where it starts; ``raw`` its bytes, header included. ``problem`` says why the
    reader refused it without reading it (a name given twice, too long).
    """

    number: int
    name: str | None
    line: int
    offset: int
    raw: bytes
    problem: str | None = None


class Readable(Protocol):
    """What the reader reads from: a binary file, or anything with its ``read``."""

    def read(self, size: int, /) -> bytes:
        """Up to ``size`` bytes; none at the end."""
        ...


class _Names:
    """The hand names seen so far, in memory that grows with the breaks in their
    numbering, not with their count: runs of consecutive numbers, other names kept."""

    def __init__(self) -> None:
        self._starts: list[int] = []  # sorted starts of the runs of numbered names
        self._ends: list[int] = []
        self._last: int | None = None  # the run being extended: index into the lists
        self._other: set[str] = set()

    def add(self, name: str) -> bool:
        """Note ``name``; False if it was seen before."""
        if not (name.isdigit() and name.isascii() and (name == "0" or name[0] != "0")):
            if name in self._other:
                return False
            self._other.add(name)
            return True
        n = int(name)
        if self._last is not None and self._ends[self._last] == n - 1:
            following = self._last + 1
            if following < len(self._starts) and self._starts[following] == n:
                return False
            self._ends[self._last] = n
            return True
        at = bisect.bisect_right(self._starts, n) - 1
        if at >= 0 and n <= self._ends[at]:
            return False
        self._starts.insert(at + 1, n)
        self._ends.insert(at + 1, n)
        self._last = at + 1
        return True


def _header_keys(line: bytes) -> tuple[str, ...] | None:
    """The keys of a table header line (``[a.b]`` gives ``("a", "b")``), or None if
    it is not a readable table header."""
    import tomllib  # here: most headers are bare ([12]) and read without it

    try:
        table = tomllib.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    keys: list[str] = []
    while len(table) == 1:
        ((key, value),) = table.items()
        if not isinstance(value, dict):
            return None
        keys.append(key)
        table = value
    return tuple(keys) if keys and not table else None


class PhhsReader:
    """The hands of a ``.phhs`` file, read from it a block at a time as they come.

    ``source`` is a binary file; ``prefix``, bytes already read from it, come
    first. Iterating gives each hand as a :class:`HandText`; :attr:`position`
    is the number of bytes handed out so far, for a progress report.
    """

    def __init__(
        self, source: Readable, *, prefix: bytes = b"", max_hand: int = MAX_HAND_BYTES
    ) -> None:
        self._source = source
        self._prefix = prefix
        self._max = max_hand
        self.position = 0

    def _pieces(self) -> Iterator[tuple[bytes, bool]]:
        """The file in pieces, each whole lines: a line that may be a header (True),
        or a run of lines none of which can be (False)."""
        carry, midline = self._prefix, False
        while True:
            data = self._source.read(_BLOCK)
            block = carry + data if carry else data
            if not block:
                return
            if data:
                cut = block.rfind(b"\n") + 1
                if cut == 0:
                    # A block without a line end: part of a line too long to hold.
                    yield block, False
                    carry, midline = b"", True
                    continue
                block, carry = block[:cut], block[cut:]
            pos = 0
            for found in _CANDIDATE.finditer(block):
                start = found.start()
                if start == 0 and midline:
                    continue
                if start > pos:
                    yield block[pos:start], False
                yield found.group(), True
                pos = found.end()
            if pos < len(block):
                yield block[pos:], False
            midline = False
            if not data:
                return

    def __iter__(self) -> Iterator[HandText]:
        names = _Names()
        hand = _Building(number=0, name=None, line=1, offset=0)
        keys: tuple[str, ...] = ()  # the keys of the last header read
        content = False  # whether the lines before the first header hold anything
        depth = 0
        closer: re.Pattern[bytes] | None = None  # in a multi-line string, what ends it
        # The lines read since depth and closer were worked out: a bare header needs
        # neither unless a multi-line string may be open, so most are never scanned.
        unscanned: list[bytes] = []
        held, triple = 0, False
        line_no = 1
        for piece, maybe in self._pieces():
            at_line, offset = line_no, self.position
            line_no += piece.count(b"\n")
            self.position += len(piece)
            if not maybe:
                if hand.number == 0 and not content:
                    content = _CONTENT.search(piece) is not None
                hand.add(piece, self._max)
                unscanned.append(piece)
                held += len(piece)
                triple = triple or b'"""' in piece or b"'''" in piece
                if held > self._max:  # a hand too long: scanned as it comes, not held
                    depth, closer = _scan_lines(b"".join(unscanned), depth, closer)
                    unscanned, held, triple = [], 0, closer is not None
                continue
            bare = _BARE_HEADER.fullmatch(piece)
            if bare is None or triple:
                for text in unscanned:
                    depth, closer = _scan_lines(text, depth, closer)
                unscanned, held, triple = [], 0, closer is not None
            header: tuple[str, ...] | None = None
            if closer is None and bare is not None:
                header = (bare.group(1).decode("ascii"),)
            elif closer is None and depth == 0:
                header = _header_keys(piece) or ()
            # A sub-table of the hand being read ([3.notes] after [3]) stays with it.
            same = (
                header is not None
                and header[:1] == keys[:1] != ()
                and max(len(header), len(keys)) > 1
            )
            if header is not None and not (hand.number and same):
                if hand.number or content:
                    yield hand.done(self._max)
                name = header[0] if header else None
                hand = _Building(number=hand.number + 1, name=name, line=at_line, offset=offset)
                hand.again = name is not None and not names.add(name)
            elif hand.number == 0:
                content = True
            if header is not None:
                keys = header
                depth, closer, unscanned, held, triple = 0, None, [], 0, False
            else:
                for text in unscanned:
                    depth, closer = _scan_lines(text, depth, closer)
                unscanned, held = [], 0
                depth, closer = _scan(piece, depth, closer, False)
                triple = closer is not None
            hand.add(piece, self._max)
        if hand.number or content:
            yield hand.done(self._max)


class _Building:
    """The hand being read: its lines until the next header, unless it is refused."""

    __slots__ = ("again", "line", "name", "number", "offset", "parts", "size")

    def __init__(self, *, number: int, name: str | None, line: int, offset: int) -> None:
        self.number, self.name, self.line, self.offset = number, name, line, offset
        self.parts: list[bytes] = []
        self.size = 0
        self.again = False  # its name was given to an earlier hand

    def add(self, line: bytes, most: int) -> None:
        self.size += len(line)
        if self.size <= most and not self.again:
            self.parts.append(line)
        elif self.parts:
            self.parts = []  # refused whole: nothing of it is kept

    def done(self, most: int) -> HandText:
        problem = None
        if self.again:
            problem = (
                f"line {self.line}: a second hand named [{self.name}];"
                " each hand of a .phhs has a name of its own"
            )
        elif self.size > most:
            called = f"hand [{self.name}]" if self.name is not None else f"hand {self.number}"
            problem = (
                f"{called}, line {self.line}: longer than {most:,} bytes; a hand of a .phhs"
                " runs from its header to the next, and none of real play is that long"
            )
        return HandText(
            number=self.number,
            name=self.name,
            line=self.line,
            offset=self.offset,
            raw=b"".join(self.parts),
            problem=problem,
        )


def _scan_lines(
    text: bytes, depth: int, closer: re.Pattern[bytes] | None
) -> tuple[int, re.Pattern[bytes] | None]:
    """The bracket depth and multi-line string state after the lines ``text``."""
    if closer is None and b'"""' not in text and b"'''" not in text:
        return _scan(text, depth, closer, False)
    for line in text.splitlines(keepends=True):
        depth, closer = _scan(line, depth, closer, False)
    return depth, closer


def _scan(
    line: bytes, depth: int, closer: re.Pattern[bytes] | None, header: bool
) -> tuple[int, re.Pattern[bytes] | None]:
    """The bracket depth and multi-line string state after ``line`` (or after lines
    that hold no multi-line string)."""
    if header:
        return 0, None
    pos = 0
    if closer is not None:
        found = closer.match(line)
        if found is None:
            return depth, closer
        pos, closer = found.end(), None
    elif b'"""' not in line and b"'''" not in line:
        # No multi-line string: the brackets left when strings and comments are gone.
        bare = _STRINGS.sub(b"", line) if b'"' in line or b"'" in line or b"#" in line else line
        opened = bare.count(b"[") + bare.count(b"{")
        return max(depth + opened - bare.count(b"]") - bare.count(b"}"), 0), None
    search = _TOKEN.search
    while (token := search(line, pos)) is not None:
        text = token.group()
        pos = token.end()
        if text == b"#":
            break
        if text in (b"[", b"{"):
            depth += 1
        elif text in (b"]", b"}"):
            depth = max(depth - 1, 0)
        elif text in (b'"""', b"'''"):
            closer = _BASIC_END if text == b'"""' else _LITERAL_END
            found = closer.match(line, pos)
            if found is None:
                return depth, closer
            pos, closer = found.end(), None
    return depth, closer


def _shift(message: str, lines: int) -> str:
    """``message`` with the line numbers of a hand's own text made the file's."""

    def moved(found: re.Match[str]) -> str:
        tail = found.groups()[2:]
        return f"{found.group(1)}{int(found.group(2)) + lines}{tail[0] if tail else ''}"

    shifted = _LEADING_LINE.sub(moved, message, count=1)
    if shifted.startswith("not valid TOML: "):
        shifted = _TOML_LINE.sub(moved, shifted, count=1)
    return shifted


def read_hand(hand: HandText, *, chips_per_unit: int | None = None) -> phh.HandHistory:
    """Read one hand of a ``.phhs`` as :func:`~floorman.formats.phh.read_phhs` reads
    the whole file: the same history, or a NotationError saying the same, with
    the line numbers of the file and the hand's name."""
    if hand.problem is not None:
        raise NotationError(hand.problem, text=hand.name or "")
    called = f"hand [{hand.name}], " if hand.name is not None else ""
    try:
        text = hand.raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = hand.line + hand.raw.count(b"\n", 0, error.start)
        message = (
            f"{called}line {line}: not UTF-8 text (byte {hand.offset + error.start});"
            " PHH is UTF-8 TOML"
        )
        raise NotationError(message, text=repr(hand.raw[error.start : error.start + 8])) from None
    try:
        hands = phh.read_phhs(text, chips_per_unit=chips_per_unit)
    except NotationError as error:
        message = _shift(error.message, hand.line - 1)
        if not message.startswith("hand ["):
            message = called + message
        raise NotationError(message, text=error.text) from None
    if len(hands) != 1:
        message = (
            f"line {hand.line}: lines before the first header, which no hand owns;"
            " a .phhs file holds each hand under a header [1], [2], ..."
        )
        raise NotationError(message, text=text[:200])
    return hands[0]
