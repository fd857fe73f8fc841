"""Every value of every layer as JSON and back: events, actions, reports, rulings,
views, the cardroom's commands and its own events, and the cage's and the clock's events.

The codec reads each class's fields from its type hints, so a new event needs
no code here, only its place in its layer's union. Each value becomes a JSON
object whose ``"type"`` names its layer and class (``"deal.Wagered"``,
``"table.PlayerSeated"``, ``"room.PlayerSeated"``, ``"command.TakeSeat"``,
``"cage.ChipsSold"``: some names recur between
layers) and whose other keys are its fields: cards as their notation
(``"As"``), citations as their text (``"RRP5 blinds.9"``), enums by value,
kinds of game as ``"1/2 no-limit holdem"``, times as the clock's seconds,
tuples as lists, ``None`` as ``null``, nested values as objects (with their
``"type"`` where the field may hold more than one class, as a declared action
does). A log is JSON lines whose first line names the schema. Anything else is refused with a :class:`~floorman.errors.NotationError`
saying what is wrong and where.

>>> from floorman.deal.events import Wagered
>>> from floorman.rulebook import Citation
>>> event = Wagered(position=2, to=300, amount=300, citations=(Citation.parse("betting.6"),))
>>> to_json(event)
{'type': 'deal.Wagered', 'position': 2, 'to': 300, 'amount': 300, 'full': True, 'all_in': False, 'citations': ['RRP5 betting.6']}
>>> from_json(to_json(event)) == event
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Union

from floorman._static import NewType
from floorman.cards import Card
from floorman.deal import actions as act
from floorman.deal import events as dev
from floorman.errors import FloormanError, NotationError
from floorman.floor import reports as rep
from floorman.floor.rulings import Ruling
from floorman.room import events as rev
from floorman.room.values import GameKind
from floorman.rulebook import Citation
from floorman.service import commands as cmd
from floorman.service import events as cev
from floorman.service import ledger as led
from floorman.service import timing
from floorman.service import views as vw
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
    "view": vw.ViewValue,
    "timing": timing.TimingEvent,
    "command": cmd.Command,
    "cage": led.LedgerEvent,
    "cardroom": cev.CardroomEvent,
}

#: Any value the codec reads and writes.
Value = (
    dev.Event
    | act.Action
    | tev.TableEvent
    | rev.RoomEvent
    | rep.Report
    | Ruling
    | vw.ViewValue
    | timing.TimingEvent
    | cmd.Command
    | led.LedgerEvent
    | cev.CardroomEvent
)

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


# ----- field types, compiled once per type -----------------------------------
#
# Each field type is turned once into an encoder and a decoder; a log of many
# thousand events then costs a call per field, not a reading of type hints.
# A refusal deep inside a value carries the path back out (``.posts[0]``), so
# the message names the field.

_Encoder = Callable[[Any], Any]
_Decoder = Callable[[Any], Any]


class _Refused(Exception):
    """A field refused; ``path`` leads to it, gathered innermost first on the way out."""

    def __init__(self, message: str, text: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.path: list[str] = []

    def error(self, where: str) -> NotationError:
        inside = "".join(reversed(self.path))
        return NotationError(f"{where}{inside}: {self.message}", text=self.text)


def _is_union(hint: object) -> bool:
    return typing.get_origin(hint) in (Union, types.UnionType)


def _name(hint: object) -> str:
    """A field type as a reader would write it, for error messages."""
    if isinstance(hint, type):
        return hint.__name__
    return str(hint).replace("floorman.", "")


def _show(data: object) -> str:
    try:
        text = json.dumps(data)
    except (TypeError, ValueError):
        text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


_SPECS: dict[type, tuple[tuple[str, _Encoder, _Decoder, bool], ...]] = {}


def _spec(cls: type) -> tuple[tuple[str, _Encoder, _Decoder, bool], ...]:
    """Each field of a class: its name, encoder, decoder and whether it is required."""
    found = _SPECS.get(cls)
    if found is None:
        found = _SPECS[cls] = _compile(cls)
    return found


def _compile(cls: type) -> tuple[tuple[str, _Encoder, _Decoder, bool], ...]:
    hints = typing.get_type_hints(cls)
    return tuple(
        (
            f.name,
            _encoder(hints[f.name]),
            _decoder(hints[f.name]),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    )


def _fields_of(cls: type) -> frozenset[str]:
    return frozenset(name for name, _, _, _ in _spec(cls))


# ----- encoding ----------------------------------------------------------------


def to_json(value: Value) -> dict[str, _Json]:
    """One value as a JSON object of plain types (dict, list, str, int, float,
    bool, None), its ``"type"`` first.

    >>> from floorman.deal.actions import Call
    >>> to_json(Call(position=1))
    {'type': 'action.Call', 'position': 1}
    """
    name = _NAME_OF.get(type(value))
    if name is None:
        raise NotationError(f"no JSON form for {type(value).__name__}: not an event of any layer")
    try:
        return _encode_object(value, name)
    except _Refused as refused:
        raise refused.error(name) from None


def _encode_object(value: object, name: str | None) -> dict[str, _Json]:
    out: dict[str, _Json] = {"type": name} if name is not None else {}
    for field, encode, _, _ in _spec(type(value)):
        try:
            out[field] = encode(getattr(value, field))
        except _Refused as refused:
            refused.path.append(f".{field}")
            raise
    return out


#: What a NewType is at run time: floorman's own ids (PlayerId, Seat, Position) are
#: floorman._static's, which stands in for typing's; any other is typing's.
_NEW_TYPES: Final = (NewType, typing.NewType)


@functools.cache
def _encoder(hint: object) -> _Encoder:
    if isinstance(hint, _NEW_TYPES):  # a PlayerId, Seat or Position: its plain value
        return _encoder(hint.__supertype__)
    if _is_union(hint):
        options = tuple(h for h in typing.get_args(hint) if h is not type(None))
        optional = len(options) < len(typing.get_args(hint))
        if len(options) == 1:
            inner = _encoder(options[0])
            return (lambda v: None if v is None else inner(v)) if optional else inner
        return _union_encoder(hint, options, optional=optional)
    if typing.get_origin(hint) is tuple:
        return _tuple_encoder(hint)
    if hint is int:
        return _checked(hint, lambda v: isinstance(v, int) and not isinstance(v, bool))
    if hint is float:
        return _checked(hint, _is_number)
    if hint in (str, bool):
        return _checked(hint, lambda v: isinstance(v, typing.cast(type, hint)))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _checked(hint, lambda v: isinstance(v, hint), lambda v: v.value)
    if hint in (Card, Citation, GameKind):
        return _checked(hint, lambda v: isinstance(v, typing.cast(type, hint)), str)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        cls = hint
        return _checked(hint, lambda v: type(v) is cls, lambda v: _encode_object(v, None))
    raise TypeError(f"floorman.codec has no JSON form for a field of type {_name(hint)}")


def _is_number(value: object) -> bool:
    """A float field holds a finite number (an int is a whole one; a bool is none)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


