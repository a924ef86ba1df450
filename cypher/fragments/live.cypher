// fragment: live(x)
// The application view of an Entity, Turn or Summary x: not erased. For statements that only ever
// serve the application view (mention lists, counts of what is active, write-time links).
{x}.erased_at IS NULL
