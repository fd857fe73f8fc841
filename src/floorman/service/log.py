"""The cardroom log: every event of the room, its tables and deals, and the
cage, in the order they happened, each with the clock's time.

An :class:`Entry` numbers an event in the whole room's sequence (``seq``,
from 0), gives the time it was recorded (``at``, the clock's seconds) and the
table whose log it belongs to (``table``: a table's or a deal's event; None for
the floor's and the cage's, which name their tables themselves). Saved as JSON
lines, through :mod:`floorman.codec`, under a header naming the schema.

>>> from floorman.service.ledger import ChipsSold
>>> entry = Entry(seq=0, at=0.0, table=None, event=ChipsSold(player="ann", amount=100))
>>> print(dumps_entries([entry]), end="")
{"floorman": "cardroom", "schema": 1}
{"seq": 0, "at": 0.0, "table": null, "event": {"type": "cage.ChipsSold", "player": "ann", "amount": 100, "citations": []}}
>>> loads_entries(dumps_entries([entry])) == (entry,)
True
"""

from __future__ import annotations

import importlib
import json
import json.scanner
import operator
import re
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from floorman import codec
from floorman.errors import NotationError

if TYPE_CHECKING:
    from floorman.codec import Value

__all__ = [
    "Entry",
    "dumps_entries",
    "entry_from_json",
    "entry_to_json",
    "loads_entries",
    "new_entry",
]

_KIND = "cardroom"


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """One event of the cardroom log: its place in the sequence, the time, and
    the table whose log it belongs to (None: the floor's or the cage's)."""

    seq: int
    at: float
    table: int | None
    event: Value


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """An entry as a JSON object of plain types, its event as :func:`floorman.codec.to_json` writes it."""
    return {
        "seq": entry.seq,
        "at": entry.at,
        "table": entry.table,
        "event": codec.to_json(entry.event),
    }


_new = object.__new__


def _slot(name: str) -> Callable[[Entry, object], None]:
    """The setter of one of an entry's slots, bypassing the frozen ``__setattr__``."""
    return typing.cast(Callable[[Entry, object], None], getattr(Entry, name).__set__)


_SET_SEQ, _SET_AT, _SET_TABLE, _SET_EVENT = map(_slot, ("seq", "at", "table", "event"))


def new_entry(seq: int, at: float, table: int | None, event: Value) -> Entry:
    """An entry, made as the cardroom makes one for each event it records: its
    slots set directly, in half the time the frozen ``__init__`` takes (which
    checks nothing more)."""
    made = _new(Entry)
    _SET_SEQ(made, seq)
    _SET_AT(made, at)
    _SET_TABLE(made, table)
    _SET_EVENT(made, event)
    return made


def entry_from_json(data: object) -> Entry:
    """The entry a JSON object (as :func:`entry_to_json` gives) stands for."""
    if type(data) is dict and len(data) == 4:
        # A well-formed entry, as a log holds by the hundred thousand: its slots
        # set directly (what the frozen __init__ does, in half the time).
        seq, at, table = data.get("seq"), data.get("at"), data.get("table")
        if (
            type(seq) is int
            and seq >= 0
            and type(at) is float
            and at - at == 0.0  # finite
            and (table is None or type(table) is int)
            and "event" in data
        ):
            return new_entry(seq, at, table, codec.from_json(data["event"]))
    if not isinstance(data, dict) or set(data) != {"seq", "at", "table", "event"}:
        raise NotationError(
            "a cardroom log entry is an object with seq, at, table and event, not"
            f" {json.dumps(data)[:60] if _plain(data) else repr(data)[:60]}"
        )
    seq, at, table = data["seq"], data["at"], data["table"]
    if type(seq) is not int or seq < 0:
        raise NotationError(f"an entry's seq is a whole number, 0 or more, not {seq!r}")
    if isinstance(at, bool) or not isinstance(at, int | float):
        raise NotationError(f"an entry's time is a number of seconds, not {at!r}")
    if table is not None and type(table) is not int:
        raise NotationError(f"an entry's table is a table number or null, not {table!r}")
    return Entry(seq=seq, at=float(at), table=table, event=codec.from_json(data["event"]))


def _plain(data: object) -> bool:
    try:
        json.dumps(data)
    except (TypeError, ValueError):
        return False
    return True


_scan: Callable[[str, int], tuple[object, int]] = typing.cast(Any, json.scanner).make_scanner(
    json.JSONDecoder()
)


def _parse(line: str) -> object:
    """A line's JSON value: the parser's scanner called directly, a line that is
    exactly one value costing no more than the parse; anything else (space
    around it, more after it, not JSON) read by :func:`json.loads`, which
    accepts or refuses it as it always has."""
    try:
        value, end = _scan(line, 0)
    except StopIteration:
        return json.loads(line)
    return value if end == len(line) else json.loads(line)


# A line as dumps_entries writes it: the entry's keys in order, the event's
# object last. The time and the table are matched loosely, and each distinct
# one checked against JSON's grammar once (_TIME, _TABLE_NUMBER).
_LINES = re.compile(
    r'^\{"seq": (0|[1-9][0-9]*), "at": ([^,\n]*), "table": ([^,\n]*), "event": (\{.*\})\}$',
    re.MULTILINE,
)
_TIME = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_TABLE_NUMBER = re.compile(r"null|-?(?:0|[1-9][0-9]*)")
#: What str.splitlines also takes for the end of a line, besides a newline, in
#: ASCII text (the careful reading's lines are splitlines' lines).
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e"
_SEQ, _AT, _TABLE, _EVENT = map(operator.itemgetter, range(4))


