"""The "back" arrow (issue 23) checked by taps: whole games of two people and a computer, played
on the real app headless by posted taps, the arrow tapped now and then wherever it shows.

    python bench/undo_taps.py                           # forest, castle, queens; 20 seeds each
    python bench/undo_taps.py --games queens --seeds 5 --undo 0.5

Each game (Anna, Ben and a computer at level normal; the Forest short) is played to its results
or to --cap taps.  A curtain is tapped through; wherever the arrow shows (on the table, or on a
curtain), it is tapped with probability --undo, once per moment; else a person taps where the
guided hand would point, or any other thing the moment offers (what the table offers to tap, a
button of the moment).  The computer's moves run by frames of the stepped clock.  After every
tap on the arrow this checks:

(a) the position taken back to (the state without its kept steps) is one the game had earlier,
    at a decision of the arrow's person: never a position that never was, nor another's turn;
(b) the save on the disk, once the app's writer has written, holds the state and the turn
    controller's data (the computers' generator and memories, the log) as they are live;
(c) no exception anywhere, and the game still comes to its end (finished against capped).

Informative only: how often the arrow went back to exactly where the game was right before the
last step applied, its position and its controller (a line for each time it did not, with the
steps before it), and arrow taps that took nothing back.  The exit status is 1 when any (a), (b)
or exception was seen.  A person who has made a choice the rules refuse (Queens: pictures with
other cards) lets a chosen card go after a few taps that decided nothing, as the hint says.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import traceback
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
    os.environ.setdefault(name, value)
os.environ["KIDGAMES_RAISE"] = "1"       # an error in a frame must reach this script, not be tidied away

from kidgames.core.seats import COMPUTER, Seat  # noqa: E402
from kidgames.ui.curtain import CurtainScene  # noqa: E402
from kidgames.ui.game import TAKES_BACK, start_game_scene  # noqa: E402
from kidgames.ui.results import ResultsScene  # noqa: E402
from kidgames.ui.shared_buttons import SHARED_BUTTONS  # noqa: E402
from ui_driver import controller_of, make_app, tap  # type: ignore[import-not-found]  # noqa: E402

SEATS = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", COMPUTER, "normal")]
OPTIONS: dict[str, dict[str, Any]] = {"forest": {"short": True}}
STEP = 1 / 30           # the frames while nothing is tapped: a tablet at 30 frames a second
WAIT = 120.0            # seconds of the app's clock a moment may take to settle before the game counts as stuck


def js(data: Any) -> str:
    """JSON text to compare by: keys sorted, tuples as lists, number keys as text."""
    return json.dumps(json.loads(json.dumps(data)), sort_keys=True)


def without_steps(data: dict) -> str:
    """``data`` as JSON text without the steps kept for taking back (they shrink with an undo)."""
    data.pop("undo", None)
    return js(data)


def position(state: Any) -> str:
    """The state's position, without the steps it keeps for taking back (they shrink with an undo)."""
    return without_steps(state.to_json())


class Watch:
    """Hooks on the game's turn controller: every position at a person's decision (by seat), and
    every step applied and taken back."""

    def __init__(self, scene: Any) -> None:
        self.ctrl = ctrl = controller_of(scene)
        self.persons = set(ctrl.persons())
        self.seen: dict[int, set[str]] = defaultdict(set)
        # each step applied and not taken back: (seat, action kind, position before, controller before)
        self.steps: list[tuple[int, str, str, str]] = []
        # each step taken back: (its person, the position and the controller after, the step)
        self.undone: list[tuple[int | None, str, str, tuple[int, str, str, str] | None]] = []
        self.checked = 0           # how many of them were checked
        self.record()
        submit, undo = ctrl.submit, ctrl.undo

        def submitted(action: Any) -> Any:
            seat, before, mark = ctrl.current, position(ctrl.state), without_steps(ctrl.to_json())
            events = submit(action)
            self.steps.append((seat, action.kind, before, mark))
            self.record()
            return events

        def undone() -> Any:
            actor = ctrl.undo_actor
            events = undo()
            self.undone.append((actor, position(ctrl.state), without_steps(ctrl.to_json()),
                                self.steps.pop() if self.steps else None))
            return events
        ctrl.submit, ctrl.undo = submitted, undone

    def record(self) -> None:
        if not self.ctrl.is_over and self.ctrl.current in self.persons:
            self.seen[self.ctrl.current].add(position(self.ctrl.state))


