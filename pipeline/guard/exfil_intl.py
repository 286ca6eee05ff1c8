"""Credentials sent somewhere, in any language (data for :mod:`memscribe.guard.rules`): one line
that names a credential store by its file or variable name, a verb that moves data out, and a
destination (a URL or an e-mail address).

The file and variable names are the same whatever language the sentence is in (``~/.ssh``,
``.env``, ``~/.kube/config``, ``OPENAI_API_KEY``), so the shape does not depend on the words
around them; only the verb of sending is language-bound. A user's "my .env isn't loaded, I
followed https://…" names a store and a URL but sends nothing; a README's "copy .env.example to
.env" sends nothing anywhere.
"""

from __future__ import annotations

#: A credential store named by its path or variable name (public keys, ``.env.example`` and the
#: like are not stores).
_SOURCE = (
    r"(?:(?<![\w.-])(?:~/|\$home/|/root/|/home/\w+/)?\.ssh\b(?!/[\w.-]*\.pub\b)"
    r"|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)"
    r"|\.aws/credentials|~/\.aws\b|\.kube/config|\bkubeconfig\b"
    r"|(?<![\w.-])\.env\b(?![.-]\w)|\.npmrc\b|\.pypirc\b|\.netrc\b|\.git-credentials\b|\.docker/config\.json"
    r"|\bcredentials\.json\b|\bsecrets?\.(?:ya?ml|json|toml)\b|/etc/shadow\b|\.bash_history\b"
    r"|(?-i:\b[A-Z][A-Z0-9]*_(?:API_)?(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD)S?\b)"
    r"|(?-i:\b(?:AWS|STRIPE|GITHUB|OPENAI|ANTHROPIC|AZURE|GCP)_(?:[A-Z0-9_]*|\b))"
    r"|`(?:env|printenv|set)`)"
)
#: Where it goes: a URL, an e-mail address, a webhook.
_DEST = r"(?:https?://[^\s)>\]]+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bwebhook)"
#: Verbs that move data out, in the languages people write to agents in.
_VERB = (
    r"(?:(?<![\"'$])\b(?:send|sends|sending|upload\w*|post|e-?mail|mail|forward|transmit\w*|exfiltrat\w*|submit|beacon|"
    r"(?:get|post|put)\s+request|"
    r"env[ií]a\w*|enviar|sube|subir|manda\w*|reenv[ií]a\w*|p[aá]sa(?:me|lo|la|los|las)|"
    r"envoie\w*|envoyer|transf[eè]re\w*|t[ée]l[ée]verse\w*|"
    r"schick\w*|sende|senden|lade\w*|hochladen|übertrag\w*|übermittl\w*|"
    r"invia\w*|carica\w*|inoltra\w*|envi[ae]\w*|carregue|encaminh\w*|suba|"
    r"отправ\w*|пошли|перешли|загрузи\w*|выгрузи\w*)\b"
    r"|发送|发到|发给|上传|传到|提交|寄给|送信|送って|送る|アップロード|보내|업로드|전송)"
)
_ANY = r"[^\n]*?"
#: Source, verb and destination on one line, the destination after the verb.
PATTERN = r"^(?=" + _ANY + _SOURCE + r")" + _ANY + _VERB + _ANY + _DEST
#: Substrings one of which every match holds: the store's name (rarer than a URL).
HINTS = (
    ".ssh", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".aws", "kube", ".env", ".npmrc", ".pypirc",
    ".netrc", ".git-credentials", ".docker/config", "credentials.json", "secret", "/etc/shadow",
    ".bash_history", "_key", "_token", "_password", "_passwd", "_pwd", "aws_", "stripe_", "github_",
    "openai_", "anthropic_", "azure_", "gcp_", "`env`", "`printenv`", "`set`",
)  # fmt: skip
