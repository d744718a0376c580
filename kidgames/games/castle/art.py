"""Castle Builders' pictures: the castles, drawn piece by piece in their colour and emblem with the
missing pieces as a ghost, and the cards (a castle card shows its piece in the whole castle's
ghost).  Drawn once per look and size by :class:`CastleArt`, the game's card kit (see
kidgames/ui/cards.py for the card kit of every card game)."""
from __future__ import annotations

import math

import pygame

from kidgames.ui.cards import CardArt, CardLook
from kidgames.ui.widgets import INK, PAPER, draw_shape, shade

from .layout import BADGE_R, CHOICE_RECT, FAIRY_BUTTON, LOSE_RECT, WITCH_BUTTON, badge_centre
from .rules import DIAMOND, EMBLEMS, FAIRY, PIECES, WITCH, colour_of, piece_of

CASTLE_RGB = {"red": (214, 62, 58), "blue": (58, 112, 222), "yellow": (236, 188, 36), "purple": (148, 80, 198)}
DIAMOND_LOOK = CardLook(picture="diamond", colour=(120, 200, 230))
FAIRY_LOOK = CardLook(picture="fairy", colour=(240, 160, 220))
WITCH_LOOK = CardLook(picture="witch", colour=(70, 60, 80))
# the castle picture's box in units: 100 wide, CASTLE_RATIO times as high
CASTLE_RATIO = 1.4


def card_look(card: str) -> CardLook:
    """A castle card shows its piece in the whole castle's ghost and its number in the top left corner
    (in view when cards overlap in a row)."""
    colour = colour_of(card)
    if colour is not None:
        return CardLook(picture=card, corner=str(piece_of(card)), colour=CASTLE_RGB[colour], corner_left=True)
    return {DIAMOND: DIAMOND_LOOK, FAIRY: FAIRY_LOOK, WITCH: WITCH_LOOK}[card]


def tint(rgb, share: float = 0.4):
    """A pale tint of a pawn's colour: the current player's panel, light enough that a castle of
    any colour stands out on it."""
    return tuple(round(PAPER[i] + (rgb[i] - PAPER[i]) * share) for i in range(3))


# -- the castle picture ----------------------------------------------------------------------------
def draw_emblem(surface, emblem: str, centre, r: float, colour) -> None:
    """The emblem of a colour (heart, star, sun, moon), so that colour-blind players tell the
    castles apart."""
    x, y = centre
    if emblem == "heart":
        pygame.draw.circle(surface, colour, (x - r * 0.48, y - r * 0.3), r * 0.55)
        pygame.draw.circle(surface, colour, (x + r * 0.48, y - r * 0.3), r * 0.55)
        pygame.draw.polygon(surface, colour, [(x - r * 1.0, y - r * 0.15), (x + r * 1.0, y - r * 0.15), (x, y + r)])
    elif emblem == "star":
        draw_shape(surface, "star", (x, y), r * 0.95, colour)
    elif emblem == "sun":
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surface, colour, (x + math.cos(a) * r * 0.5, y + math.sin(a) * r * 0.5),
                             (x + math.cos(a) * r * 1.05, y + math.sin(a) * r * 1.05), max(2, round(r * 0.22)))
        pygame.draw.circle(surface, colour, (x, y), r * 0.55)
    else:   # the moon: a crescent, the outer circle's left side and an inner circle's arc
        outer = [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(50, 311, 10)]
        cx = x + r * 0.35
        inner = [(cx + r * 0.82 * math.cos(math.radians(a)), y + r * 0.82 * math.sin(math.radians(a)))
                 for a in range(291, 68, -10)]
        pygame.draw.polygon(surface, colour, outer + inner)


#: The pieces each piece holds up (the base holds up the walls, ... the keep holds up its roof).
SUPPORTS = {1: (2, 3, 4, 5, 6), 2: (3, 4, 5, 6), 3: (4, 5, 6), 5: (6,)}
SCAFFOLD, SCAFFOLD_FILL = (150, 104, 60), (236, 214, 178)


