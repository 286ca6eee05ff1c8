"""Self-statements in Spanish, German, French and Japanese, from sentence structure.

A clause is kept when the lexicon's row for its language (:mod:`memscribe.lexicon.langs`) finds a
first-person subject, possessive or verb form in it, and finds no question, request to the other
side, hedge, former or passing state, or relative as the subject; a negated statement is kept as
said ("ya no …", "nicht mehr …" are facts too, about what changed). Nothing is translated or
guessed: the body quotes the user's own clause, so it is grounded by construction and a reader
(or a search) finds it by the user's words.
"""

from __future__ import annotations

import re
import unicodedata

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.langs import LANGUAGES as ROWS
from memscribe.lexicon.langs import Language, language_of, sentences
from memscribe.model.embedded.clause_shape import foreign_narration
from memscribe.model.embedded.demonstrative_first import points_back
from memscribe.model.embedded.mood import passing_or_supposed
from memscribe.model.embedded.text import (
    MAX_VALUE_CHARS,
    clean,
    has_secret,
    hash_slug,
    in_their_words,
    safe_slug,
)
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import TTL
from memscribe.schemas.transcript import Turn
from memscribe.semantic.facets import SLUG_HEAD, statement_facet
from memscribe.semantic.updates import change_cue
from memscribe.textsim import content_tokens

