"""Simple bots to play against: a calling station, a tight player, an aggressive one.

A bot decides from its player's view of the table
(:func:`~floorman.service.views.view` for :class:`~floorman.service.AsPlayer`),
never from the deal or the table: it sees what its player may see (its own
cards, the board, the stacks, the pot and the exact options of its turn) and
answers with the :class:`~floorman.service.commands.Act` its player gives.
Every random choice comes from the :class:`random.Random` it is given, so a
seeded bot plays the same way every time. Hand strength is a rough, fast
heuristic (:func:`strength`), not an equity calculation: a bot decides in
microseconds, at any of the dealer's games.

>>> from floorman.clock import ManualClock
>>> from floorman.games import Structure
>>> from floorman.room.values import GameKind
>>> from floorman.service import AsObserver, AsPlayer, Cardroom, view
>>> from floorman.service import commands as c
>>> from floorman.shuffle import SeededShuffler
>>> room = Cardroom(clock=ManualClock(), shuffler=SeededShuffler(4))
>>> nl = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
>>> _ = room.handle(c.OpenGame(table=1, kind=nl, seats=3))
>>> bots = {"ann": Tight(random.Random(1)), "bob": CallingStation(random.Random(2)),
...         "cy": Aggressive(random.Random(3))}
>>> for seat, name in enumerate(bots, start=1):
...     _ = room.handle(c.Sit(player=name, table=1, seat=seat, chips=200))
>>> _ = room.handle(c.StartGame(table=1))
>>> _ = room.handle(c.StartDeal(table=1))
>>> table = room.table(1)
>>> while table.in_deal:
...     name = table.players[view(table, AsObserver()).to_act]
...     _ = room.handle(bots[name].choose(view(table, AsPlayer(name))))
>>> sum(table.stacks.values())
600
>>> from floorman.cards import parse_cards
>>> from floorman.games import HOLDEM
>>> round(strength(HOLDEM, parse_cards("As Ad")), 2), round(strength(HOLDEM, parse_cards("7c 2d")), 2)
(0.9, 0.11)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from floorman.cards import Card, Rank
from floorman.deal.legal import Turn
from floorman.errors import IllegalAction
from floorman.evaluation import Category, evaluate_high, evaluate_omaha
from floorman.evaluation.variants import evaluate_badugi
from floorman.games import GAMES, Game, Reading
from floorman.ids import PlayerId
from floorman.service.commands import Act, Move
from floorman.service.viewers import AsPlayer
from floorman.service.views import Options, SeatView, TableView

__all__ = ["KINDS", "Aggressive", "Bot", "CallingStation", "Tight", "discards", "strength"]

# The worth of a made high hand by category, before the board is allowed for.
_MADE = {
    Category.HIGH_CARD: 0.15,
    Category.ONE_PAIR: 0.45,
    Category.TWO_PAIR: 0.65,
    Category.THREE_OF_A_KIND: 0.78,
    Category.STRAIGHT: 0.85,
    Category.FLUSH: 0.88,
    Category.FULL_HOUSE: 0.94,
    Category.FOUR_OF_A_KIND: 0.98,
    Category.STRAIGHT_FLUSH: 1.0,
    Category.FIVE_OF_A_KIND: 1.0,
}


def _starting(cards: Sequence[Card]) -> float:
    """Fewer than five cards: pairs and high, suited, connected cards."""
    counts = Counter(c.rank for c in cards)
    top_count = max(counts.values())
    if top_count >= 3:
        return 0.92
    if top_count == 2:
        pair = max(r for r, n in counts.items() if n == 2)
        return 0.5 + 0.4 * (pair - 2) / 12
    ranks = sorted((c.rank for c in cards), reverse=True)
    hi, lo = ranks[0], ranks[1] if len(ranks) > 1 else 2
    score = 0.55 * (hi + lo - 4) / 24
    if len(cards) > 1 and len({c.suit for c in cards}) == 1:
        score += 0.06
    gap = hi - lo
    score += 0.04 if gap == 1 else 0.02 if gap == 2 else 0.0
    return min(score, 0.85)


def _made(category: Category, hole: Sequence[Card], board: Sequence[Card]) -> float:
    """A made high hand, counting a pair or set only if the hole cards help make it:
    what the board holds alone, everyone holds."""
    if category > Category.THREE_OF_A_KIND or not board:
        return _MADE[category]
    counts = Counter(c.rank for c in (*hole, *board))
    helped = [c.rank for c in hole if counts[c.rank] >= 2]
    if not helped:
        return 0.1 + 0.1 * (max(c.rank for c in hole) - 2) / 12
    if category is Category.ONE_PAIR:
        return 0.35 + 0.3 * (max(helped) - 2) / 12
    return _MADE[category]


def _high(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> float:
    if game.omaha:
        if len(board) >= 3:
            # Four hole cards make big hands common: the same category is worth less.
            return 0.85 * _made(evaluate_omaha(hole, board).category, hole, board)
        # Four cards make six two-card starts; the best of them, a little
        # discounted, since every Omaha hand has several.
        return 0.9 * max(_starting(pair) for pair in itertools.combinations(hole, 2))
    cards = (*hole, *board)
    if len(cards) >= 5:
        return _made(evaluate_high(cards).category, hole, board)
    return _starting(cards)


def _low(cards: Sequence[Card], *, ace_low: bool, ceiling: int = 13) -> float:
    """A low hand by its top card among the lowest distinct ranks (up to five)."""
    values = sorted({1 if ace_low and c.rank is Rank.ACE else int(c.rank) for c in cards})
    k = min(5, len(cards))
    chosen = values[:k]
    if len(chosen) < k:
        return 0.1 * len(chosen) / k  # a pair is forced into the hand
    top = chosen[-1]
    if top > ceiling:
        return 0.0
    best = k if ace_low else k + 1
    return max(0.0, min(1.0, 1 - (top - best) / (13 - best)))


def _badugi(hole: Sequence[Card]) -> float:
    value = evaluate_badugi(hole)
    top = max(1 if r is Rank.ACE else int(r) for r in value.ranks)
    size = value.size
    return (size - 1) / 4 + 0.25 * (1 - (top - size) / (13 - size))


def strength(game: Game, hole: Sequence[Card], board: Sequence[Card] = ()) -> float:
    """A rough worth of a hand from 0 (hopeless) to 1 (the nuts) under the game's reading.

    ``hole`` is every card of the player's own (up cards included at stud).
    """
    reading = game.reading
    if reading is Reading.BADUGI:
        return _badugi(hole) if len(hole) >= 4 else 0.3
    if reading in (Reading.ACE_TO_FIVE, Reading.DEUCE_TO_SEVEN):
        return _low((*hole, *board), ace_low=reading is Reading.ACE_TO_FIVE)
    high = _high(game, hole, board)
    if reading is Reading.HIGH_LOW_EIGHT:
        # Either half is worth playing for; a low draw only with the hole cards' help.
        low = _low((*hole, *board), ace_low=True, ceiling=8) if not game.omaha else 0.0
        return max(high, 0.9 * low)
    return high


def discards(game: Game, hole: Sequence[Card]) -> tuple[Card, ...]:
    """The cards to throw at a draw: keep what makes the hand, draw to the rest.

    >>> from floorman.cards import parse_cards, format_cards
    >>> from floorman.games import FIVE_CARD_DRAW, TRIPLE_DRAW_27
    >>> format_cards(discards(FIVE_CARD_DRAW, parse_cards("Kd Ks 9c 4h 2s")))
    '9c 4h 2s'
    >>> format_cards(discards(TRIPLE_DRAW_27, parse_cards("7d 5s 5c 3h Ah")))
    '5c Ah'
    """
    reading = game.reading
    if reading is Reading.BADUGI:
        keep = set(evaluate_badugi(hole).cards)
        return tuple(c for c in hole if c not in keep)
    if reading in (Reading.ACE_TO_FIVE, Reading.DEUCE_TO_SEVEN):
        ace_low = reading is Reading.ACE_TO_FIVE

        def low_rank(card: Card) -> int:
            return 1 if ace_low and card.rank is Rank.ACE else int(card.rank)

        values = [low_rank(c) for c in hole]
        if len(set(values)) == len(hole) and max(values) <= 9:
            return ()  # a smooth enough low: stand pat
        seen: set[int] = set()
        out = []
        for card in sorted(hole, key=low_rank):
            if low_rank(card) > 8 or low_rank(card) in seen:
                out.append(card)
            seen.add(low_rank(card))
        return tuple(out)
    category = evaluate_high(hole).category if len(hole) >= 5 else Category.HIGH_CARD
    if category >= Category.STRAIGHT:
        return ()
    counts = Counter(c.rank for c in hole)
    if category > Category.HIGH_CARD:
        return tuple(c for c in hole if counts[c.rank] == 1)
    suits = Counter(c.suit for c in hole)
    suit, n = suits.most_common(1)[0]
    if n == len(hole) - 1:
        return tuple(c for c in hole if c.suit != suit)  # draw to the flush
    return tuple(sorted(hole, reverse=True)[2:])  # keep the two highest


class Bot:
    """What every bot does the same way: draw, show, post, rebuy.

    Subclasses decide the betting in :meth:`bet`. ``rng`` is the only source of
    randomness a bot uses.
    """

    kind = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: TableView) -> Act:
        """The move of the player whose ``view`` this is, on his turn: the view
        must be a player's (:class:`~floorman.service.AsPlayer`) and offer him
        the options of a bet, a draw or a show."""
        legal = view.legal
        if (
            not isinstance(view.viewer, AsPlayer)
            or legal is None
            or legal.turn not in (Turn.BET, Turn.DRAW, Turn.SHOW)
        ):
            waits = f"seat {view.to_act}" if view.to_act is not None else "nobody"
            raise IllegalAction(
                f"a bot plays its own turns only; {_name(view)} was asked, and the deal"
                f" waits for {waits} ({view.turn.value})",
                code="not_now",
            )
        me = _me(view)
        hole = [c for c in me.cards if c is not None]
        if legal.turn is Turn.DRAW:
            if len(hole) < len(me.cards):
                return _act(view, Move.DRAW)  # cards it cannot see: stand pat
            return _act(view, Move.DRAW, cards=discards(_game(view), hole))
        if legal.turn is Turn.SHOW:
            return _act(view, Move.SHOW)  # cards speak: showing never costs a pot
        board = [c for c in view.board if c is not None]
        return self.bet(view, legal, strength(_game(view), hole, board))

    def bet(self, view: TableView, legal: Options, worth: float) -> Act:
        """The betting decision, given the hand's rough ``worth`` (0 to 1)."""
        return _passive(view, legal)

    def wants_to_post(self) -> bool:
        """A new or owing bot posts to be dealt in at once rather than wait for the big blind."""
        return True

    def rebuys(self) -> bool:
        """Whether a bot that lost its chips buys more (otherwise it leaves)."""
        return self.rng.random() < 0.6


