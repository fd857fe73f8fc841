"""What the room log and the cardroom log read alike: the numbers and words of
a line, the set-up line, and the floor's lines (games named and opened,
started, closed and broken, sanctions, the lists, and players arriving,
leaving, stepping away and changing seats), each carried out as the command it
names on a :class:`~floorman.service.Cardroom`.

A log player takes :class:`FloorLines` and says what carrying out a command
answers (:meth:`FloorLines.do`): the floor's events for a room log, the
cardroom's entries for a cardroom log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from floorman.errors import ConfigError, FloormanError, NotationError
from floorman.ids import PlayerId, Seat
from floorman.room import GameKind, Sanction
from floorman.service import commands as cmd

__all__ = ["FloorLines"]

T = TypeVar("T")

# Bounded: a longer number is no room's (and would not convert in reasonable time).
_WHOLE = re.compile(r"[0-9]{1,15}")
_MINUTES = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")
_SANCTIONS = {"warn": Sanction.WARNING, "suspend": Sanction.SUSPENSION, "bar": Sanction.BAR}


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.partition("#")[0].strip()
        if line:
            yield number, line


#: The bounds of the numbers a log line holds, least and most.
_TABLES = (1, 9_999)
_SEAT_COUNT = (2, 10)  # RRP5 seating.9 may add one
_SEAT = (1, 10)
_CHIPS = (0, 1_000_000_000)
_SEEDS = (0, 2**32 - 1)
_MOST_MINUTES = 10_000_000  # some nineteen years: a term, an absence or a wait


def _whole(word: str, what: str, bounds: tuple[int, int]) -> int:
    least, most = bounds
    digits = word.lstrip("0") or "0"
    if (
        not _WHOLE.fullmatch(word)
        or len(digits) > len(str(most))
        or not least <= int(digits) <= most
    ):
        raise NotationError(
            f"{what} {word[:40]!r} is not a whole number from {least} to {most:,}", text=word
        )
    return int(digits)


def _minutes(word: str, what: str = "minutes") -> float:
    if _MINUTES.fullmatch(word) and len(word.partition(".")[0].lstrip("0")) <= 8:
        minutes = float(word)
        if 0 < minutes <= _MOST_MINUTES:
            return minutes
    raise NotationError(
        f"{what} {word[:40]!r} is not a number above 0 and at most {_MOST_MINUTES:,}",
        text=word,
    )


def _split(
    line: str,
    *,
    need: int,
    most: int | None = None,
    keys: tuple[str, ...] = (),
    flags: tuple[str, ...] = (),
) -> tuple[list[str], dict[str, str], set[str]]:
    """The words after the verb: ``need`` to ``most`` positional ones, then
    ``key=value`` options among ``keys`` and bare words among ``flags``."""
    verb, *words = line.split()
    args: list[str] = []
    options: dict[str, str] = {}
    named: set[str] = set()
    for word in words:
        key, eq, value = word.partition("=")
        if eq:
            if key not in keys or not value or key in options:
                allowed = ", ".join(f"{k}=" for k in keys) or "none"
                raise NotationError(
                    f"{verb!r} takes no option {word!r} (options: {allowed})", text=word
                )
            options[key] = value
        elif word in flags:
            named.add(word)
        elif options or named:
            raise NotationError(f"{word!r} comes after the options of {verb!r}", text=word)
        else:
            args.append(word)
    most = need if most is None else most
    if not need <= len(args) <= most:
        count = str(need) if need == most else f"{need} to {most}"
        raise NotationError(f"{verb!r} takes {count} words, got {len(args)}: {line!r}", text=line)
    return args, options, named


def _clock(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def _setup(line: str) -> tuple[int, int]:
    _, options, _ = _split(line, need=0, keys=("seed", "lockup"))
    seed = _whole(options.get("seed", "0"), "seed", _SEEDS)
    # The house's least lock-up is some chips (RRP5 seating.2).
    lockup = _whole(options.get("lockup", "20"), "lockup", (1, _CHIPS[1]))
    return seed, lockup


def _opening(
    lines: list[tuple[int, str]],
    word: str,
    located: Callable[[FloormanError, int, str], FloormanError],
) -> tuple[int, int]:
    """The seed and lock-up a log's first line sets when it is ``word`` with
    its options (the line is taken off ``lines``); 0 and 20 without one. An
    error names the line, as ``located`` does."""
    if lines and lines[0][1].split()[0] == word:
        number, first = lines.pop(0)
        try:
            return _setup(first)
        except FloormanError as error:
            raise located(error, number, first) from None
    return 0, 20


class FloorLines(Generic[T]):
    """The floor's lines of a log, each read and carried out with :meth:`do`;
    a line's verb names its method (``open`` is ``_open``). ``kinds`` are the
    games named so far with ``game``."""

    kinds: dict[str, GameKind]

    def do(self, command: cmd.Command) -> list[T]:
        """Carry out ``command`` and answer what it logged."""
        raise NotImplementedError

    def kind(self, name: str) -> GameKind:
        found = self.kinds.get(name)
        if found is None:
            known = ", ".join(self.kinds) or "none yet"
            raise NotationError(
                f"no game named {name!r} (named with 'game NAME GAME STRUCTURE STAKES';"
                f" named: {known})",
                text=name,
            )
        return found

    # ----- management -------------------------------------------------------

    def _game(self, line: str) -> list[T]:
        (name, *rest), _, _ = _split(line, need=4)
        if name in self.kinds:
            raise NotationError(f"the game {name!r} is named already", text=name)
        try:
            self.kinds[name] = GameKind.parse(" ".join(rest))
        except ConfigError as error:
            raise NotationError(error.message, text=" ".join(rest)) from None
        return []

    def _open(self, line: str) -> list[T]:
        (table, name), options, flags = _split(
            line, need=2, keys=("seats", "main"), flags=("extra",)
        )
        main = options.get("main")
        return self.do(
            cmd.OpenGame(
                table=_whole(table, "table", _TABLES),
                kind=self.kind(name),
                seats=_whole(options.get("seats", "9"), "seats", _SEAT_COUNT),
                main=None if main is None else _whole(main, "main table", _TABLES),
                extra="extra" in flags,
            )
        )

    def _number(self, line: str) -> int:
        (table,), _, _ = _split(line, need=1)
        return _whole(table, "table", _TABLES)

    def _start(self, line: str) -> list[T]:
        return self.do(cmd.StartGame(table=self._number(line)))

    def _close(self, line: str) -> list[T]:
        return self.do(cmd.CloseGame(table=self._number(line)))

    def _break(self, line: str) -> list[T]:
        return self.do(cmd.BreakGame(table=self._number(line)))

    def _sanction(self, line: str) -> list[T]:
        verb = line.split()[0]
        (player, rules), options, _ = _split(line, need=2, keys=("minutes",))
        minutes = options.get("minutes")
        return self.do(
            cmd.Sanction(
                player=PlayerId(player),
                sanction=_SANCTIONS[verb],
                rules=tuple(r for r in rules.split(",") if r),
                minutes=None if minutes is None else _minutes(minutes),
            )
        )

    _warn = _suspend = _bar = _sanction

    # ----- players ----------------------------------------------------------

    def _list(self, line: str) -> list[T]:
        (player, name), _, _ = _split(line, need=2)
        return self.do(cmd.SignUp(player=PlayerId(player), kind=self.kind(name)))

    def _unlist(self, line: str) -> list[T]:
        (player, name), _, _ = _split(line, need=2)
        return self.do(cmd.Unlist(player=PlayerId(player), kind=self.kind(name)))

    def _one(self, line: str) -> str:
        (player,), _, _ = _split(line, need=1)
        return player

    def _arrive(self, line: str) -> list[T]:
        return self.do(cmd.Arrive(player=PlayerId(self._one(line))))

    def _refuse(self, line: str) -> list[T]:
        return self.do(cmd.Refuse(player=PlayerId(self._one(line))))

    def _noanswer(self, line: str) -> list[T]:
        return self.do(cmd.NoAnswer(player=PlayerId(self._one(line))))

    def _leave(self, line: str) -> list[T]:
        return self.do(cmd.Leave(player=PlayerId(self._one(line))))

    def _out(self, line: str) -> list[T]:
        (player,), options, _ = _split(line, need=1, keys=("lockup",))
        lockup = _whole(options.get("lockup", "0"), "lockup", _CHIPS)
        return self.do(cmd.LeaveArea(player=PlayerId(player), lockup=lockup))

    def _change(self, line: str) -> list[T]:
        (player, *seat), _, _ = _split(line, need=1, most=2)
        return self.do(
            cmd.ChangeSeat(
                player=PlayerId(player), seat=Seat(_whole(seat[0], "seat", _SEAT)) if seat else None
            )
        )

    def _transfer(self, line: str) -> list[T]:
        (player, table), _, _ = _split(line, need=2)
        return self.do(
            cmd.ChangeGame(player=PlayerId(player), table=_whole(table, "table", _TABLES))
        )

    def _away(self, line: str) -> list[T]:
        (player,), options, _ = _split(line, need=1, keys=("took",))
        return self.do(
            cmd.StepAway(
                player=PlayerId(player), took=_whole(options.get("took", "0"), "took", _CHIPS)
            )
        )

    def _extend(self, line: str) -> list[T]:
        (player, minutes), _, _ = _split(line, need=2)
        return self.do(cmd.ExtendAbsence(player=PlayerId(player), minutes=_minutes(minutes)))
