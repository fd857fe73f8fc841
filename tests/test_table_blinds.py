"""The button and blinds across deals: RRP5 blinds.2-16 and seating.6, at the table."""

from __future__ import annotations

import itertools

import pytest

from floorman.cards import Card
from floorman.deal import Call, Check, Fold
from floorman.errors import ConfigError, FloorError, IllegalAction
from floorman.games import LOWBALL, Structure
from floorman.table import events as tev
from floorman.table.placement import arc

from .table_helpers import DEAD, FL, MOVING, make, play, posts, spots

SIX = (1, 2, 3, 4, 5, 6)


def around(table, deals: int) -> None:
    """Play deals until the game's first round is over, and then ``deals`` more."""
    while table.first_round:
        play(table)
    for _ in range(deals):
        play(table)


# ---------------------------------------------------------------- blinds.2


def test_blinds_2_1_moving_button_always_moves_to_the_next_player() -> None:
    table = make(method=MOVING, players=SIX, seats=6)
    buttons = [play(table).button for _ in range(8)]
    assert buttons == [1, 2, 3, 4, 5, 6, 1, 2]


def test_blinds_2_1_moving_button_player_skipped_by_the_big_blind_owes_it() -> None:
    table = make(method=MOVING, players=SIX, seats=6)
    assert spots(play(table)) == (1, 2, 3)
    table.leave(3)  # the big blind leaves
    record = play(table)
    # The button moves on to seat 2; seat 4, due for the big blind, is the small
    # blind instead, and owes the big blind the blinds passed over.
    assert spots(record) == (2, 4, 5)
    assert table.owes(4) == ("big",)
    # Next deal seat 4 has the button and posts the big blind it owes: two big blinds.
    record = play(table)
    assert spots(record) == (4, 5, 6)
    assert posts(record) == [(5, 1, False), (6, 2, False), (4, 2, False)]
    assert table.owes(4) == ()


def test_blinds_2_2_dead_button_big_blind_goes_to_the_player_due() -> None:
    table = make(method=DEAD, players=SIX, seats=6)
    assert spots(play(table)) == (1, 2, 3)
    table.leave(3)  # the big blind leaves
    record = play(table)
    # Seat 4 is due for the big blind; the small blind falls on the empty seat 3
    # (nobody posts it) and the button on seat 2.
    assert spots(record) == (2, 3, 4)
    assert posts(record) == [(4, 2, False)]
    # Next deal the button is on the empty seat 3: seat 2 acts last again.
    record = play(table)
    assert spots(record) == (3, 4, 5)
    assert record.dealt_in[-1] == 2
    assert posts(record) == [(4, 1, False), (5, 2, False)]


def test_blinds_2_2_dead_button_small_blind_leaves() -> None:
    table = make(method=DEAD, players=SIX, seats=6)
    play(table)
    table.leave(2)  # the small blind leaves
    record = play(table)
    assert spots(record) == (2, 3, 4)  # the button before the empty seat
    assert record.dealt_in[-1] == 1  # seat 1 has last action again
    assert posts(record) == [(3, 1, False), (4, 2, False)]


@pytest.mark.parametrize("method", [MOVING, DEAD])
def test_blinds_2_each_round_every_player_has_the_button_and_pays_both_blinds(method) -> None:
    table = make(method=method, players=(1, 3, 4, 6, 8), seats=9)
    paid: dict[int, list[str]] = {s: [] for s in (1, 3, 4, 6, 8)}
    for _ in range(10):  # two rounds of five players
        record = play(table)
        paid[record.button].append("button")
        for post in record.posts:
            paid[post.seat].append(post.blind)
    for seat, got in paid.items():
        assert sorted(got) == ["big blind"] * 2 + ["button"] * 2 + ["small blind"] * 2, seat


# ---------------------------------------------------------------- blinds.4


@pytest.mark.parametrize("method", [MOVING, DEAD])
def test_blinds_4_heads_up_the_button_posts_the_small_blind(method) -> None:
    table = make(method=method, players=(2, 7), seats=9, button=2)
    for _ in range(4):
        record = play(table)
        assert record.small_blind == record.button
        assert record.dealt_in == (record.big_blind, record.button)
        assert posts(record) == [(record.button, 1, False), (record.big_blind, 2, False)]
    assert play(table).big_blind != play(table).big_blind


