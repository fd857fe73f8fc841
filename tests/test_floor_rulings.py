"""The floorperson's rulings on a deal: RRP5 misdeals, dead-hands, irregularities, decisions."""

from __future__ import annotations

import pytest

from floorman.deal import BringIn, Call, Check, Deal, Fold, Stakes, Wager, rebuild
from floorman.deal import events as ev
from floorman.errors import FloorError, IllegalAction
from floorman.floor import (
    CardsDropped,
    CardsShown,
    DeadHandCause,
    DealingError,
    DuplicateCard,
    ForeignCard,
    HandInQuestion,
    MisdealCause,
    MissingCards,
    MuckedHand,
    decide,
    decide_at_table,
    rule,
    rule_at_table,
)
from floorman.games import FIVE_CARD_DRAW, HOLDEM, SEVEN_CARD_STUD, Structure
from floorman.shuffle import SeededShuffler
from floorman.table import events as tev

NL = Structure.NO_LIMIT
FL = Structure.FIXED_LIMIT
STACKS = (100, 100, 100, 100)


def holdem(stacks=STACKS, antes=()) -> Deal:
    return Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2), antes=antes),
        stacks=stacks,
        shuffler=SeededShuffler(4),
    )


def ids(ruling) -> list[str]:
    return [c.id for c in ruling.citations]


def misdeal_in_time(cause: MisdealCause) -> None:
    """Called before two players act: a misdeal, every chip back, the log replays."""
    deal = holdem(antes=(1, 1, 1, 1))
    deal.apply(Call(position=2))  # one player has acted
    ruling = rule(deal, DealingError(cause=cause))
    assert ids(ruling) == ["misdeals.1", cause.rule]
    assert ruling.decision.startswith("misdeal")
    assert deal.is_over
    assert deal.voided
    assert deal.stacks == STACKS
    assert rebuild(deal.events, like=deal).stacks == STACKS


def test_misdeals_1_1_first_card_exposed() -> None:
    misdeal_in_time(MisdealCause.FIRST_CARDS_EXPOSED)


def test_misdeals_1_2_two_cards_exposed_by_the_dealer() -> None:
    misdeal_in_time(MisdealCause.TWO_CARDS_EXPOSED)


def test_misdeals_1_3_two_boxed_cards() -> None:
    misdeal_in_time(MisdealCause.TWO_BOXED_CARDS)


def test_misdeals_1_4_two_extra_cards_in_the_starting_hands() -> None:
    misdeal_in_time(MisdealCause.TWO_EXTRA_CARDS)


def test_misdeals_1_5_wrong_number_of_cards_to_a_player() -> None:
    misdeal_in_time(MisdealCause.WRONG_NUMBER_OF_CARDS)


def test_misdeals_1_6_card_dealt_out_of_sequence() -> None:
    misdeal_in_time(MisdealCause.OUT_OF_SEQUENCE)


def test_misdeals_1_7_button_out_of_position() -> None:
    misdeal_in_time(MisdealCause.BUTTON_OUT_OF_POSITION)


def test_misdeals_1_8_first_card_to_the_wrong_seat() -> None:
    misdeal_in_time(MisdealCause.FIRST_CARD_TO_WRONG_SEAT)


def test_misdeals_1_9_cards_dealt_to_an_empty_seat() -> None:
    misdeal_in_time(MisdealCause.DEALT_TO_EMPTY_SEAT)


def test_misdeals_1_10_a_player_entitled_to_a_hand_dealt_out() -> None:
    misdeal_in_time(MisdealCause.PLAYER_DEALT_OUT)
    away = holdem()
    ruling = rule(away, DealingError(cause=MisdealCause.PLAYER_DEALT_OUT, entitled=False))
    assert not away.is_over
    assert ids(ruling) == ["misdeals.1.10"]


def test_misdeals_2_after_two_players_act_the_deal_is_played_out() -> None:
    deal = holdem()
    deal.apply(Call(position=2))
    deal.apply(Fold(position=3))
    ruling = rule(deal, DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED))
    assert ids(ruling) == ["decisions.3", "misdeals.1", "misdeals.2"]
    assert ruling.events == ()
    assert not deal.is_over
    assert deal.legal().position == 0


def test_decisions_3_an_error_called_late_costs_the_misdeal() -> None:
    deal = holdem()
    deal.apply(Call(position=2))
    in_time = holdem()
    in_time.apply(Call(position=2))
    rule(in_time, DealingError(cause=MisdealCause.OUT_OF_SEQUENCE))
    assert in_time.voided
    deal.apply(Call(position=3))
    late = rule(deal, DealingError(cause=MisdealCause.OUT_OF_SEQUENCE))
    assert "decisions.3" in ids(late)
    assert not deal.is_over


# ------------------------------------------------------------------ dead hands