#: German marks a statement as already known to the listener: the particle "ja" inside the clause
#: ("ich bin ja Krankenpflegerin": as you know) or a continuity ("immer noch", "weiterhin"). What
#: is said as given restates a fact, it brings none.
_GIVEN_DE = lazy_compile(
    r"\w\s+ja\b|\b(?:immer\s+noch|noch\s+immer|weiterhin)\b",
    re.I,
)
#: Languages read here (English and Chinese have their own shaped rules).
LANGUAGES = ("es", "de", "fr", "ja")
#: Content words a clause needs besides its subject: "Ich bin's" or "je suis là" say nothing.
MIN_CONTENT = 2
#: ...unless one content word is this long (a role, a diet: "soy celíaca", "ich bin Hausverwalterin").
LONG_WORD = 4
#: Clause boundaries: commas, semicolons and colons, dashes, Japanese/Chinese commas, "so"/"because"
#: links. A colon parts a lead from what it announces (:data:`_LEAD`); "10:30" is not a boundary.
_CLAUSE_LINKS = (
    r"\s*[,;]\s+|\s+[—–-]\s+|[、，；]|\s+(?:y\s+por\s+eso|así\s+que|also|deshalb|donc|alors|mais|pero|aber"
    r"|{y}e|und|et|sino|sondern|oder|o|ou)\s+"
)
_CLAUSE = lazy_compile(_CLAUSE_LINKS.format(y="y|"), re.I)
#: French clauses: "y" is a pronoun there, never a link ("il y a deux ans", "ma sœur y habite",
#: "je compte y rester"); Spanish "y" is one.
_CLAUSE_FR = lazy_compile(_CLAUSE_LINKS.format(y=""), re.I)
#: Discourse openers dropped from a clause ("bueno", "also", "alors", "えっと").
_OPENER = lazy_compile(
    r"^(?:(?:hola|bueno|pues|vale|oye|mira|hallo|hi|also|ok(?:ay)?|naja|übrigens|bonjour|salut|alors|bon|bref"
    r"|d'ailleurs|au\s+fait|btw|por\s+cierto|en\s+fait|ah|oh|y|e|und|et|aber|pero|mais|sino|sondern)\b[\s,!.:]*)+|^(?:えっと|あの|ちなみに|実は)[、,]?\s*",
    re.I,
)
#: Japanese sentences usually drop the subject: a statement about the speaker ends in a state or
#: habit (-ている, -てる, -です, -ます), not a wish, plan, request or question.
_JA_STATE = lazy_compile(
    # the progressive after a voiced stem too ("住んでいます", "飲んでいる")
    r"私|僕|俺|わたし|自分|うち|てる|[てで]いる|[てで]います|です|である|にいる|している"
    # the same state in the continuative form, a clause linked to the next ("東京に住んでいて、")
    r"|[てで]いて$"
    # a change of state, completed, plain or polite ("Helix に乗り換えた", "東京に引っ越しました",
    # "看護師になりました"): the new state holds
    r"|(?:乗り換え|引っ越し|始め|辞め|やめ|変え|移っ|になっ|になり)(?:た|ました)"
    # the polite progressive with its "い" dropped, as it is spoken ("10キロ走ってます", "市の広報誌を
    # 作ってます", "担任してます")
    r"|[てで]ます$"
)
#: A Japanese clause about this moment: "now" said bare ("今コンビニ寄ってる", "いま外出中"; "今は…", set
#: against what was before, is a change that holds), this morning, or the middle of a task ("第3章を
#: 直してるところです"), as "right now" is in English.
_JA_NOW = lazy_compile(r"^(?:今|いま)(?![はもでの日年月週度回後])|今朝|ところ(?:です|だ)?$")
#: A Japanese clause's link to the next one after a verb: "…いるんだけど", "…走ってるんですけど".
_JA_LINK = lazy_compile(
    r"(?<=[るたい])ん(?:だ|です)(?:けど|けれど|けれども)$"
    # a conjunctive particle after a finite verb ("毎朝ジョギングしていますが、", "…てるけど、")
    r"|(?<=[すたるい])(?:が|けど|けれど|けれども)$"
)
#: A Japanese clause shorter than this ("動いた") is a reaction, not a statement.
JA_MIN_CHARS = 8
#: A Japanese conditional ("右下固定だと…", "雨が降ったら…", "時間があれば…") before what follows: a
#: case put, not a fact.
_JA_IF = lazy_compile(r"(?:だと|たら|なら|れば)(?=.)")
#: A list item the user dictates ("・報告は早めに…", "- Budget first", "2. Ventas"): text for the task
#: (a slide, a document), not a statement about the speaker.
_LIST_ITEM = lazy_compile(r"^\s*(?:[・•●▪◦*]|[-–]\s|\d{1,2}[.)]\s)")
#: Spanish progressive (estar + gerund: "estoy integrando los sensores"): what is being done now, the
#: task at hand; living, working and studying said so are states ("estoy viviendo en Madrid").
_ES_PROGRESSIVE = lazy_compile(
    r"\b(?:estoy|estamos)\s+(?:\w+\s+)?(?!trabaj|viv|estudi)\w+(?:ando|iendo|yendo)\b", re.I
)
_JA_WISH = lazy_compile(
    r"たい|ほしい|欲しい|ましょう|よう[。]?$|つもり|予定|かな|でしょう"
    # undecided or troubled over something now ("乗り換えるか迷ってます", "焦ってます"): a hedge or a
    # passing state, as "I'm torn", "I'm stressed" are in English
    r"|迷[っい]|悩[んみ]|焦っ|困っ"
)


#: A dependent clause (it hangs on a statement made elsewhere), an object pronoun pointing back into
#: the conversation ("ya lo configuro", "je l'ai payée"), or a reaction ("me gusta", "ça me va").
_NOT_STANDALONE = lazy_compile(
    r"^(?:que|qu['’]|como|cuando|porque|dass|weil|wenn|ob|als|comme|quand|parce|puisque)\b"
    r"|^(?:ya\s+|yo\s+)?(?:lo|la|los|las|le|les)\s+\w+|\bje\s+l['’]|\bje\s+(?:le|la|les)\s+\w+"
    r"|\bme\s+(?:gusta|encanta)n?\s*$|ça\s+me\s+va|gefällt\s+mir|\bpasst\s+mir",
    re.I,
)


