// Purge: attribute values no other entity holds any more are deleted; shared values stay.
UNWIND $ids AS id
MATCH (a:Attribute {ns: $ns})
WHERE elementId(a) = id AND NOT (a)--()
DELETE a
RETURN count(a) AS attributes
