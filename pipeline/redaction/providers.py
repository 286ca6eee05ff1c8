"""Provider token shapes as data: (type, regex, hints).

Each regex starts at the token (a left word boundary is enforced by the finder); hints are
literal substrings every match contains, used by the prefilter. Many shapes follow the
provider rules of gitleaks (MIT licence, https://github.com/gitleaks/gitleaks); its rules'
own test strings (``../shared/data/secrets/gitleaks/cases.jsonl``, MIT) check them in
``tests/system/test_redact_corpus.py``. Every token also passes the value decision
(:func:`memscribe.redaction.values.not_a_secret`), so sample and template tokens are kept."""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import kept_value, left_boundary, occurrences
from memscribe.redaction.values import not_a_secret

_E = r"(?![A-Za-z0-9_])"

#: A JWT: three base64url parts, the first two JSON objects (``eyJ`` is ``{"``).
JWT = r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"

#: Provider-specific token formats: (type, regex, hints). The regex starts at the token (a
#: left word boundary is enforced by :func:`left_boundary`); hints are literal substrings
#: every match contains. Order matters only for naming ties (earlier wins).
PROVIDERS: list[tuple[str, str, tuple[str, ...]]] = [
    ("anthropic_key", r"sk-ant-[A-Za-z0-9_-]{20,}", ("sk-ant-",)),
    ("openai_key", r"sk-(?!ant-)(?:proj-|svcacct-|admin-|None-|or-v1-)?[A-Za-z0-9_-]{20,}", ("sk-",)),
    ("google_api_key", r"AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])", ("AIza",)),
    ("google_oauth", r"(?:GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[0-9A-Za-z_-]{30,})" + _E, ("GOCSPX-", "ya29.")),
    (
        "aws_access_key_id",
        r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}" + _E,
        ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
    ),
    ("aws_bedrock_key", r"ABSK[A-Za-z0-9+/]{100,}={0,2}", ("ABSK",)),
    ("github_token", r"gh[pousr]_[A-Za-z0-9]{36,}" + _E, ("gh",)),
    ("github_token", r"github_pat_[A-Za-z0-9_]{30,}", ("github_pat_",)),
    (
        "gitlab_token",
        r"(?:glpat|gldt|glrt|glptt|glcbt|glimt|glft|glsoat|glagent|gloas)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20}",
        (
            "glpat-",
            "gldt-",
            "glrt-",
            "glptt-",
            "glcbt-",
            "glimt-",
            "glft-",
            "glsoat-",
            "glagent-",
            "gloas-",
            "GR1348941",
        ),
    ),
    ("slack_token", r"xox[abprse]-(?=[A-Za-z-]*\d)[A-Za-z0-9-]{20,}", ("xox",)),
    ("slack_token", r"xapp-\d-[A-Za-z0-9-]{10,}", ("xapp-",)),
    (
        "slack_webhook",
        r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_+-]{20,}",
        ("hooks.slack.com",),
    ),
    (
        "stripe_key",
        r"(?:sk|rk)_(?:live|prod)_[A-Za-z0-9]{20,}|whsec_[A-Za-z0-9]{32,}",
        ("_live_", "_prod_", "whsec_"),
    ),
    ("huggingface_token", r"(?:hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z]{34})" + _E, ("hf_", "api_org_")),
    ("npm_token", r"npm_[A-Za-z0-9]{36}" + _E, ("npm_",)),
    ("pypi_token", r"pypi-[A-Za-z0-9_-]{50,}", ("pypi-",)),
    ("sendgrid_key", r"SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}", ("SG.",)),
    # (an account SID, ``AC…``, names the account in every API URL: an identifier, not a secret)
    ("twilio_key", r"SK[0-9a-fA-F]{32}" + _E, ("SK",)),
    ("telegram_bot_token", r"\d{8,10}:AA[A-Za-z0-9_-]{32,35}(?![A-Za-z0-9_-])", (":AA",)),
    (
        "discord_token",
        r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])",
        (".",),
    ),
    ("bitbucket_app_password", r"ATBB[A-Za-z0-9_=.-]{28,}", ("ATBB",)),
    (
        "webhook_url",
        r"https://(?:(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d{5,30}/[A-Za-z0-9_-]{30,}"
        r"|[a-z0-9-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/_-]{40,}"
        r"|hooks\.zapier\.com/hooks/catch/\d+/[A-Za-z0-9]{5,})",
        ("discord", ".webhook.office.com", "hooks.zapier.com"),
    ),
    ("jwt", JWT, ("eyJ",)),  # found by :func:`find_jwts`
    # ports of distinctive-prefix gitleaks rules
    (
        "hashicorp_vault_token",
        r"(?:hvs\.[A-Za-z0-9_-]{90,120}|hvb\.[A-Za-z0-9_-]{138,300})" + _E,
        ("hvs.", "hvb."),
    ),
    ("terraform_token", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}", (".atlasv1.",)),
    ("sourcegraph_token", r"sgp_(?:[A-Fa-f0-9]{16}|local)_[A-Fa-f0-9]{40}|sgp_[A-Fa-f0-9]{40}", ("sgp_",)),
    ("notion_token", r"ntn_\d{11}[A-Za-z0-9]{35}" + _E, ("ntn_",)),
    (
        "flyio_token",
        r"(?:fo1_[A-Za-z0-9_-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3})",
        ("fo1_", "fm1", "fm2"),
    ),
    ("digitalocean_token", r"do[opr]_v1_[a-f0-9]{64}" + _E, ("_v1_",)),
    ("doppler_token", r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}" + _E, ("dp.",)),
    ("dynatrace_token", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}" + _E, ("dt0c01.",)),
    (
        "grafana_token",
        r"(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})",
        ("glc_", "glsa_"),
    ),
    ("heroku_token", r"HRKU-AA[0-9A-Za-z_-]{58}" + _E, ("HRKU-",)),
    ("linear_token", r"lin_(?:api|oauth)_[A-Za-z0-9]{40}" + _E, ("lin_",)),
    ("postman_token", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}" + _E, ("PMAK-",)),
    ("pulumi_token", r"pul-[a-f0-9]{40}" + _E, ("pul-",)),
    ("rubygems_token", r"rubygems_[a-f0-9]{48}" + _E, ("rubygems_",)),
    ("sentry_token", r"sntry[us]_[A-Za-z0-9+/=_-]{40,}", ("sntry",)),
    ("shopify_token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}" + _E, ("shp",)),
    ("square_token", r"sq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}" + _E, ("sq0",)),
    ("age_secret_key", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", ("AGE-SECRET-KEY-1",)),
    ("alibaba_key", r"LTAI[A-Za-z0-9]{20}" + _E, ("LTAI",)),
    ("atlassian_token", r"ATATT3[A-Za-z0-9_=-]{150,}", ("ATATT3",)),
    ("planetscale_token", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,64}", ("pscale_",)),
    ("docker_hub_token", r"dckr_pat_[A-Za-z0-9_-]{27,}", ("dckr_pat_",)),
    (
        "onepassword_token",
        r"ops_eyJ[A-Za-z0-9+/]{250,}={0,3}|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}",
        ("ops_eyJ", "A3-"),
    ),
    ("newrelic_key", r"NR(?:AK|JS|II)-[A-Za-z0-9]{19,32}" + _E, ("NRAK-", "NRJS-", "NRII-")),
    ("facebook_token", r"EAA[A-Za-z0-9]{90,}" + _E, ("EAA",)),
    ("supabase_token", r"sbp_[a-f0-9]{40}" + _E, ("sbp_",)),
    ("mailchimp_key", r"[a-f0-9]{32}-us\d{1,2}" + _E, ("-us",)),
    ("groq_key", r"gsk_[A-Za-z0-9]{52}" + _E, ("gsk_",)),
    ("replicate_token", r"r8_[A-Za-z0-9]{37}" + _E, ("r8_",)),
    ("perplexity_key", r"pplx-[A-Za-z0-9]{48}" + _E, ("pplx-",)),
    ("xai_key", r"xai-[A-Za-z0-9]{80}" + _E, ("xai-",)),
    (
        "tailscale_key",
        r"tskey-(?:api|auth|client|webhook)-[A-Za-z0-9]{8,}-[A-Za-z0-9]{20,}" + _E,
        ("tskey-",),
    ),
    ("figma_token", r"figd_[A-Za-z0-9_-]{40}" + _E, ("figd_",)),
    ("brevo_key", r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}" + _E, ("xkeysib-",)),
    ("dropbox_token", r"sl\.[A-Za-z0-9_-]{130,}", ("sl.",)),
    ("prefect_key", r"pnu_[A-Za-z0-9]{36}" + _E, ("pnu_",)),
    (
        "azure_client_secret",
        r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
        ("Q~",),
    ),
]

