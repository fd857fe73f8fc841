"""Each person's view of a table and stream of events: who may see which card.

The rules are tested one by one, by citation; then a property plays random
deals of several games at random tables, with rulings on exposed cards, and
checks after every event, for every viewer, that no card the viewer may not
see appears anywhere in the event or view they are given, and that both go
to JSON and back.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman import codec
from floorman.cards import Card, parse_cards
from floorman.deal import (
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Draw,
    Fold,
    Muck,
    Show,
    Turn,
    Wager,
)
from floorman.deal import events as dev
from floorman.errors import FloormanError
from floorman.floor import ExposedCard, PrematureCards, rule
from floorman.games import FIVE_CARD_DRAW, HOLDEM, OMAHA, SEVEN_CARD_STUD, TRIPLE_DRAW_27, Game
from floorman.service import (
    AsDealer,
    AsFloor,
    AsObserver,
    AsPlayer,
    Hidden,
    SeatView,
    TableView,
    dealt_in,
    redact,
    redact_all,
    view,
)
from floorman.table import Table
from floorman.table import events as tev
from tests.conftest import LONG
from tests.table_helpers import FL, NL, make
from tests.view_helpers import OTHERS, Sight, called_hands, cards_of, viewers_of


def seat_of(tv: TableView, seat: int) -> SeatView:
    return next(s for s in tv.seats if s.seat == seat)


def round_trips(value: codec.Value) -> None:
    assert codec.from_json(codec.to_json(value)) == value


def stud_table(**options: object) -> Table:
    return make(game=SEVEN_CARD_STUD, structure=FL, ante=1, bring_in=1, **options)


# ----- the rules, one by one ---------------------------------------------------


def test_conduct_improper_7_a_player_sees_the_own_hole_cards_and_no_others() -> None:
    table = make(players=(1, 3, 5), seats=6)
    deal = table.start_deal()
    for seat in (1, 3, 5):
        me = view(table, AsPlayer(f"p{seat}"))
        for s in me.seats:
            p = table.position_of(s.seat)
            if s.seat == seat:
                assert s.cards == deal.hole(p)
                assert s.hidden == 0
            else:
                assert s.cards == (None, None), "another player's face-down cards"
    for viewer in OTHERS:
        assert all(s.cards == (None, None) for s in view(table, viewer).seats), viewer


def test_policies_23_a_hole_card_dealt_to_another_arrives_as_its_count() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    names = dealt_in(table)
    dealt = [e for e in deal.events if isinstance(e, dev.HoleDealt)]
    for e in dealt:
        mine = redact(e, AsPlayer(names[e.position]), positions=names)
        assert mine == e
        for viewer in (*OTHERS, AsPlayer(names[(e.position + 1) % 3])):
            hidden = redact(e, viewer, positions=names)
            assert isinstance(hidden, dev.HoleDealt)
            assert hidden.cards == (None,) * len(e.cards)
            assert hidden.position == e.position


def test_policies_23_burn_cards_and_the_stub_are_given_to_nobody() -> None:
    burned = dev.CardBurned(card=Card.parse("7c"))
    stub = dev.StubReshuffled(cards=parse_cards("2c 3d 4h"))
    for viewer in (*OTHERS, AsPlayer("p1")):
        assert redact(burned, viewer, positions=("p1", "p2")) == dev.CardBurned(card=None)
        hidden = redact(stub, viewer, positions=("p1", "p2"))
        assert hidden == Hidden(kind="deal.StubReshuffled", count=3)
        round_trips(hidden)


def test_policies_23_policies_24_a_deal_run_twice_gives_no_burn_card() -> None:
    # All in before the flop at a big-bet game, the board dealt twice, each
    # board with burns of its own (RRP5 policies.16).
    table = make(players=(1, 2), structure=NL)
    deal = table.start_deal(runs=2)
    table.apply(Wager(position=deal.legal().position, to=100))
    table.apply(Call(position=deal.legal().position))
    assert deal.is_over
    burns = [e.card for e in deal.events if isinstance(e, dev.CardBurned) and e.card]
    assert burns, "a second run burns a card"
    names = dealt_in(table)
    for viewer in (*OTHERS, AsPlayer("p1"), AsPlayer("p2")):
        given = cards_of(redact_all(deal.events, viewer, positions=names))
        given += cards_of(view(table, viewer))
        assert not set(burns) & set(given), viewer
    assert len(view(table, AsObserver()).runs) == 1


def test_policies_23_the_discards_of_a_draw_stay_with_the_player() -> None:
    table = make(game=FIVE_CARD_DRAW, seats=6, players=(1, 2, 3))
    deal = table.start_deal()
    while deal.legal().turn is not Turn.DRAW:
        legal = deal.legal()
        table.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    p = deal.legal().position
    assert p is not None
    discards = deal.hole(p)[:3]
    table.apply(Draw(position=p, discards=discards))
    names = dealt_in(table)
    drew = next(e for e in deal.events if isinstance(e, dev.Drew))
    drawn = next(e for e in reversed(deal.events) if isinstance(e, dev.HoleDealt))
    assert redact(drew, AsPlayer(names[p]), positions=names) == drew
    assert redact(drawn, AsPlayer(names[p]), positions=names) == drawn
    for viewer in (*OTHERS, AsPlayer(names[(p + 1) % 3])):
        assert redact(drew, viewer, positions=names) == dev.Drew(
            position=p, discards=(None, None, None), cards=()
        )
        assert cards_of(redact(drawn, viewer, positions=names)) == []
        assert not set(discards) & set(cards_of(view(table, viewer)))
    assert seat_of(view(table, AsPlayer(names[p])), table.positions[p]).cards == deal.hole(p)


def test_policies_24_when_all_fold_nobody_sees_what_would_have_come() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    for viewer in (*OTHERS, AsPlayer("p1"), AsPlayer("p2"), AsPlayer("p3")):
        tv = view(table, viewer)
        assert tv.board == ()
        assert not tv.in_deal
        own = {
            c
            for s in tv.seats
            if isinstance(viewer, AsPlayer) and s.player == viewer.player
            for c in s.cards
        }
        assert set(cards_of(tv)) == own, viewer


def test_showdown_1_showdown_6_a_hand_shown_is_seen_by_all_from_that_event_on() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal(auto_showdown=False)
    while deal.legal().turn is not Turn.SHOW:
        legal = deal.legal()
        table.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    first = deal.legal().position
    assert first is not None
    during = view(table, AsObserver())
    assert during.turn is Turn.SHOW
    assert during.legal is None
    assert all(s.cards == (None, None) for s in during.seats)
    table.apply(Show(position=first))
    names = dealt_in(table)
    shown = deal.hole(first)
    seat = table.positions[first]
    for viewer in (*OTHERS, *(AsPlayer(n) for n in names)):
        assert seat_of(view(table, viewer), seat).cards == shown, viewer
        stream = redact_all(deal.events, viewer, positions=names)
        at = next(i for i, e in enumerate(deal.events) if isinstance(e, dev.HandShown))
        assert set(shown) <= set(cards_of(stream[at]))
        if viewer != AsPlayer(names[first]):
            # The deal of those cards stays as it was given: nothing retroactive.
            assert not set(shown) & set(cards_of(stream[:at])), viewer


def test_showdown_5_decisions_5_the_floor_sees_the_called_hands_once_the_deal_is_over() -> None:
    table = make(players=(1, 2, 3, 4))
    deal = table.start_deal(auto_showdown=False)
    folded = deal.legal().position
    assert folded is not None
    table.apply(Fold(position=folded))  # before the showdown
    while deal.legal().turn is not Turn.SHOW:
        legal = deal.legal()
        table.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    assert not [s for s in view(table, AsFloor()).seats if s.hidden == 0]
    mucked: list[int] = []
    while not deal.is_over:
        legal = deal.legal()
        if legal.muck:
            mucked.append(legal.position)
            table.apply(Muck(position=legal.position))
        else:
            table.apply(Show(position=legal.position))
    assert mucked, "a called hand was mucked"
    floor = view(table, AsFloor())
    observer = view(table, AsObserver())
    for p in mucked:
        seat = table.positions[p]
        assert seat_of(floor, seat).cards == deal.hole(p)
        assert seat_of(observer, seat).hidden == 2
    # A hand folded before the showdown is in the discards (RRP5 policies.23).
    assert seat_of(floor, table.positions[folded]).hidden == 2


def test_irregularities_12_a_stud_downcard_exposed_plays_up_for_everyone() -> None:
    table = stud_table(players=(1, 2, 3))
    deal = table.start_deal()
    names = dealt_in(table)
    p = 1
    down = deal.hole(p)[0]
    door = deal.hole(p)[2]
    ruling = rule(deal, ExposedCard(position=p, card=down))
    turned = [e for e in ruling.events if isinstance(e, dev.CardTurned)]
    assert [e.card for e in turned] == [down, door], "third street: the door card goes down"
    for viewer in (*OTHERS, AsPlayer(names[0])):
        seat = seat_of(view(table, viewer), table.positions[p])
        # The exposed card now plays up; the door card went down but was seen.
        assert seat.cards == (down, None, door)
        assert seat.up == (True, False, False)
        assert all(redact(e, viewer, positions=names) == e for e in turned)


def test_irregularities_13_an_exposed_card_replaced_is_public_its_replacement_is_not() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    names = dealt_in(table)
    exposed = deal.hole(1)[0]
    ruling = rule(deal, ExposedCard(position=1, card=exposed))
    replaced = next(e for e in ruling.events if isinstance(e, dev.CardReplaced))
    assert replaced.new is not None
    assert redact(replaced, AsPlayer(names[1]), positions=names) == replaced
    assert seat_of(view(table, AsPlayer(names[1])), table.positions[1]).cards == deal.hole(1)
    for viewer in (*OTHERS, AsPlayer(names[0])):
        given = redact(replaced, viewer, positions=names)
        assert given == dataclasses.replace(replaced, new=None)
        assert replaced.new not in cards_of(view(table, viewer))
    redacted = redact(ruling, AsObserver(), positions=names)
    assert replaced.new not in cards_of(redacted)
    assert exposed in cards_of(redacted)
    round_trips(redacted)


def test_irregularities_15_cards_dealt_too_soon_were_seen_by_all() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    names = dealt_in(table)
    early = parse_cards("2c 3c 4c")
    early = tuple(c for c in early if all(c not in deal.hole(p) for p in range(3)))
    ruling = rule(deal, PrematureCards(cards=early))
    back = next(e for e in ruling.events if isinstance(e, dev.CardsTakenBack))
    for viewer in (*OTHERS, AsPlayer(names[0])):
        assert redact(back, viewer, positions=names) == back


def test_seating_6_the_cards_drawn_for_the_button_are_public() -> None:
    table = make(players=(1, 2, 3), button=None)
    table.start_deal()
    drawn = next(e for e in table.events if isinstance(e, tev.ButtonDrawn))
    for viewer in (*OTHERS, AsPlayer("p1")):
        assert redact(drawn, viewer) == drawn
        assert redact(table.events[0], viewer) == table.events[0]


def test_conduct_improper_6_stud_up_cards_show_and_down_cards_do_not() -> None:
    # On seventh street, before the showdown: the last card is dealt down.
    table = stud_table(players=(1, 2, 3, 4))
    deal = table.start_deal()
    while deal.street < len(deal.game.streets) - 1:
        legal = deal.legal()
        p = legal.position
        assert p is not None
        if legal.bring_in:
            table.apply(BringIn(position=p))
        else:
            table.apply(Call(position=p) if legal.call else Check(position=p))
    for viewer in OTHERS:
        for s in view(table, viewer).seats:
            assert s.up == (False, False, True, True, True, True, False)
            hole = deal.hole(table.position_of(s.seat))
            assert s.cards == (None, None, *hole[2:6], None)


def test_betting_5_the_player_to_act_is_given_the_exact_options_by_seat() -> None:
    table = make(players=(2, 4, 6), structure=NL)
    deal = table.start_deal()
    legal = deal.legal()
    assert legal.position is not None
    seat = table.positions[legal.position]
    me = view(table, AsPlayer(f"p{seat}"))
    assert me.to_act == seat
    assert me.turn is Turn.BET
    assert me.legal is not None
    assert (me.legal.seat, me.legal.call, me.legal.min_to, me.legal.max_to, me.legal.fold) == (
        seat,
        legal.call,
        legal.min_to,
        legal.max_to,
        legal.fold,
    )
    for other in (2, 4, 6):
        if other != seat:
            tv = view(table, AsPlayer(f"p{other}"))
            assert tv.legal is None
            assert tv.to_act == seat
    for viewer in OTHERS:
        assert view(table, viewer).legal is None


def test_betting_9_a_fold_that_could_check_is_flagged_needless() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    while True:
        legal = deal.legal()
        if legal.check:
            break
        table.apply(Call(position=legal.position))
    seat = table.positions[legal.position]
    options = view(table, AsPlayer(f"p{seat}")).legal
    assert options is not None
    assert options.check
    assert options.needless_fold


def test_policies_15_the_small_blind_is_told_the_blinds_may_chop() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    table.apply(Fold(position=deal.legal().position))
    assert deal.can_chop
    seat = table.positions[deal.legal().position]
    options = view(table, AsPlayer(f"p{seat}")).legal
    assert options is not None
    assert options.chop


def test_the_dealer_is_told_what_to_deal_and_sees_no_face_down_card() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal(shuffled=False)
    legal = deal.legal()
    assert legal.turn is Turn.DEAL_HOLE
    dealer = view(table, AsDealer())
    assert dealer.legal is not None
    assert dealer.legal.cards == legal.cards
    assert dealer.legal.seat == table.positions[legal.position]
    assert view(table, AsPlayer("p1")).legal is None
    cards = iter(parse_cards("As Ks Qs Js Ts 9s"))
    while deal.legal().turn is Turn.DEAL_HOLE:
        p = deal.legal().position
        table.apply(DealHole(position=p, cards=(next(cards), next(cards))))
    assert all(s.hidden == 2 for s in view(table, AsDealer()).seats)
    while deal.legal().turn is Turn.BET:
        legal = deal.legal()
        table.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    assert view(table, AsDealer()).legal is not None
    table.apply(DealBoard(cards=parse_cards("2h 3h 4h")))
    assert view(table, AsDealer()).board == parse_cards("2h 3h 4h")


def test_blinds_9_the_view_shows_who_is_away_and_the_blinds_owed() -> None:
    table = make(players=(1, 2, 3, 4))
    table.sit_out(4)
    for _ in range(4):
        deal = table.start_deal()
        while not deal.is_over:
            table.apply(Fold(position=deal.legal().position))
    tv = view(table, AsObserver())
    away = seat_of(tv, 4)
    assert away.away
    assert away.owes == table.owes(4)
    assert away.owes
    assert away.position is None
    assert away.cards == ()
    assert tv.button == table.button
    assert tv.big_blind == table.big_blind


def test_conduct_improper_7_a_new_player_in_the_seat_does_not_see_the_last_hand() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    p = table.position_of(2)
    table.leave(2)
    table.sit(2, "newcomer", 100)
    assert dealt_in(table)[p] == ""
    tv = view(table, AsPlayer("newcomer"))
    assert seat_of(tv, 2).cards == ()
    assert seat_of(tv, 2).position is None
    assert not set(deal.hole(p)) & set(cards_of(tv))


def test_an_event_not_known_to_be_public_is_hidden_whole() -> None:
    @dataclass(frozen=True)
    class Whispered:
        cards: tuple[Card, ...]

    assert redact(Whispered(cards=parse_cards("As")), AsFloor()) == Hidden(
        kind="Whispered", count=1
    )
    quiet = dev.Folded(position=1)
    assert redact(quiet, AsObserver(), positions=("a", "b")) is quiet


def test_views_and_redacted_events_round_trip_through_the_codec() -> None:
    table = stud_table(players=(1, 2, 3))
    deal = table.start_deal()
    names = dealt_in(table)
    for viewer in (*OTHERS, AsPlayer(names[0])):
        round_trips(viewer)
        tv = view(table, viewer, now=12.5)
        round_trips(tv)
        assert codec.to_json(tv)["type"] == "view.TableView"
        for e in redact_all(deal.events, viewer, positions=names):
            round_trips(e)
    text = codec.dumps_log(redact_all(deal.events, AsObserver(), positions=names))
    assert len(codec.loads_log(text)) == len(deal.events)


# ----- the property: nobody sees what they may not -----------------------------


def check_given(
    table: Table, sight: Sight, events: Sequence[dev.Event], names: tuple[str, ...]
) -> None:
    """After ``events``: nobody is given a card they may not see, in an event
    or in the view, and what they are given goes to JSON and back."""
    deal = table.deal
    assert deal is not None
    viewers = viewers_of(table)
    for event in events:
        sight.take(event)
        for viewer in viewers:
            out = redact(event, viewer, positions=names)
            leak = set(cards_of(out)) - sight.allowed(viewer)
            assert not leak, f"{viewer} given {leak} in {out}"
            round_trips(out)
    over = deal.is_over
    called = called_hands(deal.events, deal.players) if over else set()
    for viewer in viewers:
        tv = view(table, viewer, now=0.0)
        allowed = sight.allowed(viewer)
        if isinstance(viewer, AsFloor):
            allowed |= {c for p in called for c in deal.hole(p) if c}
        leak = set(cards_of(tv)) - allowed
        assert not leak, f"{viewer} sees {leak} in the view"
        round_trips(tv)
        for s in tv.seats:
            if s.position is None:
                continue
            hole = deal.hole(s.position)
            assert len(s.cards) == len(hole), "every card keeps its place"
            if viewer == AsPlayer(names[s.position]):
                assert s.cards == hole, "a player sees the whole own hand"
        assert tv.board == deal.board


GAMES: tuple[tuple[Game, object, int], ...] = (
    (HOLDEM, NL, 9),
    (OMAHA, FL, 9),
    (SEVEN_CARD_STUD, FL, 8),
    (FIVE_CARD_DRAW, NL, 6),
    (TRIPLE_DRAW_27, FL, 6),
)


class Night:
    """A table playing random deals, checked event by event for every viewer."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data
        game, structure, most = data.draw(st.sampled_from(GAMES), label="game")
        count = data.draw(st.integers(2, most), label="players")
        options: dict[str, object] = {}
        if not game.is_button_game:
            options.update(ante=1, bring_in=1)
        self.table = make(
            game=game,
            structure=structure,
            seats=most,
            players=tuple(range(1, count + 1)),
            seed=data.draw(st.integers(0, 2**16), label="seed"),
            button=data.draw(st.sampled_from((1, None)), label="button"),
            **options,
        )
        self.newcomers = 0
        self.table_seen = 0

    def play_deal(self) -> None:
        data, table = self.data, self.table
        big_bet = table.setup.game.streets[-1].board and table.setup.structure is NL
        runs = data.draw(st.sampled_from((1, 2)), label="runs") if big_bet else 1
        auto = data.draw(st.booleans(), label="auto showdown")
        deal = table.start_deal(auto_showdown=auto, runs=runs)
        names = tuple(table.players[s] for s in table.positions)
        assert dealt_in(table) == names
        sight = Sight(names)
        self.check(sight, deal.events, names)
        while not deal.is_over:
            before = len(deal.events)
            self.step()
            self.check(sight, deal.events[before:], names)
        assert len(redact_all(deal.events, AsObserver(), positions=names)) == len(deal.events)
        # What happens at the table between deals is public: the cards drawn
        # for the button are turned face up (RRP5 seating.6). The shuffled
        # deck the table records for a rebuild is nobody's to see: it holds
        # the burns, the stub and what would have come (RRP5 policies.23).
        for event in table.events[self.table_seen :]:
            for viewer in viewers_of(table):
                if isinstance(event, tev.DeckShuffled):
                    assert redact(event, viewer) == Hidden(
                        kind="table.DeckShuffled", count=len(event.cards)
                    )
                else:
                    assert redact(event, viewer) == event
            round_trips(event)
        self.table_seen = len(table.events)

    def step(self) -> None:
        data, table = self.data, self.table
        deal = table.deal
        assert deal is not None
        legal = deal.legal()
        p = legal.position
        assert p is not None
        if legal.turn is Turn.BET and data.draw(st.integers(0, 9), label="ruling") == 9:
            q = data.draw(st.integers(0, deal.players - 1), label="exposed")
            hole = [c for c in deal.hole(q) if c is not None]
            if hole and not deal.folded(q):
                card = data.draw(st.sampled_from(hole), label="card")
                with contextlib.suppress(FloormanError):
                    rule(deal, ExposedCard(position=q, card=card))
                return
        if legal.turn is Turn.DRAW:
            hole = [c for c in deal.hole(p) if c is not None]
            n = data.draw(st.integers(0, len(hole)), label="discards")
            table.apply(Draw(position=p, discards=tuple(hole[:n])))
        elif legal.turn is Turn.SHOW:
            muck = legal.muck and data.draw(st.booleans(), label="muck")
            table.apply(Muck(position=p) if muck else Show(position=p))
        else:
            choices = []
            if legal.fold:
                choices.append("fold")
            if legal.check:
                choices.append("check")
            if legal.call:
                choices.append("call")
            if legal.bring_in:
                choices.append("bring in")
            if legal.can_wager:
                choices.append("wager")
            choice = data.draw(st.sampled_from(choices), label="action")
            if choice == "fold":
                table.apply(Fold(position=p))
            elif choice == "check":
                table.apply(Check(position=p))
            elif choice == "call":
                table.apply(Call(position=p))
            elif choice == "bring in":
                table.apply(BringIn(position=p))
            else:
                to = data.draw(st.integers(legal.min_to, legal.max_to), label="to")
                table.apply(Wager(position=p, to=to))

    def check(self, sight: Sight, events: Sequence[dev.Event], names: tuple[str, ...]) -> None:
        check_given(self.table, sight, events, names)

    def between_deals(self) -> None:
        data, table = self.data, self.table
        if data.draw(st.booleans(), label="someone leaves"):
            seat = data.draw(st.sampled_from(sorted(table.players)), label="leaves")
            table.leave(seat)
            self.newcomers += 1
            table.sit(seat, f"new{self.newcomers}", 100)
            # A newcomer holds no hand of the last deal: what an observer sees.
            tv = view(table, AsPlayer(f"new{self.newcomers}"))
            assert seat_of(tv, seat).cards == ()
            assert cards_of(tv) == cards_of(view(table, AsObserver()))


