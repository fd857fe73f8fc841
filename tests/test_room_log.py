"""The room log: reading and playing a night on the floor, and ``floorman room``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from floorman.cards import Card
from floorman.cli import main
from floorman.clock import ManualClock
from floorman.errors import ConfigError, FloorError, NotationError
from floorman.formats.room_log import RoomLog, RoomRecord, play_room
from floorman.games import Structure
from floorman.room import Due, GameKind, Room, Sanction
from floorman.room import events as ev

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "room.txt"

NL12 = GameKind.parse("holdem no-limit 1/2")
NL25 = GameKind.parse("holdem no-limit 2/5")


@pytest.fixture(scope="module")
def night() -> RoomLog:
    return play_room(EXAMPLE.read_text())


def line_of(text: str) -> int:
    """The number of the example's line that reads ``text`` (its comment aside)."""
    lines = EXAMPLE.read_text().splitlines()
    found = [n for n, raw in enumerate(lines, 1) if raw.partition("#")[0].strip() == text]
    assert len(found) == 1, text
    return found[0]


def caused(log: RoomLog, text: str) -> list[ev.RoomEvent]:
    """The events the example's line ``text`` caused."""
    number = line_of(text)
    return [r.event for r in log.records if r.line == number]


def ids(event: ev.RoomEvent) -> list[str]:
    return [c.id for c in event.citations]


# ----- the worked night -------------------------------------------------------


def test_every_record_names_the_line_that_caused_it(night: RoomLog) -> None:
    lines = EXAMPLE.read_text().splitlines()
    assert night.records
    for record in night.records:
        assert lines[record.line - 1].partition("#")[0].strip() == record.text
    assert [r.line for r in night.records] == sorted(r.line for r in night.records)
    assert night.kinds == {"nl12": NL12, "nl25": NL25}
    assert night.decisions == tuple(r for r in night.records if r.decision)


def test_a_new_player_goes_to_the_game_most_in_need(night: RoomLog) -> None:
    # Table 1 has three players and an open seat; table 2 has two: gus goes to table 2.
    lines = EXAMPLE.read_text().splitlines()
    before = play_room("\n".join(lines[: line_of("list gus nl12") - 1])).room
    assert (len(before.seated(1)), len(before.seats(1)), len(before.seated(2))) == (3, 4, 2)
    assert before.locks(1) == before.locks(2) == ()
    called = [e for e in caused(night, "list gus nl12") if isinstance(e, ev.PlayerCalled)]
    assert called == [ev.PlayerCalled(player="gus", table=2, seat=3, citations=called[0].citations)]
    assert ids(called[0]) == ["seating.2", "seating.3"]


def test_keep_apart_sends_zed_past_ann_s_game(night: RoomLog) -> None:
    apart = caused(night, "apart ann zed")
    assert apart == [ev.KeptApart(players=("ann", "zed"), citations=apart[0].citations)]
    assert ids(apart[0]) == ["seating.5"]
    # Three players each: table 1 would come first, but ann sits there.
    (called,) = [e for e in caused(night, "list zed nl12") if isinstance(e, ev.PlayerCalled)]
    assert (called.player, called.table) == ("zed", 2)
    (max_called,) = [e for e in caused(night, "list max nl12") if isinstance(e, ev.PlayerCalled)]
    assert (max_called.player, max_called.table) == ("max", 1)


def test_the_must_move_game_feeds_the_main_game(night: RoomLog) -> None:
    # The list feeds the must-move game once it opens, not the main game.
    (called,) = [e for e in caused(night, "list lou nl25") if isinstance(e, ev.PlayerCalled)]
    assert called.table == 6
    left, due = caused(night, "leave jo")
    assert left == ev.PlayerLeft(player="jo", table=5, seat=2, at=1200.0)
    assert isinstance(due, ev.MoveDue)
    assert (due.player, due.table, due.to, due.seat, due.when) == ("lou", 6, 5, 2, Due.BLIND)
    assert ids(due) == ["seating.12"]
    (moved,) = caused(night, "due lou")
    assert isinstance(moved, ev.PlayerMoved)
    assert (moved.player, moved.table, moved.to, moved.to_seat, moved.as_new) == (
        "lou",
        6,
        5,
        2,
        True,
    )
    room = night.room
    assert room.seated(5) == {1: "ivy", 2: "lou", 3: "kim"}
    assert room.seated(6) == {2: "mo"}
    assert room.must_move(5) == ("mo",)


