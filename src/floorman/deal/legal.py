"""What a deal asks for next: the stakes, whose turn it is, and what they may do."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from floorman._frozen import frozen
from floorman.deal._records import record
from floorman.errors import IllegalAction, OutOfTurn, Who
from floorman.ids import Position
from floorman.rulebook import cite

__all__ = ["Legal", "Stakes", "Turn", "check_turn", "describe"]


@record
class Stakes:
    """The forced bets and bet sizes of a deal.

    ``blinds`` and ``antes`` give each position's amount (missing positions
    post nothing). A table that places the blinds itself also gives
    ``big_blind``, the position whose blind opens the betting (the big blind,
    or a live straddle): the blinds are then posted exactly as listed, even
    heads-up, the first betting round starts left of that position, and
    ``dead_blinds`` adds each position's dead part of a post (a missed small
    blind made up, RRP5 blinds.9), which goes to the middle and is not part of
    the player's bet. At limit, ``small_bet`` and ``big_bet`` are the bet sizes;
    at pot-limit and no-limit ``min_bet`` is the smallest bet (the big blind if
    not given). ``chip`` is the smallest chip that plays (RRP5 betting.8):
    every wager is a whole number of them.
    """

    blinds: tuple[int, ...] = ()
    antes: tuple[int, ...] = ()
    dead_blinds: tuple[int, ...] = ()
    big_blind: int | None = None
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    chip: int = 1


class Turn(Enum):
    """What the deal waits for."""

    DEAL_HOLE = "deal hole cards"
    DEAL_BOARD = "deal the board"
    BET = "bet"
    DRAW = "draw"
    SHOW = "show or muck"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Turn.{self.name}"


@frozen(kw_only=True)
class Legal:
    """Whose turn it is and what they may do.

    ``fold`` says whether the player may fold: always, but for the stud low
    card's forced bring-in; with ``check`` also true the fold would give up a
    hand that could check for nothing (see :attr:`needless_fold`).
    ``call`` is the chips a call puts in (0 when checking is possible);
    ``min_to``/``max_to`` bound a wager's total for the round (both 0 when no
    wager is allowed); ``bring_in`` is the bring-in amount when it may be posted
    instead of completing; ``cards`` counts the cards the dealer is to deal;
    ``muck`` says whether a player at the showdown may throw the hand away (the
    last hand in a pot wins it, and may only show).
    """

    turn: Turn
    position: Position | None = None
    fold: bool = False
    check: bool = False
    call: int = 0
    min_to: int = 0
    max_to: int = 0
    bring_in: int = 0
    cards: int = 0
    muck: bool = False

    @property
    def can_wager(self) -> bool:
        """Whether a bet, raise or completion is allowed."""
        return self.max_to > 0

    def say(self, name: Callable[[Position], str]) -> str:
        """What may be done, in words, the player named by ``name`` (a position
        or a seat): this is how an error says what is allowed instead."""
        return describe(self, who=None if self.position is None else name(self.position))

    @property
    def needless_fold(self) -> bool:
        """Whether a fold now gives up a hand that could check: allowed (a fold
        declared in turn binds, RRP5 betting.9), but worth a warning."""
        return self.fold and self.check


def describe(legal: Legal, *, who: str | None = None) -> str:
    """What may be done instead, in words; ``who`` names the player (by default
    ``position N``; a table names the seat)."""
    who = f"position {legal.position}" if who is None else who
    if legal.turn is Turn.OVER:
        return "the deal is over"
    if legal.turn is Turn.DEAL_HOLE:
        return f"the dealer is to give {who} {legal.cards} cards"
    if legal.turn is Turn.DEAL_BOARD:
        return f"the dealer is to turn {legal.cards} board cards"
    if legal.turn is Turn.DRAW:
        return f"{who} is to draw"
    if legal.turn is Turn.SHOW:
        return f"{who} is to show or muck"
    options = []
    if legal.bring_in:
        options.append(f"bring it in for {legal.bring_in}")
    if legal.check:
        options.append("check")
    if legal.call:
        options.append(f"call {legal.call}")
    if legal.can_wager:
        verb = "bet" if legal.check else "raise"
        if legal.min_to == legal.max_to:
            options.append(f"{verb} to {legal.min_to}")
        else:
            options.append(f"{verb} to {legal.min_to}-{legal.max_to}")
    if legal.fold:
        options.append("fold")
    return (
        f"{who} may "
        + ", ".join(options[:-1])
        + (f" or {options[-1]}" if len(options) > 1 else options[-1])
    )


def check_turn(legal: Legal, turn: Turn, position: Position, what: str) -> None:
    """Refuse ``what`` by ``position`` unless the deal waits for ``turn`` from
    that position; the refusal says what may be done instead."""
    if legal.turn is not turn:
        raise IllegalAction(
            "{who} cannot {what} now; {allowed}",
            code="not_now",
            who=Who(position),
            what=what,
            allowed=legal,
        )
    if legal.position != position:
        raise OutOfTurn(
            "{who} cannot {what}: it is {turn}'s turn ({allowed})",
            code="out_of_turn",
            who=Who(position),
            what=what,
            turn=Who(legal.position if legal.position is not None else Position(-1)),
            allowed=legal,
            citations=cite("conduct.improper.1"),
        )
