"""Buy-ins, table stakes, time, absences and sitting out: RRP5 buy-in.1-3 and policies at the table."""

from __future__ import annotations

import pytest

from floorman.deal import Fold
from floorman.errors import ConfigError, FloorError, IllegalAction
from floorman.table import events as tev

from .table_helpers import FL, make, play, spots

SIX = (1, 2, 3, 4, 5, 6)


# ------------------------------------------------------------------ buy-ins


def test_buy_in_1_a_full_buy_in_is_ten_maximum_bets_at_limit() -> None:
    table = make(structure=FL, players=(1, 2), chips=40)  # 2-4: full buy-in 40
    assert table.setup.min_buy_in == 40
    before = (table.players, table.bought, len(table.events))
    with pytest.raises(FloorError) as refused:
        table.sit(3, "short", 39)
    assert [c.id for c in refused.value.citations] == ["buy-in.1"]
    assert "at least 40" in str(refused.value)
    assert (table.players, table.bought, len(table.events)) == before
    table.sit(3, "short", 40)
    assert table.stacks[3] == 40


def test_buy_in_1_entering_short_is_refused_the_short_buy_comes_later() -> None:
    # The one short buy (buy-in.2) is a buy by a player out of chips, never the entry.
    table = make(players=(1, 2), chips=40, max_buy_in=100)
    with pytest.raises(FloorError) as refused:
        table.sit(3, "c", 20)
    assert "buy-in.1" in str(refused.value)
    assert "at least 40 and at most 100" in str(refused.value)
    assert 3 not in table.players
    table.sit(3, "c", 40)
    table._seats[3].stack = 0  # bust
    table.bought -= 40
    table.buy(3, 20)  # the short buy, once
    assert table.stacks[3] == 20


def test_buy_in_1_playing_over_is_entering_and_takes_a_full_buy_in() -> None:
    table = make(players=(1, 2, 3), chips=40)
    table.sit_out(3)
    with pytest.raises(FloorError) as refused:
        table.play_over(3, "over", 39)
    assert "buy-in.1" in str(refused.value)
    assert table.players[3] == "p3"
    table.play_over(3, "over", 40)
    assert table.players[3] == "over"


def test_buy_in_1_the_house_may_designate_another_buy_in() -> None:
    table = make(players=(1,), buy_in=150, chips=150)
    assert table.setup.min_buy_in == 150
    with pytest.raises(FloorError) as refused:
        table.sit(2, "b", 149)
    assert "buy-in.1" in str(refused.value)
    assert "at least 150" in str(refused.value)
    table.sit(2, "b", 150)


def test_seating_4_one_seat_per_player() -> None:
    table = make(players=(1, 2))
    with pytest.raises(FloorError) as refused:
        table.sit(3, "p1", 100)
    assert "seating.4" in str(refused.value)


def test_buy_in_2_adding_chips_between_deals_is_not_a_buy_in() -> None:
    table = make(players=(1, 2, 3))
    play(table)
    before = table.stacks[2]
    event = table.buy(2, 5)
    assert table.stacks[2] == before + 5
    assert event.citations[0].id == "buy-in.2"


def test_buy_in_2_only_one_short_buy_per_game_even_on_a_rebuy() -> None:
    table = make(players=(1, 2), chips=40)  # full buy-in 40 (twenty big blinds)
    table.sit(3, "c", 40)
    table._seats[3].stack = 0  # bust
    table.bought -= 40
    table.buy(3, 20)  # the short buy
    table._seats[3].stack = 0  # bust again
    table.bought -= 20
    with pytest.raises(FloorError) as refused:
        table.buy(3, 20)
    assert "buy-in.2" in str(refused.value)
    table.buy(3, 40)


def test_buy_in_3_a_forced_transfer_keeps_its_short_stack() -> None:
    table = make(players=(1, 2))
    table.sit(3, "from the broken game", 10, transfer=True)
    table.sit(4, "also moved", 12, transfer=True)
    assert table.stacks[3] == 10
    assert table.stacks[4] == 12


