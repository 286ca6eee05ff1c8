"""The write guard's control-character cleaning takes terminal escape sequences whole, in their
ECMA-48 shapes (stop 45, HQ3 item 4), and never eats a printable character that is not part of
one. Before, only CSI with ``[0-9;?]`` parameters went whole: an OSC title, a charset switch
(``ESC ( B``), an 8-bit CSI or a ``38:5:196`` colour left their bytes in the memory text."""

from __future__ import annotations

import re

import pytest

from memscribe.safety.write_guard import clean_chars, unsafe_chars


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("\x1b[31mred\x1b[0m", "red"),  # CSI, as before
        ("\x1b[Kdone \x1b[mplain", "done plain"),  # CSI without parameters (erase line, reset)
        ("\x1b[38:5:196mred", "red"),  # ':' sub-parameters
        ("\x1b[>4;1mx\x1b[?25ly", "xy"),  # private parameters
        ("x\x1b[1 qy", "xy"),  # an intermediate byte
        ("\x9b31mred\x9b0m", "red"),  # 8-bit CSI
        ("\x1b]0;build log\x07text", "text"),  # OSC ended by BEL
        ("\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\", "link"),  # OSC 8 hyperlink, ST
        ("\x9d0;title\x9ctext", "text"),  # 8-bit OSC and ST
        ("\x1bPq#0;2;0;0;0\x1b\\ok", "ok"),  # DCS
        ("\x1b_app\x1b\\ok\x1b^pm\x1b\\", "ok"),  # APC, PM
        ("\x1b(B\x1b[mplain\x1b)0", "plain"),  # charset designations (nF): tput sgr0, at the end
        ("a\x1b(0\x1b[1mq\x1b(B\x1b[m\nb\x1b%G\n", "aq\nb\n"),  # before a control: ESC, newline
        ("\x1b7\x1b[1;1Hsaved\x1b8\x1b=\x1b[?1hkeypad\x1b>", "savedkeypad"),  # ESC 7 / 8 / = / >
        ("x\x1b#8\x07y\x1b-A", "xy"),  # DEC screen test, a 96-set designation
        ("Top\x9d10;ok\x9cx", "Topx"),  # an 8-bit OSC: ASCII number, printable ASCII text
        # RV6 F3: real short escapes before text go whole
        ("\x1b7Saving state\x1b8 done", "Saving state done"),  # tput sc / rc
        ("[###...] \x1b8Setting up foo (1.0) ...", "[###...] Setting up foo (1.0) ..."),  # apt
        ("\x1b(0lqqk\x1b(BTitle\x1b(0x x\x1b(B", "lqqkTitlex x"),  # DEC line drawing (smacs/rmacs)
        ("\x1b[?1h\x1b=commit 1234abcd", "commit 1234abcd"),  # less: keypad mode
        ("\x1b#8Test", "Test"),  # DEC screen test before a word
    ],
)
def test_escape_sequences_go_whole(raw: str, clean: str) -> None:
    assert clean_chars(raw) == clean
    assert unsafe_chars(raw)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("end\x1b", "end"),  # at the end
        ("a\x1b b", "a b"),  # before a space
        ("\x1bHello", "Hello"),  # before a letter: the letter is the text's
        ("\x1bécole", "école"),  # before a non-ASCII letter
        ("\x1b[12é", "[12é"),  # a CSI never finished
        ("\x1b]0;title", "]0;title"),  # an OSC never ended
        ("\x1b]0;a\nb\x07c", "]0;a\nbc"),  # a string is one line: no paragraph is eaten
        ("\x1b\x1b[1mbold", "bold"),  # a lone ESC before a sequence
        ("User is \x1b35 years old", "User is 35 years old"),  # before a digit (not ESC 7/8)
        ("User\x1b's dog is Rex", "User's dog is Rex"),  # before an apostrophe
        ("Budget is \x1b-5000 euros", "Budget is -5000 euros"),  # before '-' and a digit
        (
            "Der Nutzer wohnt in \x1bParis und mag Jazz\x07 sehr",
            "Der Nutzer wohnt in Paris und mag Jazz sehr",
        ),
        ("Nutzer \x98 mag Tee \x9c und Kaffee", "Nutzer  mag Tee  und Kaffee"),  # 8-bit SOS, ST: no shape
        ("\x9d and \x1b]x; y\x07z", " and ]x; yz"),  # an OSC without its number
        # RV3 F3: a short escape's shape before text is a stray ESC, and eats nothing
        ("Der Nutzer \x1b(Berlin) mag Jazz", "Der Nutzer (Berlin) mag Jazz"),
        ("Option \x1b(A) or \x1b(USA) \x1b(0 items)", "Option (A) or (USA) (0 items)"),
        (
            "User is \x1b78 years old, budget \x1b8000, \x1b7 cats",
            "User is 78 years old, budget 8000, 7 cats",
        ),
        ("Room \x1b#5 on floor 2", "Room #5 on floor 2"),
        ("The A\x1b-Team fan", "The A-Team fan"),
        ("50\x1b%Growth, x \x1b=5 y \x1b> z", "50%Growth, x =5 y > z"),
        ("\x1b(Bplain", "(Bplain"),  # the price: a real ESC ( B before a word leaves its "(B"
        (
            "User wakes at \x1b7am, floor \x1b8th, \x1b(USA) \x1b(0 x)",
            "User wakes at 7am, floor 8th, (USA) (0 x)",
        ),
        (
            "用户有\x1b8只猫，ユーザーは\x1b7時に起きる",
            "用户有8只猫，ユーザーは7時に起きる",
        ),  # after a CJK letter
        # an 8-bit OSC needs an ASCII number and printable ASCII text: mojibake of "”" (U+201D
        # is e2 80 9d) and Cyrillic "М" (d0 9c) keep the words between them
        ("Top\xe2\x80\x9d10; items \xd0\x9c and more", "Top\xe210; items \xd0 and more"),
        ("x\x9d\uff11;hello\x07 y", "x\uff11;hello y"),  # a full-width digit is no number
    ],
)
def test_a_lone_escape_goes_alone(raw: str, clean: str) -> None:
    assert clean_chars(raw) == clean


