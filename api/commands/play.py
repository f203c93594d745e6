"""``casebook play``: a whole game in the terminal, against the server's bots, in-process.

The rules engine, the generator and narration are used directly, as the service uses them, so
no server is needed. The loop reads lines through ``input_fn`` and writes to ``output``, so a
test can script a whole game; nothing here needs a real terminal.

Each time a person must act, they see the narrated events their seat may see since their last
turn, a short summary of their view and the legal actions, numbered. They answer with numbers:
one for the action, then one per parameter (a parameter with a single choice is taken without
asking). ``b`` goes back to the actions, ``q`` quits, and the end of input quits too. Several
people at one keyboard take their turns in order (hot seat); bots play theirs at once.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from api.commands.generate import CommandError, load_systems
from generator import registry as generators
from narration import narrate_case, narrate_event, public_glossary
from rules import registry
from rules.core import Action, ActionSpec, Event, Outcome, RuleError, Seat, System
from rules.core import start as start_game
from rules.loop import play_step, run_bots

InputFn = Callable[[str], str]

DEFAULT_NAME = "Inspector"
BOT = "bot"
HANDOVER_PROMPT = "Press Enter when only {name} can see the screen. "
CLEAR_SCREEN = "\033[2J\033[H"
PROMPT = "> "


class Quit(Exception):
    """The player typed ``q`` or the input ended."""


class Back(Exception):
    """The player typed ``b``: choose the action again."""


def parse_seats(text: str | None) -> list[Seat]:
    """``"Ann,bot,bot"``: a person named Ann and two bots (named after their seats)."""
    if text is None:
        return [Seat(DEFAULT_NAME)]
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise CommandError(f"--seats takes names separated by commas, not {text!r}")
    seats = [
        Seat(f"Bot {number}", bot=True) if name.lower() == BOT else Seat(name)
        for number, name in enumerate(names, 1)
    ]
    people = [seat.name for seat in seats if not seat.bot]
    if not people:
        raise CommandError("--seats needs at least one person (a name that is not 'bot')")
    repeated = sorted({name for name in people if people.count(name) > 1})
    if repeated:
        raise CommandError(f"two seats are called {repeated[0]!r}: give each person a name")
    return seats


def pick_mode(system: System, seats: Sequence[Seat], mode: str | None) -> str:
    """``mode``, or else the system's first mode that takes this many seats."""
    if mode is not None:
        return mode
    for spec in system.SPEC.modes:
        if spec.min_seats <= len(seats) <= spec.max_seats:
            return spec.id
    raise CommandError(f"{system.SPEC.name} has no mode for {len(seats)} seats")


@dataclass
class Table:
    """One game at the terminal: the true state, and what each person has been shown."""

    system_id: str
    system: System
    case: dict[str, Any]  # the envelope
    rules_case: Any  # the case as the rules read it
    seats: list[Seat]
    mode: str
    seed: int  # the game's own seed: shuffles, dice, bots
    state: Any
    output: TextIO
    input_fn: InputFn
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

    @property
    def glossary(self) -> dict[str, str]:
        return public_glossary(self.case["public"])

    def say(self, text: str = "") -> None:
        print(text, file=self.output, flush=True)

    def label(self, value: Any) -> str:
        """A choice as a person reads it: "Library (L1)", "Ada Dunmore", "21:00"."""
        key = str(value)
        name = self.glossary.get(key)
        if name is None:
            return key
        return f"{name} ({key})" if key in _location_ids(self.case["public"]) else name


def start(
    system_id: str,
    *,
    mode: str | None,
    seed: int | None,
    difficulty: str | None,
    seats: Sequence[Seat],
    input_fn: InputFn,
    output: TextIO,
    game_seed: int | None = None,
) -> Table:
    """Generate the case and set the table; errors are :class:`CommandError`/rule errors.

    ``seed`` chooses the case; the game's own seed is drawn afresh unless a test fixes it.
    """
    load_systems()
    system = registry.get(system_id)
    if not generators.has_generator(system_id):
        raise CommandError(f"{system_id} has no case generator")
    if seed is None:
        seed = secrets.randbelow(generators.SEED_LIMIT)
    if game_seed is None:
        game_seed = secrets.randbelow(generators.SEED_LIMIT)
    options = {} if difficulty is None else {"difficulty": difficulty}
    chosen = pick_mode(system, seats, mode)
    envelope = generators.generate(system_id, seed, options)
    case, state = start_game(system, envelope, list(seats), chosen, seed=game_seed, options=options)
    return Table(
        system_id, system, envelope, case, list(seats), chosen, game_seed, state, output, input_fn
    )


