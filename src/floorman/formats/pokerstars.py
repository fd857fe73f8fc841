"""PokerStars hand histories: a finished deal written as PokerStars writes it.

PokerStars' text hand history is the layout hand-tracking programs
(PokerTracker, Hold'em Manager) and most open-source parsers read. A deal's log
knows the cards, the chips and the order of play; the table knows the rest,
which :class:`StarsHeader` carries: the hand number, the table's name and size,
the seat and screen name of each position, the button, the time, and how chips
are shown as money (amounts stay integers in the game's smallest unit, and are
printed exactly, ``250`` at ``chips_per_unit=100`` as ``$2.50``).

The first line always reads ``PokerStars Hand #``: trackers recognise a
PokerStars history by that prefix, so it is not configurable.
PokerStars writes only the hero's hole cards; floorman knows every hand and
writes a ``Dealt to`` line for each player whose cards are known. Rake is 0.

>>> import datetime
>>> from floorman.deal import Deal, Stakes, Wager, Call, Check, Fold
>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> deal = Deal(HOLDEM, structure=Structure.NO_LIMIT, stakes=Stakes(blinds=(1, 2)),
...             stacks=(200, 150, 300), shuffler=SeededShuffler(5))
>>> for action in (Wager(player=2, to=6), Fold(player=0), Call(player=1),
...                Check(player=1), Wager(player=2, to=8), Fold(player=1)):
...     _ = deal.apply(action)
>>> header = StarsHeader(hand_id=1, table="Floorman I", max_seats=6, seats=(2, 4, 5),
...                      names=("ann", "bob", "cy"), button_seat=5,
...                      started=datetime.datetime(2026, 11, 30, 6, 15))
>>> print(write_pokerstars(deal, header))
PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2026/11/30 6:15:00 ET
Table 'Floorman I' 6-max Seat #5 is the button
Seat 2: ann ($200 in chips)
Seat 4: bob ($150 in chips)
Seat 5: cy ($300 in chips)
ann: posts small blind $1
bob: posts big blind $2
*** HOLE CARDS ***
Dealt to ann [4s 6h]
Dealt to bob [4d Jh]
Dealt to cy [Qs 8s]
cy: raises $4 to $6
ann: folds
bob: calls $4
*** FLOP *** [Jc Ah As]
bob: checks
cy: bets $8
bob: folds
Uncalled bet ($8) returned to cy
cy collected $13 from pot
cy: doesn't show hand
*** SUMMARY ***
Total pot $13 | Rake $0
Board [Jc Ah As]
Seat 2: ann (small blind) folded before Flop
Seat 4: bob (big blind) folded on the Flop
Seat 5: cy (button) collected ($13)
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from floorman.cards import Card, Rank, format_cards
from floorman.deal import Deal
from floorman.deal import events as ev
from floorman.errors import ConfigError
from floorman.evaluation import (
    Category,
    HandValue,
    Ranking,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
)
from floorman.evaluation.variants import evaluate_badugi, evaluate_short_deck
from floorman.games import Game, Reading, Structure

__all__ = ["GAME_NAMES", "StarsHeader", "write_pokerstars"]

#: PokerStars' name for each form, by floorman's game name. The names of
#: ace-to-five single draw and short deck follow the pattern of PokerStars'
#: other names (its own histories of these games were not at hand).
GAME_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "holdem": "Hold'em",
        "omaha": "Omaha",
        "omaha8": "Omaha Hi/Lo",
        "stud": "7 Card Stud",
        "stud8": "7 Card Stud Hi/Lo",
        "razz": "Razz",
        "draw": "5 Card Draw",
        "lowball": "Single Draw A-5 Lowball",
        "27-single-draw": "Single Draw 2-7 Lowball",
        "27-triple-draw": "Triple Draw 2-7 Lowball",
        "badugi": "Badugi",
        "short-deck": "6+ Hold'em",
    }
)

_LIMITS = {
    Structure.FIXED_LIMIT: "Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.NO_LIMIT: "No Limit",
}
_CODES = {"$": " USD", "€": " EUR", "£": " GBP"}
_ORDINALS = ("FIRST", "SECOND", "THIRD")


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHeader:
    """What a PokerStars history says that the deal does not know.

    ``seats`` and ``names`` give each deal position's seat (1 to ``max_seats``)
    and screen name; position 0 is the first player clockwise from the button.
    ``button_seat`` may be a seat nobody sits in (a dead button); by default the
    button is the last position's seat. Stud has no button and ignores it.
    ``started`` is written as it is, labelled Eastern Time as PokerStars does.
    Amounts are whole chips; ``chips_per_unit`` (a power of ten) of them make
    one unit of ``currency`` (``""`` for play chips). ``stakes`` overrides the
    two amounts the first line names (the blinds, or the small and big bet at
    limit), for a deal whose posts do not show the table's stakes.

    >>> StarsHeader(hand_id=7, table="T", max_seats=2, seats=(1, 2), names=("a", "b"),
    ...             started=datetime.datetime(2026, 1, 2, 3, 4, 5))
    StarsHeader(hand_id=7, table='T', max_seats=2, seats=(1, 2), names=('a', 'b'), started=datetime.datetime(2026, 1, 2, 3, 4, 5), button_seat=None, currency='$', chips_per_unit=1, stakes=None)
    """

    hand_id: int
    table: str
    max_seats: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    started: datetime.datetime
    button_seat: int | None = None
    currency: str = "$"
    chips_per_unit: int = 1
    stakes: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if not 2 <= self.max_seats <= 10:
            raise ConfigError(f"a PokerStars table has 2 to 10 seats, not {self.max_seats}")
        if len(self.seats) != len(self.names) or len(self.seats) < 2:
            raise ConfigError(
                f"one seat and one name per position, two or more: seats {self.seats},"
                f" names {self.names}"
            )
        if len(set(self.seats)) != len(self.seats) or not all(
            1 <= s <= self.max_seats for s in self.seats
        ):
            raise ConfigError(f"seats {self.seats} must be distinct seats 1-{self.max_seats}")
        if len(set(self.names)) != len(self.names) or not all(
            n.strip() == n and n and "\n" not in n for n in self.names
        ):
            raise ConfigError(f"names {self.names} must be distinct, non-blank, one line each")
        if "\n" in self.table:
            raise ConfigError(f"the table name {self.table!r} must be one line")
        button = self.button_seat
        if button is not None and not 1 <= button <= self.max_seats:
            raise ConfigError(f"the button seat {button} is not a seat 1-{self.max_seats}")
        # Positions run clockwise: each seat lies further round the table from
        # the button than the one before, so the history's seat order and the
        # deal's position order agree.
        start = button if button is not None else self.seats[-1]
        rounds = [(s - start - 1) % self.max_seats for s in self.seats]
        if rounds != sorted(rounds):
            raise ConfigError(
                f"seats {self.seats} are not in clockwise order from the button in seat {start}"
            )
        cpu = self.chips_per_unit
        if cpu < 1 or 10 ** (len(str(cpu)) - 1) != cpu:
            raise ConfigError(f"chips_per_unit must be a power of ten, not {cpu}")
        if self.stakes is not None and not 0 <= self.stakes[0] <= self.stakes[1]:
            raise ConfigError(f"stakes {self.stakes} must be two amounts, the smaller first")

    def money(self, chips: int) -> str:
        """An amount as PokerStars prints it: ``$2.50``, ``$3``.

        >>> StarsHeader(hand_id=1, table="T", max_seats=2, seats=(1, 2), names=("a", "b"),
        ...             started=datetime.datetime(2026, 1, 1), chips_per_unit=100).money(250)
        '$2.50'
        """
        units, rest = divmod(chips, self.chips_per_unit)
        if not rest:
            return f"{self.currency}{units}"
        places = len(str(self.chips_per_unit)) - 1
        return f"{self.currency}{units}.{rest:0{places}d}"


def write_pokerstars(deal: Deal, header: StarsHeader) -> str:
    """One finished deal as a PokerStars hand history (no trailing newline)."""
    if not deal.is_over:
        raise ConfigError("the deal is not over; a hand history is written when it is")
    if len(header.seats) != deal.players:
        raise ConfigError(
            f"the deal has {deal.players} players but the header seats {len(header.seats)}"
        )
    if deal.game.name not in GAME_NAMES:
        raise ConfigError(f"PokerStars has no name for {deal.game.name}")
    return "\n".join(_Writer(deal, header).lines())


def _cards(cards: Sequence[Card | None]) -> str:
    """Cards in brackets, those nobody saw left out."""
    return f"[{format_cards(c for c in cards if c is not None)}]"


def _table_blinds(deal: Deal) -> tuple[int, int]:
    """The small and big blind of the table, from the blinds as listed."""
    listed = [b for b in deal.stakes.blinds if b]
    if len(listed) >= 2:
        return (listed[0], listed[1])
    # A lone big blind (the small one missed or dead): the usual half of it.
    big = listed[0] if listed else 0
    return (big // 2, big)


def _stakes(deal: Deal, header: StarsHeader) -> tuple[int, int]:
    """The two amounts the first line names."""
    if header.stakes is not None:
        return header.stakes
    if deal.structure is Structure.FIXED_LIMIT:
        return (deal.stakes.small_bet, deal.stakes.big_bet)
    return _table_blinds(deal)


def _blinds(deal: Deal) -> list[int]:
    """Each position's blind as the table set it (heads-up the button posts the small)."""
    n = deal.players
    given = list(deal.stakes.blinds[:n]) + [0] * max(0, n - len(deal.stakes.blinds))
    if n == 2 and len(deal.stakes.blinds) >= 2 and deal.stakes.big_blind is None:
        given.reverse()
    return given


