"""The command line: ``python main.py [GAME] [options]``.

Game options come from the games' declarations (``GameSpec.options``), so there is no game-specific
code here: an on/off option ``auto_defend`` is ``--auto-defend`` (and ``--no-auto-defend`` when it is
on by default), a choice is ``--name VALUE``, a board file is ``--board FILE``.
"""
from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

from kidgames.core.i18n import LANGUAGES
from kidgames.core.protocol import BOARD, CHOICE, FLAG
from kidgames.core.seats import LEVELS, NORMAL
from kidgames.core.settings import SPEEDS

COMPUTER_WORDS = {"cpu", "computer", "ai", "bot"}
OPTION_DEST = "option:"     # argparse keeps each game option under this prefix and its name


class UsageError(Exception):
    pass


def _declared_options(games) -> dict[str, list]:
    """Every option name with the (game id, option) pairs that declare it."""
    declared: dict[str, list] = {}
    for game_id, spec in sorted(games.items()):
        for option in spec.options:
            declared.setdefault(option.name, []).append((game_id, option))
    return declared


def build_parser(games) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kidgames",
        description="A family games collection for one computer. Without a game, the menu opens.",
        epilog="Example: python main.py knights --players Anna,Ben,cpu:hard --seed 7")
    parser.add_argument("game", nargs="?", choices=sorted(games), metavar="GAME",
                        help=f"start this game at once: {', '.join(sorted(games))}")
    parser.add_argument("--players", metavar="NAMES",
                        help="comma-separated names; 'cpu' for a computer player (level "
                             f"{NORMAL}), {', '.join(f'cpu:{level}' for level in LEVELS)} for its level "
                             "(e.g. Anna,Ben,cpu:hard)")
    parser.add_argument("--seed", type=int, metavar="N", help="a seed for a repeatable game")
    parser.add_argument("--show-me", action="store_true",
                        help="play the game's short demo (\"Show me!\"), then its setup screen")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                        help="fill the whole screen (this run only)")
    screen.add_argument("--window", dest="fullscreen", action="store_false",
                        help="play in a window (this run only)")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="language of the texts (this run only; the settings screen changes the saved one)")
    parser.add_argument("--mute", action="store_true", help="no sound (this run only)")
    parser.add_argument("--speed", choices=SPEEDS, help="animation speed (this run only)")
    parser.add_argument("--kiosk", action="store_true",
                        help="no close button; Escape and the window's close do not quit; a grown-up "
                             "closes the app with Shift+Ctrl+Escape (this run only; also a setting)")
    parser.add_argument("--list", action="store_true", help="list the games and exit")
    parser.add_argument("--voice-clips", choices=LANGUAGES, metavar="LANG",
                        help="list the spoken clips of a language (name and words) for a family's own "
                             "recordings, and exit")
    # Linux desktops: a launcher per game and one for the collection, for this user (kidgames/launchers.py)
    parser.add_argument("--install-launchers", action="store_true",
                        help="add a launcher for each game and the collection to this user's desktop menus "
                             "(in $XDG_DATA_HOME, ~/.local/share), and exit")
    parser.add_argument("--remove-launchers", action="store_true",
                        help="remove the launchers --install-launchers added, and exit")
    group = parser.add_argument_group("game options (each for the games named)")
    for name, declared in _declared_options(games).items():
        _add_option(group, name, declared)
    return parser


def _add_option(group, name: str, declared: list) -> None:
    first = declared[0][1]
    kinds = {option.kind for _, option in declared}
    if len(kinds) > 1:
        raise ValueError(f"games declare option {name!r} as different kinds: {', '.join(sorted(kinds))}")
    about = f"{first.help or name.replace('_', ' ')} ({', '.join(gid for gid, _ in declared)})"
    dest = OPTION_DEST + name
    if first.kind == FLAG:
        group.add_argument(first.flag, dest=dest, action="store_const", const=True, default=None, help=about)
        if any(option.default for _, option in declared):
            group.add_argument("--no-" + first.flag[2:], dest=dest, action="store_const", const=False,
                               help=f"switch off: {about}")
    elif first.kind == CHOICE:
        choices = sorted({c for _, option in declared for c in option.choices})
        group.add_argument(first.flag, dest=dest, choices=choices, default=None, help=about)
    elif first.kind == BOARD:
        group.add_argument(first.flag, dest=dest, metavar="FILE", default=None, help=about)


def given_options(args) -> dict:
    """The game options written on the command line (name -> value)."""
    return {key[len(OPTION_DEST):]: value for key, value in vars(args).items()
            if key.startswith(OPTION_DEST) and value is not None}


