"""The magic of a double one on the Fairy-Tale Forest table: where its choices stand (covering
nothing the child must see) and their picture stories, playing in turn (kidgames/games/forest/magic.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kidgames.ui.board_pieces import pawn_rect, side_by_side
from kidgames.ui.widgets import Button

from . import magic
from .layout import BOARD_RECT, MAGIC_BOUNDS, PAWN_SIZE, PROMPT_BUTTON

if TYPE_CHECKING:
    from .scene import ForestScene


class MagicChoices:
    """The magic choices (a part of :class:`ForestTable`)."""

    def __init__(self, scene: ForestScene) -> None:
        self.scene = scene
        # Where they stand (made once for the game, see magic_places) and their picture stories
        # (playing since story_from, showing story_step; -1: resting).
        self._magic_stable: list[pygame.Rect] | None = None
        self._magic_now: tuple[tuple, list[pygame.Rect]] | None = None
        self.story_from: float | None = None
        self.story_step = -1
        self._stories_for = 0          # the prompt's comebacks the stories have played for

    # -- the magic of a double one (kidgames/games/forest/magic.py) ---------------------------------------
    def magic_shown(self, buttons: list[Button] | None = None) -> bool:
        """Whether the magic choices show (among ``buttons``; the scene's by default)."""
        return any(b.visible for b in (self.scene.buttons if buttons is None else buttons)
                   if b.name.startswith("magic:"))

    def magic_places(self) -> list[pygame.Rect]:
        """Where the magic choices stand now (swap, jump, shuffle), covering nothing the child
        must see.  First the game's own spot, found once: clear of every space with two pawns on
        it and of every tree, so the choices stand in the same place at every double one; where
        more pawns crowd next to it, a spot clear of every space and of the pawns as they stand;
        on a board with no such room, one clear of what this throw offers (the spaces a walk or a
        jump may end on), the trees and the pawns."""
        pawns = [piece.area() for piece in self.scene.pawns.pieces()]
        if self._magic_stable is None:
            room = [self.space_room(node, pawns=2) for node in self.scene.board.nodes]
            self._magic_stable = magic.place(MAGIC_BOUNDS, room + self.tree_rects(), PROMPT_BUTTON.center) or []
        if self._magic_stable and magic.clear_of(self._magic_stable, pawns):
            return self._magic_stable
        view = self.scene.table_view()
        key = (tuple(view.positions), view.ways, view.jumps)
        if self._magic_now is None or self._magic_now[0] != key:
            trees = self.tree_rects()
            every_space = [self.space_room(node) for node in self.scene.board.nodes]
            offered = [self.space_room(node) for node in {dest for dest, _ in view.ways} | set(view.jumps)]
            places = (magic.place(MAGIC_BOUNDS, every_space + trees + pawns, PROMPT_BUTTON.center)
                      or magic.place(MAGIC_BOUNDS, offered + trees + pawns, PROMPT_BUTTON.center)
                      or self._magic_stable     # no room anywhere: the smallest buttons, in a corner
                      or [pygame.Rect(BOARD_RECT.right - 3 * 112, BOARD_RECT.bottom - 120, 96, 96).move(k * 112, 0)
                          for k in range(3)])
            self._magic_now = (key, places)
        return self._magic_now[1]

    def space_room(self, node: str, pawns: int = 0) -> pygame.Rect:
        """What a space paints, with its shining ring, and with ``pawns`` pawns standing on it."""
        rect = self.scene.part.drawing.reach_rect(node)
        if self.scene.board.kind(node) == "village":
            rect = rect.inflate(8, 8)           # the village is the biggest space
        x, y = self.scene.space_xy(node)
        for _, px, py in side_by_side([(x, y)] * pawns, None, PAWN_SIZE):
            rect = rect.union(pawn_rect(px, py + self.scene.pawns.below, 0, PAWN_SIZE))
        return rect

    def tree_rects(self) -> list[pygame.Rect]:
        """What each tree in the game paints where it stands (with the ring of a pickable one)."""
        scene = self.scene
        return [scene.part.drawing.tree_rect(*scene.to_canvas(scene.board.slots[slot].at), 0.0)
                for slot in scene.table_view().trees]

    def play_stories(self) -> None:
        """The magic choices' stories play, one after another (when they appear, when the prompt
        comes back, at a tap on the prompt's picture)."""
        self.story_from = self.scene.app.now()
        self._stories_for = len(self.scene.nudge.comebacks)

    def story_area(self, name: str) -> pygame.Rect | None:
        button = self.scene.button(f"magic:{name}")
        if button is None or not button.visible:
            return None
        return button.rect.move(0, 3 if button.pressed else 0)

    def story_look(self, name: str) -> tuple | None:
        area = self.story_area(name)
        if area is None:
            return None
        view = self.scene.table_view()
        return (tuple(area), magic.story_t(self.story_step, magic.MAGICS.index(name)),
                self.scene.seats[view.current_player].colour, view.wanted)

    def draw_story(self, name: str, surface) -> None:
        look = self.story_look(name)
        if look is None:
            return
        area, t, colour, wanted = look
        seat = self.scene.seats[self.scene.table_view().current_player]
        magic.draw_story(surface, self.scene.app.assets, name, pygame.Rect(area), t, colour, seat.shape, wanted)

    def idle_animation(self) -> bool:
        """While the magic choices wait: their stories play in turn (only the playing one's
        button is redrawn, :data:`magic.STORY_FPS` times a second), then rest on their still
        pictures until the prompt comes back."""
        if self.magic_shown() and len(self.scene.nudge.comebacks) > self._stories_for:
            self.play_stories()
        step = -1
        if self.story_from is not None and self.magic_shown():
            step = int((self.scene.app.now() - self.story_from) * magic.STORY_FPS)
            if step >= len(magic.MAGICS) * magic.STORY_FRAMES:
                step, self.story_from = -1, None
        if step != self.story_step:
            before = {name: self.story_look(name) for name in magic.MAGICS}
            self.story_step = step
            for name in magic.MAGICS:
                area = self.story_area(name)
                if area is not None and self.story_look(name) != before[name]:
                    self.scene.app.invalidate(area)
        return False

    def idle_wake_in(self) -> float | None:
        if self.story_from is None or not self.magic_shown():
            return None
        shown = self.scene.app.now() - self.story_from
        return max(0.0, (int(shown * magic.STORY_FPS) + 1) / magic.STORY_FPS - shown)
