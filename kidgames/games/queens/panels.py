"""The seat panels of the Sleeping Queens table: where things lie in them (each place worked out once
for its arguments and @kept: read them, never change them), what never changes inside them, and
their score."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kidgames.ui.board_pieces import draw_robot
from kidgames.ui.card_table import KeptPlaces, kept
from kidgames.ui.cards import card_size, seat_rects, width_to_fit
from kidgames.ui.targets import Target
from kidgames.ui.widgets import INK, PAWN_RGB, draw_pawn, shade

from .layout import (BACKS_STEP, BACKS_W, MARK_R, PANEL_NAME_W, PANEL_SIDE_W, ROBOT_AT, ROBOT_SIZE, SEATS_AREA)
from .rules import QUEEN_POINTS

if TYPE_CHECKING:
    from .scene import QueensScene


class QueensPanels(KeptPlaces["QueensScene"]):
    """The players' panels (a part of :class:`QueensTable`)."""

    # -- the seats (the places @kept: read them, never change them) ------------------------------
    @kept
    def seat_rects(self) -> list[pygame.Rect]:
        return seat_rects(len(self.scene.seats), SEATS_AREA, tallest=220)

    def name_size(self) -> int:
        """One size for the names in the panels: the largest (up to 30) at which each fits on one
        line beside its pawn — of the names no wider than this language's widest colour word (a long
        colour name in Russian must not be smaller than the rest).  A longer name the family typed is
        shrunk or cut alone (:meth:`draw_name`): it never makes the other names small."""
        text = self.scene.app.assets.text

        def width(name: str, size: int) -> int:
            return text(name, size, INK, title=True).get_width()

        def pick() -> int:
            widest = max(width(self.scene.app.t(f"colour.{colour}"), 30) for colour in PAWN_RGB)
            names = [seat.name for seat in self.scene.seats if width(seat.name, 30) <= widest]
            return next((size for size in range(30, 17, -1)
                         if all(width(name, size) <= PANEL_NAME_W - 74 for name in names)), 18)
        return self._kept(("name_size", self.scene.app.assets.lang), pick)

    def queen_width(self) -> int:
        return width_to_fit(self.seat_rects()[0].h - 14, 110)

    @kept
    def queen_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """A panel's awake queens in a row between its name and its right edge (where a computer's
        robot and the hand's backs lie), each overlapping the one before it at most so far that
        her points, in her top left corner, stay in view."""
        panel = self.seat_rects()[seat]
        w, h = card_size(self.queen_width())
        area = pygame.Rect(panel.x + PANEL_NAME_W, panel.y, panel.w - PANEL_NAME_W - PANEL_SIDE_W, panel.h)
        step = min(w + 6, (area.w - w) / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(round(area.x + i * step), area.centery - h // 2, w, h) for i in range(count)]

    @kept
    def robot_area(self, seat: int) -> pygame.Rect | None:
        """Where a computer's robot and its level lie in its panel (None for a person)."""
        if not self.scene.seats[seat].is_computer:
            return None
        rect = self.seat_rects()[seat]
        return pygame.Rect(0, 0, ROBOT_SIZE + 12, ROBOT_SIZE + 24).move_to(center=(rect.right - ROBOT_AT[0],
                                                                                   rect.y + ROBOT_AT[1] + 2))

    @kept
    def score_area(self, seat: int) -> pygame.Rect:
        """Where a panel shows its queens' count and points, a line each."""
        rect = self.seat_rects()[seat]
        y = rect.y + (62 if rect.h < 150 else 84)
        return pygame.Rect(rect.x + 4, y - 22, PANEL_NAME_W - 4, 76)

    @kept
    def queens_area(self, seat: int, count: int) -> pygame.Rect | None:
        """Where a panel's awake queens lie, with the glow of a lit one."""
        if not count:
            return None
        rects = self.queen_rects(seat, count)
        return rects[0].unionall(rects[1:]).inflate(16, 16)

    @kept
    def backs_area(self, seat: int, count: int) -> pygame.Rect | None:
        """Where the backs of a panel's hand cards lie, a little fan of them (never their faces)."""
        if not count:
            return None
        rect = self.seat_rects()[seat]
        w, h = card_size(BACKS_W)
        return pygame.Rect(rect.right - 72, rect.bottom - h - 10, w + BACKS_STEP * (count - 1) + 6, h + 6)

    @kept
    def mark_area(self, seat: int) -> pygame.Rect:
        """The jester's count in a panel."""
        rect = self.seat_rects()[seat]
        return pygame.Rect(0, 0, 2 * MARK_R + 6, 2 * MARK_R + 6).move_to(center=(rect.right - 50, rect.centery))

    def panel_centre(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rects()[seat]
        return rect.x + PANEL_NAME_W // 2, rect.centery

    def next_queen_centre(self, seat: int) -> tuple[int, int]:
        return self.queen_rects(seat, len(self.scene.v_awake[seat]) + 1)[-1].center

    def ink(self, seat: int) -> tuple:
        """A panel's words: white on the lit player's colour, outlined so that they read on yellow too."""
        lit = seat == self.scene.part.lit_panel()
        return ((255, 255, 255) if lit else INK), (shade(PAWN_RGB[self.scene.seats[seat].colour], 0.5) if lit else None)

    def draw_name(self, surface, i: int, rect: pygame.Rect, lit: bool) -> None:
        """What never changes in a panel: the pawn, the name and a computer's robot."""
        seat, assets = self.scene.seats[i], self.scene.app.assets
        ink, outline = self.ink(i)
        pawn_size = 40 if rect.h < 150 else 58
        draw_pawn(surface, seat.colour, seat.shape, (rect.x + 36, rect.y + pawn_size // 2 + 14), pawn_size)
        name = assets.text(seat.name, self.name_size(), ink, title=True, outline=outline)
        if name.get_width() > PANEL_NAME_W - 74:      # a name longer than any colour's
            name = assets.fit_text(seat.name, self.name_size(), ink, PANEL_NAME_W - 74, 44, title=True, outline=outline)
        surface.blit(name, name.get_rect(midleft=(rect.x + 66, rect.y + 30)))
        if seat.is_computer:
            draw_robot(surface, assets, seat, (rect.right - ROBOT_AT[0], rect.y + ROBOT_AT[1]), ROBOT_SIZE)

    def score_look(self, i: int) -> tuple:
        awake = self.scene.v_awake[i]
        return i == self.scene.part.lit_panel(), len(awake), sum(QUEEN_POINTS[q] for q in awake)

    def queen_targets(self) -> list[Target]:
        """Every awake queen in the panels, each with the part of her card that shows."""
        return self.scene.seat_targets("queen_parts", lambda seat: self.scene.v_awake[seat], self.queen_rects)

