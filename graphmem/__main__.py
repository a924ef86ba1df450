"""`python -m graphmem …`: the same CLI as the `graphmem` script."""

from graphmem.cli import cli

if __name__ == "__main__":
    cli()