#: The shapes of each castle piece in units (box 100 × 140): ("rect", [x, y, w, h]), ("poly",
#: points) or ("roof", points: a polygon in the darker shade).  1 the gate wall, 2 the wall with
#: windows, 3 the battlements, 4 the corner towers, 5 the keep, 6 its roof and flag.
PIECE_SHAPES: dict[int, list[tuple[str, list]]] = {
    1: [("rect", [8, 110, 84, 30])],
    2: [("rect", [10, 82, 80, 29])],
    3: [("rect", [10, 72, 80, 11])] + [("rect", [x, 63, 9, 10]) for x in (10, 27.5, 45.5, 63.5, 81)],
    4: [("rect", [4, 40, 22, 43]), ("rect", [74, 40, 22, 43]),
        ("poly", [(1, 41), (29, 41), (15, 18)]), ("poly", [(71, 41), (99, 41), (85, 18)])],
    5: [("rect", [33, 30, 34, 43])],
    6: [("roof", [(29, 31), (71, 31), (50, 8)]), ("rect", [49, 0, 2, 10]), ("poly", [(51, 0), (68, 4), (51, 8)])],
}
#: What each piece shows on its stones: windows ([x, y, w, h] and the radius of their corners, in
#: units) and emblems (centre, size in units, and their colour: "light", "rgb" or "paper").
WINDOWS = {2: [([18, 89, 10, 13], 4), ([72, 89, 10, 13], 4)], 4: [([13, 52, 4, 12], 0), ([83, 52, 4, 12], 0)],
           5: [([44, 38, 12, 14], 5)]}
EMBLEM_SPOTS = {1: [((24, 125), 7, "light"), ((76, 125), 7, "light")], 2: [((50, 96), 8, "rgb")],
                3: [((50, 77), 4, "light")], 4: [((15, 72), 5, "light"), ((85, 72), 5, "light")],
                5: [((50, 63), 6, "light")], 6: [((50, 23), 6, "paper")]}


