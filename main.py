#!/usr/bin/env python3
"""kidgames — a family games collection for one computer.  ``python main.py --help``"""
import gc
import sys

# The start makes no garbage worth collecting: the collector waits until the first frame
# is shown (kidgames/cli.py main, run_app).
gc.disable()

from kidgames.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
