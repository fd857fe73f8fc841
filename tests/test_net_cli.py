"""``floorman bots --server`` and ``floorman play --server`` against a real
server on a free port (served from a thread, since each command runs its own
event loop). Every wait is bounded: a stall fails the test, saying where."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the client needs the server extra: .[server]")
pytest.importorskip("uvicorn", reason="the client's tests serve with uvicorn: .[server]")

from floorman.cli import main
from floorman.store import open_store
from floorman.table import events as tev
from tests.conftest import LONG
from tests.net_helpers import CHEAP, PASSWORD, make_room, run_in_thread, served_in_thread


def test_floorman_bots_seats_bots_that_play_whole_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = make_room(tmp_path)
    monkeypatch.setenv("FLOORMAN_ADMIN_PASSWORD", PASSWORD)
    argv = ["bots", "--tables", "1", "--per-table", "2", "--admin", "root"]
    with served_in_thread(url) as (base, _bots):
        status = run_in_thread(
            30,
            "floorman bots playing three deals",
            lambda: main([*argv, "--server", base, "--deals", "3", "--seed", "4"]),
        )
    assert status == 0
    out = capsys.readouterr().out
    assert "table 1 opened: 1/2 no-limit holdem, 6 seats" in out
    assert len(re.findall(r"^bot-[0-9a-f]{6} \(.+\) sits at table 1$", out, re.M)) == 2
    with open_store(url, hasher=CHEAP) as store:
        entries = store.entries(table=1)
        finished = [e for e in entries if isinstance(e.event, tev.DealFinished)]
        seated = {e.event.player for e in entries if isinstance(e.event, tev.PlayerSeated)}
        assert len(finished) >= 3
        assert len(seated) == 2
        # The bots' chips came from play money the admin credited.
        assert all(store.accounts.balance(name) == 2000 - 200 for name in seated)


def test_floorman_bots_without_an_admin_needs_open_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = make_room(tmp_path)
    with served_in_thread(url) as (base, _bots):
        status = run_in_thread(
            20, "floorman bots refusing", lambda: main(["bots", "--server", base])
        )
    assert status == 2
    assert "0 open games have 3 free seats" in capsys.readouterr().err


def test_floorman_play_at_a_server_from_scripted_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = make_room(tmp_path)
    # The first turn is before the flop, where the blinds are a bet: a raise
    # to 1, typed ahead, waits for it and is refused with its rule; help is
    # shown at once; a call or a check go on, each at its turn.
    lines = ["r 1", "help", "c", "x", "c", "x"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    argv = ["play", "--name", "dora", "--password", PASSWORD]
    with served_in_thread(url, bots=2, welcome=("root", 1000)) as (base, _bots):
        status = run_in_thread(
            30, "floorman play until its input ends", lambda: main([*argv, "--server", base])
        )
    out = capsys.readouterr().out
    assert status == 0, out
    assert "you are dora (play money 1000)" in out  # registered, and welcomed by the house
    assert "you sit at table 1 with 200 chips" in out
    assert re.search(r"^── deal \d+ ──$", out, re.M)
    assert re.search(r"^you get [2-9TJQKA][cdhs] [2-9TJQKA][cdhs]$", out, re.M)
    assert re.search(r"  you may: .*c \(call \d+\)|  you may: .*x \(check\)", out)
    assert re.search(r"cannot (wager|raise) to 1.*\[RRP5 betting\.", out), out
    assert "f fold   x check   c call" in out
    # The end of input leaves the table (tests/test_terminal_client.py shows
    # the hand in play given up).
    assert re.search(r"^you leave; your play money is \d+$", out, re.M)


@pytest.mark.slow
@pytest.mark.skipif(
    not LONG, reason="starts real server and client processes (seconds of imports): FLOORMAN_LONG=1"
)
def test_the_demo_room_serves_bots_to_a_person_and_stops_on_ctrl_c() -> None:
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src}
    floorman = [sys.executable, "-m", "floorman"]
    demo = subprocess.Popen(
        [*floorman, "serve", "--demo", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert demo.stdout is not None
        said: list[str] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any("Ctrl-C here stops" in s for s in said):
            said.append(demo.stdout.readline())
        assert any("Ctrl-C here stops" in s for s in said), "".join(said)
        join = f"floorman play --server http://127.0.0.1:{port} --name you"
        assert any(join in s for s in said), "".join(said)
        page = f"http://127.0.0.1:{port}/"
        assert any(f"Join in a browser at {page} " in s for s in said), "".join(said)
        import urllib.request

        with urllib.request.urlopen(page, timeout=10) as answer:  # sent on to log in
            assert answer.url == page + "enter"
            assert "Log in or register" in answer.read().decode()
        # The house account the banner gives opens the floor's console.
        found = re.search(r"log in as house \(password (\S+), ", "".join(said))
        assert found, "".join(said)
        assert f"the floor's console at {page}floor" in "".join(said)
        log_in = urllib.request.Request(
            page + "login",
            data=json.dumps({"name": "house", "password": found[1]}).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(log_in, timeout=10) as answer:
            cookie = answer.headers["set-cookie"].split(";", 1)[0]
        console = urllib.request.Request(page + "floor", headers={"cookie": cookie})
        with urllib.request.urlopen(console, timeout=10) as answer:
            assert answer.status == 200
            assert "Floor" in answer.read().decode()
        person = subprocess.run(
            [*floorman, "play", "--server", f"http://127.0.0.1:{port}", "--name", "dora"],
            input=f"{PASSWORD}\nx\nc\n",
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert person.returncode == 0, person.stdout + person.stderr
        assert "play money 2000" in person.stdout
        assert re.search(r"^you get ", person.stdout, re.M), person.stdout
    finally:
        demo.send_signal(signal.SIGINT)
        try:
            status = demo.wait(timeout=20)
        except subprocess.TimeoutExpired:
            demo.kill()
            raise AssertionError("the demo room did not stop within 20 s of Ctrl-C") from None
    assert status == 0


def _served(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> dict[str, object]:
    """What ``floorman serve`` asks of the application, without serving it."""
    import uvicorn

    import floorman.server.app

    asked: dict[str, object] = {}

    def create_app(url: str, **options: object) -> object:
        asked.update(options, url=url)
        return object()

    monkeypatch.setattr(floorman.server.app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: asked.update(served=options))
    assert main(["serve", *argv]) == 0
    return asked


def test_dead_hands_1_6_policies_20_floorman_serve_runs_an_action_clock_and_a_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """By default a turn runs out (30 s, then a 60 s bank) and a player without
    a connection is stepped away after 10 s, so nobody holds a table up; each
    can be set, and --action 0 turns the clock off."""
    from floorman.service import TimeLimits

    asked = _served(monkeypatch, ["--db", "sqlite:///x.db"])
    assert asked["time_limits"] == TimeLimits(action=30.0, bank=60.0, refill=5.0)
    assert asked["grace"] == 10.0
    assert asked["url"] == "sqlite:///x.db"
    asked = _served(
        monkeypatch, ["--action", "20", "--bank", "90", "--refill", "0", "--grace", "45"]
    )
    assert asked["time_limits"] == TimeLimits(action=20.0, bank=90.0, refill=0.0)
    assert asked["grace"] == 45.0
    assert _served(monkeypatch, ["--action", "0"])["time_limits"] is None
