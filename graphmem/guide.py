"""The Neo4j Browser guide served at GET /guide: `:play http://127.0.0.1:8000/guide?ns=NAME` in Browser.

Slides in the Browser guide format (`<article class="guide">`, a `<carousel>` of `<slide>`s, runnable
`<pre class="runnable">` blocks) walk a person through one namespace: its entities, one entity's versions,
the graph as of a date, the facts as of a date (and how the time properties compare), what changed last
week, erasures. Each query is a named statement (`cypher/audit/`, and the compliance list of erasures),
rendered from its file as it runs (view fragments expanded: what `graphmem cypher show NAME` prints, comments
left out), alone in its block: one click puts it in the editor and one Run draws it, once the first slide's
block of `:param` lines (every slide's parameters, one set) has run. Browser fetches the page from its own origin: the managed server
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
#: a HAS version is captioned by its attribute's name (`name`), not by its type, which every version shares,
#: followed by its `txn_end`: a closed version reads "city 2026-11-02T…" (Browser shortens a caption longer than
#: its arrow), the current one "city" alone (Browser's
#: style sheet styles by label and type, never by a property value: the caption is what sets them apart)
STYLE = ":style node.Attribute { caption: '{caption}'; } relationship.HAS { caption: '{name} {txn_end}'; }"


@dataclass(frozen=True, slots=True)
class Slide:
    """One step: prose (our own HTML) and a named statement (of `cypher/audit/`, or the compliance list)."""

    title: str
    text: str
    statement: str


#: the parameters of every slide's statement, set once on the first slide (Cypher expressions; `{ns}` and `{key}`
#: are the reader's namespace and entity key, quoted). One set for all: a slide's block is then its statement
#: alone, one click and one Run. (`:param` lines in a slide's block would make Browser's multi-statement run,
#: which answers with a list of statuses instead of the graph.)
PARAMS: tuple[tuple[str, str], ...] = (
    ("ns", "{ns}"), ("key", "{key}"), ("include_erased", "false"), ("limit", "300"),
    ("valid_at", "datetime()"), ("known_at", "null"),
    ("axis", "'txn'"), ("start", "datetime() - duration('P7D')"), ("end", "datetime() + duration('PT1M')"),
    ("eid", "null"), ("attribute", "null"), ("after_at", "null"), ("after_eid", "null"), ("after_name", "null"),
    ("after_kind", "null"), ("scan", "200"),
)
SLIDES: tuple[Slide, ...] = (
    Slide("Your entities",
          "Every entity of the namespace, as the application sees it (erased ones hidden: "
          "<code>:param include_erased =&gt; true</code> shows the audit view).",
          "audit/list_entities"),
    Slide("One entity's versions",
          "Facts are never overwritten: each <code>HAS</code> version carries <code>valid_from</code>/"
          "<code>valid_to</code> (when it was true) and <code>txn_time</code>/<code>txn_end</code> (when the "
          "service believed it). The current one is captioned by its attribute alone; one no longer believed "
          "also by when it closed. <code>:param key =&gt; 'another key'</code> looks at another entity.",
          "audit/entity_versions"),
    Slide("The graph as of a date",
          "Relations are relationships of their own type (<code>WORKS_AT</code>) with the same four time "
          "properties. <code>:param valid_at =&gt; datetime('2026-03-01T00:00:00Z')</code> looks at another "
          "instant, and <code>known_at</code> at what was believed then.",
          "audit/graph_as_of"),
    Slide("Comparing times",
          "The time properties are <code>datetime</code> values. Compare them with <code>datetime('…')</code>: "
          "<code>:param valid_at =&gt; '2026-07-01'</code> (a string) is never equal to nor ordered against a "
          "datetime, and the query silently returns 0 rows.",
          "audit/facts_as_of"),
    Slide("What changed last week",
          "The statement behind <code>GET /v1/{ns}/changes</code>: every fact or relation version that began "
          "or ended in the window on one axis (<code>'txn'</code>: when it was believed; <code>'valid'</code>: "
          "when it was true), oldest first. The window ends a minute after the parameters were set: set them "
          "again to move it.",
          "audit/changes"),
    Slide("Erasures (compliance)",
          "Compliance and audit only: who erased which entity, when and why, and what the erasure reached. "
          "Erased versions stay, hidden from the application view, until the purge; a purged entity is listed "
          "by a hash of its key.",
          "privacy/list_erasures"),
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


def param_lines(*, ns: str, key: str) -> list[str]:
    """One `:param` command a line, each ended by `;`: Browser runs a block of them one by one only so (without
    the `;` it reads the whole block as one `:param` and answers a syntax error)."""
    values = {"{ns}": cypher_string(ns), "{key}": cypher_string(key)}
    return [f":param {name} => {values.get(expr, expr)};" for name, expr in PARAMS]


def _pre(text: str) -> str:
    return f'<pre class="pre-scrollable code runnable">{escape(text)}</pre>'


def render(*, ns: str, key: str) -> str:
    """The guide's HTML for one namespace (and one entity key for the per-entity slides)."""
    intro = (
        '<slide class="row-fluid">\n<div class="col-sm-3"><h3>graphmem</h3>'
        f'<p class="lead">Namespace <code>{escape(ns)}</code></p></div>\n<div class="col-sm-9">'
        "<p>Run these two blocks once (click one, press Run). The style: Attribute values carry a "
        "<code>caption</code>, shown instead of the attribute's name; each <code>HAS</code> version is "
        "captioned with the attribute it is a version of and, once no longer believed, with when it closed "
        "(<code>txn_end</code>).</p>"
        f"{_pre(STYLE)}"
        "<p>The parameters of every slide's statement (the statements graphmem itself runs, as in "
        "<code>cypher/</code>). Then each slide is one click and one Run. <code>datetime()</code> is read when "
        "this block runs: run it again to see what was written since.</p>"
        f"{_pre(chr(10).join(param_lines(ns=ns, key=key)))}</div>\n</slide>")
    slides = [intro]
    for s in SLIDES:
        text = s.text.replace("{ns}", escape(ns))
        slides.append(
            f'<slide class="row-fluid">\n<div class="col-sm-3"><h3>{escape(s.title)}</h3>'
            f'<p><code>{escape(s.statement)}</code></p></div>\n<div class="col-sm-9"><p>{text}</p>\n'
            f"{_pre(statement_text(s.statement))}\n"
            "</div>\n</slide>")
    return ('<article class="guide">\n<carousel class="deck container-fluid">\n' + "\n".join(slides)
            + "\n</carousel>\n</article>\n")
