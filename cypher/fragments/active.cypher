// fragment: active(x)
// A Turn or Summary x that still counts against the namespace's capacity: neither archived nor erased.
{x}.archived_at IS NULL AND {x}.erased_at IS NULL
