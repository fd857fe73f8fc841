"""Frozen, slotted dataclasses made cheaply: floorman's values.

``@dataclass(frozen=True, slots=True)`` compiles five or six methods from source
for every class as the class is made, and the ``dataclasses`` module it needs
imports ``inspect`` (with ``ast``, ``dis``, ``tokenize``...): some 7 ms of a
process that only reads and replays hands. :func:`frozen` gives a class the
same behaviour (the same fields, ``__match_args__``, ``__init__`` with
``__post_init__``, ``repr``, equality, hash, ordering, refusal to assign,
pickling), and the class stays a dataclass to ``dataclasses.fields``,
``is_dataclass``, ``replace``, ``asdict`` and ``astuple``, but

- the class is made without the ``dataclasses`` module: its fields are read
  from its annotations and defaults here, as ``dataclasses`` reads them;
- its ``__dataclass_fields__`` and ``__dataclass_params__`` are made when first
  read (by ``dataclasses``, which its reader has imported): ``dataclasses``
  makes them then, from the same annotations and defaults;
- its ``__init__`` is made when the class is first instantiated, not at
  import, and is not compiled: the code of its kind of ``__init__`` (the usual
  kinds come compiled with the package, in :mod:`floorman._frozen_inits`; another
  is compiled once a process) is given the class's names and defaults;
- a slotted class is made again (as slots can only be given to a class as it
  is made) with its slots and all its methods at once: setting each on the
  class after costs more;
- its ``repr``, equality, hash and ordering are shared functions reading the
  class's fields, not code compiled for each class;
- refusing an assignment imports ``dataclasses`` for its
  ``FrozenInstanceError``.

Fields are specified with this module's :func:`field` (or ``dataclasses.field``,
where the module is imported anyway). What the class defines itself (a
``__repr__``, an ``__eq__``, an ``__init__``) is kept, as a dataclass keeps it.
``InitVar`` and ``KW_ONLY`` annotations are not supported. Floorman's own code
reads a class's fields with :func:`value_fields`, which imports nothing.

>>> @frozen(order=True)
... class Chips:
...     amount: int
...     owner: str = field(default="", compare=False)
>>> Chips(5, "ann"), Chips(5, "ann") == Chips(5, "bob"), Chips(4) < Chips(5)
(Chips(amount=5, owner='ann'), True, True)
>>> [f.name for f in value_fields(Chips)]
['amount', 'owner']
>>> Chips(5).amount = 6
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'amount'
"""

from __future__ import annotations

import abc
import operator
import reprlib
import sys
import types

from floorman._static import TYPE_CHECKING, dataclass_transform, overload

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from dataclasses import Field as _DataclassField
    from dataclasses import field as _dataclass_field
    from typing import Any, TypeVar

    _T = TypeVar("_T")
else:
    # Named by the decorators' options below, read by type checkers only.
    _DataclassField = _dataclass_field = None


__all__ = [
    "MISSING",
    "Field",
    "dataclass_like",
    "field",
    "field_names",
    "frozen",
    "is_dataclass_instance",
    "value_fields",
]

_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")
_MEMBER = types.MemberDescriptorType