def test_dead_hands_1_1_folding_facing_a_bet_kills_the_hand() -> None:
    deal = holdem()
    deal.apply(Wager(position=2, to=6))
    ruling = rule(deal, HandInQuestion(position=0, cause=DeadHandCause.FOLDED_FACING_BET))
    assert ids(ruling) == ["dead-hands.1.1"]
    assert deal.folded(0)
    assert isinstance(ruling.events[0], ev.HandKilled)
    # The killed hand is out of turn; play goes on with the next player.
    assert deal.legal().position == 3
    assert rebuild(deal.events, like=deal).folded(0)


def test_dead_hands_1_1_not_facing_a_bet_the_hand_stays_live() -> None:
    deal = holdem()
    deal.apply(Call(position=2))
    deal.apply(Call(position=3))
    deal.apply(Call(position=0))
    ruling = rule(deal, HandInQuestion(position=1, cause=DeadHandCause.FOLDED_FACING_BET))
    assert not deal.folded(1)
    assert ruling.events == ()


def test_dead_hands_1_2_a_hand_thrown_forward_is_dead() -> None:
    deal = holdem(stacks=(100, 100))
    ruling = rule(deal, HandInQuestion(position=0, cause=DeadHandCause.THROWN_FORWARD))
    assert ids(ruling) == ["dead-hands.1.2"]
    assert deal.is_over  # heads-up, the other hand wins what is in the pot
    assert sum(deal.stacks) == 200


def test_dead_hands_1_3_stud_upcards_disturbed_facing_a_bet() -> None:
    deal = Deal(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=1, small_bet=2, big_bet=4),
        stacks=(50, 50, 50),
        shuffler=SeededShuffler(1),
    )
    bring_in = deal.legal().position
    assert bring_in is not None
    deal.apply(Wager(position=bring_in, to=2))
    victim = (bring_in + 1) % 3
    ruling = rule(deal, HandInQuestion(position=victim, cause=DeadHandCause.STUD_UPCARDS_DISTURBED))
    assert ids(ruling) == ["dead-hands.1.3"]
    assert deal.folded(victim)
    assert sum(deal.stacks) + deal.pot == 150
    holdem_deal = holdem()
    rule(holdem_deal, HandInQuestion(position=2, cause=DeadHandCause.STUD_UPCARDS_DISTURBED))
    assert not holdem_deal.folded(2)


def test_dead_hands_1_4_wrong_number_of_cards() -> None:
    deal = holdem()
    ruling = rule(
        deal, HandInQuestion(position=2, cause=DeadHandCause.WRONG_NUMBER_OF_CARDS, cards=3)
    )
    assert ids(ruling) == ["dead-hands.1.4"]
    assert deal.folded(2)
    proper = holdem()
    rule(proper, HandInQuestion(position=2, cause=DeadHandCause.WRONG_NUMBER_OF_CARDS, cards=2))
    assert not proper.folded(2)


def test_dead_hands_1_4_at_draw_a_short_hand_before_the_draw_plays() -> None:
    deal = Deal(
        FIVE_CARD_DRAW,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100, 100),
        shuffler=SeededShuffler(3),
    )
    ruling = rule(
        deal, HandInQuestion(position=2, cause=DeadHandCause.WRONG_NUMBER_OF_CARDS, cards=4)
    )
    assert not deal.folded(2)
    assert "live" in ruling.decision


def test_dead_hands_1_4_stud_missing_the_final_card_is_management_s_call() -> None:
    deal = Deal(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1), bring_in=1, small_bet=2, big_bet=4),
        stacks=(50, 50),
        shuffler=SeededShuffler(1),
    )
    while deal.street < len(deal.game.streets) - 1:
        legal = deal.legal()
        assert legal.position is not None
        if legal.bring_in:
            deal.apply(BringIn(position=legal.position))
        else:
            deal.apply(
                Call(position=legal.position) if legal.call else Check(position=legal.position)
            )
    report = HandInQuestion(position=0, cause=DeadHandCause.WRONG_NUMBER_OF_CARDS, cards=6)
    ruling = rule(deal, report)
    assert ruling.needs_decision
    assert ruling.options == ("live", "dead")
    assert not deal.folded(0)
    decided = decide(deal, report, "live")
    assert "decisions.1" in ids(decided)
    assert not deal.folded(0)


def test_dead_hands_1_5_acting_on_a_joker_kills_the_hand() -> None:
    deal = holdem()
    deal.apply(Call(position=2))
    rule(deal, HandInQuestion(position=2, cause=DeadHandCause.ACTED_ON_JOKER))
    assert deal.folded(2)


def test_dead_hands_1_6_time_runs_out_facing_a_bet() -> None:
    deal = holdem()
    ruling = rule(deal, HandInQuestion(position=2, cause=DeadHandCause.CLOCK_EXPIRED))
    assert ids(ruling) == ["dead-hands.1.6"]
    assert deal.folded(2)
    assert deal.legal().position == 3


