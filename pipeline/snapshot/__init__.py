"""Task snapshots (Big Memory): when to take one, the snapshot stage, the daily-file format, the store."""
