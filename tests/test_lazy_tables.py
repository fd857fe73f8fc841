"""Six- and seven-card hands evaluated before their tables are built: the tables' entries."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.evaluation import _tables as t
from floorman.evaluation import hands


@given(st.lists(st.integers(0, 51), min_size=6, max_size=7, unique=True))
def test_an_entry_worked_out_from_the_five_card_table_is_the_tables(cards: list[int]) -> None:
    key = sum(t.CARD_KEYS[c] for c in cards) & t.RANK_KEY_MASK
    assert hands._nonflush_entry(cards, key) == t.nonflush_table(len(cards))[key]


def test_a_replay_process_evaluates_without_numpy() -> None:
    code = (
        "import sys\n"
        "from floorman import evaluate_high, parse_cards\n"
        "value = evaluate_high(parse_cards('As Ks Qd 7c 7h 2d 3c'))\n"
        "print(value.name, '|', 'numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split(" | ") == ["One Pair, Sevens", "False\n"]


def test_the_command_lines_equity_choices_are_the_libraries() -> None:
    from floorman import cli
    from floorman.evaluation.equity import MAX_SAMPLES, EquityGame

    assert tuple(g.value for g in EquityGame) == cli._EQUITY_GAMES
    assert cli._MAX_SAMPLES == MAX_SAMPLES


def test_replay_starts_without_the_modules_it_does_not_use() -> None:
    code = (
        "import sys\n"
        "from floorman.cli import main\n"
        "main(['replay', '--json', '-'])\n"
        "heavy = ('numpy', 'floorman.service', 'floorman.server', 'floorman.play',\n"
        "         'floorman.floor', 'floorman.formats.pokerstars', 'floorman.evaluation.equity')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy' or m in heavy))\n"
    )
    hand = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 200', 'p1 cc',"
        " 'd db 2c3d4h', 'd db 9s', 'd db Tc']\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=hand, capture_output=True, text=True, check=True
    )
    assert out.stdout.splitlines()[-1] == "[]"
    assert '"finishing_stacks": [0, 400]' in out.stdout


# What a replay of .phh files never needs: the parser of the other commands (a
# plain ``replay`` command line is read without it, and with it terminal sizes
# and translations), the .phhs reader and the TOML parser it falls back on, json
# (for hands written as JSON, or refused), paths as objects, a cryptographic digest
# for the kept tables' folder, the signals of worker processes, the ASCII codec (the
# record of a compiled build is read as bytes), and regular expressions (files
# written as real ones are, by hand too, are read by splitting their lines).
_NOT_FOR_PHH = (
    "argparse",
    "datetime",
    "encodings.ascii",
    "floorman.formats.stream",
    "gettext",
    "hashlib",
    "json",
    "locale",
    "pathlib",
    "random",
    "re",
    "shutil",
    "signal",
    "textwrap",
    "tomllib",
)


def test_a_replay_of_phh_files_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    hand = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 200', 'p1 cc',"
        " 'd db 2c3d4h', 'd db 9s', 'd db Tc']\n"
    )
    files = [tmp_path / "a.phh", tmp_path / "b.phh", tmp_path / "c.phh"]
    for file in files[:2]:
        file.write_text(hand, encoding="utf-8")
    # As famous hands are written by hand: comments, an action a line.
    by_hand = hand.replace("actions = [", "# A famous hand.\n\nactions = [\n  # Pre-flop\n  ")
    by_hand = by_hand.replace("', '", "',  # a note\n  '").replace("Tc']", "Tc',\n]")
    files[2].write_text(by_hand, encoding="utf-8")
    code = (
        "import runpy, sys\n"
        "from floorman import _program\n"
        "_program._end_at_once = lambda status: None\n"  # ended as usual, to print below
        "sys.argv = ['floorman', 'replay', '-q', *sys.argv[1:]]\n"
        "try:\n"
        "    runpy.run_module('floorman', run_name='__main__')\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code\n"
        f"print(sorted(m for m in sys.modules if m in {_NOT_FOR_PHH!r}))\n"
        "print(sys.modules['floorman.cards']._patterns.cache_info().currsize)\n"
    )
    # In UTF-8 mode, so that standard output's encoding loads no codec of its own. Run
    # twice: the first run of a process may keep the evaluator's tables on disk (with
    # tempfile, and re, random and shutil with it), as every later run reads them.
    for _ in range(2):
        out = subprocess.run(
            [sys.executable, "-X", "utf8", "-c", code, *map(str, files)],
            capture_output=True,
            text=True,
            check=True,
        )
    lines = out.stdout.splitlines()
    assert lines[:3] == [f"{f}: NT: finishing stacks [0, 400]" for f in files]
    assert lines[-2:] == ["[]", "0"]  # nor the patterns of parse_cards, which reads card lists


def test_the_command_line_and_its_replay_summary_start_without_json() -> None:
    # json is for the commands and summaries written as JSON, and the hands written
    # as JSON or refused: the command line, its summary and the replay's runner add nothing.
    code = (
        "import sys\nimport floorman.cli, floorman._replay_report, floorman._replay_run\n"
        "print('json' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False\n"


_SHARED = Path(__file__).resolve().parents[2] / "shared"


def _a_shared_hand_of_each_variant() -> list[Path]:
    """One of the shared .phh files beside the repository for each variant, if any are there."""
    chosen: dict[str, Path] = {}
    for path in sorted((_SHARED / "phh").rglob("*.phh")):
        variant = next(
            (line for line in path.read_text(encoding="utf-8").splitlines() if "variant" in line),
            "",
        )
        chosen.setdefault(variant, path)
    return list(chosen.values())


# typing serves the type checker only (every annotation is a string): the modules a
# replay loads take TYPE_CHECKING, and the few names they call at run time (cast,
# NewType ...), from floorman._static. The program below replays the files it is
# given, then prints whether typing was imported and which of floorman's modules
# asked it for a name: a module typing is swapped for records each asker (a compiled
# module is seen as the module that imported it, as it runs no Python frame).
_REPLAY_WATCHING_TYPING = """
import runpy, sys, types

