"""The Poker Hand History (PHH) format: hands read, checked and written.

PHH (the uoftcprg/phh-std specification) writes one hand as a TOML document:
the game's ``variant`` code, the forced bets, the starting stacks and every
action in order as short strings (``"d dh p1 AsKs"``, ``"p2 cbr 300"``).
A ``.phh`` file holds one hand; a ``.phhs`` file holds several, each under a
table header ``[1]``, ``[2]``, ...

A hand reads into a :class:`HandHistory`, whose amounts are whole chips. A file
that writes amounts with decimals (``678473.5``) is read at ``chips_per_unit``
chips to each unit of the file (a power of ten: 100 for amounts in cents), so
every amount stays exact. The action strings are kept as written, in the
file's units; :attr:`HandHistory.parsed_actions` reads them into typed actions
in chips.

>>> hand = read_phh('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "p2 cbr 6  # a raise", "p1 f"]
... ''')
>>> hand.player_count, hand.blinds_or_straddles
(2, (1, 2))
>>> hand.parsed_actions[2]
CompleteBetOrRaiseTo(index=2, commentary='a raise', player=2, amount=6)
>>> read_phh(write_phh(hand)) == hand
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from floorman._static import TYPE_CHECKING
from floorman.errors import NotationError
from floorman.formats import _phh_toml
from floorman.formats._phh_actions import (
    MOST_DIGITS as MOST_DIGITS,
)
from floorman.formats._phh_actions import (
    Action,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PlayerAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    _amount,
    format_action,
    parse_action,
)
from floorman.formats._phh_history import (
    _AMOUNTS,
    _STRUCTURE,
    VARIANTS,
    HandHistory,
    _Located,
)
from floorman.formats._phh_table import from_table

if TYPE_CHECKING:
    from typing import Any

    from floorman.formats._phh_history import ExtraValue

__all__ = [
    "VARIANTS",
    "Action",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "ExtraValue",
    "Fold",
    "HandHistory",
    "NoOp",
    "PlayerAction",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "format_action",
    "load",
    "parse_action",
    "read_hands",
    "read_phh",
    "read_phhs",
    "write_phh",
    "write_phhs",
]


def __getattr__(name: str) -> Any:
    # ExtraValue names the datetime module's types, imported when it is asked for:
    # reading and replaying hands start without that module.
    if name == "ExtraValue":
        import datetime
        from decimal import Decimal

        alias = str | int | Decimal | datetime.date | datetime.time | tuple["ExtraValue", ...]
        globals()[name] = alias
        return alias
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _toml(text: str) -> dict[str, Any]:
    try:
        return _phh_toml.loads(text)
    except ValueError as error:
        import tomllib  # imported already: only the general parser raises this

        if isinstance(error, tomllib.TOMLDecodeError):
            import re

            found = re.search(r"line (\d+)", str(error))
            line = text.splitlines()[int(found.group(1)) - 1] if found else ""
            message = f"not valid TOML: {error}; PHH is TOML, as in 'antes = [0, 0]'"
            raise NotationError(message, text=line or text[:200]) from None
        # tomllib's own int() refuses a number of thousands of digits.
        message = "not readable TOML: a number too long to read; PHH numbers are amounts of chips"
        raise NotationError(message, text=text[:200]) from None
    except RecursionError:
        # tomllib reads nested arrays and tables by recursion; no hand history nests.
        message = "not readable TOML: arrays or tables nested too deeply; PHH nests none"
        raise NotationError(message, text=text[:200]) from None


# What counts in finding an action's line, compiled when an error first needs it.
_TOKEN = r"#.*|\]|\"(?:[^\"\\]|\\.)*\"|'[^']*'"


def _line_of(text: str, key: str, section: str | None, action: int | None) -> int | None:
    """The 1-based line of a field (in a ``[section]``), or of one of its actions; best effort."""
    import re  # imported when an error first needs a line: reading and replaying need none

    lines, start = text.splitlines(), 0
    if section is not None:
        header = re.compile(rf"\s*\[\s*([\"']?){re.escape(section)}\1\s*\]")
        start = next((i + 1 for i, ln in enumerate(lines) if header.match(ln)), 0)
    pattern = re.compile(rf"\s*([\"']?){re.escape(key)}\1\s*=")
    at = next((i for i in range(start, len(lines)) if pattern.match(lines[i])), None)
    if at is None or action is None:
        return None if at is None else at + 1
    count = -1
    for i in range(at, len(lines)):
        for token in re.finditer(_TOKEN, lines[i].split("=", 1)[1] if i == at else lines[i]):
            if token.group()[0] == "#":
                break
            count += token.group() != "]"
            if token.group() == "]" or count == action:
                return (at if token.group() == "]" else i) + 1
    return at + 1


def _read(text: str, table: dict[str, Any], section: str | None, cpu: int | None) -> HandHistory:
    try:
        return from_table(table, cpu)
    except NotationError as error:
        located = error if isinstance(error, _Located) else error.__context__
        if not isinstance(located, _Located):
            raise
        line = _line_of(text, located.key, section, located.action)
        where = ("" if section is None else f"hand [{section}], ") + (
            "" if line is None else f"line {line}: "
        )
        raise NotationError(where + error.message, text=error.text) from None


def read_phh(text: str, *, chips_per_unit: int | None = None) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Amounts are read at ``chips_per_unit`` chips per unit of the file; by
    default, the smallest power of ten that makes every amount whole.
    Unreadable or inconsistent input raises :class:`~floorman.errors.NotationError`
    naming the line (and the action's index) and what was expected.

    >>> read_phh('variant = "NT"\\nantes = [0, 0]\\nstarting_stacks = [5, 5]\\nactions = []')
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: line 1: variant 'NT' (no-limit Texas hold 'em) needs blinds_or_straddles; its betting fields are blinds_or_straddles, min_bet
    """
    return _read(text, _toml(text), None, chips_per_unit)


