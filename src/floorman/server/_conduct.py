"""Play the floor should look at, found in the tables' streams.

RRP5 conduct.improper.3 makes it improper to agree to check a deal down when
a third player is all in (the two left in the pot protect each other's
chance against him). Nobody can see an agreement; the server sees its trace:
a deal in which a player went all in, two or more others stayed in with
chips behind, and every betting round after the all-in was checked through
by them to the end. :class:`CheckDowns` follows the table entries as they
are committed and names such a deal when it finishes; the host then records
a :class:`~floorman.service.commands.FlagConduct` for the floor. It is a note,
not a ruling: checking down can be honest play, and the floor decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.deal import events as dev
from floorman.ids import PlayerId
from floorman.server._feed import Kept
from floorman.service import commands as c
from floorman.table import events as tev

__all__ = ["CheckDowns"]


@dataclass(slots=True)
class _Deal:
    number: int
    all_in: set[int] = field(default_factory=set)
    out: set[int] = field(default_factory=set)
    # Each betting round begun after someone was all in: whether it was only checked.
    rounds: list[bool] = field(default_factory=list)
    checks: list[int] = field(default_factory=list)


class CheckDowns:
    """Finds deals checked down with a third player all in, table by table."""

    def __init__(self) -> None:
        self._deals: dict[int, _Deal] = {}

    def follow(self, kept: Kept) -> c.FlagConduct | None:
        """Take a table's next entry; the flag for the floor when it ends a
        deal checked down around a player all in."""
        table, event = kept.entry.table, kept.entry.event
        if table is None:
            return None
        deal = self._deals.get(table)
        match event:
            case tev.DealStarted():
                self._deals[table] = _Deal(event.number)
            case tev.DealFinished():
                self._deals.pop(table, None)
                if deal is not None and not event.voided:
                    return self._judge(table, deal, kept.positions)
            case dev.StreetStarted() if deal is not None and deal.all_in:
                deal.rounds.append(True)
                deal.checks.append(0)
            case dev.Checked() if deal is not None and deal.rounds:
                deal.checks[-1] += 1
            case dev.Wagered() | dev.Called() if deal is not None:
                if event.all_in:
                    deal.all_in.add(event.position)
                if deal.rounds:
                    deal.rounds[-1] = False
            case dev.Folded() if deal is not None:
                deal.out.add(event.position)
            case _:
                pass
        return None

    @staticmethod
    def _judge(table: int, deal: _Deal, positions: tuple[str, ...]) -> c.FlagConduct | None:
        left = [p for p in range(len(positions)) if p not in deal.out | deal.all_in]
        checked = [r for r, n in zip(deal.rounds, deal.checks, strict=True) if n >= len(left)]
        if not deal.all_in or len(left) < 2 or not deal.rounds:
            return None
        if not all(deal.rounds) or len(checked) != len(deal.rounds):
            return None

        def name(p: int) -> PlayerId:
            return PlayerId(positions[p] or f"position {p}")

        return c.FlagConduct(
            table=table,
            deal=deal.number,
            players=tuple(name(p) for p in left),
            rules=("conduct.improper.3",),
            note=(
                f"{' and '.join(name(p) for p in left)} checked every round after"
                f" {', '.join(name(p) for p in sorted(deal.all_in))} went all in"
            ),
        )
