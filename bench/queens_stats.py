"""Sleeping Queens: engine speed, computer players' strength and thinking time.

    python bench/queens_stats.py              # 2,000 random games, 500 games per pairing of levels
    python bench/queens_stats.py --check      # also 5,000 random games with every property check
    python bench/queens_stats.py -r 500 -c 100
    python bench/queens_stats.py -r 1000 -c 0 --repeat 5   # engine speed alone, five runs

Random games are two-player games played through the public protocol only (``legal_actions``,
a seeded random choice, ``apply``), legal-action enumeration included.  Computer games are fed as
the turn controller feeds them: a JSON copy of the seat's observation, the legal actions, and
only the events the seat may see, and every decision is timed.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from kidgames.games import GAMES  # noqa: E402
from kidgames.games.queens import ai  # noqa: E402

LEVELS = ("easy", "normal", "hard")


def random_game(seed: int, players: int = 2) -> int:
    state = GAMES["queens"].new_state(players, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def computer_game(levels: tuple[str, ...], seed: int, times: dict[str, list[float]]):
    state = GAMES["queens"].new_state(len(levels), seed=seed)
    rng = random.Random(seed)
    memories = [{} for _ in levels]
    while not state.is_over:
        seat = state.current_player
        observation = json.loads(json.dumps(state.observation(seat)))
        legal = state.legal_actions()
        started = time.perf_counter()
        action = ai.choose(observation, legal, levels[seat], rng, memories[seat])
        times[levels[seat]].append(time.perf_counter() - started)
        for event in state.apply(action):
            for other, level in enumerate(levels):
                if event.private_to is None or event.private_to == other:
                    ai.remember(memories[other], event, other, level, rng)
    return state.winners, state.turn


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", "--random-games", type=int, default=2000)
    parser.add_argument("-c", "--computer-games", type=int, default=500, help="games per pairing (0: none)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure the random games this many times (timings on a shared machine vary)")
    parser.add_argument("--check", action="store_true",
                        help="also play 5,000 random games (2-5 players) with every property check of the tests")
    args = parser.parse_args(argv)

    for _ in range(args.repeat):
        started = time.perf_counter()
        actions = sum(random_game(seed) for seed in range(args.random_games))
        elapsed = time.perf_counter() - started
        print(f"Sleeping Queens: {args.random_games} random two-player games through the protocol: "
              f"{args.random_games / elapsed:.0f} games/s ({actions / elapsed:.0f} actions/s, "
              f"{actions / args.random_games:.1f} actions a game; target 2000 games/s)")
    if args.computer_games > 0:
        computer_games(args.computer_games)
    if args.check:
        from test_queens_random import play_checked  # the property checks of the test suite
        started = time.perf_counter()
        checked = sum(play_checked(seed) for seed in range(5000))
        print(f"\n5000 random games of 2-5 players, every property checked after each of "
              f"{checked} actions: fine ({time.perf_counter() - started:.1f} s)")
    return 0


def computer_games(games: int) -> None:
    """Every pairing of levels, seats swapped every game: wins, game lengths, thinking times."""
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    print(f"\n{games} two-player games per pairing, seats swapped every game")
    print(f"{'pairing':<16} {'first wins':>10} {'second wins':>11}   turns: median  p90  max")
    for i, first in enumerate(LEVELS):
        for second in LEVELS[i:]:
            wins, turns = [0.0, 0.0], []
            for seed in range(games):
                levels = (first, second) if seed % 2 == 0 else (second, first)
                winners, game_turns = computer_game(levels, 100_000 + seed, times)
                turns.append(game_turns)
                for w in winners:
                    mine = 0 if (w == 0) == (seed % 2 == 0) else 1
                    wins[mine] += 1 / len(winners)
            n = games
            print(f"{first + ' v ' + second:<16} {100 * wins[0] / n:9.1f}% {100 * wins[1] / n:10.1f}%   "
                  f"{percentile(turns, 50):13.0f} {percentile(turns, 90):4.0f} {max(turns):4.0f}")
    print(f"\n{'level':<8} {'decisions':>9}  {'mean':>8} {'p95':>8} {'max':>8}   (ms a decision; target < 50 ms)")
    for level in LEVELS:
        t = [x * 1000 for x in times[level]]
        print(f"{level:<8} {len(t):9d}  {sum(t) / len(t):8.3f} {percentile(t, 95):8.3f} {max(t):8.3f}")


if __name__ == "__main__":
    sys.exit(main())
