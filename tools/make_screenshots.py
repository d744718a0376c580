#!/usr/bin/env python3
"""Make the screenshots the AppStream file names: ``docs/screenshots/<name>.png``.

Each is the real app, started from the command line, headless, in a fresh home, run for a number of
frames on its stepped clock (the hidden hook of kidgames/ui/frame_limit.py) and saved as its last
frame drew it: the menu, and three games with seeded computer players a few moves in.
``python tools/make_screenshots.py [--out DIR]``.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: name -> (the command line's arguments, frames)
SHOTS = {
    "menu": ([], 30),
    "knights": (["knights", "--players", "cpu,cpu,cpu", "--seed", "4"], 1500),
    "queens": (["queens", "--players", "cpu,cpu:hard", "--seed", "3"], 1500),
    "forest": (["forest", "--players", "cpu,cpu", "--seed", "5"], 1500),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (arguments, frames) in SHOTS.items():
        path = args.out / f"{name}.png"
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "KIDGAMES_HOME": home,
                   "PYGAME_HIDE_SUPPORT_PROMPT": "1", "KIDGAMES_QUIT_AFTER_FRAMES": str(frames),
                   "KIDGAMES_SCREENSHOT": str(path)}
            subprocess.run([sys.executable, str(ROOT / "main.py"), "--lang", "en", "--mute", *arguments],
                           env=env, check=True)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
