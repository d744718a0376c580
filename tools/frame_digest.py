#!/usr/bin/env python3
"""The md5 of every frame of seeded games of all four games, played headless through the real UI.

A guard for work that must not change what a family sees (a redesign of the scenes, the engines'
refusals, the words): run it before and after, and compare.

    python tools/frame_digest.py                    # JSON: {game: {"digest": md5, "frames": n}, ...}
    python tools/frame_digest.py --compare base.json    # exit 1 when a digest differs

Each game is played by two people and a computer (hard), seed 5, at the fast speed, with secrets
shown for five seconds, on a stepped clock.  The people's decisions are chosen by this tool from the
legal actions (a seeded choice, as a player model outside the app; the tool keeps the state its own
game was made with) and sent through the scene's submit path; every curtain is lifted by a tap on
its button, and an open secret is closed by a tap.  The digest covers every frame the window showed
(``pygame.display.get_surface()``, never redrawn for the digest), up to the results or
``--frames``.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402

FRAME = 1 / 30
GAMES = ("knights", "forest", "castle", "queens")


def play(game: str, seed: int, max_frames: int) -> dict:
    from kidgames.core.seats import Seat
    from kidgames.ui.curtain import CurtainScene
    from kidgames.ui.game import start_game_scene
    from kidgames.ui.results import ResultsScene
    from ui_driver import make_app

    home = Path(tempfile.mkdtemp(prefix="digest-"))
    os.environ["KIDGAMES_HOME"] = str(home)
    app = make_app(home, speed="fast")
    app.settings.secret_seconds = 5
    # the tool keeps the state its game is made with (its player model reads the legal actions)
    made = []
    spec = app.games[game]

    def new_state(*args, **kwargs):
        state = spec.new_state(*args, **kwargs)
        made.append(state)
        return state
    app.games = dict(app.games)
    app.games[game] = dataclasses.replace(spec, new_state=new_state)
    seats = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer", "hard")]
    scene = start_game_scene(app, game, seats, seed=seed, options={})
    state = made[0]
    rng = random.Random(f"digest:{game}:{seed}")
    md5 = hashlib.md5()
    frames = steady = 0
    results_frames = 0

    def frame() -> None:
        nonlocal frames
        app.frame(FRAME)
        frames += 1
        md5.update(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))

    def press(pos) -> None:
        x, y = app.to_window((round(pos[0]), round(pos[1])))
        app.guard_until = 0.0
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True))
        frame()

    while frames < max_frames:
        frame()
        top = app.top
        if isinstance(top, ResultsScene):
            results_frames += 1
            if results_frames > 30:
                break
            continue
        if isinstance(top, CurtainScene):
            for _ in range(rng.randrange(2, 6)):
                frame()
            press(top.button("ready").rect.center)
            continue
        if top is not scene:
            continue
        if scene.anim.holding is not None:
            if rng.random() < 0.05:
                press((600, 500))
            continue
        if scene.person_can_act():
            steady += 1
            if steady >= 3:
                steady = 0
                legal = state.legal_actions()
                if legal:
                    action = pick(game, state, legal, rng)
                    submit = getattr(scene, "try_submit", None) or scene.submit
                    submit(action)
        else:
            steady = 0
    app.saves.flush()
    return {"digest": md5.hexdigest(), "frames": frames, "over": bool(state.is_over)}


def pick(game, state, legal, rng):
    """A person's choice: mostly the moves that bring a game to its end."""
    if game == "forest":
        from kidgames.games.forest.rules import GUESS, MOVE
        board = state.board
        if state.phase == GUESS:
            wanted = [a for a in legal if state.tree_at[a.slot] == state.wanted]
            return wanted[0] if wanted and rng.random() < 0.7 else rng.choice(legal)
        if state.phase == MOVE:
            moves = [a for a in legal if a.kind == "move"]
            if moves:
                key = [a for a in moves if a.dest == board.key]
                if key and rng.random() < 0.8:
                    return key[0]
                dist = board.distances_from(board.key)
                return min(moves, key=lambda a: (dist[a.dest], a.dice_used))
    if game == "queens":
        strong = [a for a in legal if a.kind in ("king", "knight", "wake", "defend")]
        if strong and rng.random() < 0.8:
            return rng.choice(strong)
    return rng.choice(legal)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--frames", type=int, default=6000, help="at most this many frames a game")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--compare", type=Path, help="a JSON file of earlier digests: exit 1 when one differs")
    args = parser.parse_args(argv)
    pygame.init()
    out = {game: play(game, args.seed, args.frames) for game in args.games.split(",")}
    print(json.dumps(out, indent=1))
    if args.compare:
        base = json.loads(args.compare.read_text())
        differ = [g for g in out if g in base and base[g]["digest"] != out[g]["digest"]]
        print("unchanged" if not differ else f"CHANGED: {', '.join(differ)}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
