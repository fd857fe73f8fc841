"""What ``floorman replay`` does with each hand, one process or several.

The command line gives the files; :func:`jobs_of` turns them into one
:class:`Job` a hand (a ``.phhs`` read a hand at a time by
:class:`~floorman.formats.stream.PhhsReader`, a ``.phh`` read where it is
replayed); :func:`replay_chunk` reads and replays a list of jobs and returns
what is to be printed for each, as :class:`Outcome` values; :func:`in_order`
runs the chunks in this process or in worker processes, a bounded number in
flight, and gives their outcomes back in the order of the jobs.

A worker imports this module, the PHH reader and the dealer, nothing of the
command line. Workers ignore Ctrl-C: the command stops them, after the chunks
they hold, and says how far it got.
"""

from __future__ import annotations

import gc
import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence

from floorman._frozen import frozen
from floorman._static import TYPE_CHECKING
from floorman.errors import FloormanError, NotationError
from floorman.formats import phh
from floorman.games import RuleSet

if TYPE_CHECKING:
    from concurrent.futures import Future
    from typing import Any, BinaryIO, TextIO, TypeAlias, TypeVar

    from floorman.formats.replay import Replay
    from floorman.formats.stream import HandText, PhhsReader

# The streaming reader (floorman.formats.stream), signal and json are imported where
# they are used: a run of .phh files written as text starts without them.

__all__ = [
    "CHUNK",
    "SOLO",
    "Given",
    "HandJob",
    "Job",
    "Outcome",
    "PhhFile",
    "Reading",
    "WorkerLost",
    "in_order",
    "jobs_of",
    "replay_chunk",
]

if TYPE_CHECKING:
    T = TypeVar("T")
    R = TypeVar("R")

#: Seconds a run works alone, when the number of processes was not asked for,
#: before it starts its workers (each imports the dealer: a short run is over first).
SOLO = 1.0

#: Hands sent to a worker at a time: enough that sending them costs little
#: beside replaying them, few enough that a run keeps all its workers busy.
CHUNK = 64


@frozen
class Outcome:
    """What one job gave: the line for standard output, or the one for standard
    error, its exit status (0, 1 or 2), and what the summary counts of it.

    ``hands`` is 1 for a hand read (replayed, refused or unreadable) and 0 for
    a file that could not be opened; ``matches`` whether the stacks reached are
    the recorded ones (None if the file records none or the hand was refused);
    ``refused`` the rules cited by a refused hand (empty if none is cited);
    ``file``, ``label`` and ``action`` say where, for the summary's examples.
    """

    out: str | None = None
    err: str | None = None
    status: int = 0
    hands: int = 1
    matches: bool | None = None
    refused: tuple[str, ...] | None = None
    file: str = ""
    label: int | None = None
    action: int | None = None

    @property
    def where(self) -> str:
        """The file, hand and action, as the hand's line names them."""
        hand = "" if self.label is None else f": hand {self.label}"
        action = "" if self.action is None else f": action {self.action}"
        return f"{self.file}{hand}{action}"


@frozen
class HandJob:
    """A hand of a ``.phhs``, to be read and replayed; ``label`` is its number as
    printed (None when the file holds one hand)."""

    file: str
    label: int | None
    hand: HandText


@frozen
class PhhFile:
    """A ``.phh`` file (or one whose suffix says neither), read where it is replayed."""

    file: str


@frozen
class Given:
    """A hand already read (from standard input)."""

    file: str
    label: int | None
    history: phh.HandHistory


Job: TypeAlias = HandJob | PhhFile | Given | Outcome


class WorkerLost(Exception):
    """A worker process ended without giving back the chunk it held; ``first`` is
    the chunk's first job."""

    def __init__(self, first: object) -> None:
        self.first = first
        if isinstance(first, HandJob):
            where = f"{first.file}: hand {first.label or first.hand.number}"
        elif isinstance(first, PhhFile | Given):
            where = first.file
        else:
            where = repr(first)
        super().__init__(
            f"{where}: the worker process replaying the hands from here (a chunk of at most"
            f" {CHUNK}) ended without answering"
        )


# --- the jobs of the command line's files -------------------------------------------------------


def _unreadable(name: str, error: FloormanError, *, hands: int = 1) -> Outcome:
    where = "" if str(error).startswith(f"{name}: ") else f"{name}: "
    return Outcome(err=f"floorman replay: {where}{error}", status=2, hands=hands)


