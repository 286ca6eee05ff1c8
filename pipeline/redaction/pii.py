"""PII detectors (cards, IBANs, national ids; always masked) and contact details (opt-in)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import forget_at_scan_end, has_digit, left_boundary

# --------------------------------------------------------------------------- PII

# The patterns below start with a character class (a digit, a capital) that many characters of
# a text match, and ``re`` tries a match at each of them. In a text whose digits are ASCII, each
# character is mapped to its class once (``str.translate``; any other character counted as a
# ``?``, which no pattern opens with), and the places where a match can start (the classes it
# opens with) are found there by substring search: each pattern is tried only there, in order
# and never inside the previous match, which finds what ``finditer`` finds.

#: ASCII characters as a card number sees them: ``0`` a digit, ``w`` a character that glues
#: to one (``[\w.+-]``), `` `` any other.
_CARD_CLASSES = str.maketrans(
    {
        chr(c): "0" if chr(c).isdigit() else "w" if chr(c).isalnum() or chr(c) in "_.+-" else " "
        for c in range(128)
    }
)
#: ASCII characters as an IBAN or a national insurance number sees them: ``A`` a capital,
#: ``0`` a digit, `` `` a space, ``.`` any other.
_CODE_CLASSES = str.maketrans(
    {
        chr(c): "A" if "A" <= chr(c) <= "Z" else "0" if chr(c).isdigit() else " " if c == 32 else "."
        for c in range(128)
    }
)
_LAST_CLASSES: tuple[str, str, str] = ("", "", "")
#: A decimal digit beyond ASCII (``٣``, ``３``): a text holding one is scanned whole. (A
#: character beyond ASCII, then checked to be a digit: ``re`` skips the ASCII ones in one pass.)
_OTHER_DIGIT = lazy_compile(r"[^\x00-\x7f](?<=\d)")


_LAST_OTHER_DIGIT: tuple[str, bool] = ("", False)


def _other_digit(text: str) -> bool:
    """Whether :data:`_OTHER_DIGIT` occurs in ``text``: the last text's answer kept, as its
    classes are (three detectors ask, and the search reads the whole text)."""
    global _LAST_OTHER_DIGIT
    last = _LAST_OTHER_DIGIT
    if last[0] is not text:
        last = _LAST_OTHER_DIGIT = (text, _OTHER_DIGIT.search(text) is not None)
    return last[1]


@forget_at_scan_end
def _forget_last() -> None:
    global _LAST_CLASSES, _LAST_OTHER_DIGIT
    _LAST_CLASSES = ("", "", "")
    _LAST_OTHER_DIGIT = ("", False)


def _classes(text: str) -> tuple[str, str]:
    """``text`` mapped by :data:`_CARD_CLASSES` and by :data:`_CODE_CLASSES`, a character beyond
    ASCII as a ``?`` (one character for one: the offsets are the text's), the last text's kept:
    three detectors ask. Such a character is no digit here (:func:`_matches`) nor a capital the
    patterns know; as a ``?`` it does not glue to a digit, so a place where a match can start is
    still a place found (and more are tried: after a letter beyond ASCII)."""
    global _LAST_CLASSES
    last = _LAST_CLASSES
    if last[0] is not text:
        plain = text if text.isascii() else text.encode("ascii", "replace").decode("ascii")
        last = _LAST_CLASSES = (text, plain.translate(_CARD_CLASSES), plain.translate(_CODE_CLASSES))
    return last[1], last[2]


def _occurrences(hay: str, needle: str, shift: int = 0) -> list[int]:
    """Each (overlapping) occurrence of ``needle`` in ``hay``, plus ``shift``."""
    found = []
    at = hay.find(needle)
    while at >= 0:
        found.append(at + shift)
        at = hay.find(needle, at + 1)
    return found


def _card_starts(text: str) -> list[int]:
    """Where a :data:`_CARD` match can start: four digits, not after a character glued to them."""
    cards, _ = _classes(text)
    return ([0] if cards.startswith("0000") else []) + _occurrences(cards, " 0000", 1)


def _iban_starts(text: str) -> list[int]:
    """Where an :data:`_IBAN` match can start: two capitals and two digits."""
    return _occurrences(_classes(text)[1], "AA00")


def _nino_starts(text: str) -> list[int]:
    """Where a :data:`_NINO` match can start: two capitals, then a digit after an optional space."""
    codes = _classes(text)[1]
    return sorted(_occurrences(codes, "AA0") + _occurrences(codes, "AA 0"))


def _matches(rx: re.Pattern[str], text: str, starts: Callable[[str], list[int]]) -> Iterator[re.Match[str]]:
    """``rx.finditer(text)``; in a text whose digits are ASCII (``re``'s ``\\d`` matches those of
    every script), ``rx`` tried only at ``starts(text)``."""
    if not text.isascii() and _other_digit(text):
        yield from rx.finditer(text)
        return
    end = 0
    for at in starts(text):
        if at >= end and (m := rx.match(text, at)) is not None:
            end = m.end()
            yield m


# The left boundary is checked after the first digit (``\d(?<![\w.+-]\d)`` is ``(?<![\w.+-])\d``):
# a pattern that starts with a character class lets ``re`` skip to the next digit instead of
# trying a match at every position. Same for the SSN and NINO patterns below.
_CARD = lazy_compile(
    r"\d(?<![\w.+-]\d)\d{3}(?:[ -]\d{4}[ -]\d{4}[ -]\d{4}(?:[ -]\d{3})?|[ -]\d{6}[ -]\d{5}|\d{9,15})(?![\w.-])"
)
_CARD_IIN = lazy_compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|3[0689]|35|6011|64[4-9]|65|62)")


def luhn_ok(digits: str) -> bool:
    """The Luhn checksum of a payment card number."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def find_cards(text: str) -> Iterator[tuple[int, int]]:
    if has_digit(text):  # every card number is digits
        yield from _cards(text)


def _cards(text: str) -> Iterator[tuple[int, int]]:
    for m in _matches(_CARD, text, _card_starts):
        digits = re.sub(r"[ -]", "", m.group(0))
        if 13 <= len(digits) <= 19 and _CARD_IIN.match(digits) and len(set(digits)) > 2 and luhn_ok(digits):
            yield m.span()


#: IBAN length per country (the common ones; SEPA and a few more).
_IBAN_LEN = {
    "AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
    "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
    "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
    "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "AE": 23, "SA": 24, "IL": 23, "BR": 29,
}  # fmt: skip
_IBAN = lazy_compile(r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,30}(?![A-Za-z0-9])")
#: Documented example IBANs: the SWIFT IBAN Registry's example for each country of
#: :data:`_IBAN_LEN` (the one banks' and payment providers' docs and test data copy:
#: ``DE89 3704 0044 0532 0130 00``), and the ISO 13616 / Wikipedia example ``GB82 WEST …``. No
#: one's account, however it is labelled where it appears.
_EXAMPLE_IBANS = frozenset(
    """DE89370400440532013000 GB29NWBK60161331926819 GB82WEST12345698765432 FR1420041010050500013M02606
    NL91ABNA0417164300 BE68539007547034 AT611904300234573201 CH9300762011623852957 ES9121000418450200051332
    IT60X0542811101000000123456 PL61109010140000071219812874 DK5000400440116243 FI2112345600000785
    NO9386011117947 SE4550000000058398257466 IE29AIBK93115212345678 LU280019400644750000
    PT50000201231234567890154 GR1601101250000000012300695 CZ6508000000192000145399
    HU42117730161111101800000000 SK3112000000198742637541 SI56263300012039086 HR1210010051863000160
    EE382200221020145685 LT121000011101001000 LV80BANK0000435195001 RO49AAAA1B31007593840000
    BG80BNBG96611020345678 TR330006100519786457841326 MT84MALT011000012345MTLCAST001S
    CY17002001280000001200527600 IS140159260076545510730339 LI21088100002324013AA
    MC5811222000010123456789030 SM86U0322509800000000270100 AD1200012030200359100100
    AE070331234567890123456 SA0380000000608010167519 IL620108000000099999999 BR1800360305000010009795493C1""".split()
)


def iban_ok(iban: str) -> bool:
    """Country length and ISO 7064 mod-97 check of a compact IBAN."""
    if _IBAN_LEN.get(iban[:2]) != len(iban):
        return False
    return int("".join(str(int(c, 36)) for c in iban[4:] + iban[:4])) % 97 == 1


def find_ibans(text: str) -> Iterator[tuple[int, int]]:
    if has_digit(text):  # the check digits
        yield from _ibans(text)


def _ibans(text: str) -> Iterator[tuple[int, int]]:
    for m in _matches(_IBAN, text, _iban_starts):
        if not left_boundary(text, m.start()):
            continue
        want = _IBAN_LEN.get(m.group(0)[:2])
        if want is None:
            continue
        # cut the match back to the country's length (a following word may have been glued on)
        count, end = 0, m.start()
        for i in range(m.start(), m.end()):
            if text[i] != " ":
                count += 1
                if count == want:
                    end = i + 1
                    break
        compact = text[m.start() : end].replace(" ", "")
        if (
            count == want
            and compact not in _EXAMPLE_IBANS
            and iban_ok(compact)
            and not _marked_test(text, m.start(), end)
        ):
            yield m.start(), end


#: Words that mark a value as a test or example value: ``the test IBAN``, ``tests/fixtures/…``,
#: ``a fake account``, ``Beispiel-IBAN``, ``exemple``, ``ejemplo``.
_TEST_MARKER = lazy_compile(
    r"(?i)(?<![a-z])(?:tests?|testing|examples?|samples?|fake|dummy|demo|beispiel|exemple|ejemplo|esempio)(?![a-z])"
)
#: How many words either side of the value a marker must sit in: it qualifies the value ("test
#: IBAN: …", "…, the bank's example account"), not the sentence ("a test transfer to my IBAN …"
#: is a real account).
_MARKER_WORDS = 4


def _marked_test(text: str, pos: int, end: int | None = None) -> bool:
    """True when a word within :data:`_MARKER_WORDS` of the value at ``pos`` (on its line) says
    it is test or example data: a bank account number there (banks publish test IBANs:
    ``DE89 3704 0044 0532 0130 00``) is no one's."""
    start = text.rfind("\n", 0, pos) + 1
    stop = text.find("\n", pos)
    stop = len(text) if stop < 0 else stop
    after_at = pos if end is None else end
    before = [w for w in text[start:pos].split() if any(c.isalnum() for c in w)][-_MARKER_WORDS:]
    after = [w for w in text[after_at:stop].split() if any(c.isalnum() for c in w)][:_MARKER_WORDS]
    return any(_TEST_MARKER.search(word) for word in before + after)


#: US social security numbers (no 000/666/9xx area, 00 group, 0000 serial) and UK national
#: insurance numbers.
_SSN = lazy_compile(r"\d(?<![\w-]\d)(?<!9)(?!(?<=0)00|(?<=6)66)\d\d-(?!00)\d{2}-(?!0000)\d{4}(?![\w-])")
_NINO = lazy_compile(
    r"[A-CEGHJ-PR-TW-Z](?<![A-Za-z0-9].)(?!(?<=B)G|(?<=G)B|(?<=N)K|(?<=K)N|(?<=T)N|(?<=N)T|(?<=Z)Z)"
    r"[A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])"
)


def find_national_ids(text: str) -> Iterator[tuple[int, int]]:
    if has_digit(text):  # both patterns hold digits
        yield from _national_ids(text)


#: An SSN's group and serial (``-45-6789``), found from the first hyphen: a pattern that starts
#: with a literal lets ``re`` jump between hyphens instead of trying a match at every digit; the
#: area before it is checked by :data:`_SSN` at the match's start less three.
_SSN_TAIL = lazy_compile(r"-(?!00)\d{2}-(?!0000)\d{4}(?![\w-])")


def _national_ids(text: str) -> Iterator[tuple[int, int]]:
    """:data:`_SSN` matches (found from their group, :data:`_SSN_TAIL`), then :data:`_NINO`'s."""
    for tail in _SSN_TAIL.finditer(text):
        start = tail.start() - 3
        if start >= 0 and (m := _SSN.match(text, start)) is not None:
            yield m.span()
    for m in _matches(_NINO, text, _nino_starts):
        yield m.span()


# --------------------------------------------------------------------------- contact (opt-in)

EMAIL = r"(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![\w-])"
PHONE = (
    r"(?<![\w+])(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{2,4}){2,4}"
    r"|\(\d{3}\)[ .-]?\d{3}[ .-]?\d{4}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w-])"
)
