"""The computer player of Fairy-Tale Forest: pure, it sees only its seat's observation, the legal
actions, its memory and its random generator, never the state.

Its memory (plain JSON, saved with the game) is built by :func:`remember` from the events its
seat saw: ``seen`` maps a tree slot to the motif it believes is there (its own looks, its own
wrong guesses, trees shown after a right guess), moved along when it sees two trees swapped;
``not_wanted`` lists slots a public wrong guess showed not to hide the card wanted then.  With a
belief where the wanted secret is, it heads for the key space; otherwise it walks to trees it has
not looked under.  The levels differ in how well they remember and how they walk:

* **easy** plays like a young child: it keeps most looks but forgets one now and then, walks to the
  nearest tree it does not know or to the castle, and now and then miscounts (it still walks
  towards its goal, only not always to the best space);
* **normal** keeps nearly every look, works out the last tree when every other motif is placed,
  uses the public wrong guesses, sends a rival's pawn home when it can and uses magic;
* **hard** keeps everything, keeps its pawn off the spaces a rival's next throw is likely to end
  on, sends a rival's pawn home whenever it can, shuffles the stack on a double one when it knows
  many trees but not the wanted one's, and names a tree at random at the castle when three or
  fewer could hide the secret;
* **fair** remembers as hard and plays each turn as hard or takes its time: it walks on to trees
  it does not know instead of going to the castle (nobody sees what it remembers, so nobody sees
  it hold back).  It takes its time the more often the more it has led so far, on average over
  its turns; while the game is even or it trails it plays its best.  Every game with it ends:
  while it is the one who wins the cards and the game drags on, it plays its best more and more
  often (its pace, kidgames/core/pace.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from kidgames.core.pace import pace_need
from kidgames.core.protocol import Action, ComputerPlayer, Event, Remember
from kidgames.core.seats import LEVELS

DIE_SIDES = 6


@dataclass(frozen=True)
class ForestStyle:
    """How a level remembers and walks (see the module's docstring)."""

    keep: float = 1.0           # the chance that a look is kept
    forget: float = 0.0         # the chance, at each turn, that one remembered tree is forgotten
    slips: float = 0.0          # the chance of a miscounted move (towards the goal, not the best)
    deduces: bool = True        # works out the last tree, uses public wrong guesses
    sends_home: float = 3.0     # how many steps it gives up to land on a rival's pawn
    safety: float = 0.0         # steps it gives up for each step it would lose if a rival's next throw sent it home
    magic: bool = True          # jumps or shuffles on a double one
    gambles: int = 0            # names a tree at random when at most this many could hide the secret
    shuffles: bool = False      # shuffles the stack on a double one when it knows many trees but not the secret's
    dawdles: bool = False       # walks on to trees it does not know even when it knows where the secret is


STYLES = {
    "easy": ForestStyle(keep=0.9, forget=0.02, slips=0.2, deduces=False, magic=False),
    "normal": ForestStyle(keep=0.95, forget=0.01, slips=0.05),
    "hard": ForestStyle(sends_home=10.0, safety=0.5, gambles=3, shuffles=True),
}
STYLES["fair"] = STYLES["hard"]
#: How fair plays a turn in which it takes its time: as hard, but it walks on to trees it does not
#: know instead of going to the castle (nobody sees what it remembers, so nobody sees it hold back).
DAWDLE = replace(STYLES["hard"], dawdles=True, gambles=0, shuffles=False)

#: fair: its lead is the cards it has won over the best other player's, counted as cards of a game
#: of FAIR_CARDS (in the short game of 7 a card counts 13/7: a card there is a larger part of the
#: game), with more players plus a card or so for each one more (one player of three should win a
#: third of the games).  The chance of a turn played as hard (else it takes its time) falls by
#: a weight for each card of its lead on average over its throws so far beyond an even lead
#: (FAIR_PRIOR even throws in mind before the first, fewer in a shorter game).
FAIR_PRIOR, FAIR_MANY, FAIR_CARDS = 8, 1.0, 13
#: (that weight, that even lead, what each more player adds to the lead) by the cards in the game:
#: the short game is over in fewer throws, and a lead there weighs more (bench/levels.py measures
#: both; a board of another size takes the nearest).
FAIR_BY_CARDS = {13: (2.5, 0.4, FAIR_MANY), 7: (5.0, 0.6, 1.3 * FAIR_MANY)}
#: fair's pace (kidgames/core/pace.py): the throws of its own a normal computer takes for a card
#: against two players who play at random, by the cards in the game (bench/levels.py; a board of
#: another size takes the nearest).
FAIR_PACE = {13: 3.8, 7: 4.4}


def _fair_mode(observation: dict, rng: random.Random, memory: dict) -> str:
    """fair, at its throw: how it plays this turn, "hard" or "dawdle" (it takes its time).  It
    plays its best while the game has been even or it has trailed, and takes its time the more
    often the more it has led, on average over its throws (a lead of a moment weighs little: against
    a strong player the lead changes hands, against a young child it lasts).  Its pace sets a floor
    under its will to play its best, so that the game ends."""
    me = observation["seat"]
    won = [len(cards) for cards in observation["won"]]
    others = [count for seat, count in enumerate(won) if seat != me]
    cards = len(observation.get("trees") or ()) or FAIR_CARDS
    scale = FAIR_CARDS / cards
    led_weight, even, many = FAIR_BY_CARDS[min(FAIR_BY_CARDS, key=lambda size: (abs(size - cards), size))]
    lead = (won[me] - max(others)) * scale + many * (len(others) - 1)
    # the game's progress is the cards won; the others' share of it, the cards they won
    pace = FAIR_PACE[min(FAIR_PACE, key=lambda size: (abs(size - cards), size))]
    need = pace_need(memory, sum(won) / cards, pace * cards, sum(others) / max(1, sum(won)))
    led = memory.get("led")
    if not (isinstance(led, list) and len(led) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                             for x in led)):
        led = [0.0, 0]
    total, throws = led[0] + lead, led[1] + 1
    memory["led"] = [total, throws]
    will = 1.0 - led_weight * max(0.0, total / (throws + FAIR_PRIOR / scale) - even)
    return "hard" if rng.random() < max(will, need) else "dawdle"


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    """Keep what ``seat`` saw in ``event`` (only events the seat may see reach this)."""
    style = STYLES[level]
    keep, forget = style.keep, style.forget
    seen = memory.setdefault("seen", {})
    kind = event.kind
    if kind in ("peeked", "guessed_wrong") and event.get("private_to") == seat:
        if keep >= 1.0 or rng.random() < keep:
            seen[event.slot] = event.motif
    elif kind == "guessed_right":
        seen[event.slot] = event.motif
        memory.setdefault("won", []).append(event.motif)
    elif kind == "trees_swapped":
        a, b = event.a, event.b
        first, second = seen.pop(a, None), seen.pop(b, None)
        if keep >= 1.0 or rng.random() < keep:
            if first is not None:
                seen[b] = first
            if second is not None:
                seen[a] = second
        excluded = memory.get("not_wanted", {})
        first, second = excluded.pop(a, None), excluded.pop(b, None)
        if first is not None:
            excluded[b] = first
        if second is not None:
            excluded[a] = second
    elif kind == "guess_missed" and event.player != seat:
        memory.setdefault("not_wanted", {}).setdefault(event.slot, [])
        wanted = memory.get("wanted")
        if wanted is not None and wanted not in memory["not_wanted"][event.slot]:
            memory["not_wanted"][event.slot].append(wanted)
    elif kind == "new_wanted":
        memory["wanted"] = event.motif
    elif kind == "turn" and seen and forget and rng.random() < forget:
        del seen[rng.choice(sorted(seen))]