def _name(view: TableView) -> str:
    return view.viewer.player if isinstance(view.viewer, AsPlayer) else type(view.viewer).__name__


def _me(view: TableView) -> SeatView:
    """The bot's own seat in its view."""
    name = _name(view)
    return next(s for s in view.seats if s.player == name)


def _game(view: TableView) -> Game:
    return GAMES[view.game]


def _act(view: TableView, move: Move, *, to: int = 0, cards: tuple[Card, ...] = ()) -> Act:
    return Act(player=PlayerId(_name(view)), move=move, to=to, cards=cards)


def _passive(view: TableView, legal: Options) -> Act:
    """Check if free, else call, else the bring-in; fold only when nothing else is allowed."""
    if legal.check:
        return _act(view, Move.CHECK)
    if legal.bring_in:
        return _act(view, Move.BRING_IN)
    if legal.call:
        return _act(view, Move.CALL)
    return _act(view, Move.FOLD)


def _check_or_fold(view: TableView, legal: Options) -> Act:
    if legal.check:
        return _act(view, Move.CHECK)
    if legal.bring_in:
        return _act(view, Move.BRING_IN)
    return _act(view, Move.FOLD)


def _can_wager(legal: Options) -> bool:
    return legal.max_to > 0


def _first_round(view: TableView) -> bool:
    return view.street == _game(view).streets[0].name


