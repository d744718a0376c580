"""Sleeping Queens — the rules engine (shared/rules/queens.md).

Twelve queens sleep face down in twelve slots; players wake them with kings, steal them with
knights, put them back to sleep with potions, and cycle their hands by discarding.  The first to
hold enough queens or points wins.  Pure Python: no pygame here.

Decisions of this engine where the rules file leaves the form open:

* ``discard(cards)``: ``cards`` names every discarded card, a repeated id once per copy (two
  threes are ``("n3", "n3")``).  The order does not matter to ``apply``; ``legal_actions`` lists
  each distinct multiset once, in the order of :data:`CARD_ORDER`.
* After a knight or a potion the victim always gets the answer window (``defend`` when they hold
  the dragon or the wand, ``allow`` always): a window opened only for a victim holding the
  answer would tell everyone what is in that hand.
* A queen put to sleep is named in the public ``queen_slept`` event: she lay face up and
  everyone saw her go into her slot, as at the table.  From then on ``observation`` only says
  that the slot holds a sleeping queen.
* A ``drew`` event names the cards and is private to the drawing seat; beside it a public
  ``cards_drawn`` event tells everyone only how many.

Refused actions (``IllegalActionError.code``; :meth:`QueensState.refusal` asks without playing,
:meth:`QueensState.play_refusal` whether a card can be played at all, :func:`equation` what
number cards make): ``malformed`` (not an action of this game), ``game_over``, ``must_wake`` (a
seat picks a sleeping queen first), ``must_answer`` (the victim answers first; field ``attack``),
``no_counter`` (defend without the dragon or wand; ``counter``, ``attack``), ``nothing_pending``
(an answer or a pick in an ordinary turn), ``not_in_hand`` (``card``, for a discard ``count``),
``no_target`` (nothing on the table for this king, knight or potion; ``card``), ``own_queen`` and
``no_such_seat`` (a knight or potion not aimed at another player; ``target``, ``queen``),
``not_a_target`` (that player has no such queen awake), ``protected`` (the Cat or Dog a knight may
not take to her rival; ``queen``, ``rival``), ``no_such_slot``, ``slot_empty`` (no queen sleeps
there), ``slot_taken`` (a potion's place is not empty; ``slot``), and for a discard ``no_cards``,
``not_a_card`` (``card``), ``not_alone`` (a picture card with others), ``not_a_sum_yet`` (numbers
that more number cards of the hand make a pair or a sum with) and ``no_pair_no_sum`` (numbers
that no cards of the hand complete; each with ``cards``).
"""
from __future__ import annotations

import gc
import random
from collections import Counter
from itertools import combinations_with_replacement, compress
from math import prod
from operator import is_
from types import MappingProxyType
from dataclasses import dataclass
from typing import Any, Callable, Mapping, TypeVar

from kidgames.core.kit import (MALFORMED, ActionSchema, GameState, SaveReader, UndoSteps, brief, cards_field, check_seat,
                               game_options, is_int, new_rng, read_save)
from kidgames.core.protocol import (Action, Event, IllegalActionError, Refusal, StateDataError, check_players,
                                    rng_state_to_json)
# the game's id, title, players and options: written once, in the package (the menu's, before these rules)
from kidgames.games.queens import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, TITLE  # noqa: F401

SAVE_VERSION = 1
HAND_SIZE = 5
NUM_SLOTS = 12

#: The queens and their points (rules: Components).
QUEEN_POINTS: Mapping[str, int] = MappingProxyType({
    "heart": 20, "cat": 15, "dog": 15, "pancake": 15, "ladybug": 10, "moon": 10,
    "peacock": 10, "sunflower": 10, "cake": 5, "rainbow": 5, "rose": 5, "starfish": 5,
})
QUEENS: tuple[str, ...] = tuple(QUEEN_POINTS)
_POINTS_OF = QUEEN_POINTS.__getitem__

#: The 67 other cards, by id and count (rules: Components).
CARD_COUNTS: Mapping[str, int] = MappingProxyType({
    "king": 8, "knight": 4, "dragon": 3, "potion": 4, "wand": 3, "jester": 5,
    **{f"n{v}": 4 for v in range(1, 11)},
})
DECK: tuple[str, ...] = tuple(card for card, count in CARD_COUNTS.items() for _ in range(count))
#: Character cards: a jester turning one of these up gives its player another turn.
POWER_CARDS = frozenset({"king", "knight", "dragon", "potion", "wand", "jester"})
NUMBER_VALUE: Mapping[str, int] = MappingProxyType({f"n{v}": v for v in range(1, 11)})
#: The order in which ``legal_actions`` lists the cards of a discard.
CARD_ORDER: Mapping[str, int] = MappingProxyType({card: i for i, card in enumerate(CARD_COUNTS)})

#: What answers what: a dragon stops only a knight, a wand only a potion.
COUNTER = MappingProxyType({"knight": "dragon", "potion": "wand"})
#: Cat and Dog never lie in front of the same player.
RIVAL = MappingProxyType({"cat": "dog", "dog": "cat"})

#: The actions and the fields each carries (an unknown or wrongly typed field is illegal).
ACTIONS = ActionSchema(TITLE, {
    "king": {"slot": int}, "knight": {"target": int, "queen": str},
    "potion": {"target": int, "queen": str, "slot": int}, "jester": {}, "discard": {"cards": cards_field()},
    "wake": {"slot": int}, "defend": {}, "allow": {},
})
#: Every reason code an action of this game is refused with (see the module's docstring).
REFUSALS = frozenset({MALFORMED, "game_over", "must_wake", "must_answer", "no_counter", "nothing_pending",
                      "not_in_hand", "no_target", "own_queen", "no_such_seat", "not_a_target", "protected",
                      "no_such_slot", "slot_empty", "slot_taken", "no_cards", "not_a_card", "not_alone",
                      "not_a_sum_yet", "no_pair_no_sum"})


def thresholds(num_players: int) -> tuple[int, int]:
    """Queens and points that win at once: 5 queens or 50 points with 2–3 players, 4 queens or 40
    points with 4–5 (rules: End of the game)."""
    return (5, 50) if num_players <= 3 else (4, 40)


def is_valid_discard(cards: tuple[str, ...] | list[str]) -> bool:
    """Rules, Discard to draw: any one card; a pair of equal number cards; three or more number
    cards of which one is the sum of all the others (addition only, every card used).

    >>> is_valid_discard(("n1", "n2", "n3")), is_valid_discard(("n2", "n4", "n7"))
    (True, False)
    """
    if len(cards) == 1:
        return cards[0] in CARD_COUNTS
    return equation(cards) is not None


def equation(cards: tuple[str, ...] | list[str]) -> tuple[tuple[int, ...], int] | None:
    """What two or more number cards make when they are a discard: the numbers added (smallest
    first) and their sum, the biggest card; None when they are not a pair or a sum.  A pair is
    ``((7,), 7)``: with two cards "one is the sum of the others" is exactly the pair rule.

    >>> equation(("n5", "n2", "n7")), equation(("n3", "n3")), equation(("n2", "n4", "n7"))
    (((2, 5), 7), ((3,), 3), None)
    """
    if len(cards) < 2 or any(c not in NUMBER_VALUE for c in cards):
        return None
    values = sorted(NUMBER_VALUE[c] for c in cards)
    return (tuple(values[:-1]), values[-1]) if values[-1] == sum(values[:-1]) else None


