"""The ``rocpr-exact`` command line: :func:`main` (see :mod:`rocpr_exact.cli.app`).

One module per command (``report``, ``curve``, ``vectors``, ``check``, ``plot``, and
``consistent`` from :mod:`rocpr_exact.cli.consistent`), each with ``register(commands)``
and ``run(args) -> (output, exit status)``; the shared options in :mod:`rocpr_exact.cli.options`.
"""

from rocpr_exact.cli.app import main

__all__ = ["main"]