# ------------------------------------------------------------------ policies


def test_policies_2_time_is_collected_before_the_deal_each_period() -> None:
    table = make(players=(1, 2, 3), time_charge=5, time_every=1800.0)
    table.waiting = 2  # with a list, everyone pays at once
    table.sit(4, "d", 100)
    play(table)
    paid = [e for e in table.events if isinstance(e, tev.TimeCollected)]
    # Seats 1-3 sat down with nobody waiting: their first period is free; seat 4 pays.
    assert [(e.seat, e.amount) for e in paid] == [(4, 5)]
    assert paid[0].citations[0].id == "policies.2"
    table.clock.advance(minutes=30)
    play(table)
    paid = [e for e in table.events if isinstance(e, tev.TimeCollected)]
    assert sorted(e.seat for e in paid[1:]) == [1, 2, 3, 4]
    assert table.chips == table.bought - table.taken


def test_policies_5_coming_back_within_the_hour_takes_what_was_removed() -> None:
    table = make(players=(1, 2, 3))
    table.buy(1, 200)
    table.leave(1)  # leaves with 300
    table.clock.advance(minutes=20)
    with pytest.raises(FloorError) as refused:
        table.sit(1, "p1", 100)
    assert "policies.5" in str(refused.value)
    table.clock.advance(minutes=41)
    table.sit(1, "p1", 100)


def test_policies_6_only_chips_in_front_at_the_start_of_the_deal_play() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    seat = table.positions[0]
    with pytest.raises(IllegalAction) as refused:
        table.buy(seat, 50)
    assert "policies.6" in str(refused.value)
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    table.buy(seat, 50)


def test_policies_6_announced_chips_on_the_way_play() -> None:
    table = make(players=(1, 2, 3))
    table.buy(2, 300, arrived=False, announced=True)
    play(table)
    deal = table.deals[-1]
    assert deal.starting_stacks[table.positions.index(2)] == 400


def test_policies_7_unannounced_chips_play_only_a_full_buy_in() -> None:
    table = make(players=(1, 2, 3))
    table.buy(2, 300, arrived=False, announced=False)
    play(table)
    deal = table.deals[-1]
    assert deal.starting_stacks[table.positions.index(2)] == 100 + 40
    event = table.arrive(2)
    assert event.amount == 260
    assert table.stacks[2] == deal.stacks[table.positions.index(2)] + 260


def test_policies_20_chips_picked_up_after_thirty_minutes_away() -> None:
    table = make(players=(1, 2, 3))
    table.sit_out(2)
    table.clock.advance(minutes=29)
    with pytest.raises(FloorError) as refused:
        table.pick_up(2)
    assert "policies.20" in str(refused.value)
    table.clock.advance(minutes=2)
    assert list(table.absent()) == [2]
    event = table.pick_up(2)
    assert (event.seat, event.chips) == (2, 100)
    assert 2 not in table.players


def test_policies_20_an_absence_the_floor_extended() -> None:
    table = make(players=(1, 2, 3))
    table.sit_out(2, minutes=60)
    table.clock.advance(minutes=45)
    assert table.absent() == {}
    table.clock.advance(minutes=16)
    assert list(table.absent()) == [2]


# --------------------------------------------------------------- sitting out


def test_sitting_out_between_deals_takes_effect_at_once() -> None:
    table = make(players=SIX, seats=6)
    play(table)
    table.sit_out(4)
    assert 4 not in play(table).dealt_in


def test_sitting_out_during_a_deal_takes_effect_from_the_next() -> None:
    table = make(players=SIX, seats=6)
    deal = table.start_deal()
    table.sit_out(4)
    assert not table.is_away(4)
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    assert table.is_away(4)
    assert 4 not in play(table).dealt_in


