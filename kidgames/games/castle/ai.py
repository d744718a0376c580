"""The computer castle builders (shared/rules/castle.md).  Pure: a computer player sees its seat's
observation, the legal actions, its level, its random generator and its memory, never the state.

Every level buys a card when one is offered (a sure piece of its castle, with no witch to fear)
and lets a witch take its cheapest cards.  They differ in when they stop drawing:

* **easy** draws at random: after each card it stops with a fixed chance, and it always uses a
  fairy.  It remembers nothing.
* **normal** judges the risk roughly: it takes the witches' share of the whole deck (7 of 54) as
  the chance of one, and draws again while what it may gain is worth more than what a witch would
  take (its three cheapest cards, or its fairy).
* **hard** counts: its memory holds the cards not yet seen since the last reshuffle (the whole deck
  at the start, the discard pile's cards at a reshuffle, less every card drawn since), so it knows
  how many witches, fairies and pieces of its colour are left in the draw pile.  It values a fairy
  as the insurance it is and diamonds by what they buy, and it sells its diamonds (buys) from the
  player least likely to win.
"""
from __future__ import annotations

import random
from collections import Counter

from kidgames.core.protocol import Action, Event

from .rules import (COLOURS, DECK_COUNTS, DIAMOND, FAIRY, PIECES, PRICE, WITCH, WITCH_TAKES,
                    colour_of)

LEVELS = ("easy", "normal", "hard")

#: easy: the chance of stopping after each card drawn.
EASY_STOP = 0.4
#: normal: the chance of a witch on any draw, taken from the whole deck.
ROUGH_WITCH_CHANCE = DECK_COUNTS[WITCH] / sum(DECK_COUNTS.values())

#: What a card is worth to its holder (a piece of one's own castle is what wins).
PIECE_VALUE = 10.0
SPARE_CASTLE_VALUE = 0.5    # only worth something as a sale to its builder
DIAMOND_VALUE = 1.0
FAIRY_VALUE = 4.0


def remember(memory: dict, event: Event, seat: int, level: str, rng: random.Random) -> None:
    """Hard counts the cards not yet seen since the last reshuffle; easy and normal keep nothing."""
    if level != "hard":
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
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    seat = observation["seat"]
    if "lose" in by_kind:
        cheapest = min(by_kind["lose"], key=lambda a: (_value(observation, seat, a.card, level), a.card))
        return cheapest
    if "use_fairy" in by_kind:
        if level == "easy" or _witch_takes_value(observation, seat, level) > _fairy_value(level):
            return by_kind["use_fairy"][0]
        return by_kind["accept_witch"][0]
    if "buy" in by_kind:
        return _best_buy(observation, by_kind["buy"], level, rng)
    if "stop" not in by_kind:
        return (by_kind.get("draw") or by_kind.get("pass") or actions)[0]
    if "draw" not in by_kind:
        return by_kind["stop"][0]
    if level == "easy":
        return by_kind["stop"][0] if rng.random() < EASY_STOP else by_kind["draw"][0]
    return by_kind["draw"][0] if _draw_gain(observation, seat, level, memory) > 0 else by_kind["stop"][0]


def _best_buy(observation: dict, buys: list[Action], level: str, rng: random.Random) -> Action:
    """Hard pays the seller least likely to win (the smallest castle); the others any seller."""
    if level != "hard":
        return rng.choice(buys)
    sizes = observation["castle_sizes"]
    return min(buys, key=lambda a: (sizes[a.seller], a.seller, a.card))


def _can_build(observation: dict, seat: int, card: str) -> bool:
    colour = colour_of(card)
    if colour is None:
        return False
    mine = observation["colours"][seat]
    return colour == mine if mine is not None else colour not in observation["colours"]


def _value(observation: dict, seat: int, card: str, level: str) -> float:
    """What ``card`` is worth to ``seat``, held (in its castle or on its spare pile)."""
    if card == FAIRY:
        return _fairy_value(level)
    if card == DIAMOND:
        if level == "hard" and observation["diamonds"][seat] <= PRICE:
            return 2 * DIAMOND_VALUE    # the diamonds that make a purchase possible
        return DIAMOND_VALUE
    if card in observation["castles"][seat]:
        return PIECE_VALUE
    return SPARE_CASTLE_VALUE


def _fairy_value(level: str) -> float:
    return FAIRY_VALUE if level == "hard" else FAIRY_VALUE * 0.75


def _witch_takes_value(observation: dict, seat: int, level: str) -> float:
    """What a witch would take without a fairy: the three cheapest losable cards."""
    castle = observation["castles"][seat]
    losable = [c for c in observation["spares"][seat] if c != FAIRY] + list(castle)
    values = sorted(_value(observation, seat, c, level) for c in losable)
    return sum(values[:WITCH_TAKES])


def _witch_cost(observation: dict, seat: int, level: str) -> float:
    taken = _witch_takes_value(observation, seat, level)
    if FAIRY in observation["spares"][seat]:
        return min(taken, _fairy_value(level))
    return taken


def _draw_gain(observation: dict, seat: int, level: str, memory: dict) -> float:
    """The expected worth of one more draw: the card it may bring less what a witch would cost."""
    pile = _pile_counts(observation, memory) if level == "hard" else DECK_COUNTS
    total = sum(pile.values())
    if not total:
        return -1.0
    witches = pile.get(WITCH, 0)
    witch_chance = witches / total if level == "hard" else ROUGH_WITCH_CHANCE
    gain = 0.0
    for card, count in pile.items():
        if card == WITCH:
            continue
        if card in (DIAMOND, FAIRY):
            worth = _value(observation, seat, card, level)
        elif level == "hard":
            worth = PIECE_VALUE if _can_build(observation, seat, card) else SPARE_CASTLE_VALUE
        else:
            continue    # normal counts castle pieces roughly, below
        gain += count / total * worth
    if level != "hard":
        gain += _rough_piece_chance(observation, seat) * PIECE_VALUE
    return gain - witch_chance * _witch_cost(observation, seat, level)


def _rough_piece_chance(observation: dict, seat: int) -> float:
    """normal: the chance that a card builds, as if the missing pieces were spread over the deck."""
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
