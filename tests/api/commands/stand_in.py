"""Pack and Post, a stand-in system for the terminal's menus: a subset and dependent choices.

One traveller packs two to three of four things (a :class:`Subset`), then posts a parcel: the
red parcel goes to Aden or Basra, the blue one only to Cork (two specs of one type, whose
choices go together). Posting ends the game; the traveller wins when the parcel went where the
case says. Registered by the tests that need it, never by casebook.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import registry
from rules.core import (
    Action,
    ActionSpec,
    Event,
    JSONScalar,
    ModeSpec,
    OptionSpec,
    Outcome,
    Seat,
    Subset,
    SystemSpec,
    check_action,
    check_can_act,
    check_seats,
    winners_first,
)

SYSTEM_ID = "pack-and-post"
THINGS = ("map", "lamp", "rope", "key")
PORTS = {"red": ("Aden", "Basra"), "blue": ("Cork",)}
TEMPLATES = Path(__file__).parent / "stand_in_templates"

SPEC = SystemSpec(
    id=SYSTEM_ID,
    name="Pack and Post",
    modes=(
        ModeSpec(
            "solo",
            1,
            1,
            "one traveller",
            (OptionSpec("bag", ("small", "large"), "small", "how much the bag holds"),),
        ),
    ),
    action_types=("pack", "post"),
    has_chance=False,
    has_hidden_information=False,
    event_types=("packed", "posted", "game-ended"),
    endings=("delivered", "lost"),
    param_prompts={"things": "What goes in the bag?", "port": "To which port?"},
)


@dataclass(frozen=True)
class PackState:
    bag: str
    packed: tuple[str, ...] | None = None
    posted: tuple[str, str] | None = None


class PackAndPost:
    SPEC = SPEC

    def read_case(self, envelope: Mapping[str, Any]) -> str:
        return str(envelope["solution"]["port"])

    def new_game(
        self,
        case: str,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> PackState:
        check_seats(SPEC, mode, seats)
        return PackState(bag=str(options["bag"]))

    def to_act(self, case: str, state: PackState) -> frozenset[int]:
        return frozenset() if state.posted else frozenset({0})

    def legal_actions(self, case: str, state: PackState, seat: int) -> list[ActionSpec]:
        if state.posted or seat != 0:
            return []
        if state.packed is None:
            most = 3 if state.bag == "large" else 2
            return [ActionSpec("pack", {"things": Subset(THINGS, min=2, max=most)})]
        return [
            ActionSpec("post", {"parcel": (colour,), "port": ports})
            for colour, ports in PORTS.items()
        ]

    def apply(
        self, case: str, state: PackState, seat: int, action: Action
    ) -> tuple[PackState, list[Event]]:
        check_can_act(self, case, state, seat)
        check_action(self.legal_actions(case, state, seat), action)
        if action.type == "pack":
            things = action.params["things"]
            assert isinstance(things, list | tuple)
            packed = tuple(str(thing) for thing in things)
            return dataclasses.replace(state, packed=packed), [
                Event("packed", actor=seat, data={"things": list(packed)})
            ]
        posted = (str(action.params["parcel"]), str(action.params["port"]))
        state = dataclasses.replace(state, posted=posted)
        outcome = self.result(case, state)
        assert outcome is not None
        return state, [
            Event("posted", actor=seat, data={"parcel": posted[0], "port": posted[1]}),
            Event("game-ended", data=outcome.to_json()),
        ]

    def view(self, case: str, state: PackState, seat: int | None) -> dict[str, Any]:
        return {"bag": state.bag, "packed": state.packed, "posted": state.posted}

    def result(self, case: str, state: PackState) -> Outcome | None:
        if state.posted is None:
            return None
        winners = (0,) if state.posted[1] == case else ()
        ending = "delivered" if winners else "lost"
        return Outcome(ending, winners, winners_first(1, winners), {"port": case})

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        raise NotImplementedError("Pack and Post has no bot")

    def state_to_json(self, state: PackState) -> dict[str, Any]:
        return dataclasses.asdict(state)

    def state_from_json(self, data: Mapping[str, Any]) -> PackState:
        return PackState(**data)


def generate_case(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    ports = sorted(port for choices in PORTS.values() for port in choices)
    return {"public": {"ports": ports}, "solution": {"port": ports[seed % len(ports)]}}


def registration(system_id: str = SYSTEM_ID, **parts: Any) -> registry.Registration:
    """Pack and Post's registration, under another id if a test wants one."""
    system = PackAndPost()
    if system_id != SYSTEM_ID:
        system.SPEC = dataclasses.replace(SPEC, id=system_id)
    fields: dict[str, Any] = {"generate": generate_case, "templates": TEMPLATES, **parts}
    return registry.Registration(system=system, **fields)
