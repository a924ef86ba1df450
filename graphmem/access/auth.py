"""API keys: each maps to one role and a set of namespaces (or all). Pure: no I/O but the keys file.

Keys are kept only as SHA-256 hashes and compared in constant time. The keys live in Neo4j, where every
API replica sees them (`graphmem.access.keystore`); this module holds what needs no database: the records,
`GRAPHMEM_API_KEYS` (`key:role:ns1,ns2;key2:admin:*`, hashed on parse), the JSON keys file (an
import/export format, `GRAPHMEM_KEYS_FILE`, default `$GRAPHMEM_HOME/keys.json`) and `Keyring`, one
immutable snapshot of the keys that authenticates a bearer header.
A keyring is open (every caller is admin) only when built with `open_access=True`, i.e. when the
service was told so (`GRAPHMEM_OPEN=true` or `graphmem serve --open`); an empty keyring refuses everyone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, get_args

from graphmem.errors import ConfigError, Forbidden, GraphmemError, Unauthorized
from graphmem.instants import format_instant, parse_instant, utcnow
from graphmem.types import Namespace, Role

ROLES: tuple[str, ...] = get_args(Role)
ALL = "*"

#: what each role may do besides reading its view
WRITE_ROLES = frozenset({"agent", "admin"})
ERASE_ROLES = frozenset({"compliance", "admin"})


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def new_key() -> str:
    """A fresh random key (256 bits); shown once to its owner, only its hash is ever stored."""
    return "gm_" + secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Principal:
    """Who is calling: the key's id (a prefix of its hash, safe to log and to record), role and namespaces."""

    key_id: str
    role: str
    namespaces: frozenset[str] = field(default_factory=lambda: frozenset({ALL}))

    def may_use(self, name: str) -> bool:
        return ALL in self.namespaces or name in self.namespaces

    def require_namespace(self, ns: Namespace) -> None:
        if not self.may_use(ns.name):
            raise Forbidden(f"this key may not use namespace {ns.name!r}", code="forbidden_namespace",
                            details={"namespace": ns.name})

    def require_role(self, *roles: str) -> None:
        if self.role not in roles:
            raise Forbidden(f"role {self.role!r} may not do this (needs one of {', '.join(roles)})",
                            code="forbidden_role", details={"role": self.role, "allowed": list(roles)})

    def require_write(self) -> None:
        self.require_role(*sorted(WRITE_ROLES))

    def require_erase(self) -> None:
        """Erasure and purge belong to compliance (and admin), not to the agents that write memory."""
        self.require_role(*sorted(ERASE_ROLES))


OPEN_ACCESS = Principal(key_id="open", role="admin")


@dataclass(frozen=True)
class KeyRecord:
    """One key as stored: its hash, never the key. Times are ISO-8601 text ("" when unset)."""

    key_hash: str
    role: str
    namespaces: frozenset[str]
    name: str = ""
    created_at: str = ""
    revoked_at: str = ""
    #: "env" for a key from GRAPHMEM_API_KEYS (a start whose variable no longer lists it revokes it),
    #: "managed" for one from the keys file or `graphmem keys create`
    source: str = "managed"

    @property
    def key_id(self) -> str:
        return self.key_hash[:12]

    @property
    def revoked(self) -> bool:
        return bool(self.revoked_at)

    def revoke(self) -> "KeyRecord":
        return self if self.revoked else replace(self, revoked_at=format_instant(utcnow()) or "")


def check_role(role: str, where: str) -> str:
    if role not in ROLES:
        raise ConfigError(f"{where}: unknown role {role!r} (one of {', '.join(ROLES)})")
    return role


def check_namespaces(raw: list[str], where: str) -> frozenset[str]:
    out = set()
    for n in raw:
        n = n.strip()
        if n == ALL:
            out.add(ALL)
        elif n:
            out.add(Namespace.parse(n).name)
    if not out:
        raise ConfigError(f"{where}: a key needs at least one namespace, or *")
    return frozenset(out)