def test_dead_hands_2_retrieving_a_mucked_hand_is_management_s_call() -> None:
    deal = holdem()
    ruling = rule(deal, MuckedHand(position=3))
    assert ruling.options == ("dead", "retrieve")
    assert ruling.events == ()
    assert not deal.folded(3)
    with pytest.raises(IllegalAction) as refused:
        decide(deal, MuckedHand(position=3), "split the pot")
    assert "decisions.1" in str(refused.value)
    decided = decide(deal, MuckedHand(position=3), "dead")
    assert deal.folded(3)
    assert ids(decided) == ["dead-hands.2"]


def test_dead_hands_3_cards_thrown_into_another_hand_are_dead() -> None:
    deal = holdem()
    rule(deal, HandInQuestion(position=3, cause=DeadHandCause.THROWN_INTO_ANOTHER_HAND))
    assert deal.folded(3)


# -------------------------------------------------------------- irregularities


def test_irregularities_3_a_different_back_voids_the_deal() -> None:
    deal = holdem()
    deal.apply(Wager(position=2, to=10))
    deal.apply(Call(position=3))
    ruling = rule(deal, ForeignCard())
    assert ids(ruling) == ["irregularities.3"]
    assert deal.voided
    assert deal.stacks == STACKS


def test_irregularities_3_a_different_back_in_the_stub_leaves_the_action() -> None:
    deal = holdem()
    deal.apply(Wager(position=2, to=10))
    ruling = rule(deal, ForeignCard(in_stub=True))
    assert ruling.events == ()
    assert not deal.is_over


def test_irregularities_4_a_duplicate_card_voids_the_deal() -> None:
    deal = holdem()
    deal.apply(Wager(position=2, to=10))
    rule(deal, DuplicateCard())
    assert deal.voided
    assert deal.stacks == STACKS


def test_irregularities_5_a_freeroll_is_management_s_call() -> None:
    deal = holdem()
    deal.apply(Wager(position=2, to=10))
    ruling = rule(deal, DuplicateCard(knew=2))
    assert ruling.needs_decision
    assert not deal.is_over
    decide(deal, DuplicateCard(knew=2), "refund everyone")
    assert deal.stacks == STACKS


def test_irregularities_10_missing_cards_change_nothing() -> None:
    deal = holdem()
    before = list(deal.events)
    ruling = rule(deal, MissingCards())
    assert deal.events == before
    assert ids(ruling) == ["irregularities.10"]


def test_irregularities_14_dropped_cards_play() -> None:
    deal = holdem()
    ruling = rule(deal, CardsDropped(position=1))
    assert not deal.folded(1)
    assert ids(ruling) == ["irregularities.14"]


def test_decisions_5_no_ruling_on_a_deal_that_is_over() -> None:
    deal = holdem(stacks=(100, 100))
    deal.apply(Fold(position=1))
    with pytest.raises(IllegalAction) as refused:
        rule(deal, ForeignCard())
    assert "decisions.5" in str(refused.value)


# ------------------------------------------------------------------ at a table


def test_misdeals_1_at_a_table_the_deal_is_dealt_again_with_the_same_button() -> None:
    from floorman.table import events as tev

    from .table_helpers import make, play, spots

    table = make(players=(1, 2, 3, 4, 5), seats=9)
    while table.first_round:
        play(table)
    table.sit(7, "new", 100, post=True)
    deal = table.start_deal()
    first = table.last_start
    assert first is not None
    assert (7, 2, False) in [(p.seat, p.amount, p.dead) for p in first.posts]
    before = dict(table.stacks)
    rule_at_table(table, DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED))
    assert deal.voided
    assert not table.in_deal
    finished = [e for e in table.events if isinstance(e, tev.DealFinished)][-1]
    assert finished.voided
    assert table.stacks == before
    again = play(table)
    assert spots(again) == spots(first)
    assert again.posts == first.posts
    assert again.dealt_in == first.dealt_in
    assert table.chips == table.bought - table.taken


def test_rulings_in_hand_histories() -> None:
    import datetime

    from floorman.errors import ConfigError, NotationError
    from floorman.formats.pokerstars import StarsHeader, write_pokerstars
    from floorman.formats.replay import history_from_deal

    header = StarsHeader(
        hand_id=1,
        table="T",
        max_seats=6,
        seats=(1, 2, 3, 4),
        names=("a", "b", "c", "d"),
        started=datetime.datetime(2026, 11, 30),
    )
    killed = holdem()
    killed.apply(Wager(position=2, to=6))
    rule(killed, HandInQuestion(position=0, cause=DeadHandCause.FOLDED_FACING_BET))
    for p in (3, 1):
        killed.apply(Fold(position=p))
    text = write_pokerstars(killed, header)
    assert text.index("a: folds") < text.index("d: folds")
    with pytest.raises(NotationError):
        history_from_deal(killed)
    voided = holdem()
    rule(voided, ForeignCard())
    with pytest.raises(ConfigError):
        write_pokerstars(voided, header)


