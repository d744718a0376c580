"""The games in progress, one save per game (``saves/<game id>.json`` in the user's folder), saved
after every action and offered again on the menu.

A damaged save file is set aside once (renamed, never deleted) and reported with a message; it never
stops the app, and the next start does not meet it again.

Nothing is said to be saved unless it is on the disk: every write's outcome is kept
(:meth:`SaveStore.is_saved`), and the first write that fails after working ones, and the first that
works again after failing ones, wait in :meth:`SaveStore.take_news` for the app to tell the family.
The app writes in the background (:class:`SaveWriter`), off the frame that applied the move, in the
order the moves were made; a copy of the app holds a lock on each game it has open
(:meth:`SaveStore.claim`), so a second copy cannot open the same game and write over it.
"""
from __future__ import annotations

import atexit
import errno
import functools
import marshal
import math
import os
import re
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:      # imported when a game is first claimed (_take): the menu's first frame needs none
    import filelock

from kidgames.core.seats import Seat, seats_valid
from kidgames.core.storage import (DamagedFile, Unreachable, clean_leftovers, read_json, set_aside, to_json_bytes,
                                   write_bytes_atomic)
from kidgames.core.turns import TurnController

FORMAT = 1
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
LEGACY_NAME = "save.json"      # the one save of every game before there was one per game
FOLDER_NAME = "saves"


@dataclass
class _Hold:
    """A game open in this copy: the lock held on its lock file, or why none could be taken."""
    lock: filelock.BaseFileLock | None
    ident: tuple[int, int] | None         # the locked file (device, inode)
    problem: str | None                    # why it could not be locked (a sentence), or None
    kind: str                              # that reason's kind (a key of REASONS)
    where: Path                            # what the reason is about (the lock file or the folder)
    told: bool = False                     # the family was told it is unguarded
    lost: bool = False                     # another copy took the game: it is not written here