def _read_as_written(body: str) -> tuple[Entry, ...] | None:
    """The entries of a log's lines (after its header) when every line is as
    :func:`dumps_entries` writes it, or None (the careful reading then accepts
    or refuses them line by line, naming the line).

    The lines are matched in one pass over the text. Most events of a log
    recur word for word (a check, a call of the big blind, a burn card, a
    street starting), and an event is an immutable value: each distinct text
    is decoded once and its value shared by every entry that wrote it; so is
    each distinct time and table."""
    rows = _LINES.findall(body)
    lines = body.count("\n") + (not body.endswith("\n"))
    if len(rows) != lines:
        return None  # a line not as written (or a blank one)
    # Each distinct text, its value filled in below.
    events = typing.cast(dict[str, "Value"], dict.fromkeys(map(_EVENT, rows)))
    try:
        _decode(events)
    except (ValueError, RecursionError):
        return None  # refused: the careful reading names what is wrong, and the line
    at_texts, table_texts = set(map(_AT, rows)), set(map(_TABLE, rows))
    if not all(map(_TIME.fullmatch, at_texts)) or not all(
        map(_TABLE_NUMBER.fullmatch, table_texts)
    ):
        return None  # a time or a table not in JSON's grammar
    times = {text: float(text) for text in at_texts}
    if any(at - at != 0.0 for at in times.values()):
        return None  # not a finite time
    tables = {text: None if text == "null" else int(text) for text in table_texts}
    return tuple(
        map(
            new_entry,
            map(int, map(_SEQ, rows)),
            map(times.__getitem__, map(_AT, rows)),
            map(tables.__getitem__, map(_TABLE, rows)),
            map(events.__getitem__, map(_EVENT, rows)),
        )
    )


def _compiled() -> Callable[[str], object] | None:
    """orjson's parser, where the ``fast`` extra installed it."""
    try:
        module = importlib.import_module("orjson")
    except ImportError:
        return None
    return typing.cast(Callable[[str], object], module.loads)


#: A compiled JSON parser, or None: the standard library's then reads every event.
_COMPILED = _compiled()


def _decode(events: dict[str, Value]) -> None:
    """Each event's text replaced by its value.

    The compiled parser reads a text in half the time, to the same value the
    standard library's gives, but for a whole number past 64 bits, which it
    reads as the float nearest it (as float() of it gives): a field of floats
    takes that as the same value, and any field that refuses what it read
    (a whole number's) is given the standard library's reading instead, as
    is every text the compiled parser refuses (a nan, an infinity, a lone
    surrogate), so what the two read and refuse is the same."""
    compiled = _COMPILED
    for text in events:
        if compiled is not None:
            try:
                events[text] = codec.from_json(compiled(text))
                continue
            except (ValueError, RecursionError):
                pass
        events[text] = codec.from_json(_parse(text))


def dumps_entries(entries: Iterable[Entry]) -> str:
    """A cardroom log as JSON lines: a header naming the schema, then one entry a line."""
    lines = [json.dumps({"floorman": _KIND, "schema": codec.SCHEMA})]
    lines.extend(json.dumps(entry_to_json(e), allow_nan=False) for e in entries)
    return "\n".join(lines) + "\n"


def loads_entries(text: str) -> tuple[Entry, ...]:
    """The entries of a cardroom log :func:`dumps_entries` wrote; refuses another
    schema, a missing header or an unreadable line, naming the line."""
    # The careful reading's lines are str.splitlines' lines: only where the
    # newline alone ends them are they the lines matched at once.
    if not text.isascii() or any(mark in text for mark in _OTHER_BREAKS):
        return _read_carefully(text)
    first, newline, body = text.lstrip("\n").partition("\n")
    if first.strip() and newline:
        header = _header(first)
        if header is not None:
            found = _read_as_written(body)
            if found is not None:
                return found
    return _read_carefully(text)


def _header(line: str) -> dict[str, object] | None:
    """The header a log's first line is, if it is this floorman's: a cardroom
    log of the schema it reads."""
    try:
        header = json.loads(line)
    except ValueError:
        return None
    if (
        isinstance(header, dict)
        and header.get("floorman") == _KIND
        and header.get("schema") == codec.SCHEMA
        and not isinstance(header.get("schema"), bool)
    ):
        return header
    return None


def _read_carefully(text: str) -> tuple[Entry, ...]:
    """The entries of a log read line by line, each line checked in full, the
    first that is not an entry refused by its number."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    header: object = None
    if lines:
        try:
            header = json.loads(lines[0][1])
        except ValueError:
            header = None
    if not isinstance(header, dict) or header.get("floorman") != _KIND:
        raise NotationError(
            f'not a cardroom log: the first line is {{"floorman": "{_KIND}", "schema":'
            f" {codec.SCHEMA}}}"
        )
    if header.get("schema") != codec.SCHEMA or isinstance(header.get("schema"), bool):
        raise NotationError(
            f"line {lines[0][0]}: schema {header.get('schema')!r} is not known; this floorman"
            f" reads schema {codec.SCHEMA}"
        )
    out = []
    for number, line in lines[1:]:
        try:
            out.append(entry_from_json(_parse(line)))
        except ValueError as error:
            message = error.message if isinstance(error, NotationError) else f"not JSON ({error})"
            raise NotationError(f"line {number}: {message}", text=line) from None
    return tuple(out)
