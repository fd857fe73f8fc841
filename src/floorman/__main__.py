"""``python -m floorman``: the command line."""

import sys

from floorman.cli import main

sys.exit(main())
