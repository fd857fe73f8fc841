"""Random irregularities injected into random deals: every ruling keeps the books.

A Hypothesis state machine plays random deals and, at random moments, reports
something to the floorperson. After each ruling: chips are conserved (a voided
deal gives every chip back to whoever put it in, RRP5 misdeals, irregularities.3,
irregularities.4), the log rebuilds the same deal, a misdeal is declared only
before two players have acted in turn (RRP5 misdeals.1, misdeals.2), and a
ruling that leaves the call to management (RRP5 decisions.1) applies nothing.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from floorman.deal import (
    Action,
    BringIn,
    Call,
    Check,
    Deal,
    Draw,
    Fold,
    Muck,
    Show,
    Stakes,
    Turn,
    Wager,
    rebuild,
)
from floorman.errors import IllegalAction
from floorman.floor import (
    ActionDeclared,
    BlindNotPosted,
    BoxedCard,
    CardsDropped,
    CardsShown,
    DeadHandCause,
    DealingError,
    DuplicateCard,
    ExposedCard,
    ExtraCard,
    ForeignCard,
    HandFouled,
    HandInQuestion,
    JokerFound,
    MisdealCause,
    MissingCards,
    MuckedHand,
    PrematureCards,
    Report,
    acted_in_turn,
    decide,
    rule_options,
)
from floorman.floor import rule as rule_on
from floorman.games import FIVE_CARD_DRAW, HOLDEM, OMAHA, SEVEN_CARD_STUD, Structure
from floorman.shuffle import SeededShuffler

from .conftest import sample_size

FORMS = [
    (HOLDEM, Structure.NO_LIMIT, Stakes(blinds=(1, 2))),
    (OMAHA, Structure.POT_LIMIT, Stakes(blinds=(1, 2))),
    (FIVE_CARD_DRAW, Structure.NO_LIMIT, Stakes(blinds=(1, 2))),
    (
        SEVEN_CARD_STUD,
        Structure.FIXED_LIMIT,
        Stakes(antes=(1,) * 8, bring_in=1, small_bet=2, big_bet=4),
    ),
]


class FloorMachine(RuleBasedStateMachine):
    """RRP5 misdeals.1, misdeals.2, dead-hands, irregularities.3-5, decisions.1, blinds.10, betting.9."""

    deal: Deal

    @initialize(
        form=st.sampled_from(FORMS),
        players=st.integers(2, 6),
        stacks=st.lists(st.integers(5, 200), min_size=6, max_size=6),
        seed=st.integers(0, 10_000),
    )
    def start(self, form, players: int, stacks: list[int], seed: int) -> None:
        game, structure, stakes = form
        self.deal = Deal(
            game,
            structure=structure,
            stakes=stakes,
            stacks=tuple(stacks[:players]),
            shuffler=SeededShuffler(seed),
        )
        self.total = sum(self.deal.starting_stacks)

    def _live(self) -> list[int]:
        return [p for p in range(self.deal.players) if not self.deal.folded(p)]

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if self.deal.is_over:
            return
        self.deal.apply(data.draw(st.sampled_from(legal_actions(self.deal))))

    @rule(data=st.data())
    def report(self, data: st.DataObject) -> None:
        deal = self.deal
        if deal.is_over:
            return
        live = self._live()
        acted = acted_in_turn(deal)
        report = data.draw(reports(deal, live))
        before = list(deal.events)
        try:
            ruling = rule_on(deal, report)
        except IllegalAction:
            # A report the rules refuse (an upcard "exposed") changes nothing.
            assert deal.events == before
            return
        if ruling.needs_decision:
            assert deal.events == before, "a ruling left to management changed the deal"
            assert ruling.events == ()
            choice = data.draw(st.sampled_from(rule_options(report)))
            decide(deal, report, choice)
        if isinstance(report, DealingError):
            assert deal.voided == (acted < 2), (acted, ruling)
        if deal.voided:
            kept = getattr(report, "knew", None) if deal.carried else None
            for p in range(deal.players):
                if p != kept:
                    assert deal.stacks[p] == deal.starting_stacks[p]
        assert tuple(deal.events[len(before) :]) == ruling.events or ruling.needs_decision

    @invariant()
    def books_balance(self) -> None:
        if not hasattr(self, "deal"):
            return
        deal = self.deal
        assert sum(deal.stacks) + (deal.carried if deal.is_over else deal.pot) == self.total

    @invariant()
    def each_card_once(self) -> None:
        if not hasattr(self, "deal"):
            return
        deal = self.deal
        cards = [c for p in range(deal.players) for c in deal.hole(p) if c is not None]
        cards += [c for c in deal.board if c is not None]
        assert len(cards) == len(set(cards)), cards

    @invariant()
    def log_rebuilds(self) -> None:
        if not hasattr(self, "deal"):
            return
        again = rebuild(self.deal.events, like=self.deal)
        assert again.stacks == self.deal.stacks
        assert [again.folded(p) for p in range(again.players)] == [
            self.deal.folded(p) for p in range(self.deal.players)
        ]


def legal_actions(deal: Deal) -> list[Action]:
    """Every kind of legal action now, one amount each."""
    legal = deal.legal()
    p = legal.position
    assert p is not None
    if legal.turn is Turn.DRAW:
        hole = [c for c in deal.hole(p) if c is not None]
        return [Draw(position=p, discards=()), Draw(position=p, discards=tuple(hole[:2]))]
    if legal.turn is Turn.SHOW:
        return [Show(position=p), Muck(position=p)] if legal.muck else [Show(position=p)]
    out: list[Action] = []
    if legal.bring_in:
        out.append(BringIn(position=p))
    if legal.check:
        out.append(Check(position=p))
    if legal.call:
        out.append(Call(position=p))
    if legal.fold:
        out.append(Fold(position=p))
    if legal.can_wager:
        out.extend({Wager(position=p, to=legal.min_to), Wager(position=p, to=legal.max_to)})
    return out


def reports(deal: Deal, live: list[int]) -> st.SearchStrategy[Report]:
    player = st.sampled_from(live)
    choices: list[st.SearchStrategy[Report]] = [
        st.builds(DealingError, cause=st.sampled_from(MisdealCause)),
        st.builds(ForeignCard, in_stub=st.booleans()),
        st.builds(DuplicateCard, knew=st.none() | player),
        st.just(MissingCards()),
        st.builds(CardsDropped, position=player),
        st.builds(BlindNotPosted, position=player, acted=st.booleans()),
        st.builds(MuckedHand, position=player),
        st.builds(HandFouled, position=player, protected=st.booleans()),
        st.builds(BoxedCard, next_dealt=st.booleans()),
        st.builds(JokerFound, position=player, acted=st.booleans()),
        st.just(ExtraCard()),
        st.builds(ExposedCard, position=player, by_player=st.booleans()),
        st.just(PrematureCards()),
        st.builds(CardsShown, position=player, to=player, after_deal=st.booleans()),
        st.builds(
            HandInQuestion,
            position=player,
            cause=st.sampled_from(DeadHandCause),
            cards=st.none() | st.integers(0, 8),
        ),
    ]
    any_card = st.sampled_from(deal.game.deck)
    choices.append(st.builds(BoxedCard, card=any_card, next_dealt=st.booleans()))
    choices.append(
        st.builds(
            PrematureCards, cards=st.lists(any_card, min_size=1, max_size=3, unique=True).map(tuple)
        )
    )
    for q in live:
        held = [c for c in deal.hole(q) if c is not None]
        if held:
            card = st.sampled_from(held)
            choices.append(st.builds(ExposedCard, position=st.just(q), card=card))
            choices.append(st.builds(BoxedCard, position=st.just(q), card=card))
    legal = deal.legal()
    if legal.turn is Turn.BET and legal.position is not None:
        declared = st.sampled_from(legal_actions(deal))
        choices.append(st.builds(ActionDeclared, position=st.just(legal.position), action=declared))
    return st.one_of(choices)


TestFloorMachine = FloorMachine.TestCase
TestFloorMachine.settings = settings(
    max_examples=sample_size(300, 3_000),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
