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
from floorman.service.log import Entry
from floorman.shuffle import SeededShuffler
from floorman.table.events import DealStarted
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


def _stakes_seen(n: Night) -> tuple[tuple[int, ...], int]:
    """The blinds and the full buy-in the table's players see."""
    from floorman.service import AsPlayer, view

    seen = view(n.room.table(1), AsPlayer("ann"))
    return seen.blinds, n.room.table(1).setup.min_buy_in


def test_policies_17_a_limit_change_nobody_blocks_is_made_from_the_deal_after_the_players_say() -> (
    None
):
    n = night("ann", "bob", "cy")
    n.play(1, folds=True)
    out = n.do(c.ProposeLimit(table=1, stakes="2/5"))
    proposed = out[-1].event
    assert isinstance(proposed, cev.LimitProposed)
    assert proposed.until_deal == 2  # the first deal started after it
    # One objection does not stop it (it takes two).
    n.do(c.ObjectToLimit(player="ann", table=1))
    # The players have the whole of that deal to object: it is dealt at the
    # old stakes, and the change is made once it has ended, between deals.
    out = n.play(1, folds=True)
    assert _started(out).stakes.min_bet == 2
    made = [e.event for e in out if isinstance(e.event, cev.LimitChanged)]
    assert len(made) == 1
    assert made[0].stakes == "2/5"
    assert made[0].was == "1/2"
    assert made[0].deal == 2
    assert made[0].objectors == ("ann",)
    assert str(made[0].citations[0]) == "RRP5 policies.17"
    assert names(out)[-1] == "LimitChanged"
    assert not n.room.table(1).in_deal
    assert 1 not in n.room.requests.limits
    assert n.room.stakes_of(1) == "2/5"
    assert _stakes_seen(n) == ((2, 5), 100)
    # The next deal is dealt at 2/5.
    out = n.play(1, folds=True)
    assert _started(out).stakes.min_bet == 5
    assert sorted(b for b in _started(out).stakes.blinds if b) == [2, 5]
    # Nothing is left to object to.
    refused(n, c.ObjectToLimit(player="bob", table=1))


def _started(out: list[Entry]) -> DealStarted:
    return next(e.event for e in out if isinstance(e.event, DealStarted))


def test_policies_17_a_limit_change_made_is_rebuilt_from_the_log() -> None:
    n = night("ann", "bob", "cy")
    n.do(c.ProposeLimit(table=1, stakes="2/5"))
    n.play(1, folds=True)  # the proposal came before the first deal: it closes with it
    assert n.room.stakes_of(1) == "2/5"
    n.play(1)
    again = Cardroom.rebuild(n.room.log, clock=n.clock, shuffler=SeededShuffler(3))
    assert again.state() == n.room.state()
    assert again.requests == n.room.requests
    assert again.stakes_of(1) == "2/5"
    assert again.table(1).setup == n.room.table(1).setup
    # The rebuilt cardroom deals on at the new stakes, as the live one does.
    live = n.do(c.StartDeal(table=1))
    copy = again.handle(c.StartDeal(table=1))
    assert [e.event for e in copy] == [e.event for e in live]


def test_policies_17_a_limit_change_proposed_mid_deal_waits_for_a_whole_deal_more() -> None:
    n = night("ann", "bob", "cy")
    n.do(c.StartDeal(table=1))
    out = n.do(c.ProposeLimit(table=1, stakes="2/4"))
    assert out[-1].event.until_deal == 2  # type: ignore[attr-defined]
    while n.room.table(1).in_deal:  # deal 1 ends: the players have not had a whole deal
        n.do(bot_act(n))
    assert n.room.stakes_of(1) == "1/2"
    assert n.room.requests.limits[1] == ("2/4", ())
    n.play(1, folds=True)
    assert n.room.stakes_of(1) == "2/4"


def bot_act(n: Night) -> c.Command:
    from tests.cardroom_helpers import bot_move

    return bot_move(n.room, 1, n.bot)


def test_policies_17_a_limit_change_two_players_object_to_leaves_the_stakes() -> None:
    n = night("ann", "bob", "cy")
    n.do(c.ProposeLimit(table=1, stakes="2/5"))
    n.do(c.ObjectToLimit(player="ann", table=1), c.ObjectToLimit(player="bob", table=1))
    out = n.play(1, folds=True)
    assert "LimitChanged" not in names(out)
    assert n.room.stakes_of(1) == "1/2"
    assert _stakes_seen(n) == ((1, 2), 40)


def test_policies_17_a_limit_change_names_stakes_the_table_can_play() -> None:
    n = night("ann", "bob")
    for bad in ("", "five", "5/2", "0/2", "1/2"):
        error = refused(n, c.ProposeLimit(table=1, stakes=bad))
        assert "policies.17" in error.details()["citations"]
    assert refused(n, c.ProposeLimit(table=9, stakes="2/5")).code == "floor"


def test_policies_17_a_refused_command_leaves_the_requests_book_as_it_was() -> None:
    # No command of the service notes a request and is then refused (each
    # checks before it records), so the case is made directly on the
    # cardroom's transaction: a request noted, then a refusal.
    n = night("ann", "bob")
    n.do(c.ProposeLimit(table=1, stakes="2/5"), c.ObjectToLimit(player="ann", table=1))
    before = n.room.requests.copy()
    log = len(n.room.log)

    def noted_then_refused(room: Cardroom) -> None:
        room._note(cev.LimitObjected(table=1, player="bob"))
        room._note(cev.LimitRefused(table=1, stakes="2/5", objectors=("ann", "bob")))
        room._note(cev.ObserversRefused(table=1, player="ann"))
        assert 1 not in room.requests.limits  # the book followed the events noted
        raise FloorError("refused after the requests were noted")

    with pytest.raises(FloorError):
        n.room._transaction(noted_then_refused, n.room)
    assert n.room.requests == before
    assert len(n.room.log) == log
    # And the book goes on from there: the second objection still refuses it.
    out = n.do(c.ObjectToLimit(player="bob", table=1))
    assert names(out) == ["LimitObjected", "LimitRefused"]
