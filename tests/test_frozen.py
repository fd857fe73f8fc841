"""Values made by floorman._frozen behave as ``@dataclass(frozen=True, slots=True)``
makes them: each class here is made both ways and the two are compared."""

from __future__ import annotations

import abc
import copy
import dataclasses
import inspect
import operator
import pickle
import subprocess
import sys
import traceback
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

from floorman import _frozen as frozen_module
from floorman import _frozen_inits
from floorman._frozen import (
    MISSING,
    dataclass_like,
    field,
    field_names,
    frozen,
    is_dataclass_instance,
    value_fields,
)

Maker = Callable[..., Any]


def _dataclass(*, order: bool = False, kw_only: bool = False) -> Maker:
    return dataclasses.dataclass(frozen=True, slots=True, order=order, kw_only=kw_only)


def _frozen(*, order: bool = False, kw_only: bool = False) -> Maker:
    return frozen(order=order, kw_only=kw_only)


def _chips(make: Maker) -> Any:
    @make(order=True)
    class Chips:
        """Chips with an owner that is not compared, and a list of its own."""

        amount: int
        owner: str = dataclasses.field(default="", compare=False)
        notes: list[str] = dataclasses.field(default_factory=list, repr=False, compare=False)

    return Chips


def _seat(make: Maker) -> Any:
    @make(kw_only=True)
    class Seat:
        """A checked value with keyword-only fields."""

        number: int
        name: str = "open"
        checked: list[int] = dataclasses.field(default_factory=list, init=False, compare=False)

        def __post_init__(self) -> None:
            if self.number < 1:
                raise ValueError(f"seat {self.number}")
            self.checked.append(self.number)

    return Seat


def _card(make: Maker) -> Any:
    @make()
    class Card:
        """A value with its own repr and ordering."""

        index: int

        def __repr__(self) -> str:
            return f"card {self.index}"

        def __lt__(self, other: Any) -> bool:
            return bool(self.index < other.index)

    return Card


def _named(made: Any, name: str) -> Any:
    # A class pickle can find: named as the module-level name it is kept under.
    made.__name__ = made.__qualname__ = name
    return made


FrozenChips = _named(_chips(_frozen), "FrozenChips")
DataclassChips = _named(_chips(_dataclass), "DataclassChips")


def _outcome(make: Any, *args: Any, **kwargs: Any) -> tuple[str, str]:
    try:
        value = make(*args, **kwargs)
    except Exception as error:  # the same kind of error with the same words
        return type(error).__name__, str(error)
    return "value", repr(value)


@pytest.mark.parametrize(
    ("shape", "calls"),
    [
        (_chips, [(5,), (5, "ann"), (5, "ann", ["x"]), (), (1, 2, 3, 4), ("5",)]),
        (_seat, [(), (1,)]),
        (_card, [(3,), ()]),
    ],
    ids=["chips", "seat", "card"],
)
def test_a_frozen_value_is_made_as_a_frozen_dataclass(
    shape: Callable[[Maker], Any], calls: list[tuple[Any, ...]]
) -> None:
    made, built = shape(_frozen), shape(_dataclass)
    assert [f.name for f in dataclasses.fields(made)] == [f.name for f in dataclasses.fields(built)]
    assert repr(made.__dataclass_params__) == repr(built.__dataclass_params__)
    assert made.__match_args__ == built.__match_args__
    assert made.__slots__ == built.__slots__
    for args in calls:
        assert _outcome(made, *args) == _outcome(built, *args)


def test_keyword_only_values_and_post_init() -> None:
    made, built = _seat(_frozen), _seat(_dataclass)
    for kwargs in ({"number": 2}, {"number": 0}, {"number": 3, "name": "ann"}, {"name": "x"}):
        assert _outcome(made, **kwargs) == _outcome(built, **kwargs)
    assert made(number=2).checked == [2]
    assert made(number=2).checked is not made(number=2).checked


def test_equality_hash_order_and_copies() -> None:
    for chips in (FrozenChips, DataclassChips):
        a, b, c = chips(5, "ann"), chips(5, "bob"), chips(6, "ann")
        assert a == b
        assert hash(a) == hash(b)
        assert a != c
        assert (a < c, a <= b, c > b, c >= a, b < a) == (True, True, True, True, False)
        assert a.__eq__(5) is NotImplemented
        assert chips(5).notes is not chips(5).notes
        for copied in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
            assert (copied, copied.owner) == (a, "ann")
        assert dataclasses.replace(a, amount=7) == chips(7)
        assert dataclasses.asdict(a) == {"amount": 5, "owner": "ann", "notes": []}
        with pytest.raises(TypeError):
            _ = a < 5
    card = _card(_frozen)
    assert sorted([card(3), card(1)]) == [card(1), card(3)]
    assert repr(card(3)) == "card 3"
    assert {card(3), card(3)} == {card(3)}


