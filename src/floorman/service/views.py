"""A view of a table for each person, and the stream of events each may receive.

:func:`view` gives one person's picture of a live table: seats, players,
stacks, bets, pots, button and blinds, who is away and who owes a blind,
whose turn it is, the cards that person may see, and for the one to act the
exact options. :func:`redact` gives each event as that person may receive
it. Both are frozen values that go to JSON and back through
:mod:`floorman.codec`.

Who may see which card, as floorman reads the rulebook:

- A face-up card is public: the board, the up cards of stud, a hand tabled
  at the showdown (RRP5 showdown.1), the cards drawn for the button (RRP5
  seating.6), and a card exposed or found faced and ruled on: turned up to
  play (RRP5 irregularities.12, irregularities.13), replaced (RRP5
  irregularities.7, irregularities.8, irregularities.12), treated as scrap
  paper (RRP5 irregularities.7) or dealt too soon (RRP5 irregularities.15).
  A card once seen stays known (a stud door card turned down by a ruling),
  but a card becomes public with the event that shows it: earlier events are
  never rewritten.
- Show one, show all (RRP5 showdown.6): every player is entitled to the same
  information about another's hand, so a hand shown is shown to everyone;
  floorman keeps no hand shown to one person only.
- A player sees the own hole cards and discards and no one else's face-down
  card: a hand's contents are not told during a deal, even to someone not in
  the pot (RRP5 conduct.improper.6, conduct.improper.7), and a guest behind a
  player looks at that hand only (RRP5 policies.27).
- Nobody, dealer and floor included, sees a burn card, another player's
  discards, the stub, or what would have come (RRP5 policies.23,
  policies.24).
- The dealer deals face-down cards without looking at them: the dealer sees
  what is public and is told what to deal next.
- The floor sees what is public while the deal is under way, since it must
  not be a way for a hand's contents to reach a player (RRP5
  conduct.improper.7). Once the deal is over it also sees the hands called at
  the showdown, mucked or not: any player dealt in may ask to see a called
  hand (RRP5 showdown.5), and a ruling on the pot may be asked for until the
  next deal starts (RRP5 decisions.5). A hand folded before the showdown is
  in the discards and stays unseen (RRP5 policies.23).

A face-down card a viewer may not see is ``None`` in what that viewer gets:
its place (and so the count of cards) shows, never the card.

>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> from floorman.table import Table, TableSetup
>>> from floorman.service.viewers import AsObserver, AsPlayer
>>> table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2), seats=6),
...               shuffler=SeededShuffler(5), button=1)
>>> for seat, name in ((1, "ann"), (3, "bob"), (5, "cy")):
...     _ = table.sit(seat, name, 100)
>>> _ = table.start_deal()
>>> mine = view(table, AsPlayer("ann"), now=0.0)
>>> [(s.seat, s.player, s.stack, s.bet, s.hidden) for s in mine.seats]
[(1, 'ann', 100, 0, 0), (3, 'bob', 99, 1, 2), (5, 'cy', 98, 2, 2)]
>>> mine.seats[0].cards
(Card.parse('Qs'), Card.parse('8s'))
>>> mine.to_act, mine.legal
(1, Options(turn=Turn.BET, seat=1, fold=True, check=False, call=2, min_to=4, max_to=100, bring_in=0, cards=0, muck=False, needless_fold=False, chop=False))
>>> view(table, AsObserver(), now=0.0).legal is None
True
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from floorman.cards import Card
from floorman.deal import events as dev
from floorman.deal.legal import Legal, Turn
from floorman.deal.state import Deal
from floorman.floor.rulings import Ruling
from floorman.games import Structure
from floorman.ids import PlayerId, Position, Seat
from floorman.service.viewers import AsDealer, AsFloor, AsObserver, AsPlayer, Viewer
from floorman.table import events as tev
from floorman.table.state import Table

__all__ = [
    "Hidden",
    "Options",
    "PotView",
    "SeatView",
    "TableView",
    "ViewValue",
    "cards_in",
    "dealt_in",
    "redact",
    "redact_all",
    "to_act",
    "view",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Hidden:
    """An event the viewer may see nothing of, in its place in the stream.

    ``kind`` names the event as the codec does (``"deal.StubReshuffled"``);
    ``count`` is how many cards it held.
    """

    kind: str
    count: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One seated player as a viewer sees them.

    ``stack`` is the chips behind (not in the pot); ``bet`` the chips put in on
    this betting round; ``position`` the place in the deal under way (or the
    last one), None if not dealt in. ``cards`` are the hand in the order
    dealt, ``None`` for a face-down card this viewer may not see, and ``up``
    says which lie face up. ``owes`` lists the blinds owed (``"small"``,
    ``"big"``); ``new`` a player not yet dealt into the game.
    """

    seat: Seat
    player: PlayerId
    stack: int
    bet: int = 0
    position: Position | None = None
    cards: tuple[Card | None, ...] = ()
    up: tuple[bool, ...] = ()
    folded: bool = False
    away: bool = False
    new: bool = False
    owes: tuple[str, ...] = ()

    @property
    def hidden(self) -> int:
        """How many of the cards this viewer may not see."""
        return sum(1 for c in self.cards if c is None)


