"""A signed URL's signature is masked whatever its encoding (issue 12): whoever holds the URL has
the access it signs until it expires (an S3 or GCS presigned URL, an Azure SAS, a CloudFront
signed URL), and a hex signature is no content hash there. A signature outside a URL's query (a
request log's ``signature=``), a placeholder and a digest under another name stay readable."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.urls import find_signed_urls
from tests.support.growth import LINEAR_BOUND_8X, cpu_growth

_HEX = "f1b7d3a9c5e2f8b4d0a6c2e8f4b1d7a3c9e5f2b8d4a0c6e3f9b5d1a7c4e0f6b2"


@pytest.mark.parametrize(
    ("text", "signature"),
    [
        (
            "200 https://exports.s3.eu-central-1.amazonaws.com/r/2026-12.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256"
            f"&X-Amz-Date=20261206T020011Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={_HEX}",
            _HEX,
        ),
        (
            f'curl "https://storage.googleapis.com/b/o.tar?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature={_HEX * 2}"',
            _HEX * 2,
        ),
        (
            "<video src='https://d1x.cloudfront.net/v.mp4?Expires=1700000000&Signature="
            "Qm3xV8pL0tR7wZ2n~B5cY4uJ9sK1hF6dG3aE8iO0lN7v-T2qW5rX9mC3b__&Key-Pair-Id=K2JCJMDEHXQW5F'>",
            "Qm3xV8pL0tR7wZ2n~B5cY4uJ9sK1hF6dG3aE8iO0lN7v-T2qW5rX9mC3b__",
        ),
        (
            "Der Link: https://acct.blob.core.windows.net/c/f.pdf?sv=2022-11-02&sp=r&sig=1e9c5a7f3b2d8e4c6a0f9b1d7e3c5a8f",
            "1e9c5a7f3b2d8e4c6a0f9b1d7e3c5a8f",
        ),
    ],
)
def test_a_signed_urls_signature_is_masked_whole(text: str, signature: str) -> None:
    out, findings = redact_text(text)
    assert findings, text
    assert signature not in out, out
    assert signature[:8] not in out and signature[-8:] not in out, out


@pytest.mark.parametrize(
    "text",
    [
        # a request log's field, no URL: a signature of one request, labelled benign by authors
        f"side=BUY type=MARKET quoteOrderQty=50 timestamp=1717981201123 signature={_HEX}",
        # a slot for the signature, not one
        "https://b.s3.amazonaws.com/k?X-Amz-Expires=3600&X-Amz-Signature=<signature>",
        # a digest under its own name: the file's content hash
        f"https://downloads.example.org/tool.tar.gz?sha256={_HEX}&design=compact",
    ],
)
def test_no_signature_in_a_urls_query_is_kept(text: str) -> None:
    assert [text[f.start : f.end] for f in find_secrets(text)] == []


def _signed_run(n: int) -> str:
    return "https://x.example.com/p?" + "".join(f"&a{i}_sig=f1b7d3a9c5e2f8b4{i:06d}" for i in range(n))


def _finds_one(text: str) -> None:
    assert sum(1 for _ in find_signed_urls(text)) > 0


def test_a_long_run_of_signature_parameters_costs_linear_time() -> None:
    """One unbroken URL of n signature parameters (untrusted tool output can hold one): each URL's run is read once.
    A search back from each parameter to its '://' cost n² (RV7 G9: 45.8 s for 263 KB); 8x the parameters now cost
    about 8x, against 64x for the search back. The two sizes are timed in turn, the best of three each."""
    growth = cpu_growth(_finds_one, _signed_run(1000), _signed_run(8000), rounds=3)
    assert growth < LINEAR_BOUND_8X, growth


def test_each_parameter_of_a_long_run_is_found() -> None:
    text = _signed_run(300) + " and https://y.example.com/?sig=9a8b7c6d5e4f3a2b1c0d"
    spans = list(find_signed_urls(text))
    assert len(spans) == 301
    assert text[spans[-1][0] : spans[-1][1]] == "9a8b7c6d5e4f3a2b1c0d"
