"""Rulings applied to a deal: the blinds chopping, a hand ruled dead, a deal voided.

These are inputs to a deal like the players' actions, but they come from the
table's agreement or a floorperson's ruling, and each cites its rule. They
reach the deal through :meth:`Deal.apply <floorman.deal.state.Deal.apply>`
(:class:`~floorman.deal.actions.Chop`, :class:`~floorman.deal.actions.Kill`,
:class:`~floorman.deal.actions.Void`), so the log replays them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.cards import Card
from floorman.deal import events as ev
from floorman.deal.checks import check_cards
from floorman.deal.legal import Legal, Turn
from floorman.deal.legal import describe as _describe
from floorman.errors import IllegalAction
from floorman.rulebook import Citation, cite

if TYPE_CHECKING:
    from floorman.deal.state import Deal

__all__ = ["can_chop", "chop", "expose", "kill", "replace_card", "scrap", "take_back", "void"]


def can_chop(deal: Deal) -> bool:
    """Whether the blinds may chop now: a button game with three or more
    dealt in, everyone but the two blinds folded without a raise, the small
    blind to act, and nothing in the pot but the blinds (RRP5 policies.15)."""
    legal = deal.legal()
    if not deal.game.is_button_game or legal.turn is not Turn.BET or deal._street != 0:
        return False
    live = deal._live()
    blinds = deal._blinds()
    posted = [p for p in range(len(deal._players)) if blinds[p]]
    return (
        len(deal._players) > 2
        and len(live) == 2
        and sorted(live) == sorted(posted)
        and legal.player == min(posted, key=lambda p: blinds[p])
        and deal._full_count == 1
        and deal.pot == sum(deal._players[p].street_bet for p in live)
    )


def chop(deal: Deal, legal: Legal, p: int) -> None:
    deal._turn_check(legal, Turn.BET, p, "chop")
    if not deal.can_chop:
        raise IllegalAction(
            f"position {p} cannot chop: the blinds chop only when everyone else has"
            f" folded to the small blind and the pot holds just the blinds; {_describe(legal)}",
            citations=cite("policies.15"),
        )
    for q in sorted(deal._live(), key=lambda q: q != p):
        amount = deal._players[q].street_bet
        deal._emit(ev.BetReturned(player=q, amount=amount, citations=cite("policies.15")))
    deal._needs = []
    deal._emit(ev.DealEnded(stacks=deal.stacks, citations=cite("policies.15")))


def void(deal: Deal, rule: tuple[Citation, ...], keep: tuple[int, ...] = ()) -> None:
    if deal._over:
        raise IllegalAction(
            "the deal is over: its result stands, save a ruling on a pot asked for"
            " before the next deal",
            citations=cite("decisions.5"),
        )
    if any(not 0 <= p < len(deal._players) for p in keep):
        raise IllegalAction(f"no such player among {keep}")
    put_in = [deal.starting_stacks[p] - pl.stack for p, pl in enumerate(deal._players)]
    refunds = tuple((p, n) for p, n in enumerate(put_in) if n and p not in keep)
    carried = sum(put_in[p] for p in set(keep))
    deal._dealing, deal._board_due, deal._needs, deal._show_order = [], 0, [], []
    deal._emit(ev.DealVoided(refunds=refunds, kept=keep, carried=carried, citations=rule))
    deal._emit(ev.DealEnded(stacks=deal.stacks, citations=rule))


def replace_card(
    deal: Deal, p: int, card: Card, new: Card | None, rule: tuple[Citation, ...]
) -> None:
    """Take ``card`` out of player ``p``'s hand and give the next stub card (or
    ``new``) in its place."""
    if deal._over or not 0 <= p < len(deal._players) or deal._players[p].folded:
        raise IllegalAction(f"position {p} has no live hand whose card could be replaced")
    if card not in deal._players[p].hole:
        raise IllegalAction(f"position {p} does not hold {card}")
    if new is None and deal._deck is not None:
        if not deal._deck:
            raise IllegalAction("the stub has no card left to replace it with")
        new = deal._deck[0]
    elif new is not None:
        check_cards(deal, (new,))
    deal._emit(ev.CardReplaced(player=p, card=card, new=new, citations=rule))


def scrap(deal: Deal, card: Card, rule: tuple[Citation, ...]) -> None:
    """Take ``card``, not yet dealt, out of play as a scrap of paper."""
    if deal._over:
        raise IllegalAction("the deal is over: no card is left to rule on")
    if deal._deck is not None and card not in deal._deck:
        raise IllegalAction(f"{card} is not in the stub: only an undealt card is scrapped there")
    if deal._deck is None:
        check_cards(deal, (card,), dealing=False)
    deal._emit(ev.CardScrapped(card=card, citations=rule))


def take_back(
    deal: Deal, legal: Legal, cards: tuple[Card, ...], rule: tuple[Citation, ...]
) -> None:
    """Send ``cards``, dealt while the betting was still open, back beneath the stub."""
    if legal.turn is not Turn.BET:
        raise IllegalAction(
            f"cards are dealt too soon only while a betting round is open; {_describe(legal)}",
            citations=cite("irregularities.15"),
        )
    if not cards or len(set(cards)) != len(cards):
        raise IllegalAction("name each card dealt too soon once")
    again = [c for c in cards if deal._held_back.get(c, -1) > deal._street]
    if again:
        raise IllegalAction(
            f"{' '.join(map(str, again))} went back beneath the stub already",
            citations=cite("irregularities.15"),
        )
    if deal._deck is not None:
        missing = [c for c in cards if c not in deal._deck]
        if missing:
            raise IllegalAction(
                f"{' '.join(map(str, missing))} is not in the stub: only cards not yet in"
                " play can have been dealt too soon"
            )
    else:
        check_cards(deal, cards, dealing=False)
    deal._emit(ev.CardsTakenBack(cards=cards, citations=rule))


def expose(deal: Deal, p: int, card: Card, rule: tuple[Citation, ...]) -> None:
    """A stud downcard the dealer exposed plays up. The stud section is not
    included; this is the standard practice: on third street, before anyone
    has acted, the player's door card goes down instead, and the bring-in is
    found again from the cards now showing."""
    if deal.game.is_button_game:
        raise IllegalAction(f"{deal.game.name} has no upcards to turn")
    pl = deal._players[p] if 0 <= p < len(deal._players) else None
    if pl is None or pl.folded or card not in pl.hole or pl.up[pl.hole.index(card)]:
        raise IllegalAction(f"position {p} holds no downcard {card}")
    acted = any(
        isinstance(e, ev.BringInPosted | ev.Wagered | ev.Called | ev.Checked | ev.Folded)
        for e in deal.events
    )
    deal._emit(ev.CardTurned(player=p, card=card, up=True, citations=rule))
    if deal._street == 0 and not acted and len(pl.hole) == 3:
        door = next(c for c, up in zip(pl.hole, pl.up, strict=True) if up and c != card)
        assert door is not None
        deal._emit(ev.CardTurned(player=p, card=door, up=False, citations=rule))
        deal._begin_betting()


def kill(deal: Deal, legal: Legal, p: int, rule: tuple[Citation, ...]) -> None:
    if deal._over or not 0 <= p < len(deal._players) or deal._players[p].folded:
        raise IllegalAction(f"position {p} has no live hand to rule dead; {_describe(legal)}")
    if deal._players[p].mucked:
        raise IllegalAction(f"position {p}'s hand is already mucked")
    deal._emit(ev.HandKilled(player=p, citations=rule))
    deal._dealing = [(q, up) for q, up in deal._dealing if q != p]
    if deal._bring_in_due == p:
        deal._bring_in_due = None
    if legal.turn is Turn.SHOW:
        waiting = [
            q for q in deal._show_order if not (deal._players[q].shown or deal._players[q].mucked)
        ]
        if not waiting or (len(waiting) == 1 and not deal._contested(waiting[0])):
            deal._finish()
    elif legal.turn is Turn.BET:
        deal._needs = [q for q in deal._needs if q != p]
        deal._after_bet()
    elif len(deal._live()) <= 1:
        deal._dealing, deal._board_due = [], 0
        deal._finish()
    else:
        deal._auto_deal()
