"""How long is a game of Knights?  Plays seeded random games through the public protocol.

    python bench/knights_stats.py            # 2000 games, seeds 0..1999, 2 to 6 players
    python bench/knights_stats.py -n 10000

Game ``i`` is played by ``2 + i % 5`` knights with seed ``i``, so every number of players gets
the same share of games.  A *throw* is one applied action; a *round* is one throw for every
knight (the winner's last round counts as a whole one).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kidgames.games import GAMES  # noqa: E402

SAFETY_LIMIT = 100_000  # throws; a game this long means the engine is broken


def play(num_players: int, seed: int, board=None) -> int:
    """Throws until the treasure is found (on ``board``, read once by the caller)."""
    spec = GAMES["knights"]
    state = spec.new_state(num_players, seed=seed, options={"board": board})
    throws = 0
    while not state.is_over:
        state.apply(state.legal_actions()[0])
        throws += 1
        if throws > SAFETY_LIMIT:
            raise RuntimeError(f"seed {seed}, {num_players} players: no winner after {SAFETY_LIMIT} throws")
    return throws


def percentile(sorted_values: list[int], p: float) -> int:
    """The nearest-rank percentile (a value that occurred)."""
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def summary(values: list[int]) -> str:
    v = sorted(values)
    median = percentile(v, 50)
    return (f"median {median:4d}  p90 {percentile(v, 90):4d}  p99 {percentile(v, 99):4d}  "
            f"max {v[-1]:4d}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=2000, help="number of games (default 2000)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("play at least one game")

    from kidgames.games.knights.rules import load_knights_board
    board = load_knights_board()
    throws: dict[int, list[int]] = {}
    rounds: dict[int, list[int]] = {}
    started = time.perf_counter()
    for seed in range(args.games):
        players = 2 + seed % 5
        t = play(players, seed, board)
        throws.setdefault(players, []).append(t)
        rounds.setdefault(players, []).append(math.ceil(t / players))
    elapsed = time.perf_counter() - started

    total = sum(len(v) for v in throws.values())
    print(f"Knights and the Golden Treasure: {total} seeded random games (seeds 0..{args.games - 1})")
    print(f"{'players':>7}  {'games':>5}  {'throws per game':<41}    rounds per game")
    for players in sorted(throws):
        print(f"{players:>7}  {len(throws[players]):>5}  {summary(throws[players])}    "
              f"{summary(rounds[players])}")
    every_throw = [t for v in throws.values() for t in v]
    every_round = [r for v in rounds.values() for r in v]
    print(f"{'all':>7}  {total:>5}  {summary(every_throw)}    {summary(every_round)}")
    print(f"{total / elapsed:.0f} random games per second ({sum(every_throw) / elapsed:.0f} throws per second, "
          f"{elapsed:.2f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
