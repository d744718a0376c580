"""Castle Builders on screen: the draw pile and the discard pile in the middle, and for every
player their castle — drawn piece by piece in its colour and emblem, the missing pieces as a
ghost, so a child sees what is still to come — and their spare pile of castle cards, diamonds and
fairies, face up.  The rules live in rules.py; the scene reads only the session's views (whose
turn and decision it is, the legal actions) and the game's table view (rules.CastleView).

The picture is drawn from the scene's own copy of the table (``v_*``) that the animation steps
move towards the table view (a card in the air between the pile and a castle); it is set from the
table view again when each batch of events has played, so a resting screen always shows it."""
from __future__ import annotations

import math

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.anim import ease_in_out
from kidgames.ui.board_pieces import draw_robot
from kidgames.ui.card_table import CardTableScene, kept
from kidgames.ui.cards import BACK, reshuffle, seat_rects, width_to_fit
from kidgames.ui.pieces import FLYING, IN_PANEL
from kidgames.ui.table import Drawn
from kidgames.ui.targets import Target, pick, visible_parts
from kidgames.ui.widgets import INK, PAPER, PAWN_RGB, Button, draw_pawn, shade

from .art import CASTLE_RATIO, CASTLE_RGB, DIAMOND_LOOK, WITCH_LOOK, CastleArt, card_look, draw_emblem, tint
from .layout import (UNDO_BUTTON, BANNER_RECT, BUY_BUTTON, CHOICE_AREA, DISCARD_AT, DRAW_AT, DRAW_BUTTON, FAIRY_BUTTON,
                     FELT, BRISK, FLIP_TIME, FLY_TIME, HINT_RECT, LATER_PAUSE, NAME_W, PILE_W, PROMPT_BUTTON, REVEAL_AT,
                     REVEAL_W, SEATS_AREA, SHOW_TIME, STOP_BUTTON, SWEEP_TIME, WITCH_BUTTON, WITCH_REST_AREA,
                     WITCH_SIZE, lose_rects, spare_items, spare_places, stack_area)
from .rules import DIAMOND, EMBLEMS, FAIRY, PIECES, PRICE, WITCH, WITCH_TAKES, CastleView, colour_of, piece_of



def pile_counts(items: list[tuple[str, int]]) -> tuple[int, int]:
    """How many items a spare pile has, and how many of them (at its end) are stacks."""
    return len(items), sum(1 for card, _ in items if card in (DIAMOND, FAIRY))


