"""The loop that plays a hand history's actions through the dealer.

Compiled with the dealer when it is (see :mod:`floorman._compiled`): each PHH
action becomes the dealer's action and is applied with no interpreted step
between them. :mod:`floorman.formats.replay` builds the deal and reports what
the loop gives back.
"""

from __future__ import annotations

from collections.abc import Callable

from floorman._static import TYPE_CHECKING
from floorman.cards import Card
from floorman.deal._make import Maker
from floorman.deal.actions import (
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Draw,
    Fold,
    Muck,
    Show,
    Wager,
)
from floorman.deal.legal import Stakes, Turn
from floorman.deal.state import Deal
from floorman.errors import FloormanError, NotationError
from floorman.formats import phh
from floorman.games import Game, RuleSet, Structure
from floorman.ids import Position

if TYPE_CHECKING:
    from typing import Any, Final, TypeVar

    _A = TypeVar("_A")

__all__ = ["apply_action", "new_deal", "play", "settle_showdown"]

# The PHH actions' classes, read once (compiled, a module's attribute is looked up
# at each use; a final name is not).
_DEAL_HOLE: Final = phh.DealHole
_FOLD: Final = phh.Fold
_CHECK_OR_CALL: Final = phh.CheckOrCall
_WAGER: Final = phh.CompleteBetOrRaiseTo
_DEAL_BOARD: Final = phh.DealBoard
_SHOW_OR_MUCK: Final = phh.ShowOrMuck
_BRING_IN: Final = phh.PostBringIn
_DRAW: Final = phh.StandPatOrDiscard
_NO_OP: Final = phh.NoOp

# The dealing actions, a few each hand (see floorman.deal._make).
_DEALT_HOLE: Final = Maker(DealHole, "position", "cards")
_DEALT_BOARD: Final = Maker(DealBoard, "cards")

# The dealer's actions are values: one made for a player's fold, check, call or
# bring-in (and a wager) serves every hand replayed after; at most _KEPT wagers
# are kept, the oldest forgotten all at once.
_KEPT = 8192
_FOLDS: dict[int, Fold] = {}
_CHECKS: dict[int, Check] = {}
_CALLS: dict[int, Call] = {}
_BRING_INS: dict[int, BringIn] = {}
_WAGERS: dict[tuple[int, int], Wager] = {}


def new_deal(
    game: Game, structure: Structure, stakes: Stakes, stacks: tuple[int, ...], rules: RuleSet
) -> Deal:
    """A deal to replay a hand in: the file deals its cards and records its shows."""
    return Deal(
        game,
        structure=structure,
        stakes=stakes,
        stacks=stacks,
        auto_showdown=False,
        rules=rules,
    )


def play(deal: Deal, actions: tuple[Any, ...], end: int) -> tuple[int, FloormanError] | None:
    """Apply ``actions`` (a hand history's parsed actions) to ``deal``, then settle
    the showdown with the shows and mucks they recorded.

    Returns None when every action was applied, else the index of the action
    refused (``end`` when the showdown could not be settled) and the error.
    """
    shows: dict[int, Any] = {}
    for action in actions:
        try:
            kind = type(action)
            if kind is _DEAL_HOLE:
                deal.carry_out(_DEALT_HOLE.make2(Position(action.player - 1), action.cards))
            elif kind is _FOLD:
                deal.carry_out(_kept(_FOLDS, Fold, action.player - 1))
            elif kind is _CHECK_OR_CALL:
                p = Position(action.player - 1)
                deal.carry_out(
                    _kept(_CALLS, Call, p) if deal.to_call(p) else _kept(_CHECKS, Check, p)
                )
            elif kind is _WAGER:
                deal.carry_out(_wager(action.player - 1, action.amount))
            elif kind is _DEAL_BOARD:
                deal.carry_out(_DEALT_BOARD.make1(action.cards))
            elif kind is _SHOW_OR_MUCK:
                shows[action.player - 1] = action
            elif kind is _BRING_IN:
                deal.carry_out(_kept(_BRING_INS, BringIn, action.player - 1))
            elif kind is _DRAW:
                deal.carry_out(Draw(position=Position(action.player - 1), discards=action.cards))
            elif kind is not _NO_OP:
                apply_action(deal, action, shows)
            if shows:  # with none waiting, the showdown has nothing to settle yet
                settle_showdown(deal, shows, final=False)
        except FloormanError as error:
            return action.index, error
    try:
        settle_showdown(deal, shows, final=True)
    except FloormanError as error:
        return end, error
    return None


