"""Reading gettext ``.po`` catalogs (pure Python, no pygame), with polib.

The message catalogs are standard gettext files, so translators use their usual tools (Poedit,
Weblate, Lokalize, ``msgfmt --check``).  Each message is an entry whose ``msgctxt`` is the key the
code asks for (``menu.play``), ``msgid`` the English text and ``msgstr`` the translation; a text that
depends on a count has ``msgid_plural`` and one ``msgstr[i]`` per plural form of the language, whose
rule is the ``Plural-Forms`` line of the catalog's header (``nplurals=3; plural=(n==1) ? 0 : …``).

They are read directly at start-up (no compiled ``.mo`` files to keep in step) by polib, the usual
pure-Python reader of the format.  What polib leaves to its caller is done here, so that a damaged
catalog is a :class:`CatalogError` naming the file and line rather than a text quietly lost: every
line is checked to be a keyword and a well-quoted text (polib takes ``msgid "x`` without its closing
quote, and an unknown escape, as they are), every message must have its key and the plural forms its
language needs, and the plural rule is read and tried for every count the app can show.
"""
from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import polib

#: A plural rule is tried for every count from 0 to this when its catalog is read.
PLURAL_CHECKED = 1000
#: The plural rules of the app's languages (from the GNU gettext manual's table of forms).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ko": "nplurals=1; plural=0;",
}


class CatalogError(ValueError):
    """A catalog file that cannot be read as gettext: the message names the file and line."""


@dataclass
class Entry:
    """One message: its key (``msgctxt``), the English text (and plural), the translation (one
    text, or one per plural form), and whether a translator marked it fuzzy."""

    key: str
    source: str
    translation: list[str] = field(default_factory=list)
    source_plural: str | None = None
    fuzzy: bool = False


@dataclass
class PoFile:
    """A parsed ``.po`` file: its header fields and entries by key."""

    header: dict[str, str]
    entries: dict[str, Entry]

    def plural_rule(self) -> tuple[int, Callable[[int], int]]:
        """The number of plural forms and the function from a count to its form."""
        return parse_plural_forms(self.header.get("Plural-Forms", PLURAL_FORMS["en"]))


def parse_plural_forms(line: str) -> tuple[int, Callable[[int], int]]:
    """``"nplurals=3; plural=…;"`` -> (3, function).  The expression is C; gettext's own compiler
    turns it into Python after checking that it holds only numbers, ``n`` and C operators.  A line
    read before gives the same answer again: the start reads the line of the app's catalog, each
    game's and English's, mostly the same one, and trying a rule takes 1,001 calls."""
    known = _PLURAL_RULES.get(line)
    if known is None:
        known = _PLURAL_RULES[line] = _parse_plural_forms(line)
    return known


#: The plural rules read so far, by their Plural-Forms line (a rule that fails is not kept).
_PLURAL_RULES: dict[str, tuple[int, Callable[[int], int]]] = {}


def _parse_plural_forms(line: str) -> tuple[int, Callable[[int], int]]:
    found = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*", line)
    if not found:
        raise CatalogError(f"the Plural-Forms line {line!r} is not 'nplurals=N; plural=EXPRESSION;'")
    count = int(found.group(1))
    try:
        rule = gettext.c2py(found.group(2))
    except (ValueError, RecursionError) as exc:
        raise CatalogError(f"the plural expression {found.group(2)!r} cannot be read: {exc}") from None
    if not 1 <= count <= 6:
        raise CatalogError(f"nplurals={count}: a language has 1 to 6 plural forms")
    # A rule is C arithmetic on n: one that divides by zero (n/0, n%(n-n)) would fail only when a
    # count happens to meet it, in front of the family.  Every count the app shows is tried now.
    for n in range(PLURAL_CHECKED + 1):
        try:
            rule(n)
        except ZeroDivisionError:
            raise CatalogError(f"the plural expression {found.group(2)!r} divides by zero for n={n}") from None
        except (ArithmeticError, ValueError, TypeError, RecursionError) as exc:
            raise CatalogError(f"the plural expression {found.group(2)!r} fails for n={n}: {exc}") from None

    def form(n: int) -> int:
        index = int(rule(n))
        return index if 0 <= index < count else count - 1
    return count, form


