"""Reading the up cards at stud: who brings it in, who acts first, who gets an odd chip.

Ranks here count the ace high at stud and stud eight-or-better and low at
razz; suits break ties in the rulebook's order (RRP5 ties.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.cards import DECK_52, Card
from floorman.games import BringInRule

__all__ = ["bring_in_player", "card_order", "showing_key", "up_key"]


def _rank(card: Card, *, ace_low: bool) -> int:
    r = int(card.rank)
    return 1 if ace_low and r == 14 else r


# Each card's rank by its index, the ace high and low (the joker has no rank),
# its suit, and each rank negated (a low hand's key).
_HIGH = tuple(int(c.rank) for c in sorted(DECK_52, key=lambda c: c.index))
_LOW = tuple(1 if r == 14 else r for r in _HIGH)
_SUIT = tuple(int(c.suit) for c in sorted(DECK_52, key=lambda c: c.index))
_NEG_LOW = tuple(-r for r in _LOW)
# The shape of a showing with no two cards of a rank, by its number of cards.
_SINGLES = tuple((1,) * n for n in range(9))
_NEG_SINGLES = tuple((-1,) * n for n in range(9))


def card_order(card: Card, *, ace_low: bool) -> tuple[int, int]:
    """A card's place in the draw order: rank first, then suit (RRP5 ties.1)."""
    return (_rank(card, ace_low=ace_low), int(card.suit))


def bring_in_player(door_cards: Sequence[Card | None], rule: BringInRule) -> int:
    """The position whose up card brings it in: lowest (stud) or highest (razz) by suit.

    At razz the ace is low, so the king is the highest card. Up cards missing
    from a log (``None``) are passed over.
    """
    ace_low = rule is BringInRule.HIGHEST
    table = _LOW if ace_low else _HIGH
    known = [
        ((table[c.index], _SUIT[c.index]) if c.index < 52 else card_order(c, ace_low=ace_low), p)
        for p, c in enumerate(door_cards)
        if c
    ]
    if not known:
        # A log that names no up card cannot say who brought it in; the first
        # player dealt to is taken, so the log can still be read.
        return 0
    return min(known)[1] if rule is BringInRule.LOWEST else max(known)[1]


def up_key(
    hole: Sequence[Card | None], up: Sequence[bool], *, low: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`showing_key` of a hand's up cards that are known, read from the
    hand's cards and which of them are up, in one pass for the usual showing."""
    try:
        if low:
            neg = sorted(
                [_NEG_LOW[c.index] for c, u in zip(hole, up, strict=True) if u and c is not None]
            )
            n = len(neg)
            if len(set(neg)) == n < len(_SINGLES):
                return (_NEG_SINGLES[n], tuple(neg))
        else:
            ranks = sorted(
                [_HIGH[c.index] for c, u in zip(hole, up, strict=True) if u and c is not None],
                reverse=True,
            )
            n = len(ranks)
            if len(set(ranks)) == n < len(_SINGLES):
                return (_SINGLES[n], tuple(ranks))
    except IndexError:
        pass
    showing = [c for c, u in zip(hole, up, strict=True) if u and c is not None]
    return showing_key(showing, low=low)


def showing_key(cards: Sequence[Card], *, low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How strong the up cards are for deciding who acts first; bigger acts first.

    High games: the best poker combination showing (pairs, trips, quads; no
    straights or flushes among fewer than five cards), then the ranks. Razz:
    the lowest hand showing, ace low, acts first.
    """
    n = len(cards)
    try:
        # The usual showing, no two cards of a rank: the ranks alone, highest
        # first (negated at razz, the lowest first), read from the tables (a
        # joker has no place in them: it is read below).
        if low:
            neg = sorted([_NEG_LOW[c.index] for c in cards])
            if len(set(neg)) == n < len(_SINGLES):
                return (_NEG_SINGLES[n], tuple(neg))
        else:
            ranks = sorted([_HIGH[c.index] for c in cards], reverse=True)
            if len(set(ranks)) == n < len(_SINGLES):
                return (_SINGLES[n], tuple(ranks))
    except IndexError:
        pass
    table = _LOW if low else _HIGH
    counts: dict[int, int] = {}
    for c in cards:
        i = c.index
        r = table[i] if i < len(table) else _rank(c, ace_low=low)
        counts[r] = counts.get(r, 0) + 1
    if len(counts) == len(cards):
        # No two of a rank (the usual case): the ranks alone, highest first.
        order = sorted(counts, reverse=True)
        shape: tuple[int, ...] = (1,) * len(order)
    else:
        groups = sorted([(n, r) for r, n in counts.items()], reverse=True)
        shape = tuple([n for n, _ in groups])
        order = [r for _, r in groups]
    if low:
        return (tuple([-n for n in shape]), tuple([-r for r in order]))
    return (shape, tuple(order))
