"""How each event changes a deal: the only code that changes a deal's state.

:meth:`Deal._on <floorman.deal.state.Deal._on>` looks an event's type up in
:data:`HANDLERS`; replaying a log runs the same functions, which is why the log
rebuilds the deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from floorman._static import TYPE_CHECKING, cast
from floorman.cards import Card
from floorman.deal import events as ev

if TYPE_CHECKING:
    from typing import Any

    from floorman.deal.state import Deal

__all__ = ["HANDLERS", "KEEPS_ROSTER", "ROSTER_KEPT"]


def on_ante(deal: Deal, event: ev.AntePosted) -> None:
    # An ante is not part of any bet. When one player antes for the table (a
    # big blind ante) it is dead money for every live hand; when everyone
    # antes, a player all in on a short ante wins only what it matched
    # (RRP5 policies.6, ties.5).
    deal._players[event.position].stack -= event.amount
    if deal._table_ante:
        deal._dead += event.amount
    else:
        deal._players[event.position].total += event.amount


def on_blind(deal: Deal, event: ev.BlindPosted) -> None:
    pl = deal._players[event.position]
    pl.stack -= event.amount + event.dead
    pl.street_bet += event.amount
    pl.total += event.amount
    deal._dead += event.dead


def on_chips_in(deal: Deal, event: ev.BringInPosted | ev.Called | ev.Wagered) -> None:
    pl = deal._players[event.position]
    pl.stack -= event.amount
    pl.street_bet += event.amount
    pl.total += event.amount
    if pl.stack < deal._chip:
        # No chip left that plays: this player can act no more (see ROSTER_KEPT).
        deal._stale = True


def on_fold(deal: Deal, event: ev.Folded) -> None:
    p = event.position
    deal._players[p].folded = True
    live = deal._live_cache
    if not deal._stale and p in live:
        # The kept lists of who is live and who can act lose the hand, with no
        # count of the players again (see ROSTER_KEPT); nobody holds them
        # across an event.
        live.remove(p)
        able = deal._able_cache
        if p in able:
            able.remove(p)
    else:
        deal._stale = True


def on_return(deal: Deal, event: ev.BetReturned) -> None:
    pl = deal._players[event.position]
    pl.stack += event.amount
    pl.street_bet -= event.amount
    pl.total -= event.amount


def on_hole(deal: Deal, event: ev.HoleDealt) -> None:
    pl = deal._players[event.position]
    cards = event.cards
    pl.hole.extend(cards)
    pl.up.extend(event.up)
    seen = deal._seen
    if seen is not None:
        for card in cards:  # a loop: no comprehension to call for two or three cards
            if card is not None:
                seen.add(card.index)
    deck = deal._deck
    if deck is not None:
        # Dealt from the top of the stub, as the dealer deals by itself.
        n = len(cards)
        if deck[:n] == list(cards):
            del deck[:n]
        else:
            take(deal, cards)


def on_board(deal: Deal, event: ev.BoardDealt) -> None:
    board = deal._runs[event.run - 1] if event.run else deal._board
    board.extend(event.cards)
    _seen(deal, event.cards)
    take(deal, event.cards)


def _seen(deal: Deal, cards: Sequence[Card | None]) -> None:
    seen = deal._seen
    if seen is not None:
        for card in cards:  # as on_hole
            if card is not None:
                seen.add(card.index)


def on_kill(deal: Deal, event: ev.HandKilled) -> None:
    p = event.position
    pl = deal._players[p]
    pl.folded = pl.mucked = True
    # A dead hand is dealt no more cards (not even those it drew for), owes no
    # bring-in and has no turn to act.
    pl.pending_draw = 0
    deal._dealing = [(q, up) for q, up in deal._dealing if q != p]
    deal._needs = [q for q in deal._needs if q != p]
    if deal._bring_in_due == p:
        deal._bring_in_due = None


def on_chop(deal: Deal, event: ev.BlindsChopped) -> None:
    # Nobody acts again: the blinds go back and the deal ends (RRP5 policies.15).
    deal._needs = []


def on_replace(deal: Deal, event: ev.CardReplaced) -> None:
    pl = deal._players[event.position]
    i = pl.hole.index(event.card)
    pl.hole[i] = event.new
    deal._seen = None
    deal._muck.append(event.card)
    if event.new is not None:
        take(deal, (event.new,))


def on_scrap(deal: Deal, event: ev.CardScrapped) -> None:
    deal._scrapped.add(event.card)
    take(deal, (event.card,))


def on_take_back(deal: Deal, event: ev.CardsTakenBack) -> None:
    # They do not play on the street they came too soon for (RRP5 irregularities.15).
    deal._held_back.update(dict.fromkeys(event.cards, deal._street + 1))
    if deal._deck is not None:
        take(deal, event.cards)
        deal._deck.extend(event.cards)


def on_turn(deal: Deal, event: ev.CardTurned) -> None:
    pl = deal._players[event.position]
    pl.up[pl.hole.index(event.card)] = event.up


def on_void(deal: Deal, event: ev.DealVoided) -> None:
    # Nothing more is dealt, bet or shown in a void deal.
    deal._dealing, deal._board_due, deal._needs, deal._show_order = [], 0, [], []
    for p, amount in event.refunds:
        pl = deal._players[p]
        pl.stack += amount
    for pl in deal._players:
        pl.total = pl.street_bet = 0
    deal._dead = 0
    deal.carried = event.carried


def on_runs(deal: Deal, event: ev.RunsStarted) -> None:
    # Each further board starts as a copy of the board so far.
    deal._runs = [list(deal._board) for _ in range(event.times - 1)]
    deal._seen = None


def on_burn(deal: Deal, event: ev.CardBurned) -> None:
    if event.card is not None:
        deal._muck.append(event.card)
        take(deal, (event.card,))


def on_reshuffle(deal: Deal, event: ev.StubReshuffled) -> None:
    deal._deck = list(event.cards)
    stub = {c.index for c in event.cards}
    deal._muck = [c for c in deal._muck if c.index not in stub]


def on_draw(deal: Deal, event: ev.Drew) -> None:
    pl = deal._players[event.position]
    discards = event.discards
    if not discards:
        pl.discards = []
        return
    hole = pl.hole
    # Cards are shared objects (one per card): when the discards are each a
    # different card held, the hand keeps the others, in order.
    gone = set(map(id, discards))
    if len(gone) == len(discards) and _NONE_ID not in gone:
        kept = [c for c in hole if id(c) not in gone]
        if len(kept) == len(hole) - len(discards):
            known = cast("list[Card]", list(discards))  # none is None (above)
            pl.discards = known
            deal._muck.extend(known)
            _unseen(deal, known)
            up = pl.up
            if True in up:
                up[:] = [u for c, u in zip(hole, up, strict=True) if id(c) not in gone]
            else:
                del up[len(kept) :]
            hole[:] = kept
            return
    named = [c for c in discards if c is not None]
    pl.discards = named
    deal._muck.extend(named)
    if len(named) == len(discards):
        _unseen(deal, named)
    else:
        deal._seen = None
    for card in discards:
        i = _place(hole, card)
        del hole[i]
        del pl.up[i]


def _unseen(deal: Deal, cards: list[Card]) -> None:
    """Cards gone from the hands (to the muck): dealt no more, they may be again."""
    seen = deal._seen
    if seen is not None:
        seen.difference_update([c.index for c in cards])


_NONE_ID = id(None)


def _place(hole: list[Card | None], card: Card | None) -> int:
    """Where ``card`` is in a hand, else where a card nobody saw is."""
    if card is not None:
        # Cards are shared objects (one per card): identity finds it at once.
        for i, held in enumerate(hole):
            if held is card:
                return i
    return hole.index(card) if card in hole else hole.index(None)


def on_show(deal: Deal, event: ev.HandShown) -> None:
    pl = deal._players[event.position]
    pl.shown = True
    if len(event.cards) == len(pl.hole):
        pl.hole = list(event.cards)
        deal._seen = None


def on_muck(deal: Deal, event: ev.HandMucked) -> None:
    deal._players[event.position].mucked = True


def on_award(deal: Deal, event: ev.PotAwarded) -> None:
    for p, amount in event.amounts:
        deal._players[p].stack += amount


def on_end(deal: Deal, event: ev.DealEnded) -> None:
    deal._over = True
    # Nothing is dealt in a deal that is over (a ruling may end it mid-street).
    deal._dealing, deal._board_due = [], 0


def on_street(deal: Deal, event: ev.StreetStarted) -> None:
    deal._street = event.street


def take(deal: Deal, cards: Sequence[Card | None]) -> None:
    deck = deal._deck
    if deck is None:
        return
    n = len(cards)
    if deck[:n] == list(cards):
        del deck[:n]
        return
    for card in cards:
        if card is not None and card in deck:
            deck.remove(card)


HANDLERS: dict[type, Callable[[Deal, Any], None]] = {
    ev.AntePosted: on_ante,
    ev.BlindPosted: on_blind,
    ev.BringInPosted: on_chips_in,
    ev.Called: on_chips_in,
    ev.Wagered: on_chips_in,
    ev.Folded: on_fold,
    ev.BetReturned: on_return,
    ev.HoleDealt: on_hole,
    ev.BoardDealt: on_board,
    ev.RunsStarted: on_runs,
    ev.DealVoided: on_void,
    ev.HandKilled: on_kill,
    ev.CardReplaced: on_replace,
    ev.CardScrapped: on_scrap,
    ev.CardsTakenBack: on_take_back,
    ev.CardTurned: on_turn,
    ev.CardBurned: on_burn,
    ev.StubReshuffled: on_reshuffle,
    ev.Drew: on_draw,
    ev.HandShown: on_show,
    ev.PlayerShowed: on_show,
    ev.HandMucked: on_muck,
    ev.PlayerMucked: on_muck,
    ev.BlindsChopped: on_chop,
    ev.PotAwarded: on_award,
    ev.DealEnded: on_end,
    ev.StreetStarted: on_street,
}

#: Events that change no stack and kill no hand: who is live and who has chips
#: to bet stay as they were (:meth:`Deal._emit <floorman.deal.state.Deal._emit>`
#: counts them again after any other event).
KEEPS_ROSTER: frozenset[type] = frozenset(
    {
        ev.StreetStarted,
        ev.Checked,
        ev.CardBurned,
        ev.HoleDealt,
        ev.BoardDealt,
        ev.RunsStarted,
        ev.Drew,
        ev.HandShown,
        ev.PlayerShowed,
        ev.HandMucked,
        ev.PlayerMucked,
        ev.CardTurned,
        ev.CardReplaced,
        ev.CardScrapped,
        ev.CardsTakenBack,
        ev.StubReshuffled,
        ev.BlindsChopped,
    }
)

#: Events after which :meth:`Deal._emit <floorman.deal.state.Deal._emit>` need
#: not count who is live and who can act again: those of :data:`KEEPS_ROSTER`,
#: the chips put in by a bet, which :func:`on_chips_in` counts again only
#: when the bettor has no chip left that plays, and a fold, which
#: :func:`on_fold` takes off the kept lists itself.
ROSTER_KEPT: frozenset[type] = KEEPS_ROSTER | {
    ev.BringInPosted,
    ev.Called,
    ev.Wagered,
    ev.Folded,
}
