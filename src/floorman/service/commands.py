"""What people do in a cardroom, as values: one command for each thing.

A command is a frozen value naming a person by name (a ``PlayerId``), a game
by its table number and a seat by its number at that table; the
:class:`~floorman.service.cardroom.Cardroom` checks it against the rules when
it is handled, never when it is made, so a command read back from a log is the
command that was given. Management opens, starts, closes and breaks games,
keeps players apart, reserves seats and sanctions players; players sign up,
take seats, play over a seat, buy chips, step away, come back, leave and cash
out; a seated player acts on the deal by name (the
cardroom finds the position); the dealer starts deals and reports to the
floorperson, who rules, and management decides where a ruling leaves the call
to it.

>>> from floorman.games import Structure
>>> from floorman.room.values import GameKind
>>> nl = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
>>> OpenGame(table=1, kind=nl, seats=6)
OpenGame(table=1, kind=GameKind(game='holdem', structure=Structure.NO_LIMIT, stakes='1/2'), seats=6, main=None, extra=False)
>>> Act(player="ann", move=Move.WAGER, to=20)
Act(player='ann', move=Move.WAGER, to=20, cards=())
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from floorman.cards import Card
from floorman.deal.actions import Action, BringIn, Call, Check, Chop, Draw, Fold, Muck, Show, Wager
from floorman.errors import IllegalAction
from floorman.floor.reports import Report as FloorReport
from floorman.ids import PlayerId, Position, Seat
from floorman.room.values import GameKind
from floorman.room.values import Sanction as Penalty
from floorman.table import TableSetup

__all__ = [
    "Act",
    "AllowObservers",
    "Arrive",
    "AskDeckChange",
    "AskToSee",
    "BreakGame",
    "Buy",
    "CashOut",
    "ChangeGame",
    "ChangeSeat",
    "ChipsArrive",
    "Choose",
    "CloseGame",
    "ComeBack",
    "Command",
    "CorrectButton",
    "CountWaiting",
    "DealCards",
    "Decide",
    "DeclineTime",
    "Due",
    "ExtendAbsence",
    "FlagConduct",
    "Impound",
    "KeepApart",
    "Leave",
    "LeaveArea",
    "Move",
    "NoAnswer",
    "NoteInterest",
    "ObjectToLimit",
    "ObjectToObservers",
    "OpenGame",
    "OpenTable",
    "PickUp",
    "PlayOver",
    "ProposeLimit",
    "Refuse",
    "Release",
    "Report",
    "Reserve",
    "Sanction",
    "SignUp",
    "Sit",
    "SitDown",
    "SitOut",
    "StartDeal",
    "StartGame",
    "StepAway",
    "Straddle",
    "TakeSeat",
    "Transfer",
    "Unlist",
    "action_of",
]


class Move(enum.Enum):
    """What a player does on a deal: the deal's own actions, named by person."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    WAGER = "wager"  # bet, raise or complete to ``to``
    BRING_IN = "bring-in"
    DRAW = "draw"  # throw ``cards`` and draw as many; none: stand pat
    SHOW = "show"  # show ``cards``; none: the whole hand
    MUCK = "muck"
    CHOP = "chop"  # the blinds take back theirs (RRP5 policies.15)

    def __repr__(self) -> str:
        return f"Move.{self.name}"


# ----- management -------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenGame:
    """Open a game at ``table`` (RRP5 policies.1); ``main``: a must-move game
    feeding that table (RRP5 seating.10); ``extra``: one seat over (RRP5 seating.9)."""

    table: int
    kind: GameKind
    seats: int = 9
    main: int | None = None
    extra: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StartGame:
    """The game at ``table`` starts dealing: the players draw for the button
    (RRP5 seating.6) and the live table takes their seats and chips."""

    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseGame:
    """Close the empty game at ``table`` (RRP5 policies.1)."""

    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakGame:
    """Break the game at ``table``: its players draw for seats in similar games
    and take their chips there (RRP5 seating.15, buy-in.3)."""

    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Sanction:
    """Warn, suspend or bar a player for the conduct ``rules`` broken
    (``conduct.improper.2``, ...); a suspension has ``minutes``, a bar without
    them is for good. A suspended or barred player is unseated and his chips
    cashed out."""

    player: PlayerId
    sanction: Penalty
    rules: tuple[str, ...]
    minutes: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class KeepApart:
    """The house keeps two players out of the same game (RRP5 seating.5)."""

    players: tuple[PlayerId, PlayerId]