@pytest.mark.parametrize("method", [MOVING, DEAD])
@pytest.mark.parametrize("leaving", ["button", "small_blind", "big_blind"])
def test_blinds_4_three_to_two_nobody_posts_the_big_blind_twice_in_a_row(method, leaving) -> None:
    table = make(method=method, players=(1, 4, 7), seats=9)
    record = play(table)
    table.leave(getattr(record, leaving))
    after = play(table)
    assert after.big_blind != record.big_blind
    assert after.small_blind == after.button
    assert len(after.dealt_in) == 2
    again = play(table)
    assert again.big_blind != after.big_blind


@pytest.mark.parametrize("method", [MOVING, DEAD])
def test_blinds_4_two_to_three_the_newcomer_comes_in_at_the_big_blind(method) -> None:
    table = make(method=method, players=(1, 5), seats=9, button=1)
    around(table, 0)
    last = play(table)
    heads_up_big = last.big_blind
    table.sit(3, "newcomer", 100)  # waits for the big blind
    deals = [play(table) for _ in range(3)]
    bigs = [heads_up_big] + [d.big_blind for d in deals]
    assert all(a != b for a, b in itertools.pairwise(bigs))
    entered = next(d for d in deals if 3 in d.dealt_in)
    assert entered.big_blind == 3


# ------------------------------------------------------------- new players


def until_button(table, seat: int) -> None:
    """Play deals until the last one had its button on ``seat``."""
    while table.first_round or table.button != seat:
        play(table)


def test_blinds_5_1_new_player_waits_for_the_big_blind() -> None:
    table = make(players=(1, 2, 3, 4), seats=9)
    until_button(table, 4)  # last deal: button 4, blinds 1 and 2
    table.sit(6, "new", 100)  # waits for the big blind
    dealt = [play(table) for _ in range(3)]
    assert [spots(d) for d in dealt] == [(1, 2, 3), (2, 3, 4), (3, 4, 6)]
    assert 6 not in dealt[0].dealt_in
    assert 6 not in dealt[1].dealt_in
    assert posts(dealt[2]) == [(4, 1, False), (6, 2, False)]
    assert dealt[2].posts[-1].citations[0].id == "blinds.5.1"
    assert not table.is_new(6)


def test_blinds_5_2_new_player_posts_a_big_blind_and_is_dealt_in_at_once() -> None:
    table = make(players=(1, 2, 3, 4), seats=9)
    until_button(table, 4)
    table.sit(7, "new", 100, post=True)  # after the next big blind (3), before the button (1)
    record = play(table)
    assert spots(record) == (1, 2, 3)
    assert record.dealt_in == (2, 3, 4, 7, 1)
    assert posts(record) == [(2, 1, False), (3, 2, False), (7, 2, False)]
    assert record.posts[-1].citations[0].id == "blinds.5.2"
    assert table.chips == 400 + 100


def _between(button: int, big: int, seats: int = 9) -> list[int]:
    out, s = [], button % seats + 1
    while s != big:
        out.append(s)
        s = s % seats + 1
    return [*out, button]


def test_blinds_5_2_at_lowball_a_new_player_posts_double() -> None:
    table = make(game=LOWBALL, structure=FL, players=(1, 2, 3, 4), seats=8)
    until_button(table, 4)
    table.sit(7, "new", 100, post=True)
    record = play(table)
    assert [(p.seat, p.amount, p.dead) for p in record.posts if p.seat == 7] == [
        (7, 2, False),
        (7, 2, True),
    ]


def test_blinds_6_letting_the_button_pass_once_is_not_a_missed_blind() -> None:
    table = make(players=SIX, seats=9)
    around(table, 0)
    table.sit(9, "new", 100)  # waits
    for _ in range(9):
        play(table)
        assert table.owes(9) == ()
    assert table.owes(9) == ()


