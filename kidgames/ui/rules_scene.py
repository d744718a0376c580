"""The rules of a game, in pictures and short sentences, a page at a time."""
from __future__ import annotations

import pygame

from kidgames.core.demo import has_demo
from kidgames.ui.scene import Scene
from kidgames.ui.widgets import Button, INK, overlay_panel, rounded_panel

PANEL = pygame.Rect(80, 50, 1440, 900)
PER_PAGE = 6


def rules_pages(spec) -> list[list[tuple[str, str]]]:
    """The pages of a game's rules (from its spec): lists of (pictures, message key)."""
    items = list(getattr(spec, "rules", ()) or ())
    return [items[i:i + PER_PAGE] for i in range(0, len(items), PER_PAGE)] or [[]]


class RulesScene(Scene):
    overlay = True

    def __init__(self, app, spec_id: str) -> None:
        super().__init__(app)
        self.spec_id = spec_id
        self.pages = rules_pages(app.games.get(spec_id))
        self.page = 0

    def layout(self) -> None:
        last = len(self.pages) - 1
        self.buttons = [
            # at the first and the last page there is no way further: no arrow (rather than a dead one)
            Button(pygame.Rect(PANEL.left + 40, PANEL.bottom - 130, 200, 100), self.prev, icon="back",
                   visible=self.page > 0, name="prev"),
            Button(pygame.Rect(PANEL.right - 560, PANEL.bottom - 130, 200, 100), self.next, icon="play",
                   visible=self.page < last, name="next"),
            Button(pygame.Rect(PANEL.right - 330, PANEL.bottom - 130, 290, 100), self.app.pop,
                   self.t("button.close"), icon="check", colour="green", name="close"),
        ]
        spec = self.app.games.get(self.spec_id)
        if spec is not None and has_demo(spec):      # "Show me!": the game's demo (kidgames/ui/demo.py)
            self.buttons.append(Button(pygame.Rect(PANEL.left + 260, PANEL.bottom - 130, 250, 100),
                                       lambda: self.show_me(spec), self.t("demo.show_me"), icon="finger",
                                       colour="blue", name="show_me", text_size=34))

    def show_me(self, spec) -> None:
        from kidgames.ui.demo import show_demo       # (a scene reaches another only when it opens it)
        show_demo(self.app, spec)

    def prev(self) -> None:
        self.page = max(0, self.page - 1)
        self.layout()

    def next(self) -> None:
        self.page = min(len(self.pages) - 1, self.page + 1)
        self.layout()

    def draw(self, surface: pygame.Surface) -> None:
        overlay_panel(surface, PANEL, veil=(20, 20, 40, 160))
        assets = self.app.assets
        title = assets.text(self.t(f"game.{self.spec_id}.title") + " — " + self.t("rules.title"), 46, INK,
                            title=True, width=PANEL.w - 80)
        surface.blit(title, title.get_rect(midtop=(PANEL.centerx, PANEL.top + 24)))
        col_w = (PANEL.w - 120) // 2
        for i, (picture, key) in enumerate(self.pages[self.page]):
            col, row = i % 2, i // 2
            x = PANEL.left + 40 + col * (col_w + 40)
            y = PANEL.top + 110 + row * 215
            card = pygame.Rect(x, y, col_w, 195)
            rounded_panel(surface, card, (255, 255, 255), radius=24, border=(230, 210, 170), shadow=3)
            pics = picture.split("+")
            px = card.left + 20
            size = 130 if len(pics) == 1 else 90
            for name in pics:
                pic = assets.image(name, size)
                surface.blit(pic, pic.get_rect(midleft=(px, card.centery)))
                px += size + 6
            text = assets.fit_text(self.t(key), 32, INK, card.right - px - 30, card.h - 16)
            surface.blit(text, text.get_rect(midleft=(px + 14, card.centery)))
        page = assets.text(f"{self.page + 1} / {len(self.pages)}", 34, INK)
        surface.blit(page, page.get_rect(center=(PANEL.centerx - 160, PANEL.bottom - 80)))
        self.draw_buttons(surface)
