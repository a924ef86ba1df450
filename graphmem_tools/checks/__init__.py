"""`graphmem check …`: randomized checks of the whole service, run as commands (long) and in CI (short)."""