#: Every pair and equation of number cards a discard may be, two to five cards, by size, then by
#: value (the biggest, the sum of the others, last).
_EQUATIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"n{v}" for v in values) for size in range(2, HAND_SIZE + 1)
    for values in combinations_with_replacement(range(1, 11), size) if values[-1] == sum(values[:-1]))


def _number_discards() -> dict[tuple[int, ...], tuple[Action, ...]]:
    """The pairs and equations within every sorted hand of up to five number values that holds
    any, each listed in every hand that contains it: by size, then by value."""
    found: dict[tuple[int, ...], list[Action]] = {}
    others = [tuple(combinations_with_replacement(range(1, 11), more)) for more in range(HAND_SIZE - 1)]
    for cards in _EQUATIONS:
        values = tuple(map(NUMBER_VALUE.__getitem__, cards))
        action = _DISCARD_ACTIONS[cards]
        for more in range(HAND_SIZE - len(cards) + 1):
            for rest in others[more]:
                found.setdefault(tuple(sorted(values + rest)), []).append(action)
    return {values: tuple(actions) for values, actions in found.items()}


# Tables of immutable records, made once at import (no cache that grows while games are played):
# legal_actions would otherwise build hundreds of new records for every decision.
_DISCARD_ACTIONS: Mapping[tuple[str, ...], Action] = MappingProxyType({
    cards: Action("discard", cards=cards) for cards in (*((card,) for card in CARD_COUNTS), *_EQUATIONS)})
#: The pairs and equations of every sorted hand of two to five numbers that has any.
_NUMBER_DISCARD_ACTIONS: Mapping[tuple[int, ...], tuple[Action, ...]] = MappingProxyType(_number_discards())
_KNIGHT: Mapping[tuple[int, str], Action] = MappingProxyType({
    (t, q): Action("knight", target=t, queen=q) for t in range(MAX_PLAYERS) for q in QUEENS})
#: The potions against queen ``q`` of seat ``t``, by slot.
_POTION: Mapping[tuple[int, str], tuple[Action, ...]] = MappingProxyType({
    (t, q): tuple(Action("potion", target=t, queen=q, slot=s) for s in range(NUM_SLOTS))
    for t in range(MAX_PLAYERS) for q in QUEENS})
_KING = tuple(Action("king", slot=s) for s in range(NUM_SLOTS))
#: The same knights and potions by seat, then by queen: ``_KNIGHT_OF[t][q]``, ``_POTION_OF[t][q]``.
_KNIGHT_OF = tuple(MappingProxyType({q: _KNIGHT[t, q] for q in QUEENS}) for t in range(MAX_PLAYERS))
_POTION_OF = tuple(MappingProxyType({q: _POTION[t, q] for q in QUEENS}) for t in range(MAX_PLAYERS))
#: The opponents of seat ``p`` in a game of ``n`` players: ``_OPPONENTS[n][p]``.
_OPPONENTS = tuple(tuple(tuple(t for t in range(n) if t != p) for p in range(n)) for n in range(MAX_PLAYERS + 1))
_NONES = (None,) * NUM_SLOTS
#: The queens a knight may not steal, by whether the thief holds the Cat, then the Dog (rules:
#: Cat Queen and Dog Queen): ``_BARRED[holds_cat][holds_dog]``.
_BARRED = (((), ("cat",)), (("dog",), ("dog", "cat")))
#: :func:`thresholds` by number of players.
_THRESHOLDS = tuple(thresholds(n) for n in range(MAX_PLAYERS + 1))
_WAKE = tuple(Action("wake", slot=s) for s in range(NUM_SLOTS))
_JESTER, _DEFEND, _ALLOW = Action("jester"), Action("defend"), Action("allow")
_TURN = tuple(Event("turn", player=p) for p in range(MAX_PLAYERS))
#: The public ``cards_drawn`` event of seat ``p`` drawing ``k`` cards: ``_CARDS_DRAWN[p][k]`` (an
#: Event; None at ``k`` 0, as nobody draws no card).
_CARDS_DRAWN: tuple[tuple[Any, ...], ...] = tuple(
    (None, *(Event("cards_drawn", player=p, count=k) for k in range(1, HAND_SIZE + 1))) for p in range(MAX_PLAYERS))


def _sorted_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def _discard_actions(hand: list[str]) -> tuple[Action, ...]:
    """The discard actions of a hand: each kind of card alone (in :data:`CARD_ORDER`), then its
    pairs and equations.  A dealt hand of five has them ready in :data:`_HAND_PLANS`."""
    singles = tuple(_DISCARD_ACTIONS[(card,)] for card in sorted(set(hand), key=CARD_ORDER.__getitem__))
    values = tuple(sorted(NUMBER_VALUE[c] for c in hand if c in NUMBER_VALUE))
    return singles + _NUMBER_DISCARD_ACTIONS.get(values, ())


#: A seat drawing a single card: its private ``drew`` and public ``cards_drawn`` events, by card.
#: (This table, :data:`_HAND_PLANS` and :data:`_BUILT_PARTS` are read at nearly every step: plain
#: dicts, whose own lookup is the quickest, typed read-only.)
_DREW_ONE: tuple[Mapping[str, tuple[Event, Event]], ...] = tuple({
    card: (Event("drew", player=p, cards=(card,), private_to=p), _CARDS_DRAWN[p][1]) for card in CARD_COUNTS}
    for p in range(MAX_PLAYERS))
_PLAYED_JESTER = tuple(Event("played", player=p, card="jester") for p in range(MAX_PLAYERS))
#: The ``played`` event of seat ``p``'s king on slot ``s``: ``_PLAYED_KING[p][s]``.
_PLAYED_KING = tuple(tuple(Event("played", player=p, card="king", slot=s) for s in range(NUM_SLOTS))
                     for p in range(MAX_PLAYERS))
# The frequent events of the queens' moves, made once (a record costs more to make than to look up),
# from their fields as Record.from_items takes them, sorted by name.
_SEATS = range(MAX_PLAYERS)
#: ``queen_woken``: ``_QUEEN_WOKEN[by][seat][slot][queen]``.
_QUEEN_WOKEN = MappingProxyType({by: tuple(tuple(MappingProxyType({q: Event.from_items(
    "queen_woken", (("by", by), ("player", p), ("queen", q), ("slot", s))) for q in QUEENS})
    for s in range(NUM_SLOTS)) for p in _SEATS) for by in ("king", "jester", "rose")})
#: ``allowed``: ``_ALLOWED[attacker][victim]``.
_ALLOWED = tuple(tuple(Event.from_items("allowed", (("attacker", a), ("player", v))) for v in _SEATS) for a in _SEATS)
#: A knight's ``played`` and ``queen_stolen``: ``_KNIGHT_PLAYED[thief][victim][queen]``, ``_QUEEN_STOLEN[...]``.
_KNIGHT_PLAYED = tuple(tuple(MappingProxyType({q: Event.from_items(
    "played", (("card", "knight"), ("player", a), ("queen", q), ("target", v))) for q in QUEENS})
    for v in _SEATS) for a in _SEATS)
