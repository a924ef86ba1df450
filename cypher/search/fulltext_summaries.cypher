// Keyword candidates among summaries, filtered like vector_summaries.
CALL db.index.fulltext.queryNodes('summary_search', $lucene, {limit: $fetch}) YIELD node, score
WITH collect({m: node, score: score}) AS got
RETURN size(got) AS fetched,
       [g IN got WHERE g.m.ns = $ns
          AND ($all OR g.m.erased_at IS NULL) AND ($archived OR g.m.archived_at IS NULL)
          AND ($session IS NULL OR g.m.session = $session) AND ($speaker IS NULL OR $speaker IN g.m.speakers)
          AND ($since IS NULL OR g.m.from_at >= $since) AND ($until IS NULL OR g.m.to_at <= $until)
        | {id: g.m.id, score: g.score}][0..$limit] AS hits
