"""Player setup: 2–6 seats, each a name, a pawn colour (with its shape) and person or computer (with
its level, 1–3 stars or a heart for fair, where the game's computer has choices); the game's
options as toggles.  The last setup of each game, its options with it, is remembered."""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

import pygame

from kidgames.core.demo import has_demo
from kidgames.core.guide import has_guide
from kidgames.core.protocol import BOARD, CHOICE, FLAG
from kidgames.core.seats import COLOURS, COMPUTER, FAIR, LEVELS, PERSON, STARRED, Seat
from kidgames.ui.backdrop import meadow
from kidgames.ui.keyboard import NameScene
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import INK, MIN_BUTTON, PAPER, Button, draw_pawn, rounded_panel

# Every button is at least MIN_BUTTON high (60 px on a 1024x768 screen); six seats end above the
# options, the options above the buttons at the bottom.
ROW_X, ROW_W, ROW_H, ROW_TOP, ROW_GAP = 200, 1200, MIN_BUTTON, 118, 4
TITLE_Y, TITLE_W, TITLE_H = 18, 1120, 84      # clear of the backdrop's sun and of the panel below
# Each row's buttons (x from ROW_X, width): a game whose computer has levels makes room for the stars.
WIDE_ROW = {"colour": (10, 110), "name": (135, 540), "kind": (690, 370), "remove": (1080, 110)}
STARS_ROW = {"colour": (10, 110), "name": (135, 380), "kind": (530, 300), "level": (845, 220),
             "remove": (1080, 110)}
STAR_SIZE = 62
OPTIONS_TOP, OPTIONS_H, OPTIONS_GAP, OPTION_MAX_W = 744, MIN_BUTTON, 20, 560   # one row of toggles, above Play
BOTTOM_Y = 866                    # the back and rules buttons; Play a little larger beside them
SHOW_ME = pygame.Rect(580, BOTTOM_Y - 4, 520, 96)    # "Show me!" between the rules and Play, over the count
GUIDE_SWITCH = pygame.Rect(24, 4, 176, MIN_BUTTON)   # a guided game on or off: left of the title, above the seats


