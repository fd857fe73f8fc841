"""The betting rules of RRP5 betting.1-7 and blinds.intro, .1, .3, .4, enforced by the dealer."""

from __future__ import annotations

import dataclasses

import pytest

from floorman.deal import BringIn, Call, Check, Deal, Draw, Fold, Stakes, Turn, Wager
from floorman.deal import events as ev
from floorman.errors import IllegalAction, NotationError, OutOfTurn
from floorman.games import FIVE_CARD_DRAW, HOLDEM, LOWBALL, Structure
from floorman.shuffle import SeededShuffler

from .dealing import Scripted

NL = Structure.NO_LIMIT
FL = Structure.FIXED_LIMIT

HANDS3 = ["As Kd", "7c 2d", "Qh Qs"]
BOARD = "2s 5h 9c Jd 3h"


def nl3(stacks=(100, 100, 100), holes=HANDS3, board=BOARD) -> Scripted:
    return Scripted(
        HOLDEM, structure=NL, stakes=Stakes(blinds=(1, 2)), stacks=stacks, holes=holes, board=board
    )


def fl(players: int = 3, stacks: int = 1000, *, small: int = 2, game=HOLDEM) -> Scripted:
    holes = ["As Kd", "7c 2d", "Qh Qs", "Jc Tc", "9d 9h", "8s 4s"][:players]
    if game is not HOLDEM:
        holes = ["As Kd Qc Jh 9s 8d 7c 6h 5s 4d"] * players
        holes = [
            "2c 3c 4c 5c 7d Kh Kd Qs Qd Js",
            "2d 3d 4d 5d 7h Ac Ad Tc Td 9c",
            "2h 3h 4h 5h 7s As Ah 8c 8d 6c",
            "2s 3s 4s 5s 7c Ks Qc Jc Jd Th",
        ][:players]
    return Scripted(
        game,
        structure=FL,
        stakes=Stakes(blinds=(small // 2, small), small_bet=small, big_bet=2 * small),
        stacks=(stacks,) * players,
        holes=holes,
        board=BOARD,
    )


def unchanged(deal: Deal, action) -> None:
    """The action is refused and the deal does not change."""
    before = (len(deal.events), deal.stacks, deal.legal())
    with pytest.raises(IllegalAction):
        deal.apply(action)
    assert (len(deal.events), deal.stacks, deal.legal()) == before


# --- betting.1: check-raise ---------------------------------------------------------------


def test_betting_1_check_raise_is_permitted():
    s = fl()
    s.act(Call(position=2), Call(position=0), Check(position=1))
    s.act(Check(position=0), Wager(position=1, to=2), Call(position=2))
    legal = s.deal.legal()
    assert legal.position == 0
    assert (legal.min_to, legal.max_to) == (4, 4)
    s.act(Wager(position=0, to=4))
    assert s.deal.legal().position == 1


def test_betting_1_no_check_raise_in_lowball_that_forbids_it():
    game = dataclasses.replace(LOWBALL, check_raise=False)
    s = fl(game=game)
    s.act(Call(position=2), Call(position=0), Check(position=1))
    for p in (0, 1, 2):
        s.act(Draw(position=p))
    s.act(Check(position=0), Wager(position=1, to=4), Call(position=2))
    legal = s.deal.legal()
    assert legal.position == 0
    assert not legal.can_wager
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=0, to=8))
    assert [c.id for c in refused.value.citations] == ["betting.1"]
    assert "check-raising" in str(refused.value)


# --- betting.2, betting.3, betting.4: raise caps --------------------------------------------


def test_betting_2_unlimited_raising_at_no_limit():
    s = nl3(stacks=(10_000, 10_000, 10_000))
    to, player = 2, 2
    for _ in range(12):
        to *= 2
        s.act(Wager(position=player, to=to))
        player = s.deal.legal().position
    assert s.deal.legal().can_wager


def test_betting_3_1_a_bet_and_three_raises_at_limit_holdem():
    s = fl()
    # The big blind is the bet; three raises follow.
    s.act(Wager(position=2, to=4), Wager(position=0, to=6), Wager(position=1, to=8))
    legal = s.deal.legal()
    assert legal.position == 2
    assert legal.call == 4
    assert not legal.can_wager
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=2, to=10))
    assert "capped" in str(refused.value)
    assert {c.id for c in refused.value.citations} >= {"betting.3.1"}


