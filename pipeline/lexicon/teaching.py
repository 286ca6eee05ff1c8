"""Does a correcting turn teach a rule? A directive to the agent about its work, per language.

A playbook needs a correcting turn that *tells the agent how to do its work*: an imperative
("use pathlib", "lance seulement les tests unitaires", "全部 #define で名前つけて"), a prohibition
("don't hardcode paths", "no em dashes", "pas de f-strings", "kein Groovy", "不要用表格",
"書かないで"), a request about the output ("in grams please", "s'il te plaît", "por favor",
"请用中文回答", "〜てほしい") or a contrast ("grams, not cups"). Everything else a user says after
an agent's output is no rule, even when it opens with "no" or names an alternative:

- a statement about the speaker (a self-description, a plan, what they use: "I'm dealing with retry
  logic now instead of Terraform", "うちは S3 のネイティブロックを使ってます") — its clause opens
  on the first person; a bare negation after such a clause continues it ("j'ai juste une glacière,
  pas de micro-ondes");
- a hedge or a question ("Maybe, not sure honestly", "What would you pick?", "…必要かも");
- an acceptance of a suggestion ("ヘッドホンアンプ、試してみます").

A user also corrects without a correction's lead: a directive that sets a *norm* of the work
(:func:`sets_norm`: it holds from now on, "always", "immer", "以后"; it forbids, "don't …", "kein
X", "不要"; it sets the reply's language, "请用中文回答"; or a contrast) right after the agent's
work. After a lead ("no, …"), a directive that is not a step on an object of today's named by a
pronoun teaches (:func:`rule_of_work`: "no, keep commit messages to one line", not "nope, the mixer
takes 16kg max. split it in two batches").

The cues are word classes per language (lead words, first-person openings, uncertainty markers,
request and prohibition forms), judged clause by clause, never phrases of a session.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import WordList, one_of
from memscribe.lexicon.dialogue import give_up_signal
from memscribe.lexicon.langs import language_of, led_by, sentences

_I = re.IGNORECASE

#: What a clause may open with before its directive: a bare "no," / "non," / "いや、", fillers,
#: links, asides ("fyi", "btw", "übrigens", "au fait", "por cierto") and short reactions ("stop!!",
#: "ok so", "und", "y", "et", "还有").
_LEAD = lazy_compile(
    r"^\W*(?:(?:no|nope|nah|non|nein|nee|wrong|actually|hmm+|hm+|well|ok(?:ay)?|so|and|also|then|but|oh+"
    r"|ah+|uh+|um+|look|listen|sorry|ha(?:ha)?|lol|stop|y|pero|et|mais|und|aber|also|doch|alors|bon"
    r"|vale|pues|ojo|attention|fyi|btw|by\s+the\s+way|übrigens|au\s+fait|por\s+cierto)\s*[,.!:;—–-]+\s*"
    r"|(?:so|and|also|then|but|just|y|et|und|pero|mais|aber|fyi|btw|by\s+the\s+way|übrigens|au\s+fait"
    r"|por\s+cierto)\s+)+"
    r"|^(?:いや|いいえ|違う|ちがう|不对|不是|还有|另外|而且)[、，,。！!\s]*",
    _I,
)

#: Where a sentence's clauses part.
_CLAUSE = lazy_compile(r"\s*[,;:、，；：]\s*|\s+[—–]\s+|\s+-\s+")
#: The marks one of which every match of :data:`_CLAUSE` holds.
_CLAUSE_MARKS = ",;:、，；：—–-"


def _clauses(sentence: str) -> list[str]:
    """``_CLAUSE.split(sentence)``; a sentence without a mark parting clauses (most) is not scanned."""
    return _CLAUSE.split(sentence) if any(mark in sentence for mark in _CLAUSE_MARKS) else [sentence]


#: A clause that opens on the speaker: a statement about them, a plan, a want of their own.
_FIRST_PERSON = {
    "en": r"^(?:I|I'm|I've|I'll|I'd|me|my|we|we're|we've|we'll|we'd|our|us)\b",
    "es": r"^(?:yo|mi|mis|nosotr[oa]s|nuestr[oa]s?|soy|estoy|tengo|uso|vivo|trabajo|hago|prefiero|necesito"
    r"|quiero|voy)\b",
    "de": r"^(?:ich|wir|mein\w*|unser\w*|bin|hab|habe)\b",
    "fr": r"^(?:je|moi|mon|ma|mes|nous|notre|nos|on|j['’]|il\s+me\s+faut)",
    "ja": r"^(?:私|僕|俺|わたし|ぼく|自分|うち|弊社|我々)",
    "zh": r"^我(?!(?:希望|要|想让|需要)你)",
}
#: A want of the speaker's put to the agent in another language ("quiero que uses …", "ich
#: möchte, dass du …", "je préfère que tu …"): the clause is about the work, not the speaker.
_ADDRESSED_WANT_OTHER = lazy_compile(
    r"^(?:yo\s+)?(?:quiero|prefiero|necesito|querría|preferiría)\s+que\b"
    r"|^ich\s+(?:will|möchte|hätte\s+gern\w*|brauche|bevorzuge|würde)\b.*\b(?:dass\s+du|lieber)\b"
    r"|^je\s+(?:veux|voudrais|préfère|préférerais|souhaite)\s+que\b|^je\s+préfère\b"
    # a preference about the work, not a plan ("prefiero los importes en euros", not "prefiero ir")
    r"|^(?:yo\s+)?(?:prefiero|preferiría)\s+(?!\w+(?:ar|er|ir)\b)",
    _I,
)
#: ...unless it is a want put to the agent ("I want you to …", "we don't use X here").
_ADDRESSED_WANT = lazy_compile(
    r"^(?:I|we)(?:'d|\s+would)?\s+(?:really\s+)?(?:want|need|like|prefer|expect|ask)\s+you\s+to\b"
    r"|^we\s+(?:(?:always|only)\s+)?(?:don'?t\s+|never\s+)?use\b"
    # what the user said before ("I said no em dashes", "I asked for grams")
    r"|^I\s+(?:said|told\s+you|asked\s+(?:you\s+)?(?:for|to))\b"
    # a preference about the work ("I'd rather have …", "I don't want os.path juggling in …")
    r"|^I(?:'d|\s+would)?\s+(?:(?:really\s+)?(?:prefer|rather)|(?:do\s+not|don'?t)\s+want)\s+(?!to\b)",
    _I,
)

#: Uncertainty: a sentence carrying one states no rule ("Maybe, not sure honestly", "…かも").
_UNSURE = {
    "en": r"\b(?:maybe|might|perhaps|possibly|probably|not\s+sure|unsure|I\s+guess|I\s+suppose|I\s+think"
    r"|I\s+wonder|someday|eventually|not\s+yet)\b",
    "es": r"\b(?:quizás?|tal\s+vez|a\s+lo\s+mejor|puede\s+que|probablemente|no\s+s[ée]\s+si|supongo|creo\s+que)\b",
    "de": r"\b(?:vielleicht|wahrscheinlich|eventuell|vermutlich|möglicherweise|ich\s+glaube|glaube\s+ich"
    r"|mal\s+sehen|irgendwann|weiß\s+(?:ich\s+)?(?:noch\s+)?nicht)\b",
    "fr": r"\b(?:peut-être|probablement|je\s+pense|je\s+crois|sans\s+doute|je\s+ne\s+sais\s+pas|éventuellement"
    r"|un\s+jour)\b",
    "ja": r"かも|たぶん|多分|かな|と思う|と思います|気がする|わからない|分からない",
    "zh": r"可能|也许|或许|大概(?![一二三四五六七八九十两几半\d])|不确定|不知道|说不定|估计",
}
_QUESTION = {
    "en": r"\?\s*$|^(?:does|did|is|are|was|were|what|which|who|why|how)\b",
    "es": r"[¿?]",
    "de": r"\?",
    "fr": r"\?|\best-ce\s+que\b",
    "ja": r"[?？]|(?:ですか|ますか|でしょうか)[。]?$",
    "zh": r"[?？]|吗|呢",
}

#: English verbs an instruction about the agent's work opens with (imperative, no subject).
_EN_VERBS = (
    r"use|keep|put|give|make|write|add|remove|drop|show|run|stop|avoid|prefer|format|name|call|sort|list"
    r"|split|merge|pin|set|switch|change|replace|rename|move|delete|include|leave|skip|ask|check|test|wrap"
    r"|mark|spell|answer|reply|respond|translate|convert|round|shorten|say|tell|start|end|begin|finish"
    r"|follow|stick|apply|send|print|return|log|throw|raise|handle|catch|document|comment|indent|quote|cite"
    r"|explain|link|mention|label|group|order|limit|commit|push|amend|rebase|squash|undo|revert|go|try"
    r"|treat|address|refer|be|stay|cut|trim|space|align|capitali[sz]e|lowercase|uppercase|default|only"
    r"|measure|express|convert|state|type|declare|store|save|sign|close|open|pass|prefix|suffix|omit"
)
#: A directive form per language, searched in a clause that does not open on the speaker.
_DIRECTIVE = {
    "en": (
        rf"^(?:please\s+|pls\s+|just\s+)?(?:(?:always|never|only|also)\s+)?(?:don'?t|do\s+not|never|always"
        rf"|(?:{_EN_VERBS})\b)"
        # "no em dashes", "no `any` in my TypeScript", "no more jitter" (not "no move planned")
        r"|^no\s+(?!(?:idea|problem|worries|rush|need|way|thanks|doubt|clue|one|longer|wonder|big\s+deal"
        r"|kidding|joke)\b)(?:more\s+)?[`'\"]?[\w.+#-]+\b(?!\s+\w+ed\b)"
        r"|\bplease\b|\bI(?:'d|\s+would)?\s+(?:really\s+)?(?:want|need|like|prefer|expect)\s+you\s+to\b"
        r"|\b(?:should|must)\s+(?:always|never|be|use|go|stay|have)\b|^let'?s\s+(?:not\s+)?\w+"
        r"|\b(?:needs?|has|have)\s+to\s+(?:be|go|stay|use)\b"
        # a norm of the work ("amounts are always in euros")
        r"|\b(?:is|are)\s+(?:always|never)\b"
        r"|^(?:I|we)\s+(?:said|told\s+you|asked|(?:(?:always|only)\s+)?(?:don'?t\s+|never\s+)?use)\b"
        r"|^I(?:'d|\s+would)?\s+(?:(?:really\s+)?(?:prefer|rather)|(?:do\s+not|don'?t)\s+want)\s+(?!to\b)"
    ),
    "es": (
        r"^(?:por\s+favor\s*)?(?:(?:siempre|nunca|mejor|solo|sólo|también)\s+)?(?:usa|utiliza|emplea|pon|haz"
        r"|escribe|deja|cambia|quita|añade|agrega|mete|devuelve|manda|envía|dame|dime|responde|contesta|habla"
        r"|redacta|traduce|ordena|separa|incluye|evita|mantén|guarda|sigue|calcula|formatea|nombra|llama|prueba"
        r"|ejecuta|lanza|trátame|tutéame|háblame|escríbeme|mejor)\b"
        # a negative imperative: the second person subjunctive ("no uses", "nunca pongas", "no me trates")
        r"|\b(?:no|nunca|jamás)\s+(?:me\s+|te\s+|nos\s+|lo\s+|la\s+|los\s+|las\s+|le\s+|les\s+|se\s+)?\w+(?:es|as)\b"
        r"|\bpor\s+favor\b"
        r"|\b(?:tienes|tiene|tienen|debes|debe|deben|hay)\s+que\b|\bmejor\b"
    ),
    "de": (
        r"^(?:bitte\s+)?(?:(?:immer|nie|niemals|nur|auch)\s+)?(?:kein\w*|nicht\b|schreib\w*|mach\w*|nimm|nutz\w*"
        r"|verwend\w*|benutz\w*|lass|gib|zeig\w*|setz\w*|stell\w*|füg\w*|halt\w*|antworte\w*|formatier\w*"
        r"|nenn\w*|sortier\w*|trenn\w*|lösch\w*|ersetz\w*|vermeide\w*|bleib\w*)\b"
        r"|\bbitte\b"
        r"|\b(?:du|ihr|sie)\s+(?:sollst|sollt|sollen|musst|müsst|müssen|solltest|solltet|sollten)\b"
        r"|\b(?:soll|sollen|muss|müssen)\s+(?:immer|nie|niemals|grundsätzlich)\b|\blieber\b"
    ),
    "fr": (
        r"^(?:(?:toujours|jamais|plutôt|seulement)\s+)?(?:ne\s+\S+\s+(?:pas|jamais|plus)|n['’]\S+\s+(?:pas|jamais"
        r"|plus)|pas\s+de\b|arrête|évite|utilise|garde|mets|écris|fais|donne|lance|préfère|passe|laisse|remplace"
        r"|traduis|réponds|parle|tutoie|vouvoie|ajoute|enlève|supprime|retire|indique|range|trie|sépare|nomme"
        r"|appelle|formate|arrondis|convertis|reste|choisis)\b"
        r"|s['’]il\s+(?:te|vous)\s+pla[iî]t"
        r"|\bil\s+faut\b|\b(?:tu\s+dois|vous\s+devez)\b|\bplutôt\b|^je\s+préfère\b"
    ),
    # a request or prohibition at the clause's end ("…しないで", "…てほしい", "…にして", "…つけて")
    "ja": r"(?:ないで|て|で)(?:ください|下さい|ほしい|欲しい|くれ|ね)?[。！!]*$|てほしい|でほしい|にして[。！!]*$"
    r"|(?:ように|こと)[。！!]*$|お願い(?:します|いたします)?[。！!]*$|(?:方|ほう)がいい",
    "zh": r"别|不要|不用|请|改成|换成|改用|一律|必须|应该|只用|统一用|以后都|每次都|^用|就行|就好|比较好"
    r"|^(?:都|一定|务必)?要(?:用|写|改|加|放|把|按)"
    r"|用[^，。,]{1,8}(?:写|来写|回答|回复)",
}
#: A bare negation of a noun ("no X", "pas de X", "kein X", "sin X"): after a clause about the
#: speaker it continues that clause ("j'ai juste une glacière, pas de micro-ondes").
_BARE_NEGATION = lazy_compile(r"^(?:no|pas\s+de|kein\w*|sin|ni)\s", _I)
#: A frequency before no imperative ("always direct with the airline"): after a clause about the
#: speaker it continues that clause ("I book my own flights, always direct with the airline").
_BARE_FREQUENCY = lazy_compile(rf"^(?:always|never|usually|mostly|often)\s+(?!(?:{_EN_VERBS}|don'?t)\b)", _I)
#: A frequency before a gerund ("never switching", "always running late") tells what the speaker
#: does, wherever it stands: an imperative takes the bare verb ("never switch").
_FREQUENT_GERUND = lazy_compile(r"^(?:always|never)\s+\w{3,}ing\b", _I)
#: A request put as a question ("can you (please) …?"): what follows is the directive.
_REQUEST_QUESTION = lazy_compile(r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?=\S+.*\?\s*$)", _I)
#: "X, not Y" in a sentence that does not open on the speaker ("grams, not cups", "usa X, no el
#: Y", "X, nicht Y", "X, pas Y"): judged on the sentence, across the comma.
_CONTRAST = {
    "en": r"[\w.`'%)-],\s*not\s+(?:the\s+|a\s+|in\s+)?[`'\"]?[\w.%(|>-]+|^[\w.`'%-]+(?:\s+[\w.`'%-]+)?\s+instead\s+of\b",
    "es": r",\s*no\s+(?:el|la|los|las|un|una|con|en)\b",
    "de": r",\s*nicht\s+(?:mit|in|als|der|die|das|den|dem|so)\b",
    "fr": r",\s*pas\s+(?:de|en|avec|le|la|les|un|une|comme)\b",
}

#: A contrast that corrects a fact of today's task, not the work: its clause states what one
#: named thing is ("the meeting is on Tuesday, not Monday", "el cliente está en Madrid, no en
#: Sevilla"): a determiner, a noun or two, a singular copula and no norm word.
_FACT_CONTRAST = {
    "en": r"^(?:the|this|that|his|her|their)\s+\w+(?:\s+\w+)?\s+(?:is|was)\s+(?!(?:always|never|only)\b)",
    "es": r"^(?:el|la|este|esta|ese|esa|su)\s+\w+(?:\s+\w+)?\s+(?:es|está|era|estaba)\s+(?!(?:siempre|nunca)\b)",
    "de": r"^(?:der|die|das|dieser|diese|dieses|sein|seine|ihr|ihre)\s+\w+(?:\s+\w+)?\s+(?:ist|war)\s+"
    r"(?!(?:immer|nie)\b)",
    "fr": r"^(?:le|la|l['’]|ce|cet|cette|son|sa)\s*\w+(?:\s+\w+)?\s+(?:est|était)\s+(?!(?:toujours|jamais)\b)",
}


# Tables built in the module's body (not by a helper): their patterns count as made at import,
# kept in memscribe.lazyre's program cache (from a helper, parsed anew in every process: ~3 ms).
_FIRST = {lang: lazy_compile(p, _I) for lang, p in _FIRST_PERSON.items()}
#: (English: where each can start, see :func:`~memscribe.lexicon.langs.led_by`)
_UNSURE_OF = {
    lang: lazy_compile(p, _I)
    for lang, p in {**_UNSURE, "en": led_by(r"\b(?=[eimnpsu])", _UNSURE["en"])}.items()
}
_QUESTION_OF = {lang: lazy_compile(p, _I) for lang, p in _QUESTION.items()}
_DIRECTIVE_OF = {
    lang: lazy_compile(p, _I)
    for lang, p in {**_DIRECTIVE, "en": led_by(r"^|\b(?=[ahimnps])", _DIRECTIVE["en"])}.items()
}
_CONTRAST_OF = {
    lang: lazy_compile(p, _I)
    for lang, p in {**_CONTRAST, "en": led_by(r"^|(?=[\w.`'%)-],)", _CONTRAST["en"])}.items()
}
_FACT_CONTRAST_OF = {lang: lazy_compile(p, _I) for lang, p in _FACT_CONTRAST.items()}


def _lead_stripped(clause: str) -> str:
    return _LEAD.sub("", clause.strip()).strip(" \"'“”«»")


def _addressed_want(clause: str, lang: str) -> bool:
    """A want of the speaker's put to the agent ("I want you to …", "quiero que uses …")."""
    return bool((_ADDRESSED_WANT if lang == "en" else _ADDRESSED_WANT_OTHER).match(clause))


