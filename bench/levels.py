"""The computer players' levels, side by side: how often each level beats each other, for every game
whose computer has choices, and how long a decision takes.

    python bench/levels.py                      # the full table: 1000 card games, 500 Forest games a pairing
    python bench/levels.py -n 100 -f 50         # a quick look
    python bench/levels.py --games queens -n 300 --pairings "hard v normal,fair v easy"

Every game is played through the turn controller (kidgames/core/turns.py) as the app plays it: the
computer gets a JSON copy of its seat's observation, the legal actions, its level, the controller's
random generator and a memory fed only the events its seat may see.  Two-player pairings swap seats
every game; the three-player game seats fair with two easy players, fair's seat turning with the
seed.  A shared win counts as a share.  Intervals are Wilson's 95 % score intervals.

Against players who play at random (issue 32), each level plays with two of them, and the table
says how long its games last: every game must end, and fair's no more than about 1.5 times as long
as normal's.

Three players live here only, never in the game: ``random``, who picks any legal action (a young
child who finds nothing in a memory game), ``greedy``, the simple policy a level must beat
(issue 17: Queens wakes with a king, steals with a knight, else throws away its biggest set;
Forest walks to the wanted tree when it knows it, else to a tree it does not know; Castle draws up
to two cards), and, in Sleeping Queens, ``cheat``, hard's judgement with every hidden card in view
(the sleeping queens, every hand, the draw pile): the ceiling luck leaves to any player.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kidgames.core.protocol import Action  # noqa: E402
from kidgames.core.seats import COLOURS, COMPUTER, Seat  # noqa: E402
from kidgames.core.turns import TurnController, load_computer  # noqa: E402
from kidgames.games import GAMES  # noqa: E402

CARD_GAMES = ("queens", "castle")
BOARD_GAMES = ("forest", "forest_short")
TITLES = {"queens": "Sleeping Queens", "castle": "Castle Builders", "forest": "Fairy-Tale Forest",
          "forest_short": "Fairy-Tale Forest, the short game (--short: 7 trees)"}
#: The games measured under a name of their own: (the game's id, its options).
VARIANTS = {"forest_short": ("forest", {"short": True})}


def game_id(game: str) -> str:
    """The registered game a measured game is (the short Forest game is Forest)."""
    return VARIANTS.get(game, (game, {}))[0]
#: (players, what is measured): the share of wins of the first player named.
PAIRINGS = (
    ("hard", "easy"), ("hard", "normal"), ("normal", "easy"), ("normal", "greedy"), ("hard", "greedy"),
    ("fair", "easy"), ("fair", "normal"), ("fair", "hard"), ("fair", "easy", "easy"),
)
CEILING = ("cheat", "normal")
#: The bands of issue 17: (low, high) for the first player's share, in per cent.
BANDS = {
    ("hard", "normal"): (60, 100), ("normal", "easy"): (65, 85), ("normal", "greedy"): (55, 100),
    ("fair", "easy"): (35, 65), ("fair", "normal"): (35, 65), ("fair", "hard"): (35, 65),
    ("fair", "easy", "easy"): (28, 39),
}
SEED_BASE = 1_000_000
#: Against players who play at random (issue 32: a young child who finds nothing in a memory game):
#: two such players and one computer of each level, and how long the game lasts.  A game that has
#: not ended after MOST_DECISIONS decisions counts as never ending.  fair's games may last at most
#: LONGEST times as long as normal's, on average.
RANDOM_LEVELS = ("easy", "normal", "hard", "fair")
MOST_DECISIONS, LONGEST = 4000, 1.5
_BOARD = {}


# -- the players that live only here -----------------------------------------------------------------
def greedy_queens(observation: dict, actions: list[Action], rng: random.Random) -> Action:
    kinds = {a.kind for a in actions}
    if "defend" in kinds:
        return next(a for a in actions if a.kind == "defend")
    for kind in ("wake", "king"):
        if kind in kinds:
            return rng.choice([a for a in actions if a.kind == kind])
    if "knight" in kinds:
        from kidgames.games.queens.rules import QUEEN_POINTS
        knights = [a for a in actions if a.kind == "knight"]
        return max(knights, key=lambda a: (QUEEN_POINTS[a.queen], rng.random()))
    discards = [a for a in actions if a.kind == "discard"] or actions
    most = max(len(a.get("cards", ())) for a in discards)
    return rng.choice([a for a in discards if len(a.get("cards", ())) == most])


def greedy_castle(observation: dict, actions: list[Action], rng: random.Random) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    seat = observation["seat"]
    if "lose" in by_kind:
        castle = observation["castles"][seat]
        return min(by_kind["lose"], key=lambda a: (a.card in castle, a.card))
    if "use_fairy" in by_kind:
        return by_kind["use_fairy"][0]
    if "buy" in by_kind:
        return by_kind["buy"][0]
    if "draw" in by_kind and ("stop" not in by_kind or observation["drawn_this_turn"] < 2):
        return by_kind["draw"][0]
    return (by_kind.get("stop") or by_kind.get("pass") or actions)[0]


def greedy_forest(observation: dict, actions: list[Action], rng: random.Random, memory: dict) -> Action:
    from kidgames.games.forest import ai
    kinds = {a.kind for a in actions}
    if kinds == {"roll"}:
        return actions[0]
    seen = memory.get("seen", {})
    wanted = observation["wanted"]
    target = next((slot for slot in observation["trees"] if seen.get(slot) == wanted), None)
    if kinds == {"guess"}:
        if target is not None:
            return next(a for a in actions if a.slot == target)
        return rng.choice([a for a in actions if a.slot not in seen] or actions)
    board = observation["board"]
    distances = ai._Distances(board["neighbours"])
    key = board["key"]
    unknown = {board["slots"][slot] for slot in observation["trees"] if slot not in seen}
    moves = [a for a in actions if a.kind == "move"] or actions

    def score(action: Action) -> float:
        dest = action.get("dest")
        if dest is None:
            return -1000.0
        if target is not None or not unknown:
            return 1000.0 if dest == key and target is not None else -distances.between(dest, key)
        if dest == key:
            return -500.0
        return -min(distances.between(dest, space) for space in unknown)

    best = max(score(a) for a in moves)
    return rng.choice([a for a in moves if score(a) == best])


def cheat_queens(state, observation: dict, actions: list[Action], rng: random.Random, memory: dict) -> Action:
    """hard's judgement with every hidden card in view (the benchmark's ceiling, never in the game):
    it knows which queen sleeps in every slot, whether an answer to an attack is in the victim's
    hand, whether an opponent holds the knight or potion its dragon or wand guards against, what
    a jester turns up and what the next card drawn is."""
    from kidgames.games.queens import ai
    from kidgames.games.queens.rules import NUMBER_VALUE, POWER_CARDS, jester_count

    hands, pile = state.hands, state.draw_pile
    me = observation["seat"]

    class Sighted(ai._View):
        def chance_held(self, card: str, seat: int) -> float:
            return 1.0 if card in hands[seat] else 0.0

        def fresh_card(self) -> float:
            return self.keep(pile[-1]) if pile else ai.FRESH_CARD

        def keep(self, card: str) -> float:
            if card in ("dragon", "wand") and self.mine:
                attack = "knight" if card == "dragon" else "potion"
                held = any(attack in hand for seat, hand in enumerate(hands) if seat != me)
                return 1.0 + 10.0 * held
            return super().keep(card)

        def _jester(self) -> float:
            if not pile:
                return 0.0
            card = pile[-1]
            if card in POWER_CARDS:
                return ai.EXTRA_TURN + self.keep(card)
            seat = jester_count(self.me, NUMBER_VALUE[card], self.n)
            return self.best_wake(seat) if seat == self.me else -self.weight(seat) * self.unknown_gain(seat)

    asleep = {str(slot): queen for slot, queen in enumerate(state.slots) if queen is not None}
    return ai.best_action(Sighted(observation, {"asleep": asleep}, ai.STYLES["hard"]), actions, rng)


# -- playing ------------------------------------------------------------------------------------------
def _new_state(game: str, players: int, seed: int):
    base, options = VARIANTS.get(game, (game, {}))
    spec = GAMES[base]
    if base == "forest":
        if "forest" not in _BOARD:
            from kidgames.games.forest.board import load_forest_board
            _BOARD["forest"] = load_forest_board()
        return spec.new_state(players, seed=seed, options={"board": _BOARD["forest"], **options})
    return spec.new_state(players, seed=seed)


def play(game: str, levels: tuple[str, ...], seed: int) -> tuple[list[float], dict[str, list[float]]]:
    """One game: each seat's share of the win, and the seconds of each decision by level."""
    ctrl, times, _ = _play(game, levels, seed)
    winners = ctrl.state.winners
    shares = [1 / len(winners) if seat in winners else 0.0 for seat in range(len(levels))]
    return shares, times


