#!/usr/bin/env python3
"""Play a game in a real window, as a family would: clicks through the X server, screenshots of
what the window shows after a quiet wait.  For checking the app by eye (not a test).

    xvfb-run -a -s "-screen 0 1280x800x24" python tools/window_play.py queens \\
        --players Anna,Ben,cpu:hard --seed 3 --shots /tmp/shots

The app runs in this process as ``main.py`` runs it; a driver thread reads the scene on top to
choose where a person would tap (a person may read the screen: the hand shown, the shining spaces),
moves the pointer there with ``xdotool`` and clicks.  Before each click it waits until the window
has been still for a moment and saves ``import -window root`` into ``--shots`` with a line in
``shots.txt``: what was on top, who the screen was in front of by the driver's account (the person
named by the last curtain it opened, until that person's decision or closed secret; otherwise
everybody), what the scene says it draws of anyone's secrets, and the hint shown with its message
key.  ``voice.txt`` lists each prompt asked of the voice and each clip played; with ``--sound`` and
the disk audio driver the sound is recorded too (tools/voice_check.py compares the two).  Needs
xdotool and ImageMagick.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def state_of(scene):
    """The state behind the scene, for the player model of this driver (the app never reads it).
    tests/ui_driver.py is imported only now: at import it would pick the dummy video driver."""
    from ui_driver import state_of as behind
    return behind(scene)


def decisions_of(scene) -> int:
    """How many decisions the game behind the scene has applied (for this driver's model of who
    is watching: a tap that chose a card but sent nothing leaves its person looking alone)."""
    from ui_driver import controller_of
    return controller_of(scene).decisions


def xdotool(*args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, check=False).stdout.strip()


class Driver(threading.Thread):
    def __init__(self, app, game: str, shots: Path, seed: int, quiet: float, max_clicks: int,
                 burst: int = 0, undo: float = 0.0, guided: bool = False, weak: bool = False) -> None:
        super().__init__(daemon=True)
        self.weak = weak               # people who find little: a tree at random, a step at random
        self.guided = guided           # a guided first game: tap only where the hand points
        self.burst = burst
        self.undo = undo               # how often a step is taken back with the arrow, when it shows
        self.app, self.game, self.shots = app, game, shots
        self.rng = random.Random(seed)
        self.quiet, self.max_clicks = quiet, max_clicks
        self.window = None
        self.clicks = 0
        self.shot = 0
        self.private = None            # the person named by the last curtain opened, by our account
        self.log = []
        self.done = False

    # -- the window ---------------------------------------------------------------------------------
    def find_window(self) -> None:
        for _ in range(200):
            found = xdotool("search", "--pid", str(os.getpid()))
            if found:
                self.window = found.splitlines()[0]
                return
            time.sleep(0.1)
        raise SystemExit("no window found")

    def click(self, canvas_pos, why: str) -> None:
        x, y = self.app.to_window((round(canvas_pos[0]), round(canvas_pos[1])))
        xdotool("mousemove", "--window", self.window, str(x), str(y), "click", "1")
        self.clicks += 1
        self.log.append(f"click {self.clicks}: {why} at canvas {tuple(map(round, canvas_pos))}")
        if self.burst:
            for k in range(self.burst):     # what the window shows while the move plays
                time.sleep(0.25)
                self.screenshot(f"{k + 1} of a burst after: {why}")
        time.sleep(0.5)        # a person's pace (and past the double-tap guards)

    def wait_quiet(self) -> None:
        """Until nothing has moved for ``quiet`` seconds."""
        still_since = time.monotonic()
        while time.monotonic() - still_since < self.quiet:
            time.sleep(0.05)
            if self.app.loop.animating:
                still_since = time.monotonic()

    def screenshot(self, note: str) -> None:
        self.shot += 1
        name = self.shots / f"shot{self.shot:04d}.png"
        subprocess.run(["import", "-window", "root", str(name)], check=False)
        top = type(self.app.top).__name__
        scene = self.scene()
        secrets = sorted(scene.visible_secrets()) if scene is not None and scene in self.app.scenes.shown() else []
        watching = "everybody" if self.private is None else f"only seat {self.private}"
        prompt = getattr(scene, "hint_text", lambda: "")() if scene is not None and self.app.top is scene else ""
        key = getattr(prompt, "key", "") if prompt else ""
        line = f"{name.name}: top={top} watching={watching} secrets drawn={secrets} {note} | hint: {prompt} [{key}]"
        self.log.append(line)
        if secrets and (self.private is None or set(secrets) != {self.private}) and len(self.persons()) > 1:
            self.log.append(f"  !!! a secret of {secrets} on screen while {watching} looks")

    # -- the game -------------------------------------------------------------------------------------
    def scene(self):
        from kidgames.ui.game import GameScene
        return next((s for s in self.app.stack if isinstance(s, GameScene)), None)

    def persons(self):
        scene = self.scene()
        return [i for i, s in enumerate(scene.seats) if not s.is_computer] if scene else []

    def run(self) -> None:
        try:
            self.find_window()
            self.loop()
        except Exception as exc:       # report, never hang the window
            self.log.append(f"driver stopped: {exc!r}")
        finally:
            (self.shots / "shots.txt").write_text("\n".join(self.log) + "\n")
            voice = self.app.voice
            (self.shots / "voice.txt").write_text(
                "".join(f"asked {key}: {' '.join(clips)}\n" for key, clips in voice.said)
                + "".join(f"played {clip}\n" for clip in voice.played))
            self.done = True
            self.app.running = False

    def loop(self) -> None:
        from kidgames.ui.curtain import CurtainScene
        from kidgames.ui.results import ResultsScene
        while self.clicks < self.max_clicks:
            time.sleep(0.3)
            self.wait_quiet()
            top = self.app.top
            scene = self.scene()
            if isinstance(top, ResultsScene):
                time.sleep(2.0)
                self.screenshot("the results")
                return
            if self.guided and self.follow_hand(top, scene):
                continue
            if isinstance(top, CurtainScene):
                self.screenshot(f"a {top.kind} curtain naming {top.seat.name}")
                self.private = scene.seats.index(top.seat)     # from this tap on, only they look
                self.click(top.button("ready").rect.center, f"{top.seat.name} lifts the curtain")
                time.sleep(0.4)
                self.wait_quiet()
                self.screenshot(f"{top.seat.name} alone looks")
                continue
            if top is not scene or scene is None:
                continue
            arrow = scene.button("undo")
            if arrow is not None and arrow.visible and self.rng.random() < self.undo:
                self.screenshot("the back arrow shows")
                self.click(arrow.rect.center, "a wrong tap taken back")
                time.sleep(0.4)
                self.wait_quiet()
                self.screenshot("taken back")
                continue
            if scene.anim.holding is not None:
                self.screenshot("a secret open")
                self.private = None
                self.click((600, 500), "the person closes the secret")
                continue
            if not scene.person_can_act():
                continue
            self.screenshot(f"{scene.seats[state_of(scene).current_player].name} to decide")
            getattr(self, f"play_{self.game}")(scene)

    def follow_hand(self, top, scene) -> bool:
        """A guided game: wait (up to 15 s) for the hand, show it, and tap where it points, as a child
        who follows it would (True: tapped)."""
        from kidgames.ui.curtain import CurtainScene
        waited = time.monotonic()
        while time.monotonic() - waited < 15.0:
            if self.app.top is not top:
                return False
            hand = top.hand if isinstance(top, CurtainScene) else (top.nudge if top is scene else None)
            if hand is None or (top is scene and not scene.person_can_act()):
                return False
            if hand.showing and hand.target is not None:
                time.sleep(0.6)        # the hand has come in: what the child sees now
                what = f"a {top.kind} curtain naming {top.seat.name}" if isinstance(top, CurtainScene) else \
                    f"{scene.seats[state_of(scene).current_player].name} to decide"
                self.screenshot(f"the hand points ({what})")
                before = decisions_of(scene)
                if isinstance(top, CurtainScene):
                    self.private = scene.seats.index(top.seat)
                self.click(hand.target.center, "where the hand points")
                if not isinstance(top, CurtainScene) and decisions_of(scene) != before:
                    self.decided()      # a decision was sent; a card only chosen keeps the moment private
                return True
            time.sleep(0.1)
        return False

    def decided(self) -> None:
        self.private = None

    # Sleeping Queens: the taps for a legal action, on the hand and the table
    def play_queens(self, scene) -> None:
        from test_queens_ui import hand_targets
        legal = state_of(scene).legal_actions()
        strong = [a for a in legal if a.kind in ("king", "knight", "potion", "wake", "defend", "jester")]
        action = self.rng.choice(strong) if strong and self.rng.random() < 0.8 else self.rng.choice(legal)
        taps = hand_targets(scene, action)
        for k, point in enumerate(taps):
            if k == len(taps) - 1:
                self.decided()
            self.click(point, f"for {action}")

    # Fairy-Tale Forest: the dice, a shining space (to the castle when its tree is known), a tree
    def play_forest(self, scene) -> None:
        from kidgames.games.forest.rules import GUESS, MOVE, ROLL
        from kidgames.games.forest.layout import DICE_TARGET
        state = state_of(scene)
        self.decided()
        if state.phase == ROLL:
            self.click(DICE_TARGET.center, "roll")
        elif state.phase == GUESS:
            wanted = next(s for s, m in state.tree_at.items() if m == state.wanted)
            knows = 0.0 if self.weak else 0.7
            slot = wanted if self.rng.random() < knows else self.rng.choice(list(state.tree_at))
            self.click(scene.part.tree_centre(slot), "guess")
        elif state.phase == MOVE:
            if scene.part.choice:
                self.click(scene.button(f"choice:{self.rng.randrange(2)}").rect.center, "one die or both")
                return
            reach = dict(scene.table_view().ways)
            board = state.board
            if self.weak:
                target = self.rng.choice(list(reach))
            elif board.key in reach and self.rng.random() < 0.8:
                target = board.key
            else:
                blue = [d for d in reach if board.tree_slot(d) in state.tree_at]
                dist = board.distances_from(board.key)
                target = self.rng.choice(blue) if blue and self.rng.random() < 0.5 else min(reach, key=dist.get)
            self.click(scene.space_xy(target), f"walk to {target}")

    # Castle Builders: draw or stop (more often draw early), buy what shines, answer the witch
    def play_castle(self, scene) -> None:
        state = state_of(scene)
        self.decided()
        if state.pending == "witch":
            self.click(scene.button("use_fairy" if self.rng.random() < 0.7 else "accept_witch").rect.center,
                       "the witch")
            return
        if state.pending == "lose":
            targets = scene.tap_targets()
            self.click(self.rng.choice(targets).centre, "a card for the witch")
            return
        legal = state.legal_actions()
        buys = [a for a in legal if a.kind == "buy"]
        if buys and self.rng.random() < 0.6:
            if not scene.part.buying:
                self.click(scene.button("buy").rect.center, "buy")
                return
            targets = scene.tap_targets()
            self.click(self.rng.choice(targets).centre, "a card to buy")
            return
        stop = scene.button("stop")
        if stop is not None and stop.enabled and self.rng.random() < 0.25 + 0.15 * state.drawn_this_turn:
            self.click(stop.rect.center, "stop")
        else:
            name = "draw" if scene.button("draw") else "pass"
            self.click(scene.button(name).rect.center, name)

    # Knights: the die (a person taps what shines)
    def play_knights(self, scene) -> None:
        from kidgames.games.knights.table import DIE_TARGET
        self.decided()
        self.click(DIE_TARGET.center, "throw")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["queens", "forest", "knights", "castle"])
    parser.add_argument("--players", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", type=Path, required=True)
    parser.add_argument("--quiet", type=float, default=1.0, help="seconds of stillness before a screenshot")
    parser.add_argument("--clicks", type=int, default=400)
    parser.add_argument("--burst", type=int, default=0, help="screenshots while each click's move plays")
    parser.add_argument("--secret", default="5", help="seconds a secret stays, or 'tap'")
    parser.add_argument("--speed", default="normal")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--sound", action="store_true", help="not muted: sound effects and voices play "
                        "(record them with SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=out.raw)")
    parser.add_argument("--option", action="append", default=[], help="an on/off game option to switch on (short)")
    parser.add_argument("--guided", action="store_true", help="a guided first game: tap where the hand points")
    parser.add_argument("--weak", action="store_true",
                        help="people who find little (the Forest: a tree and a step at random), as a small child")
    parser.add_argument("--undo", type=float, default=0.0, help="how often (0-1) to tap the back arrow when it shows")
    args = parser.parse_args(argv)
    args.shots.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("KIDGAMES_HOME", str(args.shots / "home"))

    from kidgames.cli import parse_players
    from kidgames.core.i18n import Catalog
    from kidgames.core.seats import COLOURS
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.ui.game import start_game_scene
    from kidgames.ui.menu import MenuScene

    spec = GAMES[args.game]
    catalog = Catalog(args.lang)
    seats = parse_players(args.players, spec, {c: catalog.t(f"colour.{c}") for c in COLOURS})
    app = App(GAMES, mute=not args.sound, fullscreen=False, speed=args.speed)
    if not args.guided:
        from kidgames.ui.guide import unguided
        unguided(app)      # played as before: no guided first game (kidgames/ui/guide.py)
    app.set_language(args.lang)
    app.settings.secret_seconds = None if args.secret == "tap" else int(args.secret)
    app.reset_to(MenuScene(app))
    start_game_scene(app, args.game, seats, seed=args.seed, options={name: True for name in args.option})
    driver = Driver(app, args.game, args.shots, args.seed, args.quiet, args.clicks, args.burst, args.undo,
                    args.guided, args.weak)
    driver.start()
    app.run()
    driver.join(timeout=5)
    print("\n".join(line for line in driver.log if not line.startswith("click")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