@pytest.mark.parametrize("shape", [_chips, _seat, _card])
def test_a_frozen_value_refuses_assignment_and_deletion(shape: Callable[[Maker], Any]) -> None:
    made = shape(_frozen)
    value = made(number=1) if shape is _seat else made(1)
    name = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
        setattr(value, name, 2)
    with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
        delattr(value, name)


def test_mistakes_are_refused_as_a_dataclass_refuses_them() -> None:
    for make in (_frozen, _dataclass):
        with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):

            @make()
            class Late:
                a: int = 0
                b: int

        with pytest.raises(TypeError, match="Cannot overwrite attribute __lt__"):

            @make(order=True)
            class Ordered:
                a: int

                def __lt__(self, other: Any) -> bool:
                    return False


def test_a_value_made_frozen_may_extend_another() -> None:
    base = _chips(_frozen)

    @frozen
    class Bet(base):  # type: ignore[misc, valid-type]
        """A bet: chips and the street they were bet on."""

        street: int = 0

    bet = Bet(5, "ann", [], 2)
    assert bet == Bet(5, "bob", [], 2)
    assert bet != Bet(5, "ann", [], 3)
    assert repr(bet).endswith(".Bet(amount=5, owner='ann', street=2)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        bet.street = 1


# --- the same class made both ways, in every shape floorman's values take ------------------------
#
# Each shape is a class body made by a maker (``_ours``: floorman._frozen without the
# dataclasses module; ``_theirs``: the dataclass decorator) with a field specifier
# (floorman._frozen.field or dataclasses.field; the decorator takes only its own).

Spec = Callable[..., Any]


def _ours(**options: Any) -> Maker:
    return lambda cls: dataclass_like(cls, **options)


def _theirs(*, frozen: bool = True, slots: bool = True, **options: Any) -> Maker:
    return dataclasses.dataclass(frozen=frozen, slots=slots, **options)


def _chips_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(order=True)
    class Chips:
        """Ordered chips: a default, a field not compared, a factory, a class variable."""

        amount: int
        owner: str = spec(default="", compare=False)
        notes: list[str] = spec(default_factory=list, repr=False, compare=False)
        unit: ClassVar[str] = "chip"

    return Chips


def _seat_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(kw_only=True)
    class Seat:
        """Keyword-only fields, one made by a factory and not taken, checked after."""

        number: int
        name: str = "open"
        checked: list[int] = spec(default_factory=list, init=False, compare=False)

        def __post_init__(self) -> None:
            if self.number < 1:
                raise ValueError(f"seat {self.number}")
            self.checked.append(self.number)

    return Seat


def _mixed_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Mixed:
        """Each option of a field specifier."""

        a: int
        b: str = spec(default="x", kw_only=True)
        c: int = spec(default=0, init=False)
        d: float = spec(default=1.5, hash=False)
        e: tuple[int, ...] = spec(default=(), compare=False, hash=True, metadata={"unit": "chip"})
        f: int = spec(kw_only=True)
        count: typing.ClassVar[int] = 0

    return Mixed


def _base_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Base:
        """A base whose fields a subclass takes, one of them with another default."""

        x: int
        y: int = 0

    return Base


def _mutable_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(frozen=False)
    class Tally:
        """A mutable slotted value (a shuffler's kind): equal by value, so unhashable."""

        count: int = 0
        seen: list[int] = spec(default_factory=list)

    return Tally


def _dict_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(slots=False, kw_only=True)
    class Hand:
        """A frozen value keeping its fields in its dictionary (a hand history's kind)."""

        value: int
        note: str = ""
        parsed: tuple[int, ...] = spec(init=False, repr=False, compare=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "parsed", (self.value,))

    return Hand


def _plain_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Plain:
        a: int
        b: str = "x"
        c: list[int] = spec(default_factory=list)
        d: int = spec(default=0, kw_only=True)

    return Plain


def _own_eq_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Labelled:
        """Its own equality, by the label only: the hash is still made from the fields."""

        label: str
        weight: int = 0

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Labelled) and other.label == self.label

    return Labelled


def _self_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Named:
        """A field named self."""

        self: int
        other: int = 0

    return Named


def _checked_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Checked:
        """Slotted, checked after: the usual kind of __init__ that calls __post_init__."""

        low: int
        high: int = 9

        def __post_init__(self) -> None:
            if self.low > self.high:
                raise ValueError(f"{self.low} above {self.high}")

    return Checked