def _about_the_speaker(clause: str, lang: str) -> bool:
    return bool(_FIRST[lang].match(clause)) and not _addressed_want(clause, lang)


#: A Japanese clause ending on a continuative te-form links to the next one ("東京に住んでいて、",
#: "去年やめて、"): a request ends its sentence. A progressive or a negated copula in the te-form
#: ("…していて", "…じゃなくて") asks for nothing wherever it stands.
_JA_LINK = lazy_compile(r"[てで]$")
_JA_NEVER_ASKS = lazy_compile(r"(?:[てで]いて|(?:じゃ|では)なくて)[。！!]*$")


def _links_on(clause: str, lang: str, *, last: bool) -> bool:
    return lang == "ja" and (
        bool(_JA_NEVER_ASKS.search(clause)) or (not last and bool(_JA_LINK.search(clause)))
    )


def _directives_in(text: str, lang: str) -> Iterator[list[str]]:
    """Per sentence of ``text`` that tells the agent how to work, in order: the contrast sentence
    ("grams, not cups") alone, or the sentence's clauses that are not about the speaker when one
    of them is a directive. Hedged sentences and questions give none."""
    for sentence in sentences(text):
        said = _lead_stripped(sentence)
        if lang == "en":  # "could you give them in grams instead?": a request about the work
            said = _REQUEST_QUESTION.sub("", said).rstrip("?").strip()
        if not said or _UNSURE_OF[lang].search(said) or _QUESTION_OF[lang].search(said):
            continue
        contrast = _CONTRAST_OF.get(lang)
        if contrast is not None and contrast.search(said):
            if _FACT_CONTRAST_OF[lang].match(said):
                continue  # "the meeting is on Tuesday, not Monday": today's fact corrected
            if not _about_the_speaker(said, lang):
                yield [said]
                continue
        speaker = directs = False
        others: list[str] = []
        parts = _clauses(said)
        for number, raw in enumerate(parts):
            clause = _lead_stripped(raw)
            if not clause:
                continue
            if speaker and (_BARE_NEGATION.match(clause) or _BARE_FREQUENCY.match(clause)):
                continue  # "…, pas de micro-ondes" after "j'ai …": still the speaker's statement
            if _FREQUENT_GERUND.match(clause):
                continue  # "never switching": what the speaker does
            speaker = _about_the_speaker(clause, lang)
            if speaker or _links_on(clause, lang, last=number == len(parts) - 1):
                continue
            others.append(clause)
            directs = directs or bool(_DIRECTIVE_OF[lang].search(clause) or _addressed_want(clause, lang))
        if directs:
            yield others


