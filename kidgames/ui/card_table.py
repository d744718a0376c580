"""What the card games' tables share as scenes (Sleeping Queens, Castle Builders).

A table redraws only what changed: each game lists the look of every part that can change
(:meth:`CardTableScene.moving_parts`), and the parts whose look differs from what was drawn last
are the dirty areas.  It follows whose decision it is (:meth:`CardTableScene.situation`): when
that changes, the buttons are laid out again and what they changed is redrawn, only there.
Banner texts are rendered in a frame that draws little, before they show, and the frame that
applies an action (and saves the game) keeps the hint as it was (``_frozen``) and draws nothing
more: the next frame shows the change."""
from __future__ import annotations


import pygame

from kidgames.ui.cards import changed_areas
from kidgames.ui.game import GameScene
from kidgames.ui.widgets import INK, PAPER


class CardTableScene(GameScene):
    def __init__(self, app, spec, seats, state, options, controller=None) -> None:
        super().__init__(app, spec, seats, state, options, controller)
        self._situation: tuple | None = None
        self._shown: dict = {}                 # the parts as last drawn (see dirty_rects)
        self._to_prepare: list[str] = []       # banner texts to render before they show
        self._frozen = None                    # the hint (and more) until an animation begins
        self._geometry: dict = {}              # places of things on the table, by their count
        self.refusal: tuple[str, str | None] | None = None    # why a tap did nothing: words, picture

    # -- what each game tells ----------------------------------------------------------------------
    def situation(self) -> tuple:
        """What decides the buttons: whose decision it is, and what about."""
        raise NotImplementedError

    def moving_parts(self) -> dict:
        """Every part that can change, by name: its area and what it looks like now."""
        raise NotImplementedError

    def banner_label(self, text: str) -> pygame.Surface:
        raise NotImplementedError

    def sync(self) -> None:
        """The view equals the state again (the end of every batch of events)."""
        raise NotImplementedError

    def before_update(self) -> None:
        """Anything the game does at the start of every frame."""

    # -- saying why a tap did nothing -------------------------------------------------------------
    def refuse_with(self, text: str, picture: str | None = None) -> None:
        """Say in the hint why a tap did nothing, in words and a picture, with the "stuck" sound;
        it stays until the next tap or decision."""
        self.refusal = (text, picture)
        self.app.assets.play("stuck")

    def hint_picture(self) -> str | None:
        return self.refusal[1] if self.refusal and self.hint_text() == self.refusal[0] else None

    def paint_hint(self, surface, rect: pygame.Rect, size: int) -> None:
        """The hint panel (its picture is on the prompt button beside it)."""
        text = self.hint_text()
        if not text:
            return
        self.art.panel(surface, rect, PAPER, radius=24, border=(200, 160, 80), shadow=4)
        area = rect.inflate(-30, -12)
        label = self.app.assets.fit_text(text, size, INK, area.w, area.h, title=True)
        surface.blit(label, label.get_rect(center=area.center))

    def handle(self, pointer) -> None:
        if pointer.kind == "down":
            self.refusal = None        # a new tap: the last reason has been read
        self._follow_situation()
        super().handle(pointer)

    # -- shared --------------------------------------------------------------------------------------
    def animate(self, events) -> None:
        """Each event's ``_anim_<kind>(event, events after it)``; the hint thaws as the first step
        begins, and the view equals the state again after the last."""
        self.anim.call(self._thaw)
        super().animate(events)
        self.anim.call(self.sync)

    def second_of_double_tap(self, pos) -> bool:
        """The tap being handled is the second of a child's double tap: to be ignored."""
        return self.pointer is not None and self.pointer.repeats()

    def dirty_rects(self) -> list[pygame.Rect]:
        """The areas whose look changed since the last draw."""
        return changed_areas(self._shown, self.moving_parts())

    def update(self, dt: float) -> bool:
        self.before_update()
        self._follow_situation()
        self._prepare_text()
        busy = self.anim.busy
        moved = super().update(dt)
        self._follow_situation()      # a computer's action this frame: its buttons at once
        if self._frozen is not None:
            self._prepare_text(every=True)     # this frame applied an action and draws nothing
        if moved and busy and not self.anim.busy:
            # The batch's last step: the app's redraw after the last movement (this very frame)
            # shows it whole; where no such redraw comes, only what changed is redrawn.
            for rect in self.dirty_rects():
                self.app.invalidate(rect)
            return False
        return moved

    def wake_in(self) -> float | None:
        # A lifted curtain changes the situation while the loop sleeps: wake it to lay out the buttons
        # (seen in a real window: the defence buttons came only seconds after the question curtain).
        if self.situation() != self._situation:
            return 0.0
        return super().wake_in()

    def _follow_situation(self) -> None:
        situation = self.situation()
        if situation != self._situation:
            self._situation = situation
            self.layout()
            for rect in self.dirty_rects():     # what that changed is redrawn, only there
                self.app.invalidate(rect)

    def _kept(self, key, make):
        """A place on the table, worked out once per key (the count of things it depends on)."""
        value = self._geometry.get(key)
        if value is None:
            value = self._geometry[key] = make()
        return value

    def _prepare_text(self, every: bool = False) -> None:
        """Render one (or ``every``) banner text queued for later, in a frame that draws little
        (the frame that shows the banner then only blits it)."""
        while self._to_prepare:
            self.banner_label(self._to_prepare.pop(0))
            if not every:
                break

    def _thaw(self) -> None:
        self._frozen = None
