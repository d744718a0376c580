"""Sleeping Queens on screen: the twelve sleeping queens face down in their grid, the draw and
discard piles, every player's awake queens with their points, and the hand of the person whose
decision it is, fanned at the bottom.  The rules live in rules.py; the scene draws the rules'
view of the table (``QueensView``: a hand only in its person's private moment, what may be played
only while it tells no secret) and never reads the state.

The picture is drawn from the scene's own copy of that view (``v_*``), which the animation steps
move towards the new view (a queen is in the air between two players for a moment); it is set from
the view again when each batch of events has played, so a resting screen always shows the table."""
from __future__ import annotations

from typing import Callable

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.board_pieces import draw_robot
from kidgames.ui.card_table import CardTableScene, kept
from kidgames.ui.cards import BACK, CardLook, HandLayout, card_size, reshuffle, seat_rects, width_to_fit
from kidgames.ui.pieces import IN_PANEL
from kidgames.ui.table import Drawn
from kidgames.ui.targets import Target, visible_parts
from kidgames.ui.widgets import INK, PAWN_RGB, Button, draw_pawn, shade

from .art import CARD_PICTURES, QUEEN_BACK_LOOK, QueensArt, card_look, panel_look
from .layout import (UNDO_BUTTON, ACTION_A, ACTION_B, BACKS_STEP, BACKS_W, BANNER_RECT, COUNT_STEP, DEAL_TIME,
                     DISCARD_AT, DRAW_AT, EQUATION_AREA, FELT, FLIP_TIME, FLY_TIME, HAND_AREA, HAND_LABEL, HAND_W,
                     HINT_RECT, MARK_R, PANEL_NAME_W, PANEL_SIDE_W, PILE_W, PROMPT_BUTTON, REVEAL_AT, ROBOT_AT,
                     ROBOT_SIZE, SEATS_AREA, SLOT_AREAS, SLOT_W, slot_rect)
from .rules import NUM_SLOTS, QUEEN_POINTS, QueensView, equation, thresholds


#: The words (message key) and picture of a refused action, by the rules' reason code (see
#: rules.REFUSALS), made from its fields.
REFUSAL_WORDS = {
    "protected": lambda f: (f"queens.refuse.{f['queen']}_{f['rival']}", f"queen_{f['rival']}"),
    "own_queen": lambda f: ("queens.refuse.own_queen", f"queen_{f['queen']}"),
    "no_counter": lambda f: (f"queens.why.no_{f['counter']}", CARD_PICTURES[f["counter"]]),
}
#: The hint under cards picked together that are no discard, by the rules' reason code: a card
#: with a picture goes alone; one more number from the hand makes a sum (any other: put one back).
DISCARD_HINTS = {"not_alone": "queens.hint.no_discard.alone", "not_a_sum_yet": "queens.hint.no_discard.more"}