def test_betting_3_2_a_bet_and_four_raises_in_two_round_games():
    s = fl(game=FIVE_CARD_DRAW)
    s.act(Wager(position=2, to=4), Wager(position=0, to=6), Wager(position=1, to=8))
    assert s.deal.legal().can_wager
    s.act(Wager(position=2, to=10))
    legal = s.deal.legal()
    assert legal.position == 0
    assert not legal.can_wager
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=0, to=12))
    assert {c.id for c in refused.value.citations} >= {"betting.3.2"}


def test_betting_4_raising_is_unlimited_heads_up():
    s = fl(players=2)
    to = 2
    player = s.deal.legal().position
    for _ in range(8):
        to += 2
        s.act(Wager(position=player, to=to))
        player = s.deal.legal().position
    assert s.deal.legal().can_wager


def test_betting_4_heads_up_before_the_cap_is_uncapped():
    s = fl()
    s.act(Fold(position=2))
    for player, to in [(0, 4), (1, 6), (0, 8), (1, 10), (0, 12)]:
        s.act(Wager(position=player, to=to))
    assert s.deal.legal().can_wager


def test_betting_4_a_capped_round_stays_capped_after_a_fold():
    s = fl(players=4)
    s.act(Wager(position=2, to=4), Wager(position=3, to=6), Wager(position=0, to=8))
    s.act(Fold(position=1), Fold(position=2))
    legal = s.deal.legal()
    assert legal.position == 3
    assert not legal.can_wager
    with pytest.raises(IllegalAction, match="capped"):
        s.deal.apply(Wager(position=3, to=10))


# --- betting.5: minimum wager -----------------------------------------------------------------


def test_betting_5_a_bet_is_at_least_the_big_blind():
    s = nl3()
    s.act(Call(position=2), Call(position=0), Check(position=1))
    legal = s.deal.legal()
    assert (legal.min_to, legal.check) == (2, True)
    unchanged(s.deal, Wager(position=0, to=1))


def test_betting_5_a_raise_is_at_least_the_last_raise():
    s = nl3()
    s.act(Wager(position=2, to=10))
    legal = s.deal.legal()
    assert legal.min_to == 18
    unchanged(s.deal, Wager(position=0, to=15))
    s.act(Wager(position=0, to=18))
    assert s.deal.legal().min_to == 26


def test_betting_5_an_all_in_may_be_less_than_the_minimum():
    s = nl3(stacks=(100, 100, 3))
    legal = s.deal.legal()
    assert (legal.min_to, legal.max_to) == (3, 3)
    events = s.act(Wager(position=2, to=3))
    assert events[0] == ev.Wagered(
        position=2, to=3, amount=3, full=False, all_in=True, citations=events[0].citations
    )


# --- betting.6: the half-bet rule at limit ---------------------------------------------------


def limit20(stacks: tuple[int, ...]) -> Scripted:
    s = Scripted(
        HOLDEM,
        structure=FL,
        stakes=Stakes(blinds=(10, 20), small_bet=20, big_bet=40),
        stacks=stacks,
        holes=HANDS3,
        board=BOARD,
    )
    s.act(Call(position=2), Call(position=0), Check(position=1))
    return s


def test_betting_6_an_all_in_of_half_a_bet_or_more_is_a_full_bet():
    s = limit20((1000, 1000, 35))
    s.act(Check(position=0), Check(position=1), Wager(position=2, to=15))
    legal = s.deal.legal()
    assert legal.position == 0
    assert (legal.call, legal.min_to, legal.max_to) == (15, 35, 35)


def test_betting_6_less_than_half_a_bet_does_not_reopen_the_betting():
    s = limit20((1000, 1000, 45))
    s.act(Wager(position=0, to=20), Call(position=1), Wager(position=2, to=25))
    legal = s.deal.legal()
    assert legal.position == 0
    assert legal.call == 5
    assert not legal.can_wager
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=0, to=45))
    assert [c.id for c in refused.value.citations] == ["betting.6"]


def test_betting_6_facing_less_than_half_a_bet_a_player_may_complete():
    s = limit20((25, 1000, 1000))
    s.act(Wager(position=0, to=5))
    legal = s.deal.legal()
    assert legal.position == 1
    assert (legal.fold, legal.call, legal.min_to, legal.max_to) == (True, 5, 20, 20)
    s.act(Wager(position=1, to=20))
    assert s.deal.legal().min_to == 40