def test_blinds_7_playing_over_is_a_new_player() -> None:
    table = make(players=SIX, seats=9)
    around(table, 0)
    table.sit_out(4)
    with pytest.raises(FloorError) as refused:
        table.play_over(5, "over", 100)
    assert "policies.12" in str(refused.value)
    event = table.play_over(4, "over", 100)
    assert event.new
    assert [c.id for c in event.citations] == ["policies.12", "blinds.7"]
    assert table.is_new(4)
    table.come_back(4)
    assert table.players[4] == "p4"


def test_blinds_8_nobody_is_dealt_in_between_the_big_blind_and_the_button() -> None:
    table = make(players=(1, 3, 5, 7), seats=9)
    until_button(table, 7)  # last deal: button 7, blinds 1 and 3
    table.sit(2, "early", 100, post=True)
    record = play(table)
    assert spots(record) == (1, 3, 5)
    assert 2 not in record.dealt_in  # between the button (1) and the big blind (5)
    assert 2 not in [p.seat for p in record.posts]
    record = play(table)  # the button has passed seat 2: it may post now
    assert spots(record) == (3, 5, 7)
    assert 2 in record.dealt_in
    assert (2, 2, False) in posts(record)


def test_blinds_8_missed_blinds_are_not_made_up_between_the_big_blind_and_the_button() -> None:
    table = make(players=(1, 2, 3, 4, 5, 6), seats=6)
    until_button(table, 3)  # last deal: button 3, blinds 4 and 5
    table.sit_out(6)
    record = play(table)  # the big blind passes seat 6
    assert spots(record) == (4, 5, 1)
    table.come_back(6, post=True)
    record = play(table)  # seat 6 lies between the button (5) and the big blind (2)
    assert spots(record) == (5, 1, 2)
    assert 6 not in record.dealt_in
    assert table.owes(6) == ("small", "big")


# ----------------------------------------------------------- missed blinds


def test_blinds_9_missed_blinds_posted_live_up_to_the_big_blind_rest_dead() -> None:
    table = make(players=(1, 2, 3, 4, 5, 6), seats=6)
    until_button(table, 3)
    table.sit_out(6)
    play(table)
    assert table.owes(6) == ("big",)
    play(table)
    assert table.owes(6) == ("small", "big")
    table.come_back(6, post=True)
    record = play(table)
    assert spots(record) == (1, 2, 3)
    assert [(p.amount, p.dead, p.blind) for p in record.posts if p.seat == 6] == [
        (2, False, "missed big blind"),
        (1, True, "missed small blind"),
    ]
    assert table.owes(6) == ()


def test_blinds_9_a_player_owing_blinds_may_wait_for_the_big_blind() -> None:
    table = make(players=(1, 2, 3, 4, 5, 6), seats=6)
    until_button(table, 3)
    table.sit_out(6)
    play(table)
    play(table)
    table.come_back(6, post=False)
    waited = [play(table) for _ in range(4)]
    assert [6 in d.dealt_in for d in waited] == [False, False, False, True]
    assert waited[-1].big_blind == 6
    assert [p.amount for p in waited[-1].posts if p.seat == 6] == [2]
    assert table.owes(6) == ()


def test_blinds_11_missed_blinds_survive_going_broke_and_buying_again() -> None:
    table = make(players=(1, 2, 3), seats=9, chips=100)
    around(table, 0)
    # Seat 3 loses everything: play its stack away by hand.
    st = table._seats[3]
    table.bought -= st.stack
    st.stack = 0
    for _ in range(4):
        play(table)
    assert table.owes(3) == ("small", "big")
    table.buy(3, 100)
    assert not table.is_new(3)
    assert table.owes(3) == ("small", "big")


# ------------------------------------------------------------- a new game


def test_blinds_12_1_players_who_drew_for_the_button_are_in_the_game() -> None:
    table = make(players=SIX, seats=9, button=None)
    record = play(table)
    drawn = next(e for e in table.events if isinstance(e, tev.ButtonDrawn))
    assert record.button == drawn.seat
    assert set(record.dealt_in) == set(SIX)
    assert all(p.blind in ("small blind", "big blind") for p in record.posts)


