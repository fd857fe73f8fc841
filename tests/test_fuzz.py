"""Bad input on every command: whatever is typed or read, floorman answers in words.

Each case runs the command line's ``main(argv)`` in this process, with standard
input, output and error replaced, and holds it to three things: no exception
escapes but the ``SystemExit`` of argparse (no traceback), the case ends within
a time bound (no hang), and the exit status is 0, 1 or 2. The inputs are the examples and a few real
hands mutated (lines dropped, doubled, swapped, words replaced, bytes flipped),
random bytes, and random argument lists for every subcommand.

The default size keeps the file well under a minute; ``FLOORMAN_LONG=1`` runs
many more cases.
"""

from __future__ import annotations

import contextlib
import functools
import io
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.cli import main
from floorman.clock import ManualClock
from floorman.deal import Turn
from floorman.errors import FloormanError
from floorman.formats import phh
from floorman.formats.replay import apply_action
from floorman.formats.session import _table_event as table_event
from floorman.formats.session import parse_table_line
from floorman.shuffle import SeededShuffler
from floorman.table import Table
from tests.conftest import sample_size
from tests.test_cli import HAND

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHARED = ROOT.parent / "shared" / "phh"

#: Seconds one case may take: far beyond any input here (the slowest, an
#: ``eval`` with three wild cards, takes a few seconds), far short of a hang.
BOUND = 30


def _texts(*paths: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in paths if p.is_file()]


SESSIONS = _texts(EXAMPLES / "session.txt", EXAMPLES / "rulings.txt")
ROOMS = _texts(EXAMPLES / "room.txt")
CARDROOMS = _texts(EXAMPLES / "cardroom.txt")
HANDS = [
    HAND,
    *_texts(
        SHARED / "dwan-ivey-2009.phh",
        SHARED / "antonius-blom-2009.phh",
        SHARED / "wsop" / "2023" / "43" / "5" / "85.phh",
    ),
]


class Hang(BaseException):
    """A case ran past its time bound."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


@contextlib.contextmanager
def _bounded(seconds: int) -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """Run ``floorman ARGV`` in this process: its exit status, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with _bounded(BOUND), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exited:  # argparse: a usage error, or --help
                code = exited.code
                status = code if isinstance(code, int) else 0 if code is None else 2
    except Hang:
        pytest.fail(f"floorman {argv} took more than {BOUND} s (stdin {stdin[:300]!r})")
    finally:
        sys.stdin = old_in
    assert status in (0, 1, 2), (argv, stdin[:300], status, err.getvalue()[-500:])
    assert "Traceback" not in err.getvalue()
    return status, out.getvalue(), err.getvalue()


# --------------------------------------------------------------- mutation