def test_floorman_rule_shows_the_rulings_that_apply_a_rule(capsys) -> None:
    from floorman.cli import main
    from floorman.floor import rulings_citing

    assert main(["rule", "dead-hands.1.2"]) == 0
    out = capsys.readouterr().out
    assert "Rulings that apply it:" in out
    assert "THROWN_FORWARD" in out
    for cause in MisdealCause:
        assert rulings_citing(cause.rule)
    assert rulings_citing("blinds.9") == ()


def test_betting_9_a_declaration_in_turn_binds() -> None:
    from floorman.floor import ActionDeclared

    deal = holdem()
    ruling = rule(deal, ActionDeclared(position=2, action=Wager(position=2, to=8)))
    assert ids(ruling) == ["betting.9"]
    assert deal.bets[2] == 8
    out_of_turn = rule(deal, ActionDeclared(position=1, action=Fold(position=1)))
    assert ids(out_of_turn) == ["betting.9", "conduct.improper.1"]
    assert not deal.folded(1)
    with pytest.raises(IllegalAction):
        rule(deal, ActionDeclared(position=3, action=Wager(position=3, to=9)))  # under a full raise
    assert deal.legal().position == 3


def test_betting_9_a_fold_declared_with_no_bet_to_face_binds() -> None:
    from floorman.floor import ActionDeclared

    deal = holdem()
    while deal.legal().call:
        deal.apply(Call(position=deal.legal().position))
    big_blind = deal.legal().position
    assert deal.legal().check  # the big blind's option: it could check
    ruling = rule(deal, ActionDeclared(position=big_blind, action=Fold(position=big_blind)))
    assert ids(ruling) == ["betting.9"]
    assert deal.folded(big_blind)
    assert [c.id for c in ruling.events[0].citations] == ["betting.9", "dead-hands.1.2"]


def test_blinds_10_dealt_in_owing_a_blind() -> None:
    from floorman.floor import BlindNotPosted

    deal = holdem()
    ruling = rule(deal, BlindNotPosted(position=3))
    assert ids(ruling) == ["blinds.10"]
    assert deal.folded(3)
    live = holdem()
    live.apply(Call(position=2))
    live.apply(Call(position=3))
    ruling = rule(live, BlindNotPosted(position=3, acted=True))
    assert not live.folded(3)
    assert "next deal" in ruling.decision


def test_blinds_10_at_the_table_the_blind_owed_comes_from_the_table_record() -> None:
    from floorman.floor import BlindNotPosted, rule_at_table
    from floorman.table import ButtonMethod, Table, TableSetup

    setup = TableSetup(
        game=HOLDEM, structure=NL, blinds=(1, 2), seats=6, button=ButtonMethod.MOVING
    )
    table = Table(setup, shuffler=SeededShuffler(3), button=5)
    for seat in (1, 2, 3, 4, 5):
        table.sit(seat, f"p{seat}", 100)
    deal = table.start_deal()  # button 5, blinds 1 and 2
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    table.leave(1)
    deal = table.start_deal()  # the button passes seat 2 over for the small blind
    owing = table.positions.index(2)
    clear = table.positions.index(5)
    assert table.owes(2) == ("small",)
    assert table.owes(5) == ()
    events = len(table.events)
    with pytest.raises(FloorError) as refused:
        rule_at_table(table, BlindNotPosted(position=clear))
    assert "blinds.10" in str(refused.value)
    # At the table the refusal and the ruling name the seat, not the position.
    assert (refused.value.code, refused.value.seat) == ("no_blind_owed", 5)
    assert refused.value.message.startswith("seat 5 owes no blind")
    assert not deal.folded(clear)  # refused: nothing done to the deal
    with pytest.raises(FloorError):
        rule_at_table(table, BlindNotPosted(position=clear, acted=True))
    assert len(table.events) == events
    while deal.legal().position != owing:
        table.apply(Fold(position=deal.legal().position))
    table.apply(Call(position=owing))
    ruling = rule_at_table(table, BlindNotPosted(position=owing, acted=True))
    assert ids(ruling) == ["blinds.10"]
    assert not deal.folded(owing)
    assert "small blind" in ruling.decision
    assert ruling.decision.startswith("seat 2 acted and put chips in")
    assert table.events[-1] == tev.PostOwed(seat=2, blinds=("small",), citations=ruling.citations)


def test_irregularities_7_a_boxed_card_is_a_scrap_of_paper() -> None:
    from floorman.floor import BoxedCard

    deal = holdem()
    assert ids(rule(deal, BoxedCard())) == ["irregularities.7"]
    later = rule(deal, BoxedCard(next_dealt=True))
    assert "after every other card" in later.decision
    assert not deal.is_over


