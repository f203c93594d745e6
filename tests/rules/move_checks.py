"""What the move-check tests of every system share (``test_move_checks.py``): the picks a
legal form offers, and whether the whole legal list admits an action."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from rules.core import Action, ActionSpec, RuleError, Subset, check_action


def picks(spec: ActionSpec, limit: int | None = None) -> Iterator[Action]:
    """The actions ``spec`` offers (a subset: its smallest picks), the first ``limit`` of them."""
    names = list(spec.params)
    choices = [
        [list(c) for c in itertools.combinations(p.choices, p.min)] if isinstance(p, Subset) else p
        for p in spec.params.values()
    ]
    for values in itertools.islice(itertools.product(*choices), limit):
        yield Action(spec.type, dict(zip(names, values, strict=True)))


def allowed(specs: list[ActionSpec], action: Action) -> bool:
    """Whether ``check_action`` lets ``action`` through ``specs``."""
    try:
        check_action(specs, action)
    except RuleError:
        return False
    return True
