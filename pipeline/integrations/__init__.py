"""The agent integrations: hook payloads in, memory context out, extraction kicked off.

* :mod:`.payload` — a hook's JSON payload (Claude Code, Codex, OpenClaw) read from stdin without
  ever hanging, normalised to :class:`~.payload.HookPayload`.
* :mod:`.context` — what an agent is shown at session start, before a prompt and after compaction.
* :mod:`.hooks` — what each hook event does (print context, extract, flush a group) and its log.
* :mod:`.openclaw` — OpenClaw's workspace and transcript resolution, as OpenClaw itself does it.
* :mod:`.install` — merging the packaged hooks into an agent's settings (never overwriting).

The hook scripts and manifests themselves ship in ``data/`` (package data, inside the wheel).
"""
