"""Knights and the Golden Treasure on screen: a painted fairy-tale map, a big die to tap, knights
hopping field by field, special fields that show what they do.  The rules live in rules.py."""
from __future__ import annotations

import math
import random

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.anim import ease_in_out
from kidgames.ui.board_pieces import (BannerPainter, draw_badge, draw_die, draw_pawn_at, draw_player_panel, fit_board,
                                      hop, pawn_rect, scatter_scenery, side_by_side, tumble_faces)
from kidgames.ui.game import GameScene
from kidgames.ui.table import Piece, Table
from kidgames.ui.widgets import INK, PAWN_RGB, shade

# -- layout (canvas 1600×1000: the board on the left, the players and the die on the right) ---------
BOARD_RECT = pygame.Rect(0, 0, 1240, 1000)
SIDEBAR = pygame.Rect(1240, 0, 360, 1000)
DIE_CENTRE = (1420, 800)
DIE_SIZE = 170
PLAYER_TOP, PLAYER_H = 130, 84
PROMPT_BUTTON = pygame.Rect(1254, 600, 100, 100)   # the hint's picture: a tap says it again
HINT_TEXT = pygame.Rect(1362, 600, 226, 100)       # the hint, beside it
BOARD_MARGIN = 40      # canvas pixels between the outermost fields and the board's edges (lakes, halos)
FIELD_R = 27
PAWN_SIZE = 62
HOP_TIME, FLY_TIME, BANNER_TIME, ROLL_TIME = 0.26, 0.9, 1.3, 0.9
NUDGE_EVERY, NUDGE_TIME = 8.0, 0.6     # the waiting die hops for NUDGE_TIME every NUDGE_EVERY seconds,
NUDGE_FPS = 15                         # drawn at this rate (a child sees a hop; the CPU hardly notices)
NUDGE_AREA = pygame.Rect(DIE_CENTRE[0] - 128, DIE_CENTRE[1] - 188, 256, 300)   # the die, tumbling too
DIE_TARGET = pygame.Rect(SIDEBAR.x + 10, DIE_CENTRE[1] - 150, SIDEBAR.w - 20, 330)   # where a tap throws
BANNER_SIZE = (860, 170)
BANNER_STEPS = 5
SIDEBAR_FILL = (250, 236, 200)

LANE_COLOURS = {
    "road": (226, 198, 146), "green": (176, 222, 120), "blue": (130, 185, 245),
    "hell": (150, 62, 48), "orange": (250, 172, 82), "gold": (250, 214, 90),
}
GOOD = {"sword", "white_horse", "princess", "fish", "apple", "dove", "pink_piglet", "frog_king", "bank"}
BAD = {"black_horse", "brown_horse", "devil", "raven", "black_piglet", "giant", "club", "golden_gate",
       "snake", "dragon_breath", "gate_red", "firebird", "sorcerer", "hell"}
WAIT = {"dragon", "pool", "claws", "well", "witch"}
FIELD_FILL = {"good": (205, 245, 185), "bad": (250, 190, 180), "wait": (255, 236, 150),
              "yellow": (255, 222, 60), "golden_hill": (255, 205, 60), "plain": (255, 250, 235),
              "crown": (255, 240, 190), "star": (255, 240, 190)}
SOUND_FOR = {"pool": "splash", "firebird": "whoosh", "dove": "magic", "white_horse": "magic",
             "pink_piglet": "magic", "sword": "magic", "princess": "magic", "fish": "magic",
             "apple": "magic", "frog_king": "magic", "bank": "whoosh", "well": "magic", "witch": "magic"}
#: Field kinds drawn without a picture (every other kind shows the sprite of its own name).
PLAIN_KINDS = ("path", "yellow", "bank")


