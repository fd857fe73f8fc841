"""A reader for the part of TOML that hand histories use, falling back to :mod:`tomllib`.

A PHH file is a flat TOML document: ``key = value`` lines, perhaps under table
headers ``[1]``, ``[2]``, ... (a ``.phhs`` file), whose values are strings,
whole numbers, floats, booleans and arrays of these (the actions, one a line or
all on one). :func:`loads` reads exactly that subset with one regular
expression and a short loop over its tokens, several times faster than the
general parser, and returns what :func:`tomllib.loads` returns for the same
text (floats as :class:`~decimal.Decimal`, as the PHH reader asks).

Anything outside the subset (dates and times, quoted or dotted keys, inline
tables, nested arrays, multi-line strings, numbers with underscores or in hex,
a key or table given twice) and anything that is not valid TOML is handed to
:func:`tomllib.loads` whole, so that every document reads to the same value,
and every invalid one fails with the same error, as with the general parser.

>>> loads("a = 'x'  # note\\nb = [1, -2.50,\\n  \\"\\\\u00e9\\",\\n]\\n[1]\\nc = true\\n")
{'a': 'x', 'b': [1, Decimal('-2.50'), 'é'], '1': {'c': True}}
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

__all__ = ["loads"]

_C = r"[^\x00-\x08\x0a-\x1f\x7f]"  # a character TOML allows in a comment or a literal string
# Possessive quantifiers (*+, ++) never give back what they took: a text that is not
# in the subset fails at once, where backtracking through the many ways to split a run
# of spaces or a comment would take exponential time.
_BASIC = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]++|\\(?:[btnfr"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}))*+"'
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*+'"
_BARE = r"[A-Za-z0-9_+.:-]++"
_KEY = r"[A-Za-z0-9_-]++"
_ITEM = rf"(?:{_BASIC}|{_LITERAL}|{_BARE})"
_GAP = rf"(?:[ \t\n]|\r\n|\#{_C}*+)*+"  # what may come between an array's items
_ARRAY = rf"\[{_GAP}(?:{_ITEM}{_GAP}(?:,{_GAP}{_ITEM}{_GAP})*(?:,{_GAP})?)?\]"
_BLANK = rf"(?:[ \t]*+(?:\#{_C}*+)?\r?\n)*+"
_PLAIN_BASIC = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*+"'  # a basic string without escapes
_INT = r"(?:0|[1-9][0-9]{0,3000}+)"


def _statement(crlf: bool) -> re.Pattern[str]:
    """One statement, after any blank and comment lines: key (group 1) = a basic
    string (2), literal string (3), bare word (4), array of literal strings (5), of
    basic strings without escapes (6), of whole numbers (7), or another array (8); or
    a table header [name] (9). The value's group is the last to match (Match.lastindex).

    Lines end with a line feed or, when ``crlf``, a carriage return and a line feed:
    a text without carriage returns is read by the simpler pattern, which runs faster.
    """
    space = r"[ \t\n]*+(?:\r\n[ \t\n]*+)*+" if crlf else r"[ \t\n]*+"  # between items
    blank = _BLANK if crlf else rf"(?:[ \t]*+(?:\#{_C}*+)?\n)*+"
    # Arrays of one kind of item and no comments, the usual ones, are read by splitting.
    literals = rf"\[{space}(?:{_LITERAL}{space}(?:,{space}{_LITERAL}{space})*+(?:,{space})?)?\]"
    basics = (
        rf"\[{space}(?:{_PLAIN_BASIC}{space}(?:,{space}{_PLAIN_BASIC}{space})*+(?:,{space})?)?\]"
    )
    newline = r"\r?\n" if crlf else r"\n"
    ints = rf"\[[ \t]*+{_INT}(?:[ \t]*+,[ \t]*+{_INT})*+[ \t]*+\]"
    return re.compile(
        rf"""{blank}[ \t]*+(?:
          ({_KEY})[ \t]*+=[ \t]*+(?:({_BASIC})|({_LITERAL})|({_BARE})
          |({literals})|({basics})|({ints})|({_ARRAY}))
        | \[[ \t]*+({_KEY})[ \t]*+\]
        )[ \t]*+(?:\#{_C}*+)?(?:{newline}|\Z)""",
        re.VERBOSE,
    )


