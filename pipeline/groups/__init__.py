"""Group-chat memory (Progressive Memory): room names, the flush stage, file rendering, the store."""
