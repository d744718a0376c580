"""Fairy-Tale Forest by numbers: engine speed, game length, how often each computer level wins and
how long a computer thinks.  Run: python3 bench/forest_stats.py [random games] [computer games]

Random games (half of them with the short option) pick uniformly among the legal actions until
the last card is won.  Computer games are played as the turn controller plays them: each seat's
computer gets its own observation, the legal actions and a memory fed only the events its seat may
see.  Three fifths of them are two-player duels (hard vs easy, hard vs normal, normal vs easy,
seats swapped every other game), the rest families of 2 to 6 normal computers, full and short.
All games of a run share one board, loaded once (as a caller that starts many games should)."""
from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kidgames.games.forest.ai import choose, remember  # noqa: E402
from kidgames.games.forest.board import load_forest_board  # noqa: E402
from kidgames.games.forest.rules import new_state  # noqa: E402

#: Seconds a family needs for one turn of a pawn (roll, count, look behind a curtain), a guess.
SECONDS_PER_TURN = 12
DUELS = (("hard", "easy"), ("hard", "normal"), ("normal", "easy"))
FAMILY_SIZES = (2, 3, 4, 5, 6)


class GcClock:
    """Seconds the process spent in garbage collections while installed: a full collection
    (10-40 ms with the board's caches, on a busy machine) stops whatever runs, a decision too."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.longest = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            pause = time.perf_counter() - self._started
            self.spent += pause
            self.longest = max(self.longest, pause)

    def __enter__(self) -> "GcClock":
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self)


def random_game(seed: int, short: bool = False, board=None):
    n = 2 + seed % 5
    state = new_state(n, seed=seed, options={"short": short, "board": board})
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return state, actions


def computer_game(levels: list[str], seed: int, short: bool = False, timings: list | None = None, board=None,
                  gc_clock: GcClock | None = None):
    """A game between computers; ``timings`` gets the seconds of each decision (the observation
    and the choice, as the turn controller asks for them) and of the garbage collections in it."""
    state = new_state(len(levels), seed=seed, options={"short": short, "board": board})
    rng = random.Random(seed)
    memories = [{} for _ in levels]
    while not state.is_over:
        seat = state.current_player
        started, collecting = time.perf_counter(), gc_clock.spent if gc_clock else 0.0
        action = choose(state.observation(seat), state.legal_actions(), levels[seat], rng, memories[seat])
        if timings is not None:
            timings.append((time.perf_counter() - started, (gc_clock.spent if gc_clock else 0.0) - collecting))
        for event in state.apply(action):
            for other, memory in enumerate(memories):
                if event.private_to is None or event.private_to == other:
                    remember(memory, event, other, levels[other], rng)
    return state


def minutes(turns_per_player: float, players: int) -> float:
    return turns_per_player * players * SECONDS_PER_TURN / 60


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered):.0f}, p10 {ordered[len(ordered) // 10]:.0f}, "
            f"p90 {ordered[len(ordered) * 9 // 10]:.0f}, max {ordered[-1]:.0f}")


def random_games(count: int, board) -> None:
    started = time.perf_counter()
    lengths: dict[bool, list[float]] = {False: [], True: []}
    total_actions = 0
    for seed in range(count):
        state, actions = random_game(seed, short=seed % 2 == 1, board=board)
        assert state.is_over and state.winners
        lengths[seed % 2 == 1].append(state.turn / state.num_players)
        total_actions += actions
        if (seed + 1) % 100 == 0 and seed + 1 < count:
            spent = time.perf_counter() - started
            print(f"  ... {seed + 1} random games ended ({spent:.0f} s, {spent / total_actions * 1e6:.1f} us/action)",
                  flush=True)
    spent = time.perf_counter() - started
    print(f"random games: {count} of {count} ended, {total_actions} actions in {spent:.0f} s "
          f"({spent / total_actions * 1e6:.1f} us/action, {total_actions / count:.0f} actions a game)")
    for short, label in ((False, "full (13 cards)"), (True, "short (7 cards)")):
        if lengths[short]:
            print(f"  {label}: {len(lengths[short])} games, turns per player {spread(lengths[short])}")


def computer_games(count: int, board, gc_clock: GcClock) -> None:
    timings: list[tuple[float, float]] = []
    duel_games = count * 3 // 5 // len(DUELS) // 2 * 2     # even: every pairing plays both seat orders
    print(f"two-player duels, {duel_games} games each (the first level named sits first in even games):")
    played = 0
    for first, second in DUELS:
        wins, by_seat, lengths = Counter(), Counter(), []
        for seed in range(duel_games):
            levels = [first, second] if seed % 2 == 0 else [second, first]
            state = computer_game(levels, seed, timings=timings, board=board, gc_clock=gc_clock)
            lengths.append(state.turn / 2)
            for seat in state.winners:
                wins[levels[seat]] += 1 / len(state.winners)
                by_seat[(levels[seat], seat)] += 1 / len(state.winners)
        played += duel_games
        half = duel_games / 2
        print(f"  {first} vs {second}: {first} wins {wins[first] / duel_games:.0%} "
              f"(sitting first {by_seat[(first, 0)] / half:.0%}, second {by_seat[(first, 1)] / half:.0%}), "
              f"{second} wins {wins[second] / duel_games:.0%}; turns per player median "
              f"{statistics.median(lengths):.0f} (about {minutes(statistics.median(lengths), 2):.0f} minutes)")
    family_games = (count - played) // (2 * len(FAMILY_SIZES))
    print(f"families of normal computers, {family_games} full and {family_games} short games each:")
    for n in FAMILY_SIZES:
        for short in (False, True):
            lengths = [computer_game(["normal"] * n, 1000 * n + seed + 500 * short, short=short, timings=timings,
                                     board=board, gc_clock=gc_clock).turn / n for seed in range(family_games)]
            played += family_games
            print(f"  {n} players, {'short' if short else 'full '}: turns per player {spread(lengths)}; "
                  f"about {minutes(statistics.median(lengths), n):.0f} minutes "
                  f"(p90 {minutes(sorted(lengths)[len(lengths) * 9 // 10], n):.0f})")
    times = sorted(spent for spent, _ in timings)
    print(f"computer games: {played}, all ended; decisions: {len(times)}, mean {statistics.fmean(times) * 1000:.2f} ms, "
          f"p95 {times[len(times) * 95 // 100] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms")
    held = sorted((spent, collecting) for spent, collecting in timings if collecting > 0)
    if held:
        print(f"  {len(held)} decisions held a garbage collection of the process (the longest collection "
              f"{gc_clock.longest * 1000:.1f} ms); the slowest decision without one: "
              f"{max(spent for spent, collecting in timings if collecting == 0) * 1000:.2f} ms, the slowest "
              f"less its collections: {max(spent - collecting for spent, collecting in timings) * 1000:.2f} ms")


def main() -> None:
    random_count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    computer_count = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    print(f"Fairy-Tale Forest: {random_count} random games, {computer_count} computer games; "
          f"{SECONDS_PER_TURN} s a turn", flush=True)
    board = load_forest_board()
    if computer_count:
        with GcClock() as gc_clock:
            computer_games(computer_count, board, gc_clock)
    if random_count:
        random_games(random_count, board)


if __name__ == "__main__":
    main()
