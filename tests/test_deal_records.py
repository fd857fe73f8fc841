"""The deal's records behave exactly as frozen, slotted, keyword-only dataclasses."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from floorman.cards import parse_cards
from floorman.deal import actions
from floorman.deal import events as ev
from floorman.rulebook import cite


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Wagered:
    """A twin of the event, made by the dataclass decorator itself."""

    position: int
    to: int
    amount: int
    full: bool = True
    all_in: bool = False
    citations: tuple[object, ...] = ()


def test_a_record_is_the_dataclass_it_declares() -> None:
    made = ev.Wagered(position=2, to=30, amount=28, citations=cite("betting.7"))
    twin = Wagered(position=2, to=30, amount=28, citations=cite("betting.7"))
    assert dataclasses.is_dataclass(made)
    assert [f.name for f in dataclasses.fields(made)] == [f.name for f in dataclasses.fields(twin)]
    assert ev.Wagered.__dataclass_params__.frozen
    assert repr(made) == repr(twin).replace("test_deal_records.", "")
    assert hash(made) == hash(twin)
    assert made == ev.Wagered(position=2, to=30, amount=28, citations=cite("betting.7"))
    assert made != ev.Wagered(position=2, to=30, amount=29, citations=cite("betting.7"))
    assert made != twin  # another class, as for any dataclass
    assert ev.Wagered.__match_args__ == Wagered.__match_args__ == ()
    assert not hasattr(made, "__dict__")


def test_a_record_refuses_assignment_and_deletion() -> None:
    made = ev.Checked(position=1)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'position'"):
        made.position = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'position'"):
        del made.position  # type: ignore[misc]
    assert made.position == 1


def test_a_record_is_made_by_keyword_only() -> None:
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'position'"):
        ev.Folded()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="takes 1 positional argument but 2 were given"):
        ev.Folded(1)  # type: ignore[misc]
    with pytest.raises(TypeError, match="unexpected keyword argument 'seat'"):
        actions.Fold(seat=1)  # type: ignore[call-arg]


def test_a_record_copies_pickles_and_is_replaced() -> None:
    shown = ev.PlayerShowed(position=0, cards=parse_cards("As Kd"))
    assert isinstance(shown, ev.HandShown)
    assert pickle.loads(pickle.dumps(shown)) == shown
    assert copy.deepcopy(shown) == shown
    assert copy.copy(shown) == shown
    changed = dataclasses.replace(shown, cards=parse_cards("Qs Qd"))
    assert changed == ev.PlayerShowed(position=0, cards=parse_cards("Qs Qd"))
    assert type(changed) is ev.PlayerShowed
    # A subclass's value is not equal to its base's with the same fields.
    assert shown != ev.HandShown(position=0, cards=parse_cards("As Kd"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.position = 1  # type: ignore[misc]


def test_a_record_matches_by_keyword() -> None:
    match ev.PotAwarded(pot=1, share="high", amounts=((0, 5),)):
        case ev.PotAwarded(pot=pot, amounts=((winner, amount),)):
            assert (pot, winner, amount) == (1, 0, 5)
        case _:
            pytest.fail("a record matches its fields by keyword")