#: German words that are never a finite verb: articles, pronouns, possessives, prepositions,
#: conjunctions and particles. A German clause needs a word outside them that is written in lower
#: case (a noun is capitalised), or opens the clause, to have a verb at all.
_DE_CLOSED = frozenset(
    """der die das den dem des ein eine einen einem einer eines ich du er sie es wir ihr mich mir dich
    dir uns euch mein meine meinen meinem meiner meines unser unsere unseren unserem unserer am im an
    auf aus bei beim mit nach von vom zu zum zur für über unter vor in ins ans und oder aber denn
    sondern halt ja doch auch noch schon nur mal eben eh so sehr ganz gar nicht kein keine also dann
    da hier dort jetzt immer nie heute gern gerne selbst übrigens quasi""".split()
)
_DE_WORD = lazy_compile(r"[^\W\d_][\w-]*")


#: A lower-case German word ending in a consonant: spoken German drops the "-e" of a verb ("glaub
#: ich", "würd", "hätt", "überleg").
_DE_CLIPPED = lazy_compile(r"(?-i:\b[a-zäöü]{2,}[bcdfghklmnprstvwzß]\b)")


def _hedged(clause: str, row: Language, lang: str) -> bool:
    """The lexicon row's hedge is in ``clause``; in German also with a verb's dropped "-e" restored
    ("glaub ich …" is "glaube ich …", "würd" is "würde")."""
    if row.hedge.search(clause):
        return True
    if lang != "de":
        return False
    full = _DE_CLIPPED.sub(lambda m: m.group() if m.group() in _DE_CLOSED else m.group() + "e", clause)
    return full != clause and row.hedge.search(full) is not None


def _has_de_verb(clause: str) -> bool:
    """``clause`` (German) has a word that can be its finite verb (see :data:`_DE_CLOSED`)."""
    for n, m in enumerate(_DE_WORD.finditer(clause)):
        word = m.group()
        if word.casefold() in _DE_CLOSED:
            continue
        if n == 0 or word[0].islower():
            return True
    return False


#: First-person forms that are not the subject: object pronouns and possessives. A clause whose only
#: first-person form is one of these is about something else ("es mi día libre", "ça me va"),
#: unless the possessive opens it as the subject ("unsere Pipelines laufen mit Snakemake").
_NOT_SUBJECT = {
    # "me" before a verb in the first person (preterite -é, present -o) is the speaker's own
    # reflexive ("me mudé", "me casé", "me dedico a…", "me levanto a las seis"): the subject; the
    # strong preterites end in -o in the third person ("me dijo", "me trajo"): someone else's verb
    "es": lazy_compile(
        r"\b(?:me(?!\s+(?:\w+é|(?!(?:dij|hiz|pus|tuv|estuv|vin|traj|quis|pud|sup|anduv|\w*duj)o\b)\w{2,}o)\b)"
        r"|mi|mis|nuestr[oa]s?|nos)\b",
        re.I,
    ),
    "de": lazy_compile(r"\b(?:mich|mir|uns|mein\w*|unser\w*)\b", re.I),
    "fr": lazy_compile(r"\b(?:me|moi|mon|ma|mes|notre|nos)\b|\bm['’]", re.I),
}
#: A possessive of "we" opening the clause as its subject: what the speaker's household or team
#: has or does ("unsere Pipelines laufen alle mit Snakemake", "notre équipe déploie …") is theirs to
#: say, as English "we have …" is. A possessive of "I" as the subject ("mein Bassist schwört auf
#: Ableton", "meine Steuerberaterin macht alles mit DATEV", "mon vieux Dell dort au placard")
#: makes the clause about that one (somebody close, a thing the asks are about), not the speaker.
_POSSESSIVE_SUBJECT = lazy_compile(r"^(?:nuestr[oa]s?|unser\w*|notre|nos)\s+\w+", re.I)


def _speaker_is_subject(clause: str, row: Language, lang: str) -> bool:
    not_subject = _NOT_SUBJECT.get(lang)
    if not_subject is None:
        return bool(row.first_person.search(clause))
    if row.first_person.search(not_subject.sub(" ", clause)):
        return True
    return bool(_POSSESSIVE_SUBJECT.match(clause))


