"""`name_words.name_index`, the candidates' names as `names.resolve` looks them up, against the loop it replaced
(which sorted and bagged every candidate's spellings on every question): the same lookups for random candidates."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.identifiers.name_words import bag, name_index, name_spellings, spellings_of

PARTS = ["Anne", "Marie", "Dupont", "Jürgen", "Müller", "Zhang", "Wei", "O'Neill", "Al", "Farsi", "Dolce", "Gabbana",
         "Lopez", "Maria", "Ltd", "Kim", "Min", "jun"]
JOINS = [" ", "-", " & ", " "]


def reference(entities: list[tuple[str, str | None]], also: list[tuple[str, str]]
              ) -> tuple[dict[tuple[str, ...], list[tuple[str, str]]], dict[str, list[tuple[str, str]]],
                         dict[str, set[str]]]:
    """The loop `resolve` ran before `name_index`, as it was."""
    full: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    by_token: dict[str, list[tuple[str, str]]] = {}
    tokens_of: dict[str, tuple[str, ...]] = {}
    for key, name in entities:
        if not name:
            continue
        for toks in sorted(name_spellings(name)):
            tokens_of[key] = tuple(dict.fromkeys([*tokens_of.get(key, ()), *toks]))
            if (key, name) not in full.setdefault(bag(toks), []):
                full[bag(toks)].append((key, name))
            for t in set(toks):
                if (key, name) not in by_token.setdefault(t, []):
                    by_token[t].append((key, name))
    for key, toks in ((k, t) for k, name in also for t in name_spellings(name)):
        tokens_of[key] = tuple(dict.fromkeys([*tokens_of.get(key, ()), *toks]))
    return full, by_token, {k: set(v) for k, v in tokens_of.items()}  # (a former name's spellings came unordered)


names = st.builds(lambda parts, joins: "".join(p + j for p, j in zip(parts, joins)).strip(" -&"),
                  st.lists(st.sampled_from(PARTS), min_size=1, max_size=3),
                  st.lists(st.sampled_from(JOINS), min_size=3, max_size=3))
keys = st.sampled_from(["c-1", "c-2", "c-3", "c-4"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(keys, st.one_of(st.none(), names)), max_size=8), st.lists(st.tuples(keys, names), max_size=3))
def test_name_index_looks_names_up_as_the_loop_it_replaced(entities: list[tuple[str, str | None]],
                                                           also: list[tuple[str, str]]) -> None:
    full, by_token, tokens_of = name_index(entities, also, spellings_of)
    want_full, want_by_token, want_tokens = reference(entities, also)
    assert full == want_full
    assert by_token == want_by_token
    assert {k: set(v) for k, v in tokens_of.items()} == want_tokens
    for key, name in entities:  # an entity's own spellings keep their order (the first that names it, first)
        if name and not any(k == key for k, _ in also) and [k for k, n in entities if n].count(key) == 1:
            assert tokens_of[key] == tuple(dict.fromkeys(t for toks in sorted(name_spellings(name)) for t in toks))
