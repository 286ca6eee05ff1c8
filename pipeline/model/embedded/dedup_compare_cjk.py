"""The topic words of a Chinese or a Japanese statement, for the embedded dedup's topic test
(:func:`memscribe.model.embedded.dedup_compare.one_topic`): the offline encoder scores unrelated
statements in these languages as high as related ones ("在华为工作" / "在学日语" .48, "東京に住んでいる"
/ "VS Codeに乗り換えました" .51), so two of them scored by meaning alone are one topic only if they
share a word that may name it.

Chinese has no spaces and no inflection: its topic words are its Han characters less the
function ones. Japanese writes content in kanji and katakana, but also in hiragana ("たばこ",
"おさけ", "めがね"), which is also the script of its particles and inflections; a hiragana word is
told from grammar by structure alone, never by a list of topics: it stands before a case or topic
particle (を, が, は, も) and after the start of a stretch or another particle, it is no inflected
ending (okurigana after a kanji: "吸うのを", "食べたが"; a te-form: "飲んでも"; a predicate made a noun:
"ることが"), and it is none of the closed classes of grammar words (pronouns, demonstratives,
formal nouns, adverbs of time and degree).
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.semantic.updates import own_words

#: Words of a Chinese statement that name no topic: its subject, time and aspect words.
_ZH_FUNCTION_WORDS = lazy_compile(r"用户|现在|目前|如今|最近|已经|开始|不再|以前|之前|每天|每周|平时|一直")
#: Characters that name no topic: pronouns, particles, prepositions, negators, the copula,
#: numerals and measure words.
_ZH_FUNCTION_CHARS = frozenset(
    "我你他她它们的地得了在是很也还都不没就和与及把被给对从到着过吗呢吧啊个一两只辆台些点每"
)


def zh_content(text: str) -> set[str]:
    """The Han characters of a Chinese statement that may name its topic (its verb, its object)."""
    words = _ZH_FUNCTION_WORDS.sub(" ", own_words(text))
    return {c for c in words if "\u4e00" <= c <= "\u9fff" and c not in _ZH_FUNCTION_CHARS}


#: A Japanese statement's topic words in kanji, katakana and Latin letters: a kanji, a katakana
#: word, a Latin name ("VS Code").
_JA_CONTENT = lazy_compile(r"[\u4e00-\u9fff]|[\u30a0-\u30ff]{2,}|[A-Za-z][A-Za-z0-9+#.-]+")
#: Words of a Japanese statement that name no topic: its subject and time words.
_JA_FUNCTION_WORDS = lazy_compile(r"ユーザー|最近|今|現在|もう|毎日|毎週|私|僕|俺")
#: Kanji numerals: a count, not a topic ("二匹" / "一匹" share the counter, not the number).
_JA_NUMERALS = frozenset("一二三四五六七八九十百千万")
#: A stretch of hiragana, and what stands right before it.
_HIRAGANA_RUN = lazy_compile(r"[\u3041-\u3096]+")
#: Particles: where a word may begin after them. A hiragana word ends before one of the first
#: four (object, subject, topic, "also"), which follow nouns only; に, で, と, の, へ, や also
#: follow verb forms ("のんで", "たべると"), and a word before them may be an inflection.
_PARTICLES = "をがはもにでとのへや"
_WORD_ENDS = "をがはも"
#: Hiragana that never begin a word (a small kana, the moraic nasal).
_NEVER_FIRST = frozenset("っゃゅょぁぃぅぇぉゎん")
#: The last kana of a predicate's plain form (u-row verb endings, い of an adjective or of
#: ない / たい, past た / だ, な of a na-adjective): before の or こと it is a verb made a noun
#: ("吸うの", "走ること", "好きなの"), no topic word.
_PREDICATE_END = frozenset("うくぐすつぬぶむるいただな")
#: The closed classes of hiragana grammar words: pronouns and demonstratives, formal nouns, and
#: adverbs of time, frequency and degree (a time or a degree is no topic: "いまは…").
_JA_GRAMMAR_WORDS = frozenset(
    "わたし あたし ぼく おれ あなた かれ かのじょ みんな じぶん これ それ あれ どれ ここ そこ あそこ どこ"
    " この その あの どの こちら そちら あちら こと もの ところ ため よう つもり はず わけ ほう うち まま"
    " とき ころ ほか いま さいきん まだ また よく いつも まいにち きょう あした きのう ずっと ちょっと"
    " すこし たくさん とても ぜんぜん あまり じつ".split()
)
#: Auxiliaries inside a stretch: progressive and polite endings ("…ていた", "…ました").
_AUXILIARY = lazy_compile(r"[てで]い|まし|ませ")
#: Katakana that have a hiragana twin (ァ..ヶ): "タバコ" and "たばこ" are one word.
_KATAKANA_TWINS = str.maketrans({chr(c): chr(c - 0x60) for c in range(0x30A1, 0x30F7)})


def _hiragana_words(text: str) -> set[str]:
    """The hiragana words of a Japanese text, by structure (see the module docstring)."""
    found: set[str] = set()
    for run in _HIRAGANA_RUN.finditer(text):
        word = run.group()
        before = text[run.start() - 1] if run.start() else " "
        # right after a kanji, katakana or Latin letter, a stretch that opens with no particle
        # opens with the word's own ending (okurigana: "吸うのを"), unless it is a word that long
        attached = before.isalnum()
        openings = [0, *(i + 1 for i, c in enumerate(word) if c in _PARTICLES)]
        for end, c in enumerate(word):
            if c not in _WORD_ENDS:
                continue
            # the nearest opening that leaves a word of two kana or more
            start = next((o for o in reversed(openings) if o <= end - 2), None)
            if start is None:
                continue
            piece = word[start:end]
            if start == 0 and attached and len(piece) < 3:
                continue
            if not _grammar(piece):
                found.add(piece)
    return found


def _grammar(piece: str) -> bool:
    """``piece`` (hiragana before a particle) is grammar, not a word that may name a topic."""
    return (
        piece in _JA_GRAMMAR_WORDS
        or piece[0] in _NEVER_FIRST
        or piece[-1] in "てで"
        or _AUXILIARY.search(piece) is not None
        or (piece.endswith("の") and piece[-2] in _PREDICATE_END)
        or (piece.endswith("こと") and len(piece) > 2 and piece[-3] in _PREDICATE_END)
    )


#: A kanji alone before its okurigana (no particle): the stem of a verb or an adjective ("飲む",
#: "好き", "吸う"), which a statement shares with others on other things ("おちゃを飲む" / "おさけを
#: 飲まない", "すしが好き" / "ラーメンが好き").
_PREDICATE_KANJI = lazy_compile(
    r"(?<![\u4e00-\u9fff])[\u4e00-\u9fff](?=[\u3041-\u3096])(?![をがはもにでとのへやか])"
)
#: A word in kanji, katakana or Latin letters before the particle of an object, a subject or a
#: topic: what the statement is about.
_ARGUMENT = lazy_compile(r"(?:[\u4e00-\u9fff]+|[\u30a0-\u30ff]{2,}|[A-Za-z][\w+#.-]*)(?=[をがはも])")


def ja_content(text: str) -> set[str]:
    """The words of a Japanese statement that may name its topic: kanji (no numeral), katakana
    and Latin words (:data:`_JA_CONTENT`), and hiragana words (:func:`_hiragana_words`); kana
    words are compared in hiragana ("タバコ" is "たばこ")."""
    words = _JA_FUNCTION_WORDS.sub(" ", own_words(text))
    found = {w.casefold() for w in _JA_CONTENT.findall(words) if w not in _JA_NUMERALS}
    found |= _hiragana_words(words)
    return {w.translate(_KATAKANA_TWINS) for w in found}


def _arguments(text: str) -> set[str]:
    """The words of a Japanese statement before を, が, は or も (each kanji apart, as in
    :func:`ja_content`), hiragana words among them."""
    words = _JA_FUNCTION_WORDS.sub(" ", own_words(text))
    found = {w.casefold() for run in _ARGUMENT.findall(words) for w in _JA_CONTENT.findall(run)}
    found |= _hiragana_words(words)
    return {w.translate(_KATAKANA_TWINS) for w in found}


def _shared(mine: set[str], theirs: set[str]) -> set[str]:
    """The words of ``mine`` that ``theirs`` has, or a kana word of it that ends the other's or
    that the other ends ("おさけ" / "またおさけ", "コーヒー" / "アイスコーヒー": the head of a
    Japanese compound is its last part)."""
    return {
        a
        for a in mine
        if a in theirs
        or (
            len(a) >= 2
            and not a.isascii()
            and any(len(b) >= 2 and (a.endswith(b) or b.endswith(a)) for b in theirs)
        )
    }


def ja_share(new: str, old: str) -> bool:
    """Two Japanese statements share a topic word (:func:`ja_content`, :func:`_shared`). A verb
    or adjective stem alone (:data:`_PREDICATE_KANJI`) is no shared topic where both statements
    name what they are about and share none of it: "おちゃをたくさん飲むようになりました" is not
    about "おさけを飲まない", "ラーメンが好き" not about "すしが好き"."""
    shared = _shared(ja_content(new), ja_content(old))
    stems = set(_PREDICATE_KANJI.findall(own_words(new))) | set(_PREDICATE_KANJI.findall(own_words(old)))
    if not shared - stems:
        mine, theirs = _arguments(new), _arguments(old)
        return bool(shared) and not (mine and theirs and not _shared(mine, theirs))
    return True