# A line of an entry: a keyword and a text, or a text that continues the one above.  A text is in
# double quotes, a quote inside it written \" and only the escapes polib reads (\n \t \r \v \b \f \\).
_KEYWORD = r"msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?"
_LINE = re.compile(rf'(?:({_KEYWORD})\s+)?"(?:[^"\\]++|\\[ntrvbf"\\])*+"')   # possessive: no backtracking
_STARTS = re.compile(rf'({_KEYWORD})(?:\s|")|"')
_POLIB_LINE = re.compile(r"\(line (\d+)\)")


def _check_lines(lines: list[str], name: str) -> tuple[int, int]:
    """Refuse a line that is neither a comment, a keyword with its text nor a continued text.
    The numbers of the lines where the header's ``msgid ""`` is and where the first entry starts
    (polib numbers the first entry's line 0)."""
    header = first = 0
    keyword = None
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        found = _LINE.fullmatch(line)
        if not found:
            if not _STARTS.match(line):
                raise CatalogError(f"{name}:{number}: expected msgctxt, msgid, msgid_plural or msgstr, "
                                   f"found {line[:40]!r}")
            raise CatalogError(f"{name}:{number}: a text must be in double quotes, a quote inside it "
                               f"written \\\" and only the escapes \\n \\t \\r \\\\ used: {line[:60]}")
        first = first or number
        if not header and found.group(1) == "msgid" and keyword != "msgctxt" and line[5:].strip() == '""':
            header = number
        keyword = found.group(1) or keyword
    return header or 1, first or 1


def parse(text: str, name: str = "catalog") -> PoFile:
    """Parse the text of a ``.po`` file; every entry must have a ``msgctxt`` (its key) except the
    header (the entry whose ``msgid`` is empty)."""
    text = text.removeprefix("\ufeff")      # a byte-order mark some editors write
    lines = text.splitlines()
    header_line, first_line = _check_lines(lines, name)
    try:
        parsed = polib.pofile(text, encoding="utf-8")
    except OSError as exc:               # polib's "Syntax error in po file (line N)": out of order
        number = int(found.group(1)) if (found := _POLIB_LINE.search(str(exc))) else 0
        shown = lines[number - 1].strip()[:40] if 0 < number <= len(lines) else ""
        raise CatalogError(f"{name}:{number}: {shown!r} cannot come here: an entry is msgctxt, msgid "
                           "(and msgid_plural), then msgstr (or msgstr[0], msgstr[1], …), each once") from None
    header = dict(parsed.metadata)
    if "Plural-Forms" in header:
        try:
            parse_plural_forms(header["Plural-Forms"])     # refused now, not when a count meets it
        except CatalogError as exc:
            raise CatalogError(f"{name}:{header_line}: {exc}") from None
    entries: dict[str, Entry] = {}
    for item in parsed:
        if item.obsolete:                # "#~": kept for translators, not read
            continue
        where = f"{name}:{item.linenum or first_line}"
        key = item.msgctxt
        if not key:
            raise CatalogError(f"{where}: every message needs its key as msgctxt")
        if key in entries:
            raise CatalogError(f"{where}: the key {key!r} is given twice")
        if item.msgid_plural:
            forms = sorted(item.msgstr_plural)
            if item.msgstr or not forms or forms != list(range(len(forms))):
                raise CatalogError(f"{where}: a plural message needs msgstr[0], msgstr[1], … and no plain msgstr")
            translation = [item.msgstr_plural[i] for i in forms]
        else:
            if item.msgstr_plural:
                raise CatalogError(f"{where}: a message needs one msgstr (msgstr[i] only with msgid_plural)")
            translation = [item.msgstr]
        entries[key] = Entry(key, item.msgid, translation, item.msgid_plural or None, "fuzzy" in item.flags)
    return PoFile(header, entries)


def read(path: Path) -> PoFile:
    """Read one ``.po`` file (UTF-8)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")     # a byte-order mark is dropped by parse
    except UnicodeDecodeError:
        raise CatalogError(f"{path}: not UTF-8 text") from None
    return parse(text, Path(path).name)
