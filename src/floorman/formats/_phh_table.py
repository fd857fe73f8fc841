"""A hand history made from the TOML table of a PHH file, by the quick path where it can.

:func:`from_table` makes a :class:`~floorman.formats._phh_history.HandHistory`
from the table a ``.phh`` file (or a hand of a ``.phhs`` file) reads to: the
usual table of a real file is checked and built in one pass here; any other
takes the general path (``_phh_history._general``), which gives every error.

This module is compiled where a C compiler is at hand (``floorman._compiled``);
the history it makes stays a Python class.
"""

from __future__ import annotations

from floorman._frozen import MISSING, value_fields
from floorman._static import TYPE_CHECKING
from floorman.formats._phh_history import (
    _LIMIT,
    _STRUCTURE,
    _VARIANT_FIELDS,
    HandHistory,
    _general,
)
from floorman.formats._phh_usual import read_usual

if TYPE_CHECKING:
    from typing import Any

__all__ = ["from_table"]


def from_table(table: dict[str, Any], chips_per_unit: int | None) -> HandHistory:
    """The hand a TOML table writes, amounts read at ``chips_per_unit`` chips a unit
    (None: the fewest that make every amount whole); raises :class:`_Located`, or
    NotationError with a _Located as its context, for a table that is not a hand."""
    usual = chips_per_unit is None or (type(chips_per_unit) is int and chips_per_unit == 1)
    if usual and (hand := _usual_hand(table)) is not None:
        return hand
    return _general(table, chips_per_unit)


# How the usual hand takes each typed field: an amount per player of at least 0 or 1
# chip (kinds 0 and 1), one amount of at least one chip (2), the variant (3), a flag (4),
# an array of strings (5).
_KIND = {"antes": 0, "blinds_or_straddles": 0, "starting_stacks": 1, "finishing_stacks": 0}
_KIND |= {"winnings": 0, **dict.fromkeys(_STRUCTURE[1:], 2), "variant": 3}
_KIND |= {"ante_trimming_status": 4, "players": 5, "actions": 5}
# The fields of a history, in the order its constructor sets them, with their defaults
# (None for those it must be given, which the usual hand always sets).
_BLANK: dict[str, object] = {
    f.name: None if f.default is MISSING else f.default for f in value_fields(HandHistory)
}
# The types of value kept in HandHistory.extra as the TOML reader gives them (an array
# of them frozen to a tuple); any other (a float, a date, a nested array) takes the
# general path.
_PLAIN = frozenset((str, int, bool))


def _usual_hand(table: dict[str, Any]) -> HandHistory | None:
    """The hand the table of a usual file writes, at one chip a unit; or None when the
    table has anything unusual, and the general path checks it (and gives its error).

    Usual is what real files write: a variant the specification defines with its
    betting fields, whole amounts, action strings of the usual forms, and strings,
    numbers and flat arrays elsewhere. For such a table this is what the general path
    does, checked in one pass over it: every check the constructor makes holds, so
    the history is made without running them again.
    """
    try:
        stacks, variant, actions = table["starting_stacks"], table["variant"], table["actions"]
    except KeyError:
        return None
    if type(stacks) is not list or "antes" not in table:
        return None
    n = len(stacks)
    wanted = _VARIANT_FIELDS.get(variant) if type(variant) is str else None
    if wanted is None or n < 2 or type(actions) is not list:
        return None
    hand: HandHistory = object.__new__(HandHistory)
    fields = hand.__dict__
    fields.update(_BLANK)
    extra = []
    structure = 0
    kinds, plain, limit = _KIND, _PLAIN, _LIMIT
    for key, value in table.items():
        kind = kinds.get(key)
        if kind is None:
            if type(value) is list:
                for item in value:
                    if type(item) not in plain:
                        return None
                value = tuple(value)
            elif type(value) not in plain:
                return None
            extra.append((key, value))
            continue
        if kind <= 1:
            # Item by item: quicker than the set of their types, min and max, even from source.
            if type(value) is not list or len(value) != n:
                return None
            for amount in value:
                if type(amount) is not int or amount < kind or amount >= limit:
                    return None
            fields[key] = tuple(value)
        elif kind == 2:
            if type(value) is not int or not 0 < value < limit:
                return None
            fields[key] = value
        elif kind == 4:
            if type(value) is not bool:
                return None
            fields[key] = value
        elif kind == 5:
            if type(value) is not list or (key == "players" and not _names(value, n)):
                return None
            fields[key] = tuple(value)
        if key in wanted:
            structure += 1
        elif key in _STRUCTURE:
            return None
    parsed = read_usual(actions, players=n)
    if structure != len(wanted) or parsed is None:
        return None
    fields["variant"], fields["extra"], fields["_parsed"] = variant, tuple(extra), parsed
    return hand


def _names(value: list[Any], n: int) -> bool:
    """Whether a players field is one name for each of n players."""
    if len(value) != n:
        return False
    for name in value:  # noqa: SIM110 - a loop is quicker than all() of a generator
        if type(name) is not str:
            return False
    return True
