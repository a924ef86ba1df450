CREATE CONSTRAINT trajectory_id IF NOT EXISTS FOR (t:Trajectory) REQUIRE (t.ns, t.id) IS UNIQUE
