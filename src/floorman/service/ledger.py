"""The cage and the chip ledger of a cardroom: where every chip of the room is.

Chips come into play only at the cage, bought for cash, and leave play only
there, cashed out. In between they are a player's own, held off any table
(bought and not yet taken to a seat, carried from a table he left, picked up
for him, RRP5 policies.20), at a table (a stack, on the way to it, in a pot,
impounded while a decision is pending, RRP5 decisions.7), or the house's
(time collected, RRP5 policies.2). Each move between these is a
:data:`LedgerEvent`; a table's own log says what happens to chips at it.

The ledger's invariant: what the cage has sold and not bought back is exactly
the chips players hold, the chips at the tables and the house's take. The
:class:`~floorman.service.cardroom.Cardroom` counts the second side at the
tables themselves and checks it against :meth:`Ledger.balance`.

>>> ledger = Ledger()
>>> ledger.apply([ChipsSold(player="ann", amount=200), ChipsBrought(player="ann", table=1, amount=200)])
>>> ledger.balance(), ledger.held("ann"), ledger.at_table(1)
(200, 0, 200)
>>> ledger.apply([ChipsCarried(player="ann", table=1, amount=150, reason="left"),
...               ChipsCashed(player="ann", amount=100)])
>>> ledger.balance(), ledger.held("ann"), ledger.at_table(1)
(100, 50, 50)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from floorman.errors import FloorError
from floorman.ids import PlayerId
from floorman.rulebook import Citation

__all__ = [
    "ChipsBrought",
    "ChipsCarried",
    "ChipsCashed",
    "ChipsSold",
    "Ledger",
    "LedgerEvent",
    "TimeTaken",
]

_NONE: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsSold:
    """The cage sold ``amount`` in chips to ``player`` for cash."""

    player: PlayerId
    amount: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsCashed:
    """``player`` changed ``amount`` in chips back into cash at the cage."""

    player: PlayerId
    amount: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsBrought:
    """``player`` took ``amount`` of his chips to the game at ``table``: a buy-in,
    chips added between deals, or a stack carried over from another game
    (``transfer``, RRP5 buy-in.3)."""

    player: PlayerId
    table: int
    amount: int
    transfer: bool = False
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsCarried:
    """``amount`` of ``player``'s chips came off the table at ``table`` and are
    his to hold: he left, was moved, his game broke, or the floor picked them
    up (RRP5 policies.20); ``reason`` says which."""

    player: PlayerId
    table: int
    amount: int
    reason: str
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeTaken:
    """The house collected ``amount`` of time from ``player`` at ``table`` (RRP5 policies.2)."""

    player: PlayerId
    table: int
    amount: int
    citations: tuple[Citation, ...] = _NONE


LedgerEvent = ChipsSold | ChipsCashed | ChipsBrought | ChipsCarried | TimeTaken


class Ledger:
    """The cage's books, kept by applying :data:`LedgerEvent` values in order."""

    def __init__(self) -> None:
        self.events: list[LedgerEvent] = []
        self._sold = 0  # by the cage, less what it bought back
        self._held: dict[str, int] = {}
        self._tables: dict[int, int] = {}
        self._house = 0

    def apply(self, events: Iterable[LedgerEvent]) -> None:
        """Record events, as they happen or when the books are rebuilt from a log."""
        for event in events:
            self.events.append(event)
            match event:
                case ChipsSold():
                    self._sold += event.amount
                    self._add(event.player, event.amount)
                case ChipsCashed():
                    self._sold -= event.amount
                    self._add(event.player, -event.amount)
                case ChipsBrought():
                    self._add(event.player, -event.amount)
                    self._tables[event.table] = self._tables.get(event.table, 0) + event.amount
                case ChipsCarried():
                    self._add(event.player, event.amount)
                    self._tables[event.table] = self._tables.get(event.table, 0) - event.amount
                case TimeTaken():
                    self._tables[event.table] = self._tables.get(event.table, 0) - event.amount
                    self._house += event.amount

    def _add(self, player: str, amount: int) -> None:
        left = self._held.get(player, 0) + amount
        if left:
            self._held[player] = left
        else:
            self._held.pop(player, None)

    def balance(self) -> int:
        """The chips the cage has sold and not bought back: every chip in play."""
        return self._sold

    def held(self, player: str) -> int:
        """The chips a player holds off any table."""
        return self._held.get(player, 0)

    @property
    def holders(self) -> Mapping[str, int]:
        """Every player holding chips off the tables, with how many."""
        return dict(sorted(self._held.items()))

    def at_table(self, table: int) -> int:
        """The chips brought to ``table`` less those carried or collected from it:
        what its stacks, pots and impounds hold together."""
        return self._tables.get(table, 0)

    @property
    def tables(self) -> Mapping[int, int]:
        """:meth:`at_table` for every table that has had chips."""
        return dict(sorted(self._tables.items()))

    @property
    def house(self) -> int:
        """Time the house collected (RRP5 policies.2)."""
        return self._house

    def check_cash_out(self, player: str, amount: int) -> None:
        """Refuse to cash out more than a player holds off the tables."""
        held = self.held(player)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise FloorError(f"chips are cashed out in a whole number above 0, not {amount!r}")
        if amount > held:
            raise FloorError(
                f"{player} holds {held} in chips off the tables and cannot cash out {amount};"
                " chips at a table come off it when the player leaves"
            )
