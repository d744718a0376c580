"""Knights and the Golden Treasure on screen: a painted fairy-tale map, a big die to tap, knights
hopping field by field, special fields that show what they do.  The rules live in rules.py; the
scene draws the session's views (``KnightsView``, rules.py) and animates the events it returns.

The scene is the shared board table (kidgames/ui/board_table.py) with the game's part, table.py
(:class:`KnightsTable`: the painted map, the die and what a tap does); the scene itself turns the
session's events into animation."""
from __future__ import annotations

import math
from functools import partial

import pygame

from kidgames.ui.board_pieces import draw_badge
from kidgames.ui.board_table import BOARD_RECT, BoardTableScene
from kidgames.ui.pieces import OVER_BUTTONS, Pawns

from .art import BAD, field_sprite
from .board import KnightsBoard
from .rules import KnightsView
from .table import KnightsTable

# -- layout (canvas 1600×1000: the board on the left, the players and the die on the right; the die's
# place is the part's, table.py) -----------------------------------------------------------------------
PLAYER_TOP, PLAYER_H = 130, 84
PROMPT_BUTTON = pygame.Rect(1254, 600, 100, 100)   # the hint's picture: a tap says it again
HINT_TEXT = pygame.Rect(1362, 600, 226, 100)       # the hint, beside it
BOARD_MARGIN = 40      # canvas pixels between the outermost fields and the board's edges (lakes, halos)
PAWN_SIZE = 62
HOP_TIME, FLY_TIME, BANNER_TIME, HOP_HEIGHT = 0.26, 0.9, 1.3, 26
BANNER_SIZE, BANNER_STEPS = (860, 170), 5
SIDEBAR_FILL, SIDEBAR_EDGE = (250, 236, 200), (190, 150, 90)

SOUND_FOR = {"pool": "splash", "firebird": "whoosh", "bank": "whoosh"}   # any other field: "fall" if bad, else "magic"