def test_a_lock_up_is_picked_up_when_time_passes_with_someone_waiting(night: RoomLog) -> None:
    out = caused(night, "out ned lockup=20")
    assert out == [ev.AreaLeft(player="ned", lockup=20, at=1200.0, citations=out[0].citations)]
    called, locked = caused(night, "leave max")[1:]
    assert isinstance(called, ev.PlayerCalled)
    assert (called.player, called.table, called.seat) == ("ned", 1, 4)
    assert isinstance(locked, ev.SeatLocked)
    assert (locked.player, locked.money, ids(locked)) == ("ned", 20, ["seating.2"])
    picked, delisted, ole, ole_locked = caused(night, "wait 10")
    assert picked == ev.LockUpPickedUp(
        player="ned", table=1, seat=4, at=1800.0, citations=picked.citations
    )
    assert ids(picked) == ["policies.21"]
    assert isinstance(delisted, ev.PlayerDelisted)
    assert (delisted.player, ids(delisted)) == ("ned", ["policies.21"])
    assert isinstance(ole, ev.PlayerCalled)
    assert (ole.player, ole.table, ole.seat) == ("ole", 1, 4)
    assert isinstance(ole_locked, ev.SeatLocked)
    assert "ned" not in night.room.waiting(NL12)


def test_chips_picked_up_and_a_seat_change_before_the_list(night: RoomLog) -> None:
    (asked,) = caused(night, "change cy 2")
    assert asked == ev.SeatChangeRequested(
        player="cy", table=1, seat=2, at=1800.0, citations=asked.citations
    )
    picked, moved, called, _locked = caused(night, "wait 35")
    # Over 30 minutes away: bob's chips are picked up (RRP5 policies.20).
    assert picked == ev.ChipsPickedUp(
        player="bob", table=1, seat=2, at=65 * 60.0, citations=picked.citations
    )
    assert ids(picked) == ["policies.20"]
    # cy's request comes before pat, waiting on the list (RRP5 seating.13).
    assert isinstance(moved, ev.PlayerMoved)
    assert (moved.player, moved.seat, moved.to, moved.to_seat) == ("cy", 3, 1, 2)
    assert ids(moved) == ["seating.13"]
    assert isinstance(called, ev.PlayerCalled)
    assert (called.player, called.table, called.seat) == ("pat", 1, 3)


def test_a_bar_takes_the_player_out_of_his_seat(night: RoomLog) -> None:
    barred, left = caused(night, "bar zed conduct.prohibited.4")
    assert isinstance(barred, ev.Sanctioned)
    assert (barred.player, barred.sanction, barred.until) == ("zed", Sanction.BAR, None)
    assert ids(barred) == ["conduct.prohibited.4"]
    assert left == ev.PlayerLeft(
        player="zed", table=2, seat=4, at=65 * 60.0, citations=left.citations
    )
    assert night.room.record("zed") == (barred,)
    assert night.room.seat_of("zed") is None


def test_a_broken_game_seats_its_players_in_the_order_of_the_draw(night: RoomLog) -> None:
    broken, *placed, closed = caused(night, "break 2")
    assert isinstance(broken, ev.GameBroken)
    assert ids(broken) == ["seating.15"]
    players = [p for p, _ in broken.order]
    assert sorted(players) == ["eve", "fay", "gus"]
    cards = [card for _, card in broken.order]
    assert cards == sorted(cards, key=lambda c: (int(c.rank), int(c.suit)), reverse=True)
    first, *rest = players
    # Table 1 has one open seat, ann's: the high card takes it, the rest head the list.
    assert placed[0] == ev.PlayerSeated(
        player=first, table=1, seat=1, at=65 * 60.0, citations=placed[0].citations
    )
    assert [(e.player, e.place) for e in placed[1:] if isinstance(e, ev.PlayerListed)] == [
        (p, i) for i, p in enumerate(rest)
    ]
    assert isinstance(closed, ev.GameClosed)
    room = night.room
    assert 2 not in room.tables
    assert room.seated(1) == {1: first, 2: "cy", 3: "pat", 4: "ole"}
    assert room.waiting(NL12) == tuple(rest)


