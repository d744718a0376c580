"""A guided first game (issue 35, part 2): the first game of a game on this computer teaches it.

The data is the game's own (kidgames/core/guide.py: ``GUIDE`` in ``kidgames/games/<id>/guide.py``);
this module is its face on the game's real table, one :class:`Guiding` per guided game scene
(:func:`guide_scene`, called when a game opens):

* the goal is said (its clip) and shown in a caption with its picture when the game begins;
* the prompt that comes back (kidgames/ui/nudge.py) comes after :data:`GUIDED_AFTER` seconds, not 12;
* what a tap may choose now (the scene's ``tap_targets``) shines with a golden ring;
* after a person's good move, the voice names what the child did (the guide's praise, from the
  move's public events only: never a secret) and the caption shows it; never after a computer's;
* after a tap that does nothing (the rules refused it, or the scene said why, or it hit nothing),
  the reason is said (the game's ``<game>.why.<code>``, else what to do) and the hand points at once
  at what would work.

Which games are guided is remembered in the settings (``Settings.guided``: a game not named there has
never been learned, so its next game is guided); a guided game that reaches its results marks its game
as learned, and the setup screen's switch turns it on again or off (:func:`set_guided`).  The UI
decides no rule here: the targets, the hand's place and the praise come from the scene's views and the
game's declaration.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from kidgames.core.guide import Guide, GuideError, guide_of, praise_for
from kidgames.core.protocol import Event, Refusal
from kidgames.ui.nudge import HAND_FPS, PointingHand
from kidgames.ui.widgets import INK, PAPER, rounded_panel

GUIDED_AFTER = 4.0      # seconds of nothing happening before the hand points, in a guided game
GOAL_TIME = 7.0         # seconds the goal's caption stays (from when the table is first in view)
PRAISE_TIME = 4.0       # seconds a praise's caption stays
WHY_TIME = 4.0          # seconds the caption of a refused tap's reason stays
#: Where else the caption may show (canvas x, y, w, h), in this order: at the top, across the middle,
#: at the foot (the first place clear of what may be tapped is taken, see :meth:`Guiding.place`).
PLACES = ((330, 12, 940, 150), (330, 425, 940, 150), (330, 830, 940, 150))
HINT_ROOM = 600         # the hint's words lie beside the prompt button, this far to its right at most
PICTURE = 110           # the caption's picture, canvas pixels
EDGE = (200, 160, 80)
SHINE = (255, 214, 60)  # the golden ring of a thing a tap may choose
SHINE_WIDTH = 6
SHINE_RADIUS = 44       # the ring of a round thing (a space on a board), canvas pixels


def guide_scene(scene) -> "Guiding | None":
    """Guide ``scene``'s game when the settings say its next game is guided, the game declares a
    guide and a person plays (a table of computers is watched, not learned)."""
    app = scene.app
    if not app.settings.is_guided(scene.spec.id) or not any(not s.is_computer for s in scene.seats):
        return None
    try:
        guide = guide_of(scene.spec)
    except (GuideError, ImportError):      # a broken declaration (its tests say so): played unguided
        guide = None
    if guide is None:
        return None
    scene.guiding = Guiding(scene, guide)
    return scene.guiding


def set_guided(app, game_id: str, on: bool) -> None:
    """Whether the next game of ``game_id`` is guided (the setup screen's switch; saved)."""
    app.prefs.choose("guided", {**app.settings.guided, game_id: on})    # chosen: saved, even over a run's own
    app.save_settings()


def unguided(app) -> None:
    """No game is guided in this run (a tool or bench that plays as before); the saved settings keep
    their own switches."""
    app.prefs.for_this_run("guided", {game_id: False for game_id in app.games})


def caption_places(spec) -> list[pygame.Rect]:
    """Where the guide's caption may show: first where the game's "Show me!" shows its sentences,
    then :data:`PLACES`."""
    from kidgames.core.demo import demo_of
    try:
        demo = demo_of(spec)
    except Exception:          # a broken demo declaration: its tests say so; the guide still shows
        demo = None
    return [pygame.Rect(place) for place in ((demo.caption,) if demo is not None else ()) + PLACES]


class Guiding:
    """The guide of one game scene (see the module's docstring)."""

    def __init__(self, scene, guide: Guide) -> None:
        self.scene = scene
        self.app = scene.app
        self.guide = guide
        self.places = caption_places(scene.spec)
        self.area = self.places[0]
        scene.nudge.after = GUIDED_AFTER
        self.caption: tuple[Any, str] | None = None     # (words, picture) shown now
        self.kind = ""                  # what it tells: the goal, a praise, why a tap did nothing
        self.lasts = 0.0                # seconds the caption shows (counted while the table is in view)
        self.shown_for = 0.0
        self.words: Any = None          # what the "guide" slot says (spoken when it changes)
        self.point_soon = False         # a refused tap: the hand points once the hint has settled
        self.rings: tuple = ()          # the shining things as drawn now (their areas)
        self.finished = False
        self.curtain: Any = None        # the curtain of this game on top, and since when (its hand)
        self.curtain_since = 0.0
        self.decisions = 0              # the people's decisions applied (a tap that sent one is no refusal)
        # for tests: what was told, (kind, message) in order; where the hand pointed after a refusal
        self.told: list[tuple[str, Any]] = []
        self.pointed: list[pygame.Rect] = []
        self.tell("goal", scene.t(guide.goal), guide.goal_picture, GOAL_TIME)

    # -- telling -------------------------------------------------------------------------------------
    def tell(self, kind: str, words: Any, picture: str, seconds: float) -> None:
        """Say ``words`` and show them with ``picture`` for ``seconds`` of the table in view."""
        self.hide()
        self.area = self.place()
        self.caption, self.lasts, self.shown_for = (words, picture), seconds, 0.0
        self.kind = kind
        self.words = words
        self.app.forget_spoken(self.scene, "guide")      # said again even when the same as the last
        self.told.append((kind, words))
        self.app.invalidate(self.caption_rect())

    def hide(self) -> None:
        if self.caption is not None:
            self.app.invalidate(self.caption_rect())
        self.caption = None
        self.words = None

    def place(self) -> pygame.Rect:
        """The first of the caption's places that covers nothing to tap now (a thing on the table, a
        button, the hint beside the prompt button); the first place when each covers something."""
        scene = self.scene
        covered = [pygame.Rect(b.rect) for b in scene.buttons if b.visible]
        say = scene.button("say")
        if say is not None:
            covered.append(pygame.Rect(say.rect.right, say.rect.top, HINT_ROOM, say.rect.h))
        for target in scene.tap_targets():
            if target.rect is not None and target.rect.w > 0:
                covered.append(pygame.Rect(target.rect))
            else:
                covered.append(pygame.Rect(round(target.centre[0]) - SHINE_RADIUS, round(target.centre[1]) - SHINE_RADIUS,
                                           2 * SHINE_RADIUS, 2 * SHINE_RADIUS))
        for place in self.places:
            if place.collidelist(covered) < 0:
                return place
        return self.places[0]

    def caption_rect(self) -> pygame.Rect:
        return self.area.inflate(16, 16)

    # -- following the game ----------------------------------------------------------------------------
    def praise(self, seat: int | None, events: Sequence[Event]) -> None:
        """A person's decision was applied with ``events``: the guide names what the child did, when
        its praise says something of them (public events only, see kidgames/core/guide.py)."""
        if not events:
            return
        self.decisions += 1
        if seat is None or not self.scene.session.is_person(seat):
            return
        praised = praise_for(self.guide, events, seat)
        if praised is None:
            return
        key, fields = praised
        words = self.scene.t(key, **dict(fields))
        picture = self.scene.prompt_picture(words)
        # told once the move has played out on the table (the child sees what the words name)
        self.scene.anim.call(lambda: self.tell("praise", words, picture if picture != "speaking" else "star",
                                               PRAISE_TIME))

    def refused(self, refusal: Refusal | None) -> None:
        """A tap did nothing: say why (the rules' reason as the game words it, else what the scene's
        hint says now) and let the hand point at once at what would work."""
        scene = self.scene
        self.point_soon = True
        if getattr(scene, "refusal", None) is not None:
            return                  # the scene says why itself (a card table's hint, spoken)
        why = None
        if refusal is not None:
            key = f"{scene.spec.id}.why.{refusal.code}"
            if self.app.catalog.has(key):
                why = scene.t(key, **dict(refusal.fields))
        if why is not None:
            self.tell("why", why, scene.prompt_picture(why), WHY_TIME)
            return
        hint = scene.hint_text()        # no reason the game words: what to do, said again
        if hint:
            self.told.append(("why", hint))
            self.app.voice.say(hint)

    def before_tap(self, pointer) -> tuple | None:
        """What a tap may hit, just before it is handled (None: not a tap a person may act with)."""
        scene = self.scene
        if pointer.kind != "tap" or not scene.person_can_act() or scene.app.top is not scene:
            return None
        on_button = any(b.visible and b.rect.collidepoint(pointer.pos) for b in scene.buttons)
        return (pointer.pos, list(scene.tap_targets()), len(self.told), self.decisions, on_button)

    def after_tap(self, mark: tuple | None) -> None:
        """A tap that hit nothing on the table and sent nothing is refused: said and pointed at."""
        if mark is None:
            return
        from kidgames.ui.targets import pick
        pos, targets, told, decisions, on_button = mark
        scene = self.scene
        if self.point_soon or len(self.told) != told:
            return                  # the rules refused it (and it was said)
        if getattr(scene, "refusal", None) is not None:
            self.refused(None)      # the scene says why in its hint: the hand shows what would work
            return
        if self.decisions != decisions or scene.anim.busy or not scene.person_can_act():
            return                  # a decision was sent
        if on_button or pick(pos, targets) is not None:
            return                  # a choice on the way (a card picked up, a tree chosen)
        self.refused(None)

    def results(self) -> None:
        """The guided game reached its results: the game is learned, its next game is not guided
        (the setup screen's switch turns it on again)."""
        if not self.finished:
            self.finished = True
            set_guided(self.app, self.scene.spec.id, False)

    # -- every frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        scene = self.scene
        on_top = self.app.top is scene
        if self.caption is not None and on_top:
            self.shown_for += dt
            if self.shown_for >= self.lasts:
                self.hide()
        if self.point_soon and on_top and scene.nudge.waiting():
            self.point_soon = False
            self.point_now()
        self.follow_curtain()
        rings = self.shining() if on_top else ()
        if rings != self.rings:
            for area in (*self.rings, *rings):
                self.app.invalidate(area.inflate(SHINE_WIDTH * 2 + 4, SHINE_WIDTH * 2 + 4))
            self.rings = rings
            if self.caption is not None and self.area.collidelist(rings) >= 0:
                # what may be tapped changed under the caption (a hand of cards dealt): it moves
                self.app.invalidate(self.caption_rect())
                self.area = self.place()
                self.app.invalidate(self.caption_rect())

    def follow_curtain(self) -> None:
        """A curtain of this game on top (a hand-over, a secret, a question): after the same wait, the
        hand points at its button too (the child who waits is shown where to tap)."""
        from kidgames.ui.curtain import CurtainScene
        top = self.app.top
        now = self.app.now()
        if top is self.curtain:
            assert top is not None
            if top.hand is None and now - self.curtain_since >= GUIDED_AFTER:
                button = top.button("ready")
                if button is not None:
                    top.hand = PointingHand(self.app)
                    top.hand.point(button.rect, now)
            elif top.hand is not None:
                top.hand.move_hand(now)
                if top.hand.hand_from is None:          # shown its time: again after another wait
                    top.hand = None
                    self.curtain_since = now
            return
        self.curtain = None
        if isinstance(top, CurtainScene) and self.scene in self.app.stack:
            self.curtain, self.curtain_since = top, now
            if self.kind != "goal":
                self.hide()     # said and seen; the person behind the curtain is told their own

    def point_now(self) -> None:
        """The hand at what would work, now (and the prompt's wait starts again from here)."""
        nudge = self.scene.nudge
        target = self.scene.nudge_target()
        now = self.app.now()
        nudge.hint = self.scene.hint_text()
        nudge.since, nudge.done = now, 0
        if target is not None:
            self.pointed.append(pygame.Rect(target))
            nudge.point(target, now)
            nudge.move_hand(now)

    def wake_in(self) -> float | None:
        due = []
        if self.caption is not None:
            due.append(max(0.0, self.lasts - self.shown_for))
        if self.point_soon:
            due.append(0.0)
        curtain = self.curtain
        if curtain is not None and self.app.top is curtain:
            if curtain.hand is None:
                due.append(max(0.0, self.curtain_since + GUIDED_AFTER - self.app.now()))
            else:
                due.append(1 / HAND_FPS)
        elif self.app.top is not self.scene and self.app.top is not curtain and self.scene in self.app.stack:
            from kidgames.ui.curtain import CurtainScene
            if isinstance(self.app.top, CurtainScene):
                due.append(0.0)         # a new curtain: its wait for the hand begins
        return min(due) if due else None

    def spoken(self) -> Any:
        """What the guide says now (the scene's "guide" slot)."""
        return self.words

    # -- drawing --------------------------------------------------------------------------------------
    def shining(self) -> tuple:
        """The areas of what a tap may choose now (only while a person may act): the things on the
        table, and the buttons of the decision (a choice that loses something only where no other
        is offered; never a take-back)."""
        from kidgames.ui.game import TAKES_BACK
        from kidgames.ui.shared_buttons import SHARED_BUTTONS
        scene = self.scene
        if not scene.person_can_act() or scene.session.view().curtain is not None:
            return ()
        offered = [b for b in scene.buttons if b.visible and b.enabled and b.name not in SHARED_BUTTONS + TAKES_BACK]
        areas = [pygame.Rect(b.rect) for b in ([b for b in offered if not b.costs] or offered)]
        for target in scene.tap_targets():
            if target.rect is not None and target.rect.w > 0:
                areas.append(pygame.Rect(target.rect))
            elif target.rect is None:
                x, y = round(target.centre[0]), round(target.centre[1])
                areas.append(pygame.Rect(x - SHINE_RADIUS, y - SHINE_RADIUS, 2 * SHINE_RADIUS, 2 * SHINE_RADIUS))
        return tuple(areas)

    def paint(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        for area in self.rings:
            ring = area.inflate(SHINE_WIDTH * 2, SHINE_WIDTH * 2)
            if not clip.colliderect(ring.inflate(4, 4)):
                continue
            if area.w == area.h == 2 * SHINE_RADIUS:
                pygame.draw.circle(surface, SHINE, ring.center, ring.w // 2, SHINE_WIDTH)
            else:
                pygame.draw.rect(surface, SHINE, ring, SHINE_WIDTH, border_radius=16)
        if self.caption is not None and clip.colliderect(self.caption_rect()):
            self.paint_caption(surface)

    def paint_caption(self, surface: pygame.Surface) -> None:
        """The words on a paper panel with their picture (the look of "Show me!"'s captions)."""
        assert self.caption is not None
        words, picture_name = self.caption
        area = self.area
        assets = self.app.assets
        rounded_panel(surface, area, PAPER, radius=28, border=EDGE)
        size = min(PICTURE, area.h - 24)
        picture = assets.image(picture_name, size)
        surface.blit(picture, picture.get_rect(midleft=(area.left + 20, area.centery)))
        left = area.left + 36 + size
        text = assets.fit_text(str(words), 40, INK, area.right - left - 24, area.h - 20)
        surface.blit(text, text.get_rect(center=((left + area.right - 16) // 2, area.centery)))
