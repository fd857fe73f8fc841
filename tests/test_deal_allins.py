"""Short all-ins that add up (RRP5 betting.6, betting.7, blinds.3), wagers capped by
what the opponents can match (RRP5 betting.5, policies.6), and folding when a
check is possible (RRP5 betting.9, dead-hands.1.2)."""

from __future__ import annotations

import pytest

from floorman.deal import Call, Check, Deal, Fold, Stakes, Turn, Wager
from floorman.deal import events as ev
from floorman.errors import IllegalAction
from floorman.games import HOLDEM, RuleSet, Structure

from .dealing import Scripted

NL = Structure.NO_LIMIT
PL = Structure.POT_LIMIT
FL = Structure.FIXED_LIMIT

HOLES = ["As Kd", "7c 2d", "Qh Qs", "Jc Tc", "9d 9h", "8s 4s"]
BOARD = "2s 5h 9c Jd 3h"


def table(
    structure: Structure,
    stacks: tuple[int, ...],
    *,
    blinds: tuple[int, ...] = (5, 10),
    big_blind: int | None = None,
    rules: RuleSet = RuleSet.ROBERTS,
) -> Scripted:
    limit = structure is FL
    s = Scripted(
        HOLDEM,
        structure=structure,
        stakes=Stakes(
            blinds=blinds,
            big_blind=big_blind,
            small_bet=20 if limit else 0,
            big_bet=40 if limit else 0,
        ),
        stacks=stacks,
        holes=HOLES[: len(stacks)],
        board=BOARD,
    )
    s.deal.rules = rules
    return s


def refused(deal: Deal, action: Wager) -> list[str]:
    """The action is refused, changing nothing; the rules the refusal cites."""
    before = (len(deal.events), deal.stacks, deal.legal())
    with pytest.raises(IllegalAction) as error:
        deal.apply(action)
    assert (len(deal.events), deal.stacks, deal.legal()) == before
    return [c.id for c in error.value.citations]


# --- betting.7: short all-ins that add up to a full raise -----------------------------------


@pytest.mark.parametrize("structure", [NL, PL], ids=["no-limit", "pot-limit"])
def test_betting_7_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting(structure):
    # Blinds 5/10; position 2 raises to 30 (a raise of 20). Two all-ins, to 40 and
    # to 50, are each short of a raise of 20; together they raise 30 by 20.
    s = table(structure, (1000, 1000, 1000, 40, 50))
    s.act(Wager(position=2, to=30), Wager(position=3, to=40), Wager(position=4, to=50))
    s.act(Fold(position=0), Call(position=1))
    legal = s.deal.legal()
    assert legal.position == 2
    assert legal.call == 20
    assert legal.can_wager
    assert legal.min_to == 70
    events = s.act(Wager(position=2, to=70))
    assert events[0] == ev.Wagered(position=2, to=70, amount=40)


@pytest.mark.parametrize("structure", [NL, PL], ids=["no-limit", "pot-limit"])
def test_betting_7_short_all_ins_short_of_a_full_raise_together_do_not_reopen(structure):
    s = table(structure, (1000, 1000, 1000, 40, 45))
    s.act(Wager(position=2, to=30), Wager(position=3, to=40), Wager(position=4, to=45))
    s.act(Fold(position=0), Call(position=1))
    legal = s.deal.legal()
    assert (legal.position, legal.call, legal.can_wager) == (2, 15, False)
    assert refused(s.deal, Wager(position=2, to=65)) == ["betting.7"]


def test_betting_7_each_player_is_measured_from_his_own_last_action():
    # Position 4 called the first all-in (to 40); the second takes the bet to 50.
    # The raiser faces 20 more since he acted, a full raise; the caller only 10.
    s = table(NL, (50, 1000, 1000, 40, 1000))
    s.act(Wager(position=2, to=30), Wager(position=3, to=40), Call(position=4))
    s.act(Wager(position=0, to=50), Call(position=1))
    raiser = s.deal.legal()
    assert (raiser.position, raiser.can_wager, raiser.min_to) == (2, True, 70)
    s.act(Call(position=2))
    caller = s.deal.legal()
    assert (caller.position, caller.call, caller.can_wager) == (4, 10, False)
    assert refused(s.deal, Wager(position=4, to=70)) == ["betting.7"]