def _teaches_in(text: str, lang: str) -> bool:
    return next(_directives_in(text, lang), None) is not None


def teaches_rule(text: str) -> bool:
    """Some clause of ``text`` tells the agent how to do its work (module docstring): not hedged,
    not a question, not a statement about the speaker. Languages without cues answer False.

    An English reply that opens on "no" may be counted as Spanish for it ("no, I said no emojis",
    "no, no emojis please"): when its words after the lead read as English, English is asked too."""
    lang = language_of(text)
    if lang not in _DIRECTIVE_OF:
        return False
    if _teaches_in(text, lang):
        return True
    latin = lang in _CONTRAST_OF and lang != "en"
    return latin and language_of(_LEAD.sub("", text.strip())) == "en" and _teaches_in(text, "en")


#: What makes a directive a norm of the work rather than today's next step: it holds from now on
#: ("always", "immer", "以后"), it forbids ("don't …", "no X", "kein X", "pas de X", "不要", "…ないで":
#: opening its clause, not inside a clause it reports, "add that we don't take card"), or it sets
#: the language the agent answers in ("answer in Spanish", "请用中文回答"). "Use those fallbacks",
#: "update gravity", "add the VAT line" are the task's next step; they carry none.
_STANDING = {
    "en": r"\b(?:always|never|every\s+time|each\s+time|from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future"
    r"|any\s*more)\b",
    "es": r"\b(?:siempre|nunca|jamás|cada\s+vez|de\s+ahora\s+en\s+adelante|a\s+partir\s+de\s+ahora"
    r"|en\s+adelante)\b",
    "de": r"\b(?:immer|nie|niemals|stets|grundsätzlich|ausschließlich|jedes\s+mal|ab\s+jetzt|ab\s+sofort|künftig"
    r"|zukünftig|in\s+zukunft)\b",
    "fr": r"\b(?:toujours|jamais|chaque\s+fois|désormais|dorénavant|à\s+l['’]avenir|systématiquement)\b",
    "ja": r"いつも|常に|毎回|今後|これから(?:は|も)|必ず|絶対",
    "zh": r"总是|每次|以后|今后|永远|一律|始终|务必|从现在起|统一",
}
_PROHIBITS = {
    # not a courtesy ("don't hesitate to ask", "don't worry", "do not be afraid to …")
    "en": r"^(?:(?:please|pls|just)\s+)*(?:(?:don'?t|do\s+not)(?!\s+(?:hesitate|worry|mind|feel|be\s+(?:afraid|shy)))"
    r"|avoid|stop|no\s+\S)",
    "es": r"^(?:por\s+favor\s+)?(?:no|sin|evita\w*|deja\s+de)\b"
    r"|\bno\s+(?:me\s+|te\s+|nos\s+|lo\s+|la\s+|los\s+|las\s+|le\s+|les\s+|se\s+)?\w+(?:es|as)\b",
    "de": r"^(?:bitte\s+)?(?:kein\w*|nicht|ohne|vermeide\w*|lass\s+\w+\s+weg)\b",
    "fr": r"^(?:ne\s+|n['’])\S*\s*\S+\s+(?:pas|plus)\b|^(?:pas|sans|évite\w*|arrête\w*)\b",
    "ja": r"ないで|禁止|やめて",
    "zh": r"别|不要|不用|禁止",
}
_ANSWER_IN = {
    "en": r"\b(?:answer|reply|respond|talk|speak|write)\s+(?:to\s+me\s+)?in\s+[A-Z]\w+",
    "es": r"\b(?:responde|contesta|habla|escribe)\w*\s+en\s+\w+",
    "de": r"\b(?:antworte|sprich|schreib)\w*\s+(?:mir\s+)?(?:auf|in)\s+\w+",
    "fr": r"\b(?:réponds|parle|écris)\w*(?:-moi)?\s+en\s+\w+",
    "ja": r"語で(?:答え|返事|書い|話し|お願い)",
    "zh": r"用[^，。,]{1,8}(?:回答|回复|说|讲|交流)",
}
_NORM_OF = {
    lang: lazy_compile("|".join((_STANDING[lang], _PROHIBITS[lang], _ANSWER_IN[lang])), _I)
    for lang in _STANDING
}
#: Words quoted are mentioned, not said: "check 'no olvides encender el horno'" asks for a check.
_QUOTED = lazy_compile(
    r"(?<!\w)'[^'\n]+'(?!\w)|\"[^\"\n]+\"|“[^”\n]+”|„[^“”\n]+[“”]|«[^»\n]+»|「[^」\n]+」|『[^』\n]+』"
)


