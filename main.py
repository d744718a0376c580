#!/usr/bin/env python3
"""kidgames — a family games collection for one computer.  ``python main.py --help``"""
import sys

from kidgames.cli import main

if __name__ == "__main__":
    sys.exit(main())
