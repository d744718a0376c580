import gc
import sys

# The start makes no garbage worth collecting: the collector waits until the first frame
# is shown (kidgames/cli.py main, run_app).
gc.disable()

from kidgames.cli import main  # noqa: E402

sys.exit(main())