def parse_players(text: str, spec, colour_names=None):
    """Turn ``"Anna,Ben,cpu:hard"`` into seats; raises UsageError with a sentence.

    A computer seat is ``cpu`` (or computer, ai, bot), at the normal level unless ``:easy`` or
    ``:hard`` follows; it is named after its pawn colour."""
    from kidgames.core.seats import COLOURS, COMPUTER, PERSON, Seat
    names = [part.strip() for part in text.split(",")]
    if any(not n for n in names):
        raise UsageError("--players: a name is empty (write names separated by commas, e.g. Anna,Ben,cpu)")
    if not spec.min_players <= len(names) <= spec.max_players:
        raise UsageError(f"--players: {spec.title} is for {spec.min_players} to {spec.max_players} players, "
                         f"not {len(names)}")
    seats = []
    for name, colour in zip(names, COLOURS):
        word, colon, level = name.partition(":")
        if word.strip().lower() in COMPUTER_WORDS:
            level = level.strip().lower() if colon else NORMAL
            if level not in LEVELS:
                raise UsageError(f"--players: {name!r}: a computer player's level is "
                                 f"{', '.join(LEVELS[:-1])} or {LEVELS[-1]}")
            label = (colour_names or {}).get(colour, colour.capitalize())
            seats.append(Seat(label, colour, COMPUTER, level, default_name=True))
        else:
            bad = next((c for c in name if not c.isprintable()), None)
            if bad is not None:
                raise UsageError(f"--players: the name {name[:20]!r} holds the character U+{ord(bad):04X}, "
                                 f"which is not a printable letter or sign")
            seats.append(Seat(name[:16], colour, PERSON))
    return seats


def check_options(given: dict, spec, num_players: int) -> dict:
    """The options for ``spec`` from the command line, each with its type; UsageError for an option
    the game does not have or a value it does not take; a board file is checked by setting up a
    game on it (its BoardError, naming the file, the field and the problem, is the sentence)."""
    options = {}
    for name, value in given.items():
        option = spec.option(name)
        if option is None:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} is not an option of {spec.title}")
        try:
            options[name] = option.check(value)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if option.kind == BOARD:
            options[name] = str(Path(value))
    boards = {name: value for name, value in options.items() if spec.option(name).kind == BOARD}
    if boards:
        try:
            spec.new_state(num_players, seed=0, options={**spec.default_options(), **options})
        except ValueError as exc:      # BoardError is a ValueError
            raise BoardProblem(str(exc)) from None
    return options


def app_language(args) -> str:
    """The language the app will speak: --lang for this run, else the saved setting (which is the
    system's language until the family chooses one on the settings screen)."""
    if args.lang:
        return args.lang
    from kidgames.core.i18n import system_language
    from kidgames.core.paths import NoHome, user_dir
    from kidgames.core.settings import saved_language
    try:
        return saved_language(user_dir())
    except NoHome:
        return system_language()     # the app starts in a temporary home and says so


class BoardProblem(Exception):
    """A board file given on the command line that cannot be played (reported as it is)."""


def main(argv: list[str] | None = None, games=None) -> int:
    # Nothing the start makes is garbage worth collecting: the collector waits until the first
    # frame is shown (run_app, keep_out_of_full_collections), as main.py has it wait from the
    # first import on; a caller whose collector ran gets it back as it was.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(argv, games)
    finally:
        if collecting:
            gc.enable()


def _main(argv: list[str] | None, games) -> int:
    if games is None:
        from kidgames.games import GAMES as games
    parser = build_parser(games)
    args = parser.parse_args(argv)
    if args.voice_clips:
        from kidgames.core.i18n import Catalog
        from kidgames.core.speech import Prompts, all_clips
        declared = [spec.words for spec in games.values()]
        try:
            for clip, words in sorted(all_clips(Catalog(args.voice_clips, declared).spoken(), Prompts(declared)).items()):
                print(f"{clip}\t{words}")
        except BrokenPipeError:       # the list piped into head: it read enough
            sys.stdout = None
        return 0
    if args.install_launchers or args.remove_launchers:
        from kidgames.launchers import main as launchers_main
        return launchers_main(games, remove=args.remove_launchers)
    if args.list:
        for gid, spec in sorted(games.items()):
            later = "" if spec.scene else ", its screen comes later"
            print(f"{gid:10} {spec.title} ({spec.min_players}–{spec.max_players} players{later})")
        return 0
    given = given_options(args)
    if (args.players or given or args.seed is not None or args.show_me) and not args.game:
        parser.error("--players, --seed, --show-me and game options need a GAME (e.g. python main.py knights --players Anna,cpu)")
    options = {}
    seats = None
    if args.game:
        spec = games[args.game]
        if not spec.scene:
            parser.error(f"{spec.title} cannot be played on screen yet (its rules and computer players "
                         f"are there, its screen comes later)")
        if args.show_me and (args.players or given or args.seed is not None):
            parser.error("--show-me plays the game's own demo: it takes no --players, --seed or game options")
        if args.show_me:
            from kidgames.core.demo import demo_of
            if demo_of(spec) is None:
                parser.error(f"{spec.title} has no demo to show")
        if args.players:
            from kidgames.core.i18n import Catalog
            from kidgames.core.seats import COLOURS
            catalog = Catalog(app_language(args))
            names = {c: catalog.t(f"colour.{c}") for c in COLOURS}
            try:
                seats = parse_players(args.players, spec, names)
            except UsageError as exc:
                parser.error(str(exc))
        try:
            options = check_options(given, spec, len(seats) if seats else spec.min_players)
        except UsageError as exc:
            parser.error(str(exc))
        except BoardProblem as exc:
            print(f"kidgames: error: {exc}", file=sys.stderr)
            return 2
    return run_app(games, args, seats, options)


