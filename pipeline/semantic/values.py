"""Value classes: the names that fill one single-valued slot of a person ("which phone", "which
operating system", "which editor", "which diet").

"I'm on an iPhone now" and "uses an Android phone (Pixel 8)" share no word and hardly any meaning
a small static encoder sees, yet both fill the slot *phone* with a different value; "我现在用Mac了"
and "uses a Windows laptop" fill *operating system*. The names are the same in every language
(product names, or the few words a diet is named by in the languages of the sets), so a statement
reporting a change that names one member of a class updates a stored memory naming another.

Closed lists of members, matched as whole words also inside Chinese or Japanese text (where
``\\b`` does not part "用" from "Mac"). Pure functions; no model. Used by the embedded dedup
decision (:mod:`memscribe.model.embedded.dedup`) and, to bring such a memory onto the shortlist,
by the dedup stage (:mod:`memscribe.stages.dedup`).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: Class → its members: each a name (the look-up query) and, where it has other spellings, the
#: pattern that finds them. A member is named by its first spelling.
CLASSES: dict[str, tuple[tuple[str, str], ...]] = {
    "phone": (
        ("iPhone", r"iphone"),
        ("Android", r"android"),
        ("Pixel", r"pixel\s*\d+\w*"),
        ("Galaxy", r"galaxy\s*[sazn]?\d+\w*"),
    ),
    "operating system": (
        ("Windows", r"windows(?:\s*1[01])?"),
        ("Linux", r"linux"),
        ("Ubuntu", r"ubuntu"),
        ("Fedora", r"fedora"),
        ("Debian", r"debian"),
        ("macOS", r"mac\s*os|macos|os\s*x|mac(?:book)?(?:\s*(?:pro|air))?"),
        ("ChromeOS", r"chrome\s*os|chromebook"),
    ),
    "browser": (
        ("Chrome", r"chrome(?!\s*os|book)"),
        ("Firefox", r"firefox"),
        ("Safari", r"safari"),
        ("Brave", r"brave\s+browser"),
        ("Vivaldi", r"vivaldi"),
    ),
    "editor": (
        ("Vim", r"vim"),
        ("Neovim", r"neovim|nvim"),
        ("Emacs", r"emacs"),
        ("VS Code", r"vs\s*code|visual\s+studio\s+code"),
        ("Zed", r"zed"),
        ("Helix", r"helix"),
        ("IntelliJ", r"intellij"),
        ("PyCharm", r"pycharm"),
        ("Sublime", r"sublime(?:\s+text)?"),
    ),
    "diet": (
        ("vegan", r"vegan[oa]?|végétalien(?:ne)?|ヴィーガン|ビーガン|纯素"),
        ("vegetarian", r"vegetarian[oa]?|vegetarier(?:in)?|végétarien(?:ne)?|veggie|ベジタリアン|素食|吃素"),
        ("pescatarian", r"pescatarian[oa]?|pesc(?:e|a)tari(?:er|en)(?:in|ne)?"),
        ("keto", r"keto"),
        ("meat", r"meat|steaks?|fleisch|viande|carne|肉"),
    ),
    "marital status": (
        ("married", r"married|verheiratet|mariée?|casad[oa]|已婚|结婚了|結婚して"),
        ("divorced", r"divorced|geschieden|divorcée?|divorciad[oa]|离婚|離婚"),
        ("engaged", r"engaged|verlobt|fiancée?|prometid[oa]|订婚|婚約"),
        ("widowed", r"widow(?:ed|er)?|verwitwet|veuve|veuf|viud[oa]|丧偶"),
        ("single", r"single|ledig|célibataire|solter[oa]|单身|独身"),
    ),
}

#: Letters and digits of a Latin name: a member is matched only where none touches it.
_EDGE_BEFORE = r"(?<![A-Za-z0-9À-ÿ])"
_EDGE_AFTER = r"(?![A-Za-z0-9À-ÿ])"

_PATTERNS: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    cls: tuple(
        (name, lazy_compile(f"{_EDGE_BEFORE}(?:{spelling}){_EDGE_AFTER}", re.IGNORECASE))
        for name, spelling in members
    )
    for cls, members in CLASSES.items()
}


#: Any member of any class: one search tells a text that names none (most texts) from one that
#: names some, which each member's pattern then finds (a match of this is a match of one of them).
_ANY_MEMBER = lazy_compile(
    f"{_EDGE_BEFORE}(?:{'|'.join(spelling for members in CLASSES.values() for _, spelling in members)}){_EDGE_AFTER}",
    re.IGNORECASE,
)


def members(text: str) -> dict[str, frozenset[str]]:
    """Class → the members ``text`` names (classes it names none of are left out)."""
    found: dict[str, frozenset[str]] = {}
    if not _ANY_MEMBER.search(text):
        return found
    for cls, patterns in _PATTERNS.items():
        named = frozenset(name for name, pattern in patterns if pattern.search(text))
        if named:
            found[cls] = named
    return found


def other_value(new: str, old: str) -> str | None:
    """The class in which ``new`` names a member ``old`` does not and ``old`` one ``new`` does
    not ("on an iPhone now" / "uses an Android phone"): one slot, another value. None when no
    class is shared that way (the same value restated, or other slots)."""
    mine, theirs = members(new), members(old)
    for cls in mine.keys() & theirs.keys():
        if mine[cls] - theirs[cls] and theirs[cls] - mine[cls]:
            return cls
    return None


def names_of_class(cls: str) -> tuple[str, ...]:
    """The members of ``cls`` by name (the queries that bring stored memories naming them)."""
    return tuple(name for name, _ in CLASSES.get(cls, ()))


__all__ = ["CLASSES", "members", "names_of_class", "other_value"]
