"""The system-prompt extraction shape in English (:data:`ENGLISH`) and in the other languages
people write to agents in (data for :mod:`memscribe.guard.rules`): a disclosure verb ("print", "show", "repeat", "tell me") and the
agent's own prompt ("system prompt", "initial/hidden instructions") in one sentence, said to the
agent ("your", "you", "dir") or asked word for word.

It mirrors the English ``system_prompt`` rule; asking how system prompts work, or for one's own
bot's prompt with no "your" and no "word for word", is left to the classifier.
"""

from __future__ import annotations

import re

#: Not right after a third party's possessive ("their", "its", "the bot's"): what follows is
#: someone else's, not the reader's.
_NOT_THIRD_PARTYS = r"(?<!\btheir\s)(?<!\bits\s)(?<!\bhis\s)(?<!\bher\s)(?<!'s\s)"
#: Asking for the agent's own instructions: a disclosure verb before them, or "your".
ENGLISH = (
    r"\b(?:print|reveal|show|repeat|output|display|tell\s+me|give\s+me|leak|dump|disclose|expose|"
    r"spell\s+out|recite|echo|return|provide|list|write\s+(?:out|down))\b"
    # "show me how to pass a system prompt" asks for a method, not for the prompt
    r"(?!\s+(?:me\s+|us\s+)?how\b)[^.\n]{0,30}?"
    # "models reveal their initial instructions": a third party's prompt, not the reader's
    + _NOT_THIRD_PARTYS
    + r"\b(?:system\s+(?:prompt|message|instructions?)|(?:initial|original|hidden|secret|pre-?prompt)\s+"
    r"(?:prompt|instructions?))|\byour\s+(?:(?:full|entire|initial|original|hidden|secret)\s+)?"
    r"(?:system\s+(?:prompt|message|instructions?)|(?:initial|original|hidden|secret)\s+(?:prompt|instructions))"
)
_CJK_NOUN = (
    r"系统提示词?|系統提示詞?|系统指令|系統指令|系统消息|初始指令|隐藏指令|"
    r"システムプロンプト|システムメッセージ|初期(?:の)?指示|隠された指示|最初の指示|"
    r"시스템\s*프롬프트|시스템\s*메시지|초기\s*지시"
)
_WORD_NOUN = (
    r"системн\w*\s+(?:промпт\w*|подсказк\w*|инструкци\w*|сообщени\w*)|"
    r"(?:исходн|первоначальн|скрыт)\w*\s+инструкци\w*|"
    r"(?:prompt|mensaje|instrucci\w+)\s+del?\s+sistema|instrucciones\s+(?:iniciales|originales|ocultas)|"
    r"(?:prompt|mensagem|instru[çc]\w+)\s+d[eo]\s+sistema|instru[çc][õo]es\s+(?:iniciais|originais|ocultas)|"
    r"system-?prompts?\b|systemnachricht\w*|systemanweisung\w*|"
    r"(?:ursprünglich|anfänglich|versteckt|geheim)\w*\s+anweisung\w*|"
    r"(?:prompt|message)\s+syst[èe]me|instructions?\s+(?:syst[èe]me|initiales|d'origine|cach[ée]es)|"
    r"(?:prompt|messaggio)\s+di\s+sistema|istruzioni\s+(?:di\s+sistema|iniziali|originali|nascoste)"
)
_CJK_NOUN_FIRST = "系初隐シ隠最시초"
_WORD_NOUN_FIRST = "сипмpmisuavg"
_NOUN = f"(?:(?=[{_CJK_NOUN_FIRST}])(?:" + _CJK_NOUN + rf")|\b(?=[{_WORD_NOUN_FIRST}])(?:" + _WORD_NOUN + "))"
_CJK_VERB = (
    r"输出|給我|给我|告诉我|告訴我|显示|顯示|展示|打印|复述|複述|重复|重複|贴出|列出|写出|"
    r"教えて|出力|表示|見せて|書いて|繰り返|貼って|출력|보여|알려|말해|써\s*줘|반복"
)
_WORD_VERB = (
    r"выведи|покажи|скажи|повтори|напиши|распечатай|процитируй|дай|"
    r"muestra\w*|mu[ée]strame\w*|dime|dame|c[óo]pia\w*|repite\w*|escribe\w*|imprime|revela\w*|"
    r"mostre|mostra|diga|repita|copie|escreva|imprima|revele|"
    r"zeig\w*|gib|nenn\w*|wiederhol\w*|schreib\w*|druck\w*|verrat\w*|ausgeben|"
    r"montre\w*|donne\w*|r[ée]p[èe]te\w*|[ée]cris|affiche\w*|r[ée]v[èe]le\w*|recopie\w*|dis-moi|"
    r"dimmi|dammi|ripeti|scrivi|stampa|rivela|copia"
)
# Each branch is entered only where its first character can start it: the regex is tried at
# every position of the windows around the hints, and a plain alternation tests each verb there.
_CJK_VERB_FIRST = "输給给告显顯展打复複重贴列写教出表見書繰貼출보알말써반"
#: The first letters of :data:`_WORD_VERB` (the regex is case-insensitive).
_WORD_VERB_FIRST = "acdegimnrsvwzéвднпрс"
_VERB = f"(?:(?=[{_CJK_VERB_FIRST}])(?:" + _CJK_VERB + rf")|\b(?=[{_WORD_VERB_FIRST}])(?:" + _WORD_VERB + "))"
_GAP = r"[^.。！？!?\n]{0,60}?"
#: Verb and prompt in one sentence, in either order; entered only at a character that can
#: start either (the first characters of both, as a look-ahead: the same matches, in the same
#: order, without trying every verb and noun at every position of the windows).
PATTERN = (
    f"(?=[{_WORD_VERB_FIRST}{_CJK_VERB_FIRST}{_CJK_NOUN_FIRST}{_WORD_NOUN_FIRST}])(?:"
    + _VERB
    + _GAP
    + _NOUN
    + "|"
    + _NOUN
    + _GAP
    + _VERB
    + ")"
)
#: Substrings one of which every match holds (the regex is skipped when none occurs).
HINTS = (
    "系统", "系統", "初始指令", "隐藏指令", "システム", "初期", "隠された指示", "最初の指示", "시스템", "초기",
    "систем", "инструкци", "sistema", "syst", "instruc", "instruç", "istruz", "anweisung",
)  # fmt: skip
#: Said to the agent, or asked word for word.
ADDRESSED = re.compile(
    r"你|您|あなた|君の|너|네가|당신|"
    r"\b(?:тво\w*|ваш\w*|сво[йеёюяи]\w*|дословно)\b|"
    r"\b(?:tus?|te|ti|teu|tua|seu|sua|suas|seus|você|voce|dein\w*|dir|dich|tes|ton|ta|vos|votre|toi|tue|tuo|tuoi)\b|"
    r"一字不差|逐字|原文|そのまま|一字一句|그대로|"
    r"palabra\s+por\s+palabra|palavra\s+por\s+palavra|wort\s+f[üu]r\s+wort|mot\s+pour\s+mot|parola\s+per\s+parola",
    re.IGNORECASE,
)
