"""The floorman program's start: the package's names loaded at their first use, and
the program's modules loaded with the cycle collector off, then frozen."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import floorman
from floorman import _program
from floorman._replay_run import CHUNK

HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']
finishing_stacks = [201, 199]
"""


def _run(code: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_importing_the_package_loads_none_of_its_modules_but_what_decides_the_compiled() -> None:
    code = "import sys, floorman\nprint(sorted(m for m in sys.modules if m.startswith('floorman')))"
    assert _run(code).strip() == "['floorman', 'floorman._compiled', 'floorman._static']"


def test_every_public_name_is_its_modules_own() -> None:
    import importlib

    for name in floorman.__all__:
        module = importlib.import_module(floorman._MODULE_OF[name])
        assert getattr(floorman, name) is getattr(module, name), name
        assert name in dir(floorman)


def test_the_modules_the_package_once_imported_are_still_its_attributes() -> None:
    code = (
        "import floorman\n"
        "print(floorman.cards.parse_cards('Ah'), floorman.evaluation.hands.__name__,"
        " floorman.rulebook.__name__, floorman.errors.__name__, floorman.ids.__name__)"
    )
    assert _run(code).split() == [
        "(Card.parse('Ah'),)",
        "floorman.evaluation.hands",
        "floorman.rulebook",
        "floorman.errors",
        "floorman.ids",
    ]


def test_an_unknown_name_is_no_attribute_and_a_submodule_still_imports() -> None:
    assert not hasattr(floorman, "no_such_name")
    code = "from floorman import codec, cards\nprint(codec.__name__, cards.__name__)"
    assert _run(code).split() == ["floorman.codec", "floorman.cards"]


def test_star_import_gives_every_public_name() -> None:
    code = "from floorman import *\nprint(sorted(k for k in dir() if not k.startswith('__')))"
    assert _run(code).strip() == repr(sorted(floorman.__all__))


# A process of the program, counting the collector's passes (by gc.callbacks) inside each
# block of modules loaded, and whether what was loaded is frozen at the block's end.
_WATCH = """
import gc, sys
passes = []
gc.callbacks.append(lambda phase, info: phase == "start" and passes.append(info))
from floorman import _program

class Watched(_program.loading):
    def __enter__(self):
        self.at = len(passes)
        return super().__enter__()

    def __exit__(self, *exc):
        super().__exit__(*exc)
        dealer = "floorman.formats.replay" in sys.modules
        print("block", len(passes) - self.at, gc.get_freeze_count() > 0, dealer, file=sys.stderr)

_program.loading = Watched
_program._end_at_once = lambda status: None  # ended as usual, to print what follows
status = _program.main()
print("enabled", gc.isenabled(), file=sys.stderr)
sys.exit(status)
"""


def test_the_program_loads_its_modules_without_the_collectors_passes_and_freezes_them(
    tmp_path: Path,
) -> None:
    """The command line, then the replay's dealer: each loaded with no pass of the
    collector, then frozen; the collector is on again when the command runs."""
    hand = tmp_path / "hand.phh"
    hand.write_text(HAND, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _WATCH, "replay", str(hand)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "finishing stacks [201, 199] (as recorded)" in done.stdout
    assert done.stderr.splitlines() == [
        "block 0 True False",
        "block 0 True True",
        "enabled True",
    ]


def test_loading_changes_nothing_outside_the_program() -> None:
    assert not _program._program
    frozen = gc.get_freeze_count()
    with _program.loading():
        assert gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_python_dash_m_floorman_runs_the_program(tmp_path: Path) -> None:
    hand = tmp_path / "hand.phh"
    hand.write_text(HAND, encoding="utf-8")
    code = (
        "import gc, runpy, sys\n"
        "from floorman import _program\n"
        "_program._end_at_once = lambda status: None\n"  # ended as usual, to print below
        "sys.argv = ['floorman', 'replay', sys.argv[1]]\n"
        "try:\n"
        "    runpy.run_module('floorman', run_name='__main__')\n"
        "except SystemExit as stop:\n"
        "    print('status', stop.code, 'frozen', gc.get_freeze_count() > 0)\n"
    )
    out = _run(code, str(hand))
    assert "(as recorded)" in out
    assert out.strip().endswith("status 0 frozen True")


# A process of the program that tells, on standard error, whether the interpreter's
# teardown ran (an object freed then says so), after the code given.
_TORN = """
import os, sys
class Torn:
    def __del__(self, write=os.write):
        write(2, b"torn down\\n")
sys.torn = Torn()
{}
from floorman._program import main
sys.exit(main())
"""


def _program_run(before: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _TORN.format(before), *argv], capture_output=True, text=True
    )


def test_a_replay_ends_its_process_at_once_with_its_status_and_all_its_output(
    tmp_path: Path,
) -> None:
    """The interpreter's teardown frees every object one by one: a replay, its work
    written, ends without it, its lines and summary flushed and its status kept."""
    hands = [tmp_path / "a.phh", tmp_path / "b.phh"]
    hands[0].write_text(HAND, encoding="utf-8")
    hands[1].write_text(HAND.replace("[201, 199]", "[200, 200]"), encoding="utf-8")
    done = _program_run("", "replay", *map(str, hands))
    assert done.returncode == 1  # the second hand ends on other stacks than recorded
    assert done.stdout.splitlines() == [
        f"{hands[0]}: NT: finishing stacks [201, 199] (as recorded)",
        f"{hands[1]}: NT: finishing stacks [201, 199] (the file records [200, 200])",
    ]
    assert done.stderr.startswith("floorman replay: 2 hands in 2 files")
    assert "torn down" not in done.stderr
    # A single hand, no summary: the line alone, flushed.
    one = _program_run("", "replay", str(hands[0]))
    assert (one.returncode, one.stdout.count("\n"), one.stderr) == (0, 1, "")


def test_the_program_ends_as_usual_when_something_waits_on_the_ending(tmp_path: Path) -> None:
    """A function registered to run at exit (a coverage tool's), worker processes, or
    a command that does not say it is finished: the process ends as usual, teardown
    and all."""
    hand = tmp_path / "a.phh"
    hand.write_text(HAND, encoding="utf-8")
    waited = _program_run(
        "import atexit; atexit.register(os.write, 2, b'at exit\\n')", "replay", str(hand)
    )
    assert waited.returncode == 0
    assert "(as recorded)" in waited.stdout
    assert waited.stderr.splitlines() == ["at exit", "torn down"]
    # Worker processes (for more than one chunk of hands): their pool's shutdown is
    # waited on at exit.
    many = [str(hand)] * (CHUNK + 1)
    pooled = _program_run("", "replay", "--jobs", "2", *many)
    assert pooled.returncode == 0
    assert pooled.stdout.count("(as recorded)") == len(many)
    assert pooled.stderr.endswith("torn down\n")
    other = _program_run("", "rule", "blinds.9")
    assert other.returncode == 0
    assert "blinds.9" in other.stdout
    assert other.stderr == "torn down\n"


def test_finished_outside_the_program_changes_nothing() -> None:
    assert not _program._program
    _program.finished()
    assert not _program._finished