class KnightsScene(GameScene):
    def __init__(self, app, spec, seats, state, options, controller=None) -> None:
        super().__init__(app, spec, seats, state, options, controller)
        self.scale, self.offset = fit_board(state.board.size, BOARD_RECT, BOARD_MARGIN)
        self.pawn_xy = [self.field_xy(pos) for pos in state.positions]
        self.pawn_lift = [0.0] * len(seats)
        self.shake = [0.0] * len(seats)
        self.moving: int | None = None
        self.shown_current = state.current_player
        self.banner: tuple[str, str, float] | None = None   # (text, sprite, alpha 0..1)
        self.banner_from_junction = False
        self._idle_since: float | None = None      # scene time when a person began to think
        self._nudge_step = -1
        self._banner_painter = BannerPainter(BANNER_SIZE)
        self.board_surface: pygame.Surface | None = None
        # What is on the screen, as pieces that know their area and look (kidgames/ui/table.py):
        # the frame redraws where a piece changed, found from the pieces themselves.
        self.die = Die(self)
        # a die waiting to be thrown shows no number (None); the last throw only when it is over
        self.die.value = state.last_roll if state.is_over else None
        self.table = Table([BoardPicture(self), Sidebar(self), self.die, Banner(self)]
                           + [Knight(self, p) for p in range(len(seats))])

    # the die's state, as the scene's own (tests and the tumbling step read and set it here)
    die_value = property(lambda self: self.die.value, lambda self, v: setattr(self.die, "value", v))
    die_angle = property(lambda self: self.die.angle, lambda self, v: setattr(self.die, "angle", v))
    die_jump = property(lambda self: self.die.jump, lambda self, v: setattr(self.die, "jump", v))
    die_pulse = property(lambda self: self.die.pulse, lambda self, v: setattr(self.die, "pulse", v))

    # -- geometry -------------------------------------------------------------------------------------
    def field_xy(self, node_id: str) -> tuple[float, float]:
        x, y = self.state.board.nodes[node_id].at
        return self.offset[0] + x * self.scale, self.offset[1] + y * self.scale

    def layout(self) -> None:
        self.buttons = self.top_buttons(SIDEBAR.x + 20, 14) + [self.prompt_button(PROMPT_BUTTON)]

    # -- playing --------------------------------------------------------------------------------------
    def tap(self, pos) -> None:
        # The die and the space around it throw (a big target); a tap anywhere else only makes
        # the die hop at once, to show where to tap.
        if DIE_TARGET.collidepoint(pos):
            self.roll()
        elif self._idle_since is not None:
            self._idle_since = self.time - (NUDGE_EVERY - NUDGE_TIME)
            self._nudge_step = -2

    def roll(self) -> None:
        if self.person_can_act():
            self.submit(Action("roll"))

    def key(self, event) -> None:
        if event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if self.anim.busy:
                self.anim.skip()
            else:
                self.roll()
        else:
            super().key(event)

    # -- events to animation ---------------------------------------------------------------------------
    def _anim_rolled(self, ev, rest) -> None:
        faces = tumble_faces(self.state.turn)

        def tumble(t: float) -> None:
            self.die_pulse = 1.0
            self.die_value = faces[min(len(faces) - 1, int(t * len(faces)))] if t < 0.92 else ev.value
            self.die_angle = (1 - t) * 540
            self.die_jump = abs(math.sin(t * math.pi * 3)) * 60 * (1 - t)

        def done() -> None:
            self.die_value, self.die_angle, self.die_jump = ev.value, 0.0, 0.0

        self.anim.add(ROLL_TIME, tumble, start=self.sound("dice"), end=done)
        self.anim.wait(0.2)

    def _anim_moved(self, ev, rest) -> None:
        p = ev.player
        previous = ev.get("from")
        junctions = {at: (lane, why) for at, lane, why in ev.get("branches", ())}
        for node in ev.path:
            if previous in junctions:
                self._junction_banner(previous, *junctions[previous])
            a, b = self.field_xy(previous), self.field_xy(node)
            self.anim.add(HOP_TIME, self._hop(p, a, b), start=self._set_moving(p), end=self.sound("step"),
                          easing=ease_in_out)
            previous = node
        if self.banner_from_junction:
            self.anim.add(0.2, lambda t: self._banner(*self.banner[:2], 1 - t) if self.banner else None,
                          end=self._clear_banner)
            self.banner_from_junction = False

    def _junction_banner(self, junction: str, lane: str, why: str) -> None:
        """The knight stops a moment at a fork and the screen says which way the throw sends him."""
        roll = self.state.last_roll
        key = "knights.branch.return" if why == "return" else f"knights.branch.{lane}"
        if not self.app.catalog.has(key):
            key = f"knights.branch.{why}"
        text = self.t(key, n=roll)
        sprite = self.field_sprite(junction) or "sparkles"
        self.anim.add(0.2, lambda t: self._banner(text, sprite, t), start=self.sound("magic"))
        self.anim.wait(0.9)
        self.banner_from_junction = True

    def _set_moving(self, p: int):
        def start() -> None:
            self.moving = p
        return start

    def _hop(self, p: int, a, b):
        return hop(self, p, a, b)

    def _anim_effect(self, ev, rest) -> None:
        p = ev.player
        kind = ev.field
        direction_back = ev.to is not None and self._is_back_effect(ev)
        key = f"knights.effect.{kind}" + ("_back" if direction_back else "")
        text = self.t(key, name=self.seats[p].name)
        sprite = self.field_sprite(ev.node) or "sparkles"
        self.anim.add(0.25, lambda t: self._banner(text, sprite, t), start=self.sound(self._effect_sound(kind)))
        self.anim.wait(BANNER_TIME * 0.6)
        if ev.to is not None:
            a, b = self.field_xy(ev.node), self.field_xy(ev.to)
            height = 60 + min(220, math.dist(a, b) * 0.35)
            self.anim.add(FLY_TIME, self._fly(p, a, b, height), easing=ease_in_out,
                          start=self.sound("whoosh" if kind not in BAD else "fall"))
        self.anim.wait(BANNER_TIME * 0.4)
        self.anim.add(0.25, lambda t: self._banner(text, sprite, 1 - t), end=self._clear_banner)

    def _is_back_effect(self, ev) -> bool:
        # The same field says something else coming back (the Firebird, the Frog King).
        node = self.state.board.nodes[ev.node]
        return ev.to == node.get("back_to") and ev.to != node.get("to")

    def _effect_sound(self, kind: str) -> str:
        if kind in SOUND_FOR:
            return SOUND_FOR[kind]
        return "fall" if kind in BAD else "magic"

    def _fly(self, p: int, a, b, height: float):
        return hop(self, p, a, b, height)

    def _banner(self, text: str, sprite: str, alpha: float) -> None:
        # Faded in and out in steps of a fifth: a child sees a soft fade, and the banner (a large
        # area, costly to show in a scaled window) is redrawn 5 times a fade instead of every frame.
        self.banner = (text, sprite, round(max(0.0, min(1.0, alpha)) * BANNER_STEPS) / BANNER_STEPS)

    def _clear_banner(self) -> None:
        self.banner = None

    def _anim_waiting(self, ev, rest) -> None:
        """Into the pool, onto the dragon, into the claws: the knight sinks or shakes, and the
        banner says which throw will free him."""
        p = ev.player
        text = self.t(f"knights.waiting.{ev.field}", name=self.seats[p].name, need=ev.need)
        sprite = self.field_sprite(ev.node)
        sinking = ev.field == "pool"

        def react(t: float) -> None:
            if sinking:
                self.pawn_lift[p] = -10 * math.sin(math.pi * min(1.0, t * 1.5))
            else:
                self.shake[p] = math.sin(t * math.pi * 6) * 6 * (1 - t)
            self._banner(text, sprite, min(1.0, t * 4))

        self.anim.add(0.9, react, start=self.sound({"pool": "splash", "frog_king": "magic"}.get(ev.field, "stuck")))
        self.anim.wait(0.8)
        self.anim.add(0.25, lambda t: self._banner(text, sprite, 1 - t), end=self._clear_banner)

    def _anim_stuck(self, ev, rest) -> None:
        p = ev.player
        text = self.t(f"knights.stuck.{ev.reason}", name=self.seats[p].name, need=ev.need)
        sprite = self.field_sprite(ev.node) if ev.reason != "overshoot" else "castle"

        def wobble(t: float) -> None:
            self.shake[p] = math.sin(t * math.pi * 8) * 8 * (1 - t)
            self._banner(text, sprite, min(1.0, t * 4))

        self.anim.add(0.9, wobble, start=self.sound("stuck"))
        self.anim.wait(0.6)
        self.anim.add(0.25, lambda t: self._banner(text, sprite, 1 - t), end=self._clear_banner)

    def _anim_turn(self, ev, rest) -> None:
        def change() -> None:
            self.shown_current = ev.player
            self.die_value = None          # the new thrower's die waits, with no number on it
            self.moving = None
            self.pawn_xy = [self.field_xy(pos) for pos in self.state.positions]
            self.pawn_lift = [0.0] * len(self.seats)
            if not self.anim.skipping:
                self.app.assets.play("turn")
        self.anim.call(change)

    def _anim_game_over(self, ev, rest) -> None:
        def settle() -> None:
            self.banner = None
            self.moving = None
            self.pawn_xy = [self.field_xy(pos) for pos in self.state.positions]
            self.pawn_lift = [0.0] * len(self.seats)
        self.anim.call(settle)
        self.anim.add(0.8, lambda t: self._banner(self.t("knights.castle", name=self.seats[ev.winners[0]].name),
                                                  "chest", min(1.0, t * 3)), start=self.sound("coin"))
        self.anim.wait(0.6)
        self.anim.call(self._clear_banner)

    def idle_animation(self) -> bool:
        """Every few seconds the die hops a little to invite a tap.  Only the die's corner of the
        canvas is redrawn for it, so a game waiting for a child costs almost nothing."""
        if not self.person_can_act():
            self._idle_since = None
            return False
        if self._idle_since is None:
            self._idle_since = self.time
        phase = (self.time - self._idle_since) % NUDGE_EVERY - (NUDGE_EVERY - NUDGE_TIME)
        nudging = phase >= 0
        step = int(phase * NUDGE_FPS) if nudging else -1
        if step != self._nudge_step:
            self._nudge_step = step
            t = min(1.0, step / (NUDGE_TIME * NUDGE_FPS)) if nudging else 0.0
            self.die_jump = abs(math.sin(t * math.pi * 2)) * 16
            self.die_pulse = 1 + 0.06 * math.sin(t * math.pi * 2)
            self.app.invalidate(NUDGE_AREA)
        return False

    def idle_wake_in(self) -> float | None:
        if self._idle_since is None:
            return None
        phase = (self.time - self._idle_since) % NUDGE_EVERY - (NUDGE_EVERY - NUDGE_TIME)
        if phase < 0:
            return -phase
        return max(0.0, (int(phase * NUDGE_FPS) + 1) / NUDGE_FPS - phase)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """The areas whose look changed since the last draw, from the pieces themselves."""
        return self.table.changed_areas()

    # -- drawing -----------------------------------------------------------------------------------
    def field_sprite(self, node_id: str) -> str:
        node = self.state.board.nodes[node_id]
        if node.kind in ("sorcerer", "gate_red") and node.label in ("I", "II"):
            return f"{node.kind}_{1 if node.label == 'I' else 2}"
        return "" if node.kind in PLAIN_KINDS else node.kind

    def draw(self, surface: pygame.Surface) -> None:
        if self.board_surface is None:
            self.board_surface = self.render_board()
        self.table.paint(surface)

    def pawn_places(self) -> list[tuple[int, float, float]]:
        """Where each knight stands, in drawing order (knights sharing a field side by side)."""
        return side_by_side(self.pawn_xy, self.moving, PAWN_SIZE)

    def pawn_ring(self, p: int) -> bool:
        """The knight whose turn it is stands in a white ring while the player may throw."""
        return p == self.shown_current and not self.controller.is_over and not self.anim.busy

    @staticmethod
    def pawn_rect(x: float, y: float, lift: float) -> pygame.Rect:
        return pawn_rect(x, y, lift, PAWN_SIZE)

    def draw_sidebar(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        pygame.draw.rect(surface, SIDEBAR_FILL, SIDEBAR)
        pygame.draw.line(surface, (190, 150, 90), SIDEBAR.topleft, SIDEBAR.bottomleft, 6)
        self.draw_buttons(surface)
        clip = surface.get_clip()
        # the rows share the room above the hint (six players get lower rows)
        row_h = min(PLAYER_H, (PROMPT_BUTTON.top - 10 - PLAYER_TOP - 8 * (len(self.seats) - 1)) // len(self.seats))
        for i, seat in enumerate(self.seats):
            rect = pygame.Rect(SIDEBAR.x + 16, PLAYER_TOP + i * (row_h + 8), SIDEBAR.w - 32, row_h)
            if not clip.colliderect(rect.inflate(12, 12)):
                continue    # a partial redraw elsewhere (the hopping die): this panel is untouched
            current = i == self.shown_current and not self.controller.is_over
            waiting = self.waiting_for(i)
            right = draw_player_panel(surface, assets, rect, seat, current, helmet=self.spec.pawn == "knight",
                                      reserve=92 if waiting else 0)
            if waiting:
                draw_badge(surface, assets, (right, rect.centery), *waiting)
        hint = self.hint_text()
        if hint:
            label = assets.fit_text(hint, 30, INK, HINT_TEXT.w, HINT_TEXT.h)
            surface.blit(label, label.get_rect(center=HINT_TEXT.center))

    def waiting_for(self, seat: int) -> tuple[str, int] | None:
        """A knight held by a waiting field, and the throw that frees him (as the board file says)."""
        if self.moving == seat and self.anim.busy:
            return None
        node = self.state.board.nodes[self.state.positions[seat]]
        out = self.state.direction[seat] == "out"
        if node.kind in ("dragon", "claws") or (node.kind == "pool" and out):
            return self.field_sprite(node.id), node.props["release"]
        if node.kind == "frog_king":
            return "frog_king", node.props["roll"]
        return None

    def hint_text(self) -> str:
        if self.controller.is_over:
            return ""
        seat = self.seats[self.shown_current]
        if self.anim.busy:
            return ""
        if seat.is_computer:
            return self.t("knights.hint.computer", name=seat.name)
        return self.t("knights.hint.roll", name=seat.name)

    def banner_rect(self) -> pygame.Rect:
        """Where the banner shows: on the other half of the board from the knight it talks about,
        sliding in as it fades in."""
        alpha = self.banner[2] if self.banner else 0.0
        focus = self.pawn_xy[self.moving if self.moving is not None else self.shown_current]
        y = BOARD_RECT.h * (0.3 if focus[1] > BOARD_RECT.centery else 0.68) + (1 - alpha) * 30
        rect = pygame.Rect((0, 0), BANNER_SIZE)
        rect.center = (BOARD_RECT.centerx, round(y))
        return rect

    # -- the painted board (made once) ----------------------------------------------------------------
    def render_board(self) -> pygame.Surface:
        board = self.state.board
        assets = self.app.assets
        surf = pygame.Surface(self.app.screen.get_size())
        surf.fill((124, 186, 92))
        rng = random.Random(11)
        w, h = BOARD_RECT.size
        for _ in range(260):   # soft meadow patches
            colour = rng.choice(((134, 196, 100), (116, 178, 86), (140, 200, 106)))
            r = rng.randint(20, 70)
            pygame.draw.circle(surf, colour, (rng.randint(0, w), rng.randint(0, h)), r)
        xy = {nid: self.field_xy(nid) for nid in board.nodes}
        roads = [(lane, _lane_points(lane, xy)) for lane in board.lanes.values()]
        roads = [(lane, pts) for lane, pts in roads if len(pts) >= 2]
        segments = [seg for _, pts in roads for seg in zip(pts, pts[1:])]
        self._paint_regions(surf, board, xy)
        self._paint_decorations(surf, board, xy, segments, rng)
        for lane, pts in roads:
            colour = LANE_COLOURS.get(lane.colour or "road", LANE_COLOURS["road"])
            pygame.draw.lines(surf, shade(colour, 0.55), False, pts, 30)
            for pt in pts:
                pygame.draw.circle(surf, shade(colour, 0.55), pt, 15)
            pygame.draw.lines(surf, colour, False, pts, 22)
            for pt in pts:
                pygame.draw.circle(surf, colour, pt, 11)
        # The castle first: the fields in front of its gates stay visible on top of it.
        for nid, node in sorted(board.nodes.items(), key=lambda item: item[1].kind != "castle"):
            self._paint_field(surf, node, xy[nid], assets)
        return surf.convert()

    def _paint_regions(self, surf, board, xy) -> None:
        pools = [xy[n] for n in board.of_kind("pool")]
        for x, y in pools:   # the pool: a lake under its fields
            pygame.draw.circle(surf, (70, 140, 210), (x, y), 62)
        for x, y in pools:
            pygame.draw.circle(surf, (100, 170, 235), (x, y), 50)
        hell_lane = board.lanes[board.nodes[board.of_kind("hell")[0]].lane] if board.of_kind("hell") else None
        if hell_lane:
            for f in hell_lane.fields:
                pygame.draw.circle(surf, (96, 84, 70), xy[f], 58)
            for f in hell_lane.fields:
                pygame.draw.circle(surf, (112, 98, 80), xy[f], 44)
        for gh in board.of_kind("golden_hill"):
            for r, c in ((110, (205, 190, 90)), (80, (230, 205, 90)), (55, (250, 225, 110))):
                pygame.draw.circle(surf, c, xy[gh], r)

    def _paint_decorations(self, surf, board, xy, segments, rng) -> None:
        assets = self.app.assets
        points = list(xy.values())
        placed: list[tuple[float, float, int]] = []
        for deco in board.decorations:
            size = int(deco.get("size", 90))
            x, y = self.offset[0] + deco["at"][0] * self.scale, self.offset[1] + deco["at"][1] * self.scale
            pic = assets.image(deco["sprite"], size)
            surf.blit(pic, pic.get_rect(center=(x, y)))
            placed.append((x, y, size))
        scatter_scenery(surf, assets, rng, BOARD_RECT,
                        ("tree", "pine", "pine", "tree", "flower", "mushroom", "flower"), points=points, segments=segments, placed=placed, limit=70, small=(34, 46), big=(58, 84),
                        point_gap=(FIELD_R + 10, 0.55), road_gap=(FIELD_R, 0.5))

    def _paint_field(self, surf, node, centre, assets) -> None:
        kind = node.kind
        x, y = centre
        if kind == "castle":
            pic = assets.image("castle", 150)
            surf.blit(pic, pic.get_rect(center=(x, y - 22)))
            chest = assets.image("chest", 60)
            surf.blit(chest, chest.get_rect(center=(x + 62, y + 40)))
            return
        category = ("good" if kind in GOOD else "bad" if kind in BAD else "wait" if kind in WAIT
                    else kind if kind in FIELD_FILL else "plain")
        fill = FIELD_FILL[category]
        r = FIELD_R if kind in PLAIN_KINDS else FIELD_R + 4
        pygame.draw.circle(surf, (70, 50, 35), (x + 2, y + 4), r + 2)
        pygame.draw.circle(surf, fill, (x, y), r)
        pygame.draw.circle(surf, (90, 64, 40), (x, y), r, 3)
        sprite = self.field_sprite(node.id)
        if sprite:
            pic = assets.image(sprite, int(r * 1.7))
            surf.blit(pic, pic.get_rect(center=(x, y)))
        if kind == "bank":
            pygame.draw.circle(surf, (110, 170, 90), (x, y), r - 8)
        if kind == "start":
            label = assets.text(self.t("knights.start"), 22, (255, 255, 255), title=True, outline=(60, 40, 20))
            surf.blit(label, label.get_rect(midtop=(x, y + r - 2)))


def _lane_points(lane, xy) -> list:
    """A lane's road on the canvas: from its junction, through its fields, to the field after it."""
    return ([xy[lane.from_]] if lane.from_ else []) + [xy[f] for f in lane.fields] + \
        ([xy[lane.to]] if lane.to else [])


# -- the pieces of the Knights table ------------------------------------------------------------------
class BoardPicture(Piece):
    """The painted map, made once: it never changes, so it is redrawn only under the others."""

    layer = 0

    def __init__(self, scene: KnightsScene) -> None:
        self.scene = scene

    def area(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.scene.app.screen.get_size())

    def look(self) -> str:
        return "the map"

    def paint(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.blit(self.scene.board_surface, clip.topleft, clip)


class Sidebar(Piece):
    """The side panel: the buttons, every player's row (the lit one, a waiting knight's badge) and
    the hint."""

    layer = 1

    def __init__(self, scene: KnightsScene) -> None:
        self.scene = scene

    def area(self) -> pygame.Rect:
        return pygame.Rect(SIDEBAR.x - 4, PLAYER_TOP, SIDEBAR.w + 4, SIDEBAR.h - PLAYER_TOP)

    def look(self) -> tuple:
        scene = self.scene
        say = scene.button("say")
        return (scene.shown_current, scene.hint_text(), say.icon if say else None, scene.controller.is_over,
                tuple(scene.waiting_for(i) for i in range(len(scene.seats))))

    def paint(self, surface: pygame.Surface) -> None:
        self.scene.draw_sidebar(surface)


class Die(Piece):
    """The big die, rimmed in the thrower's colour: its number (None: waiting), its turn, hop and
    swell."""

    layer = 2

    def __init__(self, scene: KnightsScene) -> None:
        self.scene = scene
        self.value: int | None = None
        self.angle = self.jump = 0.0
        self.pulse = 1.0

    def rim(self):
        return PAWN_RGB[self.scene.seats[self.scene.shown_current].colour]

    def area(self) -> pygame.Rect:
        return NUDGE_AREA

    def look(self) -> tuple:
        return self.value, round(self.angle, 1), round(self.jump, 1), round(self.pulse, 3), self.rim()

    def paint(self, surface: pygame.Surface) -> None:
        draw_die(surface, DIE_CENTRE, DIE_SIZE, self.value, self.rim(), angle=self.angle, jump=self.jump,
                 pulse=self.pulse)


class Knight(Piece):
    """One player's knight, where the scene's layout puts it (knights on one field side by side),
    hopping, shaking, in the white ring while its player may throw; the moving one on top."""

    def __init__(self, scene: KnightsScene, seat: int) -> None:
        self.scene = scene
        self.seat = seat

    @property
    def layer(self) -> int:
        return 4 if self.scene.moving == self.seat else 3

    def place(self) -> tuple[float, float]:
        for p, x, y in self.scene.pawn_places():
            if p == self.seat:
                return x, y
        return self.scene.pawn_xy[self.seat]

    def area(self) -> pygame.Rect:
        x, y = self.place()
        return self.scene.pawn_rect(x, y, self.scene.pawn_lift[self.seat])

    def look(self) -> tuple:
        scene, p = self.scene, self.seat
        x, y = self.place()
        return round(x, 1), round(y, 1), round(scene.pawn_lift[p], 1), round(scene.shake[p], 1), scene.pawn_ring(p)

    def paint(self, surface: pygame.Surface) -> None:
        scene, p = self.scene, self.seat
        x, y = self.place()
        draw_pawn_at(surface, scene.seats[p], x, y, PAWN_SIZE, lift=scene.pawn_lift[p], ring=scene.pawn_ring(p),
                     shake=scene.shake[p], helmet=scene.spec.pawn == "knight")


class Banner(Piece):
    """What happened, in a picture and words, faded in and out on the other half of the map."""

    layer = 5

    def __init__(self, scene: KnightsScene) -> None:
        self.scene = scene

    def area(self) -> pygame.Rect | None:
        banner = self.scene.banner
        return self.scene.banner_rect() if banner and banner[2] > 0.01 else None

    def look(self) -> tuple | None:
        area = self.area()
        return (self.scene.banner, area.topleft) if area else None

    def paint(self, surface: pygame.Surface) -> None:
        text, sprite, alpha = self.scene.banner
        self.scene._banner_painter.draw(surface, self.scene.app.assets, text, sprite, alpha,
                                        self.scene.banner_rect().topleft)
