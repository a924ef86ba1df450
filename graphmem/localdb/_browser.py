"""Neo4j Browser that calls nobody: the managed server's Browser jar is rewritten once, at install, so that
the page showing people's data makes no request beyond this machine.

Browser 5.24 loads three things from the internet whatever `client.allow_telemetry` says: Segment's
analytics script, Canny's feedback widget and Google's fonts (found with Chromium's request log:
tests/integration/test_browser_screenshot.py). Each address is replaced in the bundled JavaScript by a
path under the server's own `/browser/offline/`, which answers 404: both loaders have an error handler
and the fonts fall back to the system's. It also reports its errors to Sentry (seen once a page error
happened in a CI run): the Sentry DSNs become empty strings, and Sentry with no DSN sends nothing. And
a `:play <url>` that fails is retried under each trusted guide host: the default list (used until the
server's arrives) names guides.neo4j.com, so it becomes this machine's names. The jar is GPLv3 and is
changed only in the user's cache, never redistributed.
"""

from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path

#: remote address -> local one (same quoting: only the text inside the string literal changes)
OFFLINE = {
    b"https://cdn.segment.com/analytics.js/v1/": b"/browser/offline/segment/",
    b"https://cdn.segment.com": b"/browser/offline/segment",
    b"https://canny.io/sdk.js": b"/browser/offline/canny-sdk.js",
    b"https://fonts.googleapis.com/css2": b"/browser/offline/fonts.css",
    # the guide hosts Browser trusts before it reads the server's: a `:play` that fails (the server's list not
    # read yet) is retried under each of them, so the default sent graphmem's guide URL to guides.neo4j.com
    b'remoteContentHostnameAllowlist:"guides.neo4j.com, localhost"':
        b'remoteContentHostnameAllowlist:"localhost, 127.0.0.1"',
}
#: a Sentry DSN inside a string literal ("https://<key>@<org>.ingest.sentry.io/<project>"): emptied
SENTRY_DSN = re.compile(rb"https://[0-9a-f]+@[a-z0-9.-]*ingest\.sentry\.io/[0-9]+")
#: names the rewrite done; a new name when the rewrite learns more (a jar rewritten before is rewritten again:
#: every replacement leaves what it already replaced alone)
MARKER = ".browser-offline-3"


def _rewrite(data: bytes) -> bytes:
    for remote, local in OFFLINE.items():
        data = data.replace(remote, local)
    return SENTRY_DSN.sub(b"", data)


def make_browser_offline(lib: Path) -> list[str]:
    """Rewrite the Browser jar(s) in `lib` once (a marker file says it is done); returns the entries changed."""
    if (lib / MARKER).exists():
        return []
    changed: list[str] = []
    for jar in sorted(lib.glob("neo4j-browser-*.jar")):
        tmp = jar.with_suffix(".jar.partial")
        with zipfile.ZipFile(jar) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in src.infolist():
                data = src.read(info.filename)
                if info.filename.endswith((".js", ".css", ".html")):
                    new = _rewrite(data)
                    if new != data:
                        changed.append(info.filename)
                        data = new
                dst.writestr(info, data)
        os.replace(tmp, jar)
    (lib / MARKER).write_text("\n".join(changed) + "\n")
    return changed