class _Missing:
    """The absence of a default, as ``dataclasses.MISSING`` marks it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: No default given (this module's own mark: not ``dataclasses.MISSING``, which
#: :func:`value_fields` gives as this one too).
MISSING: Any = _Missing()


class Field:
    """One field of a class made here, as ``dataclasses.Field`` describes one:
    its ``name``, its annotation (``type``, a string under postponed annotations),
    its ``default`` or ``default_factory`` (or :data:`MISSING`), whether
    ``__init__`` takes it (``init``, and by keyword only: ``kw_only``), whether
    ``repr`` shows it, whether equality and ordering compare it (``compare``)
    and the hash hashes it (``hash``: None to follow ``compare``), and its
    ``metadata``. :func:`field` makes one to specify a field in a class body."""

    __slots__ = (
        "compare",
        "default",
        "default_factory",
        "hash",
        "init",
        "kw_only",
        "metadata",
        "name",
        "repr",
        "type",
    )

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        hash: bool | None = None,
        compare: bool = True,
        metadata: Mapping[Any, Any] | None = None,
        kw_only: Any = MISSING,
    ) -> None:
        self.name: str = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = metadata
        self.kw_only = kw_only

    def __repr__(self) -> str:
        return (
            f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
            f"default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},"
            f"hash={self.hash!r},compare={self.compare!r},metadata={self.metadata!r},"
            f"kw_only={self.kw_only!r})"
        )


@overload
def field(
    *,
    default: _T,
    init: bool = ...,
    repr: bool = ...,
    hash: bool | None = ...,
    compare: bool = ...,
    metadata: Mapping[Any, Any] | None = ...,
    kw_only: bool = ...,
) -> _T: ...


@overload
def field(
    *,
    default_factory: Callable[[], _T],
    init: bool = ...,
    repr: bool = ...,
    hash: bool | None = ...,
    compare: bool = ...,
    metadata: Mapping[Any, Any] | None = ...,
    kw_only: bool = ...,
) -> _T: ...


@overload
def field(
    *,
    init: bool = ...,
    repr: bool = ...,
    hash: bool | None = ...,
    compare: bool = ...,
    metadata: Mapping[Any, Any] | None = ...,
    kw_only: bool = ...,
) -> Any: ...


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    metadata: Mapping[Any, Any] | None = None,
    kw_only: Any = MISSING,
) -> Any:
    """A field of a class made here, as ``dataclasses.field`` specifies one
    (the same options, the same meaning), without the ``dataclasses`` module."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


@overload
def frozen(cls: type[_T], /) -> type[_T]: ...


