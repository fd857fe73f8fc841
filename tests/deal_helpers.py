"""Helpers for the dealer's randomized tests: checking a deal's books and its turn.

``check_books`` is the accounting every step of a deal must satisfy: the
chips in the stacks and in the pot add up to what the players sat down with,
every event's chips are accounted for, the pots add up to the pot. ``check_turn``
says the deal waits for exactly one player who can do what it offers.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

from floorman.deal import Deal, Turn, Wager
from floorman.deal import events as ev
from floorman.errors import IllegalAction
from floorman.games import Structure


def ledger(starting: Sequence[int], events: Sequence[ev.Event]) -> list[int]:
    """Each player's stack as the events say it is, chip by chip."""
    stacks = list(starting)
    for event in events:
        match event:
            case ev.AntePosted(position=p, amount=a) | ev.BringInPosted(position=p, amount=a):
                stacks[p] -= a
            case ev.BlindPosted(position=p, amount=a, dead=d):
                stacks[p] -= a + d
            case ev.Called(position=p, amount=a) | ev.Wagered(position=p, amount=a):
                stacks[p] -= a
            case ev.BetReturned(position=p, amount=a):
                stacks[p] += a
            case ev.PotAwarded(amounts=amounts):
                for p, a in amounts:
                    stacks[p] += a
            case _:
                pass
    return stacks


def street_bets(deal: Deal) -> list[int]:
    """Each player's bet on the current betting round, as the events say."""
    bets = [0] * deal.players
    for event in deal.events:
        match event:
            case ev.StreetStarted(street=s) if s > 0:
                bets = [0] * deal.players
            case ev.BlindPosted(position=p, amount=a) | ev.BringInPosted(position=p, amount=a):
                bets[p] += a
            case ev.Called(position=p, amount=a):
                bets[p] += a
            case ev.Wagered(position=p, amount=a, to=to):
                bets[p] += a
                assert bets[p] == to, f"{event} leaves a bet of {bets[p]}"
            case ev.BetReturned(position=p, amount=a):
                bets[p] -= a
            case _:
                pass
    return bets


def check_books(deal: Deal) -> None:
    """The accounting of a deal, true after every step (RRP5 policies.6, ties.5)."""
    start = deal.starting_stacks
    total = sum(start) + deal.dead_money
    stacks = deal.stacks
    assert all(s >= 0 for s in stacks), f"a negative stack: {stacks}"
    assert ledger(start, deal.events) == list(stacks), (
        f"the events do not add up to the stacks: {ledger(start, deal.events)} vs {stacks}"
    )
    pots = deal.pots
    assert sum(p.amount for p in pots) == deal.pot, f"pots {pots} do not add up to {deal.pot}"
    assert all(p.amount > 0 for p in pots), f"an empty pot: {pots}"
    awarded = sum(a for e in deal.events if isinstance(e, ev.PotAwarded) for _, a in e.amounts)
    if deal.is_over:
        assert sum(stacks) == total, f"chips lost: {sum(stacks)} != {total}"
        assert awarded == deal.pot, f"awarded {awarded} of a pot of {deal.pot}"
        end = deal.events[-1]
        assert isinstance(end, ev.DealEnded), f"the log ends with {end}"
        assert end.stacks == stacks
        assert sum(isinstance(e, ev.DealEnded) for e in deal.events) == 1
    else:
        assert awarded == 0, "a pot was awarded before the end"
        assert sum(stacks) + deal.pot == total, (
            f"chips lost: stacks {stacks} + pot {deal.pot} != {total}"
        )
        assert not any(isinstance(e, ev.DealEnded) for e in deal.events)


def playing_chips(deal: Deal, player: int) -> int:
    """The chips of a stack that play (RRP5 betting.8)."""
    stack = deal.stacks[player]
    return stack - stack % deal.stakes.chip


def check_turn(deal: Deal) -> None:
    """The deal waits for exactly one thing, and what it offers can be done."""
    legal = deal.legal()
    if deal.is_over:
        assert legal.turn is Turn.OVER
        return
    assert legal.turn is not Turn.OVER, "a running deal waits for nothing"
    if legal.turn in (Turn.BET, Turn.DRAW, Turn.SHOW):
        p = legal.position
        assert p is not None, legal
        assert 0 <= p < deal.players, legal
        assert not deal.folded(p), f"folded position {p} is to act: {legal}"
    if legal.turn is Turn.DEAL_BOARD:
        assert legal.cards > 0
    if legal.turn is Turn.DEAL_HOLE:
        assert legal.position is not None
        assert not deal.folded(legal.position)
        assert legal.cards > 0
    if legal.turn is not Turn.BET:
        return
    p = legal.position
    assert p is not None
    chips = playing_chips(deal, p)
    bet = street_bets(deal)[p]
    assert chips > 0, f"position {p} is to bet with no chips that play: {legal}"
    # Facing a bet: fold; facing none: check; the stud low card: bring in (or complete).
    assert legal.fold or legal.check or legal.bring_in, f"no way to pass: {legal}"
    assert not (legal.check and legal.call), legal
    assert 0 <= legal.call <= chips, f"a call of {legal.call} with {chips} chips: {legal}"
    assert legal.min_to <= legal.max_to, legal
    if legal.can_wager:
        assert legal.min_to > 0
        assert legal.max_to <= bet + chips, legal
        assert legal.min_to > bet + legal.call or legal.min_to == legal.max_to, legal
    if legal.bring_in:
        assert legal.bring_in <= chips
        assert not legal.call
        assert not legal.check


