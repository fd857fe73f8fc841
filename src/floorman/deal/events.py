"""What happened during a deal: the event log, the truth of the deal.

Every change to a deal is an event, a frozen record in the past tense. The
state of a deal is what its events add up to, so replaying the log rebuilds
it. An event that a rule caused names that rule in ``citations``.
"""

from __future__ import annotations

from floorman.cards import Card
from floorman.deal._records import record
from floorman.ids import Position
from floorman.rulebook import Citation

__all__ = [
    "AntePosted",
    "BetReturned",
    "BlindPosted",
    "BlindsChopped",
    "BoardDealt",
    "BringInPosted",
    "Called",
    "CardBurned",
    "CardReplaced",
    "CardScrapped",
    "CardTurned",
    "CardsTakenBack",
    "Checked",
    "DealEnded",
    "DealVoided",
    "Drew",
    "Event",
    "Folded",
    "HandKilled",
    "HandMucked",
    "HandShown",
    "HoleDealt",
    "PlayerMucked",
    "PlayerShowed",
    "PotAwarded",
    "RunsStarted",
    "StreetStarted",
    "StubReshuffled",
    "Wagered",
]

_NONE: tuple[Citation, ...] = ()


@record
class AntePosted:
    """A player put in an ante (dead money in the pot, not part of a bet)."""

    position: Position
    amount: int
    citations: tuple[Citation, ...] = _NONE


@record
class BlindPosted:
    """A player posted a blind: ``amount`` live (part of the bet), ``dead`` not."""

    position: Position
    amount: int
    dead: int = 0
    citations: tuple[Citation, ...] = _NONE


@record
class BringInPosted:
    """The stud bring-in, by the lowest (or highest) up card."""

    position: Position
    amount: int
    citations: tuple[Citation, ...] = _NONE


@record
class StreetStarted:
    """A new stage of the deal began (``street`` indexes the game's streets)."""

    street: int
    name: str
    citations: tuple[Citation, ...] = _NONE


@record
class CardBurned:
    """The dealer burned a card (``None``: unknown to the log)."""

    card: Card | None
    citations: tuple[Citation, ...] = _NONE


@record
class StubReshuffled:
    """The stub ran short during a draw: the discards and burned cards, shuffled
    with what was left, form the new stub (``cards``, top first). The discards
    of the player being served stay out.
    """

    cards: tuple[Card, ...]
    citations: tuple[Citation, ...] = _NONE


@record
class HoleDealt:
    """A player was dealt cards; ``up`` says which are face up."""

    position: Position
    cards: tuple[Card | None, ...]
    up: tuple[bool, ...]
    citations: tuple[Citation, ...] = _NONE


@record
class BoardDealt:
    """Community cards were turned; ``run`` counts the boards when the rest of
    the board is dealt more than once (0 for the first)."""

    cards: tuple[Card | None, ...]
    run: int = 0
    citations: tuple[Citation, ...] = _NONE


@record
class RunsStarted:
    """Every player was all in with board cards to come: the rest of the board is
    dealt ``times`` times, each board deciding an equal share of every pot."""

    times: int
    citations: tuple[Citation, ...] = _NONE


@record
class Folded:
    """A player folded; the hand is dead."""

    position: Position
    citations: tuple[Citation, ...] = _NONE


@record
class Checked:
    """A player checked."""

    position: Position
    citations: tuple[Citation, ...] = _NONE


@record
class Called:
    """A player called, putting ``amount`` more in; ``all_in`` if that was every chip."""

    position: Position
    amount: int
    all_in: bool = False
    citations: tuple[Citation, ...] = _NONE


@record
class Wagered:
    """A player bet, raised or completed to ``to``, putting ``amount`` more in.

    ``full`` is whether the wager counts as a full bet or raise, reopening the
    betting (RRP5 betting.5-7).
    """

    position: Position
    to: int
    amount: int
    full: bool = True
    all_in: bool = False
    citations: tuple[Citation, ...] = _NONE


@record
class Drew:
    """A player discarded cards and was dealt as many (none: stood pat)."""

    position: Position
    discards: tuple[Card | None, ...]
    cards: tuple[Card | None, ...]
    citations: tuple[Citation, ...] = _NONE


