"""The computer castle builders (shared/rules/castle.md).  Pure: a computer player sees its seat's
observation, the legal actions, its level, its random generator and its memory, never the state.

Every level buys a card when one is offered (a sure piece of its castle, with no witch to fear),
uses a fairy whenever the witch comes and would take something (a child watching never sees a
computer that holds a fairy give the witch its cards), and lets a witch take its cheapest cards.
No level draws more than five cards in a turn (``CastleStyle.most_draws``: what a careful child dares, and
a turn that stays short to watch).  They differ in when they stop drawing:

* **easy** draws like a young child: after each card it stops with a fixed chance.  It remembers
  nothing.
* **normal** is careful: it takes the witches' share of the whole deck (7 of 54) as the chance of
  one, fears her more than what she takes on average, and draws again while what it may gain is
  worth more than that (a witch takes its three cheapest cards, or its fairy).
* **hard** counts: its memory holds the cards not yet seen since the last reshuffle (the whole deck
  at the start, the discard pile's cards at a reshuffle, less every card drawn since), so it knows
  how many witches, fairies and pieces of its colour are left in the draw pile, and it dares as
  much as they allow.  It values a fairy as the insurance it is and diamonds by what they buy, and
  it sells its diamonds (buys) from the player least likely to win.
* **fair** keeps the game close: at the start of each of its turns it plays either as hard or
  holding back (it stops after one card and buys nothing).  It holds back more often the further
  its castle is ahead, and more as the game goes on while it keeps leading: an opponent it keeps
  leading meets it holding back, one it keeps trailing meets it at its best, daring more than
  hard (it fears a witch half as much and draws up to six cards: behind in a race, a bolder turn
  is its chance to catch up).
  Every game with it ends: while it is the one who builds and the game drags on, it plays as
  normal more and more often (its pace, kidgames/core/pace.py).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from kidgames.core.pace import pace_need
from kidgames.core.protocol import Action, ComputerPlayer, Event, Remember
from kidgames.core.seats import LEVELS

from .rules import (COLOURS, DECK_COUNTS, DIAMOND, FAIRY, PIECES, PRICE, WITCH, WITCH_TAKES,
                    colour_of)


#: What a card is worth to its holder (a piece of one's own castle is what wins).
PIECE_VALUE = 10.0
SPARE_CASTLE_VALUE = 0.5    # only worth something as a sale to its builder
DIAMOND_VALUE = 1.0
FAIRY_VALUE = 4.0
#: The chance of a witch on any draw, taken from the whole deck (normal and easy do not count).
ROUGH_WITCH_CHANCE = DECK_COUNTS[WITCH] / sum(DECK_COUNTS.values())


@dataclass(frozen=True)
class CastleStyle:
    """How a level plays (see the module's docstring)."""

    counts: bool = False            # counts the cards left in the draw pile (else the whole deck's shares)
    caution: float = 1.0            # how much it fears a witch: 1 is what she takes on average
    stop_chance: float = 0.0        # a child: the chance of stopping after each card drawn (0: it weighs)
    fairy: float = FAIRY_VALUE      # what a fairy is worth to it
    most_draws: int = 5             # the most cards it draws in one turn (what a careful child dares)
    buys: float = 1.0               # the chance that it buys a piece offered
    best_seller: bool = False       # buys from the player least likely to win


STYLES = {
    "easy": CastleStyle(stop_chance=0.45),
    "normal": CastleStyle(caution=2.0, fairy=FAIRY_VALUE * 0.75),
    "hard": CastleStyle(counts=True, best_seller=True),
    # How fair plays when it holds back (not a level anyone chooses): one card a turn, no purchase.
    "timid": CastleStyle(stop_chance=1.0, buys=0.0),
}


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    """Hard and fair count the cards not yet seen since the last reshuffle; easy and normal keep nothing."""
    if level not in ("hard", "fair"):
        return
    if event.kind == "reshuffled":
        memory["unseen"] = dict(Counter(event.cards))
    elif event.kind == "drew":
        unseen = memory.setdefault("unseen", dict(DECK_COUNTS))
        left = unseen.get(event.card, 0) - 1
        if left > 0:
            unseen[event.card] = left
        else:
            unseen.pop(event.card, None)


def choose(observation: dict, actions: list[Action], level: str, rng: random.Random, memory: dict) -> Action:
    """The computer's decision for the seat of ``observation``, one of ``actions``."""
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    if level not in LEVELS:
        raise ValueError(f"a computer plays at level {', '.join(LEVELS)}, not {level!r}")
    mode = _fair_level(observation, rng, memory) if level == "fair" else level
    if mode == "daring":
        style = replace(STYLES["hard"], caution=FAIR_DARE, most_draws=FAIR_DARE_DRAWS)
    else:
        style = STYLES[mode]
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    seat = observation["seat"]
    if "lose" in by_kind:
        return min(by_kind["lose"], key=lambda a: (_value(observation, seat, a.card, style), a.card))
    if "use_fairy" in by_kind:
        # A fairy held is a fairy used: a child watching must never see the witch take cards from
        # a player who holds one.  Only when she would take nothing is the fairy kept.
        return by_kind["accept_witch" if not _losable(observation, seat) else "use_fairy"][0]
    if "buy" in by_kind and rng.random() < style.buys:
        return _best_buy(observation, by_kind["buy"], style, rng)
    if "stop" not in by_kind:
        return (by_kind.get("draw") or by_kind.get("pass") or actions)[0]
    if "draw" not in by_kind or observation["drawn_this_turn"] >= style.most_draws:
        return by_kind["stop"][0]
    if style.stop_chance:
        return by_kind["stop"][0] if rng.random() < style.stop_chance else by_kind["draw"][0]
    return by_kind["draw"][0] if _draw_gain(observation, seat, style, memory) > 0 else by_kind["stop"][0]


#: fair: its will to play its best at the start (0 to 1), how much a lead of one piece over the
#: others' mean lowers it at each of its turns, and how much the lead of the moment weighs beside it;
#: with more players it counts itself FAIR_MANY pieces further ahead for each one more (one player
#: of three should win a third of the games).
FAIR_START, FAIR_GAIN, FAIR_NOW, FAIR_MANY = 1.0, 0.05, 0.2, 0.15
#: fair: how much it fears a witch while it trails (hard: 1; behind, risk is worth taking), and the
#: most cards it then draws in a turn.
FAIR_DARE, FAIR_DARE_DRAWS = 0.5, 6
#: fair's pace (kidgames/core/pace.py): the turns of its own a normal computer takes for a whole
#: game against two players who play at random (bench/levels.py: a median of 13, a mean of 17 with
#: a few very long games).  A turn fair must play on for the pace it plays as normal.
FAIR_PACE = 15


FAIR_MODES = ("hard", "timid", "daring", "normal")


def _fair_level(observation: dict, rng: random.Random, memory: dict) -> str:
    """fair: how it plays this turn, chosen at the turn's start: as hard ("daring" while it trails),
    or holding back ("timid": one card and no purchase).  Its will to play its best starts whole
    and follows the game: each turn it leads lowers it, each turn it trails raises it, so an
    opponent it keeps leading meets it holding back more and more, and one it keeps trailing meets
    it at its best.  While the game falls behind its pace (kidgames/core/pace.py: the castles stay
    small because it is the only one building) it plays as normal more and more often, so that
    the game ends."""
    me = observation["seat"]
    sizes = observation["castle_sizes"]
    others = [size for seat, size in enumerate(sizes) if seat != me]
    lead = sizes[me] - sum(others) / len(others) + FAIR_MANY * (len(others) - 1)
    will = memory.get("will")
    if not isinstance(will, (int, float)) or isinstance(will, bool) or not 0.0 <= will <= 1.0:
        will = FAIR_START
    mode = memory.get("mode")
    if observation["drawn_this_turn"] == 0 and observation["pending"] is None or mode not in FAIR_MODES:
        will = min(1.0, max(0.0, will - FAIR_GAIN * lead))
        best = min(1.0, max(0.0, will - FAIR_NOW * lead))
        # the game's progress is its tallest castle; the others' share of it, their pieces' share
        need = pace_need(memory, max(sizes) / PIECES, FAIR_PACE, sum(others) / max(1, sum(sizes)))
        chance = rng.random()
        mode = ("daring" if lead < 0 else "hard") if chance < best else "normal" if chance < need else "timid"
        memory["will"], memory["mode"] = will, mode
    return mode


def _best_buy(observation: dict, buys: list[Action], style: CastleStyle, rng: random.Random) -> Action:
    """Hard pays the seller least likely to win (the smallest castle); the others any seller."""
    if not style.best_seller:
        return rng.choice(buys)
    sizes = observation["castle_sizes"]
    return min(buys, key=lambda a: (sizes[a.seller], a.seller, a.card))


def _can_build(observation: dict, seat: int, card: str) -> bool:
    colour = colour_of(card)
    if colour is None:
        return False
    mine = observation["colours"][seat]
    return colour == mine if mine is not None else colour not in observation["colours"]


def _value(observation: dict, seat: int, card: str, style: CastleStyle) -> float:
    """What ``card`` is worth to ``seat``, held (in its castle or on its spare pile)."""
    if card == FAIRY:
        return style.fairy
    if card == DIAMOND:
        if style.counts and observation["diamonds"][seat] <= PRICE:
            return 2 * DIAMOND_VALUE    # the diamonds that make a purchase possible
        return DIAMOND_VALUE
    if card in observation["castles"][seat]:
        return PIECE_VALUE
    return SPARE_CASTLE_VALUE


def _losable(observation: dict, seat: int) -> list[str]:
    """The cards a witch may take from ``seat``: its spare pile (fairies aside) and its castle."""
    return [c for c in observation["spares"][seat] if c != FAIRY] + list(observation["castles"][seat])


def _witch_takes_value(observation: dict, seat: int, style: CastleStyle) -> float:
    """What a witch would take without a fairy: the three cheapest losable cards."""
    values = sorted(_value(observation, seat, c, style) for c in _losable(observation, seat))
    return sum(values[:WITCH_TAKES])


def _witch_cost(observation: dict, seat: int, style: CastleStyle) -> float:
    """What a witch would cost: its fairy (used whenever she would take something), else the
    three cheapest cards."""
    taken = _witch_takes_value(observation, seat, style)
    if FAIRY in observation["spares"][seat] and _losable(observation, seat):
        return style.fairy
    return taken


def _draw_gain(observation: dict, seat: int, style: CastleStyle, memory: dict) -> float:
    """The expected worth of one more draw: the card it may bring less what a witch would cost."""
    pile = _pile_counts(observation, memory) if style.counts else DECK_COUNTS
    total = sum(pile.values())
    if not total:
        return -1.0
    witch_chance = pile.get(WITCH, 0) / total if style.counts else ROUGH_WITCH_CHANCE
    gain = 0.0
    for card, count in pile.items():
        if card == WITCH:
            continue
        if card in (DIAMOND, FAIRY):
            worth = _value(observation, seat, card, style)
        elif style.counts:
            worth = PIECE_VALUE if _can_build(observation, seat, card) else SPARE_CASTLE_VALUE
        else:
            continue    # counted roughly, below
        gain += count / total * worth
    if not style.counts:
        gain += _rough_piece_chance(observation, seat) * PIECE_VALUE
    return gain - style.caution * witch_chance * _witch_cost(observation, seat, style)


def _rough_piece_chance(observation: dict, seat: int) -> float:
    """The chance that a card builds, as if the missing pieces were spread over the deck."""
    deck = sum(DECK_COUNTS.values())
    mine = observation["colours"][seat]
    if mine is not None:
        return (PIECES - len(observation["castles"][seat])) / deck
    free = [c for c in COLOURS if c not in observation["colours"]]
    return len(free) * PIECES / deck


def _pile_counts(observation: dict, memory: dict) -> dict[str, int]:
    """The cards in the draw pile, counted by hard's memory; derived from the table instead when
    the memory does not match the pile (a game resumed with a fresh memory).  An empty pile is
    refilled from the discard pile at the next draw, so then the discard pile is what counts."""
    if observation["draw_pile_size"] == 0:
        return dict(Counter(observation["discard"]))
    unseen = memory.get("unseen")
    if isinstance(unseen, dict) and sum(unseen.values()) == observation["draw_pile_size"]:
        return unseen
    seen = Counter(observation["discard"])
    for cards in observation["castles"] + observation["spares"]:
        seen.update(cards)
    return dict(Counter(DECK_COUNTS) - seen)


# What the turn controller asks of a computer player: the type checker (.ci/run) holds these to it.
_CHOOSE: ComputerPlayer = choose
_REMEMBER: Remember = remember
