// An Idempotency-Key is claimed once per (namespace, API key, route): two identical concurrent requests cannot both write.
CREATE CONSTRAINT idempotency_key IF NOT EXISTS FOR (r:IdempotencyKey) REQUIRE (r.ns, r.key_id, r.route, r.idem_key) IS UNIQUE
