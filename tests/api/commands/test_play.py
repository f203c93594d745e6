"""``casebook play``: whole games scripted through ``input_fn``, bad input, quitting, EOF."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pytest

from api.commands import play
from api.commands.generate import CommandError
from api.commands.menus import PROMPT, Quit
from narration import clock_time, public_glossary
from rules.core import Action, ActionSpec, RuleError, Seat
from tests.api.commands.helpers import (
    SYSTEM,
    TOY,
    TOY_ENV,
    assert_one_line_error,
    assert_refused,
    menu_answers,
    run_cli,
    run_process,
    scripted,
)


def bot_typist(table: play.Table, seed: int = 0) -> Callable[[str], str]:
    """An ``input_fn`` that types, menu number by menu number, what the engine's bot would do
    from the view of the seat whose turn it is."""
    rng = random.Random(seed)
    queue: list[str] = []
    system = table.system

    def type_answer(prompt: str) -> str:
        if prompt.startswith("Press Enter when only"):
            return ""  # the hand-over between two people at one keyboard
        assert prompt == PROMPT
        if not queue:
            (seat,) = system.to_act(table.rules_case, table.state)
            view = system.view(table.rules_case, table.state, seat)
            legal = system.legal_actions(table.rules_case, table.state, seat)
            action = system.bot_choose(view, legal, rng)
            queue.extend(menu_answers(legal, action))
            if set(system.SPEC.accusation_fields) <= set(action.params):
                queue.append("1")  # yes: an accusation is confirmed before it is made
        return queue.pop(0)

    return type_answer


@pytest.fixture(autouse=True)
def toy_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Load Toy Culprit as the server would, from ``CASEBOOK_PLUGINS``."""
    for name, value in TOY_ENV.items():
        monkeypatch.setenv(name, value)


def new_table(
    seats: str | None = None,
    *,
    mode: str | None = None,
    seed: int = 5,
    system: str = SYSTEM,
    options: dict[str, object] | None = None,
) -> play.Table:
    return play.start(
        system,
        mode=mode,
        seed=seed,
        options={"difficulty": "easy"} if options is None else options,
        seats=play.parse_seats(seats),
        input_fn=scripted([]),
        output=io.StringIO(),
        game_seed=seed,
    )


def type_with(table: play.Table, input_fn: Callable[[str], str]) -> None:
    table.screen.input_fn = input_fn


def transcript(table: play.Table) -> str:
    assert isinstance(table.screen.output, io.StringIO)
    return table.screen.output.getvalue()


def legal_now(table: play.Table, seat: int = 0) -> list[ActionSpec]:
    return table.system.legal_actions(table.rules_case, table.state, seat)


@pytest.mark.parametrize("seed", [5, 6])
def test_a_solo_game_played_through_the_menus_ends_with_the_solution(seed: int) -> None:
    table = new_table(seed=seed)
    type_with(table, bot_typist(table, seed))
    outcome = play.play(table)
    assert outcome is not None and outcome.winners == (0,)
    text = transcript(table)
    solution = table.case["solution"]
    names = public_glossary(table.case["public"])
    assert text.startswith(table.case["public"]["title"])
    assert "Murdered by Midnight, solo mode" in text
    assert "What will Player do?" in text and "  1) " in text
    assert "What you have learned:" in text
    assert "Winners: Player." in text
    tail = text.split("The solution:")[1]
    assert f"Murderer: {names[solution['murderer']]}" in tail
    assert f"Weapon: {names[solution['weapon']]}" in tail
    assert f"Motive: {names[solution['motive']]}" in tail
    assert f"Time: {clock_time(solution['time'])}" in tail
    assert "Type a number" not in text  # the typist never typed anything wrong
    for artefact in ("{{", "{%", "None", "Undefined", "['", "{'"):
        assert artefact not in text, artefact


def test_locations_are_offered_with_their_l_numbers() -> None:
    table = new_table()
    type_with(table, bot_typist(table))
    play.play(table)
    names = public_glossary(table.case["public"])
    scene = table.case["public"]["scene"]
    assert f"{names[scene]} ({scene})" in transcript(table)


def test_hot_seat_announces_whose_turn_it_is_and_bots_play_themselves() -> None:
    table = new_table("Ann,Bob,bot", mode="competitive")
    type_with(table, bot_typist(table, 1))
    outcome = play.play(table)
    assert outcome is not None
    text = transcript(table)
    assert "=== Ann's turn ===" in text and "=== Bob's turn ===" in text
    assert "What will Bob do?" in text
    assert "Bot 3" in text and "=== Bot 3's turn ===" not in text
    assert "The solution:" in text


