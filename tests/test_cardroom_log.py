"""The cardroom log: a night of the floor and its deals through one cardroom, and
``floorman cardroom``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from floorman.cli import main
from floorman.clock import ManualClock
from floorman.deal import events as dev
from floorman.errors import FloorError, FloormanError, IllegalAction, NotationError
from floorman.floor.rulings import Ruling
from floorman.formats.cardroom_log import CardroomLog, play_cardroom
from floorman.room import events as rev
from floorman.service import Cardroom, loads_entries
from floorman.service import ledger as led
from floorman.shuffle import SeededShuffler
from floorman.table import events as tev

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cardroom.txt"

OPENING = """\
game nl12 holdem no-limit 1/2
open 1 nl12 seats=6
list ann nl12
list bob nl12
list cy nl12
take ann 1 chips=100
take bob 1 chips=100
take cy 1 chips=100
start 1
"""


@pytest.fixture(scope="module")
def night() -> CardroomLog:
    return play_cardroom(EXAMPLE.read_text())


def line_of(text: str) -> int:
    """The number of the example's only line that reads ``text`` (its comment aside)."""
    lines = EXAMPLE.read_text().splitlines()
    found = [n for n, raw in enumerate(lines, 1) if raw.partition("#")[0].strip() == text]
    assert len(found) == 1, text
    return found[0]


def caused(log: CardroomLog, text: str) -> list[object]:
    number = line_of(text)
    return [r.entry.event for r in log.records if r.line == number]


def refusal(text: str) -> FloormanError:
    with pytest.raises(FloormanError) as caught:
        play_cardroom(text)
    return caught.value


# ----- the example night ----------------------------------------------------------


def test_every_entry_names_the_line_that_caused_it(night: CardroomLog) -> None:
    lines = EXAMPLE.read_text().splitlines()
    assert night.records
    for record in night.records:
        assert lines[record.line - 1].partition("#")[0].strip() == record.text
    assert [r.entry.seq for r in night.records] == list(range(len(night.records)))
    assert night.entries == tuple(night.cardroom.log)


def test_the_example_plays_to_stacks_the_ledger_accounts_for(night: CardroomLog) -> None:
    room = night.cardroom
    assert room.tables == (1,)
    assert room.table(1).players == {1: "ann", 2: "bob", 3: "eve", 4: "gus"}
    assert room.table(1).stacks == {1: 181, 2: 198, 3: 40, 4: 43}
    # Off the tables: what the players took and have not cashed.
    assert room.ledger.holders == {"dee": 122, "fay": 37, "ivy": 50}
    # Every chip where the cage's books say, and no more than it sold.
    assert room.audit() == []
    assert room.ledger.at_table(1) == sum(room.table(1).stacks.values())
    sold = sum(e.amount for e in room.ledger.events if isinstance(e, led.ChipsSold))
    cashed = sum(e.amount for e in room.ledger.events if isinstance(e, led.ChipsCashed))
    assert sold - cashed == room.ledger.balance() == room.chips_in_play()
    assert sold - cashed == 181 + 198 + 40 + 43 + 122 + 37 + 50


def test_the_example_stacks_follow_from_the_chips_put_in_and_won(night: CardroomLog) -> None:
    # Every deal at every table ends with each stack as it started, less what the
    # player put in, plus what came back to him and what he won.
    deals = 0
    for table in (1, 2):
        seats: tuple[int, ...] = ()
        net: dict[int, int] = {}
        start: dict[int, int] = {}
        for record in night.records:
            e = record.entry.event
            if record.entry.table != table:
                continue
            if isinstance(e, tev.DealStarted):
                seats, start, net = e.dealt_in, dict(e.stacks), {}
            elif isinstance(e, dev.AntePosted | dev.Called | dev.Wagered):
                net[seats[e.position]] = net.get(seats[e.position], 0) - e.amount
            elif isinstance(e, dev.BlindPosted):
                put = e.amount + e.dead
                net[seats[e.position]] = net.get(seats[e.position], 0) - put
            elif isinstance(e, dev.BetReturned):
                net[seats[e.position]] = net.get(seats[e.position], 0) + e.amount
            elif isinstance(e, dev.PotAwarded):
                for p, chips in e.amounts:
                    net[seats[p]] = net.get(seats[p], 0) + chips
            elif isinstance(e, tev.DealFinished):
                deals += 1
                assert sum(net.values()) == 0
                after = dict(e.stacks)  # everyone seated; those dealt in started the deal
                assert {s: after[s] for s in start} == {
                    s: c + net.get(s, 0) for s, c in start.items()
                }
    assert deals == 7
    last = [
        r.entry.event
        for r in night.records
        if r.entry.table == 1 and isinstance(r.entry.event, tev.DealFinished)
    ][-1]
    assert dict(last.stacks) == night.cardroom.table(1).stacks