def _checked(hint: object, holds: Callable[[Any], bool], write: _Encoder | None = None) -> _Encoder:
    def encode(value: Any) -> Any:
        if not holds(value):
            raise _Refused(f"expected {_name(hint)}, not {value!r}")
        return value if write is None else write(value)

    return encode


def _union_encoder(hint: object, options: tuple[object, ...], *, optional: bool) -> _Encoder:
    allowed = frozenset(typing.cast(tuple[type, ...], options))

    def encode(value: Any) -> Any:
        if value is None and optional:
            return None
        if type(value) not in allowed:
            raise _Refused(f"expected {_name(hint)}, not {value!r}")
        return _encode_object(value, _NAME_OF[type(value)])

    return encode


def _tuple_encoder(hint: object) -> _Encoder:
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        each = _encoder(args[0])
        parts: tuple[_Encoder, ...] | None = None
    else:
        parts = tuple(_encoder(a) for a in args)

    def encode(value: Any) -> Any:
        if not isinstance(value, tuple):
            raise _Refused(f"expected a tuple, not {value!r}")
        if parts is not None and len(value) != len(parts):
            raise _Refused(f"expected {len(parts)} items, not {value!r}")
        out = []
        for i, item in enumerate(value):
            try:
                out.append(each(item) if parts is None else parts[i](item))
            except _Refused as refused:
                refused.path.append(f"[{i}]")
                raise
        return out

    return encode


