// The target slot's vectors of turns, unless the turn changed since it was read (stripped by a purge).
UNWIND $rows AS r
MATCH (t:Turn) WHERE elementId(t) = r.id AND t[$source] IS NOT NULL AND t.text = r.text
SET t[$target] = r.vector
RETURN count(t) AS written
