"""``casebook play``: a whole game in the terminal, against the server's bots, in-process.

The rules engine, the generator and narration are used directly, as the service uses them, so
no server is needed; the bots move through :mod:`rules.loop`, the server's own loop. The game
reads lines through ``input_fn`` and writes to ``output`` (see :mod:`api.commands.menus`), so a
test can script a whole game; nothing here needs a real terminal.

Each time a person must act, they see the narrated events their seat may see since their last
turn, the system's summary of their view (when its templates have one) and the legal actions,
numbered; what their own action brought (an answer, an envelope) is told at once. An action
that names every accusation field of the system is an accusation: final, so what it is weighed
against is set out before its choices, and it is confirmed before it is made. Several people at
one keyboard take their turns in order (hot seat), the screen cleared between them when the
mode lets one seat see what another may not; bots play theirs at once. Nothing here knows a
system: its words come from narration, its choices from its legal actions, its options from its
modes.
"""

from __future__ import annotations

import functools
import secrets
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from api import names as person_names
from api.commands.generate import CommandError, load_systems, parse_options
from api.commands.menus import InputFn, Labeler, Quit, Screen, choose_action, confirm
from generator import registry as generators
from narration import (
    DEFAULT_CLOCK,
    GAME_ENDED,
    narrate_before_accusing,
    narrate_case,
    narrate_choice,
    narrate_ending,
    narrate_event,
    narrate_view,
    public_glossary,
)
from rules import registry
from rules.core import (
    Action,
    ActionSpec,
    ModeSpec,
    Outcome,
    RuleError,
    Seat,
    SetupError,
    System,
    check_seats,
    resolve_options,
)
from rules.core import start as start_game
from rules.events import Event
from rules.loop import play_step, run_bots

DEFAULT_NAME = "Player"
BOT = "bot"
DIFFICULTY = "difficulty"
HANDOVER_PROMPT = "Press Enter when only {name} can see the screen. "
CONFIRM_YES = "Yes: make the accusation"
CONFIRM_NO = "No: back to the actions"


def parse_seats(text: str | None) -> list[Seat]:
    """``"Ann,bot,bot"``: a person named Ann and two bots (named after their seats)."""
    if text is None:
        return [Seat(DEFAULT_NAME)]
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise CommandError(f"--seats takes names separated by commas, not {text!r}")
    for name in names:
        refusal = person_names.problem(name)
        if refusal:  # the server's rules for a name (api/names.py), read in the same log
            raise CommandError(f"--seats: {refusal}")
    seats = [
        Seat(f"Bot {number}", bot=True)
        if name.lower() == BOT
        else Seat(person_names.normalise(name))
        for number, name in enumerate(names, 1)
    ]
    people = [seat.name for seat in seats if not seat.bot]
    if not people:
        raise CommandError("--seats needs at least one person (a name that is not 'bot')")
    repeated = sorted({name for name in people if people.count(name) > 1})
    if repeated:
        raise CommandError(f"two seats are called {repeated[0]!r}: give each person a name")
    return seats


def default_seats(system: System, mode: str | None) -> list[Seat]:
    """The table when ``--seats`` is not given: one person, and bots up to the fewest seats the
    mode takes (``mode``, else the first that seats one person alone, else the first)."""
    modes = system.SPEC.modes
    if mode is None:
        spec = next((m for m in modes if m.min_seats <= 1), modes[0])
    else:
        spec = system.SPEC.mode(mode)
    bots = [Seat(f"Bot {number}", bot=True) for number in range(2, spec.min_seats + 1)]
    return [Seat(DEFAULT_NAME), *bots]


def pick_mode(system: System, seats: Sequence[Seat], mode: str | None) -> str:
    """``mode``, or else the system's first mode that takes this many seats."""
    if mode is not None:
        return mode
    people = sum(not seat.bot for seat in seats)
    for spec in system.SPEC.modes:
        fits_people = spec.people is None or spec.people[0] <= people <= spec.people[1]
        if spec.min_seats <= len(seats) <= spec.max_seats and fits_people:
            return spec.id
    raise CommandError(f"{system.SPEC.name} has no mode for {len(seats)} seats")


