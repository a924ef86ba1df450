// fragment: as_of(r)
// A version or relation r true at $valid_at and believed at $known_at (null: believed now): `as_of_at`, the
// one copy of the predicate, at the parameter $valid_at.
/*include:as_of_at({r}, $valid_at)*/