def apply_action(deal: Deal, action: phh.Action, shows: dict[int, Any]) -> None:
    """Apply one PHH action to a deal; show-or-muck decisions wait in ``shows``
    (by position) until :func:`settle_showdown` asks for them."""
    match action:
        case phh.NoOp():
            return
        case phh.ShowOrMuck(player=p):
            shows[p - 1] = action
        case phh.DealBoard(cards=cards):
            deal.carry_out(DealBoard(cards=cards))
        case phh.DealHole(player=p, cards=cards):
            deal.carry_out(DealHole(position=Position(p - 1), cards=cards))
        case phh.Fold(player=p):
            deal.carry_out(_kept(_FOLDS, Fold, p - 1))
        case phh.CheckOrCall(player=p):
            position = Position(p - 1)
            deal.carry_out(
                _kept(_CALLS, Call, position)
                if deal.to_call(position)
                else _kept(_CHECKS, Check, position)
            )
        case phh.CompleteBetOrRaiseTo(player=p, amount=amount):
            deal.carry_out(_wager(p - 1, amount))
        case phh.PostBringIn(player=p):
            deal.carry_out(_kept(_BRING_INS, BringIn, p - 1))
        case phh.StandPatOrDiscard(player=p, cards=cards):
            deal.carry_out(Draw(position=Position(p - 1), discards=cards))
        case _:
            raise NotationError(f"cannot replay {action}", text=str(action))


def _kept(kept: dict[int, _A], make: Callable[..., _A], p: int) -> _A:
    """The action ``make`` makes for the player at position ``p``, made once."""
    made = kept.get(p)
    if made is None:
        made = kept[p] = make(position=Position(p))
    return made


def _wager(p: int, to: int) -> Wager:
    made = _WAGERS.get((p, to))
    if made is None:
        if len(_WAGERS) >= _KEPT:
            _WAGERS.clear()
        made = _WAGERS[p, to] = Wager(position=Position(p), to=to)
    return made


def settle_showdown(deal: Deal, shows: dict[int, Any], *, final: bool) -> None:
    """Apply the collected show-or-muck decisions while the showdown asks for them.

    At the end of the file, a player with no recorded decision shows a hand
    whose cards are all known and mucks one that is not.
    """
    while not deal.is_over:
        legal = deal.legal()
        position = legal.position
        if legal.turn is not Turn.SHOW or position is None:
            return
        decision = shows.pop(position, None)
        if decision is None:
            if not final:
                return
            known = all(c is not None for c in deal.hole(position))
            deal.carry_out(Show(position=position) if known else Muck(position=position))
        elif decision.mucks:
            deal.carry_out(Muck(position=position))
        else:
            deal.carry_out(
                Show(position=position, cards=revealed(deal.hole(position), decision.cards))
            )


def revealed(
    hole: tuple[Card | None, ...], shown: tuple[Card | None, ...] | None
) -> tuple[Card, ...]:
    """The whole hand as a show makes it known: the cards held, with any the log
    lacked filled in from the show (which may have been made before the last
    card came, and so name fewer cards).
    """
    if shown is None or None not in hole:
        return ()
    known = [c for c in hole if c is not None]
    extra = [c for c in shown if c is not None and c not in known]
    if len(extra) != hole.count(None):
        return ()
    return (*known, *extra)
