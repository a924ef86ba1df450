"""`python -m graphmem_tools …`: the same CLI as the `graphmem` script."""

from graphmem_tools.cli import cli

if __name__ == "__main__":
    cli()
