"""Reading a cardroom log: lines as floorman writes them are read fast, and
every other line is read, or refused, as the careful reading says."""

from __future__ import annotations

import json

import pytest

from floorman.errors import NotationError
from floorman.service import commands as c
from floorman.service import dumps_entries, loads_entries
from floorman.service.log import Entry, entry_from_json
from tests.cardroom_helpers import NL, Night

HEADER = '{"floorman": "cardroom", "schema": 1}\n'


def _night() -> list[Entry]:
    night = Night(seed=3)
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob", "cy")
    night.do(c.StartGame(table=1))
    for _ in range(3):
        night.play(1)
        night.wait(2)
    return night.room.log


def test_a_log_as_written_reads_as_each_line_read_on_its_own() -> None:
    log = _night()
    text = dumps_entries(log)
    careful = tuple(entry_from_json(json.loads(line)) for line in text.splitlines()[1:])
    assert loads_entries(text) == careful == tuple(log)
    assert dumps_entries(loads_entries(text)) == text


def test_lines_written_otherwise_read_the_same() -> None:
    log = _night()
    compact = "".join(
        json.dumps(
            dict(reversed(list(json.loads(line).items()))), separators=(",", ":"), sort_keys=True
        )
        + "\n"
        for line in dumps_entries(log).splitlines()[1:]
    )
    assert loads_entries(HEADER + compact) == tuple(log)
    spaced = "".join(f"  {line}  \n" for line in dumps_entries(log).splitlines()[1:])
    assert loads_entries(HEADER + spaced) == tuple(log)


def test_a_whole_number_time_reads_as_seconds() -> None:
    line = (
        '{"seq": 0, "at": 7, "table": null, "event": {"type": "cage.ChipsSold",'
        ' "player": "ann", "amount": 100, "citations": []}}'
    )
    (entry,) = loads_entries(HEADER + line)
    assert entry.at == 7.0
    assert type(entry.at) is float


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (
            '{"seq": 0, "at": 0.0, "table": null, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": true, "citations": []}}',
            "line 2: cage.ChipsSold.amount: expected a whole number",
        ),
        (
            '{"seq": 0, "at": 0.0, "table": null, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": []}}, {"seq": 1}',
            "line 2: not JSON",
        ),
        (
            '{"seq": 0, "at": 0.0, "table": null, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": [}}',
            "line 2: not JSON",
        ),
        (
            '{"seq": -1, "at": 0.0, "table": null, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": []}}',
            "line 2: an entry's seq is a whole number",
        ),
        (
            '{"seq": 0, "at": 0.0, "table": 1.5, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": []}}',
            "line 2: an entry's table is a table number or null",
        ),
    ],
)
def test_a_line_not_as_written_is_refused_naming_the_line(line: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        loads_entries(HEADER + line + "\n")


def test_an_event_read_again_is_the_same_value() -> None:
    line = (
        '{"seq": %d, "at": 0.0, "table": 1, "event": {"type": "deal.Checked",'
        ' "position": 1, "citations": []}}'
    )
    first, second = loads_entries(HEADER + line % 0 + "\n" + line % 1 + "\n")
    assert first.event == second.event
    assert (first.seq, second.seq) == (0, 1)
