"""Every value of every layer as JSON and back: events, actions, reports, rulings.

The codec reads each class's fields from its type hints, so a new event needs
no code here, only its place in its layer's union. Each value becomes a JSON
object whose ``"type"`` names its layer and class (``"deal.Wagered"``,
``"table.PlayerSeated"``, ``"room.PlayerSeated"``: some names recur between
layers) and whose other keys are its fields: cards as their notation
(``"As"``), citations as their text (``"RRP5 blinds.9"``), enums by value,
kinds of game as ``"1/2 no-limit holdem"``, tuples as lists, ``None`` as
``null``, nested values as objects. A log is JSON lines whose first line names
the schema. Anything else is refused with a :class:`~floorman.errors.NotationError`
saying what is wrong and where.

>>> from floorman.deal.events import Wagered
>>> from floorman.rulebook import Citation
>>> event = Wagered(player=2, to=300, amount=300, citations=(Citation.parse("betting.6"),))
>>> to_json(event)
{'type': 'deal.Wagered', 'player': 2, 'to': 300, 'amount': 300, 'full': True, 'all_in': False, 'citations': ['RRP5 betting.6']}
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Union

from floorman.cards import Card
from floorman.deal import actions as act
from floorman.deal import events as dev
from floorman.errors import FloormanError, NotationError
from floorman.floor import reports as rep
from floorman.floor.rulings import Ruling
from floorman.room import events as rev
from floorman.room.values import GameKind
from floorman.rulebook import Citation
from floorman.table import events as tev

__all__ = [
    "LAYERS",
    "SCHEMA",
    "Value",
    "dumps_log",
    "from_json",
    "loads_log",
    "registered",
    "to_json",
]

#: The version of the JSON form; a log of another version is refused.
SCHEMA: Final = 1

#: Each layer's name in ``"type"`` and its closed union of values.
LAYERS: Final[Mapping[str, object]] = {
    "deal": dev.Event,
    "action": act.Action,
    "table": tev.TableEvent,
    "room": rev.RoomEvent,
    "report": rep.Report,
    "floor": Ruling,
}

#: Any value the codec reads and writes.
Value = dev.Event | act.Action | tev.TableEvent | rev.RoomEvent | rep.Report | Ruling

_HEADER_KIND: Final = "log"

#: What a JSON value may be.
_Json = Any


def _members(union: object) -> tuple[type, ...]:
    args = typing.get_args(union)
    return tuple(args) if args else (typing.cast(type, union),)


_BY_NAME: dict[str, type] = {}
_NAME_OF: dict[type, str] = {}
for _layer, _union in LAYERS.items():
    for _cls in _members(_union):
        _BY_NAME[f"{_layer}.{_cls.__name__}"] = _cls
        _NAME_OF[_cls] = f"{_layer}.{_cls.__name__}"


def registered() -> Mapping[str, type]:
    """Every class the codec knows, by its JSON ``"type"``.

    >>> registered()["table.PlayerSeated"].__module__
    'floorman.table.events'
    """
    return dict(_BY_NAME)


# ----- field types, read once per class --------------------------------------

_HINTS: dict[type, tuple[tuple[str, object], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, object], ...]:
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)
        _HINTS[cls] = found
    return found


def _is_union(hint: object) -> bool:
    return typing.get_origin(hint) in (Union, types.UnionType)


def _name(hint: object) -> str:
    """A field type as a reader would write it, for error messages."""
    if isinstance(hint, type):
        return hint.__name__
    return str(hint).replace("floorman.", "")


# ----- encoding ----------------------------------------------------------------


def to_json(value: Value) -> dict[str, _Json]:
    """One value as a JSON object of plain types (dict, list, str, int, float,
    bool, None), its ``"type"`` first.

    >>> from floorman.deal.actions import Call
    >>> to_json(Call(player=1))
    {'type': 'action.Call', 'player': 1}
    """
    name = _NAME_OF.get(type(value))
    if name is None:
        raise NotationError(f"no JSON form for {type(value).__name__}: not an event of any layer")
    return {"type": name} | _encode_fields(value, name)


def _encode_fields(value: object, where: str) -> dict[str, _Json]:
    return {
        field: _encode(hint, getattr(value, field), f"{where}.{field}")
        for field, hint in _fields(type(value))
    }


def _encode(hint: object, value: object, where: str) -> _Json:
    if value is None:
        return None
    if _is_union(hint):
        options = [h for h in typing.get_args(hint) if h is not type(None)]
        if len(options) == 1:
            return _encode(options[0], value, where)
        name = _NAME_OF.get(type(value))
        if name is None:
            raise NotationError(f"{where}: no JSON form for {type(value).__name__}")
        return {"type": name} | _encode_fields(value, where)
    if typing.get_origin(hint) is tuple:
        if not isinstance(value, tuple):
            raise NotationError(f"{where}: expected a tuple, not {value!r}")
        pairs = _items(hint, value, where)
        return [_encode(h, v, f"{where}[{i}]") for i, (h, v) in enumerate(pairs)]
    if not _holds(hint, value):
        raise NotationError(f"{where}: expected {_name(hint)}, not {value!r}")
    if hint in (Card, Citation, GameKind):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return _encode_fields(value, where)
    return value


def _holds(hint: object, value: object) -> bool:
    """Whether a field holds a value of its declared type (an int is a float's
    whole value; a bool is no number)."""
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return ok and math.isfinite(typing.cast(float, value))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


def _items(hint: object, value: tuple[object, ...], where: str) -> Iterable[tuple[object, object]]:
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return ((args[0], v) for v in value)
    if len(args) != len(value):
        raise NotationError(f"{where}: expected {len(args)} items, not {value!r}")
    return zip(args, value, strict=True)


# ----- decoding ----------------------------------------------------------------


def from_json(data: object) -> Value:
    """The value a JSON object (as :func:`to_json` gives) stands for.

    Raises :class:`~floorman.errors.NotationError` for an unknown ``"type"``, a
    missing or unknown field, or a field of the wrong form.

    >>> from_json({"type": "action.Wager", "player": 2, "to": 300})
    Wager(player=2, to=300)
    >>> from_json({"type": "deal.Wagered", "player": 2})
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: deal.Wagered: missing field 'to'
    """
    if not isinstance(data, dict):
        raise NotationError(f"a value is a JSON object with a 'type', not {_show(data)}")
    return typing.cast(Value, _decode_object(data, tuple(_BY_NAME.values()), "value"))


def _decode_object(data: Mapping[str, object], allowed: tuple[type, ...], where: str) -> object:
    name = data.get("type")
    if not isinstance(name, str):
        raise NotationError(f"{where}: no 'type' naming what it is")
    cls = _BY_NAME.get(name)
    if cls is None:
        known = ", ".join(sorted(_BY_NAME))
        raise NotationError(f"unknown type {name!r}; types are: {known}", text=name)
    if cls not in allowed:
        wanted = ", ".join(_NAME_OF[c] for c in allowed)
        raise NotationError(f"{where}: a {name} is not allowed here (allowed: {wanted})")
    return _decode_fields(cls, data, name, skip="type")


def _decode_fields(cls: type, data: Mapping[str, object], where: str, *, skip: str = "") -> object:
    fields = _fields(cls)
    names = {f for f, _ in fields}
    extra = sorted((k for k in data if k != skip and k not in names), key=repr)
    if extra:
        raise NotationError(
            f"{where}: unknown field {extra[0]!r}; fields are: {', '.join(sorted(names))}"
        )
    kwargs: dict[str, object] = {}
    for field, hint in fields:
        if field in data:
            kwargs[field] = _decode(hint, data[field], f"{where}.{field}")
        elif _required(cls, field):
            raise NotationError(f"{where}: missing field {field!r}")
    try:
        return cls(**kwargs)
    except FloormanError as error:
        raise NotationError(f"{where}: {error}") from None
    except (TypeError, ValueError) as error:
        raise NotationError(f"{where}: {error}") from None


def _required(cls: type, field: str) -> bool:
    for f in dataclasses.fields(cls):
        if f.name == field:
            return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    return True


def _show(data: object) -> str:
    text = json.dumps(data) if _plain(data) else repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


def _plain(data: object) -> bool:
    try:
        json.dumps(data)
    except (TypeError, ValueError):
        return False
    return True


def _decode(hint: object, data: object, where: str) -> object:
    if _is_union(hint):
        options = tuple(h for h in typing.get_args(hint) if h is not type(None))
        if data is None:
            if len(options) < len(typing.get_args(hint)):
                return None
            raise NotationError(f"{where}: expected {_name(hint)}, not null")
        if len(options) == 1:
            return _decode(options[0], data, where)
        if not isinstance(data, dict):
            raise NotationError(f"{where}: expected an object with a 'type', not {_show(data)}")
        return _decode_object(data, typing.cast(tuple[type, ...], options), where)
    if typing.get_origin(hint) is tuple:
        return _decode_tuple(hint, data, where)
    decode = _SCALARS.get(hint)
    if decode is not None:
        return decode(data, where)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _decode_enum(hint, data, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise NotationError(f"{where}: expected an object, not {_show(data)}")
        return _decode_fields(hint, data, where)
    raise NotationError(f"{where}: no JSON form for a field of type {_name(hint)}")


def _decode_tuple(hint: object, data: object, where: str) -> tuple[object, ...]:
    if not isinstance(data, list):
        raise NotationError(f"{where}: expected a list, not {_show(data)}")
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if len(data) != len(args):
        raise NotationError(f"{where}: expected a list of {len(args)}, not {_show(data)}")
    return tuple(
        _decode(h, v, f"{where}[{i}]") for i, (h, v) in enumerate(zip(args, data, strict=True))
    )


def _decode_enum(hint: type[enum.Enum], data: object, where: str) -> enum.Enum:
    for member in hint:
        if member.value == data and type(member.value) is type(data):
            return member
    known = ", ".join(repr(m.value) for m in hint)
    raise NotationError(f"{where}: no {hint.__name__} {_show(data)}; expected one of {known}")


def _int(data: object, where: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise NotationError(f"{where}: expected a whole number, not {_show(data)}")
    return data


def _float(data: object, where: str) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
        raise NotationError(f"{where}: expected a number, not {_show(data)}")
    return float(data)


def _bool(data: object, where: str) -> bool:
    if not isinstance(data, bool):
        raise NotationError(f"{where}: expected true or false, not {_show(data)}")
    return data


def _str(data: object, where: str) -> str:
    if not isinstance(data, str):
        raise NotationError(f"{where}: expected a string, not {_show(data)}")
    return data


def _parsed(parse: Callable[[str], object], what: str) -> Callable[[object, str], object]:
    def decode(data: object, where: str) -> object:
        if not isinstance(data, str):
            raise NotationError(f"{where}: expected {what} as text, not {_show(data)}")
        try:
            return parse(data)
        except FloormanError as error:
            raise NotationError(f"{where}: {error}", text=data) from None

    return decode


_SCALARS: Final[Mapping[object, Callable[[object, str], object]]] = {
    int: _int,
    float: _float,
    bool: _bool,
    str: _str,
    Card: _parsed(Card.parse, "a card"),
    Citation: _parsed(Citation.parse, "a citation"),
    GameKind: _parsed(lambda text: GameKind.parse(" ".join(reversed(text.split()))), "a game"),
}


# ----- logs --------------------------------------------------------------------


def dumps_log(values: Iterable[Value]) -> str:
    """A log as JSON lines: a header naming the schema, then one value a line.

    >>> from floorman.deal.events import Folded
    >>> text = dumps_log([Folded(player=0)])
    >>> print(text, end="")
    {"floorman": "log", "schema": 1}
    {"type": "deal.Folded", "player": 0, "citations": []}
    >>> loads_log(text)
    (Folded(player=0, citations=()),)
    """
    lines = [json.dumps({"floorman": _HEADER_KIND, "schema": SCHEMA})]
    lines.extend(json.dumps(to_json(v), allow_nan=False) for v in values)
    return "\n".join(lines) + "\n"


def loads_log(text: str) -> tuple[Value, ...]:
    """The values of a log :func:`dumps_log` wrote.

    Refuses a log with no header, of an unknown schema, or with a line that is
    not a value, naming the line.

    >>> loads_log('{"floorman": "log", "schema": 99}')
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: line 1: schema 99 is not known; this floorman reads schema 1
    """
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise NotationError('an empty log: the first line is {"floorman": "log", "schema": 1}')
    number, first = lines[0]
    header = _line(number, first)
    if not isinstance(header, dict) or header.get("floorman") != _HEADER_KIND:
        raise NotationError(
            f'line {number}: not a floorman log: the first line is {{"floorman": "log",'
            f' "schema": {SCHEMA}}}, not {_show(header)}'
        )
    if header.get("schema") != SCHEMA or isinstance(header.get("schema"), bool):
        raise NotationError(
            f"line {number}: schema {_show(header.get('schema'))} is not known;"
            f" this floorman reads schema {SCHEMA}"
        )
    values: list[Value] = []
    for number, line in lines[1:]:
        try:
            values.append(from_json(_line(number, line)))
        except NotationError as error:
            raise NotationError(f"line {number}: {error.message}", text=line) from None
    return tuple(values)


def _line(number: int, line: str) -> object:
    try:
        return json.loads(line)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"line {number}: not JSON ({error})", text=line) from None