@dataclass(frozen=True, slots=True, kw_only=True)
class Reserve:
    """Management reserves ``seat`` at ``table`` for ``player`` for a good
    ``reason``, such as a view of the board (RRP5 seating.8)."""

    table: int
    seat: Seat
    player: PlayerId
    reason: str = ""


# ----- the floor: lists and seats ----------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Arrive:
    """A player comes into the room (RRP5 seating.1)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class SignUp:
    """A player present puts his name on the list for a kind of game (RRP5 seating.1)."""

    player: PlayerId
    kind: GameKind


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteInterest:
    """A remote request for a seat in a kind of game: noted, holding no place
    on the list until the player arrives (RRP5 seating.1)."""

    player: PlayerId
    kind: GameKind


@dataclass(frozen=True, slots=True, kw_only=True)
class Unlist:
    """A player takes his name off a list."""

    player: PlayerId
    kind: GameKind


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaveArea:
    """A listed player tells the list-person he is leaving the playing area,
    perhaps leaving ``lockup`` chips for a lock-up (RRP5 seating.2)."""

    player: PlayerId
    lockup: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeSeat:
    """A called player takes the seat held for him (in a new game, the seat of
    his choice, RRP5 seating.7), bringing ``chips``: those he holds first, the
    rest bought at the cage. ``post``: a new player posts a big blind to be dealt
    in at once rather than wait for it (RRP5 blinds.5)."""

    player: PlayerId
    table: int
    seat: Seat | None = None
    chips: int = 0
    post: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Sit:
    """A player sits in an open seat with nobody waiting for it, by the floor's
    permission (RRP5 policies.11), bringing ``chips`` as :class:`TakeSeat` does."""

    player: PlayerId
    table: int
    seat: Seat
    chips: int = 0
    post: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Refuse:
    """A called player turns the seat down (RRP5 seating.10, seating.11)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class NoAnswer:
    """A called player did not answer: the seat goes to the next name (RRP5 seating.2)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class Leave:
    """A seated player quits the game, taking his chips (when dealt in, once
    the deal ends)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeSeat:
    """A player asks for another seat in his game (``seat`` None: any), before
    new players (RRP5 seating.13)."""

    player: PlayerId
    seat: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeGame:
    """A player moves at once to a similar game at ``table`` (RRP5 seating.3)."""

    player: PlayerId
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StepAway:
    """A seated player steps away from the table (RRP5 policies.4, policies.20);
    dealt in on a deal under way, from its end. ``took``: chips he takes for
    safety, which stay on the table's books until he leaves."""

    player: PlayerId
    took: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Due:
    """The dealer of a game dealt outside floorman tells the floor that
    ``player``'s move, or the seat held for him, has fallen due: the big blind
    or the button reached (RRP5 seating.12, seating.14), a broken game's absent
    player passed by the big blind (RRP5 seating.15). A cardroom whose games
    are live tables sees this from their deals and refuses the command."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtendAbsence:
    """A floorperson, told in advance, lets a player be away ``minutes`` (RRP5 policies.20)."""

    player: PlayerId
    minutes: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ComeBack:
    """A player back at his seat is dealt in again: owing blinds, posting them
    (``post``) or waiting for the big blind (RRP5 blinds.9)."""

    player: PlayerId
    post: bool = True
    #: Chips restored of those taken away; None: all of them (RRP5 policies.4).
    restored: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayOver:
    """With the floor's permission (the absent player's is not needed),
    ``player`` plays over the seat of the player away at ``table``, ``seat``
    (RRP5 policies.12), as a new player with chips of his own, bought as
    :class:`TakeSeat` brings them; ``post``: a big blind to be dealt in at once
    (RRP5 blinds.7). He gets up when the seat's player comes back."""

    player: PlayerId
    table: int
    seat: Seat
    chips: int = 0
    post: bool = False