def _markers(game: Game) -> list[str]:
    """The line that opens each street."""
    if not game.is_button_game:
        return [f"*** {i + 3}{'rd' if i == 0 else 'th'} STREET ***" for i in range(4)] + [
            "*** RIVER ***"
        ]
    if game.has_draw:
        return ["*** DEALING HANDS ***"] + [f"*** {o} DRAW ***" for o in _ORDINALS]
    return ["*** HOLE CARDS ***", "*** FLOP ***", "*** TURN ***", "*** RIVER ***"]


def _folded_when(game: Game, street: int) -> str:
    """When a player folded, in the summary's words."""
    if not game.is_button_game:
        return ("on the 3rd Street", "on the 4th Street", "on the 5th Street",
                "on the 6th Street", "on the River")[street]  # fmt: skip
    if game.has_draw:
        if street == 0:
            return "before the Draw"
        if len(game.streets) == 2:
            return "after the Draw"
        return f"after the {('1st', '2nd', '3rd')[street - 1]} Draw"
    return ("before Flop", "on the Flop", "on the Turn", "on the River")[street]


def _rank_name(value: HandValue) -> str:
    """A hand's name in PokerStars' words: ``a pair of Kings``, ``8,6,4,3,A``."""
    category, ranks = value.category, value.ranks
    if value.ranking is not Ranking.HIGH and category is Category.HIGH_CARD:
        return ",".join(r.symbol for r in ranks)
    top = ranks[0]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        # A straight is named from its lowest card up; the wheel's lowest is the ace.
        bottom = Rank.ACE if top is Rank.FIVE else Rank(top - 4)
        if category is Category.STRAIGHT:
            return f"a straight, {bottom.word} to {top.word}"
        if top is Rank.ACE:
            return "a Royal Flush"
        return f"a straight flush, {bottom.word} to {top.word}"
    names = {
        Category.HIGH_CARD: f"high card {top.word}",
        Category.ONE_PAIR: f"a pair of {top.plural}",
        Category.TWO_PAIR: f"two pair, {top.plural} and {ranks[1].plural}",
        Category.THREE_OF_A_KIND: f"three of a kind, {top.plural}",
        Category.FLUSH: f"a flush, {top.word} high",
        Category.FULL_HOUSE: f"a full house, {top.plural} full of {ranks[1].plural}",
        Category.FOUR_OF_A_KIND: f"four of a kind, {top.plural}",
        Category.FIVE_OF_A_KIND: f"five of a kind, {top.plural}",
    }
    return names[category]


