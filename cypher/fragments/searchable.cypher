// fragment: searchable(x)
// A Turn or Summary x that search may return: erased only in the audit view ($all), archived (forgotten
// past capacity) only when the caller asks for it ($archived).
($all OR {x}.erased_at IS NULL) AND ($archived OR {x}.archived_at IS NULL)
