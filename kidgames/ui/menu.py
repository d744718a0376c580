"""The menu: a big picture tile for every playable game, continue, settings."""
from __future__ import annotations


import pygame

from kidgames.ui.backdrop import meadow
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import INK, PAPER, Button, rounded_panel

TILE_W, TILE_H = 440, 500


def playable(games) -> list:
    return [spec for spec in games.values() if spec.scene]


class MenuScene(Scene):
    def layout(self) -> None:
        app = self.app
        specs = playable(app.games)
        gap = 60
        total = len(specs) * TILE_W + (len(specs) - 1) * gap
        x = (app.screen.get_width() - total) // 2
        self.tiles: list[tuple[pygame.Rect, object]] = []
        self.buttons = []
        for spec in specs:
            rect = pygame.Rect(x, 250, TILE_W, TILE_H)
            self.tiles.append((rect, spec))
            self.buttons.append(Button(rect, lambda s=spec: self.open_game(s), name=f"game:{spec.id}",
                                       colour="paper"))
            x += TILE_W + gap
        self.buttons.append(Button(pygame.Rect(app.screen.get_width() - 140, 30, 110, 110), self.open_settings,
                                   icon="settings", name="settings"))
        if self.app.saves.exists():
            self.buttons.append(Button(pygame.Rect(40, 30, 380, 110), self.continue_saved,
                                       self.t("menu.continue"), icon="play", colour="green",
                                       name="continue", text_size=36))

    def open_game(self, spec) -> None:
        from kidgames.ui.setup import SetupScene
        self.app.push(SetupScene(self.app, spec))

    def open_settings(self) -> None:
        from kidgames.ui.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def continue_saved(self) -> None:
        offer_saved_game(self.app, ask=False)

    def back(self) -> None:
        pass   # the menu is the bottom of the app: Escape does not close it by surprise

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(meadow(surface.get_size(), assets), (0, 0))
        title = assets.text(self.t("menu.title"), 96, (255, 250, 235), title=True, outline=(120, 70, 30))
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
        r = rect.move(0, 4 if button and button.pressed else 0)
        rounded_panel(surface, r, PAPER, radius=40, border=(200, 150, 60), border_width=6, shadow=10)
        inner = r.inflate(-36, -150).move(0, -50)
        pygame.draw.rect(surface, (190, 225, 250), inner, border_radius=28)
        pictures = tile_pictures(spec)
        main, *others = pictures
        pic = assets.image(main, 230)
        surface.blit(pic, pic.get_rect(center=inner.center))
        corners = [inner.bottomleft, inner.bottomright, inner.topleft, inner.topright]
        for name, corner in zip(others, corners):
            small = assets.image(name, 110)
            cx = corner[0] + (70 if corner[0] == inner.left else -70)
            cy = corner[1] + (-60 if corner[1] == inner.bottom else 60)
            surface.blit(small, small.get_rect(center=(cx, cy)))
        title = assets.text(self.t(f"game.{spec.id}.title"), 38, INK, title=True, width=r.w - 40)
        surface.blit(title, title.get_rect(center=(r.centerx, r.bottom - 62)))


def tile_pictures(spec) -> list[str]:
    try:
        return list(spec.load_scene_class().TILE_SPRITES)
    except (ImportError, AttributeError):
        return ["dice"]


def offer_saved_game(app, ask: bool = True) -> None:
    """Offer (or, with ``ask=False``, open) the saved game; a damaged save gets a kind message."""
    result = app.saves.load(app.games)
    if result.problem:
        name = result.set_aside_as.name if result.set_aside_as else "save.json"
        app.push(MessageScene(app, app.t("save.damaged.title"), app.t("save.damaged.text", file=name),
                              icon="cross"))
        return
    saved = result.saved
    if saved is None:
        return

    def go() -> None:
        from kidgames.ui.game import start_game_scene
        start_game_scene(app, saved.game_id, saved.seats, state=saved.state, options=saved.options)

    if not ask:
        go()
        return
    names = ", ".join(seat.name for seat in saved.seats)
    app.push(ConfirmScene(app, app.t("save.continue.title"),
                          app.t("save.continue.text", game=app.t(f"game.{saved.game_id}.title"), players=names),
                          app.t("save.continue.yes"), app.t("save.continue.no"), on_yes=go,
                          icon="play", yes_icon="play", no_icon="home"))
