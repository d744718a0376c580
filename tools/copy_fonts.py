#!/usr/bin/env python3
"""Copy the game's fonts (and their licence texts) from Debian packages into fonts/.

    python tools/copy_fonts.py          # copy fonts + write licence files, then check glyphs
    python tools/copy_fonts.py --check  # only check that the copied fonts have every glyph we need

Needs the Debian/Ubuntu packages ``fonts-wqy-microhei``, ``fonts-comfortaa`` and
``fonts-nanum-extra`` (``apt-get install fonts-wqy-microhei fonts-comfortaa fonts-nanum-extra``).
Re-running it overwrites the copies with the same files.  Nothing is
downloaded by the game at run time: the font files are committed in fonts/.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fonts")

# Debian package paths (read only while copying).
WQY = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
COMFORTAA = "/usr/share/fonts/truetype/comfortaa/Comfortaa-{}.ttf"
COMFORTAA_COPYRIGHT = "/usr/share/doc/fonts-comfortaa/copyright"
WQY_COPYRIGHT = "/usr/share/doc/fonts-wqy-microhei/copyright"
NANUM_ROUND = "/usr/share/fonts/truetype/nanum/NanumSquareRoundEB.ttf"
NANUM_COPYRIGHT = "/usr/share/doc/fonts-nanum-extra/copyright"
APACHE = "/usr/share/common-licenses/Apache-2.0"
GPL3 = "/usr/share/common-licenses/GPL-3"

# Texts every font we ship must be able to show (pangrams + the special letters).
SAMPLES = {
    "cs": "Příliš žluťoučký kůň úpěl ďábelské ódy ěščřžýáíéůú ĚŠČŘŽÝÁÍÉŮÚ Ťť Ďď Ňň",
    "ru": "Съешь же ещё этих мягких французских булок ЁЁ",
    "ko": "다람쥐 헌 쳇바퀴에 타고파 기사와 황금 보물",
    "de": "Äpfel Öl Übung ß äöü",
    # every Russian letter, small and capital, and the quotes the Russian texts use
    "ru-all": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ «»",
    # the 2-set keyboard's jamo
    "ko-jamo": "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ",
}

# file -> languages it must cover
COVERAGE = {
    "wqy-microhei.ttc": ("cs", "ru", "ko", "de"),
    "Comfortaa-Bold.ttf": ("cs", "ru", "de"),
    "Comfortaa-Regular.ttf": ("cs", "ru", "de"),
    "NanumSquareRoundEB.ttf": ("ru", "ru-all", "ko", "ko-jamo"),
}


def debian_stanza(path: str, header: str) -> list[str]:
    """Lines of the 'License: <header>' stanza of a Debian copyright file, de-indented."""
    lines = open(path, encoding="utf-8").read().splitlines()
    out: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("License:"):
            if inside:
                break
            inside = line.split(":", 1)[1].strip() == header
            continue
        if inside:
            if line and not line.startswith(" "):
                break
            text = line[1:] if line.startswith(" ") else line
            out.append("" if text.strip() == "." else text.rstrip())
    if not out:
        raise SystemExit(f"no 'License: {header}' stanza in {path}")
    return out


def write(name: str, text: str) -> None:
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as fh:
        fh.write(text.rstrip() + "\n")


def copy_all() -> None:
    os.makedirs(OUT, exist_ok=True)
    shutil.copyfile(WQY, os.path.join(OUT, "wqy-microhei.ttc"))
    for style in ("Bold", "Regular"):
        shutil.copyfile(COMFORTAA.format(style), os.path.join(OUT, f"Comfortaa-{style}.ttf"))
    shutil.copyfile(NANUM_ROUND, os.path.join(OUT, "NanumSquareRoundEB.ttf"))

    exception = debian_stanza(WQY_COPYRIGHT, "GPL-3+ with Font exception")
    start = next(i for i, l in enumerate(exception) if l.startswith("As a special exception"))
    end = next(i for i, l in enumerate(exception) if l.startswith("On Debian systems"))
    write("LICENSE-wqy-microhei.txt", "\n".join([
        "WenQuanYi Micro Hei (wqy-microhei.ttc), version 0.2.0-beta",
        "",
        "Copyright 2008-2009 The WenQuanYi Project Board of Trustees and the WenQuanYi contributors.",
        "Based on the Droid font family (Droid Sans Fallback, Droid Sans, Droid Sans Mono):",
        "digitized data copyright 2006-2008 Google Corporation and Ascender Corp.",
        "Some CJK punctuation from Ume-Font: Electronic Font Open Laboratory (/efont/) and",
        "Wada Laboratory, the University of Tokyo.",
        "(The full copyright notice is also embedded in the font file's name table.)",
        "",
        "The font is dual-licensed: you may use it under EITHER",
        "  (a) the Apache License, Version 2.0, OR",
        "  (b) the GNU General Public License, version 3 or (at your option) any later",
        "      version, with the following font embedding exception:",
        "",
        *["      " + l if l else "" for l in exception[start:end]],
        "",
        "Both licence texts follow in full.",
        "",
        "=" * 78,
        "Apache License, Version 2.0",
        "=" * 78,
        "",
        open(APACHE, encoding="utf-8").read().rstrip(),
        "",
        "=" * 78,
        "GNU General Public License, version 3",
        "=" * 78,
        "",
        open(GPL3, encoding="utf-8").read().rstrip(),
    ]))

    ofl = debian_stanza(COMFORTAA_COPYRIGHT, "OFL-1.1")
    first = next(i for i, l in enumerate(ofl) if l.startswith("-----"))
    write("LICENSE-Comfortaa.txt", "\n".join([
        "Comfortaa (Comfortaa-Bold.ttf, Comfortaa-Regular.ttf), version 3.001",
        "",
        'Copyright 2011 The Comfortaa Project Authors, with Reserved Font Name "Comfortaa".',
        "(The full copyright notice is also embedded in the font files' name tables.)",
        "",
        *ofl[first:],
    ]))

    # the stanza starts with NAVER's copyright and reserved font names, then the licence in full
    write("LICENSE-NanumSquareRound.txt", "\n".join([
        "NanumSquareRound ExtraBold (NanumSquareRoundEB.ttf), version 1.000",
        "Font file copyright 2017 NAVER Corporation, designed by Sandoll Communications Inc.",
        "(The copyright notice is also embedded in the font file's name table.)",
        "",
        *debian_stanza(NANUM_COPYRIGHT, "OFL-1.1"),
    ]))


def check() -> list[str]:
    import pygame.freetype as ft

    ft.init()
    problems = []
    for fname, langs in COVERAGE.items():
        font = ft.Font(os.path.join(OUT, fname), 24)
        for lang in langs:
            text = SAMPLES[lang]
            metrics = font.get_metrics(text)
            # an empty outline draws nothing, as bad as no glyph (some Korean faces' Cyrillic)
            missing = sorted({ch for ch, m in zip(text, metrics)
                              if not ch.isspace() and (m is None or (m[0] == m[1] and m[2] == m[3]))})
            status = "all glyphs present" if not missing else "MISSING " + " ".join(
                f"{ch} (U+{ord(ch):04X})" for ch in missing)
            print(f"{fname:24s} {lang}: {status}")
            if missing:
                problems.append(f"{fname} {lang}: {''.join(missing)}")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check glyph coverage of fonts/")
    args = ap.parse_args(argv)
    if not args.check:
        copy_all()
    problems = check()
    if problems:
        print("PROBLEMS:", "; ".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
