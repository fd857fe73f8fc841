"""What each viewer may see of a deal, for the properties that check no viewer
is given a card it may not: the cards a value holds, and each viewer's sight
of a deal gathered from its true events."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field

from floorman.cards import Card
from floorman.deal import events as dev
from floorman.service import AsDealer, AsFloor, AsObserver, AsPlayer, Entry, Viewer, redact, view
from floorman.table import Table
from floorman.table import events as tev

OTHERS: tuple[Viewer, ...] = (AsObserver(), AsDealer(), AsFloor(), AsPlayer("stranger"))


def cards_of(value: object) -> list[Card]:
    """Every card anywhere in a value, found by walking its fields."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for item in value for c in cards_of(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in cards_of(getattr(value, f.name))]
    return []


@dataclass
class Sight:
    """What each viewer may see of one deal, gathered from its true events: the
    public cards, and each player's own."""

    names: tuple[str, ...]
    public: set[Card] = field(default_factory=set)
    own: dict[str, set[Card]] = field(default_factory=dict)

    def take(self, event: dev.Event) -> None:
        def mine(p: int, cards: Sequence[Card | None]) -> None:
            self.own.setdefault(self.names[p], set()).update(c for c in cards if c)

        match event:
            case dev.HoleDealt(position=p, cards=cards, up=up):
                mine(p, cards)
                self.public.update(c for c, u in zip(cards, up, strict=True) if u and c)
            case dev.BoardDealt(cards=cards) | dev.HandShown(cards=cards):
                self.public.update(c for c in cards if c)
            case dev.CardTurned(card=c) | dev.CardScrapped(card=c):
                self.public.add(c)
            case dev.CardsTakenBack(cards=cards):
                self.public.update(cards)
            case dev.CardReplaced(position=p, card=c, new=new):
                self.public.add(c)
                mine(p, (new,))
            case _:
                pass

    def allowed(self, viewer: Viewer) -> set[Card]:
        if isinstance(viewer, AsPlayer):
            return self.public | self.own.get(viewer.player, set())
        return set(self.public)


def called_hands(events: Sequence[dev.Event], players: int) -> set[int]:
    out: set[int] = set()
    for e in events:
        if isinstance(e, dev.Folded | dev.HandKilled):
            out.add(e.position)
        if isinstance(e, dev.HandShown | dev.HandMucked):
            return set(range(players)) - out
    return set()


def viewers_of(table: Table) -> list[Viewer]:
    """Everyone who may look: each seated player, an observer, the dealer, the floor."""
    return [*(AsPlayer(n) for n in table.players.values()), *OTHERS]


_DEAL_EVENTS = frozenset(typing.get_args(dev.Event))


@dataclass
class RoomSight:
    """What each viewer may see at each table of a cardroom, gathered from its
    log as it grows: who sits where (to name a deal's positions) and each
    table's sight of its latest deal. ``viewers``: everyone who may look."""

    viewers: tuple[Viewer, ...]
    seats: dict[int, dict[int, str]] = field(default_factory=dict)
    owners: dict[int, dict[int, str]] = field(default_factory=dict)  # seats played over
    sights: dict[int, Sight] = field(default_factory=dict)
    names: dict[int, tuple[str, ...]] = field(default_factory=dict)
    seen: int = 0
    changed: set[int] = field(default_factory=set)

    def take(self, entries: Sequence[Entry]) -> None:
        """Check the entries not yet seen: no viewer is given, in the redacted
        stream, a card of a deal it may not see, a burn card, the stub or the
        shuffled deck (RRP5 policies.23, policies.24)."""
        for entry in entries[self.seen :]:
            if entry.table is not None:
                self.changed.add(entry.table)
            self._follow(entry)
            names = self.names.get(entry.table, ()) if entry.table is not None else ()
            sight = self.sights.get(entry.table) if entry.table is not None else None
            for viewer in self.viewers:
                out = redact(entry.event, viewer, positions=names)
                if isinstance(entry.event, tev.ButtonDrawn):
                    continue  # turned face up for all (RRP5 seating.6)
                allowed = sight.allowed(viewer) if sight is not None else set()
                leak = set(cards_of(out)) - allowed
                assert not leak, f"{viewer} given {leak} in {out} (entry {entry.seq})"
        self.seen = len(entries)

    def _follow(self, entry: Entry) -> None:
        event, number = entry.event, entry.table
        if number is None:
            return
        seats = self.seats.setdefault(number, {})
        match event:
            case tev.TableOpened():
                seats.clear()
                self.owners.pop(number, None)
                self.sights.pop(number, None)
                self.names.pop(number, None)
            case tev.PlayerSeated():
                if event.over:  # the seat's player is away behind him (RRP5 policies.12)
                    self.owners.setdefault(number, {})[event.seat] = seats[event.seat]
                seats[event.seat] = event.player
            case tev.PlayerLeft() | tev.ChipsPickedUp():
                if seats.get(event.seat) == event.player:
                    del seats[event.seat]
                    owner = self.owners.get(number, {}).pop(event.seat, None)
                    if owner is not None:  # the seat is its player's again
                        seats[event.seat] = owner
            case tev.SeatChanged():
                seats[event.to] = seats.pop(event.seat)
            case tev.DealStarted():
                names = tuple(seats.get(s, "") for s in event.dealt_in)
                self.names[number] = names
                self.sights[number] = Sight(names)
            case _:
                if type(event) in _DEAL_EVENTS and number in self.sights:
                    self.sights[number].take(event)

    def check_views(self, tables: dict[int, Table]) -> None:
        """No viewer's view of a live table holds a card it may not see: of the
        deal under way or the last one, the cards shown, and for the floor the
        hands called at its showdown (RRP5 showdown.5, decisions.5). Only the
        tables whose logs grew since the last look: what a view shows changes
        with the log alone."""
        changed, self.changed = self.changed, set()
        for number, table in tables.items():
            if number not in changed:
                continue
            sight = self.sights.get(number, Sight(()))
            deal = table.deal if table.deals else None
            over = deal is not None and deal.is_over
            called = called_hands(deal.events, deal.players) if deal is not None and over else set()
            for viewer in self.viewers:
                allowed = sight.allowed(viewer)
                if isinstance(viewer, AsFloor) and deal is not None:
                    allowed |= {c for p in called for c in deal.hole(p) if c}
                tv = view(table, viewer, now=0.0)
                leak = set(cards_of(tv)) - allowed
                assert not leak, f"{viewer} sees {leak} at table {number}: {tv}"