#: For a shape whose opening ``re`` cannot skip ahead to (a character class), a pattern every
#: match holds that opens with a literal: a text without one is not scanned for the shape (see
#: ``gate`` in :func:`~memscribe.redaction.base.regex_finder`). A Discord token's last two parts.
GATES: dict[str, str] = {"discord_token": r"\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27}"}

# PEM / OpenSSH / PGP private key blocks, raw or JSON-escaped (``\n``). A block cut off before
# its END line is masked through the end of its base64 body.


#: Mailgun's API keys and SMTP passwords (gitleaks' ``mailgun-signing-key`` shape): 32 hex
#: digits, then two groups of 8, lower case. Found from the first hyphen (a pattern that starts
#: with a hex digit tries a match at most characters of any text), then widened to the token.
_MAILGUN_TAIL = lazy_compile(
    r"-[a-f0-9]{8}-[a-f0-9]{8}(?![A-Za-z0-9_-])(?<=[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8})"
)
#: Prefilter hints of :func:`find_mailgun_keys`.
MAILGUN_HINTS = ("-",)


def find_mailgun_keys(text: str) -> Iterator[tuple[int, int]]:
    """``<32 hex>-<8 hex>-<8 hex>`` standing alone (not a longer hex run's tail), and not a
    sample (:func:`not_a_secret`)."""
    for m in _MAILGUN_TAIL.finditer(text):
        start = m.start() - 32
        if text[start - 1 : start] == "-" or not left_boundary(text, start):
            continue
        if not not_a_secret(text[start : m.end()]):
            yield start, m.end()


