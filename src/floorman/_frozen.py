"""Frozen, slotted dataclasses made cheaply: floorman's values.

``@dataclass(frozen=True, slots=True)`` compiles five or six methods from source
for every class as the class is made: a third of a millisecond a class, paid by
every process that imports it, used or not. :func:`frozen` gives a class the
same behaviour (the same fields, ``__dataclass_params__``, ``__match_args__``,
``__init__`` with ``__post_init__``, ``repr``, equality, hash, ordering, refusal
to assign, pickling, ``dataclasses.replace``), but

- its ``__init__`` is compiled when the class is first instantiated, not at
  import;
- its ``repr``, equality, hash and ordering are shared functions reading the
  class's fields, not code compiled for each class.

What the class defines itself (a ``__repr__``, an ``__eq__``) is kept, as a
dataclass keeps it. ``InitVar`` fields are not supported.

>>> import dataclasses
>>> @frozen(order=True)
... class Chips:
...     amount: int
...     owner: str = dataclasses.field(default="", compare=False)
>>> Chips(5, "ann"), Chips(5, "ann") == Chips(5, "bob"), Chips(4) < Chips(5)
(Chips(amount=5, owner='ann'), True, True)
>>> Chips(5).amount = 6
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'amount'
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = [
    "compared_eq",
    "compared_hash",
    "first_init",
    "frozen",
    "made_init",
    "refuse_assignment",
    "shown_repr",
]

_T = TypeVar("_T")

_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")


@overload
def frozen(cls: type[_T], /) -> type[_T]: ...


@overload
def frozen(*, order: bool = False, kw_only: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(
    cls: type[_T] | None = None, /, *, order: bool = False, kw_only: bool = False
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``cls`` made as ``@dataclass(frozen=True, slots=True, order=order,
    kw_only=kw_only)`` makes it (see the module)."""

    def wrap(cls: type[_T]) -> type[_T]:
        made: type[_T] = _make(cls, order=order, kw_only=kw_only)
        return made

    return wrap if cls is None else wrap(cls)


def _make(cls: Any, *, order: bool, kw_only: bool) -> Any:
    inherits = any(
        getattr(getattr(base, "__dataclass_params__", None), "frozen", False)
        for base in cls.__mro__[1:]
    )
    if not inherits and any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    if order:
        for name in _ORDER:
            if name in cls.__dict__:
                raise TypeError(
                    f"Cannot overwrite attribute {name} in class {cls.__name__}."
                    " Consider using functools.total_ordering"
                )
    if "__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__:
        raise TypeError(f"Cannot overwrite attribute __setattr__ in class {cls.__name__}")
    own = dict(cls.__dict__)
    # A dataclass that compiles nothing: no __init__, repr or comparison of its own,
    # frozen only where a frozen base requires it (then its two methods are compiled).
    made: Any = dataclasses.dataclass(
        init=False, repr=False, eq=False, frozen=inherits, slots=True, kw_only=kw_only
    )(cls)
    fields = dataclasses.fields(made)
    initvar = getattr(dataclasses, "_FIELD_INITVAR", None)
    if any(getattr(f, "_field_type", None) is initvar for f in made.__dataclass_fields__.values()):
        raise TypeError(f"{made.__name__}: InitVar fields are not supported")
    _check_defaults(fields)
    params = made.__dataclass_params__
    params.init = params.repr = params.eq = params.frozen = True
    params.order = order
    made.__init__ = first_init(made)
    if "__repr__" not in own:
        made.__repr__ = _repr
    compared = tuple(f.name for f in fields if f.compare)
    key = _key(compared)
    if "__eq__" not in own:
        made.__eq__ = _eq
    made.__frozen_key__ = staticmethod(key)
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not explicit_hash:
        hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        made.__frozen_hash_key__ = staticmethod(_key(hashed))
        made.__hash__ = _hash
    if order:
        made.__lt__, made.__le__, made.__gt__, made.__ge__ = _lt, _le, _gt, _ge
    if "__getstate__" not in own:
        made.__getstate__ = _getstate
        made.__setstate__ = _setstate
    if not inherits:
        refuse_assignment(made, frozenset(f.name for f in fields))
    return made