def draw_castle(surface, rect: pygame.Rect, colour: str | None, pieces, ghost: bool = True) -> None:
    """A castle in ``rect`` (its width sets the scale): the ``pieces`` present in their colour,
    the others as a faint ghost (when ``ghost``).  Without a colour only the ghost shows."""
    s = rect.w / 100
    ox, oy = rect.x, rect.bottom - 140 * s

    def pt(p):
        return ox + p[0] * s, oy + p[1] * s

    def box(data) -> pygame.Rect:
        return pygame.Rect(round(ox + data[0] * s), round(oy + data[1] * s), round(data[2] * s), round(data[3] * s))

    def shape(kind, data, fill, edge, width):
        if kind == "rect":
            rect = box(data)
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, edge, rect, width)
        else:
            points = [pt(p) for p in data]
            pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, edge, points, width)

    present = set(pieces)
    line = max(1, round(s * 1.2))
    if ghost:
        for piece in range(1, PIECES + 1):
            if piece not in present or colour is None:
                for kind, data in PIECE_SHAPES[piece]:
                    shape(kind, data, (255, 255, 255, 80), (70, 70, 90, 110), line)
    if colour is None:
        return
    # A piece built before the ones under it stands on wooden scaffolding, not in the air.
    width = max(2, round(s * 2.2))
    for piece in range(1, PIECES + 1):
        if piece in present or not any(q in present for q in SUPPORTS.get(piece, ())):
            continue
        for r in [box(data) for kind, data in PIECE_SHAPES[piece] if kind == "rect"]:
            pygame.draw.rect(surface, SCAFFOLD_FILL, r)
            for x in (r.x + width, r.right - width - 1):
                pygame.draw.line(surface, SCAFFOLD, (x, r.y), (x, r.bottom - 1), width)
            pygame.draw.line(surface, SCAFFOLD, (r.x + width, r.y + width), (r.right - width, r.bottom - width), width)
            pygame.draw.line(surface, SCAFFOLD, (r.x + width, r.bottom - width), (r.right - width, r.y + width), width)
            pygame.draw.line(surface, SCAFFOLD, r.topleft, (r.right - 1, r.y), width)
    rgb = CASTLE_RGB[colour]
    dark, light, window = shade(rgb, 0.55), shade(rgb, 1.3), (50, 40, 60)
    emblem, inks = EMBLEMS[colour], {"light": light, "rgb": rgb, "paper": PAPER}
    for piece in sorted(present):
        for kind, data in PIECE_SHAPES[piece]:
            shape(kind, data, dark if kind == "roof" else rgb, dark, line)
        if piece == 1:
            gate = box([40, 118, 20, 22])
            pygame.draw.rect(surface, window, gate, border_top_left_radius=gate.w // 2,
                             border_top_right_radius=gate.w // 2)
        elif piece == 2:
            pygame.draw.circle(surface, PAPER, pt((50, 96)), 11 * s)     # under its emblem
        for data, radius in WINDOWS.get(piece, ()):
            pygame.draw.rect(surface, window, box(data), border_radius=max(1, round(radius * s)) if radius else 0)
        for centre, size, ink in EMBLEM_SPOTS[piece]:
            draw_emblem(surface, emblem, pt(centre), size * s, inks[ink])


class CastleArt(CardArt):
    """The card kit's faces, and this game's own: castle cards (a piece in its castle's ghost)
    and castles, drawn once per look and size (one per scene: it holds surfaces)."""

    card_look = staticmethod(card_look)

    def surface(self, look: CardLook, width: int) -> pygame.Surface:
        picture = look.picture
        if look.face_down or not picture or colour_of(picture) is None:
            return super().surface(look, width)

        def draw() -> pygame.Surface:
            plain = CardLook(corner=look.corner, colour=look.colour, corner_left=look.corner_left)
            surf = super(CastleArt, self).surface(plain, width).copy()
            w = surf.get_width() - 2
            pic_w = round(w * 0.62)
            area = pygame.Rect(0, 0, pic_w, round(pic_w * CASTLE_RATIO))
            area.center = (w // 2, round((surf.get_height() - 4) * 0.56))
            pygame.draw.rect(surf, PAPER, area.inflate(w // 8, w // 10), border_radius=w // 10)
            surf.blit(self.castle(colour_of(picture), (piece_of(picture),), pic_w), area)
            return surf
        return self.kept(("card", look, width), draw)

    def castle(self, colour: str | None, pieces: tuple[int, ...], width: int) -> pygame.Surface:
        def draw() -> pygame.Surface:
            surf = pygame.Surface((width, round(width * CASTLE_RATIO)), pygame.SRCALPHA)
            draw_castle(surf, surf.get_rect(), colour, pieces)
            return surf
        return self.kept(("castle", colour, pieces, width), draw)

    def stack(self, surface, card: str, n: int, rect: pygame.Rect) -> None:
        """A stack of ``n`` cards at ``rect``, a few of them showing beneath, and its count."""
        face = self.surface(card_look(card), rect.w)
        for k in range(min(n, 4) - 1, 0, -1):
            surface.blit(face, rect.move(k * 4, -k * 4))
        surface.blit(face, rect)
        if n > 1:
            centre = badge_centre(rect)
            pygame.draw.circle(surface, PAPER, centre, BADGE_R)
            pygame.draw.circle(surface, INK, centre, BADGE_R, 3)
            num = self.assets.text(str(n), 30, INK, title=True)
            surface.blit(num, num.get_rect(center=centre))

    def witch_question(self, surface, text: str, items: list[tuple[str, int, pygame.Rect]] | None = None) -> None:
        """The witch asks (``text``): to use the fairy or not, or which of the ``items`` (a card, its
        count and where it lies) to give her."""
        assets = self.assets
        panel = CHOICE_RECT if items is None else LOSE_RECT
        self.panel(surface, panel, PAPER, radius=32, border=(90, 60, 110), border_width=6, shadow=8)
        witch = assets.image("witch", 120)
        surface.blit(witch, witch.get_rect(topleft=(panel.x + 24, panel.y + 16)))
        if items is None:
            for name, button in (("fairy", FAIRY_BUTTON), ("witch", WITCH_BUTTON)):    # over their buttons
                pic = assets.image(name, 200)
                surface.blit(pic, pic.get_rect(center=(button.centerx, CHOICE_RECT.y + 330)))
        else:
            for card, n, rect in items:
                pygame.draw.rect(surface, (250, 200, 230), rect.inflate(12, 12), border_radius=16)
                self.stack(surface, card, n, rect)
        label = assets.fit_text(text, 40, INK, panel.w - 190, 120, title=True)
        surface.blit(label, label.get_rect(midleft=(panel.x + 160, panel.y + 76)))
