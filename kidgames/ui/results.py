"""The winners are celebrated: confetti, a trophy, the winners' pawns on the podium (several when
they share the win), and a row of everybody at the table, each with their pawn, their name, a
computer's robot and level, and their score when the game counts one; play again or back to the
menu."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from kidgames.ui.board_pieces import draw_robot
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, PAWN_RGB, draw_pawn, overlay_panel

PANEL = pygame.Rect(260, 120, 1080, 760)
CONFETTI = 140
CELEBRATION = 12.0     # seconds of falling confetti and a bouncing winner; then the picture rests
PODIUM_Y, PODIUM_PAWN, PODIUM_STEP = 350, 130, 150
SCORES_Y, SCORE_PAWN, SCORE_STEP = 620, 60, 200     # the row of every player: pawn and score
NAME_DY, NAME_SIZE, NAME_H = 54, 34, 40              # their name under it
ROBOT_AT, ROBOT_SIZE = (26, 10), 30                  # a computer's robot and level, from its pawn


@dataclass(slots=True)
class Confetto:
    """A piece of confetti: where it is (``x``, ``y``), how fast it falls and drifts, its colour,
    its turn (``angle``) and how fast it turns."""

    x: float
    y: float
    fall: float
    drift: float
    colour: tuple[int, int, int]
    angle: float
    spin: float


class ResultsScene(Scene):
    overlay = True

    def __init__(self, app, spec, seats, winners: list[int], options: dict,
                 scores: list | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.seats = seats
        self.winners = winners
        self.options = options
        # a score per seat (cards won, points) when the game counts one; anything else is not shown
        self.scores = list(scores) if isinstance(scores, (list, tuple)) and len(scores) == len(seats) \
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores) else None
        self.time = 0.0
        self._backdrop: pygame.Surface | None = None
        self._still: tuple | None = None          # (buttons pressed, the panel with what stands still)
        self._moved_areas: list[pygame.Rect] = []  # where the last draw painted what moves
        self.helmet = spec.pawn == "knight"
        self.name_areas: dict[int, pygame.Rect] = {}      # where each seat's name was drawn
        self.headline_area: pygame.Rect | None = None
        rng = random.Random(len(seats) * 31 + sum(winners))
        colours = list(PAWN_RGB.values()) + [(255, 215, 0), (255, 255, 255)]
        self.confetti = [Confetto(rng.uniform(0, 1600), rng.uniform(-1000, 0), rng.uniform(80, 220),
                                  rng.uniform(-40, 40), rng.choice(colours), rng.uniform(0, 6.28), rng.uniform(2, 6))
                         for _ in range(CONFETTI)]

    def enter(self) -> None:
        super().enter()
        self.app.assets.play("fanfare")

    def layout(self) -> None:
        self._backdrop = None
        self.buttons = [
            Button(pygame.Rect(PANEL.left + 60, PANEL.bottom - 150, 440, 115), self.menu,
                   self.t("results.menu"), icon="home", colour="orange", name="menu", text_size=36),
            Button(pygame.Rect(PANEL.right - 500, PANEL.bottom - 150, 440, 115), self.again,
                   self.t("results.again"), icon="play", colour="green", name="again", text_size=36),
        ]

    def spoken_prompts(self) -> dict:
        return {"headline": self.headline()}

    def menu(self) -> None:
        self.app.nav.show_menu()

    def again(self) -> None:
        self.app.nav.start_game(self.spec.id, list(self.seats), options=self.options)

    def headline(self) -> str:
        """One winner by name ("Anna wins the golden treasure!"), a shared win, or nobody."""
        names = [self.seats[w].name for w in self.winners]
        if not names:
            return self.t("results.nobody")
        if len(names) == 1:
            key = f"results.{self.spec.id}.win"
            return self.t(key if self.app.catalog.has(key) else "results.win", name=names[0])
        return self.t("results.together", names=self.t("results.and").join(names))

    def back(self) -> None:
        self.menu()

    def update(self, dt: float) -> bool:
        if self.time >= CELEBRATION:
            return False   # the confetti has settled: the picture stands still, nothing is redrawn
        self.time = min(CELEBRATION, self.time + dt)
        for c in self.confetti:
            c.y += c.fall * dt
            c.x += c.drift * dt + math.sin(self.time * 3 + c.angle) * 0.6
            c.angle += c.spin * dt
            if c.y > 1010 and self.time < 8:
                c.y = -20
        return True

    def row_order(self) -> list[int]:
        """The seats in the row: the best score first (the winners first where nothing is counted),
        else in their order at the table."""
        scores = self.scores
        if scores is not None:
            return sorted(range(len(self.seats)), key=lambda i: -scores[i])
        return sorted(range(len(self.seats)), key=lambda i: i not in self.winners)

    def draw_players(self, surface: pygame.Surface) -> None:
        """Everybody at the table: their pawn with their score beside it (when the game counts
        one), their name under it, and a computer's robot and level on its pawn's lower right.  Where each
        name lies is kept in ``name_areas`` (seat -> rect)."""
        assets = self.app.assets
        order = self.row_order()
        step = min(SCORE_STEP, (PANEL.w - 80) // len(order))
        y = PANEL.top + SCORES_Y - 110
        self.name_areas = {}
        for k, i in enumerate(order):
            x = PANEL.centerx + (k - (len(order) - 1) / 2) * step
            seat = self.seats[i]
            scores = self.scores
            pawn_x = round(x - step * 0.2) if scores is not None else round(x)
            draw_pawn(surface, seat.colour, seat.shape, (pawn_x, y), min(SCORE_PAWN, step // 2), helmet=self.helmet)
            if scores is not None:
                value = scores[i]
                number = assets.text(f"{value:g}" if isinstance(value, float) else str(value), 48, INK, title=True)
                surface.blit(number, number.get_rect(midleft=(round(x + step * 0.05), y)))
            name = assets.fit_text(seat.name, NAME_SIZE, INK, step - 12, NAME_H, title=True)
            area = name.get_rect(center=(round(x), y + NAME_DY))
            surface.blit(name, area)
            self.name_areas[i] = area
            if seat.is_computer:       # a badge on the pawn's lower right
                draw_robot(surface, assets, seat, (pawn_x + ROBOT_AT[0], y + ROBOT_AT[1]), ROBOT_SIZE,
                           levels=self.spec.computer_levels)

    def covers_below(self) -> bool:
        return self._backdrop is not None

    def draw(self, surface: pygame.Surface) -> None:
        # The game below, the veil and the panel do not move: painted once, then copied each frame;
        # so are the texts, the scores and the buttons (painted again when a button is pressed).
        whole = surface.get_clip() == surface.get_rect()    # a copy of a clipped redraw would be patchy
        if self._backdrop is None:
            overlay_panel(surface, PANEL, veil=(30, 20, 50, 140), border=(240, 190, 40), border_width=10,
                          shadow=12)
            self._backdrop = surface.copy() if whole else None
            self._still = None
        pressed = tuple(button.pressed for button in self.buttons)
        if self._still is None or self._still[0] != pressed:
            if self._backdrop is not None:
                surface.blit(self._backdrop, (0, 0))
            self.draw_still(surface)
            self._still = (pressed, surface.copy()) if whole and self._backdrop is not None else None
        else:
            surface.blit(self._still[1], (0, 0))
        self.draw_moving(surface)

    # -- what moves: the trophy glowing, the winners bouncing, the confetti ----------------------------
    def moving(self) -> list[tuple]:
        """Every moving thing as (kind, data, the canvas area it paints)."""
        things: list[tuple] = []
        trophy = self.app.assets.image("trophy", int(170 * (1 + 0.04 * math.sin(self.time * 4))))
        things.append(("picture", trophy, trophy.get_rect(center=(PANEL.centerx, PANEL.top + 130))))
        winners = [self.seats[w] for w in self.winners]
        step = min(PODIUM_STEP, (PANEL.w - 200) // max(1, len(winners)))
        size = min(PODIUM_PAWN, step - 10)
        for k, seat in enumerate(winners):
            x = PANEL.centerx + (k - (len(winners) - 1) / 2) * step
            lift = abs(math.sin(self.time * 3 + k)) * 30
            y = self.podium_y()
            area = pygame.Rect(math.floor(x - size * 0.8), math.floor(y - lift - size * 1.2),
                               math.ceil(size * 1.6) + 1, math.ceil(lift + size * 1.9) + 1)
            things.append(("pawn", (seat, x, y, size, lift), area))
        for c in self.confetti:
            if -20 < c.y < 1010:
                piece = pygame.Rect(c.x, c.y, 14 * abs(math.cos(c.angle)) + 3, 9)
                things.append(("confetti", c.colour, piece))
        return things

    def draw_moving(self, surface: pygame.Surface) -> None:
        things = self.moving()
        for kind, data, area in things:
            if kind == "picture":
                surface.blit(data, area)
            elif kind == "pawn":
                seat, x, y, size, lift = data
                draw_pawn(surface, seat.colour, seat.shape, (x, y), size, lift=lift, helmet=self.helmet)
            else:
                pygame.draw.rect(surface, data, area)
        self._moved_areas = [area for _, _, area in things]

    def dirty_rects(self) -> list[pygame.Rect] | None:
        if self._still is None:
            return None
        return self._moved_areas + [area for _, _, area in self.moving()]

    def draw_areas(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> bool:
        """The confetti's frames: the still picture put back where something moved, then what moves."""
        if self._still is None or self._still[0] != tuple(button.pressed for button in self.buttons):
            return False
        still = self._still[1]
        for area in areas:
            surface.blit(still, area, area)
        self.draw_moving(surface)
        return True

    def podium_y(self) -> int:
        return PANEL.top + PODIUM_Y - 30

    def draw_still(self, surface: pygame.Surface) -> None:
        """What stands still on the panel: the party poppers, the headline, the scores, the buttons."""
        assets = self.app.assets
        for side in (-1, 1):
            party = assets.image("party", 120)
            if side > 0:
                party = pygame.transform.flip(party, True, False)
            surface.blit(party, party.get_rect(center=(PANEL.centerx + side * 300, PANEL.top + 140)))
        label = assets.fit_text(self.headline(), 56, INK, PANEL.w - 100, 90, title=True)
        self.headline_area = label.get_rect(center=(PANEL.centerx, self.podium_y() + 120))
        surface.blit(label, self.headline_area)
        self.draw_players(surface)
        self.draw_buttons(surface)
