"""The PHH reader's compiled modules (floorman._compiled) against their source.

Where a C compiler is at hand an install compiles the reader's quick path with
mypyc (the TOML subset's reader, the usual actions' and the usual table's), as
it compiles the dealer; the Python source stays the reference. Every shared
hand, every Pluribus hand and thousands of bent texts and bad files must read
the same compiled and from source (``FLOORMAN_PURE=1``): the same histories,
field by field and type by type, and the same errors.
"""

from __future__ import annotations

import os

import pytest

from floorman import _compiled
from tests.test_compiled_dealer import ROOT, _both

SHARED = ROOT.parent / "shared"


def test_the_reader_is_among_the_compiled_modules() -> None:
    assert {
        "floorman.formats._phh_table",
        "floorman.formats._phh_toml",
        "floorman.formats._phh_usual",
    } <= set(_compiled.MODULES)


def test_pure_reads_with_the_reader_from_its_source() -> None:
    from tests.test_compiled_dealer import _run

    out = _run(
        "from floorman.formats import _phh_table, _phh_toml, _phh_usual\n"
        "for m in (_phh_table, _phh_toml, _phh_usual): print(m.__file__)",
        FLOORMAN_PURE="1",
    )
    assert [os.path.basename(f) for f in out.split()] == [
        "_phh_table.py",
        "_phh_toml.py",
        "_phh_usual.py",
    ]


def test_compiled_and_source_read_every_shared_hand_and_bent_text_alike() -> None:
    if _compiled.STATE != "compiled":
        pytest.skip(f"the reader is not compiled here ({_compiled.WHY})")
    files = sorted(str(p) for p in (SHARED / "phh").rglob("*.phh*"))
    files += sorted(str(p) for p in (SHARED / "pluribus").rglob("*.phh"))
    if not files:
        pytest.skip(f"no shared hands in {SHARED}")
    folders = [str(SHARED / "phh"), str(SHARED / "pluribus")]
    code = f"from tests.compiled_read import main; main({folders!r})"
    out = _both(code).splitlines()
    read = out[: len(files)]
    assert [line.split()[0] for line in read] == files
    # Every real file reads to a history (the digest), none to an error.
    assert all(len(line.split()) == 2 for line in read), [
        line for line in read if len(line.split()) != 2
    ][:3]
    bent = out[len(files) : -4]
    errors = [line for line in bent if "Error: " in line]
    assert len(bent) >= 5_000
    # The bent texts reach both ends: some still read, many are refused, for many reasons.
    assert len(bent) - len(errors) >= 500
    assert len({line.partition("Error: ")[2][:30] for line in errors}) >= 30
    assert [line.split()[0] for line in out[-4:]] == [
        "latin.phh",
        "folder.phh",
        "missing.phh",
        "hand.txt",
    ]
    assert all("NotationError" in line for line in out[-4:])