def test_records_print_as_json(night: RoomLog) -> None:
    broken = next(r for r in night.records if isinstance(r.event, ev.GameBroken))
    shown = broken.to_json()
    assert shown["event"] == "GameBroken"
    assert shown["decision"] is True
    assert shown["line"] == line_of("break 2")
    assert shown["at"] == 65
    assert shown["order"] == [[p, str(c)] for p, c in broken.event.order]
    assert shown["citations"] == ["RRP5 seating.15"]
    opened = night.records[1].to_json()
    assert opened == {
        "line": line_of("open 1 nl12 seats=4"),
        "at": 0,
        "event": "GameOpened",
        "decision": False,
        "table": 1,
        "kind": "1/2 no-limit holdem",
        "seats": 4,
        "main": None,
        "extra": False,
        "citations": ["RRP5 policies.1"],
    }
    due = next(r for r in night.records if isinstance(r.event, ev.MoveDue)).to_json()
    assert due["when"] == "when due for the big blind"
    barred = next(r for r in night.records if isinstance(r.event, ev.Sanctioned)).to_json()
    assert (barred["sanction"], barred["until"]) == ("bar", None)
    for record in night.records:
        assert json.loads(json.dumps(record.to_json())) == record.to_json()


# ----- the other lines ---------------------------------------------------------

EXTRAS = """\
room seed=3
game nl12 holdem no-limit 1/2
open 1 nl12 seats=4
list ann nl12
list bob nl12
list cy nl12
take ann 1
take bob 1
take cy 1
start 1
open 2 nl12 seats=4
reserve 2 3 dee back from dinner
interest dee nl12
interest eve nl12
unlist eve nl12
arrive dee
take dee 2 3
transfer cy 2
start 2
away ann took=50
extend ann 45
wait 40
over fay 1 1
back ann restored=50
list gil nl12
noanswer gil
list hal nl12
refuse hal
suspend bob conduct.improper.12 minutes=30
warn ann conduct.improper.8
"""


def test_every_kind_of_line_plays() -> None:
    log = play_room(EXTRAS)
    by_line: dict[int, list[ev.RoomEvent]] = {}
    for record in log.records:
        by_line.setdefault(record.line, []).append(record.event)
    reserved = by_line[12][0]
    assert reserved == ev.SeatReserved(
        player="dee", table=2, seat=3, reason="back from dinner", citations=reserved.citations
    )
    assert [type(e) for e in by_line[13]] == [ev.InterestNoted]
    assert by_line[15][0] == ev.PlayerDelisted(player="eve", kind=NL12, reason="asked")
    assert by_line[17][0] == ev.PlayerSeated(
        player="dee", table=2, seat=3, citations=by_line[17][0].citations
    )
    moved = by_line[18][0]
    assert isinstance(moved, ev.PlayerMoved)
    assert (moved.table, moved.to, [c.id for c in moved.citations]) == (1, 2, ["seating.3"])
    assert isinstance(by_line[20][0], ev.WentAway)
    assert by_line[20][0].took == 50
    extended = by_line[21][0]
    assert isinstance(extended, ev.AbsenceExtended)
    assert extended.until == 45 * 60.0
    assert 22 not in by_line  # 40 minutes away, but the absence runs to 45
    over = by_line[23][0]
    assert isinstance(over, ev.PlayingOver)
    assert (over.player, over.over, over.seat) == ("fay", "ann", 1)
    assert [type(e) for e in by_line[24]] == [ev.CameBack, ev.PlayOverEnded]
    assert isinstance(by_line[24][0], ev.CameBack)
    assert by_line[24][0].restored == 50
    assert [type(e) for e in by_line[26]] == [ev.LockUpPickedUp, ev.PlayerDelisted]
    refused = by_line[28][0]
    assert isinstance(refused, ev.SeatRefused)
    assert refused.player == "hal"
    suspended = next(r for r in log.records if r.line == 29)
    assert suspended.to_json()["until"] == 70  # minutes from the start
    assert suspended.to_json()["sanction"] == "suspension"
    warned = by_line[30][0]
    assert isinstance(warned, ev.Sanctioned)
    assert (warned.sanction, warned.until) == (Sanction.WARNING, None)
    assert log.room.seated(1) == {1: "ann"}
    assert log.room.seated(2) == {1: "cy", 3: "dee"}


