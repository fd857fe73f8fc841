"""The showdown and the pots: RRP5 showdown.1, .2, .4, .7 and ties.2-5, enforced by the dealer."""

from __future__ import annotations

import dataclasses

import pytest

from floorman.deal import (
    BringIn,
    Call,
    Check,
    Fold,
    Muck,
    Show,
    Stakes,
    Turn,
    Wager,
    inputs,
    rebuild,
)
from floorman.deal import events as ev
from floorman.errors import IllegalAction
from floorman.games import HOLDEM, OMAHA_EIGHT, SEVEN_CARD_STUD, Structure
from floorman.rulebook import cite

from .dealing import Scripted

NL = Structure.NO_LIMIT
FL = Structure.FIXED_LIMIT


def holdem(holes, board, stacks=(100, 100, 100), *, auto=True) -> Scripted:
    return Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=stacks,
        holes=holes,
        board=board,
        auto_showdown=auto,
    )


def check_down(s: Scripted, players=(0, 1, 2)) -> None:
    while s.deal.legal().turn is Turn.BET:
        legal = s.deal.legal()
        s.act(Call(position=legal.position) if legal.call else Check(position=legal.position))


def shown(s: Scripted) -> list[int]:
    return [e.position for e in s.of(ev.HandShown)]


# --- showdown.7: the order of showing ---------------------------------------------------------


