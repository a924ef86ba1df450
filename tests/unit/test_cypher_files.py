"""Every Cypher statement lives in a named file: each name used in code has a file, each file is
used, and every statement outside admin/ and schema/ is scoped by `$ns`."""

from __future__ import annotations

import re
from pathlib import Path

from graphmem.infra.queries import cypher_root, load_queries

ROOT = Path(__file__).resolve().parents[2]
CALL = re.compile(r"""\b(?:read|run|one|write_one|autocommit|query_text)\(\s*["']([a-z_]+/[a-z0-9_]+)["']""")
NAME_LITERAL = re.compile(r"""["']([a-z_]+/[a-z0-9_]+)["']""")


def _python_sources() -> list[Path]:
    return [p for d in ("graphmem", "graphmem_tools", "api", "tests") for p in (ROOT / d).rglob("*.py")]


def test_every_name_used_has_a_file() -> None:
    queries = load_queries()
    used = {m for p in _python_sources() for m in CALL.findall(p.read_text())}
    missing = sorted(used - set(queries))
    assert not missing, f"query names without a cypher file: {missing}"


def test_every_file_is_used() -> None:
    text = "\n".join(p.read_text() for p in _python_sources())
    literals = set(NAME_LITERAL.findall(text))
    unused = sorted(n for n in load_queries() if not n.startswith(("schema/", "schema_retired/")) and n not in literals)
    assert not unused, f"cypher files no code runs: {unused}"


def test_statements_are_scoped_by_namespace() -> None:
    # auth/: API keys span namespaces (an admin key holds "*"), so their statements have no $ns to scope by;
    # embedding/: the model record and the vector indexes are database-wide, and a move re-embeds them all;
    # tenants/: the operators' inventory lists every namespace, and resumes every deletion left running
    unscoped = sorted(n for n, q in load_queries().items()
                      if not n.startswith(("schema/", "schema_retired/", "admin/", "auth/", "embedding/", "tenants/"))
                      and "$ns" not in q)
    assert not unscoped, f"statements without $ns: {unscoped}"


def test_no_cypher_outside_cypher_folder() -> None:
    """Python holds no query text (a heuristic: clauses at the start of a string literal)."""
    clause = re.compile(r"""["'](?:MATCH|MERGE|CREATE|UNWIND|CALL db\.|OPTIONAL MATCH)\s""")
    offenders = [str(p.relative_to(ROOT)) for p in _python_sources()
                 if "tests" not in p.parts and clause.search(p.read_text())]
    assert not offenders, f"Cypher text in Python: {offenders}"
    assert cypher_root().is_dir()


def test_the_name_query_reads_timelines_as_read_timelines_does() -> None:
    """exact/find_names_timelines repeats exact/read_timelines' read of an entity's versions (a question naming
    one entity costs one round trip): the two must not drift apart."""
    queries = load_queries()

    def versions_part(name: str) -> str:
        text = queries[name]
        body = text[text.index("CALL (e, name) {"):text.index("AS versions") + len("AS versions")]
        return " ".join(body.split())

    assert versions_part("exact/find_names_timelines") == versions_part("exact/read_timelines")


def test_the_name_query_finds_value_holders_as_find_value_holders_does() -> None:
    """exact/find_names_timelines also answers a reverse question's lookup in the same round trip: its match
    must stay exact/find_value_holders' (exact values on the index, as of both times, in the caller's view)."""
    queries = load_queries()

    def match_part(name: str) -> str:
        text = queries[name]
        body = text[text.index("MATCH (a:Attribute"):text.index("RETURN", text.index("MATCH (a:Attribute"))]
        if "datetime($valid_at) AS valid_at" in text:  # the instant taken as text, bound once: the same predicate
            body = re.sub(r"(?<![$\w])valid_at\b", "$valid_at", body)
        # as_of is as_of_at at $valid_at: one pair of parentheses more, around the same fragment
        return re.sub(r"\(+", "(", re.sub(r"\)+", ")", " ".join(body.split()).split(" WITH ")[0]))

    assert match_part("exact/find_names_timelines") == match_part("exact/find_value_holders")
    assert match_part("exact/read_named") == match_part("exact/find_value_holders")  # the copy's read, likewise
