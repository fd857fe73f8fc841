"""The records the dealer makes through floorman.deal._make are the ones their
constructors make: equal, hashed, shown, pickled and encoded alike, with the
defaults of the fields not given."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from floorman import codec
from floorman.cards import parse_cards
from floorman.deal import actions
from floorman.deal import events as ev
from floorman.deal._make import Maker
from floorman.deal.pots import Pot
from floorman.ids import Position
from floorman.rulebook import cite

_RAISE = cite("betting.7")
_CARDS = parse_cards("AhKd")

# Each maker with the values it is given and the record its constructor makes.
CASES: list[tuple[Any, Any]] = [
    (Maker(ev.Checked, "position").make1(Position(3)), ev.Checked(position=Position(3))),
    (
        Maker(ev.Folded, "position", "citations").make2(Position(1), cite("dead-hands.1.1")),
        ev.Folded(position=Position(1), citations=cite("dead-hands.1.1")),
    ),
    (
        Maker(ev.Called, "position", "amount", "all_in").make3(Position(0), 20, True),
        ev.Called(position=Position(0), amount=20, all_in=True),
    ),
    (
        Maker(ev.BlindPosted, "position", "amount", "dead", "citations").make4(
            Position(1), 2, 1, cite("blinds.4")
        ),
        ev.BlindPosted(position=Position(1), amount=2, dead=1, citations=cite("blinds.4")),
    ),
    (
        Maker(ev.Wagered, "position", "to", "amount", "full", "all_in", "citations").make6(
            Position(2), 30, 28, False, True, _RAISE
        ),
        ev.Wagered(
            position=Position(2), to=30, amount=28, full=False, all_in=True, citations=_RAISE
        ),
    ),
    (
        Maker(ev.PotAwarded, "pot", "share", "amounts").make3(0, "whole", ((Position(4), 9),)),
        ev.PotAwarded(pot=0, share="whole", amounts=((Position(4), 9),)),
    ),
    (
        Maker(ev.HoleDealt, "position", "cards", "up").make3(Position(5), _CARDS, (False, True)),
        ev.HoleDealt(position=Position(5), cards=_CARDS, up=(False, True)),
    ),
    (Maker(ev.DealEnded, "stacks").make1((10, 0, 5)), ev.DealEnded(stacks=(10, 0, 5))),
    (
        Maker(actions.DealHole, "position", "cards").make2(Position(0), _CARDS),
        actions.DealHole(position=Position(0), cards=_CARDS),
    ),
    (Maker(Pot, "amount", "eligible").make2(12, (Position(0),)), Pot(12, (Position(0),))),
]


@pytest.mark.parametrize(("made", "built"), CASES, ids=lambda v: type(v).__name__)
def test_a_made_record_is_the_constructed_one(made: Any, built: Any) -> None:
    assert type(made) is type(built)
    assert made == built
    assert not made != built  # noqa: SIM202 (the record's own __ne__)
    assert hash(made) == hash(built)
    assert repr(made) == repr(built)
    assert pickle.loads(pickle.dumps(made)) == built
    assert copy.copy(made) == built
    with pytest.raises(AttributeError):
        made.__setattr__(next(iter(type(made).__dataclass_fields__)), None)


@pytest.mark.parametrize(
    ("made", "built"), [c for c in CASES if type(c[0]) is not Pot], ids=lambda v: type(v).__name__
)
def test_a_made_record_encodes_as_the_constructed_one(made: Any, built: Any) -> None:
    text = codec.dumps_log([made])
    assert text == codec.dumps_log([built])
    assert codec.loads_log(text) == (built,)


def test_a_maker_gives_the_fields_not_named_their_defaults() -> None:
    made = Maker(ev.Wagered, "position", "to", "amount").make3(Position(1), 8, 6)
    assert made.full is True
    assert made.all_in is False
    assert made.citations == ()
    assert made == ev.Wagered(position=Position(1), to=8, amount=6)


def test_a_maker_names_the_leading_fields_in_order() -> None:
    with pytest.raises(TypeError, match="leading fields"):
        Maker(ev.Called, "amount", "position")
    with pytest.raises(TypeError, match="no default"):
        Maker(ev.Called, "position")


def test_a_maker_is_given_as_many_values_as_it_names() -> None:
    with pytest.raises(TypeError, match="2 values are made, not 1"):
        Maker(ev.Folded, "position", "citations").make1(Position(0))