# ----- chips --------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Buy:
    """A seated player buys ``chips`` at the cage for his stack, between deals
    (RRP5 buy-in.2); chips not yet ``arrived`` play when ``announced`` (RRP5
    policies.6, policies.7)."""

    player: PlayerId
    chips: int
    arrived: bool = True
    announced: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class CashOut:
    """A player changes chips he holds off the table back at the cage (``chips``
    None: all of them)."""

    player: PlayerId
    chips: int | None = None


# ----- the deal -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartDeal:
    """The dealer starts the next deal at ``table``; ``runs``: times the board is
    run when everyone is all in (RRP5 policies.16)."""

    table: int
    runs: int = 1
    #: False: the dealer deals the cards named by :class:`DealCards`.
    shuffled: bool = True
    #: False: at the showdown each player shows or mucks by choice (``Act``).
    auto_showdown: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Act:
    """A player acts on the deal at his table: ``to`` is a wager's total for the
    round; ``cards`` are the cards drawn away or shown."""

    player: PlayerId
    move: Move
    to: int = 0
    cards: tuple[Card, ...] = ()


def action_of(act: Act, position: int) -> Action:
    """The deal's action for ``act``, its player being at ``position`` in the
    deal (the cardroom finds the position from his seat). A move that is no
    :class:`Move` is refused; whether the action is legal now is the deal's to say.

    >>> action_of(Act(player="ann", move=Move.WAGER, to=20), 2)
    Wager(position=2, to=20)
    >>> action_of(Act(player="bob", move=Move.FOLD), 0)
    Fold(position=0)
    """
    make = _ACTIONS.get(act.move) if isinstance(act.move, Move) else None
    if make is None:
        raise IllegalAction(
            f"no move {act.move!r}; the moves are {', '.join(m.value for m in Move)}"
        )
    return make(act, Position(position))


