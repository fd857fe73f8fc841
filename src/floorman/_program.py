"""The ``floorman`` program: the command line, started as a short-lived process.

Starting, the program loads the library's modules: tens of thousands of objects
(functions, classes, tables) that live as long as the process, and no garbage.
The cycle collector, counting them as they are made, would go over them about
twenty times meanwhile and again at every later pass: some milliseconds of a
command that replays a few hands. So the program loads its modules with the
collector off, then sets what they made aside for good (:func:`gc.freeze`),
never to be gone over again, and turns the collector back on before anything
else runs. A command that loads more modules when it runs (a replay loads the
dealer) does the same through :func:`loading`.

The package imports none of its modules but what decides the compiled ones
before this runs (see ``floorman/__init__.py``); ``floorman`` (the installed
program) and ``python -m floorman`` both start here. Only a process that is the
program does this: a program of the user's own that imports floorman keeps its
collector as it set it.

Ending, the interpreter frees every object the process made, one at a time:
another millisecond or two of a short replay, for memory the system takes back
whole anyway. A command whose work is all written says so (:func:`finished`),
and the program then ends its process at once, its output flushed, unless
something waits on that teardown: a function registered to run at exit (a
coverage tool's, a library's), or a thread.
"""

from __future__ import annotations

import gc
import os
import sys

__all__ = ["finished", "loading", "main"]

# Whether this process is the floorman program (set by main()).
_program = False
# Whether the command run has said its work is all written (see finished()).
_finished = False


class loading:  # noqa: N801 - a statement's context (``with loading():``), like contextlib's
    """Modules loaded in a ``with loading():`` block, by the program: the collector
    held off while they load, what they made then frozen. Anywhere else nothing
    changes."""

    __slots__ = ("_was",)

    def __enter__(self) -> None:
        self._was = gc.isenabled()
        if _program:
            gc.disable()

    def __exit__(self, *_: object) -> None:
        if _program:
            gc.freeze()
            if self._was:
                gc.enable()


def finished() -> None:
    """Said by a command when its work is done and written (a replay): the program
    may end the process without the interpreter's teardown. Anywhere but the
    program, nothing changes."""
    global _finished
    _finished = _program


def main() -> int:
    """Run the command line as the program; returns the exit status (or, when the
    command has :func:`finished`, ends the process with it)."""
    global _program
    _program = True
    with loading():
        from floorman.cli import main as command_line
    status = command_line()
    if _finished:
        _end_at_once(status)
    return status


def _end_at_once(status: int) -> None:
    """End the process with ``status`` now, its output flushed, if nothing waits on
    the interpreter's teardown; otherwise return, and the process ends as usual."""
    import atexit

    waiting = getattr(atexit, "_ncallbacks", None)  # CPython's count of exit functions
    if waiting is None or waiting() != 0:
        return
    threading = sys.modules.get("threading")
    # Another thread, or a shutdown threading runs at exit (a pool of workers').
    if threading is not None and (
        threading.active_count() != 1 or getattr(threading, "_threading_atexits", None)
    ):
        return
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return  # the usual ending reports it, as it would have
    os._exit(status)