def read_phhs(text: str, *, chips_per_unit: int | None = None) -> tuple[HandHistory, ...]:
    """Read the hands of a ``.phhs`` file: TOML tables ``[1]``, ``[2]``, ... one hand each.

    The hands come in file order; the section names are not kept.

    >>> hands = read_phhs('''
    ... [1]
    ... variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [40, 40]
    ... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"]
    ... ''')
    >>> [h.variant for h in hands]
    ['FT']
    """
    return _hands(text, _toml(text), chips_per_unit)


def _hands(
    text: str, tables: dict[str, Any], chips_per_unit: int | None
) -> tuple[HandHistory, ...]:
    hands = []
    for name, table in tables.items():
        if not isinstance(table, dict):
            line = _line_of(text, name, None, None)
            message = (
                ("" if line is None else f"line {line}: ") + f"{name} is outside any hand;"
                " a .phhs file holds each hand under a header [1], [2], ..."
            )
            raise NotationError(message, text=name)
        hands.append(_read(text, table, name, chips_per_unit))
    return tuple(hands)


def read_hands(text: str, *, chips_per_unit: int | None = None) -> tuple[HandHistory, ...]:
    """Read the hands of a ``.phh`` or ``.phhs`` text whose name is not known (standard
    input): a ``.phhs`` holds nothing but hands under headers, a ``.phh`` its fields.

    >>> one = write_phh(read_phh('''
    ... variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [40, 40]
    ... actions = []
    ... '''))
    >>> len(read_hands(one)), len(read_hands(write_phhs([read_phh(one)] * 2)))
    (1, 2)
    """
    table = _toml(text)
    if table and all(isinstance(value, dict) for value in table.values()):
        return _hands(text, table, chips_per_unit)
    return (_read(text, table, None, chips_per_unit),)


def load(
    path: str | os.PathLike[str], *, chips_per_unit: int | None = None
) -> tuple[HandHistory, ...]:
    """Read the hands of a ``.phh`` (one hand) or ``.phhs`` file, chosen by the suffix.

    A file that cannot be read (missing, a directory, not UTF-8) raises
    :class:`~floorman.errors.NotationError` as unreadable input does.
    """
    suffix = _suffix(path)
    if suffix not in (".phh", ".phhs"):
        from pathlib import Path

        suffix = Path(path).suffix.lower()
        if suffix not in (".phh", ".phhs"):
            where = _where(path)
            message = (
                f"{where}: cannot tell the format from the suffix {suffix!r};"
                " expected .phh or .phhs"
            )
            raise NotationError(message, text=where)
    try:
        # Read whole by the system's own calls and decoded at once, which is quicker than
        # a file object for a small file; the same text as Path.read_text gives
        # (universal newlines), and the same errors.
        text = _read_bytes(path).decode("utf-8")
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
    except OSError as error:
        where = _where(path)
        raise NotationError(f"{where}: {error.strerror or error}", text=where) from None
    except UnicodeDecodeError as error:
        where = _where(path)
        message = f"{where}: not UTF-8 text (byte {error.start}); PHH is UTF-8 TOML"
        raise NotationError(message, text=where) from None
    try:
        if suffix == ".phh":
            return (read_phh(text, chips_per_unit=chips_per_unit),)
        return read_phhs(text, chips_per_unit=chips_per_unit)
    except NotationError as error:
        raise NotationError(f"{_where(path)}: {error.message}", text=error.text) from None