# --- betting.7: short all-ins at no-limit --------------------------------------------------------


def test_betting_7_a_short_all_in_does_not_reopen_for_players_who_acted():
    s = nl3(stacks=(13, 100, 100))
    s.act(Wager(position=2, to=10), Wager(position=0, to=13))
    bb = s.deal.legal()
    assert bb.position == 1
    assert bb.can_wager
    assert bb.min_to == 21
    s.act(Call(position=1))
    legal = s.deal.legal()
    assert legal.position == 2
    assert legal.call == 3
    assert not legal.can_wager
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=2, to=30))
    assert [c.id for c in refused.value.citations] == ["betting.7"]


def test_blinds_3_the_big_blind_keeps_the_option_after_a_short_all_in():
    # Older printing, rule 3: an all-in for less than a raise leaves the option.
    s = nl3(stacks=(3, 100, 100))
    s.act(Call(position=2), Wager(position=0, to=3))
    legal = s.deal.legal()
    assert legal.position == 1
    assert legal.can_wager
    assert legal.min_to == 5


def test_blinds_3_the_big_blind_has_the_option_when_everyone_calls():
    s = nl3()
    s.act(Call(position=2), Call(position=0))
    legal = s.deal.legal()
    assert legal.position == 1
    assert legal.check
    assert legal.can_wager


# --- blinds ------------------------------------------------------------------------------------


def test_blinds_intro_who_posts_and_who_acts_first():
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100,) * 4,
        holes=["As Kd", "7c 2d", "Qh Qs", "Jc Tc"],
        board=BOARD,
    )
    posts = s.of(ev.BlindPosted)
    assert [(e.position, e.amount) for e in posts] == [(0, 1), (1, 2)]
    assert s.deal.legal().position == 2
    s.act(Call(position=2), Call(position=3), Fold(position=0), Check(position=1))
    # After the first round, the first active player left of the button acts.
    assert s.deal.legal().position == 1


def test_blinds_1_the_bring_in_stays_the_big_blind_when_it_is_short():
    s = nl3(stacks=(100, 1, 100))
    posts = s.of(ev.BlindPosted)
    assert [(e.position, e.amount) for e in posts] == [(0, 1), (1, 1)]
    legal = s.deal.legal()
    assert legal.position == 2
    assert legal.call == 2
    assert legal.min_to == 4


def test_blinds_4_heads_up_the_button_posts_the_small_blind():
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100),
        holes=["As Kd", "7c 2d"],
        board=BOARD,
    )
    posts = s.of(ev.BlindPosted)
    assert {(e.position, e.amount) for e in posts} == {(1, 1), (0, 2)}
    assert all(c.id == "blinds.4" for e in posts for c in e.citations)
    assert s.deal.legal().position == 1  # the button acts first before the flop
    s.act(Call(position=1), Check(position=0))
    assert s.deal.legal().position == 0  # and last after it


# --- turns, table stakes, folding ----------------------------------------------------------------


def test_conduct_improper_1_acting_out_of_turn_is_refused():
    s = nl3()
    before = len(s.deal.events)
    with pytest.raises(OutOfTurn) as refused:
        s.deal.apply(Call(position=0))
    assert "position 2's turn" in str(refused.value)
    assert len(s.deal.events) == before


def test_policies_6_only_the_chips_in_front_play():
    s = nl3(stacks=(100, 100, 50))
    legal = s.deal.legal()
    assert legal.max_to == 50
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=2, to=60))
    assert [c.id for c in refused.value.citations] == ["policies.6"]


def test_dead_hands_1_1_a_fold_facing_a_bet_kills_the_hand():
    s = nl3()
    events = s.act(Wager(position=2, to=6), Fold(position=0))
    folded = [e for e in events if isinstance(e, ev.Folded)]
    assert [c.id for e in folded for c in e.citations] == ["dead-hands.1.1"]
    assert s.deal.folded(0)
    s.act(Fold(position=1))
    assert s.deal.is_over
    assert s.awarded() == {2: 5}  # the uncalled 4 went back first


