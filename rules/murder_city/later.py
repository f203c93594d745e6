"""Action forms whose choices are made when first read.

A seat on its investigation turn is offered a dozen trade forms on every step, each listing its
hand, its legwork and both desks' credits and murder cards; the bot reads them only when it has
nothing better to do, and ``apply`` reads only the forms of the action's type. So the offers
are listed with their type at once and their parameters made the first time anyone reads them:
the list is still a list of ``ActionSpec`` values, equal to the one made at once
(``test_later.py`` checks it at every step of games).
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, Sequence, ValuesView

from rules.core import ActionSpec, Param


class Later:
    """Specs made by ``make`` the first time one of them is read; ``count`` is how many it
    must make (the forms listed before anyone read them)."""

    __slots__ = ("_make", "_count", "_made")

    def __init__(self, make: Callable[[], Sequence[ActionSpec]], count: int) -> None:
        self._make, self._count = make, count
        self._made: Sequence[ActionSpec] | None = None

    def params(self, index: int) -> Mapping[str, Param]:
        made = self._made
        if made is None:
            made = self._made = self._make()
            if len(made) != self._count:  # pragma: no cover - a bug in the counting
                raise AssertionError(f"listed {self._count} forms, made {len(made)}")
        return made[index].params


class LaterParams(Mapping[str, Param]):
    """The parameters of form ``index`` of ``forms``, made when first read (a mapping equal to
    the one made at once, read-only as every spec's parameters are)."""

    __slots__ = ("_forms", "_index", "_params")

    def __init__(self, forms: Later, index: int) -> None:
        self._forms, self._index = forms, index
        self._params: Mapping[str, Param] | None = None

    def _get(self) -> Mapping[str, Param]:
        params = self._params
        if params is None:
            params = self._params = self._forms.params(self._index)
        return params

    def __getitem__(self, name: str) -> Param:
        return self._get()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, name: object) -> bool:
        return name in self._get()

    def keys(self) -> KeysView[str]:
        return self._get().keys()

    def items(self) -> ItemsView[str, Param]:
        return self._get().items()

    def values(self) -> ValuesView[Param]:
        return self._get().values()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LaterParams):
            other = other._get()
        return self._get() == other

    __hash__ = None  # type: ignore[assignment]  # as a dict's

    def __repr__(self) -> str:
        return repr(self._get())


def later_specs(
    kind: str, count: int, make: Callable[[], Sequence[ActionSpec]]
) -> list[ActionSpec]:
    """``count`` specs of type ``kind`` whose parameters are ``make()``'s, made when read."""
    forms = Later(make, count)
    return [ActionSpec(kind, LaterParams(forms, index)) for index in range(count)]