def test_irregularities_7_a_boxed_card_dealt_to_a_player_is_replaced() -> None:
    from floorman.floor import BoxedCard

    deal = holdem()
    boxed = deal.hole(1)[0]
    assert boxed is not None
    ruling = rule(deal, BoxedCard(card=boxed, position=1))
    assert ids(ruling) == ["irregularities.7"]
    (replaced,) = ruling.events
    assert isinstance(replaced, ev.CardReplaced)
    assert boxed not in deal.hole(1)
    assert replaced.new in deal.hole(1)
    assert rebuild(deal.events, like=deal).hole(1) == deal.hole(1)


def test_irregularities_7_a_boxed_card_in_the_stub_leaves_play() -> None:
    from floorman.floor import BoxedCard

    deal, twin = holdem(), holdem()
    for d in (deal, twin):
        for p in (2, 3, 0):
            d.apply(Call(position=p))
        d.apply(Check(position=1))
    # The flop is the burn and the next three cards; the first of them is boxed.
    boxed = twin.board[0]
    assert boxed is not None
    fresh = holdem()
    for p in (2, 3, 0):
        fresh.apply(Call(position=p))
    ruling = rule(fresh, BoxedCard(card=boxed))
    assert [type(e) for e in ruling.events] == [ev.CardScrapped]
    fresh.apply(Check(position=1))
    assert boxed not in fresh.board
    assert fresh.board[:2] == twin.board[1:], "the cards below the boxed card take its place"
    assert rebuild(fresh.events, like=fresh).board == fresh.board
    with pytest.raises(IllegalAction, match="not in the stub"):
        rule(fresh, BoxedCard(card=fresh.board[0]))


def test_irregularities_8_a_joker_is_scrap_paper_until_acted_on() -> None:
    from floorman.floor import JokerFound

    deal = holdem()
    before = rule(deal, JokerFound(position=2))
    assert ids(before) == ["irregularities.8", "irregularities.7"]
    assert not deal.folded(2)
    after = rule(deal, JokerFound(position=3, acted=True))
    assert ids(after) == ["irregularities.8", "irregularities.9"]
    assert deal.folded(3)


def test_irregularities_9_acting_without_looking_takes_the_liability() -> None:
    from floorman.floor import JokerFound

    deal = holdem()
    deal.apply(Call(position=2))
    ruling = rule(deal, JokerFound(position=2, acted=True))
    assert "irregularities.9" in ids(ruling)
    assert deal.folded(2)


def test_irregularities_11_one_extra_card_becomes_the_burn() -> None:
    from floorman.floor import ExtraCard

    assert ids(rule(holdem(), ExtraCard())) == ["irregularities.11"]


def test_irregularities_12_a_card_flashed_by_its_player_plays() -> None:
    from floorman.floor import ExposedCard

    ruling = rule(holdem(), ExposedCard(position=1, by_player=True))
    assert ids(ruling) == ["irregularities.12"]
    assert "plays" in ruling.decision


def test_irregularities_13_a_card_the_dealer_exposes_follows_the_form() -> None:
    from floorman.floor import ExposedCard

    board = rule(holdem(), ExposedCard(position=1))
    assert ids(board) == ["irregularities.12", "irregularities.13"]
    assert "burn" in board.decision
    stud = Deal(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1), bring_in=1, small_bet=2, big_bet=4),
        stacks=(50, 50),
        shuffler=SeededShuffler(1),
    )
    assert "stud" in rule(stud, ExposedCard(position=0)).decision


def test_irregularities_15_premature_cards_do_not_play() -> None:
    from floorman.floor import PrematureCards

    assert ids(rule(holdem(), PrematureCards())) == ["irregularities.15"]


def test_irregularities_15_a_premature_flop_goes_back_beneath_the_stub() -> None:
    from floorman.floor import PrematureCards

    deal, twin = holdem(), holdem()
    for d in (deal, twin):
        d.apply(Call(position=2))
        d.apply(Call(position=3))
    # What the stub would turn for the flop, dealt before the blinds acted.
    for p in (0, 1):
        twin.apply(Call(position=p) if p == 0 else Check(position=p))
    early = twin.board
    ruling = rule(deal, PrematureCards(cards=early))
    assert ids(ruling) == ["irregularities.15"]
    assert [type(e) for e in ruling.events] == [ev.CardsTakenBack]
    deal.apply(Call(position=0))
    deal.apply(Check(position=1))
    assert len(deal.board) == 3
    assert not set(deal.board) & set(early), "cards dealt too soon play on the flop"
    again = rebuild(deal.events, like=deal)
    assert again.board == deal.board
    # Only while the betting is open, and only cards not in play.
    with pytest.raises(IllegalAction, match="not in the stub"):
        rule(deal, PrematureCards(cards=(deal.board[0],)))
    caller = Deal(HOLDEM, structure=NL, stakes=Stakes(blinds=(1, 2)), stacks=(50, 50))
    before = list(caller.events)
    with pytest.raises(IllegalAction, match="betting round is open"):
        rule(caller, PrematureCards(cards=early))  # the hole cards are still to come
    assert caller.events == before