class QueensScene(CardTableScene[QueensView]):
    art_kit = QueensArt
    art: QueensArt              # made from art_kit (CardTableScene.__init__)
    prompt_rect, undo_rect = PROMPT_BUTTON, UNDO_BUTTON

    def set_up(self) -> None:
        self.selected: list[int] = []          # indices into the shown hand
        self.potion_target: tuple[int, str] | None = None
        self.count_mark: tuple[int, int] | None = None
        # The hand at the bottom while cards move, as it was when the decision was sent: its
        # seat, its cards (None: a card face down, its face unknown here) and which way up.
        self.anim_hand_seat: int | None = None
        self.anim_hand: list[str | None] = []
        self.anim_face_up = False
        banner = self.panel_banner(BANNER_RECT, self.banner_label,
                                   lambda banner: self.app.assets.image(banner.picture, 130), 90, 175, (8, 24))
        self.lay_table(FELT, (HINT_RECT, 36), banner, (DRAW_AT, DISCARD_AT, PILE_W), lambda rgb: shade(rgb, 1.0),
                       self.draw_name, self.pieces())

    def pieces(self) -> list[Drawn]:
        """This game's own pieces: in each panel the score, the backs of the hand's cards, the awake
        queens and the jester's count; the sleeping queens (each of those painting what its look
        says); the hand, its name and the discard preview."""
        n, need = len(self.seats), thresholds(len(self.seats))

        def each(count: int, area: Callable, look: Callable[[int], tuple], paint: Callable) -> list[Drawn]:
            return Drawn.each(count, area, look, lambda surface, i: paint(surface, i, *look(i)), IN_PANEL)
        return [
            *each(n, self.score_area, self.score_look, lambda surface, i, lit, count, points:
                  self.art.score(surface, self.score_area(i), count, points, need, *self.ink(i))),
            *each(n, lambda i: self.backs_area(i, self.v_hand_counts[i]), lambda i: (self.v_hand_counts[i],),
                  lambda surface, i, count: self.art.backs(surface, self.backs_area(i, count), count)),
            *each(n, lambda i: self.queens_area(i, len(self.v_awake[i])),
                  lambda i: (tuple(self.v_awake[i]), tuple(sorted(q for s, q in self.highlighted_queens() if s == i))),
                  lambda surface, i, awake, lit: self.art.queens(surface, awake, self.queen_rects(i, len(awake)), lit)),
            *each(n, self.mark_area,
                  lambda i: (self.count_mark[1] if self.count_mark and self.count_mark[0] == i else None,),
                  lambda surface, i, number: self.art.mark(surface, self.mark_area(i).center, number)),
            *each(NUM_SLOTS, SLOT_AREAS.__getitem__, lambda s: (self.v_slots[s], s in self.highlighted_slots()),
                  lambda surface, s, shown, lit: self.art.slot(surface, slot_rect(s), shown, lit)),
            Drawn(lambda: self.hand_layout().bounds(), self.hand_look, self.draw_hand, IN_PANEL),
            Drawn(HAND_LABEL, self.hand_seat, self.draw_hand_label, IN_PANEL),
            Drawn(lambda: EQUATION_AREA if self.equation_shown() else None, self.equation_shown,
                  self.draw_equation, IN_PANEL)]

    # -- the view of the table ------------------------------------------------------------------
    def copy_table(self, view: QueensView) -> None:
        self.v_slots = ["?" if asleep else None for asleep in view.asleep]
        self.v_awake = [list(a) for a in view.awake]
        self.set_piles(view.draw_size, view.discard)
        self.v_hand_counts = list(view.hand_sizes)
        self.count_mark = None

    # -- whose hand lies at the bottom, and which way up ---------------------------------------------
    # Who may see it is the watching model's business (design.md, "Who is watching"): the view
    # holds a hand only in its person's private moment, or when they are the only person there.
    def live_bottom(self) -> tuple[int | None, list[str | None], bool]:
        """The hand at the bottom now, as (seat, cards, face up): the hand the view holds, face
        up, else the hand of the person who must decide, face down (as many unknown cards); no
        hand while a computer decides or once the game is over."""
        view = self.table_view()
        seat = view.seen
        if seat is not None:
            return seat, list(view.hands[seat] or ()), True
        seat = self.view().decider
        if seat is None or self.seats[seat].is_computer:
            return None, [], False
        return seat, [None] * view.hand_sizes[seat], False

    def bottom(self) -> tuple[int | None, list[str | None], bool]:
        """The hand at the bottom as drawn: as it was when the decision was sent while cards move."""
        return (self.anim_hand_seat, self.anim_hand, self.anim_face_up) if self.anim.busy else self.live_bottom()

    def deciding(self) -> int | None:
        """The person who may decide on the table now (after their curtain, when their decision
        needs one), or None: a computer decides, a curtain is due, or the game is over."""
        view = self.view()
        return None if view.computer_turn or view.curtain is not None else view.decider

    def hand_seat(self) -> int | None:
        return self.bottom()[0]

    def shown_hand(self) -> list[str | None]:
        return self.bottom()[1]

    def hand_face_up(self) -> bool:
        return self.bottom()[2]

    def hand_looks(self) -> list[CardLook]:
        """The hand's cards as drawn: their faces, or their backs outside the private moment."""
        _, hand, face_up = self.bottom()
        return [card_look(c) if face_up and c is not None else BACK for c in hand]

    def hand_layout(self) -> HandLayout:
        _, hand, face_up = self.bottom()
        lifted = set(self.selected) if not self.anim.busy and face_up else set()
        return HandLayout(HAND_AREA, len(hand), HAND_W, selected=lifted)

    def visible_secrets(self) -> set[int]:
        """The seats whose private things are drawn now: a hand face up (with its question or its
        buttons beside it), a drawn card flying face up into it."""
        seats = {sprite.secret_of for sprite in self.flying if sprite.secret_of is not None}
        seat, hand, face_up = self.bottom()
        return seats | {seat} if seat is not None and hand and face_up else seats

    # -- layout and buttons -----------------------------------------------------------------------
    def decision_buttons(self) -> list[Button]:
        if self.anim.busy or self.deciding() is None:
            return []
        pending = self.table_view().pending
        if pending is not None and pending.kind in ("knight", "potion"):
            counter = "dragon" if pending.kind == "knight" else "wand"
            return [self.decision_button(ACTION_A, Action("defend"), f"queens.defend.{counter}", CARD_PICTURES[counter],
                                         "green", enabled=Action("defend") in self.legal(), why=self.why_no_answer),
                    self.decision_button(ACTION_B, Action("allow"), "queens.allow", "cross", "orange",
                                         costs=True)]
        cards = self.selected_cards() if pending is None else []
        buttons = [self.decision_button(ACTION_A, Action("jester"), "queens.play_jester", "card_jester", "green")] \
            if cards == ["jester"] else []
        if cards:
            buttons.append(Button(ACTION_B, lambda: self.try_submit(self.discard_action(self.selected_cards())),
                                  self.t("queens.discard", n=len(cards)), icon="sparkles", colour="blue",
                                  enabled=self.discard_action(cards) is not None, name="discard", text_size=32,
                                  why=lambda: self.refuse_with(self.t("queens.no_discard"), "cross")))
        return buttons

    def selected_cards(self) -> list[str]:
        _, hand, face_up = self.bottom()
        if not face_up:
            return []
        return [card for card in (hand[i] for i in self.selected if i < len(hand)) if card is not None]

    def discard_action(self, cards: list[str]) -> Action | None:
        """The legal discard of exactly these cards, if there is one (the rules say which)."""
        want = sorted(cards)
        return next((a for a in self.legal() if a.kind == "discard" and sorted(a.cards) == want), None)

    def equation_text(self, cards: list[str]) -> str | None:
        """Number cards as the sum they make (the rules say which): "2 + 5 = 7"; None when they make none."""
        made = equation(cards)
        return None if made is None else " + ".join(map(str, made[0])) + f" = {made[1]}"

    # -- playing by tapping ---------------------------------------------------------------------
    def try_submit(self, action: Action | None, queen: tuple[int, str] | None = None) -> None:
        """A tap's ``action``, sent when it is legal, else the tap refused (see refusal_key)."""
        if action in self.legal():
            self.submit(action)
        else:
            key, picture = self.refusal_key(queen)
            self.refuse_with(self.t(key), picture)

    act = try_submit      # a button's tap that cannot act says why

    def forget_choice(self) -> None:
        """The hand at the bottom as it is when the decision is sent: its cards fly from there."""
        self.anim_hand_seat, self.anim_hand, _ = self.live_bottom()
        self.anim_face_up = False          # set once the decision is made (see animate)
        self.selected = []
        self.potion_target = None

    def refusal_key(self, queen: tuple[int, str] | None = None) -> tuple[str, str]:
        """What to say to a tap that does nothing, and its picture: what to do instead, when the
        selection and the legal actions tell it (the places to tap shine), why a queen tapped
        cannot be taken (the rules' reason, see REFUSAL_WORDS), or a gentle "try another one"."""
        cards = self.selected_cards()
        view = self.table_view()
        if not cards:
            return "queens.refuse.pick_card", "finger"
        if cards in (["king"], ["knight"], ["potion"]):
            card = cards[0]
            if view.play_refusal(card) is not None:
                return "queens.refuse.no_target", CARD_PICTURES[card]
            if card == "king":
                return "queens.refuse.king", "sleeping"
            if queen is not None and card == "knight":
                why = view.refusal(Action("knight", target=queen[0], queen=queen[1]))
                if why is not None and why.code in REFUSAL_WORDS:
                    return REFUSAL_WORDS[why.code](why.fields)
            return ("queens.refuse.slot", "sleeping") if self.potion_target else ("queens.refuse.target", "queen")
        if self.discard_action(cards) is not None:
            return "queens.refuse.discard", "sparkles"
        return "queens.refuse", "cross"

    def why_no_answer(self) -> None:
        """A tap on "Use the dragon" (or wand) with none in the hand."""
        why = self.table_view().refusal(Action("defend"))
        if why is not None and why.code in REFUSAL_WORDS:
            key, picture = REFUSAL_WORDS[why.code](why.fields)
            self.refuse_with(self.t(key), picture)

    def situation(self) -> tuple:
        view = self.view()
        return self.live_bottom()[0], view.private, self.deciding(), view.decider, self.anim.busy, view.is_over

    def animate(self, events) -> None:
        # The decision is made and the private moment is over (the turn controller ended it):
        # the hand goes face down before its cards fly, unless nobody else is at the table.
        seat = self.anim_hand_seat
        self.anim_face_up = seat is not None and seat == self.table_view().seen
        super().animate(events)

    def tap(self, pos) -> None:
        if self.second_of_double_tap(pos) or self.deciding() is None:
            return    # (the second tap of a double tap: the first one already chose)
        self.refusal = None
        pending = self.table_view().pending
        index = self.hand_layout().hit(pos) if pending is None and self.hand_face_up() else None
        if index is not None:
            if index in self.selected:
                self.selected.remove(index)
            else:
                self.selected.append(index)
            self.potion_target = None
            self.app.assets.play("card")
            self.changed()
            return
        slot = self.slot_at(pos)
        if slot is not None and (pending is None or pending.kind == "wake"):
            self.try_submit(self.slot_actions().get(slot))
        queen = self.queen_at(pos) if slot is None and pending is None else None
        cards = self.selected_cards()
        if queen is not None and cards == ["potion"] and \
                any(a.kind == "potion" and (a.target, a.queen) == queen for a in self.legal()):
            self.potion_target = queen
            self.app.assets.play("click")
        elif queen is not None:
            self.try_submit(Action("knight", target=queen[0], queen=queen[1]) if cards == ["knight"] else None, queen)

    def slot_at(self, pos) -> int | None:
        """The slot a tap hits: inside it, or near it the nearest one (of those that shine, when some do)."""
        targets = [Target(s, slot_rect(s).center, slot_rect(s)) for s in range(NUM_SLOTS)]
        return self.pick_card(pos, targets, self.highlighted_slots() or range(NUM_SLOTS))

    def queen_targets(self) -> list[Target]:
        """Every awake queen in the panels, each with the part of her card that shows."""
        return self.seat_targets("queen_parts", lambda seat: self.v_awake[seat], self.queen_rects)

    def queen_at(self, pos) -> tuple[int, str] | None:
        """The queen a tap hits: the one under the finger, or near it one of those that shine."""
        return self.pick_card(pos, self.queen_targets(), self.highlighted_queens())

    def tap_targets(self) -> list[Target]:
        """What a tap may choose now (the nudge points at it): the hand's cards, the queens and places that shine."""
        if self.deciding() is None or self.anim.busy:
            return []
        targets = []
        if self.hand_face_up() and self.table_view().pending is None:
            parts = visible_parts(self.hand_layout().card_rects())
            targets += [Target(("card", i), part.center, part) for i, part in enumerate(parts)]
        lit = self.highlighted_queens()
        targets += [t for t in self.queen_targets() if t.key in lit]
        targets += [Target(("slot", s), slot_rect(s).center, slot_rect(s)) for s in sorted(self.highlighted_slots())]
        return targets

    # -- the seats (the places @kept: read them, never change them) ------------------------------
    @kept
    def seat_rects(self) -> list[pygame.Rect]:
        return seat_rects(len(self.seats), SEATS_AREA, tallest=220)

    def name_size(self) -> int:
        """One size for the names in the panels: the largest (up to 30) at which each fits on one
        line beside its pawn — of the names no wider than this language's widest colour word (a long
        colour name in Russian must not be smaller than the rest).  A longer name the family typed is
        shrunk or cut alone (:meth:`draw_name`): it never makes the other names small."""
        text = self.app.assets.text

        def width(name: str, size: int) -> int:
            return text(name, size, INK, title=True).get_width()

        def pick() -> int:
            widest = max(width(self.app.t(f"colour.{colour}"), 30) for colour in PAWN_RGB)
            names = [seat.name for seat in self.seats if width(seat.name, 30) <= widest]
            return next((size for size in range(30, 17, -1)
                         if all(width(name, size) <= PANEL_NAME_W - 74 for name in names)), 18)
        return self._kept(("name_size", self.app.assets.lang), pick)

    def queen_width(self) -> int:
        return width_to_fit(self.seat_rects()[0].h - 14, 110)

    @kept
    def queen_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """A panel's awake queens in a row between its name and its right edge (where a computer's
        robot and the hand's backs lie), each overlapping the one before it at most so far that
        her points, in her top left corner, stay in view."""
        panel = self.seat_rects()[seat]
        w, h = card_size(self.queen_width())
        area = pygame.Rect(panel.x + PANEL_NAME_W, panel.y, panel.w - PANEL_NAME_W - PANEL_SIDE_W, panel.h)
        step = min(w + 6, (area.w - w) / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(round(area.x + i * step), area.centery - h // 2, w, h) for i in range(count)]

    @kept
    def robot_area(self, seat: int) -> pygame.Rect | None:
        """Where a computer's robot and its level lie in its panel (None for a person)."""
        if not self.seats[seat].is_computer:
            return None
        rect = self.seat_rects()[seat]
        return pygame.Rect(0, 0, ROBOT_SIZE + 12, ROBOT_SIZE + 24).move_to(center=(rect.right - ROBOT_AT[0],
                                                                                   rect.y + ROBOT_AT[1] + 2))

    @kept
    def score_area(self, seat: int) -> pygame.Rect:
        """Where a panel shows its queens' count and points, a line each."""
        rect = self.seat_rects()[seat]
        y = rect.y + (62 if rect.h < 150 else 84)
        return pygame.Rect(rect.x + 4, y - 22, PANEL_NAME_W - 4, 76)

    @kept
    def queens_area(self, seat: int, count: int) -> pygame.Rect | None:
        """Where a panel's awake queens lie, with the glow of a lit one."""
        if not count:
            return None
        rects = self.queen_rects(seat, count)
        return rects[0].unionall(rects[1:]).inflate(16, 16)

    @kept
    def backs_area(self, seat: int, count: int) -> pygame.Rect | None:
        """Where the backs of a panel's hand cards lie, a little fan of them (never their faces)."""
        if not count:
            return None
        rect = self.seat_rects()[seat]
        w, h = card_size(BACKS_W)
        return pygame.Rect(rect.right - 72, rect.bottom - h - 10, w + BACKS_STEP * (count - 1) + 6, h + 6)

    @kept
    def mark_area(self, seat: int) -> pygame.Rect:
        """The jester's count in a panel."""
        rect = self.seat_rects()[seat]
        return pygame.Rect(0, 0, 2 * MARK_R + 6, 2 * MARK_R + 6).move_to(center=(rect.right - 50, rect.centery))

    def panel_centre(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rects()[seat]
        return rect.x + PANEL_NAME_W // 2, rect.centery

    def next_queen_centre(self, seat: int) -> tuple[int, int]:
        return self.queen_rects(seat, len(self.v_awake[seat]) + 1)[-1].center

    # -- events to animation ---------------------------------------------------------------------
    def queen_name(self, queen: str) -> str:
        return self.t(f"queens.queen.{queen}")

    def _card_leaves(self, seat: int, card: str, duration: float = FLY_TIME) -> None:
        """A card flies from ``seat`` to the discard pile: from its place in the hand at the bottom
        when it lies there, turning face up in the air unless it was seen (a face-down hand lets it
        go from its middle: its place would tell something of the others), else from the panel."""
        def begin() -> None:
            if seat == self.anim_hand_seat and card in self.anim_hand:
                rects = HandLayout(HAND_AREA, len(self.anim_hand), HAND_W).card_rects()
                index = self.anim_hand.index(card) if self.anim_face_up else len(rects) // 2
                sprite.start, sprite.width = rects[index].center, HAND_W
                sprite.look_from = None if self.anim_face_up else BACK
                self.anim_hand.remove(card)
            else:
                sprite.start, sprite.look_from = self.panel_centre(seat), BACK
            self.v_hand_counts[seat] = max(0, self.v_hand_counts[seat] - 1)
        sprite = self.fly_card(card_look(card), (0, 0), DISCARD_AT, 70, duration, end_width=PILE_W, start=begin,
                               end=lambda: self.v_discard.append(card))

    def set_slot(self, slot: int, shown: str | None) -> None:
        self.v_slots[slot] = shown

    def take_from_draw(self) -> None:
        self.v_draw = max(0, self.v_draw - 1)

    def next_hand_centre(self) -> tuple[int, int]:
        """Where a card coming into the hand at the bottom lands: after its last card."""
        return HandLayout(HAND_AREA, len(self.anim_hand) + 1, HAND_W).card_rects()[-1].center

    def _arrives(self, seat: int, card: str | None, to_hand: bool):
        """A card landing with ``seat``: in the hand at the bottom (``to_hand``; None: face down) and its count."""
        def arrive() -> None:
            if to_hand:
                self.anim_hand.append(card)
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
        self.fly_card(card_look(queen), centre, self.next_queen_centre(p), SLOT_W, FLY_TIME,
                      end_width=self.queen_width(), end=lambda: self.v_awake[p].append(queen))
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
        return self.queen_rects(seat, len(awake))[awake.index(queen)].center if queen in awake else \
            self.panel_centre(seat)

    def take_queen(self, seat: int, queen: str) -> None:
        if queen in self.v_awake[seat]:
            self.v_awake[seat].remove(queen)

    def _anim_queen_stolen(self, ev, rest) -> None:
        thief, victim, queen = ev.player, ev.target, ev.queen
        self.anim.call(self.sound("whoosh"))
        self.fly_card(panel_look(queen), lambda: self.queen_place(victim, queen), lambda: self.next_queen_centre(thief),
                      self.queen_width(), FLY_TIME * 1.3, start=lambda: self.take_queen(victim, queen),
                      end=lambda: self.v_awake[thief].append(queen))
        self.say(self.t("queens.say.stolen", name=self.name(thief), queen=self.queen_name(queen)), "knight", 0.8)
        self.hide_banner()

    def _anim_queen_slept(self, ev, rest) -> None:
        victim, queen, slot = ev.target, ev.queen, ev.slot
        self.anim.call(self.sound("fall"))
        self.fly_card(QUEEN_BACK_LOOK, lambda: self.queen_place(victim, queen), slot_rect(slot).center,
                      self.queen_width(), FLY_TIME * 1.4, end_width=SLOT_W, look_from=panel_look(queen),
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
            to_hand = p == self.anim_hand_seat
            self.fly_card(card_look(card), REVEAL_AT, self.next_hand_centre() if to_hand else self.panel_centre(p), 170,
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
        equation = self.equation_text(cards) if len(cards) > 2 else None
        self.anim.call(self.sound("card"))
        for card in cards:
            self._card_leaves(p, card, FLY_TIME * 0.8)
        if equation:
            self.say(equation, "sparkles", 0.9)
            self.hide_banner()

    def hand_seen(self, seat: int) -> bool:
        """Whether ``seat``'s hand lies face up at the bottom while cards move: its drawn cards are seen too."""
        return seat == self.anim_hand_seat and self.anim_face_up

    def _anim_drew(self, ev, rest) -> None:
        p = ev.player
        if not self.hand_seen(p):
            return
        for card in ev.cards:
            self.fly_card(card_look(card), DRAW_AT, self.next_hand_centre, PILE_W, DEAL_TIME, end_width=HAND_W,
                          look_from=BACK, secret_of=p, start=self.take_from_draw, end=self._arrives(p, card, True))

    def _anim_cards_drawn(self, ev, rest) -> None:
        p = ev.player
        if self.hand_seen(p):
            return        # its cards flew face up (see _anim_drew)
        to_hand = p == self.anim_hand_seat       # into the face-down hand at the bottom
        for _ in range(ev.count):
            self.fly_card(BACK, DRAW_AT, self.next_hand_centre if to_hand else self.panel_centre(p), PILE_W, DEAL_TIME,
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

    # -- hints -----------------------------------------------------------------------------------
    def decision_hint(self) -> str:
        if self.refusal:
            return self.refusal[0]
        view = self.table_view()
        decider, pending = view.current_player, view.pending
        name = self.name(decider)
        if self.seats[decider].is_computer:
            return self.t("queens.hint.computer", name=name)
        if self.deciding() != decider:
            return self.t("queens.hint.wait", name=name)
        if pending is not None and pending.kind == "wake":
            return self.t(f"queens.hint.wake.{pending.reason}", name=name)
        if pending is not None:     # an attack: said to its victim
            return self.attack_text(pending, name)
        cards = self.selected_cards()
        if cards == ["potion"]:
            return self.t("queens.hint.potion_slot" if self.potion_target else "queens.hint.potion")
        if cards in (["king"], ["knight"], ["jester"]):
            return self.t(f"queens.hint.{cards[0]}")
        if cards and self.discard_action(cards) is not None:
            return self.t("queens.hint.discard")
        if cards:      # no discard: what to do, from the rules' reason
            why = view.refusal(Action("discard", cards=tuple(cards)))
            return self.t(DISCARD_HINTS.get(why.code if why is not None else "", "queens.hint.no_discard.back"))
        return self.t("queens.hint.pick", name=name)

    def slot_actions(self) -> dict[int, Action]:
        """What a tap on each place sends now (from the legal actions): a queen picked to wake, a
        king's sleeping queen, the empty place of a potion's queen."""
        if self.anim.busy or self.deciding() is None:
            return {}
        cards, target = self.selected_cards(), self.potion_target
        if self.table_view().pending is not None:
            kind = "wake"
        elif cards == ["king"] or cards == ["potion"] and target:
            kind = cards[0]
        else:
            return {}
        return {a.slot: a for a in self.legal()
                if a.kind == kind and (kind != "potion" or (a.target, a.queen) == target)}

    def highlighted_slots(self) -> set[int]:
        return set(self.slot_actions())

    def highlighted_queens(self) -> set[tuple[int, str]]:
        if self.anim.busy or self.deciding() is None:
            return set()
        cards = self.selected_cards()
        pending = self.table_view().pending
        if pending is not None and pending.kind in ("knight", "potion"):
            assert pending.target is not None and pending.queen is not None    # an attack names both
            return {(pending.target, pending.queen)}
        if cards == ["potion"] and self.potion_target:
            return {self.potion_target}
        if cards in (["knight"], ["potion"]):
            return {(a.target, a.queen) for a in self.legal() if a.kind == cards[0]}
        return set()

    # -- drawing: this game's pieces (see pieces()) ------------------------------------------------
    def lit_panel(self) -> int | None:
        """The player whose panel is lit: the one the game waits for (the victim asked to answer,
        the seat a jester's count stopped at), none while cards move."""
        if self._frozen is not None:
            return self._frozen[1]
        return None if self.anim.busy else self.view().decider

    def ink(self, seat: int) -> tuple:
        """A panel's words: white on the lit player's colour, outlined so that they read on yellow too."""
        lit = seat == self.lit_panel()
        return ((255, 255, 255) if lit else INK), (shade(PAWN_RGB[self.seats[seat].colour], 0.5) if lit else None)

    def draw_name(self, surface, i: int, rect: pygame.Rect, lit: bool) -> None:
        """What never changes in a panel: the pawn, the name and a computer's robot."""
        seat, assets = self.seats[i], self.app.assets
        ink, outline = self.ink(i)
        pawn_size = 40 if rect.h < 150 else 58
        draw_pawn(surface, seat.colour, seat.shape, (rect.x + 36, rect.y + pawn_size // 2 + 14), pawn_size)
        name = assets.text(seat.name, self.name_size(), ink, title=True, outline=outline)
        if name.get_width() > PANEL_NAME_W - 74:      # a name longer than any colour's
            name = assets.fit_text(seat.name, self.name_size(), ink, PANEL_NAME_W - 74, 44, title=True, outline=outline)
        surface.blit(name, name.get_rect(midleft=(rect.x + 66, rect.y + 30)))
        if seat.is_computer:
            draw_robot(surface, assets, seat, (rect.right - ROBOT_AT[0], rect.y + ROBOT_AT[1]), ROBOT_SIZE)

    def score_look(self, i: int) -> tuple:
        awake = self.v_awake[i]
        return i == self.lit_panel(), len(awake), sum(QUEEN_POINTS[q] for q in awake)

    def hand_look(self) -> tuple:
        return self.hand_seat(), tuple(self.hand_looks()), tuple(sorted(self.hand_layout().selected))

    def draw_hand(self, surface) -> None:      # (no hand, no area: never painted)
        self.hand_layout().draw(surface, self.art, self.hand_looks())

    def draw_hand_label(self, surface) -> None:
        seat = self.hand_seat()
        if seat is not None:
            self.art.hand_label(surface, self.seats[seat], self.t("queens.hand", name=self.seats[seat].name))

    def draw_equation(self, surface) -> None:
        shown = self.equation_shown()
        assert shown is not None        # painted only while a preview shows (its area)
        self.art.equation(surface, *shown)

    def equation_shown(self) -> tuple[str, bool, str | None] | None:
        """What the discard preview says now, whether the selection is a legal discard, and the
        card of a pair (shown as two equal cards, not as "7 = 7"); None: no preview."""
        cards = [] if self.anim.busy or self.table_view().pending is not None else self.selected_cards()
        if len(cards) < 2:
            return None
        ok = self.discard_action(cards) is not None
        if ok and len(cards) == 2 and cards[0] == cards[1]:
            return "", True, cards[0]
        equation = self.equation_text(cards)
        return (equation if ok and equation else self.t("queens.no_discard")), ok, None

    def banner_label(self, text: str) -> pygame.Surface:
        if " = " in text and text.replace(" ", "").replace("+", "").replace("=", "").isdigit():
            return self.art.equation_label(text, 54, BANNER_RECT.w - 210, BANNER_RECT.h - 24)
        return self.app.assets.fit_text(text, 40, INK, BANNER_RECT.w - 210, BANNER_RECT.h - 24, title=True)

    def question_text(self, seat: int) -> str:
        pending = self.table_view().pending
        if pending is None:
            return super().question_text(seat)
        if pending.kind == "wake":
            return self.t("queens.question.wake", name=self.name(seat))
        return self.attack_text(pending, self.name(seat))

    def attack_text(self, pending, name: str) -> str:
        """An attack, said to its victim ``name``: "Ben wants to steal your Cat Queen..."."""
        return self.t(f"queens.attack.{pending.kind}", name=name, attacker=self.name(pending.attacker),
                      queen=self.queen_name(pending.queen))
