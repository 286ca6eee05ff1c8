"""Cost of the offline semantic relatedness (memscribe.semantic): load once, then per pair.

Prints load time (import + weights + tokenizer), the cost of one pair with both texts new, with
the stored side cached (the dedup case: one candidate against stored memories already embedded),
a batched shortlist scoring, and the lexical score's cost measured in the same run for the ratio.

    python bench/semantic.py [--pairs 2000]
"""

from __future__ import annotations

import argparse
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=2000)
    args = parser.parse_args()
    start = time.perf_counter()
    from memscribe import semantic
    from memscribe.textsim import similarity as lexical

    encoder = semantic.default_encoder()
    load_s = time.perf_counter() - start
    if encoder is None:
        print("semantic encoder not available (pip install 'memscribe[semantic]')")
        return
    rng = random.Random(7)
    words = (
        "coffee caffeine phone android iphone city berlin glasgow editor vim helix rust python tea".split()
    )

    def sentence(i: int) -> str:
        return f"User {rng.choice(['uses', 'likes', 'avoids', 'switched to'])} {' '.join(rng.sample(words, 3))} {i}"

    news = [sentence(i) for i in range(args.pairs)]
    olds = [sentence(i + args.pairs) for i in range(args.pairs)]

    t = time.perf_counter()
    for a, b in zip(news, olds, strict=True):
        semantic.similarity(a, b)
    cold_us = (time.perf_counter() - t) / args.pairs * 1e6

    t = time.perf_counter()
    for a, b in zip(news, olds, strict=True):
        semantic.similarity(a, b)
    warm_us = (time.perf_counter() - t) / args.pairs * 1e6

    stored = olds[:200]
    t = time.perf_counter()
    for a in news[:200]:
        semantic.similarities(a, stored)
    batch_us = (time.perf_counter() - t) / (200 * len(stored)) * 1e6

    t = time.perf_counter()
    for a, b in zip(news, olds, strict=True):
        lexical(a + " x", b + " y")  # new strings: textsim memoises tokens too
    lex_us = (time.perf_counter() - t) / args.pairs * 1e6

    print(f"encoder                      {encoder.name} ({encoder.dim} dims)")
    print(f"load (import+weights+tok)    {load_s * 1000:8.0f} ms")
    print(f"pair, both texts new         {cold_us:8.1f} us")
    print(f"pair, both cached            {warm_us:8.1f} us")
    print(f"shortlist batch, per pair    {batch_us:8.2f} us  (1 new vs 200 stored, stored cached)")
    print(f"lexical pair (same run)      {lex_us:8.1f} us  -> semantic/lexical cold {cold_us / lex_us:.1f}x")


if __name__ == "__main__":
    main()