# ----- decoding ----------------------------------------------------------------


def from_json(data: object) -> Value:
    """The value a JSON object (as :func:`to_json` gives) stands for.

    Raises :class:`~floorman.errors.NotationError` for an unknown ``"type"``, a
    missing or unknown field, or a field of the wrong form.

    >>> from_json({"type": "action.Wager", "position": 2, "to": 300})
    Wager(position=2, to=300)
    >>> from_json({"type": "deal.Wagered", "position": 2})
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: deal.Wagered: missing field 'to'
    """
    if type(data) is dict:
        try:
            return typing.cast(Value, _FAST[data["type"]](data))
        except Exception:
            pass  # the careful decoder below decodes it or says what is wrong
    if not isinstance(data, dict):
        raise NotationError(f"a value is a JSON object with a 'type', not {_show(data)}")
    name = data.get("type")
    try:
        return typing.cast(Value, _decode_object(data, _ALL))
    except _Refused as refused:
        raise refused.error(
            name if isinstance(name, str) and name in _BY_NAME else "value"
        ) from None


def _decode_object(data: Mapping[str, Any], allowed: frozenset[type]) -> object:
    name = data.get("type")
    if not isinstance(name, str):
        raise _Refused("no 'type' naming what it is")
    cls = _BY_NAME.get(name)
    if cls is None:
        raise _Refused(f"unknown type {name!r}; types are: {', '.join(sorted(_BY_NAME))}", name)
    if cls not in allowed:
        wanted = ", ".join(sorted(_NAME_OF[c] for c in allowed))
        raise _Refused(f"a {name} is not allowed here (allowed: {wanted})")
    return _decode_fields(cls, data, skip="type")


def _decode_fields(cls: type, data: Mapping[str, Any], *, skip: str = "") -> object:
    kwargs: dict[str, object] = {}
    for field, _, decode, required in _spec(cls):
        if field in data:
            try:
                kwargs[field] = decode(data[field])
            except _Refused as refused:
                refused.path.append(f".{field}")
                raise
        elif required:
            raise _Refused(f"missing field {field!r}")
    if len(kwargs) + (skip in data) != len(data):
        names = _fields_of(cls)
        extra = sorted((k for k in data if k != skip and k not in names), key=repr)
        raise _Refused(f"unknown field {extra[0]!r}; fields are: {', '.join(sorted(names))}")
    try:
        return cls(**kwargs)
    except (FloormanError, TypeError, ValueError) as error:
        raise _Refused(str(error)) from None


