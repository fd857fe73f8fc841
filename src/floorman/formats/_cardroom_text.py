"""The cardroom log's entries in words, as ``floorman cardroom`` prints them.

A deal names its players by position; a :class:`Narrator` follows the log in
order (who sits where at each table, who was dealt in on each deal) so that it
can name them as people. It never says a face-down card, a burn card or the
stub: up cards, the board and hands shown are all it shows (RRP5 policies.23,
policies.24).
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing

from floorman.cards import Card, format_cards
from floorman.deal import events as dev
from floorman.floor.reports import Report as FloorReport
from floorman.floor.rulings import Ruling
from floorman.formats.room_log import describe as describe_room
from floorman.room.events import is_decision
from floorman.service import ledger as led
from floorman.service.log import Entry
from floorman.table import events as tev

__all__ = ["Narrator", "where"]

#: A report's fields that name a player by position in the deal.
_PEOPLE = frozenset(("position", "knew", "to"))
_REPORTS = typing.get_args(FloorReport)
_CAGE = typing.get_args(led.LedgerEvent)
_DEAL = typing.get_args(dev.Event)


def where(entry: Entry) -> str:
    """Who the entry is about: a table, the cage, or the floor (its own decision)."""
    if entry.table is not None:
        return f"table {entry.table}"
    if isinstance(entry.event, _CAGE):
        return "cage"
    if is_decision(entry.event):  # type: ignore[arg-type]
        return "floor"
    return ""


def _fields(event: object) -> str:
    assert dataclasses.is_dataclass(event)
    return ", ".join(
        f"{f.name}={getattr(event, f.name)}"
        for f in dataclasses.fields(event)
        if f.name not in ("at", "citations")
    )


def _cards(cards: tuple[Card | None, ...]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)


class Narrator:
    """Says each entry of one cardroom log in words, the entries given in order."""

    def __init__(self) -> None:
        self._players: dict[int, dict[int, str]] = {}  # table -> seat -> player
        self._dealt: dict[int, tuple[int, ...]] = {}  # table -> seats by position
        self._bet: dict[int, bool] = {}  # table -> a bet made on this street

    def say(self, entry: Entry) -> str:
        """The entry in words (without its time, place and citations)."""
        event = entry.event
        if entry.table is None:
            if isinstance(event, _CAGE):
                return _cage(event)
            return describe_room(event)  # type: ignore[arg-type]
        table = entry.table
        if isinstance(event, _REPORTS):
            return f"the dealer reports {self._report(table, event)}"
        if isinstance(event, Ruling):
            options = f"; management chooses: {', '.join(event.options)}" if event.options else ""
            return f"ruling: {event.decision}{options}"
        if isinstance(event, _DEAL):
            return self._deal(table, event)
        return self._table(table, event)

    # ----- names -----------------------------------------------------------------

    def _seat(self, table: int, seat: int) -> str:
        name = self._players.get(table, {}).get(seat)
        return f"{name} (seat {seat})" if name else f"seat {seat}"

    def _who(self, table: int, position: int) -> str:
        dealt = self._dealt.get(table, ())
        if not 0 <= position < len(dealt):
            return f"position {position}"
        name = self._players.get(table, {}).get(dealt[position])
        return name or f"seat {dealt[position]}"

    def _report(self, table: int, report: object) -> str:
        """A dealer's report in words: what it is, then its facts, players by name."""
        what = re.sub(r"(?<!^)([A-Z])", r" \1", type(report).__name__).lower()
        facts = []
        assert dataclasses.is_dataclass(report)
        for f in dataclasses.fields(report):
            value = getattr(report, f.name)
            if value is None or value is False or value == ():
                continue
            if f.name in _PEOPLE and isinstance(value, int) and not isinstance(value, bool):
                label = "" if f.name == "position" else f"{f.name} "
                facts.append(f"{label}{self._who(table, value)}")
            elif value is True:
                facts.append(f.name.replace("_", " "))
            elif isinstance(value, enum.Enum):
                facts.append(value.name.lower().replace("_", " "))
            elif isinstance(value, tuple):
                facts.append(f"{f.name} {_cards(value)}")
            else:
                facts.append(f"{f.name.replace('_', ' ')} {value}")
        return f"{what}: {', '.join(facts)}" if facts else what

    # ----- the table -------------------------------------------------------------

    def _table(self, table: int, e: object) -> str:
        players = self._players.setdefault(table, {})
        seat = self._seat
        match e:
            case tev.TableOpened():
                drawn = "" if e.button is None else f", the button on seat {e.button}"
                return f"the live table opens{drawn}"
            case tev.WaitingCounted():
                return f"{e.count} waiting for the game"
            case tev.PlayerSeated():
                players[e.seat] = e.player
                how = ", posting to come in" if e.post else ""
                over = ", playing over" if e.over else ""
                return f"{e.player} sits in seat {e.seat} with {e.chips}{how}{over}"
            case tev.ChipsBought():
                way = "" if e.arrived else " (on the way)"
                return f"{seat(table, e.seat)} buys {e.amount}{way}"
            case tev.ChipsArrived():
                return f"{seat(table, e.seat)}: {e.amount} in chips arrive"
            case tev.ChoiceMade():
                choice = "posts to come in" if e.post else "waits for the big blind"
                return f"{seat(table, e.seat)} {choice}"
            case tev.SatOut():
                return f"{seat(table, e.seat)} sits out"
            case tev.CameBack():
                how = "posting what is owed" if e.post else "waiting for the big blind"
                return f"{seat(table, e.seat)} is back, {how}"
            case tev.PlayerLeft():
                players.pop(e.seat, None)
                return f"{e.player} leaves seat {e.seat} with {e.chips}"
            case tev.LeaveRequested():
                return f"{seat(table, e.seat)} leaves when the deal ends"
            case tev.ChipsPickedUp():
                players.pop(e.seat, None)
                return f"{e.player}'s {e.chips} picked up from seat {e.seat}"
            case tev.SeatChanged():
                text = f"{seat(table, e.seat)} moves to seat {e.to}"
                name = players.pop(e.seat, None)
                if name is not None:
                    players[e.to] = name
                return text
            case tev.StraddleAnnounced():
                return f"{seat(table, e.seat)} straddles next deal"
            case tev.StraddleWithdrawn():
                return f"the straddle of {seat(table, e.seat)} is off"
            case tev.GameRestarted() | tev.GameStarted():
                seats = " ".join(map(str, e.seats))
                new = "a new game starts" if isinstance(e, tev.GameRestarted) else "the game starts"
                return f"{new}, seats {seats} in it"
            case tev.ButtonCorrected():
                return f"the button is put right: seat {e.button}, big blind seat {e.big_blind}"
            case tev.ButtonDrawn():
                drawn = ", ".join(f"seat {s} {c}" for s, c in e.cards)
                return f"seat {e.seat} wins the draw for the button ({drawn})"
            case tev.BlindMissed():
                return f"{seat(table, e.seat)} misses the {e.blind} blind"
            case tev.FreeEntryLapsed():
                return f"{seat(table, e.seat)} now owes a big blind to come in"
            case tev.PostOwed():
                return f"{seat(table, e.seat)} posts the {' and '.join(e.blinds)} next deal"
            case tev.TimeCollected():
                return f"{seat(table, e.seat)} pays {e.amount} for the time"
            case tev.TimeDeclined():
                return f"{seat(table, e.seat)} declines the time"
            case tev.TimeWaived():
                return f"{seat(table, e.seat)} owes no time this period"
            case tev.DeckShuffled():
                return f"the deck is shuffled for deal {e.deal} (the house's record)"
            case tev.DealStarted():
                self._dealt[table] = e.dealt_in
                self._bet[table] = False
                button = f"button {e.button}" if e.button is not None else "no button"
                names = ", ".join(self._who(table, p) for p in range(len(e.dealt_in)))
                return f"deal {e.number} starts: {button}; dealt in {names}"
            case tev.PotTransferred():
                return f"{e.amount} moves from {seat(table, e.seat)} to {seat(table, e.to)}"
            case tev.ChipsImpounded():
                return f"{e.amount} of the chips of {seat(table, e.seat)} impounded"
            case tev.ImpoundReleased():
                return f"{e.amount} impounded goes to {seat(table, e.seat)}"
            case tev.DealFinished():
                stacks = " ".join(f"{s}:{c}" for s, c in e.stacks)
                void = ", void" if e.voided else ""
                return f"deal {e.number} over{void}; stacks {stacks}"
        return f"{type(e).__name__}: {_fields(e)}"

    # ----- the deal --------------------------------------------------------------

    def _deal(self, table: int, e: object) -> str:
        who = self._who
        match e:
            case dev.AntePosted():
                return f"{who(table, e.position)} antes {e.amount}"
            case dev.BlindPosted():
                self._bet[table] = True
                dead = f" and {e.dead} dead" if e.dead else ""
                return f"{who(table, e.position)} posts {e.amount}{dead}"
            case dev.BringInPosted():
                self._bet[table] = True
                return f"{who(table, e.position)} brings it in for {e.amount}"
            case dev.StreetStarted():
                if e.street:
                    self._bet[table] = False
                return f"the {e.name}"
            case dev.RunsStarted():
                return f"the board is run {e.times} times"
            case dev.CardBurned():
                return "a card is burned"
            case dev.StubReshuffled():
                return "the stub is reshuffled"
            case dev.HoleDealt():
                up = [c for c, u in zip(e.cards, e.up, strict=True) if u and c is not None]
                shown = f", up {format_cards(up)}" if up else ""
                return f"{who(table, e.position)} is dealt {len(e.cards)} cards{shown}"
            case dev.BoardDealt():
                run = f" (run {e.run + 1})" if e.run else ""
                return f"the board: {_cards(e.cards)}{run}"
            case dev.Folded():
                return f"{who(table, e.position)} folds"
            case dev.Checked():
                return f"{who(table, e.position)} checks"
            case dev.Called():
                all_in = ", all in" if e.all_in else ""
                return f"{who(table, e.position)} calls {e.amount}{all_in}"
            case dev.Wagered():
                verb = "raises to" if self._bet.get(table) else "bets"
                self._bet[table] = True
                all_in = ", all in" if e.all_in else ""
                return f"{who(table, e.position)} {verb} {e.to}{all_in}"
            case dev.Drew():
                drew = f"draws {len(e.discards)}" if e.discards else "stands pat"
                return f"{who(table, e.position)} {drew}"
            case dev.BetReturned():
                return f"{e.amount} goes back to {who(table, e.position)}"
            case dev.HandShown():
                return f"{who(table, e.position)} shows {_cards(e.cards)}"
            case dev.HandMucked():
                return f"{who(table, e.position)} mucks"
            case dev.BlindsChopped():
                return "the blinds chop"
            case dev.PotAwarded():
                pot = "the main pot" if e.pot == 0 else f"side pot {e.pot}"
                share = "" if e.share == "whole" else f" ({e.share})"
                won = " and ".join(f"{who(table, p)} wins {c}" for p, c in e.amounts)
                hand = f" with {e.hand}" if e.hand else ""
                return f"{won} from {pot}{share}{hand}"
            case dev.HandKilled():
                return f"{who(table, e.position)}'s hand is dead"
            case dev.CardTurned():
                return f"a card of {who(table, e.position)}'s is turned"
            case dev.CardReplaced():
                return f"a card of {who(table, e.position)}'s is replaced"
            case dev.CardScrapped():
                return "a card is taken out of play"
            case dev.CardsTakenBack():
                return f"{len(e.cards)} cards taken back"
            case dev.DealVoided():
                carried = f", {e.carried} carried to the next deal" if e.carried else ""
                return f"the deal is void: the chips go back{carried}"
            case dev.DealEnded():
                return "the deal ends"
        return f"{type(e).__name__}: {_fields(e)}"


def _cage(e: led.LedgerEvent) -> str:
    match e:
        case led.ChipsSold():
            return f"sells {e.player} {e.amount} in chips"
        case led.ChipsCashed():
            return f"{e.player} cashes out {e.amount}"
        case led.ChipsBrought():
            carried = " (from another game)" if e.transfer else ""
            return f"{e.player} brings {e.amount} to table {e.table}{carried}"
        case led.ChipsCarried():
            return f"{e.player} takes {e.amount} off table {e.table} ({e.reason})"
        case led.TimeTaken():
            return f"the house takes {e.amount} for the time from {e.player} at table {e.table}"
    return f"{type(e).__name__}: {_fields(e)}"
