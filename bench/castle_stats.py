"""How fast and how long is Castle Builders, and how well do its computers play?

    python bench/castle_stats.py                 # 5000 random games, 500 games per pairing
    python bench/castle_stats.py -n 1000 -m 100

Random games: game ``i`` is played by ``2 + i % 3`` players with seed ``i``, each action drawn
from the legal actions by ``random.Random(i)`` (the games of tests/test_castle_random.py), with
the 54 cards counted after every action.  Computer games: two players per pairing, the levels
change seats every game, game ``i`` has seed ``i``.  A *turn* ends with a stop, a witch, a
purchase or a pass.  A decision's time is one call of the computer's ``choose``.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kidgames.games import GAMES  # noqa: E402
from kidgames.games.castle.ai import choose, remember  # noqa: E402
from kidgames.games.castle.rules import DECK  # noqa: E402

PAIRINGS = (("hard", "easy"), ("normal", "easy"), ("hard", "normal"))
FULL_DECK = Counter(DECK)


def random_game(seed: int, count_cards: bool) -> tuple[int, int]:
    """(turns, actions) of a random game; raises if a card appears or vanishes."""
    state = GAMES["castle"].new_state(2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
        if count_cards:
            held = Counter(state.draw_pile) + Counter(state.discard)
            for seat in range(state.num_players):
                held.update(state.castles[seat])
                held.update(state.spares[seat])
            if held != FULL_DECK:
                raise RuntimeError(f"seed {seed}: the 54 cards are not all there")
    return state.turn, actions


def computer_game(levels: tuple[str, str], seed: int, times: list[float]) -> tuple[str, int]:
    """(the winner's level, turns) of a game between computers, as the turn controller plays it."""
    state = GAMES["castle"].new_state(len(levels), seed=seed)
    rng = random.Random(f"computers:{seed}")
    memories = [{} for _ in levels]
    while not state.is_over:
        seat = state.current_player
        observation = json.loads(json.dumps(state.observation(seat)))
        actions = state.legal_actions()
        started = time.perf_counter()
        action = choose(observation, actions, levels[seat], rng, memories[seat])
        times.append(time.perf_counter() - started)
        for event in state.apply(action):
            for other, level in enumerate(levels):
                remember(memories[other], event, other, level, rng)
    return levels[state.winners[0]], state.turn


def percentile(sorted_values: list, p: float):
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def lengths(values: list[int]) -> str:
    v = sorted(values)
    return f"median {percentile(v, 50):4d}  p90 {percentile(v, 90):4d}  p99 {percentile(v, 99):4d}  max {v[-1]:4d}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--random-games", type=int, default=5000, help="random games (default 5000)")
    parser.add_argument("-m", "--computer-games", type=int, default=500, help="games per pairing (default 500)")
    args = parser.parse_args(argv)
    if args.random_games < 1 or args.computer_games < 1:
        parser.error("play at least one game")

    started = time.perf_counter()
    turns, moves = [], 0
    for seed in range(args.random_games):
        t, a = random_game(seed, count_cards=False)
        turns.append(t)
        moves += a
    elapsed = time.perf_counter() - started
    started = time.perf_counter()
    for seed in range(args.random_games):
        random_game(seed, count_cards=True)
    checked = time.perf_counter() - started

    print(f"Castle Builders: {args.random_games} seeded random games (seeds 0..{args.random_games - 1}, 2-4 players)")
    print(f"  turns per game        {lengths(turns)}")
    print(f"  speed                 {args.random_games / elapsed:.0f} games/s, {moves / elapsed:.0f} actions/s "
          f"({elapsed:.1f} s); with the 54 cards counted after every action: {checked:.1f} s, all conserved")
    print()
    print(f"Computer players, two per game, {args.computer_games} games per pairing (levels change seats)")
    print(f"{'pairing':<16}{'first wins':>11}{'second wins':>13}   turns per game")
    times: list[float] = []
    for pairing in PAIRINGS:
        wins, game_turns = Counter(), []
        for seed in range(args.computer_games):
            levels = pairing if seed % 2 == 0 else pairing[::-1]
            winner, t = computer_game(levels, seed, times)
            wins[winner] += 1
            game_turns.append(t)
        n = args.computer_games
        print(f"{pairing[0] + ' v ' + pairing[1]:<16}{100 * wins[pairing[0]] / n:>10.1f}%"
              f"{100 * wins[pairing[1]] / n:>12.1f}%   {lengths(game_turns)}")
    ms = sorted(t * 1000 for t in times)
    print(f"time per decision ({len(ms)} decisions): mean {sum(ms) / len(ms):.3f} ms, "
          f"p95 {percentile(ms, 95):.3f} ms, max {ms[-1]:.3f} ms (target < 50 ms: "
          f"{'met' if ms[-1] < 50 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
