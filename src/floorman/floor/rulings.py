"""The floorperson: a report goes in, a ruling comes out, applied to the deal.

:func:`rule` decides what the rulebook says for a report and applies it to the
deal through events (a hand ruled dead, the deal voided), so the deal's log
shows what was done and why. Where the rulebook leaves the call to
management, the ruling applies nothing and offers the options the rules
allow; :func:`decide` applies the one management chooses.

>>> from floorman.deal import Deal, Stakes
>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> deal = Deal(HOLDEM, structure=Structure.NO_LIMIT, stakes=Stakes(blinds=(1, 2)),
...             stacks=(100, 100, 100), shuffler=SeededShuffler(2))
>>> ruling = rule(deal, DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED))
>>> ruling.decision
'misdeal: the deal is void, every chip goes back, and the cards are dealt again'
>>> [str(c) for c in ruling.citations], deal.stacks
(['RRP5 misdeals.1', 'RRP5 misdeals.1.1'], (100, 100, 100))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

from floorman.cards import JOKER, Card, format_cards
from floorman.deal import Action, Deal, Expose, Kill, Replace, Scrap, TakeBack, Turn, Void
from floorman.deal import events as ev
from floorman.errors import (
    FloorError,
    FloormanError,
    IllegalAction,
    Naming,
    Who,
    by_position,
    by_seats,
)
from floorman.floor.reports import (
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
)
from floorman.ids import PlayerId, Position, Seat
from floorman.rulebook import Citation, cite
from floorman.table import Table

__all__ = [
    "RULING_CODES",
    "Ruling",
    "acted_in_turn",
    "decide",
    "decide_at_table",
    "rule",
    "rule_at_table",
    "rule_options",
    "rulings_citing",
]

_ACTIONS = (ev.Folded, ev.Checked, ev.Called, ev.Wagered, ev.BringInPosted)


#: Every code a ruling may carry, each a stable string, with what it means.
RULING_CODES: Final[Mapping[str, str]] = {
    "ruling": "a ruling with no code of its own (made outside the floorperson's rules)",
    "misdeal": "the deal is void, every chip goes back, and it is dealt again",
    "no_misdeal": "the deal is played on: no misdeal is called",
    "deal_void": "all action is void and the chips go back (some may stay in the pot)",
    "deal_stands": "the deal stands as it is",
    "hand_dead": "a player's hand is ruled dead",
    "hand_live": "a player's hand is ruled live",
    "management_decides": "the rules leave the call to management: the options are offered",
    "card_plays": "the card in question plays",
    "card_plays_up": "an exposed downcard plays as an upcard",
    "card_exposed": "a card exposed by the dealer is dealt with by the form's procedure",
    "card_replaced": "a card is taken out of play and replaced",
    "card_scrapped": "a card is a scrap of paper and leaves play",
    "burn_card": "an extra card becomes the burn card",
    "cards_taken_back": "cards dealt too soon go back and do not play",
    "cards_shown": "cards one player showed are shown to others as the rules say",
    "declaration_binds": "an action declared in turn is taken",
    "declaration_not_binding": "an action declared out of turn does not bind",
    "blind_next_deal": "a blind found missing is posted on the next deal",
    "hand_shown_dead": "a hand asked to be seen is shown, and is dead",
    "pots_stand": "a hand asked to be seen is shown, and the pots stand",
    "pots_read_again": "a hand asked to be seen is shown, and the pots are read again",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """A floorperson's ruling, as data a program reads without parsing words.

    ``code`` names what was ruled (one of :data:`RULING_CODES`); ``position``
    is the player the ruling is about and ``to`` a second one it names (cards
    shown to him), by deal position; ``amounts`` are the numbers it rests on
    and ``words`` the other things it names (a card, a procedure), each by its
    place in ``said``, the English with ``{who}``, ``{to}`` and those places.
    ``citations`` are the rules behind it, ``events`` what it applied to the
    deal, and ``options`` what management may choose when the rulebook leaves
    the call to it (nothing is applied until :func:`decide`). Ruled at a
    table, ``seats`` (by position) and ``players`` (by seat) say who is who.

    >>> ruling = Ruling(code="hand_dead", said="{who}: the hand is dead",
    ...                 position=Position(1), citations=())
    >>> ruling.decision, ruling.say(by_seats((4, 7)))
    ('position 1: the hand is dead', 'seat 7: the hand is dead')
    """

    code: str = "ruling"
    said: str = ""
    citations: tuple[Citation, ...]
    events: tuple[ev.Event, ...] = ()
    options: tuple[str, ...] = ()
    position: Position | None = None
    to: Position | None = None
    amounts: tuple[tuple[str, int], ...] = ()
    words: tuple[tuple[str, str], ...] = ()
    seats: tuple[Seat, ...] = ()
    players: tuple[tuple[Seat, PlayerId], ...] = ()

    @property
    def needs_decision(self) -> bool:
        """Whether management must choose among the options."""
        return bool(self.options)

    def say(self, name: Naming | None = None) -> str:
        """The ruling in words, players named by ``name`` (by default as seats
        when ruled at a table, else as deal positions)."""
        if name is None:
            name = by_seats(self.seats) if self.seats else by_position
        who = "" if self.position is None else name(self.position)
        to = "someone not dealt in" if self.to is None else name(self.to)
        return self.said.format(who=who, to=to, **dict(self.amounts), **dict(self.words))

    @property
    def decision(self) -> str:
        """The ruling in words, as :meth:`say` gives it."""
        return self.say()

    @property
    def seat(self) -> Seat | None:
        """The seat of the player the ruling is about, when ruled at a table."""
        p = self.position
        return self.seats[p] if p is not None and 0 <= p < len(self.seats) else None

    @property
    def player(self) -> PlayerId | None:
        """The person the ruling is about, when ruled at a table."""
        seat = self.seat
        return None if seat is None else dict(self.players).get(seat)

    def at_table(self, table: Table) -> Ruling:
        """The ruling as said at ``table``: its seats and who sits in them."""
        return replace(
            self, seats=tuple(table.positions), players=tuple(sorted(table.players.items()))
        )


def acted_in_turn(deal: Deal) -> int:
    """How many times players have acted on their hands in turn this deal."""
    return sum(1 for e in deal.events if isinstance(e, _ACTIONS))


def rule(deal: Deal, report: Report, *, name: Naming = by_position) -> Ruling:
    """Rule on a report, applying the ruling to the deal; ``name`` says the
    players (by deal position unless a table names its seats)."""
    if deal.is_over:
        raise IllegalAction(
            "the deal is over: its result stands, save a ruling on a pot asked for before"
            " the next deal",
            code="deal_over",
            citations=cite("decisions.5"),
        )
    match report:
        case DealingError(cause=MisdealCause.PLAYER_DEALT_OUT, entitled=False):
            return Ruling(
                code="no_misdeal",
                said="no misdeal: the player dealt out was neither at the table nor had posted"
                " a blind or ante, so was not entitled to a hand",
                citations=cite("misdeals.1.10"),
            )
        case DealingError(cause=cause):
            return _dealing_error(deal, cause)
        case HandInQuestion():
            return _hand_in_question(deal, report, name)
        case HandFouled(position=p, protected=False):
            return _kill(
                deal,
                p,
                "irregularities.2",
                "its cards were not protected: there is no redress",
                name,
            )
        case HandFouled(position=p):
            return Ruling(
                code="management_decides",
                said="{who} protected its cards: management decides whether the fouled hand can"
                " be identified and retrieved",
                position=Position(p),
                citations=cite("irregularities.2", "dead-hands.2", "decisions.1"),
                options=rule_options(report),
            )
        case MuckedHand(position=p):
            return Ruling(
                code="management_decides",
                said="{who}'s mucked hand is dead unless management rules it clearly"
                " identifiable and retrieves it",
                position=Position(p),
                citations=cite("dead-hands.2"),
                options=rule_options(report),
            )
        case ForeignCard(in_stub=True):
            return Ruling(
                code="deal_stands",
                said="a card with a different back in the stub: all action stands",
                citations=cite("irregularities.3"),
            )
        case ForeignCard():
            return _void(deal, "a card with a different back in play", "irregularities.3")
        case DuplicateCard(knew=None):
            return _void(deal, "a duplicate card", "irregularities.4")
        case DuplicateCard(knew=int() as p):
            return Ruling(
                code="management_decides",
                said="a duplicate card, and {who} knew the deck was defective and bet on:"
                " management may refuse that player's refund and keep the chips in the pot"
                " for the next deal",
                position=Position(p),
                citations=cite("irregularities.4", "irregularities.5"),
                options=rule_options(report),
            )
        case MissingCards():
            return Ruling(
                code="deal_stands",
                said="cards missing from the deck do not change the deal: it stands",
                citations=cite("irregularities.10"),
            )
        case CardsDropped(position=p):
            return Ruling(
                code="card_plays",
                said="{who}'s dropped cards play: the hand is played with them",
                position=Position(p),
                citations=cite("irregularities.14"),
            )
        case ActionDeclared(position=p, action=action):
            return _declared(deal, p, action, name)
        case (
            BoxedCard()
            | JokerFound()
            | ExtraCard()
            | ExposedCard()
            | PrematureCards()
            | CardsShown()
        ):
            return _procedure(deal, report, name)
        case BlindNotPosted(position=p, acted=False):
            return _kill(
                deal, p, "blinds.10", "it was dealt in owing a blind and has not acted", name
            )
        case BlindNotPosted(position=p, acted=True):
            return Ruling(
                code="blind_next_deal",
                said="{who} acted and put chips in before the missing blind was found: the hand"
                " is live, and the blind is posted on the next deal",
                position=Position(p),
                citations=cite("blinds.10"),
            )
    raise TypeError(f"not a report: {report!r}")


def rule_at_table(table: Table, report: Report) -> Ruling:
    """Rule on a report about the table's deal under way, as :func:`rule` does,
    and carry out at the table what the ruling leaves to a later deal.

    The ruling acts on the deal through the table
    (:meth:`~floorman.table.Table.on_deal`), so the table's log records it and
    a deal it ends is settled at once.
    A blind not posted (RRP5 blinds.10) is ruled on from the table's record of
    the blinds the player owes: none owed, the report is refused, changing
    nothing; owed by a player who acted, they are posted on the next deal
    (:meth:`~floorman.table.Table.post_next_deal`).
    """
    try:
        return _rule_at_table(table, report).at_table(table)
    except FloormanError as error:
        # The ruling speaks of the deal's positions; at the table they are seats.
        error.at_seats(table.positions, table.players)
        raise


def _rule_at_table(table: Table, report: Report) -> Ruling:
    deal = table.deal
    if deal is None or not table.in_deal:
        raise IllegalAction(
            "no deal is under way to rule on", code="no_deal", citations=cite("decisions.5")
        )
    name = by_seats(table.positions)
    if not isinstance(report, BlindNotPosted):
        # Through the table, which records what the ruling does to the deal
        # and takes the result if it ends the deal (a misdeal, a hand killed).
        return table.on_deal(lambda under_way: rule(under_way, report, name=name))
    if not 0 <= report.position < len(table.positions):
        raise IllegalAction(
            "{who} is not dealt in", code="no_such_player", who=Who(report.position)
        )
    seat = table.positions[report.position]
    owed = table.owes(Seat(seat))
    if not report.acted:
        if not owed:
            raise FloorError(
                "{who} owes no blind by the table's record: its hand is not dead for a blind",
                code="no_blind_owed",
                who=Who(report.position),
                citations=cite("blinds.10"),
            )
        return table.on_deal(lambda under_way: rule(under_way, report, name=name))
    event = table.post_next_deal(Seat(seat))  # refused, changing nothing, if nothing is owed
    ruling = table.on_deal(lambda under_way: rule(under_way, report, name=name))
    owes = " and ".join(event.blinds)
    owes += " blinds it owes go" if len(event.blinds) > 1 else " blind it owes goes"
    return replace(
        ruling,
        said="{who} acted and put chips in before the missing blind was found: the hand is"
        " live, and the {owes} in on the next deal it is dealt in (by the table's record)",
        words=(("owes", owes),),
    )


def _procedure(
    deal: Deal,
    report: BoxedCard | JokerFound | ExtraCard | ExposedCard | PrematureCards | CardsShown,
    name: Naming,
) -> Ruling:
    """Rulings on the cards themselves. They tell the dealer what to do with a
    card; a deal whose cards floorman deals from its own shuffle is not changed
    by them, and at a live table the dealer deals the cards as ruled."""
    game = deal.game
    match report:
        case BoxedCard(card=Card() as card, position=int() as p):
            # floorman's own stub has no physical order of dealing round the
            # table: the next stub card is the one the rule gives, either way.
            later = (
                " after every other card of the round, the card below it being dealt already"
                if report.next_dealt
                else ""
            )
            citations = cite("irregularities.7")
            events = deal.apply(Replace(position=Position(p), card=card, citations=citations))
            return Ruling(
                code="card_replaced",
                said="the boxed {card} dealt to {who} is a scrap of paper: it is replaced by"
                " the next card{later}",
                position=Position(p),
                words=(
                    ("card", str(card)),
                    ("later", later),
                ),
                citations=citations,
                events=tuple(events),
            )
        case BoxedCard(card=Card() as card):
            citations = cite("irregularities.7")
            events = deal.apply(Scrap(card=card, citations=citations))
            return Ruling(
                code="card_scrapped",
                said="the boxed {card} is a scrap of paper: it leaves play, and the cards below"
                " it are dealt in its place",
                words=(("card", str(card)),),
                citations=citations,
                events=tuple(events),
            )
        case BoxedCard(next_dealt=False):
            return Ruling(
                code="card_scrapped",
                said="the boxed card is a scrap of paper: the next card in the deck replaces it",
                citations=cite("irregularities.7"),
            )
        case BoxedCard():
            return Ruling(
                code="card_scrapped",
                said="the boxed card is a scrap of paper; the card below it is already dealt"
                " facedown, so its replacement is dealt after every other card of the round",
                citations=cite("irregularities.7"),
            )
        case JokerFound(position=p, acted=True) if JOKER not in deal.game.deck:
            # Acting without looking at every card takes on that liability
            # (RRP5 irregularities.9, dead-hands.1.5).
            rules = ("irregularities.8", "irregularities.9")
            return _kill(deal, p, rules, "it acted on a hand holding a joker", name)
        case JokerFound(position=p) if JOKER not in deal.game.deck:
            return Ruling(
                code="card_scrapped",
                said="the joker in {who}'s hand is a scrap of paper, replaced as a boxed card"
                " is; no misdeal",
                position=Position(p),
                citations=cite("irregularities.8", "irregularities.7"),
            )
        case JokerFound(position=p):
            return Ruling(
                code="card_plays",
                said="{game} is played with the joker: {who}'s card plays",
                position=Position(p),
                words=(("game", str(game.name)),),
                citations=cite("irregularities.8"),
            )
        case ExtraCard():
            return Ruling(
                code="burn_card",
                said="the one extra card goes back on the deck and is the burn card",
                citations=cite("irregularities.11"),
            )
        case ExposedCard(position=p, by_player=True):
            return Ruling(
                code="card_plays",
                said="{who} flashed its own card: the card plays",
                position=Position(p),
                citations=cite("irregularities.12"),
            )
        case ExposedCard(position=p, card=Card() as card) if deal.game.is_button_game:
            citations = cite("irregularities.12", "irregularities.13")
            events = deal.apply(Replace(position=Position(p), card=card, citations=citations))
            return Ruling(
                code="card_replaced",
                said="{who}'s card exposed by the dealer: {practice}; {card} is replaced and"
                " goes to the muck",
                position=Position(p),
                words=(
                    ("practice", str(_exposed_practice(deal))),
                    ("card", str(card)),
                ),
                citations=citations,
                events=tuple(events),
            )
        case ExposedCard(position=p, card=Card() as card):
            citations = cite("irregularities.12", "irregularities.13")
            events = deal.apply(Expose(position=Position(p), card=card, citations=citations))
            return Ruling(
                code="card_plays_up",
                said="{who}'s card exposed by the dealer: {practice}; {card} plays up",
                position=Position(p),
                words=(
                    ("practice", str(_exposed_practice(deal))),
                    ("card", str(card)),
                ),
                citations=citations,
                events=tuple(events),
            )
        case ExposedCard(position=p):
            return Ruling(
                code="card_exposed",
                said="{who}'s card exposed by the dealer: {practice}; the player has no option"
                " to take or refuse it",
                position=Position(p),
                words=(("practice", str(_exposed_practice(deal))),),
                citations=cite("irregularities.12", "irregularities.13"),
            )
        case PrematureCards(cards=()):
            return Ruling(
                code="cards_taken_back",
                said="cards dealt before the betting was complete do not play, even if a player"
                " yet to act folds: they go back and are dealt when the round is over",
                citations=cite("irregularities.15"),
            )
        case PrematureCards(cards=cards):
            # The rulebook leaves the procedure to each form's section, not
            # included. floorman's deal has no shuffler of its own, so the
            # cards go back beneath the stub rather than shuffled into it: either
            # way they cannot come on the street they were dealt too soon for.
            citations = cite("irregularities.15")
            events = deal.apply(TakeBack(cards=cards, citations=citations))
            return Ruling(
                code="cards_taken_back",
                said="{cards} dealt before the betting was complete do not play, even if a"
                " player yet to act folds: they go back beneath the stub and the street is"
                " dealt when the round is over",
                words=(("cards", str(format_cards(cards))),),
                citations=citations,
                events=tuple(events),
            )
        case CardsShown(after_deal=True):
            return _shown(
                report,
                "{who} showed cards to {to} after the deal: every player dealt in may see them",
                "showdown.6.1",
            )
        case CardsShown(to=q) if q is None or deal.folded(Position(q)):
            return _shown(
                report,
                "{who} showed cards to {to}, who cannot use them in wagering: nothing about"
                " them is told until the betting is over",
                "showdown.6.2",
            )
        case CardsShown(to=int() as q):
            legal = deal.legal()
            still = legal.turn is Turn.BET and q in _to_act(deal)
            when = (
                "at once, since that player may still wager this round"
                if still
                else "to the others when this betting round is over"
            )
            return _shown(
                report,
                "{who} showed cards to {to} during the deal: they are shown " + when,
                "showdown.6.3" if still else "showdown.6.4",
            )
    raise TypeError(f"not a card report: {report!r}")


def _shown(report: CardsShown, said: str, part: str) -> Ruling:
    """Show one, show all: only what was shown need be shown (RRP5 showdown.6.5)."""
    rules = ("showdown.6", part, "showdown.6.5") if report.part else ("showdown.6", part)
    return Ruling(
        code="cards_shown",
        said=said + ("; only the cards shown, not the rest of the hand" if report.part else ""),
        position=report.position,
        to=None if report.to is None else Position(report.to),
        citations=cite(*rules),
    )


def _to_act(deal: Deal) -> list[int]:
    """Players who may still have a wagering decision this round."""
    return [p for p in range(deal.players) if not deal.folded(Position(p)) and deal.stacks[p] > 0]


def _exposed_practice(deal: Deal) -> str:
    """The exposed-card procedure by form. The rulebook leaves it to each game's
    section, not included here; this is the standard cardroom practice."""
    game = deal.game
    if not game.is_button_game:
        return (
            "at stud an exposed downcard plays as an upcard; on third street, before anyone"
            " acts, the door card goes down in its place"
        )
    if game.has_draw:
        return "during the draw an exposed card is not taken; it is replaced after the others draw"
    return (
        "in the starting hands it is dealt on as usual, replaced by the next card once all"
        " are dealt, and used as the burn card"
    )


def _declared(deal: Deal, position: Position, action: Action, name: Naming) -> Ruling:
    """A declaration in turn binds (RRP5 betting.9): the action is taken."""
    if getattr(action, "position", None) != position:
        raise IllegalAction(
            "{who} declared another player's action: {action}",
            code="not_own_action",
            who=Who(position),
            action=repr(action),
        )
    legal = deal.legal()
    if legal.position != position:
        return Ruling(
            code="declaration_not_binding",
            said="{who} spoke out of turn: the declaration does not bind; {allowed}",
            position=position,
            words=(("allowed", str(legal.say(name))),),
            citations=cite("betting.9", "conduct.improper.1"),
        )
    events = deal.apply(action)
    return Ruling(
        code="declaration_binds",
        said="{who}'s declaration in turn binds: {action}",
        position=position,
        words=(("action", str(type(action).__name__.lower())),),
        citations=cite("betting.9"),
        events=tuple(events),
    )


def decide(deal: Deal, report: Report, choice: str, *, name: Naming = by_position) -> Ruling:
    """Apply management's choice on a report whose ruling offered options
    (an option, or the unambiguous start of one); ``name`` says the players."""
    offered = rule_options(report)
    # An unambiguous start of an option names it ("keep", "refund").
    named = [o for o in offered if o.startswith(choice.replace("-", " ").strip())] if choice else []
    choice = named[0] if len(named) == 1 else choice
    if choice not in offered:
        raise IllegalAction(
            "{choice} is not a ruling the rules allow here; the options are {options}",
            code="choice_not_offered",
            choice=repr(choice),
            options=", ".join(repr(o) for o in offered) or "none",
            citations=cite("decisions.1"),
        )
    match report, choice:
        case HandFouled(position=p), "dead":
            return _kill(deal, p, "dead-hands.2", "the fouled hand is dead", name)
        case HandFouled(position=p), "retrieve":
            return Ruling(
                code="hand_live",
                said="{who}'s hand is retrieved and stays live",
                position=Position(p),
                citations=cite("irregularities.2", "decisions.1"),
            )
        case MuckedHand(position=p), "dead":
            return _kill(deal, p, "dead-hands.2", "the mucked hand is dead", name)
        case MuckedHand(position=p), "retrieve":
            return Ruling(
                code="hand_live",
                said="{who}'s hand is retrieved and stays live",
                position=Position(p),
                citations=cite("dead-hands.2", "decisions.1"),
            )
        case HandInQuestion(position=p), "dead":
            return _kill(deal, p, report.cause.rule, "the hand is dead", name)
        case HandInQuestion(position=p), "live":
            return Ruling(
                code="hand_live",
                said="{who}'s hand is ruled live",
                position=Position(p),
                citations=cite(report.cause.rule, "decisions.1"),
            )
        case DuplicateCard(), "refund everyone":
            return _void(deal, "a duplicate card", "irregularities.4")
        case DuplicateCard(knew=int(p)), _:
            citations = cite("irregularities.4", "irregularities.5", "irregularities.6")
            events = deal.apply(Void(citations=citations, keep=(Position(p),)))
            return Ruling(
                code="deal_void",
                said="a duplicate card: all action is void and every chip goes back but"
                " {who}'s, which knew and bet on: its chips stay in the pot for the next"
                " deal, for which only the players dealt in now may be dealt in",
                position=Position(p),
                citations=citations,
                events=tuple(events),
            )
    raise TypeError(f"no decision for {report!r}")


def decide_at_table(
    table: Table, report: Report, choice: str, *, name: Naming = by_position
) -> Ruling:
    """Apply management's choice, as :func:`decide` does, to the table's deal
    under way, through the table (:meth:`~floorman.table.Table.on_deal`): the
    table's log records it, and a deal it ends (a misdeal) is settled at once."""
    ruling = table.on_deal(lambda under_way: decide(under_way, report, choice, name=name))
    return ruling.at_table(table)