@record
class BetReturned:
    """The part of a bet nobody called went back to the bettor."""

    position: Position
    amount: int
    citations: tuple[Citation, ...] = _NONE


@record
class HandShown:
    """A player tabled the hand at the showdown."""

    position: Position
    cards: tuple[Card | None, ...]
    citations: tuple[Citation, ...] = _NONE


@record
class HandMucked:
    """A player's hand was thrown away (or killed) without winning."""

    position: Position
    citations: tuple[Citation, ...] = _NONE


@record
class PlayerShowed(HandShown):
    """The player chose to table the hand at the showdown, in turn (RRP5
    showdown.1); the dealer's own tabling of every hand in the showdown order
    (RRP5 showdown.7) is a plain :class:`HandShown`. A hand shown either way is
    shown, so this is a kind of :class:`HandShown`."""


@record
class PlayerMucked(HandMucked):
    """The player chose to throw the hand away unshown at the showdown, in turn;
    a losing hand the dealer kills after the pots are read (RRP5 showdown.4)
    is a plain :class:`HandMucked`."""


@record
class BlindsChopped:
    """Everyone else having folded, the small blind (``player``) and the big
    blind agreed to take their blinds back (RRP5 policies.15). The chips go
    back by the :class:`BetReturned` events that follow."""

    position: Position
    citations: tuple[Citation, ...] = _NONE


@record
class PotAwarded:
    """A pot (or half of one) went to its winners.

    ``pot`` indexes the pots, main pot first; ``share`` is ``"whole"``,
    ``"high"`` or ``"low"``; ``amounts`` pairs each winner with the chips won,
    odd chips included; ``hand`` names the winning hand when it was shown.
    """

    pot: int
    share: str
    amounts: tuple[tuple[Position, int], ...]
    hand: str = ""
    run: int = 0
    citations: tuple[Citation, ...] = _NONE


@record
class HandKilled:
    """A ruling declared a player's hand dead, for the rule cited."""

    position: Position
    citations: tuple[Citation, ...] = _NONE


@record
class CardTurned:
    """A ruling turned one of a player's cards up (``up``) or down."""

    position: Position
    card: Card
    up: bool
    citations: tuple[Citation, ...] = _NONE


@record
class CardReplaced:
    """A ruling took ``card`` out of a player's hand (to the muck, as a burn
    card) and gave ``new`` in its place."""

    position: Position
    card: Card
    new: Card | None
    citations: tuple[Citation, ...] = _NONE


@record
class CardScrapped:
    """A ruling took ``card`` out of play before it was dealt: a scrap of
    paper, not a card."""

    card: Card
    citations: tuple[Citation, ...] = _NONE


@record
class CardsTakenBack:
    """A ruling sent ``cards``, dealt too soon, back beneath the stub."""

    cards: tuple[Card, ...]
    citations: tuple[Citation, ...] = _NONE


@record
class DealVoided:
    """A ruling voided the deal: ``refunds`` gives each player back every chip
    they put in (blinds, antes, bets); the chips of the players in ``kept``
    stay in the pot, ``carried`` to the next deal."""

    refunds: tuple[tuple[Position, int], ...]
    kept: tuple[Position, ...] = ()
    carried: int = 0
    citations: tuple[Citation, ...] = _NONE


@record
class DealEnded:
    """The deal is over; ``stacks`` are every player's chips after it."""

    stacks: tuple[int, ...]
    citations: tuple[Citation, ...] = _NONE


Event = (
    AntePosted
    | BlindPosted
    | BringInPosted
    | StreetStarted
    | RunsStarted
    | CardBurned
    | StubReshuffled
    | HoleDealt
    | BoardDealt
    | Folded
    | Checked
    | Called
    | Wagered
    | Drew
    | BetReturned
    | HandShown
    | HandMucked
    | PlayerShowed
    | PlayerMucked
    | BlindsChopped
    | PotAwarded
    | HandKilled
    | CardReplaced
    | CardScrapped
    | CardsTakenBack
    | CardTurned
    | DealVoided
    | DealEnded
)
