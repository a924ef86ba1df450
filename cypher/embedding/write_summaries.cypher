// The target slot's vectors of summary chunks, unless a fold rewrote the text since it was read (that write
// removed the target slot's vector; the chunk is read again).
UNWIND $rows AS r
MATCH (m:Summary) WHERE elementId(m) = r.id AND m[$source] IS NOT NULL AND coalesce(m.text, '') = r.text
SET m[$target] = r.vector
RETURN count(m) AS written
