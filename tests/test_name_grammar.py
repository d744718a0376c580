"""A name the family typed cannot be declined and has no known gender: every Czech and Russian
message that places a player's name puts it where the language needs neither a case ending nor a
gender ("Anna: hrad zmizel…", not "Hrad hráče Anna zmizel: jeho barva…").  Checked on the catalogs
as the app reads them: the word before a name does not govern a case, a Czech name is not addressed
(an address needs the vocative: "Anno,"), and no past tense or pronoun that says boy or girl stands
by a name."""
from __future__ import annotations

import re

import pytest

from kidgames.core import po
from kidgames.core.i18n import LOCALE_DIR

#: The placeholders that stand for players (a name, or names joined with "and").
PERSON = re.compile(r"\{(name|names|victim|attacker|seller|players)\}")
#: Words after which a name would need a case ending: the noun "player" in an oblique case, and
#: prepositions that govern one.
GOVERNS = {
    "cs": {"hráče", "hráči", "hráčem", "hráčky", "hráčce", "hráčkou", "u", "od", "k", "ke", "pro", "s", "se",
           "do", "na", "o", "bez", "po", "za", "vedle", "kolem"},
    "ru": {"игрока", "игроку", "игроком", "игроке", "у", "от", "к", "ко", "для", "с", "со", "за", "до", "о",
           "об", "про", "без", "по", "при", "около", "мимо"},
}
#: Words that say boy or girl of a person in a message that names one: a pronoun that stands for
#: the player (Russian его/её are left out: in these messages they are a game's or a card's, "берёт
#: её"), and a past tense after a name (PAST).
GENDERED = {
    "cs": {"jeho", "její", "jejím", "on", "ona", "ten", "sám", "sama"},
    "ru": {"он", "она", "тот", "сам", "сама"},
}
PAST = {"cs": re.compile(r"\w+(?:l|la|lo)$"), "ru": re.compile(r"\w+(?:л|ла|ло|лся|лась)$")}


def catalog(lang: str) -> dict[str, list[str]]:
    """Each message's texts (every plural form) by key."""
    entries = po.read(LOCALE_DIR / f"{lang}.po").entries
    return {key: [t for t in entry.translation if t] for key, entry in entries.items()}


def words(text: str) -> list[str]:
    return re.findall(r"\{\w+\}|[^\W\d_]+", text.lower())


def problems(lang: str, text: str) -> list[str]:
    found = []
    tokens = words(text)
    for i, token in enumerate(tokens):
        if not PERSON.fullmatch(token):
            continue
        if i > 0 and tokens[i - 1] in GOVERNS[lang]:
            found.append(f"{tokens[i - 1]!r} before {token} needs a case ending")
    for match in PERSON.finditer(text):
        # the name's own verb: in the words after it up to the end of its clause ("{name}: hrad
        # zmizel" is a name before a colon, and the castle's verb)
        clause = re.split(r"[:.!?,;…]", text[match.end():])[0]
        found += [f"{word!r} after {match.group()} says boy or girl" for word in words(clause)[:2]
                  if PAST[lang].fullmatch(word)]
    found += [f"{word!r} says boy or girl" for word in tokens if word in GENDERED[lang]]
    if lang == "cs":
        for match in PERSON.finditer(text):
            before, after = text[:match.start()].rstrip(), text[match.end():]
            if after.startswith(",") or (before.endswith(",") and re.fullmatch(r"\s*[!.?]?\s*", after)):
                found.append(f"{match.group()} is addressed: Czech needs the vocative")
    return found


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_no_message_places_a_name_where_it_needs_a_case_or_a_gender(lang):
    bad = {}
    for key, texts in catalog(lang).items():
        for text in texts:
            if PERSON.search(text):
                found = problems(lang, text)
                if found:
                    bad[key] = (text, found)
    assert not bad, "\n".join(f"{key}: {text!r}: {'; '.join(found)}" for key, (text, found) in bad.items())


@pytest.mark.parametrize("lang, text", [
    ("cs", "Hrad hráče {name} zmizel: jeho barva je zase volná."),
    ("cs", "{name} to našel! Karta je tvoje."),
    ("cs", "{name}, ťukni na kostku!"),
    ("cs", "Zpátky do vesnice, {name}!"),
    ("cs", "{name} kupuje dílek od hráče {seller}!"),
    ("ru", "Замок игрока {name} построен!"),
    ("ru", "{name} нашёл больше всех тайн!"),
    ("ru", "Ведьма! У {name} есть фея."),
])
def test_the_check_sees_the_words_that_need_a_case_or_a_gender(lang, text):
    assert problems(lang, text)


@pytest.mark.parametrize("lang, text", [
    ("cs", "{name}: hrad zmizel a barva je zase volná."),
    ("cs", "{name}: ťukni na kostku!"),
    ("ru", "{name}, нажми на кубик!"),         # Russian addresses in the nominative
    ("ru", "{name} достраивает замок и побеждает!"),
])
def test_the_check_lets_a_name_stand_in_the_nominative(lang, text):
    assert not problems(lang, text)
