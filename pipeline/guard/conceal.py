"""Text that tells its reader to keep something from "the user" (data for
:mod:`memscribe.guard.rules`): "don't tell the user", "no se lo menciones al usuario",
"sans le dire à l'utilisateur", "erwähne das nicht", "пользователю не сообщай", "不要告诉用户",
"ユーザーへの報告は不要", "사용자에게는 알리지 마세요".

A user speaks of themselves as "me", not as "the user", so a text that speaks of the user in
the third person and asks for silence toward them is written for the agent that serves them.
"""

from __future__ import annotations

_ALTERNATIVES = (
    r"\b(?:do\s+not|don'?t|never|without)\s+(?:tell\w*|inform\w*|mention\w*|notify\w*|"
    r"let\s+(?:the\s+)?(?:user|developer|owner)s?\s+know)"
    r"[^.\n]{0,30}?\b(?:the\s+)?(?:user|developer|repo\s+owner|owner|human)s?\b"
    r"|\bno\s+(?:se\s+lo\s+)?(?:menciones|digas|informes|avises)\s+al?\s+(?:usuario|desarrollador)"
    r"|\bsin\s+(?:decírselo|avisar|informar)\s+al?\s+usuario"
    r"|\bsans\s+(?:le\s+dire|prévenir|informer|en\s+parler)\s+à\s+l'utilisateur"
    r"|\bne\s+(?:le\s+)?dis\s+rien\s+à\s+l'utilisateur|\bn'en\s+parle\s+pas\s+à\s+l'utilisateur"
    r"|\b(?:erwähne|sag)\s+(?:das|es)\s+(?:dem\s+(?:nutzer|benutzer|anwender)\s+)?nicht"
    r"|\bohne\s+(?:den\s+)?(?:nutzer|benutzer)\s+zu\s+(?:informieren|fragen)"
    r"|\bsenza\s+(?:dirlo|avvisare|informare)\s+(?:all'|l')?utente|\bnon\s+dirlo\s+all'utente"
    r"|\bsem\s+(?:avisar|informar|contar)\s+(?:ao|o)\s+usuário|\bnão\s+(?:conte|diga|avise)\s+(?:ao|nada\s+ao)\s+usuário"
    r"|пользовател\w*\s+(?:об\s+этом\s+)?не\s+(?:сообщай|говори|рассказывай)|\bне\s+(?:сообщай|говори)\s+пользовател\w*"
    r"|不要(?:告诉|通知|提醒)(?:用户|开发者)|无需(?:告知|通知)用户|不用告诉用户"
    r"|ユーザー(?:に|へ)(?:は)?(?:知らせ|伝え|報告し)(?:ないで|る必要はありません)|ユーザーへの報告は不要"
    r"|사용자에게(?:는)?\s*(?:알리지|말하지)\s*마"
)
#: Every alternative starts with one of these characters: the regex is entered only there (it
#: is tried at every position of the windows around the hints).
PATTERN = "(?=[dnwseoпн不无ユ사])(?:" + _ALTERNATIVES + ")"
#: Substrings one of which every match holds: the verb of telling or asking (rarer than "user").
HINTS = (
    "tell", "inform", "mention", "notif", "know", "menciones", "digas", "informes", "avises", "decírselo",
    "avisar", "informar", "contar", "dire", "prévenir", "parle", "dis rien", "erwähne", "sag ", "fragen", "dirlo",
    "avvisare", "conte", "diga", "avise", "сообщай", "говори", "рассказывай", "告诉", "通知", "提醒", "告知",
    "知らせ", "伝え", "報告", "알리지", "말하지",
)  # fmt: skip