# A file is read in pieces of this size, until a read finds nothing more: one piece
# (and the read that finds the end) for a usual hand history.
_PIECE = 1 << 16
_READ_ONLY = os.O_RDONLY | getattr(os, "O_BINARY", 0)


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes; raises OSError as :func:`open` and its ``read`` would."""
    handle = os.open(path, _READ_ONLY)
    try:
        data = os.read(handle, _PIECE)
        if data and (more := os.read(handle, _PIECE)):
            pieces = [data, more]
            while more := os.read(handle, _PIECE):
                pieces.append(more)
            data = b"".join(pieces)
    finally:
        os.close(handle)
    return data


def _where(path: str | os.PathLike[str]) -> str:
    """A file's name as a message gives it (as :class:`~pathlib.Path` writes it)."""
    from pathlib import Path  # imported when a message names a file

    return str(Path(path))


def _suffix(path: object) -> str:
    """A plain file name's suffix, lower case, as ``Path(path).suffix`` gives it; or ``""``
    when the name is not plain (the caller then asks :class:`~pathlib.Path`)."""
    if type(path) is not str:
        return ""
    name = path.rpartition("/")[2]
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""


# --- writing -------------------------------------------------------------------------------------


def _value(value: object) -> str:
    """A value as TOML: JSON's string escapes are TOML's too, but for DEL."""
    if isinstance(value, bool):
        return "true" if value else "false"
    from decimal import Decimal  # imported when a history is written

    if isinstance(value, Decimal) and not value.is_finite():
        return "nan" if value.is_nan() else "-inf" if value < 0 else "inf"
    if isinstance(value, Decimal):
        written = str(value)
        return written if "." in written or "e" in written or "E" in written else f"{written}.0"
    if isinstance(value, str):
        import json  # imported when a history is written: reading and replaying need none

        text: str = json.dumps(value, ensure_ascii=False)
        return text.replace("\x7f", "\\u007f")
    import datetime

    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)


def write_phh(history: HandHistory) -> str:
    """Write a hand as a ``.phh`` file: double-quoted strings, one action a line.

    :func:`read_phh` reads the text back to an equal history whenever
    ``chips_per_unit`` is the one it would choose (always so for a history it read).

    >>> hand = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2),
    ...                    min_bet=2, starting_stacks=(100, None),
    ...                    actions=("d dh p1 AsKs", "d dh p2 ????", "p2 f"))
    >>> print(write_phh(hand), end="")
    variant = "NT"
    ante_trimming_status = false
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [100, inf]
    actions = [
      "d dh p1 AsKs",
      "d dh p2 ????",
      "p2 f",
    ]
    """

    import re  # imported when a history is written: reading and replaying need none

    def chips(value: Any) -> str:
        return "inf" if value is None else _amount(value, history.chips_per_unit)

    def line(key: str, value: object) -> str:
        if key in _AMOUNTS:
            text = f"[{', '.join(map(chips, value))}]" if isinstance(value, tuple) else chips(value)
        else:
            text = _value(value)
        return f"{key if re.fullmatch(r'[A-Za-z0-9_-]+', key) else _value(key)} = {text}"

    head = ("variant", "ante_trimming_status", "antes", *_STRUCTURE, "starting_stacks")
    lines = [line(k, getattr(history, k)) for k in head if getattr(history, k) is not None]
    body = "".join(f"  {_value(a)},\n" for a in history.actions)
    lines.append(f"actions = [\n{body}]" if body else "actions = []")
    lines += [line(k, v) for k, v in history.extra]
    tail = ("players", "finishing_stacks", "winnings")
    lines += [line(k, getattr(history, k)) for k in tail if getattr(history, k) is not None]
    return "\n".join(lines) + "\n"


def write_phhs(histories: Iterable[HandHistory]) -> str:
    """Write hands as a ``.phhs`` file, each under a header ``[1]``, ``[2]``, ...

    >>> hand = read_phh('variant = "FR"\\nantes = [1, 1]\\nbring_in = 1\\nsmall_bet = 2\\n'
    ...                 'big_bet = 4\\nstarting_stacks = [9, 9]\\nactions = []')
    >>> read_phhs(write_phhs([hand, hand])) == (hand, hand)
    True
    """
    return "\n".join(f"[{i}]\n{write_phh(h)}" for i, h in enumerate(histories, 1))
