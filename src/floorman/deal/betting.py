"""A betting decision carried out: a fold, check, call, bring-in or wager
checked against what :func:`~floorman.deal.options.betting_options` allows,
recorded, and who must act next (RRP5 betting.1-9, dead-hands.1, policies.6).

Each function takes the deal and the :class:`~floorman.deal.legal.Legal` it
waits with; a refusal raises before any event, so it changes nothing.
"""

from __future__ import annotations

from floorman._static import TYPE_CHECKING
from floorman.deal import events as ev
from floorman.deal._make import Maker
from floorman.deal.actions import BringIn, Call, Check, Fold, Wager
from floorman.deal.legal import Legal, Turn, check_turn
from floorman.deal.options import covered, raise_block
from floorman.errors import IllegalAction, Who
from floorman.games import Structure
from floorman.ids import Position
from floorman.rulebook import cite

if TYPE_CHECKING:
    from typing import Final

    from floorman.deal.state import Deal

__all__ = [
    "acted",
    "after_bet",
    "apply_bet",
    "bet_turn",
    "bring_in",
    "call",
    "check",
    "fold",
    "reopen",
    "turn_order",
    "wager",
    "wager_action",
    "waits_for",
]

# A fold with no bet to face binds (RRP5 betting.9, dead-hands.1.2); one facing
# a bet kills the hand (RRP5 dead-hands.1.1).
_FOLD_UNFORCED = cite("betting.9", "dead-hands.1.2")
_FOLD_FACING = cite("dead-hands.1.1")

# The records made on every betting action (see floorman.deal._make).
_FOLDED: Final = Maker(ev.Folded, "position", "citations")
_CHECKED: Final = Maker(ev.Checked, "position")
_CALLED: Final = Maker(ev.Called, "position", "amount", "all_in")
_BRING_IN_POSTED: Final = Maker(ev.BringInPosted, "position", "amount")
_WAGERED: Final = Maker(ev.Wagered, "position", "to", "amount", "full", "all_in", "citations")


def apply_bet(deal: Deal, legal: Legal, action: Fold | Check | Call | Wager | BringIn) -> None:
    """Carry out a betting action of any of the betting types (or a subclass)."""
    match action:
        case Fold():
            fold(deal, legal, action)
        case Check():
            check(deal, legal, action)
        case Call():
            call(deal, legal, action)
        case BringIn():
            bring_in(deal, legal, action)
        case Wager():
            wager_action(deal, legal, action)


def bet_turn(deal: Deal, legal: Legal, action: Fold | Check | Call | Wager | BringIn) -> None:
    """Refuse a betting action out of its turn (see :func:`check_turn`)."""
    if legal.turn is not Turn.BET or legal.position != action.position:
        check_turn(legal, Turn.BET, action.position, type(action).__name__.lower())


def options_in_turn(
    deal: Deal, legal: Legal | None, action: Fold | Check | Call | Wager | BringIn
) -> Legal:
    """The deal's options (``legal``, or asked for when None), once a betting
    action is found to be in its turn (see :func:`bet_turn`)."""
    if legal is None:
        legal = deal.legal()
    bet_turn(deal, legal, action)
    return legal


def waits_for(deal: Deal, p: int) -> bool:
    """Whether the deal waits for position ``p``'s betting decision: the usual
    case of :func:`~floorman.deal.options.legal_now`, read without working out
    the amounts of a wager."""
    needs = deal._needs
    return (
        bool(needs)
        and needs[0] == p
        and not (deal._over or deal._dealing or deal._board_due or deal._show_order)
    )


def fold(deal: Deal, legal: Legal | None, action: Fold) -> None:
    """A fold: allowed but for the stud bring-in, binding once declared in turn."""
    p = action.position
    if legal is None and deal._bring_in_due != p and waits_for(deal, p):
        # In turn and owing no bring-in: the fold is allowed, and a check
        # would be too when no bet is faced (as betting_options says).
        _fold(deal, p, facing=deal._level > deal._players[p].street_bet)
        return
    legal = options_in_turn(deal, legal, action)
    if not legal.fold:
        raise IllegalAction(
            "{who} cannot fold now; {allowed}",
            code="cannot_fold",
            who=Who(p),
            allowed=legal,
        )
    _fold(deal, p, facing=not legal.check)


