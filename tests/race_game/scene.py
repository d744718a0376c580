"""Race to the Tree on screen: the same table of pieces as the board games (kidgames/ui/board_table.py
and kidgames/ui/pieces.py, as Knights and Forest use them): the track painted once on the left, on
the right the side panel with the buttons, a row for each player, the hint beside its prompt button
and the die; the pawns hop along the track.  Everything shared (the session, computer pacing,
saving, the spoken and pictured prompts, the way to the results) comes from the shared scenes; the
game paints its own track only, from the session's view (``RaceView``)."""
from __future__ import annotations

import pygame

from kidgames.ui.board_pieces import fit_board
from kidgames.ui.board_table import SIDEBAR, BoardPart, BoardTableScene
from kidgames.ui.pieces import OVER_BUTTONS, Die, Pawns

# -- layout (canvas 1600×1000: the track on the left, the players and the die on the right) --------
BOARD_RECT = pygame.Rect(0, 0, 1240, 1000)      # the track's own units (race.yaml) are these pixels
SIDEBAR_FILL, SIDEBAR_EDGE = (236, 246, 220), (120, 160, 90)
PLAYER_TOP, PLAYER_H = 130, 84
PROMPT_BUTTON = pygame.Rect(1254, 600, 100, 100)   # the hint's picture: a tap says it again
HINT_TEXT = pygame.Rect(1362, 600, 226, 100)       # the hint, beside it
DIE_CENTRE, DIE_SIZE = (1420, 820), 160
DIE_TARGET = pygame.Rect(SIDEBAR.x + 10, DIE_CENTRE[1] - 130, SIDEBAR.w - 20, 300)   # where a tap throws
PAWN_SIZE = 56
HOP_TIME, FLY_TIME, HOP_HEIGHT, FLY_HEIGHT = 0.22, 0.6, 24, 120
BANNER_SIZE, BANNER_STEPS = (700, 150), 5
GRASS, PATH, SPACE, SPACE_EDGE = (110, 170, 90), (230, 200, 140), (255, 248, 228), (170, 130, 80)
SPACE_RADIUS, PATH_WIDTH = 30, 24
SPACE_PICTURE = {"jump": "flower", "slide": "snail"}     # what a space that sends a pawn shows


class RaceTrack(BoardPart):
    """The race's part of the board table: the painted track (the throw is the only decision)."""

    def render_board(self) -> pygame.Surface:
        scene = self.scene
        assert isinstance(scene, RaceScene)
        surface = pygame.Surface(scene.app.screen.get_size()).convert()
        surface.fill(GRASS)
        spaces = [scene.space_xy(i) for i in range(len(scene.track))]
        pygame.draw.lines(surface, PATH, False, spaces, round(PATH_WIDTH * scene.scale))
        radius = round(SPACE_RADIUS * scene.scale)
        for (_, sends), (x, y) in zip(scene.track[:-1], spaces):
            pygame.draw.circle(surface, SPACE_EDGE, (x, y), radius + 3)
            pygame.draw.circle(surface, SPACE, (x, y), radius)
            picture = SPACE_PICTURE.get(sends) if sends else None
            if picture:
                image = scene.app.assets.image(picture, radius * 2)
                surface.blit(image, image.get_rect(center=(x, y)))
        tree = scene.app.assets.image("tree", round(150 * scene.scale))
        x, y = spaces[-1]
        surface.blit(tree, tree.get_rect(midbottom=(x, y + 20)))
        return surface


class RaceScene(BoardTableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session, RaceTrack)
        self.track = self.table_view().track      # the spaces: the same all game
        self.scale, self.offset = fit_board(BOARD_RECT.size, BOARD_RECT, 0)
        self.walked_to: int | None = None       # the space a throw's walk ended on, before a jump
        self.die = Die(DIE_CENTRE, DIE_SIZE, self.thrower_rim)
        self.die.layer = OVER_BUTTONS
        self.die.value = None
        pawns = Pawns(self.seats, PAWN_SIZE, [self.space_xy(p) for p in self.table_view().positions], self.pawn_ring,
                      layer=OVER_BUTTONS)
        rows = [self.player_row(i, rect)
                for i, rect in enumerate(self.row_rects(PLAYER_TOP, PLAYER_H, PROMPT_BUTTON.top - 10))]
        self.lay_board((SIDEBAR_FILL, SIDEBAR_EDGE), 14, PROMPT_BUTTON, rows, (HINT_TEXT, HINT_TEXT), [self.die], pawns,
                       (BANNER_SIZE, BANNER_STEPS))

    # -- geometry -------------------------------------------------------------------------------------
    def space_xy(self, index: int) -> tuple[float, float]:
        """Space ``index`` of the track on the canvas (the race's positions are space numbers)."""
        return self.to_canvas(self.track[index][0])

    # -- playing --------------------------------------------------------------------------------------
    def tap(self, pos) -> None:
        if DIE_TARGET.collidepoint(pos):
            self.roll()

    # -- events to animation ---------------------------------------------------------------------------
    def _anim_moved(self, ev, rest) -> None:
        self.walk(ev.player, ev.path[0] - 1 if ev.path else None, ev.path, HOP_TIME, HOP_HEIGHT)
        self.walked_to = ev.path[-1] if ev.path else None

    def _anim_jump(self, ev, rest) -> None:
        """A flower sends the pawn on, a snail back: one long hop, with its sound."""
        a = self.space_xy(self.walked_to) if self.walked_to is not None else self.pawns.xy[ev.player]
        self.pawns.hop(self.anim, ev.player, a, self.space_xy(ev.to), FLY_TIME, FLY_HEIGHT,
                       start=self.sound("magic" if ev.kind == "jump" else "fall"))

    _anim_slide = _anim_jump

    def _anim_game_over(self, ev, rest) -> None:
        self.rest_step()
        self.anim.wait(0.6)