def rule_options(report: Report) -> tuple[str, ...]:
    """The choices management has on a report (empty when the rules decide)."""
    match report:
        case MuckedHand() | HandFouled(protected=True):
            return ("dead", "retrieve")
        case DuplicateCard(knew=int()):
            return ("refund everyone", "keep the knowing player's chips in the pot")
        case HandInQuestion(cause=DeadHandCause.WRONG_NUMBER_OF_CARDS):
            return ("live", "dead")
    return ()


def _void(deal: Deal, what: str, rule_id: str) -> Ruling:
    citations = cite(rule_id)
    events = deal.apply(Void(citations=citations))
    return Ruling(
        code="deal_void",
        said="{what}: all action is void and every chip goes back to whoever put it in",
        words=(("what", what),),
        citations=citations,
        events=tuple(events),
    )


def _kill(
    deal: Deal,
    position: int,
    rule_id: str | tuple[str, ...],
    why: str,
    name: Naming,
    amounts: tuple[tuple[str, int], ...] = (),
) -> Ruling:
    """The hand at ``position`` is dead for ``why`` (a template over ``amounts``)."""
    citations = cite(*((rule_id,) if isinstance(rule_id, str) else rule_id))
    events = deal.apply(Kill(position=Position(position), citations=citations))
    return Ruling(
        code="hand_dead",
        said="{who}: " + why + "; it can no longer act or win any part of the pot",
        position=Position(position),
        amounts=amounts,
        citations=citations,
        events=tuple(events),
    )


