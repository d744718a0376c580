"""The command line: ``python main.py [GAME] [options]``."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kidgames.core.i18n import LANGUAGES
from kidgames.core.settings import SPEEDS

COMPUTER_WORDS = {"cpu", "computer", "ai", "bot"}


class UsageError(Exception):
    pass


def build_parser(games) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kidgames",
        description="A family games collection for one computer. Without a game, the menu opens.",
        epilog="Example: python main.py knights --players Anna,Ben,cpu --seed 7")
    parser.add_argument("game", nargs="?", choices=sorted(games), metavar="GAME",
                        help=f"start this game at once: {', '.join(sorted(games))}")
    parser.add_argument("--players", metavar="NAMES",
                        help="comma-separated names; 'cpu' for a computer player (e.g. Red,Blue,cpu)")
    parser.add_argument("--seed", type=int, metavar="N", help="a seed for a repeatable game")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                        help="fill the whole screen")
    screen.add_argument("--window", dest="fullscreen", action="store_false", help="play in a window")
    parser.add_argument("--lang", choices=LANGUAGES, help="language of the texts")
    parser.add_argument("--mute", action="store_true", help="no sound")
    parser.add_argument("--speed", choices=SPEEDS, help="animation speed")
    parser.add_argument("--board", metavar="FILE", help="play a modified board file (Knights)")
    parser.add_argument("--list", action="store_true", help="list the games and exit")
    return parser


def parse_players(text: str, spec, colour_names=None):
    """Turn ``"Anna,Ben,cpu"`` into seats; raises UsageError with a sentence."""
    from kidgames.core.seats import COLOURS, COMPUTER, PERSON, Seat
    names = [part.strip() for part in text.split(",")]
    if any(not n for n in names):
        raise UsageError("--players: a name is empty (write names separated by commas, e.g. Anna,Ben,cpu)")
    if not spec.min_players <= len(names) <= spec.max_players:
        raise UsageError(f"--players: {spec.title} is for {spec.min_players} to {spec.max_players} players, "
                         f"not {len(names)}")
    seats = []
    for name, colour in zip(names, COLOURS):
        if name.lower() in COMPUTER_WORDS:
            label = (colour_names or {}).get(colour, colour.capitalize())
            seats.append(Seat(label, colour, COMPUTER))
        else:
            seats.append(Seat(name[:16], colour, PERSON))
    return seats


def main(argv: list[str] | None = None) -> int:
    from kidgames.games import GAMES
    parser = build_parser(GAMES)
    args = parser.parse_args(argv)
    if args.list:
        for gid, spec in sorted(GAMES.items()):
            print(f"{gid:10} {spec.title} ({spec.min_players}–{spec.max_players} players)")
        return 0
    if (args.players or args.board or args.seed is not None) and not args.game:
        parser.error("--players, --seed and --board need a GAME (e.g. python main.py knights --players Anna,cpu)")
    options = {}
    if args.board:
        if args.game != "knights":
            parser.error("--board is for games with a board file (knights)")
        from kidgames.core.board import BoardError
        from kidgames.games.knights.rules import load_knights_board
        try:
            load_knights_board(Path(args.board))
        except BoardError as exc:
            print(f"kidgames: error: {exc}", file=sys.stderr)
            return 2
        options["board"] = str(Path(args.board))
    seats = None
    if args.players:
        from kidgames.core.i18n import Catalog, system_language
        catalog = Catalog(args.lang or system_language())
        names = {c: catalog.t(f"colour.{c}") for c in ("red", "blue", "green", "yellow", "purple", "orange")}
        try:
            seats = parse_players(args.players, GAMES[args.game], names)
        except UsageError as exc:
            parser.error(str(exc))
    return run_app(GAMES, args, seats, options)


def run_app(games, args, seats, options) -> int:
    from kidgames.ui.app import App
    from kidgames.ui.menu import MenuScene, offer_saved_game
    app = App(games, mute=args.mute, fullscreen=args.fullscreen, speed=args.speed)
    if args.lang:
        app.set_language(args.lang)
    app.reset_to(MenuScene(app))
    if args.game and seats:
        # Naming the game and its players on the command line is explicit: it replaces that
        # game's save (the other games' saves stay).
        from kidgames.ui.game import start_game_scene
        start_game_scene(app, args.game, seats, seed=args.seed, options=options)
    elif args.game:
        from kidgames.ui.setup import SetupScene
        app.push(SetupScene(app, games[args.game]))
    else:
        offer_saved_game(app)
    try:
        app.run()
    except KeyboardInterrupt:
        pass
    import pygame
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
