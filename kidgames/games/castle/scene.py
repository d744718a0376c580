"""Castle Builders on screen: the draw pile and the discard pile in the middle, and for every
player their castle — drawn piece by piece in its colour and emblem, the missing pieces as a
ghost, so a child sees what is still to come — and their spare pile of castle cards, diamonds and
fairies, face up.  The rules live in rules.py; the scene reads only the session's views (whose
turn and decision it is, the legal actions) and the game's table view (rules.CastleView).

The scene is the shared card table (kidgames/ui/card_table.py) with the game's part, table.py
(:class:`CastleTable`: the pieces, the buttons, the hint and the taps, with the panels and the
witch); the scene itself turns the session's events into animation.  The picture is drawn from the
scene's own copy of the table (``v_*``) that the animation steps move towards the table view (a
card in the air between the pile and a castle); it is set from the table view again when each
batch of events has played, so a resting screen always shows it."""
from __future__ import annotations

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.anim import ease_in_out
from kidgames.ui.card_table import CardTableScene
from kidgames.ui.cards import BACK, reshuffle

from .art import DIAMOND_LOOK, WITCH_LOOK, CastleArt, card_look
from .layout import (UNDO_BUTTON, BRISK, DISCARD_AT, DRAW_AT, FLIP_TIME, FLY_TIME, LATER_PAUSE, PILE_W, PROMPT_BUTTON,
                     REVEAL_AT, REVEAL_W, SHOW_TIME, SWEEP_TIME)
from .rules import DIAMOND, FAIRY, WITCH, CastleView, colour_of, piece_of
from .table import CastleTable


