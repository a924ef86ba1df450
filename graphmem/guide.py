"""The Neo4j Browser guide served at GET /guide: `:play http://127.0.0.1:8000/guide?ns=NAME` in Browser.

Slides in the Browser guide format (`<article class="guide">`, a `<carousel>` of `<slide>`s, runnable
`<pre class="runnable">` blocks) walk a person through one namespace: its entities, one entity's versions,
the graph as of a date, the facts as of a date (and how the time properties compare), what changed last
week, erased entities. Each query is a named statement under `cypher/audit/`, rendered from its file as it
runs (view fragments expanded: what `graphmem cypher show NAME` prints, comments left out), after a block of
`:param` lines that set its parameters. Browser fetches the page from its own origin: the managed server
allows host `127.0.0.1` (`browser.remote_content_hostname_whitelist`, any port) and the route answers with
`Access-Control-Allow-Origin: *`; the page holds no data, only our statements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from graphmem.infra.queries import load_queries

_COMMENT = re.compile(r"^\s*//")
#: Neo4j Browser captions a node by its `name` property: Attribute values carry `caption` (the value as text);
#: a HAS version is captioned by its attribute's name (`name`), not by its type, which every version shares
STYLE = ":style node.Attribute { caption: '{caption}'; } relationship.HAS { caption: '{name}'; }"


@dataclass(frozen=True, slots=True)
class Slide:
    """One step: prose (our own HTML), a statement of `cypher/audit/` and its parameters (Cypher expressions;
    `{ns}` and `{key}` are the reader's namespace and entity key, quoted)."""

    title: str
    text: str
    statement: str
    params: tuple[tuple[str, str], ...]


_VIEW = ("include_erased", "false")
_NOW = ("known_at", "null")
SLIDES: tuple[Slide, ...] = (
    Slide("Your entities",
          "Every entity of the namespace, as the application sees it (erased ones hidden: set "
          "<code>include_erased</code> to <code>true</code> for the audit view).",
          "audit/list_entities", (("ns", "{ns}"), _VIEW, ("limit", "100"))),
    Slide("One entity's versions",
          "Facts are never overwritten: each <code>HAS</code> version carries <code>valid_from</code>/"
          "<code>valid_to</code> (when it was true) and <code>txn_time</code>/<code>txn_end</code> (when the "
          "service believed it). Change <code>key</code> to look at another entity.",
          "audit/entity_versions", (("ns", "{ns}"), ("key", "{key}"), _VIEW)),
    Slide("The graph as of a date",
          "Relations are relationships of their own type (<code>WORKS_AT</code>) with the same four time "
          "properties. Set <code>valid_at</code> to another instant, e.g. "
          "<code>datetime('2026-03-01T00:00:00Z')</code>, and <code>known_at</code> to see what was believed "
          "then.",
          "audit/graph_as_of", (("ns", "{ns}"), ("valid_at", "datetime()"), _NOW, _VIEW, ("limit", "300"))),
    Slide("Comparing times",
          "The time properties are <code>datetime</code> values. Compare them with <code>datetime('…')</code>: "
          "<code>:param valid_at =&gt; '2026-07-01'</code> (a string) is never equal to nor ordered against a "
          "datetime, and the query silently returns 0 rows.",
          "audit/facts_as_of", (("ns", "{ns}"), ("key", "{key}"), ("valid_at", "datetime()"), _NOW, _VIEW)),
    Slide("What changed last week",
          "The statement behind <code>GET /v1/{ns}/changes</code>: every fact or relation version that began "
          "or ended in the window on one axis (<code>'txn'</code>: when it was believed; <code>'valid'</code>: "
          "when it was true), oldest first.",
          "audit/changes", (("ns", "{ns}"), ("axis", "'txn'"), ("start", "datetime() - duration('P7D')"),
                            ("end", "datetime() + duration('PT1M')"), ("eid", "null"), ("attribute", "null"),
                            _VIEW, ("after_at", "null"), ("after_eid", "null"), ("after_name", "null"),
                            ("after_kind", "null"), ("scan", "200"))),
    Slide("Erased entities (compliance)",
          "Compliance and audit only: who erased which entity, when and why. Their versions stay, hidden from "
          "the application view, until the purge.",
          "audit/erasures_between", (("ns", "{ns}"), ("start", "datetime('2000-01-01T00:00:00Z')"),
                                     ("end", "datetime() + duration('PT1M')"), ("key", "null"))),
)


@lru_cache(maxsize=1)
def _queries() -> dict[str, str]:
    return dict(load_queries())


def statement_text(name: str) -> str:
    """A statement as it runs (fragments expanded), without its comment lines."""
    return "\n".join(line for line in _queries()[name].splitlines() if not _COMMENT.match(line)).strip()


def cypher_string(value: str) -> str:
    """A Cypher string literal."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def param_lines(slide: Slide, *, ns: str, key: str) -> list[str]:
    """One `:param` command a line, each ended by `;`: Browser runs a block of them one by one only so (without
    the `;` it reads the whole block as one `:param` and answers a syntax error)."""
    values = {"{ns}": cypher_string(ns), "{key}": cypher_string(key)}
    return [f":param {name} => {values.get(expr, expr)};" for name, expr in slide.params]


def _pre(text: str) -> str:
    return f'<pre class="pre-scrollable code runnable">{escape(text)}</pre>'


def render(*, ns: str, key: str) -> str:
    """The guide's HTML for one namespace (and one entity key for the per-entity slides)."""
    intro = (
        '<slide class="row-fluid">\n<div class="col-sm-3"><h3>graphmem</h3>'
        f'<p class="lead">Namespace <code>{escape(ns)}</code></p></div>\n<div class="col-sm-9">'
        "<p>Each slide sets its parameters with <code>:param</code> (run that block first), then runs the "
        "statement graphmem itself runs, as in <code>cypher/audit/</code>. Attribute values carry a "
        "<code>caption</code>: this style shows it instead of the attribute's name, and captions each "
        "<code>HAS</code> version with the attribute it is a version of.</p>"
        f"{_pre(STYLE)}</div>\n</slide>")
    slides = [intro]
    for s in SLIDES:
        text = s.text.replace("{ns}", escape(ns))
        slides.append(
            f'<slide class="row-fluid">\n<div class="col-sm-3"><h3>{escape(s.title)}</h3>'
            f'<p><code>{escape(s.statement)}</code></p></div>\n<div class="col-sm-9"><p>{text}</p>\n'
            f"{_pre(chr(10).join(param_lines(s, ns=ns, key=key)))}\n{_pre(statement_text(s.statement))}\n"
            "</div>\n</slide>")
    return ('<article class="guide">\n<carousel class="deck container-fluid">\n' + "\n".join(slides)
            + "\n</carousel>\n</article>\n")
