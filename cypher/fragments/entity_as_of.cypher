// fragment: entity_as_of(e)
// Entity e is in the caller's view ($include_erased: audit and compliance) and was already recorded at
// $known_at (null: believed now). Before it was recorded, nobody knew it existed.
($include_erased OR {e}.erased_at IS NULL) AND ($known_at IS NULL OR {e}.created_at <= $known_at)