def arrow_of(top: Any) -> Any:
    arrow = top.button("undo")
    return arrow if arrow is not None and arrow.visible and arrow.enabled else None


def settle(app: Any, scene: Any, asked: set) -> str:
    """Frames until something is to be done: "results", "curtain", "person" (a person may tap the
    table), "arrow" (the arrow shows at a moment not yet asked about), or "stuck"."""
    end = app.now() + WAIT
    while app.now() < end:
        app.frame(min(max(app.next_wake(), STEP), 0.25))    # at least one: a tap's layout follows in the next
        top = app.top
        if isinstance(top, ResultsScene):
            return "results"
        if isinstance(top, CurtainScene):
            return "curtain"
        if top is scene and not scene.anim.busy:
            if arrow_of(scene) is not None and moment(scene, top) not in asked:
                return "arrow"
            if person_may_tap(scene):
                return "person"
    return "stuck"


def person_may_tap(scene: Any) -> bool:
    return not scene.anim.busy and scene.person_can_act() and scene.session.view().curtain is None


def wait(app: Any, seconds: float) -> None:
    """A person's pause before the next tap, frames running (a curtain due comes meanwhile)."""
    end = app.now() + seconds
    while app.now() < end - 1e-9:
        app.frame(min(max(app.next_wake(), STEP), end - app.now(), 0.25))


def moment(scene: Any, top: Any) -> tuple[int, int]:
    return controller_of(scene).decisions, id(top)


def table_tap(scene: Any, rng: random.Random, stalled: int) -> tuple[int, int] | None:
    """Where a person taps the table: where the hand would point, or anything else offered now.
    After a few taps that decided nothing, a chosen card is let go, as the Queens hint says (the
    hand alone may go round in a circle there: it never points at a chosen card)."""
    targets = [t for t in scene.tap_targets() if t.rect is None or t.rect.w > 0]
    chosen = getattr(getattr(scene.part, "hand", None), "selected", None) or ()
    let_go = [t.centre for t in targets if isinstance(t.key, tuple) and t.key[0] == "card" and t.key[1] in chosen]
    if stalled >= 6 and let_go and rng.random() < 0.5:
        return rng.choice(let_go)
    offered = [t.centre for t in targets]
    offered += [b.rect.center for b in scene.buttons
                if b.visible and b.enabled and b.name not in SHARED_BUTTONS and b.name not in TAKES_BACK]
    hand = scene.nudge_target()
    if hand is not None and (not offered or rng.random() < 0.5):
        return hand.center
    return rng.choice(offered) if offered else None


def play(app: Any, home: Path, game: str, seed: int, p: float, cap: int, out: Counter[str]) -> None:
    rng = random.Random(f"{game}:{seed}")
    scene = start_game_scene(app, game, SEATS, seed=seed, options=OPTIONS.get(game))
    watch = Watch(scene)
    asked: set = set()
    taps = idle = idle_at = stalled = 0
    decided = -1
    while taps < cap:
        idle = 0 if taps != idle_at else idle + 1
        idle_at = taps
        if idle > 1000:            # a thousand looks at the table and nothing to tap: stuck
            out["stuck"] += 1
            break
        if len(watch.undone) > watch.checked:      # taken back by a tap meant for something else
            out["undone by another tap"] += len(watch.undone) - watch.checked
            check(app, home, game, seed, watch, out)
        what = settle(app, scene, asked)
        if what in ("results", "stuck"):
            out["finished" if what == "results" else "stuck"] += 1
            break
        top = app.top
        if arrow_of(top) is not None and moment(scene, top) not in asked:
            asked.add(moment(scene, top))
            if rng.random() < p:
                wait(app, 0.5)
                arrow = arrow_of(app.top) if app.top is top else None
                if arrow is None:          # gone meanwhile (a curtain came, a computer moved): not tapped
                    continue
                taps += 1
                out["undo taps"] += 1
                out["of them on a curtain"] += isinstance(top, CurtainScene)
                out["of them while a computer thinks"] += scene.session.view().computer_turn
                undone, actor = len(watch.undone), scene.session.view().undo_actor
                tap(app, arrow.rect.center)
                if len(watch.undone) == undone:
                    out["arrow taps taking nothing back"] += 1
                    print(f"  {game} seed {seed}: the arrow on {type(top).__name__} (actor {actor}) took nothing back")
                    continue
                check(app, home, game, seed, watch, out)
                continue
        if what == "curtain":
            wait(app, 0.5)
            if app.top is top:
                tap(app, top.button("ready").rect.center)
                taps += 1
        elif what == "person":
            wait(app, 0.5)
            decisions = controller_of(scene).decisions
            stalled, decided = (stalled + 1 if decisions == decided else 0), decisions
            point = table_tap(scene, rng, stalled) if app.top is scene and person_may_tap(scene) else None
            if point is not None:
                tap(app, point)
                taps += 1
    else:
        out["capped"] += 1
    out["taps"] += taps


