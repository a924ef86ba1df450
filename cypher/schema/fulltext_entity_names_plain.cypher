// The entity names again, for names that are English stop words ("Will" Hunter, Ms. No): entity_names' analyzer
// ('standard-folding') drops them, 'standard-no-stop-words' keeps them (it does not fold diacritics: only the stop
// words, plain ASCII, are asked here; exact/find_names_timelines' $plain). The properties are listed in another
// order than entity_names': Neo4j keeps one full-text index per list of properties.
CREATE FULLTEXT INDEX entity_names_plain IF NOT EXISTS FOR (e:Entity) ON EACH [e.ns, e.name, e.aliases, e.former_names]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}
