"""Two values each held for its own purpose or setting are siblings, not an update (issue 11).

"User uses Vim for quick edits" and "I use VS Code for bigger Python projects" fill one value
class (the editor) and one slug topic, yet both hold: each is limited to a purpose, and the
purposes differ. So do "uses a MacBook at work" / "a ThinkPad at home" and "on weekends" /
"during the week". The reading is conservative: a limit is named only where the structure is
sure, and where it is not the two statements are no siblings (the class update, as before).

* a **purpose**: a preposition of purpose before a noun phrase with a modifier, its first word
  in lower case ("for quick edits", "für größere Projekte", "pour les gros projets", "para
  proyectos grandes"; "用于快速修改", "大きなプロジェクト用に"). A single word ("for coding", "für
  Siemens", "for python") is no sure purpose (a name, a value), nor is a phrase with a word of
  the whole or of time anywhere in it ("for pretty much everything", "for every project", "for
  both", "for the moment", "für fast alles", "pour l'instant", "para casi todo", "用于所有项目",
  "全部の作業用に"). A purpose that names a setting ("for work", "für die Arbeit", "pour le
  boulot", "para el curro", "仕事用に") is that setting.
* a **setting**: at work, at home, on weekends, during the week, and their like in each language
  ("bei der Arbeit", "zu Hause", "am Wochenende"; "au bureau", "chez moi", "le week-end";
  "en el trabajo", "en casa", "entre semana"; "在公司", "在家", "周末"; "会社では", "家では", "週末は"),
  one key per setting, read on word bounds ("at Home Depot", "家乐福", "作家で" are none).

Two statements are **scoped apart** (:func:`scoped_apart`) when each names a limit and no limit of
one meets one of the other: settings by key, in any two languages; purposes (compared within one
language) meet when they share a content word or read alike to the offline semantic encoder
("for quick coding" / "for fast programming"). A change reported, in the candidate or in its
clause of the user's words ("I use VS Code for everything *now*", "I *switched* to VS Code for
big projects"), is an update still: the caller asks first.
"""

from __future__ import annotations

import re

from memscribe import semantic
from memscribe.lazyre import lazy_compile
from memscribe.semantic.updates import own_words, spoken_language
from memscribe.textsim import content_tokens

#: No CJK character (or kana) before or after a setting's noun: "作家で", "家乐福" are none.
_CJK = r"\u3040-\u30ff\u3400-\u9fff"
#: Settings, each with one key: the place of work, home, the weekend, the working week. The
#: European nouns are matched in lower case after a preposition of any case ("At home", not "at
#: Home Depot"); German nouns take their capital.
_SETTINGS: tuple[tuple[str, str], ...] = (
    (
        "work",
        r"\b(?i:at)\s+(?:work|the\s+office|my\s+job)\b(?!\s+[A-Z])|\b(?i:bei|auf)\s+der\s+Arbeit\b|\b(?i:im)\s+Büro\b"
        r"|\b(?i:au)\s+(?:travail|boulot|bureau)\b|\b(?i:en)\s+(?:el\s+trabajo|la\s+oficina|el\s+curro)\b"
        rf"|在(?:公司|单位)(?:里)?(?![{_CJK}])|在(?:公司|单位)(?=里|用|工作|上班|办公)|上班时"
        rf"|(?<![{_CJK}])(?:会社|職場|仕事)(?:では|で)",
    ),
    (
        "home",
        r"\b(?i:at)\s+home\b(?!\s+[A-Z])|\b(?i:zu)\s*Hause\b|\b(?i:daheim)\b|\b(?i:à)\s+la\s+maison\b"
        rf"|\b(?i:chez)\s+moi\b|\b(?i:en)\s+casa\b|在家(?![{_CJK}])|在家(?=里|中|用|工作|办公)"
        rf"|(?<![{_CJK}])(?:家|自宅)(?:では|で)",
    ),
    (
        "weekend",
        r"\b(?i:on|at|over)\s+(?:the\s+)?weekends?\b|\b(?i:am)\s+Wochenende\b|\b(?i:an)\s+Wochenenden\b"
        r"|\b(?i:le|les)\s+week-?ends?\b|\b(?i:los|el)\s+fines?\s+de\s+semana\b"
        rf"|(?<![{_CJK}])(?:周末|週末)",
    ),
    (
        "weekday",
        r"\b(?i:during)\s+the\s+week\b|\b(?i:on)\s+weekdays\b|\b(?i:unter)\s+der\s+Woche\b|\b(?i:werktags)\b"
        rf"|\b(?i:en)\s+semaine\b|\b(?i:entre)\s+semana\b|(?<![{_CJK}])(?:工作日|平日)",
    ),
)
_SETTING = tuple((key, lazy_compile(pattern)) for key, pattern in _SETTINGS)

