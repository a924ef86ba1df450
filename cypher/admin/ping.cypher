// Readiness probe.
RETURN 1 AS ok