BROKEN_AWAY = """\
room seed=7
game nl12 holdem no-limit 1/2
open 1 nl12 seats=3
take a 1
take b 1
start 1
open 2 nl12 seats=3
take p 2
take q 2
start 2
away p
away q
break 2
list zed nl12
"""


def test_seating_15_a_log_s_due_absent_player_gives_the_seat_to_the_list() -> None:
    log = play_room(BROKEN_AWAY)
    (held,) = [k.player for k in log.room.locks(1)]
    (other,) = {"p", "q"} - {held}
    broken = next(r for r in log.records if isinstance(r.event, ev.GameBroken))
    assert "(drawn by the floor)" in broken.describe()
    assert broken.to_json()["away"] == [p for p, _ in broken.event.order]
    locked = next(r for r in log.records if isinstance(r.event, ev.SeatLocked))
    assert (
        locked.describe() == f"seat 3 at table 1 locked up for {held} until due for the big blind"
    )
    due = play_room(BROKEN_AWAY + f"due {held}\n")
    shown = [r.describe() for r in due.records if r.line == 15]
    assert shown == [
        f"{held}'s lock-up of seat 3 at table 1 picked up",
        f"{held} on the 1/2 no-limit holdem list, 1st up",
        f"{held}, out of the playing area, passed over for table 1; keeps the place",
        f"{other}, out of the playing area, passed over for table 1; keeps the place",
        "zed called to seat 3 at table 1",
        "seat 3 at table 1 locked up for zed",
    ]
    with pytest.raises(FloorError, match=r"^line 15 .*no move or held seat"):
        play_room(BROKEN_AWAY + f"due {other}\n")


def test_the_seed_sets_the_cards_drawn() -> None:
    text = EXAMPLE.read_text()
    broken = next(e for e in play_room(text).records if isinstance(e.event, ev.GameBroken))
    again = next(e for e in play_room(text).records if isinstance(e.event, ev.GameBroken))
    other = text.replace("room seed=7", "room seed=8", 1)
    elsewhere = next(e for e in play_room(other).records if isinstance(e.event, ev.GameBroken))
    assert isinstance(broken.event, ev.GameBroken)
    assert isinstance(again.event, ev.GameBroken)
    assert isinstance(elsewhere.event, ev.GameBroken)
    assert broken.event.order == again.event.order
    assert all(isinstance(card, Card) for _, card in broken.event.order)
    assert broken.event.order != elsewhere.event.order


def test_on_event_hears_each_record_as_it_happens() -> None:
    heard: list[RoomRecord] = []
    log = play_room(EXTRAS, on_event=heard.append)
    assert tuple(heard) == log.records


# ----- errors ------------------------------------------------------------------


def test_a_refused_line_names_the_line_and_cites_the_rule() -> None:
    text = EXAMPLE.read_text()
    number = len(text.splitlines()) + 1
    heard: list[RoomRecord] = []
    with pytest.raises(FloorError) as refused:
        play_room(text + "list zed nl12   # barred: no\n", on_event=heard.append)
    error = refused.value
    assert str(error).startswith(f"line {number} 'list zed nl12': zed is under a bar for good")
    assert [c.id for c in error.citations] == ["conduct.prohibited.4"]
    assert str(error).endswith("[RRP5 conduct.prohibited.4]")
    # Everything before the refused line was heard; the refused line added nothing.
    assert tuple(heard) == play_room(text).records