class _OddLock(Exception):
    """Something that is not a regular file stands where a lock file should be."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass
class SavedGame:
    game_id: str
    seats: list[Seat]
    state: Any
    options: dict
    saved_at: float = 0.0
    #: The turn controller's data (computer players' memories and random generator, the event
    #: log), checked; None for a save from before it was kept (the game goes on with a fresh one).
    controller: dict | None = None


@dataclass
class LoadResult:
    saved: SavedGame | None = None
    problem: str | None = None       # why a damaged save was set aside
    set_aside_as: Path | None = None
    game_id: str | None = None


@dataclass(frozen=True)
class SaveNews:
    """A change in whether saving works: ``failed`` (with the reason, a sentence) or ``works``;
    or a game open here that another copy took (``lost``) or that no lock guards (``unguarded``)."""
    kind: str
    game_id: str
    reason: str = ""
    why: str = "other"      # the kind of failure (a key of REASONS)
    where: str = ""         # what the reason is about, when it is not the saves folder


#: The kinds of news: saving stopped working, or works again; a game this copy had open was
#: opened by another copy as well (this copy no longer saves it); a game open here cannot be
#: locked against another copy (told once, and only while its saves reach the disk).
FAILED, WORKS, LOST, UNGUARDED = "failed", "works", "lost", "unguarded"
IDLE_WRITER = 120.0    # seconds the writer's thread waits for the next save before it ends
MAX_HOLD = 0.05        # seconds a save waits at most for the frames to leave it time
#: Seconds closing waits at most for the writes on their way (a disk that hangs, a network folder
#: that went away): the app closes, and what was not written is not on the disk.
CLOSE_WAIT = 10.0


class SaveWriter:
    """Writes files off the caller's thread, one after another in the order asked.

    A job waiting for its key is replaced by a newer one of the same key (only a game's last move
    needs to reach the disk).  One thread waits for work (up to :data:`IDLE_WRITER` seconds between
    jobs), so a move costs the frame no thread start, which waits for the new thread to be
    scheduled: milliseconds on a busy slow CPU.  It is a daemon, so it never keeps a closed app alive; what it still has
    to write when the interpreter ends is written first (an ``atexit`` flush; the app also flushes
    when its loop ends), so the last move is not lost when the app closes; neither waits longer
    than :data:`CLOSE_WAIT`.  A job that fails in any way never ends the thread: the next job is
    written as if nothing happened (the store's jobs record their own failures)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._jobs: dict[str, Callable[[], None]] = {}
        self._working = False
        self._thread: threading.Thread | None = None
        self._held = False        # a frame is being made: no new write starts until it is shown
        self._flushing = 0        # callers waiting in flush(): writes go, held or not
        self._since = 0.0         # when the oldest waiting job began to wait
        atexit.register(self.flush, CLOSE_WAIT)

    def put(self, key: str, job: Callable[[], None]) -> None:
        with self._cond:
            if not self._jobs:
                self._since = time.monotonic()
            self._jobs.pop(key, None)
            self._jobs[key] = job
            if not self._start_thread() and (not self._held or self._flushing):
                # While a frame is made the thread is not woken only to wait again (a thread
                # switch and a hand-over of the interpreter lock inside the frame): the frame's
                # end wakes it (hold(False)).
                self._cond.notify_all()

    def _start_thread(self) -> bool:
        """Start the writer's thread where none runs (the first job, a long idle, or a thread that
        ended some other way); True if one was started.  Called holding ``_cond``."""
        if self._thread is not None and self._thread.is_alive():
            return False
        self._working = False
        self._thread = threading.Thread(target=self._run, name="kidgames-saves", daemon=True)
        self._thread.start()
        return True

    def hold(self, held: bool) -> None:
        """While held (the app's frame is being made and shown), no new write starts: the writes
        of the frame's move (making the JSON text, writing, fsync) begin once the frame is on
        screen, in the time before the next one, instead of taking the frame's CPU and its
        interpreter lock.  Under a CPU quota (a slow tablet) every thread of the app shares the
        quota, so CPU the writer spent inside a frame would be the frame's time too."""
        with self._cond:
            self._held = held
            if not held and self._jobs:
                self._cond.notify_all()

    def _ready(self) -> bool:
        if not self._jobs:
            return False
        # Frames that follow one another with no pause (a slow machine animating) never starve
        # the writes: a job that waited MAX_HOLD starts anyway.
        return not self._held or self._flushing > 0 or time.monotonic() - self._since >= MAX_HOLD

    def _run(self) -> None:
        idle_since = time.monotonic()
        while True:
            with self._cond:
                while not self._ready():
                    if not self._jobs and time.monotonic() - idle_since > IDLE_WRITER:
                        self._thread = None          # long idle: the next job starts a new one
                        return
                    # A held job is looked at again when its MAX_HOLD is up, not a whole MAX_HOLD later.
                    self._cond.wait(max(0.001, self._since + MAX_HOLD - time.monotonic())
                                    if self._jobs else IDLE_WRITER)
                key = next(iter(self._jobs))
                job = self._jobs.pop(key)
                self._working = True
            try:
                job()
            except BaseException:      # noqa: BLE001 - the writer must outlive any job
                # The store's jobs turn every Exception into a failed save themselves; whatever
                # else a job raises must not end the thread that writes every later move.
                pass
            finally:
                with self._cond:
                    self._working = False
                    self._since = time.monotonic()
                    self._cond.notify_all()
                idle_since = time.monotonic()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job asked for is done; False if ``timeout`` passed first."""
        if threading.current_thread() is self._thread:
            return False
        with self._cond:
            self._flushing += 1
            if self._jobs:
                self._start_thread()
            self._cond.notify_all()
            try:
                return self._cond.wait_for(self._done, timeout)
            finally:
                self._flushing -= 1

    def _done(self) -> bool:
        if not self._jobs and not self._working:
            return True
        self._start_thread()     # jobs wait, and no thread is left to write them: one is started
        return False

    @property
    def busy(self) -> bool:
        with self._cond:
            return bool(self._jobs) or self._working


class NotJson(Exception):
    """A save holding a value JSON cannot (a bug), found by the writer's thread."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


def not_json(exc: Exception) -> str:
    """A save with a value JSON cannot hold is a bug, and is said as one."""
    return f"the game could not be written as a save ({exc})"


def most_recent(saved: Mapping[str, SavedGame]) -> SavedGame | None:
    """The game saved last (the one a family most likely wants to go on with)."""
    return max(saved.values(), key=lambda s: s.saved_at, default=None)


class SaveStore:
    def __init__(self, folder: Path, background: bool = False) -> None:
        self.home = Path(folder)
        self.folder = self.home / FOLDER_NAME
        self._prepared = False
        self.unreported: list[LoadResult] = []    # saves set aside that nobody has been told of yet
        # Damaged saves that could not be set aside, by game id -> the file's stamp: told once, not
        # again at every listing while the file stays as it was.
        self._told_stuck: dict[str, tuple | None] = {}
        # The menu lists the saves each time it shows; a save file unchanged since (same size and
        # time) is not read and validated again (~10 ms a game).
        self._listed: dict[str, tuple[tuple, SavedGame]] = {}
        #: Writes in the background (the app), or at once in the caller's thread (tools, tests).
        self.writer = SaveWriter() if background else None
        self._status = threading.Lock()
        self._unsaved: dict[str, str] = {}       # game id -> why its last write failed
        self._trouble: str | None = None          # why the last write failed (None: the last worked)
        self.trouble_kind = "other"               # its kind (a key of REASONS)
        self._news: list[SaveNews] = []
        self._open: dict[str, _Hold] = {}        # the games open in this copy: their locks
        self._locking = threading.RLock()

    def file_for(self, game_id: str) -> Path:
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise ValueError(f"{game_id!r} is not a game id")
        return self.folder / f"{game_id}.json"

    # -- writing -----------------------------------------------------------------------------------
    def save(self, game_id: str, seats: list[Seat], state: Any, options: Mapping[str, Any] | None = None,
             controller: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None) -> None:
        """Write a game's save (in the background with a writer).  The data is taken now, in the
        caller's thread, so later moves cannot change what this save holds; ``controller`` may
        be a function that makes the controller's data from what it took then (its
        :meth:`TurnController.snapshot`): with a writer it runs on the writer's thread.  A write that fails
        does not stop the game: it is recorded (see :meth:`is_saved`, :meth:`take_news`) and the
        next save tries again."""
        self._prepare()
        path = self.file_for(game_id)
        data = {"format": FORMAT, "game": game_id, "saved_at": time.time(),
                "seats": [s.to_json() for s in seats], "options": dict(options or {}),
                "state": state.to_json()}
        later: Callable[[], Mapping[str, Any]] | None = None
        if callable(controller):
            later = controller
        elif controller is not None:
            data["controller"] = dict(controller)
        frozen = None
        if self.writer is not None:
            # With a writer the JSON text is made on its thread, after the frame is shown: the
            # move's frame only takes a copy that later moves cannot change (marshal, C code:
            # 0.03 ms for a 20 KB save, where the JSON text takes 0.2-0.8 ms, 3 times that on a
            # slow tablet).  An object marshal does not know: the text is made now.
            try:
                frozen = marshal.dumps(data)
            except Exception:       # noqa: BLE001 - ValueError, or no memory for the copy
                pass
        if frozen is None:
            raw = b""
            failure: Exception | None = None
            try:
                if later is not None:
                    data["controller"] = dict(later())
                raw = to_json_bytes(data)
            except (TypeError, ValueError) as exc:
                failure = NotJson(exc)
            except Exception as exc:       # noqa: BLE001 - any failure is a failed save (job())
                failure = exc

            def write_now() -> None:
                if failure is not None:
                    raise failure
                write_bytes_atomic(path, raw)
            self._do(game_id, write_now)
            return

        def write() -> None:
            try:
                taken = marshal.loads(frozen)
                if later is not None:
                    taken["controller"] = dict(later())
                raw = to_json_bytes(taken)
            except (TypeError, ValueError) as exc:
                raise NotJson(exc) from exc
            write_bytes_atomic(path, raw)
        self._do(game_id, write)

    def clear(self, game_id: str) -> None:
        """Forget a finished game's save (after any write of it still on its way)."""
        self._prepare()
        path = self.file_for(game_id)

        def remove() -> None:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
        self._do(game_id, remove)

    def _do(self, game_id: str, write: Callable[[], None]) -> None:
        """Run ``write`` as a job of ``game_id`` (in the background with a writer).  Whatever way
        it fails is a failed save, recorded and told as one; the next save tries again.  A game
        this copy has open is written only while this copy still holds it (:meth:`_still_ours`)."""
        def job() -> None:
            try:
                if not self._still_ours(game_id):
                    return          # another copy has the game now: its save is not written over
                write()
            except NotJson as exc:
                self._written(game_id, not_json(exc.cause))
            except OSError as exc:
                self._written(game_id, describe_failure(exc, self.folder), failure_kind(exc, self.folder))
            except Exception as exc:       # noqa: BLE001 - MemoryError, a bug: still a failed save
                self._written(game_id, faulty(exc), "fault")
            else:
                self._written(game_id, None)
                self._tell_unguarded(game_id)
        if self.writer is not None:
            self.writer.put(game_id, job)
        else:
            job()

    def _written(self, game_id: str, problem: str | None, why: str = "other") -> None:
        with self._status:
            if problem is None:
                self._unsaved.pop(game_id, None)
                if self._trouble is not None:
                    self._trouble = None
                    self._news.append(SaveNews(WORKS, game_id))
            else:
                self._unsaved[game_id] = problem
                if self._trouble is None:
                    self._news.append(SaveNews(FAILED, game_id, problem, why))
                self._trouble = problem
                self.trouble_kind = why

    def hold_writes(self, held: bool) -> None:
        """No write starts while ``held`` (see :meth:`SaveWriter.hold`); the app holds them while it
        makes and shows a frame."""
        if self.writer is not None:
            self.writer.hold(held)

    def flush(self, timeout: float | None = 5.0) -> bool:
        """Wait for the writes on their way; False if they are still not done after ``timeout``."""
        return self.writer.flush(timeout) if self.writer is not None else True

    def is_saved(self, game_id: str, timeout: float = 2.0) -> bool:
        """True only when the last move of ``game_id`` asked to be saved is on the disk."""
        if not self.flush(timeout):
            return False
        with self._status:
            if game_id in self._unsaved:
                return False
        with self._locking:
            hold = self._open.get(game_id)
            return hold is None or not hold.lost

    def all_saved(self, timeout: float = 2.0) -> bool:
        """True when every game's last save reached the disk."""
        if not self.flush(timeout):
            return False
        with self._status:
            return not self._unsaved

    @property
    def trouble(self) -> str | None:
        """Why the last write failed, or None when it worked (or nothing was written yet)."""
        with self._status:
            return self._trouble

    def take_news(self) -> list[SaveNews]:
        """The changes of saving since the last call: the first failure after working writes, and
        the first working write after failures (each is told once)."""
        with self._status:
            taken, self._news = self._news, []
        return taken

    def check_home(self) -> str | None:
        """Once at start: can the home keep anything?  A sentence naming the folder when it cannot
        (it is a file, a device, read-only, too long a path...); the writes that then fail are
        not news again (the family was told), only one that works again is."""
        problem = None
        self._prepare()        # a file in the place of the saves folder is set aside first
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=self.folder)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            problem = describe_failure(exc, self.folder)
            self.trouble_kind = failure_kind(exc, self.folder)
        if problem is not None:
            with self._status:
                self._trouble = problem
        return problem

    def close(self, timeout: float | None = None) -> bool:
        """At the end of the app: every write on its way done (waited for at most ``timeout``
        seconds, :data:`CLOSE_WAIT` unless given: never without a bound), every game let go;
        False when writes were still not done."""
        done = self.flush(CLOSE_WAIT if timeout is None else timeout)
        for game_id in list(self._open):
            self.release(game_id)
        return done

    # -- one copy of the app for each game -----------------------------------------------------------
    def lock_file(self, game_id: str) -> Path:
        return self.folder / f"{self.file_for(game_id).stem}.lock"

    def claim(self, game_id: str) -> bool:
        """Hold ``game_id`` for this copy of the app while it is open; False when another copy
        holds it (that copy is playing it and saving it).  The lock is the operating system's
        (released when a copy ends, even by kill -9), through the ``filelock`` library.

        Where the lock file cannot be locked (a folder, a link or a file this user may not write
        in its place), that thing is set aside (renamed, never deleted) and a new lock file made.
        Where still no lock can be taken (a read-only folder, a file system without locks) the
        game opens unguarded, and the family is told so once its saves reach the disk (where
        they do not, they are told that nothing is saved); every save tries to lock it again."""
        with self._locking:
            hold = self._open.get(game_id)
            if hold is not None and not hold.lost:
                return True
            taken = self._take(game_id)
            if taken is None:
                return False
            self._open[game_id] = taken
            return True

    def _take(self, game_id: str) -> _Hold | None:
        """Lock ``game_id``'s lock file: a hold (unguarded, with the reason, when no lock could be
        taken), or None when another copy holds it.  Called holding ``_locking``."""
        path = self.lock_file(game_id)
        # One lock object per file in a process, counting its holders: a copy of the app is a
        # process; stores within one process (a test's app started again) do not shut each other out.
        import filelock
        lock = filelock.FileLock(path, is_singleton=True, thread_local=False, **_no_soft_lock())
        again = False
        while True:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                odd = _not_a_file(path)
                if odd is not None:
                    raise _OddLock(odd)
                lock.acquire(timeout=0)
            except filelock.Timeout:
                return None
            except NotImplementedError:
                return _Hold(None, None, f"{REASONS['no_locks']} ({path})", "no_locks", path)
            except (OSError, _OddLock) as exc:
                # Something not ours to lock stands there (a folder, a link, another user's file):
                # set aside once.  Not for other errors (a file system without locks), where a
                # new lock file would fail the same way, and be set aside again at every save.
                if not again and (isinstance(exc, _OddLock) or exc.errno in (errno.EACCES, errno.EPERM)) \
                        and os.path.lexists(path):
                    again = True
                    try:
                        set_aside(path)       # not ours to lock: out of the way, kept
                        continue
                    except OSError:
                        pass
                kind = exc.kind if isinstance(exc, _OddLock) else lock_failure_kind(exc, path, self.folder)
                where = path if kind.startswith("lock_") else self.folder
                return _Hold(None, None, f"{REASONS[kind]} ({where})", kind, where)
            ident = _locked_file(lock, path)
            if ident is None:
                # locked, and still the file is not there as a file (removed or replaced at
                # that very moment): locked again on what is there now
                _let_go(lock)
                if again:
                    return _Hold(None, None, f"{REASONS['lock_gone']} ({path})", "lock_gone", path)
                again = True
                continue
            return _Hold(lock, ident, None, "", path)

    def _still_ours(self, game_id: str) -> bool:
        """Before a save of an open game: is its lock still on the lock file?  A grown-up tidying
        up or a sync tool may have removed the lock file or the whole saves folder, and then a
        second copy could open the game.  The lock is taken again on the file that is there now
        (True); where another copy took it meanwhile, this copy lets go of the game, says so
        (:data:`LOST` news) and writes no more of it (False).  True for a game not open here."""
        with self._locking:
            hold = self._open.get(game_id)
            if hold is None:
                return True
            if hold.lost:
                return False
            if hold.lock is not None:
                if _locked_file(hold.lock, self.lock_file(game_id)) == hold.ident:
                    return True
                _let_go(hold.lock)             # it holds the removed file only
            taken = self._take(game_id)
            if taken is None:
                hold.lost, hold.lock = True, None
                with self._status:
                    self._news.append(SaveNews(LOST, game_id))
                return False
            taken.told = hold.told
            self._open[game_id] = taken
            return True

    def _tell_unguarded(self, game_id: str) -> None:
        """A save of a game open without a lock reached the disk: the family is told, once, that
        the game is not kept safe from a second copy (while its saves fail they are told that)."""
        with self._locking:
            hold = self._open.get(game_id)
            if hold is None or hold.lock is not None or hold.told or hold.problem is None:
                return
            hold.told = True
            news = SaveNews(UNGUARDED, game_id, hold.problem, hold.kind, str(hold.where))
        with self._status:
            self._news.append(news)

    def held_elsewhere(self, game_id: str) -> bool:
        """Whether another copy of the app holds ``game_id`` now (this copy tries the lock and lets
        it go again): asked before a question about that game's save, which another copy is writing."""
        with self._locking:
            hold = self._open.get(game_id)
            if hold is not None and not hold.lost:
                return False                # this copy has it open
        if not self.claim(game_id):
            return True
        self.release(game_id)
        return False

    def release(self, game_id: str) -> None:
        with self._locking:
            hold = self._open.pop(game_id, None)
            if hold is not None and hold.lock is not None:
                try:
                    hold.lock.release()
                except OSError:
                    pass

    def hold_only(self, game_ids) -> None:
        """Let go of every game held but those in ``game_ids`` (the games open in this copy)."""
        keep = set(game_ids)
        for game_id in list(self._open):
            if game_id not in keep:
                self.release(game_id)

    @property
    def held(self) -> set[str]:
        """The games this copy holds a lock on."""
        with self._locking:
            return {game_id for game_id, hold in self._open.items() if hold.lock is not None}

    def set_aside(self, game_id: str, reason: str, report: bool = True) -> LoadResult:
        """Put a save that turned out to be unplayable out of the way (it is kept, renamed); with
        ``report`` it waits in :attr:`unreported` until the menu tells the family.  Where it cannot
        be moved (a read-only folder) it stays, and is told of once while it stays as it is."""
        path = self.file_for(game_id)
        self.flush()             # a write still on its way must not put the save back afterwards
        try:
            moved = set_aside(path) if os.path.lexists(path) else None
        except OSError:
            moved = None
        result = LoadResult(problem=reason, set_aside_as=moved, game_id=game_id)
        if moved is None:
            stamp = _stamp(path)
            if self._told_stuck.get(game_id, False) == stamp:
                return result
            self._told_stuck[game_id] = stamp
        if report and all(r.game_id != game_id for r in self.unreported):
            self.unreported.append(result)
        return result

    def take_unreported(self) -> list[LoadResult]:
        """The saves set aside since the last call (each is reported once)."""
        taken, self.unreported = self.unreported, []
        return taken

    # -- reading -----------------------------------------------------------------------------------
    def exists(self, game_id: str) -> bool:
        self._prepare()
        self.flush()
        return os.path.lexists(self.file_for(game_id))

    def load(self, game_id: str, games: Mapping[str, Any]) -> LoadResult:
        """Read one game's save; a damaged one is set aside with the reason in ``problem``."""
        self._prepare()
        self.flush()
        path = self.file_for(game_id)
        try:
            data = read_json(path)
            if data is None and not os.path.lexists(path):
                return LoadResult(game_id=game_id)
            # A file that says only ``null`` is there, and damaged like any other (_parse says so).
            saved = self._parse(data, games)
            if saved.game_id != game_id:
                raise ValueError(f"the save of {game_id} holds a game of {saved.game_id}")
            return LoadResult(saved=saved, game_id=game_id)
        except Unreachable:
            return LoadResult(game_id=game_id)    # the home cannot be reached: said once at start
        except (ValueError, KeyError, TypeError, OverflowError, RecursionError, MemoryError) as exc:
            return self.set_aside(game_id, str(exc) or type(exc).__name__)

    def saved_games(self, games: Mapping[str, Any]) -> dict[str, SavedGame]:
        """Every registered game's save that can be continued; damaged ones are set aside (and
        wait in :attr:`unreported`), so the next call does not meet them again."""
        self._prepare()
        self.flush()
        saved = {}
        for game_id in games:
            if not GAME_ID.fullmatch(game_id) or not self.exists(game_id):
                continue
            stamp = _stamp(self.file_for(game_id))
            if stamp is not None and game_id in self._told_stuck and self._told_stuck[game_id] == stamp:
                continue       # damaged, could not be set aside, and told of already
            cached = self._listed.get(game_id)
            if stamp is not None and cached is not None and cached[0] == stamp:
                saved[game_id] = cached[1]
                continue
            loaded = self.load(game_id, games)
            if loaded.saved is not None:
                saved[game_id] = loaded.saved
                if stamp is not None:
                    self._listed[game_id] = (stamp, loaded.saved)
        return saved

    @staticmethod
    def _parse(data: Any, games: Mapping[str, Any]) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("the save file is not a kidgames save of a known format")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in games:
            raise ValueError(f"the save file is of an unknown game {game_id!r}")
        spec = games[game_id]
        seats_data = data.get("seats")
        if not isinstance(seats_data, list):
            raise ValueError("the players in the save file are not a list")
        seats = [Seat.from_json(s) for s in seats_data]
        if not spec.min_players <= len(seats) <= spec.max_players or not seats_valid(seats):
            raise ValueError("the players in the save file do not fit the game")
        state = spec.state_from_json(data.get("state"))
        if state.num_players != len(seats):
            raise ValueError("the save file has a different number of players than its game")
        if state.is_over:
            raise ValueError("the saved game is already over")
        saved_at = data.get("saved_at")
        if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not math.isfinite(saved_at):
            saved_at = 0.0
        controller = data.get("controller")
        if controller is not None:
            # Checked now, so that a damaged part is set aside with the rest of the save's damage
            # instead of failing when the game opens.
            TurnController.from_json(spec, state, seats, controller)
        return SavedGame(game_id, seats, state, options_from_json(data.get("options"), spec), float(saved_at),
                         controller)

    # -- once per start ----------------------------------------------------------------------------
    def _prepare(self) -> None:
        """Tidy the folder once: old temporary files of killed writes go, a file in the place of
        the saves folder is set aside, and the single save of older versions moves to its game.

        A link in the place of the saves folder is left as it is, even one that leads nowhere: it
        may lead to a disk or a shared folder that is not there now, where the games are; the
        writes that fail say so, naming what is there."""
        if self._prepared:
            return
        self._prepared = True
        clean_leftovers(self.home, LEGACY_NAME)
        if os.path.lexists(self.folder) and not self.folder.is_dir() and not self.folder.is_symlink():
            try:
                set_aside(self.folder)
            except OSError:
                pass
        clean_leftovers(self.folder, "*.json")
        self._migrate()

    def _migrate(self) -> None:
        legacy = self.home / LEGACY_NAME
        if not os.path.lexists(legacy):
            return
        try:
            data = read_json(legacy)
            game_id = data.get("game") if isinstance(data, dict) else None
            if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
                raise DamagedFile("the save file does not say which game it is")
            target = self.file_for(game_id)
            if os.path.lexists(target):
                raise DamagedFile(f"a newer save of {game_id} is already there")
            self.folder.mkdir(parents=True, exist_ok=True)
            os.replace(legacy, target)
        except (ValueError, OSError) as exc:
            try:
                moved = set_aside(legacy) if os.path.lexists(legacy) else None
            except OSError:
                moved = None
            self.unreported.append(LoadResult(problem=str(exc), set_aside_as=moved))


