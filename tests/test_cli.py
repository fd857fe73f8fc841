"""The command line: every subcommand, its help, and errors on standard error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from floorman.cli import main


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