def test_leaving_during_a_deal_takes_effect_when_it_ends() -> None:
    table = make(players=SIX, seats=6)
    deal = table.start_deal()
    assert table.leave(5) is None
    assert 5 in table.players
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    assert 5 not in table.players
    assert table.chips == table.bought - table.taken


def test_a_player_owing_blinds_is_never_dealt_in_without_posting() -> None:
    table = make(players=SIX, seats=6)
    while table.first_round or table.button != 3:
        play(table)
    table.sit_out(6)
    play(table)
    play(table)
    table.come_back(6, post=False)
    while table.owes(6):
        record = play(table)
        assert 6 not in record.dealt_in or record.big_blind == 6
    assert record.big_blind == 6


def test_no_deal_without_two_players() -> None:
    table = make(players=(1,))
    before = list(table.events)
    with pytest.raises(FloorError):
        table.start_deal()
    assert table.events == before
    assert table.button == 1


def test_stud_table_deals_everyone_present_with_antes() -> None:
    from floorman.games import SEVEN_CARD_STUD

    table = make(game=SEVEN_CARD_STUD, structure=FL, players=(2, 4, 6), ante=1, bring_in=1)
    table.sit(8, "new", 100)
    record = play(table)
    assert record.dealt_in == (2, 4, 6, 8)
    assert spots(record) == (None, None, None)
    assert table.chips == table.bought - table.taken


def test_policies_16_a_table_deal_may_run_the_board_twice() -> None:
    from floorman.deal import Call, Wager

    table = make(players=(1, 2, 3))
    deal = table.start_deal(runs=2)
    legal = deal.legal()
    table.apply(Wager(position=legal.position, to=legal.max_to))
    while not deal.is_over:
        legal = deal.legal()
        table.apply(Call(position=legal.position) if legal.call else Fold(position=legal.position))
    assert len(deal.boards) == 2
    assert table.chips == table.bought - table.taken
    with pytest.raises(ConfigError):
        make(players=(1, 2, 3), structure=FL).start_deal(runs=2)


def test_policies_15_a_table_deal_may_chop_the_blinds() -> None:
    from floorman.deal import Chop

    table = make(players=(1, 2, 3, 4))
    deal = table.start_deal()
    while not deal.can_chop:
        table.apply(Fold(position=deal.legal().position))
    table.apply(Chop(position=deal.legal().position))
    assert table.stacks == {1: 100, 2: 100, 3: 100, 4: 100}


def test_policies_2_courtesy_until_the_blind_when_nobody_waits() -> None:
    table = make(players=(1, 2, 3, 4), seats=9, time_charge=5)
    table.clock.advance(minutes=30)  # a new period: everyone owes
    table.decline_time(4)
    record = play(table)
    assert spots(record) == (1, 2, 3)
    paid = {e.seat for e in table.events if isinstance(e, tev.TimeCollected)}
    assert paid == {1, 2, 3}
    record = play(table)  # seat 4 is the big blind now: it pays
    assert record.big_blind == 4
    paid = [e.seat for e in table.events if isinstance(e, tev.TimeCollected)]
    assert paid.count(4) == 1


def test_policies_2_no_courtesy_with_players_waiting() -> None:
    table = make(players=(1, 2, 3), time_charge=5)
    table.waiting = 1
    with pytest.raises(FloorError) as refused:
        table.decline_time(2)
    assert "policies.2" in str(refused.value)


def test_decisions_5_a_ruling_on_a_pot_is_asked_for_before_the_next_deal() -> None:
    table = make(players=(1, 2, 3))
    record = play(table)
    winner = record.big_blind
    assert winner is not None
    won = table.won(winner)
    assert won == 2  # the small blind and the called part of the big, by the record
    other = next(s for s in (1, 2, 3) if s != winner)
    event = table.transfer(winner, other, 2)
    assert [c.id for c in event.citations] == ["decisions.5", "decisions.6"]
    assert table.chips == table.bought - table.taken
    table.start_deal()  # the next deal has started: the last one's result stands
    with pytest.raises(FloorError) as refused:
        table.transfer(other, winner, 1)
    assert "decisions.5" in str(refused.value)


