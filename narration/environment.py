"""The one Jinja environment casebook renders with, built once per process.

Templates live in ``narration/templates/<system id>/<event type>.j2``, with shared ones in
``common/``. Systems that do not ship with casebook (plugins, the test system) add their own
folders with :func:`add_template_folder`. Logic stays in Python: the filters below are typed
functions, and templates only lay out data.
"""

from __future__ import annotations

import functools
import hashlib
import types
import weakref
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jinja2
import jinja2.filters
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, Macro
from jinja2.utils import internalcode

from narration.variants import VariantsExtension

TEMPLATES = Path(__file__).parent / "templates"

_extra_folders: dict[str, Path] = {}

#: The variables of the render under way, over the globals (set by :func:`render`), for the
#: words a template imports: imported without context, a ``_words.j2`` module is built once and
#: cached by Jinja (with context it was built again on every render, a quarter of a move's
#: narration), and its filters and ``glossary`` read the render's names, glossary and clock
#: from here.
_NOTHING: Mapping[str, Any] = MappingProxyType({})
_RENDERING: ContextVar[Mapping[str, Any]] = ContextVar("narration_rendering", default=_NOTHING)
_ABSENT = object()


def render(template: jinja2.Template, values: Mapping[str, Any], block: str | None = None) -> str:
    """``template`` (or one of its blocks) rendered with ``values``, which the words it imports
    read too: the one way narration renders."""
    made = prepared(template)
    return render_prepared(template, made, {**made.globals, **values}, block)


def render_prepared(
    template: jinja2.Template, made: Prepared, parent: dict[str, Any], block: str | None = None
) -> str:
    """:func:`render` for a caller that keeps ``made`` (:func:`prepared` of ``template``) and has
    laid the render's values over ``made.globals`` in ``parent`` itself: a teller of many
    events copies the values they share once, not a dict of globals an event. ``parent`` is
    the render's own; the words it imports read it too."""
    token = _RENDERING.set(parent)
    try:
        context = _context(template, made, parent)
        if block is not None:
            return "".join(template.blocks[block](context))
        try:  # as ``Template.render`` does, with the context made above
            return template.environment.concat(template.root_render_func(context))
        except Exception:
            template.environment.handle_exception()
    finally:
        _RENDERING.reset(token)


class Prepared:
    """What every render of one template starts from, worked out at its first render: its
    globals as one dict (``Template.new_context`` copied them from a ``ChainMap`` twice a
    render), their names, and the evaluation settings (the environment's globals are all set
    when it is built, :func:`environment`)."""

    __slots__ = ("globals", "globals_keys", "autoescape", "context_class", "has_blocks")

    def __init__(self, template: jinja2.Template) -> None:
        self.globals = dict(template.globals)
        self.globals_keys = set(self.globals)
        evaluation = EvalContext(template.environment, template.name)
        assert vars(evaluation).keys() == {"environment", "autoescape", "volatile"}
        self.autoescape = evaluation.autoescape
        self.context_class = template.environment.context_class
        self.has_blocks = bool(template.blocks)


_MADE: weakref.WeakKeyDictionary[jinja2.Template, Prepared] = weakref.WeakKeyDictionary()


def prepared(template: jinja2.Template) -> Prepared:
    """What :class:`Prepared` keeps of ``template``, made at its first render."""
    made = _MADE.get(template)
    if made is None:
        made = _MADE[template] = Prepared(template)
    return made


def _context(template: jinja2.Template, made: Prepared, parent: dict[str, Any]) -> Context:
    """The context ``jinja2.runtime.new_context`` would make for ``parent`` (the template's
    globals and the render's values), filled in from ``made``: a render's fixed cost, paid for
    every event. Each attribute is set on its own (a fresh instance keeps them in its class's
    shared layout; a ``__dict__`` filled by ``update`` costs twice as much to make)."""
    eval_ctx = object.__new__(EvalContext)
    eval_ctx.environment = template.environment
    eval_ctx.autoescape = made.autoescape
    eval_ctx.volatile = False
    context: Context = object.__new__(made.context_class)
    context.parent = parent
    context.vars = {}
    context.environment = template.environment
    context.eval_ctx = eval_ctx
    context.exported_vars = set()
    context.name = template.name
    context.globals_keys = made.globals_keys  # read only, as Context reads it
    context.blocks = (
        {name: [block] for name, block in template.blocks.items()} if made.has_blocks else {}
    )
    return context


def _current(context: jinja2.runtime.Context, key: str, default: Any) -> Any:
    """``key`` of the template's own context, else of the render under way.

    Read as ``Context.get`` reads it (the template's own variables, then the values it was
    rendered with), without its three calls."""
    found = context.vars.get(key, _ABSENT)
    if found is _ABSENT:
        found = context.parent.get(key, _ABSENT)
        if found is _ABSENT:
            return _RENDERING.get().get(key, default)
    return found


