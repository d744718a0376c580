"""Castle Builders' part of the shared card table (kidgames/ui/card_table.py, :class:`CardTablePart`):
what the game draws (its pieces, the buttons and the hint of the decision it waits for, the banner's
castle) and what a tap on it does (a card for sale, a card to give the witch).  It reads the
session's views through its scene and never the state; the scene animates the events."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.pieces import FLYING, IN_PANEL
from kidgames.ui.table import Drawn
from kidgames.ui.targets import Target
from kidgames.ui.widgets import INK, Button

from .art import CASTLE_RGB, draw_emblem, tint
from .layout import (BANNER_RECT, BUY_BUTTON, CHOICE_AREA, DISCARD_AT, DRAW_AT, DRAW_BUTTON, FAIRY_BUTTON, FELT,
                     HINT_RECT, PILE_W, STOP_BUTTON, WITCH_BUTTON, WITCH_REST_AREA, spare_items)
from .panels import CastlePanels, pile_counts
from .rules import EMBLEMS, PRICE, WITCH, WITCH_TAKES, CastleView, piece_of
from .witch import CastleWitch

if TYPE_CHECKING:
    from .scene import CastleScene


class CastleTable:
    """The game's part of its card table: the panels, the witch, and buying."""

    def __init__(self, scene: CastleScene) -> None:
        self.scene = scene
        self.panels = CastlePanels(scene)
        self.witch = CastleWitch(scene)
        self.buying = False

    def lay(self) -> None:
        """The table: the felt, the hint, the panels, the piles and the banner, with this game's pieces."""
        # a banner shows a picture, or a castle (its colour is the banner's extra) growing while it is up
        banner = self.scene.panel_banner(BANNER_RECT, self.banner_label, self.banner_picture, 110, 220, (12, 32),
                                   look=lambda banner: self.banner_pieces())
        self.scene.lay_table(FELT, (HINT_RECT, 38), banner, (DRAW_AT, DISCARD_AT, PILE_W), tint, self.panels.draw_name,
                       self.pieces())

    def seat_rects(self) -> list[pygame.Rect]:
        return self.panels.seat_rects()

    def pieces(self) -> list[Drawn]:
        """This game's own pieces: in each panel the castle and the spare pile; the witch waiting on
        the table, the witch's question, and the witch sweeping across the table."""
        n = len(self.scene.seats)
        return [
            *Drawn.each(n, self.panels.castle_area, self.panels.castle_look, self.panels.draw_castle, IN_PANEL),
            *Drawn.each(n, lambda i: self.panels.spares_area(i, *pile_counts(spare_items(self.scene.v_spares[i]))),
                        self.panels.spares_look, self.panels.draw_spares, IN_PANEL),
            Drawn(WITCH_REST_AREA, lambda: self.scene.v_witch, self.witch.draw_witch_at_rest, IN_PANEL),
            Drawn(CHOICE_AREA, self.witch.choice_look, self.witch.draw_choice, IN_PANEL + 0.5),
            Drawn(self.witch.sweep_area, self.witch.sweep_at, self.witch.draw_sweep, FLYING + 0.5)]

    # -- the view of the table ------------------------------------------------------------------
    def copy_table(self, t: CastleView) -> None:
        """The picture's own copy of the table (the scene's ``v_*``), set from the view at rest."""
        self.scene.v_castles = [list(c) for c in t.castles]
        self.scene.v_colours = list(t.colours)
        self.scene.v_spares = [list(sp) for sp in t.spares]
        self.scene.set_piles(t.draw_pile, t.discard)
        # While the witch's choice waits (the fairy question, or the first card to give her), she
        # stays where she was turned up; she goes to the discard pile when the choice is made.
        waiting = t.pending == "witch" or (t.pending == "lose" and t.losses_left == WITCH_TAKES)
        self.scene.v_witch = bool(waiting and self.scene.v_discard and self.scene.v_discard[-1] == WITCH)
        if self.scene.v_witch:
            self.scene.v_discard.pop()
        self.scene.witch_leaving = False
        self.scene.v_turn_owner = self.scene.view().turn_owner    # the lit panel: it moves on with the turn's step
        self.scene.sweep = None

    def buy_targets(self) -> dict[tuple[int, str], Action]:
        return {(a.seller, a.card): a for a in self.scene.legal() if a.kind == "buy"}

    # -- layout and buttons -----------------------------------------------------------------------
    def decision_buttons(self) -> list[Button]:
        scene = self.scene
        legal = scene.legal()
        pending = scene.table_view().pending
        can_buy = any(a.kind == "buy" for a in legal)
        if not legal or (pending is None and not can_buy):
            self.buying = False
        if pending == "witch" and legal:
            return [scene.decision_button(FAIRY_BUTTON, Action("use_fairy"), "castle.use_fairy", "fairy", "green"),
                    scene.decision_button(WITCH_BUTTON, Action("accept_witch"), "castle.accept_witch", "witch",
                                          "orange", costs=True)]
        if pending is not None or not legal:
            return []
        if Action("pass") in legal:
            buttons = [scene.decision_button(DRAW_BUTTON, Action("pass"), "castle.pass", "play", "blue", text_size=34)]
        else:
            buttons = [scene.decision_button(DRAW_BUTTON, Action("draw"), "castle.draw", "plus", "green", text_size=36,
                                             enabled=Action("draw") in legal)]
        stop = Action("stop")     # tapped before a card was drawn, it goes to the rules, which say why not
        buttons.append(scene.decision_button(STOP_BUTTON, stop, "castle.stop", "check", "orange", text_size=36,
                                             enabled=stop in legal,
                                             why=lambda: scene.applied(scene.session.submit(stop))))
        if can_buy:
            buttons.append(Button(BUY_BUTTON, self.toggle_buying, scene.t("castle.buy", n=PRICE), icon="diamond",
                                  colour="gold", name="buy", text_size=34, selected=self.buying))
        return buttons

    def toggle_buying(self) -> None:
        self.buying = not self.buying
        self.scene.app.assets.play("click")
        self.scene.changed()

    def forget_choice(self) -> None:
        self.buying = False

    def situation(self) -> tuple:
        view, t = self.scene.view(), self.scene.table_view()
        return view.decider, t.pending, self.scene.anim.busy, view.is_over, t.drawn_this_turn

    def tap(self, pos) -> None:
        pending = self.scene.table_view().pending
        if self.scene.second_of_double_tap(pos) or pending not in (None, "lose"):
            return    # (the second tap of a double tap: the first one already chose)
        card = self.witch.lose_card_at(pos) if pending == "lose" else None
        hit, targets = (None, {}) if pending == "lose" else (self.spare_at(pos), self.buy_targets())
        if card is not None:
            self.scene.act(Action("lose", card=card))
        elif hit in targets and self.buying:
            self.scene.act(targets[hit])
        elif hit in targets:
            self.toggle_buying()      # a first tap on a card for sale shows what can be bought

    def spare_at(self, pos) -> tuple[int, str] | None:
        """The spare card a tap hits: the one under the finger, or near it a card that can be bought."""
        return self.scene.pick_card(pos, self.panels.spare_targets(), self.buy_targets())

    def tap_targets(self) -> list[Target]:
        """What a tap may choose now (the nudge points at it): the cards to give the witch, or the
        cards that can be bought."""
        if not self.scene.person_can_act():
            return []
        if self.scene.table_view().pending == "lose":
            return [Target(("lose", card), rect.center, rect) for card, n, rect in self.witch.lose_places() if n]
        buyable = self.buy_targets()
        return [Target(("buy",) + t.key, t.centre, t.rect) for t in self.panels.spare_targets() if t.key in buyable]

    # -- hints -----------------------------------------------------------------------------------
    def lit_panel(self) -> int | None:
        """The player whose panel is lit: the turn owner (who decides too: in Castle Builders
        nobody answers out of turn), as the animation has come to it."""
        return None if self.scene.view().is_over else self.scene.v_turn_owner

    def decision_hint(self) -> str:
        view, t = self.scene.view(), self.scene.table_view()
        assert view.decider is not None     # a hint is asked only while the game goes on (hint_text)
        name = self.scene.name(view.decider)
        if view.computer_turn:
            return self.scene.t("castle.hint.computer", name=name)
        if self.scene.refusal:
            return self.scene.refusal[0]
        if t.pending == "witch":
            return self.scene.t("castle.hint.witch", name=name)
        if t.pending == "lose":
            return self.scene.t("castle.hint.lose", name=name, n=t.losses_left)
        legal = self.scene.legal()
        if self.buying:
            return self.scene.t("castle.hint.buy", n=PRICE)
        said = "pass" if Action("pass") in legal else "again" if t.drawn_this_turn else \
            "draw_or_buy" if any(a.kind == "buy" for a in legal) else "draw"
        return self.scene.t(f"castle.hint.{said}", name=name)

    def banner_pieces(self) -> tuple[int, ...] | None:
        """The pieces of the castle a banner shows (it grows while the banner is up)."""
        castle = self.scene.banner_piece.extra
        if castle is None:
            return None
        scene = self.scene
        return next((tuple(piece_of(c) for c in cards) for colour, cards in zip(scene.v_colours, scene.v_castles)
                     if colour == castle and cards), ())

    def banner_picture(self, banner) -> pygame.Surface:
        """A banner's picture: the castle it talks about as it is now, or its sprite."""
        castle = banner.extra
        if castle is None:
            return self.scene.app.assets.image(banner.picture or "castle", 160)
        pieces = self.banner_pieces()
        assert pieces is not None           # the banner names a castle (its extra)
        pic = self.scene.art.castle(castle, pieces, 130).copy()
        if not pieces:      # a freed colour: its emblem over the empty plot
            draw_emblem(pic, EMBLEMS[castle], (65, 110), 40, CASTLE_RGB[castle])
        return pic

    def banner_label(self, text: str) -> pygame.Surface:
        return self.scene.app.assets.fit_text(text, 46, INK, BANNER_RECT.w - 260, BANNER_RECT.h - 30, title=True)