def test_mojibake_quotes_keep_the_words_between_them() -> None:
    """UTF-8 read as Latin-1 and stored again turns \u201c \u201d into ``\xe2\x80\x9c`` (ST) and
    ``\xe2\x80\x9d`` (OSC): only those control characters go, never the words between quotes."""
    for sentence in (
        "He said \u201cyes\u201d and moved to \u201cBerlin\u201d last May",
        "Er sagte \u201eja\u201c und zog im Mai nach \u201eBerlin\u201c",
        "Il a dit \u201coui\u201d 2 fois\u2010 \u201cParis\u201d en mai",
        "\u7528\u6237\u8bf4\u201c\u662f\u201d\uff0c\u7136\u540e\u642c\u5230\u201c\u67cf\u6797\u201d",
    ):
        mojibake = sentence.encode("utf-8").decode("latin-1")
        expected = "".join(ch for ch in mojibake if not "\x80" <= ch <= "\x9f")
        assert clean_chars(mojibake) == expected


#: What may follow a lone ESC and make a sequence with it before text: a CSI (``[``, its parameters
#: and intermediates, a final ``@``-``~``, such as ``[a`` of ``[always]``). A string (OSC, DCS, SOS,
#: PM, APC) needs its terminator, and a short escape (``( B``, ``7``) a control after it: the
#: sentences below hold neither, so every other position is probed.
_SEQUENCE_START = re.compile(r"\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]")


@pytest.mark.parametrize(
    "sentence",
    [
        "User prefers tabs [always] over spaces.",
        "Der Nutzer bevorzugt Tabs (immer) statt Leerzeichen.",
        "L'utilisateur préfère « les tabulations » aux espaces.",
        "El usuario prefiere tabulaciones ¿siempre? en lugar de espacios.",
        "用户喜欢用制表符【总是】而不是空格。",
        "ユーザーは「いつも」スペースよりタブを好む。",
        "User is 35 years old; user's budget is -5000 euros (about 4.500 $), 'maybe' 1/2 more.",
        "Der Nutzer ist 35 Jahre alt, sein Budget: -5.000 € (ca. 4,5 Tsd.) #1 & 100% sicher.",
        "ユーザーは30歳です。予算は-5000円（約45ドル）。",
        "Der Nutzer (Berlin) ist 78, Raum #5, Option (A) oder (B), 50%Growth, =5 >3, 8000 €.",
        "The A-Team fan (USA) owns 7 cats, 0x1F (0 items) and ESC(B; see .A /A *B +U.",
        "L'utilisateur (Paris) a 78 ans, salle #8, « (A) » ou « (U) », 7/8 = 0,875.",
        "El usuario (España) tiene 87 años, sala #3, opción (B) -A +B.",
        "Saving state done. Setting up foo (1.0) ... Title lqqk x",  # RV6 F3: tput, apt, boxes
        "Der Nutzer hat 8 Katzen, Windows 7 und Python 3.8; er steht um 7am auf, Stock 8th.",
        "用户有8只猫和7条狗。ユーザーは7時に起きて8時に出る。",
    ],
)
def test_no_printable_character_is_eaten_by_a_lone_escape(sentence: str) -> None:
    """A lone ESC (a terminal's sequence cut off, a stray key) before any character of a
    sentence that does not start a sequence: the sentence comes back whole."""
    for at in range(len(sentence) + 1):
        rest = sentence[at:]
        if _SEQUENCE_START.match(rest):
            continue  # starts a sequence's shape (CSI, string, designation, Fp): covered above
        assert clean_chars(sentence[:at] + "\x1b" + rest) == sentence, at
    assert clean_chars(sentence) == sentence


def test_an_osc_of_any_length_goes_whole() -> None:
    """RV6 F2: an OSC body over 4096 characters (an iTerm2 image, an OSC 52 copy of kilobytes)
    was left in the text and the fact refused as oversized."""
    image = "\x1b]1337;File=inline=1:" + "QUFB" * 2000 + "\x07 after"
    copy = "\x1b]52;c;" + "ZGIgcGFzc3dvcmQ6" * 400 + "\x1b\\ copied"
    assert clean_chars(image) == " after" and clean_chars(copy) == " copied"
    # never ended, or ended on another line: the body is not taken
    assert clean_chars("\x1b]52;c;" + "A" * 9000) == "]52;c;" + "A" * 9000
    assert clean_chars("\x1b]0;" + "a" * 5000 + "\nb\x07") == "]0;" + "a" * 5000 + "\nb"
