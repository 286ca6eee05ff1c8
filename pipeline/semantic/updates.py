"""How a statement relates to an earlier one: polarity, change of state, and what it left behind.

Three structural signals, read from closed-class words (negators, aspect and time adverbs, the
"from … to" frame, verbs of ending) in the languages of the sets (en, zh, ja, es, de, fr):

* **polarity** — the statement is negated ("no longer", "n't", "nicht", "ne … plus", "不", "ない");
* **change cue** — it reports a change of state rather than a standing fact: a verb of change
  ("switched", "moved"), an ending or a resumption ("stopped", "again"), a contrastive time
  adverb ("now" — not the prospective "from now on" of an instruction —, "these days",
  "inzwischen", "désormais", "现在", "今は"), a correction ("actually");
* **left behind** — the words in the scope of an ending or of a verb of change's "from": what
  the statement says is no longer so ("switched *from Android* to an iPhone", "cancelled *YNAB*").

Pure functions; no model. Used by the dedup rule (:mod:`memscribe.relatedness`) and the embedded
dedup decision (:mod:`memscribe.model.embedded.dedup`).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.cue_words import ceased, may_change, may_leave
from memscribe.semantic.frames import PHRASE_END_WORDS

_I = re.IGNORECASE

# Negators (sentence polarity). French "ne … pas/plus/jamais", Japanese verb negation suffixes.
_NEGATION = lazy_compile(
    r"\b(?:not|no|never|none|nothing|neither|nor|without|cannot)\b|n't\b|n’t\b"
    r"|\b(?:nicht|kein(?:e|en|er|em|es)?|nie|niemals|ohne)\b"
    r"|\b(?:ne|n['’])\s*\w+(?:\s+\w+)?\s+(?:pas|plus|jamais|rien|aucun(?:e)?)\b|\bsans\b"
    r"|\b(?:nunca|jamás|ningun[oa]?|ningún|sin)\b|(?:^|\s)no\s"
    r"|[不没別别未無无]|(?:ない|ません|なかった|ず(?:に)?)(?:[。、.!！]|$|\s|よ|ね|です|の)",
    _I,
)

# A change of state: an ending or a resumption, a "from … to" frame, a contrastive time adverb,
# a correction, a goal reached ("passed", "bestanden", "合格"). Closed-class words and the frame, per
# language.
_CHANGE = lazy_compile(
    # en ("now", but not the prospective "from now on" of an instruction)
    r"\b(?:no longer|any ?more|these days|nowadays|again|instead|actually|used to|switched|moved"
    r"|changed|migrated|upgraded|converted|swapped|replaced|stopped|quit|sold|cancel(?:l)?ed"
    r"|gave up|dropped|ditched|started|graduated|finally"
    # "passed", not the phrasal "passed on" (declined), "passed by", "passed away"
    r"|passed(?!\s+(?:on|by|out|away|over|through|along|around)\b))\b"
    # a new value of an attribute the speaker holds ("my new laptop", "User's new job")
    r"|\b(?:my|our|(?:user|their)['’]s?)\s+new\b"
    # an inchoative: a state entered ("got married", "got promoted", "became a manager"; not the
    # "have got" of possession), or one gone back to ("back to five days a week")
    r"|(?<!\bve )(?<!\bhave )(?<!\bhas )\b(?:got|became)\s+(?!to\b)(?:\w+ed|a|an)\b"
    r"|\b(?:am|is|are|was|i'm|we're)\s+back\s+(?:to|in|at|on)\b"
    r"|(?<!\bfrom )\bnow\b(?! on\b)|(?<!\bthe )\bleft\b(?![-‐])(?! (?:hand|side|of|or|and)\b)"
    # de (the cessation frame "kein … mehr" around its noun: "kein Tennis mehr", "keine Zeit mehr")
    r"|\b(?:inzwischen|mittlerweile|seit|nicht mehr|kein\w*(?:\s+\w+){0,2}?\s+mehr|wieder|stattdessen|statt"
    r"|eigentlich|umgestiegen|gewechselt|umgezogen|verkauft|aufgehört|gekündigt|bestanden|endlich"
    # a move said with its place ("nach Köln gezogen"), a start ("angefangen")
    r"|(?:nach|in|zu)\s+\w+(?:\s+\w+)?\s+gezogen|angefangen"
    r"|mein(?:e|en|er)?\s+neu\w*)\b"
    r"|(?<!\bab )\bjetzt\b"
    # fr
    r"|\b(?:désormais|depuis|à nouveau|de nouveau|au lieu de|en fait|passée? à"
    r"|déménagée?|changée?|arrêtée?|quittée?|vendue?|résiliée?|enfin|m(?:on|a|es)\s+nouv\w*"
    r"|commencée?|me suis mise? à)\b"
    r"|(?<!partir de )\bmaintenant\b|\bne\s+\w+\s+plus\b|\bn['’]\w+\s+plus\b"
    # es
    r"|\b(?:ya no|desde|de nuevo|otra vez|volví a|en vez de|en lugar de|en realidad"
    r"|cambié|me mudé|dejé de|dejé|vendí|cancelé|aprobé|por fin|mis?\s+nuev[oa]s?|empecé|comencé"
    # the same verbs in the present perfect ("me he mudado", "he dejado", "he vuelto a")
    r"|(?:he|hemos)\s+(?:cambiado|mudado|dejado|vendido|cancelado|aprobado|empezado|vuelto\s+a))\b|(?<!partir de )\bahora\b(?! en adelante)"
    # zh (现在, but not 从现在开始 "from now on")
    r"|(?<!从)现在(?!开始|起)|如今|已经|不再|再也|重新|又开始|改成|改用|改了|换成|换了|变了|变成|搬到|搬去|升级|转到"
    r"|其实|以前|戒了|辞职|离开|考过|毕业了"
    # ja
    r"|今は|もう|乗り換え|変えた|変わった|移った|引っ越|やめ|辞め|再び|実は|になった|合格|卒業した"
    # (現在は / 今では / 最近は: "currently, these days", as 今は; a start: 始めた)
    r"|現在は|今では|最近は|始めた|始めました",
    _I,
)

# The scope of an ending or a "from": the words that follow, up to a clause break or a "to".
#: Words saying a state is a former one ("used to", "früher", "autrefois", "solía", "以前", "前は").
_FORMER_WORDS = r"used to|formerly|previously|früher|autrefois|auparavant|sol[íi]a"
_FORMER_CJK = r"以前|前は|昔は"
_LEFT_BEHIND = lazy_compile(
    r"(?:\b(?:switched|moved|changed|migrated|upgraded|converted|went|transitioned)\s+(?:\w+\s+){0,2}?from"
    r"|\binstead of|\bno longer|\bstopped|\bquit\b|\bleft\b(?![-‐])|\bsold\b|\bcancel(?:l)?ed"
    r"|\bgave up(?: on)?|\bdropped|\bditched|\breplaced|\bdon['’]t|\bdoesn['’]t|\bnot\b"
    r"|\bnicht mehr|\bkein\w*|\bstatt\b|\bverkauft|\bau lieu de|\bya no|\bdejé de|\ben vez de"
    r"|\bne\b|\bn['’]|不再|戒了|离开|从|やめ"
    # a former state, said as one: what the speaker used to do or be is no longer so ("used to
    # live in Lyon, now …", "früher …", "autrefois …", "solía …", "以前…", "前は…")
    rf"|\b(?:{_FORMER_WORDS})|{_FORMER_CJK})"
    r"(?P<scope>[^.;,!?。！？、，]{1,60}?)"
    r"(?=\b(?:to|for|with|and|but|zu|auf|und|aber|à|et|mais|a|y|pero)\b|到|に|和|但|[.;,!?。！？、，]|$)",
    _I,
)


def negated(text: str) -> bool:
    """The statement carries a negator ("doesn't", "no longer", "nicht", "不", "ない")."""
    return bool(_NEGATION.search(text))


def same_polarity(a: str, b: str) -> bool:
    """Both statements are negated, or neither is."""
    return negated(a) == negated(b)


#: :data:`_CHANGE` case-sensitive (every letter it names is lower case), for an ASCII text lowered.
_CHANGE_LOWER = lazy_compile(_CHANGE.pattern)


def change_cue(text: str) -> bool:
    """The statement reports a change of state (an update), not only a standing fact."""
    if text.isascii():
        low = text.lower()  # words every match holds looked for first (:mod:`.cue_words`)
        return may_change(low) and _CHANGE_LOWER.search(low) is not None
    return bool(_CHANGE.search(text))


#: A former state said as one ("used to", "früher", "autrefois", "solía", "以前", "前は"): what
#: was so once, which by itself says nothing of what holds now.
_FORMER = lazy_compile(rf"\b(?:{_FORMER_WORDS})(?:(?<=[íi]a)\w*)?\b|{_FORMER_CJK}", _I)  # solía, solíamos


def former_state(text: str) -> bool:
    """The statement tells what was so once ("User used to live in Paris"): a fact about the
    past, which no new value of the present replaces."""
    body = own_words(text)
    return bool(_FORMER.search(body) or _PAST_STAY.search(body))


#: Where the user lived or worked, said in the past ("User lived in Paris for ten years",
#: "worked at Google until 2020"): a former residence or job, not the present one.
_PAST_STAY = lazy_compile(r"^\W*User\s+(?:\w+ly\s+)?(?:lived|worked)\s+(?:in|at|for|as)\b", _I)


def reports_change(text: str) -> bool:
    """A change cue outside the statement's former states: "I used to live in Paris as a
    student" tells what was so once, not a new value of where the user lives now ("used to live
    in Lyon, *now* …" does). Only what such a statement names as former is left behind
    (:func:`left_behind`)."""
    return change_cue(_FORMER.sub(" ", text))


#: A word matches a longer one that extends it by at most PREFIX_TAIL letters, if it has at
#: least PREFIX_MIN (``mac`` / ``macos``; never ``java`` / ``javascript`` or ``name`` / ``name_o``).
PREFIX_MIN = 3
PREFIX_TAIL = 2


def _extends(longer: str, shorter: str) -> bool:
    tail = longer[len(shorter) :]
    return (
        len(shorter) >= PREFIX_MIN
        and longer.startswith(shorter)
        and 0 < len(tail) <= PREFIX_TAIL
        and tail.isalpha()
    )


def covered(word: str, others: set[str]) -> bool:
    """``word`` is one of ``others``, or one extends the other (``mac`` / ``macos``)."""
    return word in others or any(_extends(o, word) or _extends(word, o) for o in others)


_NAME_LIKE = lazy_compile(r"[^\W\d_]*[A-Z\d][\w+#.-]*|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")


def left_behind_names(text: str) -> set[str]:
    """The name-like words (a capital or a digit — Android, YNAB, Java, Vue 2 — or CJK) in the
    scopes of ``text``'s endings and "from"s, as content tokens: the values it says are no longer
    so. Common words in that scope ("works", "the car") are not values."""
    from memscribe.textsim import content_tokens

    scope = left_behind(text)
    return set(content_tokens(" ".join(_NAME_LIKE.findall(scope)))) if scope else set()


def names_left_behind(new: str, old: str) -> bool:
    """``new`` says a value of ``old`` is no longer so: one of its :func:`left_behind_names` is
    found in ``old`` ("switched from Android to an iPhone" / "uses an Android phone")."""
    from memscribe.textsim import content_tokens

    names = left_behind_names(new)
    if not names:
        return False
    olds = set(content_tokens(old))
    return any(covered(w, olds) for w in names)


#: Acquiring something: bought, adopted, got oneself (per language of the sets).
_ACQUIRE = lazy_compile(
    r"\b(?:bought|purchased|adopted|got (?:myself |ourselves )?(?:a|an|my|our) (?:new |used |second-hand )?)"
    r"|\b(?:gekauft|zugelegt|angeschafft|adoptiert)\b"
    r"|\b(?:achet[ée]e?s?|adopt[ée]e?s?)\b"
    r"|\b(?:compr[éeó]\w*|comprad[oa]s?|adopt[éeó]\w*)\b"
    r"|买了|入手了|领养了|買った|買いました|購入した|飼い始め",
    _I,
)


def acquires(text: str) -> bool:
    """The statement reports acquiring something ("bought a car", "j'ai acheté une voiture",
    "我买了一辆车"): a change of what the user owns, which turns a stored lack of it."""
    return bool(_ACQUIRE.search(text))


#: What one owns or lacks, named alike in every language of the sets: the kind of vehicle (a
#: word for a car, for a bicycle), so that "j'ai acheté une voiture" turns "doesn't own a car"
#: and "ich habe ein Fahrrad gekauft" does not.
_OWNED_KINDS: dict[str, re.Pattern[str]] = {
    "car": lazy_compile(
        r"\b(?:cars?|autos?|voitures?|coches?|carros?)\b|(?<![行单火电马班交])车(?![站库位票])|(?<!転)車",
        _I,
    ),
    "bicycle": lazy_compile(
        r"\b(?:(?:cargo |e-?|road )?bikes?|bicycles?|(?:lasten|renn|fahr)?r[aä]d(?:er)?|vélos?|bici(?:cleta)?s?)\b"
        r"|自転車|自行车|单车",
        _I,
    ),
}


#: The people a Chinese speaker names as "my …" (siblings, children, partner, parents, friends,
#: colleagues): "我姐姐" / "用户的朋友" open a statement about them.
_ZH_KIN = r"(?:哥哥?|姐姐?|弟弟?|妹妹?|女儿|儿子|孩子|老婆|老公|妻子|丈夫|爸爸?|妈妈?|父母|父亲|母亲|[男女]?朋友|同事)"
#: A person the user knows (kin, partner, friend, colleague), per language of the sets.
_PERSON = (
    r"(?:daughter|son|kids?|children|child|wife|husband|partner|girlfriend|boyfriend|mom|mum|mother|dad"
    r"|father|parents?|brother|sister|friend|cousin|neighbou?r|boss|colleague|niece|nephew|grand\w+"
    r"|tochter|sohn|kind(?:er)?|frau|mann|mutter|vater|eltern|bruder|schwester|freund(?:in)?"
    r"|fille|fils|enfants?|femme|mari|mère|père|frère|s(?:œ|oe)ur|ami(?:e)?|copine?"
    r"|hij[oa]s?|mujer|marido|madre|padre|herman[oa]s?|amig[oa]s?|novi[oa])"
)
#: The acquisition is for somebody else: a beneficiary ("for my daughter", "meiner Tochter",
#: "pour ma fille", "para mi hijo", "le compré", "给女儿", "娘に"), or someone else buys ("我哥哥买了").
_FOR_ANOTHER = lazy_compile(
    rf"\b(?:for|für|pour|para)\s+(?:my|our|his|her|their|the|a|mein\w*|unser\w*|mon|ma|mes|mi|mis)\s+"
    rf"(?:\w+\s+)?{_PERSON}\b"
    r"|\b(?:for|für|pour|para)\s+(?:him|her|them|ihn|sie|lui|elle|eux|él|ella)\b"
    rf"|\b(?:meine[mr]|unsere[mr])\s+{_PERSON}\b"
    r"|\b(?:le|les)\s+(?:compr|adopt)"
    r"|[给替为帮](?:我的)?(?:女儿|儿子|孩子|老婆|老公|妻子|丈夫|爸|妈|父母|朋友|哥|姐|弟|妹|他|她)"
    rf"|(?:我|用户)(?:的)?{_ZH_KIN}"
    r"|(?:娘|息子|妻|夫|母|父|兄|姉|弟|妹|子供|友達)(?:に|のために)",
    _I,
)
_PERSON_WORD = lazy_compile(rf"\b{_PERSON}\b", _I)


def persons_named(text: str) -> set[str]:
    """The people the user knows that ``text`` names ("puts *the kids* to bed", "coffees for *my
    wife*"), lower-case: a value said of them, or for them, is not the user's own."""
    return {m.group().lower() for m in _PERSON_WORD.finditer(own_words(text))}


#: A kind word modifying another noun: in English the noun after it ("car charger", "car
#: insurance", "bike lock"; words that may follow the head of the phrase end it), in French or
#: Spanish the one before "de" ("chargeur de voiture"): the thing acquired is that noun.
_MODIFIER = lazy_compile(
    # the complement of another noun in French or Spanish ("un chargeur de voiture", "seguro de coche")
    r"\b(?:de|du|des|del|d['’])\s*(?:la\s+|el\s+)?(?:voitures?|coches?|autos?|carros?|vélos?|bicis?|bicicletas?)\b"
    r"|\b(?:cars?|bikes?|bicycles?)\s+(?!(?:for|from|to|with|and|or|but|so|because|since|last|this"
    r"|yesterday|today|recently|finally|again|now|at|in|on|after|before|that|which|who|off|back"
    r"|a|an|the|my|our|it|one|two|three|four|five|six|few|several|some|ago|too|as|like|by|of|when|while"
    r"|myself|ourselves|just|already|earlier)\b)[a-z]",
)


def acquired_what_was_lacked(new: str, old: str) -> bool:
    """``new`` acquires what ``old``, negated, says the user lacks: the same kind of thing (a
    car / "kein Auto"…), or, in one language, a content word of ``old`` ("bought a piano" /
    "doesn't own a piano"). Bought for somebody else ("a car for my daughter") or as a part of
    another noun ("a car charger"), it is not the user's."""
    from memscribe.textsim import content_tokens

    if not acquires(new) or negated(new) or not negated(old):
        return False
    if _FOR_ANOTHER.search(own_words(new)) or _MODIFIER.search(new):
        return False
    kinds = [p for p in _OWNED_KINDS.values() if p.search(new)]
    if kinds:  # a kind named decides: a cargo bike is no car
        return any(p.search(old) for p in kinds)
    if spoken_language(new) != spoken_language(old):
        return False
    lacked = set(content_tokens(old))
    return any(w in lacked for w in content_tokens(new) if len(w) >= PREFIX_MIN)


#: The head of the noun phrase an acquisition takes, per language: in English the last noun
#: before what ends the phrase ("bought a *piano*", not "a piano bench" nor "a hot dog"), in German
#: the noun before the participle ("ein *Auto* gekauft", not "ein Autoradio"), in French and
#: Spanish the noun after the determiner ("une *voiture* (de …)"), in Chinese the whole phrase
#: after the measure word ("一辆*车*", not "一辆玩具车"), in Japanese the noun before を.
_ACQUIRED_HEAD = lazy_compile(
    r"\b(?:bought|purchased|adopted|got)\s+(?:(?:myself|ourselves)\s+)?"
    r"(?:(?:a|an|the|my|our|one|two|another|some)\s+)?(?:(?:new|used|second-hand|brand-new)\s+)?"
    rf"(?P<en>[^\W\d_]+)(?=\s*(?:[.!?,;:)]|$)|\s+(?:{PHRASE_END_WORDS})\b)"
    r"|\b(?:ein|eine|einen|mein|meine|meinen)\s+(?:(?:neue[snm]?|gebraucht\w*)\s+)?(?P<de>[^\W\d_]+)"
    r"\s+(?:[^\W\d_]+\s+){0,3}?(?:gekauft|zugelegt|angeschafft|adoptiert)\b"
    r"|\b(?:achet[ée]e?s?|adopt[ée]e?s?|compr[éeó]\w*|comprad[oa]s?)\s+"
    r"(?:(?:un|une|des|le|la|les|mon|ma|mes|una|unos|unas|el|mi|mis)\s+|l['’])?"
    r"(?:(?:nouvelle?|nouvel|nuev[oa])\s+)?(?P<fr>[^\W\d_]+)"
    r"|(?:买了|入手了|领养了)[一两]?[辆个台部只条架把款套件]?(?:新|二手)?(?P<zh>[^\s，。,.！!？?、的了]+)(?=[，。,.！!？?、]|$)"
    r"|(?:新しい|中古の)?(?P<ja>[^\s、。をはがのにで]+)を(?:買|購入|飼い始め)",
    _I,
)
#: A car named in Chinese as the whole of its phrase.
_ZH_CAR = lazy_compile(r"(?:汽|轿|小)?车")


def acquired_head_lacked(new: str, old: str) -> bool:
    """:func:`acquired_what_was_lacked`, and the thing lacked is the head of the phrase acquired,
    not a word modifying another ("a dog leash", "a hot dog", "ein Autoradio", "一辆玩具车",
    "车载充电器"): only then does the acquisition turn the stored lack."""
    from memscribe.textsim import content_tokens

    if not acquired_what_was_lacked(new, old):
        return False
    m = _ACQUIRED_HEAD.search(own_words(new))
    if not m:
        return False
    lang = m.lastgroup or ""
    head = m.group(lang)
    if lang == "zh" and _ZH_CAR.fullmatch(head):
        return bool(_OWNED_KINDS["car"].search(old))
    kinds = [p for p in _OWNED_KINDS.values() if p.fullmatch(head)]
    if kinds:
        return any(p.search(old) for p in kinds)
    if any(p.search(head) for p in _OWNED_KINDS.values()):
        return False  # a kind inside another noun ("玩具车")
    if lang in ("zh", "ja"):
        return head in own_words(old)
    return head.lower() in set(content_tokens(old))


#: Additive focus words: the statement adds a value beside those held ("also has a hamster",
#: "lerne zusätzlich Go", "spiele jetzt auch Gitarre", "fais aussi du pilates", "también", "也",
#: "Macも"), it replaces none ("auch wenn": even if; "auch wieder": again, as "started … again").
_ADDITIVE = lazy_compile(
    r"\b(?:also|too|as well|in addition|additionally|besides|on top of"
    r"|zusätzlich|außerdem|ebenfalls|auch(?! wenn| wieder)|(?<!\bnur )noch (?:ein|eine|einen)\b"
    r"|aussi|également|en plus|de plus|encore un"
    r"|también|además"
    # continuative: a value kept on beside the stored one ("still uses Vim for quick edits")
    r"|still)\b|[也还]"
    # ja: the particle も right after a noun ("Macも", "猫も"), not in もう / もの / でも / とも
    r"|(?<=[A-Za-z0-9\u30a0-\u30ff\u4e00-\u9fff])も(?![うのしっ])",
    _I,
)


def additive(text: str) -> bool:
    """The statement adds a value beside those held (an additive focus word, in no cessation:
    :func:`.cue_words.ceased`), so it replaces nothing ("User also has a hamster now")."""
    return bool(_ADDITIVE.search(words := own_words(text))) and not ceased(words)


#: "User's dad …", "User's sister …": the memory's subject is someone the user knows.
_USER_POSSESSIVE = lazy_compile(r"^\W*User['’]s\s+", _I)
#: "用户…": the extractor's Chinese rewrite of the speaker's "我".
_USER_CJK = lazy_compile(r"^用户")


def someone_else(text: str) -> bool:
    """The statement's subject is somebody else than the user: a relative, colleague or friend
    ("User's dad switched to an iPhone", "Mein Bruder ist nach Köln gezogen", "我朋友…"): read
    with the lexicon's third-party subjects of the statement's language."""
    from memscribe.lexicon import THIRD_PARTY_SUBJECT
    from memscribe.lexicon.langs import LANGUAGES

    body = own_words(text).strip()
    # English subjects in English words only: a quote is another language ("he vuelto a…": the
    # Spanish first-person auxiliary, not "he")
    if body == text.strip() and THIRD_PARTY_SUBJECT.search(_USER_POSSESSIVE.sub("my ", body)):
        return True
    row = LANGUAGES.get(spoken_language(text))
    # a time said first ("最近は妻が…", "现在我朋友…") leaves the subject after it
    body = _JA_MY.sub("", _TIME_LEAD.sub("", _USER_CJK.sub("我", body)))
    if _ZH_KIN_SUBJECT.match(body):
        return True
    if row is not None:
        return bool(row.third_party.search(body))
    # a quote too short to tell its language ("mon mari travaille maintenant chez Airbus"): each
    # language's subjects are anchored at its start and written in its own words ("mon mari",
    # "mi marido"), so every one of them is asked; only for "my" + a person (two words), not a
    # bare pronoun, which is a word of other languages too (French "il", Italian's article)
    return body != text.strip() and any(_named_person(r.third_party.search(body)) for r in LANGUAGES.values())


def _named_person(found: re.Match[str] | None) -> bool:
    return found is not None and len(found.group().split()) >= 2


#: A Chinese statement's subject that is one of "my" people ("我姐姐…", "我的朋友…"; the lexicon's
#: row knows "我朋友" and not the siblings or the possessive 的).
_ZH_KIN_SUBJECT = lazy_compile(rf"我的?{_ZH_KIN}")
#: "My" before a Japanese subject ("うちの妻は", "私の姉が"): the person named after it is the subject.
_JA_MY = lazy_compile(r"^(?:私|僕|俺|わたし|あたし|うち)の")
#: A time adverb opening a Chinese or Japanese statement, before its subject.
_TIME_LEAD = lazy_compile(r"^(?:(?:現在|今|最近|以前|前|昔)(?:では|は)|现在|如今|最近|以前|目前)[、，,\s]*")


#: A capitalised word past the first of an English statement: a name ("Windows", "PowerShell",
#: "VW Golf"); English capitalises little else mid-sentence.
_PROPER_NAME = lazy_compile(r"(?<=\s)(?-i:[A-Z])[\w+#.-]*")
#: What a quoted statement opens with (the embedded extractor's other-language bodies).
_QUOTE_LEAD = lazy_compile(r'^User,\s+in\s+their\s+words:\s*"?')


def own_words(text: str) -> str:
    """A statement without the English lead of a quotation in the user's words ('User, in their
    words: "…"'): only what the user said."""
    return _QUOTE_LEAD.sub("", text)


def spoken_language(text: str) -> str:
    """The language a statement is written in (:func:`memscribe.lexicon.langs.language_of`),
    a quoted body judged by its quotation."""
    from memscribe.lexicon.langs import language_of

    quote = own_words(text)
    language = language_of(quote)
    # the extractor quotes only statements it read as another language than English: a short
    # quote with too few function words to tell ("he vuelto a comer pescado") is still not English
    return "other" if language == "en" and quote != text else language


def names_in(text: str) -> set[str]:
    """The names of an English statement (capitalised words past its first), as content tokens."""
    from memscribe.textsim import content_tokens

    return set(content_tokens(" ".join(_PROPER_NAME.findall(text))))


#: A word of a stored memory this long, in the scope of what the user says is no longer so, is
#: a value named across languages by its shared stem ("Ya no soy *vegana*" / "User is vegan"); a
#: shorter word is too often a function word of some language.
COGNATE_MIN = 5


def names_said(said: str, old: str) -> set[str]:
    """The names of ``old`` (an English memory) that the user's words ``said`` mention, and its
    long words that ``said`` names as left behind (:func:`left_behind`), which a cessation in
    another language shares by their stem ("ya no soy vegana", "nicht mehr vegan")."""
    from memscribe.textsim import content_tokens

    if not said:
        return set()
    words = set(content_tokens(said))
    found = {w for w in names_in(old) if covered(w, words)}
    scope = set(content_tokens(left_behind(said)))
    if scope:
        found |= {w for w in content_tokens(old) if len(w) >= COGNATE_MIN and covered(w, scope)}
    return found


def left_behind(text: str) -> str:
    """The words the statement says are no longer so (the scopes of its endings and "from"s),
    joined; empty when there are none."""
    if not may_leave(text):
        return ""
    return " ".join(m.group("scope").strip() for m in _LEFT_BEHIND.finditer(text)).strip()


__all__ = [
    "PREFIX_MIN",
    "PREFIX_TAIL",
    "acquired_what_was_lacked",
    "acquires",
    "additive",
    "change_cue",
    "covered",
    "former_state",
    "left_behind",
    "left_behind_names",
    "names_in",
    "names_left_behind",
    "names_said",
    "negated",
    "own_words",
    "persons_named",
    "reports_change",
    "same_polarity",
    "someone_else",
    "spoken_language",
]
