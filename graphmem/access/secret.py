"""The server secret, and what is kept of user text under it: HMACs, never the text.

Two uses: the tombstone hash of an erased entity's key, and the keys of the per-namespace keyword
statistics (`graphmem.channels.search.stats`), which count words of users' turns and must hold none of
them (a name would otherwise outlive its erasure in a statistics node).

A bare SHA-256 of `ns:key` can be reversed by hashing every plausible key (phone numbers, order
ids); with an HMAC only the holder of the secret can test a guess. The secret is the setting
`GRAPHMEM_ERASURE_SECRET` (give every API replica the same one) or, when unset, 32 random bytes
generated once into `<GRAPHMEM_HOME>/erasure.secret` with mode 0600. Losing it only means that
erasing an already purged key again is no longer recognised (a 404 instead of the old record).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from functools import lru_cache
from pathlib import Path

from graphmem.settings import Settings
from graphmem.types import Namespace

SECRET_FILE = "erasure.secret"


def erasure_secret(settings: Settings) -> bytes:
    """The HMAC key: the setting, else the home's secret file (created 0600 on first use)."""
    if settings.erasure_secret is not None and settings.erasure_secret.get_secret_value():
        return settings.erasure_secret.get_secret_value().encode("utf-8")
    path = Path(settings.home) / SECRET_FILE
    if not path.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process made it first: read theirs
            pass
        else:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32))
    value = path.read_text().strip()
    if not value:
        raise OSError(f"{path} is empty: delete it to generate a new erasure secret")
    return value.encode("utf-8")


def key_hash(ns: Namespace, key: str, secret: bytes) -> str:
    """What a tombstone keeps of an entity key: HMAC-SHA-256 of `ns:key` (`:` cannot occur in a namespace)."""
    return hmac.new(secret, f"{ns.name}:{key}".encode("utf-8"), hashlib.sha256).hexdigest()


@lru_cache(maxsize=8)
def _cached(home: str, given: str | None) -> bytes:
    return erasure_secret(Settings(_env_file=None, home=Path(home), erasure_secret=given))  # type: ignore[call-arg, arg-type]


def server_secret(settings: Settings) -> bytes:
    """`erasure_secret`, read once per process (the statistics key every word of every search)."""
    given = settings.erasure_secret.get_secret_value() if settings.erasure_secret is not None else None
    return _cached(str(settings.home), given or None)


def term_key(secret: bytes, ns: str, term: str) -> str:
    """What the keyword statistics keep of an analysed word: a truncated HMAC of `ns:term`."""
    return hmac.new(secret, f"{ns}:{term}".encode("utf-8"), hashlib.sha256).hexdigest()[:32]