@pytest.mark.parametrize(
    ("line", "rules", "words"),
    [
        ("take dee 1 1", ["seating.2"], "locked up for cy"),
        ("take dee 1 2", [], "taken by ann"),
        ("list ann nl12", ["seating.3", "seating.4"], "ask for a transfer"),
        ("open 1 nl12", ["policies.1"], "already has a game"),
    ],
)
def test_refusals_keep_their_citations(line: str, rules: list[str], words: str) -> None:
    text = (
        "game nl12 holdem no-limit 1/2\nopen 1 nl12 seats=2\nlist ann nl12\nlist bob nl12\n"
        "take ann 1 2\ntake bob 1\nstart 1\nlist cy nl12\nleave bob\n"
    )
    with pytest.raises(FloorError) as refused:
        play_room(text + line)
    assert refused.value.message.startswith(f"line 10 {line!r}: ")
    assert words in refused.value.message
    assert [c.id for c in refused.value.citations] == rules


@pytest.mark.parametrize(
    "line",
    [
        "dance ann",  # no such line
        "take ann one",  # a seat is a number
        "take ann",  # too few words
        "leave ann bob",  # too many
        "open 3 nl99",  # no such kind named
        "open 3 nl12 colour=red",  # no such option
        "open 3 nl12 seats=many",
        "game nl12 holdem no-limit 2/4",  # named already
        "game x poker no-limit 1/2",  # no such game
        "game x holdem no-limit",  # no stakes
        "out ann lockup=x",
        "away ann took=-5",
        "wait soon",
        "wait -5",
        "extend ann later",
        "suspend ann conduct.improper.12 minutes=ever",
        "room seed=3",  # only as the first line
    ],
)
def test_bad_notation_raises_notation_error_naming_the_line(line: str) -> None:
    text = "game nl12 holdem no-limit 1/2\nopen 1 nl12\nlist ann nl12\n\n# a comment\n"
    with pytest.raises(NotationError) as bad:
        play_room(text + line + "\n")
    assert bad.value.message.startswith(f"line 6 {line!r}: ")


@pytest.mark.parametrize("stakes", ["-1/2", "0/0", "abc", "1/2/3/4", "2/1", "01/2", "1/", "1.5/3"])
def test_nonsense_stakes_are_refused_naming_them(stakes: str) -> None:
    line = f"game x holdem no-limit {stakes}"
    with pytest.raises(NotationError) as bad:
        play_room(line + "\n")
    message = bad.value.message
    assert message.startswith(f"line 1 {line!r}: stakes {stakes!r}: ")
    assert "such as 1/2" in message
    with pytest.raises(ConfigError, match="such as 1/2"):
        GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes=stakes)


def test_stakes_are_two_whole_numbers_small_then_big() -> None:
    for stakes in ("1/2", "2/2", "4/8", "999999999/999999999"):
        assert GameKind.parse(f"holdem no-limit {stakes}").stakes == stakes


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("open 0 nl12", "table '0' is not a whole number from 1 to 9,999"),
        ("open 10000 nl12", "table '10000' is not a whole number from 1 to 9,999"),
        (f"open {HUGE} nl12", "from 1 to 9,999"),
        ("open 1.5 nl12", "table '1.5' is not a whole number"),
        ("open 3 nl12 seats=0", "seats '0' is not a whole number from 2 to 10"),
        ("open 3 nl12 seats=-2", "seats '-2' is not a whole number"),
        (f"open 3 nl12 seats={HUGE}", "from 2 to 10"),
        ("open 3 nl12 main=0", "main table '0'"),
        ("take ann 1 0", "seat '0' is not a whole number from 1 to 10"),
        ("take ann 1 11", "seat '11'"),
        ("take ann -1", "table '-1'"),
        ("change ann 0", "seat '0'"),
        ("over bob 1 99", "seat '99'"),
        ("reserve 1 0 bob", "seat '0'"),
        ("transfer ann 0", "table '0'"),
        ("break 0", "table '0'"),
        ("out ann lockup=-20", "lockup '-20'"),
        ("out ann lockup=20.5", "lockup '20.5'"),
        ("out ann lockup=1000000001", "from 0 to 1,000,000,000"),
        ("away ann took=2.5", "took '2.5'"),
        (f"back ann restored={HUGE}", "restored"),
        ("wait 0", "minutes '0' is not a number above 0"),
        ("wait 0.0", "above 0"),
        ("wait -1", "minutes '-1'"),
        (f"wait {HUGE}", "at most 10,000,000"),
        ("wait 10000001", "at most 10,000,000"),
        ("wait 1e9", "minutes '1e9'"),
        ("wait nan", "minutes 'nan'"),
        ("wait inf", "minutes 'inf'"),
        ("extend ann 0", "above 0"),
        ("suspend ann conduct.improper.12 minutes=0", "above 0"),
        (f"bar ann conduct.improper.12 minutes={HUGE}", "at most"),
    ],
)
def test_bad_numbers_are_refused_saying_what_is_allowed(line: str, words: str) -> None:
    text = "game nl12 holdem no-limit 1/2\nopen 1 nl12\nlist ann nl12\n"
    with pytest.raises(NotationError) as bad:
        play_room(text + line + "\n")
    assert bad.value.message.startswith(f"line 4 {line!r}: ")
    assert words in bad.value.message
    assert "\n" not in bad.value.message


