"""Two values each held for its own purpose or setting are siblings, not an update (issue 11).

"User uses Vim for quick edits" and "I use VS Code for bigger Python projects" fill one value
class (the editor) and one slug topic, yet both hold: each is limited to a purpose, and the
purposes differ. So do "uses a MacBook at work" / "a ThinkPad at home" and "on weekends" /
"during the week". A statement's limits are read by structure, in each language of the sets:

* a **purpose**: a preposition of purpose before a phrase of no name, no number and no time
  ("for quick edits", "für größere Projekte", "pour les gros projets", "para proyectos grandes",
  "用于写脚本", "大きなプロジェクト用に"); "for everything", "für alles", "pour tout", "para todo" limit
  nothing, "for five years", "for Google" are a time and a name;
* a **setting**: at work, at home, on weekends, during the week, and their like in each language
  ("bei der Arbeit", "zu Hause", "am Wochenende"; "au bureau", "chez moi", "le week-end";
  "en el trabajo", "en casa", "entre semana"; "在公司", "在家", "周末"; "会社では", "家では", "週末は"),
  one key per setting so that "at work" and "at the office" are one.

Two statements in one language are **scoped apart** (:func:`scoped_apart`) when each names such
a limit and no limit of one shares a word (or a setting) with a limit of the other. A change
reported, in the candidate or in its clause of the user's words ("I use VS Code for everything
*now*", "I *switched* to VS Code for big projects"), is an update still: the caller asks first.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: Settings, each with one key: the place of work, home, the weekend, the working week.
_SETTINGS: tuple[tuple[str, str], ...] = (
    (
        "work",
        r"\bat\s+(?:work|the\s+office|my\s+job)\b|\bbei\s+der\s+arbeit\b|\bauf\s+der\s+arbeit\b|\bim\s+büro\b"
        r"|\bau\s+(?:travail|boulot|bureau)\b|\ben\s+(?:el\s+trabajo|la\s+oficina|el\s+curro)\b"
        r"|在公司|在单位|上班时|会社(?:では|で)|職場(?:では|で)|仕事(?:では|で)",
    ),
    (
        "home",
        r"\bat\s+home\b|\bzu\s*hause\b|\bdaheim\b|\bà\s+la\s+maison\b|\bchez\s+moi\b|\ben\s+casa\b"
        r"|在家|家では|家で|自宅(?:では|で)",
    ),
    (
        "weekend",
        r"\b(?:on|at|over)\s+(?:the\s+)?weekends?\b|\bam\s+wochenende\b|\ban\s+wochenenden\b"
        r"|\b(?:le|les)\s+week-?ends?\b|\b(?:los|el)\s+fines?\s+de\s+semana\b|周末|週末",
    ),
    (
        "weekday",
        r"\bduring\s+the\s+week\b|\bon\s+weekdays\b|\bunter\s+der\s+woche\b|\bwerktags\b"
        r"|\ben\s+semaine\b|\bentre\s+semana\b|工作日|平日",
    ),
)
_SETTING = tuple((key, lazy_compile(pattern, re.IGNORECASE)) for key, pattern in _SETTINGS)

#: A preposition of purpose and the phrase after it (a determiner skipped), in the European
#: languages of the sets: up to four words, to a clause's end.
_PURPOSE = lazy_compile(
    r"\b(?:for|für|pour|para)\s+"
    r"(?:(?:the|my|a|an|some|die|den|das|meine[nm]?|les?|la|l['’]|des|mes|mon|ma|los|las|el|mis)\s+)?"
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
#: A purpose phrase's first word that limits nothing ("for everything") or tells a time ("for
#: years", "for a while", "for now").
_NO_LIMIT = frozenset(
    "everything anything all most any now years months weeks days hours while ages long decades"
    " last past next alles immer jahre monate tout toujours ans années todo siempre años meses".split()
)


#: A span of time in a phrase after "for" ("for five years", "pour deux ans", "seit Jahren").
_SPAN = lazy_compile(
    r"\b(?:years?|months?|weeks?|days?|hours?|minutes?|decades?|while|ages|jahren?|monaten?|wochen?"
    r"|tagen?|stunden?|ans?|années?|mois|semaines?|jours?|heures?|años?|meses|mes|semanas?|días?|horas?)\b",
    re.IGNORECASE,
)


def _purposes(text: str) -> list[frozenset[str]]:
    """The content words (or, in Chinese and Japanese, the characters) of each purpose ``text``
    names: a phrase of no name (a capital first: "for Google") and no time."""
    from memscribe.textsim import content_tokens

    found: list[frozenset[str]] = []
    for m in _PURPOSE.finditer(text):
        words: list[str] = []
        # a purpose fronted before its clause ("Für größere Projekte nutze ich …", "Para proyectos
        # grandes uso …") is a noun and its modifier; the clause's verb follows it
        said = m.group("phrase").split()[: 2 if not text[: m.start()].strip(" \"'“„«") else 4]
        for word in said:
            if word.lower() in _PHRASE_END:
                break
            words.append(word)
        if not words or words[0].lower() in _NO_LIMIT or _SPAN.search(" ".join(words)):
            continue
        if words[0][0].isupper() and not _GERMAN_NOUN_AFTER.search(m.group()):
            continue  # a name ("for Google", "pour Airbus"), not a purpose
        tokens = frozenset(content_tokens(" ".join(words)))
        if tokens:
            found.append(tokens)
    for m in _PURPOSE_CJK.finditer(text):
        found.append(frozenset(m.group("after") or m.group("before")))
    return found


#: German writes every noun with a capital: after "für" a capitalised word is no sure name, and a
#: noun phrase of purpose ("für größere Projekte", "für Skripte") is read as one.
_GERMAN_NOUN_AFTER = lazy_compile(r"^für\s", re.IGNORECASE)


def scopes(text: str, *, purposes: bool = True) -> list[frozenset[str]]:
    """The limits a statement names (see the module docstring): each setting as its key, each
    purpose as its words (unless ``purposes`` is false). Empty for a statement said of no
    purpose or setting."""
    from memscribe.semantic.updates import own_words

    own = own_words(text)
    found = [frozenset({f"@{key}"}) for key, pattern in _SETTING if pattern.search(own)]
    return found + (_purposes(own) if purposes else [])


def scoped_apart(new: str, old: str) -> bool:
    """Each statement names a purpose or a setting, and none of ``new``'s shares a word (or a
    setting) with one of ``old``'s: "for bigger Python projects" / "for quick edits", "at home" /
    "at work". Both values hold, each within its own limit. A setting is one key in every
    language; the words of a purpose compare only in one language (or where one statement's
    language is not told: a short Spanish statement may read as none)."""
    from memscribe.semantic.updates import spoken_language

    one_language = "other" in {spoken_language(new), spoken_language(old)} or (
        spoken_language(new) == spoken_language(old)
    )
    mine, theirs = scopes(new, purposes=one_language), scopes(old, purposes=one_language)
    return bool(mine and theirs) and not any(a & b for a in mine for b in theirs)


__all__ = ["scoped_apart", "scopes"]
