"""Who may call, and the server's secret: API keys and roles, HMAC keys.

| module | holds |
|---|---|
| `auth.py` | pure: key records, roles, namespaces a key may use, the keys file, one keyring snapshot |
| `keystore.py` | keys in Neo4j (where every replica sees them) and the live keyring each process polls |
| `secret.py` | the server secret and the HMACs made with it (erasure tombstones, search statistics) |
"""
