"""Erasure, purge, tombstones, the compliance record, and `redact()` for logs.

| module | holds |
|---|---|
| `erasure.py` | `erase_entity`, `purge`, the compliance views, input checks |
| `dossier.py` | `dossier`: everything held about one entity, found by the erasure's own scan |
| `restore.py` | a restore that erases again whom the replaced store had erased |
| `reach.py` | finding every copy of the subject's spellings in a namespace, hiding or removing it |
| `spellings.py` | what identifies a subject and whether a string spells it (pure) |
| (`graphmem.access.secret`) | the tombstone HMAC and its server secret, shared with search statistics |
| `records.py` | `ErasureRecord`, `PurgeResult` |
| `redaction.py` | `redact()` for logs (pure) |
"""

from graphmem.privacy.dossier import Dossier, dossier
from graphmem.privacy.erasure import (
    MAX_REASON_CHARS,
    PURGE_BATCH,
    check_older_than,
    check_reason,
    erase_entity,
    list_erasures,
    list_purges,
    purge,
)
from graphmem.privacy.records import ErasureRecord, PurgeResult
from graphmem.privacy.restore import Reapplied, restore_keeping_erasures
from graphmem.privacy.redaction import SENSITIVE, redact
from graphmem.access.secret import erasure_secret, key_hash
from graphmem.privacy.spellings import Spellings

__all__ = [
    "MAX_REASON_CHARS", "PURGE_BATCH", "SENSITIVE", "Dossier", "ErasureRecord", "Reapplied", "PurgeResult",
    "Spellings", "check_older_than", "check_reason", "dossier", "erase_entity", "erasure_secret", "key_hash",
    "list_erasures", "list_purges", "purge", "redact", "restore_keeping_erasures",
]