def test_decisions_5_a_ruling_naming_an_earlier_deal_is_refused_changing_nothing() -> None:
    table = make(players=(1, 2, 3))
    first = play(table)
    winner = first.big_blind
    assert winner is not None
    assert table.won(winner) == 2
    other = next(s for s in (1, 2, 3) if s != winner)
    second = play(table)  # deal 2 has started and ended: deal 1's result stands
    before = (table.stacks, table.impounded, len(table.events))
    for ruling in (
        lambda: table.transfer(winner, other, 2, deal=1),
        lambda: table.impound(winner, 2, deal=1),
    ):
        with pytest.raises(FloorError) as refused:
            ruling()
        assert [c.id for c in refused.value.citations] == ["decisions.5"]
        assert "deal 1's result stands" in str(refused.value)
        assert "deal 2" in str(refused.value)
        assert (table.stacks, table.impounded, len(table.events)) == before
    with pytest.raises(FloorError) as refused:
        table.transfer(winner, other, 1, deal=3)
    assert "there is no deal 3" in str(refused.value)
    assert second.big_blind is not None
    assert table.won(second.big_blind) == 2
    event = table.transfer(second.big_blind, second.button, 1, deal=2)
    assert event.deal == 2
    assert [c.id for c in event.citations] == ["decisions.5", "decisions.6"]


def test_decisions_5_no_ruling_on_a_pot_once_the_next_deal_has_started() -> None:
    table = make(players=(1, 2, 3))
    record = play(table)
    winner = record.big_blind
    assert winner is not None
    table.start_deal()
    stacks = table.stacks
    with pytest.raises(FloorError) as refused:
        table.impound(winner, 1)  # the last deal to end is deal 1
    assert "deal 1's result stands: deal 2 has started" in str(refused.value)
    assert "decisions.5" in str(refused.value)
    with pytest.raises(FloorError) as refused:
        table.transfer(winner, 1, 1, deal=2)  # deal 2 has no result yet
    assert "deal 2 is under way" in str(refused.value)
    assert table.stacks == stacks
    assert table.impounded == 0


def test_decisions_7_impounded_chips_are_released_by_their_deal_after_later_deals() -> None:
    table = make(players=(1, 2, 3))
    play(table)
    held = table.impound(1, 5)
    assert held.deal == 1
    play(table)
    table.impound(2, 3, deal=2)
    play(table)  # the decision comes later; the chips stay held (RRP5 decisions.7)
    assert table.impounded == 8
    stacks = table.stacks
    with pytest.raises(FloorError) as refused:
        table.release(3, 6, deal=1)
    assert "holds 5 from deal 1" in str(refused.value)
    assert "decisions.7" in str(refused.value)
    assert table.stacks == stacks
    assert table.impounded == 8
    event = table.release(3, deal=1)
    assert (event.amount, event.deal) == (5, 1)
    assert table.stacks[3] == stacks[3] + 5
    assert table.impounded == 3
    with pytest.raises(FloorError):
        table.release(3, deal=1)  # nothing is left from deal 1
    table.release(2)
    assert table.impounded == 0
    assert table.chips == table.bought - table.taken


def test_decisions_6_a_transfer_cannot_exceed_what_the_record_shows_was_won() -> None:
    table = make(players=(1, 2, 3))
    record = play(table)
    with pytest.raises(FloorError) as refused:
        table.transfer(record.big_blind, record.button, 50)
    assert "decisions.6" in str(refused.value)


def test_decisions_7_a_pot_impounded_while_a_decision_is_pending() -> None:
    table = make(players=(1, 2, 3))
    record = play(table)
    winner = record.big_blind
    table.impound(winner, 2)
    assert table.impounded == 2
    assert table.chips == table.bought - table.taken
    play(table)  # play goes on
    table.release(record.button)
    assert table.impounded == 0
    assert table.chips == table.bought - table.taken