@dataclass(frozen=True, slots=True, kw_only=True)
class PotView:
    """A pot, main pot first: its chips and the seats that may win it."""

    amount: int
    seats: tuple[Seat, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """What the one to act may do, with the exact amounts, by seat: a
    :class:`~floorman.deal.Legal` said at the table.

    ``call`` is the chips a call puts in; ``min_to``/``max_to`` bound a bet or
    raise's total for the round (both 0: none allowed); ``needless_fold``
    warns that a fold would give up a hand that could check (RRP5 betting.9);
    ``chop`` that the blinds may chop (RRP5 policies.15); ``cards`` counts the
    cards to deal (the dealer) or held (a draw).
    """

    turn: Turn
    seat: Seat | None
    fold: bool = False
    check: bool = False
    call: int = 0
    min_to: int = 0
    max_to: int = 0
    bring_in: int = 0
    cards: int = 0
    muck: bool = False
    needless_fold: bool = False
    chop: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """A table as one viewer may see it at time ``now``.

    ``size`` is the number of seats; ``seats`` the players seated. ``button``,
    ``small_blind`` and ``big_blind`` are seats of the deal under way (or the
    last one). ``deal`` counts the deals dealt; ``in_deal`` says whether one
    is under way. ``board`` and, when the rest of the board was dealt more than
    once, ``runs`` are the community cards. ``turn`` and ``to_act`` (a seat)
    say what the deal waits for; ``legal`` is given to the one it waits for
    (a player to bet, draw or show; the dealer to deal), None to everyone else.
    ``chip`` is the smallest chip: every bet is a whole number of it.
    """

    viewer: Viewer
    now: float
    game: str
    structure: Structure
    blinds: tuple[int, ...]
    ante: int
    small_bet: int
    big_bet: int
    chip: int
    size: int
    seats: tuple[SeatView, ...]
    button: Seat | None
    small_blind: Seat | None
    big_blind: Seat | None
    deal: int
    in_deal: bool
    street: str
    board: tuple[Card | None, ...]
    runs: tuple[tuple[Card | None, ...], ...]
    pots: tuple[PotView, ...]
    pot: int
    turn: Turn
    to_act: Seat | None
    legal: Options | None


#: Every value of this module the codec reads and writes, with the viewers.
ViewValue = (
    TableView | SeatView | PotView | Options | Hidden | AsPlayer | AsObserver | AsDealer | AsFloor
)


# ----- who was dealt in --------------------------------------------------------

_OCCUPANCY = (tev.PlayerSeated, tev.PlayerLeft, tev.ChipsPickedUp, tev.SeatChanged)


def dealt_in(table: Table) -> tuple[str, ...]:
    """Who holds each position of the table's deal under way (or its last
    one): the names :func:`redact` needs. A seat whose player has since got up
    or changed seats is named ``""``, nobody: its cards stay hidden.

    >>> from floorman.games import HOLDEM, Structure
    >>> from floorman.table import Table, TableSetup
    >>> table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2)), button=1)
    >>> for seat, name in ((1, "ann"), (2, "bob"), (4, "cy")):
    ...     _ = table.sit(seat, name, 100)
    >>> _ = table.start_deal()
    >>> dealt_in(table)
    ('bob', 'cy', 'ann')
    """
    seats = table.positions
    if table.deal is None or len(seats) != table.deal.players:
        return ()
    players = table.players
    # The players dealt in keep their seats until the deal ends; after it,
    # any seat taken, left or changed since the deal started is nobody's.
    moved: set[int] = set()
    for event in reversed(table.events):
        if isinstance(event, tev.DealStarted):
            break
        if isinstance(event, _OCCUPANCY):
            moved.add(event.seat)
            if isinstance(event, tev.SeatChanged):
                moved.add(event.to)
    return tuple("" if s in moved else players.get(s, "") for s in seats)


# ----- who sees which card -----------------------------------------------------


@dataclass(slots=True)
class _Held:
    card: Card | None
    up: bool
    seen: bool  # shown or turned by a ruling while in this hand


def _index(hand: list[_Held], card: Card | None) -> int | None:
    for i, held in enumerate(hand):
        if held.card == card:
            return i
    return None


def _hands(deal: Deal) -> list[list[_Held]]:
    """Each position's cards as the events placed them, with which lie face
    up and which have been shown while in the hand."""
    hands: list[list[_Held]] = [[] for _ in range(deal.players)]
    for event in deal.events:
        match event:
            case dev.HoleDealt(position=p, cards=cards, up=up):
                hands[p].extend(_Held(c, u, False) for c, u in zip(cards, up, strict=True))
            case dev.Drew(position=p, discards=discards):
                for card in discards:
                    i = _index(hands[p], card)
                    i = _index(hands[p], None) if i is None else i
                    if i is not None:
                        del hands[p][i]
            case dev.CardReplaced(position=p, card=card, new=new):
                i = _index(hands[p], card)
                if i is not None:
                    hands[p][i] = _Held(new, hands[p][i].up, False)
            case dev.CardTurned(position=p, card=card, up=up):
                i = _index(hands[p], card)
                if i is not None:
                    hands[p][i] = _Held(card, up, True)
            case dev.HandShown(position=p, cards=cards):
                if len(cards) == len(hands[p]):
                    hands[p] = [_Held(c, True, c is not None) for c in cards]
                else:
                    # Part of a hand shown: only those cards (RRP5 showdown.6.5).
                    for card in cards:
                        i = _index(hands[p], card)
                        if i is not None and card is not None:
                            hands[p][i].seen = True
            case _:
                pass
    return hands


def _called(deal: Deal) -> frozenset[int]:
    """The positions whose hands were called at the showdown of a deal that is
    over: every hand not folded when the first hand was shown or mucked."""
    if not deal.is_over:
        return frozenset()
    out: set[int] = set()
    for event in deal.events:
        match event:
            case dev.Folded(position=p) | dev.HandKilled(position=p):
                out.add(p)
            case dev.HandShown() | dev.HandMucked():
                return frozenset(p for p in range(deal.players) if p not in out)
            case _:
                pass
    return frozenset()


def _owns(viewer: Viewer, positions: Sequence[str], p: int) -> bool:
    return (
        isinstance(viewer, AsPlayer)
        and 0 <= p < len(positions)
        and bool(positions[p])
        and positions[p] == viewer.player
    )


def _hand_seen(
    deal: Deal, p: int, held: list[_Held], *, whole: bool
) -> tuple[tuple[Card | None, ...], tuple[bool, ...]]:
    """A position's cards as the viewer sees them: the whole hand, or only what
    is face up or has been shown."""
    truth = deal.hole(Position(p))
    if [h.card for h in held] != list(truth):
        # The events and the deal disagree on the hand: show none of it but
        # to its holder, rather than guess which card is which.
        return (truth if whole else (None,) * len(truth)), (False,) * len(truth)
    cards = tuple(h.card if whole or h.up or h.seen else None for h in held)
    return cards, tuple(h.up for h in held)


# ----- the view ----------------------------------------------------------------


def view(table: Table, viewer: Viewer, *, now: float | None = None) -> TableView:
    """The table as ``viewer`` may see it (see the module's notes for who sees
    which card); ``now`` is the time of the view, the table's clock by default.

    The view only reads the table's public properties and the deal's and
    table's logs; it keeps nothing and changes nothing of its own.
    """
    setup = table.setup
    deal = table.deal
    names = dealt_in(table)
    in_deal = table.in_deal
    stacks = table.stacks
    position = {seat: Position(p) for p, seat in enumerate(table.positions)} if names else {}
    hands = _hands(deal) if deal is not None and names else []
    called = _called(deal) if deal is not None and isinstance(viewer, AsFloor) else frozenset()
    seats: list[SeatView] = []
    for seat, player in table.players.items():
        p = position.get(seat)
        if p is not None and names[p] != player:
            p = None  # someone else's seat now: the last deal's cards are not theirs
        cards: tuple[Card | None, ...] = ()
        up: tuple[bool, ...] = ()
        stack, bet, folded = stacks[seat], 0, False
        if p is not None and deal is not None:
            whole = _owns(viewer, names, p) or p in called
            cards, up = _hand_seen(deal, p, hands[p], whole=whole)
            folded = deal.folded(Position(p))
            if in_deal:
                stack, bet = deal.stacks[p], deal.bets[p]
        seats.append(
            SeatView(
                seat=seat,
                player=player,
                stack=stack,
                bet=bet,
                position=p,
                cards=cards,
                up=up,
                folded=folded,
                away=table.is_away(Seat(seat)),
                new=table.is_new(Seat(seat)),
                owes=table.owes(Seat(seat)),
            )
        )
    seat_of = table.positions
    turn, to_act, options = Turn.OVER, None, None
    if deal is not None and in_deal:
        legal = deal.legal()
        turn = legal.turn
        to_act = seat_of[legal.position] if legal.position is not None else None
        if _is_for(viewer, legal, names):
            options = _options(deal, legal, seat_of)
    board: tuple[Card | None, ...] = ()
    runs: tuple[tuple[Card | None, ...], ...] = ()
    street = ""
    pots: tuple[PotView, ...] = ()
    if deal is not None and names:
        board, *more = deal.boards
        runs = tuple(more)
        if in_deal and 0 <= deal.street < len(deal.game.streets):
            street = deal.game.streets[deal.street].name
        if in_deal:
            pots = tuple(
                PotView(amount=pot.amount, seats=tuple(seat_of[q] for q in pot.eligible))
                for pot in deal.pots
            )
    return TableView(
        viewer=viewer,
        now=table.clock.now() if now is None else now,
        game=setup.game.name,
        structure=setup.structure,
        blinds=setup.blinds,
        ante=setup.ante,
        small_bet=setup.small_bet,
        big_bet=setup.big_bet,
        chip=setup.chip,
        size=setup.seats,
        seats=tuple(seats),
        button=table.button,
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        deal=len(table.deals),
        in_deal=in_deal,
        street=street,
        board=board,
        runs=runs,
        pots=pots,
        pot=sum(p.amount for p in pots),
        turn=turn,
        to_act=to_act,
        legal=options,
    )


def to_act(table: Table) -> int | None:
    """The seat whose player the deal under way waits for, as every view's
    ``to_act`` says, without building the rest of a view (a driver asking
    whom to ask next)."""
    deal = table.deal
    if deal is None or not table.in_deal:
        return None
    player = deal.legal().position
    return table.positions[player] if player is not None else None


def _is_for(viewer: Viewer, legal: Legal, names: Sequence[str]) -> bool:
    """Whether the deal waits for this viewer: the dealer to deal, a player to
    bet, draw or show."""
    if legal.turn in (Turn.DEAL_HOLE, Turn.DEAL_BOARD):
        return isinstance(viewer, AsDealer)
    return legal.position is not None and _owns(viewer, names, legal.position)


def _options(deal: Deal, legal: Legal, seat_of: Sequence[Seat]) -> Options:
    return Options(
        turn=legal.turn,
        seat=seat_of[legal.position] if legal.position is not None else None,
        fold=legal.fold,
        check=legal.check,
        call=legal.call,
        min_to=legal.min_to,
        max_to=legal.max_to,
        bring_in=legal.bring_in,
        cards=legal.cards,
        muck=legal.muck,
        needless_fold=legal.needless_fold,
        chop=legal.turn is Turn.BET and deal.can_chop,
    )


# ----- the stream --------------------------------------------------------------

E = typing.TypeVar("E")


def redact(event: E, viewer: Viewer, *, positions: Sequence[str] = ()) -> E | Hidden:
    """``event`` as ``viewer`` may receive it: the same event, the same event
    with the cards the viewer may not see as ``None``, or a :class:`Hidden`
    in its place. ``positions`` names the player at each position of the deal
    the event belongs to (:func:`dealt_in`); table events need none.

    Another player's face-down cards, a burn card, discards and the stub are
    never given (RRP5 policies.23, policies.24); cards shown or exposed are
    (RRP5 showdown.6, irregularities.12). An event floorman does not know to
    be public is hidden whole if it holds any card.

    >>> from floorman.cards import parse_cards
    >>> from floorman.service.viewers import AsPlayer
    >>> dealt = dev.HoleDealt(position=1, cards=parse_cards("As Kd"), up=(False, False))
    >>> redact(dealt, AsPlayer("bob"), positions=("ann", "bob")) == dealt
    True
    >>> redact(dealt, AsPlayer("ann"), positions=("ann", "bob"))
    HoleDealt(position=1, cards=(None, None), up=(False, False), citations=())
    >>> redact(dev.CardBurned(card=Card.parse("2c")), AsFloor())
    CardBurned(card=None, citations=())
    """
    return _redact(event, viewer, positions)


def redact_all(
    events: Sequence[E], viewer: Viewer, *, positions: Sequence[str] = ()
) -> list[E | Hidden]:
    """Each event of a stream as ``viewer`` may receive it, one for one, so the
    numbering of the stream is kept."""
    return [_redact(e, viewer, positions) for e in events]


def _redact(event: E, viewer: Viewer, positions: Sequence[str]) -> E | Hidden:
    out: object
    match event:
        case dev.HoleDealt(position=p, cards=cards, up=up):
            if _owns(viewer, positions, p):
                return event
            # Up cards are public; the rest is the player's alone.
            out = dataclasses.replace(
                event, cards=tuple(c if u else None for c, u in zip(cards, up, strict=True))
            )
        case dev.Drew(position=p, discards=discards, cards=cards):
            if _owns(viewer, positions, p):
                return event
            # How many cards are drawn is public; which are not (RRP5 policies.23).
            out = dataclasses.replace(
                event, discards=(None,) * len(discards), cards=(None,) * len(cards)
            )
        case dev.CardReplaced(position=p):
            # The card taken out was exposed or found faced: public (RRP5
            # irregularities.7, irregularities.8, irregularities.12); the one in its
            # place is dealt face down to the player.
            if _owns(viewer, positions, p):
                return event
            out = dataclasses.replace(event, new=None)
        case dev.CardBurned():
            out = dataclasses.replace(event, card=None)  # RRP5 policies.23
        case dev.StubReshuffled(cards=cards) | tev.DeckShuffled(cards=cards):
            # The deck as shuffled holds the burns, the stub and what would have
            # come: nobody's to see (RRP5 policies.23, policies.24).
            return Hidden(kind=_kind(event), count=len(cards))
        case (
            dev.BoardDealt()
            | dev.HandShown()
            | dev.CardTurned()
            | dev.CardScrapped()
            | dev.CardsTakenBack()
            | tev.ButtonDrawn()
        ):
            return event
        case Ruling(events=inner):
            shown = [_redact(e, viewer, positions) for e in inner]
            if any(isinstance(e, Hidden) for e in shown):
                return Hidden(kind=_kind(event), count=sum(1 for _ in cards_in(event)))
            out = dataclasses.replace(event, events=tuple(typing.cast(list[dev.Event], shown)))
        case _:
            if next(cards_in(event), None) is None:
                return event
            return Hidden(kind=_kind(event), count=sum(1 for _ in cards_in(event)))
    return event if out == event else typing.cast(E, out)


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere in a value: its fields, tuples and nested values.

    >>> from floorman.cards import parse_cards
    >>> [str(c) for c in cards_in(dev.HandShown(position=0, cards=parse_cards("As Kd")))]
    ['As', 'Kd']
    """
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))


def _kind(event: object) -> str:
    """An event's name as the codec writes its ``"type"``."""
    from floorman.codec import registered  # the codec registers this module's values

    for name, cls in registered().items():
        if cls is type(event):
            return name
    return type(event).__name__