def _describe(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """What a shown hand makes, as PokerStars puts it after the cards."""
    cards = [*hole, *board]
    reading = game.reading
    if reading is Reading.BADUGI:
        return evaluate_badugi(hole).name
    if reading is Reading.SHORT_DECK:
        return evaluate_short_deck(cards).name
    if reading is Reading.ACE_TO_FIVE:
        return "Lo: " + _rank_name(evaluate_ace_to_five(cards))
    if reading is Reading.DEUCE_TO_SEVEN:
        return "Lo: " + _rank_name(evaluate_deuce_to_seven(cards))
    if game.omaha:
        high = evaluate_omaha(hole, board)
        low = evaluate_omaha_eight_or_better(hole, board)
    else:
        high = evaluate_high(cards)
        low = evaluate_eight_or_better(cards)
    if reading is not Reading.HIGH_LOW_EIGHT:
        return _rank_name(high)
    both = f"HI: {_rank_name(high)}"
    return both if low is None else f"{both}; LO: {_rank_name(low)}"


class _Writer:
    """One pass over a deal's events, keeping what the lines need as it goes."""

    def __init__(self, deal: Deal, header: StarsHeader) -> None:
        self.deal = deal
        self.header = header
        self.game = deal.game
        self.names = header.names
        self.money = header.money
        n = deal.players
        self.stacks = list(deal.starting_stacks)
        self.bets = [0] * n  # this street's bet, blinds included
        self.hands: list[list[Card | None]] = [[] for _ in range(n)]
        self.board: list[Card | None] = []
        self.street = -1
        self.marker: str | None = None  # a street's opening line, until something follows it
        self.completed = False  # stud: the bring-in was completed to a full bet
        self.posts: list[tuple[int, str]] = []  # the blinds' lines, with their place in order
        self.labels: dict[int, str] = {}
        self.voluntary = [False] * n  # put chips in beyond antes (the summary's "didn't bet")
        self.folded_on: dict[int, int] = {}
        self.shown: dict[int, tuple[Card | None, ...]] = {}
        self.described: dict[int, str] = {}
        self.showdown = False
        self.pots: dict[int, int] = {}
        self.won: dict[int, int] = {}
        self.collected: dict[tuple[int, int], int] = {}
        self.low_won = False
        self.blinds = _blinds(deal)
        self.big = _table_blinds(deal)[1]
        self.out: list[str] = []

    # ------------------------------------------------------------- output

    def emit(self, line: str) -> None:
        if self.posts:
            # PokerStars lists the small blind first, whatever order the posts came in.
            for _, text in sorted(self.posts, key=lambda post: post[0]):
                self.out.append(text)
            self.posts = []
        if self.marker is not None:
            self.out.append(self.marker)
            self.marker = None
        self.out.append(line)

    def chips_in(self, p: int, amount: int) -> str:
        """Take chips from a stack; the all-in suffix when none are left."""
        self.stacks[p] -= amount
        return " and is all-in" if self.stacks[p] == 0 else ""

    def lines(self) -> list[str]:
        deal, header = self.deal, self.header
        small, big = _stakes(deal, header)
        limit = _LIMITS[deal.structure]
        code = _CODES.get(header.currency, "")
        t = header.started
        when = f"{t.year}/{t.month:02d}/{t.day:02d} {t.hour}:{t.minute:02d}:{t.second:02d} ET"
        self.out.append(
            f"PokerStars Hand #{header.hand_id}:  {GAME_NAMES[self.game.name]} {limit}"
            f" ({self.money(small)}/{self.money(big)}{code}) - {when}"
        )
        table = f"Table '{header.table}' {header.max_seats}-max"
        if self.game.is_button_game:
            table += f" Seat #{self.button_seat} is the button"
        self.out.append(table)
        for p in sorted(range(deal.players), key=lambda q: header.seats[q]):
            stack = self.money(deal.starting_stacks[p])
            self.out.append(f"Seat {header.seats[p]}: {self.names[p]} ({stack} in chips)")
        for event in deal.events:
            self.on(event)
        self.summary()
        return self.out

    @property
    def button_seat(self) -> int:
        b = self.header.button_seat
        return self.header.seats[-1] if b is None else b

    # ------------------------------------------------------------- events

    def on(self, event: ev.Event) -> None:
        player = getattr(event, "player", None)
        name = "" if player is None else self.names[player]
        match event:
            case ev.AntePosted(player=p, amount=a):
                self.emit(f"{name}: posts the ante {self.money(a)}{self.chips_in(p, a)}")
            case ev.BlindPosted(player=p, amount=a, dead=d):
                self.post_blind(p, a, d)
            case ev.StreetStarted(street=s):
                self.street = s
                self.completed = False
                if s > 0:
                    self.bets = [0] * self.deal.players
                self.marker = _markers(self.game)[s]
            case ev.BoardDealt(cards=cards):
                known = [c for c in self.board if c is not None]
                line = f"{_cards(known)} {_cards(cards)}" if known else _cards(cards)
                self.board.extend(cards)
                # The street's opening line carries the cards it turns.
                head, self.marker = self.marker, None
                self.emit(f"{head} {line}" if head else f"Board {line}")
            case ev.HoleDealt(player=p, cards=cards):
                self.deal_hole(p, cards)
            case ev.StubReshuffled():
                self.emit("The deck is reshuffled")
            case ev.Drew(player=p, discards=discards):
                for card in discards:
                    hand = self.hands[p]
                    hand.remove(card if card in hand else None)
                n = len(discards)
                if n:
                    seen = f" {_cards(discards)}" if None not in discards else ""
                    self.emit(f"{name}: discards {n} card{'s' if n > 1 else ''}{seen}")
                else:
                    self.emit(f"{name}: stands pat")
            case ev.Folded(player=p):
                self.folded_on[p] = self.street
                self.emit(f"{name}: folds")
            case ev.Checked():
                self.emit(f"{name}: checks")
            case ev.Called(player=p, amount=a, all_in=all_in):
                self.chips_in(p, a)
                self.bets[p] += a
                self.voluntary[p] = True
                suffix = " and is all-in" if all_in else ""
                self.emit(f"{name}: calls {self.money(a)}{suffix}")
            case ev.BringInPosted(player=p, amount=a):
                self.bets[p] += a
                self.voluntary[p] = True
                self.emit(f"{name}: brings in for {self.money(a)}{self.chips_in(p, a)}")
            case ev.Wagered(player=p, to=to, amount=a, all_in=all_in):
                self.wager(p, to, a, all_in)
            case ev.BetReturned(player=p, amount=a):
                self.stacks[p] += a
                self.bets[p] -= a
                self.emit(f"Uncalled bet ({self.money(a)}) returned to {name}")
            case ev.HandShown(player=p, cards=cards):
                self.show(p, cards)
            case ev.HandMucked(player=p) if p not in self.shown:
                # A shown hand that lost is killed by the dealer; PokerStars says nothing.
                self.open_showdown()
                self.emit(f"{name}: mucks hand")
            case ev.PotAwarded(pot=index, share=share, amounts=amounts):
                self.low_won |= share == "low"
                for p, a in amounts:
                    self.pots[index] = self.pots.get(index, 0) + a
                    self.won[p] = self.won.get(p, 0) + a
                    # One line per winner and pot: a scoop of both halves reads as one.
                    self.collected[(index, p)] = self.collected.get((index, p), 0) + a
            case ev.DealEnded():
                self.collect()
            case _:
                pass

    def post_blind(self, p: int, amount: int, dead: int) -> None:
        live = self.blinds[p]
        if amount and dead:
            order, label = 3, "small & big blinds"
        elif live > self.big:
            order, label = 2, "straddle"
        elif live == self.big:
            order, label = 1, "big blind"
        else:
            order, label = 0, "small blind"
        self.labels[p] = label
        self.bets[p] += amount
        self.voluntary[p] = True
        suffix = self.chips_in(p, amount + dead)
        line = f"{self.names[p]}: posts {label} {self.money(amount + dead)}{suffix}"
        self.posts.append((order, line))

    def deal_hole(self, p: int, cards: tuple[Card | None, ...]) -> None:
        before = [c for c in self.hands[p] if c is not None]
        self.hands[p].extend(cards)
        if all(c is None for c in cards):
            return
        name = self.names[p]
        if before:
            self.emit(f"Dealt to {name} {_cards(before)} {_cards(cards)}")
        else:
            self.emit(f"Dealt to {name} {_cards(cards)}")

    def wager(self, p: int, to: int, amount: int, all_in: bool) -> None:
        level = max(self.bets)
        if self.street == 0 and self.game.is_button_game:
            # A short blind still leaves the full blind as the bet to raise (RRP5 blinds.1).
            level = max(level, *self.blinds)
        self.chips_in(p, amount)
        self.bets[p] = to
        self.voluntary[p] = True
        money, name = self.money, self.names[p]
        suffix = " and is all-in" if all_in else ""
        if not self.game.is_button_game and self.street == 0 and not self.completed:
            # The first full bet at third street completes the bring-in.
            self.completed = True
            self.emit(f"{name}: completes it to {money(to)}{suffix}")
        elif level == 0:
            self.emit(f"{name}: bets {money(to)}{suffix}")
        else:
            self.emit(f"{name}: raises {money(to - level)} to {money(to)}{suffix}")

    def open_showdown(self) -> None:
        if not self.showdown:
            self.showdown = True
            self.emit("*** SHOW DOWN ***")

    def show(self, p: int, cards: tuple[Card | None, ...]) -> None:
        self.open_showdown()
        if len(cards) == len(self.hands[p]):
            self.hands[p] = list(cards)
        self.shown[p] = cards
        hole = [c for c in cards if c is not None]
        board = [c for c in self.board if c is not None]
        text = f"{self.names[p]}: shows {_cards(cards)}"
        if len(hole) == len(cards):
            self.described[p] = _describe(self.game, hole, board)
            text += f" ({self.described[p]})"
        self.emit(text)

    def pot_name(self, index: int) -> str:
        if len(self.pots) == 1:
            return "pot"
        if index == 0:
            return "main pot"
        return "side pot" if len(self.pots) == 2 else f"side pot-{index}"

    def collect(self) -> None:
        for (index, p), amount in sorted(self.collected.items()):
            self.emit(f"{self.names[p]} collected {self.money(amount)} from {self.pot_name(index)}")
        if self.showdown and self.game.reading is Reading.HIGH_LOW_EIGHT and not self.low_won:
            self.emit("No low hand qualified")
        for p in sorted(self.won):
            if p not in self.shown and self.won[p]:
                self.emit(f"{self.names[p]}: doesn't show hand")

    # ------------------------------------------------------------ summary

    def summary(self) -> None:
        money = self.money
        self.emit("*** SUMMARY ***")
        total = f"Total pot {money(sum(self.pots.values()))}"
        if len(self.pots) > 1:
            total += f" Main pot {money(self.pots.get(0, 0))}."
            for index in sorted(self.pots)[1:]:
                label = "Side pot" if len(self.pots) == 2 else f"Side pot-{index}"
                total += f" {label} {money(self.pots[index])}."
        self.emit(f"{total} | Rake {money(0)}")
        if self.board:
            self.emit(f"Board {_cards(self.board)}")
        seats = self.header.seats
        for p in sorted(range(self.deal.players), key=lambda q: seats[q]):
            self.emit(f"Seat {seats[p]}: {self.names[p]}{self.marks(p)} {self.result(p)}")

    def marks(self, p: int) -> str:
        text = ""
        if self.game.is_button_game and self.header.seats[p] == self.button_seat:
            text += " (button)"
        label = self.labels.get(p)
        if label in ("small blind", "big blind"):
            text += f" ({label})"
        return text

    def result(self, p: int) -> str:
        won = self.won.get(p, 0)
        if p in self.shown:
            cards = _cards(self.shown[p])
            what = self.described.get(p)
            with_ = f" with {what}" if what else ""
            if won:
                return f"showed {cards} and won ({self.money(won)}){with_}"
            return f"showed {cards} and lost{with_}"
        if p in self.folded_on:
            when = _folded_when(self.game, self.folded_on[p])
            return f"folded {when}" + ("" if self.voluntary[p] else " (didn't bet)")
        if won or not self.pots:
            # No pot at all: the blinds chopped (RRP5 policies.15) and took their
            # blinds back, which reads as PokerStars' cancelled hand, collected ($0).
            return f"collected ({self.money(won)})"
        hand = self.hands[p]
        if hand and None not in hand:
            return f"mucked {_cards(hand)}"
        return "mucked"
