"""What the card games' tables share as scenes (Sleeping Queens, Castle Builders).

A table redraws only what changed: its pieces (kidgames/ui/table.py, kidgames/ui/pieces.py) say
where they paint and what decides their pixels, and the table compares them with what it painted
last.  Every card table has the felt, the hint, the seat panels, the draw and discard piles, the
buttons, the cards in flight and a banner (:meth:`CardTableScene.lay_table`); each game adds its own
pieces.  The picture follows the view in one verb, ``refresh`` (kidgames/ui/game.py): at the end of
every batch of events, and whenever whose decision it is changes (its part's ``situation``),
the buttons are laid out again and what they changed is redrawn, only there.  Banner
texts are rendered in a frame that draws little, before they show, and the frame that applies an
action (and saves the game) keeps the hint and the lit panel as they were (``frozen``) and draws
nothing more: the next frame shows the change."""
from __future__ import annotations

import functools
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar

import pygame

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.ui.cards import CardArt, CardLook, CardSprite, fly
from kidgames.ui.game import GameScene, V
from kidgames.ui.pieces import Backdrop, Banner, Hint, PanelBanner, Pile, SeatPanel, button_pieces, flying_cards
from kidgames.ui.table import Piece, Table
from kidgames.ui.targets import Target, pick, visible_parts
from kidgames.ui.widgets import Button


def kept(place: Callable) -> Callable:
    """A place on the table (a method of the scene) worked out once for its arguments (a seat, a
    count of things) and kept: the seats never change, so read it and never change it."""
    @functools.wraps(place)
    def kept_place(scene, *args):
        return scene._kept((place.__name__, *args), lambda: place(scene, *args))
    return kept_place


SceneT = TypeVar("SceneT", bound="CardTableScene")


class KeptPlaces(Generic[SceneT]):
    """A part of a card table's scene whose places are :func:`kept`: they are kept in the scene's own
    store, with the scene's."""

    def __init__(self, scene: SceneT) -> None:
        self.scene = scene

    def _kept(self, key, make):
        return self.scene._kept(key, make)


class CardTablePart(Protocol):
    """A card game's own part of the shared card table: what it draws and what a tap on it does.
    The shared scene (:class:`CardTableScene`) holds one, made from the scene, and asks it only
    this; the game's scene animates its events and keeps the picture's own copy of the table."""

    def lay(self) -> None:
        """Lay the scene's table (:meth:`CardTableScene.lay_table`) with the game's own pieces."""

    def seat_rects(self) -> list[pygame.Rect]:
        """Each seat's panel on the table."""
        ...

    def copy_table(self, table: Any) -> None:
        """At rest: the picture's own copy of the table (``v_*``) set from the table view."""

    def situation(self) -> tuple:
        """What decides the buttons: whose decision it is, and what about."""
        ...

    def decision_buttons(self) -> list[Button]:
        """The game's buttons for the decision it waits for."""
        ...

    def decision_hint(self) -> str:
        """What the hint says to the decision the game waits for (see :meth:`CardTableScene.hint_text`)."""
        ...

    def lit_panel(self) -> int | None:
        """The player whose panel is lit (the seat the game waits for in Sleeping Queens, the turn
        owner in Castle Builders)."""
        ...

    def forget_choice(self) -> None:
        """A decision is sent: what a person was choosing on the table is over."""

    def tap(self, pos) -> None:
        """A tap on the table while a person may act."""

    def tap_targets(self) -> list[Target]:
        """What a tap on the table may choose now."""
        ...


