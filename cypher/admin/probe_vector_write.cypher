// Foundation test: nodes with known embeddings, to check the vector index's order.
UNWIND $nodes AS n
CREATE (p:Turn {ns: $ns, id: n.id, session: '__probe__', seq: 0, text: n.id, embedding: n.embedding})
