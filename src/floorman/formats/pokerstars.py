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

A board run more than once (RRP5 policies.16) is written as PokerStars writes
a hand run twice: the streets the boards share once (``*** FLOP ***``), then
each board's own streets in turn (``*** FIRST TURN ***``, ``*** FIRST RIVER
***``, ``*** SECOND TURN ***`` ...), a show down for each board (``*** FIRST
SHOW DOWN ***``) naming the hands on that board and collecting its share of
each pot, and in the summary ``Hand was run twice``, each board (``FIRST Board
[...]``) and one outcome per board on each seat's line (``showed [Ah Ad] and
won ($101) with a pair of Aces, and lost with a pair of Aces``). PokerStars
runs a board twice at most; three times follows the same pattern (``THIRD``,
``Hand was run three times``).

>>> import datetime
>>> from floorman.deal import Deal, Stakes, Wager, Call, Check, Fold
>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> deal = Deal(HOLDEM, structure=Structure.NO_LIMIT, stakes=Stakes(blinds=(1, 2)),
...             stacks=(200, 150, 300), shuffler=SeededShuffler(5))
>>> for action in (Wager(position=2, to=6), Fold(position=0), Call(position=1),
...                Check(position=1), Wager(position=2, to=8), Fold(position=1)):
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

from floorman.cards import Card, format_cards
from floorman.deal import Deal
from floorman.deal import events as ev
from floorman.errors import ConfigError
from floorman.formats._stars_text import ORDINALS, describe, folded_when, markers, times
from floorman.games import Reading, Structure
from floorman.ids import Position

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


def write_pokerstars(
    deal: Deal, header: StarsHeader, *, events: Sequence[object] | None = None
) -> str:
    """One finished deal as a PokerStars hand history (no trailing newline).

    ``events`` writes the deal as one person saw it, in place of
    ``deal.events``: the same events with the cards he may not see as
    ``None`` (:func:`floorman.service.redact_all` for one player gives his own
    hole cards and the hands shown, RRP5 policies.23, showdown.6). A player
    whose cards are all unknown gets no ``Dealt to`` line, a discard not seen
    is counted without its cards, a hand mucked unseen is ``mucked``; anything
    not a deal event is passed over.
    """
    if not deal.is_over:
        raise ConfigError("the deal is not over; a hand history is written when it is")
    if deal.voided:
        raise ConfigError("the deal was void (every chip went back): it is not a hand to write")
    if len(header.seats) != deal.players:
        raise ConfigError(
            f"the deal has {deal.players} players but the header seats {len(header.seats)}"
        )
    if deal.game.name not in GAME_NAMES:
        raise ConfigError(f"PokerStars has no name for {deal.game.name}")
    seen = tuple(deal.events) if events is None else tuple(events)
    return "\n".join(_Writer(deal, header, seen).lines())


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


