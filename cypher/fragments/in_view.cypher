// fragment: in_view(x, all)
// x is in the caller's view: the audit and compliance views ($all true) see erased nodes with their
// erasure markers, the application view never does.
${all} OR {x}.erased_at IS NULL
