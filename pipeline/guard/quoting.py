"""Quotation for the injection guard: words inside quotation marks or a code block are quoted,
not said.

A user who reports an attack ("a page said «ignore your rules»; is that an injection?") or a
regex that looks for one mentions the attack; the writer's own words are outside the quotes.
A quotation counts only when it is closed (an opening mark with no closing one on its line
is a stray mark, not a quotation), and only when the writer says something around it: a text
that is one quotation or one code block as a whole is the attack itself, pasted as is.
"""

from __future__ import annotations

import re

from memscribe.guard.classifier import CJK

__all__ = [
    "MAX_QUOTE",
    "MIN_OWN_WORDS",
    "dequote",
    "in_fence",
    "in_line_quote",
    "mention",
    "own_words",
    "quoted",
]

#: Pairs of quotation marks a line can hold: English, German (both orders), French, Swiss,
#: Chinese and Japanese corner brackets.
_PAIRS = (("“", "”"), ("„", "“"), ("„", "”"), ("«", "»"), ("»", "«"), ("‹", "›"), ("「", "」"), ("『", "』"))
_OPEN_SINGLE = re.compile(r"(?<![\w'])'(?=\S)")
_CLOSE_SINGLE = re.compile(r"(?<=\S)'(?![\w'])")
#: The longest quotation, in characters: a phrase or a sentence quoted in one's own words.
#: A longer "quotation" is a mis-paired mark in a text that is mostly quotes (a pasted prompt).
MAX_QUOTE = 240
#: Quoted spans on one line: what :func:`own_words` leaves out of a line-quoted mention. (Every
#: branch opens with its mark, the single quote's look-behind after it, so the engine skips
#: to the next mark instead of trying every position.)
_QUOTATION = re.compile(
    (
        r"`[^`\n]{0,N}`|\"[^\"\n]{0,N}\"|“[^”\n]{0,N}”|„[^“”\n]{0,N}[“”]|«[^»\n]{0,N}»|»[^«\n]{0,N}«"
        r"|‹[^›\n]{0,N}›|「[^」\n]{0,N}」|『[^』\n]{0,N}』|'(?<![\w']')[^'\n]{0,N}'(?![\w'])"
    ).replace("N", str(MAX_QUOTE))
)
_FENCED = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
#: A word, or one Chinese or Japanese character (those scripts write no spaces).
_WORD = re.compile(f"[{CJK}]|[^\\W{CJK}]+")
#: Any character that can open a quotation (a cheap test before :data:`_QUOTATION`).
_QUOTE_CHAR = re.compile("[\"`“„«»‹「『']")
#: The writer's own words (outside any quotation) a text needs for a quotation in it to be a
#: mention rather than the whole message.
MIN_OWN_WORDS = 4


def in_fence(text: str, at: int) -> bool:
    """True when position ``at`` sits inside a fenced code block."""
    return text.count("```", 0, at) % 2 == 1


def in_line_quote(text: str, at: int) -> bool:
    """True when position ``at`` sits inside a quotation closed on its line."""
    start = max(text.rfind("\n", 0, at) + 1, at - MAX_QUOTE)
    end = text.find("\n", at)
    before = text[start:at]
    after = text[at : min(len(text) if end < 0 else end, at + MAX_QUOTE)]
    if (before.count('"') % 2 and '"' in after) or (before.count("`") % 2 and "`" in after):
        return True
    for open_, close in _PAIRS:
        if open_ in before:
            opened = before.count(open_) - (before.count(close) if open_ != close else 0)
            if opened > 0 and close in after:
                return True
    # the character at ``at`` is kept so an opening quote right before it is seen as one
    if len(_OPEN_SINGLE.findall(before + text[at : at + 1])) > len(_CLOSE_SINGLE.findall(before)):
        return _CLOSE_SINGLE.search(after) is not None
    return False


def quoted(text: str, at: int) -> bool:
    """True when position ``at`` sits inside a closed quotation on its line or inside a fenced
    code block."""
    return in_fence(text, at) or in_line_quote(text, at)


def own_words(text: str, *, fences: bool = False) -> int:
    """How many words of ``text`` stand outside its quotations on a line (``fences``: outside
    its fenced code blocks)."""
    return len(_WORD.findall((_FENCED if fences else _QUOTATION).sub(" ", text)))


def mention(text: str, at: int) -> bool:
    """True when the words at ``at`` are quoted inside a text that also says something of its
    own: a quotation on its line with words around it, or a code block with prose around it."""
    if in_line_quote(text, at) and own_words(text) >= MIN_OWN_WORDS:
        return True
    return in_fence(text, at) and own_words(text, fences=True) >= MIN_OWN_WORDS


def dequote(text: str) -> str:
    """``text`` with the words of its quotations on a line left out (the marks kept) when it
    says enough of its own around them: what the classifier scores, so a question about an
    attack it quotes is judged by the question. A text that is mostly one quotation is kept
    whole (a pasted attack, or one that quotes the words it wants said)."""
    if not _QUOTE_CHAR.search(text):
        return text
    out = _QUOTATION.sub(lambda m: m.group(0)[0] + m.group(0)[-1], text)
    return out if out != text and len(_WORD.findall(out)) >= MIN_OWN_WORDS else text