@settings(
    max_examples=300 if LONG else 25,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(st.data())
def test_policies_23_showdown_6_no_viewer_is_given_a_card_it_may_not_see(
    data: st.DataObject,
) -> None:
    night = Night(data)
    for number in range(data.draw(st.integers(1, 3), label="deals")):
        if number:
            night.between_deals()
        if sum(chips > 0 for chips in night.table.stacks.values()) < 2:
            break  # one player holds every chip: the game is over
        night.play_deal()


def test_the_cards_are_walked_everywhere() -> None:
    """The property's walker finds a card at any depth, or the property proves nothing."""
    inner = dev.HandShown(position=0, cards=parse_cards("As Kd"))
    assert cards_of((1, [inner], "x")) == list(parse_cards("As Kd"))


def test_policies_23_a_stub_formed_again_from_the_discards_is_hidden_from_everyone() -> None:
    # Six players drawing five cards at every draw of a triple draw run the
    # stub short: the discards are shuffled into a new stub, which nobody sees.
    table = make(game=TRIPLE_DRAW_27, structure=FL, seats=6, players=(1, 2, 3, 4, 5, 6))
    deal = table.start_deal()
    names = dealt_in(table)
    sight = Sight(names)
    check_given(table, sight, deal.events, names)
    while not deal.is_over:
        before = len(deal.events)
        legal = deal.legal()
        p = legal.position
        assert p is not None
        if legal.turn is Turn.DRAW:
            table.apply(Draw(position=p, discards=deal.hole(p)))
        else:
            table.apply(Call(position=p) if legal.call else Check(position=p))
        check_given(table, sight, deal.events[before:], names)
    reshuffles = [e for e in deal.events if isinstance(e, dev.StubReshuffled)]
    assert reshuffles, "the stub ran short"
    for viewer in viewers_of(table):
        stream = redact_all(deal.events, viewer, positions=names)
        assert len(stream) == len(deal.events)
        hidden = [e for e in stream if isinstance(e, Hidden)]
        assert hidden == [
            Hidden(kind="deal.StubReshuffled", count=len(e.cards)) for e in reshuffles
        ]