#: Words that mean something somewhere, to put in the place of others.
WORDS = [
    "0", "1", "2", "-1", "3", "9", "10", "11", "99", "1.5", "1e9", "99999999999999999999",
    "s0", "s1", "s3", "s11", "p1", "p9", "d", "dh", "db", "f", "cc", "cbr", "sd", "sm", "-",
    "AsKs", "AhAh", "??", "Xx", "deal", "sit", "leave", "report", "decide", "ask", "chop",
    "transfer", "impound", "release", "table", "game", "open", "start", "close", "list",
    "take", "move", "break", "holdem", "stud", "no-limit", "fixed-limit", "blinds=2/1",
    "blinds=0/0", "seats=1", "seats=99", "runs=0", "runs=9", "seed=-1", "1/2", "-1/2",
    "0/0", "abc", "1/2/3/4", "=", "[", "]", '"', "#", "", "é", "\x00", "²", "٣",
    "9" * 5000, "1e99999", "2e-99999", "0.0000000000000000000001", "inf", "nan",
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> bytes:
    """One of ``texts`` with a few random edits, as bytes (not always UTF-8)."""
    lines = draw(st.sampled_from(texts)).splitlines()
    for _ in range(draw(st.integers(1, 6))):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["drop", "double", "swap", "word", "cut", "insert"]))
        if edit == "drop":
            del lines[i]
        elif edit == "double":
            lines.insert(i, lines[i])
        elif edit == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif edit == "word":
            words = lines[i].split(" ") or [""]
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.sampled_from(WORDS) | st.text(max_size=6))
            lines[i] = " ".join(words)
        elif edit == "cut":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            lines.insert(i, " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=5))))
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0 and data:  # now and then a byte flipped
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    return data


FUZZ = settings(
    max_examples=sample_size(60, 1000),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------- the inputs


@FUZZ
@given(
    mutated(SESSIONS),
    st.sampled_from([[], ["--json"], ["--format", "pokerstars"], ["--format", "phh"]]),
)
def test_session_logs_mutated(log: bytes, options: list[str]) -> None:
    cli(["session", "-", *options], log)


@FUZZ
@given(mutated(ROOMS), st.sampled_from([[], ["--json"], ["--decisions"]]))
def test_room_logs_mutated(log: bytes, options: list[str]) -> None:
    cli(["room", "-", *options], log)


@FUZZ
@given(mutated(CARDROOMS), st.sampled_from([[], ["--json"]]))
def test_cardroom_logs_mutated(log: bytes, options: list[str]) -> None:
    cli(["cardroom", "-", *options], log)


@FUZZ
@given(mutated(HANDS), st.sampled_from([[], ["--json"], ["--rules", "wsop"]]))
def test_hand_histories_mutated(text: bytes, options: list[str]) -> None:
    cli(["replay", "-", *options], text)


@FUZZ
@given(st.sampled_from(["session", "room", "cardroom", "replay"]), st.binary(max_size=300))
def test_random_bytes_on_standard_input(command: str, data: bytes) -> None:
    cli([command, "-"], data)


def test_every_shared_hand_replays_without_a_traceback() -> None:
    if not SHARED.is_dir():
        pytest.skip("the shared hands are not here")
    files = sorted(str(p) for p in SHARED.rglob("*.phh*"))
    status, out, _ = cli(["replay", *files])
    assert status in (0, 1)
    assert out.count("\n") >= len(files)


# --------------------------------------------------------------- built line by line

SEAT = st.sampled_from(["1", "2", "3", "4", "5", "6", "0", "7", "x"])
CHIPS = st.sampled_from(
    ["100", "200", "40", "1", "0", "-5", "1.5", "99999999999999999999", "9" * 5000, "²"]
)
ACTION = st.sampled_from(["f", "cc", "cc", "cc", "cbr 6", "cbr 20", "cbr 100", "pb", "sd", "sm"])


@st.composite
def session_logs(draw: st.DrawFn) -> bytes:
    """A table line and events drawn from the session grammar, with actions that
    are often legal (check or call), so that deals play through and rulings come."""
    game = draw(
        st.sampled_from(
            [
                "holdem no-limit blinds=1/2",
                "omaha pot-limit blinds=1/2",
                "stud fixed-limit ante=1 bring-in=2 bets=5/10",
                "lowball fixed-limit blinds=1/2 bets=2/4",
                "holdem fixed-limit blinds=1/2 bets=2/4 button=moving",
            ]
        )
    )
    extra = " ".join(
        draw(
            st.lists(
                st.sampled_from(
                    [
                        "seats=6",
                        "start=1",
                        "seed=3",
                        "straddles=yes",
                        "time=1/30",
                        "max-buy-in=300",
                        "rules=wsop",
                        "buy-in=100",
                    ]
                ),
                max_size=3,
            )
        )
    )
    lines = [f"table {game} {extra}"]
    for seat in draw(st.lists(st.sampled_from("123456"), min_size=2, max_size=5, unique=True)):
        lines.append(f"sit {seat} n{seat} {draw(st.sampled_from(['100', '200', '40']))}")
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.integers(0, 9))
        if kind < 4:
            lines.append("deal" + draw(st.sampled_from(["", "", " runs=2"])))
            for _ in range(draw(st.integers(0, 14))):
                lines.append(f"s{draw(SEAT)} {draw(ACTION)}")
            if draw(st.booleans()):
                lines.append(
                    draw(
                        st.sampled_from(
                            [
                                "report misdeals.1.1",
                                "report dead-hands.1.1 s2",
                                "report dead-hands.2 s3",
                                "decide dead",
                                "report irregularities.3",
                                "report blinds.10 s2 acted",
                                "chop",
                                "report showdown.6 s1 to=out",
                                "report irregularities.10",
                            ]
                        )
                    )
                )
        elif kind < 6:
            verb = draw(st.sampled_from(["ask", "transfer", "impound", "release"]))
            lines.append(f"{verb} {draw(SEAT)} {draw(SEAT)} {draw(CHIPS)}")
        else:
            verb = draw(
                st.sampled_from(
                    [
                        "sit",
                        "buy",
                        "arrive",
                        "out",
                        "back",
                        "post",
                        "wait",
                        "leave",
                        "move",
                        "over",
                        "straddle",
                        "waiting",
                        "clock",
                        "pickup",
                        "courtesy",
                        "misplaced",
                    ]
                )
            )
            args = draw(
                st.lists(SEAT | CHIPS | st.sampled_from(["post", "wait", "zed"]), max_size=3)
            )
            lines.append(" ".join([verb, *args]))
    return "\n".join(lines).encode()


@FUZZ
@given(session_logs(), st.sampled_from([[], ["--format", "pokerstars"], ["--format", "phh"]]))
def test_session_logs_built_from_the_grammar(log: bytes, options: list[str]) -> None:
    cli(["session", "-", *options], log)


@st.composite
def played_sessions(draw: st.DrawFn) -> bytes:
    """A session that plays: each line is tried on a table of the same setup, and
    a deal's actions are drawn from what the rules allow at each turn; then a
    few lines are mutated, so the refusals come late, in a table with a past."""
    game = draw(
        st.sampled_from(
            [
                "holdem no-limit blinds=1/2",
                "omaha8 pot-limit blinds=1/2",
                "stud fixed-limit ante=1 bring-in=2 bets=5/10",
                "27-triple-draw fixed-limit blinds=1/2 bets=2/4 seats=6",
                "holdem fixed-limit blinds=1/2 bets=2/4 button=moving",
            ]
        )
    )
    extra = " ".join(
        draw(
            st.lists(
                st.sampled_from(
                    [
                        "start=1",
                        "seed=3",
                        "straddles=yes",
                        "time=1/30",
                        "max-buy-in=400",
                        "rules=wsop",
                    ]
                ),
                max_size=3,
                unique=True,
            )
        )
    )
    lines = [f"table {game} {extra}"]
    setup, seed, start = parse_table_line(lines[0])
    clock = ManualClock()
    table = Table(setup, shuffler=SeededShuffler(seed), clock=clock, button=start)

    def event(line: str) -> None:
        try:
            table_event(table, clock, line)
        except FloormanError:
            return
        lines.append(line)

    for seat in draw(st.lists(st.sampled_from("123456"), min_size=2, max_size=5, unique=True)):
        event(f"sit {seat} n{seat} {draw(st.sampled_from(['100', '200', '40']))}")
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.integers(0, 2)):
            verb = draw(
                st.sampled_from(
                    [
                        "buy",
                        "out",
                        "back",
                        "post",
                        "wait",
                        "leave",
                        "move",
                        "straddle",
                        "clock",
                        "courtesy",
                        "sit",
                    ]
                )
            )
            args = draw(st.lists(SEAT | CHIPS | st.sampled_from(["post", "wait"]), max_size=3))
            event(" ".join([verb, *args]))
            continue
        try:
            deal = table.start_deal()
        except FloormanError:
            continue
        lines.append("deal")
        shows: dict[int, phh.ShowOrMuck] = {}
        while not deal.is_over:
            legal = deal.legal()
            assert legal.position is not None
            seat = table.positions[legal.position]
            if legal.turn is Turn.DRAW:
                move = "sd"
            else:
                moves = ["cc"] * 3 * bool(legal.check or legal.call) + ["f"] * legal.fold
                moves += ["pb"] * bool(legal.bring_in)
                if legal.can_wager:
                    moves.append(f"cbr {draw(st.integers(legal.min_to, legal.max_to))}")
                move = draw(st.sampled_from(moves))
            action = phh.parse_action(f"p{legal.position + 1} {move}")
            # Through the table, which takes the deal's result as it ends.
            table.on_deal(functools.partial(apply_action, action=action, shows=shows))
            lines.append(f"s{seat} {move}")
    return "\n".join(lines).encode()


