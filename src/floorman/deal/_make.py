"""Making the deal's most frequent records from compiled code, cheaply.

A record's own constructor (:func:`floorman.deal._records.record`) is a Python
``__init__`` taking keywords: called from compiled code, each call packs its
keywords, enters an interpreted frame and sets each slot from there. The
dealer makes a few dozen records each deal, most of them of a dozen kinds, so
a :class:`Maker` makes those instead: the object made empty, then each slot set
through its member descriptor, with no keyword parsing and no interpreted frame
when this module runs compiled (see :mod:`floorman._compiled`).

What it makes is the very object the constructor makes: a record's ``__init__``
does nothing else than set every slot, so equality, hash, ``repr``, pickling
and the codec see no difference. A maker names the fields it is given, in the
class's order, and checks them against the class once, when made; the fields
it is not given take the class's defaults, read then too.

>>> from floorman.deal.events import Checked
>>> from floorman.ids import Position
>>> checked = Maker(Checked, "position")
>>> checked.make1(Position(2)) == Checked(position=Position(2))
True
"""

from __future__ import annotations

from floorman._static import TYPE_CHECKING, Generic, cast, final

if TYPE_CHECKING:
    from typing import Any, Final, TypeVar

from floorman._frozen import MISSING, value_fields

__all__ = ["Maker"]

if TYPE_CHECKING:
    _R = TypeVar("_R")

_NEW: Final[Any] = object.__new__


# _R is the checker's only: named in a string, Generic adds no base when running.
@final
class Maker(Generic["_R"]):
    """Makes records of one class from the values of its leading fields, given
    by position in the class's field order (``names``); the fields after them
    take their defaults."""

    def __init__(self, cls: type[_R], *names: str) -> None:
        self.cls: Any = cast("Any", cls)
        fields = value_fields(self.cls)
        given = tuple(f.name for f in fields[: len(names)])
        if given != names:
            raise TypeError(f"{cls.__name__}'s leading fields are {given}, not {names}")
        rest = fields[len(names) :]
        for f in rest:
            if f.default is MISSING:
                raise TypeError(f"{cls.__name__}.{f.name} has no default: it must be given")
        self.count = len(names)
        setters: list[Any] = [getattr(cls, name).__set__ for name in names]
        # Unused setters stay None: make1 to make6 read them without a bounds check.
        setters.extend([None] * (6 - len(setters)))
        self.s0: Any = setters[0]
        self.s1: Any = setters[1]
        self.s2: Any = setters[2]
        self.s3: Any = setters[3]
        self.s4: Any = setters[4]
        self.s5: Any = setters[5]
        self.defaults: tuple[tuple[Any, Any], ...] = tuple(
            (getattr(cls, f.name).__set__, f.default) for f in rest
        )

    def _rest(self, made: object) -> None:
        for setter, value in self.defaults:
            setter(made, value)

    def _check(self, count: int) -> None:
        if count != self.count:
            raise TypeError(f"{self.cls.__name__}: {self.count} values are made, not {count}")

    def make1(self, a: Any) -> _R:
        """A record from the value of its first field."""
        self._check(1)
        made: _R = _NEW(self.cls)
        self.s0(made, a)
        if self.defaults:
            self._rest(made)
        return made

    def make2(self, a: Any, b: Any) -> _R:
        """A record from the values of its first two fields."""
        self._check(2)
        made: _R = _NEW(self.cls)
        self.s0(made, a)
        self.s1(made, b)
        if self.defaults:
            self._rest(made)
        return made

    def make3(self, a: Any, b: Any, c: Any) -> _R:
        """A record from the values of its first three fields."""
        self._check(3)
        made: _R = _NEW(self.cls)
        self.s0(made, a)
        self.s1(made, b)
        self.s2(made, c)
        if self.defaults:
            self._rest(made)
        return made

    def make4(self, a: Any, b: Any, c: Any, d: Any) -> _R:
        """A record from the values of its first four fields."""
        self._check(4)
        made: _R = _NEW(self.cls)
        self.s0(made, a)
        self.s1(made, b)
        self.s2(made, c)
        self.s3(made, d)
        if self.defaults:
            self._rest(made)
        return made

    def make6(self, a: Any, b: Any, c: Any, d: Any, e: Any, f: Any) -> _R:
        """A record from the values of its first six fields."""
        self._check(6)
        made: _R = _NEW(self.cls)
        self.s0(made, a)
        self.s1(made, b)
        self.s2(made, c)
        self.s3(made, d)
        self.s4(made, e)
        self.s5(made, f)
        if self.defaults:
            self._rest(made)
        return made