def test_betting_7_short_all_ins_adding_up_to_the_minimum_bet_reopen_after_a_check():
    # After the flop a player checks; an all-in bet of 6 and an all-in raise to 12
    # are each short of the minimum bet of 10; together they make it.
    s = table(NL, (1000, 1000, 16, 22))
    s.act(Call(position=2), Call(position=3), Call(position=0), Check(position=1))
    s.act(Check(position=0), Check(position=1))
    s.act(Wager(position=2, to=6), Wager(position=3, to=12))
    legal = s.deal.legal()
    assert (legal.position, legal.call, legal.can_wager, legal.min_to) == (0, 12, True, 22)


def test_blinds_3_the_straddle_keeps_its_option_after_short_all_ins():
    # Blinds 5 and 10 and a live straddle of 20 by position 2, which plays as the
    # big blind (a raise is 20 more): all-ins to 25 and to 30, each short of a
    # raise, leave the straddle its option to raise.
    s = table(NL, (1000, 1000, 1000, 25, 30, 1000), blinds=(5, 10, 20), big_blind=2)
    s.act(Wager(position=3, to=25), Wager(position=4, to=30), Call(position=5))
    s.act(Fold(position=0), Fold(position=1))
    legal = s.deal.legal()
    assert (legal.position, legal.call, legal.can_wager, legal.min_to) == (2, 10, True, 50)
    s.act(Call(position=2))
    caller = s.deal.legal()
    assert caller.turn is not Turn.BET or caller.position != 5


# --- betting.6: the half-bet rule with several all-ins ----------------------------------------


def limit_flop(stacks: tuple[int, ...]) -> Scripted:
    """Limit hold'em 10/20 (bets of 20 on the flop), everyone in for 20 preflop."""
    s = table(FL, stacks, blinds=(10, 20))
    while s.deal.street == 0:
        legal = s.deal.legal()
        s.act(Call(position=legal.position) if legal.call else Check(position=legal.position))
    return s


def test_betting_6_all_ins_adding_up_to_half_a_bet_reopen_the_betting():
    # On the flop position 0 bets 20; all-ins to 25 and to 30 add 10 to it, half
    # a bet, which counts as a full bet: the bettor may raise a full bet to 50.
    s = limit_flop((1000, 45, 50, 1000))
    s.act(Wager(position=0, to=20), Wager(position=1, to=25), Wager(position=2, to=30))
    s.act(Call(position=3))
    legal = s.deal.legal()
    assert (legal.position, legal.call, legal.min_to, legal.max_to) == (0, 10, 50, 50)


def test_betting_6_all_ins_short_of_half_a_bet_together_do_not_reopen():
    s = limit_flop((1000, 44, 49, 1000))
    s.act(Wager(position=0, to=20), Wager(position=1, to=24), Wager(position=2, to=29))
    s.act(Call(position=3))
    legal = s.deal.legal()
    assert (legal.position, legal.call, legal.can_wager) == (0, 9, False)
    assert refused(s.deal, Wager(position=0, to=49)) == ["betting.6"]


def test_betting_6_a_player_who_called_an_all_in_faces_only_what_came_after():
    # Position 2 called the all-in to 28; the all-in to 33 is 5 more for it, less
    # than half a bet, though 13 more for the bettor, who may raise.
    s = limit_flop((1000, 48, 1000, 53))
    s.act(Wager(position=0, to=20), Wager(position=1, to=28), Call(position=2))
    s.act(Wager(position=3, to=33))
    bettor = s.deal.legal()
    assert (bettor.position, bettor.call, bettor.min_to) == (0, 13, 53)
    s.act(Call(position=0))
    caller = s.deal.legal()
    assert (caller.position, caller.call, caller.can_wager) == (2, 5, False)
    assert refused(s.deal, Wager(position=2, to=53)) == ["betting.6"]