@frozen
class Reading:
    """A ``.phhs`` being read: its name, its reader and its size in bytes."""

    file: str
    reader: PhhsReader
    size: int


def _stream(name: str, reader: PhhsReader) -> Iterator[Job]:
    hands = iter(reader)
    ahead: list[HandText] = []
    # A file of one hand prints it without a number, as the whole-file reader did:
    # look as far as a second hand before the first is sent.
    for hand in hands:
        ahead.append(hand)
        if sum(h.number > 0 for h in ahead) == 2:
            break
    numbered = sum(h.number > 0 for h in ahead) > 1
    for hand in itertools.chain(ahead, hands):
        label = hand.number if numbered and hand.number > 0 else None
        yield HandJob(name, label, hand)


def _phhs_file(name: str, readers: list[Reading]) -> Iterator[Job]:
    try:
        source = open(name, "rb")  # noqa: SIM115 - closed with the generator
        size = os.fstat(source.fileno()).st_size
    except OSError as error:
        message = f"{name}: {error.strerror or error}"
        yield _unreadable(name, NotationError(message, text=name), hands=0)
        return
    from floorman.formats.stream import PhhsReader

    with source:
        reader = PhhsReader(source)
        readers.append(Reading(name, reader, size))
        yield from _stream(name, reader)


class _Encoded:
    """A text stream read as UTF-8 bytes (standard input replaced by a text, in tests)."""

    def __init__(self, text: TextIO) -> None:
        self._text = text

    def read(self, size: int, /) -> bytes:
        return self._text.read(size).encode("utf-8", "surrogateescape")

    def readline(self, size: int, /) -> bytes:
        return self._text.readline(size).encode("utf-8", "surrogateescape")


