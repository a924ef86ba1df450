// One node per distinct attribute value; the backing index makes reverse exact lookup an index seek.
CREATE CONSTRAINT attribute_value IF NOT EXISTS FOR (a:Attribute) REQUIRE (a.ns, a.name, a.value) IS UNIQUE