def _unquoted(text: str) -> tuple[str, str | None]:
    """``text`` with quoted words set aside, and its language where directives of it are read and
    the turn does not give up (else None)."""
    said = _QUOTED.sub('"x"', text)
    lang = language_of(said)
    return said, (lang if lang in _DIRECTIVE_OF and not gives_up(said) else None)


#: Words (lower case) one of which every match of a language's norm (:data:`_NORM_OF`) or contrast
#: (:data:`_CONTRAST_OF`) holds (see :func:`~memscribe.lexicon.caseless.holds_one_of`): a turn
#: with none of them sets no norm, and its sentences need not be read (most turns).
_NORM_WORDS = {
    "en": (
        *("always", "never", "every time", "each time", "from now", "going forward", "future", "any"),
        *("don't", "dont", "do not", "avoid", "stop", "no "),
        *("answer", "reply", "respond", "talk", "speak", "write"),
        *(",not ", ", not ", "instead of"),
    ),
    "es": (
        *("siempre", "nunca", "jamás", "cada vez", "ahora", "adelante"),
        *("no", "sin", "evita", "deja de"),
        *("responde", "contesta", "habla", "escribe"),
    ),
    "de": (
        *("immer", "nie", "stets", "grundsätzlich", "ausschließlich", "jedes mal", "ab jetzt", "ab sofort"),
        *("künftig", "zukunft", "kein", "nicht", "ohne", "vermeide", "lass "),
        *("antworte", "sprich", "schreib"),
    ),
    "fr": (
        *("toujours", "jamais", "chaque fois", "désormais", "dorénavant", "avenir", "systématiquement"),
        *("pas", "plus", "sans", "évite", "arrête"),
        *("réponds", "parle", "écris"),
    ),
}
_NORM_FOUND = {lang: lazy_compile(one_of(words)) for lang, words in _NORM_WORDS.items()}
_NORM_LIST = {lang: WordList(_NORM_WORDS[lang], found) for lang, found in _NORM_FOUND.items()}