def play(table: Table) -> Outcome | None:
    """Play until the game ends (its outcome) or a person quits (``None``)."""
    introduction = narrate_case(table.system_id, table.case["public"])
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
    seats: str | None,
    input_fn: InputFn | None = None,
    output: TextIO | None = None,
) -> Outcome | None:
    """The ``casebook play`` command."""
    table = start(
        system_id,
        mode=mode,
        seed=seed,
        difficulty=difficulty,
        seats=parse_seats(seats),
        input_fn=input if input_fn is None else input_fn,
        output=sys.stdout if output is None else output,
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
    if len(table.people) > 1 and seat != table.last_seat:
        if table.last_seat is not None and table.system.SPEC.has_hidden_information:
            _hand_over(table, table.seats[seat].name)
        table.say()
        table.say(f"=== {table.seats[seat].name}'s turn ===")
    table.last_seat = seat
    _show_events(table, seat)
    view = table.system.view(table.rules_case, table.state, seat)
    summary = SUMMARIES.get(table.system_id)
    if summary is not None:
        table.say()
        for line in summary(view, table):
            table.say(line)
    legal = table.system.legal_actions(table.rules_case, table.state, seat)
    while True:
        action = choose_action(table, legal, view)
        try:
            _apply(table, seat, action)
        except RuleError as error:  # the menu offers only legal choices; be safe anyway
            table.say(f"Not allowed: {error.message}")
            continue
        return


def _hand_over(table: Table, name: str) -> None:
    """Clear what the last player saw before the next one sits down: at one keyboard, a private
    envelope must not stay on the screen for the next inspector to read."""
    table.say()
    table.say(f"Pass the keyboard to {name}.")
    try:
        table.input_fn(HANDOVER_PROMPT.format(name=name))
    except EOFError:
        raise Quit from None
    if table.output.isatty():
        table.output.write(CLEAR_SCREEN)
    else:
        table.say("\n" * 40)


def _show_events(table: Table, seat: int) -> None:
    """The narrated events ``seat`` may see that it has not been shown yet."""
    start = table.shown.get(seat, 0)
    lines = []
    for event in table.log[start:]:
        shown = event.for_seat(seat)
        if shown is not None:
            lines.append(
                narrate_event(table.system_id, shown, names=table.names, glossary=table.glossary)
            )
    table.shown[seat] = len(table.log)
    if lines:
        table.say()
        for line in lines:
            table.say(f"* {line}")


def choose_action(table: Table, legal: Sequence[ActionSpec], view: Mapping[str, Any]) -> Action:
    """Ask for an action from the numbered menu, then for each parameter in turn."""
    while True:
        table.say()
        table.say(f"What will {table.seats[table.last_seat or 0].name} do?")
        index = ask(table, [action_label(spec.type) for spec in legal])
        spec = legal[index]
        try:
            params = {
                name: choose_param(table, spec, name, spec.choices(name), view)
                for name in spec.params
            }
        except Back:
            continue
        return Action(spec.type, params)


def choose_param(
    table: Table,
    spec: ActionSpec,
    name: str,
    choices: Sequence[Any],
    view: Mapping[str, Any],
) -> Any:
    labels = [choice_label(table, name, choice, view) for choice in choices]
    prompts = table.system.SPEC.param_prompts
    question = prompts.get(name, f"{name.replace('_', ' ').capitalize()}?")
    if len(choices) == 1:
        table.say(f"{question} {labels[0]}")
        return choices[0]
    table.say(f"{question} (b: back to the actions)")
    return choices[ask(table, labels, allow_back=True)]


def ask(table: Table, labels: Sequence[str], *, allow_back: bool = False) -> int:
    """A numbered menu; the 0-based index of the choice. ``q`` and the end of input quit."""
    for number, text in enumerate(labels, 1):
        table.say(f"  {number}) {text}")
    hint = f"Type a number from 1 to {len(labels)}" + (", b to go back" if allow_back else "")
    while True:
        try:
            answer = table.input_fn(PROMPT).strip().lower()
        except EOFError:
            raise Quit from None
        if answer in {"q", "quit", "exit"}:
            raise Quit
        if allow_back and answer in {"b", "back"}:
            raise Back
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        table.say(f"{hint}, or q to quit.")


def action_label(action_type: str) -> str:
    """``ask-what-they-saw`` → "Ask what they saw"."""
    return action_type.replace("-", " ").capitalize()


def choice_label(table: Table, name: str, value: Any, view: Mapping[str, Any]) -> str:
    if name == "at" and isinstance(value, str):
        beside = _cards_beside(view, value)
        if beside:
            return f"{value}, next to {', '.join(table.label(loc) for loc in beside)}"
    return table.label(value)


def _finish(table: Table, outcome: Outcome) -> None:
    seat = table.last_seat if table.last_seat is not None else table.people[0]
    _show_events(table, seat)
    table.say()
    winners = [table.seats[n].name for n in outcome.winners]
    ended = {"type": "game-ended", "actor": None, **outcome.to_json()}
    table.say(narrate_event(table.system_id, ended, names=table.names, glossary=table.glossary))
    table.say(f"Winners: {', '.join(winners) if winners else 'nobody'}.")
    if outcome.solution:
        table.say("The solution:")
        for key, value in outcome.solution.items():
            table.say(f"  {key.replace('_', ' ').capitalize()}: {table.label(value)}")


def _seat_list(table: Table) -> str:
    return ", ".join(f"{seat.name}{' (bot)' if seat.bot else ''}" for seat in table.seats)


def _location_ids(public: Mapping[str, Any]) -> set[str]:
    return {str(item.get("id")) for item in public.get("locations") or [] if isinstance(item, dict)}


def _cell(text: str) -> tuple[int, int] | None:
    x, sep, y = text.partition(",")
    try:
        return (int(x), int(y)) if sep else None
    except ValueError:
        return None


def _cards_beside(view: Mapping[str, Any], at: str) -> list[str]:
    """The placed map cards orthogonally next to the free cell ``at``."""
    cell = _cell(at)
    if cell is None:
        return []
    x, y = cell
    sides = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
    return [card["location"] for card in view.get("map", []) if _cell(card["at"]) in sides]


# ------------------------------------------------------------------------------- summaries


def _mbm_summary(view: Mapping[str, Any], table: Table) -> list[str]:
    """Where the inspector is, what is on their card, and what they have learned so far."""
    label = table.label
    me = view["you"]
    inspectors = view["inspectors"]
    here = inspectors[me]["location"]
    cards = {card["location"]: card for card in view["map"]}
    card = cards[here]
    lines = [
        f"{inspectors[me]['name']} is in {label(here)}."
        f" Turn {view['turns_taken'] + 1} of at most {view['max_turns']}.",
    ]
    on_card = []
    if card["body"]:
        on_card.append(f"the body of {label(card['body'])}")
    if card["characters"]:
        on_card.append(", ".join(label(c) for c in card["characters"]))
    if card["weapons"]:
        on_card.append("weapon markers: " + ", ".join(label(w) for w in card["weapons"]))
    lines.append(
        "Here: " + ("; ".join(on_card) if on_card else "nobody and nothing found yet") + "."
    )
    if view.get("question_pending"):
        lines.append("You have just entered: you may ask one question, or end your turn.")
    others = [
        f"{i['name']} in {label(i['location'])}" + (" (out)" if i["eliminated"] else "")
        for i in inspectors
        if i["seat"] != me
    ]
    if others:
        lines.append("Other inspectors: " + "; ".join(others) + ".")
    placed = []
    for item in view["map"]:
        extras = [label(c) for c in item["characters"]]
        placed.append(f"{label(item['location'])} at {item['at']}" + _bracket(extras))
    lines.append(f"Map ({view['deck_count']} cards face down): " + "; ".join(placed) + ".")
    if view["passages"]:
        lines.append(
            "Secret passages: "
            + "; ".join(f"{label(p['from'])} <-> {label(p['to'])}" for p in view["passages"])
            + "."
        )
    learned = _mbm_learned(view, table)
    if learned:
        lines.append("What you have learned:")
        lines += [f"  - {line}" for line in learned]
    return lines


def _mbm_learned(view: Mapping[str, Any], table: Table) -> list[str]:
    label = table.label
    lines = []
    searched: dict[str, list[str]] = {}
    for search in view["searches"]:
        searched.setdefault(search["location"], list(search["weapons"]))
    for location, weapons in searched.items():
        found = ", ".join(label(w) for w in weapons) if weapons else "nothing"
        lines.append(f"Searched {label(location)}: {found}.")
    for item in view["envelopes"]:
        what = f"{label(item['weapon'])} from {label(item['location'])}"
        if item["type"] == "prints-dusted":
            if "prints" not in item:
                lines.append(f"Prints on {what}: a sealed envelope for another inspector.")
            else:
                prints = label(item["prints"]) if item["prints"] else "no prints"
                lines.append(f"Prints on {what}: {prints}.")
        elif "murder_weapon" not in item:
            lines.append(f"Forensics on {what}: a sealed envelope for another inspector.")
        else:
            verdict = "the murder weapon" if item["murder_weapon"] else "not the murder weapon"
            lines.append(f"Forensics on {what}: {verdict}.")
    for item in view["testimony"]:
        who = label(item["character"])
        if "sighting" in item:
            saw = item["sighting"]
            lines.append(
                f"{who} saw {label(saw['person'])} in {label(saw['location'])} at {saw['time']}."
                if saw
                else f"{who} saw nothing."
            )
        else:
            suspicion = item.get("suspicion")
            lines.append(
                f"{who} suspects {label(suspicion['suspect'])}: {label(suspicion['motive'])}."
                if suspicion
                else f"{who} has no idea who did it."
            )
    for accusation in view["accusations"]:
        name = view["inspectors"][accusation["seat"]]["name"]
        verdict = "right" if accusation["correct"] else "wrong"
        lines.append(
            f"{name} accused {label(accusation['murderer'])} with {label(accusation['weapon'])},"
            f" {label(accusation['motive'])}, at {accusation['time']}: {verdict}."
        )
    return lines


def _bracket(items: Sequence[str]) -> str:
    return f" ({', '.join(items)})" if items else ""


SUMMARIES: dict[str, Callable[[Mapping[str, Any], Table], list[str]]] = {
    "murdered-by-midnight": _mbm_summary,
}