def test_showdown_6_show_one_show_all() -> None:
    from floorman.floor import CardsShown

    deal = holdem()
    during = rule(deal, CardsShown(position=0, to=3))
    assert ids(during) == ["showdown.6", "showdown.6.3"]
    after = rule(deal, CardsShown(position=0, to=3, after_deal=True))
    assert ids(after) == ["showdown.6", "showdown.6.1"]


def test_showdown_6_2_cards_shown_to_someone_out_of_the_hand_are_withheld() -> None:
    from floorman.floor import CardsShown

    deal = holdem()
    deal.apply(Fold(position=2))
    for to in (None, 2):
        ruling = rule(deal, CardsShown(position=3, to=to))
        assert ids(ruling) == ["showdown.6", "showdown.6.2"]
        assert "until the betting is over" in ruling.decision


def test_showdown_6_4_shown_to_a_player_done_this_round_waits_for_its_end() -> None:
    from floorman.floor import CardsShown

    deal = holdem()
    deal.apply(Wager(position=2, to=100))  # all in: no more decisions
    ruling = rule(deal, CardsShown(position=3, to=2))
    assert ids(ruling) == ["showdown.6", "showdown.6.4"]


def test_showdown_6_5_part_of_a_hand_shown_needs_no_more() -> None:
    from floorman.floor import CardsShown

    ruling = rule(holdem(), CardsShown(position=0, to=3, part=True))
    assert ids(ruling) == ["showdown.6", "showdown.6.3", "showdown.6.5"]
    assert "only the cards shown" in ruling.decision


def test_irregularities_2_an_unprotected_hand_has_no_redress() -> None:
    from floorman.floor import HandFouled

    deal = holdem()
    ruling = rule(deal, HandFouled(position=2))
    assert ids(ruling) == ["irregularities.2"]
    assert deal.folded(2)
    protected = holdem()
    report = HandFouled(position=2, protected=True)
    assert rule(protected, report).options == ("dead", "retrieve")
    assert not protected.folded(2)
    decide(protected, report, "retrieve")
    assert not protected.folded(2)


# -------------------------------------------------------- asking to see a hand


def _showdown_with_a_muck():
    """Seats 1-3, button 1: seat 2 shows 7-2, seat 3 mucks aces, seat 1 wins with kings."""
    from .table_helpers import make

    table = make(players=(1, 2, 3), seats=6)
    checked_down(table, {0: "7c 2d", 1: "As Ad", 2: "Ks Kd"}, ["4c 8d 9h", "Jc", "3s"])
    return table


def checked_down(table, holes: dict[int, str], board: list[str]) -> None:
    """A deal with the cards given, called and checked down; at the showdown
    position 1 mucks and everyone else shows."""
    from floorman.cards import parse_cards
    from floorman.deal import DealBoard, DealHole, Muck, Show, Turn

    deal = table.start_deal(shuffled=False, auto_showdown=False)
    streets = iter(board)
    while not deal.is_over:
        legal = deal.legal()
        p = legal.position
        if legal.turn is Turn.DEAL_HOLE:
            table.apply(DealHole(position=p, cards=tuple(parse_cards(holes[p]))))
        elif legal.turn is Turn.DEAL_BOARD:
            table.apply(DealBoard(cards=tuple(parse_cards(next(streets)))))
        elif legal.turn is Turn.SHOW:
            table.apply(Muck(position=p) if p == 1 else Show(position=p))
        else:
            table.apply(Call(position=p) if legal.call else Check(position=p))


def test_showdown_5_the_winner_asks_and_the_better_hand_wins() -> None:
    from floorman.floor import ask_to_see

    table = _showdown_with_a_muck()
    assert table.stacks == {1: 104, 2: 98, 3: 98}
    ruling = ask_to_see(table, asker=1, shown=3)
    assert ids(ruling) == ["showdown.5", "decisions.6"]
    assert "As Ad" in ruling.decision or "AsAd" in ruling.decision
    assert table.stacks == {1: 98, 2: 98, 3: 104}
    assert table.chips == table.bought - table.taken


def test_showdown_5_anyone_else_asking_sees_a_dead_hand() -> None:
    from floorman.floor import ask_to_see

    table = _showdown_with_a_muck()
    ruling = ask_to_see(table, asker=2, shown=3)
    assert "dead" in ruling.decision
    assert table.stacks == {1: 104, 2: 98, 3: 98}
    table.start_deal()
    with pytest.raises(FloorError) as refused:
        ask_to_see(table, asker=1, shown=3)
    assert "decisions.5" in str(refused.value)