def test_blinds_12_2_new_player_in_a_new_game_is_dealt_in_free_before_the_blinds_pass() -> None:
    table = make(players=(1, 2, 3, 4, 5), seats=9, button=1)
    play(table)  # blinds on 2 and 3
    table.sit(8, "early bird", 100)  # no blind has passed seat 8
    assert not table.is_new(8)
    record = play(table)
    assert spots(record) == (2, 3, 4)
    assert 8 in record.dealt_in
    assert 8 not in [p.seat for p in record.posts]
    # Seat 2 has been passed by both blinds: a player sitting there is new.
    table.leave(2)
    event = table.sit(2, "after the blinds", 100)
    assert table.is_new(2)
    assert event.citations[0].id == "blinds.5"


def test_blinds_12_3_changing_seats_in_a_new_game_before_a_blind_passes_is_free() -> None:
    table = make(players=(1, 2, 3), seats=9, button=1)
    play(table)
    event = table.change_seat(3, 7)  # the big blind, who did not have the button
    assert event.wait == 0
    assert [c.id for c in event.citations] == ["blinds.12.3"]
    assert 7 in play(table).dealt_in


@pytest.mark.parametrize("method", [MOVING, DEAD])
def test_blinds_12_2_a_new_player_letting_the_button_pass_posts_only_a_big_blind(method) -> None:
    table = make(method=method, players=(1, 2, 3, 4, 5), seats=9, button=1)
    play(table)  # blinds on 2 and 3
    assert table.first_round
    table.sit(8, "late", 100)  # after the draw, no blind past seat 8: free to play ...
    assert not table.is_new(8)
    table.sit_out(8)  # ... but lets the button go by
    while table.first_round:  # the blinds pass every seat in the round
        play(table)
    lapsed = [e for e in table.events if isinstance(e, tev.FreeEntryLapsed)]
    assert [e.seat for e in lapsed] == [8]
    assert [c.id for c in lapsed[0].citations] == ["blinds.12.2", "blinds.6"]
    assert not any(isinstance(e, tev.BlindMissed) and e.seat == 8 for e in table.events)
    assert table.owes(8) == ()
    assert table.is_new(8)
    table.come_back(8, post=True)
    while 8 not in (record := play(table)).dealt_in:
        pass
    paid = [(p.amount, p.dead, p.blind) for p in record.posts if p.seat == 8]
    assert paid in ([(2, False, "new player")], [(2, False, "big blind")])


def test_blinds_12_a_player_who_drew_and_sits_out_owes_the_blinds_missed() -> None:
    table = make(method=DEAD, players=(1, 2, 3, 4), seats=6, button=1)
    play(table)  # seat 4 drew and played
    table.sit_out(4)
    for _ in range(3):
        play(table)
    assert table.owes(4) == ("small", "big")


@pytest.mark.parametrize("method", [MOVING, DEAD])
def test_blinds_14_dealing_off_in_a_new_game_lets_the_blinds_pass_free(method) -> None:
    table = make(method=method, players=(1, 2, 3, 5), seats=9, button=1)
    play(table)  # button 1, blinds on 2 and 3
    assert table.first_round
    # Seat 4, next for the big blind, is a seat no blind has passed: the player
    # who had the button deals off there rather than change seats for free.
    event = table.change_seat(1, 4)
    assert [c.id for c in event.citations] == ["blinds.14"]
    while 4 not in (record := play(table)).dealt_in:
        assert record.big_blind != 4
    posted = [p.blind for p in record.posts if p.seat == 4]
    assert posted == []
    assert record.big_blind != 4
    assert record.small_blind != 4
    assert table.owes(4) == ()
    assert not any(isinstance(e, tev.BlindMissed) and e.seat == 4 for e in table.events)


def test_blinds_13_moving_away_from_the_big_blind_waits_the_same_relative_position() -> None:
    table = make(players=(1, 2, 3, 4, 5, 6), seats=9)
    while table.first_round or table.big_blind != 3:
        play(table)
    # Seat 4 is next for the big blind; at seat 8 it would be two players further.
    event = table.change_seat(4, 8)
    assert [c.id for c in event.citations] == ["blinds.13"]
    assert event.wait == 2
    dealt = [play(table) for _ in range(3)]
    assert [8 in d.dealt_in for d in dealt] == [False, False, True]
    assert dealt[2].big_blind == 8