def game_options(system: System, mode: ModeSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``mode``, from ``given`` (``--option``, ``--difficulty``) or its default.

    A name the mode does not declare, or a value it does not offer, is a one-line error that
    names the option.
    """
    try:
        return resolve_options(mode.options, given)
    except SetupError as error:
        name = error.fields[0][0].rsplit("/", 1)[-1] if error.fields else ""
        flag = "--difficulty" if name == DIFFICULTY else f"--option {name}"
        where = f"{system.SPEC.name}, {mode.id} mode"
        raise CommandError(f"{flag}: {error.message} ({where})") from None


@dataclass
class Table:
    """One game at the terminal: the true state, and what each person has been shown."""

    system_id: str
    system: System
    case: dict[str, Any]  # the envelope
    rules_case: Any  # the case as the rules read it
    seats: list[Seat]
    mode: str
    options: dict[str, Any]  # the mode's options, resolved
    seed: int  # the game's own seed: shuffles, dice, bots
    state: Any
    screen: Screen
    clock: str = DEFAULT_CLOCK  # how the text says times: "12h" (7:30 pm) or "24h"
    log: list[Event] = field(default_factory=list)
    shown: dict[int, int] = field(default_factory=dict)  # seat -> events of the log shown
    steps: int = 0
    last_seat: int | None = None

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def people(self) -> list[int]:
        return [number for number, seat in enumerate(self.seats) if not seat.bot]

    @functools.cached_property
    def glossary(self) -> dict[str, str]:
        return public_glossary(self.case["public"])

    def say(self, text: str = "") -> None:
        self.screen.say(text)

    def labeler(self, view: Mapping[str, Any]) -> Labeler:
        """How choices read to the seat whose ``view`` it is, in the system's words."""

        def label(param: str, value: Any) -> str:
            return narrate_choice(
                self.system_id,
                param,
                value,
                view=view,
                names=self.names,
                glossary=self.glossary,
                clock=self.clock,
            )

        return label


def start(
    system_id: str,
    *,
    mode: str | None,
    seed: int | None,
    options: Mapping[str, Any] | None = None,
    seats: Sequence[Seat] | None,
    input_fn: InputFn,
    output: TextIO,
    game_seed: int | None = None,
    clock: str = DEFAULT_CLOCK,
) -> Table:
    """Generate the case and set the table; errors are :class:`CommandError`/rule errors.

    ``seed`` chooses the case; the game's own seed is drawn afresh unless a test fixes it.
    ``options`` are the mode's: those it marks ``for_case`` also go to the case generator, with
    what the table's size asks of the case (``generator.registry.generate_for_table``).
    ``seats`` ``None``: :func:`default_seats`.
    """
    load_systems()
    system = registry.get(system_id)
    if not generators.has_generator(system_id):
        raise CommandError(f"{system_id} has no case generator")
    if seats is None:
        seats = default_seats(system, mode)
    chosen = pick_mode(system, seats, mode)
    mode_spec = check_seats(system.SPEC, chosen, seats)
    resolved = game_options(system, mode_spec, options or {})
    if seed is None:
        seed = secrets.randbelow(generators.SEED_LIMIT)
    if game_seed is None:
        game_seed = secrets.randbelow(generators.SEED_LIMIT)
    envelope = generators.generate_for_table(
        system_id, seed, mode_spec.options, resolved, mode=chosen, seats=len(seats)
    )
    case, state = start_game(
        system, envelope, list(seats), chosen, seed=game_seed, options=resolved
    )
    return Table(
        system_id=system_id,
        system=system,
        case=envelope,
        rules_case=case,
        seats=list(seats),
        mode=chosen,
        options=resolved,
        seed=game_seed,
        state=state,
        screen=Screen(output, input_fn),
        clock=clock,
    )


def play(table: Table) -> Outcome | None:
    """Play until the game ends (its outcome) or a person quits (``None``)."""
    introduction = narrate_case(table.system_id, table.case["public"], clock=table.clock)
    if introduction:
        table.say(introduction)
        table.say()
    table.say(
        f"{table.system.SPEC.name}, {table.mode} mode, case seed {table.case['seed']}. "
        f"At the table: {_seat_list(table)}."
    )
    try:
        while table.system.result(table.rules_case, table.state) is None:
            _run_bots(table)
            if table.system.result(table.rules_case, table.state) is not None:
                break
            _human_turn(table)
    except Quit:
        table.say()
        table.say("You close the case file. The solution stays sealed.")
        return None
    outcome = table.system.result(table.rules_case, table.state)
    assert outcome is not None
    _finish(table, outcome)
    return outcome


def run(
    system_id: str,
    *,
    mode: str | None,
    seed: int | None,
    difficulty: str | None,
    options: Sequence[str] = (),
    seats: str | None,
    input_fn: InputFn | None = None,
    output: TextIO | None = None,
    clock: str = DEFAULT_CLOCK,
) -> Outcome | None:
    """The ``casebook play`` command: ``options`` as ``KEY=VALUE`` texts."""
    table = start(
        system_id,
        mode=mode,
        seed=seed,
        options=parse_options(options, difficulty),
        seats=None if seats is None else parse_seats(seats),
        input_fn=input if input_fn is None else input_fn,
        output=sys.stdout if output is None else output,
        clock=clock,
    )
    return play(table)


# ------------------------------------------------------------------------------- turns


def _run_bots(table: Table) -> None:
    """Let the bots play until a person must act or the game ends: the server's own loop."""
    bots = frozenset(n for n, seat in enumerate(table.seats) if seat.bot)
    table.state, steps = run_bots(
        table.system,
        table.rules_case,
        table.state,
        bots=bots,
        seed=table.seed,
        steps_so_far=table.steps,
    )
    for step in steps:
        table.log.extend(step.events)
    table.steps += len(steps)


def _apply(table: Table, seat: int, action: Action) -> None:
    table.state, step = play_step(
        table.system, table.rules_case, table.state, seat, action, number=table.steps + 1
    )
    table.log.extend(step.events)
    table.steps += 1


def _human_turn(table: Table) -> None:
    waiting = sorted(set(table.people) & table.system.to_act(table.rules_case, table.state))
    if not waiting:
        raise RuntimeError("the game waits for nobody at this table")
    seat = waiting[0]
    name = table.seats[seat].name
    if len(table.people) > 1 and seat != table.last_seat:
        if table.last_seat is not None and _is_private(table):
            _hand_over(table, name)
        table.screen.heading(f"{name}'s turn")
    table.last_seat = seat
    _show_events(table, seat)
    view = table.system.view(table.rules_case, table.state, seat)
    summary = narrate_view(
        table.system_id, view, names=table.names, glossary=table.glossary, clock=table.clock
    )
    if summary:
        table.screen.block(summary, title=name)
    legal = table.system.legal_actions(table.rules_case, table.state, seat)
    label = table.labeler(view)

    def before_params(spec: ActionSpec) -> None:
        if _accuses(table, spec.params):
            _before_accusing(table, view, name)

    while True:
        action = choose_action(
            table.screen,
            legal,
            question=f"What will {name} do?",
            label=label,
            prompts=table.system.SPEC.param_prompts,
            before_params=before_params,
        )
        if _accuses(table, action.params) and not _confirmed(table, action, label):
            continue
        try:
            _apply(table, seat, action)
        except RuleError as error:  # the menus offer only legal choices; be safe anyway
            table.say(f"Not allowed: {error.message}")
            continue
        _show_events(table, seat)  # the asker reads the answer at once
        return


def _is_private(table: Table) -> bool:
    """Whether one seat of this mode may see what another may not (then the keyboard is
    handed over, the screen cleared); a team that shares everything just plays on."""
    return table.system.SPEC.has_hidden_information and table.system.SPEC.mode(table.mode).private


def _accuses(table: Table, params: Iterable[str]) -> bool:
    """Whether an action (or a form) with ``params`` is an accusation: it names every one of
    the system's accusation parameters."""
    wanted = set(table.system.SPEC.accusation_params)
    return bool(wanted) and wanted <= set(params)


def _before_accusing(table: Table, view: Mapping[str, Any], name: str) -> None:
    notes = narrate_before_accusing(
        table.system_id, view, names=table.names, glossary=table.glossary, clock=table.clock
    )
    if notes:
        table.screen.block(notes, title=f"Before {name} accuses")


def _confirmed(table: Table, action: Action, label: Labeler) -> bool:
    """The accusation read back in full, and made only if the player says so: it is final."""
    named = "; ".join(
        f"{key.replace('_', ' ')}: {label(key, value)}" for key, value in action.params.items()
    )
    return confirm(
        table.screen, f"Accuse, once and for all? {named}.", yes=CONFIRM_YES, no=CONFIRM_NO
    )


def _hand_over(table: Table, name: str) -> None:
    """Clear what the last player saw before the next one sits down: at one keyboard, a private
    envelope must not stay on the screen for the next inspector to read."""
    table.say()
    table.say(f"Pass the keyboard to {name}.")
    table.screen.read(HANDOVER_PROMPT.format(name=name))
    table.screen.clear()


def _show_events(table: Table, seat: int) -> None:
    """The narrated events ``seat`` may see that it has not been shown yet; the end of the game
    is told once, with the winners and the solution (see :func:`_finish`)."""
    start = table.shown.get(seat, 0)
    lines = []
    for event in table.log[start:]:
        shown = event.for_seat(seat)
        if shown is not None and shown["type"] != GAME_ENDED:
            lines.append(
                narrate_event(
                    table.system_id,
                    shown,
                    names=table.names,
                    glossary=table.glossary,
                    clock=table.clock,
                )
            )
    table.shown[seat] = len(table.log)
    table.screen.bullets(lines)


def _finish(table: Table, outcome: Outcome) -> None:
    seat = table.last_seat if table.last_seat is not None else table.people[0]
    _show_events(table, seat)
    table.say()
    ending = narrate_ending(
        table.system_id,
        outcome.to_json(),
        names=table.names,
        glossary=table.glossary,
        clock=table.clock,
    )
    table.screen.say(ending, style="bold")
    winners = [table.seats[n].name for n in outcome.winners]
    table.say(f"Winners: {', '.join(winners) if winners else 'nobody'}.")
    if outcome.solution:
        label = table.labeler(table.system.view(table.rules_case, table.state, seat))
        table.say("The solution:")
        for key, value in outcome.solution.items():
            table.say(f"  {key.replace('_', ' ').capitalize()}: {label(key, value)}")


def _seat_list(table: Table) -> str:
    return ", ".join(f"{seat.name}{' (bot)' if seat.bot else ''}" for seat in table.seats)
