"""A family's own recording of a clip (README, "Voices"): whether the app may play it, told from the
file's headers alone (pure Python), before the mixer ever opens it.

A family can record any prompt in their own voice: ``<data home>/voices/<lang>/<clip>.ogg`` or
``.wav``.  The mixer (SDL_mixer) is trusted with the app's own clips only: a family's file may be
anything, and some files hurt it: a WAV holding no sound (a 44-byte header) or an OGG of a rate far
above the device's (192 kHz) loads as a sound of 0 samples, and playing that ends the app with a
segmentation fault; a 200 MB WAV or a 10-minute OGG stalls the frame that loads it for over a second.
So a family's recording is played only if it is a short prompt, as :func:`examine` reads it:

* Ogg Vorbis or WAV (PCM, float, A-law, mu-law or ADPCM, as SDL reads them), one or two channels;
* 8,000 to 48,000 samples a second (what microphones and phones record; a rate more than about
  4.5 times the device's 22,050 decodes to nothing, measured);
* from a tenth of a second to :data:`MAX_SECONDS` long (the longest shipped prompt is about 9 s);
* at most :data:`MAX_BYTES` on disk (15 s of 48 kHz stereo float WAV is 5.8 MB).

Measured on the development machine (22,050 Hz mono device), the longest such recording loads in
about 40 ms (15 s of 48 kHz stereo Ogg Vorbis at its best quality), 10 ms as WAV, while a 10-minute
OGG took 0.3-0.5 s and a 200 MB WAV 0.45 s (1.0-1.5 s on the machine that found it); reading the
headers here takes under a millisecond.  A recording refused here is not played: the shipped clip is said instead,
as for a file that cannot be read.  The mixer's own result is checked too (kidgames/ui/voice.py): a
file that passes here and still decodes to nothing is refused the same way.
"""
from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from pathlib import Path

MAX_BYTES = 6 * 1024 * 1024
MAX_SECONDS = 15.0
MIN_SECONDS = 0.1
MIN_RATE, MAX_RATE = 8000, 48000
MAX_CHANNELS = 2
#: WAV formats SDL reads: PCM, ADPCM (Microsoft's, IMA's), IEEE float, A-law, mu-law, extensible.
WAV_FORMATS = {0x0001: "PCM", 0x0002: "MS ADPCM", 0x0003: "float", 0x0006: "A-law", 0x0007: "mu-law",
               0x0011: "IMA ADPCM", 0xFFFE: "extensible"}
MAX_WAV_CHUNKS = 64     # a WAV's chunks looked through for its format and sound (a recorder writes a few)
_OGG_PAGE = struct.Struct("<4sBBqIIIB")     # capture, version, flags, granule, serial, sequence, crc, segments


class Unplayable(ValueError):
    """A family's recording the app does not play; the message says why (for a grown-up)."""


@dataclass(frozen=True)
class Recording:
    """What the headers say of a recording: its kind (``"wav"`` or ``"ogg"``), its rate (samples a
    second), its channels and its length in seconds."""

    kind: str
    rate: int
    channels: int
    seconds: float


def examine(path: Path) -> Recording:
    """The recording at ``path``, if the app may play it; :class:`Unplayable` with the reason if not
    (too large, too long, holding no sound, a rate or kind the mixer does not play well, damaged)."""
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        raise Unplayable(f"it cannot be read ({exc.strerror or exc})") from None
    if size > MAX_BYTES:
        raise Unplayable(f"it is larger than {MAX_BYTES // (1024 * 1024)} MB ({size / (1024 * 1024):.0f} MB)")
    try:
        with open(path, "rb") as stream:
            head = stream.read(4)
            stream.seek(0)
            if head == b"RIFF":
                recording = _wav(stream, size)
            elif head == b"OggS":
                recording = _ogg(stream.read(MAX_BYTES))
            else:
                raise Unplayable("it is neither a WAV nor an Ogg file")
    except OSError as exc:
        raise Unplayable(f"it cannot be read ({exc.strerror or exc})") from None
    if recording.channels < 1 or recording.channels > MAX_CHANNELS:
        raise Unplayable(f"it has {recording.channels} channels (one or two are played)")
    if not MIN_RATE <= recording.rate <= MAX_RATE:
        raise Unplayable(f"it has {recording.rate} samples a second (from {MIN_RATE} to {MAX_RATE} are played)")
    if recording.seconds < MIN_SECONDS:
        raise Unplayable("it holds no sound" if recording.seconds <= 0 else
                         f"it is shorter than a tenth of a second ({recording.seconds:.3f} s)")
    if recording.seconds > MAX_SECONDS:
        raise Unplayable(f"it is {recording.seconds:.0f} seconds long (a prompt is at most {MAX_SECONDS:.0f})")
    return recording