@overload
def frozen(*, order: bool = False, kw_only: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(
    frozen_default=True, field_specifiers=(field, Field, _dataclass_field, _DataclassField)
)
def frozen(
    cls: type[_T] | None = None, /, *, order: bool = False, kw_only: bool = False
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``cls`` made as ``@dataclass(frozen=True, slots=True, order=order,
    kw_only=kw_only)`` makes it (see the module)."""

    def wrap(cls: type[_T]) -> type[_T]:
        made: type[_T] = dataclass_like(cls, order=order, kw_only=kw_only)
        return made

    return wrap if cls is None else wrap(cls)


class _Made:
    """What a class made here keeps of its making: its fields, its options, and
    what its own body gave (to make its ``__dataclass_fields__`` from, when read)."""

    __slots__ = (
        "annotations",
        "classvars",
        "eq",
        "fields",
        "frozen",
        "given",
        "kw_only",
        "names",
        "order",
        "repr",
        "slots",
    )

    def __init__(
        self,
        fields: tuple[Field, ...],
        names: tuple[str, ...],
        annotations: dict[str, Any],
        given: dict[str, Any],
        classvars: frozenset[str],
        *,
        eq: bool,
        frozen: bool,
        kw_only: bool,
        order: bool,
        repr: bool,
        slots: bool,
    ) -> None:
        self.fields = fields
        self.names = names
        self.annotations = annotations
        self.given = given
        self.classvars = classvars
        self.eq, self.frozen, self.kw_only = eq, frozen, kw_only
        self.order, self.repr, self.slots = order, repr, slots


def dataclass_like(
    cls: Any,
    *,
    frozen: bool = True,
    slots: bool = True,
    eq: bool = True,
    repr: bool = True,
    order: bool = False,
    kw_only: bool = False,
) -> Any:
    """``cls`` made as ``@dataclass(frozen=frozen, slots=slots, eq=eq, repr=repr,
    order=order, kw_only=kw_only)`` makes it, refusing what it refuses, without
    the ``dataclasses`` module (see the module)."""
    name = cls.__name__
    own = cls.__dict__
    fields: dict[str, Field] = {}
    has_bases = any_frozen = False
    for base in cls.__mro__[-2:0:-1]:  # object gives no fields
        found = _base_fields(base)
        if found is not None:
            has_bases = True
            for f in found[0]:
                fields[f.name] = f
            any_frozen = any_frozen or found[1]
    annotations: dict[str, Any] = dict(own.get("__annotations__", {}))
    dataclasses = sys.modules.get("dataclasses")
    typing = sys.modules.get("typing")
    namespace: dict[str, Any] = {}
    if dataclasses is not None or typing is not None:
        module = sys.modules.get(cls.__module__)
        if module is not None:
            namespace = module.__dict__
    specifiers: Any = Field if dataclasses is None else (Field, dataclasses.Field)
    given: dict[str, Any] = {}
    classvars: set[str] = set()
    specified: list[Field] = []
    for fname, annotation in annotations.items():
        if dataclasses is not None and (
            _refers(annotation, namespace, dataclasses, "KW_ONLY")
            or _refers(annotation, namespace, dataclasses, "InitVar")
        ):
            raise TypeError(f"{name}.{fname}: KW_ONLY and InitVar fields are not supported")
        found = getattr(cls, fname, MISSING)
        if found is MISSING:
            f = Field()
        elif isinstance(found, specifiers):
            f = found if isinstance(found, Field) else _from_dataclass_field(found, dataclasses)
            specified.append(f)
            given[fname] = found
        elif isinstance(found, _MEMBER):  # a slot of a base: no default
            found = MISSING
            f = Field()
        else:
            f = Field(found)
            given[fname] = found
        f.name, f.type = fname, annotation
        # Without typing imported, nothing is a ClassVar (as dataclasses decides).
        if typing is not None and _refers(annotation, namespace, typing, "ClassVar"):
            if f.default_factory is not MISSING:
                raise TypeError(f"field {fname} cannot have a default factory")
            if f.kw_only is not MISSING:
                raise TypeError(f"field {fname} is a ClassVar but specifies kw_only")
            classvars.add(fname)
            fields.pop(fname, None)
            continue
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if f.default.__class__.__hash__ is None:
            raise ValueError(
                f"mutable default {type(f.default)} for field {fname} is not allowed:"
                " use default_factory"
            )
        fields[fname] = f
    # A field specifier leaves the class: its default stays, as a plain class attribute.
    for f in specified:
        if f.default is MISSING:
            delattr(cls, f.name)
        else:
            setattr(cls, f.name, f.default)
    for key, value in own.items():
        if isinstance(value, specifiers) and key not in annotations:
            raise TypeError(f"{key!r} is a field but has no type annotation")
    if has_bases and any_frozen and not frozen:
        raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
    if has_bases and not any_frozen and frozen:
        raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    listed, names = tuple(fields.values()), tuple(fields)
    _check_defaults(listed)
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    if order:
        for method in _ORDER:
            if method in own:
                raise TypeError(
                    f"Cannot overwrite attribute {method} in class {name}."
                    " Consider using functools.total_ordering"
                )
    if frozen:
        for method in ("__setattr__", "__delattr__"):
            if method in own:
                raise TypeError(f"Cannot overwrite attribute {method} in class {name}")
    if slots and "__slots__" in own:
        raise TypeError(f"{name} already specifies __slots__")
    info = _Made(
        listed,
        names,
        annotations,
        given,
        frozenset(classvars),
        eq=eq,
        frozen=frozen,
        kw_only=kw_only,
        order=order,
        repr=repr,
        slots=slots,
    )
    methods, bind = _methods(info, own, cls.__qualname__)
    if not own.get("__doc__"):
        methods["__doc__"] = name + _text_signature(listed)
    if slots:
        made: Any = _slotted(cls, names, methods)
    else:
        made = cls
        for key, value in methods.items():
            setattr(made, key, value)
        abc.update_abstractmethods(made)
    bind(made)
    return made


def _methods(
    info: _Made, own: Mapping[str, Any], qualname: str
) -> tuple[dict[str, Any], Callable[[Any], None]]:
    """What a class made here is given (its methods and marks, besides what it
    defines itself), and a function to call with the class once it is made: the
    methods that name their class find it then."""
    fields, names = info.fields, info.names
    made: Any = None
    fields_read, params_read = _LazyFields(), _LazyParams()

    def bind(cls: Any) -> None:
        nonlocal made
        made = fields_read.cls = params_read.cls = cls

    methods: dict[str, Any] = {
        "__frozen_made__": info,
        "__frozen_names__": names,
        "__dataclass_fields__": fields_read,
        "__dataclass_params__": params_read,
    }
    if "__init__" not in own:
        # Made when the class is first instantiated; named, as dataclass names it,
        # as the class was named when made.
        def first(self: Any, *args: Any, **kwargs: Any) -> None:
            init = _compile_init(made, first.__qualname__)
            made.__init__ = init
            init(self, *args, **kwargs)

        first.__name__ = "__init__"
        first.__qualname__ = f"{qualname}.__init__"
        methods["__init__"] = first
    shown: list[str] = []
    compared: list[str] = []
    hashed: list[str] = []
    matched: list[str] = []
    for f in fields:
        if f.repr:
            shown.append(f.name)
        if f.compare:
            compared.append(f.name)
        if f.compare if f.hash is None else f.hash:
            hashed.append(f.name)
        if f.init and not f.kw_only:
            matched.append(f.name)
    if info.repr and "__repr__" not in own:
        methods["__frozen_shown__"] = tuple(shown)
        methods["__repr__"] = _repr
    key = None
    if info.eq or info.order:
        methods["__frozen_key__"] = key = staticmethod(_key(tuple(compared)))
    if info.eq and "__eq__" not in own:
        methods["__eq__"] = _eq
    if info.order:
        methods["__lt__"], methods["__le__"] = _lt, _le
        methods["__gt__"], methods["__ge__"] = _gt, _ge
    class_hash = own.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in own))
    if info.eq and not explicit_hash:
        if info.frozen:
            # Usually the fields compared: then the same key.
            same = key is not None and hashed == compared
            methods["__frozen_hash_key__"] = key if same else staticmethod(_key(tuple(hashed)))
            methods["__hash__"] = _hash
        else:
            methods["__hash__"] = None  # equal values may change: no hash, as dataclass says
    if "__match_args__" not in own:
        methods["__match_args__"] = tuple(matched)
    if info.slots and info.frozen:
        if "__getstate__" not in own:
            methods["__getstate__"] = _getstate
        if "__setstate__" not in own:
            methods["__setstate__"] = _setstate
    if info.frozen:
        # Refused as a frozen dataclass refuses an assignment or a deletion.
        frozen_names = frozenset(names)

        def assign(self: Any, name: str, value: object) -> None:
            if type(self) is made or name in frozen_names:
                import dataclasses

                raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
            super(made, self).__setattr__(name, value)

        def delete(self: Any, name: str) -> None:
            if type(self) is made or name in frozen_names:
                import dataclasses

                raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
            super(made, self).__delattr__(name)

        assign.__name__ = "__setattr__"
        assign.__qualname__ = f"{qualname}.__setattr__"
        delete.__name__ = "__delattr__"
        delete.__qualname__ = f"{qualname}.__delattr__"
        methods["__setattr__"], methods["__delattr__"] = assign, delete
    if sys.version_info >= (3, 13):
        methods["__replace__"] = _replace
    return methods, bind


def _slotted(cls: Any, names: tuple[str, ...], methods: dict[str, Any]) -> Any:
    """A new class with a slot for each field and ``methods``, as ``dataclasses``
    makes one: made once, with all it has (a method set on a class after is slower
    to set than one it is made with)."""
    body = dict(cls.__dict__)
    bases = cls.__mro__[1:-1]
    if bases:
        inherited = {slot for base in bases for slot in _slots(base)}
        body["__slots__"] = tuple(name for name in names if name not in inherited)
    else:
        body["__slots__"] = names
    for name in names:
        body.pop(name, None)
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body.update(methods)
    body["__qualname__"] = cls.__qualname__
    return type(cls)(cls.__name__, cls.__bases__, body)


def _slots(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__")
    if slots is None:
        return ()
    if isinstance(slots, str):
        return (slots,)
    if hasattr(slots, "__next__"):
        raise TypeError(f"Slots of '{cls.__name__}' cannot be determined")
    return tuple(slots)


def _owner(cls: type) -> type | None:
    """The class whose fields ``cls`` has: itself or its nearest dataclass base."""
    for base in cls.__mro__:
        if "__dataclass_fields__" in base.__dict__:
            return base
    return None


def _base_fields(base: type) -> tuple[tuple[Field, ...], bool] | None:
    """The fields a base gives (and whether it is frozen), as ``dataclasses``
    reads them, without making a lazy ``__dataclass_fields__``."""
    owner = _owner(base)
    if owner is None:
        return None
    info = owner.__dict__.get("__frozen_made__")
    if info is not None:
        return info.fields, info.frozen
    dataclasses = sys.modules["dataclasses"]  # a class it made: it is imported
    initvar = getattr(dataclasses, "_FIELD_INITVAR", None)
    if any(
        getattr(f, "_field_type", None) is initvar
        for f in owner.__dict__["__dataclass_fields__"].values()
    ):
        raise TypeError(f"{owner.__name__}: InitVar fields are not supported")
    made = tuple(_from_dataclass_field(f, dataclasses) for f in dataclasses.fields(owner))
    return made, bool(owner.__dict__["__dataclass_params__"].frozen)


def _from_dataclass_field(f: Any, dataclasses: Any) -> Field:
    missing = dataclasses.MISSING

    def ours(value: Any) -> Any:
        return MISSING if value is missing else value

    made = Field(
        ours(f.default),
        ours(f.default_factory),
        f.init,
        f.repr,
        f.hash,
        f.compare,
        f.metadata,
        ours(f.kw_only),
    )
    made.name, made.type = getattr(f, "name", None) or "", getattr(f, "type", None)
    return made


def _words(annotation: str) -> tuple[str | None, str] | None:
    """The module and name an annotation's text begins with, as ``dataclasses``
    reads them (``typing.ClassVar[int]``: typing, ClassVar), without ``re``."""
    text = annotation.strip()
    if text.isidentifier():  # the usual annotation: one name
        return None, text

    def word(start: int) -> tuple[str, int]:
        while start < len(text) and text[start].isspace():
            start += 1
        end = start
        while end < len(text) and (text[end].isalnum() or text[end] == "_"):
            end += 1
        return text[start:end], end

    first, end = word(0)
    if not first:
        return None
    while end < len(text) and text[end].isspace():
        end += 1
    if end < len(text) and text[end] == ".":
        second, _ = word(end + 1)
        if second:
            return first, second
    return None, first


def _refers(annotation: Any, namespace: dict[str, Any], module: Any, name: str) -> bool:
    """Whether an annotation is ``module``'s ``name`` (``ClassVar``, ``InitVar``,
    ``KW_ONLY``), or a string naming it in the class's module, as ``dataclasses``
    decides."""
    if isinstance(annotation, str):
        words = _words(annotation)
        if words is None:
            return False
        module_name, found = words
        if module_name is not None and namespace.get(module_name) is not module:
            return False
        value = namespace.get(found)
    else:
        value = annotation
    # Only what the module itself defines can be one of its names: the module is
    # asked for the name only then (a program that merely imported it asks nothing).
    home = module.__name__
    if getattr(value, "__module__", None) != home and type(value).__module__ != home:
        return False
    wanted = getattr(module, name)
    if value is wanted or getattr(value, "__origin__", None) is wanted:
        return True
    return name == "InitVar" and type(value) is wanted


def _check_defaults(fields: tuple[Field, ...]) -> None:
    seen: Field | None = None
    for f in fields:
        if not f.init or f.kw_only:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen = f
        elif seen is not None:
            after = f" {seen.name!r}" if sys.version_info >= (3, 13) else ""
            raise TypeError(f"non-default argument {f.name!r} follows default argument{after}")


def _shown_type(annotation: Any) -> str:
    if isinstance(annotation, type):
        if annotation.__module__ == "builtins":
            return annotation.__qualname__
        return f"{annotation.__module__}.{annotation.__qualname__}"
    return repr(annotation).replace("typing.", "")


def _text_signature(fields: tuple[Field, ...]) -> str:
    """The signature ``dataclasses`` writes into the docstring of a class that has none."""
    positional: list[str] = []
    keyword: list[str] = []
    for f in fields:
        if not f.init:
            continue
        text = f"{f.name}: {_shown_type(f.type)}"
        if f.default_factory is not MISSING:
            text += " = <factory>"
        elif f.default is not MISSING:
            text += f" = {f.default!r}"
        (keyword if f.kw_only else positional).append(text)
    return "(" + ", ".join([*positional, *(["*", *keyword] if keyword else [])]) + ")"


class _LazyFields:
    """A class's ``__dataclass_fields__`` until first read: reading it (or the
    class's ``__dataclass_params__``) makes both with ``dataclasses`` and puts them
    in the class's place of these."""

    __slots__ = ("cls",)
    cls: Any  # the class, once made

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return _dataclass_attributes(self.cls)[0]


class _LazyParams(_LazyFields):
    """A class's ``__dataclass_params__`` until first read (see :class:`_LazyFields`)."""

    __slots__ = ()

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return _dataclass_attributes(self.cls)[1]


def _dataclass_attributes(cls: Any) -> tuple[dict[str, Any], Any]:
    """``cls``'s ``__dataclass_fields__`` and ``__dataclass_params__``, made by
    ``dataclasses`` (without the methods) from the same annotations and defaults,
    with its bases' fields, and set on ``cls``."""
    import dataclasses

    info: _Made = cls.__dict__["__frozen_made__"]
    gathered: dict[str, Any] = {}
    base_params = None
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            gathered.update(base_fields)
            params = base.__dataclass_params__
            if base_params is None or params.frozen or not base_params.frozen:
                base_params = params
    # Made in this module's name, whose namespace names neither ClassVar nor InitVar:
    # what is a class variable was decided when the class was made (typing imported
    # since cannot make a field one), and is said here by typing.ClassVar itself.
    annotations = {
        name: sys.modules["typing"].ClassVar if name in info.classvars else annotation
        for name, annotation in info.annotations.items()
    }
    body: dict[str, Any] = {
        "__module__": __name__,
        "__qualname__": cls.__qualname__,
        "__doc__": cls.__doc__ or "model",
        "__annotations__": annotations,
    }
    for name, given in info.given.items():
        body[name] = _as_dataclass_field(given, dataclasses)
    bases: tuple[type, ...] = ()
    if base_params is not None:
        carrier = {"__dataclass_fields__": gathered, "__dataclass_params__": base_params}
        bases = (type("_Bases", (), carrier),)
    model: Any = dataclasses.dataclass(
        init=False, repr=False, eq=False, frozen=info.frozen, kw_only=info.kw_only
    )(type(cls.__name__, bases, body))
    fields = model.__dict__["__dataclass_fields__"]
    params = model.__dict__["__dataclass_params__"]
    for name in info.classvars:
        fields[name].type = info.annotations[name]
    made = tuple(f.name for f in dataclasses.fields(model))
    if made != info.names:
        raise TypeError(
            f"{cls.__qualname__}: dataclasses finds the fields {made}, not {info.names}"
        )
    params.init = True
    params.repr, params.eq, params.order, params.frozen = (
        info.repr,
        info.eq,
        info.order,
        info.frozen,
    )
    if hasattr(params, "slots"):
        params.slots = info.slots
    type.__setattr__(cls, "__dataclass_fields__", fields)
    type.__setattr__(cls, "__dataclass_params__", params)
    return fields, params


def _as_dataclass_field(given: Any, dataclasses: Any) -> Any:
    if not isinstance(given, Field):
        return given  # a plain default, or a field dataclasses specified itself
    missing = dataclasses.MISSING

    def theirs(value: Any) -> Any:
        return missing if value is MISSING else value

    return dataclasses.field(
        default=theirs(given.default),
        default_factory=theirs(given.default_factory),
        init=given.init,
        repr=given.repr,
        hash=given.hash,
        compare=given.compare,
        metadata=given.metadata,
        kw_only=theirs(given.kw_only),
    )


def value_fields(class_or_instance: object) -> tuple[Field, ...]:
    """The fields of a dataclass (one made here or by ``dataclasses``) or of an
    instance of one, in order, as :class:`Field`\\ s (:data:`MISSING` where no
    default is given): ``dataclasses.fields`` without importing ``dataclasses``
    for a class made here."""
    cls = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    owner = _owner(cls)
    if owner is None:
        raise TypeError("must be called with a dataclass type or instance")
    info = owner.__dict__.get("__frozen_made__")
    if info is not None:
        fields: tuple[Field, ...] = info.fields
        return fields
    found = _base_fields(owner)
    assert found is not None
    return found[0]


def is_dataclass_instance(value: object) -> bool:
    """Whether ``value`` is an instance of a dataclass (made here or by
    ``dataclasses``), as ``dataclasses.is_dataclass`` says of a non-class."""
    return not isinstance(value, type) and _owner(type(value)) is not None


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) > 1:
        return operator.attrgetter(*names)
    if not names:
        return lambda value: ()
    get = operator.attrgetter(names[0])
    return lambda value: (get(value),)


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order (see :func:`value_fields`)."""
    names: tuple[str, ...] | None = cls.__dict__.get("__frozen_names__")
    if names is None:  # a subclass made otherwise: its own fields, as dataclasses reads them
        names = tuple(f.name for f in value_fields(cls))
    return names


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__frozen_shown__)
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
    return [getattr(self, name) for name in field_names(type(self))]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(field_names(type(self)), state, strict=False):
        object.__setattr__(self, name, value)


def _replace(self: Any, /, **changes: Any) -> Any:
    import dataclasses

    return dataclasses.replace(self, **changes)


class _Factory:
    """The default of a parameter left to its field's default factory."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"  # as a dataclass's signature shows it