def test_irregularities_5_a_freerollers_chips_stay_in_the_pot() -> None:
    deal = holdem()
    deal.apply(Wager(position=2, to=10))
    report = DuplicateCard(knew=2)
    rule(deal, report)
    decided = decide(deal, report, "keep")
    assert ids(decided) == ["irregularities.4", "irregularities.5", "irregularities.6"]
    assert deal.carried == 10
    assert deal.stacks == (100, 100, 90, 100)
    assert rebuild(deal.events, like=deal).carried == 10


def test_irregularities_6_only_those_dealt_in_share_the_money_carried() -> None:
    from .table_helpers import make

    table = make(players=(1, 2, 3, 4), seats=9)
    deal = table.start_deal()
    legal = deal.legal()
    table.apply(Wager(position=legal.position, to=10))
    knew = legal.position
    report = DuplicateCard(knew=knew)
    rule_at_table(table, report)
    decide_at_table(table, report, "keep")
    assert deal.carried == 10
    assert table.carried == 10
    assert table.chips == table.bought - table.taken
    table.sit(6, "late", 100, post=True)
    nxt = table.start_deal()
    assert 6 not in table.positions
    assert nxt.pot == 10 + 1 + 2
    assert table.carried == 0
    assert table.chips == table.bought - table.taken


def test_irregularities_13_an_exposed_hole_card_is_replaced_and_burned() -> None:
    from floorman.floor import ExposedCard

    deal = holdem()
    card = deal.hole(1)[0]
    assert card is not None
    stub_top = deal._deck[0] if deal._deck else None
    ruling = rule(deal, ExposedCard(position=1, card=card))
    assert isinstance(ruling.events[0], ev.CardReplaced)
    assert card not in deal.hole(1)
    assert deal.hole(1)[0] == stub_top
    assert ids(ruling) == ["irregularities.12", "irregularities.13"]
    again = rebuild(deal.events, like=deal)
    assert again.hole(1) == deal.hole(1)
    with pytest.raises(IllegalAction):
        rule(deal, ExposedCard(position=1, card=card))  # no longer held


def test_irregularities_13_the_hand_history_deals_the_replacement() -> None:
    import datetime

    from floorman.floor import ExposedCard
    from floorman.formats.pokerstars import StarsHeader, write_pokerstars

    deal = holdem()
    exposed = deal.hole(1)[0]
    rule(deal, ExposedCard(position=1, card=exposed))
    while not deal.is_over:
        legal = deal.legal()
        deal.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    header = StarsHeader(
        hand_id=1,
        table="T",
        max_seats=6,
        seats=(1, 2, 3, 4),
        names=("a", "b", "c", "d"),
        started=datetime.datetime(2026, 11, 30),
    )
    text = write_pokerstars(deal, header)
    held = " ".join(str(c) for c in deal.hole(1))
    assert f"Dealt to b [{held}]" in text
    assert f"Dealt to b [{exposed}" not in text


def test_showdown_5_at_high_low_the_shown_hand_takes_the_half_it_wins() -> None:
    from floorman.floor import ask_to_see
    from floorman.games import OMAHA_EIGHT

    from .table_helpers import make

    table = make(game=OMAHA_EIGHT, structure=FL, players=(1, 2, 3), seats=6)
    holes = {0: "Kc Kd Qc Qd", 1: "Ac 2d 5h 9s", 2: "Jh Jd 9c 9d"}
    checked_down(table, holes, ["3c 4d 7h", "Jc", "Js"])
    assert table.stacks == {1: 104, 2: 98, 3: 98}  # kings, then a muck: jacks scoop
    ruling = ask_to_see(table, asker=1, shown=3)
    assert table.stacks == {1: 101, 2: 98, 3: 101}  # the low half goes to the shown hand
    assert ids(ruling) == ["showdown.5", "decisions.6"]


def test_irregularities_13_at_stud_an_exposed_downcard_plays_up() -> None:
    from floorman.floor import ExposedCard

    deal = Deal(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=1, small_bet=2, big_bet=4),
        stacks=(50, 50, 50),
        shuffler=SeededShuffler(1),
    )
    p = 1
    down = deal.hole(p)[0]
    door = deal.hole(p)[2]
    assert down is not None
    ruling = rule(deal, ExposedCard(position=p, card=down))
    turned = [e for e in ruling.events if isinstance(e, ev.CardTurned)]
    assert [(e.card, e.up) for e in turned] == [(down, True), (door, False)]
    assert ids(ruling) == ["irregularities.12", "irregularities.13"]
    again = rebuild(deal.events, like=deal)
    assert again.legal() == deal.legal()  # the bring-in found again from what shows


def test_irregularities_15_a_card_goes_back_beneath_the_stub_once() -> None:
    from floorman.cards import parse_cards
    from floorman.floor import PrematureCards

    deal = holdem()
    rule(deal, PrematureCards(cards=parse_cards("2c2d")))
    before = list(deal.events)
    with pytest.raises(IllegalAction, match="already"):
        rule(deal, PrematureCards(cards=parse_cards("2c")))
    assert deal.events == before
    assert rebuild(deal.events, like=deal).stacks == deal.stacks


