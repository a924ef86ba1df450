CREATE TEXT INDEX turn_reach IF NOT EXISTS FOR (t:Turn) ON (t.reach_text)
