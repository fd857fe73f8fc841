"""What floorman's modules take from :mod:`typing`, without importing it at run time.

Every module writes its annotations as strings (``from __future__ import
annotations``), so typing's names serve the type checker, not the program, and
importing typing costs a process some milliseconds: a command that replays a
few hands is timed whole. The modules a replay loads take ``TYPE_CHECKING``
from here and import typing's names under ``if TYPE_CHECKING:``; the few that
are called at run time are here, as the type checker sees them (typing's own)
and as they run (stand-ins that do what typing's do at run time, no more):

- :func:`cast` returns its value;
- :func:`overload` and :func:`final` return what they decorate (``final``
  marks it ``__final__``, as typing's does);
- :func:`dataclass_transform` marks the decorator it wraps with
  ``__dataclass_transform__``, as typing's does (in the form of Python 3.12 on);
- ``Generic[...]`` as a base class adds no base;
- :class:`NewType` makes a callable that returns its argument, named and
  printed as typing's is, with its ``__supertype__``.

>>> cast(int, "7"), overload(len) is len
('7', True)
>>> Seat = NewType("Seat", int)
>>> Seat(3), Seat.__supertype__
(3, <class 'int'>)
"""

from __future__ import annotations

#: False when the program runs; a type checker takes it as true (by its name).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Generic as Generic
    from typing import NewType as NewType
    from typing import cast as cast
    from typing import dataclass_transform as dataclass_transform
    from typing import final as final
    from typing import overload as overload
else:
    import sys

    def cast(typ, val):
        """``val``: a cast tells the type checker only."""
        return val

    def overload(func):
        """``func``: the implementation after the overloads replaces them."""
        return func

    def final(f):
        """``f``, marked ``__final__`` where it can be."""
        try:  # noqa: SIM105 (contextlib is not loaded for this)
            f.__final__ = True
        except (AttributeError, TypeError):
            pass
        return f

    def dataclass_transform(
        *,
        eq_default=True,
        order_default=False,
        kw_only_default=False,
        frozen_default=False,
        field_specifiers=(),
        **kwargs,
    ):
        """A decorator marking what it decorates as typing's does."""

        def decorator(cls_or_fn):
            cls_or_fn.__dataclass_transform__ = {
                "eq_default": eq_default,
                "order_default": order_default,
                "kw_only_default": kw_only_default,
                "frozen_default": frozen_default,
                "field_specifiers": field_specifiers,
                "kwargs": kwargs,
            }
            return cls_or_fn

        return decorator

    class Generic:
        """``Generic[...]`` in a class's bases: plain ``object``."""

        __slots__ = ()

        def __class_getitem__(cls, params):
            return object

    class NewType:
        """A distinct type for the checker; at run time a callable returning its argument."""

        def __init__(self, name, tp):
            self.__qualname__ = name
            self.__name__ = name.rpartition(".")[-1]
            self.__supertype__ = tp
            self.__module__ = sys._getframe(1).f_globals.get("__name__", "__main__")

        def __call__(self, x, /):
            return x

        def __mro_entries__(self, bases):
            raise TypeError(f"Cannot subclass an instance of NewType ({self.__name__})")

        def __repr__(self):
            return f"{self.__module__}.{self.__qualname__}"

        def __reduce__(self):
            return self.__qualname__

        # Only a union made at run time (an alias, not an annotation) loads typing.
        def __or__(self, other):
            import typing

            return typing.Union[self, other]  # noqa: UP007 (typing's own, as its NewType's)

        def __ror__(self, other):
            import typing

            return typing.Union[other, self]  # noqa: UP007 (typing's own, as its NewType's)