def test_blinds_13_moving_closer_to_the_big_blind_costs_nothing() -> None:
    table = make(players=(1, 2, 3, 4, 5, 6), seats=9)
    while table.first_round or table.big_blind != 6:
        play(table)
    event = table.change_seat(3, 8)  # from three players away to none
    assert event.wait == 0
    record = play(table)
    assert record.big_blind == 8


def test_blinds_14_dealing_off_reenters_behind_the_button_without_posting() -> None:
    table = make(players=(1, 2, 3, 4, 5), seats=9)
    until_button(table, 1)
    event = table.change_seat(1, 7)
    assert [c.id for c in event.citations] == ["blinds.14"]
    record = play(table)
    assert spots(record) == (2, 3, 4)
    assert 7 in record.dealt_in
    assert 7 not in [p.seat for p in record.posts]
    assert table.owes(7) == ()


def finish(table, deal) -> None:
    """Play the deal under way out, folding to bets and checking otherwise."""
    while not deal.is_over:
        legal = deal.legal()
        table.apply(Fold(position=legal.position) if legal.fold else Check(position=legal.position))


def _skipped_while_playing():
    """A moving-button table where seat 2 is dealt in owing the small blind the
    button passed it over (the small blind left), with seat 2 to act."""
    table = make(method=MOVING, players=(1, 2, 3, 4, 5), seats=6)
    until_button(table, 5)  # small blind 1, big blind 2
    table.leave(1)
    deal = table.start_deal()  # the button moves to 2, past the small blind
    assert table.owes(2) == ("small",)
    while table.positions[deal.legal().position] != 2:
        table.apply(Fold(position=deal.legal().position))
    return table, deal


def test_blinds_10_a_player_who_acted_owing_a_blind_posts_it_on_the_next_deal() -> None:
    table, deal = _skipped_while_playing()
    table.apply(Call(position=deal.legal().position))  # seat 2 plays the hand
    event = table.post_next_deal(2)
    assert (event.seat, event.blinds) == (2, ("small",))
    assert [c.id for c in event.citations] == ["blinds.10"]
    assert table.events[-1] == event
    finish(table, deal)
    with pytest.raises(IllegalAction) as refused:
        table.choose(2, post=False)  # no waiting for the big blind now
    assert "blinds.10" in str(refused.value)
    table.sit_out(2)
    with pytest.raises(IllegalAction):
        table.come_back(2, post=False)
    assert table.is_away(2)
    table.come_back(2)
    record = play(table)
    paid = [(p.amount, p.blind, [c.id for c in p.citations]) for p in record.posts if p.seat == 2]
    assert paid == [(1, "missed small blind", ["blinds.10", "blinds.9"])]
    assert table.owes(2) == ()
    table.choose(2, post=False)  # the obligation is met


def test_blinds_10_only_a_blind_the_table_records_as_owed_is_posted_next_deal() -> None:
    table, deal = _skipped_while_playing()
    seat = table.positions[deal.legal().position]
    table.apply(Call(position=deal.legal().position))
    other = next(s for s in table.positions if s != seat and table.owes(s) == ())
    events, owes = len(table.events), {s: table.owes(s) for s in table.players}
    with pytest.raises(FloorError) as refused:
        table.post_next_deal(other)
    assert "blinds.10" in str(refused.value)
    with pytest.raises(FloorError):
        table.post_next_deal(6)  # nobody dealt in there
    assert len(table.events) == events
    assert {s: table.owes(s) for s in table.players} == owes
    table.choose(other, post=False)  # still free to choose
    finish(table, deal)
    with pytest.raises(FloorError):
        table.post_next_deal(2)  # the deal is over: ruled on during it


# ---------------------------------------------------------------- straddles


def test_blinds_15_live_straddle_at_no_limit() -> None:
    table = make(players=SIX, seats=9)
    around(table, 0)
    play(table)
    plan_first = _next_first(table)
    event = table.straddle(plan_first)
    assert event.citations[0].id == "blinds.15"
    record = play(table)
    assert (plan_first, 4, False) in posts(record)
    deal = table.deal
    assert deal is not None


