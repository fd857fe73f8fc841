"""The dealer's compiled modules (floorman._compiled) against their source.

Where a C compiler is at hand an install compiles the dealer's hot modules with
mypyc; their Python source stays the reference. These tests check that the
compiled modules are used only while they match their source, that
``FLOORMAN_PURE=1`` runs the source, and that both play the same deals event
for event. ``.ci/run`` sets ``FLOORMAN_REQUIRE_COMPILED=1`` where there is a
compiler, so a failed build fails the suite instead of passing on the source.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import floorman
from floorman import _compiled
from floorman.deal import state

ROOT = Path(__file__).resolve().parents[1]
SRC = Path(floorman.__file__).resolve().parent.parent


def _record(changed: str | None = None, *, digest_too: bool = False) -> str:
    """The record a build of the sources as they are would write; ``changed``
    gets another time (and, with ``digest_too``, another digest)."""
    lines = []
    for module in _compiled.MODULES:
        path = SRC.joinpath(*module.split(".")).with_suffix(".py")
        stat = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        mtime = stat.st_mtime_ns
        if module == changed:
            mtime += 1
            if digest_too:
                digest = "0" * 64
        lines.append(f"{module} {stat.st_size} {mtime} {digest}\n")
    return "".join(lines)


def _run(code: str, **env: str) -> str:
    environment = {**os.environ, **env}
    environment.pop("FLOORMAN_REQUIRE_COMPILED", None)
    environment["PYTHONPATH"] = os.pathsep.join([str(SRC), str(ROOT)])
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
        timeout=600,
    )
    return done.stdout


def _both(code: str) -> str:
    """What ``code`` prints with the dealer compiled, checked to be what it
    prints with the dealer run from source."""
    told = "import floorman._compiled as c\nprint(c.STATE)\n" + code
    compiled, pure = _run(told).split("\n", 1), _run(told, FLOORMAN_PURE="1").split("\n", 1)
    assert (compiled[0], pure[0]) == ("compiled", "pure")
    assert compiled[1].splitlines() == pure[1].splitlines()
    return compiled[1]


def test_the_dealer_runs_compiled_where_the_build_is_required() -> None:
    if os.environ.get("FLOORMAN_REQUIRE_COMPILED", "").strip() in ("", "0"):
        pytest.skip("FLOORMAN_REQUIRE_COMPILED is not set: the source may run here")
    assert _compiled.STATE == "compiled", _compiled.WHY
    assert state.__file__ is not None
    assert state.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_pure_runs_every_compiled_module_from_its_source() -> None:
    out = _run(
        "import importlib, floorman._compiled as c\n"
        "print(c.STATE, c.WHY)\n"
        "for m in c.MODULES: print(importlib.import_module(m).__file__)",
        FLOORMAN_PURE="1",
    )
    first, *files = out.splitlines()
    assert first == "pure pure: FLOORMAN_PURE is set"
    assert len(files) == len(_compiled.MODULES)
    assert all(f.endswith(".py") for f in files)


def test_no_record_of_a_build_runs_the_source() -> None:
    assert _compiled.decide(None) == (False, "not compiled: no record of a build")


def test_a_module_missing_from_the_record_runs_the_source() -> None:
    record = "".join(
        line for line in _record().splitlines(keepends=True) if "floorman.deal.state" not in line
    )
    use, why = _compiled.decide(record)
    assert not use
    assert "not" in why


def test_a_changed_source_runs_the_source_and_only_a_change_of_text_counts() -> None:
    if _compiled.STATE != "compiled":
        pytest.skip(f"the dealer is not compiled here ({_compiled.WHY})")
    assert _compiled.decide(_record()) == (True, "compiled")
    # Touched but the same text (a checkout, a copy): still the source it was built from.
    assert _compiled.decide(_record("floorman.deal.betting")) == (True, "compiled")
    use, why = _compiled.decide(_record("floorman.deal.betting", digest_too=True))
    assert not use
    assert why == (
        "pure: floorman.deal.betting changed since it was compiled (reinstall to compile it)"
    )


def test_a_deal_copies_and_pickles_whole_however_it_runs() -> None:
    import copy
    import pickle

    from floorman.deal import Call, Check, Deal, Stakes
    from floorman.games import HOLDEM, Structure
    from floorman.shuffle import SeededShuffler

    deal = Deal(
        HOLDEM,
        structure=Structure.NO_LIMIT,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100, 100),
        shuffler=SeededShuffler(7),
    )
    twin = copy.deepcopy(deal)
    again = pickle.loads(pickle.dumps(deal))
    for d in (deal, twin, again):
        for _ in range(3):
            legal = d.legal()
            d.apply(
                Check(position=legal.position) if legal.check else Call(position=legal.position)
            )
    assert twin.events == deal.events == again.events
    assert twin.legal() == deal.legal() == again.legal()
    twin.apply(Check(position=twin.legal().position))
    assert len(twin.events) == len(deal.events) + 1  # the copy is its own


def test_compiled_and_source_play_the_same_deals_event_for_event() -> None:
    if _compiled.STATE != "compiled":
        pytest.skip(f"the dealer is not compiled here ({_compiled.WHY})")
    code = "from tests.compiled_play import main; main(['0', '3'])"
    compiled = _both(code)
    assert compiled.count("DealEnded") >= 3 * 20
    assert "copy ends the same: False" not in compiled
    assert compiled.count("copy ends the same: True") >= 3 * 20


def test_compiled_and_source_replay_the_shared_hands_alike() -> None:
    if _compiled.STATE != "compiled":
        pytest.skip(f"the dealer is not compiled here ({_compiled.WHY})")
    shared = ROOT.parent / "shared"
    files = sorted(str(p) for p in (shared / "phh").rglob("*.phh"))
    files += sorted(str(p) for p in (shared / "pluribus").rglob("*.phh"))[:300]
    if not files:
        pytest.skip(f"no shared hands in {shared}")
    code = (
        "import sys\n"
        "from floorman.formats import load\n"
        "from floorman.formats.replay import replay\n"
        f"for name in {files!r}:\n"
        "    for history in load(name):\n"
        "        done = replay(history)\n"
        "        print(name, done.error or [repr(e) for e in done.deal.events])\n"
    )
    compiled = _both(code)
    assert len(compiled.splitlines()) >= len(files)


def test_compiled_and_source_refuse_the_same_actions_of_altered_hands() -> None:
    # The replay's loop is compiled with the dealer: hands whose actions were
    # dropped, repeated, cut short or given to another player are refused at the
    # same action, with the same words and rules, either way.
    if _compiled.STATE != "compiled":
        pytest.skip(f"the dealer is not compiled here ({_compiled.WHY})")
    shared = ROOT.parent / "shared"
    files = sorted(str(p) for p in (shared / "pluribus").rglob("*.phh"))[:150]
    files += sorted(str(p) for p in (shared / "phh").rglob("*.phh"))
    if not files:
        pytest.skip(f"no shared hands in {shared}")
    code = (
        "import dataclasses\n"
        "from floorman.formats import load, phh\n"
        "from floorman.formats.replay import replay\n"
        f"for name in {files!r}:\n"
        "    for history in load(name):\n"
        "        texts = history.actions\n"
        "        for i in range(0, len(texts), 3):\n"
        "            moved = texts[i].replace('p1 ', 'p2 ', 1) if texts[i].startswith('p1') else texts[i].replace('p2 ', 'p1 ', 1)\n"
        "            for changed in (texts[:i] + texts[i + 1:], texts[:i] + texts[i:i + 1] + texts[i:], texts[:i],\n"
        "                            texts[:i] + (moved,) + texts[i + 1:]):\n"
        "                altered = dataclasses.replace(history, actions=changed)\n"
        "                done = replay(altered)\n"
        "                print(name, i, done.error, done.deal and done.deal.events[-1])\n"
    )
    compiled = _both(code)
    assert compiled.count("ReplayError(") >= len(files)