def check(app: Any, home: Path, game: str, seed: int, watch: Watch, out: Counter[str]) -> None:
    """The invariants after a tap that took a step back (each undo not checked yet)."""
    for actor, after, mark, step in watch.undone[watch.checked:]:
        if actor is None or after not in watch.seen[actor]:
            out["(a) violations"] += 1
            print(f"  (a) {game} seed {seed}: the arrow of seat {actor} went to a position never had at "
                  f"their decision (last step {step and step[:2]})")
        if step is None or step[0] != actor or step[2] != after or step[3] != mark:
            out["stricter mismatches"] += 1
            kinds = [f"{watch.ctrl.seats[s].name if s is not None else '-'}:{k}" for s, k, *_ in watch.steps[-4:]]
            what = "the computers' memories, generator or log" if step and step[2] == after else "the position"
            print(f"  stricter {game} seed {seed}: arrow of {actor}: {what} not as right before the last step "
                  f"{step and step[:2]} (the steps before it {kinds})")
        else:
            out["back to right before the last step"] += 1
        if actor is not None:
            watch.seen[actor].add(after)      # (a) was checked before: a position of theirs now
    watch.checked = len(watch.undone)
    if not app.saves.flush():
        out["(b) violations"] += 1
        print(f"  (b) {game} seed {seed}: the save was not written")
        return
    saved = json.loads((home / "saves" / f"{game}.json").read_text())
    for part, live in (("state", watch.ctrl.state.to_json()), ("controller", watch.ctrl.to_json())):
        if js(saved.get(part)) != js(live):
            out["(b) violations"] += 1
            print(f"  (b) {game} seed {seed}: the save's {part} is not the live one")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", default="forest,castle,queens", help="comma-separated (knights: no arrow ever)")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--undo", type=float, default=0.3, help="how often (0-1) the arrow is tapped where it shows")
    parser.add_argument("--cap", type=int, default=1500, help="taps at most per game")
    args = parser.parse_args(argv)
    home = Path(os.environ.get("KIDGAMES_HOME") or tempfile.mkdtemp(prefix="undo_taps."))
    failed = False
    columns = ["games", "finished", "capped", "stuck", "taps", "undo taps", "of them on a curtain",
               "of them while a computer thinks", "(a) violations", "(b) violations",
               "exceptions", "back to right before the last step", "stricter mismatches",
               "arrow taps taking nothing back", "undone by another tap"]
    for game in args.games.split(","):
        out: Counter[str] = Counter()
        app = make_app(home)
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            out["games"] += 1
            try:
                play(app, home, game, seed, args.undo, args.cap, out)
            except Exception:        # noqa: BLE001 - counted and shown; the next game on a fresh app
                out["exceptions"] += 1
                print(f"  exception {game} seed {seed}:\n" + traceback.format_exc(limit=6))
                app.saves.flush()
                app = make_app(home)
        app.saves.flush()
        failed = failed or any(out[k] for k in ("(a) violations", "(b) violations", "exceptions"))
        print(f"{game}: " + ", ".join(f"{k} {out[k]}" for k in columns), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