class CardTableScene(GameScene[V]):
    """The shared scene of a card game, generic over the game's view ``V`` (``CardTableScene[QueensView]``),
    holding the game's own :class:`CardTablePart` (``part``, made from the scene)."""

    art_kit: type[CardArt] = CardArt        # the game's card kit: the faces of its cards, its own pictures
    table: Table                            # laid by lay_table (from the part's lay, in __init__)
    banner_piece: Banner                    # laid by lay_table
    ahead: list[Callable[[], object]]       # what is made ahead in frames that draw little (prepare_ahead)
    prompt_rect: pygame.Rect                # the hint's picture (a tap says it again)
    undo_rect: pygame.Rect                  # the "back" arrow, while a step can be taken back

    def __init__(self, app, session, part: Callable[[Any], CardTablePart]) -> None:
        super().__init__(app, session)
        self.art: CardArt = self.art_kit(app.assets)
        self.flying: list[CardSprite] = []     # cards in the air (see kidgames/ui/cards.fly)
        self.frozen: tuple | None = None       # (hint, lit panel) until an animation begins
        self._geometry: dict = {}              # places of things on the table, by their count
        self.refusal: tuple[str, str | None] | None = None    # why a tap did nothing: words, picture
        self.part: CardTablePart = part(self)
        self.part.lay()
        self.changed()

    def moment(self) -> tuple:
        return (*self.part.situation(), self.undo.shown())

    def refresh(self, view) -> None:
        """At rest everything drawn as the view says, nothing on its way (the end of every batch of
        events); the buttons: home, rules and sound, the hint's picture, the "back" arrow and the
        game's own for the decision it waits for."""
        if self.resting:
            self.part.copy_table(view.table)
            self.flying.clear()
            self.banner_piece.clear()
            self.frozen = None
        shared = self.shared_buttons
        self.buttons = shared.top(1270, 14, size=100) + [shared.prompt(self.prompt_rect), self.undo.button(self.undo_rect)]
        self.buttons += self.part.decision_buttons()

    def decision_button(self, rect: pygame.Rect, action: Action, words: str, icon: str, colour: str,
                        **more) -> Button:
        """A button that sends ``action`` (:meth:`act`), named after its kind, saying ``words`` (a
        message key); ``more`` as :class:`Button` takes it (its text 32 high unless it says)."""
        more.setdefault("text_size", 32)
        return Button(rect, lambda: self.act(action), self.t(words), icon=icon, colour=colour, name=action.kind,
                      **more)

    def legal(self) -> tuple | list:
        """What the person deciding may do (the view holds it while it tells no secret)."""
        return self.view().legal or ()

    def act(self, action: Action) -> None:
        """A tap's ``action``, sent when it is legal now (the second tap of a double tap is not)."""
        if action in self.legal():
            self.submit(action)

    # -- the table ---------------------------------------------------------------------------------
    def lay_table(self, felt, hint: tuple[pygame.Rect, int], banner: Banner, piles: tuple, seat_fill: Callable,
                  paint_inside: Callable, pieces: Sequence[Piece]) -> None:
        """The pieces every card table has, and the game's own ``pieces``: the ``felt``, the hint
        (its rect and text size), a panel for each seat (lit in ``seat_fill(rgb)``, what never
        changes inside it painted by ``paint_inside(surface, seat, rect, lit)``), the draw and
        discard piles (``piles``: their centres and card width), the buttons, the cards in flight
        and the ``banner``."""
        draw_at, discard_at, width = piles
        assets = self.app.assets
        def panel(i: int, seat: Seat, rect: pygame.Rect) -> SeatPanel:
            return SeatPanel(self.art, seat, rect, lambda: i == self.part.lit_panel(),
                             lambda: i in self.session.view().winners,
                             lambda surface, rect, lit: paint_inside(surface, i, rect, lit), fill=seat_fill)
        panels = [panel(i, seat, rect) for i, (seat, rect) in enumerate(zip(self.seats, self.part.seat_rects()))]
        self.ahead = [make for p in panels for make in p.ahead()]
        self.banner_piece = banner
        self.table = Table([Backdrop(self.app.screen.get_size(), colour=felt),
                            Hint(assets, hint[0], self.hint_text, size=hint[1], art=self.art), *panels,
                            Pile(self.art, assets, draw_at, width, lambda: self.v_draw),
                            Pile(self.art, assets, discard_at, width, lambda: len(self.v_discard), self.discard_top),
                            *pieces, banner],
                           sources=[button_pieces(self), flying_cards(self.flying, self.art)])

    def panel_banner(self, rect: pygame.Rect, label: Callable[[str], pygame.Surface], picture: Callable,
                     picture_x: int, text_x: int, reach: tuple[int, int], look=lambda banner: None) -> Banner:
        """The banner of a card table: up at once, on a paper panel over the middle of the table."""
        return Banner(PanelBanner(self.art, label, picture, picture_x, text_x, reach, look), rect)

    def say(self, text: str, picture: str | None, seconds: float = 0.9, extra=None) -> None:
        """The banner up at once, for ``seconds`` at least: it stays until :meth:`hide_banner`."""
        self.banner_piece.show(self.anim, text, picture, seconds, extra=extra)

    def hide_banner(self) -> None:
        self.banner_piece.hide(self.anim)

    def discard_top(self) -> CardLook | None:
        return self.art.card_look(self.v_discard[-1]) if self.v_discard else None

    def hint_text(self) -> str:
        """The hint: as it was while an action is applied (see :meth:`submit`), nothing while the
        game is over or cards move, else what the game says (its part's ``decision_hint``)."""
        if self.frozen is not None:
            return self.frozen[0]
        if self.anim.busy or self.session.view().is_over:
            return ""
        return self.part.decision_hint()

    # -- saying why a tap did nothing -------------------------------------------------------------
    def refuse_with(self, text: str, picture: str | None = None) -> None:
        """Say in the hint why a tap did nothing, in words and a picture, with the "stuck" sound;
        it stays until the next tap or decision."""
        self.refusal = (text, picture)
        self.app.assets.play("stuck")

    def hint_picture(self, hint: str | None = None) -> str | None:
        """A refused tap's own picture while the hint says why (else None)."""
        hint = self.hint_text() if hint is None else hint
        return self.refusal[1] if self.refusal and self.refusal[1] and hint == self.refusal[0] else None

    def prompt_picture(self, hint: str) -> str:
        return self.hint_picture(hint) or super().prompt_picture(hint)

    def handle(self, pointer) -> None:
        if pointer.kind == "down":
            self.refusal = None        # a new tap: the last reason has been read
        super().handle(pointer)

    # -- shared --------------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def tap(self, pos) -> None:
        self.part.tap(pos)

    def tap_targets(self) -> list[Target]:
        return self.part.tap_targets()

    def seat_targets(self, kind: str, cards: Callable[[int], list], rects: Callable[[int, int], list]) -> list[Target]:
        """Every card lying in a row of a seat's panel (``cards(seat)``, where ``rects(seat, count)``
        says), keyed (seat, card), each with the part of it that shows (worked out once per count)."""
        targets = []
        for seat in range(len(self.seats)):
            keys = cards(seat)
            parts = self._kept((kind, seat, len(keys)), lambda: visible_parts(rects(seat, len(keys))))
            targets += [Target((seat, key), part.center, part) for key, part in zip(keys, parts)]
        return targets

    @staticmethod
    def pick_card(pos, targets: list[Target], offered) -> Any:
        """The key of the card a tap hits (a seat's card, a slot), or None: the one under the finger,
        or beside it within a finger's reach the nearest of those whose keys are ``offered`` (those
        that shine, or can be bought)."""
        inside = pick(pos, targets, reach=0)
        return inside if inside is not None else pick(pos, [t for t in targets if t.key in offered])

    def set_piles(self, draw: int, discard: Sequence[str]) -> None:
        self.v_draw, self.v_discard = draw, list(discard)

    def fly_card(self, look: CardLook, source, target, width: int, duration: float, *, end_width: int | None = None,
                 look_from: CardLook | None = None, arc: float = 60.0, secret_of: int | None = None,
                 start: Callable[[], None] | None = None, end: Callable[[], None] | None = None) -> CardSprite:
        """Queue a card flying from ``source`` to ``target`` (and turning from ``look_from`` to
        ``look``, when given): each a point, the rect of a card lying there (its centre, and its
        width for the card's), or a function giving either when the flight begins (where a card
        lies then), before ``start`` changes the view; ``end`` changes it as the card lands."""
        sprite = CardSprite(look, (0, 0), (0, 0), width, end_width=end_width, look_from=look_from, arc=arc,
                            secret_of=secret_of)

        def begin() -> None:
            for place, point, size in ((source, "start", "width"), (target, "end", "end_width")):
                place = place() if callable(place) else place
                if isinstance(place, pygame.Rect):
                    setattr(sprite, size, place.w)
                    place = place.center
                setattr(sprite, point, place)
            if start is not None:
                start()
        fly(self.anim, sprite, self.flying, duration, start=begin, end=end)
        return sprite

    def before_decision(self) -> tuple:
        # The hint and the lit panel stay as they are until the animation begins: the frame that
        # applies an action (and saves the game) draws nothing more; the next one shows the change.
        frozen = self.hint_text(), self.part.lit_panel()
        self.part.forget_choice()
        self.refusal = None
        return frozen

    def applied(self, outcome, before=None):
        self.frozen = before
        events = super().applied(outcome, before)
        if not events:
            self.frozen = None
        self.changed()
        return events

    def animate(self, events) -> None:
        """Each event's ``_anim_<kind>(event, events after it)``; the hint thaws as the first step
        begins, and the view equals the state again after the last."""
        self.anim.call(self._thaw)
        super().animate(events)
        self.rest_step()

    def second_of_double_tap(self, pos) -> bool:
        """The tap being handled is the second of a child's double tap: to be ignored."""
        return self.pointer is not None and self.pointer.repeats()

    def update(self, dt: float) -> bool:
        busy, quiet = self.anim.busy, self.frozen is None
        moved = super().update(dt)
        if quiet and self.frozen is None and not self.app.dirty:
            self.prepare_ahead()
        if moved and busy and not self.anim.busy:
            # The batch's last step: the app's redraw after the last movement (this very frame)
            # shows it whole; where no such redraw comes, only what changed is redrawn.
            for rect in self.dirty_rects() or ():
                self.app.invalidate(rect)
            return False
        return moved

    def prepare_ahead(self) -> None:
        """One thing made ahead of the frame that shows it, in a frame that draws little: a banner's
        words (queued as the banner is asked for), else a seat panel's lit or unlit plate.  Not in
        a frame that applies an action (its save) nor in the next, which begins showing it (the
        turn passing repaints whole panels there, and a banner may come up) nor in a whole redraw."""
        painter = self.banner_piece.painter
        if isinstance(painter, PanelBanner) and painter.to_prepare:
            painter.render_ahead()
        elif self.ahead:
            self.ahead.pop(0)()

    def _kept(self, key, make):
        """A place on the table, worked out once per key (the count of things it depends on)."""
        value = self._geometry.get(key)
        if value is None:
            value = self._geometry[key] = make()
        return value

    def _thaw(self) -> None:
        self.frozen = None
