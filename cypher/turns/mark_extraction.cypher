// The extraction worker's verdict on a queued turn: done, or failed with why. Only a turn still queued
// changes (two workers may have raced on it: the first verdict stands).
MATCH (t:Turn {ns: $ns, id: $id})
WHERE t.extraction = 'queued'
SET t.extraction = $state, t.extraction_error = $error, t.extracted_at = $now
RETURN t.extraction AS state
