"""memscribe: turn agent session transcripts into durable, safe, deduplicated memory files."""

import os as _os

# litellm must read its bundled cost map, never fetch one: set before anything imports it.
_os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

__version__ = "0.2.0"
