// PUT /entities/{key} (one row) and bulk loads: create each entity or find it, holding its write lock (MERGE
// on the unique (ns, key) is race-free; rows come in key order, so two writers never deadlock). An entity is
// not versioned (its attributes are): its type is updated in place, a missing name keeps the old one, and a
// new name moves the old one to `former_names`, closed now (`renamed_at`): the names index still resolves it
// as of a time before the rename (exact/find_names_timelines). Given aliases replace the entity's; a dropped alias
// becomes a former name likewise. `created` tells 201 from 200; an erased entity is left untouched for the caller to refuse.
// `many`: which of the attributes asserted ($names) are declared many-valued in the namespace. `ref`, as in
// lock_entities. `names_changed`: a new name or aliases, a new entity's included, or a creation time given to an
// entity written without one (the store then renews the name stamp as the transaction's last statement:
// graphmem/store/_tx.py).
CALL () {
  UNWIND $names AS name
  MATCH (d:AttributeDecl {ns: $ns, name: name})
  WHERE d.many
  RETURN collect(name) AS many
}
UNWIND $entities AS x
MERGE (e:Entity {ns: $ns, key: x.key})
  ON CREATE SET e.id = x.id, e.type = x.type, e.name = x.name, e.created_at = $now
WITH e, x, many, coalesce(e.id = x.id AND e.created_at = $now, false) AS created, e.created_at IS NULL AS undated
SET e._lock = coalesce(e._lock, 0) + 1, e.id = coalesce(e.id, x.id), e.created_at = coalesce(e.created_at, $now)
WITH e, x, many, created, undated,
     CASE WHEN e.erased_at IS NULL AND x.name IS NOT NULL AND e.name IS NOT NULL AND x.name <> e.name
          THEN [e.name] ELSE [] END
     + CASE WHEN e.erased_at IS NULL AND x.aliases IS NOT NULL
            THEN [a IN coalesce(e.aliases, []) WHERE NOT a IN x.aliases] ELSE [] END AS dropped
WITH e, x, many, created, dropped,
     undated OR (created AND (x.name IS NOT NULL OR size(coalesce(x.aliases, [])) > 0)) OR size(dropped) > 0
     OR (e.erased_at IS NULL AND x.name IS NOT NULL AND e.name IS NULL)
     OR (e.erased_at IS NULL AND x.aliases IS NOT NULL AND x.aliases <> coalesce(e.aliases, [])) AS names_changed
SET e.former_names = CASE WHEN size(dropped) > 0 THEN coalesce(e.former_names, []) + dropped ELSE e.former_names END,
    e.renamed_at = CASE WHEN size(dropped) > 0 THEN coalesce(e.renamed_at, []) + [d IN dropped | $now]
                        ELSE e.renamed_at END,
    e.aliases = CASE WHEN e.erased_at IS NULL AND x.aliases IS NOT NULL THEN x.aliases ELSE e.aliases END
SET e.type = CASE WHEN e.erased_at IS NULL THEN x.type ELSE e.type END,
    e.name = CASE WHEN e.erased_at IS NULL THEN coalesce(x.name, e.name) ELSE e.name END
RETURN e.key AS key, e.id AS id, elementId(e) AS ref, e.name AS name, toString(e.created_at) AS created_at,
       toString(e.last_txn) AS last_txn, toString(e.erased_at) AS erased_at, created, many, names_changed