def turns(game: str, levels: tuple[str, ...], seed: int, most: int = MOST_DECISIONS) -> int | None:
    """How many turns one game lasts (the turns of every seat), or None when it has not ended after
    ``most`` decisions."""
    ctrl, _, count = _play(game, levels, seed, most)
    return count if ctrl.is_over else None


def _play(game: str, levels: tuple[str, ...], seed: int, most: int | None = None):
    """One game played to its end (or ``most`` decisions): the controller, the seconds of each
    decision by level, and the turns it lasted."""
    spec = GAMES[game_id(game)]
    choose, remember = load_computer(spec)
    state = _new_state(game, len(levels), seed)
    seats = [Seat(f"seat {i}", COLOURS[i], COMPUTER, level) for i, level in enumerate(levels)]
    holder: dict = {}

    def computer(observation, actions, level, rng, memory):
        if level == "random":
            return rng.choice(actions)
        if level == "greedy":
            if spec.id == "forest":
                return greedy_forest(observation, actions, rng, memory)
            return (greedy_queens if game == "queens" else greedy_castle)(observation, actions, rng)
        if level == "cheat":
            return cheat_queens(holder["ctrl"].state, observation, actions, rng, memory)
        return choose(observation, actions, level, rng, memory)

    def remembering(memory, event, seat, level, rng):
        # greedy keeps what it saw as forest's hard does (it forgets nothing); cheat and random need no memory
        if level == "greedy" and spec.id == "forest":
            remember(memory, event, seat, "hard", rng)
        elif level not in ("greedy", "cheat", "random") and remember is not None:
            remember(memory, event, seat, level, rng)

    ctrl = TurnController(spec, state, seats, computer=computer, remember=remembering, seed=seed)
    holder["ctrl"] = ctrl
    times: dict[str, list[float]] = {}
    count = decisions = 0
    while not ctrl.is_over and (most is None or decisions < most):
        level = ctrl.current_seat.level
        started = time.perf_counter()
        action = ctrl.computer_action()
        times.setdefault(level, []).append(time.perf_counter() - started)
        count += sum(event.kind == "turn" for event in ctrl.submit(action))
        decisions += 1
    return ctrl, times, count