def _check_defaults(fields: tuple[dataclasses.Field[Any], ...]) -> None:
    seen_default = None
    for f in fields:
        if not f.init or f.kw_only:
            continue
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        if has_default:
            seen_default = f
        elif seen_default is not None:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) > 1:
        return operator.attrgetter(*names)
    if not names:
        return lambda value: ()
    get = operator.attrgetter(names[0])
    return lambda value: (get(value),)


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(
        f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr
    )
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__frozen_key__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__frozen_hash_key__(self))


def _lt(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__frozen_key__
        return key(self) < key(other)
    return NotImplemented


def _le(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__frozen_key__
        return key(self) <= key(other)
    return NotImplemented


def _gt(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__frozen_key__
        return key(self) > key(other)
    return NotImplemented


def _ge(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__frozen_key__
        return key(self) >= key(other)
    return NotImplemented


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)


# Shared methods for classes made like dataclasses without their compiled methods,
# each class naming the fields its repr shows (``__shown__``) and giving the key its
# equality and hash compare (``__compared__``).
@reprlib.recursive_repr()
def shown_repr(self: Any) -> str:
    """A dataclass's repr of ``self``, from its class's ``__shown__`` names."""
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__shown__)
    return f"{type(self).__qualname__}({shown})"


def compared_eq(self: Any, other: Any) -> Any:
    """A dataclass's equality, by its class's ``__compared__`` key."""
    if other.__class__ is self.__class__:
        key = self.__compared__
        return key(self) == key(other)
    return NotImplemented


def compared_hash(self: Any) -> int:
    """A frozen dataclass's hash, by its class's ``__compared__`` key."""
    return hash(self.__compared__(self))


def refuse_assignment(cls: Any, names: frozenset[str]) -> None:
    """Refuse assignment and deletion as a frozen dataclass does."""

    def assign(self: Any, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def delete(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    assign.__name__ = "__setattr__"
    assign.__qualname__ = f"{cls.__qualname__}.__setattr__"
    delete.__name__ = "__delattr__"
    delete.__qualname__ = f"{cls.__qualname__}.__delattr__"
    cls.__setattr__ = assign
    cls.__delattr__ = delete


_FACTORY = object()  # a parameter left to its field's default factory


def _compile_init(cls: Any) -> Callable[..., None]:
    """The class's ``__init__``, as a dataclass's: positional parameters, then the
    keyword-only ones, each field set through its slot, then ``__post_init__``."""
    namespace: dict[str, Any] = {"_FACTORY": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in dataclasses.fields(cls):
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            if f.init:
                value = f"_factory_{f.name}() if {f.name} is _FACTORY else {f.name}"
                param = f"{f.name}=_FACTORY"
            else:
                value = f"_factory_{f.name}()"
        elif f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            value = f.name if f.init else f"_default_{f.name}"
            param = f"{f.name}=_default_{f.name}"
        else:
            if not f.init:
                continue
            value = param = f.name
        if f.init:
            (keyword if f.kw_only else positional).append(param)
        body.append(f"    _set_{f.name}(self, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    return made_init(cls, signature, body, namespace)


def made_init(
    cls: Any, signature: str, body: list[str], namespace: dict[str, Any]
) -> Callable[..., None]:
    """``cls``'s ``__init__(signature)`` compiled from the lines of ``body``, which
    read the names in ``namespace``."""
    source = f"def __init__({signature}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def first_init(
    cls: Any, compile_init: Callable[[Any], Callable[..., None]] | None = None
) -> Callable[..., None]:
    """An ``__init__`` that compiles the real one (by ``compile_init``, this
    module's own by default), puts it in its place and calls it."""
    make = _compile_init if compile_init is None else compile_init

    def first(self: Any, *args: Any, **kwargs: Any) -> None:
        init = make(cls)
        cls.__init__ = init
        init(self, *args, **kwargs)

    first.__name__ = "__init__"
    first.__qualname__ = f"{cls.__qualname__}.__init__"
    return first
