"""Each table's stream of events, numbered by the log and redacted per viewer.

The log numbers every entry of the room (``seq``); a table's stream is its
entries in that order. To redact a deal's event for a viewer,
:func:`floorman.service.redact` needs the name at each position of the deal
the event belongs to, which changes as deals start and players come and go:
:class:`TableFeed` follows the table's seat events to know it at every entry,
and keeps the last entries with it, so a client that reconnects gets exactly
what it missed (the model is lichess's versioned events and resync).

The floor follows its own stream (:class:`FloorFeed`): every entry the log
records for no table (the waiting lists, calls, lock-ups, must-moves,
sanctions, the cage's ledger and the cardroom's own events), numbered the
same way. The players' requests at a table (a limit change objected to or
made, a deck changed, observers refused) are recorded for no table and go to both
the floor and that table's stream. An entry a command logged carries the
account that gave it (``by``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from floorman import codec
from floorman.service import Entry, Viewer, redact
from floorman.service import events as cev
from floorman.table import events as tev

__all__ = ["AT_TABLE", "Feeds", "FloorFeed", "Kept", "TableFeed"]

#: The cardroom's events, logged for no table, that the table they name hears of.
AT_TABLE = (
    cev.LimitProposed,
    cev.LimitObjected,
    cev.LimitRefused,
    cev.LimitChanged,
    cev.DeckChanged,
    cev.ObserversRefused,
    cev.ObserversAllowed,
)


@dataclass(frozen=True, slots=True)
class Kept:
    """A table's entry with the names by position of the deal it belongs to."""

    entry: Entry
    positions: tuple[str, ...]
    by: str | None = None
    table: int | None = None  # the table it is about, if the log records it for none

    def message(self, viewer: Viewer) -> dict[str, object]:
        """The entry as the ``viewer`` receives it over the wire."""
        shown = redact(self.entry.event, viewer, positions=self.positions)
        out: dict[str, object] = {
            "table": self.entry.table if self.table is None else self.table,
            "seq": self.entry.seq,
            "at": self.entry.at,
            "event": codec.to_json(shown),
        }
        if self.by is not None:
            out["by"] = self.by
        return out

    def floor_message(self) -> dict[str, object]:
        """The entry as the floor's stream carries it (nothing on it is secret
        from the floor: it holds no cards)."""
        out: dict[str, object] = {
            "floor": True,
            "seq": self.entry.seq,
            "at": self.entry.at,
            "event": codec.to_json(self.entry.event),
        }
        if self.by is not None:
            out["by"] = self.by
        return out


class TableFeed:
    """One table's recent entries, each kept with the positions it is redacted by."""

    def __init__(self, *, keep: int) -> None:
        self._players: dict[int, str] = {}
        self._seats: tuple[int, ...] = ()
        self._positions: tuple[str, ...] = ()
        self._kept: deque[Kept] = deque(maxlen=keep)
        self._dropped = -1  # the seq of the last entry no longer kept

    def follow(self, entry: Entry, *, by: str | None = None) -> Kept:
        """Take the table's next entry; the entry as kept."""
        event = entry.event
        if entry.table is None:  # a request about the table, logged for none
            return self._keep(Kept(entry, (), by, getattr(event, "table", None)))
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
        return self._keep(Kept(entry, self._positions, by))

    def _keep(self, kept: Kept) -> Kept:
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


class FloorFeed:
    """The floor's recent entries: those the log records for no table."""

    def __init__(self, *, keep: int) -> None:
        self._kept: deque[Kept] = deque(maxlen=keep)
        self._dropped = -1

    def follow(self, entry: Entry, *, by: str | None = None) -> Kept:
        """Take the floor's next entry; the entry as kept."""
        kept = Kept(entry, (), by)
        if len(self._kept) == self._kept.maxlen:
            self._dropped = self._kept[0].entry.seq
        self._kept.append(kept)
        return kept

    def last(self, count: int) -> list[Kept]:
        """The floor's last ``count`` entries kept, oldest first."""
        return list(self._kept)[-count:] if count > 0 else []

    def since(self, after: int, *, most: int) -> list[Kept] | None:
        """The entries after ``after``, or None when they are not all kept or
        are more than ``most`` (the floor then needs a full view)."""
        if after < self._dropped:
            return None
        out = [k for k in self._kept if k.entry.seq > after]
        return None if len(out) > most else out


class Feeds:
    """The feed of every table and the floor's, fed the whole log in order."""

    def __init__(self, *, keep: int = 2000) -> None:
        self._keep = keep
        self.tables: dict[int, TableFeed] = {}
        self.floor = FloorFeed(keep=keep)

    def follow(
        self, entries: Iterable[Entry], *, authors: Mapping[int, str] | None = None
    ) -> list[Kept]:
        """Take the log's next entries; each as kept (a request about a table
        twice: the floor's and the table's), ``authors`` naming who gave the
        command that logged it."""
        out = []
        authors = authors or {}
        for entry in entries:
            by = authors.get(entry.seq)
            number = entry.table
            if number is None:
                out.append(self.floor.follow(entry, by=by))
                if not isinstance(entry.event, AT_TABLE):
                    continue
                number = entry.event.table
            feed = self.tables.get(number)
            if feed is None:
                feed = self.tables[number] = TableFeed(keep=self._keep)
            out.append(feed.follow(entry, by=by))
        return out

    def floor_since(self, after: int, *, most: int) -> list[Kept] | None:
        """The floor's entries after ``after`` (see :meth:`FloorFeed.since`)."""
        return self.floor.since(after, most=most)

    def since(self, table: int, after: int, *, most: int) -> list[Kept] | None:
        """A table's entries after ``after`` (see :meth:`TableFeed.since`)."""
        feed = self.tables.get(table)
        if feed is None:
            return []
        return feed.since(after, most=most)