@pytest.mark.parametrize(
    ("first", "words"),
    [
        ("room seed=-1", "seed '-1'"),
        (f"room seed={2**32}", "from 0 to 4,294,967,295"),
        ("room lockup=0", "lockup '0' is not a whole number from 1"),
        (f"room lockup={HUGE}", "lockup"),
    ],
)
def test_bad_numbers_on_the_room_line_are_refused(first: str, words: str) -> None:
    with pytest.raises(NotationError) as bad:
        play_room(first + "\n")
    assert bad.value.message.startswith(f"line 1 {first!r}: ")
    assert words in bad.value.message


def test_the_room_refuses_values_no_log_could_hold() -> None:
    with pytest.raises(ConfigError, match="least lock-up"):
        Room(clock=ManualClock(), lockup=0)
    room = Room(clock=ManualClock())
    with pytest.raises(ConfigError, match="tables are numbered"):
        room.open_game(0, NL12)
    with pytest.raises(ConfigError, match="seats are a whole number"):
        room.open_game(1, NL12, seats=2.5)  # type: ignore[arg-type]
    room.open_game(1, NL12, seats=2)
    room.take_seat("ann", 1)
    for call in (
        lambda: room.away("ann", took=1.5),  # type: ignore[arg-type]
        lambda: room.extend_absence("ann", minutes=float("nan")),
        lambda: room.sanction("ann", Sanction.SUSPENSION, ["conduct.improper.2"], minutes=0),
        lambda: room.leave_area("ann", lockup=20.5),  # type: ignore[arg-type]
    ):
        before = list(room.events)
        with pytest.raises(FloorError):
            call()
        assert room.events == before


def test_cli_refuses_nonsense_stakes_in_one_line(capsys, tmp_path) -> None:
    log = tmp_path / "stakes.txt"
    for stakes in ("-1/2", "0/0", "abc", "1/2/3/4"):
        log.write_text(f"game x holdem no-limit {stakes}\n")
        assert main(["room", str(log)]) == 1
        captured = capsys.readouterr()
        assert captured.out == ""
        err = captured.err.splitlines()
        assert len(err) == 1, err
        assert f"stakes {stakes!r}" in err[0]
        assert "Traceback" not in captured.err


def test_a_bad_room_line_names_line_one() -> None:
    with pytest.raises(NotationError, match=r"^line 1 'room seed=x': seed 'x'"):
        play_room("room seed=x\n")
    with pytest.raises(NotationError, match=r"^line 2 'room colour=red': 'room' takes no option"):
        play_room("\nroom colour=red\n")


def test_an_unregistered_conduct_rule_is_refused() -> None:
    text = (
        "game nl12 holdem no-limit 1/2\nopen 1 nl12\nlist ann nl12\nwarn ann conduct.improper.99\n"
    )
    with pytest.raises(FloorError, match=r"^line 4 .*no rule RRP5 conduct.improper.99"):
        play_room(text)
    with pytest.raises(FloorError, match=r"^line 4 .*names the conduct rules broken"):
        play_room(text.replace("conduct.improper.99", "seating.2"))


def test_an_empty_log_is_an_empty_room() -> None:
    log = play_room("# nothing tonight\n\n")
    assert log.records == ()
    assert log.room.tables == ()