def _may_set_norm(said: str, lang: str) -> bool:
    """Whether a norm or a contrast of ``lang`` can match in ``said`` (False: none can)."""
    return lang not in _NORM_LIST or _NORM_LIST[lang].in_text(said)


#: What every match of :data:`_QUOTED` opens with.
_QUOTE_MARKS = "'\"“„«「『"


def _quotes_set_aside(text: str) -> str:
    """``text`` with quoted words set aside (``_QUOTED``), not scanned when it holds no quote mark."""
    for mark in _QUOTE_MARKS:  # a plain loop: most texts hold none, and each test is one scan
        if mark in text:
            return _QUOTED.sub('"x"', text)
    return text


def sets_norm(text: str) -> bool:
    """Some sentence of ``text`` that directs the agent (:func:`teaches_rule`; quoted words set
    aside) sets a norm of its work in a clause not about the speaker (a contrast, or a clause that
    holds from now on, forbids, or sets the reply's language), and the turn does not give up: a
    rule the user states without a correction's lead ("Please always put --context on kubectl
    commands", "Bitte Beträge immer in Euro", "请用中文回答").
    A turn that hedges anywhere ("Maybe you can imagine …! Just don't eat lunch before the ride")
    advises; it states no rule for the agent."""
    said = _quotes_set_aside(text)
    lang = language_of(said)
    if lang not in _DIRECTIVE_OF or not _may_set_norm(said, lang) or _UNSURE_OF[lang].search(said):
        return False
    contrast = _CONTRAST_OF.get(lang)
    # whether the turn gives up (:func:`_unquoted`) is asked last: most turns direct nothing
    return any(
        _NORM_OF[lang].search(part) or (contrast is not None and contrast.search(part))
        for parts in _directives_in(said, lang)
        for part in parts
    ) and not gives_up(said)