def test_an_uncalled_bet_goes_back():
    s = nl3()
    events = s.act(Wager(position=2, to=20), Fold(position=0), Fold(position=1))
    returned = [e for e in events if isinstance(e, ev.BetReturned)]
    assert returned == [ev.BetReturned(position=2, amount=18)]
    assert s.deal.stacks == (99, 98, 103)


def test_stud_bring_in_then_complete():
    from floorman.games import SEVEN_CARD_STUD

    s = Scripted(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=2, small_bet=5, big_bet=10),
        stacks=(100, 100, 100),
        holes=["As Ks 9c", "Qd Jd 2c", "Th Tc 5h"],
    )
    legal = s.deal.legal()
    assert legal.position == 1  # the deuce of clubs brings it in
    assert (legal.bring_in, legal.min_to, legal.max_to) == (2, 5, 5)
    s.act(BringIn(position=1))
    legal = s.deal.legal()
    assert legal.position == 2
    assert (legal.call, legal.min_to) == (2, 5)
    s.act(Wager(position=2, to=5))
    assert s.deal.legal().min_to == 10


def test_random_deals_end_with_every_chip_accounted_for():
    deal = Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(50, 80, 120),
        shuffler=SeededShuffler(5),
    )
    while not deal.is_over:
        legal = deal.legal()
        assert legal.turn is Turn.BET
        deal.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    assert sum(deal.stacks) == 250
    assert deal.events[-1] == ev.DealEnded(stacks=deal.stacks)


# --- betting.8, betting.9 ----------------------------------------------------------------------


def test_betting_8_chips_smaller_than_the_smallest_do_not_play():
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(5, 10), chip=5),
        stacks=(100, 100, 103),
        holes=HANDS3,
        board=BOARD,
    )
    legal = s.deal.legal()
    assert legal.max_to == 100  # the odd 3 do not play
    unchanged(s.deal, Wager(position=2, to=27))
    with pytest.raises(IllegalAction) as refused:
        s.deal.apply(Wager(position=2, to=27))
    assert [c.id for c in refused.value.citations] == ["betting.8"]
    s.act(Wager(position=2, to=100))
    assert s.deal.stacks[2] == 3


def test_betting_9_an_action_taken_is_binding():
    s = nl3()
    s.act(Call(position=2))
    # The caller cannot take it back or act again in place of the next player.
    with pytest.raises(OutOfTurn):
        s.deal.apply(Wager(position=2, to=10))
    assert s.deal.events[-1] == ev.Called(position=2, amount=2)


# --- stud: the bring-in and who acts first --------------------------------------------------------


def test_razz_the_highest_up_card_brings_it_in_and_the_lowest_hand_acts_first():
    from floorman.games import RAZZ

    s = Scripted(
        RAZZ,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=1, small_bet=4, big_bet=8),
        stacks=(100, 100, 100),
        holes=["As 2s Kd 9c", "3d 4d Kc 5h", "6h 7h 8s Qd"],
    )
    assert s.deal.legal().position == 0  # Kd beats Kc by suit (RRP5 ties.1)
    s.act(BringIn(position=0), Call(position=1), Call(position=2))
    # Fourth street: K-9, K-5 and Q-8 showing; razz reads the highest card
    # first, so Q-8 is the lowest hand.
    assert s.deal.legal().position == 2


def test_stud_the_highest_hand_showing_acts_first_on_later_streets():
    from floorman.games import SEVEN_CARD_STUD

    s = Scripted(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=1, small_bet=4, big_bet=8),
        stacks=(100, 100, 100),
        holes=["As 2s 3d 9c", "Kd Qd 4c 4h", "6h 7h Ac Kc"],
    )
    assert s.deal.legal().position == 0  # the trey of diamonds is the lowest up card
    s.act(BringIn(position=0), Call(position=1), Call(position=2))
    assert s.deal.legal().position == 1  # a pair of fours showing


def test_the_log_rebuilds_the_deal():
    from floorman.deal import rebuild

    s = nl3(stacks=(40, 100, 100))
    s.act(Wager(position=2, to=10), Wager(position=0, to=40), Call(position=1), Fold(position=2))
    again = rebuild(s.deal.events, like=s.deal)
    assert again.stacks == s.deal.stacks
    assert again.events == s.deal.events
    with pytest.raises(NotationError, match="does not replay"):
        rebuild(s.deal.events[:-3] + s.deal.events[-1:], like=s.deal)
