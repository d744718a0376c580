"""Sleeping Queens' part of the shared card table (kidgames/ui/card_table.py, :class:`CardTablePart`):
what the game draws (its pieces, the buttons and the hint of the decision it waits for) and what a
tap on it does (a card picked from the hand, a sleeping queen, an awake one).  It reads the
session's views through its scene and never the state; the scene animates the events."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.pieces import IN_PANEL
from kidgames.ui.table import Drawn
from kidgames.ui.targets import Target, visible_parts
from kidgames.ui.widgets import INK, Button, shade

from .art import CARD_PICTURES
from .hand import QueensHand
from .layout import (ACTION_A, ACTION_B, BANNER_RECT, DISCARD_AT, DRAW_AT, EQUATION_AREA, FELT, HAND_LABEL, HINT_RECT,
                     PILE_W, SLOT_AREAS, slot_rect)
from .panels import QueensPanels
from .rules import NUM_SLOTS, QueensView, equation, thresholds

if TYPE_CHECKING:
    from .scene import QueensScene

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


def equation_text(cards: list[str]) -> str | None:
    """Number cards as the sum they make (the rules say which): "2 + 5 = 7"; None when they make none."""
    made = equation(cards)
    return None if made is None else " + ".join(map(str, made[0])) + f" = {made[1]}"


class QueensTable:
    """The game's part of its card table: the panels, the hand, the sleeping queens and the
    choices a person makes on them."""

    def __init__(self, scene: QueensScene) -> None:
        self.scene = scene
        self.hand = QueensHand(scene)
        self.panels = QueensPanels(scene)
        self.potion_target: tuple[int, str] | None = None

    def lay(self) -> None:
        """The table: the felt, the hint, the panels, the piles and the banner, with this game's pieces."""
        banner = self.scene.panel_banner(BANNER_RECT, self.banner_label,
                                   lambda banner: self.scene.app.assets.image(banner.picture, 130), 90, 175, (8, 24))
        self.scene.lay_table(FELT, (HINT_RECT, 36), banner, (DRAW_AT, DISCARD_AT, PILE_W), lambda rgb: shade(rgb, 1.0),
                       self.panels.draw_name, self.pieces())

    def seat_rects(self) -> list[pygame.Rect]:
        return self.panels.seat_rects()

    def pieces(self) -> list[Drawn]:
        """This game's own pieces: in each panel the score, the backs of the hand's cards, the awake
        queens and the jester's count; the sleeping queens (each of those painting what its look
        says); the hand, its name and the discard preview."""
        scene, panels, hand, art = self.scene, self.panels, self.hand, self.scene.art
        n, need = len(scene.seats), thresholds(len(scene.seats))

        def each(count: int, area: Callable, look: Callable[[int], tuple], paint: Callable) -> list[Drawn]:
            return Drawn.each(count, area, look, lambda surface, i: paint(surface, i, *look(i)), IN_PANEL)
        return [
            *each(n, panels.score_area, panels.score_look, lambda surface, i, lit, count, points:
                  art.score(surface, panels.score_area(i), count, points, need, *panels.ink(i))),
            *each(n, lambda i: panels.backs_area(i, scene.v_hand_counts[i]), lambda i: (scene.v_hand_counts[i],),
                  lambda surface, i, count: art.backs(surface, panels.backs_area(i, count), count)),
            *each(n, lambda i: panels.queens_area(i, len(scene.v_awake[i])),
                  lambda i: (tuple(scene.v_awake[i]), tuple(sorted(q for s, q in self.highlighted_queens() if s == i))),
                  lambda surface, i, awake, lit: art.queens(surface, awake, panels.queen_rects(i, len(awake)), lit)),
            *each(n, panels.mark_area,
                  lambda i: (scene.count_mark[1] if scene.count_mark and scene.count_mark[0] == i else None,),
                  lambda surface, i, number: art.mark(surface, panels.mark_area(i).center, number)),
            *each(NUM_SLOTS, SLOT_AREAS.__getitem__, lambda s: (scene.v_slots[s], s in self.highlighted_slots()),
                  lambda surface, s, shown, lit: art.slot(surface, slot_rect(s), shown, lit)),
            Drawn(lambda: hand.hand_layout().bounds(), hand.hand_look, hand.draw_hand, IN_PANEL),
            Drawn(HAND_LABEL, hand.hand_seat, hand.draw_hand_label, IN_PANEL),
            Drawn(lambda: EQUATION_AREA if self.equation_shown() else None, self.equation_shown,
                  self.draw_equation, IN_PANEL)]

    # -- the view of the table ------------------------------------------------------------------
    def copy_table(self, view: QueensView) -> None:
        """The picture's own copy of the table (the scene's ``v_*``), set from the view at rest."""
        self.scene.v_slots = ["?" if asleep else None for asleep in view.asleep]
        self.scene.v_awake = [list(a) for a in view.awake]
        self.scene.set_piles(view.draw_size, view.discard)
        self.scene.v_hand_counts = list(view.hand_sizes)
        self.scene.count_mark = None

    def deciding(self) -> int | None:
        """The person who may decide on the table now (after their curtain, when their decision
        needs one), or None: a computer decides, a curtain is due, or the game is over."""
        view = self.scene.view()
        return None if view.computer_turn or view.curtain is not None else view.decider

    # -- layout and buttons -----------------------------------------------------------------------
    def decision_buttons(self) -> list[Button]:
        scene = self.scene
        if scene.anim.busy or self.deciding() is None:
            return []
        pending = scene.table_view().pending
        if pending is not None and pending.kind in ("knight", "potion"):
            counter = "dragon" if pending.kind == "knight" else "wand"
            return [scene.decision_button(ACTION_A, Action("defend"), f"queens.defend.{counter}",
                                          CARD_PICTURES[counter], "green", enabled=Action("defend") in scene.legal(),
                                          why=self.why_no_answer),
                    scene.decision_button(ACTION_B, Action("allow"), "queens.allow", "cross", "orange", costs=True)]
        cards = self.hand.selected_cards() if pending is None else []
        buttons = [scene.decision_button(ACTION_A, Action("jester"), "queens.play_jester", "card_jester", "green")] \
            if cards == ["jester"] else []
        if cards:
            buttons.append(Button(ACTION_B, lambda: scene.try_submit(self.discard_action(self.hand.selected_cards())),
                                  scene.t("queens.discard", n=len(cards)), icon="sparkles", colour="blue",
                                  enabled=self.discard_action(cards) is not None, name="discard", text_size=32,
                                  why=lambda: scene.refuse_with(scene.t("queens.no_discard"), "cross")))
        return buttons

    def discard_action(self, cards: list[str]) -> Action | None:
        """The legal discard of exactly these cards, if there is one (the rules say which)."""
        want = sorted(cards)
        return next((a for a in self.scene.legal() if a.kind == "discard" and sorted(a.cards) == want), None)

    def forget_choice(self) -> None:
        """The hand at the bottom as it is when the decision is sent: its cards fly from there."""
        self.hand.keep_as_sent()
        self.potion_target = None

    def refusal_key(self, queen: tuple[int, str] | None = None) -> tuple[str, str]:
        """What to say to a tap that does nothing, and its picture: what to do instead, when the
        selection and the legal actions tell it (the places to tap shine), why a queen tapped
        cannot be taken (the rules' reason, see REFUSAL_WORDS), or a gentle "try another one"."""
        cards = self.hand.selected_cards()
        view = self.scene.table_view()
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
        why = self.scene.table_view().refusal(Action("defend"))
        if why is not None and why.code in REFUSAL_WORDS:
            key, picture = REFUSAL_WORDS[why.code](why.fields)
            self.scene.refuse_with(self.scene.t(key), picture)

    def situation(self) -> tuple:
        view = self.scene.view()
        busy = self.scene.anim.busy
        return self.hand.live_bottom()[0], view.private, self.deciding(), view.decider, busy, view.is_over

    def tap(self, pos) -> None:
        if self.scene.second_of_double_tap(pos) or self.deciding() is None:
            return    # (the second tap of a double tap: the first one already chose)
        self.scene.refusal = None
        pending = self.scene.table_view().pending
        index = self.hand.hand_layout().hit(pos) if pending is None and self.hand.hand_face_up() else None
        if index is not None:
            if index in self.hand.selected:
                self.hand.selected.remove(index)
            else:
                self.hand.selected.append(index)
            self.potion_target = None
            self.scene.app.assets.play("card")
            self.scene.changed()
            return
        slot = self.slot_at(pos)
        if slot is not None and (pending is None or pending.kind == "wake"):
            self.scene.try_submit(self.slot_actions().get(slot))
        queen = self.queen_at(pos) if slot is None and pending is None else None
        cards = self.hand.selected_cards()
        if queen is not None and cards == ["potion"] and \
                any(a.kind == "potion" and (a.target, a.queen) == queen for a in self.scene.legal()):
            self.potion_target = queen
            self.scene.app.assets.play("click")
        elif queen is not None:
            knight = Action("knight", target=queen[0], queen=queen[1]) if cards == ["knight"] else None
            self.scene.try_submit(knight, queen)

    def slot_at(self, pos) -> int | None:
        """The slot a tap hits: inside it, or near it the nearest one (of those that shine, when some do)."""
        targets = [Target(s, slot_rect(s).center, slot_rect(s)) for s in range(NUM_SLOTS)]
        return self.scene.pick_card(pos, targets, self.highlighted_slots() or range(NUM_SLOTS))

    def queen_at(self, pos) -> tuple[int, str] | None:
        """The queen a tap hits: the one under the finger, or near it one of those that shine."""
        return self.scene.pick_card(pos, self.panels.queen_targets(), self.highlighted_queens())

    def tap_targets(self) -> list[Target]:
        """What a tap may choose now (the nudge points at it): the hand's cards, the queens and places that shine."""
        if self.deciding() is None or self.scene.anim.busy:
            return []
        targets = []
        lit = self.highlighted_queens()
        view = self.scene.table_view()
        targets += [Target(("slot", s), slot_rect(s).center, slot_rect(s)) for s in sorted(self.highlighted_slots())]
        if view.pending is None:      # an attacked queen shines to be seen, not tapped
            targets += [t for t in self.panels.queen_targets() if t.key in lit]
        if self.hand.hand_face_up() and view.pending is None:
            parts = visible_parts(self.hand.hand_layout().card_rects())
            cards = [Target(("card", i), part.center, part) for i, part in enumerate(parts)]
            # the hand points first at what the chosen card is played on (the places, then the
            # queens that shine: a potion's queen chosen, its place comes next),
            # then at a card that can be played, never at a chosen one while another is offered
            # (a tap on it lets it go: a child following the hand would go round in a circle)
            # — unless the chosen cards are refused and the hint asks to put one back ("Cards with
            # pictures go alone"): more cards never help then, so the hand points at a chosen card
            # whose going back leaves a play (one jester of two, the king among numbers)
            _, hand, _ = self.hand.bottom()
            selected = self.hand.selected

            def order(target: Target) -> tuple[bool, bool]:
                i = target.key[1]
                card = hand[i] if i < len(hand) else None
                playable = card in ("king", "knight", "potion") and view.play_refusal(card) is None
                return i in selected, not playable

            def put_back_first(target: Target) -> tuple[bool, bool]:
                i = target.key[1]
                rest = [card for card in (hand[j] for j in selected if j != i and j < len(hand)) if card is not None]
                return i not in selected, not self.a_play(rest)
            targets += sorted(cards, key=put_back_first if self.one_goes_back() else order)
        return targets

    def one_goes_back(self) -> bool:
        """Whether the chosen cards are refused so that only putting one back helps: several cards
        that are no discard, and no more number cards would make one (the hint says "put it back")."""
        cards = self.hand.selected_cards()
        return len(cards) >= 2 and self.refused_discard_hint(cards) not in (None, DISCARD_HINTS["not_a_sum_yet"])

    def refused_discard_hint(self, cards: list[str]) -> str | None:
        """The hint's key for chosen ``cards`` that make no discard (what is wrong, what to do: from
        the rules' reason), or None when they make one."""
        if self.discard_action(cards) is not None:
            return None
        why = self.scene.table_view().refusal(Action("discard", cards=tuple(cards)))
        return DISCARD_HINTS.get(why.code if why is not None else "", "queens.hint.no_discard.back")

    def a_play(self, cards: list[str]) -> bool:
        """Whether ``cards`` chosen alone are something the person can play now."""
        if cards in (["king"], ["knight"], ["potion"]):
            return self.scene.table_view().play_refusal(cards[0]) is None
        if cards == ["jester"]:
            return any(a.kind == "jester" for a in self.scene.legal())
        return bool(cards) and self.discard_action(cards) is not None

    # -- hints -----------------------------------------------------------------------------------
    def decision_hint(self) -> str:
        if self.scene.refusal:
            return self.scene.refusal[0]
        view = self.scene.table_view()
        decider, pending = view.current_player, view.pending
        name = self.scene.name(decider)
        if self.scene.seats[decider].is_computer:
            return self.scene.t("queens.hint.computer", name=name)
        if self.deciding() != decider:
            return self.scene.t("queens.hint.wait", name=name)
        if pending is not None and pending.kind == "wake":
            return self.scene.t(f"queens.hint.wake.{pending.reason}", name=name)
        if pending is not None:     # an attack: said to its victim
            return self.attack_text(pending, name)
        cards = self.hand.selected_cards()
        if cards == ["potion"]:
            return self.scene.t("queens.hint.potion_slot" if self.potion_target else "queens.hint.potion")
        if cards in (["king"], ["knight"], ["jester"]):
            return self.scene.t(f"queens.hint.{cards[0]}")
        if cards:      # a discard, or what to do instead
            return self.scene.t(self.refused_discard_hint(cards) or "queens.hint.discard")
        return self.scene.t("queens.hint.pick", name=name)

    def slot_actions(self) -> dict[int, Action]:
        """What a tap on each place sends now (from the legal actions): a queen picked to wake, a
        king's sleeping queen, the empty place of a potion's queen."""
        if self.scene.anim.busy or self.deciding() is None:
            return {}
        cards, target = self.hand.selected_cards(), self.potion_target
        if self.scene.table_view().pending is not None:
            kind = "wake"
        elif cards == ["king"] or cards == ["potion"] and target:
            kind = cards[0]
        else:
            return {}
        return {a.slot: a for a in self.scene.legal()
                if a.kind == kind and (kind != "potion" or (a.target, a.queen) == target)}

    def highlighted_slots(self) -> set[int]:
        return set(self.slot_actions())

    def highlighted_queens(self) -> set[tuple[int, str]]:
        if self.scene.anim.busy or self.deciding() is None:
            return set()
        cards = self.hand.selected_cards()
        pending = self.scene.table_view().pending
        if pending is not None and pending.kind in ("knight", "potion"):
            assert pending.target is not None and pending.queen is not None    # an attack names both
            return {(pending.target, pending.queen)}
        if cards == ["potion"] and self.potion_target:
            return {self.potion_target}
        if cards in (["knight"], ["potion"]):
            return {(a.target, a.queen) for a in self.scene.legal() if a.kind == cards[0]}
        return set()

    # -- drawing: this game's pieces (see :meth:`pieces`) ---------------------------------------------
    def lit_panel(self) -> int | None:
        """The player whose panel is lit: the one the game waits for (the victim asked to answer,
        the seat a jester's count stopped at), none while cards move."""
        if self.scene.frozen is not None:
            return self.scene.frozen[1]
        return None if self.scene.anim.busy else self.scene.view().decider

    def draw_equation(self, surface) -> None:
        shown = self.equation_shown()
        assert shown is not None        # painted only while a preview shows (its area)
        self.scene.art.equation(surface, *shown)

    def equation_shown(self) -> tuple[str, bool, str | None] | None:
        """What the discard preview says now, whether the selection is a legal discard, and the
        card of a pair (shown as two equal cards, not as "7 = 7"); None: no preview."""
        scene = self.scene
        cards = [] if scene.anim.busy or scene.table_view().pending is not None else self.hand.selected_cards()
        if len(cards) < 2:
            return None
        ok = self.discard_action(cards) is not None
        if ok and len(cards) == 2 and cards[0] == cards[1]:
            return "", True, cards[0]
        equation = equation_text(cards)
        return (equation if ok and equation else self.scene.t("queens.no_discard")), ok, None

    def banner_label(self, text: str) -> pygame.Surface:
        if " = " in text and text.replace(" ", "").replace("+", "").replace("=", "").isdigit():
            return self.scene.art.equation_label(text, 54, BANNER_RECT.w - 210, BANNER_RECT.h - 24)
        return self.scene.app.assets.fit_text(text, 40, INK, BANNER_RECT.w - 210, BANNER_RECT.h - 24, title=True)

    def attack_text(self, pending, name: str) -> str:
        """An attack, said to its victim ``name``: "Ben wants to steal your Cat Queen..."."""
        return self.scene.t(f"queens.attack.{pending.kind}", name=name, attacker=self.scene.name(pending.attacker),
                      queen=self.scene.queen_name(pending.queen))

