"""Reading a cardroom log: lines as floorman writes them are read fast, and
every other line is read, or refused, as the careful reading says."""

from __future__ import annotations

import json

import pytest

from floorman.errors import NotationError
from floorman.service import commands as c
from floorman.service import dumps_entries, loads_entries, log
from floorman.service.log import Entry, _read_carefully, entry_from_json
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
            '{"seq": 0, "at": 01.5, "table": null, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": []}}',
            "line 2: not JSON",
        ),
        (
            '{"seq": 0, "at": "1.5", "table": null, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": []}}',
            "line 2: an entry's time is a number of seconds",
        ),
        (
            '{"seq": 0, "at": 1.5, "table": 01, "event": {"type": "cage.ChipsSold",'
            ' "player": "ann", "amount": 1, "citations": []}}',
            "line 2: not JSON",
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


def _outcome(read: object, text: str) -> object:
    try:
        return read(text)  # type: ignore[operator]
    except NotationError as error:
        return ("refused", str(error))


def _variants(text: str) -> dict[str, str]:
    lines = text.splitlines()
    middle = len(lines) // 2
    broken = list(lines)
    broken[middle] = broken[middle].replace('"citations": [', '"citations": [}', 1)
    unknown = list(lines)
    unknown[middle] = unknown[middle].replace('{"type": "', '{"type": "nowhere.', 1)
    return {
        "as written": text,
        "with no final newline": text.rstrip("\n"),
        "with CRLF line ends": text.replace("\n", "\r\n"),
        "with blank lines": text.replace("\n", "\n\n"),
        "with a line that is not JSON": "\n".join(broken) + "\n",
        "with an event of no known type": "\n".join(unknown) + "\n",
        "with a line break inside a string": text.replace(
            '"player": "ann"', '"player": "a\u2028nn"'
        ),
        "with a form feed": text.replace("\n", "\n\x0c", 1),
    }


@pytest.mark.parametrize(
    "variant",
    [
        "as written",
        "with no final newline",
        "with CRLF line ends",
        "with blank lines",
        "with a line that is not JSON",
        "with an event of no known type",
        "with a line break inside a string",
        "with a form feed",
    ],
)
def test_the_whole_log_reads_as_the_careful_reading_reads_it(variant: str) -> None:
    # The log's lines are matched in one pass when every line is as written;
    # any other text is read line by line: the two give the same entries, or
    # the same refusal naming the same line.
    text = _variants(dumps_entries(_night()))[variant]
    fast = _outcome(loads_entries, text)
    careful = _outcome(_read_carefully, text)
    assert fast == careful
    if variant.startswith(("with a line that", "with an event")):
        assert isinstance(fast, tuple)
        assert fast[0] == "refused"
        assert str(len(text.splitlines()) // 2 + 1) in fast[1]


def test_an_infinite_time_reads_as_the_careful_reading_reads_it() -> None:
    line = (
        '{"seq": 0, "at": 1e999, "table": null, "event": {"type": "cage.ChipsSold",'
        ' "player": "ann", "amount": 100, "citations": []}}\n'
    )
    assert _outcome(loads_entries, HEADER + line) == _outcome(_read_carefully, HEADER + line)


def test_a_header_split_by_another_line_end_is_refused_as_the_careful_reading_does() -> None:
    line = (
        '{"seq": 0, "at": 0.0, "table": null, "event": {"type": "cage.ChipsSold",'
        ' "player": "ann", "amount": 100, "citations": []}}\n'
    )
    header = '{"floorman": "cardroom", "schema": 1, "note": "a\u2028b"}\n'
    refused = _outcome(loads_entries, header + line)
    assert refused == _outcome(_read_carefully, header + line)
    assert isinstance(refused, tuple)
    assert refused[0] == "refused"


_ODD = {
    "a whole number past 64 bits where a whole number goes": (
        '{"type": "cage.ChipsSold", "player": "ann", "amount": 123456789012345678901234567890,'
        ' "citations": []}'
    ),
    "a whole number past 64 bits where a time goes": (
        '{"type": "room.GameOpened", "table": 1, "kind": "1/2 no-limit holdem", "seats": 6,'
        ' "main": null, "extra": false, "at": 123456789012345678901234567891,'
        ' "citations": ["RRP5 policies.1"]}'
    ),
    "a nan": '{"type": "cage.ChipsSold", "player": "ann", "amount": NaN, "citations": []}',
    "an infinite time": (
        '{"type": "room.GameOpened", "table": 1, "kind": "1/2 no-limit holdem", "seats": 6,'
        ' "main": null, "extra": false, "at": 1e999, "citations": []}'
    ),
    "a lone surrogate": (
        '{"type": "cage.ChipsSold", "player": "\\ud800", "amount": 5, "citations": []}'
    ),
    "a negative zero": (
        '{"type": "room.GameOpened", "table": 1, "kind": "1/2 no-limit holdem", "seats": 6,'
        ' "main": null, "extra": false, "at": -0.0, "citations": []}'
    ),
}


@pytest.mark.parametrize("odd", sorted(_ODD))
def test_the_compiled_parser_reads_and_refuses_what_the_standard_library_does(
    odd: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With orjson installed (the fast extra) the distinct events are parsed by
    # it; what it reads otherwise, or refuses, goes to the standard library's.
    pytest.importorskip("orjson")
    assert log._COMPILED is not None
    text = f'{HEADER}{{"seq": 0, "at": 0.0, "table": null, "event": {_ODD[odd]}}}\n'
    compiled = _outcome(loads_entries, text)
    monkeypatch.setattr(log, "_COMPILED", None)
    standard = _outcome(loads_entries, text)
    assert standard == compiled
    assert _outcome(_read_carefully, text) == compiled
    assert _kinds(standard) == _kinds(compiled)  # 5 == 5.0: the types too


def _kinds(outcome: object) -> object:
    if not isinstance(outcome, tuple) or not outcome or not isinstance(outcome[0], Entry):
        return outcome
    return [
        [type(getattr(e.event, name)) for name in e.event.__dataclass_fields__] for e in outcome
    ]


def test_a_night_reads_the_same_with_or_without_the_compiled_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = dumps_entries(_night())
    either = loads_entries(text)
    monkeypatch.setattr(log, "_COMPILED", None)
    assert loads_entries(text) == either
