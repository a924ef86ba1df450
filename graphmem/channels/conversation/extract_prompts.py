"""What an LLM extracts from one conversation turn, asked with graphiti-core's prompts. No store I/O.

Why graphiti's prompts: they are maintained and evaluated for exactly this (entities of a chat message,
then fact triples between them with when they held). Why not graphiti's client or pipeline: graphmem
sends the messages through its own `graphmem.text.llm.ChatClient` (one configured endpoint, one failure type),
and keeps its own write rules. Graphiti's LLM-judged edge invalidation (`dedupe_edges`) is never asked:
an extracted value closes an older one only by `graphmem.timeline`'s close-and-insert rule.

Two calls per turn, as graphiti makes them: `extract_nodes.extract_message` (the entities of the current
message, its speaker first) and, when two or more were found, `extract_edges.edge` (triples between those
entities, with `valid_at` / `invalid_at`). Each prompt gets graphiti's response model's JSON schema
appended (as graphiti's own clients do), and each answer is parsed into that model (`ExtractedEntities`,
`ExtractedEdges`): an answer that is not JSON or does not fit raises `LLMUnavailable`.

graphiti-core is optional (extra `graphiti`) and heavy to import (about 3 s): it is imported on the
first extraction, with `GRAPHITI_TELEMETRY_ENABLED=false` set first.

Entity keys are derived from names, deterministically (`entity_key`): the name's letter-and-digit runs
(NFKC-normalised, case kept) joined by `-`, at most `identifiers.KEY_MAX` characters, cut at a run
boundary: "Alice" -> `Alice`, "Lockheed Martin" -> `Lockheed-Martin`, "Nisha's dad" -> `Nisha-s-dad`. Such
a key is a token `identifiers.mentions` reads, so a later turn or question naming `Alice` finds the
entity exactly; names differing only in punctuation or spacing share an entity, names differing in case do
not. A name with no letter or digit yields no entity.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ValidationError

from graphmem import limits
from graphmem.errors import InvalidInput
from graphmem.identifiers import KEY_MAX
from graphmem.instants import UTC, format_instant, parse_instant
from graphmem.errors import LLMUnavailable
from graphmem.text.llm import ChatClient
from graphmem.settings import Settings
from graphmem.types import RELATION_TYPE_RE

MAX_ENTITIES = 50  # per turn: what a chat message names, with room to spare
MAX_FACTS = 100
MAX_REASON_CHARS = 1000
SOURCE_PREFIX = "turn:"  # facts and relations carry `turn:<turn id>` as their source

#: graphiti's default entity type (its description, verbatim) and three common ones
ENTITY_TYPES: tuple[dict[str, Any], ...] = (
    {"entity_type_id": 0, "entity_type_name": "Entity",
     "entity_type_description": "A specific, identifiable entity that does not fit any of the other listed types. "
                                "Must still be a concrete, meaningful thing — specific enough to be uniquely "
                                "identifiable. When in doubt, do not extract the entity."},
    {"entity_type_id": 1, "entity_type_name": "Person", "entity_type_description": "A named person or a person "
                                                                                   "qualified by a named possessor."},
    {"entity_type_id": 2, "entity_type_name": "Organization",
     "entity_type_description": "A named company, institution, team or group."},
    {"entity_type_id": 3, "entity_type_name": "Location",
     "entity_type_description": "A named place: city, country, address, venue, region."},
)


@dataclass(frozen=True)
class FoundEntity:
    key: str
    name: str
    type: str


@dataclass(frozen=True)
class FoundFact:
    """One triple: written as the relation `source -[relation]-> target` and as the attribute
    `relation.lower() = target name` of the source entity."""

    source_key: str
    relation: str
    target_key: str
    target_name: str
    fact: str
    valid_from: datetime | None
    valid_to: datetime | None

    @property
    def attribute(self) -> str:
        return self.relation.lower()


@dataclass(frozen=True)
class Extraction:
    entities: tuple[FoundEntity, ...]
    facts: tuple[FoundFact, ...]
    skipped: int = 0  # triples dropped: unknown entity, same entity twice, bad type or interval


# --- availability --------------------------------------------------------------------------------
def graphiti_installed() -> bool:
    return importlib.util.find_spec("graphiti_core") is not None


def check_extraction(settings: Settings) -> None:
    """A turn may ask for extraction only when it can run.

    Raises:
        InvalidInput: no LLM endpoint configured, or graphiti-core missing (422, code extraction_unavailable,
            field `extract`).
    """
    if not settings.llm_base_url:
        raise InvalidInput.field("extract", "needs an LLM endpoint: the server has no GRAPHMEM_LLM_BASE_URL",
                                 code="extraction_unavailable")
    if not graphiti_installed():
        raise InvalidInput.field("extract", "needs graphiti-core on the server (pip install 'graphmem[graphiti]')",
                                 code="extraction_unavailable")


def _graphiti() -> Any:
    """graphiti-core's prompt library module, imported on first use with telemetry off."""
    os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"
    from graphiti_core.prompts import lib

    return lib