def _fold(deal: Deal, p: Position, *, facing: bool) -> None:
    # Folding facing a bet kills the hand (RRP5 dead-hands.1.1); with no
    # bet to face the rules forbid it nowhere, and a fold declared in
    # turn binds (RRP5 betting.9, dead-hands.1.2).
    deal._emit(_FOLDED.make2(p, _FOLD_FACING if facing else _FOLD_UNFORCED))
    acted(deal, p)


def check(deal: Deal, legal: Legal | None, action: Check) -> None:
    """A check, with no bet to face (RRP5 betting.5)."""
    p = action.position
    if legal is None and (
        deal._bring_in_due != p
        and waits_for(deal, p)
        and deal._players[p].street_bet >= deal._level
    ):
        _check(deal, p)
        return
    legal = options_in_turn(deal, legal, action)
    if not legal.check:
        raise IllegalAction(
            "{who} cannot check facing a bet of {bet}; {allowed}",
            code="check_facing_bet",
            who=Who(p),
            bet=deal._level,
            allowed=legal,
            citations=cite("betting.5"),
        )
    _check(deal, p)


def _check(deal: Deal, p: Position) -> None:
    deal._emit(_CHECKED.make1(p))
    deal._checked.add(p)
    acted(deal, p)


def call(deal: Deal, legal: Legal | None, action: Call) -> None:
    """A call of the bet faced, or of every chip that plays if fewer."""
    p = action.position
    if legal is None and waits_for(deal, p):
        pl = deal._players[p]
        free = deal._free(pl)
        owed = min(deal._level - pl.street_bet, free)
        if owed > 0:
            _call(deal, p, owed, all_in=owed == free)
            return
    legal = options_in_turn(deal, legal, action)
    if not legal.call:
        raise IllegalAction(
            "{who} has no bet to call; {allowed}",
            code="nothing_to_call",
            who=Who(p),
            allowed=legal,
        )
    pl = deal._players[p]
    free = deal._free(pl)
    _call(deal, p, legal.call, all_in=legal.call == free)


def _call(deal: Deal, p: Position, amount: int, *, all_in: bool) -> None:
    deal._emit(_CALLED.make3(p, amount, all_in))
    acted(deal, p)


def acted(deal: Deal, p: int) -> None:
    """A fold, check or call closes the player's turn at the bet as it stands."""
    deal._players[p].acted_at = deal._level
    deal._needs.pop(0)
    after_bet(deal)


def bring_in(deal: Deal, legal: Legal | None, action: BringIn) -> None:
    """The stud bring-in, by the player it falls to."""
    p = action.position
    legal = options_in_turn(deal, legal, action)
    if not legal.bring_in:
        raise IllegalAction(
            "{who} does not bring it in; {allowed}",
            code="not_bring_in",
            who=Who(p),
            allowed=legal,
        )
    deal._emit(_BRING_IN_POSTED.make2(p, legal.bring_in))
    # The bring-in is not a full bet: completing it to the small bet is.
    deal._bring_in_due = None
    deal._level = max(deal._level, legal.bring_in)
    # The bring-in is no bet: what follows is measured from no bet, so
    # the bring-in faces a completion as a full bet (RRP5 betting.6).
    deal._players[p].acted_at = 0
    deal._needs = reopen(deal, p)
    after_bet(deal)


def wager_action(deal: Deal, legal: Legal | None, action: Wager) -> None:
    """A bet, raise or completion to ``action.to``, in turn."""
    p = action.position
    legal = options_in_turn(deal, legal, action)
    wager(deal, legal, p, action.to)