_STATEMENT = _statement(crlf=False)
_STATEMENT_CRLF: list[re.Pattern[str]] = []  # compiled when a text with \r comes
# The patterns of rarer paths are given as text, compiled (and cached by the re module)
# when a text first needs one: a replay that reads only usual files compiles none.
_END = rf"{_BLANK}[ \t]*+(?:\#{_C}*+)?"
# An array's items (quotes kept, so that no item is empty), and its comments to pass over.
_ITEMS = rf"({_BASIC})|({_LITERAL})|({_BARE})|\#{_C}*"
_INTEGER = r"[+-]?(?:0|[1-9][0-9]*)"
_FLOAT = r"[+-]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+)|inf|nan)"
_ESCAPE = r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))"
_ESCAPED = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
# Python's int() refuses numbers of more digits than this; tomllib then raises ValueError.
_MOST_INT_DIGITS = 4000


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
    text = quoted[1:-1]
    return re.sub(_ESCAPE, _unescape, text) if "\\" in text else text


def _bare(text: str) -> Any:
    if text.isdigit() and (text[0] != "0" or len(text) == 1):
        return int(text) if len(text) < _MOST_INT_DIGITS else _outside()
    if text == "true":
        return True
    if text == "false":
        return False
    if re.fullmatch(_INTEGER, text) and len(text) < _MOST_INT_DIGITS:
        return int(text)
    if re.fullmatch(_FLOAT, text):
        return Decimal(text)
    raise _Outside


def _array(text: str) -> list[Any]:
    return [
        literal[1:-1]
        if literal
        else (basic[1:-1] if "\\" not in basic else _basic(basic))
        if basic
        else _bare(bare)
        for basic, literal, bare in re.compile(_ITEMS).findall(text, 1)
        if basic or literal or bare
    ]


def _read(text: str) -> dict[str, Any]:
    root: dict[str, Any] = {}
    table = root
    if "\r" in text:
        if not _STATEMENT_CRLF:
            _STATEMENT_CRLF.append(_statement(crlf=True))
        statement = _STATEMENT_CRLF[0]
    else:
        statement = _STATEMENT
    pos, end, match = 0, len(text), statement.match
    while pos < end:
        found = match(text, pos)
        if found is None:
            if re.compile(_END).fullmatch(text, pos) is None:
                raise _Outside
            break
        pos = found.end()
        kind = found.lastindex or 0
        value = found[kind]
        if kind == 9:
            if value in root:
                raise _Outside
            table = root[value] = {}
            continue
        key = found[1]
        if key in table:
            raise _Outside
        # The kinds in the order real files hold them most.
        if kind == 3:
            table[key] = value[1:-1]
        elif kind == 4:
            # A whole number, most often: read here, without a call.
            usual = value.isdigit() and value[0] != "0" and len(value) < _MOST_INT_DIGITS
            table[key] = int(value) if usual else _bare(value)
        elif kind == 7:
            table[key] = list(map(int, value[1:-1].split(",")))
        elif kind == 5:
            table[key] = value.split("'")[1::2]
        elif kind == 6:
            table[key] = value.split('"')[1::2]
        elif kind == 8:
            table[key] = _array(value)
        else:
            table[key] = _basic(value)
    return root


def loads(text: str) -> dict[str, Any]:
    """Read a TOML document as ``tomllib.loads(text, parse_float=Decimal)`` does.

    Raises what :func:`tomllib.loads` raises for a text it refuses.
    """
    try:
        return _read(text)
    except _Outside:
        import tomllib  # imported for the few texts the subset does not cover

        return tomllib.loads(text, parse_float=Decimal)