# ----- the command line --------------------------------------------------------


def test_cli_prints_one_json_object_per_event(capsys, night: RoomLog) -> None:
    assert main(["room", str(EXAMPLE), "--json"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert printed == [r.to_json() for r in night.records]
    picked = [p for p in printed if p["event"] == "ChipsPickedUp"]
    assert picked == [
        {
            "line": line_of("wait 35"),
            "at": 65,
            "event": "ChipsPickedUp",
            "decision": True,
            "player": "bob",
            "table": 1,
            "seat": 2,
            "citations": ["RRP5 policies.20"],
        }
    ]


def test_cli_decisions_keeps_only_the_floor_s(capsys, night: RoomLog) -> None:
    assert main(["room", str(EXAMPLE), "--json", "--decisions"]) == 0
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert printed == [r.to_json() for r in night.decisions]
    assert all(p["decision"] for p in printed)
    assert {p["event"] for p in printed} >= {
        "PlayerCalled",
        "SeatLocked",
        "LockUpPickedUp",
        "MoveDue",
        "PlayerMoved",
        "ChipsPickedUp",
        "GameBroken",
    }
    assert main(["room", str(EXAMPLE), "--decisions"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert len(text) == len(night.decisions)
    assert all(line[8:13] == "floor" for line in text)
    assert (
        "  1:05  floor  bob's chips picked up: seat 2 at table 1 is open [RRP5 policies.20]" in text
    )


def test_cli_text_shows_time_and_citations(capsys, night: RoomLog) -> None:
    assert main(["room", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert len(text) == len(night.records)
    assert text[0] == "  0:00         ann and zed kept out of the same game [RRP5 seating.5]"
    assert "  0:30  floor  ned's lock-up of seat 4 at table 1 picked up [RRP5 policies.21]" in text
    assert "  1:05  floor  zed: bar for good [RRP5 conduct.prohibited.4]" in text


def test_cli_error_names_the_line_and_rule(capsys, tmp_path) -> None:
    log = tmp_path / "refused.txt"
    log.write_text("game nl12 holdem no-limit 1/2\nopen 1 nl12\nopen 1 nl12\n")
    assert main(["room", str(log)]) == 1
    captured = capsys.readouterr()
    assert "table 1 opens" in captured.out  # what happened before the refused line
    assert captured.err == (
        f"floorman room: {log}: line 3 'open 1 nl12': table 1 already has a game"
        " [RRP5 policies.1]\n"
    )
    log.write_text("game nl12 holdem no-limit 1/2\nopen one nl12\n")
    assert main(["room", str(log), "--json"]) == 1
    err = capsys.readouterr().err
    assert "line 2 'open one nl12': table 'one' is not a whole number" in err
    assert main(["room", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err


def test_readme_shows_what_floorman_room_prints(capsys, night: RoomLog) -> None:
    readme = (EXAMPLE.parents[1] / "README.md").read_text()
    command = '$ floorman room examples/room.txt --decisions | grep -e "picked up" -e "moves"\n'
    shown = readme.split(command, 1)[1].split("\n\n", 1)[0].splitlines()
    assert main(["room", str(EXAMPLE), "--decisions"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert shown == [line for line in printed if "picked up" in line or "moves" in line]
    command = "$ floorman room examples/room.txt --json --decisions | grep ChipsPickedUp\n"
    shown = readme.split(command, 1)[1].split("\n```", 1)[0].splitlines()
    assert main(["room", str(EXAMPLE), "--json", "--decisions"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert shown == [line for line in printed if "ChipsPickedUp" in line]


def test_the_room_line_sets_the_house_lock_up() -> None:
    text = (
        "room seed=3 lockup=50\ngame nl12 holdem no-limit 1/2\nlist ann nl12\nout ann lockup=20\n"
    )
    with pytest.raises(FloorError, match=r"^line 4 .*50 or more") as refused:
        play_room(text)
    assert "seating.2" in [c.id for c in refused.value.citations]
    log = play_room(text.replace("lockup=20", "lockup=50"))
    assert log.room.lockup == 50