def test_seating_12_the_must_move_player_moves_when_due_for_the_big_blind(
    night: CardroomLog,
) -> None:
    ordered = caused(night, "leave cy")
    due = next(e for e in ordered if isinstance(e, rev.MoveDue))
    assert (due.player, due.table, due.to) == ("eve", 2, 1)
    assert not any(isinstance(e, rev.PlayerMoved) for e in ordered)  # she plays on
    moved = [
        (r.line, r.entry.event)
        for r in night.records
        if isinstance(r.entry.event, rev.PlayerMoved) and r.entry.event.player == "eve"
    ]
    assert len(moved) == 1
    line, event = moved[0]
    assert [c.id for c in event.citations] == ["seating.12"]
    # The move came at the end of a deal at table 2, not on a line of the floor's.
    assert EXAMPLE.read_text().splitlines()[line - 1].startswith("2 s")
    assert night.cardroom.room.seat_of("eve") == (1, 3)


def test_seating_15_the_broken_game_reseats_with_its_chips(night: CardroomLog) -> None:
    events = caused(night, "break 2")
    broken = next(e for e in events if isinstance(e, rev.GameBroken))
    first = broken.order[0][0]
    assert first == "gus"
    brought = next(e for e in events if isinstance(e, led.ChipsBrought))
    assert (brought.player, brought.table, brought.transfer) == ("gus", 1, True)
    assert [c.id for c in brought.citations] == ["buy-in.3"]
    sold = [e for e in events if isinstance(e, led.ChipsSold)]
    assert sold == []  # his own chips, below a buy-in, not topped up
    assert night.cardroom.table(1).stacks[4] == brought.amount == 43


def test_decisions_1_the_report_is_ruled_and_management_decides(night: CardroomLog) -> None:
    ruled = caused(night, "1 report dead-hands.2 s4")
    ruling = next(e for e in ruled if isinstance(e, Ruling))
    assert ruling.options  # management's call
    decided = caused(night, "1 decide dead")
    assert any(isinstance(e, dev.HandKilled) for e in decided)
    assert [c.id for c in next(e for e in decided if isinstance(e, Ruling)).citations] == [
        "dead-hands.2"
    ]


def test_policies_23_the_words_never_say_a_card_nobody_was_shown(night: CardroomLog) -> None:
    # Within each deal, a face-down card, a burn card or the deck's order is
    # never said, unless the hand was shown; up cards, the board and shown hands are.
    shown_any = False
    for table in (1, 2):
        hidden: set[str] = set()
        said: list[str] = []
        for record in night.records:
            e = record.entry.event
            if record.entry.table != table:
                continue
            if isinstance(e, tev.DealStarted):
                hidden, said = set(), []
            elif isinstance(e, dev.HoleDealt):
                hidden |= {str(c) for c, up in zip(e.cards, e.up, strict=True) if c and not up}
            elif isinstance(e, dev.CardBurned) and e.card is not None:
                hidden.add(str(e.card))
            elif isinstance(e, dev.HandShown):
                hidden -= {str(c) for c in e.cards if c is not None}
                shown_any = True
            said.append(record.said)
            if isinstance(e, tev.DealFinished):
                words = " ".join(said).split()
                assert not hidden & set(words), hidden & set(words)
    assert shown_any  # the example's first deal goes to a showdown


# ----- reading lines ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("deal 1", "'deal' is not a cardroom log line"),
        ("take ann", "'take' takes 2 to 3 words"),
        ("take ann 1 chips=ten", "chips 'ten' is not a whole number"),
        ("take ann 1 seat=2", "'take' takes no option 'seat=2'"),
        ("1 fold", "'fold' is not a table's line"),
        ("1 d dh s1 AhKh", "a cardroom log deals no cards"),
        ("1", "a table's line names what happens there"),
        ("99999 deal", "table '99999' is not a whole number from 1 to 9,999"),
        ("1 s1 raise 30", "'raise' is not a PHH action"),
        ("wait soon", "minutes 'soon' is not a number"),
        ("cardroom seed=2", "may only be the first line"),
        ("list dee holdem", "no game named 'holdem'"),
        ("1 deal runs=0", "runs '0' is not a whole number from 1 to 10"),
        ("back ann post wait", "a player posts or waits, not both"),
    ],
)
def test_an_unreadable_line_raises_notation_error_naming_it(line: str, said: str) -> None:
    text = OPENING + line + "\n"
    number = text.count("\n")
    error = refusal(text)
    assert isinstance(error, NotationError)
    assert str(error).startswith(f"line {number} {line!r}: "), str(error)
    assert said in str(error)


