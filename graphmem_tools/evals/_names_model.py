"""The shapes of the `graphmem eval names` question set (`_names_set`): entities with their fact histories, the
questions asked about them and what a right answer must and must not hold."""

from __future__ import annotations

from dataclasses import dataclass, field

#: the year the relative questions ("last year") were written for
RELATIVE_YEAR = 2026
T1, T2, T3 = "2024-03-01T00:00:00Z", "2025-09-01T00:00:00Z", "2026-05-01T00:00:00Z"


@dataclass(frozen=True)
class Entity:
    key: str
    type: str
    name: str
    facts: tuple[tuple[str, str, str], ...]  # (attribute, value, valid_from), oldest first per attribute
    aliases: tuple[str, ...] = ()
    renamed_to: str | None = None  # renamed when the world is stored (today)


@dataclass(frozen=True)
class Question:
    query: str
    holds: tuple[str, ...]
    lacks: tuple[str, ...] = ()
    ambiguous: bool = False
    relative: bool = False  # uses words relative to today ("last year"): written for RELATIVE_YEAR
    kind: str = "name"


@dataclass(frozen=True)
class World:
    name: str
    entities: tuple[Entity, ...]
    questions: tuple[Question, ...] = field(default=())


def q(query: str, holds: str | tuple[str, ...], lacks: str | tuple[str, ...] = (), *, kind: str = "name",
      ambiguous: bool = False, relative: bool = False) -> Question:
    return Question(query, (holds,) if isinstance(holds, str) else holds, (lacks,) if isinstance(lacks, str) else lacks,
                    ambiguous, relative, kind)
