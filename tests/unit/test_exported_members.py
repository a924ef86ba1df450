"""The public API is what `graphmem.__all__` says, and every name in it exists (httpx's pin)."""

import graphmem


def test_all_names_exist_and_are_sorted() -> None:
    assert graphmem.__all__ == sorted(graphmem.__all__)
    missing = [n for n in graphmem.__all__ if not hasattr(graphmem, n)]
    assert not missing


def test_public_functions_take_store_and_ns_first() -> None:
    import inspect

    for name in ("assert_fact", "lookup", "read_entity", "search", "recall", "add_turn", "erase_entity"):
        params = list(inspect.signature(getattr(graphmem, name)).parameters)
        assert params[:2] == ["store", "ns"], name
