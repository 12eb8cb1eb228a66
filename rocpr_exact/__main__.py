"""``python -m rocpr_exact`` runs the command line through the ``rocpr-exact`` launcher
(``rocpr_exact_cli``), so a signal while the commands import is the same one line."""

import sys

from rocpr_exact_cli import main

sys.exit(main())
