"""``python -m rocpr_exact`` runs the command line."""

import sys

from rocpr_exact.cli import main

sys.exit(main())
