"""Sleeping Queens' pictures: the cards' faces and the queens' green back, and what the table shows
besides cards (a panel's score and hand, the sleeping queens' places, the jester's count, whose
hand lies at the bottom, the discard preview).  :class:`QueensArt` is the game's card kit (see
kidgames/ui/cards.py for the card kit of every card game); the scene says what to show and where."""
from __future__ import annotations

from dataclasses import replace

import pygame

from kidgames.ui.cards import BACK, CardArt, CardLook
from kidgames.ui.widgets import INK, PAPER, draw_pawn, shade

from .layout import BACKS_STEP, BACKS_W, EQUATION_RECT, FELT, HAND_LABEL, MARK_R, PAIR_CARD_W
from .rules import QUEEN_POINTS

QUEEN_BACK = (60, 150, 90)
QUEEN_COLOUR = (246, 170, 200)
CARD_COLOURS = {"king": (250, 200, 70), "knight": (170, 180, 200), "dragon": (120, 200, 120),
                "potion": (150, 120, 220), "wand": (250, 150, 90), "jester": (240, 110, 120)}
CARD_PICTURES = {"king": "card_king", "knight": "knight", "dragon": "dragon", "potion": "card_potion",
                 "wand": "card_wand", "jester": "card_jester"}
NUMBER_COLOUR = (90, 150, 230)


def card_look(card: str) -> CardLook:
    """The face of a card of this game: a picture for a character, a big number for n1–n10, a
    picture and points for a queen."""
    if card in QUEEN_POINTS:
        return CardLook(picture=f"queen_{card}", corner=str(QUEEN_POINTS[card]), colour=QUEEN_COLOUR)
    if card.startswith("n") and card[1:].isdigit():
        return CardLook(number=card[1:], colour=NUMBER_COLOUR)
    return CardLook(picture=CARD_PICTURES.get(card), colour=CARD_COLOURS.get(card, (200, 200, 200)))


def panel_look(queen: str) -> CardLook:
    """An awake queen in her owner's panel: her points in the top left corner, the part of her
    card that stays in view when the next queen lies over the rest."""
    return replace(card_look(queen), corner_left=True)


QUEEN_BACK_LOOK = CardLook(face_down=True, colour=QUEEN_BACK)


class QueensArt(CardArt):
    """The card kit of Sleeping Queens, with the game's pictures on the table."""

    card_look = staticmethod(card_look)

    def score(self, surface, area: pygame.Rect, count: int, points: int, need: tuple[int, int], ink, outline) -> None:
        """A panel's queens and points in its ``area``, each out of what wins (``need``: queens, points)."""
        rows = (("crown", 30, count, need[0], area.y + 22), ("star", 28, points, need[1], area.y + 54))
        for picture, size, have, wins, line in rows:
            icon = self.assets.image(picture, size)
            surface.blit(icon, icon.get_rect(midleft=(area.x + 6, line)))
            label = self.assets.text(f"{have}/{wins}", 26, ink, title=True, outline=outline)
            surface.blit(label, label.get_rect(midleft=(area.x + 40, line)))

    def backs(self, surface, area: pygame.Rect, count: int) -> None:
        """The ``count`` cards of a hand as a small fan of backs in its ``area`` (never their faces)."""
        back = self.surface(BACK, BACKS_W)
        for k in range(count):
            surface.blit(back, (area.x + 2 + k * BACKS_STEP, area.y + 2))

    def queens(self, surface, queens: list[str], rects: list[pygame.Rect], lit) -> None:
        """A panel's awake queens, those in ``lit`` (a knight's or a potion's targets) shining."""
        for queen, qrect in zip(queens, rects):
            if queen in lit:
                pygame.draw.rect(surface, (255, 230, 60), qrect.inflate(12, 12), border_radius=14)
            surface.blit(self.surface(panel_look(queen), qrect.w), qrect)

    def mark(self, surface, centre, number: int | None) -> None:
        """The jester's count, stopping at a panel."""
        if number is None:
            return
        pygame.draw.circle(surface, (255, 230, 60), centre, MARK_R)
        pygame.draw.circle(surface, INK, centre, MARK_R, 4)
        num = self.assets.text(str(number), 48, INK, title=True)
        surface.blit(num, num.get_rect(center=centre))

    def slot(self, surface, rect: pygame.Rect, shown: str | None, lit: bool) -> None:
        """A sleeping queen face down ("?"), shining where a tap wakes her, a queen turned up, or her
        empty place (None)."""
        if lit:
            pygame.draw.rect(surface, (255, 230, 60), rect.inflate(16, 16), border_radius=18)
        if shown is None:
            pygame.draw.rect(surface, shade(FELT, 0.8), rect, border_radius=14)
            pygame.draw.rect(surface, shade(FELT, 1.4), rect, 3, border_radius=14)
            return
        surface.blit(self.surface(QUEEN_BACK_LOOK if shown == "?" else card_look(shown), rect.w), rect)
        if shown == "?":
            zz = self.assets.image("sleeping", 44)
            surface.blit(zz, zz.get_rect(center=(rect.centerx, rect.bottom - 34)))

    def hand_label(self, surface, person, text: str) -> None:
        """Whose hand lies at the bottom: their pawn and name."""
        draw_pawn(surface, person.colour, person.shape, (HAND_LABEL.centerx, HAND_LABEL.y + 60), 70)
        label = self.assets.fit_text(text, 28, (255, 255, 255), HAND_LABEL.w, 120, title=True, outline=INK)
        surface.blit(label, label.get_rect(midtop=(HAND_LABEL.centerx, HAND_LABEL.y + 120)))

    def equation(self, surface, text: str, ok: bool, pair: str | None) -> None:
        """The discard preview: the sum the selected cards make (or a ``pair``: two equal cards)
        and a tick or a cross."""
        self.panel(surface, EQUATION_RECT, PAPER, radius=24, border=(80, 170, 80) if ok else (210, 80, 70),
                   border_width=6, shadow=4)
        mark = self.assets.image("check" if ok else "cross", 70)
        surface.blit(mark, mark.get_rect(midleft=(EQUATION_RECT.x + 16, EQUATION_RECT.centery)))
        area = pygame.Rect(EQUATION_RECT.x + 100, EQUATION_RECT.y + 8, EQUATION_RECT.w - 116, EQUATION_RECT.h - 16)
        if pair is not None:
            face = self.surface(card_look(pair), PAIR_CARD_W)
            for k in (-1, 1):
                surface.blit(face, face.get_rect(center=(area.centerx + k * (PAIR_CARD_W // 2 + 12), area.centery)))
            return
        label = self.equation_label(text, 54, area.w, area.h) if ok else \
            self.assets.fit_text(text, 30, INK, area.w, area.h, title=True)
        surface.blit(label, label.get_rect(center=area.center))

    def equation_label(self, text: str, size: int, width: int, height: int) -> pygame.Surface:
        """A sum "2 + 3 + 5 = 10" on one line, as large as fits; when even small it does not,
        broken at "=" (an equation is never split inside its sum)."""
        left, _, right = text.partition(" = ")
        two = f"{left}\n= {right}" if right else text
        for lines, smallest in ((text, 30), (two, 16)):
            for s in range(size, smallest - 1, -2):
                label = self.assets.text(lines, s, INK, title=True)
                if label.get_width() <= width and label.get_height() <= height:
                    return label
        return self.assets.text(two, 16, INK, title=True)
