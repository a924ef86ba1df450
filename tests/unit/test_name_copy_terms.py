"""The copy of a namespace's names finds the candidates the name index would (`graphmem.channels.names._copy`):
the same words of names and questions, folded alike, ranked by how many of the question's terms they hold."""

from __future__ import annotations

from datetime import datetime, timezone

from graphmem.channels.names._copy import COMMON_HOLDERS, Copy, question_terms, terms_of

UTC = timezone.utc
T1, T2 = datetime(2024, 1, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)


def entity(key: str, name: str | None, *, aliases: tuple[str, ...] = (), former: tuple[str, ...] = (),
           created: datetime = T1) -> dict[str, object]:
    return {"key": key, "name": name, "type": "customer", "aliases": list(aliases), "created_at": created,
            "former": [{"name": f, "until": T2} for f in former]}


def keys(copy: Copy, question: str, known_at: datetime | None = None, limit: int = 20) -> list[str]:
    return [r["key"] for r in copy.candidates(question_terms(question), known_at, limit)]


def test_names_and_questions_are_split_and_folded_alike() -> None:
    assert {"al", "farsi", "mohammed"} <= terms_of("Mohammed Al-Farsi")
    assert {"bjorn", "ostergaard"} <= terms_of("Bjørn Østergaard")
    assert {"oneill"} <= terms_of("O'Neill") and "oneill" in question_terms("What is Oneill's phone?")
    assert {"张", "伟"} <= terms_of("张伟") and {"张", "伟"} <= question_terms("张伟现在在哪个城市?")
    assert "farsi" in question_terms("What was Mr Alfarsi driving?")  # a particle glued on
    assert "the" not in question_terms("What is the plan of the Lopez family?")  # the index's stop words
    assert "will" in question_terms("Which depot was Will at?")  # ... unless written as a name


def test_candidates_hold_most_of_the_question_first_and_exist_at_known_at() -> None:
    copy = Copy.of("s1", [entity("c-1", "Maria Lopez"), entity("c-2", "Maria Silva"),
                          entity("c-3", "Tom Berg", aliases=("Tommy",)),
                          entity("c-4", "Apex Ltd", former=("Acme Ltd",)),
                          entity("c-5", "Maria Costa", created=T2)])
    assert keys(copy, "What is Maria Silva's city?")[0] == "c-2"
    assert keys(copy, "What is Maria's city?") == ["c-1", "c-2", "c-5"]
    assert keys(copy, "What is Maria's city?", known_at=datetime(2025, 1, 1, tzinfo=UTC)) == ["c-1", "c-2"]
    assert keys(copy, "Where does Tommy live?") == ["c-3"]
    assert keys(copy, "Who ran Acme last year?") == ["c-4"]  # a former name
    assert keys(copy, "What is the weather?") == []


def test_a_term_that_very_many_hold_still_fills_the_candidates_after_the_rarer_ones() -> None:
    marias = [entity(f"c-{i:05d}", f"Maria Person{i}") for i in range(COMMON_HOLDERS + 5)]
    copy = Copy.of("s1", [*marias, entity("p-1", "Gold Plan Ltd"), entity("z-1", "Maria Zeta")])
    found = keys(copy, "What is Maria Zeta's plan?")
    assert found[0] == "z-1" and "p-1" in found and len(found) == 20  # the rarer first, then Marias
    found = keys(copy, "What is Maria's plan?")
    assert "p-1" in found and len([k for k in found if k.startswith("c-")]) == 19  # Maria stays ambiguous


def test_two_common_terms_find_the_one_who_holds_both() -> None:
    marias = [entity(f"a-{i:05d}", f"Maria P{i}") for i in range(COMMON_HOLDERS + 500)]
    garcias = [entity(f"b-{i:05d}", f"Q{i} Garcia") for i in range(COMMON_HOLDERS + 500)]
    copy = Copy.of("s1", [*marias, *garcias, entity("z-1", "Maria Garcia")])
    assert keys(copy, "Where is Maria Garcia based?")[0] == "z-1"


def test_an_entity_with_no_record_of_its_creation_is_not_known_as_of_a_time() -> None:
    copy = Copy.of("s1", [entity("c-1", "Maria Lopez", created=None)])  # type: ignore[arg-type]
    assert keys(copy, "What is Maria's city?") == ["c-1"]
    assert keys(copy, "What is Maria's city?", known_at=T2) == []


def test_a_copy_keeps_the_spellings_it_checked_and_resolves_as_without_them() -> None:
    from graphmem.channels.names._index import resolve_names
    from graphmem.identifiers.name_words import prepared_spellings

    copy = Copy.of("s1", [entity("c-1", "Anne-Marie Dupont"), entity("c-2", "Jürgen Müller", aliases=("JM",)),
                          entity("c-3", "Apex Ltd", former=("Acme Ltd",))])
    rows = list(copy.rows)
    for question in ("What is Annemarie's city?", "Where does Juergen Mueller live?", "What was Acme's plan in 2023?",
                     "Is Anne-Marie Dupont JM's manager?"):
        named, _ = found = resolve_names(question, rows, T1, spellings=copy.spellings)
        assert named and found == resolve_names(question, rows, T1), question
    assert copy.spellings("Jürgen Müller") == prepared_spellings("Jürgen Müller")
    assert copy.spellings("Jürgen Müller") is copy.spellings("Jürgen Müller")  # kept, not made again


