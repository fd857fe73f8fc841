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
"""

from __future__ import annotations

import gc

__all__ = ["loading", "main"]

# Whether this process is the floorman program (set by main()).
_program = False


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


def main() -> int:
    """Run the command line as the program; returns the exit status."""
    global _program
    _program = True
    with loading():
        from floorman.cli import main as command_line
    return command_line()
