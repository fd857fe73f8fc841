"""What may be done during a deal: player actions and the dealer's steps.

Players are named by *position*, their index in the order of the deal: at a
button game position 0 is the first player clockwise from the button (the
small blind) and the last position holds the button; heads-up the button
posts the small blind (RRP5 blinds.4), so position 0 posts the big blind. At
stud, position 0 is the first player dealt to.

A wager is always given as the total the player's bet on this betting round
comes *to* (``Wager(position=2, to=300)`` bets, raises or completes to 300).

>>> Wager(position=2, to=300)
Wager(position=2, to=300)
"""

from __future__ import annotations

from floorman.cards import Card
from floorman.deal._records import record
from floorman.ids import Position
from floorman.rulebook import Citation

__all__ = [
    "Action",
    "BringIn",
    "Call",
    "Check",
    "Chop",
    "DealBoard",
    "DealHole",
    "Draw",
    "Expose",
    "Fold",
    "Kill",
    "Muck",
    "Replace",
    "Show",
    "Void",
    "Wager",
]


@record
class Chop:
    """The small blind, with everyone else folded, agrees with the big blind to
    take both blinds back (RRP5 policies.15)."""

    position: Position


@record
class Fold:
    """Give up the hand (dead, RRP5 dead-hands.1.1)."""

    position: Position


@record
class Check:
    """Pass without betting, when no bet is faced."""

    position: Position


@record
class Call:
    """Match the bet faced (or put in all one's chips if fewer)."""

    position: Position


@record
class Wager:
    """Bet, raise or complete so that this round's bet comes to ``to``."""

    position: Position
    to: int


@record
class BringIn:
    """Post the stud bring-in (the low alternative to completing)."""

    position: Position


@record
class Draw:
    """Discard these cards and draw as many (none: stand pat)."""

    position: Position
    discards: tuple[Card | None, ...] = ()


@record
class Show:
    """Table the hand at the showdown (to win, all cards are shown, RRP5 showdown.1).

    ``cards`` may name the cards shown, which fills in any the log did not know.
    """

    position: Position
    cards: tuple[Card, ...] = ()


@record
class Muck:
    """Throw the hand away at the showdown without showing it."""

    position: Position


@record
class DealHole:
    """The dealer gives a player cards (``None`` for a card nobody saw)."""

    position: Position
    cards: tuple[Card | None, ...]


@record
class DealBoard:
    """The dealer turns community cards."""

    cards: tuple[Card | None, ...]


@record
class Kill:
    """A ruling: the player's hand is dead, in turn or not, for the rule cited
    (a fold facing a bet, a hand thrown forward, too many cards, ...)."""

    position: Position
    citations: tuple[Citation, ...]


@record
class Expose:
    """A ruling at stud: a downcard the dealer exposed plays as an upcard; on
    third street, before anyone acts, the door card goes down in its place."""

    position: Position
    card: Card
    citations: tuple[Citation, ...]


@record
class Replace:
    """A ruling: a player's exposed (or improper) card is taken out of play and
    replaced, by the next card of the stub or, when the caller deals, by
    ``new`` (an exposed card, a boxed card, a joker treated as scrap paper)."""

    position: Position
    card: Card
    citations: tuple[Citation, ...]
    new: Card | None = None


@record
class Scrap:
    """A ruling: a card found faced in the stub (a boxed card, a joker in a
    game without one) is a scrap of paper and leaves play; the cards below it
    are dealt in its place (RRP5 irregularities.7, irregularities.8)."""

    card: Card
    citations: tuple[Citation, ...]


@record
class TakeBack:
    """A ruling: cards the dealer dealt before the betting round was over do
    not play (RRP5 irregularities.15). They go back beneath the stub, so the
    street is dealt from the cards that would have come had the dealer waited."""

    cards: tuple[Card, ...]
    citations: tuple[Citation, ...]


@record
class Void:
    """A ruling: the deal is void and every chip goes back to whoever put it
    in (a misdeal, a card with a different back, a duplicate card); except
    the chips of the players in ``keep``, which stay in the pot for the next
    deal (a player who knew the deck was bad and bet on, RRP5 irregularities.5)."""

    citations: tuple[Citation, ...]
    keep: tuple[Position, ...] = ()


Action = (
    Fold
    | Check
    | Call
    | Wager
    | BringIn
    | Draw
    | Show
    | Muck
    | DealHole
    | DealBoard
    | Chop
    | Kill
    | Expose
    | Replace
    | Scrap
    | TakeBack
    | Void
)
