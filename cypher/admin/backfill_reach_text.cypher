// Migration (`graphmem schema migrate`): give turns written before the reach text existed their
// `reach_text`, as graphmem/identifiers/reach.py computes it (text, speaker, metadata, id and session
// lower-cased, one per line, then the digits of each that has at least 7, each followed by a space).
// Until then erasure reads those turns' properties one by one (privacy/scan_turns), so it is never unsafe,
// only slower. Idempotent: a turn that has it is skipped; a purged turn has an empty one.
MATCH (t:Turn)
WHERE ($ns IS NULL OR t.ns = $ns) AND t.reach_text IS NULL
CALL (t) {
  WITH t, [v IN [t.text, t.speaker, t.metadata_json, t.id, t.session] WHERE v IS NOT NULL] AS vs
  WITH t, vs, [v IN vs | reduce(s = '', c IN split(v, '') | s + CASE WHEN c >= '0' AND c <= '9' THEN c ELSE '' END)] AS ds
  SET t.reach_text = reduce(acc = '', v IN vs | acc + toLower(v) + '\n')
                     + reduce(acc = '', d IN [x IN ds WHERE size(x) >= 7] | acc + d + ' ')
} IN TRANSACTIONS OF 2000 ROWS
RETURN count(t) AS backfilled
