// How many of the namespace's turns lie in [$lo, $hi] (a range seek on turn_ns_at), counted up to $cap: a
// search filtered to a range that holds few turns ranks them all exactly (search/scope_turns) instead of
// over-fetching the shared indexes, of which only a sliver would pass the filter.
// view-exempt(t): a count for sizing; the scoped search that follows applies the view to each turn.
MATCH (t:Turn {ns: $ns})
WHERE t.at >= $lo AND t.at <= $hi
WITH t LIMIT $cap
RETURN count(t) AS n
