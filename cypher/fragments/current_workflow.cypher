// fragment: current_workflow(w)
// A Workflow version the service believes now: not superseded, regrouped, dropped or hidden by an erasure
// (each of those closes it: txn_end is set).
{w}.txn_end IS NULL