def believed_slot(observation: dict, memory: dict, deduces: bool = True) -> str | None:
    """Where the seat believes the wanted secret is: remembered, or (``deduces``) the one tree left
    when every other motif is placed."""
    wanted = observation["wanted"]
    seen = memory.get("seen", {})
    trees = observation["trees"]
    for slot in trees:
        if seen.get(slot) == wanted:
            return slot
    if not deduces:
        return None
    unknown = [slot for slot in trees if slot not in seen]
    if len(unknown) == 1 and wanted not in seen.values():
        return unknown[0]
    return None


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    """The computer's decision for its seat."""
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    if level not in LEVELS:
        raise ValueError(f"a computer plays at level {', '.join(LEVELS)}, not {level!r}")
    memory["wanted"] = observation["wanted"]
    kinds = {action.kind for action in actions}
    if kinds == {"roll"}:
        if level == "fair":
            # fair decides at its throw how it plays this turn
            memory["mode"] = _fair_mode(observation, rng, memory)
        return actions[0]
    style = STYLES[level]
    if level == "fair" and memory.get("mode") == "dawdle":
        style = DAWDLE
    if kinds == {"guess"}:
        return _guess(observation, actions, style, rng, memory)
    return _Walker(observation, style, memory).best(actions, rng)


def _guess(observation: dict, actions: list[Action], style: ForestStyle, rng: random.Random, memory: dict) -> Action:
    target = believed_slot(observation, memory, style.deduces)
    if target is not None:
        return next(a for a in actions if a.slot == target)
    return rng.choice(_candidates(observation, actions, style, memory) or actions)


