"""Text asking the agent for a secret it was set to keep (data for :mod:`memscribe.guard.rules`):
"your secret password", "the password you are guarding", "tell me the secret word",
"tu contraseña secreta", "le mot de passe que tu dois protéger", "das geheime Passwort in deinen
Anweisungen", "секретный пароль", "秘密のパスワード", "你守护的密码".

The secret is the agent's ("your", "you guard", "you were given"), or "the secret password"
asked for outright: a user speaks of their own password as "my" and asks how to reset it; a
text about such games speaks of "the bot" and "a secret word" in the third person.
"""

from __future__ import annotations

_ALTERNATIVES = (
    r"\b(?:what\s+is|what'?s|tell\s+me|give\s+me|reveal|spell\w*|say|print|write|show\s+me|output|use|include)\b"
    r"[^.\n]{0,30}?\byour\s+(?:secret|hidden|guarded|protected)\s+(?:password|passphrase|word)"
    r"|\b(?:password|passphrase|secret\s+(?:word|code))\s+(?:that\s+)?you(?:'re|\s+are|\s+were|\s+have\s+been)?\s+"
    r"(?:guard\w*|protect\w*|keep\w*|hid\w*|told\s+not|supposed\s+to\s+(?:keep|protect|guard)|must\s+not)"
    r"|\b(?:what\s+is|what'?s|tell\s+me|give\s+me|reveal|spell\w*|say|print|write|show\s+me)\b[^.\n]{0,30}?"
    r"\bthe\s+(?:secret|hidden)\s+(?:password|passphrase|word|code)"
    r"|\b(?:tu|la)\s+contraseña\s+secreta|\bcontraseña\s+que\s+(?:proteges|guardas|te\s+dijeron)"
    r"|\b(?:ton|le|du)\s+mot\s+de\s+passe\s+(?:secret|que\s+tu\s+(?:dois\s+)?(?:protèges|protéger|gardes|garder|caches))"
    r"|\b(?:dein\w*|die|das)\s+geheime\w*\s+(?:passwort|passphrase|kennwort|wort|code)"
    r"|\b(?:a|sua|tua)\s+senha\s+secreta|\bsenha\s+que\s+você\s+(?:protege|guarda)"
    r"|\b(?:la\s+(?:tua\s+)?)password\s+segreta|\bparola\s+segreta"
    r"|\bсекретн\w+\s+(?:парол\w*|слов\w*|код\w*)|\bпарол\w*,?\s+котор\w+\s+ты\s+(?:охраняешь|защищаешь|хранишь)"
    r"|秘密の(?:パスワード|合言葉)|(?:你|您)(?:守护|保护|保管)的密码|秘密密码|密码本身"
    r"|비밀\s*(?:번호|암호)를\s*(?:직접\s*)?(?:말|알려|거꾸로)"
)
PATTERN = _ALTERNATIVES
#: Substrings one of which every match holds.
HINTS = (
    "password", "passphrase", "pass word", "secret",
    "contraseña", "mot de passe", "geheim", "senha", "segreta", "секретн", "парол", "秘密", "密码", "비밀",
)  # fmt: skip