def _keyword_first_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class KeywordFirst:
        """A keyword-only field before the positional ones: its parameter comes last."""

        label: str = spec(kw_only=True)
        a: int
        b: int = 2
        weight: float = spec(default=0.5, kw_only=True)

    return KeywordFirst


def _wide_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(kw_only=True)
    class Wide:
        """More fields than the usual kinds of __init__ come with: compiled once."""

        f0: int
        f1: int
        f2: int
        f3: int
        f4: int
        f5: int
        f6: int
        f7: int
        f8: int
        f9: int
        f10: int = 10
        f11: int = 11

    return Wide


def _dict_checked_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(slots=False, kw_only=True)
    class Action:
        """Fields in the dictionary, checked after, none made by a factory (a PHH action's kind)."""

        player: int
        amount: int = 0
        note: str = spec(default="", compare=False)

        def __post_init__(self) -> None:
            if self.player < 1:
                raise ValueError(f"player {self.player}")

    return Action


def _mutable_dict_shape(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(frozen=False, slots=False)
    class Counter:
        """A mutable value keeping its fields in its dictionary: set by assignment."""

        count: int = 0
        seen: list[int] = spec(default_factory=list)
        origin: str = spec(default="table", init=False)

    return Counter


_SHAPES: dict[str, Callable[[Callable[..., Maker], Spec], Any]] = {
    "chips": _chips_shape,
    "seat": _seat_shape,
    "mixed": _mixed_shape,
    "base": _base_shape,
    "mutable": _mutable_shape,
    "dict": _dict_shape,
    "plain": _plain_shape,
    "own_eq": _own_eq_shape,
    "self": _self_shape,
    "checked": _checked_shape,
    "keyword_first": _keyword_first_shape,
    "wide": _wide_shape,
    "dict_checked": _dict_checked_shape,
    "mutable_dict": _mutable_dict_shape,
}
_SPECS: dict[str, Spec] = {"ours": field, "theirs": dataclasses.field}

# Each shape made by the dataclass decorator, and by floorman with either specifier,
# kept under module-level names that pickle finds.
for _shape_name, _shape in _SHAPES.items():
    for _spec_name, _spec in _SPECS.items():
        _made = _named(_shape(_ours, _spec), f"Ours_{_shape_name}_{_spec_name}")
        globals()[_made.__name__] = _made
    _built = _named(_shape(_theirs, dataclasses.field), f"Theirs_{_shape_name}")
    globals()[_built.__name__] = _built


def _sub_of(base: Any, make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Sub(base):  # type: ignore[misc, valid-type]
        """A subclass: a field of its own, and another default for one of its base's."""

        z: str = "z"
        y: int = 5

    return Sub


for _spec_name, _spec in _SPECS.items():
    _made = _sub_of(globals()[f"Ours_base_{_spec_name}"], _ours, _spec)
    globals()[f"Ours_sub_{_spec_name}"] = _named(_made, f"Ours_sub_{_spec_name}")
Theirs_sub = _named(_sub_of(globals()["Theirs_base"], _theirs, dataclasses.field), "Theirs_sub")

_CALLS: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    "chips": [((5,), {}), ((5, "ann"), {}), ((5, "bob", ["x"]), {}), ((6,), {}), ((), {})],
    "seat": [((), {"number": 2}), ((), {"number": 3, "name": "ann"}), ((2,), {})],
    "mixed": [((1,), {"f": 2}), ((1, 2.5, (3,)), {"b": "y", "f": 2}), ((1,), {})],
    "base": [((1,), {}), ((1, 2), {}), ((), {})],
    "sub": [((1,), {}), ((1, 2, "w"), {}), ((1,), {"z": "q"})],
    "mutable": [((), {}), ((3, [1]), {}), ((3,), {})],
    "dict": [((), {"value": 1}), ((), {"value": 1, "note": "n"}), ((1,), {})],
    "plain": [((1,), {}), ((1, "y", [2]), {"d": 3})],
    "own_eq": [(("a",), {}), (("a", 2), {}), (("b", 2), {})],
    "self": [((1,), {}), ((), {"self": 1, "other": 2})],
    "checked": [((1,), {}), ((1, 5), {}), ((7, 3), {}), ((), {"low": 2})],
    "keyword_first": [((1,), {"label": "x"}), ((1, 3), {"label": "y", "weight": 1.5}), ((1,), {})],
    "wide": [
        ((), {f"f{i}": i for i in range(10)}),
        ((), {f"f{i}": i for i in range(12)}),
        ((1,), {}),
    ],
    "dict_checked": [((), {"player": 1}), ((), {"player": 2, "amount": 5}), ((), {"player": 0})],
    "mutable_dict": [((), {}), ((3, [1]), {}), ((1, [], "x"), {})],
}
_CHANGES: dict[str, dict[str, Any]] = {
    "chips": {"owner": "cat"},
    "seat": {"name": "dan"},
    "mixed": {"c": 1},
    "base": {"y": 9},
    "sub": {"z": "v"},
    "mutable": {"count": 1},
    "dict": {"note": "m"},
    "plain": {"d": 4},
    "own_eq": {"weight": 1},
    "self": {"other": 4},
    "checked": {"high": 10},
    "keyword_first": {"label": "z"},
    "wide": {"f11": 0},
    "dict_checked": {"amount": 1},
    "mutable_dict": {"count": 2},
}


def _twins() -> list[tuple[str, str]]:
    return [(name, spec) for name in _CALLS for spec in _SPECS]


def _described(cls: Any) -> list[tuple[Any, ...]]:
    return [
        (
            f.name,
            f.type,
            f.default,
            f.default_factory,
            f.init,
            f.repr,
            f.hash,
            f.compare,
            f.kw_only,
            dict(f.metadata),
            f._field_type,
        )
        for f in cls.__dataclass_fields__.values()
    ]


def _said(value: object, cls: Any) -> str:
    return repr(value).replace(cls.__qualname__, "Value")


def _attempt(cls: Any, do: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, str]:
    try:
        result = do(*args, **kwargs)
    except Exception as error:
        return type(error).__name__, str(error).replace(cls.__qualname__, "Value")
    return "value", _said(result, cls)


def _class_attributes(cls: Any) -> list[tuple[str, object]]:
    own = vars(cls)
    kept = []
    for name in getattr(cls, "__annotations__", {}):
        if name in own:
            value = own[name]
            kept.append((name, "slot" if isinstance(value, types.MemberDescriptorType) else value))
    return kept


@pytest.mark.parametrize(("shape", "spec"), _twins())
def test_a_class_made_without_dataclasses_is_the_dataclass_it_declares(
    shape: str, spec: str
) -> None:
    made, built = globals()[f"Ours_{shape}_{spec}"], globals()[f"Theirs_{shape}"]
    assert "__dataclass_fields__" not in vars(made) or not isinstance(
        vars(made)["__dataclass_fields__"], dict
    )
    assert dataclasses.is_dataclass(made)
    assert _described(made) == _described(built)
    assert repr(made.__dataclass_params__) == repr(built.__dataclass_params__)
    assert made.__match_args__ == built.__match_args__
    assert getattr(made, "__slots__", None) == getattr(built, "__slots__", None)
    assert (made.__doc__ or "").replace(made.__name__, "Value") == (built.__doc__ or "").replace(
        built.__name__, "Value"
    )
    assert _class_attributes(made) == _class_attributes(built)
    assert made.__hash__ is None if built.__hash__ is None else made.__hash__ is not None
    assert [f.name for f in value_fields(made)] == [f.name for f in dataclasses.fields(built)]
    values = []
    for args, kwargs in _CALLS[shape]:
        ours = _attempt(made, made, *args, **kwargs)
        assert ours == _attempt(built, built, *args, **kwargs)
        if ours[0] == "value":
            values.append((made(*args, **kwargs), built(*args, **kwargs)))
    assert values
    # Compiled at the first instance, the constructor takes what the decorator's takes.
    assert str(inspect.signature(made)) == str(inspect.signature(built))
    assert made.__init__.__annotations__ == built.__init__.__annotations__
    _agree_on_init(made.__init__, built.__init__)
    for a, b in values:
        for c, d in values:
            _agree_on_pairs(made, built, (a, c), (b, d))
        _agree_on_values(shape, made, built, a, b)


def _agree_on_init(ours: Any, theirs: Any) -> None:
    """The constructors are alike as functions: names, parameters, defaults."""
    assert ours.__name__ == theirs.__name__ == "__init__"
    assert ours.__qualname__.rsplit(".", 1)[1] == "__init__"
    assert ours.__module__ == theirs.__module__
    shown = [repr(d) for d in ours.__defaults__ or ()]
    assert shown == [repr(d) for d in theirs.__defaults__ or ()]
    kwshown = {k: repr(v) for k, v in (ours.__kwdefaults__ or {}).items()}
    assert kwshown == {k: repr(v) for k, v in (theirs.__kwdefaults__ or {}).items()}
    code, their_code = ours.__code__, theirs.__code__
    taken = code.co_argcount + code.co_kwonlyargcount
    assert (code.co_argcount, code.co_kwonlyargcount) == (
        their_code.co_argcount,
        their_code.co_kwonlyargcount,
    )
    assert code.co_varnames[:taken] == their_code.co_varnames[:taken]
    assert (code.co_name, code.co_filename) == ("__init__", "<string>")
    assert code.co_qualname == ours.__qualname__


def _agree_on_pairs(made: Any, built: Any, ours: tuple[Any, Any], theirs: tuple[Any, Any]) -> None:
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    for compare in (operator.lt, operator.le, operator.gt, operator.ge):
        assert _attempt(made, compare, *ours) == _attempt(built, compare, *theirs)
    hashes = _attempt(made, lambda: hash(ours[0]) == hash(ours[1]))
    assert hashes == _attempt(built, lambda: hash(theirs[0]) == hash(theirs[1]))


def _agree_on_values(shape: str, made: Any, built: Any, a: Any, b: Any) -> None:
    assert _said(a, made) == _said(b, built)
    assert a.__eq__(5) is b.__eq__(5)
    assert [_said(x, made) for x in dataclasses.astuple(a)] == [
        _said(x, built) for x in dataclasses.astuple(b)
    ]
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    for copied in (pickle.loads(pickle.dumps(a)), copy.copy(a), copy.deepcopy(a)):
        assert type(copied) is made
        assert copied == a
        assert dataclasses.asdict(copied) == dataclasses.asdict(a)
    for changes in (_CHANGES[shape], {"c": 1}):
        replaced = _attempt(made, dataclasses.replace, a, **changes)
        assert replaced == _attempt(built, dataclasses.replace, b, **changes)
    assert _positions(a, made) == tuple(getattr(a, k) for k in made.__match_args__[:2])
    # A mutable value's copies are changed, not the values.
    name, x, y = dataclasses.fields(a)[0].name, copy.copy(a), copy.copy(b)
    assert _attempt(made, setattr, x, name, 7) == _attempt(built, setattr, y, name, 7)
    assert _attempt(made, delattr, x, name) == _attempt(built, delattr, y, name)
    extra = _attempt(made, setattr, x, "extra", 1)
    if built.__dataclass_params__.frozen and hasattr(built, "__slots__"):
        # The decorator's slotted class refuses with the TypeError of a super() call
        # naming the class it replaced; a frozen value refuses as for a field.
        assert _attempt(built, setattr, y, "extra", 1)[0] == "TypeError"
        assert extra == ("FrozenInstanceError", "cannot assign to field 'extra'")
    else:
        assert extra == _attempt(built, setattr, y, "extra", 1)


def _positions(value: Any, cls: Any) -> tuple[Any, ...] | None:
    """The value's first two fields, as a class pattern matches them by position."""
    match len(cls.__match_args__), value:
        case 0, cls():
            return ()
        case 1, cls(p):
            return (p,)
        case _, cls(p, q):
            return (p, q)
    return None


def test_a_subclass_has_fields_of_its_own_and_its_base_keeps_its() -> None:
    base, sub = _named(_base_shape(_ours, field), "Base"), None
    sub = _sub_of(base, _ours, field)
    # The subclass read first: its base's fields are made on the way, and stay the base's.
    assert [f.name for f in dataclasses.fields(sub)] == ["x", "y", "z"]
    assert isinstance(vars(base)["__dataclass_fields__"], dict)
    assert list(base.__dataclass_fields__) == ["x", "y"]
    assert sub.__dataclass_fields__ is not base.__dataclass_fields__
    assert dataclasses.fields(sub)[1].default == 5
    assert dataclasses.fields(base)[1].default == 0
    assert sub.__dataclass_params__ is not base.__dataclass_params__


def test_classes_made_both_ways_extend_each_other() -> None:
    ours = _base_shape(_ours, field)

    @dataclasses.dataclass(frozen=True)
    class TheirsOnOurs(ours):  # type: ignore[misc, valid-type]
        """The decorator's class on floorman's."""

        w: int = 3

    value = TheirsOnOurs(1, 2, 4)
    assert [f.name for f in dataclasses.fields(value)] == ["x", "y", "w"]
    assert repr(value).endswith("TheirsOnOurs(x=1, y=2, w=4)")
    assert copy.deepcopy(value) == value
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'w'"):
        value.w = 1

    theirs = _base_shape(_theirs, dataclasses.field)

    @frozen
    class OursOnTheirs(theirs):  # type: ignore[misc, valid-type]
        """Floorman's class on the decorator's."""

        w: int = 3

    made = OursOnTheirs(1, 2, 4)
    assert [f.name for f in value_fields(made)] == ["x", "y", "w"]
    assert [f.name for f in dataclasses.fields(made)] == ["x", "y", "w"]
    assert repr(made).endswith("OursOnTheirs(x=1, y=2, w=4)")
    assert made == OursOnTheirs(1, 2, 4) != OursOnTheirs(1, 2, 5)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'x'"):
        made.x = 2


def _late(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Late:
        a: int = 0
        b: int

    return Late


def _own_lt(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(order=True)
    class Ordered:
        a: int

        def __lt__(self, other: Any) -> bool:
            return False

    return Ordered


def _own_setattr(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Settable:
        a: int

        def __setattr__(self, name: str, value: Any) -> None:
            pass

    return Settable


def _own_delattr(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Deletable:
        a: int

        def __delattr__(self, name: str) -> None:
            pass

    return Deletable


def _unannotated(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Unannotated:
        a: int
        b = spec(default=1)

    return Unannotated


def _mutable_default(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Shared:
        a: list[int] = []  # noqa: RUF012

    return Shared


def _classvar_factory(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Made:
        a: ClassVar[list[int]] = spec(default_factory=list)

    return Made


def _classvar_keyword(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Keyword:
        a: ClassVar[int] = spec(default=1, kw_only=True)

    return Keyword


def _both_defaults(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Both:
        a: list[int] = spec(default=(), default_factory=list)

    return Both


def _slots_given(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Slotted:
        __slots__ = ("a",)
        a: int

    return Slotted


def _frozen_on_mutable(make: Callable[..., Maker], spec: Spec) -> Any:
    @make(frozen=False)
    class Mutable:
        a: int

    @make()
    class Frozen(Mutable):  # type: ignore[misc, valid-type]
        b: int = 0

    return Frozen


def _mutable_on_frozen(make: Callable[..., Maker], spec: Spec) -> Any:
    @make()
    class Frozen:
        a: int

    @make(frozen=False)
    class Mutable(Frozen):  # type: ignore[misc, valid-type]
        b: int = 0

    return Mutable


@pytest.mark.parametrize(
    "mistake",
    [
        _late,
        _own_lt,
        _own_setattr,
        _own_delattr,
        _unannotated,
        _mutable_default,
        _classvar_factory,
        _classvar_keyword,
        _both_defaults,
        _slots_given,
        _frozen_on_mutable,
        _mutable_on_frozen,
    ],
)
@pytest.mark.parametrize("spec", ["ours", "theirs"])
def test_a_mistake_is_refused_with_the_dataclass_error(
    mistake: Callable[[Callable[..., Maker], Spec], Any], spec: str
) -> None:
    def outcome(make: Callable[..., Maker], spec: Spec) -> tuple[str, str]:
        try:
            mistake(make, spec)
        except Exception as error:
            return type(error).__name__, str(error)
        return "made", ""

    ours = outcome(_ours, _SPECS[spec])
    assert ours[0] != "made"
    assert ours == outcome(_theirs, dataclasses.field)


def test_a_class_is_made_and_used_without_the_dataclasses_module() -> None:
    code = (
        "import copy, pickle, sys\n"
        "from floorman._frozen import field, frozen\n"
        "@frozen(order=True)\n"
        "class Chips:\n"
        "    amount: int\n"
        "    notes: list = field(default_factory=list, compare=False)\n"
        "a = Chips(1)\n"
        "assert pickle.loads(pickle.dumps(a)) == copy.copy(a) == a < Chips(2)\n"
        "shown = repr(a), hash(a) == hash(Chips(1, ['x'])), Chips.__match_args__\n"
        "print('dataclasses' in sys.modules, 'inspect' in sys.modules, shown)\n"
        "import dataclasses\n"
        "print([f.name for f in dataclasses.fields(a)], dataclasses.replace(a, amount=3))\n"
        "try:\n"
        "    a.amount = 2\n"
        "except dataclasses.FrozenInstanceError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "False False ('Chips(amount=1, notes=[])', True, ('amount', 'notes'))",
        "['amount', 'notes'] Chips(amount=3, notes=[])",
        "cannot assign to field 'amount'",
    ]


_SHARED_PHH = Path(__file__).resolve().parents[2] / "shared" / "phh"
_HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AsKs", "d dh p2 7h2d", "p2 cbr 6", "p1 cc", "d db Ah7c2c", "p1 cbr 10",
           "p2 f"]
finishing_stacks = [206, 194]
"""
# The modules the dataclasses module brings (copy, inspect and those inspect imports).
_HEAVY = ("dataclasses", "inspect", "ast", "dis", "tokenize", "linecache", "copy")


def test_a_replay_imports_neither_dataclasses_nor_inspect(tmp_path: Path) -> None:
    hand = tmp_path / "hand.phh"
    hand.write_text(_HAND)
    files = [str(hand)]
    if _SHARED_PHH.is_dir():
        files += [str(p) for p in sorted(_SHARED_PHH.rglob("*.phh"))[:8]]
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "floorman", "replay", *files],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    # A line a hand replayed (the summary comes only after more than one hand).
    assert len(done.stdout.splitlines()) == len(files), done.stdout
    assert "finishing stacks [206, 194] (as recorded)" in done.stdout
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    assert "floorman.deal" in imported
    assert imported.isdisjoint(_HEAVY), sorted(imported & set(_HEAVY))


def test_what_a_class_variable_is_is_decided_when_the_class_is_made() -> None:
    # A module whose namespace names no ClassVar when its classes are made (as when
    # typing is imported for type checkers only), and names it later.
    module = types.ModuleType("floorman_test_late_classvar")
    sys.modules[module.__name__] = module
    try:
        made = dataclass_like(
            type(
                "Late",
                (),
                {
                    "__module__": module.__name__,
                    "__annotations__": {"a": "ClassVar[int]", "b": "int"},
                },
            )
        )
        built = _theirs()(
            type(
                "Late",
                (),
                {
                    "__module__": module.__name__,
                    "__annotations__": {"a": "ClassVar[int]", "b": "int"},
                },
            )
        )
        module.ClassVar = ClassVar  # type: ignore[attr-defined]
        assert [f.name for f in dataclasses.fields(made)] == ["a", "b"]
        assert _described(made) == _described(built)
    finally:
        del sys.modules[module.__name__]


def test_value_fields_reads_either_kind_of_class_without_the_module() -> None:
    for made in (Ours_mixed_ours, Ours_mixed_theirs, Theirs_mixed):  # noqa: F821
        ours = [
            (f.name, f.default, f.default_factory, f.init, f.kw_only) for f in value_fields(made)
        ]
        theirs = [
            (
                f.name,
                MISSING if f.default is dataclasses.MISSING else f.default,
                MISSING if f.default_factory is dataclasses.MISSING else f.default_factory,
                f.init,
                f.kw_only,
            )
            for f in dataclasses.fields(made)
        ]
        assert ours == theirs
        assert field_names(made) == tuple(f.name for f in dataclasses.fields(made))
        assert [f.name for f in value_fields(made(1, f=2))] == [f.name for f in value_fields(made)]
        assert is_dataclass_instance(made(1, f=2))
        assert not is_dataclass_instance(made)
    assert not is_dataclass_instance(5)
    with pytest.raises(TypeError, match="must be called with a dataclass type or instance"):
        value_fields(int)


# --- each class's __init__ made from the code of its kind, not compiled for it -------------------


def _normal(code: types.CodeType) -> types.CodeType:
    return code.replace(co_name="f", co_qualname="f", co_filename="f", co_firstlineno=1)


def test_each_usual_init_the_package_brings_is_what_its_kind_compiles_to() -> None:
    counted = 0
    for family, in_dict, post in frozen_module._USUAL:
        functions = getattr(_frozen_inits, family)
        assert len(functions) > 10
        for count, function in enumerate(functions):
            kind = frozen_module._usual_kind(count, in_dict=in_dict, post=post)
            source = frozen_module._template_source(kind)
            compiled = compile(source, "<string>", "exec", dont_inherit=True)
            (code,) = [c for c in compiled.co_consts if isinstance(c, types.CodeType)]
            ours = _normal(function.__code__)
            assert ours == _normal(code), (family, count)
            assert ours.co_linetable == _normal(code).co_linetable
            assert function.__code__.co_varnames[: count + 1] == (
                "self",
                *(f"p{i}" for i in range(count)),
            )
            counted += 1
    assert counted == len(frozen_module._USUAL) + sum(
        len(getattr(_frozen_inits, family)) - 1 for family, _, _ in frozen_module._USUAL
    )


_COUNT_COMPILED = """
import sys
compiled = []
sys.addaudithook(
    lambda event, args: event == "compile" and compiled.append(str(args[0])[:40])
)
from floorman._frozen import dataclass_like, field, frozen

def made(body, **options):
    return dataclass_like(type("Value", (), dict(body, __module__="__main__")), **options)

def inits():
    return sum("def __init__" in text for text in compiled)

usual = [
    made({"__annotations__": {"a": "int", "b": "int"}, "b": 0}),
    made({"__annotations__": {f"f{i}": "int" for i in range(10)}}, kw_only=True),
    made({"__annotations__": {"a": "int"}, "__post_init__": lambda self: None}),
    made(
        {"__annotations__": {"a": "int", "b": "str"}, "__post_init__": lambda self: None},
        slots=False,
        kw_only=True,
    ),
]
values = [usual[0](1), usual[1](**{f"f{i}": i for i in range(10)}), usual[2](1), usual[3](a=1, b="x")]
print(inits(), [repr(v) for v in values[:1]])
rare = [
    made({"__annotations__": {"a": "int", "b": "list"}, "b": field(default_factory=list)})
    for _ in range(3)
]
print(inits(), [repr(cls(1)) for cls in rare], inits())
"""


def test_a_process_compiles_no_usual_init_and_each_other_kind_once() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _COUNT_COMPILED], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == [
        "0 ['Value(a=1, b=0)']",
        "0 ['Value(a=1, b=[])', 'Value(a=1, b=[])', 'Value(a=1, b=[])'] 1",
    ]


def _frames(make: Any, **kwargs: Any) -> list[tuple[str, str]]:
    """The frames an error raised by ``__post_init__`` passed through, from ``__init__`` on."""
    try:
        make(**kwargs)
    except ValueError as error:
        frames = traceback.extract_tb(error.__traceback__)[1:]
        return [(f.name, Path(f.filename).name) for f in frames]
    raise AssertionError("not refused")


def test_an_error_after_init_is_traced_through_init_as_a_dataclass_traces_it() -> None:
    for shape, kwargs, fine in [
        (_checked_shape, {"low": 5, "high": 1}, {"low": 1}),
        (_dict_checked_shape, {"player": 0}, {"player": 1}),
    ]:
        ours, theirs = shape(_ours, field), shape(_theirs, dataclasses.field)
        ours(**fine)  # the first instance made the __init__ (through a first one)
        made = _frames(ours, **kwargs)
        assert made == _frames(theirs, **kwargs)
        assert made == [("__init__", "<string>"), ("__post_init__", "test_frozen.py")]


def test_fields_named_as_the_init_s_own_names_are_set_as_a_dataclass_sets_them() -> None:
    def odd(make: Maker, spec: Spec) -> Any:
        return make(
            type(
                "Odd",
                (),
                {
                    "__module__": __name__,
                    "__annotations__": {"_FACTORY": "int", "self": "int", "_fields": "list"},
                    "_fields": spec(default_factory=list),
                },
            )
        )

    for slots in (True, False):
        made = odd(_ours(slots=slots), field)
        built = odd(_theirs(slots=slots), dataclasses.field)
        for args in [(1, 2), (1, 2, [3]), (1,)]:
            assert _attempt(made, made, *args) == _attempt(built, built, *args)
        assert made(1, 2)._fields == []
        assert str(inspect.signature(made)) == str(inspect.signature(built))


def _abstract_shapes(make: Callable[..., Maker]) -> tuple[Any, Any]:
    class Shape(abc.ABC):
        @abc.abstractmethod
        def area(self) -> int: ...

        @abc.abstractmethod
        def __repr__(self) -> str: ...

    @make()
    class Square(Shape):
        side: int

        def area(self) -> int:
            return self.side**2

    @make()
    class Blank(Shape):
        side: int

    return Square, Blank


def test_a_value_is_abstract_or_not_as_the_dataclass_is() -> None:
    # The repr a value is given makes an abstract repr concrete; an abstract area stays.
    ours, theirs = _abstract_shapes(_ours), _abstract_shapes(_theirs)
    for made, built in zip(ours, theirs, strict=True):
        assert made.__abstractmethods__ == built.__abstractmethods__
        assert _attempt(made, made, 3) == _attempt(built, built, 3)
    assert ours[0](3).area() == 9


def test_a_base_sees_the_slotted_class_with_its_methods_as_the_dataclass_shows_it() -> None:
    def seen(make: Callable[..., Maker]) -> list[tuple[bool, bool]]:
        found: list[tuple[bool, bool]] = []

        class Base:
            def __init_subclass__(cls) -> None:
                found.append(("__repr__" in vars(cls), "__slots__" in vars(cls)))

        @make()
        class Value(Base):
            a: int

        assert repr(Value(1)).endswith("Value(a=1)")
        return found

    assert seen(_ours) == seen(_theirs) == [(False, False), (True, True)]
