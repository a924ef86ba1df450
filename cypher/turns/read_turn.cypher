// Exact lookup of one turn by its id (never a prefix or fuzzy match: D1:3 is not D1:30).
MATCH (t:Turn {ns: $ns, id: $id})
WHERE /*include:in_view(t, all)*/
RETURN t {.id, .session, .seq, .role, .speaker, .text, .at, .metadata_json, .created_at, .summary,
          .erased_at, .archived_at, .extraction, .extraction_error} AS turn
