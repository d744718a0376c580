"""The winner is celebrated: confetti, a trophy, the winner's pawn; play again or back to the menu."""
from __future__ import annotations

import math
import random

import pygame

from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, PAWN_RGB, draw_pawn, overlay_panel

PANEL = pygame.Rect(260, 120, 1080, 760)
CONFETTI = 140
CELEBRATION = 12.0     # seconds of falling confetti and a bouncing winner; then the picture rests


class ResultsScene(Scene):
    overlay = True

    def __init__(self, app, spec, seats, winners: list[int], options: dict) -> None:
        super().__init__(app)
        self.spec = spec
        self.seats = seats
        self.winners = winners
        self.options = options
        self.time = 0.0
        self._backdrop: pygame.Surface | None = None
        try:
            self.helmet = bool(getattr(spec.load_scene_class(), "PAWN_HELMET", False))
        except (ImportError, AttributeError):
            self.helmet = False
        rng = random.Random(len(seats) * 31 + sum(winners))
        colours = list(PAWN_RGB.values()) + [(255, 215, 0), (255, 255, 255)]
        self.confetti = [[rng.uniform(0, 1600), rng.uniform(-1000, 0), rng.uniform(80, 220),
                          rng.uniform(-40, 40), rng.choice(colours), rng.uniform(0, 6.28), rng.uniform(2, 6)]
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

    def menu(self) -> None:
        from kidgames.ui.menu import MenuScene
        self.app.reset_to(MenuScene(self.app))

    def again(self) -> None:
        from kidgames.ui.game import start_game_scene
        start_game_scene(self.app, self.spec.id, list(self.seats), options=self.options)

    def back(self) -> None:
        self.menu()

    def update(self, dt: float) -> bool:
        if self.time >= CELEBRATION:
            return False   # the confetti has settled: the picture stands still, nothing is redrawn
        self.time = min(CELEBRATION, self.time + dt)
        for c in self.confetti:
            c[1] += c[2] * dt
            c[0] += c[3] * dt + math.sin(self.time * 3 + c[5]) * 0.6
            c[5] += c[6] * dt
            if c[1] > 1010 and self.time < 8:
                c[1] = -20
        return True

    def covers_below(self) -> bool:
        return self._backdrop is not None

    def draw(self, surface: pygame.Surface) -> None:
        # The game below, the veil and the panel do not move: painted once, then copied each frame.
        if self._backdrop is None:
            overlay_panel(surface, PANEL, veil=(30, 20, 50, 140), border=(240, 190, 40), border_width=10,
                          shadow=12)
            self._backdrop = surface.copy()
        else:
            surface.blit(self._backdrop, (0, 0))
        assets = self.app.assets
        glow = 1 + 0.04 * math.sin(self.time * 4)
        trophy = assets.image("trophy", int(170 * glow))
        surface.blit(trophy, trophy.get_rect(center=(PANEL.centerx, PANEL.top + 130)))
        for i, side in enumerate((-1, 1)):
            party = assets.image("party", 120)
            if side > 0:
                party = pygame.transform.flip(party, True, False)
            surface.blit(party, party.get_rect(center=(PANEL.centerx + side * 300, PANEL.top + 140)))
        names = [self.seats[w] for w in self.winners]
        if names:
            text = self.t(f"results.{self.spec.id}.win", name=" & ".join(s.name for s in names))
            for k, seat in enumerate(names):
                x = PANEL.centerx + (k - (len(names) - 1) / 2) * 150
                bounce = abs(math.sin(self.time * 3 + k)) * 30
                draw_pawn(surface, seat.colour, seat.shape, (x, PANEL.top + 350), 130, lift=bounce,
                          helmet=self.helmet)
        else:
            text = self.t("results.nobody")
        label = assets.text(text, 56, INK, title=True, width=PANEL.w - 100)
        surface.blit(label, label.get_rect(center=(PANEL.centerx, PANEL.top + 490)))
        self.draw_buttons(surface)
        for x, y, _, _, colour, angle, _ in self.confetti:
            if -20 < y < 1010:
                w = 14 * abs(math.cos(angle)) + 3
                pygame.draw.rect(surface, colour, pygame.Rect(x, y, w, 9))
