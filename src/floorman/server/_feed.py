"""Each table's stream of events, numbered by the log and redacted per viewer.

The log numbers every entry of the room (``seq``); a table's stream is its
entries in that order. To redact a deal's event for a viewer,
:func:`floorman.service.redact` needs the name at each position of the deal
the event belongs to, which changes as deals start and players come and go:
:class:`TableFeed` follows the table's seat events to know it at every entry,
and keeps the last entries with it, so a client that reconnects gets exactly
what it missed (the model is lichess's versioned events and resync).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from floorman import codec
from floorman.service import Entry, Viewer, redact
from floorman.table import events as tev

__all__ = ["Feeds", "Kept", "TableFeed"]


@dataclass(frozen=True, slots=True)
class Kept:
    """A table's entry with the names by position of the deal it belongs to."""

    entry: Entry
    positions: tuple[str, ...]

    def message(self, viewer: Viewer) -> dict[str, object]:
        """The entry as the ``viewer`` receives it over the wire."""
        shown = redact(self.entry.event, viewer, positions=self.positions)
        return {
            "table": self.entry.table,
            "seq": self.entry.seq,
            "at": self.entry.at,
            "event": codec.to_json(shown),
        }


class TableFeed:
    """One table's recent entries, each kept with the positions it is redacted by."""

    def __init__(self, *, keep: int) -> None:
        self._players: dict[int, str] = {}
        self._seats: tuple[int, ...] = ()
        self._positions: tuple[str, ...] = ()
        self._kept: deque[Kept] = deque(maxlen=keep)
        self._dropped = -1  # the seq of the last entry no longer kept

    def follow(self, entry: Entry) -> Kept:
        """Take the table's next entry; the entry as kept."""
        event = entry.event
        match event:
            case tev.DealStarted(dealt_in=seats):
                self._seats = seats
                self._positions = tuple(self._players.get(s, "") for s in seats)
            case tev.PlayerSeated(seat=seat, player=player):
                self._players[seat] = player
                self._vacate(seat)
            case tev.PlayerLeft(seat=seat) | tev.ChipsPickedUp(seat=seat):
                self._players.pop(seat, None)
                self._vacate(seat)
            case tev.SeatChanged(seat=seat, to=to):
                if seat in self._players:
                    self._players[to] = self._players.pop(seat)
                self._vacate(seat)
                self._vacate(to)
        kept = Kept(entry, self._positions)
        if len(self._kept) == self._kept.maxlen:
            self._dropped = self._kept[0].entry.seq
        self._kept.append(kept)
        return kept

    def _vacate(self, seat: int) -> None:
        # A seat taken, left or changed since the deal started is nobody's:
        # the deal's cards dealt to it stay hidden (as floorman.service.dealt_in says).
        if seat in self._seats:
            p = self._seats.index(seat)
            self._positions = (*self._positions[:p], "", *self._positions[p + 1 :])

    @property
    def positions(self) -> tuple[str, ...]:
        """The names by position of the table's deal under way (or last)."""
        return self._positions

    def since(self, after: int, *, most: int) -> list[Kept] | None:
        """The entries after ``after``, or None when they are not all kept or
        are more than ``most`` (the client then needs a full view)."""
        if after < self._dropped:
            return None
        out = [k for k in self._kept if k.entry.seq > after]
        return None if len(out) > most else out


class Feeds:
    """The feed of every table, fed the whole log in order."""

    def __init__(self, *, keep: int = 2000) -> None:
        self._keep = keep
        self.tables: dict[int, TableFeed] = {}

    def follow(self, entries: Iterable[Entry]) -> list[Kept]:
        """Take the log's next entries; the table entries among them, as kept."""
        out = []
        for entry in entries:
            if entry.table is None:
                continue
            feed = self.tables.get(entry.table)
            if feed is None:
                feed = self.tables[entry.table] = TableFeed(keep=self._keep)
            out.append(feed.follow(entry))
        return out

    def since(self, table: int, after: int, *, most: int) -> list[Kept] | None:
        """A table's entries after ``after`` (see :meth:`TableFeed.since`)."""
        feed = self.tables.get(table)
        if feed is None:
            return []
        return feed.since(after, most=most)