def test_the_first_line_sets_the_room_up() -> None:
    error = refusal("cardroom seed=-1\n" + OPENING)
    assert isinstance(error, NotationError)
    assert str(error).startswith("line 1 'cardroom seed=-1': seed '-1'")
    # The seed is the shuffles': the same log and seed deal the same cards.
    text = OPENING + "1 deal\n"
    boards = {
        seed: [
            entry.event.cards
            for entry in play_cardroom(f"cardroom seed={seed}\n" + text).entries
            if isinstance(entry.event, dev.HoleDealt)
        ]
        for seed in (1, 2)
    }
    assert boards[1] != boards[2]


def test_buy_in_1_a_refused_line_stops_the_log_with_its_rule() -> None:
    heard: list[int] = []
    with pytest.raises(FloorError) as caught:
        play_cardroom(
            OPENING + "list dee nl12\ntake dee 1 chips=10\n1 deal\n",
            on_entry=lambda r: heard.append(r.line),
        )
    assert str(caught.value).startswith("line 11 'take dee 1 chips=10': ")
    assert [c.id for c in caught.value.citations] == ["buy-in.1"]
    assert heard  # what came before was heard, nothing after
    assert max(heard) == 10


def test_a_deals_refusal_names_seats_as_the_log_does() -> None:
    # Three-handed, the button on seat 1 by the draw: seat 1 acts first.
    text = OPENING + "1 deal\n"
    log = play_cardroom(text)
    table = log.cardroom.table(1)
    deal = table.deal
    assert deal is not None
    first = table.positions[deal.legal().position or 0]
    other = next(s for s in table.players if s != first)
    error = refusal(text + f"1 s{other} f\n")
    assert isinstance(error, IllegalAction)
    assert f"seat {first}" in str(error)
    assert "position" not in str(error)
    error = refusal(text + "1 s5 f\n")
    assert "nobody sits in seat 5 at table 1" in str(error)


def test_a_deal_goes_on_across_floor_lines_and_other_tables() -> None:
    text = OPENING + "1 deal\nlist dee nl12\nwait 5\n"
    log = play_cardroom(text)
    assert log.cardroom.table(1).in_deal
    table = log.cardroom.table(1)
    deal = table.deal
    assert deal is not None
    seat = table.positions[deal.legal().position or 0]
    log = play_cardroom(text + f"1 s{seat} f\n")
    assert log.cardroom.table(1).in_deal  # two left in


def test_policies_20_a_wait_lets_the_cardroom_act_on_the_time() -> None:
    text = OPENING + "list dee nl12\naway cy\nwait 30\n"
    assert not [r for r in play_cardroom(text).records if r.text == "wait 30"]
    log = play_cardroom(text + "wait 1\n")
    picked = [r.entry.event for r in log.records if r.text == "wait 1"]
    carried = next(e for e in picked if isinstance(e, led.ChipsCarried))
    assert (carried.player, carried.reason) == ("cy", "picked up")
    assert [c.id for c in carried.citations] == ["policies.20"]
    # Picked up at the moment the thirty minutes ran out, not when the log looked.
    assert 30 * 60 < log.records[-1].entry.at < 31 * 60


THREE_GAMES = """\
game nl12 holdem no-limit 1/2
game stud stud fixed-limit 2/4
game draw lowball fixed-limit 2/4
open 1 nl12 seats=6
open 2 stud seats=4
open 3 draw seats=3
list ann nl12
list bob nl12
take ann 1 chips=100
take bob 1 chips=100
start 1
arrive cy
sit cy 1 4 chips=80 post
list dee stud
list eve stud
take dee 2
take eve 2
start 2
list fay draw
list gus draw
take fay 3
take gus 3
start 3
1 deal
2 deal
3 deal
2 s1 pb
2 s2 f
3 s1 cc
3 s2 cc
3 s2 sd JhKd
1 s1 f
1 chop
1 impound 4 2
1 release 2
1 straddle 2
buy ann 20
away bob took=10
back bob wait
change cy 5
bar eve conduct.prohibited.4
"""


