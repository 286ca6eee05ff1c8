"""Text that tells its reader to keep something from "the user" or to act without asking them
(data for :mod:`memscribe.guard.rules`): "don't tell the user", "no se lo menciones al usuario",
"sans le dire à l'utilisateur", "erwähne das nicht", "пользователю не сообщай", "不要告诉用户",
"ユーザーへの報告は不要", "사용자에게는 알리지 마세요"; "without asking the user", "the user has already
authorised you", "senza chiedere conferma all'utente",
"не спрашивай подтверждения у пользователя", "ユーザーに確認せずに".

A user speaks of themselves as "me", not as "the user" ("don't add dependencies without asking
me"), so a text that speaks of the user in the third person and asks for silence toward them,
or for acting past their consent, is written for the agent that serves them.
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
    # acting past the user's consent, or claiming it was given
    r"|\buser\s+(?:has\s+)?(?:already\s+)?(?:pre-?)?(?:authori[sz]ed|approved|allowed|permitted)\s+you\b"
    r"|\busuario\s+no\s+(?:necesita|tiene\s+que|debe)\s+(?:saber|enterarse)"
    r"|\butilisateur\s+n'a\s+pas\s+(?:besoin\s+)?(?:à|de)\s+(?:le\s+)?savoir"
    r"|\brückfrage\s+(?:beim|bei\s+dem|an\s+den)\s+(?:nutzer|benutzer|anwender)"
    r"|(?:(?<=nutzer\s)|(?<=anwender\s))muss\s+(?:das\s+|es\s+|davon\s+)?nichts?\s+(?:wissen|erfahren)"
    r"|\busuário\s+não\s+precisa\s+saber"
    r"|\bне\s+спрашива\w*\s+(?:\w+\s+)?у\s+пользовател\w*"
    r"|不(?:需要|用|必)(?:告诉|通知|询问|问)用户|无需(?:询问|征求)用户"
    r"|ユーザー(?:に|へ)(?:の)?確認(?:せず|は不要|しないで)"
    r"|사용자에게\s*(?:묻지|확인하지)\s*(?:말고|않고)"
)
#: Every alternative starts with one of these characters: the regex is entered only there (it
#: is tried at every position of the windows around the hints).
#: Acting without asking the user. A rule the user taught says the same words under a negation
#: ("never add dependencies without asking the user", "nunca borres nada sin preguntar al usuario"):
#: protective, so the clause before them must hold no negation.
_WITHOUT_ASKING = (
    r"\b(?:without|no\s+need\s+to)\s+(?:ask\w*|consult\w*|check\w*\s+with|confirm\w*\s+with|tell\w*|"
    r"inform\w*|wait\w*\s+for)\s+(?:the\s+)?(?:user|human|owner)s?\b"
    r"|\bsin\s+(?:preguntar|consultar|pedir\s+(?:confirmación|permiso))\s+al?\s+usuario"
    r"|\bsans\s+(?:demander|consulter)\s+(?:à\s+)?l'utilisateur"
    r"|\bsenza\s+(?:chiedere|domandare)\s+(?:conferma\s+|il\s+permesso\s+)?(?:all'|l')utente"
    r"|\bsem\s+(?:perguntar|pedir\s+(?:confirmação|permissão))\s+(?:ao|o)\s+usuário"
    r"|\bбез\s+(?:подтверждения|согласия|ведома)\s+пользовател\w*"
)
_NEGATION = (
    r"\b(?:never|not|don'?t|doesn'?t|avoid|mustn'?t|shouldn'?t|nunca|jamás|jamais|ne|n'|nie|niemals|nicht|"
    r"kein\w*|mai|non|não|никогда|не|нельзя)\b|不要|别|不可|禁止|绝不"
)
_CLAUSE_CHAR = r"[^.!?;:。！？\n]"
#: A clause start, then words none of which negates, then the act without asking. The look-ahead
#: first finds the act in the clause without the negation test at each character: most clauses
#: hold none, and a clause that does is then read as before (the same matches).
_UNNEGATED = (
    r"(?:^|(?<=[.!?;:。！？]))(?="
    + _CLAUSE_CHAR
    + r"*?(?=[wnsб])(?:"
    + _WITHOUT_ASKING
    + r"))(?:(?!"
    + _NEGATION
    + r")"
    + _CLAUSE_CHAR
    + r")*?(?=[wnsб])(?:"
    + _WITHOUT_ASKING
    + ")"
)
#: The alternatives are entered at a word start with one of their first letters, or at a letter
#: of theirs that may follow another word character ("пользовател", the CJK ones): inside a word,
#: the engine stops at the word-boundary test.
PATTERN = "(?:(?:\\b(?=[dnwseoпнurmб])|(?=[不无ユ사п]))(?:" + _ALTERNATIVES + ")|" + _UNNEGATED + ")"
#: Substrings one of which every match holds: the verb of telling or asking (rarer than "user").
HINTS = (
    "tell", "inform", "mention", "notif", "know", "menciones", "digas", "informes", "avises", "decírselo",
    "avisar", "informar", "contar", "dire", "prévenir", "parle", "dis rien", "erwähne", "sag ", "fragen", "dirlo",
    "avvisare", "conte", "diga", "avise", "сообщай", "говори", "рассказывай", "告诉", "通知", "提醒", "告知",
    "知らせ", "伝え", "報告", "알리지", "말하지",
    "without", "no need", "authorized you", "authorised you",
    "approved you", "allowed you", "permitted you", "sin preguntar", "sin consultar", "sin pedir", "no necesita",
    "no tiene que", "no debe", "demander", "consulter", "savoir", "rückfrage", "wissen", "erfahren", "chiedere",
    "domandare", "perguntar", "pedir", "precisa", "спрашива", "подтвержд", "согласия", "ведома", "询问", "问用户",
    "征求", "確認", "묻지", "확인하지",
)  # fmt: skip
