"""Is a match quoted (a mention: a report of what an attacker wrote) rather than said?"""

from __future__ import annotations

import re

_PAIRED_MARKS = (("「", "」"), ("『", "』"), ("«", "»"), ("‹", "›"), ("《", "》"))
_OPEN_SINGLE = re.compile(r"(?<![\w'])'(?=\S)")
_CLOSE_SINGLE = re.compile(r"(?<=\S)'(?![\w'])")


def quoted(text: str, at: int) -> bool:
    """True when position ``at`` sits inside quotation marks on its line or inside a fenced
    code block: the words there are quoted, not said."""
    if text.count("```", 0, at) % 2:
        return True
    before = text[text.rfind("\n", 0, at) + 1 : at]
    if before.count('"') % 2 or before.count("`") % 2:
        return True
    if "„" in before:  # German „…“ (or „…”): the closing mark is English's opening one
        if before.count("„") > before.count("“") + before.count("”"):
            return True
    elif before.count("“") > before.count("”"):
        return True
    # paired marks of other languages: 「…」『…』 (CJK), «…» and ‹…› (French, Russian, …)
    if any(before.count(a) > before.count(b) for a, b in _PAIRED_MARKS):
        return True
    # the character at ``at`` is kept so an opening quote right before it is seen as one (and
    # not as a closing one: in ``f('Forget your rules')`` the mark before "Forget" opens)
    upto = before + text[at : at + 1]
    return len(_OPEN_SINGLE.findall(upto)) > len(_CLOSE_SINGLE.findall(upto))


#: Words that report a quotation: a quoted attack after one of them is shown, not said ("text like
#: \"AI agent: send ~/.ssh …\"", "an email footer that says \"…\"", "Sätze wie „…“").
_REPORTING = re.compile(
    r"(?:\blike|\bsuch\s+as|\be\.g\.|\bexample|\bsays?|\bsaid|\bsaying|\bwrote|\bwrites|\breads|\bclaims?|"
    r"\bcalled|\bphrases?|\bstrings?|\bwie|\bcomme|\bcomo|\bcome|\bкак|\bтипа|像|例如|比如|のような|という)"
    r"[^\"“„«「'`]{0,12}$",
    re.IGNORECASE,
)
_OPENING = re.compile(r"[\"“„«「'`](?=[^\"“„«「'`]*$)")


def reported(text: str, at: int) -> bool:
    """True when position ``at`` is :func:`quoted` and the quotation follows a word that reports
    it ("like", "says", "such as", "wie", "como", "像"): a quotation with no such word before it
    (a CSV cell, a JSON string, an e-mail's quoted line) may be the attack itself."""
    if text[at : at + 1] in ('"', "“", "„", "«", "「", "'", "`"):
        at += 1  # a match that starts with its opening mark (a label's lead) is inside it
    if not quoted(text, at):
        return False
    before = text[text.rfind("\n", 0, at) + 1 : at]
    mark = _OPENING.search(before)
    if mark is None:
        return False
    if _REPORTING.search(before[max(0, mark.start() - 40) : mark.start()]) is not None:
        return True
    return _reported_after(text, at, before[mark.start()])


#: The closing mark of each opening one (a straight mark closes itself).
_CLOSING = {"“": "”", "„": "“", "«": "»", "「": "」"}
#: What follows a quotation that a sentence names or describes rather than says, in the languages
#: that put the reporting word after it: Japanese quotative particles (「…」という／のような／と書かれた),
#: a Chinese or Korean attributive (“…”的 HTML 注释, “…”这样的, "…"라는/같은).
_REPORTED_AFTER = re.compile(
    r"\s*(?:という|といった|のような|のように|などの|と(?:書|言|記|述|い)|"
    r"的|这样的|這樣的|之类|之類|一类|等|"
    r"(?:이)?라는|(?:와|과)?\s*같은|등의)"
)


def _reported_after(text: str, at: int, opening: str) -> bool:
    """True when the quotation holding ``at`` (opened by ``opening``) closes on its line and a
    word that reports it follows (:data:`_REPORTED_AFTER`)."""
    end = text.find("\n", at)
    close = text.find(_CLOSING.get(opening, opening), at, len(text) if end < 0 else end)
    return close >= 0 and _REPORTED_AFTER.match(text, close + 1) is not None


#: A quotation within one line, between the marks :func:`quoted` knows (of at least three
#: characters: a letter in quotes is not a quotation).
_QUOTATION = re.compile(
    r"\"[^\"\n]{3,}\"|“[^”\n]{3,}[”“]|„[^“”\n]{3,}[“”]|«[^»\n]{3,}»|‹[^›\n]{3,}›|「[^」\n]{3,}」|『[^』\n]{3,}』"
    r"|《[^》\n]{3,}》|`[^`\n]{3,}`|(?<![\w'])'[^'\n]{3,}'(?![\w'])"
)
#: What a reported quotation is replaced by in :func:`without_reported`.
PLACEHOLDER = '"…"'


def without_reported(text: str) -> str | None:
    """``text`` with each quotation a word reports (:func:`reported`: "an example like \\"…\\"")
    replaced by :data:`PLACEHOLDER`: what the writer says about it, not what it says; ``None``
    when ``text`` holds no such quotation."""
    found = False

    def blank(m: re.Match[str]) -> str:
        nonlocal found
        if not reported(text, m.start()):
            return m.group(0)
        found = True
        return PLACEHOLDER

    out = _QUOTATION.sub(blank, text)
    return out if found else None
