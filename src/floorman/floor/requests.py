"""Asking to see a called hand after the showdown (RRP5 showdown.5).

Any player dealt cards may ask to see a hand that was called, even one mucked.
Asked for by anyone but the winner, the hand is shown and stays dead. Asked for
by the winner, both hands are live and the better one wins: the pot moves by
the betting record (RRP5 decisions.6), while a ruling may still be asked for,
before the next deal starts (RRP5 decisions.5).

>>> from floorman.games import HOLDEM, Structure
>>> from floorman.table import Table, TableSetup
>>> table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2)))
>>> ask_to_see(table, asker=1, shown=2)
Traceback (most recent call last):
...
floorman.errors.FloorError: no deal has ended to ask about [RRP5 decisions.5]
"""

from __future__ import annotations

from typing import Any

from floorman.cards import format_cards
from floorman.deal import events as ev
from floorman.deal.pots import split
from floorman.deal.showdown import hand_values
from floorman.errors import FloorError
from floorman.floor.rulings import Ruling
from floorman.rulebook import cite
from floorman.table import Table

__all__ = ["ask_to_see"]


def _beats(first: Any, second: Any) -> bool:
    # Both values come from the same reader of the same game: comparable.
    return bool(first > second)


def ask_to_see(table: Table, *, asker: int, shown: int) -> Ruling:
    """Rule on seat ``asker`` asking to see seat ``shown``'s called hand."""
    deal = table.deal
    if deal is None or not table.ruling_window:
        raise FloorError("no deal has ended to ask about", citations=cite("decisions.5"))
    seats = table.positions
    if asker not in seats:
        raise FloorError(
            f"seat {asker} was not dealt cards and may not ask to see a hand",
            citations=cite("showdown.5"),
        )
    if shown not in seats or deal.folded(seats.index(shown)):
        raise FloorError(
            f"seat {shown}'s hand was not called: only a called hand may be asked for",
            citations=cite("showdown.5"),
        )
    a, s = seats.index(asker), seats.index(shown)
    cards = deal.hole(s)
    if None in cards:
        raise FloorError(f"seat {shown}'s cards are not known to the table")
    seen = format_cards(c for c in cards if c is not None)
    won = table.won(asker)
    if not won:
        return Ruling(
            decision=f"seat {shown} shows {seen}; asked for by a player who did not win the"
            " pot, the hand is dead",
            citations=cite("showdown.5"),
        )
    mine, theirs = hand_values(deal, a), hand_values(deal, s)
    if len(mine) != 1:
        # Not yet: a high-low pot's halves would each be read again.
        raise FloorError(
            "floorman does not yet rule on a winner asking to see a hand at a high-low game",
            citations=cite("showdown.5"),
        )
    first, second = mine[0], theirs[0]
    if second is None or (first is not None and _beats(first, second)):
        return Ruling(
            decision=f"seat {shown} shows {seen}; both hands are live and seat {asker}'s is"
            " better: the pot stays",
            citations=cite("showdown.5"),
        )
    eligible = {i for i, pot in enumerate(deal.pots) if s in pot.eligible}
    amount = sum(
        got
        for e in deal.events
        if isinstance(e, ev.PotAwarded) and e.pot in eligible
        for q, got in e.amounts
        if q == a
    )
    if first == second:
        # A tie: those pots are split, the odd chip first clockwise from the button.
        order = sorted((a, s))
        amount = dict(split(amount, order, unit=deal.stakes.chip))[s]
    table.transfer(asker, shown, amount)
    outcome = "ties" if first == second else "wins"
    return Ruling(
        decision=f"seat {shown} shows {seen}; both hands are live and it {outcome}: {amount}"
        f" moves from seat {asker} to seat {shown}",
        citations=cite("showdown.5", "decisions.6"),
    )
