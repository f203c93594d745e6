"""The request and response bodies of the API, as marshmallow schemas.

Every schema rejects unknown fields (marshmallow's default ``RAISE``), which also makes the
generated spec say ``additionalProperties: false``; a client can never set a field the server
owns (``version``, ``status``, ``solution``, a token). Integers are strict, so neither a
string, a float nor a boolean slips in, and every number has bounds.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from api.contract import SYSTEM_FIELD
from api.ids import ID_PATTERN, ID_RULE
from api.names import Name
from generator.registry import SEED_LIMIT
from narration import CLOCKS, DEFAULT_CLOCK

ID = validate.Regexp(ID_PATTERN, error=ID_RULE)
#: The largest step number a query may name: far beyond any game, far below SQLite's limit.
MAX_STEP = 2**53
MAX_SEATS = 16
DIFFICULTIES = ("easy", "standard", "hard")


class WholeNumber(fields.Integer):
    """An integer as JSON Schema has it: ``400`` or ``400.0``, never ``"400"``, ``true`` or
    ``400.5`` (strict about the type, as every request number here is)."""

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and value.is_integer() and not isinstance(value, bool):
            value = int(value)
        return super()._validated(value)


def _seed() -> fields.Integer:
    return WholeNumber(
        strict=True,
        validate=validate.Range(min=0, max=SEED_LIMIT - 1),
        metadata={"description": "fixes everything random; omitted: chosen at random"},
    )


def _clock() -> fields.String:
    return fields.String(
        load_default=DEFAULT_CLOCK,
        validate=validate.OneOf(CLOCKS),
        metadata={"description": "how the text says times: 12h (7:30 pm) or 24h (19:30)"},
    )


class ClockQuerySchema(ma.Schema):
    clock = _clock()


# -------------------------------------------------------------------------------- health


class HealthSchema(ma.Schema):
    status = fields.String(required=True, metadata={"example": "ok"})
    version = fields.String(required=True)
    database = fields.String(required=True, metadata={"example": "ok"})


# -------------------------------------------------------------------------------- systems


class OptionSchema(ma.Schema):
    name = fields.String(required=True)
    choices = fields.List(fields.Raw(), required=True)
    default = fields.Raw(required=True)
    description = fields.String(required=True)
    for_case = fields.Boolean(
        required=True,
        metadata={"description": "chooses the generated case: refused beside a case_id"},
    )


class ModeSchema(ma.Schema):
    id = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    description = fields.String(required=True)
    options = fields.List(
        fields.Nested(OptionSchema),
        required=True,
        metadata={"description": "what POST /v1/games accepts in options for this mode"},
    )
    private = fields.Boolean(
        required=True,
        metadata={"description": "whether a seat may see what another does not"},
    )
    people = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={
            "description": "[fewest, most] seats that may be people (the rest are bots); "
            "null: any mix"
        },
    )


class SystemSchema(ma.Schema):
    """A system as its spec states it (``rules.core.SystemSpec``), with its case fairness."""

    id = fields.String(required=True)
    name = fields.String(required=True)
    summary = fields.String(required=True)
    modes = fields.List(fields.Nested(ModeSchema), required=True)
    action_types = fields.List(fields.String(), required=True)
    event_types = fields.List(fields.String(), required=True)
    endings = fields.List(fields.String(), required=True)
    accusation_fields = fields.List(fields.String(), required=True)
    accusation_params = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "the action parameters that make an action an accusation"},
    )
    has_chance = fields.Boolean(required=True)
    has_hidden_information = fields.Boolean(required=True)
    step_limit = fields.Integer(required=True, metadata={"description": "no game takes more"})
    fairness = fields.String(required=True, metadata={"description": "what makes a case fair"})
    has_deductions = fields.Boolean(required=True)


class SystemListSchema(ma.Schema):
    systems = fields.List(fields.Nested(SystemSchema), required=True)


# -------------------------------------------------------------------------------- cases


class CaseRequestSchema(ma.Schema):
    system = fields.String(required=True, validate=ID, metadata=SYSTEM_FIELD)
    seed = _seed()
    difficulty = fields.String(validate=validate.OneOf(DIFFICULTIES))
    options = fields.Dict(
        keys=fields.String(validate=ID),
        load_default=dict,
        metadata={"description": "system-specific generator options"},
    )


CASE_TEXT = "the case introduced in prose, from its public part (systems that tell one)"


class CaseCreatedSchema(ma.Schema):
    id = fields.String(required=True)
    system = fields.String(required=True)
    public = fields.Dict(required=True)
    rating = fields.Dict(required=True)
    author_token = fields.String(
        required=True, metadata={"description": "shown once: opens the solution of this case"}
    )
    text = fields.String(metadata={"description": CASE_TEXT})


class CaseSchema(ma.Schema):
    id = fields.String(required=True)
    system = fields.String(required=True)
    public = fields.Dict(required=True)
    text = fields.String(metadata={"description": CASE_TEXT})
    solution = fields.Dict(metadata={"description": "only with the author token"})
    secret = fields.Dict(metadata={"description": "only with the author token"})
    seed = fields.Integer(metadata={"description": "only with the author token"})


class AccusationSchema(ma.Schema):
    accusation = fields.Dict(
        keys=fields.String(validate=ID),
        values=fields.String(validate=validate.Length(max=200)),
        required=True,
        metadata={"description": "one value for each of the system's accusation_fields"},
    )


class AccusationResultSchema(ma.Schema):
    correct = fields.Boolean(required=True)
    reasons = fields.List(
        fields.String(),
        metadata={"description": "only with the author token: the fields that are wrong"},
    )


class ChoicesSchema(ma.Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(("one", "subset")),
        metadata={"description": "one: send one of the choices; subset: a list of min to max"},
    )
    choices = fields.List(fields.Raw(), required=True)
    min = fields.Integer(metadata={"description": "subset only: the fewest choices to send"})
    max = fields.Integer(metadata={"description": "subset only: the most choices to send"})


class ActionSpecSchema(ma.Schema):
    """One form a seat may fill; several may share a type when one choice depends on another
    (send the choices of one form together)."""

    type = fields.String(required=True)
    params = fields.Dict(keys=fields.String(), values=fields.Nested(ChoicesSchema), required=True)


class QuestionListSchema(ma.Schema):
    questions = fields.List(
        fields.Nested(ActionSpecSchema),
        required=True,
        metadata={"description": "each question the Author answers, with its choices"},
    )


class ActionRequestSchema(ma.Schema):
    type = fields.String(required=True, validate=ID)
    params = fields.Dict(
        keys=fields.String(validate=ID),
        values=fields.Raw(allow_none=True),
        load_default=dict,
        metadata={
            "description": "for each parameter, one of the advertised choices, or a list of "
            "them for a subset parameter"
        },
    )


class QuestionSchema(ActionRequestSchema):
    """A question for a case's Author, asked like an action: a type and one choice per param."""