def test_hot_seat_hides_the_last_players_screen_before_the_next_one_sits_down() -> None:
    """Competitive envelopes are read "in private": at one keyboard the screen is handed over."""
    table = new_table("Ann,Bob", mode="competitive")
    type_with(table, bot_typist(table, 1))
    play.play(table)
    text = transcript(table)
    handover = text.index("Pass the keyboard to Bob.")
    assert "\n" * 40 in text[handover:]  # the screen scrolls clear (cleared on a terminal)


def _accusation(table: play.Table) -> Action:
    """A wrong accusation of someone standing with the player at the start."""
    spec = next(spec for spec in legal_now(table) if spec.type == "accuse")
    solution = table.case["solution"]
    murderer = next(c for c in spec.choices("murderer") if c != solution["murderer"])
    return Action("accuse", {**solution, "murderer": murderer})


def test_an_accusation_is_confirmed_before_it_is_made() -> None:
    """ "This is done to eliminate random guessing": an accusation is final, so the player sees
    it read back whole and may step back before it is made."""
    table = new_table()
    accusation = _accusation(table)
    answers = menu_answers(legal_now(table), accusation)
    type_with(table, scripted([*answers, "2", *answers, "q"]))
    assert play.play(table) is None
    text = transcript(table)
    assert text.count("Accuse, once and for all?") == 2
    assert text.count("What will Player do?") == 2  # "No" went back to the actions
    assert table.state.accusations == ()  # nothing was accused
    type_with(table, scripted([*answers, "1"]))
    assert play.play(table) is not None and table.state.accusations != ()


def test_the_weapons_with_their_wounds_and_the_motives_come_before_the_accusation() -> None:
    table = new_table()
    answers = menu_answers(legal_now(table), _accusation(table))
    type_with(table, scripted([*answers, "2", "q"]))
    play.play(table)
    text = transcript(table)
    notes = text.index("The weapons, each with the wound it leaves:")
    assert notes < text.index("Who is the murderer?")
    public = table.case["public"]
    for weapon in public["weapons"]:
        assert f"{weapon['name']} ({weapon['id']}): {weapon['cause_of_death']}" in text[notes:]
    for motive in public["motives"]:
        assert f"{motive['id']}: {motive['name']}" in text[notes:]
    assert f"Cause of death: {public['cause_of_death']}." in text[notes:]


def test_the_asker_reads_the_answer_at_once() -> None:
    """In competitive play the envelope is read "in private": by the asker, before the
    keyboard is handed over, not at the asker's next turn."""
    table = new_table("Ann,Bob", mode="competitive")
    search = Action("search", {})
    type_with(table, scripted([*menu_answers(legal_now(table), search), "", "q"]))
    play.play(table)
    text = transcript(table)
    asked, handed = text.index("What will Ann do?"), text.index("Pass the keyboard to Bob.")
    scene = public_glossary(table.case["public"])[table.case["public"]["scene"]]
    assert f"searched the {scene}" in text[asked:handed] or scene in text[asked:handed]
    assert "* " in text[asked:handed]


def test_a_team_at_one_keyboard_plays_on_without_handing_over() -> None:
    """Co-op: "shared with the whole team", so nothing on the screen is another's secret."""
    table = new_table("Ann,Bob", mode="co-op")
    type_with(table, bot_typist(table, 2))
    assert play.play(table) is not None
    text = transcript(table)
    assert "=== Bob's turn ===" in text and "Pass the keyboard" not in text
    for event in table.log:  # the mode's claim: every seat reads every event alike
        assert event.for_seat(0) == event.for_seat(1)


@pytest.mark.parametrize(("clock", "said"), [("12h", " pm"), ("24h", "")])
def test_times_read_by_the_clock_chosen(clock: str, said: str) -> None:
    done = run_cli("play", SYSTEM, "--seed", "5", "--difficulty", "easy", "--clock", clock)
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    told = "\n".join(lines[:2] + lines[3:])  # the generator's introduction is its own prose
    times = re.findall(r"\b\d{1,2}:\d\d( pm| am)?", told)
    assert times and {found for found in times} == {said}