def test_irregularities_15_a_card_held_back_twice_replays() -> None:
    from floorman.cards import parse_cards
    from floorman.floor import PrematureCards

    deal = Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(5, 5),
        shuffler=SeededShuffler(0),
    )
    deal.apply(Call(position=1))
    rule(deal, PrematureCards(cards=parse_cards("2d")))
    deal.apply(Check(position=0))  # the flop comes without the 2d
    assert parse_cards("2d")[0] not in deal.board
    rule(deal, PrematureCards(cards=parse_cards("2d")))  # too soon for the turn too
    assert rebuild(deal.events, like=deal).board == deal.board


def test_decisions_1_management_decides_only_among_the_options_the_rules_leave() -> None:
    deal = holdem()
    report = MuckedHand(position=3)
    ruling = rule(deal, report)
    assert ruling.needs_decision
    before = list(deal.events)
    with pytest.raises(IllegalAction) as refused:
        decide(deal, report, "award the pot to seat 3")
    assert "decisions.1" in [c.id for c in refused.value.citations]
    assert deal.events == before
    decided = decide(deal, report, "retrieve")
    assert not deal.folded(3)
    assert "retrieve" in decided.decision


def test_dead_hands_1_1_a_ruling_at_a_table_is_data_who_which_seat_and_why() -> None:
    """A ruling carries its code, who it is about (position, seat and player)
    and its citations; its English is said from those fields, by position in
    the deal's words and by seat at the table."""
    from floorman.floor import RULING_CODES, rule_at_table
    from floorman.table import ButtonMethod, Table, TableSetup

    setup = TableSetup(
        game=HOLDEM, structure=NL, blinds=(1, 2), seats=6, button=ButtonMethod.MOVING
    )
    table = Table(setup, shuffler=SeededShuffler(3), button=5)
    for seat in (1, 2, 3, 4, 5):
        table.sit(seat, f"p{seat}", 100)
    deal = table.start_deal()
    p = deal.legal().position
    assert p is not None
    report = HandInQuestion(position=p, cause=DeadHandCause.FOLDED_FACING_BET)
    ruling = rule_at_table(table, report)
    seat = table.positions[p]
    assert ruling.code == "hand_dead"
    assert ruling.code in RULING_CODES
    assert (ruling.position, ruling.seat, ruling.player) == (p, seat, f"p{seat}")
    assert ids(ruling) == ["dead-hands.1.1"]
    assert (
        ruling.decision
        == ruling.say()
        == ruling.said.format(who=f"seat {seat}", to="someone not dealt in", **dict(ruling.words))
    )
    assert ruling.say(lambda q: f"position {q}").startswith(f"position {p}: ")
    assert ruling.decision.startswith(f"seat {seat}: ")


def test_dead_hands_1_4_a_ruling_carries_the_amounts_it_rests_on() -> None:
    deal = Deal(
        FIVE_CARD_DRAW,
        structure=Structure.FIXED_LIMIT,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=STACKS,
        shuffler=SeededShuffler(5),
    )
    ruling = rule(
        deal,
        HandInQuestion(position=1, cause=DeadHandCause.WRONG_NUMBER_OF_CARDS, cards=4),
    )
    assert ruling.code == "hand_live"
    assert dict(ruling.amounts) == {"held": 4, "proper": 5}
    assert ruling.position == 1
    assert ruling.decision == (
        "position 1 holds 4 of 5 cards before the draw: the hand is live and draws to its"
        " proper number"
    )


def test_showdown_6_a_ruling_on_shown_cards_names_both_players_by_field() -> None:
    deal = holdem()
    ruling = rule(deal, CardsShown(position=1, to=None, after_deal=True))
    assert (ruling.code, ruling.position, ruling.to) == ("cards_shown", 1, None)
    assert ruling.decision.startswith("position 1 showed cards to someone not dealt in")
    ruling = rule(deal, CardsShown(position=1, to=2))
    assert (ruling.position, ruling.to) == (1, 2)
    assert ruling.say(lambda q: f"seat {q + 1}").startswith("seat 2 showed cards to seat 3")


def test_decisions_1_every_ruling_code_is_registered() -> None:
    """A program may rely on a ruling's code: each one the floorperson gives is
    listed with its meaning."""
    import ast
    from pathlib import Path

    from floorman.floor import RULING_CODES, rulings

    tree = ast.parse(Path(rulings.__file__).read_text())
    tree_requests = ast.parse(Path(rulings.__file__).with_name("requests.py").read_text())
    given = {
        k.value.value
        for t in (tree, tree_requests)
        for node in ast.walk(t)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Ruling"
        for k in node.keywords
        if k.arg == "code" and isinstance(k.value, ast.Constant)
    }
    assert len(given) > 15
    assert given <= set(RULING_CODES)