def _candidates(observation: dict, actions: list[Action], style: ForestStyle, memory: dict) -> list[Action]:
    """The guesses that may name the wanted secret: trees it does not know (and, if it uses them,
    that no public wrong guess ruled out)."""
    seen = memory.get("seen", {})
    excluded = memory.get("not_wanted", {}) if style.deduces else {}
    wanted = observation["wanted"]
    return [a for a in actions if a.slot not in seen and wanted not in excluded.get(a.slot, [])]


class _Walker:
    """Weighs the moves (and magic) of one throw for one seat."""

    def __init__(self, observation: dict, style: ForestStyle, memory: dict) -> None:
        self.obs = observation
        self.style = style
        board = observation["board"]
        self.board = board
        self.key = board["key"]
        self.distances = _Distances(board["neighbours"])
        seat = observation["seat"]
        seen = memory.get("seen", {})
        self.target = None if style.dawdles else believed_slot(observation, memory, style.deduces)
        self.unknown = {board["slots"][slot] for slot in observation["trees"] if slot not in seen}
        excluded = memory.get("not_wanted", {}) if style.deduces else {}
        wanted = observation["wanted"]
        self.candidates = [slot for slot in observation["trees"]
                           if slot not in seen and wanted not in excluded.get(slot, [])]
        self.rivals = {pos for other, pos in enumerate(observation["positions"]) if other != seat} - {board["village"]}
        self._throws: _Throws | None = None
        self._landings: list[dict[str, int]] | None = None
        self.rival_pawns = [pos for other, pos in enumerate(observation["positions"]) if other != seat]

    def goal_distance(self, node: str) -> float:
        if self.target is not None or not self.unknown:
            return self.distances.between(node, self.key)
        return min(self.distances.between(node, space) for space in self.unknown)

    def danger(self, node: str) -> float:
        """The chance that some rival's next throw ends on ``node`` (sending this pawn home)."""
        if self._landings is None:
            walks = self._walks()
            self._landings = [walks.landings(rival) for rival in self.rival_pawns]
        safe = 1.0
        for landing in self._landings:
            safe *= 1.0 - landing.get(node, 0) / 36
        return 1.0 - safe

    def _walks(self) -> "_Throws":
        if self._throws is None:
            self._throws = _Throws(self.board["neighbours"], self.board["village"])
        return self._throws

    def score(self, action: Action) -> float:
        style, key = self.style, self.key
        if action.kind == "move":
            dest = action.dest
            if self.target is not None:
                if dest == key:
                    value = 1000.0
                else:
                    value = -self.goal_distance(dest)
            elif dest == key:
                few = len(self.candidates)
                value = 60.0 / few if few and few <= style.gambles else -50.0
            elif dest in self.unknown:
                value = 50.0 - self.distances.between(dest, key) / 100
            else:
                value = -self.goal_distance(dest)
            if style.safety and dest != key:
                value -= style.safety * self.danger(dest) * self.distances.between(dest, self.board["village"])
            if action.dice_used == 2 and dest in self.rivals:
                # A rival's pawn goes home.
                value += style.sends_home
            return value
        if not style.magic:
            return -200.0 if action.kind != "magic_jump" or action.node not in self.unknown else -0.5
        if action.kind == "magic_jump":
            if self.target is None and action.node in self.unknown:
                return 50.0 - self.distances.between(action.node, key) / 10
            if self.target is not None:
                return -self.distances.between(action.node, key) - 0.5
            return -100.0
        if action.kind == "magic_shuffle":
            # A new wanted card is worth it when many trees are known and this one is not.
            known = len(self.obs["trees"]) - len(self.unknown)
            if self.target is None and style.shuffles and known * 2 >= len(self.obs["trees"]):
                return 40.0
            return -100.0
        return -200.0           # swapping trees only muddles the computer's own memory

    def best(self, actions: list[Action], rng: random.Random) -> Action:
        scores = [self.score(action) for action in actions]
        if self.style.slips and rng.random() < self.style.slips:
            # A miscount: a move towards the goal, though not the best one.
            moves = [(s, a) for s, a in zip(scores, actions) if a.kind == "move" and s > -50.0]
            if moves:
                top = max(s for s, _ in moves)
                near = [a for s, a in moves if s >= top - 6.0]
                return rng.choice(near)
        best = max(scores)
        return rng.choice([action for action, value in zip(actions, scores) if value == best])