def _dealing_error(deal: Deal, cause: MisdealCause) -> Ruling:
    acted = acted_in_turn(deal)
    if acted >= 2:
        return Ruling(
            code="no_misdeal",
            said="no misdeal: {acted} players have acted in turn, so the deal is played to its"
            " end and no money is returned for a fouled hand; an error is to be called when"
            " it happens",
            amounts=(("acted", acted),),
            citations=cite("decisions.3", "misdeals.1", "misdeals.2"),
        )
    citations = cite("misdeals.1", cause.rule)
    events = deal.apply(Void(citations=citations))
    return Ruling(
        code="misdeal",
        said="misdeal: the deal is void, every chip goes back, and the cards are dealt again",
        citations=citations,
        events=tuple(events),
    )


def _facing_bet(deal: Deal, position: Position) -> bool:
    bets = deal.bets
    return bets[position] < max(bets)


def _proper_cards(deal: Deal) -> int:
    streets = deal.game.streets[: deal.street + 1]
    return sum(len(street.hole) for street in streets)


def _hand_in_question(deal: Deal, report: HandInQuestion, name: Naming) -> Ruling:
    p, cause = report.position, report.cause
    if deal.folded(p):
        raise IllegalAction("{who}'s hand is already dead", code="no_live_hand", who=Who(p))
    facing = _facing_bet(deal, p)
    if cause in (DeadHandCause.FOLDED_FACING_BET, DeadHandCause.CLOCK_EXPIRED) and not facing:
        return Ruling(
            code="hand_live",
            said="{who}'s hand stays live: it did not face a bet or raise",
            position=Position(p),
            citations=cite(cause.rule),
        )
    if cause is DeadHandCause.STUD_UPCARDS_DISTURBED and (deal.game.is_button_game or not facing):
        where = "this is not a stud game" if deal.game.is_button_game else "it faced no bet"
        return Ruling(
            code="hand_live",
            said="{who}'s hand stays live: {where}",
            position=Position(p),
            words=(("where", where),),
            citations=cite(cause.rule),
        )
    if cause is DeadHandCause.WRONG_NUMBER_OF_CARDS:
        return _card_count(deal, report, name)
    return _kill(deal, p, cause.rule, _WHY[cause], name)


