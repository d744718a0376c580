"""The hand at the bottom of the Sleeping Queens table: whose it is, which way up, the cards a
person has picked from it; while cards move, the hand as it was when the decision was sent.  Who
may see it is the watching model's business (design.md, "Who is watching"): the view holds a hand
only in its person's private moment, or when they are the only person there."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kidgames.ui.cards import BACK, CardLook, HandLayout

from .art import card_look
from .layout import HAND_AREA, HAND_W

if TYPE_CHECKING:
    from .scene import QueensScene


class QueensHand:
    """The hand at the bottom and the cards picked from it (a part of :class:`QueensTable`)."""

    def __init__(self, scene: QueensScene) -> None:
        self.scene = scene
        self.selected: list[int] = []          # indices into the shown hand
        # The hand at the bottom while cards move, as it was when the decision was sent: its
        # seat, its cards (None: a card face down, its face unknown here) and which way up.
        self.anim_hand_seat: int | None = None
        self.anim_hand: list[str | None] = []
        self.anim_face_up = False

    def keep_as_sent(self) -> None:
        """The hand at the bottom as it is when the decision is sent: its cards fly from there;
        nothing picked any more."""
        self.anim_hand_seat, self.anim_hand, _ = self.live_bottom()
        self.anim_face_up = False          # set once the decision is made (see turn_face_down)
        self.selected = []

    def turn_face_down(self) -> None:
        """The decision is made and the private moment is over (the turn controller ended it):
        the hand goes face down before its cards fly, unless nobody else is at the table."""
        seat = self.anim_hand_seat
        self.anim_face_up = seat is not None and seat == self.scene.table_view().seen

    # -- whose hand lies at the bottom, and which way up ---------------------------------------------
    # Who may see it is the watching model's business (design.md, "Who is watching"): the view
    # holds a hand only in its person's private moment, or when they are the only person there.
    def live_bottom(self) -> tuple[int | None, list[str | None], bool]:
        """The hand at the bottom now, as (seat, cards, face up): the hand the view holds, face
        up, else the hand of the person who must decide, face down (as many unknown cards); no
        hand while a computer decides or once the game is over."""
        view = self.scene.table_view()
        seat = view.seen
        if seat is not None:
            return seat, list(view.hands[seat] or ()), True
        seat = self.scene.view().decider
        if seat is None or self.scene.seats[seat].is_computer:
            return None, [], False
        return seat, [None] * view.hand_sizes[seat], False

    def bottom(self) -> tuple[int | None, list[str | None], bool]:
        """The hand at the bottom as drawn: as it was when the decision was sent while cards move."""
        return (self.anim_hand_seat, self.anim_hand, self.anim_face_up) if self.scene.anim.busy else self.live_bottom()

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
        lifted = set(self.selected) if not self.scene.anim.busy and face_up else set()
        return HandLayout(HAND_AREA, len(hand), HAND_W, selected=lifted)

    def selected_cards(self) -> list[str]:
        _, hand, face_up = self.bottom()
        if not face_up:
            return []
        return [card for card in (hand[i] for i in self.selected if i < len(hand)) if card is not None]

    def hand_look(self) -> tuple:
        return self.hand_seat(), tuple(self.hand_looks()), tuple(sorted(self.hand_layout().selected))

    def draw_hand(self, surface) -> None:      # (no hand, no area: never painted)
        self.hand_layout().draw(surface, self.scene.art, self.hand_looks())

    def draw_hand_label(self, surface) -> None:
        seat = self.hand_seat()
        if seat is not None:
            who = self.scene.seats[seat]
            self.scene.art.hand_label(surface, who, self.scene.t("queens.hand", name=who.name))

    def next_hand_centre(self) -> tuple[int, int]:
        """Where a card coming into the hand at the bottom lands: after its last card."""
        return HandLayout(HAND_AREA, len(self.anim_hand) + 1, HAND_W).card_rects()[-1].center

    def hand_seen(self, seat: int) -> bool:
        """Whether ``seat``'s hand lies face up at the bottom while cards move: its drawn cards are seen too."""
        return seat == self.anim_hand_seat and self.anim_face_up