def _ascii_slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = [w for w in re.findall(r"[a-z0-9]+", plain) if len(w) > 2][:4]
    return "-".join(words)


def _one_facet(clauses: list[str]) -> str | None:
    """The one facet the clauses name (:func:`statement_facet`), or None."""
    facets = {statement_facet(c) for c in clauses} - {None}
    return facets.pop() if len(facets) == 1 else None


def _slug(clause: str, lang: str, facet_said: str | None = None) -> str:
    """``about-<words>``; a statement of where the user lives or works is filed under its facet
    (``home-…``, ``job-…``), so it meets a stored memory of that facet in any language. A clause
    naming no facet takes ``facet_said``, the facet of what it replaces."""
    facet = statement_facet(clause) or facet_said
    head = SLUG_HEAD[facet] if facet else "about"
    if lang == "ja":
        return hash_slug(head, clause)
    words = _ascii_slug(clause)
    return safe_slug(f"{head}-{words}") if words else hash_slug(head, clause)


def _lasting(clause: str, row: Language, lang: str, sentence: str = "", *, carried: bool = False) -> bool:
    if _LIST_ITEM.match(clause) or (lang == "es" and _ES_PROGRESSIVE.search(clause)):
        return False
    if row.question.search(clause) or row.request.search(clause) or _hedged(clause, row, lang):
        return False
    if row.give_up.search(clause):  # "ich schreib's selbst": about the task, not the speaker
        return False
    if row.not_lasting.search(clause) or row.third_party.search(clause):
        return False
    if lang == "de" and _GIVEN_DE.search(clause):
        return False
    if points_back(clause, lang):  # "das weiß ich nicht": about what was just said
        return False
    if passing_or_supposed(clause):  # "hasta septiembre", "samedi", "je prendrais"
        return False
    if foreign_narration(clause, lang, sentence):  # "Ich habe den Fix eben gepusht": a step of the task
        return False
    if lang != "ja" and _NOT_STANDALONE.search(clause):
        return False
    if lang == "de" and not _has_de_verb(clause):
        return False  # "ich am Klavier", "mein Jazztrio halt": a fragment naming, no statement
    if lang == "ja" and (
        _JA_WISH.search(clause)
        or _JA_IF.search(clause)
        or len(clause) < JA_MIN_CHARS
        or not _JA_STATE.search(clause)
        or _JA_NOW.search(clause)
    ):
        return False
    # a secret last: the detectors' scan is the costly test. A sentence holding one gives no
    # statement, as in English (profiles.py): not its clause without the secret either
    return (carried or _speaker_is_subject(clause, row, lang)) and not has_secret(sentence or clause)


#: A self-statement is a circumstance (role, place, routine): refreshed within a year, like the
#: English shaped rules for the same kinds of fact.
STATEMENT_TTL: TTL = "one_year"


def foreign_statements(turn: Turn, *, changes_only: bool = False) -> list[ProfileCandidate]:
    """First-person statements of lasting facts in ``turn`` (es, de, fr, ja), quoted; with
    ``changes_only``, those of sentences that report a change ("Depuis que le labo a abandonné R,
    je fais tout avec pandas": the clause of the new state, the sentence of the change)."""
    lang = language_of(turn.text)
    if lang not in LANGUAGES:
        return []
    row = ROWS[lang]
    out: list[ProfileCandidate] = []
    for sentence in sentences(clean(turn.text)):
        sentence = _before_question(sentence, row, lang)
        if row.question.search(sentence) or (changes_only and not change_cue(sentence)):
            continue
        said = _sentence_statements(sentence, row, lang)
        # "je ne suis plus doctorante, je suis postdoc maintenant": the new state says it; the
        # cessation beside it only names the old value (a cessation said alone is the fact), and
        # the facet it names is that of the state said as now holding ("Ya no trabajo en el
        # banco, ahora soy profesora")
        left: str | None = None
        if any(not row.cessation.search(c) for c in said):
            left = _one_facet([c for c in said if row.cessation.search(c)])
            said = [c for c in said if not row.cessation.search(c)]
        if (_one_statement(said, row, lang) or _one_change(said)) and not left:
            whole = _span(sentence, said)
            said = [whole] if len(whole) <= MAX_VALUE_CHARS else said
        out += [
            ProfileCandidate(
                slug=_slug(clause, lang, left if change_cue(clause) else None),
                ttl=STATEMENT_TTL,
                body=in_their_words(clause),
                evidence_turns=[turn.index],
            )
            for clause in said
        ]
    return out


