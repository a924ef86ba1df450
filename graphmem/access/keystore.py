"""API keys in Neo4j, where every API replica sees them, and the live keyring each process keeps.

Stored as `(:ApiKey {hash, key_id, role, namespaces, name, created_at, revoked_at, updated_at})` (the
SHA-256 of the key, never the key), plus one `(:ApiKeyring {name: "api", version})` counter that every
change moves in the same transaction. A process polls that counter at most every `REFRESH_SECONDS` (one
indexed single-row read) and re-reads the keys only when it moved, so a new key works and a revoked key
answers 401 on every replica within about half a second, and no request pays a round trip of its own.

`GRAPHMEM_API_KEYS` and the keys file are imported (upserted by hash) at start. The file's signature
(mtime, size, inode) is checked at each poll and the file re-imported when it changed: an edit by hand
adds keys and changes roles, namespaces and names, and `"revoked": true` revokes; deleting an entry does
not revoke it, and no import brings a revoked key back. An entry removed from `GRAPHMEM_API_KEYS` is
revoked when a process starts with the variable set and no longer listing it (`revoke_unlisted_env_keys`). If Neo4j cannot be read the last known keyring
stays in force: the service neither opens up nor locks everyone out.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

from graphmem.access.auth import (
    KeyRecord,
    Keyring,
    KeysFile,
    Principal,
    check_namespaces,
    check_role,
    make_record,
    parse_env_keys,
)
from graphmem.errors import ConfigError, Conflict, GraphmemError, InvalidInput, NotFound, StoreUnavailable, Unauthorized
from graphmem.instants import format_instant, parse_instant, stored_instant, utcnow
from graphmem.store import Store

log = logging.getLogger("graphmem.auth")

RING = "api"
REFRESH_SECONDS = 0.5
SCHEMA = ("schema/constraint_api_key_hash", "schema/constraint_api_keyring_name")


def ensure_schema(store: Store) -> None:
    """The two constraints the keys need, for callers that skip the full schema (the `keys` commands)."""
    for name in SCHEMA:
        store.autocommit(name)


def _param(r: KeyRecord) -> dict[str, Any]:
    return {"hash": r.key_hash, "key_id": r.key_id, "role": r.role, "namespaces": sorted(r.namespaces),
            "name": r.name, "created_at": parse_instant(r.created_at, "created_at") if r.created_at else None,
            "revoked_at": parse_instant(r.revoked_at, "revoked_at") if r.revoked_at else None, "source": r.source}


def import_keys(store: Store, records: list[KeyRecord]) -> int:
    """Upsert keys by hash in one transaction; returns how many changed (the version moves only then).
    A hash given twice (in GRAPHMEM_API_KEYS and the keys file) is imported as the last one says."""
    if not records:
        return 0
    keys = list({r.key_hash: _param(r) for r in records}.values())
    now = utcnow()

    def work(tx: Any) -> int:
        row = tx.one("auth/upsert_keys", keys=keys, now=now)
        changed = int(row["changed"]) if row else 0
        if changed:
            tx.run("auth/bump_version", ring=RING, now=now)
        return changed

    return store.write(work)


def _record(row: dict[str, Any]) -> KeyRecord | None:
    try:
        return KeyRecord(row["hash"], check_role(row["role"], "Neo4j"),
                         check_namespaces(list(row["namespaces"] or []), "Neo4j"), row["name"] or "",
                         format_instant(stored_instant(row["created_at"])) or "",
                         format_instant(stored_instant(row["revoked_at"])) or "",
                         "env" if row.get("source") == "env" else "managed")
    except (GraphmemError, TypeError, ValueError) as exc:  # one bad node must not lock every key out
        log.warning("ignoring API key %s stored in Neo4j: %s", str(row.get("key_id")), exc)
        return None


def revoke_unlisted_env_keys(store: Store, listed: list[KeyRecord]) -> int:
    """Revoke the keys once imported from GRAPHMEM_API_KEYS that `listed` (the variable now) omits; returns
    how many. Run at start by a process given the variable (set, even empty): removing an entry and
    restarting revokes it everywhere. A process started without the variable leaves env keys alone."""
    now = utcnow()

    def work(tx: Any) -> int:
        row = tx.one("auth/revoke_unlisted_env_keys", hashes=[r.key_hash for r in listed if r.source == "env"],
                     now=now)
        revoked = int(row["revoked"]) if row else 0
        if revoked:
            tx.run("auth/bump_version", ring=RING, now=now)
        return revoked

    return store.write(work)


def list_keys(store: Store) -> list[KeyRecord]:
    """Every key in Neo4j, revoked ones included (hashes only)."""
    return [r for r in map(_record, store.read("auth/list_keys")) if r is not None]


def create_key(store: Store, role: str, namespaces: list[str], name: str = "") -> tuple[str, KeyRecord]:
    """A new random key stored in Neo4j; the plain key is returned once and never stored."""
    key, rec = make_record(role, namespaces, name)
    import_keys(store, [rec])
    return key, rec


def revoke_key(store: Store, key_id: str) -> str:
    """Revoke the one active key whose id starts with `key_id` (at least 6 hex digits); returns its id."""
    prefix = key_id.strip().lower()
    if len(prefix) < 6 or any(c not in "0123456789abcdef" for c in prefix):
        raise InvalidInput.field("key_id", "expected at least 6 hex digits of a key id (graphmem keys list)")
    now = utcnow()

    def work(tx: Any) -> str:
        found = tx.run("auth/find_active_keys", prefix=prefix)
        if not found:
            raise NotFound(f"no active key with id {prefix}", code="unknown_key")
        if len(found) > 1:
            raise Conflict(f"{len(found)} active keys have ids starting with {prefix}; give more digits",
                           code="ambiguous_key")
        tx.run("auth/revoke_key", hash=found[0]["hash"], now=now)
        tx.run("auth/bump_version", ring=RING, now=now)
        return str(found[0]["key_id"])

    return store.write(work)


def export_keys(store: Store, path: Path) -> int:
    """Write every key in Neo4j (revoked ones too, so that an import elsewhere carries the revocation)."""
    records = list_keys(store)
    KeysFile(path).save(records)
    return len(records)


def local_records(api_keys: str | None, keys_file: Path | None) -> list[KeyRecord]:
    """The keys this process was given (`GRAPHMEM_API_KEYS`, the keys file), before Neo4j is asked."""
    return (parse_env_keys(api_keys) if api_keys else []) + (KeysFile(keys_file).load() if keys_file else [])


class LiveKeyring:
    """A process's view of the keys: an immutable `Keyring` snapshot, replaced after a poll finds the
    version moved. `authenticate` never does I/O; `refresh` (run off the event loop) does, at most once
    per interval and by one thread at a time."""

    def __init__(self, *, open_access: bool, api_keys: str | None, keys_file: Path | None,
                 interval: float = REFRESH_SECONDS) -> None:
        self.open = open_access
        self.interval = interval
        self._file = KeysFile(keys_file) if keys_file is not None else None
        self._file_sig = self._file.signature() if self._file is not None else None
        self._pending = [] if open_access else local_records(api_keys, keys_file)  # a bad file stops start-up
        #: GRAPHMEM_API_KEYS as given (None: unset), to revoke the env keys it no longer lists at start
        self._env = None if open_access or api_keys is None else parse_env_keys(api_keys)
        self._ring = Keyring(self._pending, open_access=open_access)
        self._loaded = False  # read from Neo4j at least once
        self._version: int | None = None
        self._next = 0.0
        self._lock = threading.Lock()

    @property
    def active(self) -> int:
        """How many active keys the current snapshot holds."""
        return self._ring.active

    def due(self) -> bool:
        return not self.open and time.monotonic() >= self._next

    def authenticate(self, authorization: str | None) -> Principal:
        try:
            return self._ring.authenticate(authorization)
        except Unauthorized as exc:
            if not self._loaded and exc.code == "invalid_key":  # it may be a key only Neo4j knows
                raise StoreUnavailable("cannot check this API key until Neo4j answers; retry shortly") from exc
            raise

    def refresh(self, store: Store, *, force: bool = False) -> bool:
        """Import what changed locally, poll the version, re-read the keys if it moved. True when the
        snapshot was replaced. Errors keep the last known keyring (logged), and are retried next interval."""
        if self.open or not self._lock.acquire(blocking=False):
            return False
        try:
            if not force and time.monotonic() < self._next:
                return False
            self._next = time.monotonic() + self.interval
            self._import_local(store)
            version = store.read("auth/keyring_version", ring=RING)[0]["version"]
            if self._loaded and version == self._version:
                return False
            # version first: a change landing between the two reads shows up as a newer version next poll
            self._ring = Keyring(list_keys(store))
            self._version, self._loaded = version, True
            return True
        except GraphmemError as exc:
            log.warning("API keys not refreshed from Neo4j (%s); keeping the last known keyring", exc)
            return False
        finally:
            self._lock.release()

    def _import_local(self, store: Store) -> None:
        if self._file is not None:
            sig = self._file.signature()
            if sig != self._file_sig:
                self._file_sig = sig
                try:
                    self._pending += self._file.load()
                except ConfigError as exc:  # a half-written hand edit: keep serving, say why
                    log.error("keys file not re-imported: %s", exc)
        if self._pending:
            import_keys(store, self._pending)
            self._pending = []
        if self._env is not None:
            revoked = revoke_unlisted_env_keys(store, self._env)
            if revoked:
                log.warning("revoked %d API key(s) that GRAPHMEM_API_KEYS no longer lists", revoked)
            self._env = None