#: A directive on an object of today's work named by a pronoun ("split it in two batches", "do
#: that", "divídelo", "teil es auf", "coupe-le"): the next step of this task, not a rule of the work.
_ON_TODAY = {
    "en": r"^(?:(?:please|pls|just|then)\s+)*\w+\s+(?:it|them|that|this|those|these)\b",
    "es": r"^(?:por\s+favor\s+)?\w+(?:lo|la|los|las)\b|^(?:lo|la|los|las)\s+\w+",
    "de": r"^(?:bitte\s+)?\w+\s+(?:es|das|sie|ihn)\b",
    "fr": r"^\w+-(?:le|la|les)\b|^(?:le|la|les)\s+\w+",
    "ja": r"^(?:それ|これ|あれ)",
    "zh": r"^(?:把)?(?:它|这个|那个|这些|那些)",
}
_ON_TODAY_OF = {lang: lazy_compile(p, _I) for lang, p in _ON_TODAY.items()}


def rule_of_work(text: str) -> bool:
    """Some directive clause of ``text`` (:func:`teaches_rule`) is about the work, not a step on an
    object of today's named by a pronoun: "no, keep commit messages to one line" teaches; "no, the
    mixer takes 16kg max. split it in two batches" corrects a fact and asks for today's next step."""
    said, lang = _unquoted(text)
    if lang is None:
        return False
    return any(
        (_DIRECTIVE_OF[lang].search(part) or _addressed_want(part, lang))
        and not _ON_TODAY_OF[lang].search(part)
        for parts in _directives_in(said, lang)
        for part in parts
    )


