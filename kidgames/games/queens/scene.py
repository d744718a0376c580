"""Sleeping Queens on screen: the twelve sleeping queens face down in their grid, the draw and
discard piles, every player's awake queens with their points, and the hand of the person whose
decision it is, fanned at the bottom.  The rules live in rules.py; the scene draws the rules'
view of the table (``QueensView``: a hand only in its person's private moment, what may be played
only while it tells no secret) and never reads the state.

The scene is the shared card table (kidgames/ui/card_table.py) with the game's part, table.py
(:class:`QueensTable`: the pieces, the buttons, the hint and the taps, with the hand and the
panels); the scene itself turns the session's events into animation.  The picture is drawn from the
scene's own copy of the view (``v_*``), which the animation steps move towards the new view (a
queen is in the air between two players for a moment); it is set from the view again when each
batch of events has played, so a resting screen always shows the table."""
from __future__ import annotations

from kidgames.core.protocol import Action
from kidgames.ui.card_table import CardTableScene
from kidgames.ui.cards import BACK, HandLayout, reshuffle

from .art import CARD_PICTURES, QUEEN_BACK_LOOK, QueensArt, card_look, panel_look
from .layout import (UNDO_BUTTON, COUNT_STEP, DEAL_TIME, DISCARD_AT, DRAW_AT, FLIP_TIME, FLY_TIME, HAND_AREA, HAND_W,
                     PILE_W, PROMPT_BUTTON, REVEAL_AT, SLOT_W, slot_rect)
from .rules import QUEEN_POINTS, QueensView
from .table import QueensTable, equation_text


