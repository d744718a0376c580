"""The menu: a big picture tile for every playable game (marked when it can be continued), the
settings and a way to close the app by touch.  One to eight games fit: up to four in a row, five to
eight in two rows, each tile's pictures and title from the game's own declaration."""
from __future__ import annotations

from functools import partial
from typing import Mapping

import pygame

from kidgames.core.protocol import GameSpec
from kidgames.core.saving import SavedGame, most_recent
from kidgames.ui.backdrop import meadow
from kidgames.ui.context import SceneContext
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.grownup import HINT_SECONDS, HoldButton, hint_bubble
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import INK, PAPER, BUTTON_COLOURS, Button, draw_pawn, rounded_panel

TILE_W, TILE_H, TILE_TOP, TILE_GAP = 440, 500, 250, 60   # the largest tile, and where one row stands
GRID = pygame.Rect(50, 240, 1500, 740)     # where the tiles of two rows stand
ROW_GAP, MIN_GAP = 30, 36
MAX_COLUMNS = 4
TITLE_MARGIN = 30            # the tile's title keeps this far from the tile's edges, in every language
TITLE_SIZE, TITLE_AREA_H, TITLE_MIN_SIZE = 38, 100, 16
PICTURE_TOP, PICTURE_BOTTOM = 25, 125      # the picture box inside a tile: from its top, above its bottom
MAIN_PICTURE, SIDE_PICTURE = 230, 110
CORNER = pygame.Rect(30, 30, 110, 110)       # the quit button; the settings button mirrors it
HINT_FILL, HINT_EDGE = (255, 250, 225), (200, 160, 80)
SAVED_BORDER = (70, 160, 70)
RIBBON_H = 92


def playable(games: Mapping[str, GameSpec]) -> list[GameSpec]:
    return [spec for spec in games.values() if spec.scene]


