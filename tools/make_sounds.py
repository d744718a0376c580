#!/usr/bin/env python3
"""Synthesise the game's sound effects as small WAV files.

Pure Python (``wave``, ``array``, ``math``, ``random`` with fixed seeds), so
running it again gives byte-identical files.  Output: ``sounds/<name>.wav``,
22050 Hz, 16-bit, mono, gentle volume, with short fades at both ends so that
nothing clicks.

Usage (from the repository root)::

    python tools/make_sounds.py           # (re)write every sound
    python tools/make_sounds.py dice coin # only these
    python tools/make_sounds.py --check   # only report length and peak of the files
"""

from __future__ import annotations

import argparse
import array
import math
import os
import random
import sys
import wave

RATE = 22050
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "sounds")
TAU = 2 * math.pi


# --------------------------------------------------------------------------
# Building blocks (all work on plain lists of floats in -1..1)
# --------------------------------------------------------------------------


def silence(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * RATE))


def mix_into(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    """Add ``src`` into ``dst`` starting at time ``at`` (seconds); grows ``dst`` if needed.

    Every piece gets a tiny fade at both ends, so no piece can click when it stops.
    """
    src = fade(src, 0.0008, 0.006)
    start = int(round(at * RATE))
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def tone(freq, seconds: float, partials=((1, 1.0),), phase: float = 0.0) -> list[float]:
    """Additive tone; ``freq`` is a number or a function of time (for glides)."""
    n = int(round(seconds * RATE))
    out = [0.0] * n
    ph = phase
    fixed = not callable(freq)
    for i in range(n):
        f = freq if fixed else freq(i / RATE)
        ph += TAU * f / RATE
        out[i] = sum(a * math.sin(k * ph) for k, a in partials)
    return out


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def env_exp(sig: list[float], decay: float, attack: float = 0.002) -> list[float]:
    """Fast linear attack, then exponential decay with time constant ``decay`` (s)."""
    a_n = max(1, int(attack * RATE))
    return [v * (i / a_n if i < a_n else math.exp(-(i - a_n) / (decay * RATE))) for i, v in enumerate(sig)]


def env_adsr(sig, attack=0.01, decay=0.05, sustain=0.7, release=0.1):
    n = len(sig)
    a, d, r = int(attack * RATE), int(decay * RATE), int(release * RATE)
    out = []
    for i, v in enumerate(sig):
        if i < a:
            g = i / max(1, a)
        elif i < a + d:
            g = 1 - (1 - sustain) * (i - a) / max(1, d)
        else:
            g = sustain
        if i > n - r:
            g *= max(0.0, (n - i) / max(1, r))
        out.append(v * g)
    return out


def env_hump(sig: list[float], peak_at: float = 0.4) -> list[float]:
    """Smooth rise to a peak at fraction ``peak_at`` of the length, then a smooth fall."""
    n = len(sig)
    out = []
    for i, v in enumerate(sig):
        t = i / max(1, n - 1)
        if t < peak_at:
            g = math.sin(0.5 * math.pi * t / peak_at) ** 2
        else:
            g = math.cos(0.5 * math.pi * (t - peak_at) / (1 - peak_at)) ** 2
        out.append(v * g)
    return out


def lowpass(sig, cutoff) -> list[float]:
    """One-pole low-pass; ``cutoff`` in Hz (number or function of time)."""
    y = 0.0
    out = []
    fixed = not callable(cutoff)
    a = 1 - math.exp(-TAU * cutoff / RATE) if fixed else 0.0
    for i, v in enumerate(sig):
        if not fixed:
            a = 1 - math.exp(-TAU * cutoff(i / RATE) / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(sig, cutoff: float) -> list[float]:
    low = lowpass(sig, cutoff)
    return [v - l for v, l in zip(sig, low)]


def bandpass(sig, centre, q: float = 2.0) -> list[float]:
    """RBJ biquad band-pass (0 dB peak); ``centre`` in Hz, number or function of time."""
    x1 = x2 = y1 = y2 = 0.0
    out = []
    fixed = not callable(centre)
    coeffs = None
    for i, x in enumerate(sig):
        if coeffs is None or not fixed:
            f = centre if fixed else centre(i / RATE)
            f = min(max(f, 20.0), RATE * 0.45)
            w = TAU * f / RATE
            alpha = math.sin(w) / (2 * q)
            a0 = 1 + alpha
            coeffs = (alpha / a0, 0.0, -alpha / a0, -2 * math.cos(w) / a0, (1 - alpha) / a0)
        b0, b1, b2, a1, a2 = coeffs
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def fade(sig: list[float], fade_in: float = 0.004, fade_out: float = 0.02) -> list[float]:
    """Raised-cosine fades at both ends: the file starts and ends at exactly zero."""
    n = len(sig)
    fi, fo = max(2, int(fade_in * RATE)), max(2, int(fade_out * RATE))
    out = list(sig)
    for i in range(min(fi, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(min(fo, n)):
        out[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    return out


def normalise(sig: list[float], peak: float) -> list[float]:
    m = max(abs(v) for v in sig) or 1.0
    return [v * peak / m for v in sig]


def remove_dc(sig: list[float]) -> list[float]:
    mean = sum(sig) / len(sig)
    return [v - mean for v in sig]


def note(name: str) -> float:
    """Frequency of a note name like 'C5', 'F#4', 'Bb3' (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semi = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semi, rest = semi + 1, rest[1:]
    elif rest.startswith("b"):
        semi, rest = semi - 1, rest[1:]
    return 440.0 * 2 ** ((semi + 12 * (int(rest) - 4)) / 12)


def bell(freq: float, seconds: float, decay: float, bright: float = 0.35) -> list[float]:
    """A soft bell/chime: fundamental plus inharmonic partials that fade faster."""
    n = int(seconds * RATE)
    parts = ((1.0, 1.0, decay), (2.0, 0.30 * bright / 0.35, decay * 0.6),
             (2.76, bright, decay * 0.35), (5.40, bright * 0.35, decay * 0.18))
    out = [0.0] * n
    for ratio, amp, dec in parts:
        f = freq * ratio
        if f > RATE * 0.45:
            continue
        for i in range(n):
            out[i] += amp * math.sin(TAU * f * i / RATE) * math.exp(-i / (dec * RATE))
    return env_exp(out, 1e9, attack=0.004)


def brass(freq: float, seconds: float, vibrato: float = 0.0) -> list[float]:
    """A soft brass-like note: harmonics whose brightness swells in, then a gentle release."""
    n = int(round(seconds * RATE))
    out = [0.0] * n
    ph = 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1 + vibrato * math.sin(TAU * 5.2 * t) * min(1.0, t / 0.25))
        ph += TAU * f / RATE
        bright = min(1.0, t / 0.05)  # harmonics come in during the attack ("blat")
        s = 0.0
        for k in range(1, 9):
            if k * f > RATE * 0.45:
                break
            a = (1.0 / k) * (bright ** (k * 0.5)) * (0.85 ** k)
            s += a * math.sin(k * ph)
        out[i] = s
    return env_adsr(out, attack=0.025, decay=0.08, sustain=0.75, release=min(0.12, seconds * 0.4))


# --------------------------------------------------------------------------
# The sounds
# --------------------------------------------------------------------------


def snd_dice() -> list[float]:
    """A rattle of wooden clicks slowing down (~0.6 s)."""
    rng = random.Random(1)
    out = silence(0.64)
    t = 0.01
    gaps = [0.055, 0.07, 0.05, 0.085, 0.065, 0.1, 0.12]
    for k, gap in enumerate(gaps + [None]):
        loud = 1.0 - 0.08 * k + rng.uniform(-0.1, 0.1)
        burst = env_exp(noise(0.07, rng), 0.003, attack=0.0005)
        knock = bandpass(burst, rng.uniform(900, 1700), q=9.0)  # hollow wooden resonance
        body = env_exp(tone(rng.uniform(380, 520), 0.07, ((1, 1.0), (2.3, 0.3))), 0.012, attack=0.001)
        click = [a * 4.0 + b * 0.35 for a, b in zip(knock, body)]
        mix_into(out, click, t, loud)
        if gap is None:
            break
        t += gap * rng.uniform(0.85, 1.15)
    return fade(normalise(remove_dc(out), 0.6), 0.002, 0.03)


def snd_step() -> list[float]:
    """A soft short hop/pop (~0.08 s)."""
    sig = tone(lambda t: 520 - 2600 * t, 0.08, ((1, 1.0), (2, 0.12)))
    sig = env_exp(sig, 0.022, attack=0.003)
    return fade(normalise(sig, 0.45), 0.003, 0.015)


def snd_whoosh() -> list[float]:
    """Flying: band-passed noise whose pitch sweeps up and down (~0.5 s)."""
    rng = random.Random(3)
    dur = 0.5
    sig = noise(dur, rng)
    sweep = lambda t: 350 + 1700 * math.sin(math.pi * min(1.0, t / dur)) ** 1.5
    sig = bandpass(sig, sweep, q=1.6)
    sig = lowpass(sig, 3500)
    sig = env_hump(sig, 0.45)
    return fade(normalise(sig, 0.45), 0.01, 0.04)


def snd_magic() -> list[float]:
    """A rising sparkly chime (~0.7 s)."""
    rng = random.Random(4)
    out = silence(0.72)
    notes = ["C6", "E6", "G6", "C7", "E7"]
    for i, n in enumerate(notes):
        mix_into(out, bell(note(n), 0.72 - i * 0.07, 0.18 + 0.04 * i, bright=0.25), i * 0.07, 0.6 + 0.08 * i)
    # a little glitter on top
    for _ in range(14):
        at = rng.uniform(0.05, 0.55)
        f = rng.uniform(3000, 5200)
        mix_into(out, env_exp(tone(f, 0.06), 0.012, attack=0.001), at, 0.12)
    return fade(normalise(out, 0.42), 0.003, 0.08)


def snd_splash() -> list[float]:
    """Water: a soft splash followed by bubbly blips (~0.5 s)."""
    rng = random.Random(5)
    dur = 0.5
    sig = noise(dur, rng)
    sig = lowpass(sig, lambda t: 2600 * math.exp(-t / 0.08) + 400)
    sig = lowpass(sig, 3000)
    sig = highpass(sig, 150)
    sig = env_exp(sig, 0.09, attack=0.015)
    out = normalise(sig, 1.0)
    for k in range(16):  # bubbles: short blips gliding upwards, thinning out
        at = 0.03 + 0.38 * (k / 16) ** 1.3 + rng.uniform(0.0, 0.02)
        f0 = rng.uniform(420, 1000)
        blip = env_hump(tone(lambda t, f0=f0: f0 * (1 + 12 * t), rng.uniform(0.03, 0.06)), 0.3)
        mix_into(out, blip, at, rng.uniform(0.35, 0.6) * (1 - 0.5 * k / 16))
    return fade(normalise(out, 0.45), 0.004, 0.06)


def snd_fall() -> list[float]:
    """A descending slide whistle (~0.7 s): being sent back."""
    dur = 0.7
    glide = lambda t: 1150 * (300 / 1150) ** (t / dur) * (1 + 0.012 * math.sin(TAU * 7 * t))
    sig = tone(glide, dur, ((1, 1.0), (2, 0.1), (3, 0.03)))
    sig = env_adsr(sig, attack=0.03, decay=0.1, sustain=0.85, release=0.18)
    return fade(normalise(sig, 0.26), 0.005, 0.04)


def snd_stuck() -> list[float]:
    """A soft low 'bonk-bonk' (~0.3 s)."""
    out = silence(0.3)
    for at, f in ((0.0, 233.0), (0.13, 175.0)):
        s = tone(lambda t, f=f: f * (1 + 0.25 * math.exp(-t / 0.02)), 0.16, ((1, 1.0), (2, 0.25), (3, 0.08)))
        mix_into(out, env_exp(s, 0.045, attack=0.003), at)
    return fade(normalise(out, 0.5), 0.003, 0.03)


def snd_click() -> list[float]:
    """A short UI tap (~0.05 s)."""
    rng = random.Random(8)
    s = env_exp(tone(1400, 0.05, ((1, 1.0), (2, 0.2))), 0.008, attack=0.001)
    tick = env_exp(bandpass(noise(0.05, rng), 3000, q=2.0), 0.003, attack=0.0005)
    out = [a + 0.6 * b for a, b in zip(s, tick)]
    return fade(normalise(out, 0.38), 0.001, 0.01)


def snd_fanfare() -> list[float]:
    """A happy winner's fanfare (~2 s): ta-ta-ta-taaa, ta-taaaa with a final chord."""
    out = silence(2.05)
    seq = [("G4", 0.0, 0.14), ("C5", 0.16, 0.14), ("E5", 0.32, 0.14), ("G5", 0.48, 0.36),
           ("E5", 0.88, 0.14), ("G5", 1.04, 0.95)]
    for n, at, d in seq:
        mix_into(out, brass(note(n), d, vibrato=0.006 if d > 0.5 else 0.0), at, 1.0)
    for n in ("C5", "E5"):  # harmony under the last note
        mix_into(out, brass(note(n), 0.95, vibrato=0.004), 1.04, 0.55)
    mix_into(out, brass(note("C4"), 0.95), 1.04, 0.45)
    out = lowpass(out, 5000)
    return fade(normalise(out, 0.45), 0.005, 0.1)


def snd_turn() -> list[float]:
    """A little two-note bell for the next player (~0.3 s)."""
    out = silence(0.32)
    mix_into(out, bell(note("E6"), 0.32, 0.09, bright=0.22), 0.0, 0.8)
    mix_into(out, bell(note("A6"), 0.24, 0.08, bright=0.18), 0.08, 1.0)
    return fade(normalise(out, 0.4), 0.002, 0.05)


def snd_card() -> list[float]:
    """A card flick (~0.15 s): a papery swish with a tiny snap."""
    rng = random.Random(11)
    dur = 0.15
    sig = bandpass(noise(dur, rng), lambda t: 2500 + 9000 * t, q=1.2)
    sig = highpass(sig, 800)
    sig = env_hump(sig, 0.25)
    snap = env_exp(bandpass(noise(0.02, rng), 4000, q=3.0), 0.002, attack=0.0005)
    mix_into(sig, snap, 0.03, 1.5)
    return fade(normalise(sig[: int(dur * RATE)], 0.4), 0.002, 0.02)


def snd_coin() -> list[float]:
    """A sparkly coin (~0.3 s): two quick bright notes."""
    out = silence(0.32)
    mix_into(out, env_exp(tone(note("B5"), 0.09, ((1, 1.0), (3, 0.2), (5, 0.06))), 0.03), 0.0, 0.7)
    mix_into(out, bell(note("E6"), 0.25, 0.1, bright=0.2), 0.06, 1.0)
    mix_into(out, bell(note("E7"), 0.2, 0.05, bright=0.1), 0.07, 0.2)
    return fade(normalise(out, 0.38), 0.002, 0.05)


SOUNDS = {
    "dice": snd_dice,
    "step": snd_step,
    "whoosh": snd_whoosh,
    "magic": snd_magic,
    "splash": snd_splash,
    "fall": snd_fall,
    "stuck": snd_stuck,
    "click": snd_click,
    "fanfare": snd_fanfare,
    "turn": snd_turn,
    "card": snd_card,
    "coin": snd_coin,
}


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


def write_wav(path: str, sig: list[float]) -> None:
    data = array.array("h", (int(round(max(-1.0, min(1.0, v)) * 32767)) for v in sig))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def read_stats(path: str) -> dict:
    with wave.open(path, "rb") as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getframerate() == RATE, path
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    peak = max(abs(v) for v in data) / 32768
    rms = math.sqrt(sum(v * v for v in data) / len(data)) / 32768
    return {
        "seconds": len(data) / RATE,
        "peak_dbfs": 20 * math.log10(peak) if peak else -120.0,
        "rms_dbfs": 20 * math.log10(rms) if rms else -120.0,
        "first": data[0],
        "last": data[-1],
        "bytes": os.path.getsize(path),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="only these sounds (default: all)")
    ap.add_argument("--check", action="store_true", help="do not write, only check the files")
    args = ap.parse_args(argv)
    names = args.names or list(SOUNDS)
    os.makedirs(OUT_DIR, exist_ok=True)
    bad = []
    total = 0
    for name in names:
        path = os.path.join(OUT_DIR, name + ".wav")
        if not args.check:
            write_wav(path, SOUNDS[name]())
        st = read_stats(path)
        total += st["bytes"]
        print(f"{name:8s} {st['seconds']:5.2f} s  peak {st['peak_dbfs']:6.1f} dBFS  rms {st['rms_dbfs']:6.1f} dBFS"
              f"  {st['bytes'] / 1024:6.1f} KiB")
        if st["peak_dbfs"] > -3.0 or st["peak_dbfs"] < -20 or st["first"] != 0 or abs(st["last"]) > 1:
            bad.append(name)
    print(f"total {total / 1024:.1f} KiB")
    if bad:
        print("PROBLEMS (too loud, too quiet or not starting/ending at zero):", ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
