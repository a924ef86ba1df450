// fragment: as_of_at(r, at)
// A version or relation r true at the instant {at} (a variable, or a parameter: `as_of` is this at $valid_at)
// and believed at $known_at (null: believed now). Intervals are half-open, [from, to): a version ending at t
// is no longer true at t. Compare with temporal values (datetime('2026-03-01T00:00:00Z')), never with
// strings: a string never equals a datetime.
{r}.valid_from <= {at} AND ({r}.valid_to IS NULL OR {r}.valid_to > {at})
AND CASE WHEN $known_at IS NULL THEN {r}.txn_end IS NULL
         ELSE {r}.txn_time <= $known_at AND ({r}.txn_end IS NULL OR {r}.txn_end > $known_at) END
