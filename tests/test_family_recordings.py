"""A family's own recordings (README, "Voices"; issue 31, point 1): a recording the mixer cannot play
(one holding no sound, one of a rate that decodes to nothing, one the mixer reads into 0 samples)
never reaches Channel.play, where it ended the app with a segmentation fault at every start; one
that is not a short prompt (a 200 MB WAV, a 10-minute OGG) is refused by its size or length before
anything of it is read, where it stalled a frame for over a second.  Refused, the shipped clip is
said instead.  The crash is a process's: the app runs as a child with a timeout.

The OGG files are made here from a shipped clip (no encoder needed): its rate rewritten, its sound
pages damaged, or copies of it chained into one long recording, each page sealed with the Ogg CRC.
"""
import array
import os
import struct
import subprocess
import sys
import textwrap
import time
import wave
from pathlib import Path

import pygame
import pytest

from kidgames.core.paths import VOICES
from kidgames.core.recording import MAX_BYTES, MAX_SECONDS, Unplayable, examine
from kidgames.core.settings import Settings, SettingsStore
from ui_driver import make_app

ROOT = Path(__file__).resolve().parent.parent
CLIP = "forest.hint.roll.0"          # "tap the dice!": said with "Red" at the start of a forest game
SHIPPED = VOICES / "en" / f"{CLIP}.ogg"


