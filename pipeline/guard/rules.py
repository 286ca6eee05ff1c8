"""The injection rule table: named patterns for text that tries to steer the agent.

A memory must describe the user, never address or command the agent that will read it.
Each rule is one *shape* of agent-directed text (an override, a fake role tag, a
download-and-execute line, an exfiltration request); rules run on the normalised views of
:mod:`memscribe.guard.normalise`, so look-alike letters and invisible characters do not hide
them. Procedural playbook text such as "Run tests with pnpm, not npm" must pass: plain
``run <tool>`` is a rule the user taught, while "run this command", ``curl … | sh`` or
"send … to https://…" command the agent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from memscribe.guard import (
    addressed_ai,
    conceal,
    context_ask,
    exfil_intl,
    exfil_loot,
    extraction_intl,
    guarded_secret,
)
from memscribe.guard.entry import compile_entered
from memscribe.guard.hints import HintScan
from memscribe.guard.quotes import quoted, reported
from memscribe.guard.role_prefix import PATTERN as ROLE_PREFIX
from memscribe.guard.standing_order import FROM_NOW_ON

__all__ = ["RULES", "InjectionRule", "first_rule"]


@dataclass(frozen=True)
class InjectionRule:
    """A named pattern; a match means the text tries to steer the agent.

    The regex (``source`` with ``flags``) is compiled the first time it runs: most texts hold
    none of most rules' hints, so an extract reads few of them, and compiling the whole table
    cost every run a fixed ~20-30 ms of start-up.
    """

    name: str
    source: str
    flags: int
    #: Lower-case substrings one of which every match contains: the regex is skipped when none
    #: occurs (a substring search is far cheaper than a regex scan).
    hints: tuple[str, ...] = ()
    #: When set, the regex only scans this many characters either side of each hint (a match
    #: holds a hint and is shorter than this), instead of the whole text.
    window: int = 0
    #: When set, the rule fires only if this also matches somewhere in the text: shapes that a
    #: user types for their own project (an install one-liner, "call the X tool", "save this to
    #: memory") steer an agent only when the text also aims at the agent itself.
    needs: re.Pattern[str] | None = None
    #: When true, a match inside quotation marks or a code block is a mention (a report of
    #: what an attacker wrote, a regex that looks for it), not a use.
    mention_ok: bool = False
    #: When true, a match inside a quotation that a word reports ("text like \"…\"") is a mention.
    mention_reported: bool = False

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return compile_entered(self.source, self.flags)

    def search(self, text: str, low: str, present: frozenset[str] | None = None) -> bool:
        """True when the rule matches ``text`` (``low`` is ``text.lower()``; ``present``, when
        given, the hints of every rule that occur in ``low``)."""
        if present is not None and self.hints and present.isdisjoint(self.hints):
            return False
        if not self._matches(text, low, present):
            return False
        # the cue is looked for only after the (rarer, hint-gated) shape matched
        return self.needs is None or self.needs.search(text) is not None

    def _matches(self, text: str, low: str, present: frozenset[str] | None = None) -> bool:
        """``present``, when given, holds the hints that occur in ``low`` (found once per text
        for every rule by :func:`first_rule`)."""
        if not self.hints:
            return self._hit(text, 0, len(text))
        hints = self.hints if present is None else [h for h in self.hints if h in present]
        if not self.window:
            return any(h in low for h in hints) and self._hit(text, 0, len(text))
        for hint in hints:
            at = low.find(hint)
            while at >= 0:
                if self._hit(text, max(0, at - self.window), at + len(hint) + self.window):
                    return True
                at = low.find(hint, at + len(hint))
        return False

    def _hit(self, text: str, start: int, end: int) -> bool:
        if self.mention_ok or self.mention_reported:
            mention = quoted if self.mention_ok else reported
            return any(not mention(text, m.start()) for m in self.pattern.finditer(text, start, end))
        return self.pattern.search(text, start, end) is not None


def _rule(
    name: str,
    pattern: str,
    *,
    ignore_case: bool = True,
    hints: tuple[str, ...] = (),
    window: int = 0,
    needs: re.Pattern[str] | None = None,
    mention_ok: bool = False,
    mention_reported: bool = False,
) -> InjectionRule:
    flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
    return InjectionRule(name, pattern, flags, hints, window, needs, mention_ok, mention_reported)


#: Text aimed at the agent rather than at the user's own project: it names an AI reader,
#: asks for secrecy or haste past the user, or tells the reader to set aside what it was told.
#: A user's "curl … | bash installs nvm" or "call the cleanup tool after tests" has none.
AGENT_AIMED = re.compile(
    r"\b(?:ai|llm|gpt|chatbot|language\s+model|assistants?|agents?|bots?)\b"
    r"|\b(?:secretly|silently|quietly|covertly|immediately|urgently)\b"
    r"|\bwithout\s+(?:asking|telling|informing|notifying|confirm\w*|permission|mentioning)\b"
    r"|\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention|notify|ask|reveal|show)\b"
    r"|\b(?:ignore|disregard|instead\s+of\s+(?:answering|responding|summari[sz]ing))\b"
    r"|\byou\s+(?:must|should|will|need\s+to|have\s+to|are\s+(?:required|instructed))\b"
    r"|\byour\s+(?:memory|memories|instructions|task|next\s+(?:step|action))\b"
    r"|\b(?:important|attention|note\s+to|instructions?\s+for)\b[^\n]{0,30}\b(?:ai|assistant|agent|model)\b",
    re.IGNORECASE,
)


# Tags an agent transcript or recall block uses. Role tags match in any case; generic words
# only in lowercase, so code generics such as ``Promise<User>`` are not flagged.
_ROLE_TAGS = (
    r"(?i:system|assistant|developer|im_start|im_end|memwal-memories|relevant[-_]memories|"
    r"function_calls?|tool_calls?|tool_result|tool_use|antml:[a-z_]+)"
)
_LOWER_TAGS = r"user|tool|human|ai|instructions?|prompt|memories|memory|context|admin|root"

_AIMED = re.compile(AGENT_AIMED.pattern + "|" + exfil_loot.THE_USER, re.IGNORECASE)
_SHELL = r"(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\bpython3?\b|\bnode\b|\bperl\b|\bruby\b|\bsource\b"
_FETCH = r"(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)"

# What makes an image URL carry data out: a template slot (``{chat}``, ``$SECRET``, ``[DATA]``,
# ``<...>``), a query value named like a variable (``=SECRET_FROM_CONTEXT``), or a query
# parameter whose role is to carry content (``?q=``, ``&data=``, ``?msg=``).
_CARRIES_DATA = (
    r"(?:\{[^)\s\"'\[\]]*\}|\$[A-Za-z_({]|\[[A-Za-z_ ]+\]|%7B|<[^>\s]+>"
    r"|[?&][\w-]+=[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"
    r"|[?&](?:q|d|p|c|x|data|query|payload|content|text|msg|message|info|secret|token|key|conv\w*|chat|"
    r"history|memory|leak|exfil\w*|log|body)=)"
)

# Instructions and rules, in German, French, Spanish, Italian, Portuguese and Russian.
_RULE_NOUNS = (
    r"(?:anweisung\w*|instruktion\w*|befehl\w*|regeln|anordnung\w*|instructions?|consignes?|règles|"
    r"instruccion\w*|reglas|indicacion\w*|istruzion\w*|regole|instru[cç][õo]es|regras|инструкц\w*|"
    r"правил\w*|указани\w*)"
)

#: One character of the gap between "ignore" and "instructions" that does not start a word
#: naming the writer's own ("forget MY previous instruction about Redis", "vergiss meine letzte
#: Anweisung"): a user taking back their own instruction steers nothing; an injection sets
#: aside the agent's ("previous", "all", "your", "the system's").
_NOT_MINE = (
    r"(?:(?!\b(?:my|our|mine|ours|meine?\w*|unsere?\w*|mon|ma|mes|notre|nos|mis?|nuestr\w*|"
    r"mia|mie|mio|miei|nostr\w*|minhas?|meus?|nossa|nosso|мо[йеёияю]\w*|наш\w*)\b)[^.\n])"
)

#: The rule table, checked in order. Each entry: (name, case-insensitive regex).
RULES: tuple[InjectionRule, ...] = (
    _rule(
        "ignore_instructions",
        r"\b(?:ignore|disregard|forget|override|bypass|skip)\b" + _NOT_MINE + "{0,40}?"
        r"\b(?:previous|prior|above|earlier|all|any|your|the|system|existing|other|preceding)\b"
        + _NOT_MINE
        + r"{0,20}?\b(?:instructions?|prompts?|rules|directions|directives|guidelines|guardrails)\b",
        hints=("ignore", "disregard", "forget", "override", "bypass", "skip"),
        window=100,
        mention_ok=True,
    ),
    _rule(
        # the same shape in the other languages people write to agents in: a verb that sets
        # aside, a word for what came before (or "all", or "your"), and the instructions or rules
        "ignore_instructions_intl",
        r"\b(?:ignorier\w*|vergiss|vergessen\s+sie|missachte\w*|ignore[zrs]?|oublie[zr]?|ignora\w*|olvid[ae]\w*|"
        r"omit[ae]\w*|dimentica\w*|esque[cç]a\w*|игнорир\w*|проигнорир\w*|забудь\w*)\b"
        + _NOT_MINE
        + "{0,40}?"
        r"\b(?:vorherig\w*|bisherig\w*|vorig\w*|obig\w*|alle\w*|précédent\w*|antérieur\w*|tout\w*|"
        r"anterior\w*|previ\w*|tod[ao]s|precedent\w*|tutt[ei]|предыдущ\w*|вс[еёи]\w*|"
        r"deine|ihre|tes|vos|votre|tus|tue|suas|seus|твои|свои)\b"
        + _NOT_MINE
        + r"{0,20}?\b"
        + _RULE_NOUNS
        # Romance word order: the instructions, then "previous"
        + r"|\b(?:ignore[zrs]?|oublie[zr]?|ignora\w*|olvid[ae]\w*|omit[ae]\w*|dimentica\w*|esque[cç]a\w*)\b"
        + _NOT_MINE
        + r"{0,20}?\b"
        + _RULE_NOUNS
        + r"[^.\n]{0,20}?\b(?:précédent\w*|antérieur\w*|anterior\w*|"
        r"previ\w*|precedent\w*)"
        r"|\b(?:vergiss|vergessen\s+sie|oublie[zr]?|olvid[ae]|dimentica|esque[cç]a)\s+(?:alles|tout|todo|tutto)\s+"
        r"(?:davor|zuvor|vorher|bisherige|ce\s+qui\s+précède|lo\s+anterior|quanto\s+detto|o\s+que)"
        r"|\babweichend\s+(?:zu|von)\s+(?:den\s+)?(?:vorherigen|bisherigen)\s+(?:anweisungen|instruktionen)"
        r"|(?:忽略|无视|忘记|忘掉|不要理会|無視|别管|不要管)[^。\n]{0,12}?(?:之前|以前|上面|上述|先前|所有|全部|你的|您的)"
        r"[^。\n]{0,8}?(?:指令|指示|说明|規則|规则|命令|提示词)"
        r"|(?:以前|前|上記|これまで|すべて)の(?:指示|命令|ルール)を(?:無視|忘れ)"
        r"|(?:이전|앞|위|기존)(?:의)?\s*(?:모든\s*)?(?:지시|명령|규칙|지침)\w*\s*(?:(?:을|를|은|는)\s*)?(?:(?:모두|전부)\s*)?(?:무시|잊)"
        r"|(?:تجاهل|انس)\s+(?:\S+\s+){0,3}?(?:التعليمات|القواعد|الأوامر)",
        hints=(
            "ignor",
            "vergiss",
            "vergessen",
            "missacht",
            "oubli",
            "olvid",
            "omit",
            "dimentic",
            "esque",
            "игнор",
            "забудь",
            "abweichend",
            "忽略",
            "无视",
            "忘",
            "不要理会",
            "無視",
            "别管",
            "不要管",
            "무시",
            "잊",
            "تجاهل",
            "انس",
        ),  # fmt: skip
        window=120,
        mention_ok=True,
    ),
    _rule(
        # an order (the verb opens the sentence) to switch off the reader's safeguards; a
        # question or a statement about one's own system ("how do I bypass the proxy limits")
        # does not open with the verb
        "disable_safety",
        r"(?:^|[.!?:]\s+|\n)\s*(?:please\s+|now\s+|then\s+)?(?:bypass|disable|deactivate|turn\s+off|"
        r"switch\s+off|circumvent|remove|drop|lift|override|ignore)\s+(?:(?:all|any|your|the|every)\s+)*"
        r"(?:\w+\s+)?(?:safety|restrictions?|limits|limitations|filters?|guardrails?|content\s+polic(?:y|ies)|"
        r"ethical\s+(?:guidelines|constraints)|censorship|safeguards?|moderation)\b",
        hints=(
            "safety",
            "restriction",
            "limit",
            "filter",
            "guardrail",
            "polic",
            "ethical",
            "censor",
            "safeguard",
            "moderation",
        ),  # fmt: skip
        window=120,
        mention_reported=True,
    ),
    _rule(
        "do_not_follow",
        r"\b(?:do\s+not|don'?t|never|stop)\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)?\s+to)\s+"
        r"(?:the\s+|your\s+|any\s+)?(?:system|developer|previous|original|above|prior|safety)\b",
        hints=("follow", "obey", "listen"),
        window=100,
        mention_reported=True,
    ),
    _rule(
        "system_prompt",
        extraction_intl.ENGLISH,
        hints=("system", "prompt", "instruction"),
        window=100,
        mention_ok=True,
    ),
    _rule(
        "system_prompt_intl",
        extraction_intl.PATTERN,
        hints=extraction_intl.HINTS,
        window=160,
        needs=extraction_intl.ADDRESSED,
        mention_ok=True,
    ),  # fmt: skip
    _rule(
        "prompt_extraction",
        # asking the agent to disclose its own prompt, rules or instructions
        r"\b(?:repeat|print|output|quote|recite|summari[sz]e|translate|convert|list|reveal|show|spell\s+out|"
        r"write\s+out|tell\s+me|give\s+me|dump|display|paste|copy|encode|return)\b[^.\n]{0,40}?"
        r"\b(?:your\s+(?:[\w-]+\s+){0,2}(?:prompt|instructions|rules|guidelines|directives|pre-?prompt)"
        r"|(?:the\s+)?(?:prompt|instructions|rules|guidelines)\s+(?:above|so\s+far|you\s+(?:were|have\s+been)\s+given)"
        r"|(?:everything|all|the\s+text|the\s+words?)\s+(?:in\s+your\s+prompt|above\s+this\s+line|before\s+this\s+line))",
        hints=("prompt", "instruction", "rules", "guidelines", "directives", "above", "before this"),
        window=100,
        mention_ok=True,
    ),
    _rule(
        "forced_output",
        # dictating the agent's exact words: the classic goal hijack
        r"\b(?:say|respond|reply|answer|output|print|write)\b[^.\n]{0,30}?[\"“'][^\"”'\n]{1,80}[\"”']"
        r"[^.\n]{0,12}?\b(?:and\s+nothing\s+else|regardless|no\s+matter\s+what)"
        r"|\b(?:begin|start)\s+your\s+(?:reply|response|answer|output)\s+with\s+[\"“']"
        r"|\b(?:respond|reply|answer)\s+only\s+with\s+(?:the\s+words?\s+)?[\"“']",
        hints=(
            "nothing else",
            "regardless",
            "no matter",
            "your reply",
            "your response",
            "your answer",
            "your output",
            "only with",
        ),
        window=100,
        mention_reported=True,
    ),
    _rule(
        "fake_role_tag",
        r"<\s*/?\s*(?:" + _ROLE_TAGS + "|" + _LOWER_TAGS + r")(?![\w-])[^<>]{0,80}>",
        ignore_case=False,
        hints=("<",),
        mention_reported=True,
    ),
    _rule(
        "fake_role_token",
        r"<\|\s*(?:im_start|im_end|system|user|assistant|endoftext)\s*\|>|\[/?INST\]",
        hints=("<|", "inst]"),
    ),
    _rule("fake_role_prefix", ROLE_PREFIX, hints=("system", "assistant", "developer")),
    _rule(
        "addresses_agent",
        r"\b(?:ai|llm|gpt|chatbot|language\s+model|(?:ai\s+)?assistants?|agents?|bots?)\b"
        r"[^.\n]{0,20}\b(?:reading|seeing|processing|parsing|that\s+reads?)\s+this\b",
        hints=("this",),
        window=80,
    ),
    _rule(
        "role_hijack",
        # a new identity for the agent: a persona, a mode, or freedom from its rules
        r"\byou\s+are\s+now\s+(?:in\s+[\w-]+(?:\s+[\w-]+)?\s+mode|free|unrestricted|unfiltered|uncensored|"
        r"jailbroken|no\s+longer|called|named|known\s+as|[A-Z][\w-]*(?:GPT|AI|DAN|BOT)\b|DAN\b|"
        r"(?:an?|my|the)\s+(?:[\w-]+\s+){0,3}(?:ai|assistant|model|chatbot|bot|persona|character|version|llm)\b)"
        r"|" + FROM_NOW_ON + r"|\bpretend\s+(?:to\s+be|you(?:'re|\s+are))\s+(?:an?\s+)?(?:[\w-]+\s+){0,3}"
        r"(?:ai|assistant|model|chatbot|bot|dan|evil|unrestricted|unfiltered|uncensored|jailbroken|without)\b",
        hints=("you are now", "from now on", "pretend"),
        mention_reported=True,
    ),
    _rule(
        "new_instructions",
        # "new instructions:", or a new task handed to the agent ("your new instructions are …")
        r"\b(?:new|updated|real|actual|override|true)\s+(?:instructions?|rules|orders|task|objective|goal)\s*:"
        r"|\byour\s+(?:new|updated|real|actual|true)\s+(?:instructions?|rules|orders|task|objective|goal)"
        r"\s+(?:are|is)\b",
        hints=("instruction", "rules", "orders", "task", "objective", "goal"),
        window=100,
        mention_reported=True,
    ),
    # secrets or a sweep of a store sent somewhere; a business item only in a text aimed at the agent
    _rule("exfiltration", exfil_loot.PATTERN, hints=exfil_loot.HINTS),
    _rule("item_exfiltration", exfil_loot.ITEM_PATTERN, hints=exfil_loot.HINTS, needs=_AIMED),
    _rule("credentials_sent", exfil_intl.PATTERN, hints=exfil_intl.HINTS),
    _rule(
        "shell_exfiltration",
        # a client that sends a file (@path), a command's output or a redirected file
        r"\b(?:curl|wget|nc|netcat|invoke-webrequest|invoke-restmethod)\b[^\n]*?"
        r"(?:\s-(?:d|F|T|X\s*(?:POST|PUT))\s*['\"]?(?:[\w-]+=)?(?:@|\$\(|`|<)"
        r"|\s--(?:data\S*|upload-file|form|post-file|body-file)[= ]\s*['\"]?(?:[\w-]+=)?(?:@|\$\(|`|<)"
        r"|\s-(?:T|-upload-file)\s+\S)"
        # or a command's output piped into the client
        r"|\b(?:env|printenv|cat\s+\S+|history)\s*\|\s*(?:curl|nc|netcat|wget)\b",
        hints=("curl", "wget", "nc ", "netcat", "invoke-"),
    ),
    _rule(
        "pipe_to_shell",
        r"\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\beval\s*\(\s*(?:atob|base64)",
        hints=("|", "eval"),
        needs=AGENT_AIMED,
        mention_reported=True,
    ),
    _rule(
        "download_execute",
        # bash <(curl …), sh -c "$(wget …)", source <(…)
        r"(?:" + _SHELL + r")[^\n|;&]{0,20}(?:<\(|\$\(|`)\s*" + _FETCH + r"\b"
        # curl … | python / | node (sh is pipe_to_shell)
        r"|\b" + _FETCH + r"\b[^\n]{0,200}?\|\s*(?:" + _SHELL + r")"
        # curl -o x … && sh x / wget … ; bash x / … && chmod +x x && ./x
        r"|\b" + _FETCH + r"\b[^\n]{0,200}?(?:&&|;|\n)\s*(?:(?:chmod\s+\+?[0-7x]+\s+\S+\s*(?:&&|;)\s*)?"
        r"(?:" + _SHELL + r")\s+\S+|chmod\s+\+?[0-7x]+\s+\S+\s*(?:&&|;)\s*\./)"
        # PowerShell: iex (iwr …), IEX(New-Object Net.WebClient).DownloadString(…), -enc blobs
        r"|\b(?:iex|invoke-expression)\b\s*\(?\s*(?:\(?\s*(?:iwr|irm|invoke-webrequest|invoke-restmethod|"
        r"new-object\s+(?:system\.)?net\.webclient))"
        r"|\.downloadstring\s*\(|\bpowershell(?:\.exe)?\b[^\n]{0,40}\s-e(?:nc|ncodedcommand)?\s+[A-Za-z0-9+/=]{20,}",
        hints=("curl", "wget", "fetch", "iwr", "irm", "invoke-", "webclient", "downloadstring", "powershell"),
        needs=AGENT_AIMED,
        mention_reported=True,
    ),
    _rule(
        "markdown_exfiltration",
        # an image the renderer fetches, whose URL carries data: a template slot, a value named
        # like a variable to fill in, or a parameter that carries content. A badge's settings
        # (``?branch=main&style=flat``) carry none.
        r"!\[[^\]\n]{0,200}\]\(\s*https?://[^)\s]*"
        + _CARRIES_DATA
        + r"|<img\b[^>]{0,200}\bsrc\s*=\s*['\"]?https?://[^'\">\s]*"
        + _CARRIES_DATA,
        hints=("](", "<img"),
    ),
    _rule(
        "run_this_command",
        # "run the following …", or "run this command:" introducing a payload
        r"\b(?:run|execute|exec|eval|paste)\s+(?:the\s+following|following|the\s+below|below)"
        r"\s*(?:(?:shell\s+)?(?:commands?|code|scripts?|snippets?|payload|instructions?|steps?)\b|:)"
        r"|\b(?:run|execute|exec|eval|paste)\s+(?:this|these)\s*(?:(?:shell\s+)?(?:commands?|code|scripts?|"
        r"snippets?|payload|instructions?|steps?))?\s*(?::|\n|`|$)"
        r"|\bexecute\s+(?:this|these|the\s+following|following|below)\b|\bexecute\s*:",
        hints=("run", "exec", "eval", "paste"),
        window=100,
    ),
    _rule(
        "call_tool",
        r"\b(?:call|invoke)\s+(?:the\s+|your\s+|this\s+)?(?:[\w-]+\s+)?tools?\b",
        hints=("tool",),
        needs=AGENT_AIMED,
    ),
    _rule(
        "self_persistence",
        r"\bremember\s+(?:this|that|these)\s+(?:forever|permanently|always)\b"
        r"|\b(?:always|must)\s+(?:obey|comply)\b"
        r"|\b(?:store|save|keep|remember)\b[^.\n]{0,20}\bpermanently\b"
        r"|\bmemory\s+update\s*:",
        hints=("remember", "obey", "comply", "permanent", "memory update"),
        window=100,
    ),
    _rule(
        # a user asking their memory tool to keep something is the tool's purpose; the same
        # words aimed at the agent's own memory are how a page plants a standing order
        "save_to_memory",
        r"\b(?:save|store|write|add|put)\b[^.\n]{0,40}\b(?:to|into)\s+(?:your\s+|the\s+)?"
        r"(?:long[- ]term\s+)?memor(?:y|ies)(?![\w-])",
        hints=("memor",),
        window=100,
        needs=AGENT_AIMED,
    ),
    _rule("context_extraction", context_ask.PATTERN, hints=context_ask.HINTS, window=120, mention_ok=True),
    _rule("guarded_secret", guarded_secret.PATTERN, hints=guarded_secret.HINTS, window=90, mention_ok=True),
    _rule(
        "addressed_to_ai", addressed_ai.PATTERN, hints=addressed_ai.HINTS, window=80, mention_reported=True
    ),
    _rule("conceal_from_user", conceal.PATTERN, hints=conceal.HINTS, window=90),
)


#: Every rule's hints: looked for once per text, in one pass (:class:`~memscribe.guard.hints.HintScan`),
#: so a rule none of whose hints occurs is not tried.
_ALL_HINTS = tuple(sorted({h for rule in RULES for h in rule.hints}))
_HINT_SCAN = HintScan(_ALL_HINTS)
_present = _HINT_SCAN.present
#: The indices in :data:`RULES` of the rules each hint gates, and of rules with no hints.
_RULES_OF_HINT = {h: tuple(i for i, r in enumerate(RULES) if h in r.hints) for h in _ALL_HINTS}
_UNGATED = tuple(i for i, r in enumerate(RULES) if not r.hints)


def first_rule(texts: list[str]) -> str | None:
    """Name of the first :data:`RULES` entry that matches any of ``texts``, or ``None`` (only the
    rules one of whose hints occurs in some text are tried, in table order)."""
    views = [(text, low, _present(low)) for text in texts for low in (text.lower(),)]
    wanted = set(_UNGATED).union(*(_RULES_OF_HINT[h] for _, _, present in views for h in present))
    for i in sorted(wanted):
        for text, low, present in views:
            if RULES[i].search(text, low, present):
                return RULES[i].name
    return None


#: Shapes that fetch and run remote code. In text a user types they may be an honest install line
#: (so :func:`first_rule` waits for a cue aimed at the agent), but a *memory* that carries one is a
#: standing order to run a stranger's code in every later session: never stored, whoever said it.
REMOTE_EXECUTION = frozenset({"download_execute", "pipe_to_shell"})


def remote_execution_rule(texts: list[str]) -> str | None:
    """Name of a download-and-execute / pipe-to-shell rule matching any of ``texts``, aimed or not."""
    for rule in RULES:
        # quoted or not: a stored "… | bash" is run by whoever reads it back
        if rule.name in REMOTE_EXECUTION and any(
            _may_match(rule, text) and rule.pattern.search(text) for text in texts
        ):
            return rule.name
    return None


def _may_match(rule: InjectionRule, text: str) -> bool:
    """False only when ``rule`` cannot match ``text``: an ASCII text holding none of its hints
    (every match holds one; not ASCII, "ı", "İ" or "ſ" may match "i" or "s" under IGNORECASE,
    which ``str.lower`` leaves apart). Most memories: the patterns neither compiled nor run."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(hint in low for hint in rule.hints)