class CastleScene(CardTableScene[CastleView]):
    art_kit = CastleArt
    art: CastleArt              # made from art_kit (CardTableScene.__init__)
    part: CastleTable           # the game's part of the table (table.py)
    prompt_rect, undo_rect = PROMPT_BUTTON, UNDO_BUTTON
    # the picture's own copy of the table (set from the view at rest: CastleTable.copy_table)
    v_castles: list[list[str]]          # each player's castle cards
    v_colours: list[str | None]         # each castle's colour (None: not started)
    v_spares: list[list[str]]           # each player's spare pile
    v_witch: bool                       # the witch waits where she was turned up
    v_turn_owner: int | None            # the lit panel: it moves on with the turn's step
    witch_leaving: bool                 # the witch is on her way to the discard pile in this batch

    def __init__(self, app, session) -> None:
        self.sweep: float | None = None       # the witch sweeping across the table, 0..1
        self._turn_draws = 0                  # the cards drawn in the turn being animated
        super().__init__(app, session, CastleTable)

    def computer_pause(self) -> float:
        """A computer thinks before its turn's first step as long as in every game, and briefly
        before each later one (see LATER_PAUSE)."""
        pause = super().computer_pause()
        t = self.table_view()
        return pause * LATER_PAUSE if t.drawn_this_turn or t.pending is not None else pause

    def legal(self) -> list[Action]:
        """What a person may do now: nothing while cards move or a computer decides (the second tap
        of a double tap must not draw a card nobody wanted: one more draw can be the witch)."""
        return list(self.view().legal or ()) if self.person_can_act() else []

    def refused(self, refusal) -> None:
        """The hint says why the rules refused a tap on the Stop button before a card was drawn
        (its action went straight to the session: nothing changes, nothing half chosen is
        forgotten), with the draw button's picture."""
        if refusal.code == "draw_first":
            self.refuse_with(self.t("castle.why.stop"), "plus")

    def nudge_target(self) -> pygame.Rect | None:
        """While a person buys ("tap a shining card"), the hand points at a shining card, not at
        the Buy button with the prompt's diamond (a tap there would stop buying)."""
        if self.part.buying:
            targets = self.part.tap_targets()
            if targets and targets[0].rect is not None:
                return pygame.Rect(targets[0].rect)
        return super().nudge_target()

    # -- events to animation ---------------------------------------------------------------------
    def say(self, text: str, picture: str | None = None, seconds: float = 0.9, castle: str | None = None) -> None:
        """The banner (a castle's colour as its ``extra``), gone again after ``seconds``."""
        super().say(text, picture, seconds, extra=castle)
        self.hide_banner()

    def _rest_at_reveal(self, card: str, seconds: float = SHOW_TIME) -> None:
        self.fly_card(card_look(card), REVEAL_AT, REVEAL_AT, REVEAL_W, seconds, arc=0)

    def _anim_reshuffled(self, ev, rest) -> None:
        # the banner first, then the cards go round under a clear sky
        self.say(self.t("castle.say.reshuffled"), "shuffle", 0.6)
        reshuffle(self.anim, self.flying, ev.count, DISCARD_AT, DRAW_AT, PILE_W, self.set_piles,
                  sound=self.sound("card"))

    def _pace(self, p: int) -> float:
        """How long the cards of ``p``'s draw take, as a share of their usual time: a computer's
        third and later cards of a turn go quicker (a long turn stays brisk to watch)."""
        return BRISK if self.seats[p].is_computer and self._turn_draws > 2 else 1.0

    def _anim_drew(self, ev, rest) -> None:
        self._turn_draws += 1
        pace = self._pace(ev.player)
        self.anim.call(self.sound("card"))
        self.fly_card(card_look(ev.card), DRAW_AT, REVEAL_AT, PILE_W, FLIP_TIME * pace, end_width=REVEAL_W,
                      look_from=BACK, arc=50, start=lambda: setattr(self, "v_draw", ev.left))
        if ev.card != WITCH:
            self._rest_at_reveal(ev.card, SHOW_TIME * pace)

    def _build(self, p: int, card: str) -> None:
        self.v_castles[p] = sorted(self.v_castles[p] + [card], key=piece_of)
        self.v_colours[p] = colour_of(card)

    def _anim_castle_started(self, ev, rest) -> None:
        """A castle card flies to its castle (from the table, or bought from a spare pile)."""
        p, card = ev.player, ev.card
        target = self.part.panels.castle_rect(p).center
        if ev.source == "table":
            self.fly_card(card_look(card), REVEAL_AT, target, REVEAL_W, FLY_TIME * self._pace(p),
                          end_width=self.part.panels.spare_width(), end=lambda: self._build(p, card))
        else:
            panels = self.part.panels
            self.fly_card(card_look(card), lambda: panels.spare_item_rect(ev.seller, card), target,
                          panels.spare_width(), FLY_TIME, start=lambda: self._take_spare(ev.seller, card),
                          end=lambda: self._build(p, card))
        self.anim.call(self.sound("magic"))
        if ev.kind == "castle_started":
            self.say(self.t("castle.say.started", name=self.name(p)), None, 0.8, castle=ev.colour)
        else:
            self.anim.wait(0.2)

    _anim_castle_grew = _anim_castle_started

    def _anim_to_spares(self, ev, rest) -> None:
        p, card = ev.player, ev.card
        panels = self.part.panels
        self.fly_card(card_look(card), REVEAL_AT, lambda: panels.spare_item_rect(p, card, self.v_spares[p] + [card]),
                      REVEAL_W, FLY_TIME * self._pace(p), end_width=self.part.panels.spare_width(),
                      end=lambda: self.v_spares[p].append(card))
        if card == DIAMOND:
            self.anim.call(self.sound("coin"))

    def _anim_witch(self, ev, rest) -> None:
        p = ev.player
        self.anim.call(self.sound("whoosh"))
        self.anim.add(SWEEP_TIME, lambda t: setattr(self, "sweep", t), end=lambda: setattr(self, "sweep", None),
                      easing=ease_in_out)
        # auto-fairy: the controller answered at once, the fairy follows in the same turn's events
        answered = ev.fairy and any(e.kind == "fairy_saved" for e in rest[:1])
        said = "fairy" if answered else "ask" if ev.fairy else "nothing" if ev.losable == 0 else \
            "all" if ev.choice is None else "choose"
        self._rest_at_reveal(WITCH, 0.1)
        waits = ev.choice is not None and not answered    # a choice follows: she waits on the table (see _witch_leaves)
        if waits:
            self.anim.call(lambda: setattr(self, "v_witch", True))
        self.say(self.t(f"castle.say.witch_{said}", name=self.name(p)), "witch", 1.4)
        if not waits:
            self.fly_card(WITCH_LOOK, REVEAL_AT, DISCARD_AT, REVEAL_W, FLY_TIME, end_width=PILE_W,
                          end=lambda: self.v_discard.append(WITCH))

    def _witch_leaves(self) -> None:
        """The choice is made: the witch waiting on the table goes to the discard pile first (as
        she lies under the fairy or the cards she takes), once in the batch of events however many
        cards follow her (``witch_leaving`` is set again from the view after each batch)."""
        if not self.v_witch or self.witch_leaving:
            return
        self.witch_leaving = True
        self.fly_card(WITCH_LOOK, REVEAL_AT, DISCARD_AT, REVEAL_W, FLY_TIME, end_width=PILE_W,
                      start=lambda: setattr(self, "v_witch", False), end=lambda: self.v_discard.append(WITCH))

    def _card_to_discard(self, p: int, card: str, source: str) -> None:
        if source == "castle":
            place, take = (lambda: self.part.panels.castle_rect(p).center), lambda: self._take_castle_piece(p, card)
        else:
            place, take = (lambda: self.part.panels.spare_item_rect(p, card)), lambda: self._take_spare(p, card)
        self.fly_card(card_look(card), place, DISCARD_AT, self.part.panels.spare_width(), FLY_TIME, end_width=PILE_W,
                      start=take, end=lambda: self.v_discard.append(card))

    def _take_spare(self, p: int, card: str) -> None:
        if card in self.v_spares[p]:
            self.v_spares[p].remove(card)

    def _take_castle_piece(self, p: int, card: str) -> None:
        if card in self.v_castles[p]:
            self.v_castles[p].remove(card)
        if not self.v_castles[p]:
            self.v_colours[p] = None

    def _anim_fairy_saved(self, ev, rest) -> None:
        self._witch_leaves()
        self.anim.call(self.sound("magic"))
        self._card_to_discard(ev.player, FAIRY, "spares")
        self.say(self.t("castle.say.fairy", name=self.name(ev.player)), "fairy", 1.0)

    def _anim_lost(self, ev, rest) -> None:
        self._witch_leaves()
        self.anim.call(self.sound("fall"))
        self._card_to_discard(ev.player, ev.card, ev.source)

    def _anim_colour_freed(self, ev, rest) -> None:
        self.say(self.t("castle.say.freed", name=self.name(ev.player)), None, 1.2, castle=ev.colour)

    def _anim_bought(self, ev, rest) -> None:
        p, seller = ev.player, ev.seller
        self.say(self.t("castle.say.bought", name=self.name(p), seller=self.name(seller)), "diamond", 0.8)
        for _ in range(ev.diamonds):
            self.fly_card(DIAMOND_LOOK, lambda: self.part.panels.spare_item_rect(p, DIAMOND),
                          lambda: self.part.panels.spare_item_rect(seller, DIAMOND, self.v_spares[seller] + [DIAMOND]),
                          self.part.panels.spare_width(), 0.35, start=lambda: self.v_spares[p].remove(DIAMOND),
                          end=lambda: self.v_spares[seller].append(DIAMOND))
            self.anim.call(self.sound("coin"))

    def _anim_stopped(self, ev, rest) -> None:
        self.anim.call(self.sound("click"))

    def _anim_turn(self, ev, rest) -> None:
        self._turn_draws = 0
        self.anim.call(self.sound("turn"))
        self.anim.call(lambda: setattr(self, "v_turn_owner", ev.player))
        self.anim.wait(0.15)

    def _anim_game_over(self, ev, rest) -> None:
        winner = ev.winners[0]
        self.anim.call(self.sound("fanfare"))
        self.say(self.t("castle.say.won", name=self.name(winner)), None, 2.4, castle=self.table_view().colours[winner])
