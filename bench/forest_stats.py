"""Fairy-Tale Forest by numbers: engine speed, game length, how often each computer level wins and
how long a computer thinks.  Run: python3 bench/forest_stats.py [random games] [computer games]

Computer games are played as the turn controller plays them: each seat's computer gets its own
observation, the legal actions and a memory fed only the events its seat may see."""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kidgames.games.forest.ai import choose, remember  # noqa: E402
from kidgames.games.forest.rules import new_state  # noqa: E402

#: Seconds a family needs for one turn of a pawn (roll, count, look behind a curtain), a guess.
SECONDS_PER_TURN = 12


def random_game(seed: int, short: bool = False):
    n = 2 + seed % 5
    state = new_state(n, seed=seed, options={"short": short})
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return state, actions


def computer_game(levels: list[str], seed: int, short: bool = False, timings: list | None = None):
    state = new_state(len(levels), seed=seed, options={"short": short})
    rng = random.Random(seed)
    memories = [{} for _ in levels]
    while not state.is_over:
        seat = state.current_player
        started = time.perf_counter()
        action = choose(state.observation(seat), state.legal_actions(), levels[seat], rng, memories[seat])
        if timings is not None:
            timings.append(time.perf_counter() - started)
        for event in state.apply(action):
            for other, memory in enumerate(memories):
                if event.private_to is None or event.private_to == other:
                    remember(memory, event, other, levels[other], rng)
    return state


def main() -> None:
    random_games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    computer_games = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    started = time.perf_counter()
    lengths, total_actions = [], 0
    for seed in range(random_games):
        state, actions = random_game(seed, short=seed % 2 == 1)
        lengths.append(state.turn / state.num_players)
        total_actions += actions
    spent = time.perf_counter() - started
    if random_games:
        print(f"random games: {random_games} all ended, {random_games / spent:.1f} games/s, "
              f"{total_actions / spent:.0f} actions/s; turns per player median "
              f"{statistics.median(lengths):.0f}, max {max(lengths):.0f}")

    timings: list[float] = []
    for label, levels_of in (("hard vs easy", lambda s: ["hard", "easy"] if s % 2 == 0 else ["easy", "hard"]),
                             ("hard vs normal", lambda s: ["hard", "normal"] if s % 2 == 0 else ["normal", "hard"]),
                             ("normal vs easy", lambda s: ["normal", "easy"] if s % 2 == 0 else ["easy", "normal"])):
        wins, lengths = Counter(), []
        for seed in range(computer_games // 3 + 1):
            levels = levels_of(seed)
            state = computer_game(levels, seed, timings=timings)
            lengths.append(state.turn / len(levels))
            share = 1 / len(state.winners)
            for seat in state.winners:
                wins[levels[seat]] += share
        games = computer_games // 3 + 1
        print(f"{label}: {games} games, " + ", ".join(f"{lvl} wins {wins[lvl] / games:.0%}" for lvl in sorted(wins))
              + f"; turns per player median {statistics.median(lengths):.0f} "
              f"(about {statistics.median(lengths) * len(levels) * SECONDS_PER_TURN / 60:.0f} minutes for a family)")
    for n in (2, 4, 6):
        lengths = []
        for seed in range(30):
            state = computer_game(["normal"] * n, 1000 + seed)
            lengths.append(state.turn / n)
        short = [computer_game(["normal"] * n, 2000 + seed, short=True).turn / n for seed in range(30)]
        print(f"{n} normal computers: turns per player median {statistics.median(lengths):.0f} "
              f"(short game {statistics.median(short):.0f})")
    timings.sort()
    print(f"computer decisions: {len(timings)}, median {timings[len(timings) // 2] * 1000:.2f} ms, "
          f"p99 {timings[int(len(timings) * 0.99)] * 1000:.2f} ms, max {timings[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