def test_bad_input_reprompts_with_one_line_then_q_quits() -> None:
    table = new_table()
    type_with(table, scripted(["", "zero", "0", "99", "-1", "q"]))
    assert play.play(table) is None
    text = transcript(table)
    hint = f"Type a number from 1 to {len(legal_now(table))}, or q to quit."
    assert text.count(hint) == 5
    assert text.rstrip().endswith("You close the case file. The solution stays sealed.")
    assert "The solution:" not in text and "Traceback" not in text


def test_b_goes_back_from_a_parameter_to_the_actions() -> None:
    table = new_table()
    reveal = 1 + [spec.type for spec in legal_now(table)].index("reveal-location")
    type_with(table, scripted([str(reveal), "b", str(reveal), "1"]))
    assert play.play(table) is None  # the end of input after the reveal
    text = transcript(table)
    assert text.count("What will Player do?") == 3
    assert text.count("Where will the new card lie?") == 2
    assert "Player turned over" in text or "drawn by Player" in text or "Player added" in text


def test_the_end_of_input_quits_cleanly() -> None:
    table = new_table()
    assert play.play(table) is None
    assert "You close the case file." in transcript(table)


def test_a_refused_action_is_one_line_and_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table()
    type_with(table, scripted(["1"]))  # yes, make the accusation
    answers = iter([Action("accuse", {"murderer": "nobody"}), None])

    def choose(*args: object, **kwargs: object) -> Action:
        action = next(answers)
        if action is None:
            raise Quit
        return action

    monkeypatch.setattr(play, "choose_action", choose)
    assert play.play(table) is None
    assert "Not allowed: " in transcript(table)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("bot,bot", "at least one person"),
        ("Ann,,bot", "names separated by commas"),
        ("Ann,Ann", "two seats are called 'Ann'"),
        ("Ann,Bob  Lee, Bob Lee", "two seats are called 'Bob Lee'"),  # the same once normalised
        ("Ann,B\u202eob", "direction-changing characters"),
        ("Ann,B\u200bob", "invisible"),
        ("A" * 41, "at most 40 characters"),
    ],
)
def test_bad_seats_are_refused(seats: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        play.parse_seats(seats)


def test_seat_names_are_normalised_as_the_server_does() -> None:
    assert play.parse_seats("Zoe\u0301 \u00a0 Lee,bot") == [
        Seat("Zo\u00e9 Lee"),
        Seat("Bot 2", bot=True),
    ]


def test_seats_name_bots_after_their_seat() -> None:
    assert play.parse_seats("Ann, BOT ,bot") == [
        Seat("Ann"),
        Seat("Bot 2", bot=True),
        Seat("Bot 3", bot=True),
    ]


def test_a_mode_that_does_not_fit_the_seats_is_a_rule_error() -> None:
    with pytest.raises(RuleError, match="solo mode takes 1 to 1 seats"):
        new_table("Ann,bot", mode="solo")


def test_the_installed_command_plays_until_the_input_ends() -> None:
    done = run_process(
        "play", SYSTEM, "--seed", "9", "--difficulty", "easy", "--seats", "Ann,bot", stdin="x\n1\n"
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "What will Ann do?" in done.stdout and "Type a number from 1 to" in done.stdout
    assert done.stdout.rstrip().endswith("The solution stays sealed.")


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["play", "no-such-game"], ["no system 'no-such-game'"]),
        (["play", SYSTEM, "--mode", "tag"], ["no mode 'tag'"]),
        (["play", SYSTEM, "--seats", "bot"], ["at least one person"]),
    ],
)
def test_the_installed_command_fails_in_one_line(argv: list[str], fragments: list[str]) -> None:
    done = run_process(*argv)
    assert_one_line_error(done.returncode, done.stderr, *fragments)


# Options ------------------------------------------------------------------------------------


def test_mode_options_reach_the_game_and_for_case_ones_the_case() -> None:
    table = new_table(options={"turn_limit": 100, "difficulty": "hard"})
    assert table.options == {"difficulty": "hard", "turn_limit": 100}
    assert table.case["options"] == {"difficulty": "hard"}  # for_case: only it makes the case
    assert table.system.view(table.rules_case, table.state, 0)["max_turns"] == 100


def test_defaults_fill_the_options_left_out() -> None:
    table = new_table(options={})
    assert table.options == {"difficulty": "standard", "turn_limit": 400}


