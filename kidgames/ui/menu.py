"""The menu: a big picture tile for every playable game (marked when it can be continued), the
settings and a way to close the app by touch."""
from __future__ import annotations

import pygame

from kidgames.core.saving import SavedGame, most_recent
from kidgames.ui.backdrop import meadow
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import INK, PAPER, BUTTON_COLOURS, Button, draw_pawn, rounded_panel

TILE_W, TILE_H, TILE_TOP, TILE_GAP = 440, 500, 250, 60
TITLE_MARGIN = 30            # the tile's title keeps this far from the tile's edges, in every language
TITLE_SIZE, TITLE_AREA_H = 38, 100
CORNER = pygame.Rect(30, 30, 110, 110)       # the quit button; the settings button mirrors it
SAVED_BORDER = (70, 160, 70)
RIBBON_H = 92


def playable(games) -> list:
    return [spec for spec in games.values() if spec.scene]


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved: dict[str, SavedGame] = {}

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
        total = len(specs) * TILE_W + (len(specs) - 1) * TILE_GAP
        x = (width - total) // 2
        self.tiles: list[tuple[pygame.Rect, object]] = []
        self.buttons = []
        for spec in specs:
            rect = pygame.Rect(x, TILE_TOP, TILE_W, TILE_H)
            self.tiles.append((rect, spec))
            self.buttons.append(Button(rect, lambda s=spec: self.open_game(s), name=f"game:{spec.id}",
                                       colour="paper"))
            x += TILE_W + TILE_GAP
        self.buttons.append(Button(CORNER.copy(), self.ask_quit, icon="cross", name="quit"))
        self.buttons.append(Button(CORNER.move(width - CORNER.w - 2 * CORNER.x, 0), self.open_settings,
                                   icon="settings", name="settings"))

    # -- actions -------------------------------------------------------------------------------------
    def open_game(self, spec) -> None:
        """A game with a save asks first: play on, or a new game (to the player setup)."""
        saved = self.saved.get(spec.id)
        if saved is None:
            self.open_setup(spec)
            return
        app = self.app
        app.push(ConfirmScene(app, self.t("save.continue.title"), continue_text(app, saved),
                              self.t("save.continue.yes"), self.t("save.continue.new"),
                              on_yes=lambda: continue_game(app, spec.id),
                              on_no=lambda: self.open_setup(spec), on_back=lambda: None,
                              icon="play", yes_icon="play", no_icon="plus"))

    def open_setup(self, spec) -> None:
        from kidgames.ui.setup import SetupScene
        self.app.push(SetupScene(self.app, spec))

    def open_settings(self) -> None:
        from kidgames.ui.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def ask_quit(self) -> None:
        self.app.push(ConfirmScene(self.app, self.t("menu.quit.title"), self.t("menu.quit.text"),
                                   self.t("menu.quit.yes"), self.t("menu.quit.no"), on_yes=self.app.quit,
                                   icon="cross", yes_icon="cross", no_icon="play"))

    def back(self) -> None:
        pass   # the menu is the bottom of the app: Escape does not close it by surprise

    def update(self, dt: float) -> bool:
        if self.app.top is self:
            self.report_problems()
        return False

    def report_problems(self) -> None:
        if report_problems(self.app):
            self.refresh_saves()
            self.layout()

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(meadow(surface.get_size(), assets), (0, 0))
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

    def draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, spec) -> None:
        assets = self.app.assets
        button = self.button(f"game:{spec.id}")
        saved = self.saved.get(spec.id)
        r = rect.move(0, 4 if button and button.pressed else 0)
        rounded_panel(surface, r, PAPER, radius=40, border=SAVED_BORDER if saved else (200, 150, 60),
                      border_width=10 if saved else 6, shadow=10)
        inner = r.inflate(-36, -150).move(0, -50)
        pygame.draw.rect(surface, (190, 225, 250), inner, border_radius=28)
        scene_class = tile_scene_class(spec)
        main, *others = list(getattr(scene_class, "TILE_SPRITES", ("dice",)))
        pic = assets.image(main, 230)
        surface.blit(pic, pic.get_rect(center=inner.center))
        corners = [inner.topleft, inner.topright] if saved else \
            [inner.bottomleft, inner.bottomright, inner.topleft, inner.topright]
        for name, corner in zip(others[2:] if saved else others, corners):
            small = assets.image(name, 110)
            cx = corner[0] + (70 if corner[0] == inner.left else -70)
            cy = corner[1] + (-60 if corner[1] == inner.bottom else 60)
            surface.blit(small, small.get_rect(center=(cx, cy)))
        if saved:
            self.draw_continue_ribbon(surface, inner, saved, getattr(scene_class, "PAWN_HELMET", False))
        title_box = pygame.Rect(r.x + TITLE_MARGIN, inner.bottom + 8, r.w - 2 * TITLE_MARGIN,
                                min(TITLE_AREA_H, r.bottom - inner.bottom - 8 - TITLE_MARGIN // 2))
        title = assets.fit_text(self.t(f"game.{spec.id}.title"), TITLE_SIZE, INK, title_box.w, title_box.h,
                                title=True)
        surface.blit(title, title.get_rect(center=title_box.center))

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


def tile_scene_class(spec):
    try:
        return spec.load_scene_class()
    except (ImportError, AttributeError, ValueError):
        return None


# -- saved games -------------------------------------------------------------------------------------
def continue_text(app, saved: SavedGame) -> str:
    names = ", ".join(seat.name for seat in saved.seats)
    return app.t("save.continue.text", game=app.t(f"game.{saved.game_id}.title"), players=names)


def continue_game(app, game_id: str) -> None:
    """Open a game's save; a damaged one is set aside and the menu tells so."""
    result = app.saves.load(game_id, app.games)
    if result.saved is None:
        return   # set aside (or gone): the menu reports it when it is on top again
    saved = result.saved
    from kidgames.ui.game import start_game_scene
    start_game_scene(app, saved.game_id, saved.seats, state=saved.state, options=saved.options, from_save=True)


def offer_saved_game(app) -> None:
    """At start: offer to play on with the game saved last (the others wait on their tiles)."""
    saved = most_recent(app.saves.saved_games({s.id: s for s in playable(app.games)}))
    if saved is not None:
        app.push(ConfirmScene(app, app.t("save.continue.title"), continue_text(app, saved),
                              app.t("save.continue.yes"), app.t("save.continue.no"),
                              on_yes=lambda: continue_game(app, saved.game_id),
                              icon="play", yes_icon="play", no_icon="home"))
    report_problems(app)   # a damaged file is told of first, above the offer


def ask_before_replacing(app, game_id: str, start_new) -> None:
    """Start a new game at once, or, when that game has a save, first ask whether to replace it."""
    result = app.saves.load(game_id, app.games) if app.saves.exists(game_id) else None
    if result is None or result.saved is None:
        start_new()
        return
    app.push(ConfirmScene(app, app.t("save.replace.title"), app.t(
        "save.replace.text", game=app.t(f"game.{game_id}.title"),
        players=", ".join(seat.name for seat in result.saved.seats)),
        app.t("save.replace.yes"), app.t("save.replace.no"), on_yes=start_new,
        icon="play", yes_icon="play", no_icon="cross"))


def report_problems(app) -> bool:
    """Tell the family, once, of damaged files that were set aside (saves and settings); True if
    a save was among them."""
    damaged = app.saves.take_unreported()
    store = app.settings_store
    if store.problem:
        name = store.set_aside_as.name if store.set_aside_as else store.path.name
        store.problem = None
        app.push(MessageScene(app, app.t("settings.damaged.title"), app.t("settings.damaged.text", file=name),
                              icon="cross"))
    if damaged:
        app.push(damaged_saves_message(app, damaged))
    return bool(damaged)


def damaged_saves_message(app, damaged) -> MessageScene:
    names = ", ".join(d.set_aside_as.name if d.set_aside_as else f"{d.game_id or 'save'}.json" for d in damaged)
    return MessageScene(app, app.t("save.damaged.title"), app.t("save.damaged.text", file=names), icon="cross")