def wager(deal: Deal, legal: Legal, p: int, to: int) -> None:
    """Position ``p`` bets, raises or completes to ``to``, within ``legal``'s
    range; says whether the wager is a full one that reopens the betting
    (RRP5 betting.5-7) or caps the raising (RRP5 betting.3, betting.4)."""
    pl = deal._players[p]
    reach = pl.street_bet + deal._free(pl)
    if not legal.can_wager:
        code, why, rule = raise_block(deal, p) or (
            "raise_not_allowed",
            "it cannot cover more than the bet",
            cite("betting.5"),
        )
        raise IllegalAction(
            "{who} cannot bet or raise now: {why}; {allowed}",
            code=code,
            who=Who(Position(p)),
            why=why,
            allowed=legal,
            citations=rule,
        )
    all_in = to == reach
    if to > reach:
        raise IllegalAction(
            "{who} cannot wager to {to}: it has only {reach} in all (table stakes); {allowed}",
            code="wager_over_stack",
            who=Who(Position(p)),
            to=to,
            reach=reach,
            allowed=legal,
            citations=cite("policies.6"),
        )
    if to > legal.max_to or (to < legal.min_to and not all_in):
        rule = (
            cite("betting.5", "betting.7")
            if deal.structure is not Structure.FIXED_LIMIT
            else cite("betting.5")
        )
        raise IllegalAction(
            "{who} cannot wager to {to}: {allowed}",
            code="wager_out_of_range",
            who=Who(Position(p)),
            to=to,
            min_to=legal.min_to,
            max_to=legal.max_to,
            allowed=legal,
            citations=rule,
        )
    if to % deal.stakes.chip and not all_in:
        raise IllegalAction(
            "{who} cannot wager to {to}: the smallest chip that plays is {chip}; {allowed}",
            code="wager_off_chip",
            who=Who(Position(p)),
            to=to,
            chip=deal.stakes.chip,
            allowed=legal,
            citations=cite("betting.8"),
        )
    if to <= deal._level:
        raise IllegalAction(
            "{who} cannot wager to {to}: that does not raise the bet of {bet}; {allowed}",
            code="wager_not_raise",
            who=Who(Position(p)),
            to=to,
            bet=deal._level,
            allowed=legal,
            citations=cite("betting.5"),
        )
    increment = to - deal._level
    if deal.structure is Structure.FIXED_LIMIT:
        # At limit an all-in of half a bet or more counts as a full bet, less
        # does not reopen the betting (RRP5 betting.6); a raise not all in is
        # the limit raise (in whole chips, RRP5 betting.8), or short of it only
        # where the opponents cannot match it (below).
        half = 2 * (to - deal._full_level) >= deal._bet_size()
        full = half if all_in else to == legal.max_to
    else:
        # At big-bet poker a raise must match the last full bet or raise; an
        # all-in for less does not reopen the betting (RRP5 betting.5, betting.7).
        full = increment >= max(deal._raise_size, deal._bet_size()) or (
            deal._level == 0 and to >= deal._bet_size()
        )
    # As much as any opponent still in can match is the same wager as a full
    # one: the rest would only come back (RRP5 betting.5, policies.6).
    capped = not full and to >= covered(deal, p)
    if capped:
        grounds = cite("betting.5", "policies.6")
    elif full:
        grounds = ()
    else:
        grounds = cite("betting.6" if deal.structure is Structure.FIXED_LIMIT else "betting.7")
    full = full or capped
    deal._emit(_WAGERED.make6(Position(p), to, to - pl.street_bet, full, all_in, grounds))
    if full:
        if deal.structure is not Structure.FIXED_LIMIT:
            # A wager capped at what the opponents can match keeps the size.
            deal._raise_size = max(increment, deal._raise_size)
        deal._full_level = to
        deal._full_count += 1
        if deal.structure is Structure.FIXED_LIMIT and deal._full_count >= 1 + deal._max_raises:
            heads_up = len(deal._able_now()) <= 2
            if not heads_up:
                deal._capped = True
    deal._level = to
    deal._aggressor = p
    deal._bring_in_due = None
    pl.acted_at = to
    deal._needs.pop(0)
    deal._needs = reopen(deal, p)
    after_bet(deal)


def reopen(deal: Deal, p: int) -> list[int]:
    """Everyone else still able to act must act again after a new bet level."""
    able = deal._able_now()
    return [q for q in turn_order(len(deal._players))[p][1:] if q in able]


_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def turn_order(n: int) -> tuple[tuple[int, ...], ...]:
    """For ``n`` players, each position's turn order: the positions clockwise
    from it, itself first (made once for each number of players)."""
    orders = _ORDERS.get(n)
    if orders is None:
        orders = _ORDERS[n] = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
    return orders


def after_bet(deal: Deal) -> None:
    """Who must act next; the round closes when nobody must."""
    # Players who can no longer act (all in) or who match the bet need not act.
    if deal._stale:
        deal._refresh()
    able = deal._able_cache
    needs = [q for q in deal._needs if q in able]
    if len(deal._live_cache) == 1 or (
        needs and len(able) == 1 and deal._players[able[0]].street_bet >= deal._level
    ):
        # One hand left, or one player able to bet who matches the bet.
        needs = []
    deal._needs = needs
    if not needs:
        deal._end_betting()
