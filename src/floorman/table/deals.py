"""A table's deals: each recorded by its start, its events and its end, and
its :class:`~floorman.deal.Deal` made again from them only when asked for.

A table rebuilt from its log takes each finished deal's effect from its
:class:`~floorman.table.events.DealStarted` and
:class:`~floorman.table.events.DealFinished`; only the deal under way is
dealt again, from the deck the table shuffled for it, so that it goes on as
it would have.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import overload

from floorman.cards import Card
from floorman.deal import actions as act
from floorman.deal import events as dev
from floorman.deal.log import inputs
from floorman.deal.state import Deal
from floorman.errors import NotationError
from floorman.shuffle import Shuffler
from floorman.table import events as ev
from floorman.table.setup import TableSetup

__all__ = ["Deals", "Slot", "Stacked", "open_deal"]


@dataclass(slots=True)
class Stacked:
    """A shuffler that gives the orders recorded for a deal, in turn (the deck,
    then each stub reshuffled), and after them shuffles with ``then``."""

    orders: list[tuple[Card, ...]]
    then: Shuffler | None

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """The next recorded order, or a new shuffle of ``cards``."""
        if self.orders:
            return list(self.orders.pop(0))
        if self.then is None:
            raise NotationError("the deal needs a shuffle its log does not hold", text="")
        return self.then.shuffle(cards)


def open_deal(
    setup: TableSetup, started: ev.DealStarted, *, shuffler: Shuffler | None = None
) -> Deal:
    """The deal a table starts with ``started``'s terms: one function for the
    deal dealt live and the deal rebuilt from its log."""
    return Deal(
        setup.game,
        structure=setup.structure,
        stakes=started.stakes,
        stacks=tuple(chips for _, chips in started.stacks),
        dead=started.carried,
        shuffler=shuffler,
        auto_showdown=started.auto_showdown,
        rules=setup.rules,
        runs=started.runs,
    )


@dataclass(slots=True)
class Slot:
    """One deal of a table: its start, the deck it was dealt from (when the
    table shuffled), its events as logged, its end, and its Deal once made."""

    started: ev.DealStarted
    deck: tuple[Card, ...] | None
    events: list[dev.Event] = field(default_factory=list)
    deal: Deal | None = None
    finished: ev.DealFinished | None = None


def _replay(setup: TableSetup, slot: Slot, then: Shuffler | None) -> Deal:
    """Deal ``slot`` again from its log. A deal the table shuffled for is dealt
    from its recorded deck, the stub reshuffled as recorded, so that a deal
    under way deals on as it would have (later shuffles from ``then``); one
    whose cards the dealer gave takes them from its events."""
    live = slot.deck is not None
    if slot.deck is not None:
        reshuffles = [e.cards for e in slot.events if isinstance(e, dev.StubReshuffled)]
        more = then if slot.finished is None else None
        deal = open_deal(setup, slot.started, shuffler=Stacked([slot.deck, *reshuffles], more))
    else:
        deal = open_deal(setup, slot.started)
    for action in inputs(slot.events):
        if live:
            if isinstance(action, act.DealHole | act.DealBoard):
                continue  # the deal deals these itself, from the same deck
            if isinstance(action, act.Replace):
                action = replace(action, new=None)
        deal.apply(action)
    mine, theirs = _comparable(deal.events, live=live), _comparable(slot.events, live=live)
    if mine != theirs:
        at = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        raise NotationError(
            f"deal {slot.started.number} of the table's log does not replay: event {at} differs",
            text=repr(theirs[at]) if at < len(theirs) else "(log ends early)",
        )
    return deal


def _comparable(events: Sequence[dev.Event], *, live: bool) -> list[dev.Event]:
    if live:
        return list(events)
    # Dealt again without the deck, the burns and reshuffles are not known; the
    # cards dealt are in the log (see floorman.deal.log).
    return [e for e in events if not isinstance(e, dev.StubReshuffled | dev.CardBurned)]


class Deals(Sequence[Deal]):
    """A table's deals, in order, each made from its log when first asked for."""

    def __init__(self, setup: TableSetup, shuffler: Callable[[], Shuffler]) -> None:
        self.slots: list[Slot] = []
        self._setup = setup
        self._shuffler = shuffler

    def open(self, slot: Slot) -> None:
        """A deal started."""
        self.slots.append(slot)

    def resume(self) -> None:
        """Deal the deal under way again from its log (after a rebuild)."""
        slot = self.slots[-1] if self.slots else None
        if slot is not None and slot.finished is None and slot.deal is None:
            slot.deal = _replay(self._setup, slot, self._shuffler())

    def _made(self, slot: Slot) -> Deal:
        if slot.deal is None:
            slot.deal = _replay(self._setup, slot, self._shuffler())
        return slot.deal

    def __len__(self) -> int:
        return len(self.slots)

    @overload
    def __getitem__(self, index: int) -> Deal: ...

    @overload
    def __getitem__(self, index: slice) -> list[Deal]: ...

    def __getitem__(self, index: int | slice) -> Deal | list[Deal]:
        if isinstance(index, slice):
            return [self._made(slot) for slot in self.slots[index]]
        return self._made(self.slots[index])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __iter__(self) -> Iterator[Deal]:
        for slot in self.slots:
            yield self._made(slot)
