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
    header (the entry whose ``msgid`` is empty).

    A catalog as the app's are written (comments and flags, then ``msgctxt``, ``msgid``,
    ``msgid_plural``, ``msgstr`` or ``msgstr[i]`` in that order, texts continued on the lines below)
    is read by :func:`_read_plain` in one pass over the lines the check above has already
    accepted; anything else (obsolete ``#~`` entries, previous ``#|`` texts, a comment inside an
    entry, a keyword out of order) and any fault in what it read is left to polib, whose reading
    and line numbers the messages follow.  Both give the same catalog
    (tests/test_i18n.py compares them on every catalog of the app and on odd ones): polib took
    ~3.5 ms of the ~5 ms of the app's English at start, three times that on a tablet."""
    text = text.removeprefix("\ufeff")      # a byte-order mark some editors write
    lines = text.splitlines()
    header_line, first_line = _check_lines(lines, name)
    plain = _read_plain(lines)
    if plain is not None:
        try:
            return _catalog(*plain, name, header_line, first_line)
        except CatalogError:
            pass                         # told with polib's line numbers
    return _catalog(*_read_polib(text, lines, name), name, header_line, first_line)


def _read_polib(text: str, lines: list[str], name: str) -> tuple[dict[str, str], list]:
    """The header's fields and the entries, as polib reads them."""
    import polib
    try:
        parsed = polib.pofile(text, encoding="utf-8")
    except OSError as exc:               # polib's "Syntax error in po file (line N)": out of order
        number = int(found.group(1)) if (found := _POLIB_LINE.search(str(exc))) else 0
        shown = lines[number - 1].strip()[:40] if 0 < number <= len(lines) else ""
        raise CatalogError(f"{name}:{number}: {shown!r} cannot come here: an entry is msgctxt, msgid "
                           "(and msgid_plural), then msgstr (or msgstr[0], msgstr[1], …), each once") from None
    return dict(parsed.metadata), list(parsed)


def _catalog(header: dict[str, str], items, name: str, header_line: int, first_line: int) -> PoFile:
    """The catalog of the header's fields and the entries read (polib's, or :class:`_Item`)."""
    if "Plural-Forms" in header:
        try:
            parse_plural_forms(header["Plural-Forms"])     # refused now, not when a count meets it
        except CatalogError as exc:
            raise CatalogError(f"{name}:{header_line}: {exc}") from None
    entries: dict[str, Entry] = {}
    for item in items:
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


class _Item:
    """One entry as :func:`_read_plain` reads it: the fields of polib's entry that are used."""

    __slots__ = ("msgctxt", "msgid", "msgid_plural", "msgstr", "msgstr_plural", "flags")
    obsolete = False
    linenum = 0

    def __init__(self) -> None:
        self.msgctxt: str | None = None
        self.msgid = self.msgid_plural = self.msgstr = ""
        self.msgstr_plural: dict[int, str] = {}
        self.flags: list[str] = []


_ESCAPE = re.compile(r'\\(\\|n|t|r|v|b|f|")')     # polib's unescape, the same escapes
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "v": "\v", "b": "\b", "f": "\f", "\\": "\\", '"': '"'}


def _unescape(text: str) -> str:
    return _ESCAPE.sub(lambda m: _ESCAPED[m.group(1)], text) if "\\" in text else text


def _read_plain(lines: list[str]) -> tuple[dict[str, str], list[_Item]] | None:
    """The header's fields and the entries of a catalog written in the plain order (see
    :func:`parse`), read as polib reads them; None for anything else.  Every line is known to be
    blank, a comment, or a keyword and a well-quoted text, or a text (:func:`_check_lines`)."""
    items: list[_Item] = []
    item = _Item()
    state = ""            # the last keyword of the entry read so far ("": none yet)
    index = 0
    comment = False
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        if line[0] == "#":
            head = line.split(None, 1)[0]
            if state in ("msgstr", "msgstr[]"):         # a comment begins the next entry
                items.append(item)
                item, state = _Item(), ""
            elif state or head.startswith(("#~", "#|")):
                return None
            if head == "#,":
                item.flags += [flag.strip() for flag in line[3:].split(",")]
            elif not (head in ("#", "#.", "#:") or head.startswith("##")):
                return None
            comment = True
            continue
        comment = False
        if line[0] == '"':
            text = _unescape(line[1:-1])
            if state == "msgctxt":
                item.msgctxt = (item.msgctxt or "") + text
            elif state == "msgid":
                item.msgid += text
            elif state == "msgid_plural":
                item.msgid_plural += text
            elif state == "msgstr":
                item.msgstr += text
            elif state == "msgstr[]":
                item.msgstr_plural[index] += text
            else:
                return None
            continue
        keyword = line.split(None, 1)[0]
        if keyword in ("msgctxt", "msgid") and state in ("msgstr", "msgstr[]"):
            items.append(item)                          # a new entry
            item, state = _Item(), ""
        text = _unescape(line[len(keyword):].lstrip()[1:-1])
        if keyword == "msgctxt" and state == "":
            item.msgctxt = text
        elif keyword == "msgid" and state in ("", "msgctxt"):
            item.msgid = text
        elif keyword == "msgid_plural" and state == "msgid":
            item.msgid_plural = text
        elif keyword == "msgstr" and state == "msgid":
            item.msgstr = text
        elif keyword.startswith("msgstr[") and state in ("msgid_plural", "msgstr[]"):
            index = int(line[7])
            item.msgstr_plural[index] = _unescape(line[line.find('"') + 1:-1])
            keyword = "msgstr[]"
        else:
            return None
        state = keyword
    if comment or state not in ("msgstr", "msgstr[]"):
        return None                      # a catalog that ends otherwise: polib's way
    items.append(item)
    # polib takes the first entry of an empty msgid for the header, whatever its msgctxt
    if any(not entry.msgid for entry in items[1:]) or (not items[0].msgid and items[0].msgctxt is not None):
        return None
    header: dict[str, str] = {}
    if not items[0].msgid:
        key = None
        for field_line in items.pop(0).msgstr.splitlines():     # as polib reads the header's fields
            try:
                key, value = field_line.split(":", 1)
                header[key] = value.strip()
            except (ValueError, KeyError):
                if key is not None:
                    header[key] += "\n" + field_line.strip()
    return header, items


def read(path: Path) -> PoFile:
    """Read one ``.po`` file (UTF-8)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")     # a byte-order mark is dropped by parse
    except UnicodeDecodeError:
        raise CatalogError(f"{path}: not UTF-8 text") from None
    return parse(text, Path(path).name)