def test_a_copy_makes_every_names_spellings_with_itself() -> None:
    """Made with the copy (on its background thread), not by the first question to check a name: at 20,000 names
    nearly every question checks names no question checked before."""
    from graphmem.identifiers.name_words import prepared_spellings

    copy = Copy.of("s1", [entity("c-1", "Anne-Marie Dupont"), entity("c-2", "Jürgen Müller", aliases=("JM",)),
                          entity("c-3", "Apex Ltd", former=("Acme Ltd",)), entity("c-4", None)])
    made = dict(copy._spellings)
    assert set(made) == {"Anne-Marie Dupont", "Jürgen Müller", "JM", "Apex Ltd", "Acme Ltd"}
    assert all(spellings == prepared_spellings(name) for name, spellings in made.items())
    assert all(copy.spellings(name) is spellings for name, spellings in made.items())  # asked: the ones made


def test_a_new_copy_takes_the_spellings_of_the_stale_one_for_the_names_it_still_has() -> None:
    from graphmem.channels.names._copy import REUSED, Copies
    from graphmem.identifiers.name_words import prepared_spellings
    from graphmem.types import Namespace

    old = Copy.of("s1", [entity("c-1", "Anne-Marie Dupont"), entity("c-2", "Jürgen Müller")])
    marked = prepared_spellings("Kept From The Stale Copy")  # no spelling of that name's: taken, not made
    old._spellings["Anne-Marie Dupont"] = marked
    copies = Copies(None)  # type: ignore[arg-type]  # nothing is read here: the store is never asked
    with copies._lock:
        copies._install("crm", old)
    copies.stale(Namespace("crm"), old)
    assert copies._reuse["crm"] is old._spellings and copies._held == 0
    new = Copy.of("s2", [entity("c-1", "Anne-Marie Dupont"), entity("c-3", "Zhang Wei")], known=copies._reuse["crm"])
    assert new.spellings("Anne-Marie Dupont") is marked
    assert set(new._spellings) == {"Anne-Marie Dupont", "Zhang Wei"}  # the name gone is not kept
    for n in range(REUSED + 3):  # kept for the last few namespaces found stale only
        name = f"ns-{n}"
        with copies._lock:
            copies._install(name, Copy.of(f"s{n}", [entity("c-1", "Zhang Wei")]))
        copies.seen(Namespace(name), "another stamp")
    assert list(copies._reuse) == [f"ns-{n}" for n in range(3, REUSED + 3)]


def test_making_a_copy_hands_it_the_stale_ones_spellings_and_keeps_them_when_it_must_try_again() -> None:
    from graphmem.channels.names._copy import RETRY_SECONDS, Copies
    from graphmem.identifiers.name_words import Spellings, prepared_spellings
    from graphmem.types import Namespace

    given: list[object] = []
    rows = [entity("c-1", "Anne-Marie Dupont")]

    class Reading(Copies):  # the read of the names (Neo4j) replaced by its outcomes: written meanwhile, then read
        def _read(self, ns: Namespace, known: dict[str, Spellings] | None = None
                  ) -> tuple[Copy | None, float]:
            given.append(known)
            return (None, RETRY_SECONDS) if len(given) == 1 else (Copy.of("s2", rows, known=known), 0.0)

    copies = Reading(None)  # type: ignore[arg-type]
    stale = {"Anne-Marie Dupont": prepared_spellings("Kept")}
    with copies._lock:
        copies._keep("crm", stale)
    copies._make(Namespace("crm"))
    assert given == [stale] and copies._reuse["crm"] is stale and "crm" not in copies._copies
    copies._make(Namespace("crm"))
    assert given == [stale, stale] and "crm" not in copies._reuse
    assert copies._copies["crm"].spellings("Anne-Marie Dupont") == prepared_spellings("Kept")


def test_a_namespace_left_without_names_lets_its_stale_spellings_go() -> None:
    """Its last named entity erased (or the namespace purged): nothing is copied, and the folded names of the copy
    found stale are not kept for a copy that will not come."""
    from graphmem.channels.names._copy import NOT_COPIED_SECONDS, Copies
    from graphmem.identifiers.name_words import Spellings, prepared_spellings
    from graphmem.types import Namespace

    class Empty(Copies):  # the read of the names (Neo4j) replaced by its outcome: no named entity left
        def _read(self, ns: Namespace, known: dict[str, Spellings] | None = None
                  ) -> tuple[Copy | None, float]:
            return None, NOT_COPIED_SECONDS

    copies = Empty(None)  # type: ignore[arg-type]
    with copies._lock:
        copies._keep("crm", {"Anne-Marie Dupont": prepared_spellings("Anne-Marie Dupont")})
    copies._make(Namespace("crm"))
    assert "crm" not in copies._reuse and "crm" not in copies._copies
