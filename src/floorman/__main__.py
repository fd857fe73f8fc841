"""``python -m floorman``: the command line, as the program (see floorman._program)."""

import sys

from floorman._program import main

sys.exit(main())
