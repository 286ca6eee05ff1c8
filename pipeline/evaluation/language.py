"""The language a labelled session is written in, for per-language figures in ``memscribe eval``.

Script first (kana → ja, Hangul → ko, Han → zh, Cyrillic → ru, …); within the Latin script, the
language whose closed-class function words (articles, pronouns, auxiliaries, conjunctions) cover
most of the user's words. Only the user's own messages count: tool output, code and the agent's
replies do not say which language the user speaks. A report tool, not a pipeline stage.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_SCRIPTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ja", re.compile(r"[\u3040-\u30ff]")),
    ("ko", re.compile(r"[\uac00-\ud7af]")),
    ("zh", re.compile(r"[\u4e00-\u9fff]")),
    ("ru", re.compile(r"[\u0400-\u04ff]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
)
#: Function words per Latin-script language (closed classes: no topic words).
_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        "the a an and or but is are was were be been i you we they it my your our this that of to in on with for not do does don't can".split()
    ),
    "es": frozenset(
        "el la los las un una y o pero es son era fue soy estoy yo tú nosotros mi tu que de en con para por no lo se del al".split()
    ),
    "de": frozenset(
        "der die das ein eine und oder aber ist sind war bin ich du wir mein dein nicht mit für von zu auf den dem des es sie".split()
    ),
    "fr": frozenset(
        "le la les un une et ou mais est sont était suis je tu nous mon ma mes ne pas de du des en avec pour que qui ce".split()
    ),
    "pt": frozenset(
        "o a os as um uma e ou mas é são era sou estou eu você nós meu minha não de do da em com para que".split()
    ),
    "it": frozenset(
        "il lo la gli le un una e o ma è sono era io tu noi mio mia non di del della in con per che".split()
    ),
}
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def language_of(texts: Iterable[str]) -> str:
    """ISO 639-1 code of the language of ``texts`` (the user's messages); ``und`` if unknown."""
    text = "\n".join(texts)
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "und"
    for code, pattern in _SCRIPTS:
        if len(pattern.findall(text)) >= max(3, len(letters) // 10):
            return code
    words = Counter(w.casefold() for w in _WORD.findall(text))
    scores = {lang: sum(n for w, n in words.items() if w in vocab) for lang, vocab in _FUNCTION_WORDS.items()}
    best = max(scores, key=lambda k: scores[k])
    return best if scores[best] > 0 else "und"
