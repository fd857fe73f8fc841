"""What ``floorman replay`` says about a run besides its hands: a progress line on
standard error while a long run goes on, and a summary at its end.

The progress line is drawn only on a terminal, and only once the run has gone
on for :data:`DELAY` seconds, so that a short run, or one whose standard error
is a file or a pipe, prints nothing but its hands. Time comes from a clock the
caller gives (``time.monotonic`` by the command line).
"""

from __future__ import annotations

from floorman._static import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO

    from floorman._replay_run import Outcome

__all__ = ["DELAY", "Progress", "Tally"]

#: Seconds a run goes on before its progress line is drawn.
DELAY = 1.0
#: Seconds between two drawings of the line.
INTERVAL = 0.1


class Progress:
    """A one-line progress report, drawn over itself on ``stream`` (a terminal)
    once ``delay`` seconds have passed (:data:`DELAY` by default).

    :meth:`update` redraws it at most every :data:`INTERVAL` seconds; :meth:`clear`
    takes it off the screen before anything else is written there.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        clock: Callable[[], float],
        enabled: bool,
        delay: float | None = None,
        width: Callable[[], int] | None = None,
    ) -> None:
        self._stream = stream
        self._clock = clock
        self._start = clock()
        self._enabled = enabled
        self._delay = DELAY if delay is None else delay
        self._width = width or _terminal_width(stream)
        self._drawn = False
        self._last = float("-inf")

    @property
    def drawn(self) -> bool:
        """Whether the line is on the screen now."""
        return self._drawn

    def update(self, hands: int, file: str | None, fraction: float | None) -> None:
        """Show ``hands`` done, their rate, and the file being read (with the part of
        it read, if known), if the run is long enough and the last drawing old enough."""
        if not self._enabled:
            return
        now = self._clock()
        elapsed = now - self._start
        if elapsed < self._delay or (self._drawn and now - self._last < INTERVAL):
            return
        rate = hands / elapsed if elapsed > 0 else 0.0
        text = f"floorman replay: {hands:,} hands, {rate:,.0f} hands/s"
        if file is not None:
            text += f", {file}" + ("" if fraction is None else f" {fraction:.0%}")
        most = max(self._width() - 1, 10)
        if len(text) > most:
            text = text[: most - 1] + "…"
        self._stream.write(f"\r{text}\x1b[K")
        self._stream.flush()
        self._drawn, self._last = True, now

    def clear(self) -> None:
        """Take the line off the screen (before other output there)."""
        if self._drawn:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            self._drawn = False


def _terminal_width(stream: TextIO) -> Callable[[], int]:
    def width() -> int:
        import os

        try:
            columns = os.get_terminal_size(stream.fileno()).columns
        except (OSError, ValueError, AttributeError):
            return 80
        return columns if columns > 0 else 80  # a terminal that says no width

    return width


class _Group:
    """The hands refused under one set of rules: the first of them, and how many."""

    __slots__ = ("first", "hands")

    def __init__(self, first: Outcome) -> None:
        self.first = first
        self.hands = 0

    def first_json(self) -> dict[str, object]:
        return {
            "file": self.first.file,
            "hand": self.first.label,
            "action_index": self.first.action,
        }


class Tally:
    """What a run came to: hands replayed, refused (by the rules cited), unreadable,
    and stacks reached against those the files record, over ``files`` files.

    A running count, not a value: a plain class, which every replay imports
    without compiling a dataclass's methods.
    """

    __slots__ = (
        "as_recorded",
        "files",
        "first_other",
        "hands",
        "other_stacks",
        "refused",
        "replayed",
        "unreadable",
    )

    def __init__(self, *, files: int = 0) -> None:
        self.files = files
        self.hands = 0
        self.replayed = 0
        self.as_recorded = 0
        self.other_stacks = 0
        self.first_other: Outcome | None = None
        self.unreadable = 0
        self.refused: dict[tuple[str, ...], _Group] = {}

    def add(self, outcome: Outcome) -> None:
        """Count one outcome."""
        self.hands += outcome.hands
        if outcome.err is not None:
            self.unreadable += 1
        elif outcome.refused is not None:
            group = self.refused.setdefault(outcome.refused, _Group(outcome))
            group.hands += 1
        else:
            self.replayed += 1
            if outcome.matches is True:
                self.as_recorded += 1
            elif outcome.matches is False:
                self.other_stacks += 1
                self.first_other = self.first_other or outcome

    @property
    def refused_hands(self) -> int:
        """The hands refused, whatever the rule."""
        return sum(g.hands for g in self.refused.values())

    def _groups(self) -> list[tuple[tuple[str, ...], _Group]]:
        return sorted(self.refused.items(), key=lambda item: (-item[1].hands, item[0]))

    def text(self, *, seconds: float, stopped: str | None = None) -> str:
        """The summary in words, a few lines."""
        rate = self.hands / seconds if seconds > 0 else 0.0
        files = f" in {self.files:,} file{'s' if self.files != 1 else ''}" if self.files else ""
        head = (
            f"floorman replay: {self.hands:,} hand{'s' if self.hands != 1 else ''}{files}"
            f" in {seconds:,.1f} s ({rate:,.0f} hands/s)"
            + (f", stopped: {stopped}" if stopped else "")
        )
        replayed = f"  {self.replayed:,} replayed"
        if self.replayed:
            unrecorded = self.replayed - self.as_recorded - self.other_stacks
            detail = [f"{self.as_recorded:,} to the recorded stacks"]
            if self.first_other is not None:
                first = self.first_other.where
                detail.append(f"{self.other_stacks:,} to other stacks (first: {first})")
            if unrecorded:
                detail.append(f"{unrecorded:,} with none recorded")
            replayed += ": " + ", ".join(detail)
        lines = [head, replayed, f"  {self.refused_hands:,} refused"]
        if self.refused:
            lines[-1] += ", by the rules cited:"
            for rules, group in self._groups():
                cited = ", ".join(rules) if rules else "no rule cited"
                lines.append(f"  {group.hands:>9,}  {cited}  (first: {group.first.where})")
        lines.append(f"  {self.unreadable:,} unreadable")
        return "\n".join(lines)

    def json(self, *, seconds: float, stopped: str | None = None) -> str:
        """The summary as one JSON object, ``{"summary": {...}}``."""
        import json  # only for this form of the summary: a replay writing text has no use for it

        rate = self.hands / seconds if seconds > 0 else 0.0
        summary = {
            "files": self.files,
            "hands": self.hands,
            "replayed": self.replayed,
            "as_recorded": self.as_recorded,
            "other_stacks": self.other_stacks,
            "first_other_stacks": None
            if self.first_other is None
            else {"file": self.first_other.file, "hand": self.first_other.label},
            "none_recorded": self.replayed - self.as_recorded - self.other_stacks,
            "refused": self.refused_hands,
            "refused_by_rules": [
                {"citations": list(rules), "hands": group.hands, "first": group.first_json()}
                for rules, group in self._groups()
            ],
            "unreadable": self.unreadable,
            "seconds": round(seconds, 3),
            "hands_per_second": round(rate, 1),
            "stopped": stopped,
        }
        return json.dumps({"summary": summary})