def _next_first(table) -> int:
    plan = table._placement()
    order = plan.dealt_in
    return order[(order.index(plan.big_blind) + 1) % len(order)]


def test_blinds_15_no_straddle_at_limit_unless_the_game_allows_it() -> None:
    table = make(players=SIX, seats=9, structure=FL)
    play(table)
    with pytest.raises(IllegalAction) as refused:
        table.straddle(_next_first(table))
    assert "blinds.15" in str(refused.value)
    allowed = make(players=SIX, seats=9, structure=FL, straddles=True)
    play(allowed)
    allowed.straddle(_next_first(allowed))


def test_blinds_16_no_sleeping_bets_only_the_player_left_of_the_big_blind_straddles() -> None:
    table = make(players=SIX, seats=9)
    play(table)
    first = _next_first(table)
    other = next(s for s in SIX if s != first)
    with pytest.raises(IllegalAction) as refused:
        table.straddle(other)
    assert "blinds.16" in str(refused.value)


def _straddles(record: tev.DealStarted) -> list[int]:
    return [p.seat for p in record.posts if p.blind == "straddle"]


def _withdrawn(table) -> list[tev.StraddleWithdrawn]:
    return [e for e in table.events if isinstance(e, tev.StraddleWithdrawn)]


def test_blinds_16_no_bet_is_put_out_for_a_player_away_from_the_table() -> None:
    table = make(players=SIX, seats=9)
    play(table)
    first = _next_first(table)
    table.sit_out(first)
    events = len(table.events)
    with pytest.raises(IllegalAction) as refused:
        table.straddle(first)
    assert [c.id for c in refused.value.citations] == ["blinds.16"]
    assert "away from the table" in str(refused.value)
    assert len(table.events) == events
    table.come_back(first, post=False)
    for _ in range(len(SIX) + 1):
        assert _straddles(play(table)) == []


def test_blinds_16_a_straddle_is_withdrawn_when_its_player_steps_away() -> None:
    table = make(players=SIX, seats=9)
    around(table, 1)
    first = _next_first(table)
    table.straddle(first)
    table.sit_out(first)
    (withdrawn,) = _withdrawn(table)
    assert withdrawn.seat == first
    assert [c.id for c in withdrawn.citations] == ["blinds.16"]
    assert _straddles(play(table)) == []
    table.come_back(first, post=True)
    # The bet does not sleep until the player is first after the big blind again.
    for _ in range(2 * len(SIX)):
        assert _straddles(play(table)) == []


def test_blinds_16_a_straddle_does_not_sleep_through_a_seat_change() -> None:
    table = make(players=SIX, seats=9)
    around(table, 0)
    first = _next_first(table)
    table.straddle(first)
    moved = table.change_seat(first, 9)
    assert moved.wait  # dealt in again at the same place relative to the big blind
    for _ in range(2 * len(SIX)):
        assert _straddles(play(table)) == []
    assert [e.seat for e in _withdrawn(table)] == [first]


def test_blinds_16_a_straddle_not_first_after_the_big_blind_when_dealt_does_not_play() -> None:
    players = (1, 2, 4, 5, 6, 7)
    table = make(players=players, seats=9)
    around(table, 0)
    while True:  # until an empty seat lies between the big blind and the next player
        first = _next_first(table)
        gap = [s for s in arc(table._placement().big_blind, first, 9) if s not in players]
        if gap:
            break
        play(table)
    table.straddle(first)
    table.sit(gap[0], "new", 100, post=True)  # comes in first after the big blind
    record = play(table)
    assert _straddles(record) == []
    assert [e.seat for e in _withdrawn(table)] == [first]
    for _ in range(2 * len(players)):
        assert _straddles(play(table)) == []


# ------------------------------------------------------------- the button draw


def test_seating_6_high_card_by_suit_wins_the_button_at_high_games() -> None:
    table = make(players=SIX, seats=9, button=None, seed=11)
    drawn = table.draw_for_button()
    best = max(drawn.cards, key=lambda pair: pair[1])
    assert drawn.seat == best[0]
    assert drawn.citations[0].id == "seating.6"