class CastleScene(CardTableScene[CastleView]):
    art_kit = CastleArt
    art: CastleArt              # made from art_kit (CardTableScene.__init__)
    prompt_rect, undo_rect = PROMPT_BUTTON, UNDO_BUTTON

    def __init__(self, app, session) -> None:
        super().__init__(app, session, part=lambda scene: scene)    # (its own part, for now)

    def lay(self) -> None:
        self.sweep: float | None = None       # the witch sweeping across the table, 0..1
        self.buying = False
        self._turn_draws = 0                  # the cards drawn in the turn being animated
        # the cards for the witch as her choice began (see lose_places): ((turn, seat), cards)
        self._lose_order: tuple[tuple[int, int | None], tuple[str, ...]] | None = None
        # a banner shows a picture, or a castle (its colour is the banner's extra) growing while it is up
        banner = self.panel_banner(BANNER_RECT, self.banner_label, self.banner_picture, 110, 220, (12, 32),
                                   look=lambda banner: self.banner_pieces())
        self.lay_table(FELT, (HINT_RECT, 38), banner, (DRAW_AT, DISCARD_AT, PILE_W), tint, self.draw_name,
                       self.pieces())

    def pieces(self) -> list[Drawn]:
        """This game's own pieces: in each panel the castle and the spare pile; the witch waiting on
        the table, the witch's question, and the witch sweeping across the table."""
        n = len(self.seats)
        return [
            *Drawn.each(n, self.castle_area, self.castle_look, self.draw_castle, IN_PANEL),
            *Drawn.each(n, lambda i: self.spares_area(i, *pile_counts(spare_items(self.v_spares[i]))),
                        self.spares_look, self.draw_spares, IN_PANEL),
            Drawn(WITCH_REST_AREA, lambda: self.v_witch, self.draw_witch_at_rest, IN_PANEL),
            Drawn(CHOICE_AREA, self.choice_look, self.draw_choice, IN_PANEL + 0.5),
            Drawn(self.sweep_area, self.sweep_at, self.draw_sweep, FLYING + 0.5)]

    # -- the view of the table ------------------------------------------------------------------
    def copy_table(self, t: CastleView) -> None:
        self.v_castles = [list(c) for c in t.castles]
        self.v_colours = list(t.colours)
        self.v_spares = [list(sp) for sp in t.spares]
        self.set_piles(t.draw_pile, t.discard)
        # While the witch's choice waits (the fairy question, or the first card to give her), she
        # stays where she was turned up; she goes to the discard pile when the choice is made.
        waiting = t.pending == "witch" or (t.pending == "lose" and t.losses_left == WITCH_TAKES)
        self.v_witch = bool(waiting and self.v_discard and self.v_discard[-1] == WITCH)
        if self.v_witch:
            self.v_discard.pop()
        self._witch_leaving = False
        self.v_turn_owner = self.view().turn_owner    # the lit panel: it moves on with the turn's step
        self.sweep = None

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

    def buy_targets(self) -> dict[tuple[int, str], Action]:
        return {(a.seller, a.card): a for a in self.legal() if a.kind == "buy"}

    # -- layout and buttons -----------------------------------------------------------------------
    def decision_buttons(self) -> list[Button]:
        legal = self.legal()
        pending = self.table_view().pending
        can_buy = any(a.kind == "buy" for a in legal)
        if not legal or (pending is None and not can_buy):
            self.buying = False
        if pending == "witch" and legal:
            return [self.decision_button(FAIRY_BUTTON, Action("use_fairy"), "castle.use_fairy", "fairy", "green"),
                    self.decision_button(WITCH_BUTTON, Action("accept_witch"), "castle.accept_witch", "witch",
                                         "orange", costs=True)]
        if pending is not None or not legal:
            return []
        if Action("pass") in legal:
            buttons = [self.decision_button(DRAW_BUTTON, Action("pass"), "castle.pass", "play", "blue", text_size=34)]
        else:
            buttons = [self.decision_button(DRAW_BUTTON, Action("draw"), "castle.draw", "plus", "green", text_size=36,
                                            enabled=Action("draw") in legal)]
        stop = Action("stop")     # tapped before a card was drawn, it goes to the rules, which say why not
        buttons.append(self.decision_button(STOP_BUTTON, stop, "castle.stop", "check", "orange", text_size=36,
                                            enabled=stop in legal, why=lambda: self.applied(self.session.submit(stop))))
        if can_buy:
            buttons.append(Button(BUY_BUTTON, self.toggle_buying, self.t("castle.buy", n=PRICE), icon="diamond",
                                  colour="gold", name="buy", text_size=34, selected=self.buying))
        return buttons

    def refused(self, refusal) -> None:
        """The hint says why the rules refused a tap on the Stop button before a card was drawn
        (its action went straight to the session: nothing changes, nothing half chosen is
        forgotten), with the draw button's picture."""
        if refusal.code == "draw_first":
            self.refuse_with(self.t("castle.why.stop"), "plus")

    def toggle_buying(self) -> None:
        self.buying = not self.buying
        self.app.assets.play("click")
        self.changed()

    def forget_choice(self) -> None:
        self.buying = False

    def situation(self) -> tuple:
        view, t = self.view(), self.table_view()
        return view.decider, t.pending, self.anim.busy, view.is_over, t.drawn_this_turn

    def tap(self, pos) -> None:
        pending = self.table_view().pending
        if self.second_of_double_tap(pos) or pending not in (None, "lose"):
            return    # (the second tap of a double tap: the first one already chose)
        card = self.lose_card_at(pos) if pending == "lose" else None
        hit, targets = (None, {}) if pending == "lose" else (self.spare_at(pos), self.buy_targets())
        if card is not None:
            self.act(Action("lose", card=card))
        elif hit in targets and self.buying:
            self.act(targets[hit])
        elif hit in targets:
            self.toggle_buying()      # a first tap on a card for sale shows what can be bought

    # -- where things are ------------------------------------------------------------------------
    # The places below are worked out once per count and kept (the seats never change): read them,
    # never change them.
    @kept
    def seat_rects(self) -> list[pygame.Rect]:
        return seat_rects(len(self.seats), SEATS_AREA, tallest=420)

    @kept
    def castle_rect(self, seat: int) -> pygame.Rect:
        panel = self.seat_rects()[seat]
        w = min(230, int((panel.h - 20) / CASTLE_RATIO))
        return pygame.Rect(0, 0, w, round(w * CASTLE_RATIO)).move_to(bottomleft=(panel.x + NAME_W + 6,
                                                                              panel.bottom - 10))

    def spare_width(self) -> int:
        return width_to_fit(self.seat_rects()[0].h - 28, 130)

    @kept
    def spare_rects(self, seat: int, count: int, stacks: int = 0) -> list[pygame.Rect]:
        """Where the ``count`` items of a spare pile lie, the last ``stacks`` of them stacks of
        diamonds or fairies: side by side, or the castle cards fanned when a pile grows long, every
        card with a part a finger can tap, and no stack over a castle card (see ``spare_places``)."""
        panel = self.seat_rects()[seat]
        left = self.castle_rect(seat).right + 24
        area = pygame.Rect(left, panel.y + 4, panel.right - 12 - left, panel.h - 8)
        return spare_places(area, count, stacks, self.spare_width())

    def pile_rects(self, seat: int, items: list[tuple[str, int]]) -> list[pygame.Rect]:
        """Where the ``items`` of ``seat``'s spare pile (as ``spare_items`` gives them) lie."""
        return self.spare_rects(seat, *pile_counts(items))

    def spare_item_rect(self, seat: int, card: str, spares: list[str] | None = None) -> pygame.Rect:
        items = spare_items(self.v_spares[seat] if spares is None else spares)
        return next((rect for (c, _), rect in zip(items, self.pile_rects(seat, items)) if c == card),
                    self.castle_rect(seat))

    def spare_targets(self) -> list[Target]:
        """Every item of every spare pile, each with the part of its card that shows."""
        targets = []
        for seat in range(len(self.seats)):
            items = spare_items(self.v_spares[seat])
            counts = pile_counts(items)
            parts = self._kept(("spare_parts", seat, *counts), lambda: visible_parts(self.spare_rects(seat, *counts)))
            targets += [Target((seat, card), part.center, part) for (card, _), part in zip(items, parts)]
        return targets

    def spare_at(self, pos) -> tuple[int, str] | None:
        """The spare card a tap hits: the one under the finger, or near it a card that can be bought."""
        return self.pick_card(pos, self.spare_targets(), self.buy_targets())

    def lose_items(self) -> list[tuple[str, int]]:
        """What the witch may take (the rules say which cards: ``losable``), as it lies on her
        panel: the spare pile's cards, stacks first, then the castle's pieces."""
        t, decider = self.table_view(), self.view().decider
        assert decider is not None          # the witch waits for a seat's cards
        castle = t.castles[decider]
        spares = [c for c in t.losable if c not in castle]
        return spare_items(spares, stacks_first=True) + [(c, 1) for c in t.losable if c in castle]

    def lose_places(self) -> list[tuple[str, int, pygame.Rect]]:
        """The cards to give the witch, each where it lay when her choice began: a card taken
        leaves its place empty (its count 0), and the others never move under a finger."""
        items = dict(self.lose_items())
        key = (self.table_view().turn, self.view().decider)
        kept = self._lose_order
        if kept is None or kept[0] != key or not set(items) <= set(kept[1]):
            kept = self._lose_order = (key, tuple(items))     # the choice begins (or a card came back)
        order = kept[1]
        return [(card, items.get(card, 0), rect) for card, rect in zip(order, lose_rects(len(order)))]

    def lose_rect(self, card: str) -> pygame.Rect | None:
        """Where ``card`` lies on the witch's panel (None: it is not there)."""
        return next((rect for c, n, rect in self.lose_places() if c == card and n), None)

    def lose_card_at(self, pos) -> str | None:
        """The card a tap gives the witch: the one under the finger, or the nearest within a
        finger's reach; a tap on an emptied place takes nothing."""
        places = self.lose_places()
        if any(not n and rect.collidepoint(pos) for _, n, rect in places):
            return None
        return pick(pos, [Target(card, rect.center, rect) for card, n, rect in places if n])

    def tap_targets(self) -> list[Target]:
        """What a tap may choose now (the nudge points at it): the cards to give the witch, or the
        cards that can be bought."""
        if not self.person_can_act():
            return []
        if self.table_view().pending == "lose":
            return [Target(("lose", card), rect.center, rect) for card, n, rect in self.lose_places() if n]
        buyable = self.buy_targets()
        return [Target(("buy",) + t.key, t.centre, t.rect) for t in self.spare_targets() if t.key in buyable]

    def nudge_target(self) -> pygame.Rect | None:
        """While a person buys ("tap a shining card"), the hand points at a shining card, not at
        the Buy button with the prompt's diamond (a tap there would stop buying)."""
        if self.buying:
            targets = self.tap_targets()
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
        target = self.castle_rect(p).center
        if ev.source == "table":
            self.fly_card(card_look(card), REVEAL_AT, target, REVEAL_W, FLY_TIME * self._pace(p),
                          end_width=self.spare_width(), end=lambda: self._build(p, card))
        else:
            self.fly_card(card_look(card), lambda: self.spare_item_rect(ev.seller, card), target, self.spare_width(),
                          FLY_TIME, start=lambda: self._take_spare(ev.seller, card), end=lambda: self._build(p, card))
        self.anim.call(self.sound("magic"))
        if ev.kind == "castle_started":
            self.say(self.t("castle.say.started", name=self.name(p)), None, 0.8, castle=ev.colour)
        else:
            self.anim.wait(0.2)

    _anim_castle_grew = _anim_castle_started

    def _anim_to_spares(self, ev, rest) -> None:
        p, card = ev.player, ev.card
        self.fly_card(card_look(card), REVEAL_AT, lambda: self.spare_item_rect(p, card, self.v_spares[p] + [card]),
                      REVEAL_W, FLY_TIME * self._pace(p), end_width=self.spare_width(),
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
        cards follow her (``_witch_leaving`` is set again from the view after each batch)."""
        if not self.v_witch or self._witch_leaving:
            return
        self._witch_leaving = True
        self.fly_card(WITCH_LOOK, REVEAL_AT, DISCARD_AT, REVEAL_W, FLY_TIME, end_width=PILE_W,
                      start=lambda: setattr(self, "v_witch", False), end=lambda: self.v_discard.append(WITCH))

    def _card_to_discard(self, p: int, card: str, source: str) -> None:
        if source == "castle":
            place, take = (lambda: self.castle_rect(p).center), lambda: self._take_castle_piece(p, card)
        else:
            place, take = (lambda: self.spare_item_rect(p, card)), lambda: self._take_spare(p, card)
        self.fly_card(card_look(card), place, DISCARD_AT, self.spare_width(), FLY_TIME, end_width=PILE_W, start=take,
                      end=lambda: self.v_discard.append(card))

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
            self.fly_card(DIAMOND_LOOK, lambda: self.spare_item_rect(p, DIAMOND),
                          lambda: self.spare_item_rect(seller, DIAMOND, self.v_spares[seller] + [DIAMOND]),
                          self.spare_width(), 0.35, start=lambda: self.v_spares[p].remove(DIAMOND),
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

    # -- hints -----------------------------------------------------------------------------------
    def lit_panel(self) -> int | None:
        """The player whose panel is lit: the turn owner (who decides too: in Castle Builders
        nobody answers out of turn), as the animation has come to it."""
        return None if self.view().is_over else self.v_turn_owner

    def decision_hint(self) -> str:
        view, t = self.view(), self.table_view()
        assert view.decider is not None     # a hint is asked only while the game goes on (hint_text)
        name = self.name(view.decider)
        if view.computer_turn:
            return self.t("castle.hint.computer", name=name)
        if self.refusal:
            return self.refusal[0]
        if t.pending == "witch":
            return self.t("castle.hint.witch", name=name)
        if t.pending == "lose":
            return self.t("castle.hint.lose", name=name, n=t.losses_left)
        legal = self.legal()
        if self.buying:
            return self.t("castle.hint.buy", n=PRICE)
        said = "pass" if Action("pass") in legal else "again" if t.drawn_this_turn else \
            "draw_or_buy" if any(a.kind == "buy" for a in legal) else "draw"
        return self.t(f"castle.hint.{said}", name=name)

    # -- drawing: this game's pieces (see pieces()) ------------------------------------------------
    def choice_look(self):
        t = self.table_view()
        if not (t.pending in ("witch", "lose") and self.person_can_act()):
            return None
        places = tuple((card, n, tuple(rect)) for card, n, rect in self.lose_places()) if t.pending == "lose" else ()
        return t.pending, places, t.losses_left

    @kept
    def castle_area(self, seat: int) -> pygame.Rect:
        """A panel's castle with its ground, and its count of pieces (see draw_castle)."""
        panel, rect = self.seat_rects()[seat], self.castle_rect(seat)
        count = pygame.Rect(panel.x + 4, panel.bottom - 56, NAME_W - 8, 50)
        return rect.inflate(16, 16).union(count)

    @kept
    def spares_area(self, seat: int, count: int, stacks: int = 0) -> pygame.Rect | None:
        """Where a panel's spare pile lies: the stacks and their glow."""
        if not count:
            return None
        rects = [stack_area(r) for r in self.spare_rects(seat, count, stacks)]
        return rects[0].unionall(rects[1:])

    def sweep_at(self) -> tuple[int, int] | None:
        """Where the witch sweeping across the table is now (None: she is not)."""
        t = self.sweep
        if t is None:
            return None
        return round(-160 + (REVEAL_AT[0] + 320) * t), round(REVEAL_AT[1] - 80 - math.sin(math.pi * t) * 260)

    def sweep_area(self) -> pygame.Rect | None:
        at = self.sweep_at()
        return None if at is None else pygame.Rect(0, 0, WITCH_SIZE + 4, WITCH_SIZE + 4).move_to(center=at)

    def banner_pieces(self) -> tuple[int, ...] | None:
        """The pieces of the castle a banner shows (it grows while the banner is up)."""
        castle = self.banner_piece.extra
        if castle is None:
            return None
        return next((tuple(piece_of(c) for c in cards) for colour, cards in zip(self.v_colours, self.v_castles)
                     if colour == castle and cards), ())

    def draw_name(self, surface, i: int, rect: pygame.Rect, lit: bool) -> None:
        """What never changes in a panel: the pawn, the name and a computer's robot."""
        seat, assets = self.seats[i], self.app.assets
        pawn_size = 46 if rect.h < 240 else 64
        draw_pawn(surface, seat.colour, seat.shape, (rect.x + 40, rect.y + pawn_size // 2 + 16), pawn_size)
        name = assets.fit_text(seat.name, 30, INK, NAME_W - 12, 44, title=True)
        surface.blit(name, name.get_rect(midleft=(rect.x + 12, rect.y + pawn_size + 44)))
        if seat.is_computer:
            draw_robot(surface, assets, seat, (rect.x + NAME_W - 32, rect.y + 36), 40)

    def castle_look(self, i: int) -> tuple:
        return self.v_colours[i], tuple(self.v_castles[i]), i == self.lit_panel()

    def draw_castle(self, surface, i: int) -> None:
        """A panel's castle on its ground (the ghost of the pieces still to come), and how many
        pieces it has."""
        colour, rect, panel = self.v_colours[i], self.castle_rect(i), self.seat_rects()[i]
        fill = tint(PAWN_RGB[self.seats[i].colour]) if i == self.lit_panel() else PAPER
        pygame.draw.ellipse(surface, shade(fill, 0.82), pygame.Rect(rect.x - 6, rect.bottom - 8, rect.w + 12, 12))
        pieces = tuple(piece_of(c) for c in self.v_castles[i])
        surface.blit(self.art.castle(colour, pieces, rect.w), rect)
        if colour is not None:
            count = self.app.assets.text(f"{len(pieces)}/{PIECES}", 28, INK, title=True)
            surface.blit(count, count.get_rect(bottomleft=(panel.x + 12, panel.bottom - 12)))

    def spares_look(self, i: int) -> tuple:
        """A panel's spare pile, and its cards that can be bought (they shine while a person buys)."""
        buyable = self.buy_targets() if self.buying else {}
        return tuple(spare_items(self.v_spares[i])), tuple(sorted(card for seller, card in buyable if seller == i))

    def draw_spares(self, surface, i: int) -> None:
        items, shining = self.spares_look(i)
        for (card, n), rect in zip(items, self.pile_rects(i, list(items))):
            if card in shining:
                pygame.draw.rect(surface, (255, 230, 60), rect.inflate(16, 16), border_radius=16)
            self.art.stack(surface, card, n, rect)

    def draw_witch_at_rest(self, surface) -> None:
        if self.v_witch:
            witch = self.art.surface(WITCH_LOOK, REVEAL_W)
            surface.blit(witch, witch.get_rect(center=REVEAL_AT))

    def draw_choice(self, surface) -> None:
        """The witch's moment for a person: use the fairy or not, or the cards to give her."""
        if self.choice_look() is None:
            return
        t = self.table_view()
        if t.pending == "witch":
            self.art.witch_question(surface, self.t("castle.question.fairy"))
        else:
            question = self.t("castle.question.lose", n=t.losses_left)
            self.art.witch_question(surface, question, [(c, n, r) for c, n, r in self.lose_places() if n])

    def draw_sweep(self, surface) -> None:
        pic = self.app.assets.image("witch", WITCH_SIZE)
        surface.blit(pic, pic.get_rect(center=self.sweep_at()))

    def banner_picture(self, banner) -> pygame.Surface:
        """A banner's picture: the castle it talks about as it is now, or its sprite."""
        castle = banner.extra
        if castle is None:
            return self.app.assets.image(banner.picture or "castle", 160)
        pieces = self.banner_pieces()
        assert pieces is not None           # the banner names a castle (its extra)
        pic = self.art.castle(castle, pieces, 130).copy()
        if not pieces:      # a freed colour: its emblem over the empty plot
            draw_emblem(pic, EMBLEMS[castle], (65, 110), 40, CASTLE_RGB[castle])
        return pic

    def banner_label(self, text: str) -> pygame.Surface:
        return self.app.assets.fit_text(text, 46, INK, BANNER_RECT.w - 260, BANNER_RECT.h - 30, title=True)