def seating(players: tuple[str, ...], seed: int) -> tuple[str, ...]:
    """Who sits where in game ``seed``: the first player named turns through the seats."""
    k = seed % len(players)
    return players[len(players) - k:] + players[:len(players) - k] if k else players


def run_pairing(args: tuple[str, tuple[str, ...], int, int]):
    """The first player's wins (a share for a shared win) over ``games`` games, the decision times,
    and how many turns each game lasted (None: not ended after MOST_DECISIONS decisions)."""
    game, players, games, start = args
    wins = 0.0
    times: dict[str, list[float]] = {}
    lengths: list[int | None] = []
    for i in range(games):
        seed = SEED_BASE + start + i
        levels = seating(players, seed)
        ctrl, game_times, count = _play(game, levels, seed, MOST_DECISIONS)
        winners = ctrl.state.winners if ctrl.is_over else []
        if levels.index(players[0]) in winners:
            wins += 1 / len(winners)
        lengths.append(count if ctrl.is_over else None)
        for level, t in game_times.items():
            times.setdefault(level, []).extend(t)
    return game, players, games, wins, times, lengths


def against_random(level: str) -> tuple[str, ...]:
    """A level with two players who play at random."""
    return (level, "random", "random")


def length_table(results: dict, game: str) -> list[str]:
    """The lines of the table of how long games against players who play at random last."""
    rows = [f"  {'with two random players':<26} {'games':>6} {'ended':>6} {'mean turns':>10} {'median':>7} "
            f"{'p90':>5} {'longest':>7}  against normal"]
    normal = results.get((game, against_random("normal")))
    normal_mean = None
    if normal and all(n is not None for n in normal[2]):
        normal_mean = sum(normal[2]) / len(normal[2])
    for level in RANDOM_LEVELS:
        entry = results.get((game, against_random(level)))
        if not entry:
            continue
        ended = sorted(n for n in entry[2] if n is not None)
        count = len(entry[2])
        if not ended:
            rows.append(f"  {level:<26} {count:6d} {0:6d}")
            continue
        mean = sum(ended) / len(ended)
        if len(ended) < count:
            ratio = "never ends: NO"
        elif normal_mean:
            times = mean / normal_mean
            held = "" if level != "fair" else ("  (<= %.1f: %s)" % (LONGEST, "yes" if times <= LONGEST else "NO"))
            ratio = f"{times:.2f}x{held}"
        else:
            ratio = ""
        rows.append(f"  {level:<26} {count:6d} {len(ended):6d} {mean:10.1f} {percentile(ended, 50):7d} "
                    f"{percentile(ended, 90):5d} {ended[-1]:7d}  {ratio}")
    return rows


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