def test_seating_6_low_card_wins_the_button_at_low_games() -> None:
    table = make(
        game=LOWBALL,
        structure=FL,
        players=SIX,
        seats=8,
        button=None,
        seed=11,
        small_bet=2,
        big_bet=4,
    )
    drawn = table.draw_for_button()

    def low(pair: tuple[int, Card]) -> tuple[int, int]:
        card = pair[1]
        rank = 1 if int(card.rank) == 14 else int(card.rank)
        return (rank, int(card.suit))

    assert drawn.seat == min(drawn.cards, key=low)[0]


def test_a_draw_table_seats_eight_at_most() -> None:
    with pytest.raises(ConfigError):
        make(game=LOWBALL, structure=FL, seats=9)


def test_blinds_12_1_fewer_than_two_left_in_the_game_start_a_new_one() -> None:
    table = make(players=(1, 2, 3), seats=9)
    while table.first_round:
        play(table)
    table.leave(1)
    table.leave(2)
    table.sit(5, "new", 100)
    table.sit(7, "newer", 100)
    record = play(table)
    started = [e for e in table.events if isinstance(e, tev.GameStarted)]
    assert started[-1].seats == (3, 5, 7)
    assert set(record.dealt_in) == {3, 5, 7}
    assert all(p.blind in ("small blind", "big blind") for p in record.posts)


def test_structure_limit_table_refuses_no_limit_settings() -> None:
    with pytest.raises(Exception):  # noqa: B017, PT011
        make(structure=Structure.FIXED_LIMIT, small_bet=0, big_bet=0)


def test_blinds_13_or_post_a_big_blind_to_be_dealt_in_at_once() -> None:
    table = make(players=(1, 2, 3, 4, 5, 6), seats=9)
    while table.first_round or table.big_blind != 3:
        play(table)
    assert table.change_seat(4, 8).wait == 2
    table.choose(8, post=True)
    record = play(table)
    assert 8 in record.dealt_in
    assert [(p.amount, p.dead, p.blind) for p in record.posts if p.seat == 8] == [
        (2, False, "seat change")
    ]
    assert [c.id for c in record.posts[-1].citations] == ["blinds.13"]


def test_blinds_9_a_player_waiting_for_the_big_blind_keeps_waiting_as_blinds_pass() -> None:
    table = make(method=MOVING, players=(1, 2, 3, 4, 5, 6), seats=6)
    until_button(table, 3)
    table.sit_out(6)
    play(table)
    assert table.owes(6) == ("big",)
    table.come_back(6, post=False)
    record = play(table)  # the small blind skips seat 6, waiting: it owes both now
    assert spots(record) == (5, 1, 2)
    assert table.owes(6) == ("small", "big")
    while 6 not in (record := play(table)).dealt_in:
        assert table.owes(6)
    assert record.big_blind == 6


def test_irregularities_1_a_misplaced_button_is_corrected_for_the_next_deal() -> None:
    table = make(players=(1, 2, 3, 4, 5), seats=9)
    while table.first_round or table.button != 2:
        play(table)
    # The button should have been on seat 1 last deal: the next deal follows on from
    # there, so seat 2 gets the button it was owed rather than seat 3.
    event = table.correct_button(1)
    assert (event.button, event.small_blind, event.big_blind) == (1, 2, 3)
    assert event.citations[0].id == "irregularities.1"
    record = play(table)
    assert spots(record) == (2, 3, 4)


@pytest.mark.parametrize("method", [MOVING, DEAD])
def test_blinds_4_heads_up_a_seat_change_does_not_bring_the_big_blind_twice(method) -> None:
    table = make(method=method, players=(1, 2, 3), seats=4, button=None, seed=2)
    table.leave(1)
    table.change_seat(2, 1)
    first = play(table)
    bb_player = table.players[first.big_blind]
    mover = next(s for s, name in table.players.items() if name == bb_player)
    free = next(s for s in range(1, 5) if s not in table.players)
    table.change_seat(mover, free)
    table.choose(free, post=True)
    second = play(table)
    assert table.players[second.big_blind] != bb_player
