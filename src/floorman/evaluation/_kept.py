"""The evaluators' lookup tables, kept on disk between runs.

Building a form's tables takes 20-40 ms each (about 140 ms for the eleven
forms of a mixed game), paid at the first showdown of every process: most of
a short ``floorman replay``. :func:`kept` works like :func:`functools.cache`
and also keeps what the function built in a file, read back (by
:mod:`marshal`, which holds plain tuples, dicts and ints and runs no code) by
the next process instead of building it again.

The files are in ``$FLOORMAN_CACHE`` if set (an empty value, or ``0``, keeps
nothing on disk), else ``$XDG_CACHE_HOME/floorman`` or ``~/.cache/floorman``,
in a folder named by checksums of the evaluators' source and the Python
version: a changed evaluator never reads another's tables. A file that cannot
be read or written is passed over and the table built as before; a file is
written whole or not at all.
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

__all__ = ["VARIABLE", "folder", "kept"]

#: The environment variable naming the folder (empty or 0: none).
VARIABLE = "FLOORMAN_CACHE"

if TYPE_CHECKING:
    P = ParamSpec("P")
    R = TypeVar("R")

# The modules whose source decides the tables.
_SOURCES = ("_tables.py", "hands.py", "variants.py", "_kept.py")


@functools.cache
def folder() -> str | None:
    """Where this evaluator's tables are kept, or None to keep none."""
    import zlib  # here: a run with no showdown never pays for it

    given = os.environ.get(VARIABLE)
    if given is not None and given.strip() in ("", "0"):
        return None
    if given:
        base = given
    else:
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(home, "floorman")
    # Two checksums of the sources (64 bits): a changed evaluator is told apart as
    # surely as by a cryptographic digest, since nobody forges one here, without
    # importing hashlib and OpenSSL, some milliseconds of a short replay's start.
    data = [f"{sys.version_info[:2]} {marshal.version}".encode()]
    here = os.path.dirname(__file__)
    try:
        for name in _SOURCES:
            with open(os.path.join(here, name), "rb") as source:
                data.append(source.read())
    except OSError:
        return None
    whole = b"\0".join(data)
    return os.path.join(base, f"tables-{zlib.crc32(whole):08x}{zlib.adler32(whole):08x}")


def kept(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` cached in memory, and its results kept on disk (see the module)."""

    @functools.cache
    def once(*args: P.args, **kwargs: P.kwargs) -> R:
        where = folder()
        name = "-".join([function.__module__, function.__qualname__, *map(repr, args)])
        path = None if where is None or kwargs else os.path.join(where, f"{name}.marshal")
        if path is not None:
            try:
                with open(path, "rb") as stored:
                    return marshal.loads(stored.read())  # type: ignore[no-any-return]
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