_FACTORY = _Factory()


def _compile_init(cls: Any, qualname: str | None = None) -> Callable[..., None]:
    """The class's ``__init__`` (named ``qualname``), as a dataclass's: positional
    parameters, then the keyword-only ones, each field set (through its slot, or
    into the instance's dictionary when frozen), then ``__post_init__``.

    Not compiled for the class: the code of its kind of ``__init__`` (a
    :func:`_template`) is given the class's names, and the function its defaults,
    which leave the code as it is."""
    info: _Made = cls.__dict__["__frozen_made__"]
    names = info.names
    if qualname is None:
        qualname = f"{cls.__qualname__}.__init__"
    positional = [f.name for f in info.fields if f.init and not f.kw_only]
    keyword = [f.name for f in info.fields if f.init and f.kw_only]
    order = {name: i for i, name in enumerate(positional + keyword)}
    namespace: dict[str, Any] = {"__name__": cls.__module__}
    renamed: dict[str, str] = {}
    defaults: list[Any] = []
    kwdefaults: dict[str, Any] = {}
    annotations: dict[str, Any] = {}
    lines: list[tuple[str, str, int]] = []
    for f in info.fields:
        name, j = f.name, len(lines)
        default = MISSING
        if f.default_factory is not MISSING:
            namespace[f"_f{j}"] = f.default_factory
            if f.init:
                namespace["_FACTORY"] = default = _FACTORY
                value = _PARAM_OR_FACTORY
            else:
                value = _FACTORY_VALUE
        elif f.default is not MISSING:
            if f.init:
                value, default = _PARAM, f.default
            else:
                value = _DEFAULT
                namespace[f"_d{j}"] = f.default
        elif f.init:
            value = _PARAM
        else:
            continue
        if f.init:
            annotations[name] = f.type
            if default is not MISSING:
                if f.kw_only:
                    kwdefaults[name] = default
                else:
                    defaults.append(default)  # the last ones: a default is never followed
        slot = getattr(cls, name, None)
        if isinstance(slot, _MEMBER):
            setter = _SLOT
            namespace[f"_s{j}"] = slot.__set__
        elif info.frozen:
            setter = _DICT
            renamed[f"_k{j}"] = name
        else:
            setter = _ATTR
            renamed[f"_a{j}"] = name
        lines.append((setter, value, order[name] if f.init else -1))
    prologue = any(line[0] == _DICT for line in lines)
    code = _template((prologue, tuple(lines), hasattr(cls, "__post_init__")))
    me = "__dataclass_self__" if "self" in names else "self"
    varnames = [me, *positional, *keyword]
    if prologue:  # the instance's dictionary: a local named as no field is
        local = "_fields"
        while local in names:
            local = "_" + local
        varnames.append(local)
    changes: dict[str, Any] = {
        "co_varnames": tuple(varnames),
        "co_argcount": 1 + len(positional),
        "co_kwonlyargcount": len(keyword),
        "co_name": "__init__",
        "co_qualname": qualname,
        "co_filename": "<string>",
        "co_firstlineno": 1,
    }
    if renamed:
        changes["co_names"] = tuple(renamed.get(n, n) for n in code.co_names)
        changes["co_consts"] = tuple(
            renamed.get(c, c) if type(c) is str else c for c in code.co_consts
        )
    init: Any = types.FunctionType(
        code.replace(**changes), namespace, "__init__", tuple(defaults) or None
    )
    if kwdefaults:
        init.__kwdefaults__ = kwdefaults
    init.__qualname__ = qualname
    init.__annotations__ = {**annotations, "return": None}
    made: Callable[..., None] = init
    return made


