"""typing's TYPE_CHECKING, `class X(NamedTuple)` and Generic, without typing's cost at start-up.

typing.NamedTuple checks every field's annotation, and under `from __future__ import annotations`
each one is a string it compiles into a ForwardRef: about 0.3-0.5 ms a class, and importing typing
itself costs 4 ms, on a start-up budget of 40 ms that builds 26 such classes. Here a class body is
read as typing reads it (fields from the annotations, in order; a default after it is given; the
methods and docstring copied over), and made by collections.namedtuple, as typing makes it; only
the annotations stay the strings they were written as. mypy reads typing's names; at run time
Generic and TypeVar only let `class X(Generic[T])` be written.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing; mypy reads it as True
if TYPE_CHECKING:
    from typing import Generic as Generic
    from typing import NamedTuple as NamedTuple
    from typing import TypeVar as TypeVar
else:
    class Generic:
        """`class Ranking(Generic[T])`: at run time a plain base, `Ranking[X]` the class itself."""

        def __class_getitem__(cls, item: object) -> type:
            return cls

    def TypeVar(name: str, *constraints: object, **options: object) -> str:
        return name

    from collections import namedtuple

    # what typing's NamedTupleMeta does not copy from the class body, and what it may not override
    _SPECIAL = frozenset(('__module__', '__name__', '__annotations__'))
    _PROHIBITED = frozenset(('__new__', '__init__', '__slots__', '__getnewargs__', '_fields',
                             '_field_defaults', '_make', '_replace', '_asdict', '_source'))

    class _Maker(type):
        def __new__(cls, name: str, bases: tuple[type, ...], ns: dict[str, object]) -> type:
            if not bases:  # NamedTuple itself
                return super().__new__(cls, name, bases, ns)
            if bases != (NamedTuple,):
                raise TypeError('can only inherit from a NamedTuple type')
            if '__annotations__' not in ns and ns.get('__annotate__'):  # Python 3.14's lazy ones
                raise TypeError(f'{name}: its module needs `from __future__ import annotations`')
            annotations = dict(ns.get('__annotations__', {}))
            defaults = []
            for field in annotations:
                if field in ns:
                    defaults.append(ns[field])
                elif defaults:
                    raise TypeError(f'{name}: field {field} without a default follows one with it')
            made = namedtuple(name, annotations, defaults=defaults, module=str(ns['__module__']))
            made.__annotations__ = made.__new__.__annotations__ = annotations
            for key, value in ns.items():
                if key in _PROHIBITED:
                    raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
                if key not in _SPECIAL and key not in annotations:
                    setattr(made, key, value)
            return made

    class NamedTuple(metaclass=_Maker):
        pass
