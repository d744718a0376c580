"""What the Fairy-Tale Forest's own pieces paint and where: the shining spaces a throw reaches, the
trees (lifted, gliding or ringed), an open look under a tree, the cards won, the stack and the
wanted card, the panel asking "one die or both?", a card flying to its finder."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable

import pygame

from kidgames.ui.board_pieces import draw_die
from kidgames.ui.table import Drawn
from kidgames.ui.pieces import MARKS, THINGS
from kidgames.ui.widgets import INK, PAPER, PAWN_RGB, rounded_panel
from functools import partial

from .art import CARD_SIZE, HIT_R, SPACE_R, TREE_SIZE, draw_card, draw_tree
from .layout import (BOARD_RECT, CARDS_Y, CLOSE_HINT, DICE_TARGET, FLYING_CARD, STACK_X, WANTED_X, WON_RESERVE,
                     WON_SCALE)
from .rules import GUESS, MOVE

if TYPE_CHECKING:
    from .scene import ForestScene


class ForestDrawing:
    """The forest's own pieces: what they paint and where (a part of :class:`ForestTable`)."""

    def __init__(self, scene: ForestScene) -> None:
        self.scene = scene
        self._trees: tuple[tuple, list[Drawn]] | None = None     # the last trees and what they were made of

    # -- where things paint ---------------------------------------------------------------------------
    def reach_rect(self, dest: str) -> pygame.Rect:
        x, y = self.scene.space_xy(dest)
        r = SPACE_R + 18
        return pygame.Rect(math.floor(x - r), math.floor(y - r), 2 * r + 2, 2 * r + 2)

    def tree_rect(self, x: float, y: float, height: float) -> pygame.Rect:
        """A tree at (x, y) lifted ``height``: it, its shadow, the hole of a lifted tree and the ring
        of a pickable one."""
        rect = pygame.Rect(math.floor(x - HIT_R - 6), math.floor(y - TREE_SIZE * 0.3 - HIT_R - 6),
                           2 * HIT_R + 13, 0)
        rect.h = math.ceil(y + 30) - rect.y          # the ring down to the hole and the shadow
        w: float
        h: float
        w, h = self.scene.app.assets.image("tree", TREE_SIZE).get_size()
        if height > 0:
            a = math.radians(height * 14)
            w, h = w * abs(math.cos(a)) + h * abs(math.sin(a)), w * abs(math.sin(a)) + h * abs(math.cos(a))
        lift = max(0.0, height) * (TREE_SIZE + 40)
        bottom = y + 12 - lift
        pic = pygame.Rect(math.floor(x - w / 2 - 3), math.floor(bottom - h - 3), math.ceil(w) + 7, math.ceil(h) + 7)
        return rect.union(pic)

    def open_look_rect(self) -> pygame.Rect | None:
        """The card of an open look (its motif), or None while none is open."""
        if not (self.scene.lifted and self.scene.lifted[2] and self.scene.lifted[1] > 0.3):
            return None
        x, y = self.scene.part.slot_xy(self.scene.lifted[0])
        return pygame.Rect(0, 0, 110, 110).move_to(midbottom=(x, y + 24))

    def close_hint_rect(self) -> pygame.Rect | None:
        """Under an open private look: a finger and "Tap to close" (it stays until a tap when the
        settings say so, and a tap closes it earlier in any case)."""
        card = self.open_look_rect()
        if card is None or self.scene.look_owner is None:
            return None
        rect = pygame.Rect((0, 0), CLOSE_HINT).move_to(midtop=(card.centerx, card.bottom + 10))
        if rect.bottom > BOARD_RECT.bottom - 8:       # no room below: above the card
            rect.midbottom = (card.centerx, card.top - 10)
        return rect.clamp(BOARD_RECT.inflate(-8, -8))

    def flying_card_look(self) -> Hashable:
        """The card flying to its finder (its motif and where it is), or None."""
        rect = self.flying_card_rect()
        return self.scene.flying_card and rect is not None and (self.scene.flying_card[0], rect.center)

    def flying_card_rect(self) -> pygame.Rect | None:
        if not self.scene.flying_card:
            return None
        x, y = self.scene.flying_card[1]
        return pygame.Rect(0, 0, int(CARD_SIZE[0] * FLYING_CARD) + 6,
                           int(CARD_SIZE[1] * FLYING_CARD) + 6).move_to(center=(round(x), round(y)))

    def choice_panel_rect(self) -> pygame.Rect:
        return self.scene.laid_button("choice:0").rect.union(self.scene.laid_button("choice:1").rect).inflate(60, 60)

    # -- drawing: the pieces (see kidgames/ui/table.py) -----------------------------------------------
    def reach_rings(self) -> list[Drawn]:
        """The spaces a throw reaches, shining while a person chooses where to go."""
        view = self.scene.table_view()
        if not (self.scene.person_can_act() and view.phase == MOVE and self.scene.part.magic_mode is None):
            return []
        return [Drawn(self.reach_rect(dest), True, partial(self.draw_reach_ring, dest=dest),
                      MARKS, ("reach", dest)) for dest, _ in view.ways]

    def draw_reach_ring(self, surface, dest: str) -> None:
        x, y = self.scene.space_xy(dest)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), SPACE_R + 16, 7)
        pygame.draw.circle(surface, (255, 200, 30), (x, y), SPACE_R + 11, 4)

    def trees(self) -> list[Drawn]:
        """The trees, the farther ones first, each lifted, gliding or ringed as it is now."""
        scene = self.scene
        view = scene.table_view()
        pickable = scene.person_can_act() and (view.phase == GUESS or scene.part.magic_mode is not None)
        # asked several times a frame (what changed, what to paint): made again only when the trees,
        # the lifted one, the rings or the pictures' sizes are not as the last time
        made_of = (view.trees, scene.lifted, pickable, scene.part.swap_first, scene.app.assets)
        if self._trees is not None and self._trees[0] == made_of:
            return list(self._trees[1])
        pieces = []
        for slot in sorted(view.trees, key=lambda s: scene.part.slot_xy(s)[1]):
            x, y = scene.part.slot_xy(slot)
            lifted = scene.lifted if scene.lifted and scene.lifted[0] == slot else None
            height = lifted[1] if lifted else 0.0
            ring = ((255, 80, 60) if slot == scene.part.swap_first else (255, 255, 255)) if pickable else None
            pieces.append(Drawn(self.tree_rect(x, y, height), (x, y, lifted, pickable, slot == scene.part.swap_first),
                                partial(draw_tree, assets=scene.app.assets, x=x, y=y, height=height, ring=ring),
                                THINGS, ("tree", slot)))
        self._trees = (made_of, pieces)
        return list(pieces)

    def draw_open_card(self, surface) -> None:
        """The motif under a lifted tree, over the pawns: only ever set while its person may see
        it (a private look behind its curtain, or a right guess)."""
        card, lifted = self.open_look_rect(), self.scene.lifted
        assert card is not None and lifted is not None and lifted[2] is not None    # painted only while open (its area)
        rounded_panel(surface, card, PAPER, radius=18, border=(200, 150, 60), border_width=5, shadow=4)
        pic = self.scene.app.assets.image(lifted[2], 92)
        surface.blit(pic, pic.get_rect(center=card.center))

    def draw_close_hint(self, surface) -> None:
        close = self.close_hint_rect()
        assert close is not None        # painted only while a private look is open (its area)
        rounded_panel(surface, close, PAPER, radius=close.h // 2, border=(90, 140, 200), border_width=4, shadow=4)
        finger = self.scene.app.assets.image("finger", close.h - 12)
        surface.blit(finger, finger.get_rect(midleft=(close.x + 10, close.centery)))
        label = self.scene.app.assets.fit_text(self.scene.t("secret.close"), 30, INK, close.w - close.h - 24,
                                               close.h - 10, title=True)
        surface.blit(label, label.get_rect(center=(close.centerx + close.h // 2, close.centery)))

    def won_badge(self, i: int) -> tuple[int, str] | None:
        """What player ``i``'s row shows of their cards won: how many, and the last one."""
        won = self.scene.table_view().won[i]
        return (len(won), won[-1]) if won else None

    def draw_won(self, i: int, surface, rect: pygame.Rect, right: int, lit: bool) -> None:
        """A player's cards won: the last one face up on its little pile, and how many, in big digits."""
        won = self.scene.table_view().won[i]
        x = right - WON_RESERVE + 24
        for k in range(min(len(won), 3) - 1, 0, -1):
            draw_card(surface, self.scene.app.assets, (x + 4 * k, rect.centery - 4 * k), None, WON_SCALE)
        draw_card(surface, self.scene.app.assets, (x, rect.centery), won[-1], WON_SCALE)
        count = self.scene.app.assets.text(str(len(won)), 38, (255, 255, 255) if lit else INK, title=True)
        surface.blit(count, count.get_rect(midleft=(x + 32, rect.centery + 2)))

    def draw_stack(self, surface) -> None:
        """The face-down stack, wiggling while it is shuffled, with its count on its top card (below
        it, the prompt button would cover it)."""
        stack = self.scene.table_view().stack_size
        for k in range(min(stack, 6)):
            dx = math.sin(self.scene.shuffle_t * math.pi * 4 + k) * 40 * math.sin(math.pi * self.scene.shuffle_t)
            draw_card(surface, self.scene.app.assets, (STACK_X + dx - k * 2, CARDS_Y - k * 3), None, 1.0)
        if stack:
            count = self.scene.app.assets.text(str(stack), 34, (255, 255, 255), title=True, outline=(60, 30, 90))
            top = min(stack, 6) - 1
            surface.blit(count, count.get_rect(center=(STACK_X - top * 2, CARDS_Y - top * 3 + CARD_SIZE[1] // 4)))

    def draw_wanted(self, surface) -> None:
        """The wanted secret, turned up."""
        if self.scene.shown_wanted:
            draw_card(surface, self.scene.app.assets, (WANTED_X, CARDS_Y), self.scene.shown_wanted, 1.0,
                      flip=self.scene.flip, glow=True)

    def draw_dice_target(self, surface) -> None:
        if self.scene.may_throw():
            pygame.draw.rect(surface, (255, 255, 255), DICE_TARGET.inflate(-10, -20), 5, border_radius=30)

    def draw_flying_card(self, surface) -> None:
        assert self.scene.flying_card is not None     # painted only while a card flies (its area)
        draw_card(surface, self.scene.app.assets, self.scene.flying_card[1], self.scene.flying_card[0], FLYING_CARD)

    def choice_look(self) -> tuple | None:
        """While the panel asking "one die or both?" is up: the moves, the throw and the thrower's colour."""
        first = self.scene.button("choice:0")
        if not (first is not None and first.visible and self.scene.part.choice):
            return None
        view = self.scene.table_view()
        return (tuple((a.dice_used, len(a.path)) for a in self.scene.part.choice), view.dice,
                self.scene.seats[view.current_player].colour)

    def draw_choice_panel(self, surface) -> None:
        rounded_panel(surface, self.choice_panel_rect(), PAPER, radius=30, border=(200, 150, 60), border_width=5,
                      shadow=6)

    def draw_choice_dice(self, surface) -> None:
        """The pictures on the choice buttons: one die or both dice."""
        view = self.scene.table_view()
        rim = PAWN_RGB[self.scene.seats[view.current_player].colour]
        for k, action in enumerate(self.scene.part.choice or ()):
            centre = self.scene.laid_button(f"choice:{k}").rect.center
            if action.dice_used == 1:
                draw_die(surface, (centre[0], centre[1] - 8), 84, max(1, min(6, len(action.path))), rim)
            else:
                assert view.dice is not None        # a choice of dice follows a throw
                a, b = view.dice
                draw_die(surface, (centre[0] - 26, centre[1] - 20), 64, a, rim)
                draw_die(surface, (centre[0] + 26, centre[1] + 8), 64, b, rim)


def around(card: pygame.Rect | None) -> pygame.Rect | None:
    """What a card on a paper panel paints: its border and its shadow, 4 lower."""
    return card.inflate(12, 12).move(0, 2) if card is not None else None
