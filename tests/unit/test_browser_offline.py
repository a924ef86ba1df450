"""The Browser jar's rewrite (graphmem/localdb/_browser.py): every remote address it is known to call becomes a
local path, Sentry's DSNs become empty (Sentry with no DSN sends nothing), and a rewritten jar rewritten again
is unchanged (an install from before a new rule gets it once, without harm)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from graphmem.localdb._browser import MARKER, make_browser_offline

APP = (b'c.init({dsn:"https://1ea9f7ebd51441cc95906afb2d31d841@o110884.ingest.sentry.io/1232865",release:"x"});'
       b'n.src="https://cdn.segment.com/analytics.js/v1/"+k;u="https://canny.io/sdk.js";'
       b'f="https://fonts.googleapis.com/css2?family=Inter";s={sentryDsn:"https://3dbaa7bf@o1.ingest.sentry.io/62"};'
       b'c={remoteContentHostnameAllowlist:"guides.neo4j.com, localhost",allowTelemetry:!0}')


def test_the_jar_calls_nobody_and_a_second_rewrite_changes_nothing(tmp_path: Path) -> None:
    jar = tmp_path / "neo4j-browser-5.24.0.jar"
    with zipfile.ZipFile(jar, "w") as z:
        z.writestr("browser/app.js", APP)
        z.writestr("browser/LICENSES.txt", b"https://sentry.io/ and contributors")
    assert make_browser_offline(tmp_path) == ["browser/app.js"]
    with zipfile.ZipFile(jar) as z:
        app, licenses = z.read("browser/app.js"), z.read("browser/LICENSES.txt")
    assert b"https://" not in app and b'dsn:""' in app and b'sentryDsn:""' in app
    assert b"guides.neo4j.com" not in app and b'Allowlist:"localhost, 127.0.0.1"' in app
    assert licenses == b"https://sentry.io/ and contributors"  # only code is rewritten
    assert (tmp_path / MARKER).exists() and make_browser_offline(tmp_path) == []  # done once
    (tmp_path / MARKER).unlink()
    assert make_browser_offline(tmp_path) == []  # rewritten again: nothing left to change
