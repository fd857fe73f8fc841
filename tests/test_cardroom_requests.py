"""The players' requests at their table, carried out by the cardroom and kept
by its log: a limit change two players refuse (RRP5 policies.17), a new deck
(RRP5 policies.22), observers refused (RRP5 policies.27), and the floor's notes
(RRP5 conduct.improper.3)."""

from __future__ import annotations

import pytest

from floorman.errors import FloorError
from floorman.service import Cardroom
from floorman.service import commands as c
from floorman.service import events as cev
from tests.cardroom_helpers import NL, Night, names


def night(*players: str) -> Night:
    n = Night(seed=3)
    n.do(c.OpenGame(table=1, kind=NL, seats=6))
    n.seat(1, *players)
    n.do(c.StartGame(table=1))
    return n


def refused(n: Night, command: c.Command) -> FloorError:
    before = len(n.room.log)
    with pytest.raises(FloorError) as caught:
        n.do(command)
    assert len(n.room.log) == before  # a refused request changes nothing
    return caught.value


def rebuilt(n: Night) -> Cardroom:
    return Cardroom.rebuild(n.room.log, clock=n.clock)


def test_policies_17_a_limit_change_two_players_object_to_is_refused() -> None:
    n = night("ann", "bob", "cy")
    n.do(c.ProposeLimit(table=1, stakes="2/5"))
    assert n.room.requests.limits[1] == ("2/5", ())
    out = n.do(c.ObjectToLimit(player="ann", table=1))
    assert names(out) == ["LimitObjected"]
    # One objection does not stop it; nor may the same player object twice.
    assert 1 in n.room.requests.limits
    assert (
        "policies.17" in refused(n, c.ObjectToLimit(player="ann", table=1)).details()["citations"]
    )
    # Nobody outside the game objects.
    n.do(c.Arrive(player="dee"))
    assert refused(n, c.ObjectToLimit(player="dee", table=1)).code == "not_seated"
    out = n.do(c.ObjectToLimit(player="bob", table=1))
    assert names(out) == ["LimitObjected", "LimitRefused"]
    off = out[-1].event
    assert isinstance(off, cev.LimitRefused)
    assert off.objectors == ("ann", "bob")
    assert off.stakes == "2/5"
    assert str(off.citations[0]) == "RRP5 policies.17"
    assert 1 not in n.room.requests.limits
    # Nothing is left to object to.
    refused(n, c.ObjectToLimit(player="cy", table=1))
    # The log says the same.
    assert rebuilt(n).requests == n.room.requests


def test_policies_17_a_proposal_with_one_objection_stands_after_a_rebuild() -> None:
    n = night("ann", "bob")
    n.do(c.ProposeLimit(table=1, stakes="2/5"), c.ObjectToLimit(player="ann", table=1))
    again = rebuilt(n)
    assert again.requests.limits[1] == ("2/5", ("ann",))
    out = again.handle(c.ObjectToLimit(player="bob", table=1))
    assert [type(e.event).__name__ for e in out] == ["LimitObjected", "LimitRefused"]


def test_policies_22_a_new_deck_goes_once_around_before_it_changes() -> None:
    n = night("ann", "bob", "cy")
    error = refused(n, c.AskDeckChange(player="ann", table=1))
    assert error.code == "deck_change_refused"
    assert "policies.22" in error.details()["citations"]
    for _ in range(2):
        n.play(1, folds=True)
    # Two deals of a round of three: not yet.
    assert refused(n, c.AskDeckChange(player="bob", table=1)).fields["deals"] == 2
    n.play(1, folds=True)
    out = n.do(c.AskDeckChange(player="bob", table=1))
    changed = out[-1].event
    assert isinstance(changed, cev.DeckChanged)
    assert changed.deal == 3
    # The new deck starts its own round, in the rebuilt cardroom too.
    refused(n, c.AskDeckChange(player="cy", table=1))
    with pytest.raises(FloorError):
        rebuilt(n).handle(c.AskDeckChange(player="cy", table=1))


def test_policies_22_an_unfit_deck_goes_at_once_and_a_setup_after_an_hour() -> None:
    n = night("ann", "bob")
    n.play(1, folds=True)
    out = n.do(c.AskDeckChange(player="ann", table=1, reason="sticky"))
    assert isinstance(out[-1].event, cev.DeckChanged)
    assert refused(n, c.AskDeckChange(player="ann", table=1, reason="unlucky")).code == (
        "deck_change_refused"
    )
    # A setup is used an hour.
    assert refused(n, c.AskDeckChange(player="ann", table=1, setup=True)).code == (
        "deck_change_refused"
    )
    n.clock.advance(minutes=61)
    n.do(c.AskDeckChange(player="ann", table=1, setup=True))
    # Only a player of the game asks.
    n.do(c.Arrive(player="dee"))
    assert refused(n, c.AskDeckChange(player="dee", table=1, reason="damaged")).code == (
        "not_seated"
    )


def test_policies_27_an_objection_to_observers_lasts_while_the_player_sits() -> None:
    n = night("ann", "bob")
    assert n.room.observers_refused(1) == ()
    n.do(c.ObjectToObservers(player="ann", table=1))
    assert n.room.observers_refused(1) == ("ann",)
    assert rebuilt(n).observers_refused(1) == ("ann",)
    n.do(c.ObjectToObservers(player="ann", table=1))  # said again: nothing new
    assert n.room.observers_refused(1) == ("ann",)
    refused(n, c.AllowObservers(player="bob", table=1))
    n.do(c.AllowObservers(player="ann", table=1))
    assert n.room.observers_refused(1) == ()
    # An objector who leaves the game no longer keeps observers out.
    n.do(c.ObjectToObservers(player="bob", table=1), c.Leave(player="bob"))
    assert n.room.observers_refused(1) == ()


def test_conduct_improper_3_a_flag_is_recorded_for_the_floor() -> None:
    n = night("ann", "bob", "cy")
    out = n.do(
        c.FlagConduct(
            table=1, deal=1, players=("ann", "bob"), rules=("conduct.improper.3",), note="x"
        )
    )
    flag = out[-1].event
    assert isinstance(flag, cev.ConductFlagged)
    assert [str(x) for x in flag.citations] == ["RRP5 conduct.improper.3"]
    assert rebuilt(n).state() == n.room.state()