class QueensScene(CardTableScene[QueensView]):
    art_kit = QueensArt
    art: QueensArt              # made from art_kit (CardTableScene.__init__)
    part: QueensTable           # the game's part of the table (table.py)
    prompt_rect, undo_rect = PROMPT_BUTTON, UNDO_BUTTON
    # the picture's own copy of the table (set from the view at rest: QueensTable.copy_table)
    v_slots: list[str | None]           # each place of the grid: "?" a sleeping queen, None empty
    v_awake: list[list[str]]            # each player's awake queens
    v_hand_counts: list[int]            # how many cards each player holds

    def __init__(self, app, session) -> None:
        self.count_mark: tuple[int, int] | None = None     # the jester's count: (seat, number)
        super().__init__(app, session, QueensTable)

    def visible_secrets(self) -> set[int]:
        """The seats whose private things are drawn now: a hand face up (with its question or its
        buttons beside it), a drawn card flying face up into it."""
        seats = {sprite.secret_of for sprite in self.flying if sprite.secret_of is not None}
        seat, hand, face_up = self.part.hand.bottom()
        return seats | {seat} if seat is not None and hand and face_up else seats

    # -- playing by tapping ---------------------------------------------------------------------
    def try_submit(self, action: Action | None, queen: tuple[int, str] | None = None) -> None:
        """A tap's ``action``, sent when it is legal, else the tap refused (see refusal_key)."""
        if action in self.legal():
            self.submit(action)
        else:
            key, picture = self.part.refusal_key(queen)
            self.refuse_with(self.t(key), picture)

    act = try_submit      # a button's tap that cannot act says why

    def animate(self, events) -> None:
        self.part.hand.turn_face_down()
        super().animate(events)

    # -- events to animation ---------------------------------------------------------------------
    def queen_name(self, queen: str) -> str:
        return self.t(f"queens.queen.{queen}")

    def _card_leaves(self, seat: int, card: str, duration: float = FLY_TIME) -> None:
        """A card flies from ``seat`` to the discard pile: from its place in the hand at the bottom
        when it lies there, turning face up in the air unless it was seen (a face-down hand lets it
        go from its middle: its place would tell something of the others), else from the panel."""
        def begin() -> None:
            if seat == self.part.hand.anim_hand_seat and card in self.part.hand.anim_hand:
                rects = HandLayout(HAND_AREA, len(self.part.hand.anim_hand), HAND_W).card_rects()
                index = self.part.hand.anim_hand.index(card) if self.part.hand.anim_face_up else len(rects) // 2
                sprite.start, sprite.width = rects[index].center, HAND_W
                sprite.look_from = None if self.part.hand.anim_face_up else BACK
                self.part.hand.anim_hand.remove(card)
            else:
                sprite.start, sprite.look_from = self.part.panels.panel_centre(seat), BACK
            self.v_hand_counts[seat] = max(0, self.v_hand_counts[seat] - 1)
        sprite = self.fly_card(card_look(card), (0, 0), DISCARD_AT, 70, duration, end_width=PILE_W, start=begin,
                               end=lambda: self.v_discard.append(card))

    def set_slot(self, slot: int, shown: str | None) -> None:
        self.v_slots[slot] = shown

    def take_from_draw(self) -> None:
        self.v_draw = max(0, self.v_draw - 1)

    def _arrives(self, seat: int, card: str | None, to_hand: bool):
        """A card landing with ``seat``: in the hand at the bottom (``to_hand``; None: face down) and its count."""
        def arrive() -> None:
            if to_hand:
                self.part.hand.anim_hand.append(card)
            self.v_hand_counts[seat] += 1
        return arrive

    def _anim_played(self, ev, rest) -> None:
        p, card = ev.player, ev.card
        self.anim.call(self.sound("card"))
        self._card_leaves(p, card)
        if card in ("knight", "potion"):
            self.say(self.t(f"queens.say.{card}", name=self.name(p), queen=self.queen_name(ev.queen),
                            victim=self.name(ev.target)), CARD_PICTURES[card], 1.0)
        elif card == "jester":
            self.say(self.t("queens.say.jester", name=self.name(p)), "card_jester", 0.7)
            self.hide_banner()     # the card turned up next lies under the banner's place

    def _anim_queen_woken(self, ev, rest) -> None:
        slot, queen, p = ev.slot, ev.queen, ev.player
        centre = slot_rect(slot).center
        self.fly_card(card_look(queen), centre, centre, SLOT_W, FLIP_TIME, look_from=QUEEN_BACK_LOOK, arc=20,
                      start=lambda: self.set_slot(slot, None))
        self.anim.call(self.sound("magic"))
        if rest and rest[0].kind == "queen_returned":
            self.fly_card(card_look(queen), centre, centre, SLOT_W, 0.6, arc=0)
            return
        self.fly_card(card_look(queen), centre, self.part.panels.next_queen_centre(p), SLOT_W, FLY_TIME,
                      end_width=self.part.panels.queen_width(), end=lambda: self.v_awake[p].append(queen))
        self.say(self.t("queens.say.woken", name=self.name(p), queen=self.queen_name(queen),
                        points=QUEEN_POINTS[queen]), f"queen_{queen}", 0.7)
        pending = self.table_view().pending
        last_waking = not any(e.kind == "queen_woken" for e in rest)
        if queen == "rose" and last_waking and pending is not None and pending.reason == "rose":
            self.say(self.t("queens.say.rose", name=self.name(p)), "queen_rose", 1.2)
        self.hide_banner()

    def _anim_queen_returned(self, ev, rest) -> None:
        slot, queen = ev.slot, ev.queen
        centre = slot_rect(slot).center
        rival = "dog" if queen == "cat" else "cat"
        self.say(self.t("queens.say.returned", queen=self.queen_name(queen), rival=self.queen_name(rival)),
                 f"queen_{rival}", 1.4)
        self.fly_card(QUEEN_BACK_LOOK, centre, centre, SLOT_W, FLIP_TIME, look_from=card_look(queen), arc=20,
                      end=lambda: self.set_slot(slot, "?"))
        self.hide_banner()

    def queen_place(self, seat: int, queen: str) -> tuple[int, int]:
        """Where an awake queen lies in her owner's row (the panel's middle when she is not there)."""
        awake = self.v_awake[seat]
        return self.part.panels.queen_rects(seat, len(awake))[awake.index(queen)].center if queen in awake else \
            self.part.panels.panel_centre(seat)

    def take_queen(self, seat: int, queen: str) -> None:
        if queen in self.v_awake[seat]:
            self.v_awake[seat].remove(queen)

    def _anim_queen_stolen(self, ev, rest) -> None:
        thief, victim, queen = ev.player, ev.target, ev.queen
        self.anim.call(self.sound("whoosh"))
        panels = self.part.panels
        self.fly_card(panel_look(queen), lambda: self.queen_place(victim, queen),
                      lambda: panels.next_queen_centre(thief), panels.queen_width(), FLY_TIME * 1.3,
                      start=lambda: self.take_queen(victim, queen), end=lambda: self.v_awake[thief].append(queen))
        self.say(self.t("queens.say.stolen", name=self.name(thief), queen=self.queen_name(queen)), "knight", 0.8)
        self.hide_banner()

    def _anim_queen_slept(self, ev, rest) -> None:
        victim, queen, slot = ev.target, ev.queen, ev.slot
        self.anim.call(self.sound("fall"))
        self.fly_card(QUEEN_BACK_LOOK, lambda: self.queen_place(victim, queen), slot_rect(slot).center,
                      self.part.panels.queen_width(), FLY_TIME * 1.4, end_width=SLOT_W, look_from=panel_look(queen),
                      start=lambda: self.take_queen(victim, queen), end=lambda: self.set_slot(slot, "?"))
        self.say(self.t("queens.say.slept", queen=self.queen_name(queen)), "sleeping", 0.8)
        self.hide_banner()

    def _anim_defended(self, ev, rest) -> None:
        victim, card = ev.player, ev.card
        self.anim.call(self.sound("magic"))
        self._card_leaves(victim, card, FLY_TIME * 1.5)
        self.say(self.t(f"queens.say.defended.{card}", name=self.name(victim), queen=self.queen_name(ev.queen)),
                 CARD_PICTURES[card], 1.3)
        self.hide_banner()

    def _anim_jester_revealed(self, ev, rest) -> None:
        card, p = ev.card, ev.player
        if card is None:
            return
        self.anim.call(self.sound("card"))
        self.fly_card(card_look(card), DRAW_AT, REVEAL_AT, PILE_W, FLY_TIME * 1.4, end_width=170, look_from=BACK,
                      start=self.take_from_draw)
        self.fly_card(card_look(card), REVEAL_AT, REVEAL_AT, 170, 0.5, arc=0)
        if ev.seat is None:
            self.say(self.t("queens.say.again", name=self.name(p)), CARD_PICTURES.get(card, "sparkles"), 1.0)
            to_hand = p == self.part.hand.anim_hand_seat
            to = self.part.hand.next_hand_centre() if to_hand else self.part.panels.panel_centre(p)
            self.fly_card(card_look(card), REVEAL_AT, to, 170,
                          FLY_TIME, end_width=HAND_W if to_hand else 60, end=self._arrives(p, card, to_hand))
        else:
            value = int(card[1:])
            for k in range(1, value + 1):
                self.anim.call(lambda mark=((p + k - 1) % len(self.seats), k): setattr(self, "count_mark", mark))
                self.anim.call(self.sound("step"))
                self.anim.wait(COUNT_STEP)
            self.say(self.t("queens.say.counted", name=self.name(ev.seat), n=value), "queen", 1.0)
            self.fly_card(card_look(card), REVEAL_AT, DISCARD_AT, 170, FLY_TIME, end_width=PILE_W,
                          end=lambda: self.v_discard.append(card))
        self.hide_banner()

    def _anim_discarded(self, ev, rest) -> None:
        p, cards = ev.player, list(ev.cards)
        equation = equation_text(cards) if len(cards) > 2 else None
        self.anim.call(self.sound("card"))
        for card in cards:
            self._card_leaves(p, card, FLY_TIME * 0.8)
        if equation:
            self.say(equation, "sparkles", 0.9)
            self.hide_banner()

    def _anim_drew(self, ev, rest) -> None:
        p = ev.player
        if not self.part.hand.hand_seen(p):
            return
        for card in ev.cards:
            self.fly_card(card_look(card), DRAW_AT, self.part.hand.next_hand_centre, PILE_W, DEAL_TIME,
                          end_width=HAND_W,
                          look_from=BACK, secret_of=p, start=self.take_from_draw, end=self._arrives(p, card, True))

    def _anim_cards_drawn(self, ev, rest) -> None:
        p = ev.player
        if self.part.hand.hand_seen(p):
            return        # its cards flew face up (see _anim_drew)
        to_hand = p == self.part.hand.anim_hand_seat       # into the face-down hand at the bottom
        to = self.part.hand.next_hand_centre if to_hand else self.part.panels.panel_centre(p)
        for _ in range(ev.count):
            self.fly_card(BACK, DRAW_AT, to, PILE_W, DEAL_TIME,
                          end_width=HAND_W if to_hand else 60, start=self.take_from_draw,
                          end=self._arrives(p, None, to_hand))

    def _anim_reshuffled(self, ev, rest) -> None:
        # the banner stays up while the cards go round
        self.say(self.t("queens.say.reshuffled"), "sparkles", 0.5)
        reshuffle(self.anim, self.flying, ev.count, DISCARD_AT, DRAW_AT, PILE_W, self.set_piles,
                  sound=self.sound("card"))
        self.hide_banner()

    def _anim_turn(self, ev, rest) -> None:
        self.anim.call(self.sound("turn"))

    def _anim_game_over(self, ev, rest) -> None:
        names = [self.name(w) for w in ev.winners]
        text = self.t("queens.say.won", name=names[0]) if len(names) == 1 else \
            self.t("queens.say.won_together", names=self.t("results.and").join(names))
        if not any(self.table_view().asleep):
            text = self.t("queens.say.all_awake") + " " + text
        self.anim.call(self.sound("fanfare"))
        self.say(text, "trophy", 2.0)

    # -- what the screen says -------------------------------------------------------------------
    def question_text(self, seat: int) -> str:
        pending = self.table_view().pending
        if pending is None:
            return super().question_text(seat)
        if pending.kind == "wake":
            return self.t("queens.question.wake", name=self.name(seat))
        return self.part.attack_text(pending, self.name(seat))
