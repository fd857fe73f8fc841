"""Values made by floorman._frozen behave as ``@dataclass(frozen=True, slots=True)``
makes them: each class here is made both ways and the two are compared."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from floorman._frozen import frozen

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