class _Writer:
    """One pass over a deal's events, keeping what the lines need as it goes."""

    def __init__(self, deal: Deal, header: StarsHeader, events: Sequence[object]) -> None:
        self.deal = deal
        self.events = events
        self.header = header
        self.game = deal.game
        self.names = header.names
        self.money = header.money
        n = deal.players
        self.stacks = list(deal.starting_stacks)
        self.bets = [0] * n  # this street's bet, blinds included
        self.hands: list[list[Card | None]] = [[] for _ in range(n)]
        # A card replaced by a ruling (an exposed card) was never the player's:
        # the history deals the replacement in its place.
        self.replaced = {
            (e.position, e.card): e.new for e in events if isinstance(e, ev.CardReplaced)
        }
        self.board: list[Card | None] = []
        self.street = -1
        self.marker: str | None = None  # a street's opening line, until something follows it
        self.completed = False  # stud: the bring-in was completed to a full bet
        self.posts: list[tuple[int, str]] = []  # the blinds' lines, with their place in order
        self.labels: dict[int, str] = {}
        self.voluntary = [False] * n  # put chips in beyond antes (the summary's "didn't bet")
        self.folded_on: dict[int, int] = {}
        self.shown: dict[int, tuple[Card | None, ...]] = {}
        self.at_showdown: list[int] = []  # who showed or mucked, in order
        # When the rest of the board is run more than once: each board, and the
        # lines that turn its cards, written run after run as PokerStars does.
        self.times = 1
        self.runs: list[list[Card | None]] = []
        self.run_lines: list[list[str]] = []
        self.pots: dict[int, int] = {}
        self.won: dict[int, int] = {}
        self.run_won: dict[tuple[int, int], int] = {}  # by run and player
        self.collected: dict[tuple[int, int, int], int] = {}  # by run, pot and player
        self.low_won: set[int] = set()  # the runs whose low half someone won
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
        for event in self.events:
            self.on(event)
        self.summary()
        return self.out

    @property
    def button_seat(self) -> int:
        b = self.header.button_seat
        return self.header.seats[-1] if b is None else b

    # ------------------------------------------------------------- events

    def on(self, event: object) -> None:
        player = getattr(event, "position", None)
        name = "" if player is None else self.names[player]
        match event:
            case ev.AntePosted(position=p, amount=a):
                self.emit(f"{name}: posts the ante {self.money(a)}{self.chips_in(p, a)}")
            case ev.BlindPosted(position=p, amount=a, dead=d):
                self.post_blind(p, a, d)
            case ev.StreetStarted(street=s):
                self.street = s
                self.completed = False
                if s > 0:
                    self.bets = [0] * self.deal.players
                self.marker = markers(self.game)[s]
            case ev.RunsStarted(times=n):
                self.times = n
            case ev.BoardDealt(cards=cards, run=r) if self.times > 1:
                if not self.runs:
                    # Each board starts from the cards all of them share.
                    self.runs = [list(self.board) for _ in range(self.times)]
                    self.run_lines = [[] for _ in range(self.times)]
                board, word = self.runs[r], markers(self.game)[self.street].strip("* ")
                self.marker = None  # each board's own line opens the street
                known = [c for c in board if c is not None]
                line = f"{_cards(known)} {_cards(cards)}" if known else _cards(cards)
                board.extend(cards)
                self.run_lines[r].append(f"*** {ORDINALS[r]} {word} *** {line}")
            case ev.BoardDealt(cards=cards):
                known = [c for c in self.board if c is not None]
                line = f"{_cards(known)} {_cards(cards)}" if known else _cards(cards)
                self.board.extend(cards)
                # The street's opening line carries the cards it turns.
                head, self.marker = self.marker, None
                self.emit(f"{head} {line}" if head else f"Board {line}")
            case ev.HoleDealt(position=p, cards=cards):
                self.deal_hole(p, cards)
            case ev.StubReshuffled():
                self.emit("The deck is reshuffled")
            case ev.Drew(position=p, discards=discards):
                for card in discards:
                    hand = self.hands[p]
                    hand.remove(card if card in hand else None)
                n = len(discards)
                if n:
                    seen = f" {_cards(discards)}" if None not in discards else ""
                    self.emit(f"{name}: discards {n} card{'s' if n > 1 else ''}{seen}")
                else:
                    self.emit(f"{name}: stands pat")
            case ev.Folded(position=p) | ev.HandKilled(position=p):
                # A hand ruled dead leaves the deal as a fold does; trackers know folds.
                self.folded_on[p] = self.street
                self.emit(f"{name}: folds")
            case ev.Checked():
                self.emit(f"{name}: checks")
            case ev.Called(position=p, amount=a, all_in=all_in):
                self.chips_in(p, a)
                self.bets[p] += a
                self.voluntary[p] = True
                suffix = " and is all-in" if all_in else ""
                self.emit(f"{name}: calls {self.money(a)}{suffix}")
            case ev.BringInPosted(position=p, amount=a):
                self.bets[p] += a
                self.voluntary[p] = True
                self.emit(f"{name}: brings in for {self.money(a)}{self.chips_in(p, a)}")
            case ev.Wagered(position=p, to=to, amount=a, all_in=all_in):
                self.wager(p, to, a, all_in)
            case ev.BetReturned(position=p, amount=a):
                self.stacks[p] += a
                self.bets[p] -= a
                self.emit(f"Uncalled bet ({self.money(a)}) returned to {name}")
            case ev.HandShown(position=p, cards=cards):
                if len(cards) == len(self.hands[p]):
                    self.hands[p] = list(cards)
                self.shown[p] = cards
                self.at_showdown.append(p)
            case ev.HandMucked(position=p) if p not in self.shown:
                # A shown hand that lost is killed by the dealer; PokerStars says nothing.
                self.at_showdown.append(p)
            case ev.PotAwarded(pot=index, share=share, amounts=amounts, run=r):
                # Shares of boards never dealt (the deal ended first) are one award.
                r = r if self.runs else 0
                if share == "low":
                    self.low_won.add(r)
                for p, a in amounts:
                    self.pots[index] = self.pots.get(index, 0) + a
                    self.won[p] = self.won.get(p, 0) + a
                    self.run_won[(r, p)] = self.run_won.get((r, p), 0) + a
                    # One line per winner and pot: a scoop of both halves reads as one.
                    key = (r, index, p)
                    self.collected[key] = self.collected.get(key, 0) + a
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
        cards = tuple(self.replaced.get((Position(p), c), c) if c is not None else c for c in cards)
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

    def hand_name(self, p: int, board: list[Card | None]) -> str:
        """What a shown hand makes on one board ("" when not all of it was seen)."""
        hole = [c for c in self.shown[p] if c is not None]
        if len(hole) < len(self.shown[p]):
            return ""
        return describe(self.game, hole, [c for c in board if c is not None])

    def pot_name(self, index: int) -> str:
        if len(self.pots) == 1:
            return "pot"
        if index == 0:
            return "main pot"
        return "side pot" if len(self.pots) == 2 else f"side pot-{index}"

    def collect(self) -> None:
        """The showdown: once for each board, as PokerStars writes it when run twice."""
        for lines in self.run_lines:
            for line in lines:
                self.emit(line)
        for r, board in enumerate(self.runs or [self.board]):
            if self.runs:
                self.emit(f"*** {ORDINALS[r]} SHOW DOWN ***")
            elif self.at_showdown:
                self.emit("*** SHOW DOWN ***")
            for p in self.at_showdown:
                if p not in self.shown:
                    self.emit(f"{self.names[p]}: mucks hand")
                    continue
                what = self.hand_name(p, board)
                named = f" ({what})" if what else ""
                self.emit(f"{self.names[p]}: shows {_cards(self.shown[p])}{named}")
            for (run, index, p), amount in sorted(self.collected.items()):
                if run == r:
                    money, pot = self.money(amount), self.pot_name(index)
                    self.emit(f"{self.names[p]} collected {money} from {pot}")
            hilo = self.game.reading is Reading.HIGH_LOW_EIGHT
            if self.at_showdown and hilo and r not in self.low_won:
                self.emit("No low hand qualified")
            for (run, p), won in sorted(self.run_won.items()):
                if run == r and p not in self.shown and won:
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
        if self.runs:
            self.emit(f"Hand was run {times(len(self.runs))}")
            for r, board in enumerate(self.runs):
                self.emit(f"{ORDINALS[r]} Board {_cards(board)}")
        elif self.board:
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
            # One outcome per board: "and won ($5) with ..., and lost with ...".
            outcomes = []
            for r, board in enumerate(self.runs or [self.board]):
                what = self.hand_name(p, board)
                with_ = f" with {what}" if what else ""
                share = self.run_won.get((r, p), 0)
                outcomes.append(
                    f"and won ({self.money(share)}){with_}" if share else f"and lost{with_}"
                )
            return f"showed {_cards(self.shown[p])} " + ", ".join(outcomes)
        if p in self.folded_on:
            when = folded_when(self.game, self.folded_on[p])
            return f"folded {when}" + ("" if self.voluntary[p] else " (didn't bet)")
        if won or not self.pots:
            # No pot at all: the blinds chopped (RRP5 policies.15) and took their
            # blinds back, which reads as PokerStars' cancelled hand, collected ($0).
            return f"collected ({self.money(won)})"
        hand = self.hands[p]
        if hand and None not in hand:
            return f"mucked {_cards(hand)}"
        return "mucked"