def name(players: tuple[str, ...]) -> str:
    return " v ".join(players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--card-games", type=int, default=1000,
                        help="games a pairing in Sleeping Queens and Castle Builders (default 1000)")
    parser.add_argument("-f", "--forest-games", type=int, default=500,
                        help="games a pairing in Fairy-Tale Forest (default 500)")
    parser.add_argument("--games", default="queens,castle,forest,forest_short",
                        help="which games, by id, comma-separated (forest_short: Forest's short game)")
    parser.add_argument("--pairings", default="",
                        help='only these pairings, e.g. "hard v normal,fair v easy v easy" (default: all)')
    parser.add_argument("-j", "--jobs", type=int, default=2, help="processes playing at once (default 2)")
    args = parser.parse_args(argv)

    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for game in games:
        if game not in TITLES:
            parser.error(f"unknown game {game!r}: choose among {', '.join(TITLES)}")
    wanted = {tuple(p.strip() for p in text.split(" v ")) for text in args.pairings.split(",") if text.strip()}
    work = []
    for game in games:
        count = args.forest_games if game in BOARD_GAMES else args.card_games
        pairings = PAIRINGS + ((CEILING,) if game == "queens" else ()) + tuple(map(against_random, RANDOM_LEVELS))
        for players in pairings:
            if wanted and players not in wanted:
                continue
            # in chunks, so that two processes share the work of one pairing
            chunk = max(1, min(100, count // max(1, args.jobs)))
            for start in range(0, count, chunk):
                work.append((game, players, min(chunk, count - start), start))
    started = time.perf_counter()
    results: dict[tuple[str, tuple[str, ...]], list] = {}
    times: dict[str, dict[str, list[float]]] = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for game, players, n, wins, t, lengths in pool.imap_unordered(run_pairing, work):
            entry = results.setdefault((game, players), [0, 0.0, []])
            entry[0] += n
            entry[1] += wins
            entry[2].extend(lengths)
            for level, values in t.items():
                times.setdefault(game, {}).setdefault(level, []).extend(values)
    elapsed = time.perf_counter() - started

    print(f"Computer levels: two-player games with seats swapped every game, the three-player game with fair's "
          f"seat turning; a shared win counts as a share; 95 % Wilson intervals; {elapsed:.0f} s in all "
          f"({args.jobs} processes).  With two random players: each level's seat turning, turns of every "
          f"seat, a game not ended after {MOST_DECISIONS} decisions never ends")
    for game in games:
        print(f"\n{TITLES[game]}")
        if any((game, players) in results for players in PAIRINGS + (CEILING,)):
            print(f"  {'pairing':<22} {'games':>6} {'first wins':>10}   {'95 % interval':<15} {'band':<9} held")
        pairings = PAIRINGS + ((CEILING,) if game == "queens" else ())
        for players in pairings:
            if (game, players) not in results:
                continue
            n, wins, _ = results[game, players]
            low, high = wilson(wins, n)
            band = BANDS.get(players)
            if players == ("normal", "easy"):
                extra = f"  (easy beats normal {100 * (1 - wins / n):.1f} %, band 15-35)"
            else:
                extra = ""
            if band:
                held = "yes" if band[0] <= 100 * wins / n <= band[1] else "NO"
                band_text = f"{band[0]}-{band[1]}" if band[1] < 100 else f">= {band[0]}"
            else:
                held, band_text = "", ""
            print(f"  {name(players):<22} {n:6d} {100 * wins / n:9.1f} %   {100 * low:5.1f}-{100 * high:5.1f} %   "
                  f"{band_text:<9} {held}{extra}")
        if any((game, against_random(level)) in results for level in RANDOM_LEVELS):
            print("\n".join(length_table(results, game)))
        print(f"  {'level':<8} {'decisions':>9} {'mean ms':>8} {'p99 ms':>8} {'max ms':>8}  (p99 < 50 ms)")
        for level in ("easy", "normal", "hard", "fair", "greedy", "cheat"):
            t = [x * 1000 for x in times.get(game, {}).get(level, [])]
            if t:
                print(f"  {level:<8} {len(t):9d} {sum(t) / len(t):8.3f} {percentile(t, 99):8.3f} {max(t):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
