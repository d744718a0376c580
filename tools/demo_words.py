#!/usr/bin/env python3
"""Write the "Show me!" sentences of each game (issue 35) into its own catalog folder,
``kidgames/games/<id>/locale/<lang>.po`` (the game's ``Words.catalog``), from the table below.

The table is the source of these texts; run this after changing it, then ``tools/make_voices.py``
speaks the new clips.  Usage (from the repository root)::

    python tools/demo_words.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLURALS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ko": "nplurals=1; plural=0;",
}
NAMES = {"en": "English", "de": "German", "cs": "Czech", "ru": "Russian", "ko": "Korean"}

# game -> key (after "<game>.demo.") -> (en, de, cs, ru, ko)
WORDS: dict[str, dict[str, tuple[str, str, str, str, str]]] = {
    "knights": {
        "goal": ("The first knight to reach the castle wins the golden treasure!",
                 "Wer mit seinem Ritter zuerst in die Burg kommt, gewinnt den goldenen Schatz!",
                 "Kdo první dojde s rytířem do hradu, získá zlatý poklad!",
                 "Кто первым дойдёт до замка, получит золотой клад!",
                 "성에 가장 먼저 도착한 기사가 황금 보물을 얻어요!"),
        "throw": ("The red knight taps the die and walks as many fields as it shows.",
                  "Der rote Ritter tippt auf den Würfel und geht so viele Felder, wie er zeigt.",
                  "Červený rytíř ťukne na kostku a jde o tolik polí, kolik ukáže.",
                  "Красный рыцарь нажимает на кубик и идёт на столько клеток, сколько выпало.",
                  "빨간 기사가 주사위를 눌러요. 나온 수만큼 칸을 가요."),
        "sword": ("The magic sword! It carries the red knight past the dragon.",
                  "Das Zauberschwert! Es trägt den roten Ritter am Drachen vorbei.",
                  "Kouzelný meč! Přenese červeného rytíře za draka.",
                  "Волшебный меч! Он переносит красного рыцаря за дракона.",
                  "마법의 칼! 빨간 기사를 용 너머로 데려가요."),
        "blue": ("Now the blue knight throws.",
                 "Jetzt würfelt der blaue Ritter.",
                 "Teď hází modrý rytíř.",
                 "Теперь бросает синий рыцарь.",
                 "이제 파란 기사가 주사위를 던져요."),
        "witch": ("The red knight lands right on the witch. Next time he takes the wide road!",
                  "Der rote Ritter landet genau auf der Hexe. Beim nächsten Mal nimmt er den breiten Weg!",
                  "Červený rytíř stoupne přesně na ježibabu. Příště půjde širokou cestou!",
                  "Красный рыцарь встаёт ровно на Бабу-ягу. В следующий раз он пойдёт широкой дорогой!",
                  "빨간 기사가 마녀 칸에 딱 멈췄어요. 다음에는 넓은 길로 가요!"),
        "dragon": ("The dragon! The blue knight must wait here until he throws a three.",
                   "Der Drache! Der blaue Ritter muss hier warten, bis er eine Drei würfelt.",
                   "Drak! Modrý rytíř tu musí čekat, dokud nehodí trojku.",
                   "Дракон! Синий рыцарь ждёт здесь, пока не выбросит тройку.",
                   "용이에요! 파란 기사는 3이 나올 때까지 여기서 기다려요."),
        "wide": ("The red knight walks along the wide road.",
                 "Der rote Ritter geht den breiten Weg entlang.",
                 "Červený rytíř jde širokou cestou.",
                 "Красный рыцарь идёт по широкой дороге.",
                 "빨간 기사가 넓은 길을 따라가요."),
        "three": ("A three! The blue knight gets past the dragon.",
                  "Eine Drei! Der blaue Ritter kommt am Drachen vorbei.",
                  "Trojka! Modrý rytíř projde kolem draka.",
                  "Тройка! Синий рыцарь проходит мимо дракона.",
                  "3이 나왔어요! 파란 기사가 용을 지나가요."),
        "you": ("Now you play! Tap the green button.",
                "Jetzt spielst du! Tippe auf den grünen Knopf.",
                "Teď hraješ ty! Ťukni na zelené tlačítko.",
                "Теперь играешь ты! Нажми на зелёную кнопку.",
                "이제 네 차례야! 초록 버튼을 눌러 봐."),
    },
}
LANGS = ("en", "de", "cs", "ru", "ko")


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(game: str, words: dict[str, tuple[str, ...]]) -> None:
    folder = ROOT / "kidgames" / "games" / game / "locale"
    folder.mkdir(exist_ok=True)
    for k, lang in enumerate(LANGS):
        lines = [f"# The \"Show me!\" demo of {game} (issue 35), in {NAMES[lang]}: written by tools/demo_words.py.",
                 'msgid ""', 'msgstr ""',
                 '"Project-Id-Version: kidgames\\n"', f'"Language: {lang}\\n"',
                 '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
                 '"Content-Transfer-Encoding: 8bit\\n"', f'"Plural-Forms: {PLURALS[lang]}\\n"', ""]
        for key, texts in words.items():
            lines += [f"msgctxt {quoted(f'{game}.demo.{key}')}", f"msgid {quoted(texts[0])}",
                      f"msgstr {quoted(texts[k])}", ""]
        (folder / f"{lang}.po").write_text("\n".join(lines), encoding="utf-8")


def main() -> int:
    for game, words in WORDS.items():
        write(game, words)
    return 0


if __name__ == "__main__":
    sys.exit(main())