# --- deterministic names ------------------------------------------------------------------------
_RUN = re.compile(r"[^\W_]+")


def entity_key(name: str) -> str | None:
    """The graphmem key of an extracted entity (see the module docstring); None when the name has no
    letter or digit."""
    runs: list[str] = _RUN.findall(unicodedata.normalize("NFKC", name))
    if not runs:
        return None
    key = runs[0][:KEY_MAX]
    for run in runs[1:]:
        if len(key) + 1 + len(run) > KEY_MAX:
            break
        key = f"{key}-{run}"
    return key


def relation_type(raw: str) -> str | None:
    """An LLM's relation type in graphmem's form (`^[A-Z][A-Z0-9_]*$`): accents dropped, any other
    character run made `_`, leading digits dropped; None if nothing is left."""
    ascii_ = unicodedata.normalize("NFKD", raw).encode("ascii", "ignore").decode().upper()
    out = re.sub(r"[^A-Z0-9]+", "_", ascii_).strip("_").lstrip("0123456789_")[:limits.MAX_NAME_CHARS].rstrip("_")
    return out if out and RELATION_TYPE_RE.fullmatch(out) else None


def _time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return parse_instant(value, "valid_at")
    except InvalidInput:
        return None


# --- the two calls --------------------------------------------------------------------------------
def _messages(prompt: Any, model: type[BaseModel]) -> list[dict[str, str]]:
    messages = [{"role": m.role, "content": m.content} for m in prompt.as_messages()]
    messages[-1]["content"] += ("\n\nRespond with a JSON object in the following format:\n\n"
                                + json.dumps(model.model_json_schema()))
    return messages


def _ask(client: ChatClient, prompt: Any, model: type[BaseModel]) -> Any:
    reply = client.chat_json(_messages(prompt, model))
    try:
        return model.model_validate(reply)
    except ValidationError as exc:
        where = sorted({".".join(str(p) for p in e["loc"]) + f" ({e['type']})" for e in exc.errors()})[:5]
        raise LLMUnavailable(f"LLM answer does not fit {model.__name__}: {'; '.join(where)}",
                             details={"model": model.__name__}) from exc


def extract(client: ChatClient, *, content: str, at: datetime,
            previous: Sequence[tuple[str, datetime]] = ()) -> Extraction:
    """The entities of `content` (one dialogue line, `speaker: text`) and the triples between them.

    Args:
        at: when the turn was said: graphiti's episode timestamp and reference time.
        previous: earlier turns of the session (content, time), oldest first: context only.

    Raises:
        LLMUnavailable: the endpoint failed, or an answer is not JSON or does not fit the response model.
    """
    lib = _graphiti()
    prompts = lib.default_chat_prompt_library
    when = format_instant(at.astimezone(UTC))
    before = [{"content": c, "timestamp": format_instant(t)} for c, t in previous]
    nodes = _ask(client, prompts.extract_nodes.extract_message({
        "episode_content": content, "episode_timestamp": when, "previous_episodes": before,
        "custom_extraction_instructions": "", "entity_types": list(ENTITY_TYPES),
        "source_description": "conversation turn"}), lib.ExtractedEntities)
    types = {t["entity_type_id"]: t["entity_type_name"] for t in ENTITY_TYPES}
    entities: dict[str, FoundEntity] = {}
    by_name: dict[str, FoundEntity] = {}
    for e in nodes.extracted_entities:
        name = e.name.strip()[:limits.MAX_NAME_CHARS]
        key = entity_key(name)
        if key is None or len(entities) >= MAX_ENTITIES:
            continue
        found = entities.setdefault(key, FoundEntity(key, name, types.get(e.entity_type_id, "Entity")))
        by_name.setdefault(e.name.strip(), found)
    if len(entities) < 2:
        return Extraction(tuple(entities.values()), ())
    edges = _ask(client, prompts.extract_edges.edge({
        "episode_content": content, "previous_episodes": before, "reference_time": when,
        "nodes": [{"name": e.name, "entity_types": ["Entity", e.type]} for e in entities.values()],
        "edge_types": None, "strict_edge_types": False, "custom_extraction_instructions": ""}),
        lib.ExtractedEdges)
    facts: list[FoundFact] = []
    skipped = 0
    for edge in edges.edges:
        src, dst = by_name.get(edge.source_entity_name.strip()), by_name.get(edge.target_entity_name.strip())
        rel = relation_type(edge.relation_type)
        vf, vt = _time(edge.valid_at), _time(edge.invalid_at)
        if src is None or dst is None or src.key == dst.key or rel is None or len(facts) >= MAX_FACTS \
                or (vt is not None and vt <= (vf or at)):
            skipped += 1  # graphiti rejects these too; an end before the start cannot be placed
            continue
        facts.append(FoundFact(src.key, rel, dst.key, dst.name, edge.fact.strip()[:MAX_REASON_CHARS], vf, vt))
    return Extraction(tuple(entities.values()), tuple(facts), skipped)
