"""memory_gate.base.typed.NamedTuple makes the class typing.NamedTuple makes, from the same body."""
from __future__ import annotations

import pickle
import typing

import pytest

from memory_gate.base import typed


def made_by(base: type) -> type:
    class Point(base):  # type: ignore[misc]
        """A point."""

        x: int
        label: str = 'here'
        tags: tuple[str, ...] = ()
        LIMIT = 3  # a class attribute, not a field

        def moved(self, by: int) -> Point:
            return self._replace(x=self.x + by)  # type: ignore[no-any-return]

        @property
        def far(self) -> bool:
            return bool(self.x > self.LIMIT)

    return Point


@pytest.fixture(params=['typing', 'typed'])
def point(request: pytest.FixtureRequest) -> typing.Any:
    return made_by(typing.NamedTuple if request.param == 'typing' else typed.NamedTuple)


def test_the_same_class_as_typing_makes() -> None:
    ours, theirs = made_by(typed.NamedTuple), made_by(typing.NamedTuple)
    for name in ('_fields', '_field_defaults', '__doc__', '__module__', '__qualname__',
                 '__name__', '__bases__', 'LIMIT'):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert list(ours.__annotations__) == list(theirs.__annotations__)
    assert ours.__annotations__ == {'x': 'int', 'label': 'str', 'tags': 'tuple[str, ...]'}
    a, b = ours(4), theirs(4)
    assert a == b == (4, 'here', ()) and repr(a) == repr(b) == "Point(x=4, label='here', tags=())"
    assert a.moved(-2) == b.moved(-2) == (2, 'here', ()) and a.far and b.far
    assert a._asdict() == b._asdict() and type(a.moved(1)) is ours
    assert isinstance(a, tuple) and hash(a) == hash(b)


def test_it_pickles_by_name() -> None:
    assert pickle.loads(pickle.dumps(Kept(1))) == Kept(1)
    assert type(pickle.loads(pickle.dumps(Kept(1)))) is Kept


class Kept(typed.NamedTuple):
    n: int
    note: str = ''


def test_a_field_without_a_default_after_one_with_it_is_refused() -> None:
    for base in (typing.NamedTuple, typed.NamedTuple):
        with pytest.raises(TypeError):
            class Bad(base):  # type: ignore[valid-type,misc]
                a: int = 0
                b: int


def test_what_a_named_tuple_defines_cannot_be_overwritten(point: typing.Any) -> None:
    for base in (typing.NamedTuple, typed.NamedTuple):
        with pytest.raises(AttributeError):
            class Bad(base):  # type: ignore[valid-type,misc]
                a: int

                def _replace(self) -> None:
                    pass


def test_every_field_is_keyword_or_positional(point: typing.Any) -> None:
    assert point(1, 'a') == point(x=1, label='a') == point._make([1, 'a', ()])
    with pytest.raises(TypeError):
        point()
