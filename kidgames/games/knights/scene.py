"""Knights and the Golden Treasure on screen: a painted fairy-tale map, a big die to tap, knights
hopping field by field, special fields that show what they do.  The rules live in rules.py."""
from __future__ import annotations

import math
import random

import pygame

from kidgames.ui.board_pieces import draw_badge, scatter_scenery
from kidgames.ui.board_table import BoardTableScene
from kidgames.ui.pieces import OVER_BUTTONS, Banner, Die, Pawns
from kidgames.ui.widgets import shade

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
HOP_HEIGHT = 26
NUDGE_EVERY, NUDGE_TIME = 8.0, 0.6     # the waiting die hops for NUDGE_TIME every NUDGE_EVERY seconds,
NUDGE_FPS = 15                         # drawn at this rate (a child sees a hop; the CPU hardly notices)
NUDGE_AREA = pygame.Rect(DIE_CENTRE[0] - 128, DIE_CENTRE[1] - 188, 256, 300)   # the die, tumbling too
DIE_TARGET = pygame.Rect(SIDEBAR.x + 10, DIE_CENTRE[1] - 150, SIDEBAR.w - 20, 330)   # where a tap throws
BANNER_SIZE = (860, 170)
BANNER_STEPS = 5
SIDEBAR_FILL, SIDEBAR_EDGE = (250, 236, 200), (190, 150, 90)

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