#: The live-mode secret key convention Stripe set and others follow (``cb_live_…``,
#: ``sk_live_…``), from its prefix; a publishable key (``pk_live_…``) and a Checkout session's id
#: (``cs_live_…``) are public.
_LIVE_KEY = lazy_compile(r"(?!pk_|cs_)[a-z]{2,6}_live_[A-Za-z0-9]{24,}" + _E)
#: Prefilter hints of :func:`find_live_keys`.
LIVE_KEY_HINTS = ("_live_",)


#: Stripe's test-mode secret and restricted keys (gitleaks' rule has them).
_TEST_KEY = lazy_compile(r"[sr]k_test_[A-Za-z0-9]{20,}" + _E)
#: Prefilter hints of :func:`find_test_keys`.
TEST_KEY_HINTS = ("k_test_",)


def find_test_keys(text: str) -> Iterator[tuple[int, int]]:
    """``sk_test_…`` / ``rk_test_…``, found from each ``k_test_``."""
    at = text.find("k_test_")
    while at >= 0:
        start = at - 1
        if start >= 0 and left_boundary(text, start) and (m := _TEST_KEY.match(text, start)) is not None:
            if not not_a_secret(m.group(0)):
                yield m.span()
        at = text.find("k_test_", at + 7)


def find_live_keys(text: str) -> Iterator[tuple[int, int]]:
    """``<prefix>_live_<24+ letters and digits>``, found from each ``_live_`` back to its prefix."""
    at = text.find("_live_")
    while at >= 0:
        start = at
        while start > 0 and at - start < 6 and "a" <= text[start - 1] <= "z":
            start -= 1
        if text.startswith(("sk_", "rk_"), start) or not left_boundary(text, start):
            at = text.find("_live_", at + 6)
            continue  # Stripe's own keys: its detector names them
        m = _LIVE_KEY.match(text, start)
        if m is not None and not not_a_secret(m.group(0)):
            yield m.span()
        at = text.find("_live_", at + 6)


_JWT = lazy_compile(JWT)
#: A run of base64url characters: a JWT part.
_TOKEN_RUN = lazy_compile(r"[A-Za-z0-9_-]*")


def find_jwts(text: str) -> Iterator[tuple[int, int]]:
    """The matches of :data:`JWT` that ``finditer`` gives, filtered as a provider table's are
    (a left boundary, the value decision, no filler after, no placeholder), tried only at the
    first ``eyJ`` of each run of base64url characters: the first part runs to the run's end,
    so where it fails every later start in the run fails for the same reason (``eyJ`` repeated
    was read to its end from each ``eyJ``)."""
    resume = 0  # where ``finditer`` would try next: after a match, or past a run that failed
    for at in occurrences(text, "eyJ"):
        if at < resume:
            continue
        m = _JWT.match(text, at)
        if m is None:
            run = _TOKEN_RUN.match(text, at)
            resume = run.end() if run is not None else at + 1
            continue
        start, end = m.span()
        resume = end
        if left_boundary(text, start) and kept_value(text, start, end):
            yield start, end
