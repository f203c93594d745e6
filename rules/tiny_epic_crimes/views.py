"""What one seat may know: the only door from the true state to a player.

Public: the case's printed parts (every suspect's evidences, the city, the track), cars,
trackers and their stack, mats (badges, arrests, holding spots, clue tokens, Evidence Tokens,
how many Suspect and Force Cards), mobsters, tokens left in the city (not their faces), which
evidence is solved and who holds it, how many cards the ghost officer has, and who has accused.
Private to a seat: its Suspect and Force Cards, the value of each evidence it holds or peeked
at, the other officers' (and the ghost's) Suspect Cards it has looked at, the numbers of
stakeout tokens it has seen, and its own accusation. Hidden from all: the murderer, the deck
orders, every unseen token.
"""

from __future__ import annotations

from typing import Any

from rules.kit.memo import per_case

from . import board, coop, decisions, interrogate, peek, solo
from .case import EVIDENCE, TecCase
from .events import view as events_view
from .standings import outcome
from .state import TecState
from .turns import accusing, current

#: How many views are kept, by the identity of the state they show (and the seat and case).
KEPT_VIEWS = 64
_kept: dict[tuple[int, int | None], tuple[TecState, TecCase, dict[str, Any]]] = {}


def view(case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: an onlooker) may know of ``state``.

    Made once for a state and seat: a client waiting for its turn reads the same state again
    and again, and the server keeps that state decoded as one object between requests
    (``api/states.py``), so a read of it shows the parts of the view made before. States never
    change, so the same objects mean the same view. Each caller is given a copy of the view
    made, which it may add to (the leak scan's controls do); its parts are shared, read and
    sent, never changed, as :func:`public_case`'s are."""
    key = (id(state), seat)
    kept = _kept.get(key)
    if kept is not None and kept[0] is state and kept[1] is case:
        return dict(kept[2])
    shown = _view(case, state, seat)
    if len(_kept) >= KEPT_VIEWS:
        _kept.pop(next(iter(_kept)), None)  # the oldest (a thread may have let it go)
    _kept[key] = (state, case, shown)  # the state held, so that its id is not reused
    return dict(shown)


def _view(case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
    mine = seat is not None
    acting = None if seat is None else solo.acting(state, seat)  # solo: the officer to act
    shown: dict[str, Any] = {
        "system": "tiny-epic-crimes",
        "mode": state.mode,
        "you": seat,
        "case": public_case(case),
        "turn": current(state),
        "accusing": accusing(state),
        "phase": None if acting is None else board.phase(case, state.track.position(acting)),
        "driven": state.driven,
        "drove": state.drove,
        "boosts": dict(sorted(state.boosts.items())),  # this turn's Force Cards, played face up
        "stack": list(state.track.order()),
        "officers": [_officer(state, index) for index in range(len(state.officers))],
        "mobsters": dict(sorted(state.mobsters.items())),
        "bag": dict(sorted(state.bag.items())),
        "search_blocks": list(state.search_blocks),
        "stakeout_blocks": list(state.stakeout_blocks),
        "informant_rows": list(state.informant_rows),
        "witness_columns": list(state.witness_columns),
        "holding_tokens": list(state.holding_tokens),
        "suspect_deck": state.suspect_deck.draw_count,
        "force_deck": state.force_deck.draw_count,
        "force_discard": list(state.force_deck.discard_pile),
        "solved": {evidence: holder for evidence, holder in sorted(state.solved.items())},
        "events": events_view(state),
        "event_deck": state.event_deck.draw_count,
        "accused": sorted(state.accusations),
        "decisions": decisions.view(state, seat),
        "ghost_pile": len(state.ghost),  # the 2-player ghost officer's face-down alibis
    }
    if mine:
        assert seat is not None
        murderer = case.suspect(case.solution.murderer)
        # in the order drawn: the seat saw each card come, and an action that draws two shows
        # their order in its events (docs/rulings.md)
        shown["suspects"] = list(state.suspects.cards_of(seat))
        shown["forces"] = list(state.forces.cards_of(seat))
        shown["evidence"] = {
            evidence: murderer.trait(evidence)
            for evidence, holder in sorted(state.solved.items())
            if holder == seat
        }
        shown["stakeouts_seen"] = {
            block: _stakeout_value(case, block) for who, block in state.peeks if who == seat
        }
        shown["searches_seen"] = {  # Lab Rush, Keen Eye: a face-down Search Token looked at
            block: case.search_success(block)
            for who, block in state.search_peeks
            if who == seat and block in state.search_blocks
        }
        shown["accusation"] = state.accusations.get(seat)
        # what Interrogate, an empty deck and Peeks showed this officer alone
        shown["seen_suspects"] = interrogate.seen_view(state, seat)
        shown["peeked_evidence"] = peek.values(case, state, seat)
    if coop.is_team(state):  # the team's knowledge, face up for every officer
        shown.update(coop.view_part(case, state, seat, acting), officer=acting)
    if state.ended is not None:
        shown["accusations"] = {str(s): letter for s, letter in sorted(state.accusations.items())}
        shown["result"] = outcome(case, state).to_json()
    return shown


def _stakeout_value(case: TecCase, block: str) -> int:
    return case.stakeout_value(block)


def _officer(state: TecState, seat: int) -> dict[str, Any]:
    officer = state.officers[seat]
    player = state.seats[solo.seat_of(state, seat)]
    return {
        "seat": seat,
        "name": player.name,
        "bot": player.bot,
        "block": officer.block,
        "hours": state.track.position(seat),
        "badge": officer.badge,
        "arrested": list(officer.arrested),
        "holding": officer.holding,
        "clues": dict(sorted(officer.clues.items())),
        "failed_searches": officer.failed_searches,
        "stakeouts": list(officer.stakeouts),
        "evidence_tokens": sorted(e for e, holder in state.solved.items() if holder == seat),
        "suspect_cards": state.suspects.count(seat),
        "force_cards": state.forces.count(seat),
        "ability": state.abilities.get(seat),  # the Ability Card kept, face up
        "rested": officer.rested,
    }


#: every view of a game repeats the printed parts, so they are built once a case (views are read
#: and sent, never changed)
@per_case
def public_case(case: TecCase) -> dict[str, Any]:
    """The printed parts every officer sees at setup (the suspects' evidences are public)."""
    return {
        "title": case.title,
        "city": case.city,
        "introduction": case.introduction,
        "gang_names": dict(case.gang_names),
        "suspects": [
            {"letter": s.letter, "name": s.name, **{e: s.trait(e) for e in EVIDENCE}}
            for s in case.suspects
        ],
        "blocks": [{"id": b.id, "name": b.name, "icon": b.icon} for b in case.blocks],
        "grid": [list(line) for line in case.grid],
        "white_dice": list(case.white_dice),
        "black_dice": list(case.black_dice),
        "clues_needed": dict(case.clues_needed),
        "time_track": [
            {"hour": s.hour, "phase": s.phase, "event_line": s.event_line, "final": s.final}
            for s in case.time_track
        ],
    }