_QUEEN_STOLEN = tuple(tuple(MappingProxyType({q: Event.from_items(
    "queen_stolen", (("player", a), ("queen", q), ("target", v))) for q in QUEENS})
    for v in _SEATS) for a in _SEATS)
#: The ``discarded`` event of every discard in the tables, by its cards (in :data:`CARD_ORDER`), one a seat.
_DISCARDED: Mapping[tuple[str, ...], tuple[Event, ...]] = MappingProxyType({
    cards: tuple(Event("discarded", player=p, cards=cards) for p in range(MAX_PLAYERS)) for cards in _DISCARD_ACTIONS})


def _parts(action: Action) -> tuple[str, Any, Any, Any, Any, tuple[Event, ...] | None]:
    """An action of the right form as ``(kind, slot, target, queen, cards, discarded)``, None where it
    has no such field; ``discarded`` is the prepared ``discarded`` event of each seat for a discard
    whose cards are listed in :data:`CARD_ORDER`, else None."""
    fields = action.fields
    cards: Any = fields.get("cards")
    discarded = _DISCARDED.get(cards) if action.kind == "discard" else None
    return action.kind, fields.get("slot"), fields.get("target"), fields.get("queen"), cards, discarded


#: A prime number for each card of the game: a hand's key in :data:`_HAND_PLANS` is the product of
#: its cards' primes, the same in whatever order the hand holds them, and two hands have the same
#: product only when they hold the same cards (a number is a product of primes in one way only).
#: (A plain dict, read five times for every decision, like :data:`_DREW_ONE`.)
_CARD_PRIME: Mapping[str, int] = dict(zip(CARD_COUNTS, (n for n in range(2, 100) if all(n % d for d in range(2, n)))))


#: Some cards of a hand: the cards, their key (the product of their primes), their discards of one card.
_Bag = tuple[tuple[str, ...], int, tuple[Action, ...]]


def _card_bags(kinds: tuple[str, ...]) -> list[list[_Bag]]:
    """Every bag of at most five cards of these kinds that the deck holds (no card more often than
    it has it), by size: its cards in the order of ``kinds``, their key (the product of their
    primes) and their discards of one card (each kind once, in that order)."""
    bags: list[list[_Bag]] = [[((), 1, ())]]
    for _ in range(HAND_SIZE):
        grown: list[_Bag] = []
        for cards, key, alone in bags[-1]:
            # one card more: the last kind again while the deck has another, or a kind after it
            for kind in kinds[kinds.index(cards[-1]) if cards else 0:]:
                if cards and kind == cards[-1]:
                    if cards.count(kind) < CARD_COUNTS[kind]:
                        grown.append((cards + (kind,), key * _CARD_PRIME[kind], alone))
                else:
                    grown.append((cards + (kind,), key * _CARD_PRIME[kind], alone + (_DISCARD_ACTIONS[(kind,)],)))
        bags.append(grown)
    return bags


def _hand_plans() -> dict[int, tuple[int, tuple[Action, ...]]]:
    """What ``legal_actions`` needs of every five-card hand the deck can deal, by the product of its
    cards' primes (:data:`_CARD_PRIME`): which of king, knight and potion it holds (bits 1, 2 and 4:
    their actions depend on the table) and the actions that depend on the hand alone, the jester
    then its discards (as :func:`_discard_actions` lists them).

    Each hand is put together from its character cards (their discards: each kind alone) and its
    number cards (each alone, then their pairs and equations), whose products multiply."""
    numbers = [[(key, alone + _NUMBER_DISCARD_ACTIONS.get(tuple(map(NUMBER_VALUE.__getitem__, cards)), ()))
                for cards, key, alone in bags] for bags in _card_bags(tuple(NUMBER_VALUE))]
    plans = {}
    for size, bags in enumerate(_card_bags(tuple(card for card in CARD_COUNTS if card in POWER_CARDS))):
        for cards, mine, alone in bags:
            flags = ("king" in cards) | ("knight" in cards) << 1 | ("potion" in cards) << 2
            tail = ((_JESTER,) if "jester" in cards else ()) + alone
            for theirs, discards in numbers[HAND_SIZE - size]:
                plans[mine * theirs] = (flags, tail + discards)
    return plans


_T = TypeVar("_T")


