"""What the player to act may do: the exact amounts of a call, bet or raise,
and why a bet or raise is barred (RRP5 betting.1, .4-.8, policies.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.deal.legal import Legal, Turn
from floorman.deal.showdown import last_in_pot
from floorman.games import Structure
from floorman.ids import Position
from floorman.rulebook import Citation, cite

if TYPE_CHECKING:
    from floorman.deal.state import Deal

__all__ = [
    "NO_ACTION",
    "betting_options",
    "covered",
    "draw_order",
    "faces_full_wager",
    "legal_now",
    "may_raise",
    "raise_block",
]

#: What a deal that is over waits for: nothing.
NO_ACTION = Legal(turn=Turn.OVER)


def betting_options(deal: Deal, p: int) -> Legal:
    """What position ``p`` may do in the betting, with the exact amounts."""
    pl = deal._players[p]
    to_call = min(deal._level - pl.street_bet, deal._free(pl))
    reach = pl.street_bet + deal._free(pl)  # the most this player's bet can come to
    min_to = max_to = 0
    if may_raise(deal, p) and reach > deal._level:
        if deal.structure is Structure.FIXED_LIMIT:
            min_to = max_to = min(deal._full_level + deal._bet_size(), reach)
        else:
            min_to = min(deal._level + max(deal._raise_size, deal._bet_size()), reach)
            if deal.structure is Structure.POT_LIMIT:
                pot_after_call = deal.pot + (deal._level - pl.street_bet)
                max_to = min(deal._level + pot_after_call, reach)
            else:
                max_to = reach
        most = covered(deal, p)
        if deal._level < most < min_to:
            # Nobody could match more: a wager to what the opponents can cover
            # is the full one, its excess would only come back (RRP5
            # policies.6), so it is no short raise (RRP5 betting.5).
            min_to = most
    chip = deal.stakes.chip
    if chip > 1 and min_to:
        # Wagers are whole numbers of the smallest chip (RRP5 betting.8).
        if max_to != reach:
            max_to -= max_to % chip
        if min_to != reach and min_to % chip:
            min_to = min(min_to + chip - min_to % chip, reach)
        if min_to > max_to:
            min_to = max_to = 0
    bring_in = 0
    if deal._bring_in_due == p:
        bring_in = min(deal.stakes.bring_in, deal._free(pl))
    facing = deal._level > pl.street_bet
    return Legal(
        turn=Turn.BET,
        position=Position(p),
        fold=not bring_in,
        check=not facing and bring_in == 0,
        call=to_call if facing else 0,
        min_to=min_to,
        max_to=max_to,
        bring_in=bring_in,
    )


def may_raise(deal: Deal, p: int) -> bool:
    """Whether position ``p`` may bet or raise now."""
    return raise_block(deal, p) is None


def faces_full_wager(deal: Deal, acted_at: int) -> bool:
    """Whether the bet has risen by a full-size wager since a player acted at
    ``acted_at``: together, the wagers since (several short all-ins among
    them) make half a bet or more at limit (RRP5 betting.6) or at least the
    last full bet or raise at no-limit and pot-limit (RRP5 betting.7).
    """
    rise = deal._level - acted_at
    if deal.structure is Structure.FIXED_LIMIT:
        return 2 * rise >= deal._bet_size()
    return rise >= deal._raise_size


def covered(deal: Deal, p: int) -> int:
    """The most any opponent still in could have in this round: a wager above
    it is the same wager as one to it, the rest never at risk."""
    return max(
        (
            deal._players[q].street_bet + deal._free(deal._players[q])
            for q in deal._live()
            if q != p
        ),
        default=0,
    )


def raise_block(deal: Deal, p: int) -> tuple[str, str, tuple[Citation, ...]] | None:
    """Why position ``p`` may not bet or raise now (the error's code, the
    reason in words, the rule); None if it may."""
    pl = deal._players[p]
    if pl.acted_at is not None and not faces_full_wager(deal, pl.acted_at):
        if deal.structure is Structure.FIXED_LIMIT:
            why = "it has acted and faces less than half a bet more since"
            return ("raise_not_reopened", why, cite("betting.6"))
        why = "it has acted and faces less than a full bet or raise more since"
        return ("raise_not_reopened", why, cite("betting.7"))
    others = (deal._players[q] for q in deal._can_act() if q != p)
    if all(o.street_bet + deal._free(o) <= deal._level for o in others):
        # Nobody could call any part of a raise: it would only come back.
        why = "no other player could call more than the bet"
        return ("raise_uncallable", why, cite("betting.5"))
    if not deal.game.check_raise and p in deal._checked:
        why = f"check-raising is not allowed at {deal.game.name}"
        return ("check_raise_barred", why, cite("betting.1"))
    if deal.structure is not Structure.FIXED_LIMIT:
        return None
    capped = (deal.game.raise_cap_citation, *cite("betting.4"))
    if deal._capped:
        return ("raise_capped", "the raising is capped", capped)
    heads_up = len([q for q in deal._live() if deal._free(deal._players[q])]) <= 2
    if deal._full_count >= 1 + deal.game.max_raises and not heads_up:
        return ("raise_capped", "the raising is capped", capped)
    return None


def legal_now(deal: Deal) -> Legal:
    """Whose turn it is and what they may do, read from the deal's state."""
    if deal._over:
        return NO_ACTION
    if deal._dealing:
        p, up = deal._dealing[0]
        return Legal(turn=Turn.DEAL_HOLE, position=Position(p), cards=len(up))
    if deal._board_due:
        return Legal(turn=Turn.DEAL_BOARD, cards=deal._board_due)
    street = deal.game.streets[deal._street] if deal._street < len(deal.game.streets) else None
    if deal._show_order and not deal._over:
        p = next(
            q for q in deal._show_order if not (deal._players[q].shown or deal._players[q].mucked)
        )
        return Legal(turn=Turn.SHOW, position=Position(p), muck=last_in_pot(deal, p) is None)
    if not deal._has_draw:
        pass
    elif street is not None and street.draw and not deal._draws_done():
        p = next(q for q in draw_order(deal) if not deal._players[q].drew)
        return Legal(turn=Turn.DRAW, position=Position(p), cards=len(deal._players[p].hole))
    elif deal._draw_pending():
        p = next(q for q, pl in enumerate(deal._players) if pl.pending_draw)
        return Legal(turn=Turn.DEAL_HOLE, position=Position(p), cards=deal._players[p].pending_draw)
    if deal._needs:
        return betting_options(deal, deal._needs[0])
    return NO_ACTION


def draw_order(deal: Deal) -> list[int]:
    """Who draws, in order: every live hand."""
    return [p for p in range(len(deal._players)) if not deal._players[p].folded]