class _Distances:
    """Steps between spaces on the board the observation describes, worked out when asked."""

    def __init__(self, neighbours: dict) -> None:
        self.neighbours = neighbours
        self.tables: dict[str, dict[str, int]] = {}

    def between(self, a: str, b: str) -> int:
        table = self.tables.get(b)
        if table is None:
            table = {b: 0}
            frontier = [b]
            while frontier:
                nxt = []
                for node in frontier:
                    for other in self.neighbours[node]:
                        if other not in table:
                            table[other] = table[node] + 1
                            nxt.append(other)
                frontier = nxt
            self.tables[b] = table
        return table.get(a, 10 ** 6)


class _Throws:
    """Where the walks of a throw can end, as the rules walk them (rules 3 and 4): a walk never
    steps straight back and never enters the village."""

    def __init__(self, neighbours: dict, village: str) -> None:
        self.neighbours = neighbours
        self.village = village
        # (node, back, steps): the spaces where walks of that many steps from node, not first
        # stepping to back, can end; worked out as needed.
        self._ends: dict[tuple[str, str | None, int], frozenset[str]] = {}

    def ends(self, node: str, back: str | None, steps: int) -> frozenset[str]:
        known = self._ends.get((node, back, steps))
        if known is not None:
            return known
        if steps == 0:
            found = frozenset((node,))
        else:
            found = frozenset().union(*[self.ends(nxt, node, steps - 1) for nxt in self.neighbours[node]
                                         if nxt != back and nxt != self.village] or [frozenset()])
        self._ends[(node, back, steps)] = found
        return found

    def landings(self, node: str) -> dict[str, int]:
        """For every space, in how many of the 36 throws a pawn on ``node`` can end its turn there
        using both dice (as one walk, or one die and then the other)."""
        counts: dict[str, int] = {}
        for a in range(1, DIE_SIDES + 1):
            for b in range(1, DIE_SIDES + 1):
                ends = set(self.ends(node, None, a + b))
                for first, second in ((a, b), (b, a)):
                    for mid in self.ends(node, None, first):
                        ends |= self.ends(mid, None, second)
                for end in ends:
                    counts[end] = counts.get(end, 0) + 1
        return counts


# What the turn controller asks of a computer player: the type checker (.ci/run) holds these to it.
_CHOOSE: ComputerPlayer = choose
_REMEMBER: Remember = remember
