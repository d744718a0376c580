#!/usr/bin/env python3
"""Render the card pictures of the card games from the Noto Color Emoji font.

The card *faces* are laid out at run time by ``kidgames/ui/cards.py`` (a frame, a big picture, a
big number), at whatever size a table needs; this script makes only their pictures, as 128x128
RGBA PNGs like ``tools/make_sprites.py`` (whose helpers it uses), in the Queens' own folder
``kidgames/games/queens/sprites/`` (they are that game's alone), and writes their credits there
(``CREDITS.md``, beside a copy of the shared ``sprites/LICENSE-OFL.txt``).  Nothing is downloaded.

Usage (from the repository root)::

    python tools/make_cards.py            # (re)write card_*.png, queen_*.png, the credits and the licence
    python tools/make_cards.py --check    # only verify the existing pictures
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import make_sprites as ms  # noqa: E402  (sets the dummy SDL drivers before pygame starts)
import pygame  # noqa: E402

#: The Queens' own pictures folder (the asset loader looks there before the shared sprites/).
OUT_DIR = os.path.join(ms.ROOT, "kidgames", "games", "queens", "sprites")

#: Each picture: (emoji candidates, what it shows).  The knight and dragon cards use the
#: ``knight`` and ``dragon`` sprites of make_sprites.py.
PICTURES: dict[str, tuple[tuple[str, ...], str]] = {
    # the twelve Sleeping Queens, each by the thing she is the queen of
    "queen_heart": (("\U0001F496", "\u2764\uFE0F"), "sparkling heart"),
    "queen_cat": (("\U0001F431",), "cat face"),
    "queen_dog": (("\U0001F436",), "dog face"),
    "queen_pancake": (("\U0001F95E",), "pancakes"),
    "queen_ladybug": (("\U0001F41E",), "lady beetle"),
    "queen_moon": (("\U0001F31B", "\U0001F319"), "first quarter moon face"),
    "queen_peacock": (("\U0001F99A",), "peacock"),
    "queen_sunflower": (("\U0001F33B",), "sunflower"),
    "queen_cake": (("\U0001F382",), "birthday cake"),
    "queen_rainbow": (("\U0001F308",), "rainbow"),
    "queen_rose": (("\U0001F339",), "rose"),
    "queen_starfish": (("\u2B50",), "star"),
    # the character cards
    "card_king": (("\U0001F934",), "prince"),
    "card_potion": (("\U0001F9EA",), "test tube"),
    "card_wand": (("\U0001FA84",), "magic wand"),
    "card_jester": (("\U0001F0CF",), "joker"),
}

#: No starfish emoji exists: the star is tinted coral and given a sea-blue rim.
CORAL = [(0.0, (120, 20, 30)), (0.45, (226, 86, 70)), (0.8, (255, 150, 120)), (1.0, (255, 226, 200))]

CREDITS = """\
# Card picture credits

The card pictures in this folder, the Sleeping Queens' own (`queen_*.png`, `card_*.png`), are
rendered from the **Noto Color Emoji** font (emoji artwork by Google, part of the Noto fonts
project), licensed under the **SIL Open Font License, Version 1.1** — see `LICENSE-OFL.txt` in this folder.  They are made by
`tools/make_cards.py` (`python tools/make_cards.py`); nothing is downloaded.  The card faces and
backs themselves (frames, numbers, points, the back's pattern) are drawn by the game at run time
(`kidgames/ui/cards.py`).

| picture | made from |
| --- | --- |
"""


def render(E: ms.Emoji, name: str) -> tuple[pygame.Surface, str]:
    candidates, what = PICTURES[name]
    used, glyph = E.first(*candidates)
    source = f"{used} {what} ({ms.codepoints(used)})"
    if name == "queen_starfish":
        glyph = ms.gradient_map(glyph, CORAL)
        source += ", tinted coral (there is no starfish emoji)"
    return glyph, source


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--font", default=os.environ.get("KIDGAMES_EMOJI_FONT", ms.DEFAULT_FONT))
    ap.add_argument("--check", action="store_true", help="only check the existing pictures")
    args = ap.parse_args(argv)
    pygame.font.init()
    if not args.check:
        if not os.path.exists(args.font):
            print(f"emoji font not found: {args.font} (Debian package fonts-noto-color-emoji)", file=sys.stderr)
            return 2
        E = ms.Emoji(args.font)
        rows = []
        for name in PICTURES:
            surf, source = render(E, name)
            pygame.image.save(ms.fit(surf), os.path.join(OUT_DIR, name + ".png"))
            rows.append(f"| `{name}.png` | {source} |")
        text = CREDITS + "\n".join(rows) + f"\n\nRendered with the font version: {ms.font_version(args.font)}.\n"
        os.makedirs(OUT_DIR, exist_ok=True)
        with open(os.path.join(OUT_DIR, "CREDITS.md"), "w", encoding="utf-8") as fh:
            fh.write(text)
        shutil.copyfile(os.path.join(ms.OUT_DIR, "LICENSE-OFL.txt"), os.path.join(OUT_DIR, "LICENSE-OFL.txt"))
    problems = [f"{n}: {err}" for n in PICTURES
                if (err := ms.check_sprite(os.path.join(OUT_DIR, n + ".png")))]
    if problems:
        print("PROBLEMS:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print(f"{len(PICTURES)} card pictures OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
