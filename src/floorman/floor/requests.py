"""Asking to see a called hand after the showdown (RRP5 showdown.5).

Any player dealt cards may ask to see a hand that was called, even one mucked.
Asked for by anyone but the winner, the hand is shown and stays dead. Asked for
by the winner, both hands are live and the better one wins: the deal is read
again from its log with that hand shown instead of mucked, and the pots move by
the betting record (RRP5 decisions.6), while a ruling may still be asked for,
before the next deal starts (RRP5 decisions.5). Every pot and half-pot is read
as the showdown reads it, odd chips included.

>>> from floorman.games import HOLDEM, Structure
>>> from floorman.table import Table, TableSetup
>>> table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2)))
>>> ask_to_see(table, asker=1, shown=2)
Traceback (most recent call last):
...
floorman.errors.FloorError: no deal has ended to rule on [RRP5 decisions.5]
"""

from __future__ import annotations

from floorman.cards import format_cards
from floorman.deal import Deal, Muck, Show, Turn, inputs
from floorman.errors import FloorError, IllegalAction
from floorman.floor.rulings import Ruling
from floorman.ids import Position, Seat
from floorman.rulebook import cite
from floorman.table import Table

__all__ = ["ask_to_see"]


def _shown_instead(deal: Deal, shown: int) -> Deal:
    """The deal played again from its log with ``shown``'s muck turned into a
    show: both hands live, every pot read as the rules read it."""
    again = Deal(
        deal.game,
        structure=deal.structure,
        stakes=deal.stakes,
        stacks=deal.starting_stacks,
        auto_showdown=False,
        rules=deal.rules,
        dead=deal.dead_money,
        runs=deal.runs,
    )
    for action in inputs(deal.events):
        if again.is_over:
            break
        if isinstance(action, Muck) and action.position == shown:
            action = Show(position=Position(shown))
        try:
            again.apply(action)
        except IllegalAction:
            if not isinstance(action, Muck):
                raise
            # With one more hand live, a hand that mucked may now be the last
            # in a pot, which may only show.
            again.apply(Show(position=action.position))
    while not again.is_over and again.legal().turn is Turn.SHOW:
        player = again.legal().position
        assert player is not None
        again.apply(Show(position=player))
    return again


def ask_to_see(table: Table, *, asker: int, shown: int, deal: int | None = None) -> Ruling:
    """Rule on seat ``asker`` asking to see seat ``shown``'s called hand in the
    last deal, or in deal number ``deal``: asked before the next deal starts, or
    the deal's result stands (RRP5 decisions.5)."""
    number = table.ruling_on(deal)
    played = table.deal
    assert played is not None  # a deal has ended
    seats = table.positions
    if asker not in seats:
        raise FloorError(
            f"seat {asker} was not dealt cards and may not ask to see a hand",
            citations=cite("showdown.5"),
        )
    if shown not in seats or played.folded(Position(seats.index(shown))):
        raise FloorError(
            f"seat {shown}'s hand was not called: only a called hand may be asked for",
            citations=cite("showdown.5"),
        )
    s = seats.index(shown)
    cards = played.hole(Position(s))
    if None in cards:
        raise FloorError(f"seat {shown}'s cards are not known to the table")
    seen = format_cards(c for c in cards if c is not None)
    if not table.won(Seat(asker)):
        return Ruling(
            code="hand_shown_dead",
            said="seat {shown} shows {seen}; asked for by a player who did not win the pot, the"
            " hand is dead",
            words=(
                ("shown", str(shown)),
                ("seen", seen),
            ),
            citations=cite("showdown.5"),
        )
    again = _shown_instead(played, s)
    deltas = {
        seats[p]: after - before
        for p, (after, before) in enumerate(zip(again.stacks, played.stacks, strict=True))
    }
    losers = [(seat, -d) for seat, d in deltas.items() if d < 0]
    gainers = [[seat, d] for seat, d in deltas.items() if d > 0]
    moves = []
    for seat, owed in losers:
        for gain in gainers:
            if not owed:
                break
            amount = min(owed, int(gain[1]))
            if amount:
                table.transfer(seat, Seat(int(gain[0])), amount, deal=number)
                moves.append(f"{amount} from seat {seat} to seat {gain[0]}")
                gain[1] = int(gain[1]) - amount
                owed -= amount
    if not moves:
        return Ruling(
            code="pots_stand",
            said="seat {shown} shows {seen}; both hands are live and the pots stand",
            words=(
                ("shown", str(shown)),
                ("seen", seen),
            ),
            citations=cite("showdown.5"),
        )
    return Ruling(
        code="pots_read_again",
        said="seat {shown} shows {seen}; both hands are live and the pots are read again: {moves}",
        words=(
            ("shown", str(shown)),
            ("seen", seen),
            ("moves", str(", ".join(moves))),
        ),
        citations=cite("showdown.5", "decisions.6"),
    )