def keep_out_of_full_collections() -> None:
    """What is made before the app runs lives as long as the app: the modules, the games' rule
    tables (Sleeping Queens' legal actions by hand alone are 43,000 objects), fonts and pictures.
    Frozen, Python's full garbage collections no longer walk them: on the development machine one
    took 26-30 ms with them, a stalled frame whenever it came, and well under 1 ms without.
    The collector, off while the app started (main), runs from here on."""
    gc.collect()
    gc.freeze()
    gc.enable()


def build_app(games, args, seats, options):
    """The app as the command line starts it, its first scenes open, before its loop runs.

    --lang, --speed, --fullscreen/--window and --mute are for this run only (the settings screen
    changes the saved settings).  A game with players starts at once, unless that game has a save:
    then the family is asked first, as the game's tile asks, to play on or to start the new game
    (which replaces the save); a saved game is never lost unasked."""
    from kidgames.ui.app import App
    from kidgames.ui.frame_limit import time_source
    from kidgames.ui.menu import MenuScene, offer_saved_game, play_on_or_new, report_problems
    app = App(games, mute=args.mute, fullscreen=args.fullscreen, speed=args.speed, lang=args.lang,
              kiosk=args.kiosk, time_source=time_source())   # time stepped only under the tests' frame limit
    app.reset_to(MenuScene(app))
    if args.game and seats:
        seats = app.in_language(seats)       # computers' names in the language the app speaks

        def start_new() -> None:
            app.nav.start_game(args.game, seats, seed=args.seed, options=options)

        play_on_or_new(app, args.game, start_new)
    elif args.game:
        app.nav.show_setup(games[args.game])
        if getattr(args, "show_me", False):       # the demo over its setup screen, which it ends on
            from kidgames.ui.demo import show_demo
            show_demo(app, games[args.game])
        report_problems(app)      # a home that cannot keep anything is said first
    else:
        offer_saved_game(app)
    return app


def run_app(games, args, seats, options) -> int:
    """Build the app and run its loop until it is closed: by the window, the menu's button, or a
    signal that ends it (SIGHUP, SIGTERM, SIGINT: kidgames/ui/ending.py), each of which ends the
    loop, so that the last move's save reaches the disk and every game is let go."""
    from kidgames.core.paths import NoPlace
    from kidgames.ui.ending import EndOnSignals
    from kidgames.ui.window import NoScreen
    ending = EndOnSignals()
    ending.install()
    try:
        try:
            app = build_app(games, args, seats, options)
        except NoScreen as exc:
            print(f"kidgames: error: {exc}", file=sys.stderr)
            return 2
        except NoPlace:
            # no home and no temporary folder: nothing of the app can start (no window is open
            # yet); said in the app's language, as the grown-up who set up the account reads it
            from kidgames.core.i18n import Catalog
            print(f"kidgames: error: {Catalog(app_language(args)).t('home.none.text')}", file=sys.stderr)
            return 2
        ending.attach(app)
        from kidgames.ui.frame_limit import frame_limit, run_frames
        frames = frame_limit()           # a test of the whole program (kidgames/ui/frame_limit.py)
        try:
            if frames is None:
                # the first frame at once; the start's garbage collected (~5-7 ms on the
                # development machine) once the family sees the menu or the game
                app.frame()
                keep_out_of_full_collections()
                app.run()
            else:
                keep_out_of_full_collections()
                run_frames(app, frames)
        except KeyboardInterrupt:
            pass
        finally:
            app.close()          # the last move's save, written in the background, reaches the disk
    finally:
        ending.uninstall()
    import pygame
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