def _without_collections(build: Callable[[], _T]) -> _T:
    """``build()`` with Python's garbage collector paused: a table of tens of thousands of records
    made once lives as long as the module, and the collections its making would set off, each
    looking through all that was made so far, find nothing to free."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return build()
    finally:
        if was_enabled:
            gc.enable()


#: The plan of every five-card hand the deck can deal, by the product of its cards' primes (a
#: hand of another size, only ever built by hand, goes the long way).
_HAND_PLANS: Mapping[int, tuple[int, tuple[Action, ...]]] = _without_collections(_hand_plans)


#: The parts of every action in the tables, by the record's id: those records are made once, here,
#: with the right form, so ``apply`` neither checks their form again nor reads their fields one by one
#: (a hand-made record, even an equal one, is another object and is checked in full).  The tables
#: keep them alive as long as the module, so no other object can have the id of one of them.
_BUILT_PARTS: Mapping[int, tuple[str, Any, Any, Any, Any, tuple[Event, ...] | None]] = {
    id(action): _parts(action)
    for table in (_DISCARD_ACTIONS.values(), _KNIGHT.values(), *_POTION.values(), _KING, _WAKE,
                  (_JESTER, _DEFEND, _ALLOW))
    for action in table}


#: The generator of a state made only to be asked (QueensView._probe): it never draws from it.
_PROBE_RNG = random.Random(0)


@dataclass(frozen=True)
class QueensPending:
    """What the game waits for besides an ordinary turn, as everybody saw it: an attack to answer
    (``kind`` "knight" or "potion", its ``attacker``, its ``target``, the ``queen`` and, for a
    potion, the empty ``slot`` she would sleep in) or a sleeping queen to pick (``kind`` "wake",
    its ``reason`` "jester" or "rose", the picking ``seat``).  Fields that do not apply are None."""

    kind: str
    attacker: int | None = None
    target: int | None = None
    queen: str | None = None
    slot: int | None = None
    reason: str | None = None
    seat: int | None = None


@dataclass(frozen=True)
class QueensView:
    """What the table may show now (:meth:`QueensState.view`), plain and immutable: whether a queen
    sleeps in each slot (never which), the awake queens before each seat, each hand's size, the
    hands themselves of the seats that may be seen now (None for every other), the piles (the draw
    pile's size, the face-up discard pile), whose turn it is and whose decision
    (``current_player``), and what is ``pending`` (public: everybody saw the attack or the count).
    The decider's legal actions are in the session's view beside it, only where they tell no
    secret: a defence offered or not would tell whether the victim holds the dragon."""

    num_players: int
    asleep: tuple[bool, ...]
    awake: tuple[tuple[str, ...], ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[str, ...] | None, ...]
    draw_size: int
    discard: tuple[str, ...]
    turn_player: int
    current_player: int
    pending: QueensPending | None

    @property
    def seen(self) -> int | None:
        """The seat whose hand is in this view (at most one is ever seen at a time), or None."""
        return next((seat for seat, hand in enumerate(self.hands) if hand is not None), None)

    def refusal(self, action: Any) -> Refusal | None:
        """Why the rules would refuse ``action`` of ``current_player`` now, or None when it is legal
        (:meth:`QueensState.refusal`, asked of what this view holds: right wherever the decider's
        hand is in the view, or the action needs none, as picking a queen)."""
        return self._probe().refusal(action)

    def play_refusal(self, card: str) -> Refusal | None:
        """Why the decider cannot play ``card`` at all now (:meth:`QueensState.play_refusal`, asked
        of what this view holds, like :meth:`refusal`)."""
        return self._probe().play_refusal(card)

    def _probe(self) -> QueensState:
        """A state that holds what this view holds and nothing more: a sleeping queen as "?" (which
        one is nobody's to know here), a hand not in the view as no cards, no draw pile.  The rules' checks of the decider's action read no more than that; it is
        only asked, never played."""
        probe = QueensState(self.num_players, _PROBE_RNG)
        probe.slots = ["?" if asleep else None for asleep in self.asleep]
        probe.awake = [list(queens) for queens in self.awake]
        probe.hands = [list(hand or ()) for hand in self.hands]
        probe.discard = list(self.discard)
        probe.turn_player, probe.current_player = self.turn_player, self.current_player
        pending = self.pending
        probe.pending = None if pending is None else {
            name: value for name, value in vars(pending).items() if value is not None}
        return probe


class QueensState(UndoSteps):
    """A game of Sleeping Queens in progress.

    Public attributes (the engine contract; tests may set them to build a position): ``hands``,
    ``awake`` (queens in front of each seat), ``slots`` (12 entries, ``None`` = empty),
    ``draw_pile`` (top = last), ``discard``, ``turn_player``, ``current_player`` (the victim
    during a defence, the counted seat after a jester), and ``pending``: ``None`` in an ordinary
    turn, ``{"kind": "knight"|"potion", "attacker", "target", "queen"[, "slot"]}`` while the victim
    answers, ``{"kind": "wake", "reason": "jester"|"rose", "seat"}`` while a seat picks a slot.
    """

    game_id = GAME_ID
    #: What may be taken back (see :class:`UndoSteps`): a knight's or a potion's target, until the
    #: victim answers.  Never a king or a wake (a queen is turned up), a jester (a card is turned
    #: up), a discard or an answer (cards are drawn).  Cards picked for a discard are the scene's
    #: until they are thrown away: a tap on a picked card puts it back.
    UNDOABLE = frozenset({"knight", "potion"})
    #: Whether the game is over: kept by :attr:`winners` (asked before every step, so a plain
    #: attribute rather than a property worked out at each asking).
    is_over: bool
    _winners: list[int]

    def __init__(self, num_players: int, rng: random.Random, options: Mapping[str, Any] | None = None) -> None:
        check_players(TITLE, num_players, MIN_PLAYERS, MAX_PLAYERS)
        self.num_players = num_players
        self.rng = rng
        self.options = dict(options or {})
        self.hands: list[list[str]] = [[] for _ in range(num_players)]
        self.awake: list[list[str]] = [[] for _ in range(num_players)]
        self.slots: list[str | None] = [None] * NUM_SLOTS
        self.draw_pile: list[str] = []
        self.discard: list[str] = []
        self.turn_player = 0
        self.current_player = 0
        self.pending: dict | None = None
        self.winners = []
        self.turn = 0

    # -- what everyone can see --------------------------------------------------------------------
    @property
    def winners(self) -> list[int]:
        """The seats that won (several share a win), empty while the game goes on.  Set as a whole
        (the rules never change the list in place), which sets :attr:`is_over` too."""
        return self._winners

    @winners.setter
    def winners(self, seats: list[int]) -> None:
        self._winners = seats
        self.is_over = bool(seats)

    @property
    def scores(self) -> list[int]:
        """Points of the awake queens in front of each seat."""
        return [sum(QUEEN_POINTS[q] for q in queens) for queens in self.awake]

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know: its own hand, everything on the table, the pile sizes, the
        (face-up) discard pile and the pending attack or wake; never another hand, the order of
        the draw pile or which queen sleeps in which slot."""
        check_seat(seat, self.num_players)
        queens, points = thresholds(self.num_players)
        return {
            "seat": seat, "num_players": self.num_players, "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands], "awake": [list(a) for a in self.awake],
            "sleeping": [q is not None for q in self.slots], "draw_size": len(self.draw_pile),
            "discard": list(self.discard), "turn_player": self.turn_player,
            "current_player": self.current_player,
            "pending": dict(self.pending) if self.pending else None,
            "scores": self.scores, "winners": list(self.winners), "turn": self.turn,
            "threshold": {"queens": queens, "points": points},
        }

    def view(self, sees: Callable[[int], bool]) -> QueensView:
        """The table as it may be drawn now: the hand of a seat only where ``sees(seat)`` (the
        watching model: that seat's private moment, or the only person at the table), its size
        for everybody, and never which queen sleeps where.  Nothing of the state itself is handed out."""
        pending = self.pending
        return QueensView(
            self.num_players, tuple(q is not None for q in self.slots), tuple(map(tuple, self.awake)),
            tuple(map(len, self.hands)), tuple(tuple(h) if sees(s) else None for s, h in enumerate(self.hands)),
            len(self.draw_pile), tuple(self.discard), self.turn_player, self.current_player,
            None if pending is None else QueensPending(**pending))

    # -- deciding ---------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action of ``current_player`` (rules: A turn)."""
        if self.is_over:
            return []
        pending = self.pending
        if pending is not None:
            if pending["kind"] == "wake":
                return list(compress(_WAKE, self.slots))  # a slot is None or holds a queen's name
            counter = COUNTER[pending["kind"]]
            return [_DEFEND, _ALLOW] if counter in self.hands[pending["target"]] else [_ALLOW]
        p = self.turn_player
        hand = self.hands[p]
        try:
            a, b, c, d, e = hand
            prime = _CARD_PRIME
            characters, rest = _HAND_PLANS[prime[a] * prime[b] * prime[c] * prime[d] * prime[e]]
        except (ValueError, KeyError):  # a hand of another size than five, built by hand
            characters = ("king" in hand) | ("knight" in hand) << 1 | ("potion" in hand) << 2
            rest = ((_JESTER,) if "jester" in hand else ()) + _discard_actions(hand)
        if not characters:
            return list(rest)
        actions: list[Action] = []
        if characters & 1:
            actions += compress(_KING, self.slots)  # a slot is None or holds a queen's name
        if characters & 6:
            awake = self.awake
            opponents = _OPPONENTS[self.num_players][p]
            if characters & 2:
                mine = awake[p]
                barred = _BARRED["cat" in mine]["dog" in mine]
                for t in opponents:
                    knights = _KNIGHT_OF[t]
                    for q in awake[t]:
                        if q not in barred:
                            actions.append(knights[q])
            if characters & 4:
                empty: list[bool] | None = None     # the empty slots, once a potion has a queen to aim at
                for t in opponents:
                    potions = _POTION_OF[t]
                    for q in awake[t]:
                        if empty is None:
                            empty = list(map(is_, self.slots, _NONES))
                        actions += compress(potions[q], empty)
        actions += rest
        return actions

    def _apply(self, action: Action) -> list[Event]:
        """Play one action of ``current_player``; an illegal one raises :class:`IllegalActionError`
        and changes nothing (every check comes before the first change)."""
        if self.is_over:
            raise IllegalActionError("the game is over: every action is refused", "game_over")
        try:
            kind, slot, target, queen, cards, discarded = _BUILT_PARTS[id(action)]
        except KeyError:
            ACTIONS.check(action)
            kind, slot, target, queen, cards, discarded = _parts(action)
        p = self.current_player
        if discarded is not None and self.pending is None and p == self.turn_player:
            # The most frequent action, a discard of cards that go together (``discarded`` is
            # prepared only for those: one card, a pair, an equation) in an ordinary turn: legal
            # when the hand holds them.
            hand = self.hands[p]
            if len(cards) == 1:
                card = cards[0]
                if card in hand:
                    # One card: then nearly always one card drawn, with prepared events.
                    hand.remove(card)
                    self.discard.append(card)
                    pile = self.draw_pile
                    drew_one = _DREW_ONE[p]
                    if len(hand) == HAND_SIZE - 1 and pile and pile[-1] in drew_one:
                        top = pile.pop()
                        hand.append(top)
                        self.turn += 1
                        self.turn_player = self.current_player = seat = (p + 1) % self.num_players
                        return [discarded[p], *drew_one[top], _TURN[seat]]
                    return self._end_turn([discarded[p]])
            else:
                for card in cards:
                    if hand.count(card) < cards.count(card):
                        break           # not held: refused below
                else:
                    for card in cards:
                        hand.remove(card)
                    self.discard.extend(cards)
                    return self._end_turn([discarded[p]])
        # The next most frequent, a king on a sleeping queen in an ordinary turn, is legal at a glance too.
        if not (kind == "king" and self.pending is None and "king" in self.hands[self.turn_player]
                and 0 <= slot < NUM_SLOTS and self.slots[slot] is not None):
            problem = self._problem(kind, slot, target, queen, cards)
            if problem is not None:
                raise problem
        if kind == "discard":
            hand = self.hands[p]
            for card in cards:
                hand.remove(card)
            self.discard.extend(cards)
            return self._end_turn([discarded[p] if discarded else
                                   Event("discarded", player=p, cards=_sorted_cards(cards))])
        if kind == "wake":
            return self._pick_slot(slot)
        if kind in ("defend", "allow"):
            return self._answer(kind == "defend")
        self.hands[p].remove(kind)
        self.discard.append(kind)
        if kind == "king":
            return self._wake(p, slot, "king", [_PLAYED_KING[p][slot]])
        if kind == "knight":
            self.pending = {"kind": "knight", "attacker": p, "target": target, "queen": queen}
            self.current_player = target
            played = _KNIGHT_PLAYED[p][target]
            return [played[queen] if queen in played else Event("played", card="knight", player=p, queen=queen,
                                                                 target=target)]
        if kind == "potion":
            self.pending = {"kind": "potion", "attacker": p, "target": target, "queen": queen, "slot": slot}
            self.current_player = target
            return [Event.from_items("played", (("card", "potion"), ("player", p), ("queen", queen), ("slot", slot),
                                           ("target", target)))]
        return self._jester(p, [_PLAYED_JESTER[p]])

    def refusal(self, action: Any) -> Refusal | None:
        """Why the rules would refuse ``action`` now (see :data:`REFUSALS`), or None when it is
        legal: the very check :meth:`apply` makes, without changing or copying anything."""
        if self.is_over:
            return Refusal("game_over")
        parts = _BUILT_PARTS.get(id(action))
        if parts is None:
            malformed = ACTIONS.problem(action)
            if malformed is not None:
                return malformed.refusal
            parts = _parts(action)
        kind, slot, target, queen, cards, _ = parts
        problem = self._problem(kind, slot, target, queen, cards)
        return None if problem is None else problem.refusal

    def play_refusal(self, card: str) -> Refusal | None:
        """Why the current player cannot play ``card`` (a king, a knight or a potion) at all now, or
        None when some action of it is legal: ``no_target`` when nothing on the table is one for
        it (no sleeping queen for a king, no queen of another player a knight may take, for a
        potion no such queen or no empty place), or why no card can be played now."""
        if self.is_over:
            return Refusal("game_over")
        problem = self._turn_problem(card)
        if problem is None and not self._has_target(card):
            problem = IllegalActionError(f"a {card} has no target now", "no_target", card=card)
        return None if problem is None else problem.refusal

    def _turn_problem(self, kind: str) -> IllegalActionError | None:
        """Why a card of this kind cannot be played now whatever it aims at, or None."""
        pending = self.pending
        if pending is not None:
            if pending["kind"] == "wake":
                return IllegalActionError(f"seat {self.current_player} must now pick a sleeping queen to wake "
                                          f"('wake')", "must_wake")
            return IllegalActionError(f"seat {self.current_player} must first answer the {pending['kind']} "
                                      f"('defend' or 'allow')", "must_answer", attack=pending["kind"])
        p = self.turn_player
        if kind not in self.hands[p]:
            return IllegalActionError(f"seat {p} holds no {kind}", "not_in_hand", card=kind)
        return None

    def _has_target(self, kind: str) -> bool:
        """Whether a king, knight or potion of the turn player has any target on the table."""
        if kind == "king":
            return any(self.slots)
        p = self.turn_player
        opponents = _OPPONENTS[self.num_players][p]
        if kind == "knight":
            mine = self.awake[p]
            return any(RIVAL.get(q) not in mine for t in opponents for q in self.awake[t])
        return None in self.slots and any(self.awake[t] for t in opponents)

    def _problem(self, kind: str, slot: Any, target: Any, queen: Any, cards: Any) -> IllegalActionError | None:
        """The error that refuses the action of these parts (see :func:`_parts`; its code one of
        :data:`REFUSALS`), or None when it is legal now."""
        pending = self.pending
        if pending is not None:
            if pending["kind"] == "wake":
                if kind != "wake":
                    return self._turn_problem(kind)
                return self._slot_problem(slot, asleep=True)
            if kind not in ("defend", "allow"):
                return self._turn_problem(kind)
            counter = COUNTER[pending["kind"]]
            if kind == "defend" and counter not in self.hands[pending["target"]]:
                return IllegalActionError(f"only a {counter} stops a {pending['kind']}, and seat {pending['target']} "
                                          f"holds none", "no_counter", counter=counter, attack=pending["kind"])
            return None
        p = self.turn_player
        hand = self.hands[p]
        if kind == "discard":
            if len(cards) == 1 and cards[0] in hand:
                return None
            return self._discard_problem(p, hand, cards)
        if kind in ("wake", "defend", "allow"):
            return IllegalActionError(f"there is nothing to {'answer' if kind != 'wake' else 'wake'} now: it is an "
                                      f"ordinary turn", "nothing_pending")
        if kind not in hand:
            return self._turn_problem(kind)
        if kind == "king":
            problem = self._slot_problem(slot, asleep=True)
        elif kind not in ("knight", "potion"):
            return None
        elif not 0 <= target < self.num_players or target == p:
            code = "own_queen" if target == p else "no_such_seat"
            problem = IllegalActionError(f"the target {target!r} is not an opponent's seat", code, target=target,
                                         queen=queen)
        elif queen not in self.awake[target]:
            problem = IllegalActionError(f"seat {target} has no awake {queen!r} queen", "not_a_target",
                                         target=target, queen=queen)
        elif kind == "knight" and RIVAL.get(queen) in self.awake[p]:
            problem = IllegalActionError(f"the {queen} queen may not join the {RIVAL[queen]} queen: a knight cannot "
                                         f"steal her", "protected", queen=queen, rival=RIVAL[queen])
        elif kind == "potion":
            problem = self._slot_problem(slot, asleep=False)
        else:
            return None
        if problem is not None and not self._has_target(kind):
            # nothing on the table is a target for this card: that is the first reason
            return IllegalActionError(f"{problem} (a {kind} has no target now)", "no_target", card=kind)
        return problem

    def _discard_problem(self, p: int, hand: list[str], cards: tuple[str, ...]) -> IllegalActionError | None:
        """Why these cards cannot be thrown away together, or None (rules: Discard to draw)."""
        if not cards:
            return IllegalActionError("a discard names at least one card", "no_cards")
        for card in set(cards):
            if card not in CARD_COUNTS:
                return IllegalActionError(f"{card!r} is not a card of Sleeping Queens", "not_a_card", card=card)
            if cards.count(card) > hand.count(card):
                return IllegalActionError(f"seat {p} does not hold {cards.count(card)} of {card!r}", "not_in_hand",
                                          card=card, count=cards.count(card))
        if cards in _DISCARDED or is_valid_discard(cards):
            return None
        sentence = f"{list(cards)} is no discard: one card, a pair of equal numbers or an addition of three or more numbers"
        if any(c not in NUMBER_VALUE for c in cards):
            return IllegalActionError(sentence, "not_alone", cards=cards)
        picked = Counter(cards)
        if any(not picked - Counter(action.cards) for action in _discard_actions(hand)):
            # more number cards from the hand make a pair or a sum with these
            return IllegalActionError(sentence, "not_a_sum_yet", cards=cards)
        return IllegalActionError(sentence, "no_pair_no_sum", cards=cards)

    def _slot_problem(self, slot: int, asleep: bool) -> IllegalActionError | None:
        if not 0 <= slot < NUM_SLOTS:
            return IllegalActionError(f"there is no slot {slot!r} (slots are 0 to {NUM_SLOTS - 1})", "no_such_slot",
                                      slot=slot)
        if asleep and self.slots[slot] is None:
            return IllegalActionError(f"no queen sleeps in slot {slot}", "slot_empty", slot=slot)
        if not asleep and self.slots[slot] is not None:
            return IllegalActionError(f"slot {slot} is not empty", "slot_taken", slot=slot)
        return None

    # -- the moves --------------------------------------------------------------------------------
    def _wake(self, seat: int, slot: int, by: str, events: list[Event]) -> list[Event]:
        """Wake the queen in ``slot`` for ``seat`` (rules: King, Jester, Rose Queen, Cat and Dog);
        the events are added to ``events``, which are returned.

        A Cat woken by the holder of the Dog (or the reverse) goes back face down into her slot
        and the waking ends.  Rose woken by a king or a jester count gives one more pick.  The turn
        ends after the waking unless the game is over or that pick is pending."""
        slots = self.slots
        queen = slots[slot]
        assert queen is not None                # an empty slot is refused before
        woken = _QUEEN_WOKEN[by][seat][slot]
        events.append(woken[queen] if queen in woken else Event("queen_woken", by=by, player=seat, queen=queen, slot=slot))
        mine = self.awake[seat]
        if queen in RIVAL and RIVAL[queen] in mine:
            events.append(Event.from_items("queen_returned", (("player", seat), ("queen", queen), ("slot", slot))))
            return self._end_turn(events)
        slots[slot] = None
        mine.append(queen)
        self._check_end(seat, events)
        if self.is_over:
            return events
        if queen == "rose" and by in ("king", "jester") and any(slots):
            self.pending = {"kind": "wake", "reason": "rose", "seat": seat}
            self.current_player = seat
            return events
        return self._end_turn(events)

    def _pick_slot(self, slot: int) -> list[Event]:
        pending = self.pending
        assert pending is not None              # a slot is picked only when a wake is pending
        reason, seat = pending["reason"], pending["seat"]
        self.pending = None
        self.current_player = self.turn_player
        return self._wake(seat, slot, reason, [])

    def _answer(self, defend: bool) -> list[Event]:
        """The victim's answer (rules: Knight, Sleeping Potion): a dragon or wand cancels the
        attack and its player draws one card; otherwise the queen is stolen or put to sleep."""
        attack = self.pending
        assert attack is not None               # an answer answers the attack pending
        self.pending = None
        self.current_player = self.turn_player
        attacker, victim, queen = attack["attacker"], attack["target"], attack["queen"]
        if defend:
            counter = COUNTER[attack["kind"]]
            self.hands[victim].remove(counter)
            self.discard.append(counter)
            events = [Event.from_items("defended", (("attacker", attacker), ("card", counter), ("player", victim),
                                                    ("queen", queen)))]
            events += self._draw(victim, 1)
            return self._end_turn(events)
        events = [_ALLOWED[attacker][victim]]
        self.awake[victim].remove(queen)
        if attack["kind"] == "knight":
            self.awake[attacker].append(queen)
            stolen = _QUEEN_STOLEN[attacker][victim]
            events.append(stolen[queen] if queen in stolen else
                          Event("queen_stolen", player=attacker, queen=queen, target=victim))
            self._check_end(attacker, events)
        else:
            self.slots[attack["slot"]] = queen
            events.append(Event.from_items("queen_slept", (("player", attacker), ("queen", queen),
                                                           ("slot", attack["slot"]), ("target", victim))))
        if self.is_over:
            return events
        return self._end_turn(events)

    def _jester(self, p: int, events: list[Event]) -> list[Event]:
        """Rules, Jester: a character card turned up joins the hand and its player plays again; a
        number N counts seats from the jester player as 1, and the seat it stops at wakes a queen.
        The events are added to ``events``."""
        if not self.draw_pile:
            events += self._reshuffle()
        if not self.draw_pile:
            # Only possible in a hand-built position: there is no card left anywhere to turn up.
            events.append(Event("jester_revealed", player=p, card=None, seat=None))
            return self._end_turn(events)
        card = self.draw_pile.pop()
        if card in POWER_CARDS:
            self.hands[p].append(card)
            events.append(Event.from_items("jester_revealed", (("card", card), ("player", p), ("seat", None))))
            events += self._refill(p)
            events.append(Event.from_items("extra_turn", (("player", p),)))
            return events
        self.discard.append(card)
        seat = jester_count(p, NUMBER_VALUE[card], self.num_players)
        events.append(Event.from_items("jester_revealed", (("card", card), ("player", p), ("seat", seat))))
        if any(self.slots):  # a queen still asleep
            self.pending = {"kind": "wake", "reason": "jester", "seat": seat}
            self.current_player = seat
            return events
        return self._end_turn(events)

    # -- cards in and out of hands ------------------------------------------------------------------
    def _reshuffle(self) -> list[Event]:
        """Rules, A turn: an empty draw pile takes the shuffled discard pile."""
        if not self.discard:
            return []
        self.draw_pile = self.discard
        self.discard = []
        shuffle(self.rng, self.draw_pile)
        return [Event.from_items("reshuffled", (("count", len(self.draw_pile)),))]

    def _draw(self, seat: int, count: int) -> list[Event]:
        events: list[Event] = []
        drawn: list[str] = []
        for _ in range(count):
            if not self.draw_pile:
                events += self._drew(seat, drawn)
                drawn = []
                events += self._reshuffle()
                if not self.draw_pile:
                    break
            drawn.append(self.draw_pile.pop())
        events += self._drew(seat, drawn)
        return events

    def _drew(self, seat: int, cards: list[str] | tuple[str, ...]) -> list[Event]:
        if not cards:
            return []
        self.hands[seat].extend(cards)
        count = len(cards)
        return [Event.from_items("drew", (("cards", tuple(cards)), ("player", seat), ("private_to", seat))),
                _CARDS_DRAWN[seat][count] if count <= HAND_SIZE else Event("cards_drawn", player=seat, count=count)]

    def _refill(self, seat: int) -> list[Event]:
        missing = HAND_SIZE - len(self.hands[seat])
        return self._draw(seat, missing) if missing > 0 else []

    def _end_turn(self, events: list[Event]) -> list[Event]:
        """The turn player refills to five and the next seat clockwise plays; the events are added
        to ``events``."""
        seat = self.turn_player
        hand = self.hands[seat]
        missing = HAND_SIZE - len(hand)
        if missing > 0:
            pile = self.draw_pile
            if missing == 1 and pile and pile[-1] in _DREW_ONE[seat]:
                # The most frequent refill, after a one-card discard: prepared events.
                card = pile.pop()
                hand.append(card)
                events += _DREW_ONE[seat][card]
            elif missing <= len(pile):  # as nearly always: one slice, the top card (the last) first
                drawn = tuple(pile[:-missing - 1:-1])
                del pile[-missing:]
                events += self._drew(seat, drawn)
            else:
                events += self._draw(seat, missing)
        self.turn += 1
        self.turn_player = self.current_player = seat = (seat + 1) % self.num_players
        events.append(_TURN[seat])
        return events

    def _check_end(self, seat: int, events: list[Event]) -> None:
        """Rules, End of the game: ``seat`` just gained a queen; it wins at once on reaching the
        threshold; with every queen awake and no one there, the highest scores share the win (a
        ``game_over`` event is added to ``events``)."""
        queens, points = _THRESHOLDS[self.num_players]
        mine = self.awake[seat]
        if len(mine) >= queens or sum(map(_POINTS_OF, mine)) >= points:
            self.winners = [seat]
        elif not any(self.slots):  # no queen asleep
            scores = self.scores
            best = max(scores)
            self.winners = [s for s, score in enumerate(scores) if score == best]
        else:
            return
        events.append(Event.from_items("game_over", (("scores", tuple(self.scores)), ("winners", tuple(self.winners)))))

    # -- saving -----------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME_ID, "version": SAVE_VERSION, "num_players": self.num_players,
            "hands": [list(h) for h in self.hands], "awake": [list(a) for a in self.awake],
            "slots": list(self.slots), "draw_pile": list(self.draw_pile), "discard": list(self.discard),
            "turn_player": self.turn_player, "current_player": self.current_player,
            "pending": dict(self.pending) if self.pending else None, "winners": list(self.winners),
            "turn": self.turn, "options": dict(self.options), "rng": rng_state_to_json(self.rng),
            **self.undo_json(),
        }

    def __repr__(self) -> str:
        return (f"QueensState(turn={self.turn}, turn_player={self.turn_player}, "
                f"current={self.current_player}, awake={self.awake})")


def jester_count(jester_player: int, number: int, num_players: int) -> int:
    """Rules, Jester: count seats clockwise with the jester player as 1; the count stops at
    ``(seat + N - 1) mod players``.

    >>> jester_count(1, 7, 5), jester_count(2, 2, 3), jester_count(0, 1, 4)
    (2, 0, 0)
    """
    return (jester_player + number - 1) % num_players


OPTION_NAMES = frozenset(option.name for option in OPTIONS)


def private_decision(state: QueensState) -> bool:
    """Whether the decision due now is made with the decider's hand in view (rules: Hidden
    information): a turn and an answer to an attack are; picking a queen (the Rose bonus, a
    jester's count) is not, so it needs no curtain."""
    pending = state.pending
    return pending is None or pending["kind"] != "wake"


def auto_answer(state: QueensState, options: Mapping[str, Any]) -> Action | None:
    """With auto-defend on, the answer to an attack: the dragon or the wand whenever the victim
    holds it, else letting it happen (rules: Hidden information); None when nothing is asked."""
    pending = state.pending
    if not options.get("auto_defend") or pending is None or pending["kind"] == "wake":
        return None
    return Action("defend") if COUNTER[pending["kind"]] in state.hands[pending["target"]] else Action("allow")


def new_state(num_players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> QueensState:
    """A new game (rules: Setup): the queens shuffled into the slots, five cards to each seat,
    seat 0 starts.  ``auto_defend`` is kept for the controller; the engine always offers both
    answers."""
    if options:
        game_options(options, OPTIONS)      # checked; the state keeps what was given (its saves too)
    rng = new_rng(seed)
    state = QueensState(num_players, rng, options)
    queens: list[str | None] = list(QUEENS)
    shuffle(rng, queens)
    state.slots = queens
    deck = list(DECK)
    shuffle(rng, deck)
    hands = state.hands
    for seat in range(num_players):
        hands[seat] = deck[:-HAND_SIZE - 1:-1]  # dealt from the top (the end), one card after another
        del deck[-HAND_SIZE:]
    state.draw_pile = deck
    return state


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, with the same draws from
    ``rng`` (a seed keeps dealing the same games), at half the cost: CPython's shuffle for a plain
    ``random.Random`` swaps each position from the last down with one drawn below it by
    ``getrandbits`` with rejection, and here that draw is made without a method call per card.
    Another generator (a subclass with its own ``random()``) is left to its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    size = len(cards)
    steps = _SHUFFLE_STEPS[size] if size < len(_SHUFFLE_STEPS) else _shuffle_steps(size)
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The positions :func:`shuffle` swaps, from the last down: each with the number of places to
    draw from and the bits of that draw."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


#: Every pile of the game at most (67 cards, or 12 queens) is shuffled with steps made once.
_SHUFFLE_STEPS = tuple(_shuffle_steps(size) for size in range(len(DECK) + 1))


def state_from_json(data: Mapping[str, Any]) -> QueensState:
    """Rebuild a state from :meth:`QueensState.to_json`; damaged data raises
    :class:`StateDataError` with a sentence.  Checked: every type and range, the 67 other cards
    exactly once over hands, draw pile and discard, the 12 queens exactly once over slots and
    awake piles, that the pending attack or wake fits the seats, and, in a game not over, that
    the rules can reach the position (see :func:`_check_reachable`)."""
    return read_save(data, GAME_ID, TITLE, SAVE_VERSION, _restore)


QueensState._undo_reader = staticmethod(state_from_json)
_PROTOCOL: type[GameState[QueensView]] = QueensState    # the type checker (.ci/run) holds it to the protocol


def _restore(saved: SaveReader) -> QueensState:
    n = saved.players(MIN_PLAYERS, MAX_PLAYERS)
    options = saved.options(OPTIONS)
    state = QueensState(n, saved.rng(), options)
    _read_cards(saved, state)
    state.turn_player = saved.seat("turn_player", n, "turn player")
    state.current_player = saved.seat("current_player", n, "current player")
    state.pending = _read_pending(saved, state)
    state.winners = saved.seats("winners", n, "winners")
    state.turn = saved.turn()
    if not state.winners:
        _check_reachable(saved, state)
    return state


def _read_cards(saved: SaveReader, state: QueensState) -> None:
    """The hands, the awake queens, the slots and both piles: the 67 cards and the 12 queens, each
    exactly once, no hand over five, Cat and Dog never before the same seat."""
    n = state.num_players
    state.hands = saved.per_seat_cards("hands", n, "hands", "the hand of seat {}".format, CARD_COUNTS)
    saved.need(all(len(hand) <= HAND_SIZE for hand in state.hands), f"a hand holds more than {HAND_SIZE} cards")
    state.awake = saved.per_seat_cards("awake", n, "awake queens", "the awake queens of seat {}".format, QUEEN_POINTS)
    state.slots = _read_slots(saved)
    state.draw_pile = saved.cards("draw_pile", "the draw pile", CARD_COUNTS)
    state.discard = saved.cards("discard", "the discard pile", CARD_COUNTS)
    saved.exactly_once([card for hand in state.hands for card in hand] + state.draw_pile + state.discard, DECK,
                       "the cards are not the 67 cards of the game, each exactly once (over hands, draw pile and "
                       "discard pile)")
    saved.exactly_once([queen for queen in state.slots if queen is not None]
                       + [queen for queens in state.awake for queen in queens], QUEENS,
                       "the queens are not the 12 queens, each exactly once (over the slots and the awake queens)")
    saved.need(not any("cat" in queens and "dog" in queens for queens in state.awake),
               "a player holds both the Cat and the Dog queen, which the rules forbid")


def _read_slots(saved: SaveReader) -> list[str | None]:
    """The twelve places of the sleeping queens: a queen, or None where one was woken."""
    slots = saved["slots"]
    saved.need(isinstance(slots, list) and len(slots) == NUM_SLOTS
               and all(queen is None or (isinstance(queen, str) and queen in QUEEN_POINTS) for queen in slots),
               f"the slots are not {NUM_SLOTS} queens or empty places")
    return list(slots)


def _check_reachable(saved: SaveReader, state: QueensState) -> None:
    """Refuse a game in progress that the rules can never reach, which would leave a seat with no
    legal action (a save is checked before anyone plays it on).

    Every hand is refilled to five at the end of each turn, and a defender draws back to five at
    once, so between two decisions every hand holds five cards, except the turn player's while
    something is pending (an answer to their attack, a queen to pick after their king or jester):
    their card is played and not yet replaced, so four.  The card played for what is pending
    still lies on top of the discard pile (nothing is drawn before the answer or the pick): the
    knight or potion of an attack, the king before a Rose bonus, and the number card of a jester,
    which counts to the seat that picks."""
    _check_hand_sizes(saved, state)
    if state.pending is not None:
        _check_pending_card(saved, state, state.pending)
    saved.need(bool(state.legal_actions()), f"seat {state.current_player} has nothing they could do")


def _check_hand_sizes(saved: SaveReader, state: QueensState) -> None:
    """Five cards in every hand, four in the turn player's while something is pending."""
    waiting = None if state.pending is None else state.turn_player
    for seat, hand in enumerate(state.hands):
        want = HAND_SIZE - 1 if seat == waiting else HAND_SIZE
        saved.need(len(hand) == want, f"seat {seat} holds {len(hand)} cards, and at this point of a turn the rules "
                                      f"leave {want} in that hand")


def _check_pending_card(saved: SaveReader, state: QueensState, pending: dict) -> None:
    """The card that made the pending decision lies on top of the discard pile."""
    top = state.discard[-1] if state.discard else ""
    kind = pending["kind"]
    if kind in COUNTER:
        saved.need(top == kind, f"the {kind} of the attack waiting for an answer is not on top of the discard pile")
        queen = pending["queen"]
        saved.need(kind != "knight" or RIVAL.get(queen) not in state.awake[pending["attacker"]],
                   f"a knight is stealing the {queen} queen for the holder of the {RIVAL.get(queen)} queen, "
                   f"which the rules forbid")
        return
    seat, turn_player = pending["seat"], state.turn_player
    counted = top in NUMBER_VALUE and jester_count(turn_player, NUMBER_VALUE[top], state.num_players) == seat
    after_king = pending["reason"] == "rose" and top == "king" and seat == turn_player
    saved.need(counted or after_king, f"seat {seat} is to pick a sleeping queen, but neither a jester's card nor a "
                                      f"king on top of the discard pile gives them one")


#: The keys a saved pending decision has, by its kind: a queen to pick, an attack to answer.
_PENDING_KEYS: Mapping[str, frozenset[str]] = MappingProxyType({
    "wake": frozenset({"kind", "reason", "seat"}),
    "knight": frozenset({"kind", "attacker", "target", "queen"}),
    "potion": frozenset({"kind", "attacker", "target", "queen", "slot"}),
})


def _read_pending(saved: SaveReader, state: QueensState) -> dict | None:
    """The pending attack or wake, checked against the seats, the queens and the slots."""
    pending = saved["pending"]
    if pending is None:
        saved.need(state.current_player == state.turn_player,
                   "the current player differs from the turn player, but nothing is pending")
        return None
    kind = pending.get("kind") if isinstance(pending, dict) else None
    fits = _wake_fits if kind == "wake" else _attack_fits
    saved.need(isinstance(kind, str) and set(pending) == _PENDING_KEYS.get(kind) and fits(pending, state),
               f"the pending decision {brief(pending, 80)} does not fit the game")
    return dict(pending)


def _wake_fits(pending: dict, state: QueensState) -> bool:
    """A queen to pick: after a jester or a Rose bonus, by the seat deciding now, from a slot not empty."""
    seat = pending["seat"]
    return (pending["reason"] in ("jester", "rose") and is_int(seat) and seat == state.current_player
            and any(queen is not None for queen in state.slots))


def _attack_fits(pending: dict, state: QueensState) -> bool:
    """A knight or potion of the turn player, aimed at a queen awake before the seat answering now
    (and, for a potion, the empty slot she goes to sleep in)."""
    attacker, target, queen = pending["attacker"], pending["target"], pending["queen"]
    if not (is_int(attacker) and is_int(target) and attacker != target
            and (attacker, target) == (state.turn_player, state.current_player)):
        return False
    if not (isinstance(queen, str) and queen in state.awake[target]):
        return False
    slot = pending.get("slot", -1)
    return pending["kind"] != "potion" or (is_int(slot) and 0 <= slot < NUM_SLOTS and state.slots[slot] is None)