# -- recordings made here --------------------------------------------------------------------------------
def write_wav(path: Path, seconds: float, rate: int = 22050, channels: int = 1, width: int = 2) -> Path:
    """A WAV of a tone (``seconds`` 0: a 44-byte file with a header and no sound)."""
    frames = int(seconds * rate)
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        if width == 2:
            w.writeframes(array.array("h", [6000, -6000] * (frames * channels // 2)).tobytes())
        else:
            w.writeframes(bytes([100, 156]) * (frames * channels // 2))
    return path


def _crc_table() -> list[int]:
    table = []
    for i in range(256):
        r = i << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else (r << 1)
        table.append(r & 0xFFFFFFFF)
    return table


_CRC = _crc_table()


def ogg_crc(page: bytes) -> int:
    """The Ogg page checksum (polynomial 0x04C11DB7, no reflection), with its own field as zeros."""
    r = 0
    for b in page:
        r = ((r << 8) ^ _CRC[((r >> 24) ^ b) & 0xFF]) & 0xFFFFFFFF
    return r


def ogg_pages(raw: bytes) -> list[bytearray]:
    pages, at = [], 0
    while at < len(raw):
        assert raw[at:at + 4] == b"OggS"
        count = raw[at + 26]
        end = at + 27 + count + sum(raw[at + 27:at + 27 + count])
        pages.append(bytearray(raw[at:end]))
        at = end
    return pages


def sealed(page: bytearray) -> bytes:
    page[22:26] = bytes(4)
    page[22:26] = struct.pack("<I", ogg_crc(bytes(page)))
    return bytes(page)


def ogg_at_rate(rate: int) -> bytes:
    """The shipped clip with another rate in its identification header: the same packets, which
    SDL_mixer then converts from ``rate`` (192 kHz: to nothing at all)."""
    pages = ogg_pages(SHIPPED.read_bytes())
    first = pages[0]
    body = 27 + first[26]
    assert first[body:body + 7] == b"\x01vorbis"
    first[body + 12:body + 16] = struct.pack("<I", rate)
    return sealed(first) + b"".join(bytes(p) for p in pages[1:])


def ogg_without_sound() -> bytes:
    """The shipped clip with its headers whole and every page of sound damaged (a wrong checksum):
    the headers say 1.3 s, the decoder drops every sound page, and the mixer makes 0 samples."""
    pages = ogg_pages(SHIPPED.read_bytes())
    damaged = [bytes(p[:22]) + b"\xde\xad\xbe\xef" + bytes(p[26:]) for p in pages[2:]]
    return b"".join(bytes(p) for p in pages[:2]) + b"".join(damaged)


def ogg_chain(copies: int) -> bytes:
    """A long recording: ``copies`` of the shipped clip one after another, each its own logical
    stream (a chained Ogg file, as a recorder that pauses writes one); the mixer plays them all."""
    out = b""
    for k in range(copies):
        for page in ogg_pages(SHIPPED.read_bytes()):
            page[14:18] = struct.pack("<I", 7000 + k)
            out += sealed(page)
    return out


def test_the_recordings_made_here_are_what_they_say():
    assert all(sealed(bytearray(p)) == bytes(p) for p in ogg_pages(SHIPPED.read_bytes())), "the checksum"


# -- what a family's recording may be --------------------------------------------------------------------
def test_every_shipped_clip_is_a_recording_a_family_may_make_too():
    """The limits fit real prompts: each shipped clip (0.3 to 9 s, Ogg Vorbis at 16 kHz) passes them."""
    longest = 0.0
    for path in VOICES.rglob("*.ogg"):
        found = examine(path)
        assert found.kind == "ogg" and found.channels == 1
        longest = max(longest, found.seconds)
    assert 5 < longest < MAX_SECONDS


def test_a_recording_is_read_from_its_headers_and_refused_with_its_reason(tmp_path):
    ok = examine(write_wav(tmp_path / "ok.wav", 1.5, rate=44100, channels=2))
    assert (ok.kind, ok.rate, ok.channels, round(ok.seconds, 2)) == ("wav", 44100, 2, 1.5)
    cases = {
        "holds no sound": write_wav(tmp_path / "empty.wav", 0),
        "192000 samples a second": write_wav(tmp_path / "fast.wav", 0.5, rate=192000),
        "20 seconds long": write_wav(tmp_path / "long.wav", 20, rate=8000, width=1),
        "shorter than a tenth": write_wav(tmp_path / "click.wav", 0.02),
        "neither a WAV nor an Ogg": tmp_path / "note.txt",
    }
    cases["neither a WAV nor an Ogg"].write_text("hello")
    (tmp_path / "fast.ogg").write_bytes(ogg_at_rate(192000))
    cases["samples a second"] = tmp_path / "fast.ogg"
    (tmp_path / "chain.ogg").write_bytes(ogg_chain(13))
    cases["16 seconds long"] = tmp_path / "chain.ogg"
    for reason, path in cases.items():
        with pytest.raises(Unplayable, match=reason):
            examine(path)
    assert round(examine(write_wav(tmp_path / "four.wav", 4, rate=16000)).seconds, 2) == 4.0


# -- the app: a refused recording is not played, the shipped clip is ------------------------------------
@pytest.fixture
def mixer():
    pygame.mixer.quit()
    pygame.mixer.init(22050, -16, 1)
    yield
    pygame.mixer.quit()


def own(home: Path, name: str) -> Path:
    folder = home / "voices" / "en"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def test_a_huge_wav_is_refused_by_its_size_without_being_read(tmp_path, mixer):
    huge = own(tmp_path, f"{CLIP}.wav")
    write_wav(huge, 1.0)
    with open(huge, "r+b") as f:          # 200 MB of silence (a sparse file: the disk holds nothing)
        f.truncate(200 * 1024 * 1024)
        f.seek(40)
        f.write(struct.pack("<I", 200 * 1024 * 1024 - 44))
    assert huge.stat().st_size > MAX_BYTES
    app = make_app(tmp_path)
    started = time.perf_counter()
    sound = app.voice.sound(CLIP)
    took = time.perf_counter() - started
    assert sound is not None and abs(sound.get_length() - pygame.mixer.Sound(str(SHIPPED)).get_length()) < 0.01, \
        "the shipped clip is said instead"
    assert took < 0.25, f"the frame that speaks it waited {took:.2f} s"
    assert "larger than 6 MB" in app.voice.refused[CLIP]


@pytest.mark.parametrize("made", ["chained", "wav"])
def test_a_recording_longer_than_a_prompt_is_refused_and_the_shipped_clip_said(tmp_path, mixer, made):
    if made == "chained":
        own(tmp_path, f"{CLIP}.ogg").write_bytes(ogg_chain(13))         # 16.5 s, as the mixer decodes it
    else:
        write_wav(own(tmp_path, f"{CLIP}.wav"), 60, rate=8000, width=1)  # a minute, 480 kB
    app = make_app(tmp_path)
    sound = app.voice.sound(CLIP)
    assert sound is not None and sound.get_length() < 3, "the shipped clip (1.3 s), not the long one"
    assert "seconds long" in app.voice.refused[CLIP]


def test_a_short_recording_is_played_a_wav_beside_a_refused_ogg_too(tmp_path, mixer):
    own(tmp_path, f"{CLIP}.ogg").write_bytes(ogg_at_rate(192000))
    write_wav(own(tmp_path, f"{CLIP}.wav"), 2.0, rate=48000, channels=2)
    app = make_app(tmp_path)
    assert app.voice.path(CLIP) == own(tmp_path, f"{CLIP}.wav")
    assert abs(app.voice.sound(CLIP).get_length() - 2.0) < 0.05, "the family's two seconds"


# -- the crash, in a real process ---------------------------------------------------------------------------
#: The app as the command line starts it (a forest game, Anna first: "Red, tap the dice!"), run on the
#: real mixer (SDL's dummy audio device) for a few seconds, so that the prompt's clips are played;
#: then what was played, each clip's length, and the shipped clip's.
CHILD = textwrap.dedent("""
    import sys, time
    from kidgames import cli
    from kidgames.games import GAMES
    args = cli.build_parser(GAMES).parse_args(["forest", "--players", "Anna,cpu", "--seed", "2"])
    seats = cli.parse_players(args.players, GAMES["forest"])
    app = cli.build_app(GAMES, args, seats, {})
    end = time.monotonic() + 4
    while time.monotonic() < end and len(app.voice.played) < 2:
        app.frame()
        time.sleep(0.02)
    import pygame
    for clip in app.voice.played:
        print("PLAYED", clip, round(app.voice.sound(clip).get_length(), 3))
    print("SHIPPED", round(pygame.mixer.Sound(sys.argv[1]).get_length(), 3))
    app.close()
    pygame.quit()
""")


@pytest.mark.parametrize("name", ["empty.wav", "192khz.ogg", "no-sound.ogg"])
def test_a_recording_the_mixer_cannot_play_is_never_played_the_app_lives_and_says_the_shipped_clip(tmp_path, name):
    made = own(tmp_path, CLIP + Path(name).suffix)
    if name == "empty.wav":
        write_wav(made, 0)
        assert made.stat().st_size == 44
    else:
        made.write_bytes(ogg_at_rate(192000) if name == "192khz.ogg" else ogg_without_sound())
    # a family that has played the forest before: its first prompt, not a guided game's goal, comes first
    SettingsStore(tmp_path).save(Settings(guided={"forest": False}))
    env = dict(os.environ, KIDGAMES_HOME=str(tmp_path), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(SHIPPED)], capture_output=True, text=True,
                              env=env, timeout=120, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("the app hung")
    assert done.returncode == 0 and "Fatal Python error" not in done.stderr, \
        f"the app ended with status {done.returncode}: {done.stderr[-800:]}"
    played = {line.split()[1]: float(line.split()[2]) for line in done.stdout.splitlines() if line.startswith("PLAYED")}
    shipped = float(next(line.split()[1] for line in done.stdout.splitlines() if line.startswith("SHIPPED")))
    assert list(played) == ["colour.red", CLIP], done.stdout
    assert played[CLIP] == shipped > 1, "the shipped clip is said instead"
