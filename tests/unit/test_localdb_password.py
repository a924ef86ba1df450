"""The managed server's generated password must be accepted by `neo4j-admin dbms set-initial-password`."""

from graphmem.localdb import new_password


def test_generated_passwords_never_look_like_options() -> None:
    # token_urlsafe gave a leading '-' one time in 64, which neo4j-admin parsed as an option (seen here)
    for _ in range(2000):
        p = new_password()
        assert len(p) == 24 and p.isalnum() and p.isascii()
