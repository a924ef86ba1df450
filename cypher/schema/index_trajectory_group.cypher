// Online induction re-reads a group's trajectories on every new one: an index seek, not a scan.
CREATE INDEX trajectory_group IF NOT EXISTS FOR (t:Trajectory) ON (t.ns, t.group_key)