#: A purpose's nouns that name a setting ("for work", "für die Arbeit", "仕事用に", "用于工作").
_SETTING_NOUNS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "work",
        frozenset(
            "work job office business arbeit büro beruf travail boulot bureau trabajo curro oficina"
            " 仕事 会社 職場 業務 工作 公司 上班 办公".split()
        ),
    ),
    ("home", frozenset("home hause zuhause maison casa 家 自宅 家里 家用 私用".split())),
)

#: A preposition of purpose, a determiner or possessive (kept: German needs one before a noun),
#: and up to four words to a clause's end.
_PURPOSE = lazy_compile(
    r"\b(?:for|für|pour|para)\s+"
    r"(?P<det>(?:(?:the|my|a|an|some|die|den|das|dem|meine[nmrs]?|unsere[nmrs]?|les?|la|l['’]|des|mes|mon|ma"
    r"|nos|notre|los|las|el|mis|un|una|unos|unas)(?:\s+|(?<=['’])))*)"
    r"(?P<phrase>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,3})",
    re.IGNORECASE,
)
#: The same in Chinese ("用于写脚本", "用来做大项目") and Japanese ("大きなプロジェクト用に"): the
#: characters of the purpose.
_PURPOSE_CJK = lazy_compile(
    r"(?:用于|用来)(?P<after>[\u3040-\u30ff\u3400-\u9fff]{1,6})"
    r"|(?P<before>[\u30a0-\u30ff\u3400-\u9fffー]{1,8})(?:用に|用で|のために)"
)
#: Words that end a purpose phrase: a clause's next part, a setting, a change cue.
_PHRASE_END = frozenset(
    "and but or now at on in because since when with instead anymore too also und aber jetzt"
    " statt bei am im et mais maintenant au en y pero ahora".split()
)
#: A word of the whole, of most, of both, or of time anywhere in a purpose phrase: it limits
#: nothing ("for pretty much everything", "for every project", "for the moment", "für fast
#: alles", "pour l'instant", "para casi todo").
_NO_LIMIT = frozenset(
    "everything anything all every each any both most almost whatever everyday now moment time times"
    " future while ages long forever present being today years months weeks days hours decades rest"
    " alle alles allem allen jede jeden jedes jeder beide beides meiste meisten fast immer moment zeit"
    " zukunft jetzt erste weiteres jahre monate wochen tage"
    " tout tous toute toutes chaque deux presque toujours instant temps avenir maintenant ans années"
    " todo todos toda todas cada ambos ambas casi siempre momento tiempo futuro instante ahora años meses".split()
)
_NO_LIMIT_CJK = lazy_compile(
    r"所有|全部|一切|任何|每|各种|目前|现在|暂时|将来|全て|すべて|何でも|なんでも|全|毎|今|当分|当面|しばらく"
)
#: A span of time in a phrase after "for" ("for five years", "pour deux ans", "seit Jahren").
_SPAN = lazy_compile(
    r"\b(?:years?|months?|weeks?|days?|hours?|minutes?|decades?|while|ages|jahren?|monaten?|wochen?"
    r"|tagen?|stunden?|ans?|années?|mois|semaines?|jours?|heures?|años?|meses|mes|semanas?|días?|horas?)\b",
    re.IGNORECASE,
)
#: Calibrated similarity (:func:`memscribe.semantic.similarity`) at or above which two purposes
#: read as one ("for quick coding" / "for fast programming"); below it, and sharing no content
#: word, they are apart.
_ALIKE = 0.5