#: A give-up said on its own is this short ("never mind", "laisse tomber", "vergiss es").
BARE_GIVE_UP_WORDS = 2


def gives_up(text: str) -> bool:
    """The correcting turn ends by giving up on its fix ("no, don't use dollars. whatever, I'll do
    it myself", "…もういいです、自分で調べます"): a clause with a give-up or rejection cue that is no
    directive itself, and no directive after it. A rejection that opens a correction ("that's still
    wrong: use euros") or a cue inside a directive ("leave it out", "skip it when empty",
    "n'oublie pas …") gives nothing up: the turn still asks for the fix."""
    if not give_up_signal(text):
        return False
    lang = language_of(text)
    if lang not in _DIRECTIVE_OF:
        return True
    clauses = [c for s in sentences(text) for c in _clauses(s) if c.strip(" .,!?。、！？")]
    for number, clause in enumerate(clauses):
        if not give_up_signal(clause):
            continue
        # the cue alone ("never mind", "laisse tomber", "forget it") gives up even in the
        # imperative; a directive that goes on ("leave it out", "skip it when empty") does not
        bare = len(_lead_stripped(clause).split()) <= BARE_GIVE_UP_WORDS
        if (bare or not _teaches_in(clause, lang)) and not any(
            _teaches_in(later, lang) for later in clauses[number + 1 :]
        ):
            return True
    return False


#: The "Why" of a rule whose reason the user did not give, in the session's language.
_UNSTATED_WHY = {
    "en": "Not stated.",
    "es": "No se indicó el motivo.",
    "de": "Kein Grund genannt.",
    "fr": "Raison non précisée.",
    "ja": "理由は述べられていない。",
    "zh": "未说明原因。",
}


def unstated_why(text: str) -> str:
    """The placeholder reason in the language ``text`` is written in (English when uncovered)."""
    return _UNSTATED_WHY.get(language_of(text), _UNSTATED_WHY["en"])
