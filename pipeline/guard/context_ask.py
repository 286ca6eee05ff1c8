"""Text asking the agent for what it was given before the user spoke (data for
:mod:`memscribe.guard.rules`): "the instructions you got before my first message", "what were you
told not to tell me", "the first line of this conversation", "antes de mi primer mensaje",
"avant mon premier message", "vor meiner ersten Nachricht", "до моего первого сообщения",
"在我发言之前", "この会話の最初のメッセージ".

Whatever came before the user's first message is the agent's own setup (a system prompt, hidden
rules, a guarded secret): the user cannot have written it, so asking for it is extraction
however it is worded ("paste back", "translate", "summarise").
"""

from __future__ import annotations

#: What is asked for comes first ("the instructions you got before my first message"): "before my first
#: message I had pushed the fix" asks for nothing.
_ALTERNATIVES = (
    r"\b(?:instructions?|rules|text|everything|anything|all|what(?:ever)?|content|words|got|received|given|told|"
    r"came|said|written|appears?)\b[^.\n]{0,40}?"
    r"\b(?:before|prior\s+to|preceding)\s+(?:my|the\s+user'?s?)\s+(?:very\s+)?first\s+(?:message|prompt|question|input)"
    r"|\bbefore\s+(?:this|the|our)\s+(?:conversation|chat)\s+(?:started|began)"
    r"|\bwhat\s+(?:were|are)\s+you\s+(?:told|instructed|asked|not\s+supposed)\s+(?:not\s+to|to\s+(?:keep|hide))"
    r"|\b(?:quote|repeat|print|paste|copy|tell\s+me|what\s+is|what'?s)\b[^.\n?]{0,30}?\bfirst\s+(?:line|message|sentence)\s+"
    r"(?:of|in)\s+(?:this|the|our)\s+(?:conversation|chat|dialog(?:ue)?|context)"
    r"|\bantes\s+de\s+(?:mi|la\s+minha|minha)\s+(?:primer\w*\s+)?(?:mensa\w+|pregunta)"
    r"|\bavant\s+mon\s+(?:premier\s+)?message"
    r"|\bvor\s+meiner\s+(?:ersten\s+)?(?:nachricht|frage)"
    r"|\bprima\s+del\s+mio\s+(?:primo\s+)?messaggio"
    r"|\bдо\s+моего\s+(?:первого\s+)?(?:сообщени\w*|вопрос\w*)|\bперво\w+\s+сообщени\w+\s+в\s+этом\s+(?:диалоге|чате)"
    r"|在我(?:发言|说话|提问|的第一条消息)之前|我的第一条消息之前"
    r"|この会話の最初のメッセージ|私の(?:最初の)?メッセージ(?:より|の)前"
)
#: Each alternative starts with one of these characters (case-insensitive): the regex is entered
#: only there (the same matches, without trying every alternative at every position).
_FIRST = "irteawcgsbqpvдп在我こ私"
PATTERN = f"(?=[{_FIRST}])(?:{_ALTERNATIVES})"
#: Substrings one of which every match holds.
HINTS = (
    "first", "before", "prior to", "preceding", "what were", "what are you", "antes de", "avant mon",
    "vor meiner", "prima del", "до моего", "перво", "之前", "最初", "より前", "の前",
)  # fmt: skip