def tile_grid(count: int) -> list[pygame.Rect]:
    """The tiles of ``count`` games on the canvas: one row of up to four, or two rows (5–8), each
    row centred; the tiles are as large as fits, up to TILE_W × TILE_H."""
    if count <= 0:
        return []
    columns = count if count <= MAX_COLUMNS else -(-count // 2)
    rows = -(-count // columns)
    w = min(TILE_W, (GRID.w - (columns - 1) * MIN_GAP) // columns)
    h = min(TILE_H, (GRID.h - (rows - 1) * ROW_GAP) // rows)
    gap = min(TILE_GAP, (GRID.w - columns * w) // (columns - 1)) if columns > 1 else 0
    top = TILE_TOP if rows == 1 else GRID.top + (GRID.h - rows * h - (rows - 1) * ROW_GAP) // 2
    rects = []
    for row in range(rows):
        in_row = min(columns, count - row * columns)
        x = GRID.centerx - (in_row * w + (in_row - 1) * gap) // 2
        for _ in range(in_row):
            rects.append(pygame.Rect(x, top + row * (h + ROW_GAP), w, h))
            x += w + gap
    return rects


def game_title(app: SceneContext, spec) -> str:
    """A game's title in the app's language (the spec's own title where the catalogs have none)."""
    key = f"game.{spec.id}.title"
    return app.t(key) if app.catalog.has(key) else spec.title


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved: dict[str, SavedGame] = {}
        # a lock button tapped short: the words under it (what a grown-up does), until when
        self.lock_hint: HoldButton | None = None
        self.hint_until = 0.0

    def enter(self) -> None:
        self.refresh_saves()
        super().enter()

    def resume(self) -> None:
        self.refresh_saves()
        super().resume()

    def refresh_saves(self) -> None:
        """Which games can be continued (damaged saves are set aside here and reported)."""
        self.saved = self.app.saves.saved_games({s.id: s for s in playable(self.app.games)})

    def layout(self) -> None:
        app = self.app
        specs = playable(app.games)
        width = app.screen.get_width()
        self.tiles: list[tuple[pygame.Rect, GameSpec]] = list(zip(tile_grid(len(specs)), specs))
        self.buttons = []
        for rect, spec in self.tiles:
            self.buttons.append(Button(rect, partial(self.open_game, spec), name=f"game:{spec.id}",
                                       colour="paper"))
        # Closing the app and the settings are for grown-ups (kidgames/ui/grownup.py): with the
        # lock on, each corner button is held 2 s by one finger, then a sum is asked.  A kiosk
        # has no close button at all (a grown-up's Shift+Ctrl+Escape closes it).
        corners = [] if app.settings.kiosk else [(CORNER.copy(), self.ask_quit, "cross", "quit")]
        corners.append((CORNER.move(width - CORNER.w - 2 * CORNER.x, 0), self.open_settings, "settings", "settings"))
        self.lock_hint = None
        for rect, action, icon, name in corners:
            if app.settings.grownup_lock:
                hold = HoldButton(rect, partial(app.nav.with_grownup, action), icon=icon, name=name,
                                  fingers=lambda: app.input.fingers)
                hold.on_short = lambda b=hold: self.show_lock_hint(b)
                self.buttons.append(hold)
            else:
                self.buttons.append(Button(rect, action, icon=icon, name=name))

    # -- actions -------------------------------------------------------------------------------------
    def open_game(self, spec) -> None:
        """A game with a save asks first: play on, or a new game (to the player setup).  A game open
        in another window is said to be so, and nothing is asked."""
        if self.app.nav.open_elsewhere(spec.id):
            return
        saved = self.saved.get(spec.id)
        if saved is None:
            self.open_setup(spec)
            return
        app = self.app
        app.push(ConfirmScene(app, self.t("save.continue.title"), continue_text(app, saved),
                              self.t("save.continue.yes"), self.t("save.continue.new"),
                              on_yes=lambda: app.nav.continue_game(spec.id),
                              on_no=lambda: self.open_setup(spec), on_back=lambda: None,
                              icon="play", yes_icon="play", no_icon="plus", go_on="yes"))

    def open_setup(self, spec) -> None:
        self.app.nav.show_setup(spec)

    def open_settings(self) -> None:
        self.app.nav.show_settings()

    def ask_quit(self) -> None:
        self.app.nav.ask_quit()

    def back(self) -> None:
        pass   # the menu is the bottom of the app: Escape does not close it by surprise

    # -- the grown-up lock ------------------------------------------------------------------------------
    def holds(self) -> list[HoldButton]:
        return [b for b in self.buttons if isinstance(b, HoldButton)]

    def show_lock_hint(self, button: HoldButton) -> None:
        """A lock button tapped (or let go early): say and show that a grown-up holds it."""
        self.lock_hint = button
        self.hint_until = self.app.now() + HINT_SECONDS
        self.app.forget_spoken(self, "lock")       # said again at each short tap

    def handle(self, pointer) -> None:
        if pointer.kind == "down" and self.lock_hint is not None:
            self.lock_hint = None                  # the next press takes the words away
        super().handle(pointer)

    def spoken_prompts(self) -> dict:
        return {"lock": self.t("lock.hold") if self.lock_hint is not None else None}

    def wake_in(self) -> float | None:
        return max(0.0, self.hint_until - self.app.now()) if self.lock_hint is not None else None

    def dirty_rects(self) -> list[pygame.Rect] | None:
        rects = [b.ring_rect() for b in self.holds()]
        return rects or None

    def update(self, dt: float) -> bool:
        now = self.app.now()
        if self.lock_hint is not None and now >= self.hint_until:
            self.lock_hint = None
            self.app.dirty = True
        holding = False
        for button in self.holds():
            holding = button.update(now) or holding
        if self.app.top is self:
            self.report_problems()
        return holding

    def report_problems(self) -> None:
        if report_problems(self.app):
            self.refresh_saves()
            self.layout()

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(meadow(self.app, surface.get_size()), (0, 0))
        title = assets.fit_text(self.t("menu.title"), 96, (255, 250, 235), surface.get_width() - 400, 120,
                                title=True, outline=(120, 70, 30))
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, 60)))
        hint = assets.text(self.t("menu.hint"), 34, INK, outline=(255, 255, 255))
        surface.blit(hint, hint.get_rect(midtop=(surface.get_width() // 2, 185)))
        for button in self.buttons:
            if button.name.startswith("game:"):
                continue
            button.draw(surface, assets)
        for rect, spec in self.tiles:
            self.draw_tile(surface, rect, spec)
        if self.lock_hint is not None:
            label, bubble = hint_bubble(self, self.lock_hint, self.t("lock.hold"))
            pygame.draw.rect(surface, HINT_FILL, bubble, border_radius=20)
            pygame.draw.rect(surface, HINT_EDGE, bubble, 4, border_radius=20)
            surface.blit(label, label.get_rect(center=bubble.center))

    def draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, spec) -> None:
        assets = self.app.assets
        button = self.button(f"game:{spec.id}")
        saved = self.saved.get(spec.id)
        r = rect.move(0, 4 if button and button.pressed else 0)
        rounded_panel(surface, r, PAPER, radius=40, border=SAVED_BORDER if saved else (200, 150, 60),
                      border_width=10 if saved else 6, shadow=10)
        inner = pygame.Rect(r.x + 18, r.y + PICTURE_TOP, r.w - 36, r.h - PICTURE_TOP - PICTURE_BOTTOM)
        pygame.draw.rect(surface, (190, 225, 250), inner, border_radius=28)
        main, *others = list(spec.tile or ("dice",))
        pic = assets.image(main, min(MAIN_PICTURE, inner.h - 20, inner.w - 40))
        surface.blit(pic, pic.get_rect(center=inner.center))
        side = min(SIDE_PICTURE, inner.h * 2 // 5, inner.w // 3)
        corners = [inner.topleft, inner.topright] if saved else \
            [inner.bottomleft, inner.bottomright, inner.topleft, inner.topright]
        for name, corner in zip(others[2:] if saved else others, corners):
            small = assets.image(name, side)
            cx = corner[0] + (side * 7 // 11 if corner[0] == inner.left else -side * 7 // 11)
            cy = corner[1] + (-side * 6 // 11 if corner[1] == inner.bottom else side * 6 // 11)
            surface.blit(small, small.get_rect(center=(cx, cy)))
        if saved:
            self.draw_continue_ribbon(surface, inner, saved, spec.pawn == "knight")
        title, box = self.tile_title(r, spec)
        surface.blit(title, title.get_rect(center=box.center))

    def tile_title(self, tile: pygame.Rect, spec) -> tuple[pygame.Surface, pygame.Rect]:
        """The rendered title of a tile and the box it must stay inside (clear of the edges)."""
        top = tile.bottom - PICTURE_BOTTOM + 8
        box = pygame.Rect(tile.x + TITLE_MARGIN, top, tile.w - 2 * TITLE_MARGIN,
                          min(TITLE_AREA_H, tile.bottom - top - TITLE_MARGIN // 2))
        title = self.app.assets.fit_text(game_title(self.app, spec), TITLE_SIZE, INK, box.w, box.h, title=True,
                                         min_size=TITLE_MIN_SIZE)
        return title, box

    def draw_continue_ribbon(self, surface: pygame.Surface, inner: pygame.Rect, saved: SavedGame,
                             helmet: bool) -> None:
        """The mark of a game that can be continued: a play badge and the players' pawns."""
        ribbon = pygame.Rect(inner.x + 10, inner.bottom - RIBBON_H - 10, inner.w - 20, RIBBON_H)
        rounded_panel(surface, ribbon, (236, 250, 230), radius=24, border=SAVED_BORDER, border_width=4,
                      shadow=4)
        badge = pygame.Rect(0, 0, RIBBON_H - 16, RIBBON_H - 16)
        badge.midleft = (ribbon.x + 10, ribbon.centery)
        pygame.draw.ellipse(surface, BUTTON_COLOURS["green"], badge)
        pygame.draw.ellipse(surface, SAVED_BORDER, badge, 4)
        icon = self.app.assets.image("play", badge.w - 26)
        surface.blit(icon, icon.get_rect(center=badge.center))
        room = pygame.Rect(badge.right + 8, ribbon.y, ribbon.right - badge.right - 16, ribbon.h)
        step = min(62, room.w // max(1, len(saved.seats)))
        x = room.centerx - step * (len(saved.seats) - 1) / 2
        for seat in saved.seats:
            draw_pawn(surface, seat.colour, seat.shape, (round(x), room.centery + 4), min(54, step - 4),
                      helmet=helmet)
            x += step


# -- saved games -------------------------------------------------------------------------------------
def continue_text(app: SceneContext, saved: SavedGame) -> str:
    names = ", ".join(seat.name for seat in app.in_language(saved.seats))
    spec = app.games.get(saved.game_id)
    game = game_title(app, spec) if spec is not None else saved.game_id
    return app.t("save.continue.text", game=game, players=names)


def continue_game(app: SceneContext, game_id: str) -> None:
    """Open a game's save; a damaged one is set aside and the menu tells so."""
    result = app.saves.load(game_id, app.games)
    if result.saved is None:
        return   # set aside (or gone): the menu reports it when it is on top again
    saved = result.saved
    # a computer's or an untouched default name is its pawn colour's, in the language spoken now
    app.nav.start_game(saved.game_id, app.in_language(saved.seats), state=saved.state, options=saved.options,
                   from_save=True, controller=saved.controller)


def offer_saved_game(app: SceneContext) -> None:
    """At start: offer to play on with the game saved last (the others wait on their tiles)."""
    saved = most_recent(app.saves.saved_games({s.id: s for s in playable(app.games)}))
    if saved is not None and not app.nav.open_elsewhere(saved.game_id):
        app.push(ConfirmScene(app, app.t("save.continue.title"), continue_text(app, saved),
                              app.t("save.continue.yes"), app.t("save.continue.no"),
                              on_yes=lambda: app.nav.continue_game(saved.game_id),
                              icon="play", yes_icon="play", no_icon="home", go_on="yes"))
    report_problems(app)   # a damaged file is told of first, above the offer


def play_on_or_new(app: SceneContext, game_id: str, start_new) -> None:
    """The command line names a game and its players: start it at once, or, when that game has a
    save, ask first as its tile does: play on with the saved game, or the new game (which replaces
    it).  A saved game is never lost unasked, from the command line either.  A game open in another
    window is said to be so, and nothing is asked or started."""
    if app.nav.open_elsewhere(game_id):
        report_problems(app)
        return
    result = app.saves.load(game_id, app.games) if app.saves.exists(game_id) else None
    if result is None or result.saved is None:
        start_new()
        report_problems(app)   # a damaged save was set aside (kept, renamed): say so above the game
        return
    app.push(ConfirmScene(app, app.t("save.continue.title"), continue_text(app, result.saved),
                          app.t("save.continue.yes"), app.t("save.continue.new"),
                          on_yes=lambda: app.nav.continue_game(game_id), on_no=start_new, on_back=lambda: None,
                          icon="play", yes_icon="play", no_icon="plus", go_on="yes"))
    report_problems(app)   # damaged settings are told of first, above the question


def ask_before_replacing(app: SceneContext, game_id: str, start_new) -> None:
    """Start a new game at once, or, when that game has a save, first ask whether to replace it (a
    game open in another window: only that is said)."""
    if app.nav.open_elsewhere(game_id):
        return
    result = app.saves.load(game_id, app.games) if app.saves.exists(game_id) else None
    if result is None or result.saved is None:
        start_new()
        return
    app.push(ConfirmScene(app, app.t("save.replace.title"), app.t(
        "save.replace.text", game=game_title(app, app.games[game_id]),
        players=", ".join(seat.name for seat in app.in_language(result.saved.seats))),
        app.t("save.replace.yes"), app.t("save.replace.no"), on_yes=start_new,
        icon="plus", yes_icon="plus", no_icon="back", go_on="no"))   # back to the setup keeps the save


def report_problems(app: SceneContext) -> bool:
    """Tell the family, once, of damaged files that were set aside (saves and settings) and of a
    home that cannot keep anything; True if a save was among the damaged files."""
    damaged = app.saves.take_unreported()
    store = app.settings_store
    for title, text in app.take_home_warnings():
        app.push(MessageScene(app, title, text, icon="cross"))
    if store.problem:
        store.problem = None
        if store.set_aside_as is not None:
            text = app.t("settings.damaged.text", file=store.set_aside_as.name)
        else:
            text = app.t("settings.stuck.text", file=store.path.name)
        app.push(MessageScene(app, app.t("settings.damaged.title"), text, icon="cross"))
    if damaged:
        app.push(damaged_saves_message(app, damaged))
    return bool(damaged)


def damaged_saves_message(app: SceneContext, damaged) -> MessageScene:
    """What happened to damaged saves, as it happened: each put aside under its new name, or left
    where it is when its folder cannot be changed; each named once."""
    moved = list(dict.fromkeys(d.set_aside_as.name for d in damaged if d.set_aside_as is not None))
    stuck = list(dict.fromkeys(f"{d.game_id or 'save'}.json" for d in damaged if d.set_aside_as is None))
    texts = []
    if moved:
        texts.append(app.t("save.damaged.text", file=", ".join(moved)))
    if stuck:
        texts.append(app.t("save.stuck.text", file=", ".join(stuck)))
    return MessageScene(app, app.t("save.damaged.title"), " ".join(texts), icon="cross")
