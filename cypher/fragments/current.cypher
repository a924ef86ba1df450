// fragment: current(r, now)
// A version or relation r believed now and true at $now: the state writes link against.
{r}.txn_end IS NULL AND {r}.valid_from <= ${now} AND ({r}.valid_to IS NULL OR {r}.valid_to > ${now})
