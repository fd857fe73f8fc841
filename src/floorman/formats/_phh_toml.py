"""A reader for the part of TOML that hand histories use, falling back to :mod:`tomllib`.

A PHH file is a flat TOML document: ``key = value`` lines, perhaps under table
headers ``[1]``, ``[2]``, ... (a ``.phhs`` file), whose values are strings,
whole numbers, floats, booleans and arrays of these (the actions, one a line or
all on one). :func:`loads` reads exactly that subset, several times faster
than the general parser, and returns what :func:`tomllib.loads` returns for
the same text (floats as :class:`~decimal.Decimal`, as the PHH reader asks): a
text written a ``key = value`` a line, as real files are (hand-written ones
with comment lines and their actions an item a line), by splitting its lines;
any other by one regular expression that finds every statement at once and a
short loop over them.

Anything outside the subset (dates and times, quoted or dotted keys, inline
tables, nested arrays, multi-line strings, numbers with underscores or in hex,
a key or table given twice) and anything that is not valid TOML is handed to
:func:`tomllib.loads` whole, so that every document reads to the same value,
and every invalid one fails with the same error, as with the general parser.

>>> loads("a = 'x'  # note\\nb = [1, -2.50,\\n  \\"\\\\u00e9\\",\\n]\\n[1]\\nc = true\\n")
{'a': 'x', 'b': [1, Decimal('-2.50'), 'é'], '1': {'c': True}}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from floorman._static import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import re
    from typing import Any

__all__ = ["loads"]

_C = r"[^\x00-\x08\x0a-\x1f\x7f]"  # a character TOML allows in a comment or a literal string
# Possessive quantifiers (*+, ++) never give back what they took: a text that is not
# in the subset fails at once, where backtracking through the many ways to split a run
# of spaces or a comment would take exponential time.
# A basic string: runs of plain characters, each escape between two runs (one run, for
# the usual string without escapes, read without entering the repeated group).
_PLAIN = r'[^"\\\x00-\x08\x0a-\x1f\x7f]*+'
_BASIC = rf'"{_PLAIN}(?:\\(?:[btnfr"\\]|u[0-9A-Fa-f]{{4}}|U[0-9A-Fa-f]{{8}}){_PLAIN})*+"'
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*+'"
_BARE = r"[A-Za-z0-9_+.:-]++"
_KEY = r"[A-Za-z0-9_-]++"
_ITEM = rf"(?:{_BASIC}|{_LITERAL}|{_BARE})"
_GAP = rf"(?:[ \t\n]++|\r\n|\#{_C}*+)*+"  # what may come between an array's items
_ARRAY = rf"\[{_GAP}(?:{_ITEM}{_GAP}(?:,{_GAP}{_ITEM}{_GAP})*+(?:,{_GAP})?)?\]"
_PLAIN_BASIC = rf'"{_PLAIN}"'  # a basic string without escapes
_INT = r"(?:0|[1-9][0-9]{0,3000}+)"
# A number as hand histories write stacks and amounts: whole, or with a fraction (a
# split pot's half chip, 10112.5), with no sign, exponent or underscore.
_NUMBER = rf"{_INT}(?:\.[0-9]++)?"


def _statement(crlf: bool) -> re.Pattern[str]:
    """The statements of a document, read by one ``findall``, a line each: key (group 1)
    = a string or bare word (2: its first character tells which), an array of literal
    strings (3), of basic strings without escapes (4), of numbers (5), or any other
    array (6); or a table header [name] (7). A blank or comment line
    matches with every group empty; anything else, from the first place no statement or
    blank line begins, matches whole as group 8.

    Lines end with a line feed or, when ``crlf``, a carriage return and a line feed:
    a text without carriage returns is read by the simpler pattern, which runs faster.
    """
    import re  # here, as in the other readings by pattern: a file read by splitting needs none

    space = r"[ \t\n]*+(?:\r\n[ \t\n]*+)*+" if crlf else r"[ \t\n]*+"  # between items
    # Arrays of one kind of item and no comments, the usual ones, are read by splitting.
    literals = rf"\[{space}(?:{_LITERAL}{space}(?:,{space}{_LITERAL}{space})*+(?:,{space})?)?\]"
    basics = (
        rf"\[{space}(?:{_PLAIN_BASIC}{space}(?:,{space}{_PLAIN_BASIC}{space})*+(?:,{space})?)?\]"
    )
    newline = r"\r?\n" if crlf else r"\n"
    numbers = rf"\[[ \t]*+{_NUMBER}(?:[ \t]*+,[ \t]*+{_NUMBER})*+[ \t]*+\]"
    # A comment is optional: (?:X|) means what (?:X)? does, and runs faster.
    return re.compile(
        rf"""[ \t]*+(?:
          ({_KEY})[ \t]*+=[ \t]*+(?:({_BASIC}|{_LITERAL}|{_BARE})
          |({literals})|({basics})|({numbers})|({_ARRAY}))
        | \[[ \t]*+({_KEY})[ \t]*+\]
        )[ \t]*+(?:\#{_C}*+|)(?:{newline}|\Z)
        | [ \t]*+(?:\#{_C}*+|)(?:{newline}|\Z)
        | ([\s\S]++)""",
        re.VERBOSE,
    )


# The patterns by crlf, each compiled when a text first needs it: a file written a
# statement a line is read without either (_lines), so a replay of such files compiles none.
_STATEMENTS: dict[bool, re.Pattern[str]] = {}


def _statements(crlf: bool) -> re.Pattern[str]:
    if (pattern := _STATEMENTS.get(crlf)) is None:
        pattern = _STATEMENTS[crlf] = _statement(crlf)
    return pattern


# The patterns of rarer paths are given as text, compiled (and cached by the re module)
# when a text first needs one: a replay that reads only usual files compiles none.
# An array's items (quotes kept, so that no item is empty), and its comments to pass over.
_ITEMS = rf"({_BASIC})|({_LITERAL})|({_BARE})|\#{_C}*"
_INTEGER = r"[+-]?(?:0|[1-9][0-9]*)"
_FLOAT = r"[+-]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+)|inf|nan)"
_ESCAPE = r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))"
_ESCAPED = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
# Typed as objects: a dict of ints would make the flags 1 and 0 where this module is
# compiled (bool is a kind of int, and a compiled int does not keep its class).
_WORDS: dict[str, object] = {"true": True, "false": False, "0": 0}
# Python's int() refuses numbers of more digits than this; tomllib then raises ValueError.
_MOST_INT_DIGITS = 4000


def _int_scanner() -> Callable[[str, int], tuple[list[int], int]]:
    """What reads an array of whole numbers as the subset writes them (``[0, 50, 100]``)
    from a place in a text, as ``(numbers, end)``.

    The JSON scanner written in C, where there is one, reads it several times faster
    than splitting and int(): the subset's arrays of whole numbers (no signs, no
    leading zeros, no trailing comma, spaces and tabs between) are JSON arrays of the
    same numbers.
    """
    try:
        from _json import make_scanner
    except ImportError:  # not CPython: split and read each number
        return lambda text, _: (list(map(int, text[1:-1].split(","))), len(text))

    from types import SimpleNamespace

    # What the scanner asks of json.JSONDecoder: its defaults.
    context = SimpleNamespace(
        strict=True,
        object_hook=None,
        object_pairs_hook=None,
        parse_float=float,
        parse_int=int,
        parse_constant=float,
    )
    return cast(Callable[[str, int], tuple[list[int], int]], make_scanner(cast("Any", context)))


_INTS: list[Callable[[str, int], tuple[list[int], int]]] = []  # made for the first text


# The short arrays of numbers read so far, by their text: at most _MOST_NUMBER_ARRAYS
# of them, each of at most _LONGEST_KEPT characters.
_NUMBER_ARRAYS: dict[str, tuple[Any, ...]] = {}
_MOST_NUMBER_ARRAYS = 1024
_LONGEST_KEPT = 200


def _decimals(text: str) -> list[Any]:
    """An array of numbers some of which have a fraction (``[10112.5, 9775]``), each
    whole one an int and each other a Decimal, as the general parser reads them."""
    from decimal import Decimal  # imported for a fraction: most files have none

    return [Decimal(item) if "." in item else int(item) for item in text[1:-1].split(",")]


class _Outside(Exception):
    """The text leaves the subset read here: the general parser reads it."""


def _outside() -> Any:
    raise _Outside


def _unescape(match: re.Match[str]) -> str:
    short, long, char = match.groups()
    if char is not None:
        return _ESCAPED[char]
    code = int(short or long, 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise _Outside
    return chr(code)


def _basic(quoted: str) -> str:
    import re

    text = quoted[1:-1]
    return re.sub(_ESCAPE, _unescape, text) if "\\" in text else text


def _bare(text: str) -> Any:
    if text.isdigit() and (text[0] != "0" or len(text) == 1):
        return int(text) if len(text) < _MOST_INT_DIGITS else _outside()
    if text == "true":
        return True
    if text == "false":
        return False
    import re

    if re.fullmatch(_INTEGER, text) and len(text) < _MOST_INT_DIGITS:
        return int(text)
    if re.fullmatch(_FLOAT, text):
        from decimal import Decimal  # imported for a float: a usual file has none

        return Decimal(text)
    raise _Outside


def _array(text: str) -> list[Any]:
    import re

    return [
        literal[1:-1]
        if literal
        else (basic[1:-1] if "\\" not in basic else _basic(basic))
        if basic
        else _bare(bare)
        for basic, literal, bare in re.compile(_ITEMS).findall(text, 1)
        if basic or literal or bare
    ]


def _lines(text: str) -> dict[str, Any] | None:
    """The table of a text written line by line as real files write them, or None.

    Real files write ``key = value`` a line, a single space each side of ``=``, with
    no tabs or trailing spaces, in ASCII, their values strings without escapes
    (``'NT'``), whole numbers, flags and arrays of one kind of these written
    ``[a, b]`` (``[0, 50, 100]``, ``['d dh p1 AsKs', 'p2 f']``), perhaps under table
    headers ``[1]``; some (famous hands written by hand) add comment lines, and
    write their actions an item a line, each perhaps with a comment of its own
    (see :func:`_open_array`). Such a text is read here by splitting, a few times
    faster than the statements' pattern; each value is taken only when its text
    can be read no other way (a quote inside a string, a leading zero, a stray
    comma make it None), and any other text, or any line read otherwise, is None:
    the pattern reads it.
    """
    if not text.isascii():
        return None
    root: dict[str, Any] = {}
    table = root
    # A carriage return or a control character fails each reading below (a key's
    # letters, a number's digits, a string's or a comment's printable characters).
    rows = iter(text.split("\n"))
    for line in rows:
        if not line:
            continue
        first = line[0]
        if first == "#" or first == " ":
            # A comment line or a blank one, perhaps indented.
            rest = line.lstrip(" ")
            if not rest or (rest[0] == "#" and rest.isprintable()):
                continue
            return None
        key, equals, value = line.partition(" = ")
        if not equals:
            if first == "[" and line[-1] == "]" and _bare_key(header := line[1:-1]):
                if header in root:
                    return None
                table = root[header] = {}
                continue
            return None
        if not _bare_key(key) or key in table:
            return None
        read = _open_array(rows) if value == "[" else _line_value(value)
        if read is None:
            return None
        table[key] = read
    return root


def _open_array(rows: Iterator[str]) -> list[str] | None:
    """The strings of an array whose ``[`` ended its line, an item a line up to a
    line ``]``, as hand-written files list their actions, or None (see _lines).

    Each item line is a string (without escapes, with no quote of its kind inside),
    its comma (none after the last), and perhaps a comment; blank and comment lines
    may come between them. Lines may be indented with spaces.
    """
    items: list[str] = []
    last = False  # an item without its comma was read: only the ``]`` may follow
    for line in rows:
        rest = line.lstrip(" ")
        if not rest:
            continue
        first = rest[0]
        if first == "#":
            if rest.isprintable():
                continue
            return None
        if first == "]":
            return items if rest == "]" else None
        if last or (first != "'" and first != '"'):
            return None
        end = rest.find(first, 1)
        if end < 0:
            return None
        item = rest[1:end]
        if not item.isprintable() or (first == '"' and "\\" in item):
            return None
        rest = rest[end + 1 :].lstrip(" ")
        if rest[:1] == ",":
            rest = rest[1:].lstrip(" ")
        else:
            last = True
        if rest and (rest[0] != "#" or not rest.isprintable()):
            return None
        items.append(item)
    return None  # never closed


def _bare_key(key: str) -> bool:
    """Whether an ASCII text is a bare key: letters, digits, ``_`` and ``-``."""
    if key in _BARE_KEYS:
        return True
    if not key.replace("_", "a").replace("-", "a").isalnum():
        return False
    if len(_BARE_KEYS) < _MOST_BARE_KEYS:
        _BARE_KEYS.add(key)
    return True


# The bare keys read so far (files repeat theirs: variant, antes, actions...), at most
# _MOST_BARE_KEYS of them.
_BARE_KEYS: set[str] = set()
_MOST_BARE_KEYS = 256


def _line_value(value: str) -> Any:
    """The value an ASCII text writes as real files write it, or None (see _lines)."""
    first = value[:1]
    # A string's characters: ASCII from the space to the tilde (no tab, no control).
    if first == "'":
        if value[-1] == "'" and value.count("'") == 2 and value.isprintable():
            return value[1:-1]
        return None
    if first == '"':
        if value[-1] == '"' and value.count('"') == 2 and "\\" not in value:
            return value[1:-1] if value.isprintable() else None
        return None
    if first == "[":
        return _line_array(value)
    if value in _WORDS:
        return _WORDS[value]
    if value.isdigit() and first != "0" and len(value) < _MOST_INT_DIGITS:
        return int(value)
    return None


def _line_array(value: str) -> list[Any] | None:
    """The array an ASCII text writes as ``[a, b]``, of one kind of item, or None."""
    if value[-1] != "]":
        return None
    if (kept := _NUMBER_ARRAYS.get(value)) is not None:
        return list(kept)
    second = value[1:2]
    if second == "]":
        return [] if value == "[]" else None
    if second == "'" or second == '"':
        # Each item between its quotes, none inside: as many quotes as two an item.
        items = value[2:-2].split(second + ", " + second)
        ends = value[-2] == second
        if ends and value.count(second) == 2 * len(items) and "\\" not in value:
            return items if value.isprintable() else None
        return None
    numbers = value[1:-1].split(", ")
    for number in numbers:
        if not number.isdigit() or (number[0] == "0" and len(number) > 1):
            return _line_fractions(numbers) if "." in value else None
        if len(number) >= _MOST_INT_DIGITS:
            return None
    read = [int(number) for number in numbers]
    if len(value) <= _LONGEST_KEPT:
        if len(_NUMBER_ARRAYS) >= _MOST_NUMBER_ARRAYS:
            _NUMBER_ARRAYS.clear()
        _NUMBER_ARRAYS[value] = tuple(read)
    return read


def _line_fractions(numbers: list[str]) -> list[Any] | None:
    """An array's numbers some with a fraction (a split pot's half chip, a stack of
    dollars and cents), each whole one an int and each other a Decimal, or None."""
    for number in numbers:
        whole, point, fraction = number.partition(".")
        if not whole.isdigit() or (whole[0] == "0" and len(whole) > 1):
            return None
        if point and not fraction.isdigit():
            return None
        if not point and len(whole) >= _MOST_INT_DIGITS:
            return None
    return _decimals("[" + ",".join(numbers) + "]")


def _read(text: str) -> dict[str, Any]:
    if (found := _lines(text)) is not None:
        return found
    root: dict[str, Any] = {}
    if _take(_statements("\r" in text).findall(text), root, root)[1]:
        raise _Outside
    return root


def _take(
    statements: list[tuple[str, ...]], root: dict[str, Any], table: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """Put the statements found into ``root`` (``table`` the table the first is in);
    the table the last is in, and the text where none was found ("" for none)."""
    if not _INTS:
        _INTS.append(_int_scanner())
    scan = _INTS[0]
    for key, scalar, literals, basics, numbers, array, header, rest in statements:
        if key:
            if key in table:
                raise _Outside
            # The kinds in the order real files hold them most.
            if scalar:
                first = scalar[0]
                if first == "'":
                    table[key] = scalar[1:-1]
                elif first == '"':
                    table[key] = _basic(scalar)
                # A whole number or a flag, most often: read here, without a call.
                elif scalar in _WORDS:
                    table[key] = _WORDS[scalar]
                elif scalar.isdigit() and first != "0" and len(scalar) < _MOST_INT_DIGITS:
                    table[key] = int(scalar)
                else:
                    table[key] = _bare(scalar)
            elif numbers:
                # Files repeat their short arrays of numbers (the antes, the blinds, the
                # stacks): each read once, and a list of its own made for each file.
                if (kept := _NUMBER_ARRAYS.get(numbers)) is not None:
                    table[key] = list(kept)
                else:
                    read = scan(numbers, 0)[0] if "." not in numbers else _decimals(numbers)
                    table[key] = read
                    if len(numbers) <= _LONGEST_KEPT:
                        if len(_NUMBER_ARRAYS) >= _MOST_NUMBER_ARRAYS:
                            _NUMBER_ARRAYS.clear()
                        _NUMBER_ARRAYS[numbers] = tuple(read)
            elif literals:
                # As real files write them, ['a', 'b']: split at the separators alone,
                # which is right when every quote is one of theirs or an end's.
                items = literals[2:-2].split("', '")
                if (
                    literals.count("'") != 2 * len(items)
                    or literals[:2] != "['"
                    or literals[-2:] != "']"
                ):
                    items = literals.split("'")[1::2]
                table[key] = items
            elif basics:
                table[key] = basics.split('"')[1::2]
            else:
                table[key] = _array(array)
        elif header:
            if header in root:
                raise _Outside
            table = root[header] = {}
        elif rest:
            return table, rest
    return table, ""


def loads(text: str) -> dict[str, Any]:
    """Read a TOML document as ``tomllib.loads(text, parse_float=Decimal)`` does.

    Raises what :func:`tomllib.loads` raises for a text it refuses.
    """
    try:
        return _read(text)
    except _Outside:
        import tomllib  # imported for the few texts the subset does not cover
        from decimal import Decimal

        return tomllib.loads(text, parse_float=Decimal)