@functools.cache
def _decoder(hint: object) -> _Decoder:
    if isinstance(hint, _NEW_TYPES):
        return _decoder(hint.__supertype__)
    if _is_union(hint):
        options = tuple(h for h in typing.get_args(hint) if h is not type(None))
        optional = len(options) < len(typing.get_args(hint))
        inner = _decoder(options[0]) if len(options) == 1 else _union_decoder(hint, options)
        if not optional:
            return inner
        return lambda data: None if data is None else inner(data)
    if typing.get_origin(hint) is tuple:
        return _tuple_decoder(hint)
    found = _SCALARS.get(hint)
    if found is not None:
        return found
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_decoder(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        cls = hint

        def decode_value(data: Any) -> object:
            if not isinstance(data, dict):
                raise _Refused(f"expected an object, not {_show(data)}")
            return _decode_fields(cls, data)

        return decode_value
    raise TypeError(f"floorman.codec has no JSON form for a field of type {_name(hint)}")


def _union_decoder(hint: object, options: tuple[object, ...]) -> _Decoder:
    allowed = frozenset(typing.cast(tuple[type, ...], options))

    def decode(data: Any) -> object:
        if not isinstance(data, dict):
            raise _Refused(f"expected an object with a 'type', not {_show(data)}")
        return _decode_object(data, allowed)

    return decode


def _tuple_decoder(hint: object) -> _Decoder:
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        each = _decoder(args[0])
        parts: tuple[_Decoder, ...] | None = None
    else:
        parts = tuple(_decoder(a) for a in args)

    def decode(data: Any) -> tuple[object, ...]:
        if not isinstance(data, list):
            raise _Refused(f"expected a list, not {_show(data)}")
        if parts is not None and len(data) != len(parts):
            raise _Refused(f"expected a list of {len(parts)}, not {_show(data)}")
        out = []
        for i, item in enumerate(data):
            try:
                out.append(each(item) if parts is None else parts[i](item))
            except _Refused as refused:
                refused.path.append(f"[{i}]")
                raise
        return tuple(out)

    return decode


def _enum_decoder(hint: type[enum.Enum]) -> _Decoder:
    members = {(type(m.value), m.value): m for m in hint}
    known = ", ".join(repr(m.value) for m in hint)

    def decode(data: Any) -> enum.Enum:
        try:
            return members[type(data), data]
        except (KeyError, TypeError):
            raise _Refused(f"no {hint.__name__} {_show(data)}; expected one of {known}") from None

    return decode


def _int(data: Any) -> int:
    if type(data) is not int:
        raise _Refused(f"expected a whole number, not {_show(data)}")
    return data


def _float(data: Any) -> float:
    if not _is_number(data):
        raise _Refused(f"expected a number, not {_show(data)}")
    return float(data)


def _bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise _Refused(f"expected true or false, not {_show(data)}")
    return data


def _str(data: Any) -> str:
    if not isinstance(data, str):
        raise _Refused(f"expected a string, not {_show(data)}")
    return data


def _parsed(parse: Callable[[str], object], what: str) -> _Decoder:
    def decode(data: Any) -> object:
        if not isinstance(data, str):
            raise _Refused(f"expected {what} as text, not {_show(data)}")
        try:
            return parse(data)
        except FloormanError as error:
            raise _Refused(str(error), data) from None

    return decode


def _game_kind(text: str) -> GameKind:
    # Written as str() gives it ("1/2 no-limit holdem"), read as parse() reads it.
    return GameKind.parse(" ".join(reversed(text.split())))


_SCALARS: Final[Mapping[object, _Decoder]] = {
    int: _int,
    float: _float,
    bool: _bool,
    str: _str,
    Card: _parsed(Card.parse, "a card"),
    Citation: _parsed(Citation.parse, "a citation"),
    GameKind: _parsed(_game_kind, "a game"),
}

_ALL: Final = frozenset(_BY_NAME.values())

# Every registered class compiled now: a field of a type with no JSON form
# fails on import, not in the middle of a log.
for _cls in _ALL:
    _spec(_cls)


# ----- fast decoding -------------------------------------------------------------
#
# A log of ten thousand deals holds about half a million values, so each class
# also gets a decoder generated once from its fields, as Python source: it
# reads every field by name, checks its form inline and calls the class, with
# no loop over the fields and no keyword dict built field by field. It takes
# only well-formed data, every field written (as to_json writes them); at
# anything else (a field missing or unknown, a value of another form, a class
# refusing its values) it gives up and the careful decoder above decodes the
# value or says what is wrong, so the two never disagree on what they accept.


class _Slow(Exception):
    """The fast decoder gives the value up to the careful one."""


def _slow() -> typing.NoReturn:
    raise _Slow


class _Memo(dict[str, object]):
    """Text read once and kept: cards, citations and kinds of game recur by the
    thousand in a log, and each is immutable."""

    def __init__(self, parse: Callable[[str], object]) -> None:
        super().__init__()
        self._parse = parse

    def __missing__(self, text: object) -> object:
        if type(text) is not str:
            raise _Slow
        value = self._parse(text)
        if len(self) < 4096:  # what a log may write is bounded; a hostile one is not
            self[text] = value
        return value


_MEMOS: Final[Mapping[object, _Memo]] = {
    Card: _Memo(Card.parse),
    Citation: _Memo(Citation.parse),
    GameKind: _Memo(_game_kind),
}


def _optional(memo: _Memo) -> _Memo:
    both = _Memo(memo._parse)
    both[None] = None  # type: ignore[index]
    return both


_OPTIONAL_MEMOS: Final[Mapping[object, _Memo]] = {
    hint: _optional(memo) for hint, memo in _MEMOS.items()
}

_FAST_CHECKS: Final[Mapping[object, str]] = {
    int: "({v} if type({v}) is int else _slow())",
    # A finite float (x - x is nan for an infinity or a nan), or a whole number as one.
    float: "({v} if type({v}) is float and {v} - {v} == 0.0"
    " else float({v}) if type({v}) is int else _slow())",
    bool: "({v} if type({v}) is bool else _slow())",
    str: "({v} if type({v}) is str else _slow())",
}


class _Source:
    """The names a generated decoder refers to, and the helpers it needs."""

    def __init__(self) -> None:
        self.names: dict[str, object] = {"_slow": _slow, "_Slow": _Slow, "tuple": tuple}
        self.depth = 0

    def bind(self, value: object, stem: str) -> str:
        name = f"_{stem}{len(self.names)}"
        self.names[name] = value
        return name


def _fast_expr(hint: object, v: str, src: _Source) -> str:
    """Python source for the value of a field of type ``hint`` read from the
    JSON value named ``v`` (a plain name), raising on any other form."""
    if isinstance(hint, _NEW_TYPES):  # a PlayerId, Seat or Position: its plain value
        return _fast_expr(hint.__supertype__, v, src)
    if _is_union(hint):
        options = tuple(h for h in typing.get_args(hint) if h is not type(None))
        optional = len(options) < len(typing.get_args(hint))
        if len(options) == 1:
            inner = _fast_expr(options[0], v, src)
        else:
            decoders = {_NAME_OF[typing.cast(type, o)]: _fast_class(o, typed=True) for o in options}
            table = src.bind(decoders, "union")
            inner = f"{table}[{v}['type']]({v})"
        return f"(None if {v} is None else {inner})" if optional else inner
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            memo = _memo_of(args[0])
            if memo is not None:  # cards, citations: looked up in C, no loop in Python
                return f"(tuple(map({src.bind(memo.__getitem__, 'memo')}, {v})) if type({v}) is list else _slow())"
            src.depth += 1
            item = f"x{src.depth}"
            each = _fast_expr(args[0], item, src)
            src.depth -= 1
            return (
                f"((tuple([{each} for {item} in {v}]) if {v} else ())"
                f" if type({v}) is list else _slow())"
            )
        inner_src = _Source()
        parts = ", ".join(_fast_expr(a, f"v[{i}]", inner_src) for i, a in enumerate(args))
        return _call(
            _generated(f"def f(v):\n    return ({parts},)\n", inner_src), v, src, len(args)
        )
    check = _FAST_CHECKS.get(hint)
    if check is not None:
        return check.format(v=v)
    memo = _MEMOS.get(hint)
    if memo is not None:
        return f"{src.bind(memo, 'memo')}[{v}]"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = {(type(m.value), m.value): m for m in hint}
        return f"{src.bind(members, 'enum')}[type({v}), {v}]"
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return f"{src.bind(_fast_class(hint, typed=False), 'object')}({v})"
    raise TypeError(f"floorman.codec has no JSON form for a field of type {_name(hint)}")


def _memo_of(hint: object) -> _Memo | None:
    """The memo that reads a field of type ``hint`` whole: a card, a citation, a
    kind of game, or one of them or None."""
    memo = _MEMOS.get(hint)
    if memo is not None:
        return memo
    if _is_union(hint):
        options = typing.get_args(hint)
        if len(options) == 2 and type(None) in options:
            (inner,) = (o for o in options if o is not type(None))
            return _OPTIONAL_MEMOS.get(inner)
    return None


def _call(function: Callable[[Any], object], v: str, src: _Source, size: int) -> str:
    name = src.bind(function, "tuple")
    return f"({name}({v}) if type({v}) is list and len({v}) == {size} else _slow())"


def _generated(code: str, src: _Source) -> Callable[[Any], object]:
    namespace = dict(src.names)
    exec(code, namespace)  # the source is built here, from the classes' own fields
    return typing.cast(Callable[[Any], object], namespace["f"])


_FAST_CLASSES: dict[tuple[type, bool], Callable[[Any], object]] = {}


def _fast_class(cls: object, *, typed: bool) -> Callable[[Any], object]:
    """The fast decoder of a class, from an object with (``typed``) or without its "type"."""
    key = (typing.cast(type, cls), typed)
    found = _FAST_CLASSES.get(key)
    if found is not None:
        return found
    # A class may hold itself (a ruling inside a ruling): refer to it through a
    # cell filled once it is made.
    cell: list[Callable[[Any], object]] = []
    _FAST_CLASSES[key] = lambda data: cell[0](data)
    src = _Source()
    hints = typing.get_type_hints(key[0])
    fields = dataclasses.fields(key[0])
    lines = ["def f(data):", f"    if len(data) != {len(fields) + typed}:", "        raise _Slow"]
    for i, f in enumerate(fields):
        lines.append(f"    a{i} = data[{f.name!r}]")
    values = [_fast_expr(hints[f.name], f"a{i}", src) for i, f in enumerate(fields)]
    if _plain_slots(key[0]):
        # A frozen dataclass's __init__ sets each field through object.__setattr__;
        # with every field given and nothing to check after, setting the slots
        # directly makes the same value in half the time.
        lines.append(f"    o = {src.bind(object.__new__, 'new')}({src.bind(cls, 'cls')})")
        for f, value in zip(fields, values, strict=True):
            setter = src.bind(getattr(cls, f.name).__set__, "set")
            lines.append(f"    {setter}(o, {value})")
        lines.append("    return o")
    else:
        args = ", ".join(f"{f.name}={value}" for f, value in zip(fields, values, strict=True))
        lines.append(f"    return {src.bind(cls, 'cls')}({args})")
    function = _generated("\n".join(lines) + "\n", src)
    cell.append(function)
    _FAST_CLASSES[key] = function
    return function


def _plain_slots(cls: type) -> bool:
    """Whether a dataclass is made by setting its slots: every field a slot set
    by ``__init__``, and no ``__post_init__`` to check them."""
    return not hasattr(cls, "__post_init__") and all(
        f.init and type(getattr(cls, f.name, None)) is types.MemberDescriptorType
        for f in dataclasses.fields(cls)
    )


#: The fast decoder of every registered class, by its JSON "type".
_FAST: Final[Mapping[str, Callable[[Any], object]]] = {
    name: _fast_class(cls, typed=True) for name, cls in _BY_NAME.items()
}


# ----- logs --------------------------------------------------------------------


def dumps_log(values: Iterable[Value]) -> str:
    """A log as JSON lines: a header naming the schema, then one value a line.

    >>> from floorman.deal.events import Folded
    >>> text = dumps_log([Folded(position=0)])
    >>> print(text, end="")
    {"floorman": "log", "schema": 1}
    {"type": "deal.Folded", "position": 0, "citations": []}
    >>> loads_log(text)
    (Folded(position=0, citations=()),)
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