@FUZZ
@given(played_sessions(), st.data())
def test_played_sessions_mutated_late(log: bytes, data: st.DataObject) -> None:
    assert cli(["session", "-"], log)[0] == 0  # as played, the log replays
    text = log.decode()
    cut = data.draw(st.integers(0, text.count("\n")))  # mutate from this line on
    head, tail = "\n".join(text.split("\n")[:cut]), "\n".join(text.split("\n")[cut:])
    mutant = data.draw(mutated([tail])) if tail else b""
    for options in ([], ["--format", "pokerstars"], ["--format", "phh"]):
        cli(["session", "-", *options], head.encode() + b"\n" + mutant)


PLAYERS = st.sampled_from(["ann", "bob", "cy", "dee", "eve", "zed"])
TABLES = st.sampled_from(["1", "2", "3", "0", "x"])


@st.composite
def room_logs(draw: st.DrawFn) -> bytes:
    """Room lines drawn from the room log's grammar, two kinds of game open."""
    lines = [
        "room seed=3",
        "game a holdem no-limit 1/2",
        "game b stud fixed-limit 5/10",
        "open 1 a seats=3",
        "open 2 a seats=3",
    ]
    verbs = {
        "open": lambda: (
            f"{draw(TABLES)} {draw(st.sampled_from(['a', 'b']))}"
            + draw(st.sampled_from(["", " seats=2", " main=1", " extra", " seats=0"]))
        ),
        "start": lambda: draw(TABLES),
        "close": lambda: draw(TABLES),
        "break": lambda: draw(TABLES),
        "list": lambda: f"{draw(PLAYERS)} {draw(st.sampled_from(['a', 'b', 'c']))}",
        "interest": lambda: f"{draw(PLAYERS)} a",
        "unlist": lambda: f"{draw(PLAYERS)} a",
        "arrive": lambda: draw(PLAYERS),
        "out": lambda: draw(PLAYERS),
        "take": lambda: (
            f"{draw(PLAYERS)} {draw(TABLES)}" + draw(st.sampled_from(["", " 1", " 2", " 9"]))
        ),
        "refuse": lambda: draw(PLAYERS),
        "noanswer": lambda: draw(PLAYERS),
        "leave": lambda: draw(PLAYERS),
        "change": lambda: draw(PLAYERS),
        "transfer": lambda: f"{draw(PLAYERS)} {draw(TABLES)}",
        "due": lambda: draw(PLAYERS),
        "away": lambda: draw(PLAYERS) + draw(st.sampled_from(["", " took=5", " took=-1"])),
        "extend": lambda: f"{draw(PLAYERS)} {draw(st.sampled_from(['5', '0', '-3', '1e9']))}",
        "back": lambda: draw(PLAYERS),
        "over": lambda: f"{draw(PLAYERS)} {draw(TABLES)} {draw(st.sampled_from(['1', '2']))}",
        "apart": lambda: f"{draw(PLAYERS)} {draw(PLAYERS)}",
        "reserve": lambda: f"{draw(TABLES)} 2 {draw(PLAYERS)}",
        "warn": lambda: f"{draw(PLAYERS)} conduct.improper.2",
        "suspend": lambda: f"{draw(PLAYERS)} conduct.improper.2 minutes=30",
        "bar": lambda: f"{draw(PLAYERS)} conduct.improper.1",
        "wait": lambda: draw(st.sampled_from(["1", "20", "61", "0", "-1", "0.5", "nan", "1e300"])),
    }
    for _ in range(draw(st.integers(1, 30))):
        verb = draw(st.sampled_from(sorted(verbs)))
        lines.append(f"{verb} {verbs[verb]()}")
    return "\n".join(lines).encode()


