// fragment: turn_filter(t)
// A Turn t that passes a search's filters: searchable in the caller's view, then the optional session,
// speaker and time range ($session, $speaker, $since, $until; null: no filter).
/*include:searchable({t})*/
AND ($session IS NULL OR {t}.session = $session) AND ($speaker IS NULL OR {t}.speaker = $speaker)
AND ($since IS NULL OR {t}.at >= $since) AND ($until IS NULL OR {t}.at <= $until)
