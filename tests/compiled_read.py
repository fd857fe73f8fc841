"""Hand histories read, written out a line a file (or a bent text) for comparison.

Run as a program (``python -m tests.compiled_read FILE_OR_FOLDER...``) it prints, for each
file, the digest of the histories :func:`floorman.formats.load` reads from it
(every field's value, its type and its order, and each parsed action's), or
the error it raises. Then it bends the texts of the files
in seeded ways (a character changed, dropped or put in, a line dropped or
doubled, an action or amount changed) and prints what :func:`read_phh` makes
of each bent text, the history's digest or the error's type and message; and
the same for bad files (missing, a directory, not UTF-8, no known suffix).
Two processes (the reader compiled, and from source with ``FLOORMAN_PURE=1``)
must print the same lines.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from floorman.formats import load, read_phh, read_phhs

# What a bent text may gain: the characters that matter to TOML and to actions.
_PUT = "'\"[]=,#.\n\r\t -+_0123456789pdfcbrsmh?AKQJT\\\x00é"
_ACTIONS = ("p1 f", "p9 cc", "p2 cbr 2.5", "p3 cbr 0", "d db", "d dh p1 ??", "p1 sm -", "p1 x")


def _described(value: object) -> str:
    """A value as text, with the type of every part: a history's every field in
    order, each parsed action's, each card's."""
    if isinstance(value, tuple | list):
        return f"{type(value).__name__}({', '.join(map(_described, value))})"
    if hasattr(value, "__dict__"):
        fields = ", ".join(f"{k}={_described(v)}" for k, v in vars(value).items())
        return f"{type(value).__qualname__}({fields})"
    return f"{type(value).__name__}:{value!r}"


def _digest(value: object) -> str:
    return hashlib.sha256(_described(value).encode()).hexdigest()[:16]


def _outcome(read: Callable[[str], object], argument: str) -> str:
    try:
        return _digest(read(argument))
    except Exception as error:  # every error is compared, whatever it is
        return f"{type(error).__name__}: {error}"


def _phhs(text: str) -> object:
    return read_phhs("[1]\n" + text)


def _bent(text: str, chance: random.Random) -> Iterator[str]:
    """Texts that differ from ``text`` by one seeded change each."""
    at = chance.randrange(len(text) + 1)
    yield text[:at] + chance.choice(_PUT) + text[at + 1 :]
    yield text[:at] + text[at + 1 :]
    yield text[:at] + chance.choice(_PUT) + text[at:]
    lines = text.splitlines(keepends=True)
    line = chance.randrange(len(lines))
    yield "".join(lines[:line] + lines[line + 1 :])
    yield "".join(lines[: line + 1] + lines[line:])
    if "', '" in text:
        yield text.replace("', '", f"', '{chance.choice(_ACTIONS)}', '", 1)
    yield text.replace("0,", f"{chance.choice(('-1', '1.5', '1e3', 'inf', 'x'))},", 1)


def main(argv: Sequence[str]) -> None:
    """Read the files named, and those under the folders named (in order of their names)."""
    names: list[str] = []
    for name in argv:
        if os.path.isdir(name):
            names += sorted(str(p) for p in Path(name).rglob("*.phh*"))
        else:
            names.append(name)
    for name in names:
        print(name, _outcome(load, name))
    chance = random.Random(20)
    for name in names[:400]:
        with open(name, encoding="utf-8") as file:
            text = file.read()
        for number, bent in enumerate(_bent(text, chance)):
            print(name, number, _outcome(read_phh, bent))
            print(name, number, "phhs", _outcome(_phhs, bent))
    with tempfile.TemporaryDirectory() as folder:
        latin = os.path.join(folder, "latin.phh")
        with open(latin, "wb") as file:
            file.write(b"variant = 'NT' # caf\xe9\n")
        os.mkdir(os.path.join(folder, "folder.phh"))
        for bad in ("latin.phh", "folder.phh", "missing.phh", "hand.txt"):
            where = os.path.join(folder, bad)
            print(bad, _outcome(load, where).replace(folder, "FOLDER"))


if __name__ == "__main__":
    main(sys.argv[1:])
