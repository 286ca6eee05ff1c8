"""What an exfiltration request sends, and when a plain business item is loot (data for
:mod:`memscribe.guard.rules`).

"Send … to <address>" is what an e-mail, a notice or a ticket asks of its human readers every
day: "please send the signed contract files to legal@…", "kindly forward all the invoices to
accounting@…", "upload your documents to https://portal…", "send an email with the subject
UNSUBSCRIBE to list@…". What is sent there is a business item the reader was asked for. An
exfiltration wants the reader's secrets or its context (credentials, keys, tokens, ``.env``,
the conversation, the system prompt, its memory: :data:`SENSITIVE`), or sweeps a store ("the
whole repository", "all the files in my cloud", "every file you can read": :data:`SWEEP`).

A plain item (:data:`GENERIC`: files, documents, e-mails, data, "all the …") is loot only when
the text is aimed at an agent (rule ``item_exfiltration``): it names an AI reader, asks for secrecy or haste
past the user, sets aside the reader's instructions, or speaks of "the user" in the third
person (a text that tells its reader what to do with "the user's" data is written to the
agent that serves the user, not to the user).
"""

from __future__ import annotations

#: Secrets and the agent's own context: loot whatever else the text says.
SENSITIVE = (
    r"(?:\b(?:credentials?|passwords?|passwd|secrets?|(?:api[ _-]?)?keys?|tokens?|cookies?|"
    r"env(?:ironment)?(?:\s+var\w*)?|ssh|history|conversation|chat|messages|system\s+prompt|memor(?:y|ies))"
    r"|(?<!\w)\.(?:env|ssh)\b)"
)
#: A sweep of a store: "the entire/whole …", "all the files in my cloud", "every file you can read",
#: "all of the documents from this folder" (a quantified item, then where it is kept or who reads it).
SWEEP = (
    r"\b(?:(?:entire|whole)\b|(?:all|every|each|any)\b(?:\s+(?:of\s+)?(?:the|your|my|our|their|its|this|these|those))?"
    r"\s+(?:[\w'-]+\s+){0,2}?(?:files?|folders?|director(?:y|ies)|documents?|emails?|contacts?|data|records|contents?)\b"
    r"[^\n.!?]{0,30}?\b(?:in|on|from|of|you|that|which)\b)"
)
#: Items people are asked to send every day: loot only in a text aimed at the agent (the
#: rules' cues and :data:`THE_USER`).
GENERIC = (
    r"\b(?:(?:all|every|any)\s+(?:of\s+)?(?:the|your|my|our|their|its|this|these|those)\b|(?:files?|folders?|"
    r"director(?:y|ies)|documents?|emails?|contacts?|data(?:base)?|contents?))"
)
#: "the user('s)": the reader is told about the user, so the reader is the agent.
THE_USER = r"\bthe\s+user(?:'s|s'?)?\b"

#: A URL or address that data could be sent to.
_DEST = r"(?:https?://|ftp://|webhook\.\w|[\w.+-]+@[\w-]+\.[\w.]+)"
#: A verb that moves data, then (one sentence: no mark and space) what it moves, and where to.
_SENDS = (
    r"\b(?:send|post|upload|forward|exfiltrate|transmit|leak|beacon|e-?mail|mail|share|copy|transfer|"
    r"export|dump|sync|submit)\b(?:[^\n.!?]|[.!?]\S){0,60}?"
)
_TO_DEST = r"\b[^\n]{0,80}?\b(?:to|at|into|via)\s+" + _DEST
#: Secrets or a sweep sent somewhere, or data pushed straight to a URL: exfiltration as it stands.
PATTERN = (
    _SENDS
    + "(?:"
    + SENSITIVE
    + "|"
    + SWEEP
    + ")"
    + _TO_DEST
    + r"|\b(?:exfiltrate|transmit|leak|beacon)\b[^\n]{0,80}?\b(?:to|at)\s+(?:https?|ftp)://"
)
#: A business item sent somewhere: exfiltration in a text aimed at the agent (:data:`THE_USER`
#: beside the rules' cues).
ITEM_PATTERN = _SENDS + GENERIC + _TO_DEST
#: Substrings one of which every match holds.
HINTS = ("@", "://", "webhook")
