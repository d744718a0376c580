"""Computer players of Sleeping Queens.  Pure: they see only their seat's observation, the legal
actions and a memory built from the events their seat was shown (design.md, Computer players).

Every level weighs its actions in points: a queen is worth her points and a share of the queens a
player needs; what an opponent loses counts as much as what the player gains, more for the one
nearest to winning.  The levels differ in what they notice:

* **easy** plays like a young child: a king, a knight or a potion whenever it holds one (on the
  queen with the most points), always defends, and otherwise throws away one card or a pair; it
  never builds a sum and forgets everything;
* **normal** plays like a careful older child: it weighs every card it may play, throws away the
  longest sum it can find, keeps its useful cards and goes for a win it can see; it never plays a
  jester (it throws it away) and forgets where queens sleep;
* **hard** counts the cards: those not in its hand or the discard pile are in the other hands or
  the draw pile, so it knows how likely a dragon or a wand answers an attack and what a jester
  will turn up; it remembers which queen sleeps in which slot (a potion or a Cat/Dog return shows
  her), knows which queens are still asleep and their points, keeps a dragon or a wand while it
  has queens to guard, and aims at the opponent nearest to winning;
* **fair** keeps a game close: at each decision it plays as hard or holds back, playing as easy
  (or as normal against opponents who play well).  It plays its best more often the better its
  opponents throw cards away (a young child throws away one card at a time, a strong player whole
  sums), more while it trails and less while it leads.  Every move it makes is one a level makes.
  Holding back it still plays on as easy does (wakes queens with kings), so every game with it
  ends as soon as one with a normal computer, even against players who play at random
  (bench/levels.py): it needs no pace (kidgames/core/pace.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from kidgames.core.protocol import Action, ComputerPlayer, Event, Remember
from kidgames.core.seats import LEVELS

from .rules import CARD_COUNTS, NUMBER_VALUE, POWER_CARDS, QUEEN_POINTS, QUEENS, RIVAL, jester_count

EASY, NORMAL, HARD, FAIR = "easy", "normal", "hard", "fair"
#: What one queen is worth towards the number of queens that wins, beside her points.
QUEEN_COUNT_WORTH = 10.0
#: What winning is worth: more than anything else an action can bring.
WIN = 1000.0
#: How dear a card is to keep in the hand (the first single discards are the cheapest ones).
KEEP_VALUE = {"king": 10.0, "knight": 12.0, "potion": 6.0, "dragon": 4.0, "wand": 3.0, "jester": 4.0}
#: What one fresh card drawn is worth, for the levels that do not count what is left.
FRESH_CARD = 3.0
#: What an extra turn is worth (a jester that turns up a character card gives one).
EXTRA_TURN = 12.0


@dataclass(frozen=True)
class QueensStyle:
    """What a level notices (see the module's docstring)."""

    counts: bool = False        # counts the cards not seen: the chance of a defence, the jester's odds
    remembers: bool = False     # remembers which queen sleeps where
    jester: bool = True         # plays a jester at all
    sums: bool = True           # throws away sums of three or more numbers
    guards: bool = False        # keeps a dragon or wand while it has queens to guard
    child: bool = False         # plays any character card it holds, picks its discards at random


STYLES = {
    EASY: QueensStyle(jester=False, sums=False, child=True),
    NORMAL: QueensStyle(jester=False),
    HARD: QueensStyle(counts=True, remembers=True, guards=True),
}


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    """The computer's decision among ``actions`` (the legal ones) for its seat."""
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    if level not in LEVELS:
        raise ValueError(f"a computer plays at level {', '.join(LEVELS)}, not {level!r}")
    if len(actions) == 1:
        return actions[0]
    if level == FAIR:
        level = _fair(observation, rng, memory)
    style = STYLES[level]
    view = _View(observation, memory if style.remembers else {}, style)
    if style.child:
        return _child(view, actions, rng)
    return best_action(view, actions, rng)


def best_action(view: "_View", actions: list[Action], rng: random.Random) -> Action:
    """The action ``view`` values most (the first of equals, a little noise breaking ties
    differently from game to game)."""
    best, best_value = actions[0], None
    for action in actions:
        value = view.value(action) + rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    """Hard and fair players note which queen lies asleep in which slot, as the public events show
    it (a potion or a Cat/Dog return names her); easy and normal players forget."""
    if level not in (HARD, FAIR):
        return
    if level == FAIR and event.kind == "discarded" and event.player != seat:
        discards, cards = _others_discards(memory)
        memory["others"] = [discards + 1, cards + len(event.cards)]
    asleep = memory.setdefault("asleep", {})
    kind = event.kind
    if kind in ("queen_slept", "queen_returned"):
        asleep[str(event.slot)] = event.queen
    elif kind == "queen_woken":
        asleep.pop(str(event.slot), None)


def progress(observation: dict, seat: int) -> float:
    """How near ``seat`` is to winning, 0 to 1 (the larger of its queen and point shares)."""
    need = observation["threshold"]
    return max(len(observation["awake"][seat]) / need["queens"], observation["scores"][seat] / need["points"])


#: fair: the cards per discard of its opponents that make it play as easy (a young child throws
#: away one card at a time) and as hard (a strong player throws away sums), and how many discards
#: halfway between it has in mind before it has seen any.
FAIR_CHILD, FAIR_STRONG, FAIR_PRIOR = 1.15, 1.6, 1
#: fair: how much its lead (its progress, 0 to 1, less the best other player's) changes the
#: chance that it plays its best: FAIR_TRAILS more for each unit it trails, FAIR_LEADS less for
#: each unit it leads beyond FAIR_EVEN; with more players it counts itself FAIR_MANY further ahead
#: for each one more (one player of three should win a third of the games).
FAIR_TRAILS, FAIR_LEADS, FAIR_EVEN, FAIR_MANY = 1.0, 1.5, 0.1, 0.35


def _fair(observation: dict, rng: random.Random, memory: dict) -> str:
    """fair: the level it plays at for this decision: hard, or holding back as easy (as normal
    against opponents who play well).  How often it plays its best follows how well its opponents
    throw cards away and the game: it holds back more while it leads, less while it trails."""
    me = observation["seat"]
    others = [progress(observation, s) for s in range(observation["num_players"]) if s != me]
    lead = progress(observation, me) - max(others) + FAIR_MANY * (len(others) - 1)
    discards, cards = _others_discards(memory)
    mean = (cards + FAIR_PRIOR * (FAIR_CHILD + FAIR_STRONG) / 2) / (discards + FAIR_PRIOR)
    will = (mean - FAIR_CHILD) / (FAIR_STRONG - FAIR_CHILD)
    best = min(1.0, max(0.0, will + FAIR_TRAILS * max(0.0, -lead) - FAIR_LEADS * max(0.0, lead - FAIR_EVEN)))
    if rng.random() < best:
        return HARD
    return NORMAL if will > 0.5 else EASY


def _others_discards(memory: dict) -> tuple[int, int]:
    seen = memory.get("others")
    if isinstance(seen, list) and len(seen) == 2 and all(type(x) is int and x >= 0 for x in seen):
        return seen[0], seen[1]
    return 0, 0


class _View:
    """What one seat makes of its observation and memory, for weighing its actions."""

    def __init__(self, obs: dict, memory: dict, style: QueensStyle) -> None:
        self.obs = obs
        self.style = style
        self.me = obs["seat"]
        self.n = obs["num_players"]
        self.mine = obs["awake"][self.me]
        sleeping = obs["sleeping"]
        asleep = set(QUEENS) - {q for queens in obs["awake"] for q in queens}
        known = {}
        for slot, queen in memory.get("asleep", {}).items():
            if slot.isdigit() and int(slot) < len(sleeping) and sleeping[int(slot)] and queen in asleep:
                known[int(slot)] = queen
        self.known = known
        self.unknown_queens = sorted(asleep - set(known.values()))
        if style.counts:
            unseen = dict(CARD_COUNTS)
            self.unseen: dict[str, int] | None
            for card in list(obs["hand"]) + list(obs["discard"]):
                unseen[card] = unseen.get(card, 0) - 1
            self.unseen = {card: count for card, count in unseen.items() if count > 0}
        else:
            self.unseen = None

    # -- what queens are worth ------------------------------------------------------------------
    def gain(self, seat: int, queen: str) -> float:
        """What ``seat`` gains by taking ``queen`` (winning with her is worth :data:`WIN`)."""
        queens = self.obs["awake"][seat]
        if RIVAL.get(queen) in queens:
            return 0.0
        need = self.obs["threshold"]
        if len(queens) + 1 >= need["queens"] or self.obs["scores"][seat] + QUEEN_POINTS[queen] >= need["points"]:
            return WIN
        return QUEEN_POINTS[queen] + QUEEN_COUNT_WORTH

    def weight(self, seat: int) -> float:
        """How much a loss of ``seat`` is worth to this seat: fully for the only opponent, more for
        the one nearest to winning when a hard player counts who that is."""
        if self.n == 2:
            return 1.0
        if not self.style.counts:
            return 0.5
        return 0.25 + progress(self.obs, seat)

    def denied(self, seat: int, queen: str) -> float:
        """What taking ``queen`` away from ``seat`` is worth (more when it stops a win soon)."""
        value = QUEEN_POINTS[queen] + QUEEN_COUNT_WORTH
        if self.style.counts and progress(self.obs, seat) >= 0.75:
            value *= 1.5
        return self.weight(seat) * value

    def slot_gain(self, slot: int, seat: int | None = None) -> float:
        """What waking the queen in ``slot`` brings ``seat`` (this one by default)."""
        seat = self.me if seat is None else seat
        queen = self.known.get(slot)
        if queen is not None:
            return self.gain(seat, queen) + self._rose_bonus(queen)
        return self.unknown_gain(seat)

    def unknown_gain(self, seat: int) -> float:
        """The mean gain of waking a queen whose slot nobody here knows."""
        queens = self.unknown_queens if self.style.counts else QUEENS
        if not queens:
            return 0.0
        return sum(self.gain(seat, q) + self._rose_bonus(q) for q in queens) / len(queens)

    def _rose_bonus(self, queen: str) -> float:
        return QUEEN_POINTS["cake"] + QUEEN_COUNT_WORTH if queen == "rose" else 0.0

    def best_wake(self, seat: int) -> float:
        known = [self.gain(seat, q) for q in self.known.values()]
        return max(known + [self.unknown_gain(seat)])

    # -- what the hidden cards may do -------------------------------------------------------------
    def chance_held(self, card: str, seat: int) -> float:
        """The chance that ``seat`` holds at least one ``card``: counted by hard, guessed otherwise."""
        if self.unseen is None:
            return 0.2
        total = sum(self.unseen.values())
        copies = self.unseen.get(card, 0)
        hand = self.obs["hand_sizes"][seat]
        if not copies or not total:
            return 0.0
        none = 1.0
        for k in range(min(hand, total)):
            none *= max(0.0, (total - copies - k) / (total - k))
        return 1.0 - none

    def fresh_card(self) -> float:
        """What one card drawn is worth on average."""
        if self.unseen is None:
            return FRESH_CARD
        total = sum(self.unseen.values())
        if not total:
            return FRESH_CARD
        return sum(count * self.keep(card) for card, count in self.unseen.items()) / total

    def keep(self, card: str) -> float:
        """What ``card`` is worth in the hand."""
        if card in NUMBER_VALUE:
            # High numbers are the hardest to fit into a sum: they go first.
            return 1.0 - NUMBER_VALUE[card] / 20
        value = KEEP_VALUE[card]
        if self.style.guards and card in ("dragon", "wand"):
            attack = "knight" if card == "dragon" else "potion"
            threat = 0.0 if not self.mine else (1.0 if self.unseen is None else min(1.0, self.unseen.get(attack, 0) / 2))
            value = 1.0 + 10.0 * threat
        return value

    # -- the actions ------------------------------------------------------------------------------
    def value(self, action: Action) -> float:
        kind = action.kind
        if kind == "defend":
            return 100.0
        if kind == "allow":
            return 0.0
        if kind == "wake":
            return self.slot_gain(action.slot)
        if kind == "king":
            return self.slot_gain(action.slot) - KEEP_VALUE["king"] + self.fresh_card()
        if kind == "knight":
            stolen = self.gain(self.me, action.queen)
            swing = stolen + (0.0 if stolen >= WIN else self.denied(action.target, action.queen))
            blocked = self.chance_held("dragon", action.target)
            return (1 - blocked) * swing - KEEP_VALUE["knight"] + self.fresh_card()
        if kind == "potion":
            blocked = self.chance_held("wand", action.target)
            # The slot does not matter to the potion player; prefer low numbers for a steady choice.
            return ((1 - blocked) * self.denied(action.target, action.queen) - KEEP_VALUE["potion"]
                    + self.fresh_card() - action.slot * 0.001)
        if kind == "jester":
            return self._jester() - KEEP_VALUE["jester"] + self.fresh_card()
        cards = action.cards
        if len(cards) >= 3 and not self.style.sums:
            return -100.0
        return len(cards) * self.fresh_card() - sum(self.keep(c) for c in cards)

    def _jester(self) -> float:
        """A jester: a character card turned up joins the hand and gives another turn; a number
        counts seats, and the seat it stops at wakes a queen."""
        if not self.style.jester:
            return -100.0
        if self.unseen is None:
            return 8.0
        total = sum(self.unseen.values())
        if not total:
            return 0.0
        value = 0.0
        for card, count in self.unseen.items():
            chance = count / total
            if card in POWER_CARDS:
                value += chance * (EXTRA_TURN + self.keep(card))
            else:
                seat = jester_count(self.me, NUMBER_VALUE[card], self.n)
                if seat == self.me:
                    value += chance * self.best_wake(seat)
                else:
                    value -= chance * self.weight(seat) * self.unknown_gain(seat)
        return value


def _child(view: _View, actions: list[Action], rng: random.Random) -> Action:
    """easy: a character card whenever it can (a queen with the most points), a defence whenever
    it can, else one card or a pair thrown away at random."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if "defend" in by_kind:
        return by_kind["defend"][0]
    if "wake" in by_kind:
        return rng.choice(by_kind["wake"])
    characters = [kind for kind in ("king", "knight", "potion") if kind in by_kind]
    if characters:
        kind = rng.choice(characters)
        if kind == "king":
            return rng.choice(by_kind["king"])
        aim = max(QUEEN_POINTS[a.queen] for a in by_kind[kind])
        return rng.choice([a for a in by_kind[kind] if QUEEN_POINTS[a.queen] == aim])
    discards = [a for a in by_kind.get("discard", []) if len(a.cards) <= 2] or actions
    return rng.choice(discards)


# What the turn controller asks of a computer player: the type checker (.ci/run) holds these to it.
_CHOOSE: ComputerPlayer = choose
_REMEMBER: Remember = remember
