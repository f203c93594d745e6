"""``casebook play`` with the Nightfall plugin: subset votes and charm forms typed at the menus,
hot seat with a hidden role, and the installed command with ``CASEBOOK_PLUGINS``."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest

from api.commands import play
from api.commands.menus import PROMPT
from rules.core import random_action
from tests.api.commands.helpers import menu_answers, quiet_table, run_process
from tests.nightfall.system import SPEC

NIGHTFALL = SPEC.id
PLUGIN_ENV = {"CASEBOOK_PLUGINS": "tests.nightfall"}


@pytest.fixture(autouse=True)
def _plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal loads Nightfall the way a person asks it to: through the environment."""
    monkeypatch.setenv("CASEBOOK_PLUGINS", "tests.nightfall")


def new_table(seats: str, *, seed: int, options: dict[str, object] | None = None) -> play.Table:
    return quiet_table(NIGHTFALL, seats, seed=seed, options=options)


def random_typist(table: play.Table, rng: random.Random) -> Callable[[str], str]:
    """Types a random legal action for whichever person the game waits for."""
    queue: list[str] = []
    system = table.system

    def type_answer(prompt: str) -> str:
        if prompt.startswith("Press Enter when only"):
            return ""
        assert prompt == PROMPT
        if not queue:
            waiting = set(table.people) & system.to_act(table.rules_case, table.state)
            seat = min(waiting)
            legal = system.legal_actions(table.rules_case, table.state, seat)
            queue.extend(menu_answers(legal, random_action(legal, rng)))
        return queue.pop(0)

    return type_answer


def transcript(table: play.Table) -> str:
    assert isinstance(table.screen.output, io.StringIO)
    return table.screen.output.getvalue()


@pytest.mark.parametrize("seed", range(6))
def test_a_person_and_bots_play_nightfall_through_the_menus(seed: int) -> None:
    table = new_table("Ann,bot,bot,bot", seed=seed, options={"nights": 5})
    table.screen.input_fn = random_typist(table, random.Random(seed))
    outcome = play.play(table)
    assert outcome is not None and outcome.ending in SPEC.endings
    text = transcript(table)
    assert "Nightfall, manor mode" in text
    assert "Whom do you visit tonight?" in text
    assert "You are " in text and "round 1 of 5, night" in text
    assert "Winners: " in text
    killer = table.seats[outcome.solution["killer"]].name if outcome.solution else None
    assert f"Killer: {killer}" in text
    assert "Type a number" not in text and "Not allowed" not in text
    for artefact in ("{{", "{%", "None", "Undefined", "['", "{'"):
        assert artefact not in text, artefact


def test_subset_votes_and_charm_forms_are_offered_and_typed() -> None:
    seen_vote = seen_form = False
    for seed in range(12):
        table = new_table("Ann,bot,bot,bot,bot", seed=seed)
        table.screen.input_fn = random_typist(table, random.Random(seed))
        play.play(table)
        text = transcript(table)
        seen_vote |= "Whom do you name (one or two)? (choose 1 to 2" in text
        seen_form |= "Use charm: which one?" in text
    assert seen_vote and seen_form


def test_hot_seat_hands_the_keyboard_over_so_the_role_stays_private() -> None:
    table = new_table("Ann,Ben,Cy", seed=2)
    table.screen.input_fn = random_typist(table, random.Random(2))
    outcome = play.play(table)
    assert outcome is not None
    text = transcript(table)
    assert "Pass the keyboard to Ben." in text
    killer = table.seats[table.state.killer].name
    before = text.split(f"=== {killer}'s turn ===")[0]
    assert "You are the killer" not in before  # nobody read it before the killer sat down


def test_the_installed_command_plays_nightfall_from_the_plugin_environment() -> None:
    done = run_process(
        "play",
        NIGHTFALL,
        "--seed",
        "4",
        "--seats",
        "Ann,bot,bot",
        "--option",
        "nights=3",
        stdin="1\n" * 300,
        env=PLUGIN_ENV,
    )
    assert done.returncode == 0, done.stderr
    assert "Nightfall, manor mode, case seed 4" in done.stdout
    assert "round 1 of 3" in done.stdout
    assert "Winners: " in done.stdout and "Killer: " in done.stdout