#: The deal's action for each move a player makes, at his position.
_ACTIONS: dict[Move, Callable[[Act, Position], Action]] = {
    Move.FOLD: lambda c, p: Fold(position=p),
    Move.CHECK: lambda c, p: Check(position=p),
    Move.CALL: lambda c, p: Call(position=p),
    Move.WAGER: lambda c, p: Wager(position=p, to=c.to),
    Move.BRING_IN: lambda c, p: BringIn(position=p),
    Move.DRAW: lambda c, p: Draw(position=p, discards=c.cards),
    Move.SHOW: lambda c, p: Show(position=p, cards=c.cards),
    Move.MUCK: lambda c, p: Muck(position=p),
    Move.CHOP: lambda c, p: Chop(position=p),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Choose:
    """A new, returning or owing player posts now (``post``) or waits for the
    big blind (RRP5 blinds.5, blinds.9)."""

    player: PlayerId
    post: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Straddle:
    """The player left of the big blind posts a live straddle next deal (RRP5 blinds.15)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class Report:
    """The dealer reports an irregularity on the deal under way at ``table`` to
    the floorperson, who rules at once. The report names players by their
    position in the deal, as the floorperson's reports do."""

    table: int
    report: FloorReport


@dataclass(frozen=True, slots=True, kw_only=True)
class Decide:
    """Management's choice where the ruling on the last report at ``table``
    left it one (RRP5 decisions.1)."""

    table: int
    choice: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Transfer:
    """A ruling on the last deal's pot at ``table``: ``amount`` moves from
    ``player`` to ``to`` by the betting record (RRP5 decisions.5, decisions.6)."""

    table: int
    player: PlayerId
    to: str
    amount: int
    deal: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Impound:
    """The house holds ``amount`` of ``player``'s chips while a decision on the
    last deal's pot is pending (RRP5 decisions.7)."""

    table: int
    player: PlayerId
    amount: int
    deal: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Release:
    """The decision is made: chips impounded at ``table`` go to ``to`` (all of
    them, or ``amount``) (RRP5 decisions.7)."""

    table: int
    to: str
    amount: int | None = None
    deal: int | None = None


# ----- a table the house runs itself --------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenTable:
    """The house opens a live table of its own, outside the floor's lists: its
    game set up in full, the button on seat ``button`` or drawn for (RRP5
    seating.6). Players sit at it by seat (:class:`SitDown`)."""

    table: int
    setup: TableSetup
    button: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SitDown:
    """``player`` sits in ``seat`` of a table the house runs itself, bringing
    ``chips`` from the cage: ``post`` to be dealt in at once (RRP5 blinds.5),
    ``transfer`` when the chips come from a broken or must-move game (RRP5 buy-in.3)."""

    table: int
    seat: Seat
    player: PlayerId
    chips: int
    post: bool = False
    transfer: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DealCards:
    """The dealer of a deal not shuffled deals these cards: to ``player``'s hand,
    or to the board when None; an unknown card is None."""

    table: int
    player: PlayerId | None
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsArrive:
    """Chips bought on the way reach ``player`` (RRP5 policies.6)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class SitOut:
    """``player`` stops being dealt in from the next deal, keeping the seat;
    ``minutes``: the absence the floor allows him (RRP5 policies.20)."""

    player: PlayerId
    minutes: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PickUp:
    """The floor picks up the chips of ``player``, away too long (RRP5 policies.20)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineTime:
    """``player`` declines to pay the time: a courtesy deal or to the blind (RRP5 policies.2)."""

    player: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectButton:
    """The last deal's button should have been on ``seat`` (RRP5 irregularities.1)."""

    table: int
    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class CountWaiting:
    """The floor tells ``table`` how many names wait for its game (RRP5 policies.2)."""

    table: int
    names: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AskToSee:
    """The player in seat ``asker`` asks to see the called hand of seat ``shown``
    on deal ``deal`` (the last if None) (RRP5 showdown.5)."""

    table: int
    asker: int
    shown: int
    deal: int | None = None


# ----- requests at a table: the players' say and the floor's notes -------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ProposeLimit:
    """Management proposes changing the betting limit of the game at ``table``
    to ``stakes``; two objections from the game's players refuse it (RRP5
    policies.17)."""

    table: int
    stakes: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectToLimit:
    """``player``, seated at ``table``, objects to the limit change proposed there
    (RRP5 policies.17)."""

    player: PlayerId
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AskDeckChange:
    """``player``, seated at ``table``, asks for a new deck (``setup``: a new
    setup); ``reason`` ``defective``, ``damaged`` or ``sticky`` says the deck is
    unfit, else the deck's round or the setup's hour must be up (RRP5
    policies.22)."""

    player: PlayerId
    table: int
    setup: bool = False
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectToObservers:
    """``player``, seated at ``table``, objects to anyone watching the game who
    does not play in it (RRP5 policies.27)."""

    player: PlayerId
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AllowObservers:
    """``player`` withdraws his objection to observers at ``table`` (RRP5 policies.27)."""

    player: PlayerId
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FlagConduct:
    """Something at ``table`` on deal ``deal`` the floor should look into:
    ``players`` and the ``rules`` it may break (e.g. a check-down with a third
    player all in, RRP5 conduct.improper.3); a note, not a ruling."""

    table: int
    deal: int
    players: tuple[PlayerId, ...]
    rules: tuple[str, ...]
    note: str = ""


Command = (
    OpenGame
    | StartGame
    | CloseGame
    | BreakGame
    | Sanction
    | KeepApart
    | Reserve
    | Arrive
    | SignUp
    | NoteInterest
    | Unlist
    | LeaveArea
    | TakeSeat
    | Sit
    | Refuse
    | NoAnswer
    | Leave
    | ChangeSeat
    | ChangeGame
    | StepAway
    | Due
    | ExtendAbsence
    | ComeBack
    | PlayOver
    | Buy
    | CashOut
    | StartDeal
    | Act
    | Choose
    | Straddle
    | Report
    | Decide
    | Transfer
    | Impound
    | Release
    | OpenTable
    | SitDown
    | DealCards
    | ChipsArrive
    | SitOut
    | PickUp
    | DeclineTime
    | CorrectButton
    | CountWaiting
    | AskToSee
    | ProposeLimit
    | ObjectToLimit
    | AskDeckChange
    | ObjectToObservers
    | AllowObservers
    | FlagConduct
)