watch = sys.argv.pop(1) == "watch"
asked = set()
if watch:
    import typing

    class Watched(types.ModuleType):
        def __getattr__(self, name):
            frame = sys._getframe(1)
            while frame.f_globals.get("__name__", "").startswith("importlib"):
                frame = frame.f_back
            if frame.f_globals.get("__name__", "").startswith("floorman"):
                asked.add(frame.f_globals["__name__"])
            return getattr(typing, name)

    sys.modules["typing"] = Watched("typing")
from floorman import _program

_program._end_at_once = lambda status: None  # ended as usual, to print below
sys.argv = ["floorman", "replay", "-q", *sys.argv[1:]]
try:
    runpy.run_module("floorman", run_name="__main__")
except SystemExit as stop:
    assert stop.code == 0, stop.code
print("typing" in sys.modules, sorted(asked))
"""


def _replay_watching_typing(tmp_path: Path, pure: str, watch: bool) -> list[str]:
    hand = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 200', 'p1 cc',"
        " 'd db 2c3d4h', 'd db 9s', 'd db Tc']\n"
    )
    written = tmp_path / "a.phh"
    written.write_text(hand, encoding="utf-8")
    files = [written, *_a_shared_hand_of_each_variant()]
    out = subprocess.run(
        [sys.executable, "-X", "utf8", "-c", _REPLAY_WATCHING_TYPING, "watch" if watch else "-"]
        + [str(f) for f in files],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "FLOORMAN_PURE": pure},
    )
    *replayed, watched = out.stdout.splitlines()
    assert replayed[0] == f"{written}: NT: finishing stacks [0, 400]"
    assert [line.split(": ")[0] for line in replayed] == [str(f) for f in files]
    assert all(": finishing stacks [" in line for line in replayed)
    return watched.split(" ", 1)


@pytest.mark.parametrize("pure", ["0", "1"], ids=["as_installed", "pure"])
def test_a_replay_takes_nothing_from_typing(tmp_path: Path, pure: str) -> None:
    _, asked = _replay_watching_typing(tmp_path, pure, watch=True)
    assert asked == "[]"


@pytest.mark.parametrize("pure", ["0", "1"], ids=["as_installed", "pure"])
def test_a_replay_of_phh_files_does_not_import_typing(tmp_path: Path, pure: str) -> None:
    loaded, _ = _replay_watching_typing(tmp_path, pure, watch=False)
    assert loaded == "False"
