"""Reading the up cards at stud: who brings it in, who acts first, who gets an odd chip.

Ranks here count the ace high at stud and stud eight-or-better and low at
razz; suits break ties in the rulebook's order (RRP5 ties.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from floorman.cards import Card
from floorman.games import BringInRule

__all__ = ["bring_in_player", "card_order", "showing_key"]


def _rank(card: Card, *, ace_low: bool) -> int:
    r = int(card.rank)
    return 1 if ace_low and r == 14 else r


def card_order(card: Card, *, ace_low: bool) -> tuple[int, int]:
    """A card's place in the draw order: rank first, then suit (RRP5 ties.1)."""
    return (_rank(card, ace_low=ace_low), int(card.suit))


def bring_in_player(door_cards: Sequence[Card | None], rule: BringInRule) -> int:
    """The position whose up card brings it in: lowest (stud) or highest (razz) by suit.

    At razz the ace is low, so the king is the highest card. Up cards missing
    from a log (``None``) are passed over.
    """
    ace_low = rule is BringInRule.HIGHEST
    known = [(card_order(c, ace_low=ace_low), p) for p, c in enumerate(door_cards) if c]
    if not known:
        # A log that names no up card cannot say who brought it in; the first
        # player dealt to is taken, so the log can still be read.
        return 0
    return min(known)[1] if rule is BringInRule.LOWEST else max(known)[1]


def showing_key(cards: Sequence[Card], *, low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How strong the up cards are for deciding who acts first; bigger acts first.

    High games: the best poker combination showing (pairs, trips, quads; no
    straights or flushes among fewer than five cards), then the ranks. Razz:
    the lowest hand showing, ace low, acts first.
    """
    ranks = [_rank(c, ace_low=low) for c in cards]
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if low:
        return (tuple(-n for n in shape), tuple(-r for r in order))
    return (shape, order)