# How a line of an ``__init__`` sets its field: through the field's slot (its
# setter ``_s<line>``), into the instance's dictionary (a frozen class without
# slots: ``_fields['_k<line>']``, the key renamed), or by assignment
# (``self._a<line>``, the attribute renamed).
_SLOT, _DICT, _ATTR = "slot", "dict", "attr"
# What it sets the field to: its parameter; its parameter or, if not given, a value
# of its factory (``_f<line>``); a value of its factory; its default (``_d<line>``),
# the last two for a field ``__init__`` does not take.
_PARAM, _PARAM_OR_FACTORY, _FACTORY_VALUE, _DEFAULT = "param", "or factory", "factory", "default"

#: The code of each kind of ``__init__``, by kind: whether it keeps its fields in
#: the instance's dictionary, its lines (how each sets its field, to what, from
#: which parameter, -1 for none), and whether it calls ``__post_init__``.
_TEMPLATES: dict[tuple[bool, tuple[tuple[str, str, int], ...], bool], types.CodeType] = {}


def _template(kind: tuple[bool, tuple[tuple[str, str, int], ...], bool]) -> types.CodeType:
    """The code of a kind of ``__init__``, parameters ``self``, ``p0``, ``p1``...:
    the package's own for the usual kinds (see :mod:`floorman._frozen_inits`),
    others compiled from :func:`_template_source` the first time a process needs
    them."""
    code = _TEMPLATES.get(kind)
    if code is not None:
        return code
    if not _TEMPLATES:
        from floorman import _frozen_inits

        for family, in_dict, post in _USUAL:
            for count, function in enumerate(getattr(_frozen_inits, family)):
                _TEMPLATES[_usual_kind(count, in_dict=in_dict, post=post)] = function.__code__
        if kind in _TEMPLATES:
            return _TEMPLATES[kind]
    compiled = compile(_template_source(kind), "<string>", "exec", dont_inherit=True)
    code = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    _TEMPLATES[kind] = code
    return code