def _before_question(sentence: str, row: Language, lang: str) -> str:
    """A statement with a question put after it in its last clause ("毎朝10km走ってるんだけど、朝ごはんは
    何を食べればいい？"): the statement alone; a sentence that asks elsewhere, or only asks, is kept
    whole (and refused as a question). A sentence with no question mark or form keeps its
    clauses uncut here (its last clause, a suffix of it, can hold none)."""
    if not row.question.search(sentence.rstrip()):
        return sentence
    pieces = _pieces(sentence, row, lang)
    if len(pieces) < 2 or not row.question.search(pieces[-1]):
        return sentence
    if any(row.question.search(p) for p in pieces[:-1]):
        return sentence
    at = sentence.rfind(pieces[-1])
    return sentence[:at].rstrip(" ,、，;") if at > 0 else sentence


#: A clause whose subject is something of the speaker's or a topic other than the speaker
#: ("unsere Pipelines laufen …", "このチームは…"), or a negated one ("je suis pas informaticienne"):
#: a fact of its own beside the speaker's statement.
_OWN_SUBJECT = lazy_compile(r"^[^、，,]{1,12}?(?:は|が)(?<!私は)(?<!僕は)(?<!俺は)(?<!私が)")
_NEGATED = lazy_compile(r"\b(?:no|nicht|kein\w*|pas|ne|n['’]|jamais|nunca)\b|ない|ません", re.I)


def _span(sentence: str, clauses: list[str]) -> str:
    """The stretch of ``sentence`` from its first clause to its last, as said (the clauses joined
    by commas when they cannot be found in it)."""
    start = sentence.find(clauses[0])
    end = sentence.find(clauses[-1], max(start, 0))
    if start < 0 or end < start:
        return ", ".join(clauses)
    return sentence[start : end + len(clauses[-1])]


def _one_statement(said: list[str], row: Language, lang: str) -> bool:
    """The clauses of one sentence say one thing about the speaker, in several strokes ("je suis
    chauffeuse routière, je passe la semaine sur la route, je dors dans la cabine"): each has the
    speaker as its subject, none is negated or reports a change, and they name at most one facet."""
    if len(said) < 2 or any(change_cue(c) or _NEGATED.search(c) for c in said):
        return False
    if len({statement_facet(c) for c in said} - {None}) > 1:
        return False
    if lang == "ja":
        return not any(_OWN_SUBJECT.match(c) for c in said)
    return all(not _POSSESSIVE_SUBJECT.match(c) and _speaker_is_subject(c, row, lang) for c in said)


def _one_change(said: list[str]) -> bool:
    """The clauses of one sentence report one change, in several strokes ("Ich habe den Job
    gewechselt und arbeite jetzt bei Bosch"): each reports a change and all are on one facet. The
    stroke that names the change and the one that names the new value are one update."""
    if len(said) < 2 or not all(change_cue(c) for c in said):
        return False
    facets = [statement_facet(c) for c in said]
    return None not in facets and len(set(facets)) == 1


