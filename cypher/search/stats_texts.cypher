// The indexed texts of the namespace's turns, one page by id, to rebuild its keyword statistics
// (search.stats.rebuild): what the write path adds up turn by turn, counted again from scratch.
// view-exempt(t): statistics count every stored turn, as the write path counted it (as Lucene counts a
// deleted document until a merge); no text leaves the library.
MATCH (t:Turn {ns: $ns})
WHERE t.id > $after AND t.search_text IS NOT NULL
RETURN t.id AS id, t.search_text AS text
ORDER BY t.id LIMIT $limit
