"""Credentials in URLs, masked wherever memscribe prints or logs text.

A model's ``--api-base`` may carry a secret: ``https://user:token@host/v1``, ``https://token@host``
or ``?api_key=…``. Every error message (:class:`~memscribe.errors.MemscribeError`), log record
(:class:`MaskingFilter`) and the ``config``/``doctor``/``stats`` output pass through
:func:`mask_url_credentials`. No imports beyond the standard library: the error hierarchy uses it.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging

MASK = "****"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    # Compiled on first use: ``memscribe --help`` never pays for them.
    userinfo = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.-]*://)(?P<user>[^/\s:@]*):(?P<pw>[^/\s@]+)@")
    # http(s)://TOKEN@host (a token as the user name, as GitHub and proxies accept): the whole userinfo.
    bare_user = re.compile(r"(?P<scheme>\bhttps?://)(?P<user>[^/\s:@?#]+)@", re.IGNORECASE)
    query = re.compile(
        r"(?P<key>[?&;](?:[\w.-]*?)(?:key|token|secret|password|passwd|pwd|sig|signature|auth|credential)"
        r"[\w.-]*=)(?P<value>[^&;#\s]+)",
        re.IGNORECASE,
    )
    return userinfo, bare_user, query


def mask_url_credentials(text: str) -> str:
    """``text`` with URL credentials masked.

    ``user:pass@`` → ``user:****@``; ``http(s)://token@`` → ``http(s)://****@``; the values of query
    parameters named like a credential (``?key=``, ``&token=``, ``api_key=``…) → ``****``.
    """
    if "://" not in text and "=" not in text:
        return text
    userinfo, bare_user, query = _patterns()
    text = userinfo.sub(lambda m: f"{m['scheme']}{m['user']}:{MASK}@", text)
    text = bare_user.sub(lambda m: m[0] if m["user"] == MASK else f"{m['scheme']}{MASK}@", text)
    return query.sub(lambda m: f"{m['key']}{MASK}", text)


class MaskingFilter:
    """A log filter masking URL credentials in each record's message (cheap: no redactor).

    Any object with ``filter(record)`` is a filter to :mod:`logging`; not subclassing
    ``logging.Filter`` keeps ``logging`` off the import path of :mod:`memscribe.errors`.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_url_credentials(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


__all__ = ["MASK", "MaskingFilter", "mask_url_credentials"]