def _wager(view: TableView, legal: Options, fraction: float) -> Act:
    """A bet or raise of about ``fraction`` of the pot on top of the minimum."""
    to = min(legal.max_to, legal.min_to + int(fraction * view.pot))
    if to != legal.max_to:
        to = max(legal.min_to, to - to % view.chip)
    return _act(view, Move.WAGER, to=to)


class CallingStation(Bot):
    """Calls nearly everything, bets only big hands, folds only junk facing its whole stack."""

    kind = "calling station"

    def bet(self, view: TableView, legal: Options, worth: float) -> Act:
        """Call, mostly."""
        if _can_wager(legal) and worth >= 0.85 and self.rng.random() < 0.5:
            return _wager(view, legal, 0.5)
        if legal.call and legal.call >= _me(view).stack and worth < 0.35:
            return _check_or_fold(view, legal)
        return _passive(view, legal)


class Tight(Bot):
    """Plays few hands and raises the good ones; folds when behind, bluffs rarely."""

    kind = "tight"

    def bet(self, view: TableView, legal: Options, worth: float) -> Act:
        """Raise good hands, call fair ones at a fair price, fold the rest."""
        first = _first_round(view)
        raise_at, call_at = (0.6, 0.5) if first else (0.7, 0.45)
        if _can_wager(legal) and worth >= raise_at and self.rng.random() < 0.9:
            return _wager(view, legal, 0.75)
        if legal.call:
            # Preflop a fair hand calls; later the price must fit the hand.
            price = legal.call / (view.pot + legal.call)
            if worth >= call_at and (first or price <= worth - 0.2):
                return _act(view, Move.CALL)
            return _check_or_fold(view, legal)
        if _can_wager(legal) and legal.check and self.rng.random() < 0.05:
            return _wager(view, legal, 0.5)
        return _passive(view, legal)


class Aggressive(Bot):
    """Bets and raises often, with fair hands and sometimes with none."""

    kind = "aggressive"

    def bet(self, view: TableView, legal: Options, worth: float) -> Act:
        """Bet first, think later."""
        if _can_wager(legal) and (worth >= 0.45 or self.rng.random() < 0.2):
            return _wager(view, legal, self.rng.choice((0.5, 0.75, 1.0)))
        if legal.call and worth < 0.3 and self.rng.random() < 0.6:
            return _check_or_fold(view, legal)
        return _passive(view, legal)


#: The kinds of bot a table seats, for picking one at random.
KINDS: tuple[type[Bot], ...] = (Tight, CallingStation, Aggressive)