class AnswerSchema(ma.Schema):
    event = fields.Dict(
        required=True,
        metadata={"description": "the event a game would record, with the envelope's contents"},
    )
    text = fields.String(required=True, metadata={"description": "what the Author says"})


# -------------------------------------------------------------------------------- games


class SeatRequestSchema(ma.Schema):
    name = Name(required=True)
    bot = fields.Boolean(load_default=False)


class GameRequestSchema(ma.Schema):
    system = fields.String(required=True, validate=ID, metadata=SYSTEM_FIELD)
    mode = fields.String(required=True, validate=ID)
    seed = WholeNumber(
        strict=True,
        validate=validate.Range(min=0, max=SEED_LIMIT - 1),
        metadata={
            "description": "chooses the generated case (the game's own draws are secret); "
            "omitted: chosen at random"
        },
    )
    case_id = fields.String(validate=ID, metadata={"description": "play a stored case"})
    options = fields.Dict(
        keys=fields.String(validate=ID),
        values=fields.Raw(allow_none=True),
        load_default=dict,
        metadata={"description": "the mode's options (GET /v1/systems); defaults fill the rest"},
    )
    seats = fields.List(
        fields.Nested(SeatRequestSchema),
        required=True,
        validate=validate.Length(min=1, max=MAX_SEATS),
    )

    @ma.validates_schema
    def _seed_or_case(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "seed" in data and "case_id" in data:
            raise ma.ValidationError("Give a seed or a case_id, not both.", "case_id")


class SeatSchema(ma.Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    bot = fields.Boolean(required=True)
    token = fields.String(metadata={"description": "shown once: the bearer token of this seat"})


class GameCreatedSchema(ma.Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(("active", "finished")))
    options = fields.Dict(required=True, metadata={"description": "every option, resolved"})
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    watch_token = fields.String(
        metadata={
            "description": "a game of bots only: shown once, the bearer token that reads it "
            "(as seat 0 sees it) but cannot act"
        }
    )


class StandingSchema(ma.Schema):
    seat = fields.Integer(required=True)
    rank = fields.Integer(required=True, metadata={"description": "1 is best; ties share"})
    score = fields.Float(allow_none=True, required=True)


class ResultSchema(ma.Schema):
    ending = fields.String(required=True, metadata={"description": "one of the system's endings"})
    text = fields.String(required=True, metadata={"description": "the ending, narrated"})
    winners = fields.List(fields.Integer(), required=True)
    standings = fields.List(
        fields.Nested(StandingSchema),
        required=True,
        metadata={"description": "every seat, best first, with the system's tie-breaks"},
    )
    solution = fields.Dict(
        allow_none=True, required=True, metadata={"description": "null: no hidden solution"}
    )


class GameSchema(ma.Schema):
    id = fields.String(required=True)
    system = fields.String(required=True)
    mode = fields.String(required=True)
    options = fields.Dict(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True)
    seat = fields.Integer(required=True)
    to_act = fields.List(
        fields.Integer(), required=True, metadata={"description": "the seats the game waits for"}
    )
    view = fields.Dict(required=True, metadata={"description": "what this seat may know"})
    result = fields.Nested(ResultSchema, metadata={"description": "only once the game is over"})


class ActionListSchema(ma.Schema):
    version = fields.Integer(required=True)
    actions = fields.List(fields.Nested(ActionSpecSchema), required=True)


class NarratedEventSchema(ma.Schema):
    """An event as one seat (or one inspector at a table) sees it: its own fields plus these."""

    class Meta:
        unknown = ma.INCLUDE

    type = fields.String(required=True)
    actor = fields.Integer(allow_none=True)
    text = fields.String(required=True, metadata={"description": "the event narrated"})

    @ma.post_dump(pass_original=True)
    def _keep_data(
        self, data: dict[str, Any], original: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        return {**original, **data}


class EventSchema(NarratedEventSchema):
    """An event of a game as one seat sees it, with the step it happened at."""

    step = fields.Integer(required=True)


class PlayedSchema(ma.Schema):
    version = fields.Integer(required=True)
    status = fields.String(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class LogQuerySchema(ma.Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_STEP),
        metadata={"description": "only steps after this one"},
    )
    limit = fields.Integer(
        load_default=500,
        validate=validate.Range(min=1, max=500),
        metadata={"description": "at most this many steps"},
    )
    clock = _clock()


class LogSchema(ma.Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class DeductionsSchema(ma.Schema):
    version = fields.Integer(required=True)
    deductions = fields.Dict(
        required=True, metadata={"description": "what this seat can conclude from its own view"}
    )


# -------------------------------------------------------------------------------- tables


class TableRequestSchema(ma.Schema):
    inspectors = fields.List(
        Name(),
        required=True,
        validate=validate.Length(min=1, max=MAX_SEATS),
        metadata={"description": "the names of the inspectors at the table, in seat order"},
    )


class TableSchema(ma.Schema):
    id = fields.String(required=True)
    case_id = fields.String(required=True)
    system = fields.String(required=True)
    inspectors = fields.List(fields.String(), required=True)
    version = fields.Integer(required=True, metadata={"description": "questions answered"})
    status = fields.String(required=True, validate=validate.OneOf(("active", "finished")))
    view = fields.Dict(required=True, metadata={"description": "what lies open on the table"})
    result = fields.Nested(ResultSchema, metadata={"description": "only once the case is closed"})


class TableCreatedSchema(TableSchema):
    token = fields.String(
        required=True, metadata={"description": "shown once: the bearer token of this table"}
    )


def _inspector(*, strict: bool = True) -> fields.Integer:
    """Strict in a JSON body; a query string's digits are read as a number."""
    return WholeNumber(
        strict=strict,
        required=True,
        validate=validate.Range(min=0, max=MAX_SEATS - 1),
        metadata={"description": "who asks: the inspector's number, from 0, in seat order"},
    )


class TableQuestionsQuerySchema(ma.Schema):
    inspector = _inspector(strict=False)


class TableQuestionListSchema(ma.Schema):
    version = fields.Integer(required=True)
    questions = fields.List(
        fields.Nested(ActionSpecSchema),
        required=True,
        metadata={"description": "what this inspector may ask now, with its choices"},
    )


class TableQuestionSchema(ActionRequestSchema):
    """A question of one inspector at the table, asked like an action."""

    inspector = _inspector()


class TableAnswerSchema(ma.Schema):
    version = fields.Integer(required=True)
    status = fields.String(required=True)
    events = fields.List(
        fields.Nested(NarratedEventSchema),
        required=True,
        metadata={"description": "the answer, as the asking inspector sees it, narrated"},
    )
    result = fields.Nested(ResultSchema, metadata={"description": "only once the case is closed"})
