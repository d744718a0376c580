#!/usr/bin/env python3
"""Build the app that needs no Python: ``python tools/build_app.py`` makes ``dist/kidgames/``, one
folder with the program ``dist/kidgames/kidgames`` (``kidgames.exe`` on Windows) and everything it
needs: Python itself, pygame-ce and SDL, the boards, pictures, sounds, fonts, voices and message
catalogs.  Copy the whole folder anywhere and start the program in it.

Needs PyInstaller (``pip install -e ".[build]"``); the recipe is tools/kidgames.spec.  ``--dist`` and
``--work`` choose the output and the build's scratch folder (default ``dist/`` and ``build/``).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "tools" / "kidgames.spec"
NAME = "kidgames"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def program(dist: Path) -> Path:
    return dist / NAME / (NAME + (".exe" if sys.platform == "win32" else ""))


def build(dist: Path, work: Path, quiet: bool = False) -> Path:
    """Run PyInstaller on the spec; returns the built program."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise SystemExit('build_app: PyInstaller is not installed: pip install -e ".[build]"') from None
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(dist),
               "--workpath", str(work), str(SPEC)]
    if quiet:
        command[3:3] = ["--log-level", "WARN"]
    subprocess.run(command, check=True, cwd=ROOT)
    return program(dist)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app's folder goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch folder")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args(argv)
    start = time.monotonic()
    built = build(args.dist.resolve(), args.work.resolve(), args.quiet)
    size = folder_size(built.parent)
    print(f"built {built} in {time.monotonic() - start:.0f} s; the folder holds {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
