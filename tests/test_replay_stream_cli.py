"""``floorman replay`` at volume: a .phhs of thousands of hands replayed in one
process or several to the same lines in the same order, a summary that counts
what was refused (by rule), what ended on other stacks and what could not be
read, a progress line only on a terminal, Ctrl-C and a lost worker handled, and
memory that does not grow with the file."""

from __future__ import annotations

import contextlib
import fcntl
import io
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman._replay_report import Progress, Tally
from floorman._replay_run import (
    BATCH,
    Outcome,
    PhhFile,
    WorkerLost,
    chunks_of,
    in_order,
    replay_chunk,
)
from floorman.cli import main
from floorman.formats.phh import read_phh, read_phhs, write_phh
from floorman.formats.replay import replay
from tests.test_cli import HAND

ROOT = Path(__file__).resolve().parent.parent
PLURIBUS = ROOT.parent / "shared" / "pluribus"
REAL = sorted(PLURIBUS.rglob("*.phh")) if PLURIBUS.is_dir() else []
needs_pluribus = pytest.mark.skipif(not REAL, reason=f"the real hands are not at {PLURIBUS}")

REFUSED, OTHER_STACKS, UNREADABLE = 700, 1_400, 2_100


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def volume(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A .phhs of 3,000 real six-max hands (the shared ones, some twice), one of
    them refused, one recording other stacks than it reaches, one unreadable."""
    if not REAL:
        pytest.skip(f"the real hands are not at {PLURIBUS}")
    texts = [p.read_text() for p in REAL[:1_500]]
    parts = []
    for number in range(1, 3_001):
        text = texts[(number - 1) % len(texts)]
        if number == REFUSED:
            # The first bet or raise made below the big blind (RRP5 betting.5 and on).
            first = text.index("cbr ")
            text = text[:first] + "cbr 99" + text[text.index("'", first) :]
        elif number == OTHER_STACKS:
            head, _, rest = text.partition("finishing_stacks = [")
            stacks, _, tail = rest.partition("]")
            values = [int(v) for v in stacks.split(",")]
            values[0], values[1] = values[0] - 1, values[1] + 1
            text = f"{head}finishing_stacks = [{', '.join(map(str, values))}]{tail}"
        elif number == UNREADABLE:
            text = text.replace("min_bet = 100", "min_bet = = 100")
        parts.append(f"[{number}]\n{text}")
    path = tmp_path_factory.mktemp("volume") / "volume.phhs"
    path.write_text("\n".join(parts))
    return path


@needs_pluribus
def test_one_process_or_two_print_the_same_lines_in_file_order(capsys, volume):
    one = run(capsys, "replay", "--jobs", "1", str(volume))
    two = run(capsys, "replay", "--jobs", "2", str(volume))
    assert one[:2] == two[:2]
    status, out, _ = one
    assert status == 2  # a hand could not be read
    lines = out.splitlines()
    assert len(lines) == 2_999
    numbers = [int(line.split(": hand ")[1].split(":")[0]) for line in lines]
    assert numbers == [n for n in range(1, 3_001) if n != UNREADABLE]
    assert one[2].splitlines()[0] == two[2].splitlines()[0]
    assert (
        one[2]
        .splitlines()[0]
        .startswith(f"floorman replay: {volume}: hand [{UNREADABLE}], not valid TOML:")
    )


@needs_pluribus
def test_the_lines_are_the_whole_file_readers_hands_replayed(capsys, volume):
    text = volume.read_text()
    # The whole-file reader, given the file without its unreadable hand.
    start = text.index(f"[{UNREADABLE}]\n")
    end = text.index(f"[{UNREADABLE + 1}]\n")
    histories = read_phhs(text[:start] + text[end:])
    _, out, _ = run(capsys, "replay", "--json", "--jobs", "2", str(volume))
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == len(histories) == 2_999
    for record, history in zip(records, histories, strict=True):
        result = replay(history)
        if result.error is not None:
            assert record["error"]["action_index"] == result.error.action_index
        else:
            cpu = history.chips_per_unit
            assert [round(s * cpu) for s in record["finishing_stacks"]] == list(
                result.finishing_stacks or ()
            )
            assert record["matches_file"] is result.matches_file


@needs_pluribus
def test_the_summary_counts_refusals_by_rule_other_stacks_and_unreadable_hands(capsys, volume):
    _, out, err = run(capsys, "replay", "--jobs", "2", "--json", str(volume))
    summary = json.loads(err.splitlines()[-1])["summary"]
    refused = [json.loads(line) for line in out.splitlines() if '"error"' in line]
    other = [json.loads(line) for line in out.splitlines() if '"matches_file": false' in line]
    assert [r["hand"] for r in refused] == [REFUSED]
    assert [r["hand"] for r in other] == [OTHER_STACKS]
    assert summary["hands"] == 3_000
    assert summary["unreadable"] == 1
    assert summary["refused"] == 1
    assert summary["replayed"] == 2_998
    assert summary["other_stacks"] == 1
    assert summary["as_recorded"] == 2_997
    assert summary["first_other_stacks"] == {"file": str(volume), "hand": OTHER_STACKS}
    (group,) = summary["refused_by_rules"]
    assert group["citations"] == refused[0]["error"]["citations"]
    assert group["citations"]  # a refusal cites its rules
    assert group == {
        "citations": group["citations"],
        "hands": 1,
        "first": {
            "file": str(volume),
            "hand": REFUSED,
            "action_index": group["first"]["action_index"],
        },
    }
    assert summary["stopped"] is None
    # In words, on standard error, the same counts.
    _, _, words = run(capsys, "replay", "--jobs", "1", str(volume))
    summary_lines = words.splitlines()[1:]
    cited = ", ".join(group["citations"])
    action = group["first"]["action_index"]
    assert summary_lines[0].startswith("floorman replay: 3,000 hands in 1 file in ")
    assert summary_lines[1:] == [
        f"  2,998 replayed: 2,997 to the recorded stacks, 1 to other stacks (first:"
        f" {volume}: hand {OTHER_STACKS})",
        "  1 refused, by the rules cited:",
        f"          1  {cited}  (first: {volume}: hand {REFUSED}: action {action})",
        "  1 unreadable",
    ]


def test_one_hand_says_nothing_more_and_quiet_says_nothing(capsys, tmp_path):
    one = tmp_path / "one.phh"
    one.write_text(HAND)
    assert run(capsys, "replay", str(one)) == (
        0,
        f"{one}: NT: finishing stacks [99, 98, 103] (as recorded)\n",
        "",
    )
    status, out, err = run(capsys, "replay", str(one), str(one))
    assert status == 0
    assert out.count("\n") == 2
    assert err.startswith("floorman replay: 2 hands in 2 files in ")
    assert run(capsys, "replay", "--quiet", str(one), str(one))[2] == ""


def test_a_phhs_of_one_hand_prints_it_without_a_number(capsys, tmp_path):
    single = tmp_path / "single.phhs"
    single.write_text("[1]\n" + HAND)
    assert run(capsys, "replay", str(single))[1] == (
        f"{single}: NT: finishing stacks [99, 98, 103] (as recorded)\n"
    )


def test_lines_before_the_first_hand_are_unreadable_and_the_hands_replay(capsys, tmp_path):
    path = tmp_path / "preamble.phhs"
    path.write_text("author = 'someone'\n" + "".join(f"[{n}]\n{HAND}" for n in (1, 2)))
    status, out, err = run(capsys, "replay", "--json", str(path))
    assert status == 2
    assert [json.loads(line)["hand"] for line in out.splitlines()] == [1, 2]
    first, last = err.splitlines()
    assert first == (
        f"floorman replay: {path}: line 1: author is outside any hand; a .phhs file holds"
        " each hand under a header [1], [2], ..."
    )
    summary = json.loads(last)["summary"]
    assert (summary["hands"], summary["replayed"], summary["unreadable"]) == (2, 2, 1)


def test_standard_input_is_streamed_a_hand_at_a_time(capsys, monkeypatch, tmp_path):
    text = "".join(f"[{n}]\n{write_phh(read_phh(HAND))}" for n in range(1, 301))
    path = tmp_path / "three-hundred.phhs"
    path.write_text(text)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status, out, _ = run(capsys, "replay", "--jobs", "2", "-")
    assert status == 0
    assert out == run(capsys, "replay", "--jobs", "1", str(path))[1].replace(str(path), "-")
    assert out.splitlines()[299] == "-: hand 300: NT: finishing stacks [99, 98, 103] (as recorded)"


def test_jobs_is_a_whole_number_one_or_more(capsys):
    with pytest.raises(SystemExit):
        main(["replay", "--jobs", "0", "-"])
    assert "jobs is a whole number 1 or more, not '0'" in capsys.readouterr().err


# --- processes ------------------------------------------------------------------------------------


def _echo(chunk: list[object]) -> list[Outcome]:
    return [Outcome(out=str(job)) for job in chunk]


def _dies_at_the_third(chunk: list[object]) -> list[Outcome]:
    if 3 in chunk:
        os._exit(7)
    return _echo(chunk)


def test_chunks_come_back_in_order_from_several_processes():
    chunks = chunks_of(range(1_000), 7)
    got = [o.out for chunk in in_order(_echo, chunks, jobs=2, ahead=2) for o in chunk]
    assert got == [str(n) for n in range(1_000)]


def _where(chunk: list[object]) -> list[Outcome]:
    return [Outcome(out=f"{job} {os.getpid()}") for job in chunk]


def test_a_run_works_alone_until_it_has_lasted_solo_then_starts_its_workers():
    now = [0.0]

    def clock() -> float:
        now[0] += 0.25  # each look at the clock, a quarter of a second later
        return now[0]

    runs = in_order(_where, chunks_of(range(12), 1), jobs=2, solo=1.0, clock=clock)
    got = [o.out.split() for chunk in runs for o in chunk if o.out]
    assert [int(n) for n, _ in got] == list(range(12))  # in order all the same
    pids = [int(pid) for _, pid in got]
    assert pids[:4] == [os.getpid()] * 4  # the first second, here
    assert os.getpid() not in pids[4:]  # then in the workers
    # A run over within the second starts none.
    short = in_order(_where, chunks_of(range(3), 1), jobs=2, solo=10.0)
    assert {o.out.split()[1] for chunk in short for o in chunk if o.out} == {str(os.getpid())}


def test_a_worker_that_dies_is_reported_not_waited_for():
    got: list[str | None] = []

    def replay_all() -> None:
        for chunk in in_order(_dies_at_the_third, chunks_of(range(1, 9), 1), jobs=2):
            got.extend(o.out for o in chunk)

    with pytest.raises(WorkerLost) as lost:
        replay_all()
    assert lost.value.first == 3
    assert str(lost.value) == (
        "3: the worker process replaying the hands from here (a chunk of at most 64)"
        " ended without answering"
    )
    assert got == ["1", "2"]


def _big(tmp_path: Path, hands: int) -> Path:
    one = write_phh(read_phh(HAND))
    path = tmp_path / f"big-{hands}.phhs"
    path.write_text("".join(f"[{n}]\n{one}" for n in range(1, hands + 1)))
    return path


def test_ctrl_c_stops_every_process_with_a_summary(tmp_path):
    path = _big(tmp_path, 50_000)
    child = subprocess.Popen(
        [sys.executable, "-m", "floorman", "replay", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,  # a group of its own, as a terminal's job is
    )
    assert child.stdout is not None
    child.stdout.readline()  # replaying has begun
    os.killpg(child.pid, signal.SIGINT)  # Ctrl-C reaches the whole group
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130
    assert b"Traceback" not in err
    assert b", stopped: interrupted (Ctrl-C)" in err
    with pytest.raises(ProcessLookupError):
        os.killpg(child.pid, 0)  # no worker is left


def _children(pid: int) -> list[int]:
    listed = Path(f"/proc/{pid}/task/{pid}/children")
    if not listed.exists():
        pytest.skip("this system does not list a process's children")
    return [int(p) for p in listed.read_text().split()]


def test_a_worker_killed_midway_is_reported_and_the_run_stops(tmp_path):
    path = _big(tmp_path, 50_000)
    child = subprocess.Popen(
        [sys.executable, "-m", "floorman", "replay", "--jobs", "2", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert child.stdout is not None
    first = child.stdout.readline()  # the workers are replaying
    os.kill(_children(child.pid)[0], signal.SIGKILL)
    assert child.stderr is not None
    out = first + child.stdout.read()
    err = child.stderr.read()
    child.wait(timeout=120)
    assert child.returncode == 2
    text = err.decode()
    assert "Traceback" not in text
    lost, summary, *_ = text.splitlines()
    assert lost.startswith(f"floorman replay: {path}: hand ")
    assert lost.endswith(" ended without answering; stopped")
    assert summary.endswith(", stopped: a worker process was lost")
    # What was printed is every hand up to the lost chunk, in order.
    done = [int(line.split(": hand ")[1].split(":")[0]) for line in out.decode().splitlines()]
    assert done == list(range(1, len(done) + 1))
    assert lost.startswith(f"floorman replay: {path}: hand {len(done) + 1}: ")


# --- the progress line -----------------------------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_line_waits_a_second_then_redraws_at_most_ten_times_a_second():
    screen, clock = io.StringIO(), _Clock()
    progress = Progress(screen, clock=clock, enabled=True, width=lambda: 60)
    progress.update(100, "big.phhs", 0.01)
    assert screen.getvalue() == ""
    clock.now += 2.0
    progress.update(4_000, "big.phhs", 0.25)
    assert screen.getvalue() == "\rfloorman replay: 4,000 hands, 2,000 hands/s, big.phhs 25%\x1b[K"
    clock.now += 0.05
    progress.update(4_100, "big.phhs", 0.26)
    assert screen.getvalue().count("\r") == 1
    clock.now += 0.1
    progress.update(4_500, "a-file-whose-name-is-too-long-for-the-line.phhs", 0.3)
    last = screen.getvalue().split("\r")[-1]
    assert last == "floorman replay: 4,500 hands, 2,093 hands/s, a-file-whose-…\x1b[K"
    assert len(last) - len("\x1b[K") == 59  # the terminal's width less one
    progress.clear()
    assert screen.getvalue().endswith("\r\x1b[K")
    assert not progress.drawn


def test_no_progress_line_when_not_enabled():
    screen, clock = io.StringIO(), _Clock()
    progress = Progress(screen, clock=clock, enabled=False)
    clock.now += 10
    progress.update(1, None, None)
    progress.clear()
    assert screen.getvalue() == ""


_AT_ONCE = (
    "import sys\n"
    "import floorman._replay_report as report\n"
    "report.DELAY = 0.0\n"
    "from floorman.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def _stderr_on_a_terminal(argv: list[str]) -> tuple[int, bytes]:
    """Run ``floorman ARGV`` (its progress line due at once) with standard error on a
    terminal: its status and what the terminal was sent."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 400, 0, 0))
    child = subprocess.Popen(
        [sys.executable, "-c", _AT_ONCE, *argv],
        stdout=subprocess.DEVNULL,
        stderr=follower,
        cwd=ROOT,
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the terminal's other end is closed: the child is done
                break
            if not data:
                break
            seen += data
        elif child.poll() is not None:
            break
    os.close(leader)
    return child.wait(timeout=60), seen


def test_the_progress_line_is_drawn_on_a_terminal_and_nowhere_else(tmp_path, capsys, monkeypatch):
    path = _big(tmp_path, 2_000)
    status, seen = _stderr_on_a_terminal(["replay", "--jobs", "1", str(path)])
    assert status == 0
    drawn = seen.decode()
    assert "\rfloorman replay: " in drawn
    assert f" hands/s, {path}" in drawn
    assert drawn.count("\x1b[K") >= 2  # drawn, then cleared before the summary
    assert "floorman replay: 2,000 hands in 1 file in " in drawn
    status, seen = _stderr_on_a_terminal(["replay", "--quiet", "--jobs", "1", str(path)])
    assert (status, seen) == (0, b"")
    # Standard error a pipe or a file: the summary alone.
    monkeypatch.setattr("floorman._replay_report.DELAY", 0.0)
    status, _, err = run(capsys, "replay", "--jobs", "1", str(path))
    assert "\r" not in err
    assert "\x1b" not in err
    assert err.startswith("floorman replay: 2,000 hands in 1 file in ")


# --- memory ----------------------------------------------------------------------------------------


class _Sink(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


def _peak_of_a_replay(path: Path) -> int:
    with contextlib.redirect_stdout(_Sink()), contextlib.redirect_stderr(_Sink()):
        tracemalloc.start()
        try:
            assert main(["replay", "--jobs", "1", str(path)]) == 0
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


def test_a_replay_holds_as_much_for_ten_times_the_hands(tmp_path, monkeypatch):
    # Blocks of 8 kB, so that both files are many blocks long (a block of the
    # reader's own size is held whatever the file: that much is constant too).
    monkeypatch.setattr("floorman.formats.stream._BLOCK", 8192)
    small, large = _big(tmp_path, 300), _big(tmp_path, 3_000)
    _peak_of_a_replay(small)  # what is made once a process (tables, caches)
    peaks = [_peak_of_a_replay(small), _peak_of_a_replay(large)]
    assert peaks[1] < peaks[0] + 64 * 1024, peaks


def test_the_tally_keeps_one_example_a_rule():
    tally = Tally()
    for n in range(1, 10_001):
        tally.add(
            Outcome(out="", status=1, refused=("RRP5 betting.5",), file="f", label=n, action=3)
        )
    assert tally.refused_hands == 10_000
    assert len(tally.refused) == 1
    assert tally.refused[("RRP5 betting.5",)].first.label == 1


@given(st.text(alphabet="ab.Pp/ ", max_size=14))
def test_a_files_suffix_is_read_as_pathlib_reads_it(name: str) -> None:
    # Which reader a file gets (.phhs streamed) is decided without importing pathlib.
    from pathlib import PurePosixPath

    from floorman._replay_run import _suffix

    assert _suffix(name) == PurePosixPath(name).suffix


def test_a_chunk_gives_each_jobs_outcomes_in_order_as_the_job_alone_gives_them(tmp_path):
    # A chunk reads some hands before it replays them: the outcomes still come
    # in the order of the jobs, a file of several hands numbered, whatever is
    # read first.
    one = tmp_path / "one.phh"
    one.write_text(HAND)
    two = tmp_path / "two.phhs"
    two.write_text(f"[1]\n{HAND}\n[2]\n{HAND.replace('p3 cbr 6', 'p3 cbr 1')}")
    bad = tmp_path / "bad.phh"
    bad.write_text(HAND.replace("min_bet = 2", "min_bet = = 2"))
    missing = tmp_path / "missing.phh"
    given = Outcome(out="given", file="given")
    kinds = [PhhFile(str(one)), PhhFile(str(two)), PhhFile(str(bad)), given]
    kinds.append(PhhFile(str(missing)))
    jobs = [kinds[n % len(kinds)] for n in range(3 * BATCH + 1)]
    for as_json in (False, True):
        chunk = replay_chunk(jobs, rules="roberts", as_json=as_json)
        alone = [o for job in jobs for o in replay_chunk([job], rules="roberts", as_json=as_json)]
        assert chunk == alone
        assert len(chunk) == len(jobs) + sum(job == kinds[1] for job in jobs)
        assert [o.label for o in chunk[:3]] == [None, 1, 2]
        assert chunk[2].refused == ("RRP5 betting.5", "RRP5 betting.7")
        assert chunk[3].err is not None
        assert chunk[4] == given
        assert chunk[5].err is not None
        assert chunk[5].hands == 1


def test_a_chunk_leaves_the_cycle_collector_as_it_found_it(tmp_path: Path) -> None:
    import gc

    hand = tmp_path / "a.phh"
    hand.write_text(HAND, encoding="utf-8")
    seen: list[bool] = []
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            outcomes = replay_chunk([PhhFile(str(hand))], rules="roberts", as_json=False)
            assert outcomes[0].status == 0
            seen.append(gc.isenabled())
        gc.enable()
        with pytest.raises(AttributeError):  # a job that is not one stops the chunk
            replay_chunk([object()], rules="roberts", as_json=False)  # type: ignore[list-item]
        seen.append(gc.isenabled())
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [True, False, True]


class _Writes(io.StringIO):
    """A standard output that counts its writes (as an unbuffered one makes a system
    call of each)."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


def test_a_chunks_lines_are_written_at_once_in_order_with_its_errors(tmp_path, monkeypatch):
    """Each hand's line is written in file order, a chunk's lines by one write (two a
    line, where output is unbuffered, made a long replay slower), and a hand that cannot
    be read is told on standard error between the lines before and after it."""
    names = []
    for n in range(5):
        path = tmp_path / f"{n}.phh"
        path.write_text(HAND if n != 2 else "variant = ")
        names.append(str(path))
    out, err = _Writes(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["replay", "--jobs", "1", *names]) == 2
    lines = out.getvalue().splitlines()
    assert [line.split(":")[0] for line in lines] == [names[n] for n in (0, 1, 3, 4)]
    assert out.writes == 2  # the lines before the unreadable hand, and those after
    assert err.getvalue().startswith(f"floorman replay: {names[2]}: ")
