// Keyword candidates (Lucene BM25 on "Speaker: text", the query requires +ns:"$ns"); over-fetch for
// the filters a full-text index cannot apply.
CALL db.index.fulltext.queryNodes('turn_search', $lucene, {limit: $fetch}) YIELD node, score
WITH collect({t: node, score: score}) AS got
RETURN size(got) AS fetched,
       [g IN got WHERE g.t.ns = $ns
          AND ($all OR g.t.erased_at IS NULL) AND ($archived OR g.t.archived_at IS NULL)
          AND ($session IS NULL OR g.t.session = $session) AND ($speaker IS NULL OR g.t.speaker = $speaker)
          AND ($since IS NULL OR g.t.at >= $since) AND ($until IS NULL OR g.t.at <= $until)
        | {id: g.t.id, score: g.score}][0..$limit] AS hits
