"""What the host derives from the cardroom for the store and the floor: the
hand histories of the deals a batch finished, and the floor's view."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence

from floorman.deal import Deal
from floorman.deal import events as dev
from floorman.errors import FloormanError
from floorman.formats.phh import write_phh
from floorman.formats.pokerstars import StarsHeader, write_pokerstars
from floorman.formats.replay import history_from_deal
from floorman.ids import PlayerId
from floorman.server._feed import Kept
from floorman.service import AsPlayer, Cardroom, Hidden, redact_all
from floorman.store import HandRecord
from floorman.table import events as tev

__all__ = ["floor_view", "hand_records"]


def hand_records(cardroom: Cardroom, kept: Sequence[Kept]) -> list[HandRecord]:
    """The hand histories of the deals these entries finished."""
    out = []
    for k in kept:
        entry, event = k.entry, k.entry.event
        if not isinstance(event, tev.DealFinished) or event.voided or entry.table is None:
            continue
        live = cardroom.table(entry.table)
        slot = next((s for s in live.deals.slots if s.started.number == event.number), None)
        if slot is None or slot.deal is None:
            continue
        started, deal = slot.started, slot.deal
        # The names at the deal's positions as its last entry left them; a
        # seat vacated during the deal is named by the table.
        known = k.positions if len(k.positions) == len(started.dealt_in) else ()
        names = tuple(
            (known[p] if known else "") or live.players.get(seat, "")
            for p, seat in enumerate(started.dealt_in)
        )
        try:
            phh = write_phh(history_from_deal(deal))
        except FloormanError:
            continue
        seen: list[tuple[str, str]] = []
        try:
            header = StarsHeader(
                hand_id=started.number,
                table=f"table {entry.table}",
                max_seats=live.setup.seats,
                seats=started.dealt_in,
                names=names,
                started=datetime.datetime.fromtimestamp(entry.at, tz=datetime.UTC),
                button_seat=started.button,
                currency="",
            )
            stars: str | None = write_pokerstars(deal, header)
            for name in sorted({n for n in names if n}):
                seen.append(
                    (name, write_pokerstars(deal, header, events=_as_seen(deal, name, names)))
                )
        except FloormanError:
            stars = None
            seen = []
        out.append(
            HandRecord(
                table=entry.table,
                deal=started.number,
                finished_at=entry.at,
                players=names,
                phh=phh,
                pokerstars=stars,
                pokerstars_seen=tuple(seen),
            )
        )
    return out


def _as_seen(deal: Deal, name: str, names: Sequence[str]) -> list[object]:
    """The deal's events as its player ``name`` saw them: his own cards and
    the hands shown, every other face-down card, burn and discard unknown
    (RRP5 policies.23, policies.24, showdown.6). A stub reshuffled keeps its
    line, without the cards."""
    out: list[object] = []
    for event, seen in zip(
        deal.events, redact_all(deal.events, AsPlayer(PlayerId(name)), positions=names), strict=True
    ):
        if isinstance(seen, Hidden):
            if isinstance(event, dev.StubReshuffled):
                out.append(dataclasses.replace(event, cards=()))
            continue
        out.append(seen)
    return out


def floor_view(
    cardroom: Cardroom, *, now: float, recent: list[dict[str, object]]
) -> dict[str, object]:
    """The floor as ``cardroom`` stands, with the last seq it includes, the
    time ``now`` and the floor's ``recent`` entries (for a console opened later)."""
    room = cardroom.room
    games = []
    kinds = []
    for table in room.tables:
        kind = room.kind_of(table)
        if kind not in kinds:
            kinds.append(kind)
        games.append(
            {
                "table": table,
                "kind": str(kind),
                "stakes": cardroom.stakes_of(table),  # after a limit change (policies.17)
                "seats": list(room.seats(table)),
                "seated": {str(s): p for s, p in room.seated(table).items()},
                "locks": [
                    {
                        "player": lock.player,
                        "seat": lock.seat,
                        "since": lock.since,
                        "reason": lock.reason,
                        "until": room.call_expires(lock),
                    }
                    for lock in room.locks(table)
                ],
                "reserved": {str(s): p for s, p in room.reserved(table).items()},
                "playing_over": {str(s): p for s, p in room.playing_over(table).items()},
                "must_move": list(room.must_move(table)),
                "changes": [{"player": p, "seat": w} for p, w in room.seat_changes(table)],
                "dealing": table in cardroom.tables,
                "ruling_pending": cardroom.pending_ruling(table) is not None
                if table in cardroom.tables
                else False,
                "limit_proposed": _proposal(cardroom, table),
                "observers_refused": list(cardroom.observers_refused(table)),
            }
        )
    moves = []
    for player in room.moving():
        move = room.move_of(player)
        if move is not None:
            moves.append({"player": player, "table": move[0], "to": move[1], "when": move[2].value})
    last = cardroom.log[-1].seq if cardroom.log else -1
    return {
        "floor": True,
        "seq": last,
        "view": {
            "games": games,
            "waiting": {str(k): list(room.waiting(k)) for k in kinds},
            "moving": moves,
            "away": [
                {"player": p, "table": at[0], "seat": at[1], "since": since, "until": until}
                for p, since, until in room.absences()
                if (at := room.seat_of(p)) is not None
            ],
            "next_deadline": cardroom.next_deadline(),
            "now": now,
            "recent": recent,
        },
    }


def _proposal(cardroom: Cardroom, table: int) -> dict[str, object] | None:
    open_ = cardroom.requests.limits.get(table)
    if open_ is None:
        return None
    return {"stakes": open_[0], "objectors": list(open_[1])}
