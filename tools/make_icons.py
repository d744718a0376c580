#!/usr/bin/env python3
"""Make the launchers' icons: each game's menu tile, square, as PNGs of 48, 64, 128, 256 and 512 px.

``python tools/make_icons.py`` writes ``kidgames/icons/<size>/<name>.png`` (``<name>`` is a game's id,
or ``kidgames`` for the whole collection); ``--check`` only compares what it would make with the
committed files; ``--out DIR`` writes somewhere else.  An icon is the menu's tile without its title
(text is unreadable at 48 px and would be in one language): the same cream card with its golden
border and the same sky-blue picture box, the game's first tile picture large in the middle and its
other pictures in the corners (kidgames/ui/menu.py, ``MenuScene.draw_tile``).  The collection's
icon (which the app's window shows too) is the castle, with the games' own pictures in the corners.  Each icon
is drawn at 512 px and scaled down, so every size shows the same picture.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from kidgames.core.paths import COLLECTION_ICON  # noqa: E402

SIZES = (48, 64, 128, 256, 512)
ICONS = ROOT / "kidgames" / "icons"
COLLECTION = COLLECTION_ICON
#: the collection's pictures: the castle (the app's window shows this icon: kidgames/ui/assets.py window_icon) and the games'
COLLECTION_TILE = ("castle", "knight", "tree", "queen", "dice")
BIG = 512


def tiles() -> dict[str, tuple[str, ...]]:
    """Icon name -> the pictures of its tile (the first large), for every game the menu shows."""
    from kidgames.games import GAMES
    from kidgames.ui.menu import playable
    found = {spec.id: tuple(spec.tile or ("dice",)) for spec in playable(GAMES)}
    return {COLLECTION: COLLECTION_TILE, **found}


def draw_icon(assets, pictures: tuple[str, ...]) -> pygame.Surface:
    """One icon at 512 px: the menu tile's card, picture box and pictures, in a square."""
    from kidgames.ui.widgets import PAPER
    surface = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    card = pygame.Rect(8, 8, BIG - 16, BIG - 16)
    pygame.draw.rect(surface, PAPER, card, border_radius=84)
    pygame.draw.rect(surface, (200, 150, 60), card, 14, border_radius=84)    # the menu tile's border
    inner = card.inflate(-56, -56)
    pygame.draw.rect(surface, (190, 225, 250), inner, border_radius=60)      # its picture box
    main, *others = pictures
    side = inner.w * 2 // 5
    corners = [inner.bottomleft, inner.bottomright, inner.topleft, inner.topright]
    for name, corner in zip(others, corners):
        small = assets.image(name, side)
        cx = corner[0] + (side * 7 // 12 if corner[0] == inner.left else -side * 7 // 12)
        cy = corner[1] + (-side * 7 // 12 if corner[1] == inner.bottom else side * 7 // 12)
        surface.blit(small, small.get_rect(center=(cx, cy)))
    pic = assets.image(main, inner.w * 3 // 5)
    surface.blit(pic, pic.get_rect(center=inner.center))
    return surface


def make_all() -> dict[tuple[int, str], pygame.Surface]:
    """(size, name) -> the icon."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    from kidgames.ui.assets import Assets
    assets = Assets("en", sound=False)
    made = {}
    for name, pictures in tiles().items():
        big = draw_icon(assets, pictures)
        for size in SIZES:
            made[size, name] = big if size == BIG else pygame.transform.smoothscale(big, (size, size))
    return made


def differs(a: pygame.Surface, b: pygame.Surface) -> float:
    """The mean difference of two icons' channels (0 to 255)."""
    if a.get_size() != b.get_size():
        return 255.0
    da, db = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
    return sum(abs(x - y) for x, y in zip(da, db)) / len(da)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ICONS, help="the folder to write (default: kidgames/icons)")
    parser.add_argument("--check", action="store_true", help="only compare with the committed icons")
    args = parser.parse_args(argv)
    made = make_all()
    bad = []
    for (size, name), icon in sorted(made.items()):
        path = args.out / str(size) / f"{name}.png"
        if args.check:
            if not path.is_file():
                bad.append(f"{path}: missing")
            elif (d := differs(pygame.image.load(str(path)), icon)) > 1.0:
                bad.append(f"{path}: differs from what the tool makes (mean {d:.2f})")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(icon, str(path))
        print(f"wrote {path}")
    for line in bad:
        print(line, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