#: A piece that opens with a preposition and has no subject of the speaker's is a phrase, not a clause:
#: it belongs to the clause before it ("arbeite ich komplett remote, von zu Hause in Leipzig aus",
#: "je vis seule, avec deux chats", "trabajo en remoto, desde Valencia").
_PHRASE_OPENING = lazy_compile(
    r"^(?:von|vom|in|im|am|an|auf|aus|bei|beim|mit|nach|zu|zum|zur|für|ab|à|au|aux|en|de|du|des|dans"
    r"|chez|avec|pour|sur|del|con|desde|para|por|al|sin)\s",
    re.I,
)
#: A German infinitive clause ("…, Gitarre zu spielen", "…, um Geld zu sparen"): it ends on "zu"
#: and an infinitive (or one with "zu" inside: "anzufangen") and is the object or aim of the clause
#: before it, not a statement of its own.
_ZU_INFINITIVE = lazy_compile(r"(?:\bzu\s+\w+|\w+zu\w*)(?:en|ern|eln)\W*$", re.I)
#: The pattern reads a piece's last two words; it is searched in this many characters at the end,
#: so one long word costs linear time (searched whole, ``\w+zu`` retried from every letter).
_ZU_TAIL = 80
#: A phrase joined to the clause before it is this short (words); a longer piece is a clause.
PHRASE_MAX_WORDS = 8


#: A lead and the colon after it ("Ich brauch Hilfe bei der Steuererklärung: …", "j'ai craqué : …",
#: "Kurz zu mir: …"): it announces what follows and is no statement of its own.
_LEAD = lazy_compile(r"^[^:：]{1,80}?\s*[:：]\s+(?=\S)")


def _pieces(sentence: str, row: Language, lang: str) -> list[str]:
    """``sentence`` cut at clause boundaries, its lead dropped, a prepositional phrase left on its
    clause."""
    out: list[str] = []
    for raw in (_CLAUSE_FR if lang == "fr" else _CLAUSE).split(_LEAD.sub("", sentence)):
        piece = raw.strip()
        if (
            out
            and len(piece.split()) <= PHRASE_MAX_WORDS
            and (_PHRASE_OPENING.match(piece) or (lang == "de" and _ZU_INFINITIVE.search(piece[-_ZU_TAIL:])))
            and not _speaker_is_subject(piece, row, lang)
        ):
            out[-1] = f"{out[-1]}, {piece}"
        else:
            out.append(piece)
    return out


#: A clause drawn as a conclusion in the conversation, opened (or closed) by a link of consequence:
#: the decision of the moment ("así que me apunto", "je prends ici alors"). "Dann", "entonces" and
#: "also" opening a clause are as often "then" in a life told ("Dann habe ich Medizin studiert").
_CONCLUSION = lazy_compile(
    r"^(?:así\s+que|alors|donc|du\s+coup)\b|\b(?:alors|entonces|dann)\s*[.!?]*\s*$", re.I
)


#: A modal verb: an obligation or ability bears on its own clause ("muss jeden Tag um 4 raus, bin
#: Bäcker"), not over the clauses after it as a condition or a belief does.
_MODAL = lazy_compile(
    r"\b(?:muss|musst|kann|darf|soll|will|möchte|brauche?|tengo\s+que|debo|necesito|quiero|dois|veux|peux)\b",
    re.I,
)


#: A French clause whose subject is left out, coordinated with one of the speaker's ("Je vis à Lyon
#: et travaille à Genève"): it opens on a lower-case word of no closed class ending as a first
#: person of the present does (-e, -s, -x; not an infinitive, "-er", "-ire", nor a participle, "-é",
#: "-i", "-u": "… et calculer des moyennes", "fini les factures") and what opens its complement (a
#: preposition, an article, a possessive). A noun after "et" has its own article ("et le café");
#: a bare one is a list's item ("français et anglais couramment").
_FR_ELIDED = lazy_compile(
    r"^(?!(?:le|la|les|un|une|des|du|de|au|aux|à|en|dans|sur|pour|avec|par|pas|ne|plus|très|trop|ce|cette|ces"
    r"|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs|et|ou|mais|donc|car|qui|que|quand|où"
    r"|il|elle|on|nous|vous|ils|elles|je|tu|y|puis|aussi|alors|bien|tout|tous|toute|toutes|surtout|même"
    r"|encore|toujours|jamais|parfois|souvent|depuis|comme|chez)\b)"
    r"(?-i:[a-zàâçéèêëîïôûùüÿœ][a-zàâçéèêëîïôûùüÿœ'’-]*(?:[^r\W]e|[aouè]re|[^é\W]s|x))\s+"
    r"(?:à|au|aux|en|dans|de|du|des|d['’]|le|la|les|l['’]|un|une|mon|ma|mes|son|sa|ses|notre|nos|leur|leurs"
    r"|chez|pour|avec|sur|depuis)(?=\s|\w)",
    re.I,
)