class KnightsScene(BoardTableScene):
    roll_time, roll_pause = ROLL_TIME, 0.2

    def __init__(self, app, spec, seats, state, options, controller=None) -> None:
        super().__init__(app, spec, seats, state, options, controller)
        self.fit(BOARD_RECT, BOARD_MARGIN)
        self.banner_from_junction = False
        self._idle_since: float | None = None      # scene time when a person began to think
        self._nudge_step = -1
        # What is on the screen, as pieces that know their area and look (kidgames/ui/table.py,
        # kidgames/ui/pieces.py): the frame redraws where a piece changed, found from the pieces.
        self.die = Die(DIE_CENTRE, DIE_SIZE, self.thrower_rim, area=NUDGE_AREA)
        self.die.layer = OVER_BUTTONS     # the die and the knights lie over the side panel's edge
        # a die waiting to be thrown shows no number (None); the last throw only when it is over
        self.die.value = state.last_roll if state.is_over else None
        helmet = spec.pawn == "knight"
        pawns = Pawns(self.seats, PAWN_SIZE, [self.space_xy(pos) for pos in state.positions], self.pawn_ring,
                      helmet=helmet, layer=OVER_BUTTONS)
        rows = [self.player_row(i, rect, badge=lambda i=i: self.waiting_for(i), reserve=92, helmet=helmet,
                                paint_badge=lambda surface, rect, right, lit, i=i: draw_badge(
                                    surface, app.assets, (right, rect.centery), *self.waiting_for(i)))
                for i, rect in enumerate(self.row_rects())]
        self.lay_board(SIDEBAR, (SIDEBAR_FILL, SIDEBAR_EDGE), (SIDEBAR.x + 20, 14), PROMPT_BUTTON, rows,
                       (HINT_TEXT, HINT_TEXT), [self.die], pawns, (BANNER_SIZE, self.banner_rect, BANNER_STEPS), [], [])

    # -- geometry -------------------------------------------------------------------------------------
    field_xy = BoardTableScene.space_xy

    def row_rects(self) -> list[pygame.Rect]:
        """The players' rows, sharing the room above the hint (six players get lower rows)."""
        n = len(self.seats)
        row_h = min(PLAYER_H, (PROMPT_BUTTON.top - 10 - PLAYER_TOP - 8 * (n - 1)) // n)
        return [pygame.Rect(SIDEBAR.x + 16, PLAYER_TOP + i * (row_h + 8), SIDEBAR.w - 32, row_h) for i in range(n)]

    def layout(self) -> None:
        self.buttons = self.side_buttons()

    # -- playing --------------------------------------------------------------------------------------
    def tap(self, pos) -> None:
        # The die and the space around it throw (a big target); a tap anywhere else only makes
        # the die hop at once, to show where to tap.
        if DIE_TARGET.collidepoint(pos):
            self.roll()
        elif self._idle_since is not None:
            self._idle_since = self.time - (NUDGE_EVERY - NUDGE_TIME)
            self._nudge_step = -2

    # -- events to animation ---------------------------------------------------------------------------
    def _anim_moved(self, ev, rest) -> None:
        p = ev.player
        previous = ev.get("from")
        junctions = {at: (lane, why) for at, lane, why in ev.get("branches", ())}
        for node in ev.path:
            if previous in junctions:
                self._junction_banner(previous, *junctions[previous])
            self.pawns.hop(self.anim, p, self.field_xy(previous), self.field_xy(node), HOP_TIME, HOP_HEIGHT,
                           end=self.sound("step"))
            previous = node
        if self.banner_from_junction:
            self.banner_piece.fade_out(self.anim)
            self.banner_from_junction = False

    def _junction_banner(self, junction: str, lane: str, why: str) -> None:
        """The knight stops a moment at a fork and the screen says which way the throw sends him."""
        roll = self.state.last_roll
        key = "knights.branch.return" if why == "return" else f"knights.branch.{lane}"
        if not self.app.catalog.has(key):
            key = f"knights.branch.{why}"
        text = self.t(key, n=roll)
        self.banner_piece.fade_in(self.anim, text, self.field_sprite(junction) or "sparkles", 0.2,
                                  start=self.sound("magic"))
        self.anim.wait(0.9)
        self.banner_from_junction = True

    def _anim_effect(self, ev, rest) -> None:
        p = ev.player
        kind = ev.field
        direction_back = ev.to is not None and self._is_back_effect(ev)
        key = f"knights.effect.{kind}" + ("_back" if direction_back else "")
        text = self.t(key, name=self.seats[p].name)
        self.banner_piece.fade_in(self.anim, text, self.field_sprite(ev.node) or "sparkles", 0.25,
                                  start=self.sound(self._effect_sound(kind)))
        self.anim.wait(BANNER_TIME * 0.6)
        if ev.to is not None:
            a, b = self.field_xy(ev.node), self.field_xy(ev.to)
            height = 60 + min(220, math.dist(a, b) * 0.35)
            self.pawns.hop(self.anim, p, a, b, FLY_TIME, height, start=self.sound("whoosh" if kind not in BAD else "fall"))
        self.anim.wait(BANNER_TIME * 0.4)
        self.banner_piece.fade_out(self.anim, 0.25)

    def _is_back_effect(self, ev) -> bool:
        # The same field says something else coming back (the Firebird, the Frog King).
        node = self.state.board.nodes[ev.node]
        return ev.to == node.get("back_to") and ev.to != node.get("to")

    def _effect_sound(self, kind: str) -> str:
        if kind in SOUND_FOR:
            return SOUND_FOR[kind]
        return "fall" if kind in BAD else "magic"

    def _anim_waiting(self, ev, rest) -> None:
        """Into the pool, onto the dragon, into the claws: the knight sinks or shakes, and the
        banner says which throw will free him."""
        p = ev.player
        text = self.t(f"knights.waiting.{ev.field}", name=self.seats[p].name, need=ev.need)
        sprite = self.field_sprite(ev.node)
        sinking = ev.field == "pool"

        def react(t: float) -> None:
            if sinking:
                self.pawns.lift[p] = -10 * math.sin(math.pi * min(1.0, t * 1.5))
            else:
                self.pawns.shake[p] = math.sin(t * math.pi * 6) * 6 * (1 - t)
            self.banner_piece.set(text, sprite, min(1.0, t * 4))

        self.anim.add(0.9, react, start=self.sound({"pool": "splash", "frog_king": "magic"}.get(ev.field, "stuck")))
        self.anim.wait(0.8)
        self.banner_piece.fade_out(self.anim, 0.25)

    def _anim_stuck(self, ev, rest) -> None:
        p = ev.player
        text = self.t(f"knights.stuck.{ev.reason}", name=self.seats[p].name, need=ev.need)
        sprite = self.field_sprite(ev.node) if ev.reason != "overshoot" else "castle"

        def wobble(t: float) -> None:
            self.pawns.shake[p] = math.sin(t * math.pi * 8) * 8 * (1 - t)
            self.banner_piece.set(text, sprite, min(1.0, t * 4))

        self.anim.add(0.9, wobble, start=self.sound("stuck"))
        self.anim.wait(0.6)
        self.banner_piece.fade_out(self.anim, 0.25)

    def _anim_game_over(self, ev, rest) -> None:
        self.anim.call(self.settle)
        text = self.t("knights.castle", name=self.seats[ev.winners[0]].name)
        self.anim.add(0.8, lambda t: self.banner_piece.set(text, "chest", min(1.0, t * 3)), start=self.sound("coin"))
        self.anim.wait(0.6)
        self.anim.call(self.banner_piece.clear)

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
            self.die.jump = abs(math.sin(t * math.pi * 2)) * 16
            self.die.pulse = 1 + 0.06 * math.sin(t * math.pi * 2)
            self.app.invalidate(NUDGE_AREA)
        return False

    def idle_wake_in(self) -> float | None:
        if self._idle_since is None:
            return None
        phase = (self.time - self._idle_since) % NUDGE_EVERY - (NUDGE_EVERY - NUDGE_TIME)
        if phase < 0:
            return -phase
        return max(0.0, (int(phase * NUDGE_FPS) + 1) / NUDGE_FPS - phase)

    # -- drawing -----------------------------------------------------------------------------------
    def field_sprite(self, node_id: str) -> str:
        node = self.state.board.nodes[node_id]
        if node.kind in ("sorcerer", "gate_red") and node.label in ("I", "II"):
            return f"{node.kind}_{1 if node.label == 'I' else 2}"
        return "" if node.kind in PLAIN_KINDS else node.kind

    def pawn_ring(self, p: int) -> bool:
        """The knight whose turn it is stands in a white ring while the player may throw."""
        return p == self.shown_current and not self.controller.is_over and not self.anim.busy

    def waiting_for(self, seat: int) -> tuple[str, int] | None:
        """A knight held by a waiting field, and the throw that frees him (as the board file says)."""
        if self.pawns.moving == seat and self.anim.busy:
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

    def banner_rect(self, banner: Banner) -> pygame.Rect:
        """Where the banner shows: on the other half of the board from the knight it talks about,
        sliding in as it fades in."""
        pawns = self.pawns
        focus = pawns.xy[pawns.moving if pawns.moving is not None else self.shown_current]
        y = BOARD_RECT.h * (0.3 if focus[1] > BOARD_RECT.centery else 0.68) + (1 - banner.alpha) * 30
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
            x, y = self.to_canvas(deco["at"])
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
