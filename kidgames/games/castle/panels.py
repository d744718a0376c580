"""The seat panels of the Castle Builders table: each player's castle, drawn piece by piece in its
colour (the missing pieces as a ghost), and their spare pile of castle cards, diamonds and fairies,
face up.  Where things lie in them is worked out once per count and @kept: read it, never change it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kidgames.ui.board_pieces import draw_robot
from kidgames.ui.card_table import KeptPlaces, kept
from kidgames.ui.cards import seat_rects, width_to_fit
from kidgames.ui.targets import Target, visible_parts
from kidgames.ui.widgets import INK, PAPER, PAWN_RGB, draw_pawn, shade

from .art import CASTLE_RATIO, tint
from .layout import NAME_W, SEATS_AREA, spare_items, spare_places, stack_area
from .rules import DIAMOND, FAIRY, PIECES, piece_of

if TYPE_CHECKING:
    from .scene import CastleScene


def pile_counts(items: list[tuple[str, int]]) -> tuple[int, int]:
    """How many items a spare pile has, and how many of them (at its end) are stacks."""
    return len(items), sum(1 for card, _ in items if card in (DIAMOND, FAIRY))


class CastlePanels(KeptPlaces["CastleScene"]):
    """The players' panels (a part of :class:`CastleTable`)."""

    # -- where things are ------------------------------------------------------------------------
    # The places below are worked out once per count and kept (the seats never change): read them,
    # never change them.
    @kept
    def seat_rects(self) -> list[pygame.Rect]:
        return seat_rects(len(self.scene.seats), SEATS_AREA, tallest=420)

    @kept
    def castle_rect(self, seat: int) -> pygame.Rect:
        panel = self.seat_rects()[seat]
        w = min(230, int((panel.h - 20) / CASTLE_RATIO))
        return pygame.Rect(0, 0, w, round(w * CASTLE_RATIO)).move_to(bottomleft=(panel.x + NAME_W + 6,
                                                                              panel.bottom - 10))

    def spare_width(self) -> int:
        return width_to_fit(self.seat_rects()[0].h - 28, 130)

    @kept
    def spare_rects(self, seat: int, count: int, stacks: int = 0) -> list[pygame.Rect]:
        """Where the ``count`` items of a spare pile lie, the last ``stacks`` of them stacks of
        diamonds or fairies: side by side, or the castle cards fanned when a pile grows long, every
        card with a part a finger can tap, and no stack over a castle card (see ``spare_places``)."""
        panel = self.seat_rects()[seat]
        left = self.castle_rect(seat).right + 24
        area = pygame.Rect(left, panel.y + 4, panel.right - 12 - left, panel.h - 8)
        return spare_places(area, count, stacks, self.spare_width())

    def pile_rects(self, seat: int, items: list[tuple[str, int]]) -> list[pygame.Rect]:
        """Where the ``items`` of ``seat``'s spare pile (as ``spare_items`` gives them) lie."""
        return self.spare_rects(seat, *pile_counts(items))

    def spare_item_rect(self, seat: int, card: str, spares: list[str] | None = None) -> pygame.Rect:
        items = spare_items(self.scene.v_spares[seat] if spares is None else spares)
        return next((rect for (c, _), rect in zip(items, self.pile_rects(seat, items)) if c == card),
                    self.castle_rect(seat))

    @kept
    def castle_area(self, seat: int) -> pygame.Rect:
        """A panel's castle with its ground, and its count of pieces (see draw_castle)."""
        panel, rect = self.seat_rects()[seat], self.castle_rect(seat)
        count = pygame.Rect(panel.x + 4, panel.bottom - 56, NAME_W - 8, 50)
        return rect.inflate(16, 16).union(count)

    @kept
    def spares_area(self, seat: int, count: int, stacks: int = 0) -> pygame.Rect | None:
        """Where a panel's spare pile lies: the stacks and their glow."""
        if not count:
            return None
        rects = [stack_area(r) for r in self.spare_rects(seat, count, stacks)]
        return rects[0].unionall(rects[1:])

    def draw_name(self, surface, i: int, rect: pygame.Rect, lit: bool) -> None:
        """What never changes in a panel: the pawn, the name and a computer's robot."""
        seat, assets = self.scene.seats[i], self.scene.app.assets
        pawn_size = 46 if rect.h < 240 else 64
        draw_pawn(surface, seat.colour, seat.shape, (rect.x + 40, rect.y + pawn_size // 2 + 16), pawn_size)
        name = assets.fit_text(seat.name, 30, INK, NAME_W - 12, 44, title=True)
        surface.blit(name, name.get_rect(midleft=(rect.x + 12, rect.y + pawn_size + 44)))
        if seat.is_computer:
            draw_robot(surface, assets, seat, (rect.x + NAME_W - 32, rect.y + 36), 40)

    def castle_look(self, i: int) -> tuple:
        return self.scene.v_colours[i], tuple(self.scene.v_castles[i]), i == self.scene.part.lit_panel()

    def draw_castle(self, surface, i: int) -> None:
        """A panel's castle on its ground (the ghost of the pieces still to come), and how many
        pieces it has."""
        colour, rect, panel = self.scene.v_colours[i], self.castle_rect(i), self.seat_rects()[i]
        fill = tint(PAWN_RGB[self.scene.seats[i].colour]) if i == self.scene.part.lit_panel() else PAPER
        pygame.draw.ellipse(surface, shade(fill, 0.82), pygame.Rect(rect.x - 6, rect.bottom - 8, rect.w + 12, 12))
        pieces = tuple(piece_of(c) for c in self.scene.v_castles[i])
        surface.blit(self.scene.art.castle(colour, pieces, rect.w), rect)
        if colour is not None:
            count = self.scene.app.assets.text(f"{len(pieces)}/{PIECES}", 28, INK, title=True)
            surface.blit(count, count.get_rect(bottomleft=(panel.x + 12, panel.bottom - 12)))

    def spares_look(self, i: int) -> tuple:
        """A panel's spare pile, and its cards that can be bought (they shine while a person buys)."""
        buyable = self.scene.part.buy_targets() if self.scene.part.buying else {}
        shining = tuple(sorted(card for seller, card in buyable if seller == i))
        return tuple(spare_items(self.scene.v_spares[i])), shining

    def draw_spares(self, surface, i: int) -> None:
        items, shining = self.spares_look(i)
        for (card, n), rect in zip(items, self.pile_rects(i, list(items))):
            if card in shining:
                pygame.draw.rect(surface, (255, 230, 60), rect.inflate(16, 16), border_radius=16)
            self.scene.art.stack(surface, card, n, rect)

    def spare_targets(self) -> list[Target]:
        """Every item of every spare pile, each with the part of its card that shows."""
        targets = []
        for seat in range(len(self.scene.seats)):
            items = spare_items(self.scene.v_spares[seat])
            counts = pile_counts(items)
            parts = self._kept(("spare_parts", seat, *counts), lambda: visible_parts(self.spare_rects(seat, *counts)))
            targets += [Target((seat, card), part.center, part) for (card, _), part in zip(items, parts)]
        return targets

