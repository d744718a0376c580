"""Player setup: 2–6 seats, each a name, a pawn colour (with its shape) and person or computer.
The last setup of each game is remembered."""
from __future__ import annotations

from dataclasses import replace

import pygame

from kidgames.core.seats import COLOURS, COMPUTER, PERSON, Seat
from kidgames.ui.backdrop import meadow
from kidgames.ui.keyboard import NameScene
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import INK, PAPER, Button, draw_pawn, rounded_panel

ROW_X, ROW_W, ROW_H, ROW_TOP, ROW_GAP = 200, 1200, 96, 150, 10
TITLE_W, TITLE_H = 1120, 92      # clear of the backdrop's sun and of the panel below


class SetupScene(Scene):
    def __init__(self, app, spec) -> None:
        super().__init__(app)
        self.spec = spec
        self.seats = self.remembered() or self.default_seats()

    def default_seats(self) -> list[Seat]:
        return [Seat(self.t(f"colour.{c}"), c, PERSON if i == 0 else COMPUTER, default_name=True)
                for i, c in enumerate(COLOURS[:max(2, self.spec.min_players)])]

    def remembered(self) -> list[Seat] | None:
        data = self.app.settings.last_setup.get(self.spec.id)
        try:
            seats = [Seat.from_json(d) for d in data or []]
        except ValueError:
            return None
        if not self.spec.min_players <= len(seats) <= self.spec.max_players:
            return None
        if len({s.colour for s in seats}) != len(seats):
            return None
        return seats

    def colour_names(self) -> dict[str, str]:
        return {c: self.t(f"colour.{c}") for c in COLOURS}

    # -- layout -------------------------------------------------------------------------------------
    def layout(self) -> None:
        # layout runs on entering and after a language change: default names follow the language
        names = self.colour_names()
        self.seats = [seat.in_language(names) for seat in self.seats]
        self.buttons = []
        for i, seat in enumerate(self.seats):
            y = ROW_TOP + i * (ROW_H + ROW_GAP)
            self.buttons += [
                Button(pygame.Rect(ROW_X + 10, y, 110, ROW_H), lambda i=i: self.next_colour(i),
                       name=f"colour:{i}", colour="paper"),
                Button(pygame.Rect(ROW_X + 135, y, 540, ROW_H), lambda i=i: self.edit_name(i),
                       seat.name, name=f"name:{i}", text_size=40),
                Button(pygame.Rect(ROW_X + 690, y, 370, ROW_H), lambda i=i: self.toggle_kind(i),
                       self.t("setup.computer" if seat.is_computer else "setup.person"),
                       icon="robot" if seat.is_computer else "person",
                       colour="blue" if seat.is_computer else "gold", name=f"kind:{i}", text_size=32),
            ]
            if len(self.seats) > self.spec.min_players:
                self.buttons.append(Button(pygame.Rect(ROW_X + 1080, y, 110, ROW_H),
                                           lambda i=i: self.remove(i), icon="minus", colour="red",
                                           name=f"remove:{i}"))
        if len(self.seats) < self.spec.max_players:
            y = ROW_TOP + len(self.seats) * (ROW_H + ROW_GAP)
            self.buttons.append(Button(pygame.Rect(ROW_X + 10, y, 520, ROW_H), self.add,
                                       self.t("setup.add"), icon="plus", colour="paper", name="add",
                                       text_size=32))
        self.buttons += [
            Button(pygame.Rect(40, 870, 240, 105), self.app.pop, icon="home", colour="paper", name="back"),
            Button(pygame.Rect(310, 870, 240, 105), self.show_rules, icon="question", colour="paper",
                   name="rules"),
            Button(pygame.Rect(1130, 855, 430, 125), self.start, self.t("setup.start"), icon="play",
                   colour="green", name="start", text_size=48),
        ]

    # -- actions ------------------------------------------------------------------------------------
    def next_colour(self, i: int) -> None:
        used = {s.colour for j, s in enumerate(self.seats) if j != i}
        k = COLOURS.index(self.seats[i].colour)
        for step in range(1, len(COLOURS) + 1):
            colour = COLOURS[(k + step) % len(COLOURS)]
            if colour not in used:
                self.seats[i] = replace(self.seats[i], colour=colour).in_language(self.colour_names())
                break
        self.layout()

    def edit_name(self, i: int) -> None:
        def done(name: str) -> None:
            old = self.seats[i]
            if name != old.name:   # OK on an untouched default name keeps it a default one
                self.seats[i] = replace(old, name=name, default_name=False)
            self.layout()
        self.app.push(NameScene(self.app, self.seats[i].name, done))

    def toggle_kind(self, i: int) -> None:
        old = self.seats[i]
        self.seats[i] = replace(old, kind=PERSON if old.is_computer else COMPUTER)
        self.layout()

    def remove(self, i: int) -> None:
        if len(self.seats) > self.spec.min_players:
            del self.seats[i]
            self.layout()

    def add(self) -> None:
        if len(self.seats) >= self.spec.max_players:
            return
        used = {s.colour for s in self.seats}
        colour = next(c for c in COLOURS if c not in used)
        self.seats.append(Seat(self.t(f"colour.{colour}"), colour, COMPUTER, default_name=True))
        self.layout()

    def show_rules(self) -> None:
        from kidgames.ui.rules_scene import RulesScene
        self.app.push(RulesScene(self.app, self.spec.id))

    def start(self) -> None:
        from kidgames.ui.game import start_game_scene
        from kidgames.ui.menu import ask_before_replacing
        seats = list(self.seats)

        def start_new() -> None:
            self.app.settings.last_setup[self.spec.id] = [s.to_json() for s in seats]
            self.app.save_settings()
            start_game_scene(self.app, self.spec.id, seats)

        ask_before_replacing(self.app, self.spec.id, start_new)   # a saved game is never lost unasked

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(meadow(surface.get_size(), assets), (0, 0))
        # one line, shrunk if need be: a long title (German) would run under the sun or the panel
        title = assets.fit_text(self.t("setup.title", game=self.t(f"game.{self.spec.id}.title")), 56,
                                (255, 250, 235), TITLE_W, TITLE_H, title=True, outline=(120, 70, 30))
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, 30)))
        rows = len(self.seats) + (1 if len(self.seats) < self.spec.max_players else 0)
        panel = pygame.Rect(ROW_X - 20, ROW_TOP - 20, ROW_W + 40, rows * (ROW_H + ROW_GAP) + 30)
        rounded_panel(surface, panel, (*PAPER,), radius=30, border=(200, 160, 80))
        self.draw_buttons(surface)
        for i, seat in enumerate(self.seats):
            button = self.button(f"colour:{i}")
            draw_pawn(surface, seat.colour, seat.shape, button.rect.move(0, 8).center, 74)
        count = assets.text(self.t("setup.count", n=len(self.seats)), 30, INK, outline=(255, 255, 255))
        surface.blit(count, count.get_rect(midbottom=(800, 990)))
