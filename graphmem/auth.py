"""API keys: each maps to one role and a set of namespaces (or all). Pure: no I/O but the keys file.

Keys are kept only as SHA-256 hashes and compared in constant time. They come from
`GRAPHMEM_API_KEYS` (`key:role:ns1,ns2;key2:admin:*`, hashed on load) and/or a JSON keys file
(`GRAPHMEM_KEYS_FILE`) managed by `graphmem keys create|list|revoke`.
With no key configured the service runs open (every caller is admin), which is only allowed on
loopback: `graphmem serve` refuses any other bind address without keys.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import get_args

from graphmem.errors import ConfigError, Forbidden, Unauthorized
from graphmem.types import Namespace, Role

ROLES: tuple[str, ...] = get_args(Role)
ALL = "*"

#: what each role may do besides reading its view
WRITE_ROLES = frozenset({"agent", "admin"})
ERASE_ROLES = frozenset({"compliance", "admin"})


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Principal:
    """Who is calling: the key's id (a prefix of its hash, safe to log and to record), role and namespaces."""

    key_id: str
    role: str
    namespaces: frozenset[str] = field(default_factory=lambda: frozenset({ALL}))

    def require_namespace(self, ns: Namespace) -> None:
        if ALL not in self.namespaces and ns.name not in self.namespaces:
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
    key_hash: str
    role: str
    namespaces: frozenset[str]
    name: str = ""
    created_at: str = ""
    revoked: bool = False

    @property
    def key_id(self) -> str:
        return self.key_hash[:12]


def _check_role(role: str, where: str) -> str:
    if role not in ROLES:
        raise ConfigError(f"{where}: unknown role {role!r} (one of {', '.join(ROLES)})")
    return role


def _check_namespaces(raw: list[str], where: str) -> frozenset[str]:
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


def parse_env_keys(spec: str) -> list[KeyRecord]:
    records = []
    for i, item in enumerate(p for p in spec.split(";") if p.strip()):
        parts = item.strip().split(":")
        if len(parts) != 3 or not parts[0]:
            raise ConfigError(f"GRAPHMEM_API_KEYS entry {i + 1}: expected key:role:ns1,ns2 (or key:role:*)")
        key, role, nss = parts
        if len(key) < 16:
            raise ConfigError(f"GRAPHMEM_API_KEYS entry {i + 1}: keys must be at least 16 characters")
        records.append(KeyRecord(hash_key(key), _check_role(role, "GRAPHMEM_API_KEYS"),
                                 _check_namespaces(nss.split(","), "GRAPHMEM_API_KEYS"), name=f"env-{i + 1}"))
    return records


class KeysFile:
    """The JSON keys file: hashes only, written with mode 0600."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> list[KeyRecord]:
        if not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text())
            return [KeyRecord(k["key_hash"], _check_role(k["role"], str(self.path)),
                              _check_namespaces(k["namespaces"], str(self.path)), k.get("name", ""),
                              k.get("created_at", ""), bool(k.get("revoked", False)))
                    for k in data["keys"]]
        except (ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"{self.path}: not a graphmem keys file ({exc})") from exc

    def save(self, records: list[KeyRecord]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        body = {"keys": [{"key_hash": r.key_hash, "role": r.role, "namespaces": sorted(r.namespaces),
                          "name": r.name, "created_at": r.created_at, "revoked": r.revoked} for r in records]}
        tmp = self.path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(body, f, indent=2)
        tmp.replace(self.path)

    def create(self, role: str, namespaces: list[str], name: str = "") -> tuple[str, KeyRecord]:
        """A new random key; the plain key is returned once and never stored."""
        key = "gm_" + secrets.token_urlsafe(32)
        rec = KeyRecord(hash_key(key), _check_role(role, "role"), _check_namespaces(namespaces, "namespaces"),
                        name=name, created_at=datetime.now(timezone.utc).isoformat())
        self.save([*self.load(), rec])
        return key, rec

    def revoke(self, key_id: str) -> bool:
        records = self.load()
        hit = False
        out = []
        for r in records:
            if r.key_hash.startswith(key_id) and not r.revoked:
                r = KeyRecord(r.key_hash, r.role, r.namespaces, r.name, r.created_at, True)
                hit = True
            out.append(r)
        if hit:
            self.save(out)
        return hit


class Keyring:
    """Authenticates bearer keys. Every configured hash is compared, in constant time."""

    def __init__(self, records: list[KeyRecord]) -> None:
        self._records = [r for r in records if not r.revoked]

    @classmethod
    def from_settings(cls, api_keys: str | None, keys_file: Path | None) -> "Keyring":
        records = parse_env_keys(api_keys) if api_keys else []
        if keys_file is not None:
            records += KeysFile(keys_file).load()
        return cls(records)

    @property
    def open(self) -> bool:
        return not self._records

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
            raise Unauthorized("unknown API key", code="invalid_key")
        return Principal(found.key_id, found.role, found.namespaces)