@functools.cache
def _no_soft_lock() -> dict:
    """Where the file system has no OS locks, filelock 4 may fall back to a lock *file*, which a
    killed copy would leave behind and which would keep its game shut: asked not to (filelock 3
    never does)."""
    import inspect

    import filelock
    try:
        known = inspect.signature(filelock.FileLock.__init__).parameters
    except (TypeError, ValueError):
        return {}
    return {"fallback_to_soft": False} if "fallback_to_soft" in known else {}



def _stamp(path: Path) -> tuple | None:
    """What tells one version of a file from another (kind, size, time, inode), or None."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ino)


#: Why a write failed, by kind (the app's catalogs word each kind as ``save.reason.<kind>``); the
#: ``lock_`` kinds and ``no_locks`` say why a game's lock file cannot be locked.
REASONS = {"full": "the disk is full", "read_only": "the disk is read-only",
           "no_write": "the folder may not be written to", "not_folder": "part of the path is a file, not a folder",
           "too_long": "the path is too long", "gone": "the folder is gone",
           "link": "the path holds a link that is not followed", "disk_error": "the disk reports an error",
           "dangling": "part of the path is a link to something that is not there",
           "fault": "the app failed while writing it",
           "lock_folder": "a folder stands where the lock file should be",
           "lock_link": "a link stands where the lock file should be",
           "lock_other": "something that is not a file stands where the lock file should be",
           "lock_no_write": "the lock file may not be written to",
           "lock_gone": "the lock file keeps disappearing",
           "no_locks": "the disk cannot lock files",
           "other": "the disk refused it"}


def failure_kind(exc: OSError, folder: Path | None = None) -> str:
    """The kind of a failed write (a key of :data:`REASONS`); with ``folder``, a path that does not
    lead to a folder is named by what stands in the way (a file, or a link to nothing)."""
    kind = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read_only", errno.EACCES: "no_write",
            errno.EPERM: "no_write", errno.ENOTDIR: "not_folder", errno.EEXIST: "not_folder",
            errno.ENAMETOOLONG: "too_long", errno.ENOENT: "gone", errno.ELOOP: "link",
            errno.EIO: "disk_error"}.get(exc.errno or 0, "other")
    if folder is not None and kind in ("not_folder", "gone", "link"):
        kind = _in_the_way(Path(folder)) or kind
    return kind


def _in_the_way(folder: Path) -> str | None:
    """What keeps ``folder`` from being a folder, looking from the top of its path down: a link to
    nothing ("dangling"), or a file or other thing ("not_folder"); None when nothing is in the way."""
    for part in reversed((folder, *folder.parents)):
        try:
            info = os.lstat(part)
        except OSError:
            return None            # missing from here on: the folder is simply gone
        if stat.S_ISLNK(info.st_mode):
            if not os.path.exists(part):
                return "dangling"
            if not os.path.isdir(part):
                return "not_folder"
        elif not stat.S_ISDIR(info.st_mode):
            return "not_folder"
    return None


def _not_a_file(path: Path) -> str | None:
    """The kind (a key of REASONS) of what stands at ``path`` when it is not a regular file."""
    try:
        info = os.lstat(path)
    except OSError:
        return None                # nothing there (or the folder cannot be looked into: the lock says)
    if stat.S_ISREG(info.st_mode):
        return None
    if stat.S_ISDIR(info.st_mode):
        return "lock_folder"
    if stat.S_ISLNK(info.st_mode):
        return "lock_link"
    return "lock_other"


def lock_failure_kind(exc: OSError, path: Path, folder: Path) -> str:
    """Why ``path`` could not be locked (a key of REASONS)."""
    odd = _not_a_file(path)
    if odd is not None:
        return odd
    if exc.errno in (errno.ENOLCK, errno.ENOSYS, errno.EOPNOTSUPP):
        return "no_locks"
    if exc.errno in (errno.EACCES, errno.EPERM) and os.path.lexists(path):
        return "lock_no_write"
    return failure_kind(exc, folder)


def _locked_file(lock: filelock.BaseFileLock, path: Path) -> tuple[int, int] | None:
    """The (device, inode) of the file ``lock`` holds, when that file is still the regular file at
    ``path``; None when the lock file was removed or something else now stands there."""
    try:
        there = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(there.st_mode):
        return None
    fd = getattr(getattr(lock, "_context", None), "lock_file_fd", None)
    if isinstance(fd, int):
        try:
            held = os.fstat(fd)
        except OSError:
            return None
        if (held.st_dev, held.st_ino) != (there.st_dev, there.st_ino):
            return None
    return (there.st_dev, there.st_ino)


def _let_go(lock: filelock.BaseFileLock) -> None:
    """Let go of a lock whatever its count (its file is gone: it holds nothing any more)."""
    try:
        lock.release(force=True)
    except OSError:
        pass


def describe_failure(exc: OSError, folder: Path) -> str:
    """Why a write into ``folder`` failed, as a sentence for a grown-up (the folder named)."""
    kind = failure_kind(exc, folder)
    reason = REASONS[kind] if kind != "other" else (exc.strerror or str(exc) or type(exc).__name__)
    return f"{reason} ({folder})"


def faulty(exc: BaseException) -> str:
    """A save that failed in an unforeseen way (no memory for it, a bug), as a sentence."""
    return f"{REASONS['fault']} ({type(exc).__name__}: {exc})" if str(exc) else \
        f"{REASONS['fault']} ({type(exc).__name__})"


def options_from_json(data: Any, spec: Any) -> dict:
    """A game's options as saved (JSON values), each declared one with its type (see
    :meth:`GameSpec.options_from_json`); older saves wrote every option as text ("False")."""
    if not isinstance(data, dict):
        data = {}
    data = {name: (value == "True" if value in ("True", "False") else value) for name, value in data.items()}
    return spec.options_from_json(data)
