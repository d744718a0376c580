"""The witch on the Castle Builders table: waiting where she was turned up while her choice waits,
her question (use the fairy, or the cards to give her, each where it lay when her choice began), and
her sweep across the table."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from kidgames.ui.targets import Target, pick

from .art import WITCH_LOOK
from .layout import REVEAL_AT, REVEAL_W, WITCH_SIZE, lose_rects, spare_items

if TYPE_CHECKING:
    from .scene import CastleScene


class CastleWitch:
    """The witch's things on the table (a part of :class:`CastleTable`)."""

    def __init__(self, scene: CastleScene) -> None:
        self.scene = scene
        # the cards for the witch as her choice began (see lose_places): ((turn, seat), cards)
        self._lose_order: tuple[tuple[int, int | None], tuple[str, ...]] | None = None

    def lose_items(self) -> list[tuple[str, int]]:
        """What the witch may take (the rules say which cards: ``losable``), as it lies on her
        panel: the spare pile's cards, stacks first, then the castle's pieces."""
        t, decider = self.scene.table_view(), self.scene.view().decider
        assert decider is not None          # the witch waits for a seat's cards
        castle = t.castles[decider]
        spares = [c for c in t.losable if c not in castle]
        return spare_items(spares, stacks_first=True) + [(c, 1) for c in t.losable if c in castle]

    def lose_places(self) -> list[tuple[str, int, pygame.Rect]]:
        """The cards to give the witch, each where it lay when her choice began: a card taken
        leaves its place empty (its count 0), and the others never move under a finger."""
        items = dict(self.lose_items())
        key = (self.scene.table_view().turn, self.scene.view().decider)
        kept = self._lose_order
        if kept is None or kept[0] != key or not set(items) <= set(kept[1]):
            kept = self._lose_order = (key, tuple(items))     # the choice begins (or a card came back)
        order = kept[1]
        return [(card, items.get(card, 0), rect) for card, rect in zip(order, lose_rects(len(order)))]

    def lose_rect(self, card: str) -> pygame.Rect | None:
        """Where ``card`` lies on the witch's panel (None: it is not there)."""
        return next((rect for c, n, rect in self.lose_places() if c == card and n), None)

    def lose_card_at(self, pos) -> str | None:
        """The card a tap gives the witch: the one under the finger, or the nearest within a
        finger's reach; a tap on an emptied place takes nothing."""
        places = self.lose_places()
        if any(not n and rect.collidepoint(pos) for _, n, rect in places):
            return None
        return pick(pos, [Target(card, rect.center, rect) for card, n, rect in places if n])

    # -- drawing: the witch's pieces (see CastleTable.pieces) ------------------------------------------
    def choice_look(self):
        t = self.scene.table_view()
        if not (t.pending in ("witch", "lose") and self.scene.person_can_act()):
            return None
        places = tuple((card, n, tuple(rect)) for card, n, rect in self.lose_places()) if t.pending == "lose" else ()
        return t.pending, places, t.losses_left

    def draw_choice(self, surface) -> None:
        """The witch's moment for a person: use the fairy or not, or the cards to give her."""
        if self.choice_look() is None:
            return
        t = self.scene.table_view()
        if t.pending == "witch":
            self.scene.art.witch_question(surface, self.scene.t("castle.question.fairy"))
        else:
            question = self.scene.t("castle.question.lose", n=t.losses_left)
            self.scene.art.witch_question(surface, question, [(c, n, r) for c, n, r in self.lose_places() if n])

    def sweep_at(self) -> tuple[int, int] | None:
        """Where the witch sweeping across the table is now (None: she is not)."""
        t = self.scene.sweep
        if t is None:
            return None
        return round(-160 + (REVEAL_AT[0] + 320) * t), round(REVEAL_AT[1] - 80 - math.sin(math.pi * t) * 260)

    def sweep_area(self) -> pygame.Rect | None:
        at = self.sweep_at()
        return None if at is None else pygame.Rect(0, 0, WITCH_SIZE + 4, WITCH_SIZE + 4).move_to(center=at)

    def draw_sweep(self, surface) -> None:
        pic = self.scene.app.assets.image("witch", WITCH_SIZE)
        surface.blit(pic, pic.get_rect(center=self.sweep_at()))

    def draw_witch_at_rest(self, surface) -> None:
        if self.scene.v_witch:
            witch = self.scene.art.surface(WITCH_LOOK, REVEAL_W)
            surface.blit(witch, witch.get_rect(center=REVEAL_AT))

