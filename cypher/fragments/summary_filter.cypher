// fragment: summary_filter(m)
// A Summary m that passes a search's filters: searchable in the caller's view, of the session, naming the
// speaker among its speakers, and covering a span that lies wholly inside [$since, $until].
/*include:searchable({m})*/
AND ($session IS NULL OR {m}.session = $session) AND ($speaker IS NULL OR $speaker IN {m}.speakers)
AND ($since IS NULL OR {m}.from_at >= $since) AND ($until IS NULL OR {m}.to_at <= $until)
