"""View predicates live once, in `cypher/fragments/`, and every read statement includes them.

The rule this file enforces: a read statement that binds a node a view can hide (Entity, Turn, Summary,
Trajectory, Workflow) applies a
view fragment to it (`/*include:live(t)*/`, `in_view`, `entity_as_of`, `searchable`, `active`,
`turn_filter`, `summary_filter`, `current_workflow`), or
says in a `// view-exempt(t): why` line why that node needs none. A read that binds a version (`HAS`)
or relation (a relationship of its own type between entities: an untyped `-[r]-` pattern, or a dynamic
type `-[r:$($type)]-`, or a type expression `-[r:!RELATES]-`) and takes `$valid_at` applies `as_of` (or
`as_of_at`, at an instant of its own) to it. Write statements (CREATE, MERGE,
SET, DELETE, REMOVE) and the privacy, admin, schema, idempotency and tenants areas are the code that maintains
the views, not readers of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graphmem.errors import ConfigError
from graphmem.infra.queries import INCLUDE, Fragment, cypher_root, expand, load_fragments, load_queries

OUTSIDE = ("schema/", "schema_retired/", "admin/", "privacy/", "idempotency/", "fragments/",
           "tenants/")  # an operator's inventory and deletions count and remove what is stored, whatever its view
VIEW_FRAGMENTS = {"live", "in_view", "entity_as_of", "searchable", "active", "turn_filter", "summary_filter",
                  "current_workflow"}
#: every label a view can hide (an erasure marks Entity, Turn, Summary and Trajectory; closes Workflow versions)
NODE = re.compile(r"\(\s*(\w+)\s*:\s*(Entity|Turn|Summary|Trajectory|Workflow)\b")
VERSION = re.compile(r"-\[\s*(\w+)\s*(:\s*HAS\b|:\s*[$!]|\])")  # a version, a relation of any or a given type
WRITE = re.compile(r"\b(CREATE|MERGE|SET|DELETE|REMOVE)\b")
EXEMPT = re.compile(r"^//\s*view-exempt\((\w+)\):\s*\S", re.MULTILINE)
COMMENT = re.compile(r"//.*$", re.MULTILINE)


def _raw_statements() -> dict[str, str]:
    root = cypher_root()
    return {p.relative_to(root).with_suffix("").as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(root.rglob("*.cypher"))}


def _reads() -> dict[str, str]:
    return {n: t for n, t in _raw_statements().items()
            if not n.startswith(OUTSIDE) and not WRITE.search(COMMENT.sub("", t))}


def _included(text: str) -> dict[str, set[str]]:
    """Fragment name -> the variables it is applied to in this statement."""
    out: dict[str, set[str]] = {}
    for m in INCLUDE.finditer(text):
        args = [a.strip() for a in m.group(2).split(",")]
        out.setdefault(m.group(1), set()).add(args[0])
    return out


def _at_valid_at(code: str) -> set[str]:
    """The versions `as_of_at` is applied to at $valid_at itself or at a variable bound to `datetime($valid_at)`."""
    bound = {"$valid_at", *re.findall(r"datetime\(\$valid_at\)\s+AS\s+(\w+)", code)}
    return {args[0] for m in INCLUDE.finditer(code) if m.group(1) == "as_of_at"
            for args in [[a.strip() for a in m.group(2).split(",")]] if len(args) == 2 and args[1] in bound}


def test_as_of_at_covers_a_version_only_at_valid_at() -> None:
    assert _at_valid_at("WITH datetime($valid_at) AS at MATCH ()-[v:HAS]->() WHERE /*include:as_of_at(v, at)*/") == {"v"}
    assert _at_valid_at("WITH datetime() AS now MATCH ()-[v:HAS]->() WHERE /*include:as_of_at(v, now)*/") == set()


def test_every_read_applies_a_view_to_each_node_a_view_can_hide() -> None:
    missing = []
    for name, text in _reads().items():
        code = COMMENT.sub("", text)
        covered = {v for f, vs in _included(code).items() if f in VIEW_FRAGMENTS for v in vs}
        covered |= set(EXEMPT.findall(text))
        missing += [f"{name}: ({var}:{label})" for var, label in set(NODE.findall(code)) if var not in covered]
    assert not missing, f"read statements without a view predicate: {sorted(missing)}"


def test_every_as_of_read_applies_as_of_to_its_versions() -> None:
    missing = []
    for name, text in _reads().items():
        code = COMMENT.sub("", text)
        if "$valid_at" not in code:
            continue
        covered = _included(code).get("as_of", set()) | _at_valid_at(code)
        missing += [f"{name}: [{var}{t}" for var, t in set(VERSION.findall(code)) if var not in covered]
    assert not missing, f"as-of reads that do not include as_of: {sorted(missing)}"


def test_the_version_pattern_sees_facts_and_relations_of_any_type() -> None:
    text = ("MATCH (x:Entity)-[r]-(y:Entity), (e)-[v:HAS]->(a), (s)-[w:$($type)]->(t), (p)-[u:$any($types)]-(q), "
            "(m)-[z:!RELATES]-(n) "
            "RETURN [k IN keys(r) | r[k]]")
    assert sorted(var for var, _ in VERSION.findall(text)) == ["r", "u", "v", "w", "z"]


def test_view_predicates_are_written_only_in_fragments() -> None:
    """No read statement spells the erased or bitemporal predicate out by hand."""
    by_hand = re.compile(r"erased_at IS NULL|txn_end IS NULL OR \w+\.txn_end >|valid_to IS NULL OR \w+\.valid_to >")
    current = re.compile(r"\.txn_end IS NULL")  # a workflow version's "believed now": current_workflow
    offenders = [n for n, t in _reads().items() if by_hand.search(COMMENT.sub("", t))
                 or (":Workflow" in t and current.search(COMMENT.sub("", t)))]
    assert not offenders, f"view predicates written by hand instead of included: {offenders}"


def test_every_fragment_is_used_and_every_include_expanded() -> None:
    fragments = load_fragments()
    used = {f for t in _raw_statements().values() for f in _included(COMMENT.sub("", t))}
    assert set(fragments) <= used, f"unused fragments: {sorted(set(fragments) - used)}"
    for name, text in load_queries().items():
        assert "/*include:" not in text, name
        assert not re.search(r"\{[a-z_]+\}", COMMENT.sub("", text)), f"{name}: an unfilled fragment hole"


def test_expansion_fills_holes_and_parenthesises() -> None:
    frags = {"in_view": Fragment("in_view", ("x", "all"), "${all} OR {x}.erased_at IS NULL")}
    out = expand("MATCH (t:Turn) WHERE t.seq > 0 AND /*include:in_view(t, include_erased)*/ RETURN t", frags)
    assert out == "MATCH (t:Turn) WHERE t.seq > 0 AND ($include_erased OR t.erased_at IS NULL) RETURN t"


@pytest.mark.parametrize("text, message", [
    ("RETURN /*include:nope(t)*/", "unknown fragment"),
    ("RETURN /*include:in_view(t)*/", r"takes \(x, all\)"),
    ("RETURN /*include:in_view(t, a b)*/", "not an identifier"),
])
def test_expansion_refuses_what_it_cannot_fill(text: str, message: str) -> None:
    frags = {"in_view": Fragment("in_view", ("x", "all"), "${all} OR {x}.erased_at IS NULL")}
    with pytest.raises(ConfigError, match=message):
        expand(text, frags)


def test_a_fragment_file_names_its_signature(tmp_path: Path) -> None:
    (tmp_path / "fragments").mkdir()
    (tmp_path / "fragments" / "live.cypher").write_text("// the live ones\n{x}.erased_at IS NULL\n")
    with pytest.raises(ConfigError, match="must begin"):
        load_fragments(tmp_path)
    (tmp_path / "fragments" / "live.cypher").write_text("// fragment: live(x)\n{y}.erased_at IS NULL\n")
    with pytest.raises(ConfigError, match="not parameters"):
        load_fragments(tmp_path)


def test_a_fragment_takes_a_parameter_for_a_hole() -> None:
    frags = load_fragments()
    at_param = expand("WHERE /*include:as_of(v)*/", frags)
    at_var = expand("WHERE /*include:as_of_at(v, valid_at)*/", frags)
    assert "$valid_at" in at_param and "valid_at" in at_var and "$valid_at" not in at_var
    # one predicate: as_of is as_of_at at the parameter
    assert at_param == "WHERE (" + at_var.removeprefix("WHERE ").replace("valid_at", "$valid_at") + ")"
    with pytest.raises(ConfigError, match="not an identifier"):
        expand("WHERE /*include:as_of_at(v, $valid at)*/", frags)
    with pytest.raises(ConfigError, match="a parameter's name"):  # a `${x}` hole takes a name, not `$name`
        expand("WHERE /*include:in_view(t, $include_erased)*/", frags)


def test_a_fragment_may_build_on_another() -> None:
    frags = {"live": Fragment("live", ("x",), "{x}.erased_at IS NULL"),
             "live_in": Fragment("live_in", ("x",), "/*include:live({x})*/ AND {x}.session = $session")}
    out = expand("WHERE /*include:live_in(g.t)*/", frags)
    assert out == "WHERE ((g.t.erased_at IS NULL) AND g.t.session = $session)"
    loop = {"a": Fragment("a", ("x",), "/*include:a({x})*/")}
    with pytest.raises(ConfigError, match="deep"):
        expand("WHERE /*include:a(t)*/", loop)


def test_cypher_show_prints_the_expanded_statement_and_its_parameters() -> None:
    from click.testing import CliRunner

    from graphmem_tools.cli import cli

    shown = CliRunner().invoke(cli, ["cypher", "show", "exact/lookup"])
    assert shown.exit_code == 0, shown.output
    assert "/*include:" not in shown.output and "e.erased_at IS NULL" in shown.output
    assert shown.output.startswith("// parameters: $attribute, $include_erased, $known_at, $ns, $valid_at, $value")
    unknown = CliRunner().invoke(cli, ["cypher", "show", "exact/nope"])
    assert unknown.exit_code != 0 and "no statement 'exact/nope'" in unknown.output