def _stdin() -> Iterator[Job]:
    """Standard input: a ``.phhs`` (its first statement a header) streamed a hand
    at a time; anything else read whole, as a ``.phh`` or whatever it is."""
    import sys

    raw: BinaryIO | None = getattr(sys.stdin, "buffer", None)
    source: BinaryIO | _Encoded = raw if raw is not None else _Encoded(sys.stdin)
    seen: list[bytes] = []
    while line := source.readline(64 * 1024):
        seen.append(line)
        stripped = line.strip()
        if stripped and not stripped.startswith(b"#"):
            break
    if seen and seen[-1].lstrip().startswith(b"["):
        from floorman.formats.stream import PhhsReader

        yield from _stream("-", PhhsReader(source, prefix=b"".join(seen)))
        return
    data = b"".join(seen) + source.read(-1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        yield _unreadable("-", NotationError(f"not UTF-8 text (byte {error.start})", text="-"))
        return
    try:
        histories = phh.read_hands(text)
    except FloormanError as error:
        yield _unreadable("-", error)
        return
    for number, history in enumerate(histories, start=1):
        yield Given("-", number if len(histories) > 1 else None, history)


def _suffix(name: str) -> str:
    """The suffix of the file ``name``, as ``pathlib.PurePosixPath(name).suffix`` gives it.

    >>> [_suffix(n) for n in ("a.phhs", "a/b.PHH", "a.phhs/", "a.phhs/.", ".phhs", "a.", "..")]
    ['.phhs', '.PHH', '.phhs', '.phhs', '', '', '']
    """
    last = name[name.rfind("/") + 1 :]
    if not last or last == ".":  # "a.phhs/", "a.phhs/.": the last part that names one
        parts = [part for part in name.split("/") if part and part != "."]
        last = parts[-1] if parts else ""
    dot = last.rfind(".")
    return last[dot:] if 0 < dot < len(last) - 1 else ""


def jobs_of(files: Sequence[str], *, readers: list[Reading] | None = None) -> Iterator[Job]:
    """The jobs of ``files``, in order: one a hand, or an Outcome for a file that
    cannot be opened. Each ``.phhs`` opened is added to ``readers``, whose
    reader's position says how far it has been read."""
    opened = readers if readers is not None else []
    for name in files:
        if name == "-":
            yield from _stdin()
        elif _suffix(name).lower() == ".phhs":
            yield from _phhs_file(name, opened)
        else:
            yield PhhFile(name)


# --- reading and replaying, in a worker or not ---------------------------------------------------


def _file_units(chips: Sequence[int], per_unit: int) -> list[int | float]:
    return [c // per_unit if c % per_unit == 0 else c / per_unit for c in chips]


# floorman.formats.replay.replay, imported when the first hand is replayed.
_replay: Callable[..., Replay] | None = None


def _replayer() -> Callable[..., Replay]:
    global _replay
    from floorman.formats.replay import replay

    _replay = replay
    return replay


def _replayed(
    name: str, label: int | None, history: phh.HandHistory, rules: RuleSet, as_json: bool
) -> Outcome:
    result = (_replay or _replayer())(history, rules=rules)
    error = result.error
    if error is not None or as_json or result.deal is None:
        return _reported(name, label, history, result, as_json)
    stacks = result.deal.stacks
    recorded = history.finishing_stacks
    per_unit = history.chips_per_unit
    shown = stacks if per_unit == 1 else _file_units(stacks, per_unit)
    hand = "" if label is None else f"hand {label}: "
    if recorded is None:
        matches, check = None, ""
    elif stacks == recorded:
        matches, check = True, " (as recorded)"
    else:
        matches = False
        check = f" (the file records {_file_units(recorded, per_unit)})"
    # A list's text: the stacks as the file's units, whole numbers as integers.
    out = f"{name}: {hand}{history.variant}: finishing stacks [{', '.join(map(repr, shown))}]"
    return Outcome(
        out=out + check,
        status=1 if matches is False else 0,
        matches=matches,
        file=name,
        label=label,
    )


def _reported(
    name: str, label: int | None, history: phh.HandHistory, result: Replay, as_json: bool
) -> Outcome:
    """The outcome of a hand refused, or written as JSON."""
    import json  # for a hand refused or written as JSON: a replay's usual line needs none

    record: dict[str, object] = {"file": name, "variant": history.variant}
    hand = f"hand {label}: " if label is not None else ""
    if label is not None:
        record["hand"] = label
    error = result.error
    if error is not None:
        record["error"] = {
            "action_index": error.action_index,
            "message": error.message,
            "citations": list(error.citations),
        }
        cited = f" [{', '.join(error.citations)}]" if error.citations else ""
        text = (
            f"{name}: {hand}{history.variant}: action {error.action_index}: {error.message}{cited}"
        )
        return Outcome(
            out=json.dumps(record) if as_json else text,
            status=1,
            refused=error.citations,
            file=name,
            label=label,
            action=error.action_index,
        )
    # Replayed, written as JSON (a replayed hand's line is _replayed's).
    stacks = result.finishing_stacks or ()
    record["finishing_stacks"] = _file_units(stacks, history.chips_per_unit)
    matches = result.matches_file
    if history.finishing_stacks is not None:
        record["matches_file"] = matches
    return Outcome(
        out=json.dumps(record),
        status=1 if matches is False else 0,
        matches=matches,
        file=name,
        label=label,
    )


#: Hands read before they are replayed. Reading some hands, then replaying them,
#: rather than replaying each as soon as it is read, keeps the reader's and the
#: dealer's code and data in the processor's caches for longer (a run of the
#: 2,000 Pluribus hands some 5 % faster), and holds few hands at a time.
BATCH = 16

# A hand read and waiting to be replayed: its file, its label and the hand; or
# the outcome of a job with nothing to replay.
_Read: TypeAlias = "tuple[str, int | None, phh.HandHistory] | Outcome"


def _read(job: Job, into: list[_Read]) -> None:
    """Read ``job``'s hands into ``into`` (an Outcome for what cannot be read)."""
    if isinstance(job, Outcome):
        into.append(job)
    elif isinstance(job, PhhFile):
        try:
            histories = phh.load(job.file)
        except FloormanError as error:
            into.append(_unreadable(job.file, error))
            return
        if len(histories) == 1:
            into.append((job.file, None, histories[0]))
        else:
            into.extend((job.file, n, h) for n, h in enumerate(histories, start=1))
    elif isinstance(job, HandJob):
        from floorman.formats.stream import read_hand

        try:
            history = read_hand(job.hand)
        except FloormanError as error:
            # Lines before the first header are no hand: counted as unreadable alone.
            into.append(_unreadable(job.file, error, hands=min(job.hand.number, 1)))
            return
        into.append((job.file, job.label, history))
    else:
        into.append((job.file, job.label, job.history))


def replay_chunk(jobs: Sequence[Job], *, rules: str, as_json: bool) -> list[Outcome]:
    """Read and replay ``jobs`` under ``rules`` (a :class:`RuleSet` value): what
    each gives, in order (a ``.phh`` file may give several)."""
    ruleset = RuleSet(rules)
    outcomes: list[Outcome] = []
    read: list[_Read] = []
    last = len(jobs) - 1
    # The cycle collector waits until the chunk is done: a chunk's hands make many
    # short-lived objects, few of them in cycles, and the collector's passes over them
    # while they live cost a replay some 2 % of its time. A chunk is a bounded number
    # of hands, so what waits for it is bounded too.
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        for at, job in enumerate(jobs):
            _read(job, read)
            if len(read) < BATCH and at < last:
                continue
            for item in read:
                if isinstance(item, Outcome):
                    outcomes.append(item)
                else:
                    outcomes.append(_replayed(*item, ruleset, as_json))
            read.clear()
    finally:
        if paused:
            gc.enable()
    return outcomes


# --- running the chunks ---------------------------------------------------------------------------


def chunks_of(jobs: Iterable[T], size: int = CHUNK) -> Iterator[list[T]]:
    """``jobs`` in lists of ``size``."""
    it = iter(jobs)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _quiet_worker() -> None:
    # Ctrl-C reaches every process of the terminal's group; the command stops the
    # workers itself, so that none prints a traceback.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_order(
    work: Callable[[list[T]], R],
    chunks: Iterable[list[T]],
    *,
    jobs: int,
    ahead: int = 4,
    solo: float = 0.0,
    clock: Callable[[], float] = time.monotonic,
) -> Generator[R, None, None]:
    """``work`` done on each chunk, in order: in this process when ``jobs`` is 1
    or there is one chunk, else in ``jobs`` worker processes with at most
    ``ahead`` chunks a worker in flight, so that memory stays bounded. The
    first ``solo`` seconds (by ``clock``) are worked in this process: a run
    over by then starts no worker.

    ``work`` must be picklable (a module's function, or a partial of one). A
    worker that dies raises :class:`WorkerLost`, naming the first job of the
    chunk that killed it: the chunks not yet answered are worked again one at a
    time, each in a worker of its own, and the first whose worker dies again is
    the one named, the results before it given first (if none dies again, a
    worker killed from outside, the first chunk not answered is named and
    nothing after the results given before the loss). Stopping early (Ctrl-C,
    or the caller closing this generator) stops the workers after the chunks
    they are replaying.
    """
    it = iter(chunks)
    if solo > 0 and jobs > 1:
        until = clock() + solo
        for chunk in it:
            yield work(chunk)
            if clock() >= until:
                break
    first = next(it, None)
    if first is None:
        return
    second = next(it, None)
    if jobs <= 1 or second is None:
        for chunk in itertools.chain([first], [] if second is None else [second], it):
            yield work(chunk)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker)
    pending: deque[tuple[Future[R], list[T]]] = deque()
    broken = False
    try:
        for chunk in itertools.chain([first, second], it):
            try:
                pending.append((pool.submit(work, chunk), chunk))
            except BrokenProcessPool:
                pending.append((_lost(), chunk))
                broken = True
                break
            if len(pending) >= jobs * ahead:
                if isinstance(pending[0][0].exception(), BrokenProcessPool):
                    broken = True
                    break
                yield pending.popleft()[0].result()
        while pending and not broken:
            if isinstance(pending[0][0].exception(), BrokenProcessPool):
                broken = True
                break
            yield pending.popleft()[0].result()
    finally:
        if not broken:
            for future, _ in pending:
                future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
    if not broken:
        return
    # A worker died. The pool then fails every chunk not yet answered, whichever
    # worker held it: each is worked again, alone in a worker of its own, to find
    # the one that kills its worker. Its results before it are given, and it is
    # named; if none dies again, the first chunk not answered is named.
    again: list[R] = []
    for future, chunk in pending:
        if future.done() and not future.cancelled() and future.exception() is None:
            again.append(future.result())
            continue
        alone = ProcessPoolExecutor(max_workers=1, initializer=_quiet_worker)
        try:
            again.append(alone.submit(work, chunk).result())
        except BrokenProcessPool:
            yield from again
            raise WorkerLost(chunk[0]) from None
        finally:
            alone.shutdown(wait=True)
    raise WorkerLost(pending[0][1][0])


def _lost() -> Future[Any]:
    """A future that failed as a chunk sent to a broken pool fails."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    future: Future[Any] = Future()
    future.set_exception(BrokenProcessPool("a worker ended without answering"))
    return future