#: The usual kinds of ``__init__``, whose code :mod:`floorman._frozen_inits` has:
#: its tuples of them (by number of fields), whether they keep their fields in the
#: instance's dictionary, and whether they call ``__post_init__``.
_USUAL = (("SLOTS", False, False), ("SLOTS_POSTED", False, True), ("DICT_POSTED", True, True))


def _usual_kind(
    count: int, *, in_dict: bool, post: bool
) -> tuple[bool, tuple[tuple[str, str, int], ...], bool]:
    """A usual kind of ``__init__``: ``count`` fields, each set from its parameter,
    in order, through its slot or into the instance's dictionary."""
    setter = _DICT if in_dict else _SLOT
    return in_dict, tuple((setter, _PARAM, i) for i in range(count)), post


def _template_source(kind: tuple[bool, tuple[tuple[str, str, int], ...], bool]) -> str:
    """The source of a kind of ``__init__`` (see :data:`_TEMPLATES`)."""
    prologue, lines, post = kind
    count = sum(1 for line in lines if line[2] >= 0)
    body = ["def __init__(" + ", ".join(["self", *(f"p{i}" for i in range(count))]) + "):"]
    if prologue:
        body.append("    _fields = self.__dict__")
    for j, (setter, value, param) in enumerate(lines):
        given = f"p{param}"
        if value == _PARAM:
            made = given
        elif value == _PARAM_OR_FACTORY:
            made = f"_f{j}() if {given} is _FACTORY else {given}"
        elif value == _FACTORY_VALUE:
            made = f"_f{j}()"
        else:
            made = f"_d{j}"
        if setter == _SLOT:
            body.append(f"    _s{j}(self, {made})")
        elif setter == _DICT:
            body.append(f"    _fields['_k{j}'] = {made}")
        else:
            body.append(f"    self._a{j} = {made}")
    if post:
        body.append("    self.__post_init__()")
    if len(body) == 1:
        body.append("    pass")
    return "\n".join(body) + "\n"
