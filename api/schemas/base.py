"""The base of every request body: what Neo4j cannot store is refused before any route runs.

`In.model_validator` walks the raw body once (`graphmem.limits.check_body`: lone surrogates in any
string or key, integers beyond 64 bits, NaN and infinities, absurd nesting) and raises the library's
`InvalidInput`, which pydantic lets through untouched, so the 422 names the exact field
(`turns.3.metadata.a`) through `api.errors.render` like every other error. Free JSON fields use
`JsonObject`, which holds them to `graphmem.limits.MAX_DEPTH` and the other caps of that module: the
same definitions the library checks on its own entry points.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from graphmem import limits
from graphmem.errors import InvalidInput


def _json_value(value: Any) -> Any:
    """As a pydantic validator: a ValueError, so pydantic names the field by its place in the body."""
    try:
        return limits.check_json(value, "value")
    except InvalidInput as exc:
        raise ValueError(str(exc).removeprefix("value: ").removeprefix("value.")) from None


JsonObject = Annotated[dict[str, Any], AfterValidator(_json_value),
                       Field(description=f"a JSON object nested at most {limits.MAX_DEPTH} deep, at most "
                                         f"{limits.MAX_JSON_ITEMS} values, strings of at most "
                                         f"{limits.MAX_JSON_STRING_CHARS} characters")]
#: identifier-like names (attribute names, entity types, relation types)
NAME_CHARS = limits.MAX_NAME_CHARS


class In(BaseModel):
    """A request body: unknown fields refused, every value storable (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _storable(cls, data: Any) -> Any:
        return limits.check_body(data)