_WHY = {
    DeadHandCause.FOLDED_FACING_BET: "it folded (or said it folds) facing a bet",
    DeadHandCause.THROWN_FORWARD: "it was thrown forward and another player acted behind it",
    DeadHandCause.STUD_UPCARDS_DISTURBED: "its upcards were picked up, turned or mixed facing a bet",
    DeadHandCause.ACTED_ON_JOKER: "it acted on a hand holding a joker in a game without one",
    DeadHandCause.CLOCK_EXPIRED: "its time ran out facing a bet",
    DeadHandCause.THROWN_INTO_ANOTHER_HAND: "its cards went into another player's hand",
}


def _card_count(deal: Deal, report: HandInQuestion, name: Naming) -> Ruling:
    """The proper number of cards (RRP5 dead-hands.1.4). The rulebook's
    explanation of it is not included; these are the exceptions the rule
    names: at stud a hand short only the final card may be ruled live
    (management's call), and at draw games a short hand before the draw plays."""
    p = report.position
    held = report.cards if report.cards is not None else len(deal.hole(p))
    proper = _proper_cards(deal)
    last = deal.street == len(deal.game.streets) - 1
    if held == proper:
        return Ruling(
            code="hand_live",
            said="{who} holds {held} cards, the proper number: the hand is live",
            position=Position(p),
            amounts=(("held", held), ("proper", proper)),
            citations=cite("dead-hands.1.4"),
        )
    if not deal.game.is_button_game and last and held == proper - 1:
        return Ruling(
            code="management_decides",
            said="{who}'s stud hand lacks only its final card: management may rule it live",
            position=Position(p),
            citations=cite("dead-hands.1.4", "decisions.1"),
            options=rule_options(report),
        )
    before_draw = deal.game.has_draw and not any(isinstance(e, ev.Drew) for e in deal.events)
    if before_draw and held < proper:
        return Ruling(
            code="hand_live",
            said="{who} holds {held} of {proper} cards before the draw: the hand is live and"
            " draws to its proper number",
            position=Position(p),
            amounts=(
                ("held", held),
                ("proper", proper),
            ),
            citations=cite("dead-hands.1.4"),
        )
    counted = (("held", held), ("proper", proper))
    return _kill(deal, p, "dead-hands.1.4", "it holds {held} cards, not {proper}", name, counted)


