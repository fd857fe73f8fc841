"""The evaluators' lookup tables, kept on disk between runs.

Building a form's tables takes 20-40 ms each (about 140 ms for the eleven
forms of a mixed game), paid at the first showdown of every process: most of
a short ``floorman replay``. :func:`kept` works like :func:`functools.cache`
and also keeps what the function built in a file, read back (by
:mod:`marshal`, which holds plain tuples, dicts, ints and bytes and runs no
code) by the next process instead of building it again.

Reading a table back costs what making its objects costs: a dict of a few
thousand ints takes a millisecond, the same numbers as one ``bytes`` some
microseconds. So the tables a showdown reads are kept as bytes (see
:mod:`~floorman.evaluation._tables`), and :func:`kept_checked` passes over a
file whose value is not of the form its table has (the wrong type or length),
building the table again.

The files are in ``$FLOORMAN_CACHE`` if set (an empty value, or ``0``, keeps
nothing on disk), else ``$XDG_CACHE_HOME/floorman`` or ``~/.cache/floorman``,
in a folder named by a hash of the evaluators' sources' sizes and modification
times, the Python version, the machine's byte order (bytes tables hold native
integers) and :data:`FORM`: a changed evaluator never reads another's tables.
A file that cannot be read or written is passed over and the table built as
before; a file is written whole or not at all.
"""

from __future__ import annotations

import functools
import marshal
import os
import sys
from collections.abc import Callable

from floorman._static import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, ParamSpec, TypeVar

__all__ = ["FORM", "VARIABLE", "fnv64", "folder", "kept", "kept_checked"]

#: The environment variable naming the folder (empty or 0: none).
VARIABLE = "FLOORMAN_CACHE"
#: The form of the kept files, in the folder's name: raised when the same
#: tables come to be kept another way (2: the showdown's tables as bytes).
FORM = 2

if TYPE_CHECKING:
    P = ParamSpec("P")
    R = TypeVar("R")

# The modules whose source decides the tables.
_SOURCES = ("_tables.py", "hands.py", "variants.py", "_kept.py")


@functools.cache
def folder() -> str | None:
    """Where this evaluator's tables are kept, or None to keep none."""
    given = os.environ.get(VARIABLE)
    if given is not None and given.strip() in ("", "0"):
        return None
    if given:
        base = given
    else:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(home, "floorman")
    # The sources are told apart by their sizes and modification times, which an
    # edit, a checkout or an install changes: four stat calls, where reading and
    # checksumming them (and importing zlib for it) took half a millisecond of
    # every process that reads a hand.
    stamp = [f"{sys.version_info[:2]} {marshal.version} {sys.byteorder} {FORM}"]
    here = os.path.dirname(__file__)
    try:
        for name in _SOURCES:
            found = os.stat(os.path.join(here, name))
            stamp.append(f"{name} {found.st_size} {found.st_mtime_ns}")
    except OSError:
        return None
    return os.path.join(base, f"tables-{fnv64(chr(0).join(stamp).encode()):016x}")


def fnv64(data: bytes) -> int:
    """The 64-bit FNV-1a hash of ``data`` (a few hundred bytes: no module to import).

    >>> f"{fnv64(b''):016x}", f"{fnv64(b'a'):016x}"
    ('cbf29ce484222325', 'af63dc4c8601ec8c')
    """
    hashed = 0xCBF29CE484222325
    for byte in data:
        hashed = ((hashed ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return hashed


def kept(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` cached in memory, and its results kept on disk (see the module)."""
    return _keep(function, None)


def kept_checked(check: Callable[..., bool]) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """:func:`kept`, reading back only a value that ``check`` accepts.

    A file read back whole may still hold a value of another form (written by
    another version under the same name, or damaged into something marshal
    reads): ``check(value, *args)`` says whether the value read is the table
    the function builds for ``args``, and a value it refuses is built and
    written again.
    """

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        return _keep(function, check)

    return decorate


def _keep(function: Callable[P, R], check: Callable[..., bool] | None) -> Callable[P, R]:
    @functools.cache
    def once(*args: P.args, **kwargs: P.kwargs) -> R:
        where = folder()
        name = "-".join([function.__module__, function.__qualname__, *map(repr, args)])
        path = None if where is None or kwargs else os.path.join(where, f"{name}.marshal")
        if path is not None:
            try:
                with open(path, "rb") as stored:
                    value = marshal.loads(stored.read())
                if check is None or check(value, *args):
                    return value  # type: ignore[no-any-return]
            except (OSError, EOFError, ValueError, TypeError):
                pass
        value = function(*args, **kwargs)
        if path is not None:
            _write(path, value)
        return value

    functools.update_wrapper(once, function)
    return once  # type: ignore[return-value]


def _write(path: str, value: Any) -> None:
    import tempfile

    try:
        data = marshal.dumps(value)
        where = os.path.dirname(path)
        os.makedirs(where, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, ValueError):
        pass  # kept in memory only
