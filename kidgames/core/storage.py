"""Files that must survive a crash or a pulled plug: written atomically, read defensively.

A save or settings file may have been damaged by a crash, a full disk, a curious child or a fuzzer:
reading one never hangs (only regular files are opened), never runs out of memory or recursion
(a size and a nesting limit) and ends in either the data or a :class:`DamagedFile` with a sentence.
"""
from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import tempfile
import time
from itertools import accumulate
from pathlib import Path
from typing import Any

#: A Knights save is ~15 KB; later games keep event logs.  Anything bigger is not ours.
MAX_BYTES = 8 * 1024 * 1024
#: Our files nest about ten levels deep; json's C parser recurses once per level.
MAX_DEPTH = 100
#: A temporary file older than this was left by a write that was killed before its rename
#: (a younger one may belong to a second copy of the app writing right now).
LEFTOVER_AGE = 60.0

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


class DamagedFile(ValueError):
    """A file that is there but cannot be used; the message says why, as a sentence."""


class Unreachable(DamagedFile):
    """The folder a file should be in cannot be reached (it is a file, a device, too long a path,
    not ours to look into): nothing is wrong with the file itself, so nothing is set aside."""


def to_json_bytes(data: Any) -> bytes:
    """The text a file of ours holds for ``data`` (strict JSON: no NaN or Infinity)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON to a temporary file beside ``path``, then rename it into place."""
    write_bytes_atomic(path, to_json_bytes(data))


def write_bytes_atomic(path: Path, raw: bytes) -> None:
    """Write ``raw`` to a temporary file beside ``path``, flush it to the disk, then rename it into
    place: a crash, a kill or a full disk leaves the old file as it was (and a leftover temporary
    file, which :func:`clean_leftovers` removes later)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_json(path: Path) -> Any:
    """The JSON data in ``path``, or None when there is no such file.

    Raises :class:`DamagedFile` for anything that is there but is not a readable, strict JSON
    file of sane size and depth: a folder, a pipe or a device (refused without opening it, so a
    FIFO cannot block the app), a file over :data:`MAX_BYTES`, text that is not UTF-8, JSON with
    ``Infinity``, ``NaN`` or a number too big for a float, or nesting deeper than :data:`MAX_DEPTH`.
    """
    path = Path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except (NotADirectoryError, PermissionError) as exc:
        raise Unreachable(f"{path.parent} cannot be looked into ({exc.strerror or exc}).") from None
    except OSError as exc:
        if exc.errno in (errno.ENAMETOOLONG, errno.ELOOP):
            raise Unreachable(f"{path.parent} cannot be looked into ({exc.strerror or exc}).") from None
        raise DamagedFile(f"{path.name} cannot be looked at ({exc.strerror or exc}).") from None
    _check_kind(path, info)
    try:
        # O_NONBLOCK: if the file was swapped for a pipe since the stat, opening must not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DamagedFile(f"{path.name} cannot be opened ({exc.strerror or exc}).") from None
    try:
        _check_kind(path, os.fstat(fd))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DamagedFile(f"{path.name} cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise DamagedFile(f"{path.name} is bigger than {MAX_BYTES // (1024 * 1024)} MB.")
    return parse_json(raw, path.name)


def parse_json(raw: bytes, name: str = "the file") -> Any:
    """Strict JSON from bytes (see :func:`read_json` for what is refused)."""
    try:
        text = raw.decode("utf-8-sig")     # a byte-order mark (a file saved by Notepad) is no damage
    except UnicodeDecodeError as exc:
        raise DamagedFile(f"{name} is not UTF-8 text (byte {exc.start}).") from None
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise DamagedFile(f"{name} nests {depth} levels deep (at most {MAX_DEPTH} are allowed).")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise DamagedFile(f"{name} nests too deeply.") from None
    except ValueError as exc:   # json.JSONDecodeError, a refused constant, too many digits
        raise DamagedFile(f"{name} is not valid JSON: {exc}.") from None


def nesting_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (brackets inside strings do not count)."""
    outside_strings = _STRING.sub("", text)
    steps = (1 if ch in "[{" else -1 for ch in _BRACKETS.findall(outside_strings))
    return max(accumulate(steps), default=0)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too big")
    return value


def _check_kind(path: Path, info: os.stat_result) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise DamagedFile(f"{path.name} is a folder, not a file.")
    if not stat.S_ISREG(mode):
        raise DamagedFile(f"{path.name} is not a regular file (a pipe, a device or a socket).")
    if info.st_size > MAX_BYTES:
        raise DamagedFile(f"{path.name} is bigger than {MAX_BYTES // (1024 * 1024)} MB.")


def set_aside(path: Path) -> Path:
    """Rename a damaged file (or a folder or pipe in a file's place) out of the way, never deleting
    it, and return its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def clean_leftovers(folder: Path, name: str, older_than: float = LEFTOVER_AGE) -> list[Path]:
    """Remove temporary files ``<name>.*.tmp`` that :func:`write_json_atomic` left behind when it
    was killed before its rename; only old ones, so a second running app is not disturbed.
    ``name`` may be a glob (``*.json``).  Returns what was removed."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(Path(folder).glob(f"{name}.*.tmp"))
    except OSError:
        return removed
    for leftover in candidates:
        try:
            info = os.lstat(leftover)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                leftover.unlink()
                removed.append(leftover)
        except OSError:
            pass
    return removed


def append_text(path: Path, text: str) -> None:
    """Add ``text`` at the end of a log file, never through a link planted in its place (it is not
    followed, like the saves' links) and never into a pipe or a device: OSError instead."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    if os.path.islink(path):          # where O_NOFOLLOW is unknown (Windows)
        raise OSError(errno.ELOOP, "a link stands in the place of the log", str(path))
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "the log is not a regular file", str(path))
        os.write(fd, text.encode("utf-8"))
    finally:
        os.close(fd)
