"""`graphmem reembed --model X`: move the store's vectors to another embedding model, online
(`graphmem.channels.reembed`), with a progress bar; resumable; `--cancel` gives a move up."""

from __future__ import annotations

import click

from graphmem_tools.common import friendly, settings
from graphmem_tools.progress import bar, quiet_option


@click.command("reembed")
@click.option("--model", "model", default=None,
              help="the model to move to (a GRAPHMEM_EMBED_MODEL value: all-MiniLM-L6-v2+int8, a cached "
                   "sentence-transformers name, a folder)")
@click.option("--batch", default=256, show_default=True, help="nodes embedded and written per transaction")
@click.option("--no-swap", is_flag=True, help="fill the new slot but keep serving the recorded model")
@click.option("--cancel", is_flag=True, help="give up a move in progress (the recorded model stays)")
@quiet_option
@friendly
def reembed(model: str | None, batch: int, no_swap: bool, cancel: bool, quiet: bool) -> None:
    """Move the store's vectors to another embedding model while the service keeps serving the recorded one.

    Fills the other vector slot (properties and indexes sized for the new model) with the new model's vectors
    of every turn, summary, workflow and workflow group, then swaps the store's record. Restart every process
    with GRAPHMEM_EMBED_MODEL set to the new model afterwards; until then they serve the previous model's
    vectors, and what they write meanwhile is embedded again by the first process on the new model."""
    from graphmem.channels.reembed import KINDS, cancel_move, move
    from graphmem.embedding import choose
    from graphmem.store import open_store, recorded_model

    s = settings()
    with open_store(s, apply_schema=False) as store:
        if cancel:
            kept = cancel_move(store)
            click.echo(f"move cancelled; the store's model stays {kept}")
            return
        if not model:
            raise click.UsageError("--model is required (or --cancel)")
        choice = choose(model)
        before = recorded_model(store)
        progress = bar(total=0, desc="re-embedding", unit="vectors", quiet=quiet)

        def started(todo: dict[str, int]) -> None:
            progress.reset(total=sum(todo.values()))
            click.echo("to embed: " + ", ".join(f"{k} {todo[k]}" for k in KINDS), err=True)

        with progress:
            report = move(store, choice, batch=batch, swap=not no_swap,
                          progress=lambda kind, n: progress.update(n), on_start=started)
    if before is not None and before.name == choice.name and not report.swapped and not any(report.written.values()):
        click.echo(f"the store's model is already {choice.name}")
        return
    total = sum(report.written.values())
    click.echo(f"embedded {total} vectors with {choice.name} in {report.seconds:.1f}s "
               f"({total / max(report.seconds, 1e-9):.0f}/s): " + ", ".join(f"{k} {report.written[k]}" for k in KINDS))
    if report.swapped:
        click.echo(f"swapped: the store's model is now {choice.name} (slot {report.target}); restart every process "
                   f"with GRAPHMEM_EMBED_MODEL={choice.name}")
    elif any(report.left.values()):
        click.echo("not swapped: still to embed " + ", ".join(f"{k} {report.left[k]}" for k in KINDS)
                   + " (run the command again to resume)")
    else:
        click.echo(f"filled, not swapped (--no-swap): run `graphmem reembed --model {choice.name}` to swap")