@FUZZ
@given(room_logs(), st.sampled_from([[], ["--json"], ["--decisions"]]))
def test_room_logs_built_from_the_grammar(log: bytes, options: list[str]) -> None:
    cli(["room", "-", *options], log)


# --------------------------------------------------------------- arguments

CARDS = st.sampled_from(
    ["AsKs", "QhQd", "As Ah Kd Qd", "7s 8s 9h Th", "2c", "Xx", "Zz", "AsAs", "", "As Ks Qs Js Ts"]
)
NUMBERS = st.sampled_from(["0", "1", "-1", "5", "2000", "1.5", "x", "99999999999999999999"])


@st.composite
def equity_args(draw: st.DrawFn) -> list[str]:
    args = ["equity", *draw(st.lists(CARDS, max_size=4))]
    if draw(st.booleans()):  # a full board, or samples: an exact preflop run takes seconds
        args += ["--board", draw(st.sampled_from(["Qs Js 2c 3d 4h", "2s 5h Kh Qd 9c", "Qs Js"]))]
        if args[-1] == "Qs Js":
            args += ["--samples", draw(st.sampled_from(["1", "100", "0", "-3"]))]
    else:
        args += ["--samples", draw(st.sampled_from(["1", "50", "0", "-1", "x"]))]
    args += draw(st.lists(st.sampled_from(["--dead", "--seed", "--game", "--json"]), max_size=2))
    args += draw(st.lists(NUMBERS | st.sampled_from(["holdem", "omaha", "omaha8"]), max_size=2))
    return args