def _wav(stream, size: int) -> Recording:
    """A RIFF WAVE file's format and the length of its sound, from its chunks (the sound itself is
    skipped, not read)."""
    riff = stream.read(12)
    if len(riff) < 12 or riff[8:12] != b"WAVE":
        raise Unplayable("it is a RIFF file but not a WAV")
    fmt = None
    data = None
    at = 12
    for _ in range(MAX_WAV_CHUNKS):
        if at + 8 > size or (fmt is not None and data is not None):
            break
        stream.seek(at)
        chunk_id, chunk_size = struct.unpack("<4sI", stream.read(8))
        body = at + 8
        if chunk_id == b"fmt ":
            fmt = stream.read(min(chunk_size, 40))
        elif chunk_id == b"data":
            # a recorder still writing (or one that never finished) leaves the size unset or too large
            data = max(0, min(chunk_size, size - body))
        at = body + chunk_size + (chunk_size & 1)
    if fmt is None or len(fmt) < 16:
        raise Unplayable("its WAV header is damaged (no format)")
    tag, channels, rate, byte_rate, block, bits = struct.unpack("<HHIIHH", fmt[:16])
    if tag not in WAV_FORMATS:
        raise Unplayable(f"its WAV format {tag:#06x} is not one the mixer plays")
    if data is None:
        raise Unplayable("it holds no sound (no data in the WAV)")
    if tag in (0x0001, 0x0003, 0x0006, 0x0007, 0xFFFE) and block:
        seconds = (data // block) / rate if rate else 0.0
    else:
        seconds = data / byte_rate if byte_rate else 0.0
    return Recording("wav", rate, channels, seconds)


def _ogg(raw: bytes) -> Recording:
    """An Ogg Vorbis file's format and length: each logical stream's identification header (its
    rate and channels) and its last page's granule position (its samples), added up over a chain
    of streams.  A page that breaks off at the end is left out, as the decoder leaves it."""
    streams: dict[int, list[int]] = {}        # serial -> [rate, channels, samples]
    at = raw.find(b"OggS")
    while 0 <= at and at + _OGG_PAGE.size <= len(raw):
        capture, _version, flags, granule, serial, _seq, _crc, count = _OGG_PAGE.unpack_from(raw, at)
        table = raw[at + _OGG_PAGE.size: at + _OGG_PAGE.size + count]
        body = at + _OGG_PAGE.size + count
        end = body + sum(table)
        if len(table) < count or end > len(raw):
            break
        if flags & 0x02:            # the first page of a stream: its identification header
            packet = raw[body:end]
            if packet[:7] == b"\x01vorbis" and len(packet) >= 16:
                streams[serial] = [int.from_bytes(packet[12:16], "little"), packet[11], 0]
            elif packet[:8] == b"OpusHead":
                raise Unplayable("it is Ogg Opus (record Ogg Vorbis or WAV)")
            else:
                raise Unplayable("it is an Ogg file but not Ogg Vorbis")
        elif serial in streams and granule > 0:
            streams[serial][2] = max(streams[serial][2], granule)
        at = raw.find(b"OggS", end)
    if not streams:
        raise Unplayable("its Ogg Vorbis header is damaged or missing")
    rates = sorted({rate for rate, _, _ in streams.values()})
    rate = next((r for r in rates if not MIN_RATE <= r <= MAX_RATE), rates[-1])    # the worst of a chain
    channels = max(channels for _, channels, _ in streams.values())
    seconds = sum(samples / r for r, _, samples in streams.values() if r)
    return Recording("ogg", rate, channels, seconds)
