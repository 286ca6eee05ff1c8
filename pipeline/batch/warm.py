"""Load what the stages after a model's answer need, while the run's first calls are in flight.

Two models are loaded once per process on first use: the write guard's classifier (every
candidate a detection answer proposes is screened) and the offline encoder (a candidate is
compared with the memory and the earlier transcripts' candidates). Loaded on first use, both
fell on the first answers: every unit of the first wave waited for the one loading them
(~0.1 s of CPU, stretched by the interpreter lock the other units hold), and so did the first
dedup calls and every chain after them. :func:`start` loads them in a daemon thread as soon as
the first request has left: the answers cannot come back sooner than a round trip.

Loading earlier changes no answer: the same loaders, the same models (they are loaded once,
under their own locks, whoever asks first).
"""

from __future__ import annotations

import threading


def start(*, compare: bool) -> threading.Thread:
    """Load the guard's classifier, and the encoder when the run will ``compare`` candidates
    (more than one transcript, or a memory to compare with), in a daemon thread (returned)."""
    thread = threading.Thread(target=_load, args=(compare,), daemon=True, name="memscribe-warm")
    thread.start()
    return thread


def _load(compare: bool) -> None:
    try:
        from memscribe.guard import classifier

        classifier.load_model()
        if compare:
            from memscribe import semantic

            semantic.default_encoder()
    except Exception:  # noqa: BLE001 - a warm-up only: the stage that needs it loads (or fails) as before
        return


__all__ = ["start"]
