"""Race to the Tree on screen: the track, the pawns hopping along it, the die to tap.  Everything
shared (the session, curtains, computer pacing, saving, the top buttons, the way to the results)
comes from GameScene and board_pieces; the game draws its own picture only, from the session's
view (``RaceView``)."""
import pygame

from kidgames.core.protocol import Action
from kidgames.ui.board_pieces import draw_die, draw_pawn_at, hop, side_by_side, tumble_faces
from kidgames.ui.game import GameScene

DIE_AT, DIE_SIZE = (1420, 820), 160
DIE_TARGET = pygame.Rect(1260, 640, 320, 340)


class RaceScene(GameScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.track = self.table_view().track      # where each space is drawn: the same all game
        self.pawn_xy = [self.space_xy(p) for p in self.table_view().positions]
        self.pawn_lift = [0.0] * len(self.seats)
        self.die_value = None
        self.walked_to = None
        self.throws = 0               # the throws animated, for the tumbling faces

    def space_xy(self, index: int) -> tuple[float, float]:
        return self.track[index]

    def layout(self) -> None:
        self.buttons = self.top_buttons(1270, 14)

    def tap(self, pos) -> None:
        if DIE_TARGET.collidepoint(pos):
            self.submit(Action("roll"))

    def _anim_rolled(self, ev, rest) -> None:
        self.throws += 1
        faces = tumble_faces(self.throws)
        self.anim.add(0.6, lambda t: setattr(self, "die_value", faces[min(11, int(t * 12))]),
                      start=self.sound("dice"), end=lambda: setattr(self, "die_value", ev.value))

    def _anim_moved(self, ev, rest) -> None:
        previous = ev.path[0] - 1 if ev.path else None
        for index in ev.path:
            self.anim.add(0.22, hop(self, ev.player, self.space_xy(previous), self.space_xy(index)))
            previous = index
        self.walked_to = previous

    def _anim_jump(self, ev, rest) -> None:
        a = self.space_xy(self.walked_to) if self.walked_to is not None else self.pawn_xy[ev.player]
        self.anim.add(0.6, hop(self, ev.player, a, self.space_xy(ev.to), 120), start=self.sound("magic"))

    _anim_slide = _anim_jump

    def _anim_turn(self, ev, rest) -> None:
        self.anim.call(lambda: setattr(self, "die_value", None))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((110, 170, 90))
        track = list(self.track)
        pygame.draw.lines(surface, (230, 200, 140), False, track, 24)
        for i, (x, y) in enumerate(track):
            pygame.draw.circle(surface, (255, 248, 228), (x, y), 26)
        tree = self.app.assets.image("tree", 140)
        surface.blit(tree, tree.get_rect(midbottom=(track[-1][0], track[-1][1] + 10)))
        for p, x, y in side_by_side(self.pawn_xy, None, 50):
            draw_pawn_at(surface, self.seats[p], x, y + 10, 50, lift=self.pawn_lift[p],
                         ring=p == self.table_view().current_player and self.person_can_act())
        rim = (200, 60, 60)
        draw_die(surface, DIE_AT, DIE_SIZE, self.die_value, rim)
        self.draw_buttons(surface)

    def update(self, dt: float) -> bool:
        moved = super().update(dt)
        if not self.anim.busy:
            self.pawn_xy = [self.space_xy(p) for p in self.table_view().positions]
            self.pawn_lift = [0.0] * len(self.seats)
        return moved
