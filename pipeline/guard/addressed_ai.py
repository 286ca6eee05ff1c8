"""Text inside a document that turns to an AI reader (data for :mod:`memscribe.guard.rules`):
a label naming the AI as its addressee ("AI assistant:", "Note to AI:", "Hinweis für
KI-Agenten:", "Pour l'assistant IA :", "AIアシスタントへ：", "给 AI 助手：", "ИИ-ассистент,"), at the
start of a line, cell, comment or sentence, or "if you are an AI". An e-mail, page, table or
log is written for people; a part of it written to the model that reads it is an injection
however it goes on.

A user talks to the agent as "you" and does not label a line for an AI reader, so their own
requests are not this shape; a sentence that merely mentions an AI assistant ("our product is
an AI assistant") is not either: the label needs its place (line, cell or sentence start) and
its colon, or the "to/for" of an address.
"""

from __future__ import annotations

# An AI reader, in the languages of the corpora: "AI assistant(s)", "AI agent", "language
# model", "LLM", "KI-Agenten", "assistant IA", "asistente de IA", "ИИ-ассистент", "AI 助手",
# "AIアシスタント", "AI 어시스턴트" (and the bare "AI"/"KI"/"IA"/"ИИ" after "to/for").
_AGENT = (
    r"(?:(?:ai|a\.i\.|ki|ia|ии|llm|gpt)[\s-]*(?:assistants?|agents?|bots?|helpers?|coding\s+assistants?|"
    r"meeting\s+assistants?|assistenten|agenten|assistente|agente|asistente|ассистент\w*|агент\w*|"
    r"助手|编程助手|アシスタント|エージェント|어시스턴트|에이전트)"
    r"|(?:assistant|agent|assistente|asistente|agente)s?\s+(?:d['e]\s*)?(?:ia|ki|ai)\b)"
)
# A model named as the reader: only after "to/for" ("Hinweis an das Sprachmodell:"), since
# "Language model: gpt-4o" is a setting.
_MODEL = (
    r"(?:(?:language|sprach)\s*-?\s*mod\w+|sprachmodell\w*|llms?|(?:ai|ki|ia|ии)[\s-]*mod\w+|"
    r"modèles?\s+de\s+langage|modelos?\s+de\s+lenguaje|языков\w+\s+модел\w+|语言模型|言語モデル|언어\s*모델|"
    r"ai|ki|ia|ии)\b"
)
_LEAD = r"(?:^|(?=[\"'\[(|#;*/<>»«.!?。！？\\-])(?:[\"'\[(|#;*/<>»«-]|[.!?。！？]\s|\\n))\s*"
_ARTICLE = r"(?:(?:the|an?|any|das|die|den|der|le|la|les|l'|el|los|la|il|lo|gli|o|os)\s*)?"
_TO = (
    r"(?:note|notice|message|memo|instructions?|pre-?read|important|attention|hinweis|nachricht|anweisung\w*|"
    r"remarque|avis|nota|aviso|mensaje|avviso|замечани\w*|примечани\w*|сообщени\w*)?\s*"
    r"(?:to|for|für|an|pour|à|para|per|a|к|для)\s+"
)
#: What may stand between the AI reader and the label's colon: a few words, or a clause that
#: says which AI reader is meant ("for the AI assistant that summarises these minutes:",
#: "pour les assistants IA qui préparent une lettre :", "AI assistant managing this calendar:").
_WHICH = (
    r"(?:[^:：,\n]{0,20}?|\s*,?\s+(?:that|which|who|reading|processing|summari[sz]ing|managing|handling|"
    r"reviewing|working|qui|que|che|der|die|das|welche\w*|который|которая|которые)\b[^:：\n]{1,60}?)"
)
_ALTERNATIVES = (
    # a label: "AI assistant:", "Note to AI:", "Pour l'assistant IA :", "ИИ-ассистент,"
    _LEAD
    + _TO
    + _ARTICLE
    + r"(?:"
    + _AGENT
    + "|"
    + _MODEL
    + r")"
    + _WHICH
    + r"\s*[:：]"
    + r"|"
    + _LEAD
    + _ARTICLE
    + _AGENT
    + _WHICH
    + r"\s*[:：]"
    + r"|"
    + _LEAD
    + _ARTICLE
    + _AGENT
    + r"\s*,\s*(?!\w+\s+(?:is|are|ist|sind|est|sont|es|son|è|sono)\b)"
    # East Asian addresses: "AIアシスタントへ", "AI 어시스턴트에게", "给 AI 助手", "致 AI"
    + r"|(?:ai|ＡＩ)\s*(?:アシスタント|エージェント|助手|编程助手|代理|어시스턴트|에이전트)?\s*(?:へ|に告ぐ|에게|께)"
    + r"|(?:给|致|告)\s*(?:ai|ＡＩ)\s*(?:助手|代理|编程助手)?\s*(?:的)?\s*[:：,，]"
    + r"|(?:ai|ＡＩ)\s*(?:助手|编程助手|代理)\s*(?:注意|请注意|须知)"
    # "if you are an AI": the writer sorts its readers and speaks to the machine one
    + r"|\b(?:if|when)\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|assistant|agent)\b"
    + r"|\bsi\s+(?:tu\s+es|vous\s+êtes|eres)\s+(?:un|une|una)\s+(?:ia|assistant|asistente|agent)"
    + r"|\bwenn\s+du\s+(?:eine\s+ki|ein\s+(?:ki-)?(?:assistent|agent|sprachmodell))"
)
#: Every alternative starts at a line start or with one of these characters: the regex is
#: entered only there (it is tried at every position of the windows around the hints).
PATTERN = r"(?:^|(?=[\"'\[(|#;*/<>»«.!?。！？\\\-aＡ给致告iwsIWS]))(?:" + _ALTERNATIVES + ")"
#: Substrings one of which every match holds: the reader's noun, or the words that address a
#: bare "AI" (a two-letter hint would send the regex to every "email" and "via").
HINTS = (
    "assist", "agent", "bot", "helper", "asistent", "ассистент", "агент", "助手", "代理", "アシスタント",
    "エージェント", "어시스턴트", "에이전트", "sprachmod", "language", "llm", "modèle", "modelo", "языков",
    "语言模型", "言語モデル", "언어", "model",
    "to ai", "for ai", "an ki", "für ki", "an die ki", "l'ia", "la ia", "для ии", "к ии",
    "aiへ", "ai へ", "ai에게", "ai 에게", "给ai", "给 ai", "致ai", "致 ai", "ａｉ",
    "you are a", "si tu es", "si vous", "si eres", "wenn du",
)  # fmt: skip