def test_showdown_7_the_last_aggressor_shows_first():
    s = holdem(["As Kd", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h")
    s.act(Call(position=2), Call(position=0), Check(position=1))
    for _ in range(2):
        s.act(Check(position=0), Check(position=1), Check(position=2))
    s.act(Check(position=0), Wager(position=1, to=10), Call(position=2), Call(position=0))
    assert shown(s) == [1, 2, 0]
    assert all(c.id == "showdown.7" for e in s.of(ev.HandShown) for c in e.citations)


def test_showdown_7_if_all_check_the_first_to_act_shows_first():
    s = holdem(["As Kd", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h")
    check_down(s)
    assert shown(s) == [0, 1, 2]


def test_showdown_7_side_pot_players_show_before_the_all_in_player():
    s = holdem(["As Kd", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h", stacks=(10, 100, 100))
    s.act(Call(position=2), Wager(position=0, to=10), Call(position=1), Call(position=2))
    check_down(s)
    assert shown(s) == [1, 2, 0]


# --- showdown.1, .2, .4 ---------------------------------------------------------------------------


def test_showdown_1_a_hand_thrown_away_unshown_cannot_win():
    s = holdem(["As Ad", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h", auto=False)
    check_down(s)
    assert s.deal.legal().turn is Turn.SHOW
    s.act(Muck(position=0))
    s.act(Show(position=1), Show(position=2))
    assert s.deal.is_over
    assert s.awarded() == {2: 6}
    assert [c.id for e in s.of(ev.PotAwarded) for c in e.citations] == ["showdown.2"]


def test_showdown_2_cards_speak():
    s = holdem(["As Kd", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h")
    check_down(s)
    award = s.of(ev.PotAwarded)
    assert len(award) == 1
    assert award[0].amounts == ((2, 6),)
    assert award[0].hand == "One Pair, Queens"


def test_showdown_4_losing_hands_are_killed_before_the_pot_is_awarded():
    s = holdem(["As Kd", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h")
    check_down(s)
    tail = [e for e in s.deal.events if isinstance(e, ev.HandMucked | ev.PotAwarded)]
    assert [type(e).__name__ for e in tail] == ["HandMucked", "HandMucked", "PotAwarded"]
    assert {e.position for e in tail[:2]} == {0, 1}
    assert all(c.id == "showdown.4" for e in tail[:2] for c in e.citations)


# --- ties: odd chips and side pots ------------------------------------------------------------------


def test_ties_4_1_the_odd_chip_goes_to_the_first_hand_left_of_the_button():
    # A royal flush on the board: everyone left plays it.
    s = holdem(["7c 2d", "8c 3d", "9c 4d"], "As Ks Qs Js Ts")
    s.act(Call(position=2), Fold(position=0), Check(position=1))
    check_down(s)
    award = s.of(ev.PotAwarded)[0]
    assert award.amounts == ((1, 3), (2, 2))
    assert {c.id for c in award.citations} >= {"ties.2", "ties.3", "ties.4.1"}


def test_ties_3_no_player_gets_more_than_one_odd_chip():
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2), antes=(1, 1, 1, 1, 1)),
        stacks=(100,) * 5,
        holes=["7c 2d", "8c 3d", "9c 4d", "6h 5h", "Td 8h"],
        board="As Ks Qs Js Ts",
    )
    s.act(Call(position=2), Call(position=3), Fold(position=4), Call(position=0), Check(position=1))
    check_down(s)
    award = s.of(ev.PotAwarded)[0]
    # 5 antes + 4 x 2 = 13 among 4 players: one odd chip each to the first one.
    assert award.amounts == ((0, 4), (1, 3), (2, 3), (3, 3))


def test_ties_4_2_stud_odd_chip_with_an_odd_pot():
    s = Scripted(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=1, small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        holes=["Kh Qh 2d Ah Jh 9s 3c", "Ks Qs 2c As Js 9h 3d", "5d 5c Tc"],
    )
    s.act(BringIn(position=1), Fold(position=2), Call(position=0))
    while not s.deal.is_over:
        legal = s.deal.legal()
        s.act(Check(position=legal.position))
    award = s.of(ev.PotAwarded)[0]
    # 3 antes + 2 = 5: the ace of spades is the highest card, so position 1 gets 3.
    assert award.amounts == ((1, 3), (0, 2))
    assert {c.id for c in award.citations} >= {"ties.4.2"}


def test_ties_4_3_the_high_hand_gets_the_odd_chip_in_a_split():
    s = Scripted(
        OMAHA_EIGHT,
        structure=FL,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        holes=["Ac 2c Kd Kh", "Qs Qd 9h 9d", "7s 6s Td Jd"],
        board="3h 4d 8c Qc Kc",
    )
    s.act(Call(position=2), Fold(position=0), Check(position=1))
    check_down(s)
    awards = {e.share: e for e in s.of(ev.PotAwarded)}
    # 1 + 2 + 2 = 5: trip queens take the high half and the odd chip, 8-7-6-4-3 the low.
    assert awards["high"].amounts == ((1, 3),)
    assert awards["low"].amounts == ((2, 2),)
    assert awards["high"].hand == "Three of a Kind, Queens"
    assert awards["low"].hand == "Eight Low, 8-7-6-4-3"
    assert "ties.4.3" in {c.id for c in awards["high"].citations}


def test_a_hand_best_both_ways_scoops_a_split_pot():
    s = Scripted(
        OMAHA_EIGHT,
        structure=FL,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        holes=["Ac 2c Kd Kh", "Qs Qd 9h 9d", "7s 6s Td Jd"],
        board="3h 4d 8c Qc Kc",
    )
    check_down(s)
    awards = {e.share: e for e in s.of(ev.PotAwarded)}
    assert awards["high"].amounts == ((0, 3),)
    assert awards["low"].amounts == ((0, 3),)
    assert s.awarded() == {0: 6}


def test_ties_5_side_pots_are_split_separately():
    s = holdem(["Qh Qs", "Kc Kd", "7c 2d"], "2s 5h 9c Jd 3h", stacks=(10, 100, 100))
    s.act(Call(position=2), Wager(position=0, to=10), Call(position=1), Call(position=2))
    s.act(Check(position=1), Wager(position=2, to=20), Call(position=1))
    check_down(s)
    awards = s.of(ev.PotAwarded)
    assert [(e.pot, e.amounts) for e in awards] == [(0, ((1, 30),)), (1, ((1, 40),))]
    assert all("ties.5" in {c.id for c in e.citations} for e in awards)


def test_an_all_in_player_wins_only_the_main_pot():
    s = holdem(["Ah Ad", "Kc Kd", "7c 2d"], "2s 5h 9c Jd 3h", stacks=(10, 100, 100))
    s.act(Call(position=2), Wager(position=0, to=10), Call(position=1), Call(position=2))
    s.act(Check(position=1), Wager(position=2, to=20), Call(position=1))
    check_down(s)
    assert s.awarded() == {0: 30, 1: 40}
    assert s.deal.stacks == (30, 110, 70)


def test_ties_2_an_odd_chip_is_broken_down_to_the_smallest_unit():
    # Chips of 5 are the smallest used: a pot of 25 splits 15 and 10, the odd
    # chip of 5 going to the first hand left of the button.
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(5, 10), chip=5),
        stacks=(100, 100, 100),
        holes=["7c 2d", "8c 3d", "9c 4d"],
        board="As Ks Qs Js Ts",
    )
    s.act(Call(position=2), Fold(position=0), Check(position=1))
    check_down(s)
    award = s.of(ev.PotAwarded)[0]
    assert sum(a for _, a in award.amounts) == 25
    assert award.amounts == ((1, 15), (2, 10))
    assert "ties.2" in {c.id for c in award.citations}


def test_showdown_1_the_last_hand_in_a_pot_may_show_but_not_muck():
    s = holdem(["As Ad", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h", stacks=(10, 100, 100), auto=False)
    s.act(Call(position=2), Wager(position=0, to=10), Call(position=1), Call(position=2))
    s.act(Wager(position=1, to=20), Call(position=2))  # a side pot of 40
    check_down(s)
    first = s.deal.legal()
    assert (first.turn, first.position, first.muck) == (Turn.SHOW, 1, True)
    s.act(Muck(position=1))
    last = s.deal.legal()
    assert (last.position, last.muck) == (2, False)  # alone in the side pot
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Muck(position=2))
    assert [c.id for c in refused.value.citations] == ["showdown.1"]
    s.act(Show(position=2))
    assert s.deal.legal().muck  # the all-in hand may give up the main pot
    s.act(Show(position=0))
    assert s.awarded() == {0: 30, 2: 40}


def test_showdown_1_a_show_or_muck_the_player_chose_is_an_event_of_its_own():
    """The dealer's tabling by the showdown order (RRP5 showdown.7) and killing
    of a shown loser (RRP5 showdown.4) are plain ``HandShown`` and ``HandMucked``;
    the player's own show or muck in turn (RRP5 showdown.1) is ``PlayerShowed``
    or ``PlayerMucked``, and the log's inputs are read from those types alone."""
    s = holdem(["As Ad", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h", auto=False)
    check_down(s)
    s.act(Show(position=0), Muck(position=1), Show(position=2))
    chosen = [e for e in s.deal.events if isinstance(e, ev.PlayerShowed | ev.PlayerMucked)]
    assert [(type(e).__name__, e.position) for e in chosen] == [
        ("PlayerShowed", 0),
        ("PlayerMucked", 1),
        ("PlayerShowed", 2),
    ]
    assert all([c.id for c in e.citations] == ["showdown.1"] for e in chosen)
    killed = [e for e in s.deal.events if type(e) is ev.HandMucked]
    assert [(e.position, [c.id for c in e.citations]) for e in killed] == [(2, ["showdown.4"])]
    # A shown hand is shown, whoever tabled it.
    assert shown(s) == [0, 2]
    bare = [dataclasses.replace(e, citations=()) for e in s.deal.events]
    said = [a for a in inputs(bare) if isinstance(a, Show | Muck)]
    assert said == [
        Show(position=0, cards=tuple(s.deal.hole(0))),
        Muck(position=1),
        Show(position=2, cards=tuple(s.deal.hole(2))),
    ]
    assert rebuild(s.deal.events, like=s.deal).stacks == s.deal.stacks


def test_showdown_7_the_dealer_tabling_hands_is_no_input():
    s = holdem(["As Ad", "7c 2d", "Qh Qs"], "2s 5h 9c Jd 3h")
    check_down(s)
    assert shown(s) == [0, 1, 2]
    assert not any(isinstance(e, ev.PlayerShowed | ev.PlayerMucked) for e in s.deal.events)
    # Citing the player's rule does not make the dealer's tabling a player's show.
    forged = [
        dataclasses.replace(e, citations=cite("showdown.1"))
        if isinstance(e, ev.HandShown | ev.HandMucked)
        else e
        for e in s.deal.events
    ]
    assert not any(isinstance(a, Show | Muck) for a in inputs(forged))


def test_dead_hands_intro_a_side_pot_whose_hands_are_all_dead_goes_to_the_pot_below():
    """Position 3 shows, position 1 mucks to it, then position 3's hand is ruled
    dead: neither may win the side pot they made (a dead hand has no claim to
    the pot), so it joins the main pot, which the one live hand wins. The
    showdown used to fail looking for a winner of the side pot."""
    from floorman.deal import Deal, Kill
    from floorman.shuffle import SeededShuffler

    deal = Deal(
        HOLDEM,
        structure=FL,
        stakes=Stakes(blinds=(1, 2), antes=(1, 1, 1, 1), small_bet=2, big_bet=4),
        stacks=(1, 3, 43, 6),
        shuffler=SeededShuffler(62),
        auto_showdown=False,
    )
    for action in (Fold(position=2), Call(position=3), Show(position=3), Muck(position=1)):
        deal.apply(action)
    assert [(pot.amount, pot.eligible) for pot in deal.pots] == [(4, (0, 1, 3)), (4, (1, 3))]
    events = deal.apply(Kill(position=3, citations=cite("dead-hands.1.1")))
    awards = [e for e in events if isinstance(e, ev.PotAwarded)]
    assert [(e.pot, e.amounts) for e in awards] == [(0, ((0, 8),))]
    assert [c.id for c in awards[0].citations] == ["dead-hands.intro"]
    assert deal.is_over
    assert deal.stacks == (8, 0, 42, 3)
    assert rebuild(deal.events, like=deal).stacks == deal.stacks