def wager_accepted(deal: Deal, player: int, to: int) -> str | None:
    """None if a wager to ``to`` is accepted (tried on a copy), else the refusal."""
    trial = copy.deepcopy(deal)
    try:
        trial.apply(Wager(position=player, to=to))
    except IllegalAction as error:
        return str(error)
    return None


@dataclass
class Round:
    """The betting round so far, read from a deal's events alone (not its state).

    ``acted`` maps each player who has acted to the bet he had matched when he
    last did (the stud bring-in counts as no bet); ``size`` is the size of the
    last full bet or raise at big-bet poker; ``fulls`` counts the full bets and
    raises, the big blind among them.
    """

    level: int = 0
    full_level: int = 0
    size: int = 0
    fulls: int = 0
    acted: dict[int, int] = field(default_factory=dict)
    checked: set[int] = field(default_factory=set)


def bet_size(deal: Deal) -> int:
    """The bet of the current street: the limit bet, or the minimum big-bet wager."""
    stakes = deal.stakes
    if deal.structure is Structure.FIXED_LIMIT:
        return stakes.big_bet if deal.game.streets[deal.street].big_bet else stakes.small_bet
    return stakes.min_bet or max(stakes.blinds, default=0) or stakes.small_bet


def betting_round(deal: Deal) -> Round:
    """Replay this street's betting from the events (no straddles, no short blinds
    beyond the big blind's bring-in, RRP5 blinds.1)."""
    start = max(i for i, e in enumerate(deal.events) if isinstance(e, ev.StreetStarted))
    r = Round(size=bet_size(deal))
    if deal.street == 0 and deal.game.is_button_game:
        blinds = deal.stakes.blinds[: deal.players]
        r.level = r.full_level = max(blinds, default=0)
        r.fulls = 1 if r.level else 0
    for event in deal.events[start:]:
        match event:
            case ev.BringInPosted(position=p, amount=a):
                r.level = max(r.level, a)
                r.acted[p] = 0
            case ev.Checked(position=p):
                r.acted[p] = r.level
                r.checked.add(p)
            case ev.Called(position=p):
                r.acted[p] = r.level
            case ev.Wagered(position=p, to=to, full=full):
                if full:
                    r.size = max(r.size, to - r.level)
                    r.full_level = to
                    r.fulls += 1
                r.level = to
                r.acted[p] = to
            case _:
                pass
    return r


def faces_full_wager(deal: Deal, r: Round, player: int) -> bool:
    """Whether a player has not acted, or the bet rose since by a full-size wager
    in all: half a bet at limit (RRP5 betting.6), the last full bet or raise at
    big-bet poker (RRP5 betting.7)."""
    if player not in r.acted:
        return True
    rise = r.level - r.acted[player]
    if deal.structure is Structure.FIXED_LIMIT:
        return 2 * rise >= bet_size(deal)
    return rise >= r.size


def covered(deal: Deal, player: int) -> int:
    """The most any opponent still in can have in this round."""
    bets = street_bets(deal)
    return max(
        (
            bets[q] + playing_chips(deal, q)
            for q in range(deal.players)
            if q != player and not deal.folded(q)
        ),
        default=0,
    )


def check_raise_offered(deal: Deal) -> None:
    """A player to bet is offered a raise exactly when the rules give one: not when
    he has acted and faces less than a full-size wager since (several short
    all-ins adding up count, RRP5 betting.6, betting.7); and, when he has not
    acted or faces one, whenever he has chips over the bet, an opponent could
    call more than it (RRP5 betting.5) and no cap or check-raise ban applies.
    A wager to what the opponents can match is allowed (RRP5 betting.5, policies.6).
    """
    legal = deal.legal()
    if legal.turn is not Turn.BET:
        return
    p = legal.position
    assert p is not None
    r = betting_round(deal)
    bets = street_bets(deal)
    reach = bets[p] + playing_chips(deal, p)
    full = faces_full_wager(deal, r, p)
    if not full:
        assert not legal.can_wager, f"position {p} acted and faces no full wager: {legal}"
        return
    top = covered(deal, p)
    capped = deal.structure is Structure.FIXED_LIMIT and r.fulls >= 1 + deal.game.max_raises
    banned = not deal.game.check_raise and p in r.checked
    if reach > r.level and top > r.level and not capped and not banned:
        assert legal.can_wager, (
            f"position {p} faces a full-size wager (bet {r.level}, he acted at"
            f" {r.acted.get(p)}) with {reach} in all, an opponent {top}: {legal}"
        )
    if legal.can_wager and r.level < top:
        chip = deal.stakes.chip
        least = min(top + (-top) % chip, reach)
        assert legal.min_to <= least, f"a wager to {least}, all anyone can match, refused: {legal}"