def make_record(role: str, namespaces: list[str], name: str = "") -> tuple[str, KeyRecord]:
    """A new key and its record; the plain key is returned once and never stored."""
    key = new_key()
    return key, KeyRecord(hash_key(key), check_role(role, "role"), check_namespaces(namespaces, "namespaces"),
                          name=name, created_at=format_instant(utcnow()) or "")


def parse_env_keys(spec: str) -> list[KeyRecord]:
    records = []
    for i, item in enumerate(p for p in spec.split(";") if p.strip()):
        parts = item.strip().split(":")
        if len(parts) != 3 or not parts[0]:
            raise ConfigError(f"GRAPHMEM_API_KEYS entry {i + 1}: expected key:role:ns1,ns2 (or key:role:*)")
        key, role, nss = parts
        if len(key) < 16:
            raise ConfigError(f"GRAPHMEM_API_KEYS entry {i + 1}: keys must be at least 16 characters")
        records.append(KeyRecord(hash_key(key), check_role(role, "GRAPHMEM_API_KEYS"),
                                 check_namespaces(nss.split(","), "GRAPHMEM_API_KEYS"), name=f"env-{i + 1}",
                                 source="env"))
    return records


def _instant_text(value: Any, where: str) -> str:
    """A time from the keys file, checked (a bad one names the file rather than failing an import)."""
    if value in (None, ""):
        return ""
    try:
        return format_instant(parse_instant(value, "time")) or ""
    except GraphmemError as exc:
        raise ConfigError(f"{where}: {exc}") from exc


class KeysFile:
    """The JSON keys file: hashes only, written atomically with mode 0600. An import/export format:
    the keys themselves live in Neo4j (`graphmem.access.keystore`)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def signature(self) -> tuple[int, int, int] | None:
        """What changes when the file is rewritten or edited (None: no file), for cheap change checks."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

    def load(self) -> list[KeyRecord]:
        if not self.path.exists():
            return []
        where = str(self.path)
        try:
            data = json.loads(self.path.read_text())
            records = []
            for k in data["keys"]:
                revoked_at = _instant_text(k.get("revoked_at"), where)
                if not revoked_at and k.get("revoked"):  # older files carry only the flag
                    revoked_at = format_instant(utcnow()) or ""
                records.append(KeyRecord(str(k["key_hash"]), check_role(k["role"], where),
                                         check_namespaces(list(k["namespaces"]), where), str(k.get("name", "")),
                                         _instant_text(k.get("created_at"), where), revoked_at,
                                         "env" if k.get("source") == "env" else "managed"))
            return records
        except (ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"{self.path}: not a graphmem keys file ({exc})") from exc

    def save(self, records: list[KeyRecord]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        body = {"keys": [{"key_hash": r.key_hash, "role": r.role, "namespaces": sorted(r.namespaces),
                          "name": r.name, "created_at": r.created_at, "revoked": r.revoked,
                          "revoked_at": r.revoked_at or None, "source": r.source} for r in records]}
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(body, f, indent=2)
        tmp.replace(self.path)


class Keyring:
    """One immutable snapshot of the keys; authenticates bearer keys. Every active hash is compared, in
    constant time. `open_access=True` (and only that) makes every caller admin."""

    def __init__(self, records: list[KeyRecord], *, open_access: bool = False) -> None:
        self._records = [r for r in records if not r.revoked]
        self.open = open_access

    @property
    def active(self) -> int:
        return len(self._records)

    def authenticate(self, authorization: str | None) -> Principal:
        if self.open:
            return OPEN_ACCESS
        if not authorization:
            raise Unauthorized("missing Authorization: Bearer <key>", code="missing_key")
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("expected Authorization: Bearer <key>", code="invalid_key")
        digest = hash_key(token.strip())
        found: KeyRecord | None = None
        for r in self._records:  # no early exit: the time taken does not depend on which key matched
            if hmac.compare_digest(r.key_hash, digest):
                found = r
        if found is None:
            raise Unauthorized("unknown or revoked API key", code="invalid_key")
        return Principal(found.key_id, found.role, found.namespaces)