@st.composite
def eval_args(draw: st.DrawFn) -> list[str]:
    deck = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"] + ["Xx", "Zz", "As"]
    cards = " ".join(draw(st.lists(st.sampled_from(deck), max_size=11)))
    args = ["eval", cards]
    if draw(st.booleans()):
        args += ["--board", " ".join(draw(st.lists(st.sampled_from(deck), max_size=6)))]
    options = ["--omaha", "--json", "--ranking", "high", "ace-to-five", "deuce-to-seven"]
    options += ["eight-or-better", "--joker", "bug", "wild", "--wild", "2", "K", "Z"]
    return args + draw(st.lists(st.sampled_from(options), max_size=5))


@st.composite
def other_args(draw: st.DrawFn) -> list[str]:
    command = draw(
        st.sampled_from(["rule", "rules", "demo", "replay", "session", "room", "cardroom", ""])
    )
    words = ["blinds.9", "ranking.11", "RRP5 ties.1", "nope.1", "blinds", "--long", "--json"]
    words += ["-", "--help", "--rules", "wsop", "/", "/nonexistent.phh", "--format", "phh", "x"]
    return [command, *draw(st.lists(st.sampled_from(words), max_size=4))]


@FUZZ
@given(st.one_of(equity_args(), eval_args(), other_args()))
def test_random_argument_lists(argv: list[str]) -> None:
    cli(argv, b"")


PLAY_LINES = [
    "", "x", "c", "f", "a", "r 10", "b 6", "r 1", "b 99999999999999999999", "raise abc",
    "buy 100", "buy 900", "buy -1", "buy 1.5", "out", "back", "back post", "back wait",
    "post", "wait", "table", "help", "d Ah", "stand", "show", "muck", "bring", "sit out",
    "zz", "\t", "é", "buy ²", "buy " + "9" * 5000, "r " + "9" * 5000,
]  # fmt: skip


@settings(FUZZ, max_examples=sample_size(20, 300))
@given(
    st.lists(
        st.sampled_from(
            ["--game", "--structure", "--blinds", "--seats", "--bots", "--chips", "--button"]
        )
        | st.sampled_from(["holdem", "stud", "badugi", "no-limit", "fixed-limit", "2/1", "1/2"])
        | st.sampled_from(["0", "2", "3", "-5", "1.5", "dead", "moving", "0/0", "abc"]),
        max_size=4,
    ),
    st.lists(st.sampled_from(PLAY_LINES), max_size=25),
    st.integers(0, 2**32),
)
def test_play_with_random_settings_and_keys(argv: list[str], lines: list[str], seed: int) -> None:
    cli(["play", "--seed", str(seed), *argv], "\n".join(lines).encode())
