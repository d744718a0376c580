import sys

from kidgames.cli import main

sys.exit(main())