class SetupScene(Scene):
    def __init__(self, app, spec) -> None:
        super().__init__(app)
        self.spec = spec
        self.seats = self.remembered() or self.default_seats()
        self.options = spec.options_from_json(app.settings.last_options.get(spec.id))
        self.guide_words: str | None = None     # what the guide switch says when tapped (spoken)

    def enter(self) -> None:
        super().enter()
        self.tell_unusable_boards()

    # -- a remembered board file that is gone ----------------------------------------------------------
    def unusable_boards(self) -> dict[str, str]:
        """The remembered board files (option name -> file) no game can be set up on now: moved,
        deleted or changed since (settings of an earlier version, or written by hand, remember
        one; the screen never shows it, so the family could not choose another)."""
        unusable = {}
        for option in self.spec.options:
            value = self.options.get(option.name)
            if option.kind != BOARD or value is None:
                continue
            try:
                self.spec.new_state(len(self.seats), seed=0, options={**self.spec.default_options(),
                                                                      option.name: value})
            except (ValueError, OSError):       # BoardError (a ValueError) names what is wrong
                unusable[option.name] = str(value)
        return unusable

    def tell_unusable_boards(self, then=None) -> bool:
        """Drop the remembered board files that cannot be played on (the game's own board then), so
        that Play never fails on one, and say so once; ``then`` runs when the family taps OK.  False
        when every remembered board is usable."""
        unusable = self.unusable_boards()
        if not unusable:
            return False
        from kidgames.ui.dialog import MessageScene
        from kidgames.ui.menu import game_title
        remembered = self.app.settings.last_options.get(self.spec.id, {})
        for name in unusable:
            self.options[name] = self.spec.option(name).default
            remembered.pop(name, None)
        self.app.save_settings()
        game = game_title(self.app, self.spec)
        # the file's name (a whole path would not fit the message; the grown-up who chose it knows it)
        text = " ".join(self.t("setup.board_gone.text", file=Path(file).name, game=game) for file in unusable.values())
        self.app.push(MessageScene(self.app, self.t("setup.board_gone.title"), text, icon="cross", on_close=then))
        return True

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
        self.seats = self.app.in_language(self.seats)
        self.buttons = []
        row = STARS_ROW if self.spec.computer_levels else WIDE_ROW

        def cell(part: str, y: int) -> pygame.Rect:
            x, w = row[part]
            return pygame.Rect(ROW_X + x, y, w, ROW_H)

        for i, seat in enumerate(self.seats):
            y = ROW_TOP + i * (ROW_H + ROW_GAP)
            self.buttons += [
                Button(cell("colour", y), partial(self.next_colour, i), name=f"colour:{i}", colour="paper"),
                Button(cell("name", y), partial(self.edit_name, i), seat.name, name=f"name:{i}", text_size=40),
                Button(cell("kind", y), partial(self.toggle_kind, i),
                       self.t("setup.computer" if seat.is_computer else "setup.person"),
                       icon="robot" if seat.is_computer else "person",
                       colour="blue" if seat.is_computer else "gold", name=f"kind:{i}", text_size=32),
            ]
            if self.spec.computer_levels and seat.is_computer:
                # one big button: each tap gives one star more (three, then one again)
                self.buttons.append(Button(cell("level", y), partial(self.next_level, i), name=f"level:{i}",
                                           colour="paper"))
            if len(self.seats) > self.spec.min_players:
                self.buttons.append(Button(cell("remove", y), partial(self.remove, i), icon="minus",
                                           colour="red", name=f"remove:{i}"))
        self.buttons += self.option_buttons()
        if len(self.seats) < self.spec.max_players:
            y = ROW_TOP + len(self.seats) * (ROW_H + ROW_GAP)
            self.buttons.append(Button(pygame.Rect(ROW_X + 10, y, 520, ROW_H), self.add,
                                       self.t("setup.add"), icon="plus", colour="paper", name="add",
                                       text_size=32))
        self.buttons += [
            Button(pygame.Rect(40, BOTTOM_Y, 240, 110), self.app.pop, icon="home", colour="paper", name="back"),
            Button(pygame.Rect(310, BOTTOM_Y, 240, 110), self.show_rules, icon="question", colour="paper",
                   name="rules"),
            Button(pygame.Rect(1130, BOTTOM_Y - 4, 430, 124), self.start, self.t("setup.start"), icon="play",
                   colour="green", name="start", text_size=48),
        ]
        if has_guide(self.spec):    # a guided game (kidgames/ui/guide.py): the hand shows it on or off
            on = self.app.settings.is_guided(self.spec.id)
            self.buttons.append(Button(GUIDE_SWITCH, self.toggle_guide, icon="finger", badge="check" if on else "cross",
                                       colour="green" if on else "grey", selected=on, name="guide"))
        if has_demo(self.spec):     # "Show me!": the game's demo on its real table (kidgames/ui/demo.py)
            self.buttons.append(Button(SHOW_ME, self.show_me, self.t("demo.show_me"), icon="finger",
                                       colour="blue", name="show_me", text_size=40))

    def toggle_guide(self) -> None:
        """The next game guided, or not (remembered per game); said aloud."""
        from kidgames.ui.guide import set_guided
        on = not self.app.settings.is_guided(self.spec.id)
        set_guided(self.app, self.spec.id, on)
        self.guide_words = self.t("setup.guide.on" if on else "setup.guide.off")
        self.app.forget_spoken(self, "guide")
        self.layout()

    def spoken_prompts(self) -> dict:
        return {"guide": self.guide_words}

    def show_me(self) -> None:
        from kidgames.ui.demo import show_demo       # (a scene reaches another only when it opens it)
        show_demo(self.app, self.spec)

    def shown_options(self) -> list:
        """The options a family chooses here (a board file is for the command line only)."""
        return [o for o in self.spec.options if o.kind in (FLAG, CHOICE)]

    def option_buttons(self) -> list[Button]:
        shown = self.shown_options()
        if not shown:
            return []
        w = min(OPTION_MAX_W, (ROW_W - (len(shown) - 1) * OPTIONS_GAP) // len(shown))
        x = ROW_X + (ROW_W - len(shown) * w - (len(shown) - 1) * OPTIONS_GAP) // 2
        buttons = []
        for option in shown:
            value = self.options[option.name]
            rect = pygame.Rect(x, OPTIONS_TOP, w, OPTIONS_H)
            if option.kind == FLAG:
                buttons.append(Button(rect, partial(self.toggle_option, option), self.t(option.text),
                                      icon="check" if value else "cross", colour="green" if value else "grey",
                                      selected=bool(value), name=f"option:{option.name}", text_size=30))
            else:
                key = f"{option.text}.{value}"
                shown_value = self.t(key) if self.app.catalog.has(key) else str(value)
                buttons.append(Button(rect, partial(self.next_choice, option),
                                      f"{self.t(option.text)}: {shown_value}", colour="gold",
                                      name=f"option:{option.name}", text_size=30))
            x += w + OPTIONS_GAP
        return buttons

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
        self.app.push(NameScene(self.app, self.seats[i].name, done, default=self.seats[i].default_name))

    def toggle_option(self, option) -> None:
        self.options[option.name] = not self.options[option.name]
        self.layout()

    def next_choice(self, option) -> None:
        k = option.choices.index(self.options[option.name])
        self.options[option.name] = option.choices[(k + 1) % len(option.choices)]
        self.layout()

    def next_level(self, i: int) -> None:
        old = self.seats[i]
        self.seats[i] = replace(old, level=LEVELS[(LEVELS.index(old.level) + 1) % len(LEVELS)])
        self.layout()

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
        self.app.nav.show_rules(self.spec.id)

    def start(self) -> None:
        if self.tell_unusable_boards(then=self.start):    # gone since the setup opened: OK plays on
            return
        seats = list(self.seats)
        options = dict(self.options)

        def start_new() -> None:
            self.app.settings.last_setup[self.spec.id] = [s.to_json() for s in seats]
            self.app.settings.last_options[self.spec.id] = {o.name: options[o.name] for o in self.shown_options()}
            self.app.save_settings()
            self.app.nav.start_game(self.spec.id, seats, options=options)

        self.app.nav.ask_before_replacing(self.spec.id, start_new)   # a saved game is never lost unasked

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(meadow(self.app, surface.get_size()), (0, 0))
        # one line, shrunk if need be: a long title (German) would run under the sun or the panel
        title = assets.fit_text(self.t("setup.title", game=self.t(f"game.{self.spec.id}.title")), 56,
                                (255, 250, 235), TITLE_W, TITLE_H, title=True, outline=(120, 70, 30))
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, TITLE_Y)))
        rows = len(self.seats) + (1 if len(self.seats) < self.spec.max_players else 0)
        panel = pygame.Rect(ROW_X - 20, ROW_TOP - 20, ROW_W + 40, rows * (ROW_H + ROW_GAP) + 30)
        rounded_panel(surface, panel, (*PAPER,), radius=30, border=(200, 160, 80))
        if self.shown_options():
            rounded_panel(surface, pygame.Rect(ROW_X - 20, OPTIONS_TOP - 12, ROW_W + 40, OPTIONS_H + 24),
                          (*PAPER,), radius=30, border=(200, 160, 80))
        self.draw_buttons(surface)
        for i, seat in enumerate(self.seats):
            button = self.laid_button(f"colour:{i}")
            draw_pawn(surface, seat.colour, seat.shape, button.rect.move(0, 8).center, 70,
                      helmet=self.spec.pawn == "knight")
            level = self.button(f"level:{i}")
            if level is not None:
                self.draw_level(surface, level.rect.move(0, 3 if level.pressed else 0), seat.level)
        count = assets.text(self.t("setup.count", n=len(self.seats)), 30, INK, outline=(255, 255, 255))
        surface.blit(count, count.get_rect(midbottom=(840, 996)))

    def draw_level(self, surface: pygame.Surface, rect: pygame.Rect, level: str) -> None:
        """A computer's level: 1, 2 or 3 golden stars of three, the others pale; a heart for fair."""
        if level == FAIR:
            heart = self.app.assets.image("heart", STAR_SIZE)
            surface.blit(heart, heart.get_rect(center=rect.center))
            return
        star = self.app.assets.image("star", STAR_SIZE)
        pale = star.copy()
        pale.set_alpha(70)
        lit = STARRED.index(level) + 1
        step = (rect.w - 20) // len(STARRED)
        for k in range(len(STARRED)):
            centre = (rect.x + 10 + step * k + step // 2, rect.centery)
            picture = star if k < lit else pale
            surface.blit(picture, picture.get_rect(center=centre))