def _setting_of(words: list[str]) -> str | None:
    lowered = {w.lower().strip("'’") for w in words}
    for key, nouns in _SETTING_NOUNS:
        if lowered & nouns:
            return key
    return None


def _purposes(text: str) -> list[tuple[frozenset[str], str]]:
    """The content words (or, in Chinese and Japanese, the characters) of each purpose ``text``
    names, or the key of the setting a purpose names (``@work``); each with its phrase."""
    found: list[tuple[frozenset[str], str]] = []
    for m in _PURPOSE.finditer(text):
        every = m.group("phrase").split()
        if any(w.lower().strip("'’-") in _NO_LIMIT for w in m.group("det").split() + every):
            continue
        # a purpose fronted before its clause ("Für größere Projekte nutze ich …", "Para proyectos
        # grandes uso …") is a noun and its modifier; the clause's verb follows it
        said = every[: 2 if not text[: m.start()].strip(" \"'“„«") else 4]
        words: list[str] = []
        for word in said:
            if word.lower() in _PHRASE_END:
                break
            words.append(word)
        setting = _setting_of(words)
        if setting is not None:
            found.append((frozenset({f"@{setting}"}), ""))
            continue
        # a noun phrase with a modifier, its first word in lower case; a single word, a name
        # ("for Google", "für Siemens", "für die Deutsche Bank") or a time is no sure purpose
        if len(words) < 2 or not words[0][0].islower() or _SPAN.search(" ".join(words)):
            continue
        tokens = frozenset(content_tokens(" ".join(words)))
        if tokens:
            found.append((tokens, " ".join(words)))
    for m in _PURPOSE_CJK.finditer(text):
        said = m.group("after") or m.group("before")
        # a word of the whole or of time in it or just before it ("全部の作業用に")
        if _NO_LIMIT_CJK.search(text[max(0, m.start() - 4) : m.end()]):
            continue
        setting = next((key for key, nouns in _SETTING_NOUNS if any(n in said for n in nouns)), None)
        found.append((frozenset({f"@{setting}"}), "") if setting else (frozenset(said), said))
    return found


def _limits(text: str, purposes: bool) -> list[tuple[frozenset[str], str]]:
    own = own_words(text)
    found = [(frozenset({f"@{key}"}), "") for key, pattern in _SETTING if pattern.search(own)]
    for limit, phrase in _purposes(own):
        if (purposes or not phrase) and limit not in {f for f, _ in found}:
            found.append((limit, phrase))
    return found


def scopes(text: str, *, purposes: bool = True) -> list[frozenset[str]]:
    """The limits a statement names (see the module docstring): each setting as its key, each
    purpose as its words (unless ``purposes`` is false; a purpose naming a setting is that key).
    Empty for a statement said of no purpose or setting."""
    return [limit for limit, _ in _limits(text, purposes)]


def _meet(a: tuple[frozenset[str], str], b: tuple[frozenset[str], str]) -> bool:
    """Two limits are one: a shared key or word, or two purposes that read alike (or no encoder
    to tell)."""
    if a[0] & b[0]:
        return True
    if not (a[1] and b[1]):
        return False  # a setting and another setting, or a purpose
    alike = semantic.similarity(a[1], b[1])
    return alike is None or alike >= _ALIKE


def scoped_apart(new: str, old: str) -> bool:
    """Each statement names a purpose or a setting, and none of ``new``'s meets one of ``old``'s:
    "for bigger Python projects" / "for quick edits", "at home" / "at work". Both values hold,
    each within its own limit. A setting is one key in every language; purposes compare only in
    one language (or where one statement's language is not told: a short Spanish statement may
    read as none)."""
    one_language = "other" in {spoken_language(new), spoken_language(old)} or (
        spoken_language(new) == spoken_language(old)
    )
    mine, theirs = _limits(new, one_language), _limits(old, one_language)
    return bool(mine and theirs) and not any(_meet(a, b) for a in mine for b in theirs)


__all__ = ["scoped_apart", "scopes"]