def test_options_on_the_command_line_are_accepted() -> None:
    done = run_cli(
        "play",
        SYSTEM,
        "--seed",
        "3",
        "--difficulty",
        "easy",
        "--option",
        "turn_limit=100",
        input="q\n",
    )
    assert done.exit_code == 0 and done.stderr == ""
    assert "Turn 1 of at most 100." in done.stdout
    assert done.stdout.rstrip().endswith("The solution stays sealed.")


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--option", "turn_limit=7"], ["--option turn_limit", "100, 200, 400", "solo mode"]),
        (["--option", "turn_limit=fast"], ["--option turn_limit", "must be one of"]),
        (["--option", "colour=red"], ["--option colour", "difficulty, turn_limit"]),
        (["--option", "colour"], ["KEY=VALUE"]),
        (["--option", "turn_limit=100", "--option", "turn_limit=200"], ["given twice"]),
        (["--difficulty", "extreme"], ["--difficulty", "'easy', 'standard', 'hard'"]),
        (["--difficulty", "easy", "--option", "difficulty=hard"], ["disagree"]),
        (["--mode", "tag"], ["no mode 'tag'"]),
        (["--seats", "Ann,bot", "--mode", "solo"], ["solo mode takes 1 to 1 seats"]),
        (["--seats", "bot"], ["at least one person"]),
    ],
)
def test_bad_play_input_is_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("play", SYSTEM, *argv, input="q\n"), *fragments)


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--seed", "-3"], ["casebook play", "--seed"]),
        (["--seed", "x"], ["casebook play", "--seed"]),
        (["--option"], ["--option", "requires an argument"]),
        ([], ["casebook play", "SYSTEM"]),
    ],
)
def test_bad_play_arguments_are_one_line_usage_errors(
    argv: list[str], fragments: list[str]
) -> None:
    args = argv if not argv else [SYSTEM, *argv]
    assert_refused(run_cli("play", *args), *fragments, code=2)


def test_a_system_without_that_option_refuses_it() -> None:
    done = run_cli("play", TOY, "--difficulty", "easy", env=TOY_ENV)
    assert_refused(done, "--difficulty", "No such option", "Toy Culprit, solo mode")


# The summary, from the system's template ----------------------------------------------------


def test_the_summary_comes_from_midnights_template() -> None:
    table = new_table()
    type_with(table, scripted(["q"]))
    play.play(table)
    view = table.system.view(table.rules_case, table.state, 0)
    me = view["inspectors"][0]
    names = public_glossary(table.case["public"])
    text = transcript(table)
    assert f"Player is in {names[me['location']]} ({me['location']})." in text
    assert f"Map ({view['deck_count']} cards face down): " in text


# Any system, no shared code changed ---------------------------------------------------------


def test_toy_culprit_plays_to_the_end_through_the_command_line() -> None:
    """A second system at the terminal: Ann investigates until the game ends."""
    done = run_cli(
        "play",
        TOY,
        "--mode",
        "duel",
        "--seats",
        "Ann,bot",
        "--seed",
        "2",
        input="1\n" * 40,
        env=TOY_ENV,
    )
    assert done.exit_code == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert "Toy Culprit, duel mode, case seed 2. At the table: Ann, Bot 2 (bot)." in out
    assert "What will Ann do?" in out and "  1) Investigate" in out and "  2) Accuse" in out
    assert "Winners: " in out and "The solution:\n  Culprit: " in out
    assert "The game is over" in out  # Toy Culprit's ending, from the common template
    assert "The solution stays sealed" not in out
    assert out.count("The game is over") == 1  # told once, not again as an event


def test_toy_culprit_accusations_are_asked_by_name() -> None:
    done = run_cli(
        "play",
        TOY,
        "--mode",
        "duel",
        "--seats",
        "Ann,bot",
        "--seed",
        "2",
        input="2\n1\n",
        env=TOY_ENV,
    )
    assert done.exit_code == 0, done.stderr
    assert "Suspect? (b: back to the actions)\n  1) Ada\n  2) Bram" in done.stdout
    assert "Ann accused Ada" in done.stdout


def test_toy_culprit_in_hot_seat_clears_the_screen_between_people() -> None:
    table = new_table("Ann,Bob", mode="duel", system=TOY, options={})
    type_with(table, bot_typist(table, 3))
    outcome = play.play(table)
    assert outcome is not None
    text = transcript(table)
    assert "=== Ann's turn ===" in text and "=== Bob's turn ===" in text
    assert "Pass the keyboard to Bob." in text and "\n" * 40 in text


def test_the_installed_command_plays_toy_culprit() -> None:
    done = run_process(
        "play", TOY, "--mode", "duel", "--seats", "Ann,bot", stdin="1\n" * 40, env=TOY_ENV
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "Winners: " in done.stdout