class _RenderedGlossary(Mapping[str, str]):
    """The glossary of the render under way, as the global ``glossary`` of imported words."""

    def _words(self) -> Mapping[str, str]:
        found: Mapping[str, str] = _RENDERING.get().get("glossary", _NOTHING)
        # a render given no glossary of its own finds this one among its globals
        return _NOTHING if found is self else found

    def __getitem__(self, key: str) -> str:
        return self._words()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._words())

    def __len__(self) -> int:
        return len(self._words())


def told(key: str) -> Any:
    """A variable of the render under way (``names``, ``event``, ``actor_name``), for the
    macros of a ``_words.j2``; undefined when the render has none."""
    found = _RENDERING.get().get(key, _ABSENT)
    return environment().undefined(name=key) if found is _ABSENT else found


def add_template_folder(system_id: str, folder: Path) -> None:
    """Serve ``folder`` as the templates of ``system_id``."""
    _extra_folders[system_id] = folder
    environment.cache_clear()


def pick(options: Sequence[str], *keys: Any) -> str:
    """One of ``options``, chosen by a hash of ``keys``: varied wording that replays the same."""
    if not options:
        raise ValueError("pick needs at least one option")
    digest = hashlib.sha256(repr(keys).encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def join_names(names: Sequence[str], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(name) for name in names]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of seat ``seat`` (0-based), or "Seat N" when the names are not known."""
    return str(names[seat]) if 0 <= seat < len(names) else f"Seat {seat + 1}"


@jinja2.pass_context
def _seat_names(context: jinja2.runtime.Context, seats: Sequence[int]) -> list[str]:
    names = _current(context, "names", [])
    return [seat_name(names, seat) for seat in seats]


@jinja2.pass_context
def _seat_name(context: jinja2.runtime.Context, seat: int) -> str:
    """One seat's name, in one call where ``[seat] | seat_names | first`` made a list and
    called two filters (a third of a render naming two seats, measured in Murder City)."""
    return seat_name(_current(context, "names", []), seat)


def display_name(glossary: Mapping[str, str], key: Any) -> str:
    """The display name of a case id (``"W1"`` -> "Brass Candlestick"), or the id itself."""
    return glossary.get(str(key), str(key)) if key is not None else ""


def with_article(name: str) -> str:
    """``name`` with "the" before it, unless it already starts with an article."""
    first = name.split(" ", 1)[0].lower()
    return name if first in {"the", "a", "an"} else f"the {name}"


@jinja2.pass_context
def _name(context: jinja2.runtime.Context, key: Any) -> str:
    return display_name(_current(context, "glossary", {}), key)


@jinja2.pass_context
def _names(context: jinja2.runtime.Context, keys: Sequence[Any]) -> list[str]:
    glossary = _current(context, "glossary", {})
    return [display_name(glossary, key) for key in keys]


def name_with_id(glossary: Mapping[str, str], key: Any) -> str:
    """A case id with its display name first (``"L1"`` -> "Library (L1)"), or the id alone when
    the glossary does not know it: for choices a player may also find by their printed id."""
    name = glossary.get(str(key))
    return str(key) if name is None else f"{name} ({key})"


@jinja2.pass_context
def _name_with_id(context: jinja2.runtime.Context, key: Any) -> str:
    return name_with_id(_current(context, "glossary", {}), key)


#: How a text says the time of day: "12h" as a table says it (7:30 pm), or "24h" (19:30).
CLOCKS = ("12h", "24h")
DEFAULT_CLOCK = "12h"


def clock_time(text: Any, clock: str = DEFAULT_CLOCK) -> str:
    """``"19:30"`` as ``clock`` says it: "7:30 pm" on the 12-hour clock, "19:30" on the
    24-hour one. Anything that is not an "HH:MM" time is left as it is."""
    hours, sep, minutes = str(text).partition(":")
    if clock == "24h" or not (sep and hours.isdigit() and minutes.isdigit()):
        return str(text)
    hour = int(hours)
    if not 0 <= hour < 24:
        return str(text)
    half = "am" if hour < 12 else "pm"
    return f"{(hour - 1) % 12 + 1}:{minutes} {half}"


@jinja2.pass_context
def _clock(context: jinja2.runtime.Context, text: Any) -> str:
    return clock_time(text, _current(context, "clock", DEFAULT_CLOCK))


def grid_cell(text: Any) -> tuple[int, int] | None:
    """``"2,-1"`` -> ``(2, -1)``; anything that is not two whole numbers and a comma -> None."""
    x, sep, y = str(text).partition(",")
    try:
        return (int(x), int(y)) if sep else None
    except ValueError:
        return None


def next_to(
    items: Sequence[Mapping[str, Any]], cell: Any, key: str = "at"
) -> list[Mapping[str, Any]]:
    """The ``items`` whose grid cell (``item[key]``, ``"x,y"``) is orthogonally next to ``cell``,
    in their own order; none when ``cell`` is no grid cell."""
    centre = grid_cell(cell)
    if centre is None:
        return []
    x, y = centre
    sides = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
    return [item for item in items if grid_cell(item.get(key)) in sides]


class _Context(Context):
    """Jinja's context, which calls a plain callable at once.

    Every call written in a template (``event.get("x")``, a macro of the shared words) goes
    through ``Context.call``, which asks the callable (and its ``__call__``) whether it wants
    the context passed first. A bound method of a built-in type (``dict.get``) and a macro
    never do, so they are called directly, as ``Context.call`` would call them.
    """

    @internalcode
    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        if type(__obj) not in _PLAIN_CALLABLES:
            return super().call(__obj, *args, **kwargs)
        if kwargs:
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


#: The callables that take no context, environment or evaluation context: built-in methods
#: (they carry no attributes, so no ``jinja_pass_arg``) and macros (``Macro.__call__`` takes
#: only the macro's arguments).
_PLAIN_CALLABLES = frozenset({types.BuiltinMethodType, Macro})


class _Environment(jinja2.Environment):
    """Jinja's environment, with each template's globals one plain dict.

    Jinja layers a template's globals over the environment's in a ``ChainMap``, so that later
    changes to the environment's reach the templates. Ours are all set when it is built
    (:func:`environment`), and a ``ChainMap`` is slow to read: every ``{% import %}`` of the
    words a template shares compares the render's globals with the imported one's, a
    ``ChainMap`` lookup each, 30,000 of them in 900 Murder City moves.
    """

    context_class = _Context

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._loaded: dict[str, jinja2.Template] = {}

    def get_template(
        self,
        name: str | jinja2.Template,
        parent: str | None = None,
        globals: MutableMapping[str, Any] | None = None,
    ) -> jinja2.Template:
        """The template called ``name``, kept by name once loaded without globals of its own.

        Every ``{% import %}`` of a system's shared words gets its template again, and Jinja's
        cache keeps its templates in order of use: a lookup moves the template to the end of a
        queue, found there by a scan of up to every template loaded. Ours never change once
        loaded (``auto_reload`` is off), so a plain dict in front of it answers."""
        if globals or not isinstance(name, str):
            return super().get_template(name, parent, globals)
        if parent is not None:
            name = self.join_path(name, parent)
        found = self._loaded.get(name)
        if found is None:
            found = self._loaded[name] = super().get_template(name)
        return found

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute`` as Jinja reads it, a plain dict's key found first.

        Jinja tries the attribute first and the item after, so each ``event.type`` on an
        event's dict raised and caught an ``AttributeError``. For a key that names no attribute
        of a dict the answer is the same either way, so a dict is read by its key first.
        """
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


#: What ``getattr`` finds on every dict (its methods): ``d.items`` must stay the method.
_DICT_ATTRIBUTES = frozenset(dir(dict))


#: Jinja's filters that have an async variant, as their plain functions. Jinja serves each
#: through a wrapper that asks the environment whether it is async at every call (``seat_names
#: | first`` is told with every balance of Murder City); ours never is.
_SYNC_FILTERS: dict[str, Any] = {
    name: getattr(jinja2.filters, f"sync_do_{name}")
    for name in (
        "first",
        "groupby",
        "join",
        "list",
        "map",
        "reject",
        "rejectattr",
        "select",
        "selectattr",
        "slice",
        "sum",
        "unique",
    )
}


@functools.cache
def environment() -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = [jinja2.FileSystemLoader(TEMPLATES)]
    loaders += [
        jinja2.PrefixLoader({system_id: jinja2.FileSystemLoader(folder)})
        for system_id, folder in sorted(_extra_folders.items())
    ]
    env = _Environment(
        loader=jinja2.ChoiceLoader(loaders),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
        extensions=[VariantsExtension],
        # Templates ship with the code: a served process never sees them change, so looking a
        # template up skips the file-system check it would otherwise make on every render.
        auto_reload=False,
    )
    env.filters.update(_SYNC_FILTERS)
    env.filters["pick"] = pick
    env.filters["join_names"] = join_names
    env.filters["seat_names"] = _seat_names
    env.filters["seat_name"] = _seat_name
    env.filters["name"] = _name
    env.filters["names"] = _names
    env.filters["name_with_id"] = _name_with_id
    env.filters["next_to"] = next_to
    env.filters["the"] = with_article
    env.filters["clock"] = _clock
    env.globals["glossary"] = _RenderedGlossary()
    env.globals["told"] = told
    return env
