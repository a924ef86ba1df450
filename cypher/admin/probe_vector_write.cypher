// Foundation test: nodes with known embeddings, to check the vector index's order.
UNWIND $nodes AS n
CREATE (:Probe {ns: $ns, id: n.id, embedding: n.embedding})