# --- betting.5, policies.6: a wager capped by what the opponents can match -------------------


RULES = pytest.mark.parametrize("rules", list(RuleSet), ids=[r.value for r in RuleSet])


@RULES
def test_betting_5_a_limit_raise_to_what_the_only_opponent_can_match_is_a_full_raise(rules):
    # On the flop position 0 bets 20 and has 10 left; a full raise is to 40, but
    # 30 is all position 0 can match, and a raise to 30 is the same wager.
    s = limit_flop((50, 1000, 1000))
    s.act(Wager(position=0, to=20), Fold(position=1))
    s.deal.rules = rules
    legal = s.deal.legal()
    assert (legal.position, legal.call, legal.min_to, legal.max_to) == (2, 20, 30, 40)
    assert refused(s.deal, Wager(position=2, to=25)) == ["betting.5"]
    events = s.act(Wager(position=2, to=30))
    assert events[0] == ev.Wagered(
        position=2, to=30, amount=30, full=True, citations=events[0].citations
    )
    assert [c.id for c in events[0].citations] == ["betting.5", "policies.6"]


@RULES
@pytest.mark.parametrize(
    ("structure", "most"), [(FL, 60), (PL, 120), (NL, 1000)], ids=["limit", "pot-limit", "no-limit"]
)
def test_betting_5_a_wager_above_what_anyone_can_match_is_the_same_wager(structure, most, rules):
    """Blinds 10/20: the small blind raises to 40 holding 50 in all. The big blind
    may raise to 50, however short of a full raise, or to the most the structure
    allows; both are the same wager: the excess comes back (RRP5 policies.6)."""
    finals = []
    for to in (50, most):
        s = table(structure, (50, 1000, 1000), blinds=(10, 20), rules=rules)
        s.act(Fold(position=2), Wager(position=0, to=40))
        legal = s.deal.legal()
        assert (legal.position, legal.call, legal.min_to, legal.max_to) == (1, 20, 50, most)
        wagered = s.act(Wager(position=1, to=to))[0]
        assert isinstance(wagered, ev.Wagered)
        assert wagered.full
        s.act(Call(position=0))
        returned = s.of(ev.BetReturned)
        assert returned == ([ev.BetReturned(position=1, amount=to - 50)] if to > 50 else [])
        assert s.deal.is_over
        finals.append(s.deal.stacks)
    assert finals[0] == finals[1]


# --- betting.9, dead-hands.1.2: folding when a check is possible ------------------------------


def test_betting_9_a_fold_when_a_check_is_possible_is_accepted_and_binds():
    s = table(NL, (100, 100, 100), blinds=(1, 2))
    s.act(Call(position=2), Call(position=0), Check(position=1))
    legal = s.deal.legal()
    assert (legal.position, legal.check, legal.fold, legal.needless_fold) == (0, True, True, True)
    (folded,) = s.act(Fold(position=0))
    assert folded == ev.Folded(position=0, citations=folded.citations)
    assert [c.id for c in folded.citations] == ["betting.9", "dead-hands.1.2"]
    assert s.deal.folded(0)
    assert s.deal.legal().position == 1


def test_dead_hands_1_1_a_fold_facing_a_bet_is_no_needless_fold():
    s = table(NL, (100, 100, 100), blinds=(1, 2))
    legal = s.deal.legal()
    assert (legal.fold, legal.check, legal.needless_fold) == (True, False, False)
    (folded,) = s.act(Fold(position=2))
    assert [c.id for c in folded.citations] == ["dead-hands.1.1"]


def test_betting_9_the_big_blind_may_fold_its_option():
    s = table(NL, (100, 100, 100), blinds=(1, 2))
    s.act(Call(position=2), Call(position=0))
    legal = s.deal.legal()
    assert (legal.position, legal.needless_fold) == (1, True)
    s.act(Fold(position=1))
    assert s.deal.folded(1)
    assert s.deal.street == 1