def test_each_line_is_its_command_at_its_table() -> None:
    log = play_cardroom(THREE_GAMES)

    def by(text: str) -> list[object]:
        return [r.entry.event for r in log.records if r.text == text]

    def one(text: str, kind: type) -> Any:
        found = [e for e in by(text) if isinstance(e, kind)]
        assert len(found) == 1, (text, by(text))
        return found[0]

    seated = one("sit cy 1 4 chips=80 post", tev.PlayerSeated)
    assert (seated.seat, seated.chips, seated.post) == (4, 80, True)
    assert one("2 s1 pb", dev.BringInPosted).amount == 2  # stud: the bring-in
    drew = one("3 s2 sd JhKd", dev.Drew)
    assert sorted(map(str, drew.discards)) == ["Jh", "Kd"]  # lowball: the draw
    assert [c.id for c in one("1 chop", dev.BlindsChopped).citations] == ["policies.15"]
    assert one("1 impound 4 2", tev.ChipsImpounded).amount == 2
    assert one("1 release 2", tev.ImpoundReleased).seat == 2
    assert one("1 straddle 2", tev.StraddleAnnounced).seat == 2
    assert one("buy ann 20", led.ChipsBrought).amount == 20
    assert one("away bob took=10", tev.SatOut).seat == 2
    assert one("back bob wait", tev.CameBack).post is False
    assert (one("change cy 5", tev.SeatChanged).to) == 5
    assert one("bar eve conduct.prohibited.4", led.ChipsCashed).player == "eve"
    room = log.cardroom
    assert room.table(1).players == {1: "ann", 2: "bob", 5: "cy"}
    assert "eve" not in room.table(2).players.values()
    assert room.audit() == []


# ----- the command line ------------------------------------------------------------


def test_floorman_cardroom_prints_each_entry_with_place_and_rules(capsys) -> None:
    assert main(["cardroom", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out.splitlines()
    night = play_cardroom(EXAMPLE.read_text())
    assert len(out) == len(night.records)
    assert out == [r.describe() for r in night.records]
    assert "  0:20  floor     eve to move from table 2 to seat 3 at table 1" in "\n".join(out)
    assert any("table 1   the dealer reports mucked hand: dee" in line for line in out)
    assert any(line.endswith("[RRP5 buy-in.3]") and "cage" in line for line in out)


def test_floorman_cardroom_json_rebuilds_the_same_cardroom(capsys) -> None:
    assert main(["cardroom", str(EXAMPLE), "--json"]) == 0
    entries = loads_entries(capsys.readouterr().out)
    live = play_cardroom(EXAMPLE.read_text()).cardroom
    assert entries == tuple(live.log)
    clock = ManualClock()
    clock.advance(seconds=live.clock.now())
    again = Cardroom.rebuild(entries, clock=clock, shuffler=SeededShuffler(7))
    assert again.room.events == live.room.events
    assert again.ledger.events == live.ledger.events
    assert again.tables == live.tables
    for n in again.tables:
        assert again.table(n).state() == live.table(n).state()
    assert again.audit() == []


def test_floorman_cardroom_stops_at_a_refused_line_with_status_1(capsys, tmp_path) -> None:
    path = tmp_path / "night.txt"
    path.write_text(OPENING + "list dee nl12\ntake dee 1 chips=10\n")
    assert main(["cardroom", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out  # what was played before the refusal
    assert captured.err == (
        f"floorman cardroom: {path}: line 11 'take dee 1 chips=10': dee cannot enter the game"
        " at table 1 with 10: a player entering buys in in full, at least 40 [RRP5 buy-in.1]\n"
    )


def test_readme_shows_what_floorman_cardroom_prints(capsys) -> None:
    readme = (EXAMPLE.parents[1] / "README.md").read_text()
    command = '$ floorman cardroom examples/cardroom.txt | grep -e "seating.12" -e "reports"\n'
    shown = readme.split(command, 1)[1].split("\n\n", 1)[0].splitlines()
    assert main(["cardroom", str(EXAMPLE)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert shown == [line for line in printed if "seating.12" in line or "reports" in line]
    command = "$ floorman cardroom examples/cardroom.txt --json | head -2\n"
    shown = readme.split(command, 1)[1].split("\n```", 1)[0].splitlines()
    assert main(["cardroom", str(EXAMPLE), "--json"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == shown
