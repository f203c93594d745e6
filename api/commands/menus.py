"""The terminal's side of a game: a screen to write on and numbered menus to answer.

Nothing here knows a system. A :class:`Screen` draws with rich on a terminal (a rule for each
turn, a panel for the summary, a table for each menu) and writes plain lines anywhere else, so a
test that hands it a ``StringIO`` reads what a person would. Answers come through ``input_fn``
(``input`` at a real terminal): a number; several numbers for a parameter that takes a subset
(``1 3``); ``b`` to go back to the actions; ``q`` to quit. The end of input quits too.

:func:`choose_action` turns the legal :class:`~rules.core.ActionSpec` list into questions: the
action first; when several specs share its type (choices that depend on each other), which of
them; then each parameter in turn, a parameter with a single possible pick taken without asking.
Every action it returns is one a spec admits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rules.core import Action, ActionSpec, JSONScalar, Param, ParamValue, Subset

#: Reads one line after showing a prompt, like ``input``; raises ``EOFError`` at the end.
InputFn = Callable[[str], str]
#: How a choice reads: ``(parameter name, value) -> label``.
Labeler = Callable[[str, Any], str]

PROMPT = "> "
QUIT_WORDS = frozenset({"q", "quit", "exit"})
BACK_WORDS = frozenset({"b", "back"})
BLANK_LINES = 40  # scrolls a screen clear where it cannot be cleared


class Quit(Exception):
    """The player typed ``q`` or the input ended."""


class Back(Exception):
    """The player typed ``b``: choose the action again."""


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Screen:
    """Where a game is shown (``output``) and answered (``input_fn``)."""

    def __init__(self, output: TextIO, input_fn: InputFn) -> None:
        self.output = output
        self.input_fn = input_fn
        self.is_terminal = is_terminal(output)
        # Explicit, so FORCE_COLOR and the like never put escape codes into a pipe or a test;
        # off a terminal nothing wraps, so each line of text stays one line.
        self.console = Console(
            file=output,
            force_terminal=self.is_terminal,
            soft_wrap=not self.is_terminal,
            markup=False,
            emoji=False,
            highlight=False,
        )

    def say(self, text: str = "", *, style: str | None = None) -> None:
        self.console.print(Text(text), style=style or "")

    def heading(self, text: str) -> None:
        """A new section, such as whose turn it is."""
        if self.is_terminal:
            self.console.print()
            self.console.rule(Text(text, style="bold"))
        else:
            self.say()
            self.say(f"=== {text} ===")

    def block(self, text: str, *, title: str = "") -> None:
        """A few lines that belong together, such as the summary of a view."""
        self.say()
        if self.is_terminal:
            self.console.print(
                Panel(Text(text), title=title or None, title_align="left", expand=False)
            )
        else:
            for line in text.splitlines():
                self.say(line)

    def bullets(self, lines: Sequence[str]) -> None:
        if not lines:
            return
        self.say()
        for line in lines:
            self.say(f"* {line}", style="italic")

    def menu(self, labels: Sequence[str]) -> None:
        """``labels`` numbered from 1."""
        if not self.is_terminal:
            for number, text in enumerate(labels, 1):
                self.say(f"  {number}) {text}")
            return
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(justify="right", style="bold cyan", no_wrap=True)
        table.add_column()
        for number, text in enumerate(labels, 1):
            table.add_row(f"{number})", Text(text))
        self.console.print(table)

    def clear(self) -> None:
        """Hide everything shown so far from whoever sits down next."""
        if self.is_terminal:
            self.console.clear()
        else:
            self.say("\n" * BLANK_LINES)

    def read(self, prompt: str = PROMPT) -> str:
        """One answer; ``q`` and the end of input raise :class:`Quit`."""
        try:
            answer = self.input_fn(prompt)
        except EOFError:
            raise Quit from None
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit
        return answer


# ------------------------------------------------------------------------------- questions


def ask(screen: Screen, labels: Sequence[str], *, allow_back: bool = False) -> int:
    """A numbered menu; the 0-based index of the choice."""
    screen.menu(labels)
    hint = f"Type a number from 1 to {len(labels)}" + (", b to go back" if allow_back else "")
    while True:
        answer = screen.read().strip().lower()
        if allow_back and answer in BACK_WORDS:
            raise Back
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        screen.say(f"{hint}, or q to quit.")


def ask_many(
    screen: Screen, labels: Sequence[str], *, least: int, most: int, allow_back: bool = True
) -> list[int]:
    """A numbered menu answered with ``least`` to ``most`` different numbers (``1 3``);
    their 0-based indices in menu order."""
    screen.menu(labels)
    hint = subset_hint(len(labels), least, most) + (", b to go back" if allow_back else "")
    while True:
        answer = screen.read().strip().lower()
        if allow_back and answer in BACK_WORDS:
            raise Back
        picked = parse_numbers(answer, len(labels))
        if picked is not None and least <= len(picked) <= most:
            return picked
        screen.say(f"{hint}, or q to quit.")


def parse_numbers(answer: str, count: int) -> list[int] | None:
    """``"3 1"`` or ``"3,1"`` → ``[0, 2]``; ``None`` unless every number is on the menu (1 to
    ``count``) and none is repeated. An empty answer is no numbers at all."""
    words = answer.replace(",", " ").split()
    if not all(word.isdigit() and 1 <= int(word) <= count for word in words):
        return None
    picked = [int(word) - 1 for word in words]
    if len(set(picked)) != len(picked):
        return None
    return sorted(picked)


def subset_hint(count: int, least: int, most: int) -> str:
    """How to answer a subset menu: "Type 1 to 2 different numbers from 1 to 4 (e.g. 1 3)"."""
    noun = "number" if least == most == 1 else "different numbers"
    example = " ".join(str(number) for number in range(1, max(least, min(most, 2)) + 1))
    hint = f"Type {_how_many(least, most)} {noun} from 1 to {count}"
    if example and most > 1:
        hint += f", separated by spaces (e.g. {example})"
    if least == 0:
        hint += "; just Enter for none"
    return hint


def action_label(action_type: str) -> str:
    """``ask-what-they-saw`` → "Ask what they saw"."""
    return action_type.replace("-", " ").replace("_", " ").capitalize()


def param_title(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")


def choose_action(
    screen: Screen,
    legal: Sequence[ActionSpec],
    *,
    question: str,
    label: Labeler,
    prompts: Mapping[str, str],
    before_params: Callable[[ActionSpec], None] | None = None,
) -> Action:
    """Ask for an action: its type, its form when several specs share the type, then each
    parameter. ``b`` at any question after the first goes back to the actions.
    ``before_params`` is told the form chosen before its parameters are asked (to set out what
    the player needs to answer them)."""
    if not legal:
        raise ValueError("there is nothing to choose from")
    types = list(dict.fromkeys(spec.type for spec in legal))
    while True:
        screen.say()
        screen.say(question, style="bold")
        kind = types[ask(screen, [action_label(item) for item in types])]
        forms = [spec for spec in legal if spec.type == kind]
        try:
            spec = forms[0] if len(forms) == 1 else forms[choose_form(screen, forms, label)]
            if before_params is not None:
                before_params(spec)
            params = {
                name: choose_param(screen, spec, name, label, prompts) for name in spec.params
            }
        except Back:
            continue
        return Action(kind, params)


def choose_form(screen: Screen, forms: Sequence[ActionSpec], label: Labeler) -> int:
    """Which of several specs of one type: each shown by what sets it apart from the others."""
    screen.say(f"{action_label(forms[0].type)}: which one? (b: back to the actions)")
    return ask(screen, form_labels(forms, label), allow_back=True)


def form_labels(forms: Sequence[ActionSpec], label: Labeler) -> list[str]:
    """A label per spec naming the parameters whose choices differ between the specs:
    ``"card: Red 3; port: Aden, Basra"``; a parameter a spec lacks and another has reads
    ``"note: none"`` (a move with an optional accusation: ``"to: 3, 7; accuse: none"``);
    ``"form 2"`` when nothing sets it apart."""
    names = list(dict.fromkeys(name for spec in forms for name in spec.params))
    # tuples and frozen Subsets compare and hash by value
    differing = [name for name in names if len({spec.params.get(name) for spec in forms}) > 1]
    labels = []
    for number, spec in enumerate(forms, 1):
        parts = [
            f"{param_title(name)}: "
            + (describe_param(name, spec.params[name], label) if name in spec.params else "none")
            for name in differing
        ]
        labels.append("; ".join(parts) if parts else f"form {number}")
    return labels


def describe_param(name: str, param: Param, label: Labeler) -> str:
    """What a parameter offers, in words: "Aden, Basra", or "1 to 2 of Aden, Basra, Cork"."""
    choices = param.choices if isinstance(param, Subset) else param
    words = ", ".join(label(name, choice) for choice in choices)
    if isinstance(param, Subset):
        return f"{_how_many(param.min, param.most)} of {words}"
    return words


def choose_param(
    screen: Screen,
    spec: ActionSpec,
    name: str,
    label: Labeler,
    prompts: Mapping[str, str],
) -> ParamValue:
    """One parameter's value: a choice, or a list of choices for a :class:`Subset`."""
    param = spec.params[name]
    choices: tuple[JSONScalar, ...] = spec.choices(name)
    labels = [label(name, choice) for choice in choices]
    question = prompts.get(name, f"{param_title(name).capitalize()}?")
    if isinstance(param, Subset):
        least, most = param.min, min(param.most, len(choices))
        if least >= len(choices) or most == 0:  # one possible pick: all of them, or none
            picked = list(choices) if least else []
            screen.say(f"{question} {', '.join(labels) if picked else 'none'}")
            return picked
        screen.say(f"{question} (choose {_how_many(least, most)}; b: back to the actions)")
        return [choices[index] for index in ask_many(screen, labels, least=least, most=most)]
    if len(choices) == 1:
        screen.say(f"{question} {labels[0]}")
        return choices[0]
    screen.say(f"{question} (b: back to the actions)")
    return choices[ask(screen, labels, allow_back=True)]


def confirm(screen: Screen, question: str, *, yes: str, no: str) -> bool:
    """A yes-or-no menu, yes first: whether the player said yes."""
    screen.say()
    screen.say(question, style="bold")
    return ask(screen, [yes, no]) == 0


def _how_many(least: int, most: int) -> str:
    return f"{least}" if least == most else f"{least} to {most}"