#: "et" joining two clauses: only there is the speaker carried ("… à Lyon et travaille à Genève");
#: after a comma alone the piece is as often an apposition ("chez Renault, entreprise de voitures").
_FR_ET_BEFORE = lazy_compile(r"\bet\s*$", re.I)
_FR_ET_LEAD = lazy_compile(r"^et\b\s*", re.I)


#: A French clause closing on a name, or on a noun after its determiner or preposition ("… à
#: Lyon", "… un appart"): a bare word after "et" is then no second item of the same phrase. After
#: a bare word ("je parle français", "je suis fatigué") it may be one ("… et anglais au travail",
#: "… et malade depuis hier").
_FR_PHRASE_END = lazy_compile(
    r"(?:\b(?:le|la|les|un|une|des|du|de|au|aux|à|en|dans|chez|pour|avec|sur|mon|ma|mes|son|sa|ses|notre"
    r"|nos|leur|leurs|\d+)\s+|\b[ldj]['’]|(?-i:\b[A-Z]))[\w'’-]+\W*$",
    re.I,
)


def _sentence_statements(sentence: str, row: Language, lang: str) -> list[str]:
    """The clauses of ``sentence`` that state a lasting fact about the speaker. A hedge reaches
    forward over the clauses after it, as in English: what follows a condition or a belief ("wenn
    ich im Lotto gewinn, kauf ich mir …", "je crois que je couve un rhume, j'ai la gorge qui
    gratte", "mein Kollege meint, wir sollten …") is supposed, not stated."""
    out: list[str] = []
    # the piece before had the speaker as its subject and closed on a name or a noun phrase
    # (French: see _FR_ELIDED)
    speaker = False
    at = 0  # where the last piece was found in ``sentence``
    for raw in _pieces(sentence, row, lang):
        start = sentence.find(raw.strip()[:16], at)
        gap, at = (sentence[at:start], start) if start >= 0 else ("", at)
        carried = (
            speaker
            and lang == "fr"
            and bool(_FR_ET_BEFORE.search(gap) or _FR_ET_LEAD.match(raw.strip()))  # "et", not a comma alone
            and bool(_FR_ELIDED.match(_OPENER.sub("", raw.strip())))
        )
        speaker = (carried or _speaker_is_subject(raw, row, lang)) and bool(_FR_PHRASE_END.search(raw))
        said = f"je {_FR_ET_LEAD.sub('', raw.strip())}" if carried else raw  # hedged as "je pense …"
        if lang != "ja" and _hedged(_MODAL.sub(" ", said), row, lang):
            break
        if _CONCLUSION.search(raw.strip()):
            continue  # "así que me apunto lo de la caballa", "je prends ici alors": a decision
        clause = _OPENER.sub("", raw.strip()).strip(" .!。！")
        if lang == "ja":  # the link to what follows ("…家にいるんだけど、") is not the statement's
            clause = _JA_LINK.sub("", clause)
        if (
            not clause
            or len(clause) > MAX_VALUE_CHARS
            or not _lasting(clause, row, lang, sentence, carried=carried)
        ):
            continue
        words = content_tokens(clause)
        if len(words) < MIN_CONTENT and not any(len(w) >= LONG_WORD for w in words):
            continue  # "je suis là" says nothing; "je suis kiné" does
        out.append(clause)
    return out


#: The public names of this module's clause reading, for the part of a stored quotation an update
#: leaves standing (:mod:`memscribe.model.embedded.dedup_parts`).
sentence_statements = _sentence_statements
clause_slug = _slug
span = _span