class KnightsScene(BoardTableScene[KnightsView, KnightsBoard]):
    part: KnightsTable          # the game's part of the table (table.py): the map and the die

    def __init__(self, app, session) -> None:
        super().__init__(app, session, KnightsTable)
        self.idle = self.part       # the waiting die hops while a person thinks
        view = self.session.view()
        self.fit(BOARD_RECT, BOARD_MARGIN)
        self.banner_from_junction = False
        # What is on the screen, as pieces that know their area and look (kidgames/ui/table.py,
        # kidgames/ui/pieces.py): the frame redraws where a piece changed, found from the pieces.
        helmet = self.spec.pawn == "knight"
        pawns = Pawns(self.seats, PAWN_SIZE, [self.space_xy(pos) for pos in view.table.positions], self.pawn_ring,
                      helmet=helmet, layer=OVER_BUTTONS)

        def paint_badge(i: int, surface: pygame.Surface, rect: pygame.Rect, right: int, lit: bool) -> None:
            waits = self.waiting_for(i)
            assert waits is not None        # painted only while the row has its badge (waiting_for)
            draw_badge(surface, app.assets, (right, rect.centery), *waits)
        rows = [self.player_row(i, rect, badge=partial(self.waiting_for, i), reserve=92, helmet=helmet,
                                paint_badge=partial(paint_badge, i))
                for i, rect in enumerate(self.row_rects(PLAYER_TOP, PLAYER_H, PROMPT_BUTTON.top - 10))]
        self.lay_board((SIDEBAR_FILL, SIDEBAR_EDGE), 14, PROMPT_BUTTON, rows, (HINT_TEXT, HINT_TEXT), [self.part.die],
                       pawns, (BANNER_SIZE, BANNER_STEPS))

    # -- events to animation ---------------------------------------------------------------------------
    def _anim_moved(self, ev, rest) -> None:
        forks = {at: partial(self._junction_banner, at, lane, why) for at, lane, why in ev.get("branches", ())}
        self.walk(ev.player, ev.get("from"), ev.path, HOP_TIME, HOP_HEIGHT, forks)
        if self.banner_from_junction:
            self.banner_piece.fade_out(self.anim)
            self.banner_from_junction = False

    def _junction_banner(self, junction: str, lane: str, why: str) -> None:
        """The knight stops a moment at a fork and the screen says which way the throw sends him."""
        key = "knights.branch.return" if why == "return" else f"knights.branch.{lane}"
        if not self.app.catalog.has(key):
            key = f"knights.branch.{why}"
        text = self.t(key, n=self.table_view().last_roll)
        self.banner_piece.fade_in(self.anim, text, self.field_sprite(junction) or "sparkles", 0.2,
                                  start=self.sound("magic"))
        self.anim.wait(0.9)
        self.banner_from_junction = True

    def _anim_effect(self, ev, rest) -> None:
        p, kind, node = ev.player, ev.field, self.board.nodes[ev.node]
        # The same field says something else coming back (the Firebird, the Frog King).
        back = ev.to is not None and ev.to == node.get("back_to") and ev.to != node.get("to")
        text = self.t(f"knights.effect.{kind}" + ("_back" if back else ""), name=self.seats[p].name)
        self.banner_piece.fade_in(self.anim, text, self.field_sprite(ev.node) or "sparkles", 0.25,
                                  start=self.sound(SOUND_FOR.get(kind, "fall" if kind in BAD else "magic")))
        self.anim.wait(BANNER_TIME * 0.6)
        if ev.to is not None:
            a, b = self.space_xy(ev.node), self.space_xy(ev.to)
            height = 60 + min(220, math.dist(a, b) * 0.35)
            self.pawns.hop(self.anim, p, a, b, FLY_TIME, height, start=self.sound("whoosh" if kind not in BAD else "fall"))
        self.anim.wait(BANNER_TIME * 0.4)
        self.banner_piece.fade_out(self.anim, 0.25)

    def _anim_waiting(self, ev, rest) -> None:
        """Into the pool, onto the dragon, into the claws: the knight sinks or shakes, and the
        banner says which throw will free him."""
        sound = {"pool": "splash", "frog_king": "magic"}.get(ev.field, "stuck")
        self._held(ev, f"knights.waiting.{ev.field}", self.field_sprite(ev.node), sound, 0.8,
                   0 if ev.field == "pool" else 6)

    def _anim_stuck(self, ev, rest) -> None:
        sprite = self.field_sprite(ev.node) if ev.reason != "overshoot" else "castle"
        self._held(ev, f"knights.stuck.{ev.reason}", sprite, "stuck", 0.6, 8)

    def _held(self, ev, key: str, sprite: str, sound: str, stay: float, shake: int) -> None:
        """The knight shakes (``shake`` times, as far) or, without ``shake``, sinks, as the
        banner with ``key``'s text fades in; it stays ``stay`` more seconds and fades out."""
        p = ev.player
        text = self.t(key, name=self.seats[p].name, need=ev.need)

        def react(t: float) -> None:
            if shake:
                self.pawns.shake[p] = math.sin(t * math.pi * shake) * shake * (1 - t)
            else:
                self.pawns.lift[p] = -10 * math.sin(math.pi * min(1.0, t * 1.5))
            self.banner_piece.set(text, sprite, min(1.0, t * 4))

        self.anim.add(0.9, react, start=self.sound(sound))
        self.anim.wait(stay)
        self.banner_piece.fade_out(self.anim, 0.25)

    def _anim_game_over(self, ev, rest) -> None:
        self.rest_step()
        text = self.t("knights.castle", name=self.seats[ev.winners[0]].name)
        self.anim.add(0.8, lambda t: self.banner_piece.set(text, "chest", min(1.0, t * 3)), start=self.sound("coin"))
        self.anim.wait(0.6)
        self.anim.call(self.banner_piece.clear)

    # -- drawing -----------------------------------------------------------------------------------
    def field_sprite(self, node_id: str) -> str:
        return field_sprite(self.board.nodes[node_id])

    def waiting_for(self, seat: int) -> tuple[str, int] | None:
        """A knight held by a waiting field, and the throw that frees him (the rules say which)."""
        if self.pawns.moving == seat and self.anim.busy:
            return None
        waits = self.table_view().waiting[seat]
        if waits is None:
            return None
        node, field, need = waits
        return ("frog_king" if field == "frog_king" else self.field_sprite(node)), need

    def banner_height(self) -> float:
        """The banner shows on the other half of the board from the knight it talks about."""
        pawns = self.pawns
        focus = pawns.xy[pawns.moving if pawns.moving is not None else self.shown_current]
        return 0.3 if focus[1] > BOARD_RECT.centery else 0.68