def _applied() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}

    def add(rule_id: str, text: str) -> None:
        out.setdefault(rule_id, []).append(text)

    for cause in MisdealCause:
        add(
            cause.rule,
            f"DealingError(cause={cause!r}): a misdeal, the deal voided and dealt again,"
            " if called before two players act in turn",
        )
    add("misdeals.1", "DealingError: a misdeal only before two players have acted in turn")
    add("misdeals.2", "DealingError after two players acted in turn: the deal is played out")
    add("decisions.3", "DealingError called late: the delay costs the misdeal")
    for dead in DeadHandCause:
        add(dead.rule, f"HandInQuestion(cause={dead!r}): the hand is ruled dead (a Kill)")
    add("dead-hands.1.4", "HandInQuestion: a stud hand short its last card is management's call")
    add("dead-hands.2", "MuckedHand: management rules the hand dead or retrieves it")
    add(
        "irregularities.2",
        "HandFouled: unprotected, dead with no redress; protected, management's call",
    )
    add("irregularities.3", "ForeignCard: in play the deal is voided; in the stub action stands")
    add("irregularities.4", "DuplicateCard: the deal is voided, every chip back")
    add(
        "irregularities.5", "DuplicateCard(knew=...): management may refuse the freeroller's refund"
    )
    add("irregularities.10", "MissingCards: the deal stands")
    add("irregularities.14", "CardsDropped: the dropped cards play")
    add(
        "betting.9",
        "ActionDeclared: an action declared in turn is taken; out of turn it does not bind",
    )
    add(
        "blinds.10",
        "BlindNotPosted: dead if the player has not acted; else live, posting next deal",
    )
    add(
        "blinds.10",
        "rule_at_table(table, BlindNotPosted(...)): the blinds the table's record has owed,"
        " posted on the next deal (Table.post_next_deal)",
    )
    add("irregularities.7", "BoxedCard: a scrap of paper, replaced by the next card")
    add("irregularities.7", "BoxedCard(card=..., player=...): a Replace; in the stub, a Scrap")
    add("irregularities.8", "JokerFound: a scrap of paper before acting, a dead hand after")
    add(
        "irregularities.1",
        "Table.correct_button(seat): the next deal follows on from the right button",
    )
    add("irregularities.9", "JokerFound(acted=True): acting unseen takes on the liability")
    add("irregularities.11", "ExtraCard: one extra card before the first round is the burn")
    add("irregularities.12", "ExposedCard: a flashed card plays if the player flashed it")
    add("irregularities.13", "ExposedCard by the dealer: the form's procedure; no option")
    add("irregularities.15", "PrematureCards: cards dealt before the betting ends do not play")
    add("irregularities.15", "PrematureCards(cards=...): a TakeBack, beneath the stub")
    add(
        "showdown.5",
        "ask_to_see(table, ...): the winner asking makes both hands live; others see a dead hand",
    )
    add("showdown.6", "CardsShown: show one, show all")
    add("showdown.6.1", "CardsShown(after_deal=True): every player dealt in may see them")
    add("showdown.6.2", "CardsShown to someone out of the hand: withheld until the betting ends")
    add("showdown.6.3", "CardsShown to a player still to wager this round: shown to all at once")
    add("showdown.6.4", "CardsShown to a player done this round: shown when the round ends")
    add("showdown.6.5", "CardsShown(part=True): only the cards shown")
    add(
        "decisions.5",
        "Table.transfer/impound(..., deal=N), ask_to_see: a pot ruling only on the last deal,"
        " before the next starts",
    )
    add("decisions.6", "Table.transfer(...): a misawarded pot moved by the betting record")
    add("decisions.7", "Table.impound(...) and release(...): chips held while a decision waits")
    add("decisions.1", "decide(...): management's choice among the options a ruling offers")
    add("decisions.5", "rule(...) on a deal that is over is refused: its result stands")
    return out


_APPLIED = _applied()


def rulings_citing(rule_id: str) -> tuple[str, ...]:
    """The rulings the floorperson makes that apply a rule, in words.

    >>> rulings_citing("misdeals.2")
    ('DealingError after two players acted in turn: the deal is played out',)
    """
    return tuple(_APPLIED.get(rule_id, ()))
