"""The command line: every subcommand, its help, and errors on standard error."""

from __future__ import annotations

import dataclasses
import io
import json
import pathlib
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cli import main
from floorman.formats.phh import read_phh, write_phhs


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_help_lists_every_subcommand(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    for command in ("equity", "eval", "rule", "rules", "demo"):
        assert command in out


@pytest.mark.parametrize("command", ["equity", "eval", "rule", "rules", "demo"])
def test_each_subcommand_has_help(capsys, command):
    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    assert "usage: floorman " + command in capsys.readouterr().out


def test_equity_prints_exact_win_tie_and_equity(capsys):
    status, out, _ = run(capsys, "equity", "AsKs", "QhQd")
    assert status == 0
    assert "46.21%" in out
    assert "53.79%" in out
    assert "1,712,304 boards enumerated (exact)" in out


def test_equity_with_board_dead_samples_and_json(capsys):
    status, out, _ = run(
        capsys,
        "equity",
        "AsKs",
        "QhQd",
        "--board",
        "Qs 7d 2c",
        "--dead",
        "Ac",
        "--samples",
        "2000",
        "--seed",
        "5",
        "--json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["exact"] is False
    assert data["deals"] == 2000
    assert data["board"] == "Qs 7d 2c"
    assert data["dead"] == "Ac"
    assert sum(h["equity"] for h in data["hands"]) == pytest.approx(1.0)


def test_equity_error_goes_to_stderr_with_its_rule(capsys):
    status, out, err = run(capsys, "equity", "AsKs", "AsQd")
    assert status == 2
    assert out == ""
    assert "the same card is given twice: As" in err
    assert "[RRP5 irregularities.4]" in err


def test_bad_card_names_the_text(capsys):
    status, _, err = run(capsys, "eval", "As Kz Qd Jc Th")
    assert status == 2
    assert "'Kz'" in err


def test_rule_prints_id_section_and_paraphrase(capsys):
    status, out, _ = run(capsys, "rule", "blinds.9")
    assert status == 0
    first, *rest = out.splitlines()
    assert first == "RRP5 blinds.9  (Button and blind use)"
    assert "missed" in " ".join(rest)


def test_rule_unknown_id_lists_the_section(capsys):
    status, _, err = run(capsys, "rule", "ties.9")
    assert status == 2
    assert "ties.1" in err


def test_rules_lists_a_section(capsys):
    status, out, _ = run(capsys, "rules", "ranking")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("ranking.intro")
    assert lines[-1].startswith("ranking.11")


def test_eval_names_the_hand_under_each_ranking(capsys):
    status, out, _ = run(
        capsys,
        "eval",
        "Kd Ks 5c 5h 9s 2d 3c",
        "--ranking",
        "high",
        "ace-to-five",
        "eight-or-better",
    )
    assert status == 0
    assert "Two Pair, Kings and Fives" in out
    assert "King Low, K-9-5-3-2" in out
    assert "no qualifying low" in out


def test_eval_omaha_json(capsys):
    status, out, _ = run(
        capsys, "eval", "Ah 2h Kc Kd", "--board", "3c 4d 5s Qh Jh", "--omaha", "--json"
    )
    assert status == 0
    high, low = json.loads(out)
    assert high["name"] == "Straight, Five High"
    assert low["name"] == "Five Low, 5-4-3-2-A"


def test_demo_runs(capsys):
    status, out, _ = run(capsys, "demo")
    assert status == 0
    assert "46.21%" in out
    assert "Five of a Kind, Aces" in out


def test_console_script_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "rule", "ranking.11"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("RRP5 ranking.11")


# ------------------------------------------------------------------- hard edges

ROOT = pathlib.Path(__file__).resolve().parent.parent

HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 f", "p2 f"]
finishing_stacks = [99, 98, 103]
"""

SESSION = """table holdem no-limit blinds=1/2 seats=6 start=1
sit 1 ann 100
sit 3 bob 100
sit 5 cy 100
"""


def one_line_error(err: str) -> str:
    """The error printed, checked to be one line and no traceback."""
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("command", ["replay", "session", "room", "cardroom"])
def test_a_file_that_cannot_be_read_is_one_line_and_status_2(capsys, tmp_path, command):
    missing = tmp_path / "missing.phh"
    folder = tmp_path / "folder.phh"
    folder.mkdir()
    latin = tmp_path / "latin.phh"
    latin.write_bytes(b'variant = "NT" # caf\xe9\n')
    for path, why in [
        (missing, "No such file or directory"),
        (folder, "Is a directory"),
        (latin, "not UTF-8 text (byte 20)"),
    ]:
        status, out, err = run(capsys, command, str(path))
        assert status == 2
        assert out == ""
        assert one_line_error(err).startswith(f"floorman {command}: {path}: {why}")


def test_deeply_nested_toml_is_refused_as_unreadable(capsys, tmp_path):
    nested = tmp_path / "deep.phh"
    nested.write_text("actions = " + "[" * 5000 + "]" * 5000 + "\n")
    status, _, err = run(capsys, "replay", str(nested))
    assert status == 2
    assert "nested too deeply" in one_line_error(err)


def test_a_dash_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(HAND))
    status, out, _ = run(capsys, "replay", "-")
    assert (status, out) == (0, "-: NT: finishing stacks [99, 98, 103] (as recorded)\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(write_phhs([read_phh(HAND)] * 2)))
    status, out, _ = run(capsys, "replay", "-")
    assert status == 0
    assert out.splitlines()[1] == "-: hand 2: NT: finishing stacks [99, 98, 103] (as recorded)"
    monkeypatch.setattr(sys, "stdin", io.StringIO(SESSION + "deal\ns1 f\ns3 f\n"))
    status, out, _ = run(capsys, "session", "-")
    assert (status, out.count("\n")) == (0, 1)
    assert out.startswith("deal 1: button 1;")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"game \xff\n")))
    status, _, err = run(capsys, "room", "-")
    assert status == 2
    assert one_line_error(err) == "floorman room: -: not UTF-8 text (byte 5)\n"


def test_equity_refuses_a_negative_seed(capsys):
    status, out, err = run(capsys, "equity", "AsKs", "QhQd", "--samples", "10", "--seed", "-1")
    assert (status, out) == (2, "")
    assert one_line_error(err) == "floorman equity: the seed is a whole number 0 or more, not -1\n"


def test_equity_samples_are_bounded_and_the_help_says_so(capsys):
    status, _, err = run(capsys, "equity", "AsKs", "QhQd", "--samples", "2000001")
    assert status == 2
    assert "samples must be at least 1 and at most 2,000,000, got 2000001" in one_line_error(err)
    with pytest.raises(SystemExit):
        main(["equity", "--help"])
    assert "1 to 2,000,000" in " ".join(capsys.readouterr().out.split())


def test_eval_refuses_more_cards_than_a_hand_is_read_from(capsys):
    deck = " ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")
    status, out, err = run(capsys, "eval", deck)
    assert (status, out) == (2, "")
    assert "a high hand is read from 5 to 10 cards, got 52" in one_line_error(err)
    status, out, _ = run(capsys, "eval", " ".join(deck.split()[:10]))
    assert status == 0
    assert "best five" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["rules"],
        ["demo"],
        ["replay", "-"],
        ["room", "examples/room.txt"],
        ["session", "examples/session.txt"],
        ["play", "--seed", "1"],
    ],
)
def test_output_into_a_closed_pipe_stops_quietly(argv):
    # The reader is gone before the first line is written (`floorman rules | head -0`).
    reader = subprocess.Popen(
        [sys.executable, "-m", "floorman", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert reader.stdout is not None
    reader.stdout.close()
    _, err = reader.communicate((HAND if "replay" in argv else "\n" * 50).encode(), timeout=120)
    assert err == b""
    assert reader.returncode == 1


def test_replay_of_other_finishing_stacks_fails_and_names_the_hand(capsys, tmp_path):
    table = read_phh(HAND)
    wrong = dataclasses.replace(table, finishing_stacks=(100, 97, 103))
    both = tmp_path / "two.phhs"
    both.write_text(write_phhs([table, wrong]))
    status, out, _ = run(capsys, "replay", str(both))
    assert status == 1
    first, second = out.splitlines()
    assert first == f"{both}: hand 1: NT: finishing stacks [99, 98, 103] (as recorded)"
    assert second == (
        f"{both}: hand 2: NT: finishing stacks [99, 98, 103] (the file records [100, 97, 103])"
    )
    status, out, _ = run(capsys, "replay", "--json", str(both))
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["hand"], r["matches_file"]) for r in records] == [(1, True), (2, False)]


def session_error(capsys, tmp_path, text: str) -> str:
    log = tmp_path / "night.txt"
    log.write_text(text)
    status, _, err = run(capsys, "session", str(log))
    assert status == 1
    return one_line_error(err).removeprefix(f"floorman session: {log}: ")


def test_an_unfinished_deal_says_whose_turn_it_is_in_seats(capsys, tmp_path):
    # Button 1: seat 3 posts the small blind, seat 5 the big; seat 1 folds, seat 3 is to act.
    err = session_error(capsys, tmp_path, SESSION + "deal\ns1 f\n")
    assert err == (
        "line 5 'deal': the deal started on line 5 did not end: seat 3 may call 1, raise to"
        " 4-100 or fold; a deal's actions follow its line, up to its end\n"
    )


@pytest.mark.parametrize(
    "line", ["report misdeals.1.1", "decide dead", "s1 f", "ask 1 3", "transfer 1 3 5"]
)
def test_deal_lines_out_of_place_are_told_where_they_go(capsys, tmp_path, line):
    err = session_error(capsys, tmp_path, SESSION + line + "\n")
    assert err.startswith(f"line 5 {line!r}: ")
    if line.startswith(("ask", "transfer")):
        assert "no deal has ended to rule on" in err
        return
    for word in ("report", "decide", "ask", "transfer", "impound", "release", "deal", "sit"):
        assert re.search(rf"\b{word}\b", err.split(": ", 1)[1]), word


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ("s3 cbr x", "the amount 'x' is not a number such as 300 or 2.5"),
        ("s3 zz", "'zz' is not a PHH action"),
        ("s1 f now", "'f' does not take 1 argument(s)"),
        ("d dh t1 AhKd", "'t1' is neither the dealer 'd' nor a player 's1', 's2', ..."),
        ("s3 sd AhAh", "seat 3 cannot draw now; seat 1 may call 2, raise to 4-100 or fold"),
    ],
)
def test_a_bad_action_is_told_in_the_seats_the_log_wrote(capsys, tmp_path, action, said):
    err = session_error(capsys, tmp_path, SESSION + "deal\n" + action + "\n")
    assert err.startswith(f"line 6 {action!r}: {said}")
    assert not re.search(r"\bp[0-9]", err)
    assert "action 0" not in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--blinds", "2/1"], "the small blind (2) is bigger than the big blind (1); blinds are"),
        (["--seats", "0"], "a table has 2 to 10 seats, not 0"),
        (["--chips", "-5"], "each player buys in for a number of chips above 0, not -5"),
        (["--seats", "3", "--bots", "3"], "3 seats hold you and 1 to 2 bots, not 3"),
    ],
)
def test_play_settings_out_of_range_are_one_clear_sentence(capsys, argv, said):
    status, out, err = run(capsys, "play", *argv)
    assert (status, out) == (2, "")
    assert one_line_error(err).startswith(f"floorman play: {said}")


LONG = "9" * 5000


@pytest.mark.parametrize(
    ("command", "text", "said"),
    [
        ("session", SESSION + f"buy 1 {LONG}\n", "chips '9999"),
        ("session", SESSION + "buy 1 ²\n", "chips '²' is not a whole number"),
        ("session", f"table holdem no-limit blinds=1/{LONG}\n", "is not N/N, each N a whole"),
        ("room", f"game a holdem no-limit 1/2\nopen {LONG} a\n", "is not a whole number from 1"),
        ("replay", HAND.replace("min_bet = 2", f"min_bet = {LONG}"), "a number too long to read"),
        ("replay", HAND.replace("min_bet = 2", "min_bet = 2e-99999"), "more than 15 digits"),
        ("replay", HAND.replace("min_bet = 2", f"min_bet = 2.{LONG}"), "more than 15 digits"),
        ("replay", HAND.replace("cbr 6", f"cbr {LONG}"), "the amount has more than 15 digits"),
    ],
)
def test_numbers_of_thousands_of_digits_are_refused_in_words(
    capsys, monkeypatch, command, text, said
):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, _, err = run(capsys, command, "-")
    assert status in (1, 2)
    assert said in one_line_error(err)


def test_eval_with_wild_cards_reads_at_most_seven(capsys):
    status, out, err = run(capsys, "eval", "2c 2d 2h Xx 9c Tc Jd Qh Ks 5d", "--wild", "2")
    assert (status, out) == (2, "")
    assert "a high hand with wild cards is read from 5 to 7 cards, got 10" in one_line_error(err)
    status, _, err = run(
        capsys, "eval", "2c 2d 2h 2s 3c 3d 3h 3s", "--wild", "2", "3", "--ranking", "ace-to-five"
    )
    assert status == 2
    assert "a low hand with wild cards is read from 5 to 7 cards, got 8" in one_line_error(err)
    status, out, _ = run(capsys, "eval", "2c 2d Xx 9c Tc Jd Qh", "--wild", "2")
    assert (status, out) == (0, "high             Straight Flush, King High\n")


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("start=0", "the table has seats 1 to 9; the button cannot start on 0"),
        ("start=10", "the table has seats 1 to 9; the button cannot start on 10"),
        ("time=5/0", "time=5/0: the time is collected every 1 minute or more"),
        ("chip=0", "the smallest chip is worth 1 or more, not 0"),
        ("date=x", "date='x' is not YYYY-MM-DD"),
    ],
)
def test_a_table_line_out_of_range_is_refused_on_its_line(capsys, tmp_path, table, said):
    line = f"table holdem no-limit blinds=1/2 {table}"
    err = session_error(capsys, tmp_path, line + "\nsit 1 ann 100\n")
    assert err == f"line 1 {line!r}: {said}\n"


# Words a replay command line is made of: files, options whole and abbreviated,
# good and bad values, help, the end of options.
_REPLAY_WORDS = [
    "a.phh",
    "b.phhs",
    "-",
    "",
    "-1",
    "--json",
    "-q",
    "--quiet",
    "--qu",
    "--rules",
    "--rules=wsop",
    "roberts",
    "wsop",
    "tda",
    "-j",
    "-j2",
    "--jobs",
    "2",
    "0",
    " 3",
    "x",
    "-h",
    "--",
    "replay",
]


@given(st.lists(st.sampled_from(_REPLAY_WORDS), max_size=7))
def test_a_plain_replay_command_line_is_read_as_the_parser_reads_it(words: list[str]) -> None:
    from floorman import cli

    argv = ["replay", *words]
    plain = cli._plain_replay(argv)
    if plain is None:
        return  # the parser reads it, and answers any mistake
    parsed = cli._parser().parse_args(argv)
    assert vars(plain) == vars(parsed)


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "a.phh"],
        ["replay", "--json", "-q", "a.phh", "-", "b.phhs"],
        ["replay", "a.phh", "b.phh", "--rules", "wsop", "-j", "2", "--quiet"],
        ["replay", "--jobs", "1", "a.phh", "--json"],
    ],
)
def test_the_usual_replay_command_lines_are_read_without_the_parser(argv: list[str]) -> None:
    from floorman import cli

    plain = cli._plain_replay(argv)
    assert plain is not None
    assert vars(plain) == vars(cli._parser().parse_args(argv))


def test_run_as_the_program_the_command_leaves_its_objects_out_of_the_last_collection() -> None:
    # Called with a command line, as a library or a test calls it, nothing is frozen.
    code = (
        "import contextlib, gc, io, sys\n"
        "from floorman.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['rule', 'blinds.9'])\n"
        "    print(gc.get_freeze_count(), file=sys.stderr)\n"
        "    sys.argv = ['floorman', 'rule', 'blinds.9']\n"
        "    status = main()\n"
        "print(status, gc.get_freeze_count() > 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.split() == ["0"]
    assert done.stdout.split() == ["0", "True"]
